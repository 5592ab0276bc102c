# Committing as agents do: -m, -am, --amend, -F, --author, empty commits, messages.

#### commit -am after an edit
git init -q r && cd r
printf 'one\n' > f && git add f && git commit -q -m one
tick; printf 'two\n' >> f
git commit -am 'second line'
git log --oneline

#### nothing to commit
git init -q r && cd r
git commit -m nothing
echo status=$?
echo a > a
git commit -m untracked
echo status=$?
git add a && git commit -q -m a
git commit -m again
echo status=$?
echo b >> a
git commit -m unstaged
echo status=$?

#### amend message and content
git init -q r && cd r
echo a > a && git add a && git commit -q -m frist
tick; echo b > b && git add b
git commit --amend -m first
git log --stat --format='%H %s'

#### amend --no-edit
git init -q r && cd r
echo a > a && git add a && git commit -q -m one
echo aa > a && git commit -q -a --amend --no-edit
git log --format='%s %H'
git show --stat --format=%s

#### allow-empty
git init -q r && cd r
git commit --allow-empty -m 'empty root'
tick; git commit --allow-empty -m 'empty two'
git log --format='%h %s %P'

#### message from a file and from stdin
git init -q r && cd r
echo a > a && git add a
printf 'Subject line\n\nBody paragraph\nwith two lines\n\n\n' > msg.txt
git commit -q -F msg.txt
git log -1 --format='[%s] [%b]'
echo b > b && git add b
printf 'from stdin\n' | git commit -q -F -
git log -1 --format=%B

#### multiple -m paragraphs and whitespace cleanup
git init -q r && cd r
git commit -q --allow-empty -m 'title   ' -m '' -m 'body one' -m 'body two  '
git log -1 --format='%B' | od -c | head -5
git cat-file -p HEAD | tail -5

#### --author and dates
git init -q r && cd r
echo a > a && git add a
git commit -q -m auth --author='Someone Else <else@example.com>'
git log --format='%an|%ae|%cn|%ce|%at|%ct'
git commit -q --allow-empty -m dated --date='2020-02-02T10:20:30+0100'
git log -1 --format='%ad|%ai|%aI|%as'

#### empty message is refused
git init -q r && cd r
echo a > a && git add a
git commit -m ''
echo status=$?
git commit -m '   '
echo status=$?

#### commit only the named paths
git init -q r && cd r
echo a > a && echo b > b && git add . && git commit -q -m base
tick; echo a2 >> a && echo b2 >> b
git commit -q -m 'only a' a
git status --short
git show --stat --format=%s

#### signoff
git init -q r && cd r
git commit -q --allow-empty -s -m 'signed'
git log -1 --format=%B

#### summary lines for create, delete, rename and mode
git init -q r && cd r
echo a > a && echo old > gone && git add . && git commit -q -m base
tick; git rm -q gone && git mv a b && echo new > new && chmod +x new && git add new
git commit -m changes
tick; chmod +x b && git commit -am mode
