# util.format and console.log's format string: %s %d %i %f %j %o %O %c %%.

#### each specifier
node -e 'console.log("%s|%d|%i|%f|%j|%%|%c.", "str", 42.9, 42.9, "3.5", {a: [1]}, "color: red")'

#### %s of objects, arrays and numbers
node -e 'console.log("%s %s %s %s %s", {a: 1}, [1, 2], -0, 5n, null)'
node -e 'console.log("%s", {toString() { return "custom" }})'

#### %d and %i of odd values
node -e 'console.log("%d %d %i %i %d", "12abc", {}, "3.9", -7.5, 10n)'

#### %j of a circular value
node -e 'const a = {}; a.a = a; console.log("%j", a)'

#### %o and %O
node -e 'console.log("%O", {a: {b: {c: {d: 1}}}})'
node -e 'console.log("%o", [1, 2])'

#### more arguments than specifiers, and fewer
node -e 'console.log("%s and %s", "one")'
node -e 'console.log("%s", "one", "two", {three: 3})'
node -e 'console.log("100%", "sure")'

#### util.format directly
node -e 'const util = require("util"); console.log(JSON.stringify(util.format("%s=%d", "x", 5)), JSON.stringify(util.format(1, 2, "3")), JSON.stringify(util.format("a", {b: 1})))'

#### a first argument that is not a string
node -e 'console.log({a: 1}, "%s", 2)'
