# iterations: 1
# about: find -prune of a directory name; GNU: `find DIR -name archive -prune -o -type f -print \| sort`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -name archive -prune -o -type f -print | sort | cksum
find @IN@ -name archive -prune -o -type f -print | sort > /dev/null
