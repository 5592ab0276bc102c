# iterations: 1
# about: grep PATTERN (stdout to the bench, not /dev/null, where GNU grep quits at the first match)
# input: text
# streaming: yes
# target: cold <= 1.5
grep zoka @IN@
