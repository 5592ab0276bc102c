// URL and URLSearchParams (QuickJS has neither): the WHATWG parts scripts use. Special
// schemes (http, https, ftp, ws, wss, file) get a host, default ports dropped, dot segments
// resolved and percent-encoding as browsers do; relative references resolve against a base.

const specialPorts = { 'http:': '80', 'https:': '443', 'ftp:': '21', 'ws:': '80', 'wss:': '443', 'file:': '' };

function invalidUrl(input) {
  const e = nodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
  e.input = input;
  return e;
}

function encodeSet(s, re) {
  return s.replace(re, (c) => encodeURIComponent(c));
}
const pathEncode = /[\s"#<>?`{}]|[^\x00-\x7f]/gu;
const queryEncode = /[\s"#<>]|[^\x00-\x7f]/gu;
const fragmentEncode = /[\s"<>`]|[^\x00-\x7f]/gu;

function removeDots(path) {
  const out = [];
  const segs = path.split('/');
  for (let i = 1; i < segs.length; i++) {
    const s = segs[i];
    if (s === '..' || s.toLowerCase() === '%2e%2e') {
      out.pop();
      if (i === segs.length - 1) out.push('');
    } else if (s === '.' || s.toLowerCase() === '%2e') {
      if (i === segs.length - 1) out.push('');
    } else {
      out.push(s);
    }
  }
  return `/${out.join('/')}`;
}

function parseUrl(input, base) {
  input = String(input).trim().replace(/[\t\n\r]/g, '');
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/s.exec(input);
  const r = { protocol: '', username: '', password: '', hostname: '', port: '', pathname: '', search: '', hash: '', opaque: false };
  let rest;
  if (m) {
    r.protocol = `${m[1].toLowerCase()}:`;
    rest = m[2];
    const special = r.protocol in specialPorts;
    if (special && base && base.protocol === r.protocol && !rest.startsWith('/')) {
      return parseUrl(rest, base);
    }
    if (special) rest = rest.replace(/\\/g, '/');
    if (rest.startsWith('//') || (special && r.protocol !== 'file:')) {
      rest = r.protocol === 'file:' ? rest.slice(2) : rest.replace(/^\/*/, '');
      const end = rest.search(/[/?#]/);
      const authority = end === -1 ? rest : rest.slice(0, end);
      rest = end === -1 ? '' : rest.slice(end);
      const at = authority.lastIndexOf('@');
      let hostport = authority;
      if (at !== -1) {
        const cred = authority.slice(0, at);
        hostport = authority.slice(at + 1);
        const colon = cred.indexOf(':');
        r.username = encodeSet(colon === -1 ? cred : cred.slice(0, colon), /[\s"#<>?`{}/:;=@[\\\]^|]/g);
        r.password = colon === -1 ? '' : encodeSet(cred.slice(colon + 1), /[\s"#<>?`{}/:;=@[\\\]^|]/g);
      }
      const pm = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostport);
      if (!pm) throw invalidUrl(input);
      r.hostname = special ? pm[1].toLowerCase() : pm[1];
      if (special && r.protocol !== 'file:' && r.hostname === '') throw invalidUrl(input);
      if (/[\s<>^|%]/.test(r.hostname) && !/%[0-9a-f]{2}/i.test(r.hostname)) throw invalidUrl(input);
      r.port = pm[2] === undefined ? '' : pm[2];
      if (r.port !== '') {
        const n = Number(r.port);
        if (n > 65535) throw invalidUrl(input);
        r.port = String(n);
        if (specialPorts[r.protocol] === r.port) r.port = '';
      }
    } else if (!rest.startsWith('/') && !special) {
      r.opaque = true;
    }
  } else {
    if (!base) throw invalidUrl(input);
    Object.assign(r, base, { search: '', hash: '' });
    rest = input;
    if (r.protocol in specialPorts) rest = rest.replace(/\\/g, '/');
    if (rest.startsWith('//')) {
      return parseUrl(`${base.protocol}${rest}`);
    }
    if (rest === '' || rest.startsWith('?') || rest.startsWith('#')) {
      if (rest.startsWith('#')) r.search = base.search;
      rest = base.pathname + rest;
      if (rest.startsWith('#') || rest.startsWith('?')) rest = base.pathname + rest;
    } else if (!rest.startsWith('/')) {
      const dir = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1) || '/';
      rest = dir + rest;
    }
  }
  const hashAt = rest.indexOf('#');
  if (hashAt !== -1) {
    const h = rest.slice(hashAt + 1);
    r.hash = h === '' ? '' : `#${encodeSet(h, fragmentEncode)}`;
    rest = rest.slice(0, hashAt);
  }
  const qAt = rest.indexOf('?');
  if (qAt !== -1) {
    const q = rest.slice(qAt + 1);
    r.search = q === '' ? '' : `?${encodeSet(q, queryEncode).replace(/'/g, r.protocol in specialPorts ? '%27' : "'")}`;
    rest = rest.slice(0, qAt);
  }
  if (r.opaque) {
    r.pathname = rest;
  } else {
    let p = encodeSet(rest, pathEncode);
    if (p === '' && r.protocol in specialPorts) p = '/';
    r.pathname = p.startsWith('/') ? removeDots(p) : p;
  }
  return r;
}

class URLSearchParams {
  constructor(init = '') {
    this._list = [];
    this._url = null;
    if (typeof init === 'string') {
      this._parse(init);
    } else if (init && typeof init === 'object') {
      if (typeof init[Symbol.iterator] === 'function') {
        for (const [k, v] of init) this._list.push([String(k), String(v)]);
      } else {
        for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
      }
    }
  }
  _parse(s) {
    this._list = [];
    if (s.startsWith('?')) s = s.slice(1);
    for (const part of s.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const dec = (x) => {
        try {
          return decodeURIComponent(x.replace(/\+/g, ' '));
        } catch {
          return x;
        }
      };
      this._list.push(eq === -1 ? [dec(part), ''] : [dec(part.slice(0, eq)), dec(part.slice(eq + 1))]);
    }
  }
  _update() {
    if (this._url) {
      const s = this.toString();
      this._url._r.search = s === '' ? '' : `?${s}`;
    }
  }
  get size() {
    return this._list.length;
  }
  append(k, v) {
    this._list.push([String(k), String(v)]);
    this._update();
  }
  delete(k, v) {
    this._list = this._list.filter(([a, b]) => !(a === String(k) && (v === undefined || b === String(v))));
    this._update();
  }
  get(k) {
    const e = this._list.find(([a]) => a === String(k));
    return e ? e[1] : null;
  }
  getAll(k) {
    return this._list.filter(([a]) => a === String(k)).map(([, b]) => b);
  }
  has(k, v) {
    return this._list.some(([a, b]) => a === String(k) && (v === undefined || b === String(v)));
  }
  set(k, v) {
    k = String(k);
    const i = this._list.findIndex(([a]) => a === k);
    if (i === -1) this._list.push([k, String(v)]);
    else {
      this._list[i][1] = String(v);
      this._list = this._list.filter(([a], j) => a !== k || j === i);
    }
    this._update();
  }
  sort() {
    this._list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this._update();
  }
  forEach(cb, thisArg) {
    for (const [k, v] of this._list) cb.call(thisArg, v, k, this);
  }
  keys() {
    return this._list.map(([k]) => k)[Symbol.iterator]();
  }
  values() {
    return this._list.map(([, v]) => v)[Symbol.iterator]();
  }
  entries() {
    return this._list.map(([k, v]) => [k, v])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    const enc = (s) => encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    return this._list.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  }
  [customInspectSymbol]() {
    if (this._list.length === 0) return 'URLSearchParams {}';
    return `URLSearchParams { ${this._list.map(([k, v]) => `${inspect(k)} => ${inspect(v)}`).join(', ')} }`;
  }
}

class URL {
  constructor(input, base) {
    let b;
    if (base !== undefined) b = base instanceof URL ? base._r : parseUrl(String(base));
    this._r = parseUrl(input instanceof URL ? input.href : String(input), b);
    this._sp = null;
  }
  static canParse(input, base) {
    try {
      new URL(input, base);
      return true;
    } catch {
      return false;
    }
  }
  get protocol() {
    return this._r.protocol;
  }
  set protocol(v) {
    this._r.protocol = `${String(v).replace(/:.*$/, '')}:`;
  }
  get username() {
    return this._r.username;
  }
  set username(v) {
    this._r.username = encodeURIComponent(v);
  }
  get password() {
    return this._r.password;
  }
  set password(v) {
    this._r.password = encodeURIComponent(v);
  }
  get hostname() {
    return this._r.hostname;
  }
  set hostname(v) {
    this._r.hostname = String(v).toLowerCase();
  }
  get port() {
    return this._r.port;
  }
  set port(v) {
    v = String(v);
    this._r.port = specialPorts[this._r.protocol] === v ? '' : v;
  }
  get host() {
    return this._r.port ? `${this._r.hostname}:${this._r.port}` : this._r.hostname;
  }
  set host(v) {
    const [h, p] = String(v).split(':');
    this._r.hostname = h.toLowerCase();
    if (p !== undefined) this.port = p;
  }
  get origin() {
    const special = this._r.protocol in specialPorts && this._r.protocol !== 'file:';
    return special ? `${this._r.protocol}//${this.host}` : 'null';
  }
  get pathname() {
    return this._r.pathname;
  }
  set pathname(v) {
    v = encodeSet(String(v), pathEncode);
    this._r.pathname = v.startsWith('/') ? v : `/${v}`;
  }
  get search() {
    return this._r.search.length > 1 ? this._r.search : '';
  }
  set search(v) {
    v = String(v);
    if (v.startsWith('?')) v = v.slice(1);
    this._r.search = v === '' ? '' : `?${encodeSet(v, queryEncode)}`;
    if (this._sp) this._sp._parse(this._r.search);
  }
  get searchParams() {
    if (!this._sp) {
      this._sp = new URLSearchParams(this._r.search);
      this._sp._url = this;
    }
    return this._sp;
  }
  get hash() {
    return this._r.hash.length > 1 ? this._r.hash : '';
  }
  set hash(v) {
    v = String(v);
    if (v.startsWith('#')) v = v.slice(1);
    this._r.hash = v === '' ? '' : `#${encodeSet(v, fragmentEncode)}`;
  }
  get href() {
    const r = this._r;
    if (r.opaque) return `${r.protocol}${r.pathname}${r.search}${r.hash}`;
    const cred = r.username || r.password ? `${r.username}${r.password ? `:${r.password}` : ''}@` : '';
    const auth = r.hostname !== '' || r.protocol === 'file:' || r.protocol in specialPorts ? `//${cred}${this.host}` : '';
    return `${r.protocol}${auth}${r.pathname}${r.search}${r.hash}`;
  }
  set href(v) {
    this._r = parseUrl(String(v));
    if (this._sp) this._sp._parse(this._r.search);
  }
  toString() {
    return this.href;
  }
  toJSON() {
    return this.href;
  }
  [customInspectSymbol](depth, opts) {
    const obj = {
      href: this.href, origin: this.origin, protocol: this.protocol, username: this.username, password: this.password,
      host: this.host, hostname: this.hostname, port: this.port, pathname: this.pathname, search: this.search,
      searchParams: this.searchParams, hash: this.hash,
    };
    if (depth < 0) return '[URL]';
    return `URL ${inspect(obj, { ...opts, depth }).replace(/^\{/, '{')}`;
  }
}

if (typeof globalThis.URL !== 'function') {
  Object.defineProperty(globalThis, 'URL', { value: URL, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'URLSearchParams', { value: URLSearchParams, writable: true, configurable: true });
}
