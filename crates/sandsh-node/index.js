// sandsh for Node: a sandboxed, bash-compatible shell for AI agents.
//
// One `Shell` is one persistent session over a virtual filesystem: files, variables,
// functions, the working directory and background jobs persist across `exec` calls; the host
// is unreachable unless a directory is mounted. Scripts behave as in bash 5.2, and grep, sed,
// awk, jq and the rest are sandsh's own implementations of the real tools, run in-process.
//
// Everything that runs a script or touches the session returns a promise: the work runs on
// the shell's own thread, so the JavaScript thread stays free (two shells run in parallel,
// and JavaScript commands called by a running script are served on it).
'use strict';

const { AsyncLocalStorage } = require('node:async_hooks');
const native = require('./native.js');

const EMPTY = Buffer.alloc(0);

/** Base class of the errors sandsh throws. */
class SandshError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}
/** A shell's configuration is invalid (an unknown option or limit, a mount that cannot be opened). */
class ConfigError extends SandshError {}
/** A snapshot cannot be taken or restored. */
class SnapshotError extends SandshError {}
/** A file operation failed; `code` is `ENOENT`, `EEXIST`, `ENOTDIR`, `EISDIR`, `EACCES` or `EIO`. */
class FileError extends SandshError {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

const KINDS = { ConfigError, SnapshotError, SandshError };

/** The native layer's `"Kind: message"` errors as their classes. */
function translate(err) {
  if (!(err instanceof Error) || err instanceof SandshError) return err;
  const m = /^(ConfigError|SnapshotError|SandshError|FileError): ([\s\S]*)$/.exec(err.message);
  if (!m) return err;
  if (m[1] === 'FileError') {
    const f = /^(E[A-Z]+): ([\s\S]*)$/.exec(m[2]);
    return f ? new FileError(f[2], f[1]) : new FileError(m[2], 'EIO');
  }
  return new KINDS[m[1]](m[2]);
}

async function call(promiseFn) {
  try {
    return await promiseFn();
  } catch (e) {
    throw translate(e);
  }
}

function syncCall(fn) {
  try {
    return fn();
  } catch (e) {
    throw translate(e);
  }
}

/** Text as UTF-8 bytes; bytes as they are. */
function toBuffer(data, what) {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  throw new TypeError(`${what} must be a string, Buffer or Uint8Array`);
}

/**
 * Define a command written in JavaScript: `execute(args, ctx)` gets the arguments (strings)
 * and a context `{ stdin, cwd, env, signal }` (`stdin` as bytes, a `Uint8Array`), and returns
 * (or resolves to) `{ stdout, stderr, exitCode }`, a string (its stdout), or nothing. A function
 * that declares only `args` leaves its standard input unread (so it can sit in a `while read`
 * loop); `options.stdin: true|false` says so explicitly.
 */
function defineCommand(name, execute, options = {}) {
  if (typeof name !== 'string' || !name) throw new TypeError('defineCommand: a name');
  if (typeof execute !== 'function') throw new TypeError('defineCommand: an execute function');
  return {
    name,
    execute,
    description: options.description,
    stdin: options.stdin,
    trusted: options.trusted,
  };
}

function wantsStdin(cmd) {
  if (typeof cmd.stdin === 'boolean') return cmd.stdin;
  if (typeof cmd.wantsStdin === 'boolean') return cmd.wantsStdin;
  return cmd.execute.length !== 1;
}

/** A command's answer as `[exitCode, stdout, stderr]`. */
function answer(r) {
  if (r === undefined || r === null) return [0, EMPTY, EMPTY];
  if (typeof r === 'string' || r instanceof Uint8Array) return [0, toBuffer(r, 'stdout'), EMPTY];
  if (typeof r !== 'object') throw new TypeError(`a command returns { stdout, stderr, exitCode }, not ${typeof r}`);
  const code = r.exitCode === undefined ? 0 : Number(r.exitCode) | 0;
  const out = r.stdout === undefined || r.stdout === null ? EMPTY : toBuffer(r.stdout, 'stdout');
  const err = r.stderr === undefined || r.stderr === null ? EMPTY : toBuffer(r.stderr, 'stderr');
  return [code, out, err];
}

// Which shell's command the current async context is running: a command that awaited its own
// shell would wait for the run that waits for it.
const running = new AsyncLocalStorage();

function cancelledResult() {
  return {
    stdout: '',
    stderr: 'sandsh: cancelled\n',
    exitCode: 130,
    error: 'cancelled',
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: 0,
  };
}

/**
 * The function the native shell calls for JavaScript commands. The native shell holds it (a
 * thread-safe function keeps it alive), so it must not hold the shell: it reaches it through a
 * WeakRef, and is made outside the constructor so that its closure captures nothing else.
 * An unreachable Shell is then collected, with its native half and worker thread.
 */
function dispatcher(ref) {
  return (id, kind, name, args, stdin, cwd, env) => {
    const shell = ref.deref();
    if (shell) shell._dispatch(id, kind, name, args, stdin, cwd, env);
    else native.reply(id, 1, EMPTY, Buffer.from(`${name}: the shell is gone\n`));
  };
}

const kNative = Symbol('sandsh.native');
const kCommands = Symbol('sandsh.commands');
const kConfirm = Symbol('sandsh.confirm');
const kHooks = Symbol('sandsh.hooks');

/** The hooks a Shell takes, and how each one's answer is put for the native layer. */
const HOOKS = {
  beforeCommand(answer) {
    if (answer === undefined || answer === null || answer === true) return { run: true };
    if (answer === false) return { deny: null };
    if (typeof answer === 'string') return { deny: answer };
    if (Array.isArray(answer)) return { argv: answer.map(String) };
    if (typeof answer === 'object' && Array.isArray(answer.argv)) return { argv: answer.argv.map(String) };
    if (typeof answer === 'object' && 'deny' in answer) {
      return { deny: answer.deny == null ? null : String(answer.deny), status: answer.status ?? null };
    }
    throw new TypeError('beforeCommand returns undefined, a boolean, a message, an argv array, {argv} or {deny, status}');
  },
  afterCommand() {
    return null;
  },
  trace() {
    return null;
  },
  beforeRequest(answer) {
    if (answer === undefined || answer === null || answer === true) return { send: true };
    if (answer === false) return { deny: null };
    if (typeof answer === 'string') return { deny: answer };
    if (Array.isArray(answer)) return { headers: answer.map(([k, v]) => [String(k), String(v)]) };
    if (typeof answer === 'object' && Array.isArray(answer.headers)) {
      return { headers: answer.headers.map(([k, v]) => [String(k), String(v)]) };
    }
    if (typeof answer === 'object' && 'deny' in answer) return { deny: answer.deny == null ? null : String(answer.deny) };
    throw new TypeError('beforeRequest returns undefined, a boolean, a message, a headers array, {headers} or {deny}');
  },
};
const kCtx = Symbol('sandsh.ctx');

/**
 * A sandboxed bash session.
 *
 * Options (all optional): `username`, `hostname`, `env` ({name: value}), `cwd`, `files`
 * ({path: string | Uint8Array | () => string}), `mounts` ([{host, path, mode: "ro" | "overlay" |
 * "rw"}]), `allowNet` (URL-prefix rules), `limits` (a profile name or an object of the
 * limits table, camelCase), `timeout` (ms, or text such as "30s"), `policy` ({deny,
 * allowOnly, confirmAt, confirm: async (question) => boolean}), `hooks`
 * ({beforeCommand, afterCommand, beforeRequest}: functions, possibly async, called around every
 * command and network request; see `index.d.ts`) and `customCommands` (from `defineCommand`).
 */
class Shell {
  constructor(options = {}) {
    const { files, customCommands, policy, hooks, trace, ...rest } = options || {};
    this[kCommands] = new Map();
    this[kConfirm] = policy && typeof policy.confirm === 'function' ? policy.confirm : null;
    this[kHooks] = {};
    for (const [name, fn] of Object.entries(hooks || {})) {
      if (fn === undefined || fn === null) continue;
      if (!(name in HOOKS) || name === 'trace') {
        throw new ConfigError(`hooks.${name}: unknown hook (beforeCommand, afterCommand, beforeRequest)`);
      }
      if (typeof fn !== 'function') throw new ConfigError(`hooks.${name}: a function`);
      this[kHooks][name] = fn;
    }
    if (trace !== undefined && trace !== null) {
      if (typeof trace !== 'function') throw new ConfigError('trace: a function receiving each trace event');
      this[kHooks].trace = trace;
    }
    const fileMap = {};
    for (const [p, data] of Object.entries(files || {})) {
      let d = data;
      if (typeof d === 'function') d = d();
      if (d && typeof d.then === 'function') {
        throw new ConfigError(`files[${JSON.stringify(p)}]: an async file provider cannot be read in a constructor; write it with writeFile()`);
      }
      fileMap[p] = toBuffer(d, `files[${JSON.stringify(p)}]`);
    }
    const commands = [];
    for (const cmd of customCommands || []) {
      if (!cmd || typeof cmd.name !== 'string' || typeof cmd.execute !== 'function') {
        throw new ConfigError('customCommands: each is a command from defineCommand(name, execute)');
      }
      this[kCommands].set(cmd.name, cmd);
      commands.push([cmd.name, cmd.description || `JavaScript command ${cmd.name}`, wantsStdin(cmd)]);
    }
    const json = { ...rest };
    if (policy) json.policy = { ...policy, confirm: undefined };
    for (const k of Object.keys(json)) if (json[k] === undefined) delete json[k];
    const dispatch = dispatcher(new WeakRef(this));
    this[kNative] = syncCall(
      () =>
        new native.Shell(
          JSON.stringify(json),
          fileMap,
          dispatch,
          commands,
          this[kConfirm] !== null,
          Object.keys(this[kHooks]),
        ),
    );
  }

  /** The context a JavaScript command gets. */
  _context(name, args, stdin, cwd, env) {
    return { name, args, stdin: stdin ? new Uint8Array(stdin.buffer, stdin.byteOffset, stdin.byteLength) : new Uint8Array(0), cwd, env };
  }

  /** Serves one call from the native layer (a command, or the policy's confirmation). */
  _dispatch(id, kind, name, args, stdin, cwd, env) {
    const done = (code, out, err) => native.reply(id, code, out, err);
    if (kind === 'hook' && name === 'trace') {
      // A trace event: handed over, not awaited; a throw is the function's own business.
      try {
        this[kHooks].trace(JSON.parse(args[0]));
      } catch {
        // Ignored: tracing never changes a run.
      }
      done(0, Buffer.from('null'), EMPTY);
      return;
    }
    if (kind === 'hook') {
      // A hook: its argument as JSON, its answer as JSON; a throw refuses the command or request.
      Promise.resolve()
        .then(() => this[kHooks][name](JSON.parse(args[0])))
        .then((answer) => HOOKS[name](answer))
        .then(
          (answer) => done(0, Buffer.from(JSON.stringify(answer)), EMPTY),
          (e) => done(1, EMPTY, Buffer.from(e instanceof Error ? e.message : String(e))),
        );
      return;
    }
    if (kind === 'confirm') {
      Promise.resolve()
        .then(() => this[kConfirm](name))
        .then(
          (yes) => done(yes ? 0 : 1, EMPTY, EMPTY),
          () => done(1, EMPTY, EMPTY),
        );
      return;
    }
    const cmd = this[kCommands].get(name);
    if (!cmd) {
      done(127, EMPTY, Buffer.from(`${name}: command not found\n`));
      return;
    }
    running
      .run(this, async () => cmd.execute(args, this._context(name, args, stdin, cwd, env)))
      .then(answer)
      .then(
        ([code, out, err]) => done(code, out, err),
        (e) => {
          const msg = e instanceof Error ? e.message : String(e);
          done(1, EMPTY, Buffer.from(`${name}: ${msg}\n`));
        },
      );
  }

  _guard() {
    if (running.getStore() === this) {
      throw new SandshError(
        'a command of this shell cannot use the shell while its script runs (use another Shell, or return the work to the script)',
      );
    }
  }

  /**
   * Run a script. Options: `stdin` (string or bytes), `env` (variables for this run only),
   * `cwd` (where this run starts), `timeout` (ms), `signal` (an AbortSignal: the run stops
   * with status 130), `onStdout`/`onStderr` (called with text as it is produced). Resolves to
   * `{ stdout, stderr, exitCode, error?, stdoutTruncated, stderrTruncated, durationMs }`.
   */
  async exec(script, options = {}) {
    this._guard();
    if (typeof script !== 'string') throw new TypeError('exec: the script is a string');
    const { stdin, env, cwd, timeout, signal, onStdout, onStderr } = options || {};
    if (signal && signal.aborted) return cancelledResult();
    const opts = {};
    if (stdin !== undefined && stdin !== null) opts.stdin = toBuffer(stdin, 'stdin');
    if (env) {
      opts.env = {};
      for (const [k, v] of Object.entries(env)) opts.env[k] = String(v);
    }
    if (cwd !== undefined) opts.cwd = cwd;
    if (timeout !== undefined && timeout !== null) opts.timeoutMs = Number(timeout);
    const ticket = new native.Ticket();
    let stream;
    let ended;
    if (onStdout || onStderr) {
      let end;
      ended = new Promise((resolve) => {
        end = resolve;
      });
      stream = (kind, text) => {
        if (kind === 0) end();
        else if (kind === 1) onStdout && onStdout(text);
        else onStderr && onStderr(text);
      };
    }
    const onAbort = () => ticket.cancel();
    if (signal) signal.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await call(() => this[kNative].exec(script, opts, ticket, stream));
      if (ended) await ended;
      return result;
    } finally {
      if (signal) signal.removeEventListener('abort', onAbort);
    }
  }

  /** Cancel the run in progress (it stops with status 130); background jobs keep running. */
  cancel() {
    this[kNative].cancel();
  }

  /** Cancel the session's background jobs. */
  async cancelJobs() {
    this._guard();
    return call(() => this[kNative].cancelJobs());
  }

  /** The session's background jobs: [{ id, pid, command, state, exitCode }]. */
  async jobs() {
    this._guard();
    return call(() => this[kNative].jobs());
  }

  /**
   * The session as bytes (files, variables, functions, aliases, options, cwd); signed with
   * HMAC-SHA256 under `options.key` (a string or bytes) when one is given.
   */
  async snapshot(options = {}) {
    this._guard();
    const key = options && options.key != null ? toBuffer(options.key, 'key') : undefined;
    return call(() => this[kNative].snapshot(key));
  }

  /**
   * Replace the session with a snapshot's; on error nothing changes. With `options.key`, only a
   * snapshot signed with that key is taken.
   */
  async restore(snapshot, options = {}) {
    this._guard();
    const key = options && options.key != null ? toBuffer(options.key, 'key') : undefined;
    return call(() => this[kNative].restore(toBuffer(snapshot, 'snapshot'), key));
  }

  /** A file of the session as text (UTF-8), or as a Buffer with `encoding: null` / "buffer". */
  async readFile(path, encoding = 'utf8') {
    this._guard();
    const data = await call(() => this[kNative].readFile(String(path)));
    if (encoding === null || encoding === 'buffer') return data;
    return data.toString(typeof encoding === 'object' ? encoding.encoding || 'utf8' : encoding);
  }

  /** Write a file (text or bytes), creating its parent directories. */
  async writeFile(path, data) {
    this._guard();
    return call(() => this[kNative].writeFile(String(path), toBuffer(data, 'data'), false));
  }

  /** Append to a file (created if missing). */
  async appendFile(path, data) {
    this._guard();
    return call(() => this[kNative].writeFile(String(path), toBuffer(data, 'data'), true));
  }

  /** The names in a directory, sorted. */
  async readdir(path = '.') {
    this._guard();
    return call(() => this[kNative].readdir(String(path)));
  }

  /** Whether a path exists. */
  async exists(path) {
    this._guard();
    return call(() => this[kNative].exists(String(path)));
  }

  /** Make a directory (`{ recursive: true }` makes its parents). */
  async mkdir(path, options = {}) {
    this._guard();
    return call(() => this[kNative].mkdir(String(path), Boolean(options && options.recursive)));
  }

  /** Remove a file or directory (`{ recursive: true }` for a directory's contents). */
  async rm(path, options = {}) {
    this._guard();
    return call(() => this[kNative].rm(String(path), Boolean(options && options.recursive)));
  }

  /**
   * The session's configuration: the one shape every entry point (CLI, MCP, Python, Node)
   * maps its options onto (snake_case keys, only those set, durations in seconds).
   */
  get config() {
    return JSON.parse(this[kNative].configJson());
  }

  /**
   * What `script` may do, found without running it: the commands (with their risk under the
   * session's policy), files, URLs, opaque constructs, parse error and the read-only verdict.
   */
  async analyze(script) {
    this._guard();
    return JSON.parse(await call(() => this[kNative].analyzeJson(String(script))));
  }

  /** The session's working directory. */
  async getCwd() {
    this._guard();
    return call(() => this[kNative].getCwd());
  }

  /** A shell variable's value, or null. */
  async getVar(name) {
    this._guard();
    return call(() => this[kNative].getVar(String(name)));
  }

  /** Add a command (from `defineCommand`, or a name and a function). */
  async registerCommand(cmd, execute, options) {
    this._guard();
    if (typeof cmd === 'string') cmd = defineCommand(cmd, execute, options);
    if (!cmd || typeof cmd.name !== 'string' || typeof cmd.execute !== 'function') {
      throw new ConfigError('registerCommand: a command from defineCommand(name, execute)');
    }
    await call(() =>
      this[kNative].registerCommand(cmd.name, cmd.description || `JavaScript command ${cmd.name}`, wantsStdin(cmd)),
    );
    this[kCommands].set(cmd.name, cmd);
  }

  /** Remove a command added by `customCommands` or `registerCommand`; resolves to whether there was one. */
  async removeCommand(name) {
    this._guard();
    const had = await call(() => this[kNative].removeCommand(name));
    this[kCommands].delete(name);
    return had;
  }

  // ----- The LLM tool (the Rust library's BashTool) --------------------------------------

  /** The tool's name for registries ("sandsh"). */
  get name() {
    return this[kNative].name;
  }

  /** One line for tool listings. */
  get shortDescription() {
    return this[kNative].shortDescription;
  }

  /** The full description, listing the commands the session has (yours included). */
  description() {
    return this[kNative].description();
  }

  /** A man page for a model. */
  help() {
    return this[kNative].help();
  }

  /** A compact header to put in a system prompt. */
  systemPrompt() {
    return this[kNative].systemPrompt();
  }

  /** The JSON Schema of a call's arguments: { commands: string, timeout_ms?: integer }. */
  inputSchema() {
    return JSON.parse(this[kNative].inputSchemaJson());
  }

  /** The JSON Schema of a call's result: { stdout, stderr, exit_code, error? }. */
  outputSchema() {
    return JSON.parse(this[kNative].outputSchemaJson());
  }

  /**
   * Run a model's call: a script, or the arguments { commands, timeout_ms? } (an object or
   * its JSON). Resolves to { stdout, stderr, exit_code, error? }.
   */
  async execute(callArgs) {
    this._guard();
    let args = callArgs;
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        args = { commands: callArgs };
      }
      if (typeof args !== 'object' || args === null) args = { commands: callArgs };
    }
    const text = await call(() => this[kNative].executeJson(JSON.stringify(args)));
    return JSON.parse(text);
  }

  /** { name, description, input_schema }: the tool as the registry renders it (Anthropic shape). */
  definition(options = {}) {
    const registry = new native.ToolRegistry();
    registry.register(this[kNative]);
    const d = JSON.parse(registry.anthropicToolsJson())[0];
    if (options.name) d.name = options.name;
    if (options.description) d.description = options.description;
    return d;
  }
}

/** A `Shell` used as an LLM tool (the Rust library's `BashTool`): the same class, by its tool name. */
class BashTool extends Shell {}

/**
 * Tools offered to a model: `register(shell)`, their definitions for OpenAI
 * (`openaiTools()`), Anthropic (`anthropicTools()`) and MCP (`mcpTools()`), and
 * `dispatch(call)` for a model's tool call, answered in the call's shape.
 */
class ToolRegistry {
  constructor() {
    this[kNative] = new native.ToolRegistry();
    this._shells = [];
  }

  /** Add a shell; one with the same name is replaced. Returns the registry. */
  register(shell) {
    if (!(shell instanceof Shell)) throw new TypeError('register: a Shell');
    this[kNative].register(shell[kNative]);
    this._shells.push(shell);
    return this;
  }

  names() {
    return this[kNative].names();
  }

  get size() {
    return this.names().length;
  }

  /** The `tools` array of an OpenAI chat request. */
  openaiTools() {
    return JSON.parse(this[kNative].openaiToolsJson());
  }

  /** The `tools` array of an Anthropic messages request. */
  anthropicTools() {
    return JSON.parse(this[kNative].anthropicToolsJson());
  }

  /** The `tools` array of an MCP `tools/list` result. */
  mcpTools() {
    return JSON.parse(this[kNative].mcpToolsJson());
  }

  /**
   * Run a model's tool call and resolve to the answer in the call's shape: an OpenAI tool call
   * ({id, type: "function", function: {name, arguments}}) gets a {role: "tool", tool_call_id,
   * content} message; an Anthropic tool_use block ({id, name, input}) a tool_result block;
   * {name, arguments, id?} gets {id, name, content, is_error}. Unknown tools and bad arguments
   * come back as error content; they do not throw.
   */
  async dispatch(toolCall) {
    for (const s of this._shells) s._guard();
    const text = typeof toolCall === 'string' ? toolCall : JSON.stringify(toolCall);
    return JSON.parse(await call(() => this[kNative].dispatchJson(text)));
  }
}

// The one export list, for `require` and (read by Node's CommonJS lexer) `import`:
// `_internal` stays last, a nested object the lexer does not export.
module.exports = {
  Shell,
  BashTool,
  ToolRegistry,
  defineCommand,
  SandshError,
  ConfigError,
  SnapshotError,
  FileError,
  version: native.version(),
  _internal: { kNative, toBuffer, answer, wantsStdin, translate },
};
