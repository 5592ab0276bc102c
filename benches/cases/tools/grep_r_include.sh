# iterations: 1
# about: grep -rn --include over a tree; GNU: `grep -rn --include='*.log' 'FATAL' DIR \| sort`
# input: tree
# target: cold <= 1.5
grep -rn --include='*.log' 'FATAL' @IN@ | sort
