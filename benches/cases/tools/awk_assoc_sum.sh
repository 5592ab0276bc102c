# iterations: 1
# about: awk associative array: sum by two keys; GNU: `awk -F, 'NR > 1 {s[$3 "," $6] += $7} END {for (k in s) printf "%s %.2f\n", k, s[k]}' FILE \| sort`
# input: table
# target: cold <= 1.5
# check: awk -F, 'NR > 1 {s[$3 "," $6] += $7} END {for (k in s) printf "%s %.2f\n", k, s[k]}' @IN@ | sort | cksum
awk -F, 'NR > 1 {s[$3 "," $6] += $7} END {for (k in s) printf "%s %.2f\n", k, s[k]}' @IN@ | sort > /dev/null
