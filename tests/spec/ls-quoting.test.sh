## compare_shells: bash

#### ls -b escapes nongraphic characters, spaces and backslashes C-style
mkdir d && cd d
touch 'a b' $'tab\there' $'nl\nx' 'back\slash' $'bell\a' 'dq"x' plain
ls -b
## STDOUT:
a\ b
back\\slash
bell\a
dq"x
nl\nx
plain
tab\there
## END

#### ls -q shows ? for control characters; -N and the default show them as they are
mkdir d && cd d
touch $'tab\there' $'nl\nx' 'a b'
ls -q
ls -N | od -An -c | tr -d ' \n'; echo
ls | od -An -c | tr -d ' \n'; echo
## STDOUT:
a b
nl?x
tab?here
ab\nnl\nx\ntab\there\n
ab\nnl\nx\ntab\there\n
## END

#### ls -Q and --quoting-style=c quote with double quotes
mkdir d && cd d
touch 'a b' 'dq"x' $'nl\nx'
ls -Q
ls --quoting-style=c plain 2>/dev/null; ls --quoting-style=c
## STDOUT:
"a b"
"dq\"x"
"nl\nx"
"a b"
"dq\"x"
"nl\nx"
## END

#### ls --quoting-style=shell and shell-always
mkdir d && cd d
touch -- 'a b' "q'uote" 'x=y' '#h' 'a#b' '-d' 'a~b' "it's \$x" plain
ls --quoting-style=shell
echo --
ls --quoting-style=shell-always plain -- -d
## STDOUT:
'#h'
-d
'a b'
a#b
a~b
'it'\''s $x'
plain
"q'uote"
'x=y'
--
'-d'
'plain'
## END

#### ls --quoting-style=shell-escape writes control characters as $'…'
mkdir d && cd d
touch $'bell\a' $'nl\nx' $'\nl' plain
ls --quoting-style=shell-escape
ls --quoting-style=shell-escape-always plain
## STDOUT:
''$'\n''l'
'bell'$'\a'
'nl'$'\n''x'
plain
'plain'
## END

#### ls: the last quoting option wins; -l and link targets are quoted too
mkdir d && cd d
touch 'a b' && ln -s 'a b' 'l k'
ls -b -N
ls -N -b
ls -b -l 'l k' | sed 's/.* l/l/'
ls --quoting-style=escape
## STDOUT:
a b
l k
a\ b
l\ k
l\ k -> a\ b
a\ b
l\ k
## END

#### ls --quoting-style with an unknown word
r=$(ls --quoting-style=bogus 2>&1)
echo "status $?"
echo "$r" | head -2
## STDOUT:
status 1
ls: invalid argument ‘bogus’ for ‘--quoting-style’
Valid arguments are:
## END
