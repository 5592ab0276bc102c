# pathlib, os, shutil, glob and tempfile on the session's files, and round trips with the shell.

#### python writes, cat and wc read
python3 -c '
with open("notes.txt", "w") as f:
    for i in range(1, 6):
        f.write(f"line {i}\n")
'
cat notes.txt
wc -l < notes.txt
wc -c < notes.txt

#### the shell writes, python reads
printf 'alpha\nbeta\n\ngamma' > in.txt
python3 -c '
from pathlib import Path
p = Path("in.txt")
text = p.read_text()
print(len(text), text.count("\n"), text.splitlines())
print(p.stat().st_size, p.exists(), p.is_file(), p.is_dir())
'

#### python and the shell in one pipeline
python3 -c 'open("data.txt", "w").write("b\na\nc\n")' && sort data.txt | python3 -c '
import sys
lines = [l.strip() for l in sys.stdin]
open("sorted.txt", "w").write(",".join(lines) + "\n")
' && cat sorted.txt

#### walk a directory tree the shell made
mkdir -p proj/src/pkg proj/docs proj/.git
echo 'print(1)' > proj/src/main.py
echo 'x = 1' > proj/src/pkg/__init__.py
echo '# doc' > proj/docs/index.md
echo 'ref' > proj/.git/HEAD
python3 - <<'PY'
import os
for root, dirs, files in os.walk("proj"):
    dirs[:] = sorted(d for d in dirs if not d.startswith("."))
    for f in sorted(files):
        p = os.path.join(root, f)
        print(p, os.path.getsize(p))
PY

#### pathlib rglob and suffixes
mkdir -p tree/a/b tree/c
touch tree/x.py tree/a/y.py tree/a/b/z.py tree/c/readme.md tree/a/b/data.json
python3 -c '
from pathlib import Path
root = Path("tree")
print(sorted(str(p) for p in root.rglob("*.py")))
print(sorted(p.name for p in root.glob("*/*")))
print(sorted({p.suffix for p in root.rglob("*") if p.is_file()}))
p = Path("tree/a/b/data.json")
print(p.stem, p.suffix, p.parent, p.parts, p.with_suffix(".yaml").name)
'

#### glob module with patterns
mkdir -p logs && touch logs/app-1.log logs/app-2.log logs/app-10.log logs/db.log logs/.hidden.log
python3 -c '
import glob
print(sorted(glob.glob("logs/app-*.log")))
print(sorted(glob.glob("logs/app-?.log")))
print(sorted(glob.glob("logs/[ad]*.log")))
print(len(glob.glob("logs/*")), len(glob.glob("**/*.log", recursive=True)))
'

#### mkdir, makedirs and errors
python3 - <<'PY'
import os
os.makedirs("a/b/c")
os.makedirs("a/b/c", exist_ok=True)
try:
    os.mkdir("a")
except FileExistsError as e:
    print("FileExistsError", e.strerror)
try:
    os.mkdir("nope/x")
except FileNotFoundError as e:
    print("FileNotFoundError", e.strerror)
print(sorted(os.listdir("a")), os.path.isdir("a/b/c"))
PY
ls -d a/b/c

#### rename, replace over an existing file, remove
printf 'old\n' > target.txt
printf 'new\n' > tmp.txt
python3 -c '
import os
os.replace("tmp.txt", "target.txt")
print(sorted(os.listdir(".")))
os.rename("target.txt", "final.txt")
print(open("final.txt").read(), end="")
os.remove("final.txt")
print(os.listdir("."))
'
ls

#### shutil copy, copytree, move and rmtree
mkdir -p src/sub && printf 'one\n' > src/a.txt && printf 'two\n' > src/sub/b.txt
python3 - <<'PY'
import shutil, os
shutil.copy("src/a.txt", "a_copy.txt")
shutil.copytree("src", "dst")
shutil.move("a_copy.txt", "dst/sub/moved.txt")
shutil.rmtree("src")
for root, dirs, files in sorted(os.walk("dst")):
    print(root, sorted(dirs), sorted(files))
PY
cat dst/sub/moved.txt dst/sub/b.txt
test -e src || echo "src removed"

#### append mode adds to what the shell wrote
echo 'first' > log.txt
python3 -c '
with open("log.txt", "a") as f:
    f.write("second\n")
    print(f.tell())
'
echo 'third' >> log.txt
python3 -c 'print(open("log.txt").read().splitlines())'

#### seek, tell and read-write mode
printf '0123456789' > digits.txt
python3 - <<'PY'
with open("digits.txt", "r+b") as f:
    f.seek(3)
    print(f.read(2), f.tell())
    f.seek(-2, 2)
    print(f.read(), f.tell())
    f.seek(0)
    f.write(b"AB")
    f.seek(0, 1)
    print(f.read(3))
PY
cat digits.txt; echo

#### truncate a file
printf 'hello world\n' > t.txt
python3 -c '
import os
with open("t.txt", "r+") as f:
    f.truncate(5)
print(repr(open("t.txt").read()), os.path.getsize("t.txt"))
os.truncate("t.txt", 2)
print(os.stat("t.txt").st_size)
'
wc -c < t.txt

#### stat sizes and mtime agree with the shell
printf 'abcdef' > s.txt
touch -d 2024-01-02T03:04:05Z s.txt
python3 -c '
import os, datetime
st = os.stat("s.txt")
print(st.st_size, int(st.st_mtime))
print(datetime.datetime.fromtimestamp(st.st_mtime, datetime.timezone.utc).isoformat())
'

#### os.utime then the shell sees the mtime
echo x > u.txt
python3 -c 'import os; os.utime("u.txt", (1600000000, 1600000000))'
TZ=UTC ls -l --time-style=+%Y-%m-%d u.txt | awk '{print $6}'
python3 -c 'import os; print(int(os.path.getmtime("u.txt")))'

#### tempfile in a directory on the VFS
mkdir -p work
python3 - <<'PY'
import tempfile, os
with tempfile.NamedTemporaryFile("w", dir="work", suffix=".tmp", delete=False) as f:
    f.write("scratch\n")
    name = f.name
print(os.path.dirname(name) == "work" or os.path.basename(os.path.dirname(name)) == "work", name.endswith(".tmp"))
print(open(name).read(), end="")
with tempfile.TemporaryDirectory(dir="work") as d:
    open(os.path.join(d, "x"), "w").write("1")
    print(os.listdir(d))
print(len(os.listdir("work")))
os.remove(name)
print(os.listdir("work"))
PY

#### scandir entries and their types
mkdir -p sd/dir && echo hi > sd/file && ln -s file sd/link
python3 -c '
import os
for e in sorted(os.scandir("sd"), key=lambda e: e.name):
    print(e.name, e.is_file(), e.is_dir(), e.is_symlink())
'

#### symlinks: create, read, resolve
echo target > real.txt
python3 -c '
import os
os.symlink("real.txt", "ln.txt")
print(os.readlink("ln.txt"), os.path.islink("ln.txt"), open("ln.txt").read(), end="")
print(os.path.realpath("ln.txt") == os.path.realpath("real.txt"))
print(os.lstat("ln.txt").st_size, os.stat("ln.txt").st_size)
'
readlink ln.txt; cat ln.txt

#### missing files raise FileNotFoundError
python3 - <<'PY'
import os
for fn in (lambda: open("nope.txt"), lambda: os.stat("nope"), lambda: os.remove("nope"), lambda: os.listdir("nope")):
    try:
        fn()
    except FileNotFoundError as e:
        print(type(e).__name__, e.strerror, e.filename)
PY

#### directory errors
mkdir -p d1 && touch d1/f
python3 - <<'PY'
import os
try:
    os.rmdir("d1")
except OSError as e:
    print(type(e).__name__, e.strerror)
try:
    open("d1", "w")
except IsADirectoryError as e:
    print("IsADirectoryError", e.strerror)
try:
    os.listdir("d1/f")
except NotADirectoryError as e:
    print("NotADirectoryError", e.strerror)
try:
    os.remove("d1")
except (IsADirectoryError, PermissionError) as e:
    print("cannot remove a directory")
PY

#### exclusive create
python3 -c '
with open("once.txt", "x") as f:
    f.write("1")
try:
    open("once.txt", "x")
except FileExistsError:
    print("exists")
'
cat once.txt; echo

#### cwd, chdir and relative paths
mkdir -p deep/er
python3 -c '
import os
start = os.getcwd()
os.chdir("deep/er")
print(os.path.relpath(os.getcwd(), start))
open("here.txt", "w").write("ok\n")
os.chdir("..")
print(sorted(os.listdir("er")))
'
cat deep/er/here.txt

#### binary files round trip with od
python3 -c 'open("b.bin", "wb").write(bytes(range(0, 256, 17)))'
od -An -tu1 b.bin
printf '\x00\xff\x10' > c.bin
python3 -c 'print(list(open("c.bin", "rb").read()))'

#### file encodings
python3 -c '
open("u8.txt", "w", encoding="utf-8").write("héllo\n")
open("l1.txt", "w", encoding="latin-1").write("héllo\n")
'
wc -c < u8.txt; wc -c < l1.txt
python3 -c '
print(open("l1.txt", encoding="latin-1").read(), end="")
try:
    open("l1.txt", encoding="utf-8").read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError at", e.start)
print(open("l1.txt", encoding="utf-8", errors="replace").read(), end="")
'

#### disk usage of a directory
mkdir -p du/x && head -c 1000 /dev/zero > du/a && head -c 2345 /dev/zero > du/x/b
python3 -c '
import os
total = 0
for root, _, files in os.walk("du"):
    total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
print(total)
print(sorted((f, os.path.getsize(os.path.join("du", f))) for f in os.listdir("du") if os.path.isfile(os.path.join("du", f))))
'

#### os.path helpers
python3 -c '
import os.path as p
print(p.join("a", "b", "c.txt"), p.basename("/x/y/z.tar.gz"), p.dirname("/x/y/z"))
print(p.splitext("archive.tar.gz"), p.normpath("a/./b/../c//d"), p.isabs("/a"), p.isabs("a"))
print(p.commonpath(["/a/b/c", "/a/b/d"]), p.commonprefix(["interview", "internal"]))
print(p.exists("."), p.exists("nope"), p.expanduser("x"))
'

#### environment variables from the shell
export APP_MODE=test APP_LEVEL=3
python3 -c '
import os
print(os.environ["APP_MODE"], int(os.environ.get("APP_LEVEL", "0")) + 1)
print(os.environ.get("APP_UNSET", "default"), os.getenv("APP_UNSET"))
print("APP_MODE" in os.environ)
'
APP_ONCE=1 python3 -c 'import os; print(os.environ.get("APP_ONCE"))'
