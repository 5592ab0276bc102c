# git diff after edits, as agents check their work.

#### diff after an edit
git init -q r && cd r
printf 'fn main() {\n    println!("hi");\n}\n' > main.rs && git add . && git commit -q -m base
printf 'fn main() {\n    println!("hello");\n    println!("world");\n}\n' > main.rs
git diff
git diff --stat
git diff --numstat
git diff --shortstat
git diff --name-only
git diff --name-status

#### staged diff and diff HEAD
git init -q r && cd r
printf '1\n2\n3\n' > f && git add f && git commit -q -m base
printf '1\n2\n3\n4\n' > f && git add f && printf '0\n1\n2\n3\n4\n' > f
git diff
git diff --cached
git diff --staged --stat
git diff HEAD

#### hunks, context and function lines
git init -q r && cd r
for i in $(seq 1 40); do echo "line $i"; done > f
printf 'struct S;\n' > g; for i in $(seq 1 20); do echo "    field $i"; done >> g
git add . && git commit -q -m base
sed -i 's/line 5$/LINE 5/; s/line 30$/LINE 30/; s/line 12$/LINE 12/' f
sed -i 's/field 15/FIELD 15/' g
git diff
git diff -U1 f
git diff --unified=0 g
git diff -U10 --stat

#### new, deleted and binary files
git init -q r && cd r
echo keep > keep && echo gone > gone && printf 'a\0b' > bin && git add . && git commit -q -m base
rm gone && printf 'a\0c' > bin && echo fresh > fresh && git add -A
git diff --cached
git diff --cached --stat
git diff --cached --numstat

#### no newline at end of file
git init -q r && cd r
printf 'a\nb' > f && git add f && git commit -q -m base
printf 'a\nc' > f && git diff
printf 'a\nc\n' > f && git diff

#### diff between commits and ranges
git init -q r && cd r
echo 1 > f && git add f && git commit -q -m one
tick; echo 2 >> f && echo x > x && git add . && git commit -q -m two
tick; echo 3 >> f && git commit -q -am three
git diff HEAD~2 HEAD
git diff HEAD~2..HEAD --stat
git diff HEAD~1 -- x
git diff --name-status HEAD~2 HEAD

#### mode changes and renames in diff
git init -q r && cd r
printf 'content line %s\n' 1 2 3 4 5 6 > script && git add . && git commit -q -m base
chmod +x script && git diff
git add script && git commit -q -m mode
git mv script tool.sh && git diff --cached && git diff --cached --stat && git diff --cached --name-status
echo extra >> tool.sh && git add tool.sh && git diff --cached -M

#### exit code and quiet
git init -q r && cd r
echo a > a && git add a && git commit -q -m a
git diff --exit-code; echo status=$?
echo b >> a
git diff --quiet; echo status=$?
git diff --exit-code --stat; echo status=$?

#### diff with the stat graph scaled
git init -q r && cd r
seq 1 200 > big && echo s > small && git add . && git commit -q -m base
seq 1 3 200 > big && echo t >> small
git diff --stat
git diff --stat=60

#### diff --no-index
printf 'a\nb\n' > one && printf 'a\nc\n' > two
git diff --no-index one two
echo status=$?
