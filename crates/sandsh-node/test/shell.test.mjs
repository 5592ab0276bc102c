// The Shell API: runs, persistence, options, limits, files, snapshots, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Shell, ConfigError, SnapshotError, FileError, version } from 'sandsh';

test('import { Shell } from "sandsh" runs a script', async () => {
  const sh = new Shell();
  const r = await sh.exec('echo hello > /tmp/f; cat /tmp/f | tr a-z A-Z');
  assert.equal(r.stdout, 'HELLO\n');
  assert.equal(r.stderr, '');
  assert.equal(r.exitCode, 0);
  assert.equal(r.error, undefined);
  assert.equal(typeof r.durationMs, 'number');
  assert.match(version, /^\d+\.\d+\.\d+/);
});

test('variables, functions and cwd persist across exec calls', async () => {
  const sh = new Shell();
  await sh.exec('x=41; f() { echo "f:$1"; }; mkdir -p /w && cd /w');
  const r = await sh.exec('echo $((x + 1)); f a; pwd');
  assert.equal(r.stdout, '42\nf:a\n/w\n');
  assert.equal(await sh.getCwd(), '/w');
  assert.equal(await sh.getVar('x'), '41');
  assert.equal(await sh.getVar('nope'), null);
});

test('exit status, stderr and bash error messages', async () => {
  const sh = new Shell();
  const r = await sh.exec('echo out; echo err >&2; nosuchcmd; exit 3');
  assert.equal(r.stdout, 'out\n');
  assert.match(r.stderr, /^err\n.*nosuchcmd: command not found\n$/s);
  assert.equal(r.exitCode, 3);
});

test('a parse error is reported, not thrown', async () => {
  const sh = new Shell();
  const r = await sh.exec('if then fi');
  assert.equal(r.exitCode, 2);
  assert.equal(r.error, 'parse_error');
  assert.match(r.stderr, /syntax error/);
});

test('exec options: stdin (text and bytes), env and cwd for one run', async () => {
  const sh = new Shell();
  assert.equal((await sh.exec('wc -l', { stdin: 'a\nb\n' })).stdout.trim(), '2');
  const bytes = new Uint8Array([0x68, 0x69, 0x0a]);
  assert.equal((await sh.exec('cat', { stdin: bytes })).stdout, 'hi\n');
  await sh.exec('mkdir -p /data');
  const r = await sh.exec('echo "$GREETING"; pwd', { env: { GREETING: 'hey' }, cwd: '/data' });
  assert.equal(r.stdout, 'hey\n/data\n');
  // Both are for that run only.
  assert.equal((await sh.exec('echo "[$GREETING]"; pwd')).stdout, `[]\n${await sh.getCwd()}\n`);
});

test('constructor options: username, env, cwd, files (text and bytes)', async () => {
  const sh = new Shell({
    username: 'agent',
    env: { PROJECT: 'demo', N: 3 },
    cwd: '/work',
    files: { '/work/a.txt': 'alpha\n', '/work/b.bin': Buffer.from([1, 2, 3]), '/work/lazy': () => 'lazy\n' },
  });
  const r = await sh.exec('whoami; echo $PROJECT $N; pwd; cat a.txt lazy; wc -c < b.bin');
  assert.equal(r.stdout, 'agent\ndemo 3\n/work\nalpha\nlazy\n3\n');
});

test('an unknown option, limit or profile is a ConfigError', () => {
  assert.throws(() => new Shell({ colour: 'blue' }), ConfigError);
  assert.throws(() => new Shell({ limits: { maxBananas: 3 } }), (e) => e instanceof ConfigError && /maxBananas/.test(e.message));
  assert.throws(() => new Shell({ limits: 'lax' }), /unknown profile 'lax'/);
  assert.throws(() => new Shell({ mounts: [{ host: '/nonexistent/dir/x', path: '/m' }] }), ConfigError);
});

test('limits stop a runaway script with a message naming the limit', async () => {
  const sh = new Shell({ limits: { maxLoopIterations: 100 } });
  const r = await sh.exec('i=0; while true; do i=$((i+1)); done');
  assert.notEqual(r.exitCode, 0);
  assert.equal(r.error, 'limit_exceeded');
  assert.match(r.stderr, /loop/);
  const strict = new Shell({ limits: 'strict' });
  assert.equal((await strict.exec('echo ok')).stdout, 'ok\n');
});

test('timeout (ms) ends a run with 124, per shell and per exec', async () => {
  const sh = new Shell({ timeout: 200 });
  let r = await sh.exec('sleep 5');
  assert.equal(r.exitCode, 124);
  assert.equal(r.error, 'timeout');
  const sh2 = new Shell();
  r = await sh2.exec('while :; do :; done', { timeout: 100 });
  assert.equal(r.exitCode, 124);
});

test('python3 comes with the package: over the session\'s files, stopped by the timeout', async () => {
  const sh = new Shell();
  await sh.writeFile('/tmp/in.json', '{"n": 41}');
  let r = await sh.exec(
    'python3 -c \'import json; n = json.load(open("/tmp/in.json"))["n"]; open("/tmp/out", "w").write(str(n + 1))\'; cat /tmp/out',
  );
  assert.equal(r.stdout, '42');
  assert.equal(r.exitCode, 0);
  r = await sh.exec("python3 -c 'while True: pass'", { timeout: 300 });
  assert.equal(r.exitCode, 124);
  assert.equal(r.error, 'timeout');
});

test('node comes with the package: over the session\'s files, stopped by the timeout', async () => {
  const sh = new Shell();
  await sh.writeFile('/tmp/in.json', '{"n": 41}');
  let r = await sh.exec(
    'node -e \'const fs = require("fs"); fs.writeFileSync("/tmp/out", String(JSON.parse(fs.readFileSync("/tmp/in.json")).n + 1))\'; cat /tmp/out',
  );
  assert.equal(r.stdout, '42');
  assert.equal(r.exitCode, 0);
  r = await sh.exec("node -e 'while (true) {}'", { timeout: 300 });
  assert.equal(r.exitCode, 124);
  assert.equal(r.error, 'timeout');
});

test('an AbortSignal cancels the run with status 130', async () => {
  const sh = new Shell();
  const ac = new AbortController();
  const started = Date.now();
  setTimeout(() => ac.abort(), 100);
  const r = await sh.exec('while true; do sleep 0.01; done', { signal: ac.signal });
  assert.equal(r.exitCode, 130);
  assert.equal(r.error, 'cancelled');
  assert.ok(Date.now() - started < 5000);
  // Already aborted: the run does not start.
  const r2 = await sh.exec('echo never > /tmp/never', { signal: ac.signal });
  assert.equal(r2.exitCode, 130);
  assert.equal(await sh.exists('/tmp/never'), false);
  // The session goes on.
  assert.equal((await sh.exec('echo after')).stdout, 'after\n');
});

test('cancel() stops the run in progress', async () => {
  const sh = new Shell();
  const p = sh.exec('sleep 10');
  setTimeout(() => sh.cancel(), 50);
  const r = await p;
  assert.equal(r.exitCode, 130);
});

test('streaming callbacks see the output as it is produced, before the promise resolves', async () => {
  const sh = new Shell();
  const out = [];
  const err = [];
  const r = await sh.exec('for i in 1 2 3; do echo $i; echo e$i >&2; done', {
    onStdout: (t) => out.push(t),
    onStderr: (t) => err.push(t),
  });
  assert.equal(out.join(''), '1\n2\n3\n');
  assert.equal(err.join(''), 'e1\ne2\ne3\n');
  assert.equal(r.stdout, '1\n2\n3\n');
});

test('VFS helpers: writeFile, readFile, appendFile, readdir, exists, mkdir, rm', async () => {
  const sh = new Shell();
  await sh.writeFile('/data/x/notes.txt', 'one\n');
  await sh.appendFile('/data/x/notes.txt', 'two\n');
  assert.equal(await sh.readFile('/data/x/notes.txt'), 'one\ntwo\n');
  await sh.writeFile('/data/bin', new Uint8Array([0, 255, 10]));
  const b = await sh.readFile('/data/bin', null);
  assert.ok(Buffer.isBuffer(b));
  assert.deepEqual([...b], [0, 255, 10]);
  assert.deepEqual(await sh.readdir('/data'), ['bin', 'x']);
  assert.equal(await sh.exists('/data/x'), true);
  await sh.mkdir('/data/y/z', { recursive: true });
  assert.equal((await sh.exec('test -d /data/y/z && echo dir')).stdout, 'dir\n');
  await sh.rm('/data/y', { recursive: true });
  assert.equal(await sh.exists('/data/y'), false);
  await assert.rejects(sh.readFile('/missing'), (e) => e instanceof FileError && e.code === 'ENOENT');
  // Relative paths start at the session's cwd.
  await sh.exec('mkdir -p /home/rel && cd /home/rel');
  await sh.writeFile('r.txt', 'rel\n');
  assert.equal((await sh.exec('cat /home/rel/r.txt')).stdout, 'rel\n');
});

test('snapshot and restore the session', async () => {
  const sh = new Shell();
  await sh.exec('x=1; echo saved > /tmp/s; mkdir -p /d; cd /d');
  const snap = await sh.snapshot();
  assert.ok(Buffer.isBuffer(snap) && snap.length > 0);
  await sh.exec('x=2; rm /tmp/s; cd /');
  await sh.restore(snap);
  assert.equal((await sh.exec('echo $x; cat /tmp/s; pwd')).stdout, '1\nsaved\n/d\n');
  const other = new Shell();
  await other.restore(snap);
  assert.equal((await other.exec('cat /tmp/s')).stdout, 'saved\n');
  await assert.rejects(sh.restore(Buffer.from('not a snapshot')), SnapshotError);
});

test('policy: denied commands and confirmation through a JavaScript function', async () => {
  const sh = new Shell({ policy: { deny: ['rm'] } });
  const r = await sh.exec('touch /tmp/x; rm /tmp/x');
  assert.notEqual(r.exitCode, 0);
  assert.equal(await sh.exists('/tmp/x'), true);

  const questions = [];
  const asked = new Shell({
    policy: {
      confirmAt: 'medium',
      confirm: async (q) => {
        questions.push(q);
        return q.includes('/tmp/ok');
      },
    },
  });
  const r2 = await asked.exec('touch /tmp/no /tmp/ok; rm /tmp/no; echo status=$?; rm /tmp/ok; echo status=$?');
  assert.equal(r2.stdout, 'status=126\nstatus=0\n');
  assert.match(r2.stderr, /rm: not confirmed/);
  assert.equal(questions.length, 2);
  assert.match(questions[0], /rm \/tmp\/no/);
});

test('a host directory mounted read-only, and an overlay', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandsh-node-'));
  fs.writeFileSync(path.join(dir, 'host.txt'), 'from host\n');
  try {
    const sh = new Shell({ mounts: [{ host: dir, path: '/mnt/ro' }, { host: dir, path: '/mnt/ov', mode: 'overlay' }] });
    assert.equal((await sh.exec('cat /mnt/ro/host.txt')).stdout, 'from host\n');
    const w = await sh.exec('echo x > /mnt/ro/new');
    assert.notEqual(w.exitCode, 0);
    await sh.exec('echo changed > /mnt/ov/host.txt');
    assert.equal((await sh.exec('cat /mnt/ov/host.txt')).stdout, 'changed\n');
    assert.equal(fs.readFileSync(path.join(dir, 'host.txt'), 'utf8'), 'from host\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('non-UTF-8 output is decoded with replacement characters', async () => {
  const sh = new Shell();
  const r = await sh.exec("printf 'a\\377b\\n'");
  assert.equal(r.stdout, 'a\uFFFDb\n');
});

test('background jobs are listed and can be cancelled', async () => {
  const sh = new Shell();
  await sh.exec('sleep 30 &');
  const jobs = await sh.jobs();
  assert.equal(jobs.length, 1);
  assert.equal(jobs[0].state, 'running');
  await sh.cancelJobs();
  await sh.exec('wait');
  const after = await sh.jobs();
  assert.ok(after.every((j) => j.state === 'done'));
});

test('the README example', async () => {
  const { defineCommand } = await import('sandsh');
  const upper = defineCommand('upper', async (args, ctx) => ({
    stdout: Buffer.from(ctx.stdin).toString().toUpperCase(),
    stderr: '',
    exitCode: 0,
  }));
  const sh = new Shell({ limits: 'strict', timeout: 30_000, files: { '/data/a.txt': 'hello\n' }, customCommands: [upper] });
  const r = await sh.exec('cat /data/a.txt | upper', { signal: AbortSignal.timeout(5000) });
  assert.equal(r.stdout, 'HELLO\n');
  assert.equal(r.exitCode, 0);
});

test('streaming: a character split across writes arrives whole, a cut one as U+FFFD', async () => {
  const sh = new Shell();
  const out = [];
  const r = await sh.exec("printf '\\xc3'; printf '\\xa9\\n'; printf 'end\\xe2'", { onStdout: (t) => out.push(t) });
  assert.equal(out.join(''), 'é\nend\uFFFD');
  assert.equal(r.stdout, 'é\nend\uFFFD');
});

test('output past the limit keeps its head and tail and names the saved file', async () => {
  const sh = new Shell({ limits: { maxOutputBytes: 1000 }, output: { head: 0.2, saveQuota: '1M' } });
  const r = await sh.exec('seq 1 10000');
  assert.equal(r.stdoutCut.total, 48894);
  assert.equal(r.stdoutCut.saved, 48894);
  assert.equal(r.stdoutCut.file, '/tmp/sandsh-output/1.stdout');
  assert.ok(r.stdout.startsWith('1\n2\n'));
  assert.match(r.stdout, /10000\n\[sandsh: stdout was 48894 bytes, over --max-output-bytes \(1000\): shown are its first \d+ and last \d+ bytes; the whole stdout is in \/tmp\/sandsh-output\/1.stdout\]\n$/);
  assert.equal(r.stderrCut, undefined);
  assert.equal((await sh.exec('tail -n 1 /tmp/sandsh-output/1.stdout')).stdout, '10000\n');
  assert.throws(() => new Shell({ output: { head: 3 } }), ConfigError);
});
