## compare_shells: bash

#### diff line formats merge both files with a mark per line
printf 'a\nb\nc\nd\ne\n' > 1; printf 'a\nB\nc\ne\nf\n' > 2
diff --old-line-format='-%L' --new-line-format='+%L' --unchanged-line-format=' %L' 1 2
echo "status $?"
## STDOUT:
 a
-b
+B
 c
-d
 e
+f
status 1
## END

#### diff --line-format numbers lines (unchanged ones by the old file)
printf 'a\nb\nc\nd\ne\n' > 1; printf 'a\nB\nc\ne\nf\n' > 2
diff --line-format='%dn:%L' 1 2
## status: 1
## STDOUT:
1:a
2:b
2:B
3:c
4:d
5:e
5:f
## END

#### diff group formats: line numbers of both files, %< and %>
printf 'a\nb\nc\nd\ne\n' > 1; printf 'a\nB\nc\ne\nf\n' > 2
diff --changed-group-format='CH %df-%dl %dF-%dL [%dn %dN] e=%de m=%dm E=%dE M=%dM
%<---
%>' --unchanged-group-format='' 1 2
## status: 1
## STDOUT:
CH 2-2 2-2 [1 1] e=1 m=3 E=1 M=3
b
---
B
CH 4-4 4-3 [1 0] e=3 m=5 E=3 M=4
d
---
CH 6-5 5-5 [0 1] e=5 m=6 E=4 M=6
---
f
## END

#### diff group formats: conditionals, %%, %c, old and new groups
printf 'a\nb\nc\nd\ne\n' > 1; printf 'a\nB\nc\ne\nf\n' > 2
diff --old-group-format='DEL %(n=1?one:%dn lines)%c'"':'"'
' --new-group-format='ADD %(N=1?:many)%%
' --changed-group-format='' --unchanged-group-format='' 1 2
## status: 1
## STDOUT:
DEL one:
ADD %
## END

#### diff line formats: printf widths, octal and hex, %c'\012', unknown escapes kept
printf 'a\nb\nc\nd\ne\n' > 1; printf 'a\nB\nc\ne\nf\n' > 2
diff --unchanged-line-format='' --old-line-format='%5dn|%-3dn|%xn|%.3dn|%l%c'"'\\012'" --new-line-format='%q %5n %l
' 1 2
## status: 1
## STDOUT:
    2|2  |2|002|b
%q %5n B
    4|4  |4|004|d
%q %5n f
## END

#### diff formats print identical files too; -q does not
printf 'x\ny\n' > 1
diff --line-format='=%L' 1 1; echo "status $?"
diff -q --line-format='=%L' 1 1; echo "status $?"
## STDOUT:
=x
=y
status 0
status 0
## END

#### diff %L keeps a missing final newline, %l drops the newline
printf 'x\na\nb\n' > 3; printf 'y\na\nb' > 4
diff --line-format='[%L]' 3 4 | od -An -c | tr -d ' \n'; echo
diff --unchanged-group-format='U[%df-%dl,%dF-%dL]
' --changed-group-format='C[%df-%dl]
' 3 4
## status: 1
## STDOUT:
[x\n][y\n][a\n][b\n][b]
C[1-1]
U[2-2,2-2]
C[3-3]
## END

#### diff formats conflict with -u
printf 'a\n' > 1; printf 'b\n' > 2
diff -u --line-format='%L' 1 2 2>&1; echo "status $?"
## STDOUT:
diff: conflicting output style options
diff: Try 'diff --help' for more information.
status 2
## END

#### the agent idiom: show only added lines
printf 'keep\nold\n' > before; printf 'keep\nnew\nmore\n' > after
diff --new-line-format='%L' --old-line-format='' --unchanged-line-format='' before after
echo "status $?"
## STDOUT:
new
more
status 1
## END
