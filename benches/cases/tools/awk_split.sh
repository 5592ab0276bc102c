# iterations: 1
# about: awk split() of a field; GNU: `awk -F, 'NR > 1 {n += split($5, v, "."); s += v[2]} END {print n, s}' FILE`
# input: table
# streaming: yes
# target: cold <= 1.5
# check: awk -F, 'NR > 1 {n += split($5, v, "."); s += v[2]} END {print n, s}' @IN@ | cksum
awk -F, 'NR > 1 {n += split($5, v, "."); s += v[2]} END {print n, s}' @IN@ > /dev/null
