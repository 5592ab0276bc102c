# iterations: 1
# about: sha256sum of random bytes
# input: binary
# streaming: yes
# target: cold <= 2.0
# check: sha256sum < @IN@
sha256sum @IN@ > /dev/null
