// Buffer: a Uint8Array subclass with Node's encodings (utf8, hex, base64, base64url, latin1,
// ascii, utf16le; the codecs are native, codec.rs) and its everyday methods.

function utf8Decode(bytes) {
  return host.decode(bytes, 'utf8');
}

function normEncoding(enc) {
  if (enc === undefined || enc === null) return 'utf8';
  if (!host.isEncoding(String(enc))) {
    throw nodeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${enc}`);
  }
  return String(enc).toLowerCase();
}

class Buffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') {
      return fromBytes(host.encode(value, normEncoding(encodingOrOffset)));
    }
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer)) {
      const off = encodingOrOffset === undefined ? 0 : +encodingOrOffset;
      const len = length === undefined ? value.byteLength - off : +length;
      const b = new Buffer(value, off, len);
      return b;
    }
    if (ArrayBuffer.isView(value)) {
      const b = Buffer.allocUnsafe(value.length);
      for (let i = 0; i < value.length; i++) b[i] = value[i] & 255;
      return b;
    }
    if (value !== null && typeof value === 'object') {
      if (value.type === 'Buffer' && Array.isArray(value.data)) return Buffer.from(value.data);
      if (Array.isArray(value) || typeof value.length === 'number') {
        const b = Buffer.allocUnsafe(value.length >>> 0);
        for (let i = 0; i < b.length; i++) b[i] = Number(value[i]) & 255;
        return b;
      }
      if (typeof value.valueOf === 'function') {
        const prim = value.valueOf();
        if (prim !== value && prim != null) return Buffer.from(prim, encodingOrOffset, length);
      }
    }
    throw invalidArgType('first argument', 'of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object', value);
  }
  static alloc(size, fill, encoding) {
    checkSize(size);
    const b = new Buffer(size);
    if (fill !== undefined && fill !== 0) b.fill(fill, 0, b.length, encoding);
    return b;
  }
  static allocUnsafe(size) {
    checkSize(size);
    return new Buffer(size);
  }
  static allocUnsafeSlow(size) {
    return Buffer.allocUnsafe(size);
  }
  static isBuffer(b) {
    return b instanceof Buffer;
  }
  static isEncoding(enc) {
    return typeof enc === 'string' && enc !== '' && host.isEncoding(enc);
  }
  static byteLength(value, encoding) {
    if (typeof value !== 'string') {
      if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
      throw invalidArgType('string', 'of type string or an instance of Buffer or ArrayBuffer', value);
    }
    return host.encode(value, normEncoding(encoding)).length;
  }
  static concat(list, totalLength) {
    if (!Array.isArray(list)) throw invalidArgType('list', 'an instance of Array', list);
    if (totalLength === undefined) {
      totalLength = 0;
      for (const b of list) totalLength += b.length;
    }
    const out = Buffer.alloc(totalLength);
    let pos = 0;
    for (const b of list) {
      if (!(b instanceof Uint8Array)) throw invalidArgType('list[0]', 'an instance of Buffer or Uint8Array', b);
      const n = Math.min(b.length, totalLength - pos);
      if (n <= 0) {
        if (pos >= totalLength) break;
        continue;
      }
      out.set(n === b.length ? b : b.subarray(0, n), pos);
      pos += n;
    }
    return out;
  }
  static compare(a, b) {
    return a.compare(b);
  }
  toString(encoding, start, end) {
    if (arguments.length === 0) return host.decode(this, 'utf8');
    return host.decode(this, normEncoding(encoding), start === undefined ? 0 : start, end === undefined ? this.length : end);
  }
  toJSON() {
    return { type: 'Buffer', data: Array.from(this) };
  }
  equals(other) {
    if (!(other instanceof Uint8Array)) throw invalidArgType('otherBuffer', 'an instance of Buffer or Uint8Array', other);
    if (this.length !== other.length) return false;
    for (let i = 0; i < this.length; i++) if (this[i] !== other[i]) return false;
    return true;
  }
  compare(other, targetStart = 0, targetEnd = other.length, sourceStart = 0, sourceEnd = this.length) {
    const a = this.subarray(sourceStart, sourceEnd);
    const b = other.subarray(targetStart, targetEnd);
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }
  slice(start, end) {
    return this.subarray(start, end);
  }
  subarray(start, end) {
    const u = Uint8Array.prototype.subarray.call(this, start, end);
    return new Buffer(u.buffer, u.byteOffset, u.length);
  }
  write(string, offset, length, encoding) {
    if (typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      length = undefined;
    } else if (typeof length === 'string') {
      encoding = length;
      length = undefined;
    }
    offset = offset === undefined ? 0 : offset >>> 0;
    const bytes = host.encode(string, normEncoding(encoding));
    const n = Math.min(bytes.length, this.length - offset, length === undefined ? Infinity : length);
    this.set(bytes.subarray(0, n), offset);
    return n;
  }
  fill(value, offset = 0, end = this.length, encoding) {
    if (typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      end = this.length;
    }
    if (typeof value === 'string') {
      const bytes = value.length === 1 && value.charCodeAt(0) < 128 ? [value.charCodeAt(0)] : host.encode(value, normEncoding(encoding));
      if (bytes.length === 0) return Uint8Array.prototype.fill.call(this, 0, offset, end), this;
      for (let i = offset, j = 0; i < end; i++, j = (j + 1) % bytes.length) this[i] = bytes[j];
      return this;
    }
    if (value instanceof Uint8Array) {
      for (let i = offset, j = 0; i < end; i++, j = (j + 1) % value.length) this[i] = value[j];
      return this;
    }
    Uint8Array.prototype.fill.call(this, Number(value) & 255, offset, end);
    return this;
  }
  copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    const src = this.subarray(sourceStart, Math.min(sourceEnd, sourceStart + target.length - targetStart));
    target.set(src, targetStart);
    return src.length;
  }
  indexOf(value, byteOffset = 0, encoding) {
    if (typeof value === 'number') return Uint8Array.prototype.indexOf.call(this, value & 255, byteOffset);
    const needle = typeof value === 'string' ? host.encode(value, normEncoding(encoding)) : value;
    if (byteOffset < 0) byteOffset = Math.max(0, this.length + byteOffset);
    outer: for (let i = byteOffset; i <= this.length - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }
  lastIndexOf(value, byteOffset, encoding) {
    const needle = typeof value === 'number' ? [value & 255] : typeof value === 'string' ? host.encode(value, normEncoding(encoding)) : value;
    let start = byteOffset === undefined ? this.length - needle.length : Math.min(byteOffset, this.length - needle.length);
    outer: for (let i = start; i >= 0; i--) {
      for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }
  includes(value, byteOffset, encoding) {
    return this.indexOf(value, byteOffset, encoding) !== -1;
  }
  toLocaleString(encoding, start, end) {
    return this.toString(encoding, start, end);
  }
  get parent() {
    return this.buffer;
  }
  get offset() {
    return this.byteOffset;
  }
  inspect() {
    return inspectBuffer(this, { maxArrayLength: 50 });
  }
}
Buffer.poolSize = 8192;

function fromBytes(u8) {
  return new Buffer(u8.buffer, u8.byteOffset, u8.length);
}

function checkSize(size) {
  if (typeof size !== 'number') throw invalidArgType('size', 'of type number', size);
  if (!(size >= 0 && size <= 2 ** 32)) {
    throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "size" is out of range. It must be >= 0 && <= 4294967296. Received ${size}`);
  }
}

// Typed reads and writes: readUInt8, readInt32LE, writeUInt16BE, readDoubleLE…
{
  const kinds = [
    ['UInt8', 1, 'Uint8'], ['Int8', 1, 'Int8'],
    ['UInt16', 2, 'Uint16'], ['Int16', 2, 'Int16'],
    ['UInt32', 4, 'Uint32'], ['Int32', 4, 'Int32'],
    ['Float', 4, 'Float32'], ['Double', 8, 'Float64'],
    ['BigUInt64', 8, 'BigUint64'], ['BigInt64', 8, 'BigInt64'],
  ];
  for (const [name, size, view] of kinds) {
    const endians = size === 1 ? [''] : ['LE', 'BE'];
    for (const e of endians) {
      const little = e === 'LE';
      const check = (buf, offset) => {
        if (offset === undefined) offset = 0;
        if (typeof offset !== 'number') throw invalidArgType('offset', 'of type number', offset);
        if (offset < 0 || offset + size > buf.length || offset % 1 !== 0) {
          throw nodeError(RangeError, 'ERR_OUT_OF_RANGE',
            `The value of "offset" is out of range. It must be >= 0 and <= ${buf.length - size}. Received ${offset}`);
        }
        return offset;
      };
      Buffer.prototype[`read${name}${e}`] = function (offset) {
        offset = check(this, offset);
        return new DataView(this.buffer, this.byteOffset, this.length)[`get${view}`](offset, little);
      };
      Buffer.prototype[`write${name}${e}`] = function (value, offset) {
        offset = check(this, offset);
        new DataView(this.buffer, this.byteOffset, this.length)[`set${view}`](offset, value, little);
        return offset + size;
      };
      if (name.startsWith('UInt')) {
        Buffer.prototype[`readUint${name.slice(4)}${e}`] = Buffer.prototype[`read${name}${e}`];
        Buffer.prototype[`writeUint${name.slice(4)}${e}`] = Buffer.prototype[`write${name}${e}`];
      }
    }
  }
}

function isBuffer(v) {
  return v instanceof Buffer;
}

function inspectBuffer(buf, ctx) {
  const max = ctx.maxArrayLength === undefined ? 50 : Math.min(ctx.maxArrayLength, 50);
  let str = '';
  const n = Math.min(max, buf.length);
  for (let i = 0; i < n; i++) str += `${i ? ' ' : ''}${buf[i].toString(16).padStart(2, '0')}`;
  const remaining = buf.length - max;
  if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
  return `<${buf.constructor.name === 'Buffer' ? 'Buffer' : buf.constructor.name}${str ? ` ${str}` : ''}>`;
}

if (typeof globalThis.TextEncoder !== 'function') {
  class TextEncoder {
    get encoding() {
      return 'utf-8';
    }
    encode(s = '') {
      const b = host.encode(String(s), 'utf8');
      return new Uint8Array(b.buffer, b.byteOffset, b.length);
    }
    encodeInto(s, dest) {
      const b = host.encode(String(s), 'utf8');
      const n = Math.min(b.length, dest.length);
      dest.set(b.subarray(0, n));
      return { read: s.length, written: n };
    }
  }
  class TextDecoder {
    constructor(label = 'utf-8', options = {}) {
      this.encoding = String(label).toLowerCase() === 'utf8' ? 'utf-8' : String(label).toLowerCase();
      this.fatal = !!options.fatal;
      this.ignoreBOM = !!options.ignoreBOM;
    }
    decode(input) {
      if (input === undefined) return '';
      let u = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
      if (!this.ignoreBOM && u.length >= 3 && u[0] === 0xef && u[1] === 0xbb && u[2] === 0xbf) u = u.subarray(3);
      const enc = this.encoding === 'utf-16le' ? 'utf16le' : this.encoding === 'latin1' || this.encoding === 'iso-8859-1' ? 'latin1' : 'utf8';
      return host.decode(u, enc);
    }
  }
  Object.defineProperty(globalThis, 'TextEncoder', { value: TextEncoder, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'TextDecoder', { value: TextDecoder, writable: true, configurable: true });
}
if (typeof globalThis.atob !== 'function') {
  Object.defineProperty(globalThis, 'atob', { value: (s) => host.decode(host.encode(String(s), 'base64'), 'latin1'), writable: true, configurable: true });
  Object.defineProperty(globalThis, 'btoa', { value: (s) => host.decode(host.encode(String(s), 'latin1'), 'base64'), writable: true, configurable: true });
}

defineBuiltin('buffer', () => ({ Buffer, kMaxLength: 2 ** 32, constants: { MAX_LENGTH: 2 ** 32, MAX_STRING_LENGTH: 2 ** 29 - 24 }, atob: globalThis.atob, btoa: globalThis.btoa }));
defineBuiltin('string_decoder', () => {
  class StringDecoder {
    constructor(encoding) {
      this.encoding = normEncoding(encoding);
      this.pending = Buffer.alloc(0);
    }
    write(buf) {
      if (typeof buf === 'string') return buf;
      const all = Buffer.concat([this.pending, buf]);
      if (this.encoding !== 'utf8' && this.encoding !== 'utf-8') {
        this.pending = Buffer.alloc(0);
        return all.toString(this.encoding);
      }
      // Keep an incomplete UTF-8 sequence at the end for the next write.
      let cut = all.length;
      for (let i = Math.max(0, all.length - 3); i < all.length; i++) {
        const b = all[i];
        const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        if (need > 1 && i + need > all.length) {
          cut = i;
          break;
        }
      }
      this.pending = all.subarray(cut);
      return all.subarray(0, cut).toString('utf8');
    }
    end(buf) {
      let s = buf ? this.write(buf) : '';
      if (this.pending.length) s += this.pending.toString(this.encoding);
      this.pending = Buffer.alloc(0);
      return s;
    }
  }
  return { StringDecoder };
});
