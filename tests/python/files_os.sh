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

#### a log kept open across its rotation
python3 - <<'PY'
import os
log = open("app.log", "w")
log.write("before rotation\n"); log.flush()
os.rename("app.log", "app.log.1")
log.write("after rotation\n"); log.close()
print(sorted(os.listdir(".")))
PY
cat app.log.1

#### TemporaryFile leaves nothing behind
mkdir scratch
python3 - <<'PY'
import tempfile, os
with tempfile.TemporaryFile(dir="scratch") as f:
    f.write(b"spill " * 1000)
    f.seek(0)
    print(len(f.read()), os.fstat(f.fileno()).st_size)
    print(os.listdir("scratch"))
print(os.listdir("scratch"))
PY
ls scratch | wc -l

#### a file removed while open stays readable and writable
printf 'kept\n' > doomed.txt
python3 - <<'PY'
import os
f = open("doomed.txt", "r+")
os.remove("doomed.txt")
print(os.path.exists("doomed.txt"), f.read(), end="")
f.write("more\n"); f.seek(0)
print(f.read().split(), os.fstat(f.fileno()).st_nlink)
f.close()
print(os.path.exists("doomed.txt"))
PY

#### os.replace over a file that is open for reading
printf 'old config\n' > cfg.txt
python3 - <<'PY'
import os
reader = open("cfg.txt")
with open("cfg.txt.new", "w") as w:
    w.write("new config\n")
os.replace("cfg.txt.new", "cfg.txt")
print(reader.read(), end="")
reader.close()
print(open("cfg.txt").read(), end="")
PY
cat cfg.txt

#### writing through a symlink to a missing file creates its target
python3 - <<'PY'
import os
os.symlink("created.txt", "link.txt")
print(os.path.exists("link.txt"))
with open("link.txt", "w") as f:
    f.write("through the link\n")
print(os.path.islink("link.txt"), sorted(os.listdir(".")))
try:
    open("link.txt", "x")
except FileExistsError:
    print("x mode refuses the link")
PY
cat created.txt

#### a path written with a trailing slash must be a directory
echo x > f.txt && mkdir d && ln -s d dlink
python3 - <<'PY'
import os
for desc, fn in [("open f.txt/", lambda: open("f.txt/")),
                 ("stat f.txt/", lambda: os.stat("f.txt/")),
                 ("listdir f.txt/.", lambda: os.listdir("f.txt/.")),
                 ("remove f.txt/", lambda: os.remove("f.txt/")),
                 ("create new/", lambda: open("new/", "w"))]:
    try:
        fn()
        print(desc, "ok")
    except OSError as e:
        print(desc, type(e).__name__, e.strerror)
print(os.path.isdir("d/"), os.path.isdir("dlink/"), os.path.islink("dlink"), os.path.islink("dlink/"))
print(os.path.exists("f.txt"), os.path.exists("f.txt/"))
PY

#### errors of rename, link and rmdir on the wrong kind of file
echo x > f.txt && mkdir d && mkdir -p full/x
python3 - <<'PY'
import os
for desc, fn in [("rename file over dir", lambda: os.rename("f.txt", "d")),
                 ("rename dir over file", lambda: os.rename("d", "f.txt")),
                 ("rename dir over non-empty dir", lambda: os.rename("d", "full")),
                 ("rmdir a file", lambda: os.rmdir("f.txt")),
                 ("mkdir over a file", lambda: os.mkdir("f.txt")),
                 ("hard link a dir", lambda: os.link("d", "d2")),
                 ("symlink over a file", lambda: os.symlink("x", "f.txt")),
                 ("readlink a file", lambda: os.readlink("f.txt")),
                 ("rename missing", lambda: os.rename("nope", "x"))]:
    try:
        fn()
        print(desc, "ok")
    except OSError as e:
        print(desc, type(e).__name__, e.strerror)
PY
ls

#### hard links share their bytes
echo one > orig.txt
python3 - <<'PY'
import os
os.link("orig.txt", "alias.txt")
with open("alias.txt", "a") as f:
    f.write("two\n")
print(open("orig.txt").read().split(), os.stat("orig.txt").st_nlink, os.path.samefile("orig.txt", "alias.txt"))
os.remove("orig.txt")
print(open("alias.txt").read().split(), os.stat("alias.txt").st_nlink)
PY

#### read, append and update modes on one file
python3 - <<'PY'
with open("m.txt", "w") as f:
    f.write("abc\n")
with open("m.txt", "a+") as f:
    f.write("def\n"); f.seek(0); print(repr(f.read()))
with open("m.txt", "r+") as f:
    f.seek(0, 2); f.write("!"); f.seek(1); f.write("B")
with open("m.txt") as f:
    print(repr(f.read()))
with open("m.txt", "w+") as f:
    f.write("xyz"); f.seek(0); print(repr(f.read()))
PY
cat m.txt; echo

#### a file grown by seeking past its end
python3 - <<'PY'
import os
with open("sparse.bin", "wb") as f:
    f.seek(1000)
    f.write(b"end")
print(os.path.getsize("sparse.bin"))
fd = os.open("sparse.bin", os.O_RDWR | os.O_APPEND)
os.lseek(fd, 0, os.SEEK_SET)
os.write(fd, b"tail")
print(os.lseek(fd, 0, os.SEEK_CUR), os.fstat(fd).st_size)
os.close(fd)
PY
wc -c < sparse.bin
tail -c 7 sparse.bin; echo
head -c 1000 sparse.bin | tr -d '\0' | wc -c

#### os.open flags and file descriptors
python3 - <<'PY'
import os
fd = os.open("fd.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
print(os.write(fd, b"hello\n"), os.fstat(fd).st_size)
os.close(fd)
with os.fdopen(os.open("fd.txt", os.O_RDONLY)) as f:
    print(f.read(), end="")
try:
    os.open("fd.txt", os.O_WRONLY | os.O_CREAT | os.O_EXCL)
except FileExistsError:
    print("O_EXCL refused")
try:
    os.close(fd)
except OSError as e:
    print("closed twice:", type(e).__name__, e.strerror)
PY

#### a directory with many entries lists them all
mkdir big
python3 -c '
for i in range(500):
    open(f"big/entry_with_a_fairly_long_name_{i:04d}.txt", "w").close()
'
ls big | wc -l
python3 -c '
import os
names = os.listdir("big")
print(len(names), len(set(names)), sum(1 for _ in os.scandir("big")))
print(sorted(names)[0], sorted(names)[-1])
'

#### writing to /dev/null and reading /dev/stdin by name
echo 'piped in' | python3 -c '
print(open("/dev/stdin").read(), end="")
with open("/dev/null", "w") as f:
    print(f.write("gone"))
print(repr(open("/dev/null").read()))
'
python3 -c 'open("/dev/stdout", "w").write("via /dev/stdout\n")'
python3 -c 'open("/dev/stderr", "w").write("via /dev/stderr\n")' 2>&1 >/dev/null

#### mtime moves when python writes
echo a > m.txt && touch -d @1000000000 m.txt
python3 -c '
import os
before = os.path.getmtime("m.txt")
with open("m.txt", "a") as f:
    f.write("b\n")
print(before, os.path.getmtime("m.txt") > before)
'
find m.txt -newermt '2001-09-10' | wc -l

#### shutil.copy2 keeps the mtime, copyfile does not need it
echo data > a.txt && touch -d @1234567890 a.txt
python3 - <<'PY'
import os, shutil
shutil.copy2("a.txt", "b.txt")
shutil.copyfile("a.txt", "c.txt")
print(int(os.stat("b.txt").st_mtime), int(os.stat("c.txt").st_mtime) != 1234567890)
os.utime("b.txt", ns=(1500000000123456789, 1500000000123456789))
print(os.stat("b.txt").st_mtime_ns)
PY
stat -c %Y a.txt b.txt

#### permission bits: os.stat shows them, os.chmod changes them for the shell too, shutil.copy keeps them
echo x > f && chmod 640 f
python3 -c '
import os, stat, shutil, pathlib
print(oct(stat.S_IMODE(os.stat("f").st_mode)), stat.filemode(os.stat("f").st_mode))
os.chmod("f", 0o755)
print(oct(stat.S_IMODE(os.stat("f").st_mode)), os.access("f", os.X_OK))
shutil.copy("f", "g"); print(oct(pathlib.Path("g").stat().st_mode & 0o777))
os.chmod("g", 0o600); print(os.access("g", os.X_OK))
pathlib.Path("h").write_text("y"); pathlib.Path("h").chmod(0o444); print(oct(os.lstat("h").st_mode & 0o777))
try:
    os.chmod("nope", 0o600)
except FileNotFoundError as e:
    print("FileNotFoundError", e.filename)
'
stat -c '%a %n' f g h

#### a script made executable from Python runs from the shell
python3 -c '
import os
with open("run.sh", "w") as f:
    f.write("#!/bin/sh\necho ran $1\n")
os.chmod("run.sh", 0o755)
'
./run.sh ok
