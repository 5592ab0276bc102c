// CommonJS: Node's resolution (relative and absolute paths, extensions .js/.json/.cjs,
// directories through package.json's "main" and index.js, node_modules up the tree, the
// built-ins with and without `node:`), module.exports, exports, __filename, __dirname, the
// cache, and its errors (MODULE_NOT_FOUND with the require stack).

class Module {
  constructor(id = '', parent = null) {
    this.id = id;
    this.path = pathModule.dirname(id);
    this.exports = {};
    this.filename = null;
    this.loaded = false;
    this.children = [];
    this.paths = [];
    this.parent = parent;
    if (parent && parent.children) parent.children.push(this);
  }
  require(id) {
    return requireModule(this, id);
  }
  static _nodeModulePaths(from) {
    from = pathModule.resolve(from);
    if (from === '/') return ['/node_modules'];
    const parts = from.split('/');
    const paths = [];
    for (let i = parts.length; i > 0; i--) {
      if (parts[i - 1] === 'node_modules') continue;
      paths.push(`${parts.slice(0, i).join('/')}/node_modules`);
    }
    paths[paths.length - 1] = '/node_modules';
    return paths.filter((p, i) => p !== '/node_modules' || i === paths.length - 1);
  }
}
Module._cache = Object.create(null);
Module._extensions = Object.create(null);
Module.builtinModules = [];
Module.createRequire = (filename) => {
  const f = filename instanceof URL ? filename.pathname : String(filename);
  const m = new Module(f, null);
  m.filename = f;
  m.paths = Module._nodeModulePaths(pathModule.dirname(f));
  return makeRequire(m);
};
Module.isBuiltin = (name) => isBuiltinName(name);

function isBuiltinName(name) {
  if (name.startsWith('node:')) return builtinFactories.has(name.slice(5));
  return builtinFactories.has(name);
}

function isFile(p) {
  try {
    return host.stat(p, true).type === 'file';
  } catch {
    return false;
  }
}

function isDir(p) {
  try {
    return host.stat(p, true).type === 'dir';
  } catch {
    return false;
  }
}

const extensions = ['.js', '.json', '.cjs', '.node'];

function tryFile(p) {
  if (isFile(p)) return p;
  for (const ext of extensions) {
    if (isFile(p + ext)) return p + ext;
  }
  return undefined;
}

function tryDirectory(p) {
  const pkgPath = pathModule.join(p, 'package.json');
  if (isFile(pkgPath)) {
    let pkg;
    try {
      pkg = JSON.parse(utf8Decode(host.readFile(pkgPath)));
    } catch (e) {
      e.path = pkgPath;
      e.message = `Error parsing ${pkgPath}: ${e.message}`;
      throw e;
    }
    if (pkg && typeof pkg.main === 'string' && pkg.main !== '') {
      const main = pathModule.resolve(p, pkg.main);
      const found = tryFile(main) || tryIndex(main);
      if (found) return found;
    }
  }
  return tryIndex(p);
}

function tryIndex(p) {
  for (const ext of extensions) {
    const f = pathModule.join(p, `index${ext}`);
    if (isFile(f)) return f;
  }
  return undefined;
}

// A package's "exports" map: the "." entry and subpaths, with require/node/default conditions.
function resolveExports(dir, subpath, esm) {
  const pkgPath = pathModule.join(dir, 'package.json');
  if (!isFile(pkgPath)) return undefined;
  let pkg;
  try {
    pkg = JSON.parse(utf8Decode(host.readFile(pkgPath)));
  } catch {
    return undefined;
  }
  let exp = pkg && pkg.exports;
  if (exp === undefined || exp === null) return undefined;
  const key = subpath ? `./${subpath}` : '.';
  if (typeof exp === 'string' || Array.isArray(exp) || !Object.keys(exp).some((k) => k.startsWith('.'))) {
    exp = { '.': exp };
  }
  const pick = (t) => {
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) {
      for (const x of t) {
        const r = pick(x);
        if (r) return r;
      }
      return undefined;
    }
    if (t && typeof t === 'object') {
      for (const c of esm ? ['import', 'node', 'default'] : ['require', 'node', 'default']) {
        if (c in t) {
          const r = pick(t[c]);
          if (r) return r;
        }
      }
    }
    return undefined;
  };
  let target = exp[key] !== undefined ? pick(exp[key]) : undefined;
  if (target === undefined) {
    for (const k of Object.keys(exp)) {
      if (k.endsWith('*') && key.startsWith(k.slice(0, -1))) {
        const t = pick(exp[k]);
        if (t) target = t.replace('*', key.slice(k.length - 1));
      }
    }
  }
  return target === undefined ? undefined : pathModule.resolve(dir, target);
}

function resolveFilename(request, parent, esm = false) {
  if (isBuiltinName(request)) return request.startsWith('node:') ? request : `node:${request}`;
  if (request.startsWith('node:')) {
    const e = nodeError(Error, 'ERR_UNKNOWN_BUILTIN_MODULE', `No such built-in module: ${request}`);
    throw e;
  }
  const base = parent && parent.filename ? pathModule.dirname(parent.filename) : processCwd;
  let found;
  if (request.startsWith('./') || request.startsWith('../') || request.startsWith('/') || request === '.' || request === '..') {
    const p = pathModule.resolve(base, request);
    found = (request.endsWith('/') ? undefined : tryFile(p)) || (isDir(p) ? tryDirectory(p) : undefined);
  } else {
    const paths = parent && parent.paths && parent.paths.length ? parent.paths : Module._nodeModulePaths(base);
    const slash = request.startsWith('@') ? request.indexOf('/', request.indexOf('/') + 1) : request.indexOf('/');
    const name = slash === -1 ? request : request.slice(0, slash);
    const sub = slash === -1 ? '' : request.slice(slash + 1);
    for (const dir of paths) {
      const pkgDir = pathModule.join(dir, name);
      if (!isDir(pkgDir)) continue;
      const viaExports = resolveExports(pkgDir, sub, esm);
      if (viaExports && isFile(viaExports)) {
        found = viaExports;
        break;
      }
      const p = pathModule.join(dir, request);
      found = tryFile(p) || (isDir(p) ? tryDirectory(p) : undefined);
      if (found) break;
    }
  }
  if (found === undefined) {
    const stack = [];
    for (let m = parent; m && m.filename; m = m.parent) stack.push(m.filename);
    const err = new Error(`Cannot find module '${request}'${stack.length ? `\nRequire stack:\n- ${stack.join('\n- ')}` : ''}`);
    err.code = 'MODULE_NOT_FOUND';
    err.requireStack = stack;
    throw err;
  }
  return found;
}

function makeRequire(mod) {
  const require = (id) => requireModule(mod, id);
  require.resolve = (request, options) => {
    if (typeof request !== 'string') throw invalidArgType('id', 'of type string', request);
    const r = resolveFilename(request, mod);
    return r.startsWith('node:') && !request.startsWith('node:') ? request : r;
  };
  require.resolve.paths = (request) => (isBuiltinName(request) ? null : Module._nodeModulePaths(mod.path || processCwd));
  require.main = mainModule;
  require.cache = Module._cache;
  require.extensions = Module._extensions;
  return require;
}

let mainModule;

function requireModule(parent, id) {
  if (typeof id !== 'string') throw invalidArgType('id', 'of type string', id);
  if (id === '') throw nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'id' must be a non-empty string. Received ''");
  const filename = resolveFilename(id, parent);
  if (filename.startsWith('node:')) {
    const m = loadBuiltin(filename.slice(5));
    if (m === undefined) throw nodeError(Error, 'ERR_UNKNOWN_BUILTIN_MODULE', `No such built-in module: ${id}`);
    return m;
  }
  const cached = Module._cache[filename];
  if (cached !== undefined) return cached.exports;
  const mod = new Module(filename, parent);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(pathModule.dirname(filename));
  Module._cache[filename] = mod;
  let ok = false;
  try {
    loadInto(mod, filename);
    ok = true;
  } finally {
    if (!ok) delete Module._cache[filename];
  }
  return mod.exports;
}

function requireFrom(fromFile, id) {
  const m = new Module(fromFile, null);
  m.filename = fromFile;
  m.paths = Module._nodeModulePaths(pathModule.dirname(fromFile));
  return requireModule(m, id);
}

function loadInto(mod, filename) {
  const src = utf8Decode(isStdin(filename) ? host.readStdin() : call1(host.readFile, 'open', filename));
  if (filename.endsWith('.json')) {
    try {
      mod.exports = JSON.parse(src.charCodeAt(0) === 0xfeff ? src.slice(1) : src);
    } catch (e) {
      e.message = `${filename}: ${e.message}`;
      throw e;
    }
  } else if (filename.endsWith('.node')) {
    throw new Error(`${filename}: native addons cannot be loaded in the sandbox`);
  } else if (filename.endsWith('.mjs')) {
    const e = nodeError(Error, 'ERR_REQUIRE_ESM', `require() of ES Module ${filename} not supported.`);
    throw e;
  } else {
    compileModule(mod, src, filename);
  }
  mod.loaded = true;
}

function compileModule(mod, src, filename) {
  sources.set(filename, src);
  let body = src.charCodeAt(0) === 0xfeff ? src.slice(1) : src;
  body = stripShebang(body);
  const wrapper = host.compile(`(function (exports, require, module, __filename, __dirname) { ${body}\n})`, filename);
  const require = makeRequire(mod);
  wrapper.call(mod.exports, mod.exports, require, mod, filename, pathModule.dirname(filename));
}

function runMain(filename) {
  const mod = new Module('.', null);
  mod.filename = filename;
  mod.path = pathModule.dirname(filename);
  mod.paths = Module._nodeModulePaths(mod.path);
  mainModule = mod;
  Module._cache[filename] = mod;
  loadInto(mod, filename);
}

defineBuiltin('module', () => Module);

// ---- ES modules (the loader is esm.rs) ------------------------------------------------------

// Whether a file is an ES module: .mjs, or .js under a package.json with "type": "module".
function isEsmFile(file) {
  if (file.endsWith('.mjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let dir = pathModule.dirname(file); ; dir = pathModule.dirname(dir)) {
    const pkg = pathModule.join(dir, 'package.json');
    if (isFile(pkg)) {
      try {
        return JSON.parse(utf8Decode(host.readFile(pkg))).type === 'module';
      } catch {
        return false;
      }
    }
    if (dir === '/') return false;
  }
}

const esmInterop = new Map();
let esmSeq = 0;

function reexport(value) {
  const id = ++esmSeq;
  esmInterop.set(id, value);
  let src = `const m = globalThis.__sandsh_esm_value(${id});\nexport default m;\n`;
  if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
    const names = Object.keys(value).filter((k) => k !== 'default' && /^[A-Za-z_$][\w$]*$/.test(k));
    names.forEach((k, i) => {
      src += `const v${i} = m[${JSON.stringify(k)}];\n`;
    });
    if (names.length) src += `export { ${names.map((k, i) => `v${i} as ${k}`).join(', ')} };\n`;
  }
  return src;
}

function esmResolve(name, base) {
  if (isBuiltinName(name)) return name.startsWith('node:') ? name : `node:${name}`;
  if (name.startsWith('file://')) name = decodeURIComponent(new URL(name).pathname);
  const from = base && base.startsWith('/') ? base : pathModule.join(processCwd, '[eval]');
  const parent = { filename: from, paths: Module._nodeModulePaths(pathModule.dirname(from)) };
  return resolveFilename(name, parent, true);
}

function esmSource(name) {
  if (name.startsWith('node:')) return reexport(loadBuiltin(name.slice(5)));
  const text = utf8Decode(call1(host.readFile, 'open', name));
  if (name.endsWith('.json')) return `export default ${JSON.stringify(JSON.parse(text))};\n`;
  if (isEsmFile(name)) {
    sources.set(name, text);
    return stripShebang(text);
  }
  const parent = new Module(name, null);
  parent.filename = name;
  return reexport(requireModule(parent, name));
}

for (const [k, v] of [
  ['__sandsh_esm_resolve', esmResolve],
  ['__sandsh_esm_source', esmSource],
  ['__sandsh_esm_value', (id) => {
    const v = esmInterop.get(id);
    esmInterop.delete(id);
    return v;
  }],
]) {
  Object.defineProperty(globalThis, k, { value: v, enumerable: false, configurable: true, writable: true });
}

