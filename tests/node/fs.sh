# fs over the session's files: what the shell writes node reads, and back.

#### readFileSync with and without an encoding
printf 'hello\nworld\n' > a.txt
node -e 'const fs = require("fs"); console.log(JSON.stringify(fs.readFileSync("a.txt", "utf8"))); console.log(fs.readFileSync("a.txt")); console.log(fs.readFileSync("a.txt", {encoding: "utf8"}).split("\n").length)'

#### writeFileSync then cat
node -e 'require("fs").writeFileSync("out.txt", "line 1\nline 2\n")'
cat out.txt
node -e 'require("fs").writeFileSync("b.bin", Buffer.from([104, 105, 10]))'
cat b.bin

#### appendFileSync
echo first > log.txt
node -e 'const fs = require("fs"); fs.appendFileSync("log.txt", "second\n"); fs.appendFileSync("new.txt", "created\n")'
cat log.txt new.txt

#### existsSync
touch here
node -e 'const fs = require("fs"); console.log(fs.existsSync("here"), fs.existsSync("nothere"), fs.existsSync("."), fs.existsSync(""))'

#### mkdirSync recursive and its return value
node -e 'const fs = require("fs"); console.log(require("path").relative(process.cwd(), fs.mkdirSync("x/y/z", {recursive: true}))); console.log(fs.mkdirSync("x/y", {recursive: true}))'
ls -R x

#### mkdirSync of an existing directory is EEXIST
mkdir exists
node -e 'try { require("fs").mkdirSync("exists") } catch (e) { console.log(e.code, e.message) }'

#### readdirSync sorted, and with file types
mkdir -p tree/sub && touch tree/b.txt tree/a.js && ln -s a.js tree/link
node -e 'const fs = require("fs"); console.log(fs.readdirSync("tree")); for (const d of fs.readdirSync("tree", {withFileTypes: true})) console.log(d.name, d.isFile(), d.isDirectory(), d.isSymbolicLink())'

#### readdirSync recursive
mkdir -p r/a/b && touch r/top r/a/mid r/a/b/deep
node -e 'console.log(require("fs").readdirSync("r", {recursive: true}).sort())'

#### statSync and lstatSync
printf '12345' > five
ln -s five link5
node -e 'const fs = require("fs"); const s = fs.statSync("five"); console.log(s.isFile(), s.isDirectory(), s.size, s.mtime instanceof Date, typeof s.mtimeMs); const l = fs.lstatSync("link5"); console.log(l.isSymbolicLink(), fs.statSync("link5").size, fs.statSync(".").isDirectory())'

#### statSync throwIfNoEntry
node -e 'console.log(require("fs").statSync("missing", {throwIfNoEntry: false}))'

#### renameSync, copyFileSync, unlinkSync
echo data > orig
node -e 'const fs = require("fs"); fs.copyFileSync("orig", "copy"); fs.renameSync("orig", "moved"); fs.unlinkSync("copy"); console.log(fs.readdirSync(".").filter(n => ["orig", "copy", "moved"].includes(n)))'
cat moved

#### rmSync recursive and force
mkdir -p gone/deep && touch gone/deep/f
node -e 'const fs = require("fs"); fs.rmSync("gone", {recursive: true}); fs.rmSync("never-was", {force: true}); console.log(fs.existsSync("gone"))'

#### rmSync of a directory without recursive
mkdir keepme
node -e 'try { require("fs").rmSync("keepme") } catch (e) { console.log(e.code) }'

#### error messages name the syscall and the path
node -e 'const fs = require("fs"); for (const f of [() => fs.readFileSync("nope.txt"), () => fs.readdirSync("nope"), () => fs.renameSync("n1", "n2"), () => fs.unlinkSync("n3"), () => fs.statSync("n4"), () => fs.copyFileSync("n5", "n6")]) { try { f() } catch (e) { console.log(e.message, "|", e.code, e.errno, e.syscall, e.path, e.dest) } }'

#### reading a directory is EISDIR
mkdir adir
node -e 'try { require("fs").readFileSync("adir") } catch (e) { console.log(e.code, e.message) }'

#### writing into a missing directory is ENOENT
node -e 'try { require("fs").writeFileSync("no/such/dir/f", "x") } catch (e) { console.log(e.code, e.syscall) }'

#### rmdirSync of a non-empty directory is ENOTEMPTY
mkdir -p full && touch full/f
node -e 'try { require("fs").rmdirSync("full") } catch (e) { console.log(e.code) }'

#### the callback API
echo cb-data > cb.txt
node -e 'const fs = require("fs"); fs.readFile("cb.txt", "utf8", (err, d) => { console.log(err, d.trim()); fs.writeFile("cb2.txt", "w\n", (e) => { console.log("written", e); fs.readFile("nope", (e2) => console.log(e2.code)) }) }); console.log("first")'
cat cb2.txt

#### fs.promises and fs/promises
echo p > p.txt
node -e 'const fsp = require("fs/promises"); (async () => { const t = await fsp.readFile("p.txt", "utf8"); await fsp.writeFile("p2.txt", t + t); console.log((await fsp.readdir(".")).includes("p2.txt"), (await fsp.stat("p2.txt")).size); try { await fsp.readFile("nope") } catch (e) { console.log(e.code) } })()'
node -e 'require("fs").promises.mkdir("pp/qq", {recursive: true}).then(() => console.log(require("fs").existsSync("pp/qq")))'

#### JSON files round trip
echo '{"a": 1, "list": [1, 2]}' > in.json
node -e 'const fs = require("fs"); const d = JSON.parse(fs.readFileSync("in.json", "utf8")); d.list.push(3); d.b = "new"; fs.writeFileSync("out.json", JSON.stringify(d, null, 2) + "\n")'
cat out.json

#### writeFileSync with the wx flag
echo old > taken
node -e 'try { require("fs").writeFileSync("taken", "x", {flag: "wx"}) } catch (e) { console.log(e.code) }'
cat taken

#### readFileSync of a latin1 and base64 file
printf 'caf\xe9' > l1.txt
node -e 'const fs = require("fs"); console.log(fs.readFileSync("l1.txt", "latin1"), fs.readFileSync("l1.txt", "base64"), fs.readFileSync("l1.txt", "hex"))'

#### open, write and close descriptors
node -e 'const fs = require("fs"); const fd = fs.openSync("fd.txt", "w"); fs.writeSync(fd, "one\n"); fs.writeSync(fd, "two\n"); fs.closeSync(fd); console.log(fs.readFileSync("fd.txt", "utf8"))'

#### streams for reading and writing
printf 'a\nb\nc\n' > s.txt
node -e 'const fs = require("fs"); const chunks = []; fs.createReadStream("s.txt", "utf8").on("data", (c) => chunks.push(c)).on("end", () => { console.log(JSON.stringify(chunks.join(""))); const w = fs.createWriteStream("w.txt"); w.write("x\n"); w.end("y\n", () => console.log(fs.readFileSync("w.txt", "utf8").split("\n").length)) })'
