# Conformance: how trap prints actions, and what a subshell lists (bash 5.2). Signals the
# environment ignores (`trap -- '' SIGHUP` under nohup) are filtered out.

#### a multi-line action prints in single quotes, newlines kept
trap 'echo one
echo '"'"'two'"'"'' INT
trap | grep -v "^trap -- '' "
## STDOUT:
trap -- 'echo one
echo '\''two'\''' SIGINT
## END

#### a subshell lists the parent's traps until it changes one
trap 'echo bye' EXIT
trap 'echo int' INT
( trap ) | grep -v "^trap -- '' "
echo "[$(trap | grep -v "^trap -- '' ")]"
trap | cat | grep -v "^trap -- '' "
( trap 'echo usr' USR1; trap ) | grep -v "^trap -- '' "
( trap - EXIT; trap; echo none ) | grep -v "^trap -- '' "
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
