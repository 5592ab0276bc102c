# iterations: 1
# about: grep -rc over a tree of 4,000 files; GNU: `grep -rc ERROR DIR \| sort`
# input: tree
# target: cold <= 1.5
grep -rc ERROR @IN@ | sort
