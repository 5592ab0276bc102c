// fetch, Headers, Response and Request: HTTP through the session's allowlist (fetch.rs), as
// curl goes. Redirects are followed here, each hop judged by the policy again; the body is
// read whole. A refusal or a network failure rejects with Node's `TypeError: fetch failed`,
// its cause saying why.

class Headers {
  constructor(init) {
    this._h = new Map();
    if (init instanceof Headers) init = [...init];
    if (Array.isArray(init)) for (const [k, v] of init) this.append(k, v);
    else if (init && typeof init === 'object') for (const k of Object.keys(init)) this.append(k, init[k]);
  }
  append(k, v) {
    k = String(k).toLowerCase();
    const had = this._h.get(k);
    this._h.set(k, had === undefined ? String(v) : `${had}, ${v}`);
  }
  set(k, v) {
    this._h.set(String(k).toLowerCase(), String(v));
  }
  get(k) {
    const v = this._h.get(String(k).toLowerCase());
    return v === undefined ? null : v;
  }
  has(k) {
    return this._h.has(String(k).toLowerCase());
  }
  delete(k) {
    this._h.delete(String(k).toLowerCase());
  }
  forEach(cb, thisArg) {
    for (const [k, v] of this) cb.call(thisArg, v, k, this);
  }
  *entries() {
    yield* [...this._h].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  }
  *keys() {
    for (const [k] of this.entries()) yield k;
  }
  *values() {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  getSetCookie() {
    const v = this.get('set-cookie');
    return v === null ? [] : [v];
  }
}

function bodyBytes(body) {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return String(body);
}

class Response {
  constructor(body, init = {}) {
    const b = bodyBytes(body);
    this._bytes = b === undefined ? new Uint8Array(0) : typeof b === 'string' ? host.encode(b, 'utf8') : b;
    this.status = init.status === undefined ? 200 : init.status;
    this.statusText = init.statusText || '';
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.ok = this.status >= 200 && this.status < 300;
    this.url = init.url || '';
    this.redirected = !!init.redirected;
    this.type = 'basic';
    this.bodyUsed = false;
  }
  _take() {
    if (this.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.bodyUsed = true;
    return Promise.resolve(this._bytes);
  }
  text() {
    return this._take().then((b) => host.decode(b, 'utf8'));
  }
  json() {
    return this.text().then((t) => JSON.parse(t));
  }
  arrayBuffer() {
    return this._take().then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  }
  bytes() {
    return this._take().then((b) => new Uint8Array(b));
  }
  clone() {
    const r = new Response(this._bytes, this);
    r.url = this.url;
    return r;
  }
  static json(data, init = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new Response(JSON.stringify(data), { ...init, headers });
  }
  static error() {
    return new Response(null, { status: 0 });
  }
}

class Request {
  constructor(input, init = {}) {
    const from = input instanceof Request ? input : null;
    this.url = from ? from.url : String(input instanceof URL ? input.href : input);
    this.method = String(init.method || (from && from.method) || 'GET').toUpperCase();
    this.headers = new Headers(init.headers || (from && from.headers));
    this.body = init.body !== undefined ? init.body : from ? from.body : null;
    this.redirect = init.redirect || (from && from.redirect) || 'follow';
    this.signal = init.signal || null;
  }
}

function fetchFailed(cause) {
  const e = new TypeError('fetch failed');
  e.cause = cause;
  return e;
}

function fetch(input, init = {}) {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = new Request(input, init);
      new URL(req.url);
    } catch (e) {
      reject(e instanceof TypeError && e.code === 'ERR_INVALID_URL' ? new TypeError(`Failed to parse URL from ${input}`) : e);
      return;
    }
    if (!/^https?:$/.test(new URL(req.url).protocol)) {
      reject(fetchFailed(new Error('not implemented... yet...')));
      return;
    }
    setImmediate(() => {
      let url = req.url;
      let method = req.method;
      let body = bodyBytes(req.body);
      const headers = new Headers(req.headers);
      if (typeof req.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
      if (req.body instanceof URLSearchParams && !headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
      let redirected = false;
      for (let hop = 0; ; hop++) {
        if (req.signal && req.signal.aborted) {
          reject(req.signal.reason || new DOMException('This operation was aborted', 'AbortError'));
          return;
        }
        let r;
        try {
          r = host.http(method, url, [...headers], body);
        } catch (e) {
          if (e && e.fetchError !== undefined) {
            reject(fetchFailed(new Error(e.fetchError)));
            return;
          }
          throw e;
        }
        const [status, statusText, list, bytes] = r;
        const location = list.find(([k]) => k.toLowerCase() === 'location');
        if ([301, 302, 303, 307, 308].includes(status) && location && req.redirect !== 'manual') {
          if (req.redirect === 'error' || hop >= 20) {
            reject(fetchFailed(new Error(hop >= 20 ? 'redirect count exceeded' : 'unexpected redirect')));
            return;
          }
          url = new URL(location[1], url).href;
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
            headers.delete('content-type');
            headers.delete('content-length');
          }
          redirected = true;
          continue;
        }
        resolve(new Response(method === 'HEAD' ? null : bytes, { status, statusText, headers: new Headers(list), url, redirected }));
        return;
      }
    });
  });
}

for (const [k, v] of [['fetch', fetch], ['Headers', Headers], ['Response', Response], ['Request', Request]]) {
  if (typeof globalThis[k] !== 'function') {
    Object.defineProperty(globalThis, k, { value: v, writable: true, configurable: true, enumerable: false });
  }
}
if (typeof globalThis.AbortController !== 'function') {
  class AbortSignal extends EventEmitter {
    constructor() {
      super();
      this.aborted = false;
      this.reason = undefined;
    }
    addEventListener(t, f) {
      this.on(t, f);
    }
    removeEventListener(t, f) {
      this.off(t, f);
    }
    throwIfAborted() {
      if (this.aborted) throw this.reason;
    }
    static timeout(ms) {
      const c = new AbortController();
      setTimeout(() => c.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms).unref();
      return c.signal;
    }
    static abort(reason) {
      const c = new AbortController();
      c.abort(reason);
      return c.signal;
    }
  }
  class AbortController {
    constructor() {
      this.signal = new AbortSignal();
    }
    abort(reason = new DOMException('This operation was aborted', 'AbortError')) {
      if (this.signal.aborted) return;
      this.signal.aborted = true;
      this.signal.reason = reason;
      this.signal.emit('abort', { type: 'abort' });
      if (typeof this.signal.onabort === 'function') this.signal.onabort({ type: 'abort' });
    }
  }
  Object.defineProperty(globalThis, 'AbortController', { value: AbortController, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'AbortSignal', { value: AbortSignal, writable: true, configurable: true });
}
