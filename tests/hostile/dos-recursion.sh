#### function recursion
f() { f; }; f
## expect: stop
## stderr: limit exceeded

#### function recursion unlimited depth
f() { f; }; f
## expect: stop
## stderr: limit exceeded
## flags: --max-function-depth=unlimited

#### mutual recursion
f() { g; }; g() { f; }; f
## expect: stop
## stderr: limit exceeded
## flags: --max-function-depth=unlimited

#### recursion in a pipeline stage
f() { f; }; f | cat
## expect: stop
## stderr: limit exceeded
## flags: --max-function-depth=unlimited

#### recursion in a job
f() { f; }; f & wait
## expect: stop
## stderr: limit exceeded
## flags: --max-function-depth=unlimited

#### recursion in a subshell
f() { f; }; ( f )
## expect: stop
## stderr: limit exceeded
## flags: --max-function-depth=unlimited

#### recursion in a command substitution
f() { f; }; x=$(f)
## expect: stop
## stderr: limit exceeded
## flags: --max-function-depth=unlimited

#### eval recursion
x='eval "$x"'; eval "$x"
## expect: stop
## stderr: limit exceeded

#### source recursion
echo '. /tmp/s' > /tmp/s; . /tmp/s
## expect: stop
## stderr: limit exceeded

#### source recursion unlimited
echo '. /tmp/s' > /tmp/s; . /tmp/s
## expect: stop
## stderr: limit exceeded
## flags: --max-source-depth=unlimited

#### trap recursion
trap 'kill -USR1 $$' USR1; kill -USR1 $$
## expect: stop
## stderr: limit exceeded

#### substitution recursion
f() { echo $(f); }; f
## expect: stop
## flags: --max-function-depth=unlimited

#### substitution recursion unlimited
f() { echo $(f); }; f
## expect: stop
## flags: --max-function-depth=unlimited --max-subst-depth=unlimited

#### nested subshell recursion
f() { (f); }; f
## expect: stop
## flags: --max-function-depth=unlimited --max-subst-depth=unlimited

#### jq recursive definition
jq -n 'def f: 1 + f; f'
## expect: stop
## stderr: limit exceeded

#### jq deep recursion through recurse
jq -n 'def f: [f]; f'
## expect: stop
## stderr: limit exceeded

#### jq deep program nesting
jq -n "$(printf '%.0s[' {1..5000})1$(printf '%.0s]' {1..5000})"
## expect: stop
## stderr: nested

#### jq deep json input
printf '%.0s[' {1..200000} | jq .
## expect: stop

#### deep parenthesised subshells
eval "$(printf '%.0s(' {1..20000}) : $(printf '%.0s)' {1..20000})"
## expect: stop

#### deep brace groups
eval "$(printf '%.0s{ ' {1..20000}) : $(printf '%.0s; }' {1..20000})"
## expect: stop

#### deep arithmetic parentheses
echo $(( $(printf '%.0s(' {1..100000}) 1 $(printf '%.0s)' {1..100000}) ))
## expect: stop

#### deep nested command substitution text
eval "x=$(printf '%.0s$(' {1..5000})echo$(printf '%.0s)' {1..5000})"
## expect: stop

#### deep [[ ]] nesting
eval "[[ $(printf '%.0s( ' {1..20000}) a $(printf '%.0s) ' {1..20000}) ]]"
## expect: stop

#### deep parameter nesting
eval "echo $(printf '%.0s${x:-' {1..20000})y$(printf '%.0s}' {1..20000})"
## expect: stop

#### alias loop
shopt -s expand_aliases; alias a='b'; alias b='a'; eval a
## expect: any

#### recursion with a raised stack
f() { f; }; f
## expect: stop
## stderr: limit exceeded
## flags: --max-function-depth=unlimited --max-stack-bytes=128M

#### compgen -F calling compgen -F without end
f() { compgen -F f x; }; compgen -F f x
## expect: stop
