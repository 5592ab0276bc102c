# The first minutes of a session: version, help, init, a first commit.

#### version
git --version

#### git alone prints the usage and fails
git
echo status=$?

#### unknown subcommand
git frobnicate
echo status=$?

#### unknown global option
git --frobnicate
echo status=$?

#### not a repository
git status
echo status=$?
git log
echo status=$?

#### init prints where
git init repo
git init repo
ls -a repo/.git | sort
cat repo/.git/HEAD

#### init -b and -q
git init -q -b trunk r && cat r/.git/HEAD && cat r/.git/config

#### init --bare
git init -q --bare b.git && cat b.git/HEAD && cat b.git/config && ls b.git | sort

#### first commit
git init -q r && cd r
echo hello > README.md
git add README.md
git commit -m 'Initial commit'
git log
git rev-parse HEAD HEAD^{tree}

#### add -A and commit -q
git init -q r && cd r
mkdir -p src/lib && echo a > src/lib/a.rs && echo b > src/b.rs && echo c > c.txt
git add -A && git commit -q -m all
git ls-files
git ls-tree -r HEAD
git cat-file -p HEAD

#### identity from config
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
git init -q r && cd r
git config user.name 'Con Fig' && git config user.email cf@example.com
echo x > f && git add f && git commit -q -m cfg
git log --format='%an <%ae> / %cn <%ce>'
git config user.name
git config --get user.email
git config --list --local

#### -c overrides and -C
git init -q r
echo x > r/f
git -C r add f
git -C r -c user.name=Dash -c user.email=dash@example.com commit -q -m dash
unset GIT_AUTHOR_NAME
git -C r -c user.name=Dash -c user.email=dash@example.com commit -q --allow-empty -m two
git -C r log --format='%an %s'
