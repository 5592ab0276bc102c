## compare_shells: bash

#### tar --transform renames members on create; -v lists the names on disk
mkdir -p proj/src && echo a > proj/src/f.txt && echo b > proj/g.txt
tar -cvf a.tar --transform='s/proj/new/' proj | sort
echo --
tar -tf a.tar | sort
## STDOUT:
proj/
proj/g.txt
proj/src/
proj/src/f.txt
--
new/
new/g.txt
new/src/
new/src/f.txt
## END

#### tar --transform: several expressions, several options, g and case conversion
mkdir -p proj/src && echo a > proj/src/f.txt && echo b > proj/g.txt && ln -s g.txt proj/link
tar -cf b.tar --transform 's,^proj/,,;s/txt$/TXT/' proj
tar -tvf b.tar | awk '{print $1, $6, $7, $8}' | sort
echo --
tar -cf d.tar --transform='s/o/0/g' --xform='s/src/SRC/' proj
tar -tf d.tar | sort
echo --
tar -cf c.tar --transform='s/\([a-z]*\)\.txt/\U\1.md/' proj
tar -tf c.tar | sort
## STDOUT:
-rw-r--r-- g.TXT  
-rw-r--r-- src/f.TXT  
drwxr-xr-x proj/  
drwxr-xr-x src/  
lrwxrwxrwx link -> g.TXT
--
pr0j/
pr0j/SRC/
pr0j/SRC/f.txt
pr0j/g.txt
pr0j/link
--
proj/
proj/G.MD
proj/link
proj/src/
proj/src/F.MD
## END

#### tar --transform on extraction renames what is written; -t shows stored names
mkdir -p proj && echo b > proj/g.txt
tar -cf a.tar proj
mkdir out && tar -xf a.tar -C out --transform='s/proj/x/'
find out | sort
tar -tf a.tar --transform 's/proj/zz/'
tar -tf a.tar --transform 's/proj/zz/' --show-transformed-names
## STDOUT:
out
out/x
out/x/g.txt
proj/
proj/g.txt
zz/
zz/g.txt
## END

#### tar --transform with a bad back reference is a usage error
mkdir -p proj && echo b > proj/g.txt
tar -cf c.tar --xform='s/\(.*\)\.txt/\U\1.md/x' proj 2>&1
echo "status $?"
## STDOUT:
tar: Invalid transform replacement: back reference out of range
Try 'tar --help' or 'tar --usage' for more information.
status 2
## END

#### tar -P keeps the leading / and extracts to the absolute place
mkdir -p abs/d && echo x > abs/d/f
tar -cPf p.tar "$PWD/abs/d" 2>&1
tar -tPf p.tar | sed "s|^$PWD|PWD|"
rm -rf abs/d
tar -xPf p.tar && cat abs/d/f
tar -cf n.tar "$PWD/abs/d" 2>&1
tar -tf n.tar | sed "s|^${PWD#/}|PWD|"
## STDOUT:
PWD/abs/d/
PWD/abs/d/f
x
tar: Removing leading `/' from member names
PWD/abs/d/
PWD/abs/d/f
## END

#### tar -C applies to the names after it, each -C relative to the one before
mkdir -p d1/sub d2 && echo 1 > x && echo 2 > d1/y && echo 3 > d1/sub/z && echo 4 > d2/w
tar -cvf a.tar x -C d1 y -C sub z
tar -cf b.tar -C d1 y -C ../d2 w && tar -tf b.tar
mkdir o1 o2
tar -xf a.tar x -C o1 y
ls o1; ls x
tar -xf a.tar -C o1 -C ../o2
ls o2
## STDOUT:
x
y
z
y
w
y
x
x
y
z
## END

#### tar archives are byte-identical to GNU tar 1.34 for the same members and options
mkdir d && echo hi > d/f && echo x > d/g && ln -s f d/link
long=d/$(printf 'n%.0s' $(seq 1 120))
echo long > "$long"
chmod 644 d/f d/g "$long" && chmod 755 d
touch -d @1000000000 d/f d/g "$long"
tar --sort=name --owner=0 --group=0 --numeric-owner -cf a.tar d/f d/g "$long" && md5sum a.tar
tar --sort=name --owner=root:0 --group=root:0 --mtime=@1700000000 -cf b.tar d && md5sum b.tar
tar --sort=name --owner=0 --group=0 --numeric-owner --format=ustar -cf c.tar d/f d/g && md5sum c.tar
## STDOUT:
df0d4961b615b1ff28ca7a5570029a24  a.tar
7e03eb79745256bd7c9bb52d3b24813d  b.tar
68e20937baac1de333d4b25671837e91  c.tar
## END

#### tar --mtime takes any date date -d reads, or a file whose time it copies
echo x > f; touch -d @1709528767 ref
for m in '2024-01-02' '@100' '1 Jan 2020 10:00' './ref' '2024-02-03T04:05:06'; do
  TZ=UTC tar --mtime="$m" -cf - f | TZ=UTC tar -tvf - | awk '{print $4, $5}'
done
tar --mtime=./nope -cf /dev/null f 2>&1; echo st=$?
## STDOUT:
2024-01-02 00:00
1970-01-01 00:01
2020-01-01 10:00
2024-03-04 05:06
2024-02-03 04:05
tar: ./nope: Cannot stat: No such file or directory
tar: Date sample file not found
Try 'tar --help' or 'tar --usage' for more information.
st=2
## END
