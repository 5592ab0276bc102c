# collections, itertools and functools the way agents reach for them.

#### word frequency with Counter
printf 'the cat sat on the mat\nthe dog sat\n' > words.txt
python3 -c '
from collections import Counter
c = Counter(open("words.txt").read().split())
for w, n in sorted(c.most_common(), key=lambda kv: (-kv[1], kv[0]))[:4]:
    print(w, n)
print(sum(c.values()), len(c))
'

#### Counter arithmetic
python3 -c '
from collections import Counter
a = Counter(apples=3, pears=1)
b = Counter(apples=1, plums=2)
print(sorted((a + b).items()))
print(sorted((a - b).items()))
print(sorted((a & b).items()), sorted((a | b).items()))
print(a["missing"])
'

#### defaultdict grouping of files by extension
python3 -c '
from collections import defaultdict
import os.path
files = ["a.py", "b.txt", "c.py", "d", "e.tar.gz", "f.TXT"]
g = defaultdict(list)
for f in files:
    g[os.path.splitext(f)[1].lower() or "(none)"].append(f)
for ext in sorted(g):
    print(ext, g[ext])
'

#### deque as a tail -n buffer
seq 1 100 | python3 -c '
import sys
from collections import deque
last = deque(sys.stdin, maxlen=3)
print("".join(last), end="")
d = deque([1, 2, 3]); d.rotate(1); d.appendleft(0)
print(list(d))
'

#### namedtuple records
python3 -c '
from collections import namedtuple
Point = namedtuple("Point", "x y")
p = Point(3, 4)
print(p, p.x, p._asdict())
q = p._replace(y=10)
print(q, tuple(q), Point._fields)
print(Point._make([1, 2]))
'

#### OrderedDict as an LRU cache
python3 - <<'PY'
from collections import OrderedDict
class LRU:
    def __init__(self, cap):
        self.cap, self.d = cap, OrderedDict()
    def get(self, k):
        if k not in self.d:
            return None
        self.d.move_to_end(k)
        return self.d[k]
    def put(self, k, v):
        self.d[k] = v
        self.d.move_to_end(k)
        if len(self.d) > self.cap:
            print("evict", self.d.popitem(last=False))
c = LRU(2)
c.put("a", 1); c.put("b", 2); c.get("a"); c.put("c", 3)
print(list(c.d.items()))
PY

#### ChainMap for layered settings
python3 -c '
from collections import ChainMap
defaults = {"color": "red", "user": "guest", "debug": False}
env = {"user": "admin"}
cli = {"debug": True}
cfg = ChainMap(cli, env, defaults)
print(cfg["color"], cfg["user"], cfg["debug"])
print(sorted(cfg.keys()))
'

#### groupby over sorted records
python3 -c '
from itertools import groupby
from operator import itemgetter
rows = [("eng", "ann"), ("ops", "bob"), ("eng", "cid"), ("ops", "dee"), ("hr", "eve")]
for dept, grp in groupby(sorted(rows), key=itemgetter(0)):
    print(dept, [n for _, n in grp])
'

#### combinatorics
python3 -c '
from itertools import combinations, permutations, product, combinations_with_replacement
print(list(combinations("abc", 2)))
print(len(list(permutations(range(4)))))
print(["".join(p) for p in product("01", repeat=3)])
print(list(combinations_with_replacement([1, 2], 2)))
'

#### chain, islice, accumulate, zip_longest
python3 -c '
from itertools import chain, islice, accumulate, zip_longest, count, cycle, repeat, takewhile, dropwhile
import operator
print(list(chain([1, 2], (3,), "ab")))
print(list(islice(count(10, 5), 4)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3, 4], operator.mul)))
print(list(zip_longest("ab", "xyz", fillvalue="-")))
print(list(islice(cycle("ab"), 5)), list(repeat(7, 3)))
print(list(takewhile(lambda x: x < 3, [1, 2, 3, 1])), list(dropwhile(lambda x: x < 3, [1, 2, 3, 1])))
'

#### batching into chunks of n
python3 -c '
from itertools import islice
def chunks(it, n):
    it = iter(it)
    while batch := list(islice(it, n)):
        yield batch
print(list(chunks(range(10), 4)))
'

#### functools: lru_cache, reduce, partial, total_ordering
python3 - <<'PY'
from functools import lru_cache, reduce, partial, total_ordering, cmp_to_key
@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), fib.cache_info().hits > 0)
print(reduce(lambda a, b: a * b, range(1, 11)))
int2 = partial(int, base=2)
print(int2("101010"))
@total_ordering
class V:
    def __init__(self, s): self.t = tuple(map(int, s.split(".")))
    def __eq__(self, o): return self.t == o.t
    def __lt__(self, o): return self.t < o.t
print(V("1.10") > V("1.9"), V("2.0") <= V("2.0"))
print(sorted(["b10", "a2", "b9"], key=cmp_to_key(lambda a, b: (a > b) - (a < b))))
PY

#### heapq top-N and merging sorted streams
python3 -c '
import heapq
scores = {"a": 50, "b": 91, "c": 77, "d": 91, "e": 12}
print(heapq.nlargest(3, scores.items(), key=lambda kv: (kv[1], kv[0])))
print(heapq.nsmallest(2, scores.values()))
print(list(heapq.merge([1, 4, 9], [2, 3, 10], [5])))
h = []
for x in [5, 1, 4]: heapq.heappush(h, x)
print([heapq.heappop(h) for _ in range(3)])
'

#### bisect for grade boundaries
python3 -c '
import bisect
def grade(score, breakpoints=[60, 70, 80, 90], grades="FDCBA"):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])
a = [1, 2, 4, 4, 8]
bisect.insort(a, 5)
print(a, bisect.bisect_left(a, 4), bisect.bisect_right(a, 4))
'
