# git blame: who last changed each line, from a revision or the working tree; -L, -s, -e,
# -l, -n, -f, -t, -b, --root, --abbrev, --porcelain, --line-porcelain, and git's errors.

#### blame after commits touching different lines
git init -q r && cd r
printf 'one\ntwo\nthree\nfour\nfive\n' > f.txt && git add f.txt && git commit -q -m first
tick; sed -i 's/two/TWO/' f.txt && GIT_AUTHOR_NAME=Bo git commit -q -am second
tick; printf 'six\n' >> f.txt && sed -i 's/four/FOUR/' f.txt
GIT_AUTHOR_NAME='Carol Long Name' GIT_AUTHOR_DATE="$T -0530" git commit -q -am third
git blame f.txt
echo "status $?"
git blame -s f.txt
git blame -e f.txt
git blame -l f.txt
git blame -n f.txt
git blame -f -n f.txt
git blame -t f.txt
git blame -b f.txt
git blame --root f.txt
git blame --abbrev=4 f.txt
git blame -- f.txt
git blame HEAD f.txt
git blame HEAD -- f.txt
git blame f.txt HEAD~1

#### blame -L
git init -q r && cd r
seq 1 12 > n.txt && git add n.txt && git commit -q -m numbers
tick; sed -i 's/^4$/four/; s/^10$/ten/' n.txt && git commit -q -am words
git blame -L 2,5 n.txt
git blame -L 9,11 n.txt
git blame -L 3,+2 n.txt
git blame -L 5,-2 n.txt
git blame -L ,2 n.txt
git blame -L 11 n.txt
git blame -L 10, n.txt
git blame -L 6,3 n.txt
git blame -L 1,1 -L 10,12 n.txt
git blame -L 2,4 -L 3,5 n.txt
git blame -s -n -L 9,11 n.txt
git blame n.txt -L 4,4
git blame -L4,4 -s n.txt
git blame -L 8,100 n.txt

#### blame --porcelain and --line-porcelain
git init -q r && cd r
printf 'a\nb\nc\nd\ne\n' > f && git add f && git commit -q -m 'first commit'
tick; sed -i 's/b/B/' f && GIT_AUTHOR_NAME=Bo GIT_AUTHOR_EMAIL=bo@example.com git commit -q -am 'change b' -m 'with a body'
tick; sed -i 's/d/D/' f && git commit -q -am 'change d'
git blame --porcelain f
git blame -p -L 2,4 f
git blame --line-porcelain f
git blame --line-porcelain f | grep '^author '
git blame --line-porcelain f | sed -n 's/^summary //p' | sort | uniq -c
git blame --porcelain HEAD~1 -- f
tick; echo f >> f && git commit -q -am 'a subject
on two lines' -m 'and a body'
git blame --line-porcelain -L 6 f | grep summary
git blame --date=short -L 5,6 f
git blame --date=iso -L 5,6 f
git -c blame.date=short blame -L 5,6 f

#### blame with uncommitted changes
git init -q r && cd r
printf 'keep\nold\nkeep too\n' > f && git add f && git commit -q -m base
sed -i 's/old/new/' f && echo added >> f
git blame f | sed 's/Yet [0-9-]* [0-9:]* +0000/Yet DATE/'
git blame -s f
git blame HEAD f
git blame --porcelain f | grep -v -e '-time ' -e '^[0-9a-f]\{40\}'
echo staged > g && git add g
git blame -s g
git blame --porcelain g | grep -e summary -e previous -e filename
git checkout -q f && git blame -s f

#### blame an older revision and a file in a subdirectory
git init -q r && cd r
mkdir -p src && printf 'fn a() {}\nfn b() {}\n' > src/lib.rs && git add . && git commit -q -m one
tick; printf 'fn a() {}\nfn b2() {}\nfn c() {}\n' > src/lib.rs && git commit -q -am two
tick; printf 'fn z() {}\nfn b2() {}\nfn c() {}\n' > src/lib.rs && git commit -q -am three
git blame HEAD~1 -- src/lib.rs
git blame HEAD~2 src/lib.rs
git blame -s main~1 -- src/lib.rs
cd src && git blame -s lib.rs && git blame -s HEAD~1 lib.rs && git blame --porcelain lib.rs | grep filename

#### blame a file without a trailing newline
git init -q r && cd r
printf 'one\ntwo' > f && git add f && git commit -q -m one
tick; printf 'one\ntwo\nthree' > f && git commit -q -am two
git blame f
git blame --porcelain f
git blame -L 2 -s f
printf 'x' > g && git add g && git commit -q -m g && git blame -s g

#### blame a deleted and re-added line
git init -q r && cd r
printf 'a\nb\nc\n' > f && git add f && git commit -q -m one
tick; printf 'a\nc\n' > f && git commit -q -am 'drop b'
tick; printf 'a\nb\nc\n' > f && git commit -q -am 're-add b'
tick; printf 'a\nb\nc\nb\n' > f && git commit -q -am 'b again'
git blame -s f
git blame --porcelain f | grep -e '^[0-9a-f]\{40\}' -e previous

#### blame through merges
git init -q r && cd r
printf 'a\nb\nc\nd\ne\n' > f && git add f && git commit -q -m root
tick; git checkout -q -b side && sed -i 's/^b$/b-side/' f && git commit -q -am side
tick; git checkout -q main && sed -i 's/^d$/d-main/' f && git commit -q -am main
tick; git merge -q --no-edit side >/dev/null
git blame -s f
tick; printf 'a\nb-side\nc\nd-main\ne\nevil\n' > f && git commit -q -am evil
git blame f
git blame --first-parent -s f
git blame --porcelain f | grep -e '^[0-9a-f]\{40\}' -e previous -e boundary
tick; git checkout -q -b s2 HEAD~2 && printf 'x\n' >> f && git commit -q -am s2
tick; git checkout -q main && printf 'a\nb-side\nc\nd-main\ne\nevil\ny\n' > f && git commit -q -am m2
tick; git merge -q --no-edit s2 >/dev/null 2>&1; printf 'a\nb-side\nc\nd-main\ne\nevil\ny\nx\n' > f && git add f && git commit -q -m resolved
git blame -s f
git blame -s HEAD^2 -- f

#### blame of an empty file and a blank line
git init -q r && cd r
: > empty && printf '\n\n' > blank && git add . && git commit -q -m files
git blame empty
echo "status $?"
git blame blank
git blame -L 1 empty
echo "status $?"

#### blame errors
git init -q r && cd r
echo a > f && git add f && git commit -q -m one
git blame nope.txt
echo "status $?"
echo u > untracked && git blame untracked
echo "status $?"
git blame HEAD -- nope
echo "status $?"
git blame
echo "status $?"
git blame --bogus f
echo "status $?"
git blame -x f
echo "status $?"
git blame -L 5,6 f
echo "status $?"
git blame -L 0,1 f
echo "status $?"
git blame -L 1,+0 f
echo "status $?"
git blame -L abc f
echo "status $?"
git blame nosuchrev -- f
echo "status $?"
git blame nosuchrev f
echo "status $?"
git blame HEAD HEAD f
echo "status $?"
git blame HEAD -- f f
echo "status $?"
git blame ../f
echo "status $?"
rm f && git blame f
echo "status $?"
mkdir d && git blame HEAD -- d
echo "status $?"
cd .. && git blame f
echo "status $?"
