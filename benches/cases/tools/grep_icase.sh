# iterations: 1
# about: grep -i (stdout to the bench, not /dev/null, where GNU grep quits at the first match)
# input: text
# streaming: yes
# target: cold <= 1.5
grep -i mine @IN@
