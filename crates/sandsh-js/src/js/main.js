// process, console, timers, the event loop and the entry point (`main`, called by engine.rs).

const NODE_EXEC_PATH = '/usr/bin/node';
let nodeVersion = 'v20.20.2';

// ---- process ----------------------------------------------------------------------------

const process = new EventEmitter();
let processCwd = host.cwd();
let exitCode;
let exiting = false;

function makeWriteStream(fd) {
  const s = new EventEmitter();
  s.fd = fd;
  s.writable = true;
  s._isStdio = true;
  s.write = function write(chunk, encoding, cb) {
    if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) {
      throw invalidArgType('chunk', 'of type string or an instance of Buffer or Uint8Array', chunk);
    }
    if (typeof chunk === 'string' && encoding && encoding !== 'utf8' && encoding !== 'utf-8') {
      chunk = Buffer.from(chunk, encoding);
    }
    host.write(fd, chunk);
    if (typeof cb === 'function') process.nextTick(cb);
    return true;
  };
  s.end = function end(chunk, encoding, cb) {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    }
    if (chunk !== undefined && chunk !== null) s.write(chunk, encoding);
    if (typeof cb === 'function') process.nextTick(cb);
    process.nextTick(() => s.emit('finish'));
    return s;
  };
  s.cork = () => {};
  s.uncork = () => {};
  s.setDefaultEncoding = () => s;
  s.isTTY = undefined;
  s.writableLength = 0;
  s.writableHighWaterMark = 16384;
  s.getWindowSize = () => [80, 24];
  s.hasColors = () => false;
  s.getColorDepth = () => 1;
  return s;
}

process.title = 'node';
process.version = nodeVersion;
process.versions = {
  node: nodeVersion.slice(1),
  v8: '11.3.244.8-node.33',
  uv: '1.46.0',
  modules: '115',
  quickjs: '0.16.2',
  sandsh: '1',
};
process.arch = 'x64';
process.platform = 'linux';
process.release = { name: 'node', lts: 'Iron' };
process.execPath = NODE_EXEC_PATH;
process.execArgv = [];
process.argv0 = 'node';
process.pid = 42;
process.ppid = 1;
process.features = {};
process.config = { variables: {} };
process.env = host.env();
process.stdout = makeWriteStream(1);
process.stderr = makeWriteStream(2);
process.cwd = function cwd() {
  return processCwd;
};
process.chdir = function chdir(dir) {
  if (typeof dir !== 'string') throw invalidArgType('directory', 'of type string', dir);
  const target = pathModule.resolve(processCwd, dir);
  let st;
  try {
    st = host.stat(target, true);
  } catch (e) {
    throw chdirError(e.code, dir);
  }
  if (st.type !== 'dir') throw chdirError('ENOTDIR', dir);
  processCwd = target;
};
function chdirError(code, dir) {
  const [errno, desc] = uvErrors[code] || [-5, 'i/o error'];
  const e = new Error(`${code}: ${desc}, chdir ${processCwd} -> '${dir}'`);
  Object.assign(e, { errno, code, syscall: 'chdir', path: processCwd, dest: dir });
  return e;
}
process.umask = () => 0o022;
process.getuid = () => 1000;
process.geteuid = () => 1000;
process.getgid = () => 1000;
process.getegid = () => 1000;
process.getgroups = () => [1000];
process.uptime = () => host.hrtime() / 1e9;
process.hrtime = function hrtime(prev) {
  const ns = host.hrtime();
  let s = Math.floor(ns / 1e9);
  let n = Math.floor(ns - s * 1e9);
  if (prev) {
    s -= prev[0];
    n -= prev[1];
    if (n < 0) {
      s--;
      n += 1e9;
    }
  }
  return [s, n];
};
process.hrtime.bigint = () => BigInt(Math.floor(host.hrtime()));
process.memoryUsage = () => ({ rss: 30e6, heapTotal: 10e6, heapUsed: 5e6, external: 1e6, arrayBuffers: 1e4 });
process.memoryUsage.rss = () => 30e6;
process.cpuUsage = () => {
  const us = Math.floor(host.hrtime() / 1e3);
  return { user: us, system: 0 };
};
process.resourceUsage = () => ({});
process.emitWarning = function emitWarning(warning, type) {
  const name = typeof type === 'string' ? type : (warning && warning.name) || 'Warning';
  const msg = typeof warning === 'string' ? warning : warning.message;
  host.write(2, `(node:${process.pid}) ${name}: ${msg}\n`);
};
process.kill = () => {
  throw nodeError(Error, 'EPERM', 'kill EPERM: the sandbox has no processes to signal');
};
process.abort = () => process.exit(134);
process.binding = () => {
  throw new Error('No such module: process.binding is not available in the sandbox');
};
Object.defineProperty(process, 'exitCode', {
  get() {
    return exitCode;
  },
  set(v) {
    exitCode = v;
  },
  enumerable: true,
  configurable: true,
});
process.exit = function exit(code) {
  if (code !== undefined) exitCode = code;
  const status = exitStatus();
  if (!exiting) {
    exiting = true;
    try {
      process.emit('exit', status);
    } catch (e) {
      // An exception in an exit handler is reported and ends the process.
      reportUncaught(e);
      host.exit(7);
    }
  }
  host.exit(exitStatus());
};
process.reallyExit = process.exit;
process.nextTick = function nextTick(cb, ...args) {
  if (typeof cb !== 'function') throw invalidArgType('callback', 'of type function', cb);
  tickQueue.push([cb, args]);
};

function exitStatus() {
  if (exitCode === undefined || exitCode === null) return 0;
  const n = Number(exitCode);
  return Number.isInteger(n) ? n & 0xff : 0;
}

// ---- console ------------------------------------------------------------------------------

const counts = new Map();
const timersStart = new Map();
let groupIndent = '';

function consoleWrite(fd, args) {
  let s = formatWithOptions(undefined, ...args);
  if (groupIndent !== '') s = groupIndent + s.replaceAll('\n', `\n${groupIndent}`);
  host.write(fd, `${s}\n`);
}

const console = {
  log: (...a) => consoleWrite(1, a),
  info: (...a) => consoleWrite(1, a),
  debug: (...a) => consoleWrite(1, a),
  warn: (...a) => consoleWrite(2, a),
  error: (...a) => consoleWrite(2, a),
  trace: (...a) => {
    const err = new Error(formatWithOptions(undefined, ...a));
    err.name = 'Trace';
    consoleWrite(2, [err.stack]);
  },
  dir: (obj, opts) => host.write(1, `${groupIndent}${inspect(obj, { customInspect: false, ...opts })}\n`),
  dirxml: (...a) => consoleWrite(1, a),
  assert: (cond, ...a) => {
    if (!cond) {
      if (a.length === 0) consoleWrite(2, ['Assertion failed']);
      else if (typeof a[0] === 'string') consoleWrite(2, [`Assertion failed: ${a[0]}`, ...a.slice(1)]);
      else consoleWrite(2, ['Assertion failed:', ...a]);
    }
  },
  count: (label = 'default') => {
    label = `${label}`;
    const n = (counts.get(label) || 0) + 1;
    counts.set(label, n);
    consoleWrite(1, [`${label}: ${n}`]);
  },
  countReset: (label = 'default') => {
    counts.delete(`${label}`);
  },
  group: (...a) => {
    if (a.length) consoleWrite(1, a);
    groupIndent += '  ';
  },
  groupEnd: () => {
    groupIndent = groupIndent.slice(0, -2);
  },
  time: (label = 'default') => {
    timersStart.set(`${label}`, host.hrtime());
  },
  timeEnd: (label = 'default') => {
    const t = timersStart.get(`${label}`);
    if (t === undefined) return;
    timersStart.delete(`${label}`);
    consoleWrite(1, [`${label}: ${formatDuration((host.hrtime() - t) / 1e6)}`]);
  },
  timeLog: (label = 'default', ...a) => {
    const t = timersStart.get(`${label}`);
    if (t === undefined) return;
    consoleWrite(1, [`${label}: ${formatDuration((host.hrtime() - t) / 1e6)}`, ...a]);
  },
  table: (data) => consoleWrite(1, [renderTable(data)]),
};
console.groupCollapsed = console.group;

function formatDuration(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(3)}s`;
  return `${ms.toFixed(3)}ms`;
}

function renderTable(data) {
  if (data === null || typeof data !== 'object') return formatWithOptions(undefined, data);
  const rowKeys = Array.isArray(data) ? data.map((_, i) => i) : Object.keys(data);
  const cols = [];
  let hasValues = false;
  const rows = rowKeys.map((k) => {
    const v = data[k];
    const row = { '(index)': String(k) };
    if (v !== null && typeof v === 'object') {
      for (const c of Object.keys(v)) {
        if (!cols.includes(c)) cols.push(c);
        row[c] = inspect(v[c], { depth: 1, breakLength: Infinity, compact: true });
      }
    } else {
      hasValues = true;
      row.Values = inspect(v);
    }
    return row;
  });
  const header = ['(index)', ...cols, ...(hasValues ? ['Values'] : [])];
  const widths = header.map((h) => Math.max(h.length, ...rows.map((r) => (r[h] || '').length)) + 2);
  const center = (s, w) => ` ${s}${' '.repeat(w - s.length - 1)}`;
  const line = (l, m, r) => l + widths.map((w) => '─'.repeat(w)).join(m) + r;
  const out = [line('┌', '┬', '┐'), `│${header.map((h, i) => center(h, widths[i])).join('│')}│`, line('├', '┼', '┤')];
  for (const r of rows) out.push(`│${header.map((h, i) => center(r[h] || '', widths[i])).join('│')}│`);
  out.push(line('└', '┴', '┘'));
  return out.join('\n');
}

// ---- timers and the event loop -------------------------------------------------------------

const tickQueue = [];
let timerSeq = 0;
const timers = new Map(); // id → Timeout
let immediates = [];
const pendingRejections = new Map();

function now() {
  return host.hrtime() / 1e6;
}

class Timeout {
  constructor(cb, ms, args, repeat) {
    ms = Number(ms);
    if (!(ms >= 1 && ms <= 2147483647)) ms = 1;
    this._id = ++timerSeq;
    this._onTimeout = cb;
    this._idleTimeout = ms;
    this._args = args;
    this._repeat = repeat ? ms : null;
    this._due = now() + ms;
    this._ref = true;
    timers.set(this._id, this);
  }
  ref() {
    this._ref = true;
    return this;
  }
  unref() {
    this._ref = false;
    return this;
  }
  hasRef() {
    return this._ref;
  }
  refresh() {
    this._due = now() + this._idleTimeout;
    timers.set(this._id, this);
    return this;
  }
  close() {
    timers.delete(this._id);
    return this;
  }
  [Symbol.toPrimitive]() {
    return this._id;
  }
}

class Immediate {
  constructor(cb, args) {
    this._onImmediate = cb;
    this._args = args;
    this._ref = true;
    this._cleared = false;
  }
  ref() {
    this._ref = true;
    return this;
  }
  unref() {
    this._ref = false;
    return this;
  }
  hasRef() {
    return this._ref;
  }
}

function setTimeout(cb, ms, ...args) {
  if (typeof cb !== 'function') throw invalidArgType('callback', 'of type function', cb);
  return new Timeout(cb, ms, args, false);
}
function setInterval(cb, ms, ...args) {
  if (typeof cb !== 'function') throw invalidArgType('callback', 'of type function', cb);
  return new Timeout(cb, ms, args, true);
}
function clearTimeout(t) {
  if (t == null) return;
  const id = typeof t === 'object' ? t._id : Number(t);
  timers.delete(id);
}
function setImmediate(cb, ...args) {
  if (typeof cb !== 'function') throw invalidArgType('callback', 'of type function', cb);
  const im = new Immediate(cb, args);
  immediates.push(im);
  return im;
}
function clearImmediate(im) {
  if (im && typeof im === 'object') im._cleared = true;
}

// nextTick callbacks, then the microtasks, until both are empty (Node's
// processTicksAndRejections), then unhandled rejections.
function drain() {
  do {
    while (tickQueue.length) {
      const [cb, args] = tickQueue.shift();
      guarded(cb, undefined, args);
    }
    host.runMicrotasks();
  } while (tickQueue.length);
  if (pendingRejections.size) processRejections();
}

function guarded(fn, self, args) {
  try {
    return fn.apply(self, args);
  } catch (e) {
    uncaught(e);
  }
}

let firstTurn = true;
function runTimers() {
  // Node's loop starts a millisecond or more after the main script: its 0 and 1 ms timers
  // are due at the first turn, before the immediates.
  const t = now() + (firstTurn ? 1 : 0);
  firstTurn = false;
  const due = [];
  for (const tm of timers.values()) if (tm._due <= t) due.push(tm);
  due.sort((a, b) => a._due - b._due || a._id - b._id);
  for (const tm of due) {
    if (!timers.has(tm._id)) continue;
    if (tm._repeat !== null) tm._due = now() + tm._repeat;
    else timers.delete(tm._id);
    guarded(tm._onTimeout, tm, tm._args);
    drain();
  }
}

function runImmediates() {
  const list = immediates;
  immediates = [];
  for (const im of list) {
    if (im._cleared) continue;
    im._cleared = true;
    guarded(im._onImmediate, im, im._args);
    drain();
  }
}

function alive() {
  if (immediates.some((im) => !im._cleared && im._ref)) return true;
  for (const tm of timers.values()) if (tm._ref) return true;
  return false;
}

function runLoop() {
  drain();
  for (;;) {
    runTimers();
    runImmediates();
    if (!alive()) {
      if (process.listenerCount('beforeExit') > 0) {
        process.emit('beforeExit', exitStatus());
        drain();
        if (alive()) continue;
      }
      return;
    }
    if (!immediates.some((im) => !im._cleared)) {
      let next = Infinity;
      for (const tm of timers.values()) if (tm._due < next) next = tm._due;
      const wait = next - now();
      if (wait > 0 && wait !== Infinity) host.sleep(wait);
    }
  }
}

// ---- uncaught exceptions and rejections ----------------------------------------------------

const sources = new Map(); // file name → source text, for the line an error points at

// Headers Node prints for errors it makes itself.
const errorHeaders = new WeakMap();

function errorHeader(err) {
  if ((typeof err === 'object' || typeof err === 'function') && err !== null && errorHeaders.has(err)) {
    return errorHeaders.get(err);
  }
  const origin = (typeof err === 'object' || typeof err === 'function') && err !== null ? errorOrigin.get(err) : undefined;
  if (!origin) return '';
  const [file, line, col] = origin;
  const src = sources.get(file);
  if (src === undefined || !(line >= 1)) return '';
  const text = src.split('\n')[line - 1];
  if (text === undefined) return '';
  let at = Math.max(0, col - 1);
  // QuickJS's column is the call's last argument; Node points at the `new` that made the
  // error, or at the `throw` of it.
  let news = -1;
  for (const m of text.matchAll(/\bnew\s+[A-Za-z_$][\w$.]*\s*\(/g)) {
    if (m.index <= at) news = m.index;
  }
  if (news !== -1) {
    at = news;
    const t = /\bthrow\s+$/.exec(text.slice(0, news));
    if (t) at = t.index;
  } else {
    const t = /\bthrow\s+$/.exec(text.slice(0, at));
    if (t) at = t.index;
  }
  return `${file}:${line}\n${text}\n${' '.repeat(at)}^\n\n`;
}

function reportUncaught(err) {
  let out;
  if (err instanceof Error || (err !== null && typeof err === 'object' && typeof err.stack === 'string')) {
    out = `${errorHeader(err)}${inspect(err)}\n`;
  } else if (err !== null && typeof err === 'object') {
    out = `${errorHeader(err)}\n${inspect(err)}\n`;
  } else {
    out = `\nUncaught ${inspect(err)}\n`;
    out = `${inspect(err)}\n(Use \`node --trace-uncaught ...\` to show where the exception was thrown)\n`;
    out = `\n${out}`;
  }
  host.write(2, `${out}\nNode.js ${nodeVersion}\n`);
}

function uncaught(err) {
  if (process.listenerCount('uncaughtException') > 0) {
    process.emit('uncaughtException', err, 'uncaughtException');
    return;
  }
  reportUncaught(err);
  exitCode = 1;
  try {
    process.emit('exit', 1);
  } catch {}
  host.exit(1);
}

globalThis.__sandsh_rejection = function (promise, reason, handled) {
  if (handled) pendingRejections.delete(promise);
  else pendingRejections.set(promise, reason);
};
Object.defineProperty(globalThis, '__sandsh_rejection', { enumerable: false });

function processRejections() {
  const list = [...pendingRejections];
  pendingRejections.clear();
  for (const [promise, reason] of list) {
    if (process.listenerCount('unhandledRejection') > 0) {
      process.emit('unhandledRejection', reason, promise);
      continue;
    }
    if (reason instanceof Error) {
      uncaught(reason);
    } else {
      const shown = reason !== null && (typeof reason === 'object' || typeof reason === 'function') ? inspect(reason) : String(reason);
      const err = nodeError(Error, 'ERR_UNHANDLED_REJECTION',
        'This error originated either by throwing inside of an async function without a catch block, ' +
        'or by rejecting a promise which was not handled with .catch(). The promise rejected with the' +
        ` reason "${shown}".`);
      err.name = 'UnhandledPromiseRejection';
      Object.defineProperty(err, 'stack', {
        value: `UnhandledPromiseRejection: ${err.message}\n` +
          '    at throwUnhandledRejectionsMode (node:internal/process/promises:389:7)\n' +
          '    at processPromiseRejections (node:internal/process/promises:470:17)\n' +
          '    at process.processTicksAndRejections (node:internal/process/task_queues:96:32)',
        configurable: true,
        writable: true,
      });
      errorHeaders.set(err, 'node:internal/process/promises:389\n      new UnhandledPromiseRejection(reason);\n      ^\n\n');
      uncaught(err);
    }
  }
}

// ---- globals -------------------------------------------------------------------------------

function defineGlobal(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}
defineGlobal('global', globalThis);
defineGlobal('process', process);
defineGlobal('console', console);
defineGlobal('setTimeout', setTimeout);
defineGlobal('setInterval', setInterval);
defineGlobal('setImmediate', setImmediate);
defineGlobal('clearTimeout', clearTimeout);
defineGlobal('clearInterval', clearTimeout);
defineGlobal('clearImmediate', clearImmediate);
defineGlobal('Buffer', Buffer);
if (typeof globalThis.queueMicrotask !== 'function') {
  defineGlobal('queueMicrotask', (cb) => Promise.resolve().then(cb));
}
if (typeof globalThis.structuredClone !== 'function') {
  defineGlobal('structuredClone', (v) => (v === undefined ? v : deepClone(v, new Map())));
}
function deepClone(v, seen) {
  if (v === null || typeof v !== 'object') return v;
  if (seen.has(v)) return seen.get(v);
  let out;
  if (Array.isArray(v)) {
    out = [];
    seen.set(v, out);
    for (const x of v) out.push(deepClone(x, seen));
  } else if (v instanceof Date) {
    out = new Date(v.getTime());
  } else if (v instanceof Map) {
    out = new Map();
    seen.set(v, out);
    for (const [k, x] of v) out.set(deepClone(k, seen), deepClone(x, seen));
  } else if (v instanceof Set) {
    out = new Set();
    seen.set(v, out);
    for (const x of v) out.add(deepClone(x, seen));
  } else if (v instanceof RegExp) {
    out = new RegExp(v.source, v.flags);
  } else if (ArrayBuffer.isView(v)) {
    out = new v.constructor(v);
  } else {
    out = {};
    seen.set(v, out);
    for (const k of Object.keys(v)) out[k] = deepClone(v[k], seen);
  }
  return out;
}

// ---- the entry point ----------------------------------------------------------------------

function readScript(file) {
  const abs = pathModule.resolve(processCwd, file);
  try {
    if (isStdin(abs)) return [abs, utf8Decode(host.readStdin())];
    return [abs, utf8Decode(host.readFile(abs))];
  } catch (e) {
    const err = new Error(`Cannot find module '${abs}'`);
    err.code = 'MODULE_NOT_FOUND';
    err.requireStack = [];
    throw err;
  }
}

export function main(opts) {
  nodeVersion = opts.version;
  process.execArgv = opts.execArgv;
  process.version = nodeVersion;
  const args = opts.args;
  try {
    for (const r of opts.preload) {
      requireFrom(pathModule.join(processCwd, '[preload]'), r);
    }
    switch (opts.mode) {
      case 'eval':
      case 'print': {
        process.argv = [NODE_EXEC_PATH, ...args];
        sources.set('[eval]', opts.source);
        if (opts.module) {
          host.evalModule(pathModule.join(processCwd, '[eval1]'), opts.source).then(undefined, uncaught);
          break;
        }
        const value = runGlobalScript(opts.source, '[eval]');
        if (opts.mode === 'print') {
          host.write(1, `${typeof value === 'string' ? value : inspect(value)}\n`);
        }
        break;
      }
      case 'stdin': {
        process.argv = [NODE_EXEC_PATH, ...args];
        const src = utf8Decode(host.readStdin());
        sources.set('[stdin]', src);
        if (opts.module) host.evalModule(pathModule.join(processCwd, '[stdin]'), src).then(undefined, uncaught);
        else runGlobalScript(src, '[stdin]');
        break;
      }
      case 'check': {
        const [abs, src] = readScript(opts.file);
        host.compile(`(function () {${stripShebang(src)}\n})`, abs);
        return 0;
      }
      case 'file': {
        const [abs] = readScript(opts.file);
        process.argv = [NODE_EXEC_PATH, abs, ...args.slice(1)];
        if (isEsmFile(abs)) host.importModule(abs).then(undefined, uncaught);
        else runMain(abs);
        break;
      }
    }
  } catch (e) {
    if (e && e.code === 'MODULE_NOT_FOUND' && e.requireStack && e.requireStack.length === 0 && opts.mode === 'file') {
      host.write(2, `node:internal/modules/cjs/loader:1210\n  throw err;\n  ^\n\n${inspect(e)}\n\nNode.js ${nodeVersion}\n`);
      return 1;
    }
    uncaught(e);
  }
  runLoop();
  if (!exiting) {
    exiting = true;
    process.emit('exit', exitStatus());
  }
  return exitStatus();
}

// `-e`, `-p` and stdin: a script in the global scope, with require and the module globals.
function runGlobalScript(src, name) {
  const file = pathModule.join(processCwd, name);
  const mod = new Module(file, null);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(processCwd);
  const req = makeRequire(mod);
  globalThis.require = req;
  globalThis.module = mod;
  globalThis.exports = mod.exports;
  globalThis.__filename = name;
  globalThis.__dirname = '.';
  return host.compile(stripShebang(src), name);
}

function stripShebang(src) {
  return src.startsWith('#!') ? `//${src.slice(2)}` : src;
}
