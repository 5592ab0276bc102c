
use builtin;
use str;

set edit:completion:arg-completer[sandsh] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'sandsh'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'sandsh'= {
            cand -o 'Set a shell option by name, as `set -o` does (e.g. -o pipefail)'
            cand --mount 'Mount a host directory: HOST:PATH[:ro|:overlay|:rw] (default ro; repeatable)'
            cand --allow-net 'Allow network requests matching ''[METHODS ]URL-PREFIX'' (repeatable), e.g. ''https://api.example.com/v1/'' (GET and HEAD) or ''POST,GET https://api.example.com/v1/'''
            cand --secret 'A credential for requests under URL, taken from the host variable NAME (repeatable): the sandbox''s $NAME holds only a placeholder, replaced by the value on the wire for requests under URL; INJECT (bearer, basic, header:H, query:Q) also sends it by itself'
            cand --trace 'Append the session''s trace to FILE on the host: one JSON line per command that ran (name, args, cwd, status, duration, bytes read and written), per refused command (who refused it) and per run (status, duration, the limit or timeout that ended it, output cut)'
            cand --otlp 'Send the session''s trace as OpenTelemetry spans to the OTLP/HTTP collector at URL (plain http, e.g. http://127.0.0.1:4318): a span per run, a child span per command'
            cand --cwd 'Start in DIR inside the sandbox, e.g. `--mount .:/work:overlay --cwd /work`'
            cand --env 'Pass the host variable NAME into the sandbox, or set NAME=VALUE (repeatable); the sandbox sees no other host variable'
            cand --deny 'Never run command CMD, however it is called (repeatable): it fails with status 126'
            cand --allow-only 'Run only the commands named this way, and shell builtins (repeatable)'
            cand --confirm-at 'Ask before running a command whose risk is RISK or more (read_only, low, medium, high, critical; e.g. rm -r is high, and critical on a read-write mount); unanswered: refused'
            cand --redact 'Never show the value of option OPT in traces (--trace, --otlp): `--password`, `-p`, or `CMD OPT` for one command (repeatable)'
            cand --snapshot 'Load the session from FILE when it exists and save it there at exit'
            cand --output-head 'Output past --max-output-bytes keeps this share of the limit from its start and the rest from its end, and is saved whole under /tmp/sandsh-output (--json and the MCP server; default 0.2, 1 keeps only the start)'
            cand --output-save-quota 'Bytes of cut output kept under /tmp/sandsh-output, oldest first out (default 64M; 0 saves none)'
            cand --timeout 'Stop the script after DURATION (30, 500ms, 2m); exit status 124'
            cand --profile 'Limits profile: strict (untrusted input), standard, interactive'
            cand --max-commands 'Maximum simple commands per run'
            cand --max-loop-iterations 'Maximum iterations of one loop'
            cand --max-total-loop-iterations 'Maximum loop iterations per run, all loops together'
            cand --max-function-depth 'Maximum nested function calls'
            cand --max-subst-depth 'Maximum nested command substitutions'
            cand --max-source-depth 'Maximum nested `source`'
            cand --max-output-bytes 'Maximum bytes of stdout/stderr kept per run (the rest is dropped and flagged)'
            cand --max-script-bytes 'Maximum script size'
            cand --max-variable-bytes 'Maximum size of one variable'
            cand --max-array-entries 'Maximum elements of one array'
            cand --pipe-buffer-bytes 'Bytes buffered in one pipe'
            cand --max-vfs-bytes 'Maximum bytes stored in the virtual filesystem (writes fail with ENOSPC)'
            cand --max-files 'Maximum files in the virtual filesystem'
            cand --max-file-size 'Maximum size of one file (writes fail with EFBIG)'
            cand --max-path-depth 'Maximum components of a path'
            cand --max-background-jobs 'Maximum background jobs and pipeline stages at once'
            cand --max-memory 'Memory budget of the session: variables, files, captures, command buffers'
            cand --max-stack-bytes 'Stack of the interpreter and of each pipeline stage or job (deep recursion)'
            cand --max-expansion-words 'Maximum words one brace expansion or glob produces'
            cand --max-net-bytes 'Maximum bytes of one network response body (curl exits 63, wget 3)'
            cand --mcp-http 'Serve MCP over streamable HTTP on ADDR (e.g. 127.0.0.1:8765): one session per client'
            cand --session-idle 'MCP over HTTP: end a session after DURATION without requests (default 30m)'
            cand --max-sessions 'MCP over HTTP: most sessions alive at once (default 64)'
            cand --state-dir 'MCP over HTTP: save each session''s snapshot in DIR after every call and restore it when the session comes back after a restart'
            cand --session-store 'MCP over HTTP: keep sessions in STORE (redis://HOST:PORT, postgres://USER:PASS@HOST/DB or dir:PATH) so that any server sharing it serves any call of any session'
            cand --session-wait 'MCP over HTTP with a session store: how long a call waits while another call of its session runs before failing with a retryable error (default 30s)'
            cand --session-max-size 'MCP over HTTP with a session store: largest saved state of one session (default 256M)'
            cand --log-level 'MCP server: log level on stderr (error, warn, info, debug, trace; default warn)'
            cand --init 'REPL: run FILE (read from the host) inside the sandbox at start instead of $XDG_CONFIG_HOME/sandsh/init.sh'
            cand --generate 'Print the man page (`man`) or shell completions (`completions SHELL`: bash, zsh, fish, elvish, powershell) and exit'
            cand -c 'Run COMMANDS (the first argument); NAME sets $0 and ARGS set $1…'
            cand -e 'Exit on the first failing command (set -e)'
            cand -u 'Treat unset variables as an error (set -u)'
            cand -x 'Print commands as they run (set -x)'
            cand --approve-read-only 'With --confirm-at: run a script without asking when its analysis (--analyze) finds it read-only (read-only commands only, nothing written, no network, nothing opaque)'
            cand --system-prompt 'Print the BashTool system prompt for this configuration (to paste into a model''s context)'
            cand --tool-help 'Print the BashTool man page (help()) for this configuration'
            cand --print-config 'Print the session configuration these options make, as JSON (the shape the Python and Node packages'' `config` show), and exit'
            cand --analyze 'Print what the script may do as JSON (commands with their risk, files, URLs, opaque constructs, parse errors), without running it'
            cand --json 'Print the result as one JSON object {stdout, stderr, exit_code, error, …}'
            cand --mcp 'Serve MCP (Model Context Protocol) over standard input/output: one session for the server''s lifetime'
            cand --no-init 'REPL: do not run an init file'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
    ]
    $completions[$command]
}
