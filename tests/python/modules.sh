# python3 -m for the standard library's runnable modules, and importing modules from the cwd.

#### json.tool pretty-prints stdin
echo '{"b": [1, 2], "a": {"c": null}}' | python3 -m json.tool

#### json.tool with --sort-keys, --compact and files
echo '{"b": 1, "a": [1, 2]}' > in.json
python3 -m json.tool --sort-keys in.json
python3 -m json.tool --compact in.json
python3 -m json.tool --indent 1 in.json out.json && cat out.json

#### json.tool on invalid input exits 1
echo '{"a": }' | python3 -m json.tool >/dev/null 2>&1; echo "status $?"

#### json.tool --json-lines
printf '{"a":1}\n{"b":2}\n' | python3 -m json.tool --json-lines

#### base64 module encodes and decodes
printf 'sandbox' > plain.txt
python3 -m base64 plain.txt
python3 -m base64 plain.txt | python3 -m base64 -d; echo
printf 'c2FuZGJveA==\n' | python3 -m base64 -d; echo

#### gzip module compresses a file the shell decompresses
printf 'line one\nline two\n' > doc.txt
python3 -m gzip doc.txt
ls doc.txt*
gzip -dc doc.txt.gz
rm doc.txt && python3 -m gzip -d doc.txt.gz && cat doc.txt

#### zipfile module creates, lists and extracts
mkdir -p pkg/sub && echo 'a' > pkg/a.txt && echo 'b' > pkg/sub/b.txt
python3 -m zipfile -c out.zip pkg
python3 -c 'import zipfile; print(sorted(zipfile.ZipFile("out.zip").namelist()))'
python3 -m zipfile -t out.zip >/dev/null && echo "test ok"
mkdir ex && python3 -m zipfile -e out.zip ex && cat ex/pkg/sub/b.txt

#### zipfile written by python, read by unzip
python3 - <<'PY'
import zipfile
with zipfile.ZipFile("data.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("readme.txt", "hello zip\n")
    z.writestr("data/n.csv", "n\n1\n2\n")
with zipfile.ZipFile("data.zip") as z:
    for info in sorted(z.infolist(), key=lambda i: i.filename):
        print(info.filename, info.file_size)
    print(z.read("data/n.csv").decode().split())
PY
unzip -p data.zip readme.txt

#### tarfile module creates and lists
mkdir -p proj && echo 'x' > proj/x.txt && echo 'y' > proj/y.txt
python3 -m tarfile -c proj.tar proj
tar -tf proj.tar | sort
python3 -m tarfile -l proj.tar | sort

#### tarfile from python, extracted by tar
python3 - <<'PY'
import tarfile, io
with tarfile.open("arch.tar.gz", "w:gz") as t:
    data = b"packed by python\n"
    info = tarfile.TarInfo("inner/msg.txt")
    info.size = len(data)
    info.mtime = 1700000000
    t.addfile(info, io.BytesIO(data))
with tarfile.open("arch.tar.gz") as t:
    print([(m.name, m.size) for m in t.getmembers()])
PY
mkdir out && tar -xzf arch.tar.gz -C out && cat out/inner/msg.txt

#### tar made by the shell, read by tarfile
mkdir -p src && echo one > src/1.txt && echo two > src/2.txt
tar -czf src.tgz src
python3 -c '
import tarfile
with tarfile.open("src.tgz") as t:
    names = sorted(m.name for m in t.getmembers() if m.isfile())
    print(names)
    print(t.extractfile("src/2.txt").read())
'

#### calendar module prints a month
python3 -m calendar 2024 1

#### calendar text for a whole year matches cal-style layout
python3 -c 'import calendar; print(calendar.TextCalendar().formatmonth(2023, 12, w=3))'

#### import a module the script wrote into the cwd
cat > helpers.py <<'PY'
VERSION = "1.0"
def slug(s):
    return "-".join(s.lower().split())
PY
python3 -c 'import helpers; print(helpers.VERSION, helpers.slug("Hello Big World"))'
cat > main.py <<'PY'
from helpers import slug
import sys
print([slug(a) for a in sys.argv[1:]])
PY
python3 main.py "A B" "C d E"

#### a package with __init__ and a submodule
mkdir -p mypkg
cat > mypkg/__init__.py <<'PY'
from .core import greet
__all__ = ["greet"]
PY
cat > mypkg/core.py <<'PY'
def greet(name):
    return f"hello, {name}"
PY
cat > mypkg/__main__.py <<'PY'
import sys
from mypkg import greet
print(greet(sys.argv[1] if len(sys.argv) > 1 else "world"))
PY
python3 -c 'from mypkg import greet; print(greet("pkg"))'
python3 -m mypkg
python3 -m mypkg agent

#### a module run with -m from the cwd and its __name__
cat > tool.py <<'PY'
import sys
def main():
    print("main of", __name__, sys.argv[1:])
if __name__ == "__main__":
    main()
PY
python3 -m tool x y
python3 -c 'import tool; print("imported", tool.__name__)'

#### sys.path extended by the script
mkdir -p lib && echo 'X = 42' > lib/extra.py
python3 -c 'import sys; sys.path.insert(0, "lib"); import extra; print(extra.X * 2)'
python3 -c 'import extra' 2>/dev/null; echo "without path: $?"

#### importlib and a module changed between runs
echo 'N = 1' > conf.py
python3 -c 'import conf; print(conf.N)'
echo 'N = 2' > conf.py
python3 -B -c 'import conf; print(conf.N)'

#### the script's directory comes first on sys.path
mkdir -p app && echo 'NAME = "app-local"' > app/settings.py && echo 'NAME = "cwd"' > settings.py
echo 'import settings, sys; import os; print(settings.NAME, sys.path[0] == os.path.dirname(os.path.abspath(__file__)))' > app/run.py
python3 app/run.py
python3 -c 'import settings, sys; print(settings.NAME, repr(sys.path[0]))'

#### version flags print a Python 3 version
python3 -V | cut -d' ' -f1
python3 --version | grep -c '^Python 3\.'
python3 -c 'import sys; print(sys.version_info[0], sys.version_info >= (3, 11))'

#### runpy and compile a script file
printf 'x = 6\nprint(x * 7)\n' > calc.py
python3 -c 'import runpy; runpy.run_path("calc.py")'
python3 -m py_compile calc.py && echo "compiles"
printf 'def f(:\n' > broken.py
python3 -m py_compile broken.py 2>/dev/null; echo "broken: $?"

#### the script's own file and directory
cat > where.py <<'PY'
import os, sys
print(os.path.basename(__file__), os.path.basename(sys.argv[0]))
print(os.path.dirname(os.path.abspath(__file__)) == os.getcwd())
PY
python3 where.py
mkdir -p sub && cp where.py sub/ && python3 sub/where.py

#### timeit-free: dis and ast on a snippet
python3 -c '
import ast
tree = ast.parse("x = 1 + 2\nprint(x)")
print([type(n).__name__ for n in tree.body])
print(ast.literal_eval("{\"a\": [1, 2, (3, 4)], \"b\": None}"))
try:
    ast.literal_eval("__import__(\"os\")")
except ValueError:
    print("not a literal")
'
