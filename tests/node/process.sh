# process: argv, env (the shell's exported variables), cwd and chdir, stdout and stderr,
# exit and exitCode, nextTick, hrtime, platform.

#### exported variables are process.env, unexported ones are not
export GREETING=hello
NOT_EXPORTED=secret
node -e 'console.log(process.env.GREETING, process.env.NOT_EXPORTED)'
FOO=bar node -e 'console.log(process.env.FOO)'

#### process.env is writable and enumerable
export APP_MODE=test
node -e 'process.env.NEW = "1"; console.log(process.env.NEW, Object.keys(process.env).includes("APP_MODE"), "APP_MODE" in process.env)'

#### cwd and chdir
mkdir -p sub/dir
node -e 'const p = require("path"); const start = process.cwd(); process.chdir("sub/dir"); console.log(p.relative(start, process.cwd())); process.chdir(".."); console.log(p.basename(process.cwd()))'

#### chdir into a missing directory throws ENOENT
node -e 'try { process.chdir("nope") } catch (e) { console.log(e.code, e.syscall) }'

#### relative paths follow chdir
mkdir -p d && echo inside > d/f.txt
node -e 'process.chdir("d"); console.log(require("fs").readFileSync("f.txt", "utf8").trim())'

#### stdout.write and stderr.write
node -e 'process.stdout.write("no newline"); process.stdout.write(" then\n"); process.stderr.write("err\n")' 2>/dev/null
node -e 'const r = process.stdout.write("x\n"); console.log(r)'

#### platform and friends
node -e 'console.log(process.platform, typeof process.pid, typeof process.arch, process.version.startsWith("v20"), process.versions.node.split(".")[0])'

#### hrtime shapes
node -e 'const t = process.hrtime(); console.log(Array.isArray(t), t.length, typeof process.hrtime.bigint(), typeof process.uptime(), process.hrtime(t)[0] >= 0)'

#### nextTick runs before promises, both before timers
node -e 'setTimeout(() => console.log("timeout"), 0); setImmediate(() => console.log("immediate")); Promise.resolve().then(() => console.log("promise")); process.nextTick(() => console.log("tick")); console.log("sync")'

#### nextTick with arguments
node -e 'process.nextTick((a, b) => console.log(a + b), 2, 3)'

#### the exit event sees the status
node -e 'process.on("exit", (c) => console.log("exiting with", c)); process.exitCode = 2'; echo "status $?"
node -e 'process.on("exit", (c) => console.log("exit", c)); process.exit(4)'; echo "status $?"

#### exitCode survives pending timers
node -e 'process.exitCode = 3; setTimeout(() => console.log("timer ran"), 5)'; echo "status $?"

#### beforeExit fires once the loop is empty
node -e 'let n = 0; process.on("beforeExit", () => { if (n++ < 2) setTimeout(() => console.log("again", n), 1) }); console.log("start")'

#### process.argv0 and execArgv
node -e 'console.log(process.argv0, process.execArgv)'

#### stdout.write with a callback
node -e 'process.stdout.write("a\n", () => console.log("written"))'

#### memoryUsage has the usual keys
node -e 'console.log(Object.keys(process.memoryUsage()).sort().join(","))'
