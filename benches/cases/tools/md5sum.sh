# iterations: 1
# about: md5sum of random bytes (no target)
# input: binary
# streaming: yes
# check: md5sum < @IN@
md5sum @IN@ > /dev/null
