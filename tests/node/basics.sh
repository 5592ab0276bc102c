# node's command line as agents use it: -e, -p, a script file with arguments, a script on
# stdin, the version, and the statuses of the ways a run ends.

#### -e prints with console.log
node -e 'console.log("hello", 1 + 2)'

#### -p prints the value of the last expression
node -p '6 * 7'
node -p '"a string"'
node -p '[1, "two", {three: 3}]'
node -p 'undefined'

#### arguments after -e are process.argv from index 1
node -e 'console.log(process.argv.slice(1))' a 'b c' -x --y=1
node -p 'process.argv.length' one two

#### a script file with arguments
cat > args.js <<'JS'
const [, script, ...rest] = process.argv;
console.log(require('path').basename(script), rest);
JS
node args.js 1 2 --flag

#### a script on stdin, with and without -
echo 'console.log("from stdin", 40 + 2)' | node
echo 'console.log(process.argv.slice(2))' | node - x y

#### a here-document script
node <<'JS'
const xs = [3, 1, 2];
xs.sort();
console.log(xs.join(','));
JS

#### --version is a v20 line
node --version | cut -c1-4
node -v | grep -c '^v20\.'

#### nodejs is node too
nodejs -e 'console.log(typeof require)'

#### an unknown option is status 9
node --no-such-option -e 1 2>/dev/null; echo "status $?"

#### -e without code is status 9
node -e 2>/dev/null; echo "status $?"

#### a missing script file is status 1
node nosuchfile.js 2>/dev/null; echo "status $?"

#### process.exit sets the status
node -e 'process.exit(3)'; echo "status $?"
node -e 'process.exit()'; echo "status $?"
node -e 'process.exitCode = 5; console.log("still runs")'; echo "status $?"

#### code after process.exit does not run
node -e 'console.log("a"); process.exit(0); console.log("b")'

#### -p with an object prints it as inspect does
node -p '({name: "app", deps: ["a", "b"], n: null})'

#### a shebang line in a script is ignored
printf '#!/usr/bin/env node\nconsole.log("shebang ok")\n' > s.js
node s.js

#### the check option accepts a valid file
printf 'const x = 1;\n' > ok.js
node -c ok.js; echo "status $?"

#### var declarations of -e are globals
node -e 'var x = 5; console.log(globalThis.x, typeof module, typeof exports, __filename)'

#### a script read from /dev/stdin as a file
echo 'console.log("via /dev/stdin", process.argv.length)' > viastdin.js
node /dev/stdin a b < viastdin.js
