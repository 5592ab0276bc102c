# iterations: 1
# about: sed -nE extracting a field with .* around it; GNU: `sed -nE 's/.*"(GET\|POST) ([^ "]+)".*/\2/p' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: sed -nE 's/.*"(GET|POST) ([^ "]+)".*/\2/p' @IN@ | cksum
sed -nE 's/.*"(GET|POST) ([^ "]+)".*/\2/p' @IN@ > /dev/null
