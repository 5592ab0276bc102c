# Conformance: how ${x//…} is parsed, printf -v names and globskipdots (bash 5.2).
# A slash right after // starts a pattern; a leading ~ in a pattern is tilde-expanded.

#### a slash right after // is the pattern
x=a/b/c
echo ${x////c} ${x///} ${x///c}
H=/foo/bar
echo ${H////\\/} "${H////\\/}"
y=/x/
echo ${y/#//S} ${y/%//E}
## STDOUT:
acbcc abc a/b
\/foo\/bar \/foo\/bar
/S/x/ /x//E
## END

#### ~ in a pattern is the home directory
HOME=/home/me
p=~/git/x
echo ${p//~/z} "${p//~/z}" ${p#~} "${p#~}" ${p/~/z}
q="~/a"
echo ${q#\~} ${q#"~"} ${q/\~/T}
## STDOUT:
z/git/x z/git/x /git/x /git/x z/git/x
/a /a T/a
## END

#### printf -v refuses a name that is not one
printf -v 'a[' %s x; echo "status=$?"
printf -v 1x %s x; echo "status=$?"
printf -v 'b[2]' %s ok; echo "${b[2]}"
## STDOUT:
status=2
status=2
ok
## END

#### shopt -u globskipdots lets .* match . and ..
mkdir d && cd d && touch .x a
shopt -u globskipdots
echo .*
shopt -s globskipdots
echo .*
## STDOUT:
. .. .x
.x
## END
