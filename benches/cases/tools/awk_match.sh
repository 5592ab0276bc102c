# iterations: 1
# about: awk match() with RSTART and RLENGTH; GNU: `awk 'match($0, /" [0-9]+ [0-9]+ /) {s += substr($0, RSTART + 6, RLENGTH - 7)} END {print s}' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: awk 'match($0, /" [0-9]+ [0-9]+ /) {s += substr($0, RSTART + 6, RLENGTH - 7)} END {print s}' @IN@ | cksum
awk 'match($0, /" [0-9]+ [0-9]+ /) {s += substr($0, RSTART + 6, RLENGTH - 7)} END {print s}' @IN@ > /dev/null
