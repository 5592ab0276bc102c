# iterations: 1
# about: find with -iname, -o and parentheses; GNU: `find DIR -type f \( -iname '*.csv' -o -name '*.json' \) \| sort`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -type f \( -iname '*.csv' -o -name '*.json' \) | sort | cksum
find @IN@ -type f \( -iname '*.csv' -o -name '*.json' \) | sort > /dev/null
