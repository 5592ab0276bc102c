# iterations: 1
# about: base64 -d
# input: b64
# streaming: yes
# target: cold <= 2.0
# check: base64 -d @IN@ | cksum
base64 -d @IN@ > /dev/null
