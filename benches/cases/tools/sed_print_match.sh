# iterations: 1
# about: sed -n '/re/p'
# input: text
# streaming: yes
# target: cold <= 2.0
# check: sed -n '/lo[mn]/p' @IN@ | cksum
sed -n '/lo[mn]/p' @IN@ > /dev/null
