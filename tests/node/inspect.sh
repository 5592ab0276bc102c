# console.log of values: what util.inspect prints for the shapes scripts log.

#### primitives at the top level and inside arrays
node -e 'console.log(1, -0, 1.5, NaN, Infinity, true, null, undefined, 10n)'
node -e 'console.log([1, -0, "s", true, null, undefined, 10n, Symbol("x")])'

#### strings inside containers are quoted
node -e 'console.log(["plain", "it'"'"'s", "say \"hi\"", "both '"'"' and \"", "tab\there", "new\nline"])'

#### nested objects stop at depth 2
node -e 'console.log({a: {b: {c: {d: {e: 1}}}}})'
node -e 'console.log([[1, [2, [3, [4, [5]]]]]])'

#### keys that are not identifiers are quoted
node -e 'console.log({"a-b": 1, "c d": 2, valid_id: 3, 1: 4, "": 5})'

#### long objects break over lines
node -e 'console.log({alpha: "aaaaaaaaaaaaaaaaaaaa", beta: "bbbbbbbbbbbbbbbbbbbb", gamma: "cccccccccccccccccccc"})'
node -e 'console.log({name: "my-package", version: "1.0.0", scripts: {build: "tsc", test: "jest --coverage"}, dependencies: {lodash: "^4.17.21"}})'

#### arrays of more than six numbers are grouped in columns
node -e 'console.log([1,2,3,4,5,6,7,8,9,10])'
node -e 'console.log(Array.from({length: 30}, (_, i) => i * i))'
node -e 'console.log(Array.from({length: 120}, (_, i) => i))'

#### arrays of strings are grouped too
node -e 'console.log(["apple", "banana", "cherry", "date", "elderberry", "fig", "grape", "honeydew"])'

#### Map and Set
node -e 'console.log(new Map([["a", 1], ["b", {c: 2}]]), new Set([1, "two", [3]]), new Map(), new Set())'

#### functions and classes
node -e 'class Foo {}; class Bar extends Foo {}; console.log(function named() {}, () => {}, Foo, Bar, async function af() {}, function* gen() {})'

#### class instances show their class
node -e 'class Point { constructor() { this.x = 1; this.y = 2 } }; class Empty {}; console.log(new Point(), new Empty(), [new Point()])'

#### null-prototype objects
node -e 'const o = Object.create(null); o.a = 1; console.log(o, Object.create(null))'

#### circular references
node -e 'const a = {name: "a"}; a.self = a; const b = [1]; b.push(b); console.log(a, b)'

#### Dates and RegExps
node -e 'console.log(new Date(0), [new Date(86400000)], /ab+c/gi, {r: /x/})'

#### sparse arrays and extra properties
node -e 'const a = [1, , 3]; a.length = 6; console.log(a); const b = [1, 2]; b.extra = true; console.log(b)'

#### getters and symbols as keys
node -e 'const o = {get g() { return 1 }, set s(v) {}, get gs() { return 1 }, set gs(v) {}, [Symbol("k")]: 2}; console.log(o)'

#### boxed primitives
node -e 'console.log([new Number(3), new String("ab"), new Boolean(false)])'

#### errors inside objects keep their first line
node -e 'const e = new RangeError("out"); console.log({e}.e.message, String(e), Object.prototype.toString.call(e))'

#### an error with extra properties
node -e 'const e = new Error("boom"); e.code = "E_BOOM"; e.status = 7; console.log(require("util").inspect(e).split("\n").filter(l => !l.startsWith("    at ")).join("\n"))'

#### util.inspect options
node -e 'const util = require("util"); const o = {a: {b: {c: {d: 1}}}}; console.log(util.inspect(o, {depth: 0})); console.log(util.inspect(o, {depth: null})); console.log(util.inspect(o, false, 1)); console.log(util.inspect("str"))'
node -e 'console.log(require("util").inspect({a: 1, b: [1, 2, 3]}, {compact: false}))'
node -e 'console.log(require("util").inspect({a: [1, 2, 3], b: "x"}, {breakLength: Infinity}))'

#### a custom inspect function
node -e 'class Money { constructor(v) { this.v = v } [Symbol.for("nodejs.util.inspect.custom")]() { return `Money<${this.v}>` } }; console.log(new Money(5), [new Money(1)])'

#### long strings in objects are split at newlines
node -e 'console.log({text: "line one is long enough\nline two is long enough too\nand a third line here"})'

#### typed arrays and buffers
node -e 'console.log(new Uint8Array([1, 2, 3]), Buffer.from("hi"), new Float64Array(2), new ArrayBuffer(3))'

#### objects with many short keys fit on one line
node -e 'console.log({a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8})'

#### nested arrays of objects
node -e 'console.log([{id: 1, tags: ["a", "b"]}, {id: 2, tags: []}])'
node -e 'console.log({users: [{name: "alice", roles: ["admin", "dev"]}, {name: "bob", roles: ["dev"]}]})'

#### console.error and console.warn go to stderr
node -e 'console.error("to err", {a: 1}); console.warn("warned"); console.log("to out")' 2>/dev/null
node -e 'console.error("to err", {a: 1}); console.warn("warned")' 2>&1 >/dev/null

#### console.dir, console.info, console.debug
node -e 'console.dir({a: {b: {c: {d: 1}}}}, {depth: 0}); console.info("info"); console.debug("debug")'

#### console.group indents
node -e 'console.group("outer"); console.log("inside"); console.group(); console.log({a: 1}); console.groupEnd(); console.groupEnd(); console.log("out")'

#### console.count and console.assert
node -e 'console.count(); console.count(); console.count("x"); console.assert(1 === 1, "fine"); console.assert(false, "failed %s", "here")' 2>&1

#### console.table
node -e 'console.table([{a: 1, b: "x"}, {a: 2, c: true}])'
