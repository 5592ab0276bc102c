// `sandsh/just-bash`: just-bash 3.x's API over sandsh, so a just-bash user switches by
// changing the import (`import { Bash, defineCommand } from "sandsh/just-bash"`).
//
// What is the same: the constructor options that have a sandsh meaning (files, env, cwd,
// executionLimits, customCommands, network.allowedUrlPrefixes), exec(script, { env, cwd,
// stdin, signal, args, replaceEnv }) resolving to { stdout, stderr, exitCode, env },
// readFile/writeFile/getCwd/getEnv/registerCommand, and defineCommand(name, async (args,
// ctx) => ({ stdout, stderr, exitCode })) with ctx.stdin a byte string (one char per byte,
// as just-bash's ByteString: decode it with decodeBytesToUtf8).
//
// What differs, on purpose:
// - State between exec calls. just-bash resets variables, functions and the working
//   directory after every exec (the filesystem is shared). That is the default here too
//   (each script runs in a subshell of the session); `new Bash({ persistState: true })` keeps
//   them, as sandsh's own Shell does.
// - Scripts run as bash runs them: leading whitespace is kept (rawScript is accepted and
//   changes nothing), and grep/sed/awk/jq are sandsh's implementations of the real tools.
// - Exit statuses: an aborted run exits 130 (just-bash: 124), a tripped limit 125 with
//   sandsh's message naming the limit (just-bash: 126).
// - `getEnv()` and a result's `env` give the environment given to the constructor and to the
//   call (just-bash: the whole environment after the script).
// - Not offered: custom filesystems (fs, OverlayFs, MountableFs: use sandsh's `mounts`
//   through `new Bash({ sandsh: { mounts } })`), python/javascript runtimes, transform
//   plugins, and ctx.fs/ctx.exec in custom commands.
'use strict';

const sandsh = require('./index.js');

const { Shell } = sandsh;

/** just-bash's `defineCommand(name, execute, { trusted })`. */
function defineCommand(name, execute, options = {}) {
  return { name, execute, trusted: options.trusted === undefined ? true : options.trusted };
}

/** `s` (a byte string: one char per byte) as UTF-8 text. */
function decodeBytesToUtf8(b) {
  return Buffer.from(String(b), 'latin1').toString('utf8');
}

/** UTF-8 text as a byte string. */
function encodeUtf8ToBytes(s) {
  return Buffer.from(String(s), 'utf8').toString('latin1');
}

function quote(arg) {
  return `'${String(arg).replace(/'/g, `'\\''`)}'`;
}

// just-bash's executionLimits, as sandsh's limits.
const LIMIT_NAMES = {
  maxCallDepth: 'maxFunctionDepth',
  maxCommandCount: 'maxCommands',
  maxLoopIterations: 'maxLoopIterations',
  maxOutputSize: 'maxOutputBytes',
  maxSourceBytes: 'maxScriptBytes',
  maxSubstitutionDepth: 'maxSubstDepth',
};

function limitsOf(options) {
  const l = { ...(options.executionLimits || {}) };
  for (const k of ['maxCallDepth', 'maxCommandCount', 'maxLoopIterations']) {
    if (options[k] !== undefined) l[k] = options[k];
  }
  const out = {};
  let timeout;
  for (const [k, v] of Object.entries(l)) {
    if (k === 'maxExecutionTimeMs') {
      timeout = v === Infinity ? undefined : v;
    } else if (LIMIT_NAMES[k]) {
      out[LIMIT_NAMES[k]] = v === Infinity ? null : v;
    }
  }
  return { limits: Object.keys(out).length ? out : undefined, timeout };
}

/** A just-bash command (or lazy command) as a sandsh command. */
function adapt(cmd) {
  let load = null;
  if (typeof cmd.load === 'function' && typeof cmd.execute !== 'function') {
    let loaded;
    load = async () => (loaded ||= await cmd.load());
  }
  const execute = async (args, ctx) => {
    const real = load ? await load() : cmd;
    const jbCtx = {
      cwd: ctx.cwd,
      env: new Map(Object.entries(ctx.env || {})),
      exportedEnv: ctx.env,
      stdin: Buffer.from(ctx.stdin.buffer, ctx.stdin.byteOffset, ctx.stdin.byteLength).toString('latin1'),
    };
    const r = await real.execute(args, jbCtx);
    if (!r || typeof r !== 'object') return r;
    const bytes = (s, kind) =>
      typeof s === 'string' && kind === 'bytes' ? Buffer.from(s, 'latin1') : s;
    return {
      stdout: bytes(r.stdout, r.stdoutKind),
      stderr: bytes(r.stderr, r.stderrKind),
      exitCode: r.exitCode,
    };
  };
  return { name: cmd.name, execute, stdin: true };
}

/** just-bash's `Bash`, backed by a sandsh session. */
class Bash {
  constructor(options = {}) {
    const { limits, timeout } = limitsOf(options);
    this._persist = Boolean(options.persistState);
    this._env = { ...(options.env || {}) };
    this._cwd = options.cwd || '/home/user';
    const allowNet = [];
    for (const p of (options.network && options.network.allowedUrlPrefixes) || []) {
      allowNet.push(typeof p === 'string' ? p : p.url);
    }
    if (options.network && options.network.dangerouslyAllowFullInternetAccess) {
      allowNet.push('http://', 'https://');
    }
    const files = {};
    for (const [p, v] of Object.entries(options.files || {})) {
      if (typeof v === 'function') {
        this._lazy ||= [];
        this._lazy.push([p, v]);
      } else if (v && typeof v === 'object' && !(v instanceof Uint8Array) && 'content' in v) {
        files[p] = v.content;
      } else {
        files[p] = v;
      }
    }
    this._prepared = false;
    this.shell = new Shell({
      env: options.env,
      files,
      limits,
      timeout,
      allowNet: allowNet.length ? allowNet : undefined,
      customCommands: (options.customCommands || []).map(adapt),
      ...(options.sandsh || {}),
    });
    this._ready = null;
  }

  /** Before the first exec: the working directory is made (just-bash makes it), and lazy
   * files (`() => content`) are written. */
  async _prepare() {
    if (!this._prepared) {
      this._prepared = true;
      await this.shell.mkdir(this._cwd, { recursive: true });
      if (this._persist) await this.shell.exec(`cd ${quote(this._cwd)}`);
    }
    if (!this._lazy) return;
    const lazy = this._lazy;
    this._lazy = null;
    for (const [p, f] of lazy) {
      const exists = await this.shell.exists(p);
      if (!exists) await this.shell.writeFile(p, await f());
    }
  }

  /** Register a command (just-bash's `Command` object). */
  registerCommand(command) {
    const p = this.shell.registerCommand(adapt(command));
    this._ready = Promise.all([this._ready, p]);
    return undefined;
  }

  async exec(commandLine, options = {}) {
    if (this._ready) {
      await this._ready;
      this._ready = null;
    }
    await this._prepare();
    let script = String(commandLine);
    if (options.args && options.args.length) script += ' ' + options.args.map(quote).join(' ');
    const env = options.env ? { ...options.env } : undefined;
    if (options.replaceEnv) {
      // Unset every exported variable (PATH is only unexported, so commands are still
      // found), then export the given ones.
      const set = Object.entries(env || {})
        .map(([k, v]) => `export ${k}=${quote(v)}`)
        .join('; ');
      script =
        `for __jb_v in $(export -p | sed -n 's/^declare -x \\([A-Za-z_][A-Za-z0-9_]*\\).*/\\1/p'); do ` +
        `if [ "$__jb_v" = PATH ]; then export -n PATH; else unset "$__jb_v"; fi; done; unset __jb_v; ${set}\n${script}`;
    }
    if (!this._persist) {
      // A subshell: variables, functions and cwd changes end with it, as just-bash resets them.
      // `( ` with a space, so a script starting with `(` is not read as `((`.
      script = `( ${script}\n)`;
    }
    const r = await this.shell.exec(script, {
      env: options.replaceEnv ? undefined : env,
      cwd: options.cwd || (this._persist ? undefined : this._cwd),
      stdin: options.stdin,
      signal: options.signal,
    });
    if (this._persist) this._cwd = await this.shell.getCwd();
    return {
      stdout: r.stdout,
      stderr: r.stderr,
      exitCode: r.exitCode,
      env: { ...this._env, ...(env || {}) },
    };
  }

  async readFile(path) {
    return this.shell.readFile(path);
  }

  async writeFile(path, content) {
    return this.shell.writeFile(path, content);
  }

  getCwd() {
    return this._cwd;
  }

  getEnv() {
    return { ...this._env };
  }
}

module.exports = {
  Bash,
  defineCommand,
  decodeBytesToUtf8,
  encodeUtf8ToBytes,
};
