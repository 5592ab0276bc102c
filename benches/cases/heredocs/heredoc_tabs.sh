# iterations: 1000
# about: <<- strips leading tabs; cat-free consumption
s=0
for ((i = 0; i < 1000; i++)); do
	while read -r v; do s=$((s + v)); done <<-END
		1
		2
		$i
	END
done
echo $s
