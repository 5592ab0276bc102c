# Generators and lazy pipelines: reading large input in pieces, chaining stages.

#### generator pipeline over a log
printf 'INFO a\nERROR b\nINFO c\nERROR d\nWARN e\n' > app.log
python3 - <<'PY'
def read(path):
    with open(path) as f:
        for line in f:
            yield line.rstrip("\n")
def only(level, lines):
    return (l for l in lines if l.startswith(level))
def messages(lines):
    for l in lines:
        yield l.split(" ", 1)[1]
print(list(messages(only("ERROR", read("app.log")))))
PY

#### infinite generator with islice
python3 -c '
from itertools import islice
def primes():
    found = []
    n = 2
    while True:
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n
        n += 1
print(list(islice(primes(), 15)))
'

#### send, return value and yield from
python3 - <<'PY'
def averager():
    total = count = 0
    avg = None
    while True:
        x = yield avg
        if x is None:
            return (count, avg)
        total += x; count += 1
        avg = total / count
def wrapper(results):
    results.append((yield from averager()))
results = []
g = wrapper(results)
next(g)
for v in [10, 20, 60]:
    print(g.send(v))
try:
    g.send(None)
except StopIteration:
    pass
print(results)
PY

#### generator close and finally
python3 - <<'PY'
def gen():
    try:
        for i in range(10):
            yield i
    finally:
        print("cleanup")
g = gen()
print(next(g), next(g))
g.close()
print("closed")
for x in gen():
    if x == 2:
        break
print("after break")
PY

#### chunked reading of a big file
seq 1 100000 > nums.txt
python3 - <<'PY'
def chunks(f, size=8192):
    while True:
        b = f.read(size)
        if not b:
            return
        yield b
with open("nums.txt", "rb") as f:
    n = sum(c.count(b"\n") for c in chunks(f))
print(n)
with open("nums.txt") as f:
    print(sum(int(l) for l in f))
PY

#### generator expressions and laziness
python3 -c '
calls = []
def sq(x):
    calls.append(x)
    return x * x
g = (sq(x) for x in range(5))
print(calls)
print(next(g), next(g), calls)
print(sum(sq(x) for x in range(1, 4)), any(x > 3 for x in [1, 5, 2]), all([]))
'

#### iterator protocol by hand
python3 - <<'PY'
class Countdown:
    def __init__(self, n): self.n = n
    def __iter__(self): return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(5)))
it = iter([1, 2])
print(next(it), next(it), next(it, "done"))
PY

#### sliding window and pairwise
python3 -c '
from collections import deque
def window(it, n):
    d = deque(maxlen=n)
    for x in it:
        d.append(x)
        if len(d) == n:
            yield tuple(d)
print(list(window(range(6), 3)))
from itertools import tee
a, b = tee([1, 4, 9, 16]); next(b)
print([y - x for x, y in zip(a, b)])
'

#### generator with a context manager decorator
python3 - <<'PY'
from contextlib import contextmanager
import os
@contextmanager
def pushd(path):
    old = os.getcwd()
    os.chdir(path)
    try:
        yield path
    finally:
        os.chdir(old)
os.makedirs("sub/dir")
start = os.getcwd()
with pushd("sub/dir") as p:
    open("f.txt", "w").write("x")
    print("in", p, os.path.basename(os.getcwd()))
print(os.path.exists("sub/dir/f.txt"), os.getcwd() == start)
PY

#### flatten nested lists recursively
python3 -c '
def flatten(x):
    for i in x:
        if isinstance(i, (list, tuple)):
            yield from flatten(i)
        else:
            yield i
print(list(flatten([1, [2, [3, (4, 5)], []], [[6]], "ab"])))
'

#### stream stdin lazily line by line
seq 1 10 | python3 -c '
import sys
evens = (int(l) for l in sys.stdin if int(l) % 2 == 0)
squares = (n * n for n in evens)
print(list(squares))
'

#### enumerate, zip and dict comprehensions
python3 -c '
names = ["ann", "bob", "cid"]
ages = [31, 25, 40]
print(dict(zip(names, ages)))
print({n: i for i, n in enumerate(names, 1)})
print([(i, n.upper()) for i, n in enumerate(names) if i != 1])
print(list(zip(*[(1, "a"), (2, "b")])))
'
