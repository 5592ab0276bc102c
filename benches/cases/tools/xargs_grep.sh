# iterations: 1
# about: find \| xargs grep -Hc; GNU: `find DIR -name '*.csv' \| sort \| xargs grep -Hc Oslo`
# input: tree
# target: cold <= 1.5
# check: find @IN@ -name '*.csv' | sort | xargs grep -Hc Oslo | cksum
find @IN@ -name '*.csv' | sort | xargs grep -Hc Oslo > /dev/null
