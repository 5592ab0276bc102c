## compare_shells: bash
## Agent-task conformance: agent-archives

#### create tar.gz of directory and list
mkdir -p project/src
echo 'fn main(){}' > project/src/main.rs
echo '# demo' > project/README.md
tar -czf project.tar.gz project
tar -tzf project.tar.gz | sort
## STDOUT:
project/
project/README.md
project/src/
project/src/main.rs
## END

#### extract tar.gz into another directory
mkdir -p app/conf
echo 'port=80' > app/conf/app.ini
tar -czf app.tgz app
mkdir restore
tar -xzf app.tgz -C restore
cat restore/app/conf/app.ini
## stdout: port=80

#### tar with exclude pattern
mkdir -p repo/.git repo/src repo/node_modules/x
echo a > repo/src/a.js; echo b > repo/.git/HEAD; echo c > repo/node_modules/x/i.js
tar --exclude='.git' --exclude='node_modules' -cf repo.tar repo
tar -tf repo.tar | sort
## STDOUT:
repo/
repo/src/
repo/src/a.js
## END

#### tar strip components on extract
mkdir -p release-1.0/bin
echo tool > release-1.0/bin/tool
tar -czf rel.tgz release-1.0
mkdir out
tar -xzf rel.tgz -C out --strip-components=1
find out -type f | sort
## stdout: out/bin/tool

#### tar extract single member
mkdir -p pkg; echo one > pkg/a; echo two > pkg/b
tar -cf pkg.tar pkg
rm -rf pkg
tar -xf pkg.tar pkg/b
ls pkg
cat pkg/b
## STDOUT:
b
two
## END

#### tar to stdout with -O
mkdir d; echo 'hello from tar' > d/msg.txt
tar -cf d.tar d
tar -xOf d.tar d/msg.txt
## stdout: hello from tar

#### tar from list of files with -C
mkdir -p base/x; echo 1 > base/x/f1; echo 2 > base/f2
tar -C base -cf b.tar x f2
tar -tf b.tar | sort
## STDOUT:
f2
x/
x/f1
## END

#### tar append file with -r
echo a > a.txt; echo b > b.txt
tar -cf arch.tar a.txt
tar -rf arch.tar b.txt
tar -tf arch.tar
## STDOUT:
a.txt
b.txt
## END

#### gzip and gunzip keep original
echo "data data data" > f.txt
gzip -k f.txt
ls f.txt*
gunzip -c f.txt.gz
## STDOUT:
f.txt
f.txt.gz
data data data
## END

#### gzip -t integrity check
echo payload > p
gzip p
gzip -t p.gz && echo "archive ok"
echo 'not gzip' > fake.gz
gzip -t fake.gz 2>/dev/null || echo "fake.gz corrupt"
## STDOUT:
archive ok
fake.gz corrupt
## END

#### gzip round trip checksum
seq 1 1000 > big.txt
sum_before=$(md5sum < big.txt)
gzip -9 big.txt
gunzip big.txt.gz
[ "$(md5sum < big.txt)" = "$sum_before" ] && echo roundtrip-ok
## stdout: roundtrip-ok

#### bzip2 and xz round trip
printf 'compress me\n' > c.txt
bzip2 -k c.txt && bunzip2 -c c.txt.bz2
xz -k c.txt && xz -dc c.txt.xz
ls c.txt*
## STDOUT:
compress me
compress me
c.txt
c.txt.bz2
c.txt.xz
## END

#### zip and unzip directory quietly
mkdir -p site/css
echo '<h1>hi</h1>' > site/index.html
echo 'body{}' > site/css/s.css
zip -qr site.zip site
mkdir x && cd x && unzip -q ../site.zip
find . -type f | sort
cat site/index.html
## STDOUT:
./site/css/s.css
./site/index.html
<h1>hi</h1>
## END

#### unzip list names only
mkdir docs; echo a > docs/a.txt; echo b > docs/b.txt
zip -q -r docs.zip docs
unzip -Z1 docs.zip | sort
## STDOUT:
docs/
docs/a.txt
docs/b.txt
## END

#### unzip -o overwrite and -d destination
echo v1 > f.txt
zip -q f.zip f.txt
echo v2 > f.txt
mkdir dest
unzip -q f.zip -d dest
cat dest/f.txt
unzip -qo f.zip
cat f.txt
## STDOUT:
v1
v1
## END

#### unzip -p to stdout
echo 'inside zip' > note.txt
zip -q n.zip note.txt
unzip -p n.zip note.txt
## stdout: inside zip

#### zip -j junk paths
mkdir -p a/b; echo x > a/b/deep.txt
zip -qj flat.zip a/b/deep.txt
unzip -Z1 flat.zip
## stdout: deep.txt

#### backup script with tar and date stamp normalised
mkdir -p data; echo important > data/db.txt
stamp=20240101
tar -czf "backup-$stamp.tar.gz" data
ls backup-*.tar.gz
tar -xzOf backup-20240101.tar.gz data/db.txt
## STDOUT:
backup-20240101.tar.gz
important
## END

#### verify archive contents against source
mkdir -p src; for i in 1 2 3; do echo "file $i" > src/f$i; done
tar -cf s.tar src
diff <(tar -tf s.tar | grep -v '/$' | sort) <(find src -type f | sort) && echo "archive matches source"
## stdout: archive matches source

#### tar -tvf file count
mkdir m; touch m/1 m/2 m/3
tar -cf m.tar m
tar -tf m.tar | grep -vc '/$'
## stdout: 3

#### base64 encode file for transport
printf 'binary\x00data\n' > blob
base64 blob
base64 blob | base64 -d | od -An -c
## STDOUT:
YmluYXJ5AGRhdGEK
   b   i   n   a   r   y  \0   d   a   t   a  \n
## END

#### base64 wrap width
head -c 60 /dev/zero | tr '\0' 'A' > a60
base64 a60
base64 -w 0 a60; echo
## STDOUT:
QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB
QUFB
QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB
## END

#### tar pipe to copy tree
mkdir -p from/deep/er; echo z > from/deep/er/z.txt
mkdir to
(cd from && tar -cf - .) | (cd to && tar -xf -)
find to -type f | sort
## stdout: to/deep/er/z.txt

#### gzip stdin to stdout pipeline
echo streaming | gzip | gunzip
printf 'a\nb\n' | gzip -c > s.gz
zcat s.gz | wc -l
## STDOUT:
streaming
2
## END

#### extract archive then check expected files exist
mkdir -p bundle/lib bundle/bin
echo l > bundle/lib/l.so; echo b > bundle/bin/run
tar -czf bundle.tgz bundle && rm -rf bundle
tar -xzf bundle.tgz
for f in bundle/lib/l.so bundle/bin/run bundle/etc/conf; do
  [ -e "$f" ] && echo "ok $f" || echo "missing $f"
done
## STDOUT:
ok bundle/lib/l.so
ok bundle/bin/run
missing bundle/etc/conf
## END

#### tar exclude by wildcard extension
mkdir -p w; touch w/a.log w/b.txt w/c.log
tar -cf w.tar --exclude='*.log' w
tar -tf w.tar | sort
## STDOUT:
w/
w/b.txt
## END

#### tar create with transform-free rename via -C and dot
mkdir -p build/dist; echo js > build/dist/app.js
tar -C build/dist -czf dist.tgz .
tar -tzf dist.tgz | sort
## STDOUT:
./
./app.js
## END

#### zip update adds new file
echo 1 > one; echo 2 > two
zip -q u.zip one
zip -q u.zip two
unzip -Z1 u.zip
## STDOUT:
one
two
## END

#### unzip test archive
echo t > t.txt; zip -q t.zip t.txt
unzip -tq t.zip
## stdout: No errors detected in compressed data of t.zip.

#### gunzip multiple files
for n in a b c; do echo "$n" > "$n.txt"; gzip "$n.txt"; done
gunzip *.gz
cat a.txt b.txt c.txt
## STDOUT:
a
b
c
## END

#### tar contents grep without extraction
mkdir -p cfg; printf 'debug=true\nport=1\n' > cfg/app.conf
tar -czf cfg.tgz cfg
tar -xzOf cfg.tgz cfg/app.conf | grep -c '='
## stdout: 2
