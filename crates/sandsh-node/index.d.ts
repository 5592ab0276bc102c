// Types of the Node package `sandsh`.

/** A mount of a host directory: read-only (the default), copy-on-write overlay, or read-write. */
export interface Mount {
  host: string;
  path: string;
  mode?: 'ro' | 'overlay' | 'rw';
}

/** The limits table (camelCase or snake_case names); values are counts, sizes ("64M"), or null for unlimited. */
export interface Limits {
  profile?: 'strict' | 'standard' | 'interactive';
  maxCommands?: number | string | null;
  maxLoopIterations?: number | string | null;
  maxTotalLoopIterations?: number | string | null;
  maxFunctionDepth?: number | string | null;
  maxSubstDepth?: number | string | null;
  maxSourceDepth?: number | string | null;
  maxOutputBytes?: number | string | null;
  maxScriptBytes?: number | string | null;
  [limit: string]: number | string | null | undefined;
}

export interface Policy {
  /** Commands that may not run. */
  deny?: string[];
  /** The only commands that may run. */
  allowOnly?: string[];
  /** Ask `confirm` before commands of this risk or higher. */
  confirmAt?: 'read_only' | 'low' | 'medium' | 'high' | 'critical';
  /** Run a script without asking when its analysis (`analyze`) finds it read-only. */
  approveReadOnly?: boolean;
  /** Options whose values traces never show: `--password`, `-p`, or `mysql -p` for one command. */
  redact?: string[];
  /** Answers a confirmation question; no function means "no". */
  confirm?: (question: string) => boolean | Promise<boolean>;
}

/** What a JavaScript command gets besides its arguments. */
export interface CommandContext {
  name: string;
  args: string[];
  /** The command's standard input (empty for a function that declares only `args`). */
  stdin: Uint8Array;
  /** The directory the command runs in. */
  cwd: string;
  /** The exported environment. */
  env: Record<string, string>;
}

export interface CommandResult {
  stdout?: string | Uint8Array;
  stderr?: string | Uint8Array;
  exitCode?: number;
}

export type CommandFunction = (
  args: string[],
  ctx: CommandContext,
) => CommandResult | string | Uint8Array | void | Promise<CommandResult | string | Uint8Array | void>;

export interface CommandOptions {
  /** Listed in the tool description and `help`. */
  description?: string;
  /** Whether the command reads its standard input (default: the function declares a second parameter). */
  stdin?: boolean;
  trusted?: boolean;
}

export interface Command extends CommandOptions {
  name: string;
  execute: CommandFunction;
}

/** Define a command written in JavaScript; it works in pipes, loops and `$(…)`. */
export function defineCommand(name: string, execute: CommandFunction, options?: CommandOptions): Command;

export interface ShellOptions {
  username?: string;
  hostname?: string;
  env?: Record<string, string | number | boolean>;
  cwd?: string;
  files?: Record<string, string | Uint8Array | (() => string | Uint8Array)>;
  mounts?: Mount[];
  /** URL prefixes the network commands may reach (none by default). */
  allowNet?: string[];
  /**
   * Credentials for requests under `url`: the network layer puts `value` on the wire, the
   * script never sees it. `name` gives the session a variable of that name holding a
   * placeholder, replaced by the value in requests under `url`; `inject` (`bearer`, `basic`,
   * `header:NAME`, `query:NAME`) sends it by itself. Echoes in responses are redacted.
   */
  secrets?: { name?: string; url: string; inject?: string; value: string }[];
  limits?: 'strict' | 'standard' | 'interactive' | Limits;
  /** Script timeout: milliseconds, or text such as "30s". */
  timeout?: number | string;
  policy?: Policy;
  /**
   * How a run's stdout or stderr is kept once it passes `maxOutputBytes`: `head`, the share
   * kept from its start (0.2; 1 keeps only the start), the rest from its end; the whole stream
   * is saved under /tmp/sandsh-output within `saveQuota` (64 MiB; 0 saves none).
   */
  output?: { head?: number; saveQuota?: number | string };
  /** Functions called around every command and network request (see `Hooks`). */
  hooks?: Hooks;
  /** Called with each trace event: one per command that ran and one per run. */
  trace?: (event: TraceEvent) => void;
  customCommands?: Command[];
}

/** An event of a session's trace (durations in milliseconds). */
export type TraceEvent =
  | {
      event: 'command';
      /** The run it belongs to (1 for the session's first). */
      run: number;
      name: string;
      args: string[];
      cwd: string;
      status: number;
      /** When it started, from the start of its run. */
      start_ms: number;
      duration_ms: number;
      stdin_bytes: number;
      stdout_bytes: number;
      stderr_bytes: number;
    }
  | {
      event: 'run';
      run: number;
      status: number;
      duration_ms: number;
      /** What ended it early (`timeout`, `limit_exceeded`, …), or null. */
      error: string | null;
      /** The message sandsh ended it with, or null. */
      message: string | null;
    };

/** A command about to run, as `beforeCommand` sees it. */
export interface CommandCall {
  /** The command's name as registered, whatever path or alias reached it. */
  name: string;
  args: string[];
  cwd: string;
  /** Its risk under the session's rules, raised by its arguments (a recursive `rm`). */
  risk: 'read_only' | 'low_risk' | 'medium_risk' | 'high_risk' | 'critical';
}

/** A command that ended, as `afterCommand` sees it. */
export interface CommandEnd {
  name: string;
  args: string[];
  cwd: string;
  /** Its exit status. */
  status: number;
  durationMs: number;
  stdinBytes: number;
  stdoutBytes: number;
  stderrBytes: number;
}

/** A request the network allowlist let through, as `beforeRequest` sees it. */
export interface RequestCall {
  method: string;
  url: string;
  /** The header lines about to be sent, in order. */
  headers: [string, string][];
}

/**
 * Hooks on a session. Each may be async; a command or request waits for its hook (and gives
 * up when its run is cancelled or times out). A hook that throws refuses the command or
 * request. Shell builtins (`echo`, `cd`) are the language and are not hooked.
 */
export interface Hooks {
  /**
   * Before each command (after the policy allowed it): `undefined` or `true` runs it; `false`
   * refuses it (status 126); a string refuses it with that message; an array runs that argv
   * instead; `{ deny, status }` or `{ argv }` say the same.
   */
  beforeCommand?: (
    call: CommandCall,
  ) =>
    | void
    | boolean
    | string
    | string[]
    | { deny?: string; status?: number }
    | { argv: string[] }
    | Promise<void | boolean | string | string[] | { deny?: string; status?: number } | { argv: string[] }>;
  /** After each command that ran; its answer is ignored. */
  afterCommand?: (end: CommandEnd) => void | Promise<void>;
  /**
   * Before each request and redirect hop: `undefined` or `true` sends it; `false` or a string
   * refuses it; an array of `[name, value]` pairs (or `{ headers }`) is sent as its headers.
   */
  beforeRequest?: (
    request: RequestCall,
  ) =>
    | void
    | boolean
    | string
    | [string, string][]
    | { headers: [string, string][] }
    | { deny?: string }
    | Promise<void | boolean | string | [string, string][] | { headers: [string, string][] } | { deny?: string }>;
}

/** A session's configuration as `Shell.config` returns it (the shape every entry point shares). */
export interface SessionConfig {
  username?: string;
  hostname?: string;
  env?: Record<string, string>;
  cwd?: string;
  /** Text, or `{ hex }` for contents that are not UTF-8. */
  files?: Record<string, string | { hex: string }>;
  mounts?: { host: string; path: string; mode: 'ro' | 'overlay' | 'rw' }[];
  allow_net?: string[];
  /** As configured, with each `value` shown as "[REDACTED]". */
  secrets?: { name?: string; url: string; inject?: string; value: string }[];
  /** Seconds. */
  net_max_time?: number;
  profile?: 'strict' | 'standard' | 'interactive';
  /** Limits set on top of the profile, by their snake_case names. */
  limits?: Record<string, number>;
  /** Seconds. */
  timeout?: number;
  policy?: { deny?: string[]; allow_only?: string[]; confirm_at?: string; approve_read_only?: boolean; redact?: string[] };
  output?: { head?: number; save_quota?: number };
}

export interface ExecOptions {
  stdin?: string | Uint8Array;
  /** Variables exported for this run only. */
  env?: Record<string, string | number | boolean>;
  /** The directory this run starts in (the session's is restored afterwards). */
  cwd?: string;
  /** Milliseconds. */
  timeout?: number;
  /** Aborting it stops the run with status 130. */
  signal?: AbortSignal;
  onStdout?: (text: string) => void;
  onStderr?: (text: string) => void;
}

/** Where something is in a script (1-based). */
export interface Position {
  line: number;
  column: number;
}

export type RiskLevel = 'read_only' | 'low_risk' | 'medium_risk' | 'high_risk' | 'critical';

/** `Shell.analyze`'s report (the JSON schema is `sandsh --analyze`'s, README "Analysing a script"). */
export interface AnalysisReport {
  version: number;
  commands: Array<Position & {
    name: string;
    kind: 'builtin' | 'function' | 'session_function' | 'registered' | 'file' | 'not_found';
    args: Array<string | null>;
    risk?: RiskLevel;
    denied?: string;
    confirm: boolean;
  }>;
  highest_risk: RiskLevel | null;
  files: Array<Position & {
    path: string | null;
    access: 'read' | 'write' | 'append' | 'delete' | 'move';
    by: string;
  }>;
  network: Array<Position & { url: string | null; command: string }>;
  opaque: Array<Position & {
    kind: 'eval' | 'dynamic_command' | 'source' | 'shell_string' | 'indirect' | 'exec'
      | 'evaluated' | 'resolution' | 'unknown' | 'program';
    reason: string;
  }>;
  parse_error: (Position & { message: string }) | null;
  read_only: boolean;
}

export type RunError =
  | 'parse_error'
  | 'timeout'
  | 'limit_exceeded'
  | 'cancelled'
  | 'config'
  | 'invalid_request'
  | 'internal';

export interface ExecResult {
  stdout: string;
  stderr: string;
  /** As bash's `$?`: 124 on timeout, 125 for a limit, 130 when cancelled. */
  exitCode: number;
  /** Why the run did not end normally; absent when it did. */
  error?: RunError;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /**
   * How stdout was cut when it passed the output limit: its head and tail are in `stdout`,
   * whose last line names `file`, the VFS file holding its first `saved` bytes.
   */
  stdoutCut?: OutputCut;
  stderrCut?: OutputCut;
  durationMs: number;
}

/** How a stream that passed the output limit was kept. */
export interface OutputCut {
  /** Bytes the stream had in all. */
  total: number;
  /** Bytes kept from its start and from its end. */
  head: number;
  tail: number;
  file?: string;
  saved: number;
}

export interface Job {
  id: number;
  pid: number;
  command: string;
  state: 'running' | 'done';
  exitCode?: number;
}

/** What a model's call of the tool returns. */
export interface ToolAnswer {
  stdout: string;
  stderr: string;
  exit_code: number;
  error?: RunError;
}

export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** A sandboxed bash session: files, variables, functions, cwd and jobs persist across calls. */
export class Shell {
  constructor(options?: ShellOptions);
  exec(script: string, options?: ExecOptions): Promise<ExecResult>;
  cancel(): void;
  cancelJobs(): Promise<void>;
  jobs(): Promise<Job[]>;
  /** Signed with HMAC-SHA256 under `key` when one is given. */
  snapshot(options?: { key?: string | Uint8Array }): Promise<Buffer>;
  /** With `key`, only a snapshot signed with that key is taken. */
  restore(snapshot: Uint8Array, options?: { key?: string | Uint8Array }): Promise<void>;
  readFile(path: string): Promise<string>;
  readFile(path: string, encoding: null | 'buffer'): Promise<Buffer>;
  readFile(path: string, encoding: BufferEncoding): Promise<string>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  appendFile(path: string, data: string | Uint8Array): Promise<void>;
  readdir(path?: string): Promise<string[]>;
  exists(path: string): Promise<boolean>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  rm(path: string, options?: { recursive?: boolean }): Promise<void>;
  getCwd(): Promise<string>;
  /** The session's configuration (snake_case keys, only those set, durations in seconds). */
  readonly config: SessionConfig;
  /** What `script` may do, found without running it (nothing runs, nothing changes). */
  analyze(script: string): Promise<AnalysisReport>;
  getVar(name: string): Promise<string | null>;
  registerCommand(command: Command): Promise<void>;
  registerCommand(name: string, execute: CommandFunction, options?: CommandOptions): Promise<void>;
  removeCommand(name: string): Promise<boolean>;

  /** The tool's name ("sandsh"). */
  readonly name: string;
  readonly shortDescription: string;
  description(): string;
  help(): string;
  systemPrompt(): string;
  inputSchema(): Record<string, unknown>;
  outputSchema(): Record<string, unknown>;
  /** Run a model's call: a script, `{ commands, timeout_ms? }`, or its JSON. */
  execute(call: string | { commands: string; timeout_ms?: number | null }): Promise<ToolAnswer>;
  definition(options?: { name?: string; description?: string }): ToolDefinition;
}

/** A Shell used as an LLM tool (the Rust library's BashTool). */
export class BashTool extends Shell {}

export class ToolRegistry {
  constructor();
  register(shell: Shell): this;
  names(): string[];
  readonly size: number;
  openaiTools(): Array<{ type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } }>;
  anthropicTools(): ToolDefinition[];
  mcpTools(): Array<{ name: string; description: string; inputSchema: Record<string, unknown> }>;
  /** Run a model's tool call (OpenAI, Anthropic or `{name, arguments}` shape); answers in that shape. */
  dispatch(call: string | Record<string, unknown>): Promise<Record<string, unknown>>;
}

export class SandshError extends Error {}
export class ConfigError extends SandshError {}
export class SnapshotError extends SandshError {}
export class FileError extends SandshError {
  code: 'ENOENT' | 'EEXIST' | 'ENOTDIR' | 'EISDIR' | 'EACCES' | 'EIO';
}

export const version: string;
