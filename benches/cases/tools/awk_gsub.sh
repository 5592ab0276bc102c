# iterations: 1
# about: awk gsub() of a regex on every line; GNU: `awk '{gsub(/[0-9]+/, "N"); print}' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: awk '{gsub(/[0-9]+/, "N"); print}' @IN@ | cksum
awk '{gsub(/[0-9]+/, "N"); print}' @IN@ > /dev/null
