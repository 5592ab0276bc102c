# iterations: 1
# about: sed -n /re/Ip (case-insensitive address); GNU: `sed -n '/error.*timeout/Ip' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: sed -n '/error.*timeout/Ip' @IN@ | cksum
sed -n '/error.*timeout/Ip' @IN@ > /dev/null
