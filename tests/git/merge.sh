# Merging: fast-forward, --no-ff, --ff-only, three-way merges with and without conflicts,
# resolving and committing, --abort, --squash, -m.

#### fast-forward a feature branch
git init -q r && cd r
echo base > README && git add README && git commit -q -m base
git switch -q -c feature
tick; echo 'fn f() {}' > lib.rs && git add lib.rs && git commit -q -m 'add lib'
tick; echo more >> README && git commit -q -am 'more docs'
git switch -q main
git merge feature
echo "status $?"
git log --oneline
git status -s
cat .git/ORIG_HEAD
tail -1 .git/logs/HEAD | cut -f2
tail -1 .git/logs/refs/heads/main | cut -f2

#### already up to date
git init -q r && cd r
echo a > f && git add f && git commit -q -m one
git branch old
tick; echo b > f && git commit -q -am two
git merge old
echo "status $?"
git merge main
echo "status $?"
git log --oneline

#### merge --no-ff makes a merge commit
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic
tick; echo t > t && git add t && git commit -q -m topic
git switch -q main
tick; git merge --no-ff topic
echo "status $?"
git log --format='%h %p %s'
git cat-file -p HEAD
tail -1 .git/logs/HEAD | cut -f2

#### merge --ff-only refuses diverged branches
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic && tick && echo t > t && git add t && git commit -q -m topic
git switch -q main && tick && echo m > m && git add m && git commit -q -m main
git merge --ff-only topic
echo "status $?"
git log --oneline
git switch -q -c other topic~1
git merge --ff-only topic
echo "status $?"

#### three-way merge without conflicts
git init -q r && cd r
printf '1\n2\n3\n4\n5\n6\n7\n8\n9\n' > nums && echo keep > k && git add . && git commit -q -m base
git switch -q -c feature
tick; sed -i 's/^8$/eight/' nums && echo new > added && git add . && git commit -q -m 'feature work'
git switch -q main
tick; sed -i 's/^2$/two/' nums && echo k2 >> k && git commit -q -am 'main work'
tick; git merge feature
echo "status $?"
cat nums
git log --oneline
git log --format='%H %P' -1
git status -s

#### merge into a branch other than main names it
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic && tick && echo t > t && git add t && git commit -q -m topic
git switch -q -c dev main && tick && echo d > d && git add d && git commit -q -m dev
tick; git merge topic
git log -1 --format=%B

#### merge -m sets the message
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic && tick && echo t > t && git add t && git commit -q -m topic
git switch -q main && tick && echo m > m && git add m && git commit -q -m main
tick; git merge -q -m 'Merge the topic work' topic
echo "status $?"
git log -1 --format='%s%n%b' | cat -A
git log --oneline

#### a conflict, its markers and the index stages
git init -q r && cd r
printf '1\n2\n3\n4\n5\n6\n7\n8\n9\n' > f && echo keep > k && git add . && git commit -q -m base
git switch -q -c feat
tick; sed -i 's/^2$/two/; s/^8$/eight/' f && echo x > only && git add . && git commit -q -m feat
git switch -q main
tick; sed -i 's/^2$/TWO/' f && echo y >> k && git commit -q -am main
tick; git merge feat
echo "status $?"
cat f
git ls-files -s
git status
git status -s
cat .git/MERGE_MSG
test "$(cat .git/MERGE_HEAD)" = "$(git rev-parse feat)" && echo merge-head-ok
cat .git/MERGE_MODE | wc -c

#### resolve a conflict and commit
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nB-feat\nc\n' > f && git commit -q -am 'feat: change b'
git switch -q main && tick && printf 'a\nB-main\nc\n' > f && git commit -q -am 'main: change b'
tick; git merge feat
printf 'a\nB-both\nc\n' > f
git add f
git status
git status -s
git commit -q -m 'Merge feat, keeping both'
echo "status $?"
git log --oneline
git log -1 --format='%H %P'
tail -1 .git/logs/HEAD | cut -f2
ls .git | grep -c MERGE
git status -s

#### commit --no-edit after a conflict keeps the prepared message
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && git commit -q -am feat
git switch -q main && tick && printf 'a\nmain\nc\n' > f && git commit -q -am main
tick; git merge feat >/dev/null
echo resolved > f && git add f
git commit --no-edit
git log -1 --format=%B
tail -1 .git/logs/HEAD | cut -f2

#### committing with unresolved conflicts fails
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && git commit -q -am feat
git switch -q main && tick && printf 'a\nmain\nc\n' > f && git commit -q -am main
tick; git merge feat >/dev/null
git commit -m done
echo "status $?"
git merge feat
echo "status $?"

#### merge --abort restores the branch
git init -q r && cd r
printf 'a\nb\nc\n' > f && echo s > s && git add . && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && echo n > n && git add . && git commit -q -m feat
git switch -q main && tick && printf 'a\nmain\nc\n' > f && git commit -q -am main
tick; git merge feat
git merge --abort
echo "status $?"
cat f
ls
git status
git merge --abort
echo "status $?"

#### merge --squash
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic
tick; echo one > a && git add a && git commit -q -m 'topic one'
tick; echo two > b && git add b && git commit -q -m 'topic two'
git switch -q main && tick && echo m > m && git add m && git commit -q -m main
tick; git merge --squash topic
echo "status $?"
git status -s
ls .git | grep -E 'MERGE|SQUASH'
cat .git/SQUASH_MSG
git commit -q -m 'Squashed topic'
git log --oneline
git log -1 --format=%P | wc -w

#### merge --squash of a fast-forward
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic
tick; echo one > a && git add a && git commit -q -m 'topic one'
git switch -q main
git merge --squash topic
echo "status $?"
git status -s
git log --oneline

#### local changes block a merge
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && git commit -q -am feat
git switch -q main && tick && echo other > o && git add o && git commit -q -m main
echo dirty >> f
git merge feat
echo "status $?"
git status -s
git log --oneline -1

#### unrelated local changes survive a merge
git init -q r && cd r
printf 'a\nb\nc\n' > f && echo u > u && git add . && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && git commit -q -am feat
git switch -q main && tick && echo other > o && git add o && git commit -q -m main
echo dirty >> u
tick; git merge feat
echo "status $?"
git status -s
cat f u

#### modify/delete conflict
git init -q r && cd r
printf 'a\nb\n' > f && echo g > g && git add . && git commit -q -m base
git switch -q -c feat && tick && git rm -q f && git commit -q -m 'remove f'
git switch -q main && tick && echo c >> f && git commit -q -am 'extend f'
tick; git merge feat
echo "status $?"
git status -s
git ls-files -s
git rm -q f && git commit -q --no-edit && git log --oneline -1

#### add/add conflict
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c feat && tick && printf 'one\nfeat\n' > new && git add new && git commit -q -m feat
git switch -q main && tick && printf 'one\nmain\n' > new && git add new && git commit -q -m main
tick; git merge feat
echo "status $?"
cat new
git status -s
git ls-files -s

#### a merge that deletes and adds files
git init -q r && cd r
echo a > a && echo b > b && mkdir d && echo c > d/c && git add . && git commit -q -m base
git switch -q -c feat && tick && git rm -q a && mkdir -p e && echo x > e/x && git add e && git commit -q -m feat
git switch -q main && tick && git rm -q -r d && git commit -q -m 'drop d'
tick; git merge feat
echo "status $?"
ls
git ls-files
git log --format='%s' -3

#### merge of an unknown branch
git init -q r && cd r
echo a > f && git add f && git commit -q -m one
git merge nosuch
echo "status $?"
git merge
echo "status $?"

#### merge --continue with an editor that keeps the message
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && git commit -q -am feat
git switch -q main && tick && printf 'a\nmain\nc\n' > f && git commit -q -am main
tick; git merge feat >/dev/null
git merge --continue
echo "status $?"
echo fixed > f && git add f
GIT_EDITOR=true git merge --continue
echo "status $?"
git log -1 --format=%B | cat -A
git merge --continue
echo "status $?"

#### commit with an editor that keeps the message strips the comments
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && git commit -q -am feat
git switch -q main && tick && printf 'a\nmain\nc\n' > f && git commit -q -am main
tick; git merge feat >/dev/null
echo fixed > f && git add f
GIT_EDITOR=true git commit -q
git log -1 --format=%B | cat -A
git log -1 --format=%P | wc -w

#### merge --no-commit stops before the commit
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic && tick && echo t > t && git add t && git commit -q -m topic
git switch -q main && tick && echo m > m && git add m && git commit -q -m main
tick; git merge --no-commit topic
echo "status $?"
git status
cat .git/MERGE_MSG
git commit -q --no-edit
git log --oneline -1

#### an untracked file in the way of a merge
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic && tick && echo t > t && git add t && git commit -q -m topic
git switch -q main && tick && echo m > m && git add m && git commit -q -m main
echo mine > t
tick; git merge topic
echo "status $?"
cat t
git log --oneline -1

#### local change blocks a fast-forward
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic && tick && echo t >> f && git commit -q -am topic
git switch -q main
echo dirty >> f
git merge topic
echo "status $?"
git log --oneline -1

#### conflicts in several files, resolved one by one
git init -q r && cd r
mkdir src && printf 'x = 1\n' > src/a.py && printf 'y = 1\n' > src/b.py && echo same > c && git add . && git commit -q -m base
git switch -q -c feat && tick && printf 'x = 2\n' > src/a.py && printf 'y = 2\n' > src/b.py && echo c2 > c && git commit -q -am feat
git switch -q main && tick && printf 'x = 3\n' > src/a.py && printf 'y = 3\n' > src/b.py && git commit -q -am main
tick; git merge feat
cat src/a.py
git status -s
cd src && git status && cd ..
git checkout --theirs src/a.py
git add src/a.py
git status -s
printf 'y = 23\n' > src/b.py && git add src/b.py
git commit -q -m 'merge feat'
git log --oneline -1
cat src/a.py src/b.py c

#### merging a tag
git init -q r && cd r
echo base > f && git add f && git commit -q -m base
git switch -q -c topic && tick && echo t > t && git add t && git commit -q -m topic && git tag v1
git switch -q main && tick && echo m > m && git add m && git commit -q -m main
tick; git merge -q v1
git log -1 --format=%s

#### take our side of a conflict with checkout --ours
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && git commit -q -am feat
git switch -q main && tick && printf 'a\nmain\nc\n' > f && git commit -q -am main
tick; git merge feat >/dev/null
git checkout --ours f
cat f
git status -s
git checkout --theirs -- f
cat f
git add f && git commit -q --no-edit && git log --oneline -1

#### porcelain v2 shows unmerged entries
git init -q r && cd r
printf 'a\nb\nc\n' > f && echo g > g && git add . && git commit -q -m base
git switch -q -c feat && tick && printf 'a\nfeat\nc\n' > f && git rm -q g && echo n > n && git add n && git commit -q -am feat
git switch -q main && tick && printf 'a\nmain\nc\n' > f && echo g2 > g && git commit -q -am main
tick; git merge feat >/dev/null
git status --porcelain=v2
git status --porcelain=v2 -z | tr '\0' '\n'
git status

#### conflict shapes: nearby hunks joined, identical changes taken once, a missing final newline
git init -q r && cd r
printf '%s\n' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 > f
printf 'x\ny\nz' > tail
printf 'a\nb\nc\nd\n' > same
git add . && git commit -q -m base
git switch -q -c side
tick
sed -i 's/^2$/two-side/; s/^5$/five-side/; s/^15$/fifteen/; s/^19$/nineteen-side/' f
printf 'x\ny\nside' > tail
printf 'a\nB\nc\nd\nside\n' > same
git commit -q -am side
git switch -q main
tick
sed -i 's/^2$/two-main/; s/^6$/six-main/; s/^19$/nineteen-main/; 20d' f
printf 'x\ny\nmain\n' > tail
printf 'a\nB\nc\nD\n' > same
git commit -q -am main
tick; git merge side
echo "status $?"
cat f; echo ---; cat tail; echo ---; cat same
git ls-files -u
