## compare_shells: bash

#### --version begins with the GNU tool's first line
bash --version | head -1
tar --version | head -1
grep --version | head -1
sed --version | head -1
ls --version | head -1
sort --version | head -1
diff --version | head -1
find --version | head -1
xargs --version | head -1
gzip --version | head -1
## STDOUT:
GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)
tar (GNU tar) 1.34
grep (GNU grep) 3.8
sed (GNU sed) 4.9
ls (GNU coreutils) 9.1
sort (GNU coreutils) 9.1
diff (GNU diffutils) 3.8
find (GNU findutils) 4.9.0
xargs (GNU findutils) 4.9.0
gzip 1.12
## END

#### gawk's version line, by --version, -W version and -V
gawk --version | head -1 | cut -d, -f1,2
gawk -W version | head -1 | cut -d, -f1,2
gawk -V | head -1 | cut -d, -f1,2
## STDOUT:
GNU Awk 5.2.1, API 3.2
GNU Awk 5.2.1, API 3.2
GNU Awk 5.2.1, API 3.2
## END

#### bash takes its long options, and refuses an unknown one with status 2
bash --norc --noprofile -c 'echo norc'
bash --posix -c 'shopt -qo posix && echo posix'
bash -l -c 'echo login'
bash --login -c 'echo login'
bash --bogus -c 'echo never' 2>/dev/null; echo "status $?"
## STDOUT:
norc
posix
login
login
status 2
## END
