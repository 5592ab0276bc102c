# The plumbing agents reach for.

#### rev-parse
git init -q r && cd r
mkdir -p a/b && cd a/b
git rev-parse --show-toplevel --show-prefix --show-cdup --is-inside-work-tree --git-dir
cd ../..
tick; git commit -q --allow-empty -m one
tick; git commit -q --allow-empty -m two
git rev-parse HEAD~1 HEAD^ @ main
git rev-parse --short HEAD
git rev-parse --abbrev-ref HEAD
git rev-parse --symbolic-full-name HEAD
git rev-parse --verify HEAD~5
echo status=$?
git rev-parse --verify -q HEAD~5
echo status=$?

#### cat-file and hash-object
git init -q r && cd r
echo 'hello world' > f
git hash-object f
echo 'hello world' | git hash-object --stdin
git hash-object -w f
git cat-file -t $(git hash-object f)
git cat-file -s $(git hash-object f)
git cat-file -p $(git hash-object f)
git cat-file blob $(git hash-object f)
git cat-file -e 0000000000000000000000000000000000000000
echo status=$?

#### ls-files variants
git init -q r && cd r
mkdir d && echo a > a && echo b > d/b && git add . && git commit -q -m base
echo c > c && rm a && echo b2 >> d/b
git ls-files
git ls-files -s
git ls-files -m
git ls-files -d
git ls-files -o
git ls-files d
git ls-files --error-unmatch nope
echo status=$?

#### ls-tree
git init -q r && cd r
mkdir -p d/e && echo a > a && echo x > d/e/x && echo y > d/y && git add . && git commit -q -m base
git ls-tree HEAD
git ls-tree -r HEAD
git ls-tree -r -t HEAD
git ls-tree --name-only HEAD d
git ls-tree -r --name-only HEAD d/e
git ls-tree -d HEAD

#### write-tree and config get
git init -q r && cd r
echo a > a && git add a && git write-tree
git config core.bare
git config --bool core.filemode
git config nope.key
echo status=$?
git config section.key 'a value' && git config section.key && cat .git/config
git config --unset section.key && git config section.key
echo status=$?
