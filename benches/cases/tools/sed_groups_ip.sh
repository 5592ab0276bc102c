# iterations: 1
# about: sed -E with four groups and \1..\4; GNU: `sed -E 's/([0-9]+)\.([0-9]+)\.([0-9]+)\.([0-9]+)/\4.\3.\2.\1/' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: sed -E 's/([0-9]+)\.([0-9]+)\.([0-9]+)\.([0-9]+)/\4.\3.\2.\1/' @IN@ | cksum
sed -E 's/([0-9]+)\.([0-9]+)\.([0-9]+)\.([0-9]+)/\4.\3.\2.\1/' @IN@ > /dev/null
