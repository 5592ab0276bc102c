# Conformance: how trap prints actions, and what a subshell lists (bash 5.2). Listings name
# their signals: a shell started in the background also lists the INT and QUIT it ignores.

#### a multi-line action prints in single quotes, newlines kept
trap 'echo one
echo '"'"'two'"'"'' USR2
trap -p USR2
## STDOUT:
trap -- 'echo one
echo '\''two'\''' SIGUSR2
## END

#### a subshell lists the parent's traps until it changes one
trap 'echo bye' EXIT
trap 'echo int' USR2
( trap -p EXIT USR1 USR2 )
echo "[$(trap -p EXIT USR1 USR2)]"
trap -p EXIT USR1 USR2 | cat
( trap 'echo usr' USR1; trap -p EXIT USR1 USR2 )
( trap - EXIT; trap -p EXIT USR1 USR2; echo none )
## STDOUT:
trap -- 'echo bye' EXIT
trap -- 'echo int' SIGUSR2
[trap -- 'echo bye' EXIT
trap -- 'echo int' SIGUSR2]
trap -- 'echo bye' EXIT
trap -- 'echo int' SIGUSR2
trap -- 'echo usr' SIGUSR1
none
bye
## END
