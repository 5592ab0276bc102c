# Stashing: push (with -m, -u), list, show, pop, apply, drop, clear; stash objects as git
# stores them (same ids), and stash around a branch switch.

#### stash and pop a change
git init -q r && cd r
echo a > f && echo b > g && git add . && git commit -q -m base
tick; echo a2 >> f && echo new > n && git add n && echo u > untracked
git stash
echo "status $?"
git status -s
git stash list
git log --format='%H %P %s' refs/stash -3
cat .git/logs/refs/stash
git stash pop
echo "status $?"
git status -s
git stash list
ls .git/refs

#### stash show, -p and a message
git init -q r && cd r
echo a > f && echo b > g && git add . && git commit -q -m base
tick; echo a2 >> f && echo new > n && git add n
git stash push -m 'work in progress'
git stash list
git stash show
git stash show -p
git stash show --name-only stash@{0}

#### several stashes, apply and drop
git init -q r && cd r
echo a > f && echo b > g && git add . && git commit -q -m base
tick; echo one >> f && git stash -q
tick; echo two >> g && git stash push -q -m second
git stash list
git stash apply stash@{1}
echo "status $?"
cat f g
git checkout -q -- f
git stash drop stash@{1}
git stash list
cat .git/logs/refs/stash | cut -d' ' -f1,2
git stash drop
git stash list
git stash drop
echo "status $?"

#### nothing to stash
git init -q r && cd r
echo a > f && git add f && git commit -q -m base
git stash
echo "status $?"
git stash list
git stash pop
echo "status $?"

#### stash -u saves untracked files
git init -q r && cd r
echo a > f && git add f && git commit -q -m base
tick; echo changed > f && echo scratch > notes.txt && mkdir tmp && echo t > tmp/x
git stash -u
echo "status $?"
ls
git status -s
git log --format='%s' refs/stash^3
git ls-tree -r --name-only refs/stash^3
git stash pop -q
git status -s
cat notes.txt tmp/x

#### stash around a branch switch
git init -q r && cd r
echo v1 > app.py && git add app.py && git commit -q -m base
git branch hotfix
tick; echo 'feature work' >> app.py
git stash -q
git switch -q hotfix
tick; echo fix > fix.txt && git add fix.txt && git commit -q -m 'hot fix'
git switch -q main
git stash pop
cat app.py
git log --oneline --all

#### stash pop with a conflict keeps the entry
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
tick; printf 'a\nstashed\nc\n' > f && git stash -q
tick; printf 'a\ncommitted\nc\n' > f && git commit -q -am change
git stash pop
echo "status $?"
cat f
git status -s
git stash list

#### stash clear
git init -q r && cd r
echo a > f && git add f && git commit -q -m base
echo 1 >> f && git stash -q && echo 2 >> f && git stash -q
git stash list | wc -l
git stash clear
git stash list | wc -l
git rev-parse -q --verify refs/stash
echo "status $?"

#### a stash of a deleted file
git init -q r && cd r
echo a > f && echo b > g && git add . && git commit -q -m base
rm g
git stash -q
ls
git stash pop
ls
