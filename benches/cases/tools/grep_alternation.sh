# iterations: 1
# about: grep -E 'a|b'
# input: text
# streaming: yes
# target: cold <= 1.5
# check: grep -E 'saru|tivo' @IN@ | cksum
grep -E 'saru|tivo' @IN@ > /dev/null
