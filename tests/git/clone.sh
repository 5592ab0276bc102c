# git clone from a path in the session's files, and the upstream it sets.

#### clone a repository and work in the clone
git init -q src && cd src
echo a > f && mkdir d && echo b > d/g && git add . && git commit -q -m base && git tag v1 && git tag -a v2 -m v2
git branch topic
cd ..
git clone src dst
echo "status $?"
cd dst
git status
git status -sb
git branch -a
git log --oneline --all
git config --get remote.origin.url | sed "s|$(cd .. && pwd)|CASE|"
git config --get remote.origin.fetch
git config --get branch.main.merge
cat .git/packed-refs
cat .git/refs/remotes/origin/HEAD
cut -f2 .git/logs/HEAD | sed "s|$(cd .. && pwd)|CASE|"
git tag
ls
tick; echo c >> f && git commit -q -am 'local work'
git status
git status -sb
git status --porcelain=v2 --branch

#### clone errors
git init -q src && cd src && echo a > f && git add f && git commit -q -m base && cd ..
git clone src dst >/dev/null 2>&1
git clone src dst
echo "status $?"
git clone nosuch x
echo "status $?"
git clone -q src dst2 && ls dst2
git clone -q src/.git dst3 && ls dst3
git clone -q -b nosuch src dst4
echo "status $?"

#### clone a branch with -b and fall behind
git init -q src && cd src && echo a > f && git add f && git commit -q -m base
git switch -q -c dev && tick && echo d > d && git add d && git commit -q -m dev && cd ..
git clone -q -b dev src dst && cd dst
git status -sb
git log --oneline
cd ../src && tick && echo more >> d && git commit -q -am more
cd ../dst && git status -sb
git update-ref refs/remotes/origin/dev "$(cd ../src && git rev-parse HEAD)"
git status
git status -sb
