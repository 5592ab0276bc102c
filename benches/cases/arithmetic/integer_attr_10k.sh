# iterations: 10000
# about: declare -i variables
declare -i a=0 b=1 t
for ((k = 0; k < 10000; k++)); do
  t=a+b
  a=b
  b=t%1000000
done
echo "$a $b"
