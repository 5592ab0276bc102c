# iterations: 1
# about: grep -E alternation of five words; GNU: `grep -cE 'kalo\|mine\|rusa\|tivo\|orel' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
grep -cE 'kalo|mine|rusa|tivo|orel' @IN@
