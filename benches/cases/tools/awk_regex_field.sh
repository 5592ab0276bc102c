# iterations: 1
# about: awk regex match on a field; GNU: `awk '$2 ~ /^(ERROR\|FATAL)$/ {n++} END {print n}' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: awk '$2 ~ /^(ERROR|FATAL)$/ {n++} END {print n}' @IN@ | cksum
awk '$2 ~ /^(ERROR|FATAL)$/ {n++} END {print n}' @IN@ > /dev/null
