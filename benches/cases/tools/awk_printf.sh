# iterations: 1
# about: awk printf with widths and precision; GNU: `awk -F, '{printf "%-10s %8.2f %5d\n", $2, $4, $5}' FILE`
# input: csv
# streaming: yes
# target: cold <= 1.5
# check: awk -F, '{printf "%-10s %8.2f %5d\n", $2, $4, $5}' @IN@ | cksum
awk -F, '{printf "%-10s %8.2f %5d\n", $2, $4, $5}' @IN@ > /dev/null
