#### uniq writes OUTPUT as it goes, truncating it first
printf 'a\na\nb\nc\nc\n' > in
uniq in out; echo "s=$?"; cat out
uniq -D in out; cat out
printf 'x\nx\ny\n' > same
uniq same same; echo "s=$?"; wc -c < same
## STDOUT:
s=0
a
b
c
a
a
c
c
s=0
0
## END

#### uniq -D streams a long repeated group
yes | head -n 50000 | uniq -D | wc -l
yes | head -n 3 | uniq -D
## STDOUT:
50000
y
y
y
## END
