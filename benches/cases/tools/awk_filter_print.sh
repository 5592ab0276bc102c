# iterations: 1
# about: awk filter on two fields, print three; GNU: `awk -F, '$6 == "fail" && $7 > 900 {print $1, $2, $8}' FILE`
# input: table
# streaming: yes
# target: cold <= 1.5
# check: awk -F, '$6 == "fail" && $7 > 900 {print $1, $2, $8}' @IN@ | cksum
awk -F, '$6 == "fail" && $7 > 900 {print $1, $2, $8}' @IN@ > /dev/null
