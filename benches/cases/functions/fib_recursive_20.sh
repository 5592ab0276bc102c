# iterations: 21891
# target: cold <= 0.5
# about: recursive fib(20), results returned in a global
fib() {
  local n=$1
  if ((n < 2)); then
    ret=$n
    return
  fi
  local a
  fib $((n - 1)); a=$ret
  fib $((n - 2))
  ret=$((a + ret))
}
fib 20
echo $ret
