# iterations: 4000
# about: iterate over a string character by character
text="Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore"
text=$text$text$text$text
vowels=0
for ((r = 0; r < 10; r++)); do
  for ((i = 0; i < ${#text}; i++)); do
    c=${text:i:1}
    case $c in [aeiou]) ((vowels++)) ;; esac
  done
done
echo $vowels
