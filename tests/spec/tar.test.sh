## compare_shells: bash

#### tar -T FILE takes the names from a file (and the bundled T letter)
mkdir -p proj/src && echo a > proj/src/f && echo b > proj/g
printf 'proj/g\nproj/src\n' > list
tar -cf l.tar -T list && tar -tf l.tar
tar cTf list l2.tar && tar -tf l2.tar | wc -l
tar -cf x.tar -T nosuch 2>/dev/null; echo "status $?"
## STDOUT:
proj/g
proj/src/
proj/src/f
3
status 2
## END

#### tar -h archives what a symbolic link points to; -o extracts as yourself
mkdir -p proj && echo b > proj/g && ln -s g proj/link
tar -chf h.tar proj/link && tar -tvf h.tar | cut -c1
tar -cf n.tar proj/link && tar -tvf n.tar | cut -c1
mkdir out && tar -xof h.tar -C out && cat out/proj/link
## STDOUT:
-
l
b
## END

#### tar -xv with --strip-components lists only what it extracts, under the archived names
mkdir -p proj/src out && echo a > proj/src/f && echo b > proj/g
tar -czf p.tgz proj
tar -xzvf p.tgz -C out --strip-components=1 | sort
ls out
## STDOUT:
proj/g
proj/src/
proj/src/f
g
src
## END

#### tar -cv shows an absolute operand as given; the member loses its leading /
mkdir -p proj && echo b > proj/g
tar -cvf a.tar "$PWD/proj/g" 2>/dev/null | sed "s|$PWD|PWD|"
tar -tf a.tar | sed "s|${PWD#/}|PWD|"
## STDOUT:
PWD/proj/g
PWD/proj/g
## END
