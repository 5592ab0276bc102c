# Uncaught exceptions and rejections: printed as Node prints them (the stack frames aside,
# which name Node's internals), status 1.

#### a thrown error at the top level
node -e 'throw new Error("top level")' 2>&1 | grep -v '^    at '; echo "status ${PIPESTATUS[0]}"

#### a thrown TypeError inside a function
node -e 'function check(x) { if (typeof x !== "number") throw new TypeError("not a number: " + x) } check("a")' 2>&1 | grep -v '^    at '; echo "status ${PIPESTATUS[0]}"

#### an error in a script file points at its line
printf 'const a = 1;\nthrow new Error("from file");\n' > thrower.js
node thrower.js 2>&1 | grep -v '^    at ' | sed "s|^$PWD/||"; echo "status ${PIPESTATUS[0]}"

#### an error in a timer callback
node -e 'setTimeout(() => { throw new Error("in timer") }, 1)' 2>&1 | grep -v '^    at '; echo "status ${PIPESTATUS[0]}"

#### an unhandled rejection with an Error
node -e 'Promise.reject(new Error("async fail"))' 2>&1 | grep -v '^    at '; echo "status ${PIPESTATUS[0]}"

#### an unhandled rejection of a string
node -e 'Promise.reject("just a string")' 2>&1 | grep -v '^    at '; echo "status ${PIPESTATUS[0]}"

#### an async function that throws
node -e 'async function main() { throw new RangeError("async range") } main()' 2>&1 | grep -E '^[A-Za-z]+Error'; echo "status ${PIPESTATUS[0]}"

#### output before the error is kept
node -e 'console.log("before"); throw new Error("after")' 2>/dev/null; echo "status $?"

#### a caught error does not change the status
node -e 'try { throw new Error("x") } catch (e) { console.log("caught", e.message) }'; echo "status $?"

#### uncaughtException handler
node -e 'process.on("uncaughtException", (e) => { console.log("handled", e.message) }); setTimeout(() => console.log("still alive"), 1); throw new Error("boom")'; echo "status $?"

#### unhandledRejection handler
node -e 'process.on("unhandledRejection", (r) => console.log("rejection:", r)); Promise.reject(7)'; echo "status $?"

#### a rejection handled later in the same tick is fine
node -e 'const p = Promise.reject(new Error("late")); Promise.resolve().then(() => p.catch(e => console.log("caught", e.message)))'; echo "status $?"

#### errors have name, message and a stack starting with them
node -e 'try { JSON.parse("{bad") } catch (e) { console.log(e.name, e instanceof SyntaxError, e.stack.split("\n")[0].startsWith("SyntaxError: ")) }'
node -e 'class MyError extends Error { constructor(m) { super(m); this.name = "MyError" } }; try { throw new MyError("mine") } catch (e) { console.log(String(e), e instanceof Error, e.stack.split("\n")[0]) }'

#### error causes
node -e 'const e = new Error("outer", { cause: new Error("inner") }); console.log(e.cause.message)'

#### an EventEmitter error event without a listener throws
node -e 'const E = require("events"); try { new E().emit("error", new Error("emitted")) } catch (e) { console.log("thrown:", e.message) }'

#### a thrown object prints with inspect
node -e 'throw {code: 42}' 2>&1 | tail -4; echo "status ${PIPESTATUS[0]}"

#### deep recursion is a RangeError
node -e 'function f(n) { return f(n + 1) + 1 } try { f(0) } catch (e) { console.log(e instanceof RangeError, e.message) }'

#### the engine's errors in V8's words
node -e 'for (const f of [() => { undefinedVar }, () => { null.x }, () => { undefined.x = 1 }, () => { x; let x }]) { try { f() } catch (e) { console.log(`${e.name}: ${e.message}`) } }'
