# Conformance: how trap prints actions, and what a subshell lists (bash 5.2).

#### a multi-line action prints in single quotes, newlines kept
trap 'echo one
echo '"'"'two'"'"'' INT
trap
## STDOUT:
trap -- 'echo one
echo '\''two'\''' SIGINT
## END

#### a subshell lists the parent's traps until it changes one
trap 'echo bye' EXIT
trap 'echo int' INT
( trap )
echo "[$(trap)]"
trap | cat
( trap 'echo usr' USR1; trap )
( trap - EXIT; trap; echo none )
## STDOUT:
trap -- 'echo bye' EXIT
trap -- 'echo int' SIGINT
[trap -- 'echo bye' EXIT
trap -- 'echo int' SIGINT]
trap -- 'echo bye' EXIT
trap -- 'echo int' SIGINT
trap -- 'echo usr' SIGUSR1
none
bye
## END
