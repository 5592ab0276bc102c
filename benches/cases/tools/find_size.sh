# iterations: 1
# about: find -type f -size +4k; GNU: `find DIR -type f -size +4k \| sort`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -type f -size +4k | sort | cksum
find @IN@ -type f -size +4k | sort > /dev/null
