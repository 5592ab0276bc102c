// `sandsh/just-bash`: just-bash 3.x's README examples, ported. Each expectation is what
// just-bash 3.4 itself prints for the example (checked side by side), except where the
// comment names a documented difference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bash, defineCommand, decodeBytesToUtf8 } from 'sandsh/just-bash';

test('Quick Start: files persist across exec calls', async () => {
  const bash = new Bash();
  await bash.exec('echo "Hello" > greeting.txt');
  const result = await bash.exec('cat greeting.txt');
  assert.equal(result.stdout, 'Hello\n');
  assert.equal(result.exitCode, 0);
});

test('each exec() gets its own shell state: variables, functions and cwd reset', async () => {
  const bash = new Bash();
  await bash.exec('X=1; cd /tmp; f() { :; }');
  const r = await bash.exec('echo "[$X]"; pwd; type f >/dev/null 2>&1 && echo hasf || echo nof');
  assert.equal(r.stdout, '[]\n/home/user\nnof\n');
});

test('persistState: true keeps them, as sandsh\'s Shell does', async () => {
  const bash = new Bash({ persistState: true });
  await bash.exec('X=1; mkdir -p /w; cd /w; f() { echo "f $X"; }');
  const r = await bash.exec('f; pwd');
  assert.equal(r.stdout, 'f 1\n/w\n');
  assert.equal(bash.getCwd(), '/w');
});

test('Custom Commands: hello and upper (ctx.stdin is a byte string)', async () => {
  const hello = defineCommand('hello', async (args, ctx) => {
    const name = args[0] || 'world';
    return { stdout: `Hello, ${name}!\n`, stderr: '', exitCode: 0 };
  });
  const upper = defineCommand('upper', async (args, ctx) => {
    return { stdout: decodeBytesToUtf8(ctx.stdin).toUpperCase(), stderr: '', exitCode: 0 };
  });
  const bash = new Bash({ customCommands: [hello, upper] });
  assert.equal((await bash.exec('hello Alice')).stdout, 'Hello, Alice!\n');
  assert.equal((await bash.exec("echo 'test' | upper")).stdout, 'TEST\n');
  assert.equal((await bash.exec("echo 'héllo' | upper")).stdout, 'HÉLLO\n');
  // ctx.env is a Map, ctx.cwd the command's directory.
  const where = defineCommand('where', async (args, ctx) => ({ stdout: `${ctx.cwd} ${ctx.env.get('WHO')}\n`, stderr: '', exitCode: 0 }));
  bash.registerCommand(where);
  assert.equal((await bash.exec('cd /tmp; WHO=me where')).stdout, '/tmp me\n');
});

test('Configuration: files, env, cwd, executionLimits', async () => {
  const env = new Bash({
    files: { '/data/file.txt': 'content' },
    env: { MY_VAR: 'value' },
    cwd: '/app',
    executionLimits: { maxCallDepth: 50 },
  });
  assert.equal((await env.exec('cat /data/file.txt; echo; echo $MY_VAR; pwd')).stdout, 'content\nvalue\n/app\n');
  // Per-exec overrides.
  const r = await env.exec('echo $TEMP; pwd', { env: { TEMP: 'value' }, cwd: '/tmp' });
  assert.equal(r.stdout, 'value\n/tmp\n');
  assert.equal(r.env.TEMP, 'value');
  // stdin.
  assert.equal((await env.exec('cat', { stdin: 'hello from stdin\n' })).stdout, 'hello from stdin\n');
  // A clean environment. (just-bash prints `ONLY=this` alone; bash also gives the program `_`,
  // the path it was run by, and so does sandsh.)
  assert.equal((await env.exec('env', { replaceEnv: true, env: { ONLY: 'this' } })).stdout, 'ONLY=this\n_=/usr/bin/env\n');
  // Arguments without shell escaping. (just-bash 3.4 prints `src//a.ts`; GNU grep and sandsh
  // print `src/a.ts`.)
  await env.exec('mkdir -p src; echo "// TODO: x" > src/a.ts; echo ok > src/b.ts');
  assert.equal((await env.exec('grep', { args: ['-r', 'TODO', 'src/'] })).stdout, 'src/a.ts:// TODO: x\n');
  // Leading whitespace (heredocs) is kept, with or without rawScript.
  assert.equal((await env.exec('cat <<EOF\n  indented\nEOF', { rawScript: true })).stdout, '  indented\n');
  assert.equal((await env.exec('cat <<EOF\n  indented\nEOF')).stdout, '  indented\n');
});

test('Cancel long-running scripts with an AbortSignal', async () => {
  const env = new Bash();
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const r = await env.exec('while true; do sleep 1; done', { signal: controller.signal });
  // just-bash: 124 and "bash: execution aborted"; sandsh: 130, bash's status for an interrupt.
  assert.equal(r.exitCode, 130);
});

test('Timezone: UTC by default, TZ when given', async () => {
  assert.equal((await new Bash().exec('date -d @0 +%Z')).stdout, 'UTC\n');
  assert.equal((await new Bash({ env: { TZ: 'America/New_York' } }).exec('date -d @0 +%Z')).stdout, 'EST\n');
});

test('Filesystem: initial and lazy files', async () => {
  const env = new Bash({
    files: {
      '/data/config.json': '{"key": "value"}',
      '/data/large.csv': () => 'col1,col2\na,b\n',
      '/data/remote.txt': async () => 'fetched\n',
    },
  });
  assert.equal((await env.exec('cat /data/large.csv /data/config.json')).stdout, 'col1,col2\na,b\n{"key": "value"}');
  assert.equal((await env.exec('cat /data/remote.txt')).stdout, 'fetched\n');
});

test('Network is off by default (curl fails)', async () => {
  const r = await new Bash().exec('curl -s https://example.com');
  assert.notEqual(r.exitCode, 0);
  assert.equal(r.stdout, '');
});

test('Execution Protection: recursion and loop limits stop the script', async () => {
  const depth = await new Bash({ executionLimits: { maxCallDepth: 10 } }).exec('f() { f; }; f');
  assert.notEqual(depth.exitCode, 0);
  assert.match(depth.stderr, /function depth \(10\)/);
  const loops = await new Bash({ executionLimits: { maxLoopIterations: 100 } }).exec('while true; do :; done');
  assert.notEqual(loops.exitCode, 0);
  assert.match(loops.stderr, /loop iterations \(100\)/);
});

test('Default layout: /home/user, $HOME, /bin, /usr/bin, /tmp', async () => {
  const r = await new Bash().exec('pwd; echo $HOME; ls -d /bin /usr/bin /tmp');
  assert.equal(r.stdout, '/home/user\n/home/user\n/bin\n/tmp\n/usr/bin\n');
});

test('readFile, writeFile, getCwd', async () => {
  const bash = new Bash();
  await bash.writeFile('/tmp/w.txt', 'written');
  assert.equal(await bash.readFile('/tmp/w.txt'), 'written');
  assert.equal((await bash.exec('cat /tmp/w.txt')).stdout, 'written');
  assert.equal(bash.getCwd(), '/home/user');
});

test('the text tools are the real ones: sed, awk, jq, sort', async () => {
  const bash = new Bash({ files: { '/d/users.json': '[{"name":"Alice","age":31},{"name":"Bob","age":27}]' } });
  const r = await bash.exec(
    "jq -r '.[] | \"\\(.name) \\(.age)\"' /d/users.json | sort -k2 -n | awk '{print NR\": \"$1}' | sed 's/Bob/Robert/'",
  );
  assert.equal(r.stdout, '1: Robert\n2: Alice\n');
});
