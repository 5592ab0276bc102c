// JavaScript functions as shell commands: in pipes, loops, $(…), with stdin as bytes, errors,
// cancellation while a function is pending, registration at run time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Shell, defineCommand, SandshError } from 'sandsh';

const upper = defineCommand('upper', async (args, ctx) => ({
  stdout: Buffer.from(ctx.stdin).toString('utf8').toUpperCase(),
  stderr: '',
  exitCode: 0,
}));
const hello = defineCommand('hello', async (args) => ({ stdout: `Hello, ${args[0] || 'world'}!\n`, exitCode: 0 }));

test('a custom command runs with its arguments', async () => {
  const sh = new Shell({ customCommands: [hello] });
  assert.equal((await sh.exec('hello Alice')).stdout, 'Hello, Alice!\n');
  assert.equal((await sh.exec('hello')).stdout, 'Hello, world!\n');
});

test('ctx.stdin is the bytes of the command\'s standard input', async () => {
  let seen;
  const grab = defineCommand('grab', async (args, ctx) => {
    seen = ctx.stdin;
    return { stdout: String(ctx.stdin.length) + '\n' };
  });
  const sh = new Shell({ customCommands: [grab] });
  const r = await sh.exec("printf 'a\\377\\n' | grab");
  assert.equal(r.stdout, '3\n');
  assert.ok(seen instanceof Uint8Array);
  assert.deepEqual([...seen], [0x61, 0xff, 0x0a]);
});

test('custom commands work in pipes, loops and command substitution', async () => {
  const sh = new Shell({ customCommands: [upper, hello] });
  assert.equal((await sh.exec("echo 'test' | upper")).stdout, 'TEST\n');
  assert.equal((await sh.exec('hello a | upper | tr A-Z a-z | upper')).stdout, 'HELLO, A!\n');
  assert.equal((await sh.exec('x=$(hello B); echo "[$x]"')).stdout, '[Hello, B!]\n');
  const loop = await sh.exec('for n in 1 2 3; do hello $n; done | upper');
  assert.equal(loop.stdout, 'HELLO, 1!\nHELLO, 2!\nHELLO, 3!\n');
  // A command that declares only `args` leaves stdin to the loop.
  const r = await sh.exec("printf 'x\\ny\\n' | while read v; do hello \"$v\"; done");
  assert.equal(r.stdout, 'Hello, x!\nHello, y!\n');
});

test('ctx carries cwd and the exported environment', async () => {
  const where = defineCommand('where', async (args, ctx) => `${ctx.cwd} ${ctx.env.ANIMAL}\n`);
  const sh = new Shell({ customCommands: [where] });
  const r = await sh.exec('mkdir -p /zoo; cd /zoo; export ANIMAL=okapi; where');
  assert.equal(r.stdout, '/zoo okapi\n');
});

test('exit codes, stderr, thrown errors and plain-string results', async () => {
  const sh = new Shell({
    customCommands: [
      defineCommand('fail', async () => ({ stdout: '', stderr: 'bad thing\n', exitCode: 4 })),
      defineCommand('boom', async () => {
        throw new Error('it broke');
      }),
      defineCommand('plain', async () => 'just text\n'),
      defineCommand('syncfn', (args) => ({ stdout: args.join('+') + '\n' })),
    ],
  });
  let r = await sh.exec('fail; echo "rc=$?"');
  assert.equal(r.stdout, 'rc=4\n');
  assert.equal(r.stderr, 'bad thing\n');
  r = await sh.exec('boom || echo recovered');
  assert.equal(r.stdout, 'recovered\n');
  assert.equal(r.stderr, 'boom: it broke\n');
  assert.equal((await sh.exec('plain')).stdout, 'just text\n');
  assert.equal((await sh.exec('syncfn a b')).stdout, 'a+b\n');
  assert.equal((await sh.exec('if fail 2>/dev/null; then echo y; else echo n; fi')).stdout, 'n\n');
});

test('a command awaiting real asynchronous work (timers, fs)', async () => {
  const fs = await import('node:fs/promises');
  const slow = defineCommand('slow', async (args) => {
    await new Promise((r) => setTimeout(r, 20));
    const text = await fs.readFile(new URL(import.meta.url), 'utf8');
    return { stdout: `${args[0]}:${text.length > 0}\n` };
  });
  const sh = new Shell({ customCommands: [slow] });
  const r = await sh.exec('slow a; slow b | cat; echo $(slow c)');
  assert.equal(r.stdout, 'a:true\nb:true\nc:true\n');
});

test('registerCommand and removeCommand at run time', async () => {
  const sh = new Shell();
  assert.equal((await sh.exec('greet')).exitCode, 127);
  await sh.registerCommand('greet', async (args) => ({ stdout: `hi ${args[0]}\n` }));
  assert.equal((await sh.exec('greet you')).stdout, 'hi you\n');
  assert.match(sh.description(), /greet/);
  assert.equal(await sh.removeCommand('greet'), true);
  assert.equal((await sh.exec('greet')).exitCode, 127);
});

test('aborting a run while a command\'s promise is pending', async () => {
  const never = defineCommand('never', () => new Promise(() => {}));
  const sh = new Shell({ customCommands: [never] });
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 50);
  const r = await sh.exec('never; echo unreachable', { signal: ac.signal });
  assert.equal(r.exitCode, 130);
  assert.equal(r.stdout, '');
});

test('a command cannot call back into its own shell (it would wait for itself)', async () => {
  let error;
  const sh = new Shell({
    customCommands: [
      defineCommand('reenter', async () => {
        try {
          await sh.exec('echo inner');
        } catch (e) {
          error = e;
        }
        return { stdout: 'outer\n' };
      }),
    ],
  });
  const other = new Shell();
  const sh2 = new Shell({
    customCommands: [defineCommand('viaother', async () => (await other.exec('echo from-other')).stdout)],
  });
  assert.equal((await sh.exec('reenter')).stdout, 'outer\n');
  assert.ok(error instanceof SandshError);
  assert.equal((await sh2.exec('viaother')).stdout, 'from-other\n');
});
