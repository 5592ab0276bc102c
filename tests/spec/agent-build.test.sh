## compare_shells: bash
## Agent-task conformance: agent-build

#### build step runner with status summary
run_step() { local name=$1; shift; if "$@" >/dev/null 2>&1; then echo "[PASS] $name"; else echo "[FAIL] $name"; return 1; fi; }
failed=0
run_step lint true || failed=$((failed+1))
run_step unit false || failed=$((failed+1))
run_step package true || failed=$((failed+1))
echo "failed=$failed"
[ $failed -eq 0 ]
## STDOUT:
[PASS] lint
[FAIL] unit
[PASS] package
failed=1
## END
## status: 1

#### incremental build only when source newer
mkdir -p src out
echo 'code' > src/a.c
touch -d '2020-01-01' src/a.c
build() { for s in src/*.c; do o="out/$(basename "${s%.c}").o"; if [ ! -e "$o" ] || [ "$s" -nt "$o" ]; then cp "$s" "$o"; echo "compiled $s"; else echo "up to date $o"; fi; done; }
build
build
touch -d '2030-01-01' src/a.c
build
## STDOUT:
compiled src/a.c
up to date out/a.o
compiled src/a.c
## END

#### dependency order with tsort
cat > deps.txt <<'EOF'
libc app
libssl app
libc libssl
app installer
EOF
tsort deps.txt
## STDOUT:
libc
libssl
app
installer
## END

#### generate version header from template
VERSION=2.4.1
GIT_SHA=abc1234
cat > version.h.in <<'EOF'
#define APP_VERSION "@VERSION@"
#define APP_SHA "@GIT_SHA@"
EOF
sed -e "s/@VERSION@/$VERSION/" -e "s/@GIT_SHA@/$GIT_SHA/" version.h.in > version.h
cat version.h
## STDOUT:
#define APP_VERSION "2.4.1"
#define APP_SHA "abc1234"
## END

#### concatenate sources into bundle with banners
mkdir js
echo 'var a=1;' > js/01-core.js
echo 'var b=2;' > js/02-ui.js
for f in js/*.js; do printf '/* %s */\n' "$(basename "$f")"; cat "$f"; done > bundle.js
cat bundle.js
wc -l < bundle.js
## STDOUT:
/* 01-core.js */
var a=1;
/* 02-ui.js */
var b=2;
4
## END

#### minify by stripping comments and blank lines
cat > style.css <<'EOF'
/* header */
body {
  margin: 0;

  padding: 0;
}
EOF
sed -e 's#/\*.*\*/##' -e 's/^ *//' style.css | grep -v '^$' | tr -d '\n'; echo
## stdout: body {margin: 0;padding: 0;}

#### parse test results summary
cat > results.txt <<'EOF'
test_login ... ok
test_logout ... ok
test_signup ... FAIL
test_reset ... ok
test_admin ... ERROR
EOF
pass=$(grep -c ' ok$' results.txt)
fail=$(grep -cE ' (FAIL|ERROR)$' results.txt)
echo "passed=$pass failed=$fail"
grep -E ' (FAIL|ERROR)$' results.txt | awk '{print "  - " $1}'
## STDOUT:
passed=3 failed=2
  - test_signup
  - test_admin
## END

#### junit xml failure count
cat > junit.xml <<'EOF'
<testsuite name="s" tests="3" failures="1">
  <testcase name="a"/>
  <testcase name="b"><failure message="boom"/></testcase>
  <testcase name="c"/>
</testsuite>
EOF
grep -o 'tests="[0-9]*"' junit.xml | tr -dc '0-9'; echo
grep -c '<failure' junit.xml
sed -n 's/.*<testcase name="\([^"]*\)"><failure.*/\1/p' junit.xml
## STDOUT:
3
1
b
## END

#### coverage threshold gate
cat > cov.txt <<'EOF'
Name       Stmts   Miss  Cover
app.py        50      5    90%
util.py       20     10    50%
TOTAL         70     15    79%
EOF
total=$(awk '/^TOTAL/ {gsub(/%/, "", $4); print $4}' cov.txt)
if [ "$total" -lt 80 ]; then echo "coverage $total% below 80%"; exit_code=1; else exit_code=0; fi
echo "exit=$exit_code"
awk 'NR>1 && $1!="TOTAL" {c=$4; sub(/%/,"",c); if (c+0 < 60) print "low: " $1}' cov.txt
## STDOUT:
coverage 79% below 80%
exit=1
low: util.py
## END

#### makefile-like target dispatch
target() {
  case $1 in
    clean) echo "rm -rf build" ;;
    build) target clean; echo "compiling" ;;
    test) target build; echo "running tests" ;;
    *) echo "no rule to make target '$1'" >&2; return 2 ;;
  esac
}
target test
target deploy 2>&1; echo "rc=$?"
## STDOUT:
rm -rf build
compiling
running tests
no rule to make target 'deploy'
rc=2
## END

#### checksum manifest for release artifacts
mkdir dist
echo a > dist/app-linux; echo b > dist/app-mac
(cd dist && sha256sum * > SHA256SUMS)
cat dist/SHA256SUMS | awk '{print $2}'
(cd dist && sha256sum -c --quiet SHA256SUMS) && echo "manifest verified"
## STDOUT:
app-linux
app-mac
manifest verified
## END

#### changelog generation from commit messages
cat > commits.txt <<'EOF'
feat: add login
fix: handle null user
chore: bump deps
feat: dark mode
fix: typo in docs
EOF
for t in feat fix; do
  case $t in feat) echo "## Features";; fix) echo "## Fixes";; esac
  grep "^$t:" commits.txt | sed "s/^$t: /- /"
done
## STDOUT:
## Features
- add login
- dark mode
## Fixes
- handle null user
- typo in docs
## END

#### semver bump by commit type
cur=1.4.2
IFS=. read -r ma mi pa <<< "$cur"
types="fix feat fix"
if grep -q 'BREAKING' <<< "$types"; then ma=$((ma+1)); mi=0; pa=0
elif grep -qw feat <<< "$types"; then mi=$((mi+1)); pa=0
else pa=$((pa+1)); fi
echo "$ma.$mi.$pa"
## stdout: 1.5.0

#### parallel-safe output directory layout
for arch in amd64 arm64; do
  for os in linux darwin; do
    mkdir -p "build/$os-$arch"
    echo "$os/$arch" > "build/$os-$arch/BUILDINFO"
  done
done
find build -name BUILDINFO | sort | xargs cat
## STDOUT:
darwin/amd64
darwin/arm64
linux/amd64
linux/arm64
## END

#### lint check for trailing whitespace
printf 'ok line\nbad line \nalso bad\t\nfine\n' > code.txt
grep -nE '[[:space:]]+$' code.txt | cut -d: -f1
if grep -qE '[[:space:]]+$' code.txt; then echo "lint failed"; fi
sed -i 's/[[:space:]]*$//' code.txt
grep -cE '[[:space:]]+$' code.txt
## STDOUT:
2
3
lint failed
0
## END
## status: 1

#### lint check for tabs vs spaces in python
printf 'def f():\n\treturn 1\n' > a.py
printf 'def g():\n    return 2\n' > b.py
grep -lP '^\t' *.py
grep -L $'\t' *.py
## STDOUT:
a.py
b.py
## END

#### count lines of code per language
mkdir -p repo/src repo/web
printf 'a\nb\nc\n' > repo/src/x.rs
printf 'a\n' > repo/src/y.rs
printf 'a\nb\n' > repo/web/z.ts
for ext in rs ts; do
  n=$(find repo -name "*.$ext" -exec cat {} + | wc -l)
  printf '%-4s %3d\n' "$ext" "$n"
done
## STDOUT:
rs     4
ts     2
## END

#### env-specific build flags
for env in dev prod; do
  flags="-g"
  [ "$env" = prod ] && flags="-O2 -DNDEBUG"
  echo "$env: cc $flags -o app main.c"
done
## STDOUT:
dev: cc -g -o app main.c
prod: cc -O2 -DNDEBUG -o app main.c
## END

#### generate file list manifest sorted
mkdir -p pkg/{bin,lib,share/doc}
touch pkg/bin/tool pkg/lib/libx.so pkg/share/doc/README
(cd pkg && find . -type f | sed 's|^\./||' | sort) > MANIFEST
cat MANIFEST
## STDOUT:
bin/tool
lib/libx.so
share/doc/README
## END

#### detect changed files between two trees
mkdir -p old new
echo 1 > old/a; echo 2 > old/b; echo 3 > old/c
echo 1 > new/a; echo X > new/b; echo 4 > new/d
diff -rq old new | sort
echo "rc=${PIPESTATUS[0]}"
## STDOUT:
Files old/b and new/b differ
Only in new: d
Only in old: c
rc=1
## END

#### apply patch file
printf 'line1\nline2\nline3\n' > file.txt
cat > fix.patch <<'EOF'
--- file.txt
+++ file.txt
@@ -1,3 +1,3 @@
 line1
-line2
+line two
 line3
EOF
patch -s file.txt < fix.patch
cat file.txt
## STDOUT:
line1
line two
line3
## END

#### unified diff generation
printf 'a\nb\nc\n' > v1
printf 'a\nB\nc\nd\n' > v2
diff -u v1 v2 | tail -n +3
echo "rc=${PIPESTATUS[0]}"
## STDOUT:
@@ -1,3 +1,4 @@
 a
-b
+B
 c
+d
rc=1
## END

#### pipeline with tee to log and continue
seq 1 5 | tee build.log | awk '{s+=$1} END {print "sum", s}'
wc -l < build.log
## STDOUT:
sum 15
5
## END

#### stage timing replaced by counters
steps=(fetch configure compile test)
i=0
for s in "${steps[@]}"; do i=$((i+1)); printf '[%d/%d] %s\n' "$i" "${#steps[@]}" "$s"; done
## STDOUT:
[1/4] fetch
[2/4] configure
[3/4] compile
[4/4] test
## END

#### cache key from lockfile hash
printf 'dep-a==1.0\ndep-b==2.0\n' > requirements.lock
key="deps-$(sha256sum requirements.lock | cut -c1-12)"
echo "$key"
[ ${#key} -eq 17 ] && echo "key length ok"
## STDOUT:
deps-702211bce416
key length ok
## END

#### artifact naming with parameter expansion
for f in app-1.2.3-linux-amd64.tar.gz app-1.2.3-darwin-arm64.zip; do
  base=${f%%.tar.gz}; base=${base%.zip}
  IFS=- read -r name ver os arch <<< "$base"
  echo "$name $ver $os $arch"
done
## STDOUT:
app 1.2.3 linux amd64
app 1.2.3 darwin arm64
## END

#### find largest files in tree
mkdir -p big
head -c 300 /dev/zero > big/a
head -c 100 /dev/zero > big/b
head -c 200 /dev/zero > big/c
for f in big/*; do echo "$(wc -c < "$f") $f"; done | sort -rn | head -2
## STDOUT:
300 big/a
200 big/c
## END

#### multi-stage pipeline with intermediate files
printf 'b,2\na,1\nc,3\n' > raw.csv
sort raw.csv > stage1.csv
cut -d, -f2 stage1.csv > stage2.txt
paste -sd+ stage2.txt | bc > result.txt
cat stage1.csv result.txt
## STDOUT:
a,1
b,2
c,3
6
## END

#### xargs parallel-style build of targets
printf 'alpha\nbeta\ngamma\n' > targets
xargs -n1 -I{} sh -c 'echo "built {}" > {}.out' < targets
cat alpha.out beta.out gamma.out
## STDOUT:
built alpha
built beta
built gamma
## END

#### git-like status simulation with comm
printf 'a.c\nb.c\nc.c\n' > tracked
printf 'b.c\nc.c\nd.c\n' > present
echo "deleted: $(comm -23 tracked present | paste -sd,)"
echo "untracked: $(comm -13 tracked present | paste -sd,)"
## STDOUT:
deleted: a.c
untracked: d.c
## END

#### write and run generated script
cat > gen.sh <<'EOF'
#!/bin/bash
for i in 1 2 3; do echo "echo step $i"; done
EOF
bash gen.sh > steps.sh
bash steps.sh
chmod +x gen.sh && ./gen.sh | wc -l
## STDOUT:
step 1
step 2
step 3
3
## END

#### template rendering loop over services json
cat > services.json <<'EOF'
[{"name":"api","port":8080},{"name":"web","port":3000}]
EOF
jq -c '.[]' services.json | while read -r svc; do
  name=$(jq -r .name <<< "$svc"); port=$(jq -r .port <<< "$svc")
  echo "upstream $name { server 127.0.0.1:$port; }"
done
## STDOUT:
upstream api { server 127.0.0.1:8080; }
upstream web { server 127.0.0.1:3000; }
## END
