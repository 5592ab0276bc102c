## compare_shells: bash

#### basic getopts
set -- -a -b
while getopts ab opt; do echo "opt=$opt"; done
## STDOUT:
opt=a
opt=b
## END

#### getopts with argument
set -- -f file.txt -v
while getopts f:v opt; do echo "$opt ${OPTARG-none}"; done
## STDOUT:
f file.txt
v none
## END

#### OPTIND after parsing
set -- -a -b rest1 rest2
while getopts ab opt; do :; done
echo "OPTIND=$OPTIND"
shift $((OPTIND-1))
echo "$@"
## STDOUT:
OPTIND=3
rest1 rest2
## END

#### combined flags
set -- -abc
while getopts abc opt; do echo $opt; done
## STDOUT:
a
b
c
## END

#### argument attached
set -- -ofile
getopts o: opt
echo "$opt $OPTARG"
## stdout: o file

#### unknown option gives ?
set -- -z
getopts ab opt 2>/dev/null
echo "$opt [${OPTARG-unset}]"
## stdout: ? [unset]

#### silent mode with leading colon
set -- -z
getopts :ab opt
echo "$opt $OPTARG"
## stdout: ? z

#### missing argument in silent mode
set -- -f
getopts :f: opt
echo "$opt $OPTARG"
## stdout: : f

#### missing argument non-silent
set -- -f
getopts f: opt 2>/dev/null
echo "$opt [${OPTARG-unset}]"
## stdout: ? [unset]

#### -- ends options
set -- -a -- -b
while getopts ab opt; do echo $opt; done
shift $((OPTIND-1))
echo "rest: $*"
## STDOUT:
a
rest: -b
## END

#### stops at first non-option
set -- -a file -b
while getopts ab opt; do echo $opt; done
echo "OPTIND=$OPTIND"
## STDOUT:
a
OPTIND=2
## END

#### getopts returns 1 at end
set --
getopts a opt
echo "status $? opt=$opt"
## stdout: status 1 opt=?

#### getopts with explicit args
getopts xy opt -y
echo $opt
## stdout: y

#### getopts in a function with local OPTIND
f() {
  local OPTIND opt
  while getopts n: opt; do echo "n=$OPTARG"; done
}
f -n 1
f -n 2
## STDOUT:
n=1
n=2
## END

#### option argument with spaces
set -- -m 'hello world'
getopts m: opt
echo "[$OPTARG]"
## stdout: [hello world]

#### getopts at the end unsets OPTARG and leaves OPTIND after the last argument
getopts "c:" opt -c10
echo "$opt $OPTARG $OPTIND"
getopts "c:" opt -c10
echo "$? $opt ${OPTARG-unset} $OPTIND"
OPTIND=4; set --
getopts a o; echo "$? $OPTIND"
OPTIND=5; set -- -a -a -a
getopts a o; echo "$? $OPTIND"
## STDOUT:
c 10 2
1 ? unset 2
1 1
1 4
## END

#### getopts with an invalid name still parses, then fails
set -- -c foo -h
getopts 'hc:' opt- 2>/dev/null
echo "status=$? opt=$opt OPTARG=$OPTARG OPTIND=$OPTIND"
## stdout: status=1 opt= OPTARG=foo OPTIND=3

#### getopts loop with silent errors and shift
set -- -a -b val -x -c rest1 rest2
while getopts ":ab:c" opt; do
  case $opt in
    a) echo A;;
    b) echo "B=$OPTARG";;
    c) echo C;;
    \?) echo "bad $OPTARG";;
  esac
done
shift $((OPTIND-1))
echo "rest: $*"
## STDOUT:
A
B=val
bad x
C
rest: rest1 rest2
## END
