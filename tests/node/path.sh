# path: POSIX path operations.

#### join, normalize, resolve
node -e 'const p = require("path"); console.log(p.join("a", "b", "../c", "./d"), p.join("/a/", "/b"), p.join(""), p.normalize("/a//b/../c/./d/"), p.normalize("./x/../../y"), p.resolve("/a", "b", "../c"), p.resolve("/x", "/y", "z"))'

#### dirname, basename, extname
node -e 'const p = require("path"); for (const s of ["/a/b/c.txt", "a/b/", "c.tar.gz", ".bashrc", "/", "", "file.", "a/.hidden.ext"]) console.log(JSON.stringify([p.dirname(s), p.basename(s), p.extname(s)]))'
node -e 'const p = require("path"); console.log(p.basename("/x/y/file.js", ".js"), p.basename("file.js", "file.js"), p.basename("a/b.txt", "txt"))'

#### relative
node -e 'const p = require("path"); console.log(p.relative("/a/b/c", "/a/d"), p.relative("/a", "/a/b/c"), JSON.stringify(p.relative("/a", "/a")), p.relative("/a/b", "/"))'

#### isAbsolute, sep, delimiter
node -e 'const p = require("path"); console.log(p.isAbsolute("/x"), p.isAbsolute("x"), p.isAbsolute(""), p.sep, p.delimiter, p.posix === p)'

#### parse and format
node -e 'const p = require("path"); console.log(p.parse("/home/u/file.txt"), p.parse("rel/dir/.env"), p.format({dir: "/tmp", name: "x", ext: ".js"}), p.format({root: "/", base: "f"}))'

#### node:path is path
node -e 'console.log(require("node:path") === require("path"), require("path/posix").join("a", "b"))'

#### join rejects non-strings
node -e 'try { require("path").join("a", 1) } catch (e) { console.log(e.code, e.name) }'
