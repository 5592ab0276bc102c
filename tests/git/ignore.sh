# Ignore rules: .gitignore at every level, negation, directories, info/exclude.

#### gitignore basics
git init -q r && cd r
printf 'node_modules/\n*.pyc\n/dist\n.env\n' > .gitignore
mkdir -p node_modules/x src/dist dist && touch node_modules/x/i.js a.pyc src/b.pyc .env src/dist/keep dist/out app.py
git status --porcelain
git add .
git status --porcelain
git check-ignore a.pyc src/dist dist/out app.py
echo status=$?

#### nested gitignore and negation
git init -q r && cd r
printf '*.log\n' > .gitignore
mkdir -p logs sub && printf '!keep.log\n' > logs/.gitignore && printf '*.tmp\n' > sub/.gitignore
touch a.log logs/x.log logs/keep.log sub/y.tmp y.tmp sub/z.txt
git status --porcelain -uall
git add -A && git ls-files

#### info/exclude
git init -q r && cd r
echo 'secret*' >> .git/info/exclude
touch secret.txt public.txt
git status --porcelain

#### adding an ignored file
git init -q r && cd r
echo '*.log' > .gitignore && touch x.log y.txt
git add x.log
echo status=$?
git add -f x.log && git status --porcelain

#### tracked files stay tracked
git init -q r && cd r
echo data > build.log && git add build.log && git commit -q -m base
echo '*.log' > .gitignore
echo more >> build.log
git status --porcelain
git ls-files -o --exclude-standard
git ls-files -i -o --exclude-standard
