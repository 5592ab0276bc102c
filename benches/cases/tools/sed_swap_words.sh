# iterations: 1
# about: sed BRE with two groups swapped; GNU: `sed 's/\([a-z]*\) \([a-z]*\)/\2 \1/' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
# check: sed 's/\([a-z]*\) \([a-z]*\)/\2 \1/' @IN@ | cksum
sed 's/\([a-z]*\) \([a-z]*\)/\2 \1/' @IN@ > /dev/null
