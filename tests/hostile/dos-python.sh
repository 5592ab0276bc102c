# python3 (issue 41): CPython in wasmtime inside the session's limits. Every case runs with
# --timeout 3 and a 256 MiB memory budget; none may crash, hang past the timeout or grow past
# the budget (the guest's linear memory is charged to it).

#### a busy loop ends at the timeout
python3 -c 'while True: pass'
## expect: stop

#### a loop printing nothing but allocating ends at the timeout or the budget
python3 -c 'l = []
while True: l.append("x" * 1000)'
## expect: stop

#### a huge string is refused by the budget
python3 -c 's = "a" * 10**10; print(len(s))'
## expect: stop

#### a huge bytearray is refused by the budget
python3 -c 'b = bytearray(10**11); print(len(b))'
## expect: stop

#### deep recursion is a RecursionError
python3 -c 'import sys
def f(n): return f(n + 1)
f(0)'
## expect: stop
## stderr: RecursionError

#### deep recursion with the limit raised past the stack
python3 -c 'import sys
sys.setrecursionlimit(10**7)
def f(n): return f(n + 1)
f(0)'
## expect: stop

#### fork is not there
python3 -c 'import os; os.fork()'
## expect: stop

#### a thread cannot start
python3 -c 'import threading; threading.Thread(target=print).start()'
## expect: stop

#### an import loop between modules the script wrote
printf 'import b\n' > a.py; printf 'import a\nimport sys\nsys.setrecursionlimit(10**6)\nimport importlib\nwhile True: importlib.reload(a)\n' > b.py
python3 -c 'import a'
## expect: stop

#### printing for ever into a pipe that closed
python3 -c 'while True: print("y" * 100)' | head -c 10
## expect: any

#### printing for ever past the output limit
python3 -c 'while True: print("y" * 1000)'
## expect: stop

#### a process bomb through subprocess stays in the session
python3 -c 'import subprocess
while True: subprocess.run(["python3", "-c", "import subprocess; subprocess.run([\"true\"])"])'
## expect: stop

#### a socket is refused
python3 -c 'import socket; s = socket.socket(); s.connect(("127.0.0.1", 22))'
## expect: stop

#### urllib to a host outside the allowlist is refused
python3 -c 'import urllib.request; urllib.request.urlopen("http://127.0.0.1:1/")'
## expect: stop
## stderr: allow

#### reading the host's files is not possible
python3 -c 'print(open("/etc/shadow").read())'
## expect: stop
