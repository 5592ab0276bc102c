# CommonJS: relative files, directories, JSON, node_modules, the cache, and the errors.

#### a relative module and module.exports
cat > math.js <<'JS'
module.exports = { add: (a, b) => a + b, name: __filename.split('/').pop() };
JS
node -e 'const m = require("./math"); console.log(m.add(2, 3), m.name)'

#### exports shorthand and this
cat > e.js <<'JS'
exports.a = 1;
this.b = 2;
console.log(this === module.exports);
JS
node -e 'console.log(require("./e.js"))'

#### a directory with index.js and one with package.json main
mkdir -p lib/util pkg/src
echo 'module.exports = "from index"' > lib/util/index.js
echo '{"main": "src/entry.js"}' > pkg/package.json
echo 'module.exports = "from main"' > pkg/src/entry.js
node -e 'console.log(require("./lib/util"), require("./pkg"))'

#### JSON modules
echo '{"name": "demo", "version": "2.1.0"}' > package.json
node -e 'const pkg = require("./package.json"); console.log(pkg.name, pkg.version)'

#### node_modules lookup from a nested directory
mkdir -p node_modules/leftpad app/deep
echo 'module.exports = (s, n) => String(s).padStart(n, "0")' > node_modules/leftpad/index.js
echo 'console.log(require("leftpad")(7, 3))' > app/deep/run.js
node app/deep/run.js

#### a scoped package with a main file
mkdir -p node_modules/@acme/tool
echo '{"name": "@acme/tool", "main": "main.js"}' > node_modules/@acme/tool/package.json
echo 'exports.hi = () => "hi from acme"' > node_modules/@acme/tool/main.js
node -e 'console.log(require("@acme/tool").hi())'

#### a package with an exports map
mkdir -p node_modules/exp/dist
echo '{"name": "exp", "exports": {".": {"require": "./dist/cjs.js", "import": "./dist/esm.mjs"}, "./sub": "./dist/sub.js"}}' > node_modules/exp/package.json
echo 'module.exports = "cjs entry"' > node_modules/exp/dist/cjs.js
echo 'module.exports = "sub entry"' > node_modules/exp/dist/sub.js
node -e 'console.log(require("exp"), require("exp/sub"))'

#### modules are cached and run once
echo 'console.log("loading"); module.exports = {n: 0}' > once.js
node -e 'const a = require("./once"); a.n++; const b = require("./once"); console.log(a === b, b.n)'

#### require cycles see the partial exports
echo 'exports.name = "a"; const b = require("./b"); exports.seen = b.name; exports.bSawA = b.sawA' > a.js
echo 'exports.name = "b"; exports.sawA = require("./a").name' > b.js
node -e 'console.log(require("./a"))'

#### __dirname and __filename in a file
mkdir -p where
echo 'console.log(require("path").basename(__dirname), require("path").basename(__filename), require.main === module)' > where/w.js
node where/w.js

#### built-ins with and without the node: prefix
node -e 'console.log(require("fs") === require("node:fs"), typeof require("node:events"), typeof require("os").platform, require("module").builtinModules !== undefined)'

#### a missing module is MODULE_NOT_FOUND
node -e 'try { require("./nothere") } catch (e) { console.log(e.code, e.message.split("\n")[0]) }'
node -e 'try { require("no-such-package") } catch (e) { console.log(e.code, e.message.split("\n")[0]) }'

#### require.resolve
mkdir -p rr && echo '' > rr/x.js
node -e 'console.log(require("path").relative(process.cwd(), require.resolve("./rr/x")), require.resolve("fs"), require.resolve("node:path"))'

#### an error thrown while loading is not cached
echo 'throw new Error("load failed")' > bad.js
node -e 'for (let i = 0; i < 2; i++) { try { require("./bad") } catch (e) { console.log(e.message) } }'

#### a JSON syntax error names the file
echo '{"a": }' > broken.json
node -e 'try { require("./broken.json") } catch (e) { console.log(e.name, e.message.includes("broken.json")) }'

#### a script requiring its sibling by relative path from another cwd
mkdir -p proj/src
echo 'module.exports = 41' > proj/src/val.js
echo 'console.log(require("./val") + 1)' > proj/src/main.js
node proj/src/main.js
(cd proj && node src/main.js)
