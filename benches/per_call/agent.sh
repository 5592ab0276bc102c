cd /tmp/bench-work
ls | wc -l
grep -c a f
cat f | sort | uniq | head -n 3
echo "$(wc -l < f) lines"
for x in 1 2 3; do echo "item $x"; done | tail -n 1
sed -n '2p' f
printf '%s\n' a b c | tr a-z A-Z | paste -sd, -
test -f f && echo yes
awk '{print $1}' f | sort -u | wc -l
echo done
