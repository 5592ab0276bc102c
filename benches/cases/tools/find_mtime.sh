# iterations: 1
# about: find -mtime +N (mtimes at midnight UTC); GNU: `find DIR -type f -mtime +1200 \| sort`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -type f -mtime +1200 | sort | cksum
find @IN@ -type f -mtime +1200 | sort > /dev/null
