## compare_shells: bash
## Agent-task conformance: agent-files

#### create project skeleton and list it
mkdir -p myapp/{src,tests,docs}
touch myapp/src/{main,utils}.py myapp/tests/test_main.py myapp/README.md
find myapp | sort
## STDOUT:
myapp
myapp/README.md
myapp/docs
myapp/src
myapp/src/main.py
myapp/src/utils.py
myapp/tests
myapp/tests/test_main.py
## END

#### count files by extension
mkdir -p proj/a proj/b
touch proj/a/x.py proj/a/y.py proj/b/z.js proj/b/w.py proj/readme.md
find proj -type f | sed 's/.*\.//' | sort | uniq -c | sort -rn
## STDOUT:
      3 py
      1 md
      1 js
## END

#### rename files to lowercase
mkdir imgs && cd imgs
touch IMG_001.JPG Photo.PNG notes.TXT
for f in *; do mv -- "$f" "$(echo "$f" | tr 'A-Z' 'a-z')"; done
ls
## STDOUT:
img_001.jpg
notes.txt
photo.png
## END

#### bulk rename extension
mkdir logs; touch logs/a.log logs/b.log logs/c.txt
for f in logs/*.log; do mv "$f" "${f%.log}.log.bak"; done
ls logs
## STDOUT:
a.log.bak
b.log.bak
c.txt
## END

#### copy preserving structure with cp -r
mkdir -p src/pkg/sub
echo one > src/pkg/a.txt; echo two > src/pkg/sub/b.txt
cp -r src dst
find dst -type f | sort
cat dst/pkg/sub/b.txt
## STDOUT:
dst/pkg/a.txt
dst/pkg/sub/b.txt
two
## END

#### find files larger than a size
mkdir data
head -c 2000 /dev/zero > data/big.bin
head -c 10 /dev/zero > data/small.bin
printf 'hello' > data/tiny.txt
find data -type f -size +1k | sort
## stdout: data/big.bin

#### find empty files and directories
mkdir -p t/empty_dir t/full
touch t/empty.txt; echo x > t/full/f.txt
echo "files:"; find t -type f -empty | sort
echo "dirs:"; find t -type d -empty | sort
## STDOUT:
files:
t/empty.txt
dirs:
t/empty_dir
## END

#### delete files matching pattern with find -delete
mkdir -p build/obj
touch build/a.o build/obj/b.o build/keep.c
find build -name '*.o' -delete
find build | sort
## STDOUT:
build
build/keep.c
build/obj
## END

#### wc line counts per file sorted
printf 'a\nb\nc\n' > one.txt
printf 'a\n' > two.txt
printf 'a\nb\n' > three.txt
wc -l *.txt | sort -n
## STDOUT:
 1 two.txt
 2 three.txt
 3 one.txt
 6 total
## END

#### total line count of python files
mkdir -p pkg
printf 'import os\nprint(1)\n' > pkg/a.py
printf 'x = 1\n' > pkg/b.py
printf 'def f():\n    pass\n\n' > pkg/c.py
find pkg -name '*.py' -exec cat {} + | wc -l
## stdout: 6

#### check file existence with test
touch present.txt
for f in present.txt missing.txt; do
  if [ -f "$f" ]; then echo "$f exists"; else echo "$f missing"; fi
done
## STDOUT:
present.txt exists
missing.txt missing
## END

#### directory tree depth with find -maxdepth
mkdir -p a/b/c/d
touch a/1 a/b/2 a/b/c/3 a/b/c/d/4
find a -maxdepth 2 | sort
echo ---
find a -mindepth 3 -type f | sort
## STDOUT:
a
a/1
a/b
a/b/2
a/b/c
---
a/b/c/3
a/b/c/d/4
## END

#### basename and dirname manipulation
p=/home/user/project/src/main.rs
echo "$(basename "$p")"
echo "$(basename "$p" .rs)"
echo "$(dirname "$p")"
echo "${p##*/}"
echo "${p%/*}"
f=archive.tar.gz
echo "${f%%.*} ${f#*.} ${f##*.}"
## STDOUT:
main.rs
main
/home/user/project/src
main.rs
/home/user/project/src
archive tar.gz gz
## END

#### realpath of relative paths
mkdir -p x/y
cd x/y
realpath --relative-to=.. .
realpath -m ../../z/../w | sed "s|^$PWD/\.\./\.\./||;s|.*/||"
## STDOUT:
y
w
## END

#### symlink creation and readlink
mkdir target_dir
echo content > target_dir/file.txt
ln -s target_dir link_dir
ln -s target_dir/file.txt link_file
readlink link_dir
cat link_file
[ -L link_file ] && echo "is symlink"
[ -d link_dir ] && echo "link resolves to dir"
## STDOUT:
target_dir
content
is symlink
link resolves to dir
## END

#### chmod and permission checks
echo '#!/bin/sh' > run.sh
echo 'echo ran' >> run.sh
[ -x run.sh ] || echo "not executable yet"
chmod +x run.sh
[ -x run.sh ] && echo "now executable"
stat -c '%a' run.sh
chmod 600 run.sh
stat -c '%a %n' run.sh
## STDOUT:
not executable yet
now executable
755
600 run.sh
## END

#### mkdir -p is idempotent
mkdir -p out/reports
mkdir -p out/reports && echo ok
mkdir out/reports 2>/dev/null || echo "mkdir without -p fails: $?"
## STDOUT:
ok
mkdir without -p fails: 1
## END

#### move files into dated folder by extension
mkdir inbox
touch inbox/a.pdf inbox/b.jpg inbox/c.pdf inbox/d.png
for f in inbox/*; do
  ext="${f##*.}"
  mkdir -p "sorted/$ext"
  mv "$f" "sorted/$ext/"
done
find sorted -type f | sort
rmdir inbox && echo "inbox removed"
## STDOUT:
sorted/jpg/b.jpg
sorted/pdf/a.pdf
sorted/pdf/c.pdf
sorted/png/d.png
inbox removed
## END

#### files with spaces in names
mkdir docs
touch "docs/my file.txt" "docs/other doc.md" docs/plain.txt
find docs -type f -print0 | sort -z | xargs -0 -n1 basename
ls docs | wc -l
## STDOUT:
my file.txt
other doc.md
plain.txt
3
## END

#### remove files with spaces safely
mkdir d
touch "d/a b.tmp" "d/c d.tmp" d/keep.txt
find d -name '*.tmp' -print0 | xargs -0 rm -f
ls d
## stdout: keep.txt

#### head and tail of a file
seq 1 100 > nums.txt
head -n 3 nums.txt
tail -n 2 nums.txt
sed -n '50,52p' nums.txt
tail -n +98 nums.txt
## STDOUT:
1
2
3
99
100
50
51
52
98
99
100
## END

#### compare two files with cmp
printf 'abc\n' > f1; printf 'abc\n' > f2; printf 'abd\n' > f3
cmp -s f1 f2 && echo "f1 f2 same"
cmp -s f1 f3 || echo "f1 f3 differ"
cmp f1 f3; echo "status=$?"
## STDOUT:
f1 f2 same
f1 f3 differ
f1 f3 differ: byte 3, line 1
status=1
## END

#### checksum files and verify
echo hello > a.txt
echo world > b.txt
sha256sum a.txt b.txt > SHA256SUMS
cat SHA256SUMS
sha256sum -c SHA256SUMS
echo tampered > b.txt
sha256sum -c SHA256SUMS 2>/dev/null; echo "status=$?"
## STDOUT:
5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  a.txt
e258d248fda94c63753607f7c4494ee0fcbe92f1a76bfdac795c9d84101eb317  b.txt
a.txt: OK
b.txt: OK
a.txt: OK
b.txt: FAILED
status=1
## END

#### md5sum of string
printf 'hello world' | md5sum
echo -n 'abc' | sha1sum | cut -d' ' -f1
## STDOUT:
5eb63bbbe01eeed093cb22bb8f5acdc3  -
a9993e364706816aba3e25717850c26c9cd0d89d
## END

#### find duplicate files by checksum
mkdir dup
echo same > dup/a; echo same > dup/b; echo diff > dup/c; echo same > dup/d
md5sum dup/* | sort | awk '{ if ($1==prev) print $2; prev=$1 }'
## STDOUT:
dup/b
dup/d
## END

#### touch and test -nt ordering with explicit times
touch -d '2020-01-01 00:00:00' old.txt
touch -d '2021-01-01 00:00:00' new.txt
[ new.txt -nt old.txt ] && echo "new is newer"
[ old.txt -ot new.txt ] && echo "old is older"
## STDOUT:
new is newer
old is older
## END

#### stat file size
printf '12345' > five.txt
stat -c %s five.txt
wc -c < five.txt
## STDOUT:
5
5
## END

#### tree-like listing with find and sed
mkdir -p app/{models,views}
touch app/models/user.rb app/views/index.html app/app.rb
find app | sort | sed -e 's;[^/]*/;|  ;g'
## STDOUT:
app
|  app.rb
|  models
|  |  user.rb
|  views
|  |  index.html
## END

#### split a file into chunks
seq 1 10 > data.txt
split -l 4 data.txt part_
ls part_*
cat part_ac
## STDOUT:
part_aa
part_ab
part_ac
9
10
## END

#### join split parts back together
seq 1 7 > orig.txt
split -l 3 orig.txt chunk.
cat chunk.* > rebuilt.txt
cmp orig.txt rebuilt.txt && echo identical
## stdout: identical

#### mktemp directory usage
tmp=$(mktemp -d)
echo data > "$tmp/file"
cat "$tmp/file"
rm -rf "$tmp"
[ -e "$tmp" ] || echo cleaned
## STDOUT:
data
cleaned
## END

#### cp -n does not clobber
echo original > dest.txt
echo new > src.txt
cp -n src.txt dest.txt
cat dest.txt
## stdout: original

#### rm -rf nonexistent is silent success
rm -rf does/not/exist
echo "status=$?"
rm does_not_exist 2>/dev/null
echo "status=$?"
## STDOUT:
status=0
status=1
## END

#### ls -1 sorted output and ls -a
mkdir d; touch d/b d/a d/.hidden
ls -1 d
echo ---
ls -A d
## STDOUT:
a
b
---
.hidden
a
b
## END

#### newest file by name pattern
mkdir rel
touch rel/app-1.2.0.tar rel/app-1.10.0.tar rel/app-1.9.3.tar
ls rel | sort -V | tail -1
## stdout: app-1.10.0.tar

#### find -newer with touch reference
touch -d '2020-01-01' ref
touch -d '2019-06-01' stale.txt
touch -d '2022-02-02' fresh.txt
find . -name '*.txt' -newer ref | sort
## stdout: ./fresh.txt

#### install command copies with mode
echo 'echo hi' > tool.sh
install -m 755 tool.sh bin/tool 2>/dev/null || { mkdir -p bin; install -m 755 tool.sh bin/tool; }
stat -c '%a' bin/tool
install -d -m 700 private
stat -c '%a' private
## STDOUT:
755
700
## END

#### truncate and tee
echo "line" | tee a.log b.log > /dev/null
cat a.log b.log
truncate -s 0 a.log
wc -c < a.log
echo more | tee -a b.log
cat b.log
## STDOUT:
line
line
0
more
line
more
## END

#### find -exec with multiple actions
mkdir src
printf 'x\n' > src/a.c
printf 'y\nz\n' > src/b.c
find src -name '*.c' -exec sh -c 'echo "$1: $(wc -l < "$1")"' _ {} \; | sort
## STDOUT:
src/a.c: 1
src/b.c: 2
## END

#### find files modified after a date with -newermt
touch -d '2023-01-01 12:00' old.log
touch -d '2024-06-01 08:30' new.log
touch -d '2024-12-31' newest.log
find . -name '*.log' -newermt '2024-01-01' | sort
find . -name '*.log' ! -newermt '2024-06-01 09:00' | sort
## STDOUT:
./new.log
./newest.log
./new.log
./old.log
## END
