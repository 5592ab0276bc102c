# Regular expressions the way agents use them: logs, versions, emails, substitutions.

#### parse an access log
cat > access.log <<'LOG'
10.0.0.1 - - [12/Mar/2024:10:00:01 +0000] "GET /index.html HTTP/1.1" 200 512
10.0.0.2 - - [12/Mar/2024:10:00:02 +0000] "POST /api/login HTTP/1.1" 401 64
10.0.0.1 - - [12/Mar/2024:10:00:03 +0000] "GET /missing HTTP/1.1" 404 0
10.0.0.3 - - [12/Mar/2024:10:00:04 +0000] "GET /index.html HTTP/1.1" 200 512
bad line here
LOG
python3 - <<'PY'
import re
from collections import Counter
pat = re.compile(r'^(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>\w+) (?P<path>\S+) [^"]+" (?P<status>\d{3}) (?P<size>\d+)$')
statuses, skipped, bytes_ = Counter(), 0, 0
for line in open("access.log"):
    m = pat.match(line.rstrip("\n"))
    if not m:
        skipped += 1
        continue
    statuses[m["status"]] += 1
    bytes_ += int(m["size"])
print(sorted(statuses.items()), "skipped", skipped, "bytes", bytes_)
PY

#### extract versions and sort them numerically
printf 'pkg-1.10.0.tar.gz\npkg-1.2.3.tar.gz\npkg-1.9.12.tar.gz\nREADME\n' |
python3 -c '
import re, sys
vs = [tuple(map(int, m.groups())) for l in sys.stdin if (m := re.search(r"(\d+)\.(\d+)\.(\d+)", l))]
print(".".join(map(str, max(vs))))
print([".".join(map(str, v)) for v in sorted(vs)])
'

#### sub with a function and backreferences
python3 -c '
import re
s = "price: 10 USD, tax: 2 USD, total: 12 USD"
print(re.sub(r"(\d+) USD", lambda m: f"${int(m.group(1)) * 100 / 100:.2f}", s))
print(re.sub(r"(\w+): (\d+)", r"\2=\1", s))
print(re.subn(r"USD", "EUR", s))
'

#### findall with and without groups
python3 -c '
import re
text = "Contact ana@example.com or bo.smith@mail.example.org; not@valid"
print(re.findall(r"[\w.]+@[\w-]+\.[\w.]+", text))
print(re.findall(r"([\w.]+)@([\w.-]+)\.(\w+)", text))
'

#### split on several separators
python3 -c '
import re
print(re.split(r"[;,\s]+", "a, b;c  d,,e"))
print(re.split(r"(\d)", "a1b2c"))
print(re.split(r"x*", "axbc"))
'

#### verbose pattern with flags
python3 - <<'PY'
import re
date = re.compile(r"""
    (?P<y>\d{4}) -   # year
    (?P<m>\d{2}) -   # month
    (?P<d>\d{2})     # day
""", re.VERBOSE)
for s in ["2024-03-12", "on 1999-12-31 at noon", "24-3-12"]:
    m = date.search(s)
    print(s, "->", m.groupdict() if m else None)
print(re.findall(r"^error", "Error one\nerror two\nERROR three", re.I | re.M))
PY

#### finditer positions and spans
python3 -c '
import re
for m in re.finditer(r"\bTODO\b", "x TODO y\nTODOs z TODO"):
    print(m.start(), m.end(), m.span())
'

#### grep-like script with arguments and exit status
cat > pgrep.py <<'PY'
import re, sys
pat = re.compile(sys.argv[1])
found = False
for path in sys.argv[2:]:
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if pat.search(line):
                found = True
                print(f"{path}:{n}:{line}", end="")
sys.exit(0 if found else 1)
PY
printf 'alpha\nbeta\ngamma\n' > a.txt
printf 'delta\nalphabet\n' > b.txt
python3 pgrep.py 'ph|ta$' a.txt b.txt; echo "status $?"
python3 pgrep.py 'zzz' a.txt; echo "status $?"

#### invalid pattern raises re.error
python3 -c '
import re
try:
    re.compile("(unclosed")
except re.error as e:
    print("re.error at", e.pos)
'

#### fullmatch for validation
python3 -c '
import re
ok = re.compile(r"[a-z][a-z0-9_]{2,15}")
for name in ["bob", "b", "bob_99", "Bob", "a" * 20, "x_y"]:
    print(f"{name!r:24} {bool(ok.fullmatch(name))}")
'

#### unicode word characters and escape
python3 -c '
import re
print(re.findall(r"\w+", "naïve café 東京 x_1"))
print(re.findall(r"\w+", "naïve café", re.ASCII))
print(re.escape("a.b*c?"))
'

#### lookahead for password rules
python3 -c '
import re
rule = re.compile(r"^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$")
for pw in ["abc", "abcdefgh", "Abcdefg1", "ABCDEFG1x"]:
    print(pw, "ok" if rule.match(pw) else "weak")
'
