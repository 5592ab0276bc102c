# More shapes console.log prints, one script each (a heredoc on stdin).

#### promise states
node <<'JS'
console.log(Promise.resolve(1), Promise.reject(new Error('r')).catch(()=>{}) && 0, new Promise(()=>{}));
JS

#### a rejected promise
node <<'JS'
const p = Promise.reject(3); p.catch(()=>{}); console.log(p);
JS

#### weak collections and symbols
node <<'JS'
console.log(new WeakMap(), new WeakSet(), Symbol.iterator, [Symbol('a')]);
JS

#### class instances with static and private fields
node <<'JS'
class A { static s = 1; #priv = 2; pub = 3; get g() { return 1 } }
JS

#### a custom toStringTag
node <<'JS'
console.log(new A(), A, {A});
JS

#### errors in containers
node <<'JS'
console.log({ [Symbol.toStringTag]: 'Custom', a: 1 });
JS

#### proxies
node <<'JS'
console.log([new Error('in array')].length, { e: new RangeError('x') }.e instanceof Error);
JS

#### functions with properties
node <<'JS'
console.log(new Proxy({a: 1}, {}), new Proxy([1,2], {}));
JS

#### number formatting
node <<'JS'
console.log(Object.assign(() => {}, {prop: 1}), Object.assign(function f() {}, {a: 'b'}));
JS

#### keys with quotes and newlines
node <<'JS'
console.log([1.5, -2.25, 1e21, 1e-7, 0.1 + 0.2]);
JS

#### empty slots and filled arrays
node <<'JS'
console.log({ 'key with \'quote': 1, "x\ny": 2 });
JS

#### globals
node <<'JS'
console.log(new Array(5), new Array(200).fill(0).length, [,'a'], Array(3).fill({}));
JS

#### a long string in an array
node <<'JS'
console.log(process.argv.length > 0, typeof globalThis, typeof window);
JS

#### nesting past the depth
node <<'JS'
console.log([ 'a'.repeat(100) ]);
JS

#### sets of arrays and maps
node <<'JS'
console.log({ nested: { arr: [ [1, 2, [3, 4, [5]]] ] } });
JS

#### null, undefined and holes
node <<'JS'
console.log(new Set([[1, 2], { a: new Map([[{ k: 1 }, [1]]]) }]));
JS

#### a buffer longer than 50 bytes
node <<'JS'
console.log([null, undefined, , 0]);
JS

#### dates valid and invalid
node <<'JS'
console.log(Buffer.alloc(60));
JS

#### inherited and prototype objects
node <<'JS'
console.log(new Date('invalid'), [new Date('2020-01-01T00:00:00Z')]);
JS

#### bound functions, Math and JSON
node <<'JS'
console.log(Object.create({ inherited: 1 }), Object.create(Array.prototype));
JS

#### zeros and bigints
node <<'JS'
console.log(function () {}.bind(null), Math, JSON, globalThis === global);
JS

#### %s of a symbol
node <<'JS'
console.log(-0, [-0], 0n, [-1n], 123456789012345678901234567890n);
JS

#### error messages and String of errors
node <<'JS'
console.log('%s|%s', 'a'.repeat(3), Symbol('sym'));
JS

#### arrays of functions and classes
node <<'JS'
console.log(new Error('top').message, String(new TypeError('t')));
JS

#### nested arrays and objects at depth
node <<'JS'
console.log([function namedFn() {}, class {}, Symbol(), async () => {}, function* () {}]);
JS
