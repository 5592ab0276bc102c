# Exit statuses and exceptions: what a calling script sees in $? and on stderr.

#### sys.exit forms
python3 -c 'import sys; sys.exit()'; echo "none $?"
python3 -c 'import sys; sys.exit(0)'; echo "zero $?"
python3 -c 'import sys; sys.exit(3)'; echo "three $?"
python3 -c 'import sys; sys.exit(True)'; echo "true $?"
python3 -c 'raise SystemExit(4)'; echo "systemexit $?"
python3 -c 'exit(5)'; echo "builtin exit $?"
python3 -c 'quit(6)'; echo "builtin quit $?"

#### exit statuses wrap modulo 256
python3 -c 'import sys; sys.exit(256)'; echo "256 -> $?"
python3 -c 'import sys; sys.exit(257)'; echo "257 -> $?"
python3 -c 'import sys; sys.exit(-1)'; echo "-1 -> $?"

#### sys.exit with a message goes to stderr with status 1
## stderr
python3 -c 'import sys; sys.exit("error: config not found")'; echo "status $?"
python3 -c 'import sys; sys.exit(["a", 1])' 2>&1; echo "status $?"

#### os._exit skips cleanup
python3 -c '
import os, atexit, sys
atexit.register(lambda: print("atexit ran"))
print("before", flush=True)
os._exit(9)
'; echo "status $?"

#### atexit runs on normal exit and sys.exit
python3 -c '
import atexit, sys
atexit.register(lambda: print("cleanup 1"))
atexit.register(lambda: print("cleanup 2"))
print("main")
sys.exit(2)
'; echo "status $?"

#### uncaught exception: status 1, last line of the traceback
python3 -c '
def load(path):
    raise FileNotFoundError(2, "No such file or directory", path)
load("cfg.yaml")
' 2>err.txt; echo "status $?"
tail -1 err.txt

#### the last line for common exceptions
for code in 'int("x")' '{}["k"]' '[][1]' '1/0' 'None.x' 'undefined_name' 'import no_such_module_xyz' 'raise RuntimeError("boom")' 'assert 1 == 2, "math broke"'; do
  python3 -c "$code" 2>&1 | tail -1
  echo "status ${PIPESTATUS[0]}"
done

#### try, except, else, finally order
python3 - <<'PY'
def f(x):
    try:
        r = 10 / x
    except ZeroDivisionError:
        print("except")
        return "zero"
    else:
        print("else")
        return r
    finally:
        print("finally")
print(f(2))
print(f(0))
PY

#### custom exception hierarchy
python3 - <<'PY'
class AppError(Exception):
    code = 1
class NotFound(AppError):
    code = 44
class Invalid(AppError):
    def __init__(self, field, msg):
        super().__init__(f"{field}: {msg}")
        self.field = field
def handle(action):
    try:
        action()
    except NotFound as e:
        return f"not found ({e.code}): {e}"
    except AppError as e:
        return f"app error ({e.code}): {e}"
def a(): raise NotFound("user 7")
def b(): raise Invalid("email", "missing @")
print(handle(a)); print(handle(b))
print(issubclass(NotFound, AppError), isinstance(Invalid("x", "y"), Exception))
PY

#### exception chaining with from
python3 - <<'PY'
import json
class ConfigError(Exception): pass
def parse(text):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ConfigError("bad config") from e
try:
    parse("{oops")
except ConfigError as e:
    print(e, "| caused by", type(e.__cause__).__name__, "| suppressed:", e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("while handling")
except ValueError as e:
    print(type(e.__context__).__name__)
PY

#### the script prints its own error and chooses the status
cat > check.py <<'PY'
import sys, json
try:
    cfg = json.load(open(sys.argv[1]))
except FileNotFoundError as e:
    print(f"check: {e.filename}: {e.strerror}", file=sys.stderr)
    sys.exit(66)
except json.JSONDecodeError as e:
    print(f"check: invalid JSON on line {e.lineno}", file=sys.stderr)
    sys.exit(65)
print("ok", sorted(cfg))
PY
echo '{"b":1,"a":2}' > good.json
printf '{\n"a": }' > bad.json
python3 check.py good.json; echo "status $?"
python3 check.py bad.json; echo "status $?"
python3 check.py missing.json; echo "status $?"
python3 check.py missing.json 2>&1 >/dev/null

#### traceback module formats what the script caught
python3 - <<'PY'
import traceback, sys
try:
    {}["missing"]
except KeyError:
    lines = traceback.format_exception_only(*sys.exc_info()[:2])
    print(lines[-1].strip())
    etype, value, tb = sys.exc_info()
    print(etype.__name__, repr(value.args[0]), tb is not None)
PY

#### set -e stops at a failing python3
( set -e; python3 -c 'print("step 1")'; python3 -c 'import sys; sys.exit(3)'; echo "not reached" ); echo "subshell $?"

#### && and || chains on python3 statuses
python3 -c 'import sys; sys.exit(0)' && echo "and ran"
python3 -c 'import sys; sys.exit(1)' || echo "or ran"
if python3 -c 'import os, sys; sys.exit(0 if os.path.exists("nope") else 1)'; then echo yes; else echo no; fi

#### KeyboardInterrupt raised by the script exits 130-like status
python3 -c 'raise KeyboardInterrupt' 2>/dev/null; echo "status $?"

#### warnings go to stderr and do not change the status
python3 -c '
import warnings
warnings.warn("deprecated thing", DeprecationWarning, stacklevel=1)
warnings.warn("careful")
print("done")
' 2>err.txt; echo "status $?"
grep -c 'UserWarning: careful' err.txt

#### ExceptionGroup-free multiple error collection
python3 - <<'PY'
errors = []
for item in ["1", "x", "3", "", "5"]:
    try:
        int(item)
    except ValueError as e:
        errors.append(item)
print(f"{len(errors)} invalid: {errors!r}")
raise SystemExit(len(errors))
PY
echo "status $?"
