# iterations: 1
# about: grep -vE of a regex; GNU: `grep -vcE '^[^ ]+ (INFO\|DEBUG) ' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -vcE '^[^ ]+ (INFO|DEBUG) ' @IN@
