#### find -exec runs a command per file
mkdir -p d/s && touch d/a d/s/b
find d -type f -exec echo file: {} \; | sort
## STDOUT:
file: d/a
file: d/s/b
## END

#### find -print0 piped to xargs -0 keeps odd names whole
mkdir d && touch 'd/two words' 'd/x'
find d -type f -print0 | xargs -0 -n 1 echo | sort
## STDOUT:
d/two words
d/x
## END

#### find -exec with + batches, then xargs counts
mkdir d && touch d/1 d/2 d/3
find d -type f -exec echo {} + | wc -w
find d -type f | xargs -n 2 echo | wc -l
## STDOUT:
3
2
## END

#### xargs exit status 123 when a command fails
printf 'a\nb\n' | xargs -n 1 false
echo $?
## STDOUT:
123
## END

#### date arithmetic in UTC
TZ=UTC date -d '2024-02-28 +1 day' +%F
TZ=UTC date -d '2024-03-01 -1 day' +%F
TZ=UTC date -d @86400 '+%Y-%m-%d %H:%M:%S %Z'
## STDOUT:
2024-02-29
2024-02-29
1970-01-02 00:00:00 UTC
## END

#### diff of two process substitutions
diff <(printf 'a\nb\nc\n') <(printf 'a\nB\nc\n')
echo status $?
## STDOUT:
2c2
< b
---
> B
status 1
## END

#### diff -u with labels, patch applies it
printf '1\n2\n3\n' > old
printf '1\ntwo\n3\n' > new
diff -u --label old --label new old new > p
cat p
patch old < p
cat old
## STDOUT:
--- old
+++ new
@@ -1,3 +1,3 @@
 1
-2
+two
 3
patching file old
1
two
3
## END

#### checksums round trip through -c
printf 'hello\n' > f
sha256sum f > sums
sha256sum -c sums
md5sum f | cut -d' ' -f1
## STDOUT:
f: OK
b1946ac92492d2347c6235b4d2611184
## END

#### base64 round trip
printf 'hello world' | base64 | tee enc
base64 -d enc; echo
## STDOUT:
aGVsbG8gd29ybGQ=
hello world
## END

#### chmod and cp follow the shell's umask
cd /tmp
umask 077
rm -f um-a um-b um-s
touch um-a; chmod +x um-a; ls -l um-a | cut -c1-10
chmod =r um-a; ls -l um-a | cut -c1-10
echo x > um-s; chmod 644 um-s; cp um-s um-b; ls -l um-b | cut -c1-10
rm -f um-a um-b um-s
## STDOUT:
-rwx------
-r--------
-rw-------
## END

#### timeout -s KILL ends with 137
timeout -s KILL 0.2 sleep 3 2>/dev/null
echo $?
timeout 0.2 sleep 3
echo $?
## STDOUT:
137
124
## END

#### cat refuses to append a non-empty file to itself
echo a > f
cat f >> f; echo "status $?"
echo b > g
cat g f 2>&1 >> g; echo "status $?"
cat g
cat >> f < f; echo "status $?"
cat f > f; echo "status $?"
wc -c < f
## STDOUT:
status 1
cat: g: input file is output file
status 1
b
a
status 1
status 0
0
## END
