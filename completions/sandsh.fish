complete -c sandsh -s o -d 'Set a shell option by name, as `set -o` does (e.g. -o pipefail)' -r
complete -c sandsh -l mount -d 'Mount a host directory: HOST:PATH[:ro|:overlay|:rw] (default ro; repeatable)' -r
complete -c sandsh -l allow-net -d 'Allow network requests matching \'[METHODS ]URL-PREFIX\' (repeatable), e.g. \'https://api.example.com/v1/\' (GET and HEAD) or \'POST,GET https://api.example.com/v1/\'' -r
complete -c sandsh -l secret -d 'A credential for requests under URL, taken from the host variable NAME (repeatable): the sandbox\'s $NAME holds only a placeholder, replaced by the value on the wire for requests under URL; INJECT (bearer, basic, header:H, query:Q) also sends it by itself' -r
complete -c sandsh -l trace -d 'Append the session\'s trace to FILE on the host: one JSON line per command that ran (name, args, cwd, status, duration, bytes read and written), per refused command (who refused it) and per run (status, duration, the limit or timeout that ended it, output cut)' -r -F
complete -c sandsh -l otlp -d 'Send the session\'s trace as OpenTelemetry spans to the OTLP/HTTP collector at URL (plain http, e.g. http://127.0.0.1:4318): a span per run, a child span per command' -r
complete -c sandsh -l cwd -d 'Start in DIR inside the sandbox, e.g. `--mount .:/work:overlay --cwd /work`' -r
complete -c sandsh -l env -d 'Pass the host variable NAME into the sandbox, or set NAME=VALUE (repeatable); the sandbox sees no other host variable' -r
complete -c sandsh -l deny -d 'Never run command CMD, however it is called (repeatable): it fails with status 126' -r
complete -c sandsh -l allow-only -d 'Run only the commands named this way, and shell builtins (repeatable)' -r
complete -c sandsh -l confirm-at -d 'Ask before running a command whose risk is RISK or more (read_only, low, medium, high, critical; e.g. rm -r is high, and critical on a read-write mount); unanswered: refused' -r
complete -c sandsh -l redact -d 'Never show the value of option OPT in traces (--trace, --otlp): `--password`, `-p`, or `CMD OPT` for one command (repeatable)' -r
complete -c sandsh -l snapshot -d 'Load the session from FILE when it exists and save it there at exit' -r -F
complete -c sandsh -l output-head -d 'Output past --max-output-bytes keeps this share of the limit from its start and the rest from its end, and is saved whole under /tmp/sandsh-output (--json and the MCP server; default 0.2, 1 keeps only the start)' -r
complete -c sandsh -l output-save-quota -d 'Bytes of cut output kept under /tmp/sandsh-output, oldest first out (default 64M; 0 saves none)' -r
complete -c sandsh -l timeout -d 'Stop the script after DURATION (30, 500ms, 2m); exit status 124' -r
complete -c sandsh -l profile -d 'Limits profile: strict (untrusted input), standard, interactive' -r
complete -c sandsh -l max-commands -d 'Maximum simple commands per run' -r
complete -c sandsh -l max-loop-iterations -d 'Maximum iterations of one loop' -r
complete -c sandsh -l max-total-loop-iterations -d 'Maximum loop iterations per run, all loops together' -r
complete -c sandsh -l max-function-depth -d 'Maximum nested function calls' -r
complete -c sandsh -l max-subst-depth -d 'Maximum nested command substitutions' -r
complete -c sandsh -l max-source-depth -d 'Maximum nested `source`' -r
complete -c sandsh -l max-output-bytes -d 'Maximum bytes of stdout/stderr kept per run (the rest is dropped and flagged)' -r
complete -c sandsh -l max-script-bytes -d 'Maximum script size' -r
complete -c sandsh -l max-variable-bytes -d 'Maximum size of one variable' -r
complete -c sandsh -l max-array-entries -d 'Maximum elements of one array' -r
complete -c sandsh -l pipe-buffer-bytes -d 'Bytes buffered in one pipe' -r
complete -c sandsh -l max-vfs-bytes -d 'Maximum bytes stored in the virtual filesystem (writes fail with ENOSPC)' -r
complete -c sandsh -l max-files -d 'Maximum files in the virtual filesystem' -r
complete -c sandsh -l max-file-size -d 'Maximum size of one file (writes fail with EFBIG)' -r
complete -c sandsh -l max-path-depth -d 'Maximum components of a path' -r
complete -c sandsh -l max-background-jobs -d 'Maximum background jobs and pipeline stages at once' -r
complete -c sandsh -l max-memory -d 'Memory budget of the session: variables, files, captures, command buffers' -r
complete -c sandsh -l max-stack-bytes -d 'Stack of the interpreter and of each pipeline stage or job (deep recursion)' -r
complete -c sandsh -l max-expansion-words -d 'Maximum words one brace expansion or glob produces' -r
complete -c sandsh -l max-net-bytes -d 'Maximum bytes of one network response body (curl exits 63, wget 3)' -r
complete -c sandsh -l mcp-http -d 'Serve MCP over streamable HTTP on ADDR (e.g. 127.0.0.1:8765): one session per client' -r
complete -c sandsh -l session-idle -d 'MCP over HTTP: end a session after DURATION without requests (default 30m)' -r
complete -c sandsh -l max-sessions -d 'MCP over HTTP: most sessions alive at once (default 64)' -r
complete -c sandsh -l state-dir -d 'MCP over HTTP: save each session\'s snapshot in DIR after every call and restore it when the session comes back after a restart' -r -F
complete -c sandsh -l session-store -d 'MCP over HTTP: keep sessions in STORE (redis://HOST:PORT, postgres://USER:PASS@HOST/DB or dir:PATH) so that any server sharing it serves any call of any session' -r
complete -c sandsh -l session-wait -d 'MCP over HTTP with a session store: how long a call waits while another call of its session runs before failing with a retryable error (default 30s)' -r
complete -c sandsh -l session-max-size -d 'MCP over HTTP with a session store: largest saved state of one session (default 256M)' -r
complete -c sandsh -l log-level -d 'MCP server: log level on stderr (error, warn, info, debug, trace; default warn)' -r
complete -c sandsh -l init -d 'REPL: run FILE (read from the host) inside the sandbox at start instead of $XDG_CONFIG_HOME/sandsh/init.sh' -r -F
complete -c sandsh -l generate -d 'Print the man page (`man`) or shell completions (`completions SHELL`: bash, zsh, fish, elvish, powershell) and exit' -r
complete -c sandsh -s c -d 'Run COMMANDS (the first argument); NAME sets $0 and ARGS set $1…'
complete -c sandsh -s e -d 'Exit on the first failing command (set -e)'
complete -c sandsh -s u -d 'Treat unset variables as an error (set -u)'
complete -c sandsh -s x -d 'Print commands as they run (set -x)'
complete -c sandsh -l approve-read-only -d 'With --confirm-at: run a script without asking when its analysis (--analyze) finds it read-only (read-only commands only, nothing written, no network, nothing opaque)'
complete -c sandsh -l system-prompt -d 'Print the BashTool system prompt for this configuration (to paste into a model\'s context)'
complete -c sandsh -l tool-help -d 'Print the BashTool man page (help()) for this configuration'
complete -c sandsh -l print-config -d 'Print the session configuration these options make, as JSON (the shape the Python and Node packages\' `config` show), and exit'
complete -c sandsh -l analyze -d 'Print what the script may do as JSON (commands with their risk, files, URLs, opaque constructs, parse errors), without running it'
complete -c sandsh -l json -d 'Print the result as one JSON object {stdout, stderr, exit_code, error, …}'
complete -c sandsh -l mcp -d 'Serve MCP (Model Context Protocol) over standard input/output: one session for the server\'s lifetime'
complete -c sandsh -l no-init -d 'REPL: do not run an init file'
complete -c sandsh -s h -l help -d 'Print help'
complete -c sandsh -s V -l version -d 'Print version'
