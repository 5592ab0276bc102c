# Conformance: rm -i/-I, cp -i and mv -i prompt on stderr and read each answer as a line of
# standard input, as GNU coreutils does (issue 11). Expectations are what /bin/bash with GNU
# coreutils prints (LC_ALL=C.UTF-8).

#### rm -i asks per file, naming its type; y removes, n keeps
touch e; echo x > f; ln -s f l
printf 'y\nn\ny\n' | rm -i e f l 2>&1; echo " status=$?"; ls
## STDOUT:
rm: remove regular empty file 'e'? rm: remove regular file 'f'? rm: remove symbolic link 'l'?  status=0
f
## END

#### rm -ri descends, asks per entry, and keeps a directory whose contents were kept
mkdir -p d/s; echo 1 > d/s/g; echo 2 > d/h
printf 'y\nn\ny\ny\ny\ny\n' | rm -ri d 2>&1; echo " status=$?"; find d | sort
## STDOUT:
rm: descend into directory 'd'? rm: remove regular file 'd/h'? rm: descend into directory 'd/s'? rm: remove regular file 'd/s/g'? rm: remove directory 'd/s'? rm: remove directory 'd'? rm: cannot remove 'd': Directory not empty
 status=1
d
d/h
## END

#### declining an empty directory spares the directories above it
mkdir -p d/s
printf 'y\nn\n' | rm -ri d 2>&1; echo " status=$?"; find d
## STDOUT:
rm: descend into directory 'd'? rm: remove directory 'd/s'?  status=0
d
d/s
## END

#### rm -I asks once for more than three files or a recursive removal
touch a b c d; mkdir -p r/x
echo n | rm -I a b c d 2>&1; echo " status=$?"; ls | wc -l
echo y | rm -I a b c d 2>&1; echo " status=$?"; ls
echo n | rm -rI r 2>&1; echo " status=$?"; ls
touch one; rm -I one; ls
## STDOUT:
rm: remove 4 arguments?  status=0
5
rm: remove 4 arguments?  status=0
r
rm: remove 1 argument recursively?  status=0
r
r
## END

#### end of input answers no, and -f after -i stops the asking
echo x > f
rm -i f < /dev/null 2>&1; echo " status=$?"; rm -i -f f; ls
## STDOUT:
rm: remove regular file 'f'?  status=0
## END

#### yes | rm -i -v
echo x > f; echo y > g
yes | rm -iv f g 2>/dev/null
## STDOUT:
removed 'f'
removed 'g'
## END

#### cp -i and mv -i ask before overwriting; the last of -i and -n wins
echo a > a; echo b > b; echo c > c
echo n | cp -i a b 2>&1; echo " status=$?"; cat b
echo y | cp -iv a b 2>&1; cat b
echo n | mv -i c b 2>&1; echo; ls
echo y | cp -n -i c b 2>&1; echo; cat b
echo y | cp -i -n c b 2>&1; cat b
echo y | mv -fi c b 2>&1; echo; cat b; ls
## STDOUT:
cp: overwrite 'b'?  status=0
b
cp: overwrite 'b'? 'a' -> 'b'
a
mv: overwrite 'b'? 
a
b
c
cp: overwrite 'b'? 
c
c
mv: overwrite 'b'? 
c
a
b
## END

#### cp -ri asks only for files that exist, not for the directories it merges into
mkdir -p s/x t/s/x; echo 1 > s/x/f; echo 1 > s/x/new; echo 2 > t/s/x/f
echo n | cp -ri s t 2>&1; echo; cat t/s/x/f t/s/x/new
## STDOUT:
cp: overwrite 't/s/x/f'? 
2
1
## END
