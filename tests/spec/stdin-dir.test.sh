## compare_shells: bash

#### sed reading a directory on standard input: read error, status 4
mkdir dd
sed p < dd 2>&1
echo "status $?"
## STDOUT:
sed: read error on stdin: Is a directory
status 4
## END

#### awk skips a directory on standard input with gawk's warning
mkdir dd
awk 1 < dd 2>&1
echo "status $?"
printf 'x\n' > f
awk '{print}' - f < dd 2>&1
## STDOUT:
awk: warning: command line argument `-' is a directory: skipped
status 0
awk: warning: command line argument `-' is a directory: skipped
x
## END

#### wc names standard input - when asked to
printf 'a\nb\n' > f
wc -l - < f
echo x | wc -l -
wc -l < f
## STDOUT:
2 -
1 -
2
## END
