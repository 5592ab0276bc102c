## compare_shells: bash

#### star matches files
touch a.txt b.txt c.log
echo *.txt
## stdout: a.txt b.txt

#### results are sorted
touch c b a
echo *
## stdout: a b c

#### question mark
touch ab ac abc
echo a?
## stdout: ab ac

#### character class
touch f1 f2 f3 fa
echo f[12]
echo f[!12]
echo f[^12]
## STDOUT:
f1 f2
f3 fa
f3 fa
## END

#### no match leaves pattern
echo *.nomatch
## stdout: *.nomatch

#### nullglob removes pattern
shopt -s nullglob
echo start *.nomatch end
## stdout: start end

#### failglob errors
shopt -s failglob
echo *.nomatch 2>/dev/null
echo "status $?"
## stdout: status 1

#### hidden files not matched by star
touch .hidden visible
echo *
## stdout: visible

#### dotglob matches hidden
touch .hidden visible
shopt -s dotglob
echo *
## stdout: .hidden visible

#### explicit dot matches hidden
touch .hidden visible
echo .h*
## stdout: .hidden

#### glob in subdirectory
mkdir sub
touch sub/x sub/y
echo sub/*
## stdout: sub/x sub/y

#### star does not cross slash
mkdir -p d/e
touch d/e/f
echo d/*
echo */*/*
## STDOUT:
d/e
d/e/f
## END

#### globstar
shopt -s globstar
mkdir -p g/h/i
touch g/1.c g/h/2.c g/h/i/3.c
echo g/**/*.c
## stdout: g/1.c g/h/2.c g/h/i/3.c

#### globstar off treats ** as *
mkdir -p g/h
touch g/h/2.c g/1.c
echo g/**/*.c
## stdout: g/h/2.c

#### nocaseglob
touch ABC.TXT
shopt -s nocaseglob
echo *.txt
## stdout: ABC.TXT

#### extglob patterns
shopt -s extglob
touch a.c b.h c.o
echo *.@(c|h)
echo !(*.o)
## STDOUT:
a.c b.h
a.c b.h
## END

#### extglob +() and ?()
shopt -s extglob
touch x xx xxx y
echo +(x)
echo ?(y)
## STDOUT:
x xx xxx
y
## END

#### extglob *()
shopt -s extglob
touch ab aab b
echo *(a)b
## stdout: aab ab b

#### glob with quoted part
touch 'a*b' axb
echo 'a*'b
echo a*b
## STDOUT:
a*b
a*b axb
## END

#### glob from variable
touch p1 p2
pat='p*'
echo $pat
## stdout: p1 p2

#### trailing slash matches directories only
mkdir d1 d2
touch f1
echo *1/
## stdout: d1/

#### character range in glob
touch a1 b1 c1 z1
echo [a-c]1
## stdout: a1 b1 c1

#### glob in array assignment
touch x.1 x.2
arr=(x.*)
echo "${#arr[@]}"
## stdout: 2

#### glob with no files and set -f
set -f
touch q
echo q*
## stdout: q*

#### glob in case pattern
case foo.txt in *.txt) echo text;; *) echo other;; esac
## stdout: text

#### brackets with special chars
touch '[a]' a
echo '[a]'
echo [a]
## STDOUT:
[a]
a
## END

#### glob dot-dot not matched by .*
touch .x
echo .*
## stdout: .x

#### GLOBIGNORE filters results
touch a.txt b.txt c.log
GLOBIGNORE='*.log'
echo *
## stdout: a.txt b.txt

#### character class names
touch A b 1
echo [[:upper:]] [[:digit:]] [[:lower:]]
## stdout: A 1 b

#### glob in for loop
touch m1 m2
for f in m*; do echo "file $f"; done
## STDOUT:
file m1
file m2
## END

#### nullglob in for loop runs zero times
shopt -s nullglob
for f in *.zzz; do echo "got $f"; done
echo done
## stdout: done

#### escaped star in unquoted word
touch 'x*' xy
echo x\*
## stdout: x*

#### without extglob, [[ !(x) ]] is a negation and the pattern of == still takes groups
empty='' str=x
[[ !($empty) ]] && echo empty-is-empty
[[ !($str) ]] || echo str-is-not-empty
[[ ab == @(a|b)b ]] && echo rhs-group
shopt -s extglob
[[ !($str) ]] && echo now-a-glob-word
case ab in @(a|b)b) echo case-group;; esac
## STDOUT:
empty-is-empty
str-is-not-empty
rhs-group
now-a-glob-word
case-group
## END

#### an extglob group without shopt -s extglob is a syntax error
case ab in @(a|b)b) echo no;; esac
echo not-reached
## status: 2
## STDOUT:
## END

#### globs in variable assignment and in echo
touch n1 n2
files=n*
echo $files
echo "$files"
## STDOUT:
n1 n2
n*
## END

#### nullglob keeps a lone [ (no closing ]) as a word
shopt -s nullglob
[ -d / ] && echo dir
echo [ a"]" "["b]
echo none*[x]
## STDOUT:
dir
[ a] [b]

## END

#### GLOBIGNORE: a wildcard does not cross a slash, except a trailing star; nocaseglob leaves plain names alone
mkdir -p gi/data && touch gi/data/people.csv gi/data/t.tsv && cd gi
GLOBIGNORE='*.csv'; echo data/*
GLOBIGNORE='d*'; echo data/*
GLOBIGNORE='*/*.csv'; echo data/*
unset GLOBIGNORE
shopt -s nocaseglob
echo DATA/*.CSV
echo data/*.CSV
echo d*/PEOPLE.csv
## STDOUT:
data/people.csv data/t.tsv
data/*
data/t.tsv
DATA/*.CSV
data/people.csv
d*/PEOPLE.csv
## END
