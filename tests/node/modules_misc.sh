# Buffer, events, util, os, assert, url, crypto, child_process, readline.

#### Buffer encodings
node -e 'const b = Buffer.from("héllo wörld"); console.log(b.length, b.toString("hex"), b.toString("base64"), Buffer.from(b.toString("base64"), "base64").toString(), Buffer.from("68690a", "hex").toString())'
node -e 'console.log(Buffer.from("aGk=", "base64").toString(), Buffer.from([0xfb, 0xff]).toString("base64url"), Buffer.from("é", "latin1"), Buffer.byteLength("héllo"), Buffer.byteLength("héllo", "latin1"))'

#### Buffer methods
node -e 'const b = Buffer.concat([Buffer.from("ab"), Buffer.alloc(2, "z"), Buffer.from([1])]); console.log(b, b.slice(1, 3).toString(), b.indexOf("z"), b.includes("q"), b.equals(Buffer.from("abzz\x01")), Buffer.compare(Buffer.from("a"), Buffer.from("b")), b.toJSON())'
node -e 'const b = Buffer.alloc(8); b.writeUInt32BE(0xdeadbeef, 0); b.writeInt16LE(-2, 4); console.log(b, b.readUInt32BE(0).toString(16), b.readInt16LE(4), Buffer.isBuffer(b), Buffer.isBuffer("x"))'

#### EventEmitter basics
node -e 'const E = require("events"); const e = new E(); e.on("x", (a, b) => console.log("x", a, b)); e.once("x", () => console.log("once")); e.prependListener("x", () => console.log("first")); e.emit("x", 1, 2); e.emit("x", 3, 4); console.log(e.listenerCount("x"), e.eventNames())'
node -e 'const E = require("events"); class Job extends E { run() { this.emit("done", "ok") } }; const j = new Job(); j.on("done", r => console.log("done:", r)); j.run(); const f = () => console.log("removed"); j.on("y", f); j.off("y", f); console.log(j.emit("y"))'

#### util helpers
node -e 'const util = require("util"); console.log(util.isDeepStrictEqual({a: [1, {b: 2}]}, {a: [1, {b: 2}]}), util.isDeepStrictEqual([1], ["1"]), util.types.isDate(new Date()), util.types.isPromise(Promise.resolve()), typeof util.inspect.custom)'
node -e 'const util = require("util"); function A() {} function B() {} util.inherits(B, A); console.log(new B() instanceof A, B.super_ === A)'

#### os in the sandbox
node -e 'const os = require("os"); console.log(os.EOL === "\n", os.platform(), os.type(), typeof os.cpus().length, typeof os.totalmem(), os.endianness())'

#### assert
node -e 'const assert = require("assert"); assert(true); assert.strictEqual(1, 1); assert.deepStrictEqual({a: [1]}, {a: [1]}); try { assert.strictEqual(1, 2) } catch (e) { console.log(e.code, e.name, JSON.stringify(e.message)) } try { assert.ok(0, "custom message") } catch (e) { console.log(e.message) } assert.throws(() => { throw new TypeError("t") }, TypeError); console.log("asserts done")'

#### URL and URLSearchParams
node -e 'const u = new URL("https://user:pw@example.com:8080/a/b/../c?x=1&y=two#frag"); console.log(u.href, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin, u.searchParams.get("y"))'
node -e 'const u = new URL("/path?q=a b", "http://example.com"); u.searchParams.append("z", "1&2"); console.log(u.toString()); const p = new URLSearchParams({a: "1", b: "x y"}); p.sort(); console.log(p.toString(), [...p.keys()])'
node -e 'const {fileURLToPath, pathToFileURL} = require("url"); console.log(fileURLToPath("file:///tmp/a%20b.txt"), pathToFileURL("/tmp/x y.js").href)'

#### crypto hashes and random values
node -e 'const c = require("crypto"); console.log(c.createHash("sha256").update("abc").digest("hex")); console.log(c.createHash("md5").update("a").update("bc").digest("base64")); console.log(c.createHmac("sha256", "key").update("data").digest("hex")); console.log(c.randomBytes(8).length, /^[0-9a-f-]{36}$/.test(c.randomUUID()), c.createHash("sha1").update(Buffer.from("x")).digest().length)'

#### child_process runs commands
node -e 'const cp = require("child_process"); console.log(cp.execSync("echo hello && echo err >&2", {stdio: "pipe"}).toString().trim()); const r = cp.spawnSync("sh", ["-c", "echo out; exit 3"], {encoding: "utf8"}); console.log(r.status, JSON.stringify(r.stdout)); try { cp.execSync("exit 2", {stdio: "pipe"}) } catch (e) { console.log("failed with", e.status) }'
printf 'b\na\n' > unsorted
node -e 'console.log(require("child_process").execSync("sort unsorted", {encoding: "utf8"}))'
node -e 'require("child_process").exec("echo async-exec", (err, out) => console.log(err, out.trim()))'

#### readline over stdin
printf 'one\ntwo\nthree\n' | node -e 'const rl = require("readline").createInterface({input: process.stdin}); let n = 0; rl.on("line", (l) => console.log(++n, l)); rl.on("close", () => console.log("closed"))'
printf 'x\ny\n' | node -e 'const rl = require("readline").createInterface({input: process.stdin, crlfDelay: Infinity}); (async () => { for await (const line of rl) console.log("got", line) })()'

#### process.stdin as a stream
printf 'streamed input\n' | node -e 'let d = ""; process.stdin.setEncoding("utf8"); process.stdin.on("data", c => d += c); process.stdin.on("end", () => console.log(JSON.stringify(d)))'
printf 'a\nb\n' | node -e '(async () => { const chunks = []; for await (const c of process.stdin) chunks.push(c); console.log(Buffer.concat(chunks).toString().split("\n").length) })()'

#### fs.readFileSync(0) and /dev/stdin
printf '{"k": [1, 2]}' | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).k)'
printf 'dev stdin\n' | node -e 'console.log(require("fs").readFileSync("/dev/stdin", "utf8").trim())'
node -e 'console.log(JSON.stringify(require("fs").readFileSync(0, "utf8")))' < /dev/null

#### node in a pipeline
seq 1 5 | node -e 'const n = require("fs").readFileSync(0, "utf8").trim().split("\n").map(Number); console.log(n.reduce((a, b) => a + b))' | cat
node -e 'for (let i = 0; i < 3; i++) console.log("line", i)' | grep -c line

#### TextEncoder, TextDecoder, atob, btoa, structuredClone
node -e 'console.log(new TextEncoder().encode("hé"), new TextDecoder().decode(new Uint8Array([104, 195, 169])), btoa("hi"), atob("aGk="), structuredClone({a: [1, {b: 2}]}))'

#### string_decoder keeps split characters
node -e 'const {StringDecoder} = require("string_decoder"); const d = new StringDecoder("utf8"); const b = Buffer.from("é"); console.log(JSON.stringify(d.write(b.subarray(0, 1))), d.write(b.subarray(1)), d.end())'

#### querystring
node -e 'const qs = require("querystring"); console.log(qs.parse("a=1&b=x%20y"), qs.stringify({c: "d e", f: 2}))'

