#### terminal escapes in output
printf '\e]0;pwned\a\e[2J\e[31mred\n'
## expect: any

#### escapes in an error message
$'\e[31mnosuchcommand'
## expect: stop
## stderr: not found

#### argument injection into a command
f='-rf /'; rm $f 2>&1; ls /
## expect: any

#### option-like file names
touch -- -n /tmp/-e; cat -- -n; ls -- /tmp
## expect: any

#### glob with dash files
cd /tmp; touch -- -rf; rm * ; ls
## expect: any

#### eval of data
x='$(cat /etc/passwd)'; eval echo "$x"
## expect: any

#### printf format from data
x='%s%s%s%n%n'; printf "$x" a
## expect: any

#### ansi in variable names
declare $'a\e[2J'=1
## expect: stop

#### null bytes in arguments
echo $'a\0b' | od -c
## expect: any

#### invalid utf-8 everywhere
x=$'\xff\xfe\x80'; echo "$x" ${#x} ${x^^}; [[ $x == *$'\xfe'* ]] && echo m
## expect: any
