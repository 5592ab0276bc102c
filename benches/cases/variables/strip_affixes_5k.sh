# iterations: 5000
# about: prefix and suffix removal: # ## % %%
path=/usr/local/share/doc/sandsh/README.md
out=
for ((i = 0; i < 5000; i++)); do
  base=${path##*/}
  dir=${path%/*}
  ext=${base##*.}
  stem=${base%.*}
  first=${path#/*/}
  out="$base $dir $ext $stem $first"
done
echo "$out"
