# iterations: 1
# about: grep -rlE of a regex over a tree; GNU: `grep -rlE 'ERROR.*refused' DIR \| sort`
# input: tree
# target: cold <= 1.5
grep -rlE 'ERROR.*refused' @IN@ | sort
