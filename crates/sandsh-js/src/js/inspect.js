// util.inspect and util.format, as Node 20 writes them (lib/internal/util/inspect.js, without
// colours): the same defaults (depth 2, breakLength 80, compact 3), the same single-line
// rule, grouping of long arrays into columns, quoting and escaping of strings, circular
// references, Maps, Sets, class instances, errors with their stacks.

const inspectDefaultOptions = {
  showHidden: false,
  depth: 2,
  colors: false,
  customInspect: true,
  showProxy: false,
  maxArrayLength: 100,
  maxStringLength: 10000,
  breakLength: 80,
  compact: 3,
  sorted: false,
  getters: false,
  numericSeparator: false,
};

const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');
const kObjectType = 0;
const kArrayType = 1;
const kArrayExtrasType = 2;
const kMinLineWidth = 16;

const meta = [
  '\\x00', '\\x01', '\\x02', '\\x03', '\\x04', '\\x05', '\\x06', '\\x07',
  '\\b', '\\t', '\\n', '\\x0B', '\\f', '\\r', '\\x0E', '\\x0F',
  '\\x10', '\\x11', '\\x12', '\\x13', '\\x14', '\\x15', '\\x16', '\\x17',
  '\\x18', '\\x19', '\\x1A', '\\x1B', '\\x1C', '\\x1D', '\\x1E', '\\x1F',
  '', '', '', '', '', '', '', "\\'", '', '', '', '', '', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '\\\\', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
  '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '\\x7F',
  '\\x80', '\\x81', '\\x82', '\\x83', '\\x84', '\\x85', '\\x86', '\\x87',
  '\\x88', '\\x89', '\\x8A', '\\x8B', '\\x8C', '\\x8D', '\\x8E', '\\x8F',
  '\\x90', '\\x91', '\\x92', '\\x93', '\\x94', '\\x95', '\\x96', '\\x97',
  '\\x98', '\\x99', '\\x9A', '\\x9B', '\\x9C', '\\x9D', '\\x9E', '\\x9F',
];

const strEscapeSequencesRegExp = /[\x00-\x1f\x27\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const strEscapeSequencesRegExpSingle = /[\x00-\x1f\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const keyStrRegExp = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
const numberRegExp = /^(0|[1-9][0-9]*)$/;

function addQuotes(str, quotes) {
  if (quotes === -1) return `"${str}"`;
  if (quotes === -2) return `\`${str}\``;
  return `'${str}'`;
}

function strEscape(str) {
  let escapeTest = strEscapeSequencesRegExp;
  let singleQuote = 39;
  if (str.includes("'")) {
    if (!str.includes('"')) singleQuote = -1;
    else if (!str.includes('`') && !str.includes('${')) singleQuote = -2;
    if (singleQuote !== 39) escapeTest = strEscapeSequencesRegExpSingle;
  }
  if (str.length < 5000 && !escapeTest.test(str)) return addQuotes(str, singleQuote);
  let result = '';
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    const point = str.charCodeAt(i);
    if (point === singleQuote || point === 92 || point < 32 || (point > 126 && point < 160)) {
      result += str.slice(last, i) + meta[point];
      last = i + 1;
    } else if (point >= 0xd800 && point <= 0xdfff) {
      if (point <= 0xdbff && i + 1 < str.length) {
        const next = str.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          i++;
          continue;
        }
      }
      result += `${str.slice(last, i)}\\u${point.toString(16).toUpperCase()}`;
      last = i + 1;
    }
  }
  if (last !== str.length) result += str.slice(last);
  return addQuotes(result, singleQuote);
}

function formatNumber(n) {
  if (Object.is(n, -0)) return '-0';
  return `${n}`;
}

function formatPrimitive(value, ctx) {
  switch (typeof value) {
    case 'string': {
      let trailer = '';
      if (value.length > ctx.maxStringLength) {
        const remaining = value.length - ctx.maxStringLength;
        value = value.slice(0, ctx.maxStringLength);
        trailer = `... ${remaining} more character${remaining > 1 ? 's' : ''}`;
      }
      if (ctx.compact !== true && value.length > kMinLineWidth &&
          value.length > ctx.breakLength - ctx.indentationLvl - 4) {
        const lines = value.split(/(?<=\n)/);
        if (lines.length > 1) {
          return lines.map((line) => strEscape(line)).join(` +\n${' '.repeat(ctx.indentationLvl + 2)}`) + trailer;
        }
      }
      return strEscape(value) + trailer;
    }
    case 'number': return formatNumber(value);
    case 'bigint': return `${value}n`;
    case 'boolean': return `${value}`;
    case 'undefined': return 'undefined';
    default: return value.toString();
  }
}

function isError(v) {
  return v instanceof Error || Object.prototype.toString.call(v) === '[object Error]';
}

function getConstructorName(obj) {
  let tmp = obj;
  while (tmp !== null && tmp !== undefined) {
    const d = Object.getOwnPropertyDescriptor(tmp, 'constructor');
    if (d !== undefined && typeof d.value === 'function' && d.value.name !== '') {
      try {
        if (obj instanceof d.value || tmp === obj || true) return String(d.value.name);
      } catch {
        return String(d.value.name);
      }
    }
    tmp = Object.getPrototypeOf(tmp);
  }
  return null;
}

function getPrefix(constructor, tag, fallback, size = '') {
  if (constructor === null) {
    if (tag !== '' && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
    return `[${fallback}${size}: null prototype] `;
  }
  if (tag !== '' && constructor !== tag) return `${constructor}${size} [${tag}] `;
  return `${constructor}${size} `;
}

function getKeys(value, showHidden) {
  let keys;
  const symbols = Object.getOwnPropertySymbols(value);
  if (showHidden) {
    keys = Object.getOwnPropertyNames(value);
    if (symbols.length !== 0) keys.push(...symbols);
  } else {
    keys = Object.keys(value);
    for (const s of symbols) {
      const d = Object.getOwnPropertyDescriptor(value, s);
      if (d && d.enumerable) keys.push(s);
    }
  }
  return keys;
}

function getOwnNonIndexProperties(value, showHidden) {
  const names = showHidden ? Object.getOwnPropertyNames(value) : Object.keys(value);
  const out = [];
  for (const k of names) {
    if (!numberRegExp.test(k) || Number(k) >= 2 ** 32 - 1) {
      if (showHidden && k === 'length' && Array.isArray(value)) {
        out.push(k);
        continue;
      }
      out.push(k);
    }
  }
  for (const s of Object.getOwnPropertySymbols(value)) {
    const d = Object.getOwnPropertyDescriptor(value, s);
    if (showHidden || (d && d.enumerable)) out.push(s);
  }
  return out;
}

function getFunctionBase(value, constructor, tag) {
  let stringified = '';
  try {
    stringified = Function.prototype.toString.call(value);
  } catch {}
  if (stringified.startsWith('class') && stringified.endsWith('}')) {
    let base = `[class ${value.name || '(anonymous)'}`;
    if (constructor !== 'Function' && constructor !== null) base += ` [${constructor}]`;
    if (tag !== '' && constructor !== tag) base += ` [${tag}]`;
    if (constructor !== null) {
      const superName = Object.getPrototypeOf(value).name;
      if (superName) base += ` extends ${superName}`;
    } else {
      base += ' extends [null prototype]';
    }
    return `${base}]`;
  }
  let type = 'Function';
  const ctorName = constructor;
  if (ctorName === 'GeneratorFunction') type = 'GeneratorFunction';
  else if (ctorName === 'AsyncFunction') type = 'AsyncFunction';
  else if (ctorName === 'AsyncGeneratorFunction') type = 'AsyncGeneratorFunction';
  let base = `[${type}`;
  if (constructor === null) base += ' (null prototype)';
  if (value.name === '' || typeof value.name !== 'string') base += ' (anonymous)';
  else base += `: ${value.name}`;
  base += ']';
  if (constructor !== type && constructor !== null) base += ` ${constructor}`;
  if (tag !== '' && constructor !== tag) base += ` [${tag}]`;
  return base;
}

function formatError(err, constructor, tag, ctx, keys) {
  const name = err.name != null ? String(err.name) : 'Error';
  let stack;
  try {
    stack = err.stack ? String(err.stack) : Error.prototype.toString.call(err);
  } catch {
    stack = Error.prototype.toString.call(err);
  }
  // Keys the stack already shows.
  for (const k of ['name', 'message', 'stack']) {
    const i = keys.indexOf(k);
    if (i !== -1 && (typeof err[k] !== 'string' || stack.includes(err[k]))) keys.splice(i, 1);
  }
  if ('cause' in err && (keys.length === 0 || !keys.includes('cause'))) keys.push('cause');
  if (Array.isArray(err.errors) && !keys.includes('errors')) keys.push('errors');
  // Name the constructor when the stack does not (a subclass that kept `name`).
  if (constructor === null || (name.endsWith('Error') && stack.startsWith(name) &&
      (stack.length === name.length || stack[name.length] === ':' || stack[name.length] === '\n'))) {
    let fallback = 'Error';
    if (constructor === null) {
      const start = /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n\s+at)/.exec(stack) ||
        /^([a-z_A-Z0-9-]*Error)$/.exec(stack);
      fallback = (start && start[1]) || '';
      stack = `[${fallback}: null prototype]${stack.slice(fallback.length)}`;
    } else if (constructor !== name) {
      if (constructor.includes(name)) {
        stack = `${constructor}${stack.slice(name.length)}`;
      } else {
        stack = `${constructor} [${name}]${stack.slice(name.length)}`;
      }
    }
  }
  let pos = (err.message && stack.indexOf(err.message)) || -1;
  if (pos !== -1) pos += err.message.length;
  const stackStart = stack.indexOf('\n    at', pos);
  if (stackStart === -1) stack = `[${stack}]`;
  if (ctx.indentationLvl !== 0) {
    stack = stack.replaceAll('\n', `\n${' '.repeat(ctx.indentationLvl)}`);
  }
  return stack;
}

function formatValue(ctx, value, recurseTimes, typedArray) {
  if (typeof value !== 'object' && typeof value !== 'function') {
    return formatPrimitive(value, ctx);
  }
  if (value === null) return 'null';
  if (ctx.customInspect) {
    let maybeCustom;
    try {
      maybeCustom = value[customInspectSymbol];
    } catch {}
    if (typeof maybeCustom === 'function' && maybeCustom !== inspect &&
        !(value.constructor && value.constructor.prototype === value)) {
      const depth = ctx.depth === null ? null : ctx.depth - recurseTimes;
      const opts = { ...ctx.userOptions, depth, stylize: (s) => s };
      const ret = maybeCustom.call(value, depth, opts, inspect);
      if (ret !== value) {
        if (typeof ret !== 'string') return formatValue(ctx, ret, recurseTimes);
        return ret.replaceAll('\n', `\n${' '.repeat(ctx.indentationLvl)}`);
      }
    }
  }
  if (ctx.seen.includes(value)) {
    let index = 1;
    if (ctx.circular === undefined) {
      ctx.circular = new Map();
      ctx.circular.set(value, index);
    } else {
      index = ctx.circular.get(value);
      if (index === undefined) {
        index = ctx.circular.size + 1;
        ctx.circular.set(value, index);
      }
    }
    return `[Circular *${index}]`;
  }
  return formatRaw(ctx, value, recurseTimes, typedArray);
}

const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayTag = Object.getOwnPropertyDescriptor(typedArrayProto, Symbol.toStringTag).get;
function isTypedArray(v) {
  return typedArrayTag.call(v) !== undefined;
}

function objectTag(v) {
  return Object.prototype.toString.call(v).slice(8, -1);
}

function formatRaw(ctx, value, recurseTimes, typedArray) {
  let keys;
  const constructor = getConstructorName(value);
  let tag = value[Symbol.toStringTag];
  if (typeof tag !== 'string' || (tag !== '' &&
      (ctx.showHidden ? Object.prototype.hasOwnProperty : Object.prototype.propertyIsEnumerable).call(value, Symbol.toStringTag))) {
    tag = '';
  }
  let base = '';
  let formatter = () => [];
  let braces;
  let noIterator = true;
  let extrasType = kObjectType;
  const otag = objectTag(value);
  if (Symbol.iterator in value || constructor === null) {
    noIterator = false;
    if (Array.isArray(value)) {
      const prefix = (constructor !== 'Array' || tag !== '') ? getPrefix(constructor, tag, 'Array', `(${value.length})`) : '';
      keys = getOwnNonIndexProperties(value, ctx.showHidden);
      braces = [`${prefix}[`, ']'];
      if (value.length === 0 && keys.length === 0) return `${braces[0]}]`;
      extrasType = kArrayExtrasType;
      formatter = formatArray;
    } else if (value instanceof Set || otag === 'Set') {
      const size = value.size;
      const prefix = getPrefix(constructor, tag, 'Set', `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = (c, v, r) => formatSet(value, c, r);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
    } else if (value instanceof Map || otag === 'Map') {
      const size = value.size;
      const prefix = getPrefix(constructor, tag, 'Map', `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = (c, v, r) => formatMap(value, c, r);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
    } else if (isTypedArray(value)) {
      if (isBuffer(value) && ctx.bufferInspect !== false) {
        return inspectBuffer(value, ctx);
      }
      keys = getOwnNonIndexProperties(value, ctx.showHidden);
      const size = value.length;
      const fallback = typedArrayTag.call(value);
      const prefix = getPrefix(constructor, tag, fallback, `(${size})`);
      braces = [`${prefix}[`, ']'];
      if (value.length === 0 && keys.length === 0 && !ctx.showHidden) return `${braces[0]}]`;
      formatter = (c, v, r) => formatTypedArray(value, size, c, r);
      extrasType = kArrayExtrasType;
    } else if (otag === 'Map Iterator' || otag === 'Set Iterator') {
      keys = getKeys(value, ctx.showHidden);
      braces = [`[${otag}] {`, '}'];
      formatter = (c, v, r) => {
        const out = [];
        for (const e of v) out.push(Array.isArray(e) && otag === 'Map Iterator' && false ? '' : formatValue(c, e, r));
        return out;
      };
    } else {
      noIterator = true;
    }
  }
  if (noIterator) {
    keys = getKeys(value, ctx.showHidden);
    braces = ['{', '}'];
    if (constructor === 'Object' && !isError(value) && otag !== 'Date' && otag !== 'RegExp' && otag !== 'Promise') {
      if (otag === 'Arguments') braces[0] = '[Arguments] [';
      else if (tag !== '') braces[0] = `${getPrefix(constructor, tag, 'Object')}{`;
      if (keys.length === 0) return `${braces[0]}}`;
    } else if (typeof value === 'function') {
      base = getFunctionBase(value, constructor, tag);
      if (keys.length === 0) return base;
    } else if (otag === 'RegExp') {
      base = RegExp.prototype.toString.call(value);
      const prefix = getPrefix(constructor, tag, 'RegExp');
      if (prefix !== 'RegExp ') base = `${prefix}${base}`;
      if (keys.length === 0 || (recurseTimes > ctx.depth && ctx.depth !== null)) return base;
    } else if (otag === 'Date') {
      const t = Date.prototype.getTime.call(value);
      base = Number.isNaN(t) ? Date.prototype.toString.call(value) : Date.prototype.toISOString.call(value);
      const prefix = getPrefix(constructor, tag, 'Date');
      if (prefix !== 'Date ') base = `${prefix}${base}`;
      if (keys.length === 0) return base;
    } else if (isError(value)) {
      base = formatError(value, constructor, tag, ctx, keys);
      if (keys.length === 0) return base;
    } else if (otag === 'ArrayBuffer' || otag === 'SharedArrayBuffer') {
      const prefix = getPrefix(constructor, tag, otag);
      if (typedArray === undefined) {
        formatter = (c, v) => {
          const u = new Uint8Array(v);
          let str = Array.from(u.slice(0, 50), (b) => b.toString(16).padStart(2, '0')).join(' ');
          if (u.length > 50) str += ` ... ${u.length - 50} more byte${u.length - 50 > 1 ? 's' : ''}`;
          return [`[Uint8Contents]: <${str}>`, `byteLength: ${formatValue(c, v.byteLength, 0)}`];
        };
      } else if (keys.length === 0) {
        return `${prefix}{ byteLength: ${formatNumber(value.byteLength)} }`;
      }
      braces[0] = `${prefix}{`;
    } else if (otag === 'DataView') {
      braces[0] = `${getPrefix(constructor, tag, 'DataView')}{`;
      keys.unshift('byteLength', 'byteOffset', 'buffer');
    } else if (otag === 'Promise') {
      braces[0] = `${getPrefix(constructor, tag, 'Promise')}{`;
      formatter = (c, v, r) => {
        const [state, result] = host.promiseState(v);
        if (state === 0) return ['<pending>'];
        c.indentationLvl += 2;
        const str = formatValue(c, result, r);
        c.indentationLvl -= 2;
        return [state === 2 ? `<rejected> ${str}` : str];
      };
    } else if (otag === 'WeakSet' || otag === 'WeakMap' || otag === 'WeakRef') {
      braces[0] = `${getPrefix(constructor, tag, otag)}{`;
      formatter = () => [otag === 'WeakRef' ? '' : '<items unknown>'];
    } else if (otag === 'Module') {
      braces[0] = '[Module: null prototype] {';
    } else if (otag === 'Number' || otag === 'String' || otag === 'Boolean' || otag === 'BigInt' || otag === 'Symbol') {
      let type = otag;
      let fn = type === 'String' ? String.prototype.valueOf : type === 'Number' ? Number.prototype.valueOf :
        type === 'Boolean' ? Boolean.prototype.valueOf : type === 'BigInt' ? BigInt.prototype.valueOf : Symbol.prototype.valueOf;
      const prim = fn.call(value);
      if (type === 'String') {
        keys = keys.filter((k) => typeof k === 'symbol' || !numberRegExp.test(k) || Number(k) >= prim.length);
      }
      base = `[${type}`;
      if (type !== constructor) {
        if (constructor === null) base += ' (null prototype)';
        else base += ` (${constructor})`;
      }
      base += `: ${formatPrimitive(prim, { ...ctx, compact: true })}]`;
      if (tag !== '' && tag !== constructor) base += ` [${tag}]`;
      if (keys.length === 0) return base;
    } else {
      if (keys.length === 0) return `${getPrefix(constructor, tag, 'Object')}{}`;
      braces[0] = `${getPrefix(constructor, tag, 'Object')}{`;
    }
  }
  if (recurseTimes > ctx.depth && ctx.depth !== null) {
    let constructorName = getPrefix(constructor, tag, 'Object').slice(0, -1);
    if (constructor !== null) constructorName = `[${constructorName}]`;
    return constructorName;
  }
  recurseTimes += 1;
  ctx.seen.push(value);
  ctx.currentDepth = recurseTimes;
  let output;
  output = formatter(ctx, value, recurseTimes);
  for (let i = 0; i < keys.length; i++) {
    output.push(formatProperty(ctx, value, recurseTimes, keys[i], extrasType));
  }
  if (ctx.circular !== undefined) {
    const index = ctx.circular.get(value);
    if (index !== undefined) {
      const reference = `<ref *${index}>`;
      if (ctx.compact !== true) base = base === '' ? reference : `${reference} ${base}`;
      else braces[0] = `${reference} ${braces[0]}`;
    }
  }
  ctx.seen.pop();
  if (ctx.sorted) {
    const comparator = ctx.sorted === true ? undefined : ctx.sorted;
    if (extrasType === kObjectType) output.sort(comparator);
  }
  return reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value);
}

function formatArray(ctx, value, recurseTimes) {
  const valLen = value.length;
  const len = Math.min(Math.max(0, ctx.maxArrayLength), valLen);
  const remaining = valLen - len;
  const output = [];
  for (let i = 0; i < len; i++) {
    if (!Object.prototype.hasOwnProperty.call(value, i)) {
      return formatSpecialArray(ctx, value, recurseTimes, len, output, i);
    }
    output.push(formatProperty(ctx, value, recurseTimes, i, kArrayType));
  }
  if (remaining > 0) output.push(`... ${remaining} more item${remaining > 1 ? 's' : ''}`);
  return output;
}

function formatSpecialArray(ctx, value, recurseTimes, maxLength, output, i) {
  const keys = Object.keys(value);
  let index = i;
  for (; i < keys.length && output.length < maxLength; i++) {
    const key = keys[i];
    const tmp = +key;
    if (tmp > 2 ** 32 - 2) break;
    if (`${index}` !== key) {
      if (!numberRegExp.test(key)) break;
      const emptyItems = tmp - index;
      const ending = emptyItems > 1 ? 's' : '';
      output.push(`<${emptyItems} empty item${ending}>`);
      index = tmp;
      if (output.length === maxLength) break;
    }
    output.push(formatProperty(ctx, value, recurseTimes, key, kArrayType));
    index++;
  }
  const remaining = value.length - index;
  if (output.length !== maxLength) {
    if (remaining > 0) {
      output.push(`<${remaining} empty item${remaining > 1 ? 's' : ''}>`);
    }
  } else if (remaining > 0) {
    output.push(`... ${remaining} more item${remaining > 1 ? 's' : ''}`);
  }
  return output;
}

function formatTypedArray(value, length, ctx, recurseTimes) {
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const remaining = value.length - maxLength;
  const output = new Array(maxLength);
  const isBig = typeof value[0] === 'bigint';
  for (let i = 0; i < maxLength; ++i) {
    output[i] = isBig ? `${value[i]}n` : formatNumber(value[i]);
  }
  if (remaining > 0) output[maxLength] = `... ${remaining} more item${remaining > 1 ? 's' : ''}`;
  if (ctx.showHidden) {
    ctx.indentationLvl += 2;
    for (const key of ['BYTES_PER_ELEMENT', 'length', 'byteLength', 'byteOffset', 'buffer']) {
      const str = formatValue(ctx, value[key], recurseTimes, true);
      output.push(`[${key}]: ${str}`);
    }
    ctx.indentationLvl -= 2;
  }
  return output;
}

function formatSet(value, ctx, recurseTimes) {
  const length = value.size;
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const remaining = length - maxLength;
  const output = [];
  ctx.indentationLvl += 2;
  let i = 0;
  for (const v of value) {
    if (i >= maxLength) break;
    output.push(formatValue(ctx, v, recurseTimes));
    i++;
  }
  if (remaining > 0) output.push(`... ${remaining} more item${remaining > 1 ? 's' : ''}`);
  ctx.indentationLvl -= 2;
  return output;
}

function formatMap(value, ctx, recurseTimes) {
  const length = value.size;
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const remaining = length - maxLength;
  const output = [];
  ctx.indentationLvl += 2;
  let i = 0;
  for (const [k, v] of value) {
    if (i >= maxLength) break;
    output.push(`${formatValue(ctx, k, recurseTimes)} => ${formatValue(ctx, v, recurseTimes)}`);
    i++;
  }
  if (remaining > 0) output.push(`... ${remaining} more item${remaining > 1 ? 's' : ''}`);
  ctx.indentationLvl -= 2;
  return output;
}

function formatProperty(ctx, value, recurseTimes, key, type) {
  let name;
  let str;
  let extra = ' ';
  const desc = Object.getOwnPropertyDescriptor(value, key) || { value: value[key], enumerable: true };
  if (desc.value !== undefined) {
    const diff = (ctx.compact !== true || type !== kObjectType) ? 2 : 3;
    ctx.indentationLvl += diff;
    str = formatValue(ctx, desc.value, recurseTimes);
    if (diff === 3 && ctx.breakLength < str.length) {
      extra = `\n${' '.repeat(ctx.indentationLvl)}`;
    }
    ctx.indentationLvl -= diff;
  } else if (desc.get !== undefined) {
    const label = desc.set !== undefined ? 'Getter/Setter' : 'Getter';
    if (ctx.getters) {
      try {
        const tmp = desc.get.call(value);
        ctx.indentationLvl += 2;
        str = `[${label}: ${formatValue(ctx, tmp, recurseTimes)}]`;
        ctx.indentationLvl -= 2;
      } catch (err) {
        str = `[${label}: <Inspection threw (${err.message})>]`;
      }
    } else {
      str = `[${label}]`;
    }
  } else if (desc.set !== undefined) {
    str = '[Setter]';
  } else {
    str = 'undefined';
  }
  if (type === kArrayType) return str;
  if (typeof key === 'symbol') {
    name = `[${key.toString().replace(strEscapeSequencesRegExp, (c) => meta[c.charCodeAt(0)] || c)}]`;
  } else if (key === '__proto__') {
    name = "['__proto__']";
  } else if (desc.enumerable === false) {
    name = `[${key.replace(strEscapeSequencesRegExp, (c) => meta[c.charCodeAt(0)] || c)}]`;
  } else if (keyStrRegExp.test(key)) {
    name = key;
  } else {
    name = strEscape(key);
  }
  return `${name}:${extra}${str}`;
}

function isBelowBreakLength(ctx, output, start, base) {
  let totalLength = output.length + start;
  if (totalLength + output.length > ctx.breakLength) return false;
  for (let i = 0; i < output.length; i++) {
    totalLength += output[i].length;
    if (totalLength > ctx.breakLength) return false;
  }
  return base === '' || !base.includes('\n');
}

function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let i = 0;
  let outputLength = output.length;
  if (ctx.maxArrayLength < output.length) outputLength--;
  const separatorSpace = 2;
  const dataLen = new Array(outputLength);
  for (; i < outputLength; i++) {
    const len = output[i].length;
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
      (totalLength / actualMax > 5 || maxLength <= 6)) {
    const approxCharHeights = 2.5;
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
      Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      ctx.compact * 4,
      15,
    );
    if (columns <= 1) return output;
    const tmp = [];
    const maxLineLength = [];
    for (let i = 0; i < columns; i++) {
      let lineLength = 0;
      for (let j = i; j < output.length; j += columns) {
        if (dataLen[j] > lineLength) lineLength = dataLen[j];
      }
      maxLineLength.push(lineLength + separatorSpace);
    }
    let padStart = true;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        if (typeof value[i] !== 'number' && typeof value[i] !== 'bigint') {
          padStart = false;
          break;
        }
      }
    }
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let str = '';
      let j = i;
      for (; j < max - 1; j++) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j];
        str += padStart ? `${output[j]}, `.padStart(padding, ' ') : `${output[j]}, `.padEnd(padding, ' ');
      }
      if (padStart) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j] - separatorSpace;
        str += output[j].padStart(padding, ' ');
      } else {
        str += output[j];
      }
      tmp.push(str);
    }
    if (ctx.maxArrayLength < output.length) tmp.push(output[outputLength]);
    output = tmp;
  }
  return output;
}

function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
  if (ctx.compact !== true) {
    if (typeof ctx.compact === 'number' && ctx.compact >= 1) {
      const entries = output.length;
      if (extrasType === kArrayExtrasType && entries > 6) {
        output = groupArrayElements(ctx, output, value);
      }
      if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
        const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
        if (isBelowBreakLength(ctx, output, start, base)) {
          const joinedOutput = output.join(', ');
          if (!joinedOutput.includes('\n')) {
            return `${base ? `${base} ` : ''}${braces[0]} ${joinedOutput}` + ` ${braces[1]}`;
          }
        }
      }
    }
    const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }
  if (isBelowBreakLength(ctx, output, 0, base)) {
    return `${braces[0]}${base ? ` ${base}` : ''} ${output.join(', ')} ${braces[1]}`;
  }
  const indentation = ' '.repeat(ctx.indentationLvl);
  const ln = base === '' && braces[0].length === 1 ? ' ' : `${base ? ` ${base}` : ''}\n${indentation}  `;
  return `${braces[0]}${ln}${output.join(`,\n${indentation}  `)} ${braces[1]}`;
}

function inspect(value, opts) {
  const ctx = {
    budget: {},
    indentationLvl: 0,
    seen: [],
    currentDepth: 0,
    ...inspectDefaultOptions,
  };
  if (arguments.length > 1) {
    if (arguments.length > 2) {
      if (arguments[2] !== undefined) ctx.depth = arguments[2];
      if (arguments.length > 3 && arguments[3] !== undefined) ctx.colors = arguments[3];
    }
    if (typeof opts === 'boolean') {
      ctx.showHidden = opts;
    } else if (opts) {
      for (const key of Object.keys(opts)) {
        if (Object.prototype.hasOwnProperty.call(inspectDefaultOptions, key) || key === 'stylize') {
          ctx[key] = opts[key];
        }
      }
    }
  }
  if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
  if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
  if (ctx.depth === Infinity) ctx.depth = null;
  ctx.userOptions = { ...inspectDefaultOptions, ...(typeof opts === 'object' ? opts : {}) };
  return formatValue(ctx, value, 0);
}
inspect.custom = customInspectSymbol;
Object.defineProperty(inspect, 'defaultOptions', {
  get() { return inspectDefaultOptions; },
  set(options) { Object.assign(inspectDefaultOptions, options); },
});

const builtInObjects = new Set(Object.getOwnPropertyNames(globalThis).filter((e) => /^[A-Z][a-zA-Z0-9]+$/.test(e)));

function hasBuiltInToString(value) {
  if (typeof value.toString !== 'function') return true;
  if (Object.prototype.hasOwnProperty.call(value, 'toString')) return false;
  let pointer = value;
  do {
    pointer = Object.getPrototypeOf(pointer);
  } while (pointer !== null && !Object.prototype.hasOwnProperty.call(pointer, 'toString'));
  if (pointer === null) return true;
  const descriptor = Object.getOwnPropertyDescriptor(pointer, 'constructor');
  return descriptor !== undefined && typeof descriptor.value === 'function' && builtInObjects.has(descriptor.value.name);
}

function tryStringify(arg) {
  try {
    return JSON.stringify(arg);
  } catch (err) {
    if (err instanceof TypeError && /circular/i.test(err.message)) return '[Circular]';
    throw err;
  }
}

function formatWithOptions(inspectOptions, ...args) {
  const first = args[0];
  let a = 0;
  let str = '';
  let join = '';
  if (typeof first === 'string') {
    if (args.length === 1) return first;
    let tempStr;
    let lastPos = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first.charCodeAt(i) === 37) {
        const nextChar = first.charCodeAt(++i);
        if (a + 1 !== args.length) {
          switch (nextChar) {
            case 115: {
              const tempArg = args[++a];
              if (typeof tempArg === 'number') tempStr = formatNumber(tempArg);
              else if (typeof tempArg === 'bigint') tempStr = `${tempArg}n`;
              else if (typeof tempArg !== 'object' || tempArg === null || !hasBuiltInToString(tempArg)) tempStr = String(tempArg);
              else tempStr = inspect(tempArg, { ...inspectOptions, depth: 0, colors: false, compact: 3 });
              break;
            }
            case 106:
              tempStr = tryStringify(args[++a]);
              break;
            case 100: {
              const tempNum = args[++a];
              if (typeof tempNum === 'bigint') tempStr = `${tempNum}n`;
              else if (typeof tempNum === 'symbol') tempStr = 'NaN';
              else tempStr = formatNumber(Number(tempNum));
              break;
            }
            case 79:
              tempStr = inspect(args[++a], inspectOptions);
              break;
            case 111:
              tempStr = inspect(args[++a], { ...inspectOptions, showHidden: true, showProxy: true, depth: 4 });
              break;
            case 105: {
              const tempInteger = args[++a];
              if (typeof tempInteger === 'bigint') tempStr = `${tempInteger}n`;
              else if (typeof tempInteger === 'symbol') tempStr = 'NaN';
              else tempStr = formatNumber(Number.parseInt(tempInteger));
              break;
            }
            case 102: {
              const tempFloat = args[++a];
              if (typeof tempFloat === 'symbol') tempStr = 'NaN';
              else tempStr = formatNumber(Number.parseFloat(tempFloat));
              break;
            }
            case 99:
              a += 1;
              tempStr = '';
              break;
            case 37:
              str += first.slice(lastPos, i);
              lastPos = i + 1;
              continue;
            default:
              continue;
          }
          if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
          str += tempStr;
          lastPos = i + 1;
        } else if (nextChar === 37) {
          str += first.slice(lastPos, i);
          lastPos = i + 1;
        }
      }
    }
    if (lastPos !== 0) {
      a++;
      join = ' ';
      if (lastPos < first.length) str += first.slice(lastPos);
    }
  }
  while (a < args.length) {
    const value = args[a];
    str += join;
    str += typeof value !== 'string' ? inspect(value, inspectOptions) : value;
    join = ' ';
    a++;
  }
  return str;
}

function format(...args) {
  return formatWithOptions(undefined, ...args);
}
