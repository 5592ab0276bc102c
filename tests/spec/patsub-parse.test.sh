# Conformance: how ${x//…} is parsed: a slash right after // starts the pattern, and a leading
# ~ in a pattern is tilde-expanded, quoted or not (bash 5.2).

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
