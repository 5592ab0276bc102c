// Intl (QuickJS has none): the en-US formatting scripts reach for through toLocaleString,
// Intl.NumberFormat (decimal, percent, currency, grouping, fraction digits, compact
// notation aside), Intl.DateTimeFormat (the en-US patterns, numeric/2-digit/long/short
// fields, UTC or the local zone), Collator, PluralRules and ListFormat. Every locale formats
// as en-US.

const currencySymbols = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', INR: '₹', CNY: 'CN¥', CAD: 'CA$', AUD: 'A$', CHF: 'CHF', KRW: '₩', BRL: 'R$', MXN: 'MX$' };
const zeroDecimalCurrencies = new Set(['JPY', 'KRW']);

function groupDigits(int) {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

class NumberFormat {
  constructor(locales, options = {}) {
    this._o = { ...options };
    const style = options.style || 'decimal';
    let minFD = options.minimumFractionDigits;
    let maxFD = options.maximumFractionDigits;
    if (style === 'currency') {
      const d = zeroDecimalCurrencies.has(String(options.currency).toUpperCase()) ? 0 : 2;
      if (minFD === undefined) minFD = maxFD === undefined ? d : Math.min(d, maxFD);
      if (maxFD === undefined) maxFD = Math.max(minFD, d);
    } else if (style === 'percent') {
      if (minFD === undefined) minFD = 0;
      if (maxFD === undefined) maxFD = Math.max(minFD, 0);
    } else {
      if (minFD === undefined) minFD = 0;
      if (maxFD === undefined) maxFD = Math.max(minFD, 3);
    }
    if (maxFD < minFD) throw new RangeError('maximumFractionDigits value is out of range.');
    this._min = minFD;
    this._max = maxFD;
    this._style = style;
  }
  format(n) {
    const o = this._o;
    let x = typeof n === 'bigint' ? Number(n) : Number(n);
    if (Number.isNaN(x)) return 'NaN';
    if (this._style === 'percent') x *= 100;
    const neg = x < 0 || Object.is(x, -0);
    x = Math.abs(x);
    let body;
    if (!Number.isFinite(x)) {
      body = '∞';
    } else if (o.maximumSignificantDigits !== undefined) {
      body = String(Number(x.toPrecision(o.maximumSignificantDigits)));
      const [i, f] = body.split('.');
      body = (o.useGrouping === false ? i : groupDigits(i)) + (f ? `.${f}` : '');
    } else {
      let s = x.toFixed(this._max);
      if (this._max > this._min) {
        s = s.replace(/0+$/, '');
        const dot = s.indexOf('.');
        const have = dot === -1 ? 0 : s.length - dot - 1;
        if (have < this._min) s = (dot === -1 ? `${s}.` : s) + '0'.repeat(this._min - have);
        s = s.replace(/\.$/, '');
      }
      const [i, f] = s.split('.');
      const int = o.minimumIntegerDigits ? i.padStart(o.minimumIntegerDigits, '0') : i;
      body = (o.useGrouping === false ? int : groupDigits(int)) + (f ? `.${f}` : '');
    }
    let out;
    if (this._style === 'currency') {
      const code = String(o.currency).toUpperCase();
      const display = o.currencyDisplay || 'symbol';
      const sym = display === 'code' ? `${code} ` : (display === 'name' ? '' : (currencySymbols[code] || `${code} `));
      out = display === 'name' ? `${body} ${code === 'USD' ? 'US dollars' : code}` : `${sym}${body}`;
    } else if (this._style === 'percent') {
      out = `${body}%`;
    } else if (this._style === 'unit' && o.unit) {
      out = `${body} ${o.unit}`;
    } else {
      out = body;
    }
    const zero = /^[^1-9]*$/.test(body);
    if (neg) out = `-${out}`;
    else if (o.signDisplay === 'always' || (o.signDisplay === 'exceptZero' && !zero)) out = `+${out}`;
    return out;
  }
  formatToParts(n) {
    return [{ type: 'literal', value: this.format(n) }];
  }
  resolvedOptions() {
    return { locale: 'en-US', numberingSystem: 'latn', style: this._style, minimumFractionDigits: this._min, maximumFractionDigits: this._max, useGrouping: this._o.useGrouping !== false ? 'auto' : false, ...this._o };
  }
  static supportedLocalesOf(l) {
    return [].concat(l || []);
  }
}

// ICU's root collation, approximately: whitespace, then punctuation and symbols, then
// digits, then letters; letters compare without case and accents first, then lower case
// before upper case and plain before accented. (QuickJS compares code points: 'C' < 'a'.)
function collationKey(ch) {
  const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const lower = base.toLowerCase();
  let group;
  if (/\s/.test(ch)) group = 0;
  else if (/[0-9]/.test(base)) group = 2;
  else if (lower !== base.toUpperCase() || /\p{L}/u.test(base)) group = 3;
  else group = 1;
  return [group, group === 3 ? lower : base];
}

function icuCompare(a, b, options = {}) {
  a = String(a);
  b = String(b);
  if (options.numeric) {
    const re = /(\d+)|(\D+)/g;
    const xa = a.match(re) || [];
    const xb = b.match(re) || [];
    for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
      const c = /^\d/.test(xa[i]) && /^\d/.test(xb[i]) ? Math.sign(Number(xa[i]) - Number(xb[i])) : icuCompare(xa[i], xb[i], { ...options, numeric: false });
      if (c !== 0) return c;
    }
    return Math.sign(xa.length - xb.length);
  }
  const ca = [...a];
  const cb = [...b];
  const n = Math.min(ca.length, cb.length);
  for (let i = 0; i < n; i++) {
    const [ga, ka] = collationKey(ca[i]);
    const [gb, kb] = collationKey(cb[i]);
    if (ga !== gb) return ga < gb ? -1 : 1;
    if (ka !== kb) return ka < kb ? -1 : 1;
  }
  if (ca.length !== cb.length) return ca.length < cb.length ? -1 : 1;
  if (options.sensitivity === 'base') return 0;
  // Accents, then case (lower first).
  for (let i = 0; i < n; i++) {
    const pa = ca[i].normalize('NFD').length > 1;
    const pb = cb[i].normalize('NFD').length > 1;
    if (pa !== pb) return pa ? 1 : -1;
  }
  if (options.sensitivity === 'accent') return 0;
  for (let i = 0; i < n; i++) {
    if (ca[i] !== cb[i]) {
      const la = ca[i] === ca[i].toLowerCase();
      const lb = cb[i] === cb[i].toLowerCase();
      if (la !== lb) return la ? -1 : 1;
      return ca[i] < cb[i] ? -1 : 1;
    }
  }
  return 0;
}

const monthsLong = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const daysLong = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

class DateTimeFormat {
  constructor(locales, options = {}) {
    const o = { ...options };
    const fields = ['weekday', 'era', 'year', 'month', 'day', 'hour', 'minute', 'second'];
    const any = fields.some((f) => o[f] !== undefined) || o.dateStyle || o.timeStyle;
    if (!any) {
      o.year = 'numeric';
      o.month = 'numeric';
      o.day = 'numeric';
    }
    this._o = o;
  }
  _parts(d) {
    const o = this._o;
    const utc = o.timeZone && /^(utc|gmt|etc\/utc)$/i.test(o.timeZone);
    const get = (k) => (utc ? Date.prototype[`getUTC${k}`] : Date.prototype[`get${k}`]).call(d);
    return { y: get('FullYear'), m: get('Month'), d: get('Date'), wd: get('Day'), h: get('Hours'), mi: get('Minutes'), s: get('Seconds') };
  }
  format(date = Date.now()) {
    const d = date instanceof Date ? date : new Date(date);
    if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
    const o = this._o;
    const p = this._parts(d);
    const two = (n) => String(n).padStart(2, '0');
    if (o.dateStyle || o.timeStyle) {
      const ds = { full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, long: { year: 'numeric', month: 'long', day: 'numeric' }, medium: { year: 'numeric', month: 'short', day: 'numeric' }, short: { year: '2-digit', month: 'numeric', day: 'numeric' } };
      const ts = { full: { hour: 'numeric', minute: '2-digit', second: '2-digit' }, long: { hour: 'numeric', minute: '2-digit', second: '2-digit' }, medium: { hour: 'numeric', minute: '2-digit', second: '2-digit' }, short: { hour: 'numeric', minute: '2-digit' } };
      const parts = [];
      if (o.dateStyle) parts.push(new DateTimeFormat('en-US', { ...ds[o.dateStyle], timeZone: o.timeZone }).format(d));
      if (o.timeStyle) parts.push(new DateTimeFormat('en-US', { ...ts[o.timeStyle], timeZone: o.timeZone }).format(d));
      return parts.join(o.dateStyle === 'full' || o.dateStyle === 'long' ? ' at ' : ', ');
    }
    let dateText = '';
    const year = o.year === '2-digit' ? two(p.y % 100) : o.year ? String(p.y) : '';
    const day = o.day === '2-digit' ? two(p.d) : o.day ? String(p.d) : '';
    const textMonth = o.month === 'long' || o.month === 'short' || o.month === 'narrow';
    if (textMonth) {
      const name = o.month === 'long' ? monthsLong[p.m] : o.month === 'short' ? monthsLong[p.m].slice(0, 3) : monthsLong[p.m][0];
      dateText = [name, day].filter(Boolean).join(' ');
      if (year) dateText = day ? `${dateText}, ${year}` : `${dateText} ${year}`;
    } else if (o.month || o.day || o.year) {
      const month = o.month === '2-digit' ? two(p.m + 1) : o.month ? String(p.m + 1) : '';
      dateText = [month, day, year].filter(Boolean).join('/');
    }
    if (o.weekday) {
      const w = o.weekday === 'long' ? daysLong[p.wd] : daysLong[p.wd].slice(0, 3);
      dateText = dateText ? `${w}, ${dateText}` : w;
    }
    let time = '';
    if (o.hour || o.minute || o.second) {
      const h12 = o.hour12 !== false && o.hourCycle !== 'h23';
      let h = p.h;
      if (h12) h = h % 12 === 0 ? 12 : h % 12;
      const hs = o.hour === '2-digit' || !h12 ? two(h) : String(h);
      const bits = [];
      if (o.hour) bits.push(hs);
      if (o.minute) bits.push(two(p.mi));
      if (o.second) bits.push(two(p.s));
      time = bits.join(':');
      if (o.hour && h12) time += p.h < 12 ? ' AM' : ' PM';
    }
    return [dateText, time].filter(Boolean).join(', ');
  }
  formatToParts(d) {
    return [{ type: 'literal', value: this.format(d) }];
  }
  resolvedOptions() {
    return { locale: 'en-US', calendar: 'gregory', numberingSystem: 'latn', timeZone: this._o.timeZone || 'UTC', ...this._o };
  }
  static supportedLocalesOf(l) {
    return [].concat(l || []);
  }
}

const Intl = {
  NumberFormat,
  DateTimeFormat,
  Collator: class Collator {
    constructor(locales, options = {}) {
      this._o = options;
    }
    compare = (a, b) => icuCompare(a, b, this._o);
    resolvedOptions() {
      return { locale: 'en-US', ...this._o };
    }
  },
  PluralRules: class PluralRules {
    constructor(locales, options = {}) {
      this._ordinal = options.type === 'ordinal';
    }
    select(n) {
      if (!this._ordinal) return n === 1 ? 'one' : 'other';
      const t = n % 10;
      const h = n % 100;
      if (t === 1 && h !== 11) return 'one';
      if (t === 2 && h !== 12) return 'two';
      if (t === 3 && h !== 13) return 'few';
      return 'other';
    }
  },
  ListFormat: class ListFormat {
    constructor(locales, options = {}) {
      this._type = options.type === 'disjunction' ? 'or' : 'and';
      this._unit = options.type === 'unit';
    }
    format(list) {
      const a = [...list].map(String);
      if (this._unit) return a.join(', ');
      if (a.length <= 1) return a.join('');
      if (a.length === 2) return `${a[0]} ${this._type} ${a[1]}`;
      return `${a.slice(0, -1).join(', ')}, ${this._type} ${a[a.length - 1]}`;
    }
  },
  RelativeTimeFormat: class RelativeTimeFormat {
    constructor(locales, options = {}) {
      this._numeric = options.numeric || 'always';
    }
    format(v, unit) {
      unit = String(unit).replace(/s$/, '');
      const n = Math.abs(v);
      const u = n === 1 ? unit : `${unit}s`;
      return v < 0 || Object.is(v, -0) ? `${n} ${u} ago` : `in ${n} ${u}`;
    }
  },
  getCanonicalLocales: (l) => [].concat(l || []),
  supportedValuesOf: () => [],
};

if (typeof globalThis.Intl !== 'object') {
  Object.defineProperty(globalThis, 'Intl', { value: Intl, writable: true, configurable: true });
  const define = (proto, name, fn) => Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
  define(Number.prototype, 'toLocaleString', function toLocaleString(locales, options) {
    return new NumberFormat(locales, options).format(Number.prototype.valueOf.call(this));
  });
  define(BigInt.prototype, 'toLocaleString', function toLocaleString(locales, options) {
    return groupDigits(BigInt.prototype.toString.call(this));
  });
  define(Date.prototype, 'toLocaleDateString', function toLocaleDateString(locales, options = {}) {
    if (Number.isNaN(this.getTime())) return 'Invalid Date';
    const o = { ...options };
    if (!['weekday', 'year', 'month', 'day', 'dateStyle'].some((k) => o[k] !== undefined)) Object.assign(o, { year: 'numeric', month: 'numeric', day: 'numeric' });
    return new DateTimeFormat(locales, o).format(this);
  });
  define(Date.prototype, 'toLocaleTimeString', function toLocaleTimeString(locales, options = {}) {
    if (Number.isNaN(this.getTime())) return 'Invalid Date';
    const o = { ...options };
    if (!['hour', 'minute', 'second', 'timeStyle'].some((k) => o[k] !== undefined)) Object.assign(o, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
    return new DateTimeFormat(locales, o).format(this);
  });
  define(Date.prototype, 'toLocaleString', function toLocaleString(locales, options = {}) {
    if (Number.isNaN(this.getTime())) return 'Invalid Date';
    const o = { ...options };
    if (!['weekday', 'year', 'month', 'day', 'hour', 'minute', 'second', 'dateStyle', 'timeStyle'].some((k) => o[k] !== undefined)) {
      Object.assign(o, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
    }
    return new DateTimeFormat(locales, o).format(this);
  });
  define(String.prototype, 'localeCompare', function localeCompare(that, locales, options) {
    return icuCompare(String(this), String(that), options || {});
  });
  define(Array.prototype, 'toLocaleString', function toLocaleString(locales, options) {
    return Array.prototype.map.call(this, (x) => (x == null ? '' : x.toLocaleString(locales, options))).join(',');
  });
}
