# cherry-pick and revert of single commits: clean, conflicting, --continue, --abort.

#### cherry-pick a fix onto main
git init -q r && cd r
printf 'a\nb\nc\n' > f && echo x > x && git add . && git commit -q -m base
git switch -q -c fix && tick && printf 'a\nb-fixed\nc\n' > f && git commit -q -am 'fix b' && tick && echo y > y && git add y && git commit -q -m 'add y'
git switch -q main && tick && echo z > z && git add z && git commit -q -m 'add z'
tick; git cherry-pick fix~1
echo "status $?"
git log --format='%h %an %ad %cd %s' --date=raw -3
tail -1 .git/logs/HEAD | cut -f2
ls .git | grep -c CHERRY
cat f

#### revert a bad commit
git init -q r && cd r
echo good > app && git add app && git commit -q -m base
tick; echo bug >> app && echo tmp > tmp && git add . && git commit -q -m 'introduce bug'
tick; echo ok > other && git add other && git commit -q -m 'other work'
tick; git revert --no-edit HEAD~1
echo "status $?"
git log --format=%B -1
tail -1 .git/logs/HEAD | cut -f2
git log --oneline
ls
cat app

#### revert with an editor that keeps the message
git init -q r && cd r
echo a > f && git add f && git commit -q -m base
tick; echo b >> f && git commit -q -am 'add b'
tick; GIT_EDITOR=true git revert HEAD
echo "status $?"
git log --oneline

#### a conflicting cherry-pick, resolved and continued
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c fix && tick && printf 'a\nb-fixed\nc\n' > f && git commit -q -am 'fix b'
git switch -q main && tick && printf 'a\nb-main\nc\n' > f && git commit -q -am 'main b'
tick; git cherry-pick fix
echo "status $?"
cat f
ls .git | grep -E 'HEAD|MSG'
cat .git/MERGE_MSG
git status
git status -s
printf 'a\nb-both\nc\n' > f && git add f
git status
tick; GIT_EDITOR=true git cherry-pick --continue
echo "status $?"
git log --format='%h %an %s' -2
ls .git | grep -c CHERRY

#### cherry-pick --abort
git init -q r && cd r
printf 'a\nb\nc\n' > f && echo s > s && git add . && git commit -q -m base
git switch -q -c fix && tick && printf 'a\nb-fixed\nc\n' > f && echo n > n && git add . && git commit -q -am 'fix b'
git switch -q main && tick && printf 'a\nb-main\nc\n' > f && git commit -q -am 'main b'
tick; git cherry-pick fix >/dev/null
git cherry-pick --abort
echo "status $?"
git status
cat f
git cherry-pick --abort
echo "status $?"

#### a conflicting revert and --abort
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
tick; printf 'a\nB\nc\n' > f && git commit -q -am 'upper b'
tick; printf 'a\nB2\nc\n' > f && git commit -q -am 'change again'
tick; git revert --no-edit HEAD~1
echo "status $?"
cat f
cat .git/MERGE_MSG
git status -s
git revert --abort
echo "status $?"
git status -s
git log --oneline

#### cherry-pick with local changes
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c fix && tick && printf 'a\nb-fixed\nc\n' > f && git commit -q -am 'fix b'
git switch -q main
echo staged > g && git add g
git cherry-pick fix
echo "status $?"
git log --oneline

#### cherry-pick of an unknown commit and of a merge
git init -q r && cd r
echo a > f && git add f && git commit -q -m base
git cherry-pick nosuch
echo "status $?"
git switch -q -c t && tick && echo t > t && git add t && git commit -q -m t
git switch -q main && tick && echo m > m && git add m && git commit -q -m m
tick; git merge -q t
git cherry-pick HEAD
echo "status $?"
