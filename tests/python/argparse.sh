# Small CLI scripts with argparse, called with arguments the way agents call them.

#### positional, optional and flags
cat > tool.py <<'PY'
import argparse
p = argparse.ArgumentParser(prog="tool")
p.add_argument("files", nargs="+")
p.add_argument("-n", "--lines", type=int, default=10)
p.add_argument("-v", "--verbose", action="store_true")
p.add_argument("--mode", choices=["fast", "slow"], default="fast")
a = p.parse_args()
print(a.files, a.lines, a.verbose, a.mode)
PY
python3 tool.py a.txt b.txt
python3 tool.py -n 3 --verbose --mode slow x
python3 tool.py --lines=5 -v -- -dash-file

#### usage errors exit 2
cat > tool.py <<'PY'
import argparse
p = argparse.ArgumentParser(prog="tool")
p.add_argument("count", type=int)
p.add_argument("--mode", choices=["a", "b"])
print(p.parse_args().count * 2)
PY
python3 tool.py 21; echo "status $?"
python3 tool.py 2>/dev/null; echo "status $?"
python3 tool.py notanumber 2>/dev/null; echo "status $?"
python3 tool.py 1 --mode c 2>/dev/null; echo "status $?"
python3 tool.py 1 --bogus 2>/dev/null; echo "status $?"

#### the error line names the problem
cat > tool.py <<'PY'
import argparse
p = argparse.ArgumentParser(prog="tool")
p.add_argument("count", type=int)
p.parse_args()
PY
python3 tool.py 2>&1 | tail -1
python3 tool.py x 2>&1 | tail -1

#### subcommands
cat > cli.py <<'PY'
import argparse, json
p = argparse.ArgumentParser(prog="todo")
sub = p.add_subparsers(dest="cmd", required=True)
add = sub.add_parser("add")
add.add_argument("title")
add.add_argument("--prio", type=int, default=1)
ls = sub.add_parser("list")
ls.add_argument("--all", action="store_true")
done = sub.add_parser("done")
done.add_argument("id", type=int)
a = p.parse_args()
print(json.dumps(vars(a), sort_keys=True))
PY
python3 cli.py add "buy milk" --prio 2
python3 cli.py list --all
python3 cli.py done 3
python3 cli.py 2>/dev/null; echo "status $?"

#### append, count and store_const
cat > opts.py <<'PY'
import argparse
p = argparse.ArgumentParser()
p.add_argument("-I", dest="include", action="append", default=[])
p.add_argument("-v", action="count", default=0)
p.add_argument("--json", dest="fmt", action="store_const", const="json", default="text")
p.add_argument("--no-color", dest="color", action="store_false")
a = p.parse_args()
print(a.include, a.v, a.fmt, a.color)
PY
python3 opts.py -I a -I b -vvv --json --no-color
python3 opts.py

#### nargs forms and metavar
cat > n.py <<'PY'
import argparse
p = argparse.ArgumentParser()
p.add_argument("src")
p.add_argument("dst", nargs="?", default="out")
p.add_argument("--pair", nargs=2, metavar=("K", "V"))
p.add_argument("--tags", nargs="*", default=[])
print(vars(p.parse_args()))
PY
python3 n.py in
python3 n.py in there --pair k v --tags
python3 n.py in --tags x y z

#### type functions and validation
cat > t.py <<'PY'
import argparse, pathlib
def port(s):
    n = int(s)
    if not 0 < n < 65536:
        raise argparse.ArgumentTypeError(f"bad port {s}")
    return n
p = argparse.ArgumentParser(prog="t")
p.add_argument("--port", type=port, default=8080)
p.add_argument("--ratio", type=float, default=0.5)
p.add_argument("--out", type=pathlib.Path, default=pathlib.Path("out.txt"))
a = p.parse_args()
print(a.port, a.ratio, a.out.suffix, a.out.name)
PY
python3 t.py --port 443 --ratio 1e-3 --out dir/report.csv
python3 t.py --port 70000 2>&1 | tail -1; echo "status ${PIPESTATUS[0]}"

#### mutually exclusive options
cat > m.py <<'PY'
import argparse
p = argparse.ArgumentParser(prog="m")
g = p.add_mutually_exclusive_group()
g.add_argument("--quiet", action="store_true")
g.add_argument("--loud", action="store_true")
print(p.parse_args())
PY
python3 m.py --quiet
python3 m.py --quiet --loud 2>/dev/null; echo "status $?"

#### parse_known_args and defaults from the environment
cat > k.py <<'PY'
import argparse, os
p = argparse.ArgumentParser()
p.add_argument("--level", default=os.environ.get("LEVEL", "info"))
a, rest = p.parse_known_args()
print(a.level, rest)
PY
python3 k.py --extra 1 pos
LEVEL=debug python3 k.py
python3 k.py --level warn

#### a word-count tool reading files or stdin
cat > wc.py <<'PY'
import argparse, sys
p = argparse.ArgumentParser(prog="wc.py")
p.add_argument("files", nargs="*", type=argparse.FileType("r"), default=[sys.stdin])
p.add_argument("-l", action="store_true")
a = p.parse_args()
for f in a.files:
    text = f.read()
    n = text.count("\n") if a.l else len(text.split())
    print(n, getattr(f, "name", "?") if f is not sys.stdin else "-")
PY
printf 'a b c\nd e\n' > w.txt
python3 wc.py w.txt
python3 wc.py -l w.txt
printf 'one two\n' | python3 wc.py

#### a prefix of a long option is accepted
cat > ab.py <<'PY'
import argparse
p = argparse.ArgumentParser()
p.add_argument("--verbose", action="store_true")
p.add_argument("--output")
print(p.parse_args())
PY
python3 ab.py --verb --out x.txt

#### sys.argv by hand, without argparse
cat > raw.py <<'PY'
import sys
args = sys.argv[1:]
flags = [a for a in args if a.startswith("-")]
pos = [a for a in args if not a.startswith("-")]
if not pos:
    print("usage: raw.py [-x] FILE...", file=sys.stderr)
    sys.exit(64)
print("flags", flags, "files", pos)
PY
python3 raw.py -x a 'b c' --y=1
python3 raw.py -x 2>/dev/null; echo "status $?"
