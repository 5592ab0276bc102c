#### env -i runs a program with PATH unset, from /bin:/usr/bin
env -i FOO=1 env
env -i printenv FOO; echo "s=$?"
## STDOUT:
FOO=1
s=1
## END

#### utilities that run programs do not run functions or builtins
f() { echo function; }
env f; echo "env=$?"
xargs f <<< a; echo "xargs=$?"
timeout 5 f; echo "timeout=$?"
env cd /; echo "cd=$?"
env echo program
## STDOUT:
env=127
xargs=127
timeout=127
cd=127
program
## END

#### a program that is missing or not executable
env nosuch-program-q; echo "s=$?"
touch plain; env ./plain; echo "s=$?"
xargs ./plain <<< a; echo "s=$?"
## STDOUT:
s=127
s=126
s=126
## END

#### find -exec with a missing program is only false
mkdir -p d && touch d/a d/b
find d -type f -exec nosuch-program-q {} \; -print; echo "s=$?"
find d -type f -exec nosuch-program-q {} + ; echo "s=$?"
## STDOUT:
s=0
s=1
## END
