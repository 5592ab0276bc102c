## compare_shells: bash
## Agent-task conformance: agent-search

#### grep -rn function definition
mkdir -p src/utils
cat > src/app.py <<'EOF'
import os
def main():
    helper()
EOF
cat > src/utils/helpers.py <<'EOF'
def helper():
    return 1

def other():
    pass
EOF
grep -rn 'def ' src | sort
## STDOUT:
src/app.py:2:def main():
src/utils/helpers.py:1:def helper():
src/utils/helpers.py:4:def other():
## END

#### grep -rl files containing TODO
mkdir -p lib test
printf 'x = 1  # TODO: refactor\n' > lib/a.py
printf 'y = 2\n' > lib/b.py
printf '// TODO fix\n' > test/t.js
grep -rl TODO . | sort
## STDOUT:
./lib/a.py
./test/t.js
## END

#### grep include and exclude-dir
mkdir -p src node_modules/dep
echo 'console.log("debug")' > src/index.js
echo 'console.log("dep")' > node_modules/dep/index.js
echo 'print("debug")' > src/tool.py
grep -rn --include='*.js' --exclude-dir=node_modules 'console.log' .
## stdout: ./src/index.js:1:console.log("debug")

#### find and replace across files with sed
mkdir -p code
printf 'import oldlib\noldlib.run()\n' > code/a.py
printf 'from oldlib import x\n' > code/b.py
printf 'nothing here\n' > code/c.py
grep -rl oldlib code | sort | xargs sed -i 's/oldlib/newlib/g'
grep -rn lib code | sort
## STDOUT:
code/a.py:1:import newlib
code/a.py:2:newlib.run()
code/b.py:1:from newlib import x
## END

#### find -exec grep -l
mkdir -p pkg/sub
echo 'package main' > pkg/main.go
echo 'package sub' > pkg/sub/s.go
echo 'not go' > pkg/readme.txt
find pkg -name '*.go' -exec grep -l 'package main' {} +
## stdout: pkg/main.go

#### count occurrences of identifier across repo
mkdir -p r
printf 'foo()\nfoo(); foo()\n' > r/a.c
printf 'bar\nfoo\n' > r/b.c
grep -rho 'foo' r | wc -l
grep -rc foo r | sort
## STDOUT:
4
r/a.c:2
r/b.c:1
## END

#### grep -w whole word match
printf 'log\nlogger\ncatalog\nlog in\n' > w.txt
grep -w log w.txt
grep -cw log w.txt
## STDOUT:
log
log in
2
## END

#### grep -i case insensitive with line numbers
printf 'Error one\nerror two\nERROR three\nwarning\n' > e.txt
grep -in error e.txt
## STDOUT:
1:Error one
2:error two
3:ERROR three
## END

#### grep -E alternation and -o
printf 'GET /a 200\nPOST /b 500\nDELETE /c 404\n' > r.txt
grep -oE '^(GET|POST)' r.txt
grep -E ' (4|5)[0-9]{2}$' r.txt
## STDOUT:
GET
POST
POST /b 500
DELETE /c 404
## END

#### grep -F fixed string with dots
printf 'version 1.2.3\nversion 1x2x3\n' > v.txt
grep -F '1.2.3' v.txt
grep '1.2.3' v.txt | wc -l
## STDOUT:
version 1.2.3
2
## END

#### grep -v multiple exclusions
printf 'a.py\nb.pyc\n__pycache__/c\nd.py\n' > files
grep -v -e '\.pyc$' -e '__pycache__' files
## STDOUT:
a.py
d.py
## END

#### grep -f patterns from file
printf 'alice\nbob\n' > blocked
printf 'alice logged in\ncarol logged in\nbob logged out\n' > events
grep -v -f blocked events
grep -c -F -f blocked events
## STDOUT:
carol logged in
2
## END

#### grep -x exact line and -q in condition
printf 'main\ndev\nfeature/x\n' > branches
if grep -qx dev branches; then echo "dev exists"; fi
grep -qx 'release' branches || echo "no release branch"
## STDOUT:
dev exists
no release branch
## END

#### grep -r with -h and sort unique imports
mkdir -p m
printf 'import os\nimport sys\n' > m/a.py
printf 'import os\nimport json\n' > m/b.py
grep -rh '^import' m | sort -u
## STDOUT:
import json
import os
import sys
## END

#### find by name case insensitive
mkdir -p d/sub
touch d/README.md d/sub/readme.txt d/Other.md
find d -iname 'readme*' | sort
## STDOUT:
d/README.md
d/sub/readme.txt
## END

#### find files modified pattern and xargs wc
mkdir -p s
printf '1\n2\n' > s/a.txt
printf '1\n' > s/b.txt
find s -name '*.txt' -print0 | sort -z | xargs -0 wc -l
## STDOUT:
2 s/a.txt
1 s/b.txt
3 total
## END

#### xargs -I placeholder
printf 'a\nb\nc\n' | xargs -I{} echo "item-{}"
printf 'x y\n' | xargs -n1 echo got
## STDOUT:
item-a
item-b
item-c
got x
got y
## END

#### xargs -n batching
seq 1 7 | xargs -n 3 echo batch:
## STDOUT:
batch: 1 2 3
batch: 4 5 6
batch: 7
## END

#### find -type d and prune
mkdir -p p/.git/objects p/src/.cache p/src/mod
find p -name .git -prune -o -type d -print | sort
## STDOUT:
p
p/src
p/src/.cache
p/src/mod
## END

#### find with -path filtering
mkdir -p w/src/test w/src/main
touch w/src/test/t1.java w/src/main/m.java w/src/main/n.java
find w -path '*/test/*' -prune -o -name '*.java' -print | sort
## STDOUT:
w/src/main/m.java
w/src/main/n.java
## END

#### find -regex
mkdir rx; touch rx/img01.png rx/img2.png rx/imgA.png rx/doc.txt
find rx -regex '.*/img[0-9]+\.png' | sort
find rx -regextype posix-extended -regex '.*/img[0-9]{2}\.png'
## STDOUT:
rx/img01.png
rx/img2.png
rx/img01.png
## END

#### locate definition then show surrounding lines
cat > svc.py <<'EOF'
class Service:
    def start(self):
        self.running = True

    def stop(self):
        self.running = False
EOF
n=$(grep -n 'def stop' svc.py | cut -d: -f1)
sed -n "$n,$((n+1))p" svc.py
## STDOUT:
    def stop(self):
        self.running = False
## END

#### grep -A after context across files
mkdir t
printf 'def test_a():\n    assert 1\n' > t/test_x.py
printf 'def test_b():\n    assert 0\n' > t/test_y.py
grep -rn -A1 'def test_' t | sort
## STDOUT:
--
t/test_x.py-2-    assert 1
t/test_x.py:1:def test_a():
t/test_y.py-2-    assert 0
t/test_y.py:1:def test_b():
## END

#### list function names from shell scripts
cat > lib.sh <<'EOF'
log() { echo "$@"; }
function die {
  exit 1
}
setup_env () {
  :
}
EOF
grep -oE '^(function +)?[a-z_]+ *(\(\))?' lib.sh | sed -E 's/^function +//; s/ *\(\)$//; s/ +$//'
## STDOUT:
log
die
setup_env
## END

#### search and count per file type
mkdir -p mix
printf 'TODO\nTODO\n' > mix/a.py
printf 'TODO\n' > mix/b.js
printf 'TODO\n' > mix/c.py
for ext in py js; do
  printf '%s: %s\n' "$ext" "$(cat mix/*."$ext" | grep -c TODO)"
done
## STDOUT:
py: 3
js: 1
## END

#### ripgrep-style search with grep and line filtering
mkdir -p proj
cat > proj/config.py <<'EOF'
API_URL = "http://localhost"
API_KEY = "secret"
TIMEOUT = 30
EOF
grep -n '^API_' proj/config.py | cut -d: -f1,2 | sed 's/ =.*//'
## STDOUT:
1:API_URL
2:API_KEY
## END

#### find files not containing pattern
mkdir -p src
printf '// Copyright 2024\ncode\n' > src/a.rs
printf 'code\n' > src/b.rs
printf '// Copyright 2024\n' > src/c.rs
grep -L Copyright src/*.rs
for f in src/*.rs; do grep -q Copyright "$f" || sed -i '1i // Copyright 2024' "$f"; done
head -1 src/b.rs
## STDOUT:
src/b.rs
// Copyright 2024
## END

#### find -exec sed in place on many files
mkdir -p site
printf '<a href="http://x.com">\n' > site/a.html
printf '<img src="http://x.com/i.png">\n' > site/b.html
find site -name '*.html' -exec sed -i 's#http://#https://#g' {} \;
cat site/a.html site/b.html
## STDOUT:
<a href="https://x.com">
<img src="https://x.com/i.png">
## END

#### grep binary files handling
printf 'text\n' > t.txt
printf 'bin\x00ary match\n' > b.bin
grep -l match t.txt b.bin
grep -c text t.txt b.bin
grep -a -o 'ary match' b.bin
## STDOUT:
b.bin
t.txt:1
b.bin:0
ary match
## END

#### grep -m max count and -b
printf 'hit\nmiss\nhit\nhit\n' > h
grep -m2 -n hit h
## STDOUT:
1:hit
3:hit
## END

#### grep recursive with count and nonzero filter
mkdir -p q/a q/b
printf 'x\n' > q/a/1.txt
printf 'err\nerr\n' > q/b/2.txt
printf 'err\n' > q/3.txt
grep -rc err q | grep -v ':0$' | sort
## STDOUT:
q/3.txt:1
q/b/2.txt:2
## END

#### find newest python file by content sort
mkdir -p v
printf 'v=3\n' > v/c.py; printf 'v=1\n' > v/a.py; printf 'v=2\n' > v/b.py
grep -H 'v=' v/*.py | sort -t= -k2,2n | tail -1 | cut -d: -f1
## stdout: v/c.py

#### grep perl regex lookahead
printf 'price: 100 USD\nprice: 250 EUR\n' > p.txt
grep -oP '\d+(?= USD)' p.txt
grep -oP '(?<=price: )\d+' p.txt
## STDOUT:
100
100
250
## END

#### search for unused function
cat > m.py <<'EOF'
def used(): pass
def unused(): pass
used()
EOF
for fn in $(grep -oP '^def \K\w+' m.py); do
  n=$(grep -c "\b$fn\b" m.py)
  [ "$n" -le 1 ] && echo "unused: $fn"
done
## stdout: unused: unused

#### find file by size and type combined
mkdir z
printf '%0100d' 0 > z/hundred.log
printf 'x' > z/one.log
printf '%0100d' 0 > z/hundred.txt
find z -name '*.log' -size +50c | sort
find z -type f ! -name '*.log' | sort
## STDOUT:
z/hundred.log
z/hundred.txt
## END
