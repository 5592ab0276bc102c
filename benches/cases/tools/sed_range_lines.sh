# iterations: 1
# about: sed deleting a line range; GNU: `sed '1000,200000d' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
# check: sed '1000,200000d' @IN@ | cksum
sed '1000,200000d' @IN@ > /dev/null
