# iterations: 1
# about: awk associative array: count by IP; GNU: `awk '{c[$4]++} END {for (k in c) print c[k], k}' FILE \| sort`
# input: log
# target: cold <= 1.5
# check: awk '{c[$4]++} END {for (k in c) print c[k], k}' @IN@ | sort | cksum
awk '{c[$4]++} END {for (k in c) print c[k], k}' @IN@ | sort > /dev/null
