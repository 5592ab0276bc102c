// The work runs off the JavaScript thread: two shells run at once, the event loop stays free.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Shell, defineCommand } from 'sandsh';

test('two shells run in parallel', async () => {
  const a = new Shell();
  const b = new Shell();
  const t0 = Date.now();
  const [ra, rb] = await Promise.all([a.exec('sleep 0.4; echo a'), b.exec('sleep 0.4; echo b')]);
  const elapsed = Date.now() - t0;
  assert.equal(ra.stdout, 'a\n');
  assert.equal(rb.stdout, 'b\n');
  assert.ok(elapsed < 750, `two 400 ms runs took ${elapsed} ms together`);
});

test('the event loop keeps turning while a script runs', async () => {
  const sh = new Shell();
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  await sh.exec('sleep 0.3');
  clearInterval(timer);
  assert.ok(ticks >= 10, `only ${ticks} ticks during a 300 ms run`);
});

test('calls on one shell queue in order', async () => {
  const sh = new Shell();
  const results = await Promise.all([1, 2, 3, 4, 5].map((i) => sh.exec(`echo ${i} >> /tmp/order; cat /tmp/order | wc -l`)));
  assert.deepEqual(
    results.map((r) => r.stdout.trim()),
    ['1', '2', '3', '4', '5'],
  );
});

test('custom commands of several shells at once', async () => {
  const mk = (tag) =>
    new Shell({
      customCommands: [
        defineCommand('tag', async (args, ctx) => {
          await new Promise((r) => setTimeout(r, 5));
          return { stdout: `${tag}:${Buffer.from(ctx.stdin).toString().trim()}\n` };
        }),
      ],
    });
  const shells = [mk('a'), mk('b'), mk('c')];
  const rs = await Promise.all(shells.map((s) => s.exec('for i in 1 2 3; do echo $i | tag; done')));
  assert.deepEqual(
    rs.map((r) => r.stdout),
    ['a:1\na:2\na:3\n', 'b:1\nb:2\nb:3\n', 'c:1\nc:2\nc:3\n'],
  );
});

test('a process with idle shells exits by itself', async () => {
  const { spawnSync } = await import('node:child_process');
  const code = `
    const { Shell, defineCommand } = require(${JSON.stringify(new URL('..', import.meta.url).pathname)});
    const sh = new Shell({ customCommands: [defineCommand('x', async () => 'x')] });
    sh.exec('x; echo done').then((r) => process.stdout.write(r.stdout));
  `;
  const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', timeout: 20000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'xdone\n');
});

test('shells that are no longer referenced are collected, with their worker threads', async () => {
  const { spawnSync } = await import('node:child_process');
  const code = `
    const { Shell, defineCommand } = require(${JSON.stringify(new URL('..', import.meta.url).pathname)});
    const fs = require('fs');
    (async () => {
      const before = fs.readdirSync('/proc/self/task').length;
      for (let i = 0; i < 40; i++) {
        const s = new Shell({ customCommands: [defineCommand('x', async () => 'x')] });
        await s.exec('x | cat');
      }
      for (let i = 0; i < 10; i++) { global.gc(); await new Promise((r) => setTimeout(r, 20)); }
      console.log(fs.readdirSync('/proc/self/task').length - before);
    })();
  `;
  const r = spawnSync(process.execPath, ['--expose-gc', '-e', code], { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(Number(r.stdout) < 10, `${r.stdout.trim()} threads left after 40 shells`);
});
