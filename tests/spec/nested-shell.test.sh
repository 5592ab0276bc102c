## compare_shells: bash

#### bash -c with args
bash -c 'echo "$0 $1 $2"' zero one two
## stdout: zero one two

#### bash -c exit status
bash -c 'exit 3'
echo $?
## stdout: 3

#### bash -c does not see unexported vars
x=local
bash -c 'echo "[${x-unset}]"'
## stdout: [unset]

#### bash -c sees exported vars
export Y=exported
bash -c 'echo "$Y"'
## stdout: exported

#### bash -c with $@
bash -c 'printf "[%s]\n" "$@"' _ 'a b' c
## STDOUT:
[a b]
[c]
## END

#### bash file.sh args
printf 'echo "script got $# args: $*"\n' > s.sh
bash s.sh x y
## stdout: script got 2 args: x y

#### bash file.sh exit status
printf 'exit 4\n' > s.sh
bash s.sh
echo $?
## stdout: 4

#### sh -c
sh -c 'echo from sh'
## stdout: from sh

#### nested bash -c
bash -c 'bash -c "echo deep"'
## stdout: deep

#### bash -c syntax error status
bash -c 'if' 2>/dev/null
echo $?
## stdout: 2

#### executable script with shebang
printf '#!/bin/bash\necho "ran with $1"\n' > run.sh
chmod +x run.sh
./run.sh arg
## stdout: ran with arg

#### non-executable file status 126
printf 'echo hi\n' > f.sh
./f.sh 2>/dev/null
echo $?
## stdout: 126

#### command not found status 127
no_such_command_xyz 2>/dev/null
echo $?
## stdout: 127

#### path to missing file 127
./missing.sh 2>/dev/null
echo $?
## stdout: 127

#### directory is not executable 126
mkdir d
./d 2>/dev/null
echo $?
## stdout: 126

#### script without shebang runs in bash
printf 'echo no-shebang\n' > ns.sh
chmod +x ns.sh
./ns.sh
## stdout: no-shebang

#### bash -c with -e option
bash -e -c 'false; echo no'
echo $?
## stdout: 1

#### pipe into bash
echo 'echo from-stdin' | bash
## stdout: from-stdin

#### bash -c output captured
x=$(bash -c 'echo captured')
echo "[$x]"
## stdout: [captured]

#### env passes variable to child
env MYV=1 bash -c 'echo $MYV'
## stdout: 1

#### exit status above 255 wraps
bash -c 'exit 300'
echo $?
## stdout: 44

#### functions are not inherited by child bash
f() { echo f; }
bash -c 'f' 2>/dev/null
echo $?
## stdout: 127

#### export -f makes function visible to child
f() { echo exported-f; }
export -f f
bash -c f
## stdout: exported-f

#### source script path with slash
printf 'echo in-script\n' > sub.sh
bash ./sub.sh
## stdout: in-script

#### bash -O and +O set shopt options for the new shell
bash +O nullglob -c 'echo foo *.nonexistent bar'
bash -O nullglob -c 'echo foo *.nonexistent bar'
bash -O extglob -c 'shopt extglob'
bash -O nosuchopt -c 'echo not run' 2>/dev/null
echo "status=$?"
## STDOUT:
foo *.nonexistent bar
foo bar
extglob        	on
status=2
## END

#### bash -i: $- has i, emacs editing and history are on, HISTFILE is set
bash -c 'echo $-'
bash --norc --rcfile /dev/null -i -c 'echo $-; test -o emacs; echo emacs=$?; test -o vi; echo vi=$?; echo histfile=${HISTFILE:+yes}' 2>/dev/null
bash -c 'echo histfile=${HISTFILE:+yes}'
## STDOUT:
hBc
hiBHc
emacs=0
vi=1
histfile=yes
histfile=
## END

#### bash -i: an unset variable under set -u abandons the line, not the shell
bash -i -c 'set -u; echo before; echo $x; echo after
echo line2
' 2>/dev/null
echo "status=$?"
bash -c 'set -u; echo before; echo $x; echo after
echo line2
' 2>/dev/null
echo "status=$?"
## STDOUT:
before
line2
status=0
before
status=127
## END

#### a nested shell signals its parent
trap 'echo USR1 trap status=$?; ( exit 42 )' USR1
bash -c "kill -USR1 $$"
echo after=$?
trap 'echo USR2 trap' USR2
bash -c "bash -c 'kill -USR2 $$'; echo mid"
echo end
## STDOUT:
USR1 trap status=0
after=0
mid
USR2 trap
end
## END

#### a nested shell has its own $$
outer=$$
inner=$(bash -c 'echo $$')
test "$outer" != "$inner" && echo differ
test "$(echo $$)" = "$outer" && echo same-in-subshell
## STDOUT:
differ
same-in-subshell
## END
