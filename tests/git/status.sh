# git status in its forms: long, short, porcelain, branch, untracked modes, subdirectories.

#### status of a fresh repository
git init -q r && cd r
git status
git status -s
git status -sb
git status --porcelain=v2 --branch

#### every kind of change
git init -q r && cd r
echo a > a && echo b > b && echo c > c && git add . && git commit -q -m base
echo a2 >> a && git add a
echo b2 >> b
rm c
echo n > new && git add new
echo u > untracked
git status
git status -s
git status --porcelain
git status --porcelain=v2

#### staged and then modified again
git init -q r && cd r
echo 1 > f && git add f && git commit -q -m base
echo 2 > f && git add f && echo 3 > f
git status -s
git status

#### untracked directories collapse
git init -q r && cd r
mkdir -p a/b/c d && touch a/b/c/x a/y d/z && echo t > top
git status -s
git status -s -uall
git status -s -uno
git add a/b && git status -s

#### status from a subdirectory
git init -q r && cd r
mkdir -p sub/deep && echo a > sub/a && echo t > top && git add . && git commit -q -m base
echo m >> top && echo m >> sub/a && touch sub/deep/new
cd sub
git status
git status -s
git status --porcelain

#### renamed in the index
git init -q r && cd r
printf 'line %s\n' 1 2 3 4 5 6 7 8 9 10 > orig.txt && git add . && git commit -q -m base
git mv orig.txt moved.txt
git status
git status -s
git status --porcelain=v2

#### detached HEAD
git init -q r && cd r
echo a > a && git add a && git commit -q -m one
tick; echo b > a && git commit -q -am two
git checkout -q HEAD~1
git status
git status -sb
git branch

#### status with pathspec
git init -q r && cd r
mkdir d e && echo 1 > d/f && echo 2 > e/f && git add . && git commit -q -m base
echo x >> d/f && echo x >> e/f
git status -s d
git status --short -- e/f

#### quoted paths
git init -q r && cd r
echo a > 'with space' && echo b > "quo\"te" && echo c > 'tab	here'
git status -s
git add . && git status --porcelain
git ls-files
