// The smaller built-ins: timers, crypto, url, and the ones the sandbox refuses with a reason.

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
