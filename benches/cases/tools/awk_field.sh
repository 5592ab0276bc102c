# iterations: 1
# about: awk -F, '{print $3}'
# input: csv
# streaming: yes
# target: cold <= 1.5
# check: awk -F, '{print $3}' @IN@ | cksum
awk -F, '{print $3}' @IN@ > /dev/null
