# iterations: 1
# about: find -newer a reference file; GNU: `find DIR -type f -newer DIR/ref \| sort`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -type f -newer @IN@/ref | sort | cksum
find @IN@ -type f -newer @IN@/ref | sort > /dev/null
