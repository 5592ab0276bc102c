# iterations: 4095
# about: towers of Hanoi with 12 disks
moves=0
hanoi() {
  local n=$1 from=$2 to=$3 via=$4
  ((n == 0)) && return
  hanoi $((n - 1)) "$from" "$via" "$to"
  ((moves++))
  hanoi $((n - 1)) "$via" "$to" "$from"
}
hanoi 12 A C B
echo $moves
