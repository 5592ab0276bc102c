// util, os and assert.

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
