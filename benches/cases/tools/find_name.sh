# iterations: 1
# about: find -name over 4,000 files; GNU: `find DIR -name '*.log' \| sort`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -name '*.log' | sort | cksum
find @IN@ -name '*.log' | sort > /dev/null
