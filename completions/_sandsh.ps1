
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'sandsh' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'sandsh'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'sandsh' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Set a shell option by name, as `set -o` does (e.g. -o pipefail)')
            [CompletionResult]::new('--mount', '--mount', [CompletionResultType]::ParameterName, 'Mount a host directory: HOST:PATH[:ro|:overlay|:rw] (default ro; repeatable)')
            [CompletionResult]::new('--allow-net', '--allow-net', [CompletionResultType]::ParameterName, 'Allow network requests matching ''[METHODS ]URL-PREFIX'' (repeatable), e.g. ''https://api.example.com/v1/'' (GET and HEAD) or ''POST,GET https://api.example.com/v1/''')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'A credential for requests under URL, taken from the host variable NAME (repeatable): the sandbox''s $NAME holds only a placeholder, replaced by the value on the wire for requests under URL; INJECT (bearer, basic, header:H, query:Q) also sends it by itself')
            [CompletionResult]::new('--trace', '--trace', [CompletionResultType]::ParameterName, 'Append the session''s trace to FILE on the host: one JSON line per command that ran (name, args, cwd, status, duration, bytes read and written), per refused command (who refused it) and per run (status, duration, the limit or timeout that ended it, output cut)')
            [CompletionResult]::new('--otlp', '--otlp', [CompletionResultType]::ParameterName, 'Send the session''s trace as OpenTelemetry spans to the OTLP/HTTP collector at URL (plain http, e.g. http://127.0.0.1:4318): a span per run, a child span per command')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Start in DIR inside the sandbox, e.g. `--mount .:/work:overlay --cwd /work`')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'Pass the host variable NAME into the sandbox, or set NAME=VALUE (repeatable); the sandbox sees no other host variable')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Never run command CMD, however it is called (repeatable): it fails with status 126')
            [CompletionResult]::new('--allow-only', '--allow-only', [CompletionResultType]::ParameterName, 'Run only the commands named this way, and shell builtins (repeatable)')
            [CompletionResult]::new('--confirm-at', '--confirm-at', [CompletionResultType]::ParameterName, 'Ask before running a command whose risk is RISK or more (read_only, low, medium, high, critical; e.g. rm -r is high, and critical on a read-write mount); unanswered: refused')
            [CompletionResult]::new('--redact', '--redact', [CompletionResultType]::ParameterName, 'Never show the value of option OPT in traces (--trace, --otlp): `--password`, `-p`, or `CMD OPT` for one command (repeatable)')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Load the session from FILE when it exists and save it there at exit')
            [CompletionResult]::new('--output-head', '--output-head', [CompletionResultType]::ParameterName, 'Output past --max-output-bytes keeps this share of the limit from its start and the rest from its end, and is saved whole under /tmp/sandsh-output (--json and the MCP server; default 0.2, 1 keeps only the start)')
            [CompletionResult]::new('--output-save-quota', '--output-save-quota', [CompletionResultType]::ParameterName, 'Bytes of cut output kept under /tmp/sandsh-output, oldest first out (default 64M; 0 saves none)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop the script after DURATION (30, 500ms, 2m); exit status 124')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Limits profile: strict (untrusted input), standard, interactive')
            [CompletionResult]::new('--max-commands', '--max-commands', [CompletionResultType]::ParameterName, 'Maximum simple commands per run')
            [CompletionResult]::new('--max-loop-iterations', '--max-loop-iterations', [CompletionResultType]::ParameterName, 'Maximum iterations of one loop')
            [CompletionResult]::new('--max-total-loop-iterations', '--max-total-loop-iterations', [CompletionResultType]::ParameterName, 'Maximum loop iterations per run, all loops together')
            [CompletionResult]::new('--max-function-depth', '--max-function-depth', [CompletionResultType]::ParameterName, 'Maximum nested function calls')
            [CompletionResult]::new('--max-subst-depth', '--max-subst-depth', [CompletionResultType]::ParameterName, 'Maximum nested command substitutions')
            [CompletionResult]::new('--max-source-depth', '--max-source-depth', [CompletionResultType]::ParameterName, 'Maximum nested `source`')
            [CompletionResult]::new('--max-output-bytes', '--max-output-bytes', [CompletionResultType]::ParameterName, 'Maximum bytes of stdout/stderr kept per run (the rest is dropped and flagged)')
            [CompletionResult]::new('--max-script-bytes', '--max-script-bytes', [CompletionResultType]::ParameterName, 'Maximum script size')
            [CompletionResult]::new('--max-variable-bytes', '--max-variable-bytes', [CompletionResultType]::ParameterName, 'Maximum size of one variable')
            [CompletionResult]::new('--max-array-entries', '--max-array-entries', [CompletionResultType]::ParameterName, 'Maximum elements of one array')
            [CompletionResult]::new('--pipe-buffer-bytes', '--pipe-buffer-bytes', [CompletionResultType]::ParameterName, 'Bytes buffered in one pipe')
            [CompletionResult]::new('--max-vfs-bytes', '--max-vfs-bytes', [CompletionResultType]::ParameterName, 'Maximum bytes stored in the virtual filesystem (writes fail with ENOSPC)')
            [CompletionResult]::new('--max-files', '--max-files', [CompletionResultType]::ParameterName, 'Maximum files in the virtual filesystem')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'Maximum size of one file (writes fail with EFBIG)')
            [CompletionResult]::new('--max-path-depth', '--max-path-depth', [CompletionResultType]::ParameterName, 'Maximum components of a path')
            [CompletionResult]::new('--max-background-jobs', '--max-background-jobs', [CompletionResultType]::ParameterName, 'Maximum background jobs and pipeline stages at once')
            [CompletionResult]::new('--max-memory', '--max-memory', [CompletionResultType]::ParameterName, 'Memory budget of the session: variables, files, captures, command buffers')
            [CompletionResult]::new('--max-stack-bytes', '--max-stack-bytes', [CompletionResultType]::ParameterName, 'Stack of the interpreter and of each pipeline stage or job (deep recursion)')
            [CompletionResult]::new('--max-expansion-words', '--max-expansion-words', [CompletionResultType]::ParameterName, 'Maximum words one brace expansion or glob produces')
            [CompletionResult]::new('--max-net-bytes', '--max-net-bytes', [CompletionResultType]::ParameterName, 'Maximum bytes of one network response body (curl exits 63, wget 3)')
            [CompletionResult]::new('--mcp-http', '--mcp-http', [CompletionResultType]::ParameterName, 'Serve MCP over streamable HTTP on ADDR (e.g. 127.0.0.1:8765): one session per client')
            [CompletionResult]::new('--session-idle', '--session-idle', [CompletionResultType]::ParameterName, 'MCP over HTTP: end a session after DURATION without requests (default 30m)')
            [CompletionResult]::new('--max-sessions', '--max-sessions', [CompletionResultType]::ParameterName, 'MCP over HTTP: most sessions alive at once (default 64)')
            [CompletionResult]::new('--state-dir', '--state-dir', [CompletionResultType]::ParameterName, 'MCP over HTTP: save each session''s snapshot in DIR after every call and restore it when the session comes back after a restart')
            [CompletionResult]::new('--session-store', '--session-store', [CompletionResultType]::ParameterName, 'MCP over HTTP: keep sessions in STORE (redis://HOST:PORT, postgres://USER:PASS@HOST/DB or dir:PATH) so that any server sharing it serves any call of any session')
            [CompletionResult]::new('--session-wait', '--session-wait', [CompletionResultType]::ParameterName, 'MCP over HTTP with a session store: how long a call waits while another call of its session runs before failing with a retryable error (default 30s)')
            [CompletionResult]::new('--session-max-size', '--session-max-size', [CompletionResultType]::ParameterName, 'MCP over HTTP with a session store: largest saved state of one session (default 256M)')
            [CompletionResult]::new('--log-level', '--log-level', [CompletionResultType]::ParameterName, 'MCP server: log level on stderr (error, warn, info, debug, trace; default warn)')
            [CompletionResult]::new('--init', '--init', [CompletionResultType]::ParameterName, 'REPL: run FILE (read from the host) inside the sandbox at start instead of $XDG_CONFIG_HOME/sandsh/init.sh')
            [CompletionResult]::new('--generate', '--generate', [CompletionResultType]::ParameterName, 'Print the man page (`man`) or shell completions (`completions SHELL`: bash, zsh, fish, elvish, powershell) and exit')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Run COMMANDS (the first argument); NAME sets $0 and ARGS set $1…')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Exit on the first failing command (set -e)')
            [CompletionResult]::new('-u', '-u', [CompletionResultType]::ParameterName, 'Treat unset variables as an error (set -u)')
            [CompletionResult]::new('-x', '-x', [CompletionResultType]::ParameterName, 'Print commands as they run (set -x)')
            [CompletionResult]::new('--approve-read-only', '--approve-read-only', [CompletionResultType]::ParameterName, 'With --confirm-at: run a script without asking when its analysis (--analyze) finds it read-only (read-only commands only, nothing written, no network, nothing opaque)')
            [CompletionResult]::new('--system-prompt', '--system-prompt', [CompletionResultType]::ParameterName, 'Print the BashTool system prompt for this configuration (to paste into a model''s context)')
            [CompletionResult]::new('--tool-help', '--tool-help', [CompletionResultType]::ParameterName, 'Print the BashTool man page (help()) for this configuration')
            [CompletionResult]::new('--print-config', '--print-config', [CompletionResultType]::ParameterName, 'Print the session configuration these options make, as JSON (the shape the Python and Node packages'' `config` show), and exit')
            [CompletionResult]::new('--analyze', '--analyze', [CompletionResultType]::ParameterName, 'Print what the script may do as JSON (commands with their risk, files, URLs, opaque constructs, parse errors), without running it')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result as one JSON object {stdout, stderr, exit_code, error, …}')
            [CompletionResult]::new('--mcp', '--mcp', [CompletionResultType]::ParameterName, 'Serve MCP (Model Context Protocol) over standard input/output: one session for the server''s lifetime')
            [CompletionResult]::new('--no-init', '--no-init', [CompletionResultType]::ParameterName, 'REPL: do not run an init file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
