# git grep over tracked files: patterns, -n, -i, -l, -c, -e, -w, -v, -E, -F, --cached, a
# revision, pathspecs and the working directory.

#### grep tracked files
git init -q r && cd r
mkdir src && printf 'fn main() {\n    println!("Hello");\n}\n// TODO: fix\n' > src/main.rs && printf 'hello world\nTODO later\n' > README && echo 'todo untracked' > notes
git add src README && git commit -q -m base
git grep TODO
echo "status $?"
git grep -n TODO
git grep -i hello
git grep -l -i todo
git grep -c o
git grep -e Hello -e world
git grep nosuchthing
echo "status $?"
git grep -n 'print.*(' -- src
cd src && git grep -n TODO && cd ..
git grep -w fix
git grep -v o -- README
git grep 'a\|b'
git grep -E 'TODO|Hello'
git grep -F 'println!('
git grep -q TODO && echo quiet-found

#### grep the working tree, the index and a revision
git init -q r && cd r
printf 'one\nTODO first\n' > a.txt && git add a.txt && git commit -q -m base
echo "TODO second" >> a.txt
git grep TODO
git grep --cached TODO
git grep TODO HEAD
git grep -n TODO HEAD -- a.txt
git grep -L nothing-here
git grep -h TODO

#### grep from a subdirectory, with a binary file
git init -q r && cd r
mkdir -p lib docs && printf 'needle one\n' > lib/a.c && printf 'no match\nneedle two\n' > docs/guide.md && printf 'needle\0bin\n' > lib/blob.bin
git add . && git commit -q -m base
cd lib
git grep needle
git grep -n needle -- ../docs
git grep -c needle ..
git grep -I -l needle
git grep --full-name -l needle
