// sandsh's node: the JavaScript side, evaluated once per call from bytecode compiled once per
// process. The files of js/ are one module, in the order engine.rs lists them; this one
// takes the natives (host.rs) off the global object and sets up what the others share.

const host = globalThis.__sandsh_host;
delete globalThis.__sandsh_host;

// What Node 20's V8 does not have yet (scripts test for them).
delete Object.groupBy;
delete Map.groupBy;
delete Promise.withResolvers;

// Built-in modules: a factory per name, run at the first require.
const builtinFactories = new Map();
const builtinCache = new Map();
function defineBuiltin(name, factory) {
  builtinFactories.set(name, factory);
}
function loadBuiltin(name) {
  let m = builtinCache.get(name);
  if (m === undefined) {
    const f = builtinFactories.get(name);
    if (f === undefined) return undefined;
    m = f();
    builtinCache.set(name, m);
  }
  return m;
}

// Node's errors with a code: `new TypeError(msg)` with `code` and Node's name format.
function nodeError(Base, code, message) {
  const e = new Base(message);
  Object.defineProperty(e, 'code', { value: code, enumerable: true, writable: true, configurable: true });
  return e;
}
function invalidArgType(name, expected, actual) {
  let received;
  if (actual == null) received = ` Received ${actual}`;
  else if (typeof actual === 'function') received = ` Received function ${actual.name}`;
  else if (typeof actual === 'object') {
    const ctor = actual.constructor && actual.constructor.name;
    received = ctor ? ` Received an instance of ${ctor}` : ` Received ${inspect(actual, { depth: -1 })}`;
  } else {
    let shown = inspect(actual, { colors: false });
    if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
    received = ` Received type ${typeof actual} (${shown})`;
  }
  return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be ${expected}.${received}`);
}

// V8's stack format: "Name: message\n    at fn (file:line:col)".
function frameString(f) {
  const file = f.getFileName();
  const line = f.getLineNumber();
  const col = f.getColumnNumber();
  let loc;
  if (f.isNative && f.isNative()) loc = 'native';
  else if (file === undefined || file === null) loc = '<anonymous>';
  else loc = line != null && line >= 0 ? `${file}:${line}:${col}` : file;
  const name = f.getFunctionName();
  return name && name !== '<eval>' && name !== '<anonymous>' ? `${name} (${loc})` : loc;
}
Error.stackTraceLimit = 10;
Error.prepareStackTrace = (err, frames) => {
  const lines = [];
  for (const f of frames) {
    lines.push(`    at ${frameString(f)}`);
  }
  // The header is made at the first read of `stack` (below), as V8 does: a subclass that
  // sets `this.name` after `super()` shows its name.
  return `${STACK_MARK}${lines.length ? `\n${lines.join('\n')}` : ''}`;
};
const STACK_MARK = '\u0000sandsh-stack\u0000';
{
  const desc = Object.getOwnPropertyDescriptor(Error.prototype, 'stack');
  if (desc && desc.get && desc.set) {
    const get = desc.get;
    const set = desc.set;
    Object.defineProperty(Error.prototype, 'stack', {
      get() {
        const raw = get.call(this);
        if (typeof raw === 'string' && raw.startsWith(STACK_MARK)) {
          let head;
          try {
            head = Error.prototype.toString.call(this);
          } catch {
            head = 'Error';
          }
          const s = head + raw.slice(STACK_MARK.length);
          set.call(this, s);
          return s;
        }
        return raw;
      },
      set(v) {
        set.call(this, v);
      },
      configurable: true,
    });
  }
}
// Where an error was made: [file, line, column] of its first frame outside sandsh.
const errorOrigin = new WeakMap();
const origPrepare = Error.prepareStackTrace;
// QuickJS's words for the errors scripts print most, in V8's.
const v8Messages = [
  [/^cannot read property '(.*)' of (null|undefined)$/s, (m) => `Cannot read properties of ${m[2]} (reading '${m[1]}')`],
  [/^cannot set property '(.*)' of (null|undefined)$/s, (m) => `Cannot set properties of ${m[2]} (setting '${m[1]}')`],
  [/^(.*) is not initialized$/s, (m) => `Cannot access '${m[1]}' before initialization`],
];
Error.prepareStackTrace = (err, frames) => {
  if ((err instanceof TypeError || err instanceof ReferenceError) && typeof err.message === 'string') {
    for (const [re, word] of v8Messages) {
      const m = re.exec(err.message);
      if (m) {
        err.message = word(m);
        break;
      }
    }
  }
  for (const f of frames) {
    const file = f.getFileName();
    if (file && file !== 'node:internal/sandsh') {
      if (typeof err === 'object' && err !== null) {
        try {
          errorOrigin.set(err, [file, f.getLineNumber(), f.getColumnNumber()]);
        } catch {}
      }
      break;
    }
  }
  return origPrepare(err, frames);
};
Error.captureStackTrace = Error.captureStackTrace || function captureStackTrace(obj) {
  const s = new Error().stack;
  Object.defineProperty(obj, 'stack', { value: s, writable: true, configurable: true });
};
