// child_process: the commands run inside this session, never on the host.

function shellQuote(s) {
  return `'${String(s).replaceAll("'", "'\\''")}'`;
}

function runInSession(argv, options = {}) {
  const cwd = options.cwd ? pathModule.resolve(processCwd, String(options.cwd)) : processCwd;
  const env = options.env || process.env;
  const envArgs = Object.entries(env).filter(([k, v]) => v !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(k)).map(([k, v]) => `${k}=${v}`);
  const script = `cd -- "$0" && "$@"`;
  const input = options.input === undefined ? undefined : options.input;
  const [status, out, err] = host.spawnSync(['env', '-i', ...envArgs, 'sh', '-c', script, cwd, ...argv], input);
  return { status, stdout: fromBytes(out), stderr: fromBytes(err) };
}

function outputAs(buf, encoding) {
  return encoding && encoding !== 'buffer' ? buf.toString(encoding) : buf;
}

function execSync(command, options = {}) {
  const r = runInSession(['sh', '-c', String(command)], options);
  if (options.stdio !== 'pipe' && options.stdio !== undefined && options.stdio[2] !== 'pipe') {
    // stderr inherited
  }
  if (r.stderr.length && !(options.stdio === 'pipe' || (Array.isArray(options.stdio) && options.stdio[2] === 'pipe'))) {
    host.write(2, r.stderr);
  }
  if (r.status !== 0) {
    const e = new Error(`Command failed: ${command}${r.stderr.length ? `\n${r.stderr.toString()}` : ''}`);
    Object.assign(e, { status: r.status, signal: null, output: [null, outputAs(r.stdout, options.encoding), outputAs(r.stderr, options.encoding)], pid: 0, stdout: outputAs(r.stdout, options.encoding), stderr: outputAs(r.stderr, options.encoding) });
    throw e;
  }
  if (options.stdio === 'inherit') {
    host.write(1, r.stdout);
    return null;
  }
  return outputAs(r.stdout, options.encoding);
}

function spawnSync(file, args = [], options = {}) {
  if (!Array.isArray(args)) {
    options = args || {};
    args = [];
  }
  const argv = options.shell ? ['sh', '-c', [file, ...args].join(' ')] : [file, ...args.map(String)];
  const r = runInSession(argv, options);
  if (options.stdio === 'inherit') {
    host.write(1, r.stdout);
    host.write(2, r.stderr);
  }
  if (r.status === 127 && !options.shell && r.stderr.toString().includes('not found')) {
    const e = fsError({ sandshFsError: true, code: 'ENOENT' }, `spawnSync ${file}`, file);
    return { pid: 0, output: null, stdout: null, stderr: null, status: null, signal: null, error: e };
  }
  const stdout = outputAs(r.stdout, options.encoding);
  const stderr = outputAs(r.stderr, options.encoding);
  return { pid: 0, output: [null, stdout, stderr], stdout, stderr, status: r.status, signal: null };
}

function execFileSync(file, args = [], options = {}) {
  if (!Array.isArray(args)) {
    options = args || {};
    args = [];
  }
  const r = spawnSync(file, args, { ...options, stdio: 'pipe' });
  if (r.error) throw r.error;
  if (options.stdio !== 'pipe' && r.stderr && r.stderr.length) host.write(2, r.stderr);
  if (r.status !== 0) {
    const e = new Error(`Command failed: ${[file, ...args].join(' ')}`);
    Object.assign(e, { status: r.status, stdout: r.stdout, stderr: r.stderr });
    throw e;
  }
  return r.stdout;
}

function exec(command, options, cb) {
  if (typeof options === 'function') {
    cb = options;
    options = {};
  }
  const r = runInSession(['sh', '-c', String(command)], options || {});
  const enc = (options && options.encoding) || 'utf8';
  const stdout = outputAs(r.stdout, enc);
  const stderr = outputAs(r.stderr, enc);
  const child = new EventEmitter();
  setImmediate(() => {
    let err = null;
    if (r.status !== 0) {
      err = new Error(`Command failed: ${command}\n${r.stderr.toString()}`);
      err.code = r.status;
    }
    if (cb) cb(err, stdout, stderr);
    child.emit('exit', r.status, null);
    child.emit('close', r.status, null);
  });
  return child;
}

function execFile(file, args, options, cb) {
  if (typeof args === 'function') {
    cb = args;
    args = [];
    options = {};
  } else if (typeof options === 'function') {
    cb = options;
    options = {};
  }
  return exec([file, ...(args || [])].map(shellQuote).join(' '), options, cb);
}

function spawn(file, args = [], options = {}) {
  if (!Array.isArray(args)) {
    options = args || {};
    args = [];
  }
  const { Readable, Writable } = loadBuiltin('stream');
  const child = new EventEmitter();
  const chunks = [];
  child.stdin = new Writable({ write(c, e, cb) { chunks.push(Buffer.from(c)); cb(); } });
  child.stdout = new Readable();
  child.stderr = new Readable();
  child.pid = 0;
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    const argv = options.shell ? ['sh', '-c', [file, ...args].join(' ')] : [file, ...args.map(String)];
    const r = runInSession(argv, { ...options, input: Buffer.concat(chunks) });
    if (options.stdio === 'inherit') {
      host.write(1, r.stdout);
      host.write(2, r.stderr);
    } else {
      if (r.stdout.length) child.stdout.push(r.stdout);
      if (r.stderr.length) child.stderr.push(r.stderr);
    }
    child.stdout.push(null);
    child.stderr.push(null);
    child.exitCode = r.status;
    setImmediate(() => {
      child.emit('exit', r.status, null);
      child.emit('close', r.status, null);
    });
  };
  child.stdin.on('finish', () => setImmediate(run));
  // Without input, the command runs on the next turn.
  setImmediate(() => setImmediate(() => {
    if (!child.stdin._ended) run();
  }));
  child.stdin.once('pipe', () => {});
  child.kill = () => false;
  return child;
}

defineBuiltin('child_process', () => ({ execSync, spawnSync, execFileSync, exec, execFile, spawn, fork: () => {
  throw new Error('child_process.fork is not available in the sandbox');
} }));
