# iterations: 5000
# about: a job queue simulated with arrays and functions
queue=() done_jobs=0 head=0
push() { queue+=("$1"); }
pop() { REPLY=${queue[head]}; unset 'queue[head]'; ((head++)); }
for ((i = 0; i < 200; i++)); do push "job$i:$((i % 5 + 1))"; done
steps=0
while ((head < ${#queue[@]} + head && ${#queue[@]} > 0)); do
  pop
  name=${REPLY%%:*} n=${REPLY##*:}
  ((steps++))
  if ((n > 1)); then push "$name:$((n - 1))"; else ((done_jobs++)); fi
done
echo "$steps $done_jobs"
