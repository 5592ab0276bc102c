# Timers, promises and async functions, in Node's order.

#### setTimeout ordering by delay (delays far apart: a loaded host can stall between two calls)
node -e 'setTimeout(() => console.log("200"), 200); setTimeout(() => console.log("100"), 100); setTimeout(() => console.log("0"), 0); console.log("sync")'

#### setInterval and clearInterval
node -e 'let n = 0; const t = setInterval(() => { console.log("tick", ++n); if (n === 3) clearInterval(t) }, 2)'

#### clearTimeout cancels
node -e 'const t = setTimeout(() => console.log("never"), 5); clearTimeout(t); setTimeout(() => console.log("kept"), 10)'

#### async and await
node -e 'const sleep = ms => new Promise(r => setTimeout(r, ms)); (async () => { console.log("start"); await sleep(5); console.log("after sleep"); const v = await Promise.all([1, Promise.resolve(2), sleep(1).then(() => 3)]); console.log(v) })()'

#### microtasks and ticks inside timers
node -e 'setTimeout(() => { console.log("t1"); Promise.resolve().then(() => console.log("p in t1")); process.nextTick(() => console.log("tick in t1")) }, 0); setTimeout(() => console.log("t2"), 0)'

#### setImmediate after I/O-free timers
node -e 'setImmediate(() => { console.log("imm1"); setImmediate(() => console.log("imm3")); process.nextTick(() => console.log("tick")) }); setImmediate(() => console.log("imm2"))'

#### promise chains and rejection handling
node -e 'Promise.reject(new Error("bad")).catch(e => console.log("caught", e.message)).finally(() => console.log("finally")); Promise.allSettled([Promise.resolve(1), Promise.reject(2)]).then(r => console.log(r))'

#### await in a loop
node -e '(async () => { for (const x of [1, 2, 3]) { await null; console.log(x) } console.log("done") })()'

#### a timer keeps the process alive, unref does not
node -e 'setTimeout(() => console.log("unref never runs"), 50).unref(); setTimeout(() => console.log("ref runs"), 5)'

#### promisified setTimeout
node -e 'const { setTimeout: wait } = require("timers/promises"); wait(5, "value").then(v => console.log(v))'

#### util.promisify of a callback API
echo content > f.txt
node -e 'const util = require("util"), fs = require("fs"); util.promisify(fs.readFile)("f.txt", "utf8").then(d => console.log(d.trim()))'

#### queueMicrotask and Promise ordering
node -e 'queueMicrotask(() => console.log("micro")); Promise.resolve().then(() => console.log("then")); process.nextTick(() => console.log("tick")); console.log("sync")'

#### an async iterator
node -e 'async function* gen() { yield 1; await null; yield 2 } (async () => { for await (const v of gen()) console.log(v) })()'

#### event emitter with once
node -e 'const {EventEmitter, once} = require("events"); const e = new EventEmitter(); once(e, "ready").then(([v]) => console.log("ready", v)); setTimeout(() => e.emit("ready", 42), 1)'
