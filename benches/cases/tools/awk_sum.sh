# iterations: 1
# about: awk sum of a column
# input: csv
# streaming: yes
# target: cold <= 1.5
# check: awk -F, '{s+=$4} END{print s}' @IN@
awk -F, '{s+=$4} END{print s}' @IN@ > /dev/null
