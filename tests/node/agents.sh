# The scripts agents write: package.json bumps, JSON transforms, text processing, reports.

#### bump the patch version of package.json
cat > package.json <<'J'
{
  "name": "web-app",
  "version": "1.4.9",
  "private": true,
  "scripts": {
    "build": "vite build"
  }
}
J
node -e "const fs=require('fs');const p=JSON.parse(fs.readFileSync('package.json','utf8'));const [a,b,c]=p.version.split('.').map(Number);p.version=[a,b,c+1].join('.');fs.writeFileSync('package.json',JSON.stringify(p,null,2)+'\n');console.log(p.version)"
cat package.json

#### add a dependency and sort the keys
echo '{"dependencies": {"zod": "^3.0.0", "axios": "^1.6.0"}}' > package.json
node -e '
const fs = require("fs");
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
pkg.dependencies.express = "^4.18.2";
pkg.dependencies = Object.fromEntries(Object.entries(pkg.dependencies).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
'
cat package.json

#### transform a JSON array from stdin
echo '[{"name":"a","score":3},{"name":"b","score":9},{"name":"c","score":5}]' | node -e '
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
const top = data.filter(d => d.score > 4).sort((x, y) => y.score - x.score).map(d => d.name);
console.log(JSON.stringify(top));
'

#### group and count with reduce
printf 'error\nwarn\nerror\ninfo\nerror\nwarn\n' > levels.txt
node -e '
const lines = require("fs").readFileSync("levels.txt", "utf8").trim().split("\n");
const counts = lines.reduce((m, l) => (m[l] = (m[l] || 0) + 1, m), {});
console.log(counts);
for (const [k, v] of Object.entries(counts).sort((a, b) => b[1] - a[1])) console.log(`${k}\t${v}`);
'

#### a CSV to JSON converter script
cat > csv2json.js <<'JS'
const fs = require('fs');
const [,, file] = process.argv;
const [header, ...rows] = fs.readFileSync(file, 'utf8').trim().split('\n').map(l => l.split(','));
const out = rows.map(r => Object.fromEntries(header.map((h, i) => [h, isNaN(r[i]) ? r[i] : Number(r[i])])));
console.log(JSON.stringify(out, null, 2));
JS
printf 'id,name,price\n1,pen,1.5\n2,book,12\n' > items.csv
node csv2json.js items.csv

#### walk a directory tree and total the sizes
mkdir -p src/components src/utils
printf 'aaaa' > src/index.js; printf 'bb' > src/components/Button.jsx; printf 'cccccc' > src/utils/fmt.js
node -e '
const fs = require("fs"), path = require("path");
function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(d => d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]);
}
const files = walk("src");
for (const f of files) console.log(f, fs.statSync(f).size);
console.log("total", files.reduce((n, f) => n + fs.statSync(f).size, 0));
'

#### rewrite a config value in a text file
printf 'PORT=3000\nHOST=localhost\nDEBUG=false\n' > .env
node -e 'const fs = require("fs"); fs.writeFileSync(".env", fs.readFileSync(".env", "utf8").replace(/^PORT=.*$/m, "PORT=8080"))'
cat .env

#### parse an .env file into an object
printf '# comment\nA=1\nB="two words"\n\nC=x=y\n' > .env
node -e '
const env = {};
for (const line of require("fs").readFileSync(".env", "utf8").split("\n")) {
  const m = line.match(/^([A-Z_]+)=(.*)$/);
  if (m) env[m[1]] = m[2].replace(/^"|"$/g, "");
}
console.log(env);
'

#### merge two JSON files
echo '{"a": 1, "nested": {"x": 1}}' > base.json
echo '{"b": 2, "nested": {"y": 2}}' > over.json
node -e 'const r = f => JSON.parse(require("fs").readFileSync(f)); const a = r("base.json"), b = r("over.json"); console.log(JSON.stringify({...a, ...b, nested: {...a.nested, ...b.nested}}))'

#### generate files from a template
node -e '
const fs = require("fs");
fs.mkdirSync("gen", { recursive: true });
for (const name of ["alpha", "beta"]) fs.writeFileSync(`gen/${name}.js`, `export const ${name} = "${name.toUpperCase()}";\n`);
console.log(fs.readdirSync("gen"));
'
cat gen/alpha.js gen/beta.js

#### a script with a usage error
cat > tool.js <<'JS'
const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: tool.js NAME');
  process.exit(64);
}
console.log(`hello ${args[0]}`);
JS
node tool.js world
node tool.js 2>/dev/null; echo "status $?"

#### tsconfig-style JSON with comments stripped
printf '{\n  // comment\n  "compilerOptions": {"strict": true}\n}\n' > tsconfig.json
node -e 'const t = require("fs").readFileSync("tsconfig.json", "utf8").replace(/^\s*\/\/.*$/mg, ""); console.log(JSON.parse(t).compilerOptions.strict)'

#### word frequencies from a pipeline
printf 'the cat and the hat and the bat\n' | node -e 'const words = require("fs").readFileSync("/dev/stdin", "utf8").split(/\s+/).filter(Boolean); const f = new Map(); for (const w of words) f.set(w, (f.get(w) || 0) + 1); console.log([...f].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3))'

#### JSON.stringify shapes
node -e 'console.log(JSON.stringify({a: [1, {b: 2}], c: "x"}, null, 2)); console.log(JSON.stringify({d: new Date(0), u: undefined, f() {}, n: NaN})); console.log(JSON.stringify([undefined, () => 1]), JSON.stringify("é\u2028"))'

#### dates formatted in UTC
node -e 'const d = new Date(Date.UTC(2024, 0, 15, 10, 30)); console.log(d.toISOString(), d.getUTCDay(), d.toJSON(), JSON.stringify({d}))'

#### string and array methods agents use
node -e 'console.log("a-b-c".replaceAll("-", "+"), "  pad ".trim().padEnd(6, ".") + "|", [3, 1, 2].toSorted ? "has toSorted" : "no toSorted", [1, [2, [3, [4]]]].flat(Infinity), Object.groupBy ? "groupBy" : "no groupBy", "abc".at(-1))'
