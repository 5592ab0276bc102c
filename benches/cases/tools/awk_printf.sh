# iterations: 1
# about: awk printf with widths and precision; GNU: `awk -F, 'NR > 1 {printf "%-10s %8.2f %5d\n", $8, $7, $2}' FILE`
# input: table
# streaming: yes
# target: cold <= 1.5
# check: awk -F, 'NR > 1 {printf "%-10s %8.2f %5d\n", $8, $7, $2}' @IN@ | cksum
awk -F, 'NR > 1 {printf "%-10s %8.2f %5d\n", $8, $7, $2}' @IN@ > /dev/null
