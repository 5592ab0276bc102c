# iterations: 1
# about: awk word frequencies with tolower; GNU: `awk '{for (i = 1; i <= NF; i++) w[tolower($i)]++} END {for (k in w) if (w[k] > 5000) print w[k], k}' FILE \| sort`
# input: prose
# target: cold <= 1.5
# check: awk '{for (i = 1; i <= NF; i++) w[tolower($i)]++} END {for (k in w) if (w[k] > 5000) print w[k], k}' @IN@ | sort | cksum
awk '{for (i = 1; i <= NF; i++) w[tolower($i)]++} END {for (k in w) if (w[k] > 5000) print w[k], k}' @IN@ | sort > /dev/null
