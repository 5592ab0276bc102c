// fs: the session's files through the natives (host.rs). The synchronous API is the base; the
// callback API runs it and calls back on a later turn of the event loop, fs/promises resolves
// with it. Errors are Node's: `ENOENT: no such file or directory, open 'x'` with errno, code,
// syscall and path, the path as the script gave it.

const uvErrors = {
  ENOENT: [-2, 'no such file or directory'],
  EEXIST: [-17, 'file already exists'],
  ENOTDIR: [-20, 'not a directory'],
  EISDIR: [-21, 'illegal operation on a directory'],
  ENOTEMPTY: [-39, 'directory not empty'],
  EACCES: [-13, 'permission denied'],
  EPERM: [-1, 'operation not permitted'],
  EROFS: [-30, 'read-only file system'],
  ELOOP: [-40, 'too many symbolic links encountered'],
  EINVAL: [-22, 'invalid argument'],
  ENOSPC: [-28, 'no space left on device'],
  EFBIG: [-27, 'file too large'],
  EXDEV: [-18, 'cross-device link not permitted'],
  ENOTSUP: [-95, 'operation not supported on socket'],
  EIO: [-5, 'i/o error'],
  EBADF: [-9, 'bad file descriptor'],
};

function fsError(raw, syscall, path, dest) {
  if (!raw || !raw.sandshFsError) return raw;
  syscall = raw.syscall || syscall;
  if (raw.code === 'ERR_FS_EISDIR') {
    const e = new Error(`Path is a directory: ${syscall} returned EISDIR (is a directory) ${path}`);
    e.name = 'SystemError';
    Object.assign(e, { errno: 21, code: 'ERR_FS_EISDIR', syscall, path });
    Object.defineProperty(e, 'stack', { value: `SystemError [ERR_FS_EISDIR]: ${e.message}`, writable: true, configurable: true });
    return e;
  }
  const [errno, desc] = uvErrors[raw.code] || [-5, 'i/o error'];
  let msg = `${raw.code}: ${desc}, ${syscall}`;
  const withPath = path !== undefined && !(syscall === 'read' && raw.code === 'EISDIR');
  if (withPath) msg += ` '${path}'`;
  if (dest !== undefined) msg += ` -> '${dest}'`;
  const e = new Error(msg);
  e.errno = errno;
  e.code = raw.code;
  e.syscall = syscall;
  if (withPath) e.path = path;
  if (dest !== undefined) e.dest = dest;
  return e;
}

function toPath(p, name = 'path') {
  if (typeof p === 'string') return p;
  if (p instanceof Uint8Array) return utf8Decode(p);
  if (p !== null && typeof p === 'object' && p.href !== undefined && p.protocol === 'file:') {
    return decodeURIComponent(p.pathname);
  }
  throw invalidArgType(name, 'of type string or an instance of Buffer or URL', p);
}

function abs(p) {
  return pathModule.resolve(processCwd, p);
}

// Run a native on one path, wording its error.
function call1(f, syscall, p, ...rest) {
  try {
    return f(abs(p), ...rest);
  } catch (e) {
    throw fsError(e, syscall, p);
  }
}

function encodingOf(options, fallback) {
  if (typeof options === 'string') return options;
  if (options && typeof options === 'object' && options.encoding !== undefined) return options.encoding;
  return fallback;
}

function flagOf(options, fallback) {
  if (options && typeof options === 'object' && options.flag !== undefined) return options.flag;
  return fallback;
}

// fd 0-2 and descriptors from openSync.
const fdTable = new Map();
let nextFd = 3;

function isStdin(p) {
  return p === 0 || p === '/dev/stdin' || p === '/proc/self/fd/0' || p === '/dev/fd/0';
}

function readFileSync(p, options) {
  const encoding = encodingOf(options, null);
  let bytes;
  if (isStdin(p)) {
    bytes = host.readStdin();
  } else if (typeof p === 'number') {
    const f = fdTable.get(p);
    if (!f) throw fsError({ sandshFsError: true, code: 'EBADF', syscall: 'read' }, 'read');
    bytes = host.readFile(f.path);
  } else {
    const path = toPath(p);
    bytes = call1(host.readFile, 'open', path);
  }
  if (encoding) return host.decode(bytes, normEncoding(encoding));
  return fromBytes(bytes);
}

function dataOf(data, encoding) {
  if (typeof data === 'string') {
    return encoding && normEncoding(encoding) !== 'utf8' ? host.encode(data, normEncoding(encoding)) : data;
  }
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw invalidArgType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
}

function writeTo(p, data, options, flag) {
  const encoding = encodingOf(options, 'utf8');
  const bytes = dataOf(data, encoding);
  if (p === 1 || p === '/dev/stdout') return void host.write(1, bytes);
  if (p === 2 || p === '/dev/stderr') return void host.write(2, bytes);
  if (typeof p === 'number') {
    const f = fdTable.get(p);
    if (!f) throw fsError({ sandshFsError: true, code: 'EBADF', syscall: 'write' }, 'write');
    host.writeFile(f.path, bytes, 'a');
    return;
  }
  const path = toPath(p);
  const mode = options && typeof options === 'object' ? options.mode : undefined;
  call1(host.writeFile, 'open', path, bytes, flagOf(options, flag), mode);
}

function writeFileSync(p, data, options) {
  writeTo(p, data, options, 'w');
}

function appendFileSync(p, data, options) {
  writeTo(p, data, options, 'a');
}

function existsSync(p) {
  try {
    const path = toPath(p);
    return path !== '' && host.exists(abs(path));
  } catch {
    return false;
  }
}

const S_IFMT = 0o170000;
const typeBits = { file: 0o100000, dir: 0o040000, symlink: 0o120000, char: 0o020000, fifo: 0o010000 };

class Stats {
  constructor(s) {
    this.dev = 2049;
    this.mode = (typeBits[s.type] || 0) | s.mode;
    this.nlink = s.nlink;
    this.uid = s.uid;
    this.gid = s.gid;
    this.rdev = 0;
    this.blksize = 4096;
    this.ino = s.ino;
    this.size = s.size;
    this.blocks = Math.ceil(s.size / 512);
    this.atimeMs = s.atimeMs;
    this.mtimeMs = s.mtimeMs;
    this.ctimeMs = s.ctimeMs;
    this.birthtimeMs = s.ctimeMs;
    this.atime = new Date(s.atimeMs);
    this.mtime = new Date(s.mtimeMs);
    this.ctime = new Date(s.ctimeMs);
    this.birthtime = new Date(s.ctimeMs);
  }
  isFile() {
    return (this.mode & S_IFMT) === 0o100000;
  }
  isDirectory() {
    return (this.mode & S_IFMT) === 0o040000;
  }
  isSymbolicLink() {
    return (this.mode & S_IFMT) === 0o120000;
  }
  isCharacterDevice() {
    return (this.mode & S_IFMT) === 0o020000;
  }
  isFIFO() {
    return (this.mode & S_IFMT) === 0o010000;
  }
  isBlockDevice() {
    return false;
  }
  isSocket() {
    return false;
  }
}

function statSync(p, options) {
  try {
    return new Stats(call1(host.stat, 'stat', toPath(p), true));
  } catch (e) {
    if (options && options.throwIfNoEntry === false && e.code === 'ENOENT') return undefined;
    throw e;
  }
}

function lstatSync(p, options) {
  try {
    return new Stats(call1(host.stat, 'lstat', toPath(p), false));
  } catch (e) {
    if (options && options.throwIfNoEntry === false && e.code === 'ENOENT') return undefined;
    throw e;
  }
}

class Dirent {
  constructor(name, type, parentPath) {
    this.name = name;
    this.parentPath = parentPath;
    this.path = parentPath;
    this[kType] = type;
  }
  isFile() {
    return this[kType] === 'file';
  }
  isDirectory() {
    return this[kType] === 'dir';
  }
  isSymbolicLink() {
    return this[kType] === 'symlink';
  }
  isCharacterDevice() {
    return this[kType] === 'char';
  }
  isFIFO() {
    return this[kType] === 'fifo';
  }
  isBlockDevice() {
    return false;
  }
  isSocket() {
    return false;
  }
}
const kType = Symbol('type');

function readdirSync(p, options) {
  const path = toPath(p);
  const withTypes = options && typeof options === 'object' && options.withFileTypes;
  const recursive = options && typeof options === 'object' && options.recursive;
  const encoding = encodingOf(options, 'utf8');
  const out = [];
  const walk = (dir, prefix) => {
    const list = call1(host.readdir, 'scandir', dir);
    for (const [name, type] of list) {
      const rel = prefix ? `${prefix}/${name}` : name;
      if (withTypes) out.push(new Dirent(name, type, prefix ? `${path}/${prefix}` : path));
      else out.push(encoding === 'buffer' ? Buffer.from(rel) : rel);
      if (recursive && type === 'dir') walk(pathModule.join(dir, name), rel);
    }
  };
  walk(path, '');
  return out;
}

function mkdirSync(p, options) {
  const path = toPath(p);
  const recursive = options && typeof options === 'object' && options.recursive;
  const mode = typeof options === 'number' ? options : options && options.mode;
  const r = call1(host.mkdir, 'mkdir', path, !!recursive, mode);
  return recursive ? (r === null ? undefined : r) : undefined;
}

function mkdtempSync(prefix) {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  for (;;) {
    let s = '';
    for (let i = 0; i < 6; i++) s += chars[Math.floor(Math.random() * chars.length)];
    const path = `${prefix}${s}`;
    if (!existsSync(path)) {
      mkdirSync(path);
      return path;
    }
  }
}

function renameSync(a, b) {
  a = toPath(a, 'oldPath');
  b = toPath(b, 'newPath');
  try {
    host.rename(abs(a), abs(b));
  } catch (e) {
    throw fsError(e, 'rename', a, b);
  }
}

function copyFileSync(a, b, mode) {
  a = toPath(a, 'src');
  b = toPath(b, 'dest');
  try {
    host.copyFile(abs(a), abs(b), ((mode | 0) & 1) === 1);
  } catch (e) {
    throw fsError(e, 'copyfile', a, b);
  }
}

function cpSync(a, b, options = {}) {
  a = toPath(a, 'src');
  b = toPath(b, 'dest');
  const st = statSync(a);
  if (st.isDirectory()) {
    if (!options.recursive) {
      const e = nodeError(Error, 'ERR_FS_EISDIR', `Recursive option is required to copy a directory: ${a}`);
      e.name = 'SystemError';
      throw e;
    }
    mkdirSync(b, { recursive: true });
    for (const name of readdirSync(a)) cpSync(pathModule.join(a, name), pathModule.join(b, name), options);
  } else {
    if (options.force === false && existsSync(b)) return;
    copyFileSync(a, b);
  }
}

function unlinkSync(p) {
  call1(host.unlink, 'unlink', toPath(p));
}

function rmdirSync(p, options) {
  call1(host.rmdir, 'rmdir', toPath(p), !!(options && options.recursive));
}

function rmSync(p, options = {}) {
  const path = toPath(p);
  try {
    host.rm(abs(path), !!options.recursive, !!options.force);
  } catch (e) {
    throw fsError(e, 'rm', path);
  }
}

function realpathSync(p) {
  return call1(host.realpath, 'realpath', toPath(p));
}
realpathSync.native = realpathSync;

function readlinkSync(p) {
  return call1(host.readlink, 'readlink', toPath(p));
}

function symlinkSync(target, p) {
  target = toPath(target, 'target');
  p = toPath(p);
  try {
    host.symlink(target, abs(p));
  } catch (e) {
    throw fsError(e, 'symlink', target, p);
  }
}

function chmodSync(p, mode) {
  call1(host.chmod, 'chmod', toPath(p), typeof mode === 'string' ? parseInt(mode, 8) : mode);
}

function accessSync(p, mode) {
  const path = toPath(p);
  const st = call1(host.stat, 'access', path, true);
  if (mode & 2 && !(st.mode & 0o222)) throw fsError({ sandshFsError: true, code: 'EACCES', syscall: 'access' }, 'access', path);
  if (mode & 1 && !(st.mode & 0o111) && st.type !== 'dir') throw fsError({ sandshFsError: true, code: 'EACCES', syscall: 'access' }, 'access', path);
}

function truncateSync(p, len = 0) {
  call1(host.truncate, 'open', toPath(p), len);
}

function utimesSync() {}

// Descriptors: a path and a position; reads and writes go to the VFS at once.
function openSync(p, flags = 'r', mode) {
  const path = toPath(p);
  const full = abs(path);
  const f = String(flags);
  if (f.startsWith('w')) call1(host.writeFile, 'open', path, '', f.includes('x') ? 'wx' : 'w', mode);
  else if (f.startsWith('a')) call1(host.writeFile, 'open', path, '', 'a', mode);
  else call1(host.stat, 'open', path, true);
  const fd = nextFd++;
  fdTable.set(fd, { path: full, pos: 0, flags: f });
  return fd;
}

function closeSync(fd) {
  if (fd > 2 && !fdTable.delete(fd)) throw fsError({ sandshFsError: true, code: 'EBADF', syscall: 'close' }, 'close');
}

function writeSync(fd, data, a, b, c) {
  if (fd === 1 || fd === 2) {
    const bytes = typeof data === 'string' ? data : data.subarray(a || 0, b === undefined ? undefined : (a || 0) + b);
    host.write(fd, bytes);
    return typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  }
  const f = fdTable.get(fd);
  if (!f) throw fsError({ sandshFsError: true, code: 'EBADF', syscall: 'write' }, 'write');
  let bytes = typeof data === 'string' ? host.encode(data, normEncoding(typeof b === 'string' ? b : 'utf8')) : data.subarray(a || 0, b === undefined ? undefined : (a || 0) + b);
  host.writeFile(f.path, bytes, 'a');
  return bytes.length;
}

function readSync(fd, buffer, offset = 0, length, position) {
  if (typeof offset === 'object' && offset !== null) {
    ({ offset = 0, length, position } = offset);
  }
  if (length === undefined) length = buffer.length - offset;
  let bytes;
  if (fd === 0) {
    bytes = host.readStdin();
    const f = fdTable.get(0) || { pos: 0 };
    fdTable.set(0, f);
    const part = bytes.subarray(f.pos, f.pos + length);
    buffer.set(part, offset);
    f.pos += part.length;
    return part.length;
  }
  const f = fdTable.get(fd);
  if (!f) throw fsError({ sandshFsError: true, code: 'EBADF', syscall: 'read' }, 'read');
  bytes = host.readFile(f.path);
  const at = position === undefined || position === null || position < 0 ? f.pos : position;
  const part = bytes.subarray(at, at + length);
  buffer.set(part, offset);
  if (position === undefined || position === null || position < 0) f.pos += part.length;
  return part.length;
}

function fstatSync(fd) {
  if (fd <= 2) return new Stats({ type: 'fifo', mode: 0o600, size: 0, nlink: 1, uid: 1000, gid: 1000, ino: fd, mtimeMs: 0, atimeMs: 0, ctimeMs: 0 });
  const f = fdTable.get(fd);
  if (!f) throw fsError({ sandshFsError: true, code: 'EBADF', syscall: 'fstat' }, 'fstat');
  return new Stats(host.stat(f.path, true));
}

const syncApi = {
  readFileSync, writeFileSync, appendFileSync, existsSync, statSync, lstatSync, readdirSync,
  mkdirSync, mkdtempSync, renameSync, copyFileSync, cpSync, unlinkSync, rmdirSync, rmSync,
  realpathSync, readlinkSync, symlinkSync, chmodSync, accessSync, truncateSync, utimesSync,
  openSync, closeSync, writeSync, readSync, fstatSync,
};

const constants = {
  F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1,
  COPYFILE_EXCL: 1, COPYFILE_FICLONE: 2, COPYFILE_FICLONE_FORCE: 4,
  O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024,
  S_IFMT, S_IFREG: 0o100000, S_IFDIR: 0o040000, S_IFLNK: 0o120000,
};

// Callback forms: the work happens now, the callback on a later turn.
function callbackForm(fn) {
  return function (...args) {
    const cb = args.pop();
    if (typeof cb !== 'function') throw invalidArgType('cb', 'of type function', cb);
    let result;
    let error = null;
    try {
      result = fn(...args);
    } catch (e) {
      error = e;
    }
    setImmediate(() => (error ? cb(error) : cb(null, result)));
  };
}

function makePromises() {
  const p = {};
  for (const [name, fn] of Object.entries(syncApi)) {
    if (name === 'existsSync' || name.startsWith('open') || name === 'closeSync' || name === 'writeSync' || name === 'readSync' || name === 'fstatSync') continue;
    const base = name.slice(0, -4);
    p[base] = (...args) => new Promise((resolve, reject) => {
      try {
        resolve(fn(...args));
      } catch (e) {
        reject(e);
      }
    });
  }
  p.constants = constants;
  p.open = async (path, flags, mode) => {
    const fd = openSync(path, flags, mode);
    return {
      fd,
      readFile: async (o) => readFileSync(fd === undefined ? path : path, o),
      writeFile: async (d, o) => writeFileSync(path, d, o),
      appendFile: async (d, o) => appendFileSync(path, d, o),
      write: async (d) => ({ bytesWritten: writeSync(fd, d), buffer: d }),
      stat: async () => fstatSync(fd),
      close: async () => closeSync(fd),
      [Symbol.asyncDispose]: async () => closeSync(fd),
    };
  };
  return p;
}

let fsPromises;
function getPromises() {
  if (fsPromises === undefined) fsPromises = makePromises();
  return fsPromises;
}

function createReadStream(p, options = {}) {
  if (typeof options === 'string') options = { encoding: options };
  const s = new (loadBuiltin('stream').Readable)({ encoding: options.encoding });
  s.path = p;
  s.bytesRead = 0;
  setImmediate(() => {
    let data;
    try {
      data = isStdin(p) || options.fd === 0 ? fromBytes(host.readStdin()) : readFileSync(p);
    } catch (e) {
      s.destroy(e);
      return;
    }
    const start = options.start || 0;
    const end = options.end === undefined ? data.length : options.end + 1;
    data = data.subarray(start, end);
    s.bytesRead = data.length;
    s.emit('open', 3);
    s.emit('ready');
    const hw = options.highWaterMark || 65536;
    for (let i = 0; i < data.length; i += hw) s.push(data.subarray(i, i + hw));
    s.push(null);
  });
  return s;
}

function createWriteStream(p, options = {}) {
  if (typeof options === 'string') options = { encoding: options };
  const path = toPath(p);
  const flags = options.flags || 'w';
  writeTo(path, '', options, flags.startsWith('a') ? 'a' : 'w');
  const s = new (loadBuiltin('stream').Writable)({
    write(chunk, enc, cb) {
      try {
        appendFileSync(path, chunk);
        s.bytesWritten += chunk.length;
        cb();
      } catch (e) {
        cb(e);
      }
    },
  });
  s.path = path;
  s.bytesWritten = 0;
  setImmediate(() => {
    s.emit('open', 3);
    s.emit('ready');
  });
  return s;
}

function makeFs() {
  const fs = { ...syncApi, constants, Stats, Dirent, F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 };
  for (const [name, fn] of Object.entries(syncApi)) {
    if (name === 'existsSync') continue;
    fs[name.slice(0, -4)] = callbackForm(fn);
  }
  fs.exists = (p, cb) => setImmediate(() => cb(existsSync(p)));
  fs.read = function read(fd, buffer, offset, length, position, cb) {
    if (typeof offset === 'function') {
      cb = offset;
      offset = 0;
    }
    callbackForm(readSync)(fd, buffer, offset, length, position, (e, n) => cb(e, n, buffer));
  };
  fs.write = function write(fd, data, ...rest) {
    const cb = rest.pop();
    callbackForm(writeSync)(fd, data, ...rest, (e, n) => cb(e, n, data));
  };
  fs.createReadStream = createReadStream;
  fs.createWriteStream = createWriteStream;
  fs.watch = () => {
    throw new Error('fs.watch is not available in the sandbox');
  };
  fs.watchFile = fs.watch;
  Object.defineProperty(fs, 'promises', { get: getPromises, enumerable: true });
  return fs;
}

defineBuiltin('fs', makeFs);
defineBuiltin('fs/promises', getPromises);
