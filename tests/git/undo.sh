# Undoing: restore, reset, rm, mv, checkout -- file.

#### restore a file
git init -q r && cd r
echo orig > f && git add f && git commit -q -m base
echo broken > f
git restore f
cat f
git status -s

#### restore --staged
git init -q r && cd r
echo orig > f && git add f && git commit -q -m base
echo new > f && echo n > n && git add .
git restore --staged f n
git status -s
cat f

#### checkout -- file
git init -q r && cd r
echo orig > f && echo o > g && git add . && git commit -q -m base
echo changed > f && echo changed > g
git checkout -- f
cat f g
git checkout HEAD g
cat g

#### reset --soft, --mixed, --hard
git init -q r && cd r
tick; echo 1 > f && git add f && git commit -q -m one
tick; echo 2 > f && git commit -q -am two
tick; echo 3 > f && git commit -q -am three
git reset --soft HEAD~1
git status -s
git log --oneline
git reset HEAD~1
git status -s
git log --oneline
cat f
git reset --hard HEAD
cat f
git status -s

#### reset --hard removes and restores files
git init -q r && cd r
tick; echo a > a && git add a && git commit -q -m a
tick; echo b > b && mkdir d && echo c > d/c && git add . && git commit -q -m bc
git reset --hard HEAD~1
ls
git status
echo local > a
git reset --hard
cat a

#### reset a path
git init -q r && cd r
echo a > a && echo b > b && git add . && git commit -q -m base
echo a2 > a && echo b2 > b && git add .
git reset a
git status -s
git reset -q -- b
git status -s

#### rm
git init -q r && cd r
mkdir d && echo a > a && echo b > d/b && echo c > d/c && git add . && git commit -q -m base
git rm a
git rm --cached d/b
git status -s
git rm d
echo status=$?
git rm -r -q d
git status -s
ls

#### rm refuses local modifications
git init -q r && cd r
echo a > a && git add a && git commit -q -m base
echo changed > a
git rm a
echo status=$?
git rm -f a
ls

#### mv
git init -q r && cd r
mkdir dir && echo a > a && echo b > dir/b && git add . && git commit -q -m base
git mv a b
git mv dir renamed
git status -s
git mv nope x
echo status=$?
git mv b renamed
ls renamed
git commit -q -m moved && git log --stat --format=%s -1

#### amend after a reset
git init -q r && cd r
tick; echo 1 > f && git add f && git commit -q -m one
tick; echo 2 > f && git commit -q -am 'wrong message'
git reset --soft HEAD~1 && git commit -q -m 'right message'
git log --oneline
