# iterations: 1
# about: sed 's/a/b/g'
# input: text
# streaming: yes
# target: cold <= 2.0
# check: sed 's/a/b/g' @IN@ | cksum
sed 's/a/b/g' @IN@ > /dev/null
