# iterations: 1
# about: a few assignments and one echo
a=1 b=two c="three four"
echo "$a $b $c"
