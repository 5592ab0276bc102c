# iterations: 1
# about: sed y/// transliteration; GNU: `sed 'y/abcdefghij/ABCDEFGHIJ/' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
# check: sed 'y/abcdefghij/ABCDEFGHIJ/' @IN@ | cksum
sed 'y/abcdefghij/ABCDEFGHIJ/' @IN@ > /dev/null
