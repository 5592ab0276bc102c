# iterations: 1
# about: base64 encode
# input: binary
# streaming: yes
# target: cold <= 2.0
# check: base64 @IN@ | cksum
base64 @IN@ > /dev/null
