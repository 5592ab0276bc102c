# Branches and switching, tags.

#### feature branch workflow
git init -q r && cd r
tick; echo base > f && git add f && git commit -q -m base
git switch -c feature
tick; echo feat >> f && git commit -q -am 'feature work'
git switch main
cat f
git branch
git branch -v
git log --oneline --all
git switch feature && cat f

#### checkout -b and checkout -
git init -q r && cd r
tick; echo 1 > f && git add f && git commit -q -m one
git checkout -b topic
tick; echo 2 > f && git commit -q -am two
git checkout -
cat f
git checkout -
cat f
git rev-parse --abbrev-ref HEAD
git branch --show-current

#### branch create, rename, delete
git init -q r && cd r
tick; git commit -q --allow-empty -m one
git branch a && git branch b HEAD && git branch
git branch -m a renamed && git branch
git branch -d b
git branch -D renamed
git branch
git branch -d main
echo status=$?
git branch -d nope
echo status=$?

#### deleting an unmerged branch is refused
git init -q r && cd r
tick; git commit -q --allow-empty -m one
git switch -q -c side && tick && git commit -q --allow-empty -m side && git switch -q main
git branch -d side
echo status=$?
git branch -D side

#### local changes block a switch
git init -q r && cd r
tick; echo 1 > f && git add f && git commit -q -m one
git branch other
tick; echo 2 > f && git commit -q -am two
echo local > f
git switch other
echo status=$?
git checkout other
echo status=$?
cat f

#### local changes are carried
git init -q r && cd r
tick; echo 1 > f && echo 1 > g && git add . && git commit -q -m one
git branch other
tick; echo 2 > f && git commit -q -am two
echo local >> g
git switch other
cat f g
git status -s

#### switch errors
git init -q r && cd r
tick; git commit -q --allow-empty -m one
git switch nope
echo status=$?
git switch -c main
echo status=$?
git switch HEAD~0
echo status=$?
git switch --detach HEAD && git status -sb

#### tags
git init -q r && cd r
tick; git commit -q --allow-empty -m one
tick; git commit -q --allow-empty -m two
git tag v1 HEAD~1
git tag -a v2 -m 'second release'
git tag
git tag -l 'v*'
git tag -n
git rev-parse v1 v2 v2^{commit}
git tag v1
echo status=$?
git tag -d v1
git tag

#### files of other branches appear and disappear
git init -q r && cd r
tick; echo a > a && git add a && git commit -q -m a
git switch -q -c more
mkdir -p d/e && echo x > d/e/x && git add d && tick && git commit -q -m more
git switch -q main
ls
git switch -q more
ls d/e
