# iterations: 1
# about: find \| xargs cat; GNU: `find DIR -name '*.log' \| sort \| xargs cat`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -name '*.log' | sort | xargs cat | cksum
find @IN@ -name '*.log' | sort | xargs cat > /dev/null
