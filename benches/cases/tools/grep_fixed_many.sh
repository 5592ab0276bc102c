# iterations: 1
# about: grep -F -f with 200 patterns
# input: text
# streaming: yes
# target: cold <= 1.5
# check: grep -F -f @DATA@/patterns @IN@ | cksum
grep -F -f @DATA@/patterns @IN@ > /dev/null
