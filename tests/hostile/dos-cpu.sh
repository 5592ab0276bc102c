#### busy while loop
while :; do :; done
## expect: stop
## stderr: timed out

#### busy until loop
until false; do :; done
## expect: stop
## stderr: timed out

#### busy for loop
for ((;;)); do :; done
## expect: stop
## stderr: timed out

#### busy function calls
f() { :; }; while :; do f; done
## expect: stop
## stderr: timed out

#### busy subshells
while :; do ( : ); done
## expect: stop
## stderr: timed out

#### busy command substitution
while :; do x=$(echo y); done
## expect: stop
## stderr: timed out

#### busy pipeline
while :; do echo a | cat >/dev/null; done
## expect: stop
## stderr: timed out

#### busy arithmetic
i=0; while :; do ((i = (i * 7 + 3) % 1000003)); done
## expect: stop
## stderr: timed out

#### yes into wc
yes | wc -l
## expect: stop
## stderr: timed out

#### seq of a trillion
seq 1 1000000000000 | wc -l
## expect: stop
## stderr: timed out

#### dev zero through od
cat /dev/zero | od | tail -1
## expect: stop

#### urandom through tr
tr -dc a-z < /dev/urandom | head -c 100000000000 | wc -c
## expect: stop
## stderr: timed out

#### sleep past the timeout
sleep 100
## expect: stop
## stderr: timed out

#### sleep in a job then wait
sleep 100 & wait
## expect: stop
## stderr: timed out

#### busy job and wait
{ while :; do :; done; } & wait
## expect: stop
## stderr: timed out

#### read from a silent pipe
{ while :; do :; done; } | { read x; }
## expect: stop
## stderr: timed out

#### blocked pipe writer
{ while :; do echo yyyyyyyy; done; } | { while :; do :; done; }
## expect: stop
## stderr: timed out

#### nested sandsh
bash -c 'while :; do :; done'
## expect: stop
## stderr: timed out

#### eval loop
eval 'while :; do :; done'
## expect: stop
## stderr: timed out

#### trap on exit loops
trap 'while :; do :; done' EXIT; exit 0
## expect: stop
## stderr: timed out

#### DEBUG trap spin
trap ':' DEBUG; while :; do :; done
## expect: stop
## stderr: timed out

#### timeout builtin cannot outlast
timeout 100 bash -c 'while :; do :; done'
## expect: stop
## stderr: timed out

#### jq runaway repeat
jq -n 'last(repeat(1))'
## expect: stop
## stderr: timed out

#### jq until never
jq -n '0 | until(false; .+1)'
## expect: stop
## stderr: timed out

#### sort of endless input
yes | sort
## expect: stop

#### uniq of endless input
yes | uniq -c
## expect: stop
## stderr: timed out

#### cut of endless input
yes a:b | cut -d: -f2 | wc -l
## expect: stop
## stderr: timed out

#### tail of endless input
yes | tail -1
## expect: stop

#### read from an endless line
yes | tr -d '\n' | { read -r x; echo ${#x}; }
## expect: stop

#### mapfile of an endless producer
mapfile a < <(yes)
## expect: stop

#### process substitution loop
cat <(while :; do :; done)
## expect: stop
## stderr: timed out

#### case in a loop
while :; do case x in x) ;; esac; done
## expect: stop
## stderr: timed out

#### select loop without input
select x in a b; do :; done < /dev/zero
## expect: any

#### regex catastrophic backtracking
[[ aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! =~ ^(a+)+$ ]]; echo $?
## expect: any

#### glob with many stars
touch /tmp/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa; echo /tmp/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b
## expect: any

#### extglob backtracking
shopt -s extglob; x=$(printf 'a%.0s' {1..30}); [[ $x == +(a|aa)+(a|aa)b ]]; echo $?
## expect: any

#### pattern removal on a long string
x=$(printf 'a%.0s' {1..20000}); y=${x//a*a/b}; echo ${#y}
## expect: any

#### loop limit
i=0; while :; do ((i++)); done
## expect: stop
## stderr: limit exceeded
## flags: --max-loop-iterations=1000

#### command limit
while :; do true; done
## expect: stop
## stderr: limit exceeded
## flags: --max-commands=1000

#### sqlite3 recursive CTE without a limit
sqlite3 :memory: 'with recursive c(x) as (select 1 union all select x+1 from c) select count(*) from c'
## expect: stop

#### sqlite3 cartesian product of generate_series
sqlite3 :memory: 'select count(*) from generate_series(1,1000000000) a, generate_series(1,1000000000) b'
## expect: stop

#### busy compgen over a word list
while :; do compgen -W "$(printf 'w%s ' {1..500})" w > /dev/null; done
## expect: stop
## stderr: timed out

#### compgen -F with a completion function that never returns
f() { while :; do :; done; }; compgen -F f x
## expect: stop
## stderr: timed out

#### diff line formats over endless input
yes x | diff --line-format='%dn %L' - /dev/null > /dev/null
## expect: stop

#### tar --transform with a global rule on a long name
mkdir -p d && touch "d/$(printf 'a%.0s' {1..200})" && while :; do tar -cf /dev/null --transform='s/a*/&&/g' d; done
## expect: stop
## stderr: timed out
