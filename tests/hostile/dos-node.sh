# node (issue 42): QuickJS inside the session's limits. Every case runs with --timeout 3 and a
# 256 MiB memory budget; none may crash, hang past the timeout or grow past the budget (the
# engine's heap is charged to it), and none may reach the host.

#### a busy loop ends at the timeout
node -e 'while (true) {}'
## expect: stop

#### a busy loop that catches everything ends at the timeout
node -e 'for (;;) { try { while (true) {} } catch (e) {} finally { continue } }'
## expect: stop

#### an unbounded array of strings stops at the budget
node -e 'let a = []; while (1) a.push("x".repeat(1e7) + a.length)'
## expect: stop
## stderr: max-memory

#### a huge string is refused by the budget
node -e 'const s = "a".repeat(2 ** 29); console.log(s.length)'
## expect: stop

#### a huge buffer is refused by the budget
node -e 'const b = Buffer.alloc(1e9); console.log(b.length)'
## expect: stop
## stderr: max-memory

#### a string doubled until it breaks
node -e 'let s = "ab"; for (;;) s += s'
## expect: stop

#### a promise storm
node -e 'function storm() { return Promise.resolve().then(storm) } storm()'
## expect: stop

#### a promise storm of new promises
node -e 'for (;;) new Promise(() => {})'
## expect: stop

#### a nextTick storm
node -e 'function t() { process.nextTick(t); process.nextTick(t) } t()'
## expect: stop

#### a timer storm
node -e 'function t() { setTimeout(t, 0); setTimeout(t, 0) } t()'
## expect: stop

#### an immediate storm
node -e 'function t() { setImmediate(t) } t()'
## expect: stop

#### deep recursion is a RangeError, not a crash
node -e 'function f(n) { return f(n + 1) + 1 } f(0)'
## expect: stop
## stderr: RangeError

#### deep recursion through getters and toString
node -e 'const o = { toString() { return String(this) } }; String(o)'
## expect: stop

#### a deeply nested value through JSON and inspect
node -e 'let a = []; for (let i = 0; i < 1e6; i++) a = [a]; console.log(JSON.stringify(a).length)'
## expect: stop

#### a deeply nested object logged
node -e 'let a = {}; for (let i = 0; i < 1e6; i++) a = {a}; console.log(require("util").inspect(a, {depth: Infinity}).length)'
## expect: any

#### a regular expression that backtracks for ever
node -e 'console.log(/^(a+)+$/.test("a".repeat(40) + "b"))'
## expect: stop

#### printing for ever into a closed pipe
node -e 'for (;;) console.log("y".repeat(100))' | head -c 10
## expect: any

#### printing for ever past the output limit
node -e 'for (;;) process.stdout.write("y".repeat(1000))'
## expect: stop

#### a process bomb through child_process stays in the session
node -e 'const cp = require("child_process"); for (;;) cp.execSync("node -e \"require(\\\"child_process\\\").execSync(\\\"true\\\")\"")'
## expect: stop

#### a require loop of a module that requires itself anew
echo 'delete require.cache[__filename]; require(__filename)' > /tmp/loop.js
node /tmp/loop.js
## expect: stop

#### writing files until the budget is gone
node -e 'const fs = require("fs"); for (let i = 0; ; i++) fs.writeFileSync("/tmp/f" + i, "x".repeat(1e6))'
## expect: stop

#### the host's files are not there
node -e 'const fs = require("fs"); for (const p of ["/etc/shadow", "/proc/self/environ", "/proc/1/cmdline"]) { try { console.log(fs.readFileSync(p, "utf8")) } catch (e) { console.log(e.code) } } console.log(process.env.SANDSH_HOSTILE_SECRET)'
## expect: any

#### sockets are refused
node -e 'require("net").connect(22, "127.0.0.1")'
## expect: stop
## stderr: not available in the sandbox
