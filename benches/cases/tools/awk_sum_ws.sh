# iterations: 1
# about: awk '{s+=$2} END{print s}'
# input: text
# streaming: yes
# target: cold <= 1.5
# check: awk '{s+=$2} END{print s}' @IN@
awk '{s+=$2} END{print s}' @IN@ > /dev/null
