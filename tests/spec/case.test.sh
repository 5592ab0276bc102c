## compare_shells: bash

#### simple case
case b in a) echo A;; b) echo B;; esac
## stdout: B

#### default pattern
case z in a) echo A;; *) echo default;; esac
## stdout: default

#### alternatives
case dog in cat|dog) echo pet;; esac
## stdout: pet

#### glob patterns
for f in x.txt y.sh z; do
  case $f in *.txt) echo "$f text";; *.sh) echo "$f script";; *) echo "$f none";; esac
done
## STDOUT:
x.txt text
y.sh script
z none
## END

#### character classes in case
for c in a 5 Z; do case $c in [a-z]) echo lower;; [0-9]) echo digit;; *) echo other;; esac; done
## STDOUT:
lower
digit
other
## END

#### fallthrough with ;&
case a in a) echo one;& b) echo two;; c) echo three;; esac
## STDOUT:
one
two
## END

#### continue matching with ;;&
case ab in a*) echo starts-a;;& *b) echo ends-b;;& *) echo any;; esac
## STDOUT:
starts-a
ends-b
any
## END

#### no match status 0
case x in y) echo y;; esac
echo $?
## stdout: 0

#### status of matched branch
case x in x) false;; esac
echo $?
## stdout: 1

#### quoted pattern is literal
case '*' in '*') echo star;; esac
case abc in '*') echo literal;; *) echo glob;; esac
## STDOUT:
star
glob
## END

#### variable in pattern is glob
p='a*'
case abc in $p) echo matched;; esac
case abc in "$p") echo quoted;; *) echo not-quoted-match;; esac
## STDOUT:
matched
not-quoted-match
## END

#### case with empty string
x=
case $x in '') echo empty;; *) echo nonempty;; esac
## stdout: empty

#### pattern with parentheses opening
case x in (x) echo paren;; esac
## stdout: paren

#### multiline case
case foo in
  foo)
    echo first
    echo second
    ;;
  *)
    echo no
    ;;
esac
## STDOUT:
first
second
## END

#### case last clause without ;;
case a in a) echo last
esac
## stdout: last

#### nocasematch
shopt -s nocasematch
case HELLO in hello) echo ci-match;; esac
## stdout: ci-match

#### extglob in case
shopt -s extglob
case abc123 in +([a-z])+([0-9])) echo mixed;; esac
## stdout: mixed

#### question mark pattern
case ab in ?) echo one;; ??) echo two;; esac
## stdout: two

#### case with bracket negation
case x in [!abc]) echo not-abc;; esac
## stdout: not-abc

#### case on number
n=10
case $n in [0-9]) echo single;; [0-9][0-9]) echo double;; esac
## stdout: double

#### case word undergoes tilde and parameter expansion
x=val
case $x-suffix in val-*) echo ok;; esac
## stdout: ok

#### case in function with return
f() { case $1 in y) return 0;; *) return 1;; esac; }
f y && echo yes
f n || echo no
## STDOUT:
yes
no
## END

#### escaped special characters in pattern
case 'a|b' in a\|b) echo pipe-literal;; esac
## stdout: pipe-literal

#### empty case body
case x in x) ;; esac
echo "status $?"
## stdout: status 0

#### case patterns are not regex
case abc in a.c) echo regex;; *) echo glob-no-match;; esac
## stdout: glob-no-match
