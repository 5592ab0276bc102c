# iterations: 1
# about: awk \| sort \| uniq -c (requests by status); GNU: `awk '{print $8}' FILE \| sort \| uniq -c`
# input: log
# target: cold <= 1.5
# check: awk '{print $8}' @IN@ | sort | uniq -c | cksum
awk '{print $8}' @IN@ | sort | uniq -c > /dev/null
