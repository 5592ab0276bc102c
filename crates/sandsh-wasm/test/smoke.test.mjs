// The browser build, run in Node: `scripts/build-wasm` first (it writes pkg/node/), then
// `node --test crates/sandsh-wasm/test/`. Every expectation was checked against bash 5.2 and the
// GNU tools on the host, except the messages that are sandsh's own (limits, the build's
// left-out commands).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { Shell } = require("../pkg/node/sandsh_wasm.js");

const sh = new Shell();
const run = (script) => sh.exec(script);

test("a pipeline of two stages", () => {
  const r = run("echo hi | cat");
  assert.equal(r.stdout, "hi\n");
  assert.equal(r.exitCode, 0);
});

test("a pipeline that passes more than a pipe buffer on", () => {
  const r = run("seq 100000 | sort -rn | head -3");
  assert.equal(r.stdout, "100000\n99999\n99998\n");
  assert.equal(r.exitCode, 0);
});

test("endless writers end on the broken pipe", () => {
  assert.equal(run("yes | head -n 1").stdout, "y\n");
  assert.equal(run("seq inf | head -n 3").stdout, "1\n2\n3\n");
  assert.equal(run("cat /dev/urandom | head -c 10 | wc -c").stdout, "10\n");
});

test("files persist between runs, and through writeFile/readFile", () => {
  assert.equal(run("printf 'a\\nb\\n' > f; wc -l < f").stdout, "2\n");
  assert.equal(run("cat f").stdout, "a\nb\n");
  sh.writeFile("/tmp/in.txt", "x y\n");
  assert.equal(run("cat /tmp/in.txt").stdout, "x y\n");
  assert.deepEqual(Buffer.from(sh.readFile("f")).toString(), "a\nb\n");
});

test("jq, awk and sed", () => {
  assert.equal(run(`echo '{"a":[1,2,3]}' | jq -c '.a | map(.*2)'`).stdout, "[2,4,6]\n");
  assert.equal(run(`printf '1 2\\n3 4\\n' | awk '{s+=$2} END {print s}'`).stdout, "6\n");
  assert.equal(run("echo hello | sed 's/l/L/g'").stdout, "heLLo\n");
});

test("a command left out of this build is refused by name, and listed by help", () => {
  const r = run("python3 -c 'print(1)'");
  assert.equal(r.exitCode, 127);
  assert.match(r.stderr, /python3: command not in this build: not in the browser build/);
  assert.equal(r.stdout, "");
  const help = run("help").stdout;
  assert.match(help, /not in this build/);
  for (const name of ["python3", "node", "sqlite3", "git"]) {
    assert.match(help, new RegExp(`\\n  ${name} +not in the browser build`));
  }
});

test("a runaway loop stops at the loop limit", () => {
  const limited = new Shell({ limits: { maxLoopIterations: 10000 } });
  const r = limited.exec("while :; do :; done; echo after");
  assert.equal(r.exitCode, 125);
  assert.equal(r.error, "limit_exceeded");
  assert.match(r.stderr, /limit exceeded: loop iterations \(10000\); raise with --max-loop-iterations/);
  assert.equal(r.stdout, "");
});

test("a runaway loop stops at the timeout, on the page's clock", () => {
  const timed = new Shell({ timeout: 200 });
  const start = performance.now();
  const r = timed.exec("while :; do :; done");
  const took = performance.now() - start;
  assert.equal(r.exitCode, 124);
  assert.equal(r.error, "timeout");
  assert.match(r.stderr, /timed out after/);
  assert.ok(took < 5000, `took ${took} ms`);
});

test("sleep waits on the page's clock", () => {
  const start = performance.now();
  const r = run("sleep 0.2; echo done");
  const took = performance.now() - start;
  assert.equal(r.stdout, "done\n");
  assert.ok(took >= 190 && took < 3000, `took ${took} ms`);
});

test("a stage that would wait for one suspended beneath it fails loudly", () => {
  // 17 MiB passed to a reader that needs all of it: more than a pipe holds without threads.
  const r = run("head -c 17825792 /dev/zero | sort | wc -c");
  assert.notEqual(r.stderr, "");
  assert.match(r.stderr, /would wait forever/);
});
