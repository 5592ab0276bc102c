## compare_shells: bash

#### a PATH without the command's directory does not find it
PATH=/nonexistent
ls 2>/dev/null
echo $?
## stdout: 127

#### an empty PATH finds nothing either
PATH=
cat </dev/null 2>/dev/null
echo $?
## stdout: 127

#### commands live in /usr/bin, and /bin links there
/bin/ls -d /tmp
/usr/bin/basename /a/b
[ -x /usr/bin/sort ] && echo executable
[ -L /bin ] && readlink /bin
## STDOUT:
/tmp
b
executable
usr/bin
## END

#### builtins Debian also ships as programs
/usr/bin/test -d /tmp && echo dir
/usr/bin/[ a = a ] && echo same
/usr/bin/printf '%s\n' printed
/usr/bin/env printf '%s\n' via-env
## STDOUT:
dir
same
printed
via-env
## END

#### command -v, type and which agree
command -v sort
type sort
type -t sort
type -P sort
which sort
## STDOUT:
/usr/bin/sort
sort is /usr/bin/sort
file
/usr/bin/sort
/usr/bin/sort
## END

#### type -a lists every match on PATH
type -a true
type -ap echo
## STDOUT:
true is a shell builtin
true is /usr/bin/true
true is /bin/true
/usr/bin/echo
/bin/echo
## END

#### type -p prints nothing for a builtin
type -p echo
echo "status $?"
type -p nosuch_cmd_x
echo "status $?"
## STDOUT:
status 0
status 1
## END

#### a command that ran is remembered
hash
sort </dev/null
type sort
hash -t sort
hash
## STDOUT:
hash: hash table empty
sort is hashed (/usr/bin/sort)
/usr/bin/sort
hits	command
   3	/usr/bin/sort
## END

#### hash -r forgets, hash NAME remembers without running
sort </dev/null
hash -r
hash
hash cat ls
hash -t cat ls
hash -r
hash cat
hash -l
## STDOUT:
hash: hash table empty
cat	/usr/bin/cat
ls	/usr/bin/ls
builtin hash -p /usr/bin/cat cat
## END

#### hash errors
hash no_such_cmd_y 2>/dev/null
echo $?
hash -d no_such_cmd_y 2>/dev/null
echo $?
hash cat
hash -d no_such_cmd_y 2>/dev/null
echo $?
hash -t no_such_cmd_y 2>/dev/null
echo $?
hash echo
echo $?
## STDOUT:
1
0
1
1
0
## END

#### a script earlier on PATH shadows a command
mkdir -p /tmp/cp-bin
printf '#!/bin/bash\necho "my sort $1"\n' > /tmp/cp-bin/sort
chmod +x /tmp/cp-bin/sort
PATH=/tmp/cp-bin:$PATH
sort x
type sort
rm -r /tmp/cp-bin
## STDOUT:
my sort x
sort is hashed (/tmp/cp-bin/sort)
## END

#### a remembered script that goes away fails (no checkhash)
mkdir -p /tmp/cp-bin2
printf '#!/bin/bash\necho mine $0\n' > /tmp/cp-bin2/basename
chmod +x /tmp/cp-bin2/basename
PATH=/tmp/cp-bin2:$PATH
basename /x/y
rm /tmp/cp-bin2/basename
basename /x/y 2>/dev/null
echo $?
hash -r
basename /x/y
rmdir /tmp/cp-bin2
## STDOUT:
mine /tmp/cp-bin2/basename
127
y
## END

#### command -p uses the standard PATH
PATH=/nonexistent
command -p basename /a/b
## stdout: b

#### type and command -v want an executable file for a path with a slash
mkdir -p d
touch d/plain d/prog
chmod +x d/prog
type d/plain d/prog 2>&1 | sed 's/^.*type: //'
echo "status=$?"
command -v d/plain
echo "status=$?"
type -t d/prog
## STDOUT:
d/plain: not found
d/prog is d/prog
status=0
status=1
file
## END

#### command name too long
./$(printf '%0300d' 0) 2>/dev/null
echo status=$?
## stdout: status=126

#### a shell started without PATH gets bash's default, unexported
env -i bash -c 'echo "$PATH"; env | grep "^PATH=" | wc -l'
## STDOUT:
/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.
0
## END
