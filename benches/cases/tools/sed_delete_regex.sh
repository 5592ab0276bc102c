# iterations: 1
# about: sed deleting lines by an anchored regex; GNU: `sed '/^[0-9-]*T0[0-7]/d' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: sed '/^[0-9-]*T0[0-7]/d' @IN@ | cksum
sed '/^[0-9-]*T0[0-7]/d' @IN@ > /dev/null
