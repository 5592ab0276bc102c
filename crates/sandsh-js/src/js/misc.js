// The smaller built-ins: util, os, assert, child_process (inside the session), stream,
// readline, url, crypto, timers, and the ones the sandbox refuses with a reason.

// ---- util ----------------------------------------------------------------------------------

function promisify(original) {
  if (typeof original !== 'function') throw invalidArgType('original', 'of type function', original);
  if (original[promisify.custom]) return original[promisify.custom];
  function fn(...args) {
    return new Promise((resolve, reject) => {
      original.call(this, ...args, (err, ...values) => {
        if (err) reject(err);
        else resolve(values.length > 1 ? values : values[0]);
      });
    });
  }
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = Symbol.for('nodejs.util.promisify.custom');

function isDeepStrictEqual(a, b) {
  return deepEqual(a, b, true, new Map());
}

function deepEqual(a, b, strict, memo) {
  if (strict ? Object.is(a, b) : a == b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return !strict && (a === null || typeof a !== 'object') && (b === null || typeof b !== 'object') ? a == b : false;
  }
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ta = Object.prototype.toString.call(a);
  if (ta !== Object.prototype.toString.call(b)) return false;
  if (memo.get(a) === b) return true;
  memo.set(a, b);
  if (a instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (a instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
  if (ArrayBuffer.isView(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !deepEqual(v, b.get(k), strict, memo)) return false;
    return true;
  }
  if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) {
      if (!b.has(v)) {
        if (typeof v !== 'object') return false;
        let found = false;
        for (const w of b) if (deepEqual(v, w, strict, memo)) found = true;
        if (!found) return false;
      }
    }
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!deepEqual(a[k], b[k], strict, memo)) return false;
  }
  return true;
}

const types = {
  isDate: (v) => Object.prototype.toString.call(v) === '[object Date]',
  isRegExp: (v) => Object.prototype.toString.call(v) === '[object RegExp]',
  isMap: (v) => Object.prototype.toString.call(v) === '[object Map]',
  isSet: (v) => Object.prototype.toString.call(v) === '[object Set]',
  isPromise: (v) => Object.prototype.toString.call(v) === '[object Promise]',
  isNativeError: (v) => v instanceof Error,
  isTypedArray: (v) => ArrayBuffer.isView(v) && !(v instanceof DataView),
  isUint8Array: (v) => v instanceof Uint8Array,
  isArrayBuffer: (v) => v instanceof ArrayBuffer,
  isAnyArrayBuffer: (v) => v instanceof ArrayBuffer,
  isAsyncFunction: (v) => typeof v === 'function' && v.constructor && v.constructor.name === 'AsyncFunction',
  isGeneratorFunction: (v) => typeof v === 'function' && v.constructor && /GeneratorFunction/.test(v.constructor.name),
  isBoxedPrimitive: (v) => ['Number', 'String', 'Boolean', 'BigInt', 'Symbol'].includes(objectTag(v)) && typeof v === 'object',
  isWeakMap: (v) => objectTag(v) === 'WeakMap',
  isWeakSet: (v) => objectTag(v) === 'WeakSet',
  isDataView: (v) => v instanceof DataView,
  isProxy: () => false,
};

function deprecate(fn, msg, code) {
  let warned = false;
  return function (...args) {
    if (!warned) {
      warned = true;
      process.emitWarning(msg, code ? `DeprecationWarning` : 'DeprecationWarning');
    }
    return fn.apply(this, args);
  };
}

function inherits(ctor, superCtor) {
  Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

function callbackify(fn) {
  return function (...args) {
    const cb = args.pop();
    fn.apply(this, args).then((v) => process.nextTick(cb, null, v), (e) => process.nextTick(cb, e));
  };
}

function parseArgs(config = {}) {
  const args = config.args || process.argv.slice(2);
  const options = config.options || {};
  const values = {};
  const positionals = [];
  for (const [k, o] of Object.entries(options)) if (o.default !== undefined) values[k] = o.default;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    let name;
    let inline;
    if (a.startsWith('--')) {
      [name, inline] = a.slice(2).split(/=(.*)/s);
    } else if (a.startsWith('-') && a.length > 1) {
      const short = a[1];
      name = Object.keys(options).find((k) => options[k].short === short);
      if (name === undefined) throw nodeError(TypeError, 'ERR_PARSE_ARGS_UNKNOWN_OPTION', `Unknown option '${a}'`);
      if (a.length > 2) inline = a.slice(2);
    } else {
      if (config.allowPositionals === false) throw nodeError(TypeError, 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL', `Unexpected argument '${a}'. This command does not take positional arguments`);
      positionals.push(a);
      continue;
    }
    const o = options[name];
    if (!o) {
      if (config.strict === false) {
        values[name] = inline === undefined ? true : inline;
        continue;
      }
      throw nodeError(TypeError, 'ERR_PARSE_ARGS_UNKNOWN_OPTION', `Unknown option '--${name}'`);
    }
    let v = true;
    if (o.type === 'string') v = inline !== undefined ? inline : args[++i];
    if (o.multiple) (values[name] = Array.isArray(values[name]) && values[name] !== o.default ? values[name] : []).push(v);
    else values[name] = v;
  }
  return { values, positionals };
}

const utilModule = {
  inspect, format, formatWithOptions, promisify, callbackify, inherits, deprecate, isDeepStrictEqual, types, parseArgs,
  isArray: Array.isArray,
  isString: (v) => typeof v === 'string',
  isNumber: (v) => typeof v === 'number',
  isFunction: (v) => typeof v === 'function',
  isObject: (v) => v !== null && typeof v === 'object',
  isError: (v) => v instanceof Error,
  isRegExp: types.isRegExp,
  isDate: types.isDate,
  isPrimitive: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
  isUndefined: (v) => v === undefined,
  isNull: (v) => v === null,
  isNullOrUndefined: (v) => v == null,
  isBoolean: (v) => typeof v === 'boolean',
  isSymbol: (v) => typeof v === 'symbol',
  stripVTControlCharacters: (s) => s.replace(/\u001b\[[0-9;]*[A-Za-z]/g, ''),
  toUSVString: (s) => String(s).toWellFormed ? String(s).toWellFormed() : String(s),
  styleText: (f, t) => t,
  debuglog: () => () => {},
  TextEncoder: globalThis.TextEncoder,
  TextDecoder: globalThis.TextDecoder,
};
defineBuiltin('util', () => utilModule);
defineBuiltin('util/types', () => types);

// ---- os ------------------------------------------------------------------------------------

defineBuiltin('os', () => {
  const shell = (cmd) => {
    const [status, out] = host.spawnSync(cmd);
    return status === 0 ? utf8Decode(out).trim() : '';
  };
  return {
    EOL: '\n',
    devNull: '/dev/null',
    platform: () => 'linux',
    type: () => 'Linux',
    arch: () => 'x64',
    machine: () => 'x86_64',
    endianness: () => 'LE',
    release: () => shell(['uname', '-r']),
    version: () => shell(['uname', '-v']),
    hostname: () => shell(['hostname']) || 'localhost',
    homedir: () => process.env.HOME || '/root',
    tmpdir: () => {
      const t = process.env.TMPDIR || '/tmp';
      return t.length > 1 && t.endsWith('/') ? t.slice(0, -1) : t;
    },
    userInfo: () => ({
      uid: 1000, gid: 1000,
      username: process.env.USER || process.env.LOGNAME || 'user',
      homedir: process.env.HOME || '/root', shell: process.env.SHELL || '/bin/bash',
    }),
    cpus: () => [{ model: 'sandsh', speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } }],
    availableParallelism: () => 1,
    totalmem: () => 2 ** 31,
    freemem: () => 2 ** 30,
    uptime: () => Math.floor(host.hrtime() / 1e9),
    loadavg: () => [0, 0, 0],
    networkInterfaces: () => ({}),
    constants: { signals: { SIGINT: 2, SIGTERM: 15, SIGKILL: 9, SIGHUP: 1 }, errno: {} },
  };
});

// ---- assert --------------------------------------------------------------------------------

class AssertionError extends Error {
  constructor(options) {
    super(options.message);
    this.name = 'AssertionError';
    this.code = 'ERR_ASSERTION';
    this.actual = options.actual;
    this.expected = options.expected;
    this.operator = options.operator;
    this.generatedMessage = !options.userMessage;
  }
}

function makeAssert() {
  const fail = (actual, expected, message, operator, generated) => {
    if (message instanceof Error) throw message;
    throw new AssertionError({ message: message === undefined ? generated : message, actual, expected, operator, userMessage: message !== undefined });
  };
  const ok = (value, message) => {
    if (!value) fail(value, true, message, '==', `${inspect(value)} == true`);
  };
  const assert = (value, message) => ok(value, message);
  assert.ok = ok;
  assert.AssertionError = AssertionError;
  assert.fail = (message = 'Failed') => fail(undefined, undefined, message, 'fail');
  assert.equal = (a, b, m) => {
    if (!(a == b || (a !== a && b !== b))) fail(a, b, m, '==', `${inspect(a)} == ${inspect(b)}`);
  };
  assert.notEqual = (a, b, m) => {
    if (a == b) fail(a, b, m, '!=', `${inspect(a)} != ${inspect(b)}`);
  };
  assert.strictEqual = (a, b, m) => {
    if (!Object.is(a, b)) {
      fail(a, b, m, 'strictEqual', `Expected values to be strictly equal:\n\n${inspect(a)} !== ${inspect(b)}\n`);
    }
  };
  assert.notStrictEqual = (a, b, m) => {
    if (Object.is(a, b)) fail(a, b, m, 'notStrictEqual', `Expected "actual" to be strictly unequal to: ${inspect(b)}`);
  };
  assert.deepEqual = (a, b, m) => {
    if (!deepEqual(a, b, false, new Map())) fail(a, b, m, 'deepEqual', `Expected values to be loosely deep-equal:\n\n${inspect(a)}\n\nshould loosely deep-equal\n\n${inspect(b)}`);
  };
  assert.deepStrictEqual = (a, b, m) => {
    if (!deepEqual(a, b, true, new Map())) fail(a, b, m, 'deepStrictEqual', `Expected values to be strictly deep-equal:\n${inspect(a)}\n\nshould equal\n\n${inspect(b)}`);
  };
  assert.notDeepStrictEqual = (a, b, m) => {
    if (deepEqual(a, b, true, new Map())) fail(a, b, m, 'notDeepStrictEqual', `Expected "actual" not to be strictly deep-equal to: ${inspect(b)}`);
  };
  assert.notDeepEqual = (a, b, m) => {
    if (deepEqual(a, b, false, new Map())) fail(a, b, m, 'notDeepEqual', `Expected "actual" not to be loosely deep-equal to: ${inspect(b)}`);
  };
  const matches = (err, expected) => {
    if (expected === undefined) return true;
    if (typeof expected === 'function') {
      if (expected.prototype !== undefined && err instanceof expected) return true;
      if (Error.isPrototypeOf(expected)) return false;
      return expected(err) === true;
    }
    if (expected instanceof RegExp) return expected.test(String(err));
    if (typeof expected === 'object') {
      return Object.keys(expected).every((k) => (expected[k] instanceof RegExp ? expected[k].test(err[k]) : deepEqual(err[k], expected[k], true, new Map())));
    }
    return true;
  };
  assert.throws = (fn, expected, message) => {
    if (typeof expected === 'string') {
      message = expected;
      expected = undefined;
    }
    try {
      fn();
    } catch (e) {
      if (!matches(e, expected)) throw e;
      return;
    }
    fail(undefined, expected, message, 'throws', `Missing expected exception${message ? `: ${message}` : '.'}`);
  };
  assert.doesNotThrow = (fn, message) => {
    try {
      fn();
    } catch (e) {
      fail(e, undefined, message, 'doesNotThrow', `Got unwanted exception.\nActual message: "${e && e.message}"`);
    }
  };
  assert.rejects = async (p, expected, message) => {
    try {
      await (typeof p === 'function' ? p() : p);
    } catch (e) {
      if (!matches(e, expected)) throw e;
      return;
    }
    fail(undefined, expected, message, 'rejects', `Missing expected rejection${message ? `: ${message}` : '.'}`);
  };
  assert.doesNotReject = async (p) => {
    await (typeof p === 'function' ? p() : p);
  };
  assert.match = (s, re, m) => {
    if (!re.test(s)) fail(s, re, m, 'match', `The input did not match the regular expression ${inspect(re)}. Input:\n\n${inspect(s)}\n`);
  };
  assert.doesNotMatch = (s, re, m) => {
    if (re.test(s)) fail(s, re, m, 'doesNotMatch', `The input was expected to not match the regular expression ${inspect(re)}. Input:\n\n${inspect(s)}\n`);
  };
  assert.ifError = (v) => {
    if (v !== null && v !== undefined) throw v;
  };
  assert.strict = assert;
  return assert;
}
let assertModule;
defineBuiltin('assert', () => (assertModule = assertModule || makeAssert()));
defineBuiltin('assert/strict', () => loadBuiltin('assert'));

// ---- child_process: commands of this session ------------------------------------------------

function shellQuote(s) {
  return `'${String(s).replaceAll("'", "'\\''")}'`;
}

function runInSession(argv, options = {}) {
  const cwd = options.cwd ? pathModule.resolve(processCwd, String(options.cwd)) : processCwd;
  const env = options.env || process.env;
  const envArgs = Object.entries(env).filter(([k, v]) => v !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(k)).map(([k, v]) => `${k}=${v}`);
  const script = `cd -- "$0" && "$@"`;
  const input = options.input === undefined ? undefined : options.input;
  const [status, out, err] = host.spawnSync(['env', '-i', ...envArgs, 'sh', '-c', script, cwd, ...argv], input);
  return { status, stdout: fromBytes(out), stderr: fromBytes(err) };
}

function outputAs(buf, encoding) {
  return encoding && encoding !== 'buffer' ? buf.toString(encoding) : buf;
}

function execSync(command, options = {}) {
  const r = runInSession(['sh', '-c', String(command)], options);
  if (options.stdio !== 'pipe' && options.stdio !== undefined && options.stdio[2] !== 'pipe') {
    // stderr inherited
  }
  if (r.stderr.length && !(options.stdio === 'pipe' || (Array.isArray(options.stdio) && options.stdio[2] === 'pipe'))) {
    host.write(2, r.stderr);
  }
  if (r.status !== 0) {
    const e = new Error(`Command failed: ${command}${r.stderr.length ? `\n${r.stderr.toString()}` : ''}`);
    Object.assign(e, { status: r.status, signal: null, output: [null, outputAs(r.stdout, options.encoding), outputAs(r.stderr, options.encoding)], pid: 0, stdout: outputAs(r.stdout, options.encoding), stderr: outputAs(r.stderr, options.encoding) });
    throw e;
  }
  if (options.stdio === 'inherit') {
    host.write(1, r.stdout);
    return null;
  }
  return outputAs(r.stdout, options.encoding);
}

function spawnSync(file, args = [], options = {}) {
  if (!Array.isArray(args)) {
    options = args || {};
    args = [];
  }
  const argv = options.shell ? ['sh', '-c', [file, ...args].join(' ')] : [file, ...args.map(String)];
  const r = runInSession(argv, options);
  if (options.stdio === 'inherit') {
    host.write(1, r.stdout);
    host.write(2, r.stderr);
  }
  if (r.status === 127 && !options.shell && r.stderr.toString().includes('not found')) {
    const e = fsError({ sandshFsError: true, code: 'ENOENT' }, `spawnSync ${file}`, file);
    return { pid: 0, output: null, stdout: null, stderr: null, status: null, signal: null, error: e };
  }
  const stdout = outputAs(r.stdout, options.encoding);
  const stderr = outputAs(r.stderr, options.encoding);
  return { pid: 0, output: [null, stdout, stderr], stdout, stderr, status: r.status, signal: null };
}

function execFileSync(file, args = [], options = {}) {
  if (!Array.isArray(args)) {
    options = args || {};
    args = [];
  }
  const r = spawnSync(file, args, { ...options, stdio: 'pipe' });
  if (r.error) throw r.error;
  if (options.stdio !== 'pipe' && r.stderr && r.stderr.length) host.write(2, r.stderr);
  if (r.status !== 0) {
    const e = new Error(`Command failed: ${[file, ...args].join(' ')}`);
    Object.assign(e, { status: r.status, stdout: r.stdout, stderr: r.stderr });
    throw e;
  }
  return r.stdout;
}

function exec(command, options, cb) {
  if (typeof options === 'function') {
    cb = options;
    options = {};
  }
  const r = runInSession(['sh', '-c', String(command)], options || {});
  const enc = (options && options.encoding) || 'utf8';
  const stdout = outputAs(r.stdout, enc);
  const stderr = outputAs(r.stderr, enc);
  const child = new EventEmitter();
  setImmediate(() => {
    let err = null;
    if (r.status !== 0) {
      err = new Error(`Command failed: ${command}\n${r.stderr.toString()}`);
      err.code = r.status;
    }
    if (cb) cb(err, stdout, stderr);
    child.emit('exit', r.status, null);
    child.emit('close', r.status, null);
  });
  return child;
}

function execFile(file, args, options, cb) {
  if (typeof args === 'function') {
    cb = args;
    args = [];
    options = {};
  } else if (typeof options === 'function') {
    cb = options;
    options = {};
  }
  return exec([file, ...(args || [])].map(shellQuote).join(' '), options, cb);
}

function spawn(file, args = [], options = {}) {
  if (!Array.isArray(args)) {
    options = args || {};
    args = [];
  }
  const { Readable, Writable } = loadBuiltin('stream');
  const child = new EventEmitter();
  const chunks = [];
  child.stdin = new Writable({ write(c, e, cb) { chunks.push(Buffer.from(c)); cb(); } });
  child.stdout = new Readable();
  child.stderr = new Readable();
  child.pid = 0;
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    const argv = options.shell ? ['sh', '-c', [file, ...args].join(' ')] : [file, ...args.map(String)];
    const r = runInSession(argv, { ...options, input: Buffer.concat(chunks) });
    if (options.stdio === 'inherit') {
      host.write(1, r.stdout);
      host.write(2, r.stderr);
    } else {
      if (r.stdout.length) child.stdout.push(r.stdout);
      if (r.stderr.length) child.stderr.push(r.stderr);
    }
    child.stdout.push(null);
    child.stderr.push(null);
    child.exitCode = r.status;
    setImmediate(() => {
      child.emit('exit', r.status, null);
      child.emit('close', r.status, null);
    });
  };
  child.stdin.on('finish', () => setImmediate(run));
  // Without input, the command runs on the next turn.
  setImmediate(() => setImmediate(() => {
    if (!child.stdin._ended) run();
  }));
  child.stdin.once('pipe', () => {});
  child.kill = () => false;
  return child;
}

defineBuiltin('child_process', () => ({ execSync, spawnSync, execFileSync, exec, execFile, spawn, fork: () => {
  throw new Error('child_process.fork is not available in the sandbox');
} }));

// ---- stream (enough for pipes, fs streams, process.stdin and readline) ----------------------

function makeStream() {
  class Stream extends EventEmitter {
    pipe(dest, opts) {
      this.on('data', (c) => dest.write(c));
      if (!opts || opts.end !== false) this.on('end', () => dest !== process.stdout && dest !== process.stderr && dest.end && dest.end());
      if (this.resume) this.resume();
      dest.emit && dest.emit('pipe', this);
      return dest;
    }
  }
  class Readable extends Stream {
    constructor(options = {}) {
      super();
      this._buf = [];
      this._ended = false;
      this._flowing = null;
      this._encoding = options.encoding || null;
      this._objectMode = !!options.objectMode;
      this.readable = true;
      this.destroyed = false;
      if (options.read) this._read = options.read;
      this._scheduled = false;
      this.on('newListener', (ev) => {
        if (ev === 'data' && this._flowing !== false) this.resume();
        if (ev === 'readable') this._schedule();
      });
    }
    static from(iterable, options = {}) {
      const r = new Readable({ objectMode: true, ...options });
      (async () => {
        try {
          for await (const x of iterable) r.push(x);
          r.push(null);
        } catch (e) {
          r.destroy(e);
        }
      })();
      return r;
    }
    _read() {}
    setEncoding(enc) {
      this._encoding = enc;
      return this;
    }
    push(chunk) {
      if (chunk === null) {
        this._ended = true;
      } else {
        if (typeof chunk === 'string' && !this._objectMode) chunk = Buffer.from(chunk);
        this._buf.push(chunk);
      }
      this._schedule();
      return true;
    }
    unshift(chunk) {
      this._buf.unshift(chunk);
    }
    _decode(c) {
      return this._encoding && c instanceof Uint8Array ? Buffer.from(c).toString(this._encoding) : c;
    }
    _schedule() {
      if (this._scheduled) return;
      this._scheduled = true;
      process.nextTick(() => {
        this._scheduled = false;
        this._flow();
      });
    }
    _flow() {
      if (this.destroyed) return;
      if (this._flowing) {
        while (this._buf.length && this._flowing) this.emit('data', this._decode(this._buf.shift()));
      } else if (this.listenerCount('readable') > 0 && (this._buf.length || this._ended)) {
        this.emit('readable');
      }
      if (this._ended && this._buf.length === 0 && !this._endEmitted && (this._flowing || this.listenerCount('readable') > 0 || this._readCalled)) {
        this._endEmitted = true;
        this.readable = false;
        this.emit('end');
        this.emit('close');
      }
      if (!this._ended && this._buf.length === 0) this._read();
    }
    read() {
      this._readCalled = true;
      if (this._buf.length === 0) {
        if (this._ended) this._schedule();
        return null;
      }
      const all = this._objectMode ? this._buf.shift() : Buffer.concat(this._buf.splice(0).map((c) => Buffer.from(c)));
      if (this._ended) this._schedule();
      return this._decode(all);
    }
    resume() {
      this._flowing = true;
      this._schedule();
      return this;
    }
    pause() {
      this._flowing = false;
      return this;
    }
    isPaused() {
      return this._flowing === false;
    }
    destroy(err) {
      this.destroyed = true;
      if (err) process.nextTick(() => this.emit('error', err));
      process.nextTick(() => this.emit('close'));
      return this;
    }
    [Symbol.asyncIterator]() {
      const queue = [];
      let done = false;
      let error = null;
      let waiting = null;
      const wake = () => {
        if (waiting) {
          const w = waiting;
          waiting = null;
          w();
        }
      };
      this.on('data', (c) => {
        queue.push(c);
        wake();
      });
      this.on('end', () => {
        done = true;
        wake();
      });
      this.on('error', (e) => {
        error = e;
        wake();
      });
      return {
        next: async () => {
          for (;;) {
            if (queue.length) return { value: queue.shift(), done: false };
            if (error) throw error;
            if (done) return { value: undefined, done: true };
            await new Promise((r) => (waiting = r));
          }
        },
        return: async () => ({ value: undefined, done: true }),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    }
  }
  class Writable extends Stream {
    constructor(options = {}) {
      super();
      this.writable = true;
      this._ended = false;
      if (options.write) this._write = options.write;
      if (options.final) this._final = options.final;
      this._decodeStrings = options.decodeStrings !== false;
    }
    _write(chunk, enc, cb) {
      cb();
    }
    write(chunk, encoding, cb) {
      if (typeof encoding === 'function') {
        cb = encoding;
        encoding = 'utf8';
      }
      if (typeof chunk === 'string' && this._decodeStrings) chunk = Buffer.from(chunk, encoding);
      this._write(chunk, encoding || 'buffer', (err) => {
        if (err) this.emit('error', err);
        if (cb) cb(err);
      });
      return true;
    }
    end(chunk, encoding, cb) {
      if (typeof chunk === 'function') {
        cb = chunk;
        chunk = undefined;
      }
      if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
      this._ended = true;
      const finish = () => {
        this.writable = false;
        process.nextTick(() => {
          this.emit('finish');
          this.emit('close');
          if (cb) cb();
        });
      };
      if (this._final) this._final(finish);
      else finish();
      return this;
    }
    cork() {}
    uncork() {}
    destroy() {
      this.destroyed = true;
      return this;
    }
  }
  class Duplex extends Readable {
    constructor(options = {}) {
      super(options);
      this.writable = true;
      if (options.write) this._write = options.write;
      if (options.final) this._final = options.final;
    }
  }
  for (const m of ['write', 'end', 'cork', 'uncork']) Duplex.prototype[m] = Writable.prototype[m];
  Duplex.prototype._write = function (c, e, cb) {
    cb();
  };
  class Transform extends Duplex {
    constructor(options = {}) {
      super(options);
      if (options.transform) this._transform = options.transform;
      if (options.flush) this._flush = options.flush;
      this._decodeStrings = true;
    }
    _transform(chunk, enc, cb) {
      cb(null, chunk);
    }
    _write(chunk, enc, cb) {
      this._transform(chunk, enc, (err, data) => {
        if (data !== undefined && data !== null) this.push(data);
        cb(err);
      });
    }
    _final(done) {
      const end = () => {
        this.push(null);
        done();
      };
      if (this._flush) this._flush((err, data) => {
        if (data !== undefined && data !== null) this.push(data);
        end();
      });
      else end();
    }
  }
  class PassThrough extends Transform {}
  function pipeline(...streams) {
    const cb = typeof streams[streams.length - 1] === 'function' ? streams.pop() : null;
    for (let i = 0; i < streams.length - 1; i++) streams[i].pipe(streams[i + 1]);
    const last = streams[streams.length - 1];
    if (cb) {
      last.on('finish', () => cb());
      for (const s of streams) s.on('error', (e) => cb(e));
    }
    return last;
  }
  function finished(stream, cb) {
    stream.on('end', () => cb());
    stream.on('finish', () => cb());
    stream.on('error', (e) => cb(e));
  }
  Stream.Readable = Readable;
  Stream.Writable = Writable;
  Stream.Duplex = Duplex;
  Stream.Transform = Transform;
  Stream.PassThrough = PassThrough;
  Stream.Stream = Stream;
  Stream.pipeline = pipeline;
  Stream.finished = finished;
  Stream.promises = {
    pipeline: (...s) => new Promise((resolve, reject) => pipeline(...s, (e) => (e ? reject(e) : resolve()))),
    finished: (s) => new Promise((resolve, reject) => finished(s, (e) => (e ? reject(e) : resolve()))),
  };
  return Stream;
}
defineBuiltin('stream', makeStream);
defineBuiltin('stream/promises', () => loadBuiltin('stream').promises);

// process.stdin: the command's standard input, read whole at the first read.
let stdinStream;
Object.defineProperty(process, 'stdin', {
  get() {
    if (stdinStream === undefined) {
      const { Readable } = loadBuiltin('stream');
      let pulled = false;
      stdinStream = new Readable({
        read() {
          if (pulled) return;
          pulled = true;
          const data = host.readStdin();
          if (data.length) this.push(fromBytes(data));
          this.push(null);
        },
      });
      stdinStream.fd = 0;
      stdinStream.isTTY = undefined;
      stdinStream.setRawMode = () => stdinStream;
    }
    return stdinStream;
  },
  configurable: true,
  enumerable: true,
});

// ---- readline --------------------------------------------------------------------------------

defineBuiltin('readline', () => {
  class Interface extends EventEmitter {
    constructor(input, output) {
      super();
      if (input && !input.on && input.input) {
        output = input.output;
        input = input.input;
      }
      this.input = input;
      this.output = output;
      this.closed = false;
      this._lines = [];
      this._waiters = [];
      this._buffer = '';
      this._questions = [];
      this._paused = false;
      if (input && input.on) {
        if (input.setEncoding) input.setEncoding('utf8');
        input.on('data', (chunk) => this._data(String(chunk)));
        input.on('end', () => {
          if (this._buffer !== '') this._line(this._buffer);
          this._buffer = '';
          this.close();
        });
      }
    }
    _data(s) {
      this._buffer += s;
      let i;
      while ((i = this._buffer.search(/\r?\n/)) !== -1) {
        const line = this._buffer.slice(0, i);
        this._buffer = this._buffer.slice(this._buffer[i] === '\r' ? i + 2 : i + 1);
        this._line(line);
      }
    }
    _line(line) {
      if (this._questions.length) {
        this._questions.shift()(line);
        return;
      }
      if (this._iterating) {
        this._lines.push(line);
        const w = this._waiters.shift();
        if (w) w();
      }
      this.emit('line', line);
    }
    question(query, opts, cb) {
      if (typeof opts === 'function') cb = opts;
      if (this.output && this.output.write) this.output.write(query);
      this._questions.push(cb);
    }
    setPrompt(p) {
      this._prompt = p;
    }
    getPrompt() {
      return this._prompt || '> ';
    }
    prompt() {
      if (this.output && this.output.write) this.output.write(this.getPrompt());
    }
    write(s) {
      if (this.output && this.output.write) this.output.write(s);
    }
    pause() {
      this._paused = true;
      return this;
    }
    resume() {
      this._paused = false;
      return this;
    }
    close() {
      if (this.closed) return;
      this.closed = true;
      this.emit('close');
      for (const w of this._waiters.splice(0)) w();
    }
    [Symbol.asyncIterator]() {
      this._iterating = true;
      return {
        next: async () => {
          for (;;) {
            if (this._lines.length) return { value: this._lines.shift(), done: false };
            if (this.closed) return { value: undefined, done: true };
            await new Promise((r) => this._waiters.push(r));
          }
        },
        return: async () => {
          this.close();
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    }
  }
  const createInterface = (input, output) => new Interface(input, output);
  const promises = {
    Interface,
    createInterface: (input, output) => {
      const rl = new Interface(input, output);
      const q = rl.question.bind(rl);
      rl.question = (query) => new Promise((resolve) => q(query, resolve));
      return rl;
    },
  };
  return {
    Interface, createInterface, promises,
    clearLine: () => true, cursorTo: () => true, moveCursor: () => true, clearScreenDown: () => true,
    emitKeypressEvents: () => {},
  };
});
defineBuiltin('readline/promises', () => loadBuiltin('readline').promises);

// ---- timers ----------------------------------------------------------------------------------

defineBuiltin('timers', () => ({ setTimeout, setInterval, setImmediate, clearTimeout, clearInterval: clearTimeout, clearImmediate }));
defineBuiltin('timers/promises', () => ({
  setTimeout: (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms)),
  setImmediate: (value) => new Promise((resolve) => setImmediate(() => resolve(value))),
  setInterval: async function* (ms, value) {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      yield value;
    }
  },
  scheduler: { wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), yield: () => new Promise((r) => setImmediate(r)) },
}));

defineBuiltin('perf_hooks', () => ({ performance: globalThis.performance || { now: () => host.hrtime() / 1e6 } }));

// ---- crypto ----------------------------------------------------------------------------------

defineBuiltin('crypto', () => {
  class Hash {
    constructor(alg, key) {
      this._alg = String(alg).toLowerCase().replace('-', '');
      this._key = key;
      this._parts = [];
      if (!['md5', 'sha1', 'sha256', 'sha512', 'sha384', 'sha224'].includes(this._alg)) {
        throw new Error('Digest method not supported');
      }
    }
    update(data, enc) {
      this._parts.push(typeof data === 'string' ? Buffer.from(data, enc) : Buffer.from(data));
      return this;
    }
    digest(enc) {
      const data = Buffer.concat(this._parts);
      const key = this._key === undefined ? undefined : (typeof this._key === 'string' ? Buffer.from(this._key) : Buffer.from(this._key));
      const out = fromBytes(host.digest(this._alg, data, key));
      return enc ? out.toString(enc) : out;
    }
    copy() {
      const h = new Hash(this._alg, this._key);
      h._parts = this._parts.slice();
      return h;
    }
  }
  const randomBytes = (n, cb) => {
    const b = fromBytes(host.randomBytes(n));
    if (cb) {
      setImmediate(() => cb(null, b));
      return undefined;
    }
    return b;
  };
  const randomUUID = () => {
    const b = host.randomBytes(16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = host.decode(b, 'hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const randomInt = (min, max) => {
    if (max === undefined) {
      max = min;
      min = 0;
    }
    const b = host.randomBytes(6);
    const r = b.reduce((a, x) => a * 256 + x, 0) / 2 ** 48;
    return min + Math.floor(r * (max - min));
  };
  const getRandomValues = (arr) => {
    const b = host.randomBytes(arr.byteLength);
    new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength).set(b);
    return arr;
  };
  return {
    createHash: (alg) => new Hash(alg),
    createHmac: (alg, key) => new Hash(alg, key),
    randomBytes, randomUUID, randomInt, getRandomValues,
    webcrypto: { getRandomValues, randomUUID },
    timingSafeEqual: (a, b) => Buffer.from(a).equals(Buffer.from(b)),
    getHashes: () => ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'],
  };
});
if (typeof globalThis.crypto !== 'object') {
  Object.defineProperty(globalThis, 'crypto', {
    get() {
      return loadBuiltin('crypto').webcrypto;
    },
    configurable: true,
  });
}

// ---- url (URL and URLSearchParams when the engine has none) ---------------------------------

defineBuiltin('url', () => {
  const fileURLToPath = (u) => {
    const url = typeof u === 'string' ? new URL(u) : u;
    if (url.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    return decodeURIComponent(url.pathname);
  };
  const pathToFileURL = (p) => new URL(`file://${encodeURI(pathModule.resolve(processCwd, p)).replace(/[?#]/g, encodeURIComponent)}`);
  const parse = (s) => {
    const u = new URL(s, 'resolve://');
    const isRel = u.protocol === 'resolve:';
    return {
      protocol: isRel ? null : u.protocol, slashes: !isRel, auth: u.username ? `${u.username}${u.password ? `:${u.password}` : ''}` : null,
      host: isRel ? null : u.host, port: u.port || null, hostname: isRel ? null : u.hostname, hash: u.hash || null,
      search: u.search || null, query: u.search ? u.search.slice(1) : null, pathname: u.pathname, path: u.pathname + u.search, href: isRel ? s : u.href,
    };
  };
  return { URL, URLSearchParams, fileURLToPath, pathToFileURL, parse, format: (u) => (typeof u === 'string' ? u : u.href || String(u)), resolve: (from, to) => new URL(to, new URL(from, 'resolve://')).href.replace(/^resolve:\/\//, '') };
});

// ---- what the sandbox does not have ----------------------------------------------------------

function refused(name, why) {
  defineBuiltin(name, () => {
    const err = () => {
      throw nodeError(Error, 'ERR_SANDBOX', `${name}: ${why}`);
    };
    return new Proxy({}, {
      get(t, k) {
        if (k === Symbol.toPrimitive || k === 'then' || k === Symbol.toStringTag || typeof k === 'symbol') return undefined;
        return err;
      },
    });
  });
}
for (const n of ['net', 'http', 'https', 'http2', 'dgram', 'tls', 'dns']) {
  refused(n, 'sockets and servers are not available in the sandbox');
}
refused('worker_threads', 'worker threads are not available in the sandbox');
refused('cluster', 'worker processes are not available in the sandbox');
refused('vm', 'the vm module is not available in the sandbox');
refused('inspector', 'the inspector is not available in the sandbox');
refused('v8', 'the v8 module is not available in the sandbox (the engine is QuickJS)');
defineBuiltin('async_hooks', () => ({
  AsyncLocalStorage: class AsyncLocalStorage {
    getStore() {
      return this._store;
    }
    run(store, fn, ...args) {
      const prev = this._store;
      this._store = store;
      try {
        return fn(...args);
      } finally {
        this._store = prev;
      }
    }
  },
  createHook: () => ({ enable() {}, disable() {} }),
}));
defineBuiltin('constants', () => ({ ...loadBuiltin('fs').constants }));
defineBuiltin('tty', () => ({ isatty: () => false }));
defineBuiltin('querystring', () => ({
  parse: (s, sep = '&', eq = '=') => {
    const out = Object.create(null);
    for (const part of String(s).split(sep)) {
      if (part === '') continue;
      const i = part.indexOf(eq);
      const dec = (x) => {
        try {
          return decodeURIComponent(x.replace(/\+/g, ' '));
        } catch {
          return x;
        }
      };
      const k = dec(i === -1 ? part : part.slice(0, i));
      const v = i === -1 ? '' : dec(part.slice(i + 1));
      if (k in out) out[k] = [].concat(out[k], v);
      else out[k] = v;
    }
    return out;
  },
  stringify: (o, sep = '&', eq = '=') => Object.entries(o).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}${eq}${encodeURIComponent(x == null ? '' : String(x))}`)).join(sep),
  escape: encodeURIComponent,
  unescape: decodeURIComponent,
}));
defineBuiltin('process', () => process);
defineBuiltin('console', () => console);
