# iterations: 1
# about: grep -i with a character class and repetition; GNU: `grep -ciE 'ka[a-z]{2}st' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
grep -ciE 'ka[a-z]{2}st' @IN@
