# ES modules: .mjs files, "type": "module" packages, import of node: built-ins, relative
# files, CommonJS and JSON, top-level await, import.meta, dynamic import().

#### an .mjs file importing built-ins
cat > main.mjs <<'JS'
import fs from 'node:fs';
import { join, basename } from 'path';
import * as os from 'os';
fs.writeFileSync('esm.txt', 'written by esm\n');
console.log(basename(join('a', 'b.txt')), typeof os.platform, fs.readFileSync('esm.txt', 'utf8').trim());
JS
node main.mjs

#### named and default exports between modules
cat > lib.mjs <<'JS'
export const answer = 42;
export function double(x) { return x * 2; }
export default class Greeter { hi(n) { return `hi ${n}`; } }
JS
cat > use.mjs <<'JS'
import Greeter, { answer, double } from './lib.mjs';
import * as all from './lib.mjs';
console.log(answer, double(answer), new Greeter().hi('esm'), Object.keys(all).sort());
JS
node use.mjs

#### top-level await
cat > tla.mjs <<'JS'
const wait = (ms, v) => new Promise(r => setTimeout(() => r(v), ms));
console.log('before');
const v = await wait(5, 'awaited');
console.log(v);
const { readFile } = await import('node:fs/promises');
await readFile('nope').catch(e => console.log(e.code));
JS
node tla.mjs

#### a package with type module
mkdir -p pkg && cd pkg
echo '{"type": "module"}' > package.json
echo 'export const name = "typed";' > a.js
echo 'import { name } from "./a.js"; console.log(name, import.meta.url.startsWith("file:///"), import.meta.url.endsWith("/pkg/b.js"));' > b.js
node b.js

#### importing CommonJS and JSON from ESM
echo 'module.exports = { add: (a, b) => a + b, label: "cjs" };' > cjs.cjs
echo '{"version": "3.2.1"}' > data.json
cat > mix.mjs <<'JS'
import cjs, { add } from './cjs.cjs';
import { createRequire } from 'module';
const require = createRequire(import.meta.url);
const data = require('./data.json');
console.log(cjs.label, add(2, 3), data.version);
JS
node mix.mjs

#### import.meta and the module scope
cat > meta.mjs <<'JS'
import { fileURLToPath } from 'url';
import path from 'path';
const file = fileURLToPath(import.meta.url);
console.log(path.basename(file), typeof require, typeof module, this === undefined);
JS
node meta.mjs

#### an error thrown in a module
echo 'throw new Error("module failed");' > bad.mjs
node bad.mjs 2>&1 | grep -E '^Error'; echo "status ${PIPESTATUS[0]}"

#### a missing import fails
echo 'import "./missing.mjs";' > miss.mjs
node miss.mjs 2>/dev/null; echo "status $?"

#### dynamic import from CommonJS
echo 'export const v = "dynamic";' > dyn.mjs
node -e 'import("./dyn.mjs").then(m => console.log(m.v))'

#### input-type module
node --input-type=module -e 'import { sep } from "path"; console.log(sep, await Promise.resolve(5))'

#### node: named imports of fs functions
printf 'x\n' > in.txt
cat > named.mjs <<'JS'
import { readFileSync, existsSync } from 'fs';
import { EventEmitter } from 'events';
import { promisify } from 'node:util';
console.log(readFileSync('in.txt', 'utf8').trim(), existsSync('in.txt'), typeof EventEmitter, typeof promisify);
JS
node named.mjs
