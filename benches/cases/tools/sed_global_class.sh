# iterations: 1
# about: sed s///g of a character class; GNU: `sed 's/[0-9][0-9]*/N/g' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
# check: sed 's/[0-9][0-9]*/N/g' @IN@ | cksum
sed 's/[0-9][0-9]*/N/g' @IN@ > /dev/null
