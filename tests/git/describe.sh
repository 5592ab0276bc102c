# git describe: annotated and lightweight tags, --tags, --always, --dirty, --long.

#### describe after tagging a release
git init -q r && cd r
echo a > f && git add f && git commit -q -m one
tick; git tag -a v1.0 -m 'release 1.0'
git describe
tick; echo b >> f && git commit -q -am two
tick; echo c >> f && git commit -q -am three
git describe
git describe HEAD~2
git describe --long HEAD~2
git describe --abbrev=0
git describe --abbrev=10

#### describe with no tags
git init -q r && cd r
echo a > f && git add f && git commit -q -m one
git describe
echo "status $?"
git describe --always
git tag light
git describe
echo "status $?"
git describe --tags
tick; git tag -a v2 -m two
git describe --tags

#### describe --dirty
git init -q r && cd r
echo a > f && git add f && git commit -q -m one && git tag -a v1 -m v1
git describe --dirty
echo more >> f
git describe --dirty
git describe --dirty=-modified
git add f
git describe --dirty

#### the nearest of several tags
git init -q r && cd r
echo a > f && git add f && git commit -q -m one && git tag -a v1 -m v1
tick; echo b >> f && git commit -q -am two && git tag -a v2 -m v2
tick; git switch -q -c side HEAD~1 && echo s > s && git add s && git commit -q -m side
git describe
git switch -q main
tick; echo c >> f && git commit -q -am three
git describe
git describe side
git describe nosuch
echo "status $?"
