# iterations: 1
# about: grep with a negated class (no match: every byte scanned); GNU: `grep -c '[^ -~]' FILE`
# input: log
# target: cold <= 1.5
grep -c '[^ -~]' @IN@
