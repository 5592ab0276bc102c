# python3 the way agents call it: -c, heredocs, stdin, arguments, exit statuses.

#### print from -c
python3 -c 'print("hello", 1 + 2)'

#### arguments
python3 -c 'import sys; print(sys.argv[1:])' a 'b c' --flag

#### heredoc script
python3 - <<'PY'
total = 0
for i in range(10):
    total += i * i
print(total)
PY

#### script on stdin
echo 'print(sum(range(101)))' | python3

#### sys.exit with a status
python3 -c 'import sys; sys.exit(7)'; echo "status $?"

#### sys.exit with a message
## stderr
python3 -c 'import sys; sys.exit("fatal: nope")'; echo "status $?"

#### uncaught exception is status 1
python3 -c 'raise KeyError("k")' 2>/dev/null; echo "status $?"

#### usage error is status 2
python3 -Z 2>/dev/null; echo "status $?"

#### missing script file
python3 nosuch.py 2>/dev/null; echo "status $?"

#### script file with arguments
cat > s.py <<'PY'
import sys
print(len(sys.argv), sys.argv[0], sys.argv[1:])
PY
python3 s.py x y

#### shebang script run directly
printf '#!/usr/bin/env python3\nprint("from shebang")\n' > run.py
chmod +x run.py
./run.py

#### a script's __file__ is the cwd joined to its path; sys.argv[0] as written; sys.path[0] its directory
mkdir -p sub
printf 'import os, sys\nprint(__file__.replace(os.getcwd(), "CWD"), sys.argv[0], sys.path[0].replace(os.getcwd(), "CWD"))\n' > sub/s.py
python3 sub/s.py
python3 ./sub/s.py
cd sub && python3 s.py

#### a script that cannot be opened: status 2, its absolute path in the message
python3 nofile.py 2>&1 | sed "s|^.*python3: |python3: |; s|$PWD|CWD|"
python3 nofile.py 2>/dev/null; echo "status $?"
mkdir -p d; python3 d/x.py 2>&1 | sed "s|^.*python3: |python3: |; s|$PWD|CWD|"

#### a traceback names the script by its absolute path
printf 'def f():\n    1/0\nf()\n' > t.py
python3 t.py 2>&1 | sed "s|$PWD|CWD|" | grep File

#### PYTHONPATH's directories are searched first, made absolute; -E and -I ignore it
mkdir -p lib other && echo 'X = 42' > lib/mymod.py && echo 'Y = 7' > other/two.py
PYTHONPATH=lib:other python3 -c 'import mymod, two, sys; print(mymod.X, two.Y, sys.path[1].replace(__import__("os").getcwd(), "CWD"))'
PYTHONPATH=lib python3 -E -c 'import mymod' 2>/dev/null; echo "status $?"
PYTHONPATH=lib python3 -I -c 'import mymod' 2>/dev/null; echo "status $?"
PYTHONPATH=lib python3 -c 'import mymod; print(mymod.__file__.replace(__import__("os").getcwd(), "CWD"))'
