# iterations: 1
# about: find -regex; GNU: `find DIR -regex '.*/note[0-4]-[0-9]+\.md' \| sort`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -regex '.*/note[0-4]-[0-9]+\.md' | sort | cksum
find @IN@ -regex '.*/note[0-4]-[0-9]+\.md' | sort > /dev/null
