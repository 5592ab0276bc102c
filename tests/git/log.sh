# git log and git show, to orient in a history.

#### log formats
git init -q r && cd r
for i in 1 2 3; do tick; echo $i > f$i; git add .; git commit -q -m "commit $i" -m "body of $i"; done
git log
git log --oneline
git log --format='%H%n%h %t %T%n%an %ae %ad%n%cn %ce %cd%n%s|%b|%%'
git log --pretty=oneline
git log --pretty=short -1
git log --pretty=full -1
git log --pretty=fuller -1
git log --pretty=raw -1
git log --format='%h%x09%s' --reverse

#### log -n, -N and --skip
git init -q r && cd r
for i in 1 2 3 4 5; do tick; git commit -q --allow-empty -m "c$i"; done
git log -n 2 --oneline
git log -3 --format=%s
git log --max-count=1 --skip=2 --format=%s
git log --oneline HEAD~3..HEAD
git log --oneline HEAD~1 ^HEAD~3

#### log -- path
git init -q r && cd r
tick; echo a > a && git add a && git commit -q -m 'add a'
tick; echo b > b && git add b && git commit -q -m 'add b'
tick; echo a2 >> a && git commit -q -am 'edit a'
git log --oneline -- a
git log --oneline b
git log --format=%s --stat -- a

#### log -p and --stat
git init -q r && cd r
tick; printf 'x\n' > f && git add f && git commit -q -m one
tick; printf 'x\ny\n' > f && git commit -q -am two
git log -p
git log --stat --oneline
git log --format='%s' -p -1
git log --stat -p -1

#### decorations
git init -q r && cd r
tick; git commit -q --allow-empty -m one
tick; git commit -q --allow-empty -m two
git tag v1 HEAD~1 && git tag -a v2 -m 'version two' && git branch side HEAD~1
git log --format='%h%d'
git log --format='%D'
git log --oneline --decorate
git log --decorate -1

#### author, grep and dates
git init -q r && cd r
tick; git commit -q --allow-empty -m 'fix: crash on start'
tick; GIT_AUTHOR_NAME=Bob GIT_AUTHOR_EMAIL=bob@example.com git commit -q --allow-empty -m 'feat: login'
tick; git commit -q --allow-empty -m 'fix: typo'
git log --format=%s --author=Bob
git log --format=%s --grep=fix
git log --format=%s --grep=FIX -i
git log --format=%s --grep=fix --invert-grep
git log --format='%ad|%ar' --date=iso -1
git log --format=%ad --date=short -1
git log --format=%ad --date=raw -1
git log --format=%ad --date=rfc -1
git log --format=%ad --date=unix -1

#### log on an unborn branch
git init -q r && cd r
git log
echo status=$?

#### show
git init -q r && cd r
tick; printf 'a\nb\n' > f && git add f && git commit -q -m one
tick; printf 'a\nB\n' > f && git commit -q -am two -m 'with a body'
git show
git show --stat
git show -s --format=%s HEAD~1
git show HEAD~1:f
git show HEAD:f
git show --name-only --format=%h
git show HEAD^{tree}

#### show an annotated tag
git init -q r && cd r
tick; echo a > a && git add a && git commit -q -m one
tick; git tag -a v1.0 -m 'Release 1.0'
git show v1.0
git cat-file -t v1.0
git cat-file -p v1.0

#### log --all and --first-parent
git init -q r && cd r
tick; git commit -q --allow-empty -m root
git branch b
tick; git commit -q --allow-empty -m main-1
git switch -q b
tick; git commit -q --allow-empty -m b-1
git log --all --oneline
git log --oneline main
git log --format='%s' --all --reverse

#### log --graph of a linear history
git init -q r && cd r
echo a > f && git add f && git commit -q -m one
tick; echo b >> f && git commit -q -am 'two' -m 'body line'
tick; echo c >> f && git commit -q -am three
git log --graph
git log --graph --oneline
git log --graph --stat -1
git log --graph --format='%h %s' -2
git log --graph --format='%h%n%s' -2
git log --graph --oneline HEAD~1
