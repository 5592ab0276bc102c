# iterations: 10000
# about: functions returning statuses used in conditions
is_even() { return $(($1 % 2)); }
e=0
for ((i = 0; i < 10000; i++)); do
  if is_even "$i"; then ((e++)); fi
done
echo $e
