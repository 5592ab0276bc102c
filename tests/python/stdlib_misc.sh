# The small standard-library modules agents use with fixed input.

#### hashlib digests of a file agree with the shell
printf 'hello world\n' > h.txt
python3 -c '
import hashlib
data = open("h.txt", "rb").read()
for name in ["md5", "sha1", "sha256", "sha512"]:
    print(name, hashlib.new(name, data).hexdigest()[:32])
'
sha256sum h.txt | cut -c1-32
md5sum h.txt | cut -d" " -f1

#### hashlib incremental and file_digest-free chunking
seq 1 50000 > big.txt
python3 -c '
import hashlib
h = hashlib.sha256()
with open("big.txt", "rb") as f:
    for block in iter(lambda: f.read(4096), b""):
        h.update(block)
print(h.hexdigest())
print(hashlib.blake2b(b"abc", digest_size=16).hexdigest(), hashlib.sha3_256(b"").hexdigest()[:16])
'
sha256sum big.txt | cut -d" " -f1

#### hmac signature
python3 -c '
import hmac, hashlib
sig = hmac.new(b"secret", b"payload", hashlib.sha256).hexdigest()
print(sig)
print(hmac.compare_digest(sig, sig), hmac.compare_digest(sig, "0" * 64))
'

#### base64 round trips with the shell
printf 'user:pass' | base64
python3 -c 'import base64; print(base64.b64encode(b"user:pass").decode())'
echo 'dXNlcjpwYXNz' | python3 -c 'import base64, sys; print(base64.b64decode(sys.stdin.read()).decode())'
python3 -c 'import base64; print(base64.urlsafe_b64encode(bytes([251, 255, 191])), base64.b32encode(b"hi"), base64.b16encode(b"\x01\xab"))'
python3 -c 'import base64; print(base64.b64encode(bytes(range(100))).decode())' | base64 -d | od -An -tu1 | tail -1

#### urllib.parse for URLs and query strings
python3 - <<'PY'
from urllib.parse import urlparse, parse_qs, urlencode, quote, unquote, urljoin, urlunparse, parse_qsl
u = urlparse("https://user@api.example.com:8443/v1/items?limit=10&tag=a&tag=b#frag")
print(u.scheme, u.hostname, u.port, u.path, u.fragment, u.username)
print(parse_qs(u.query), parse_qsl(u.query))
print(urlencode({"q": "a b&c", "page": 2}), urlencode([("t", "x"), ("t", "y")]))
print(quote("/path with spaces/ü"), quote("a/b", safe=""), unquote("%E6%9D%B1%20x"))
print(urljoin("https://e.com/a/b/c", "../d"), urljoin("https://e.com/a/", "/root"))
print(urlunparse(u._replace(query="", fragment="")))
PY

#### textwrap fill, wrap, dedent, indent, shorten
python3 - <<'PY'
import textwrap
text = "The quick brown fox jumps over the lazy dog. " * 3
print(textwrap.fill(text.strip(), width=30))
print(textwrap.wrap("a b c d e f g", width=5))
print(textwrap.dedent("""
    def f():
        return 1
""").strip())
print(textwrap.indent("one\ntwo\n\nthree", "> "))
print(textwrap.shorten("Hello world, this is a long sentence", width=20))
PY

#### statistics over a column of numbers
printf '12\n15\n11\n19\n15\n22\n15\n10\n' | python3 -c '
import sys, statistics as st
xs = [float(l) for l in sys.stdin]
print(st.mean(xs), st.median(xs), st.mode(xs), st.median_low(xs), st.median_high(xs))
print(round(st.stdev(xs), 6), round(st.pstdev(xs), 6), round(st.variance(xs), 6))
print(st.quantiles(xs, n=4), st.harmonic_mean([1, 2, 4]))
'

#### math functions
python3 -c '
import math
print(math.sqrt(2), math.pi, math.e)
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), round(2.5), round(3.5), round(2.675, 2))
print(math.gcd(48, 180), math.lcm(4, 6), math.factorial(20), math.comb(10, 3), math.perm(5, 2))
print(math.isclose(0.1 + 0.2, 0.3), 0.1 + 0.2, math.fsum([0.1] * 10))
print(math.log(100, 10), math.log2(1024), math.log10(0.001), math.hypot(3, 4), math.dist((0, 0), (1, 1)))
print(math.isqrt(10**20 + 1), math.inf > 10**308, math.isnan(math.nan), math.copysign(1, -0.0))
print(math.degrees(math.pi), round(math.sin(math.pi / 6), 12), math.atan2(1, 1) * 4)
'

#### struct pack and unpack a binary header
python3 - <<'PY'
import struct
hdr = struct.pack("<4sHHI", b"DATA", 1, 2, 123456)
open("h.bin", "wb").write(hdr + b"payload")
print(len(hdr), struct.calcsize("<4sHHI"), struct.calcsize("@i"))
magic, major, minor, size = struct.unpack_from("<4sHHI", open("h.bin", "rb").read())
print(magic, major, minor, size)
print(struct.pack(">I", 1).hex(), struct.pack("<d", 1.5).hex(), struct.unpack(">h", b"\xff\xfe"))
print(list(struct.iter_unpack("<H", b"\x01\x00\x02\x00")))
PY
od -An -tx1 -N8 h.bin

#### decimal money arithmetic
python3 -c '
from decimal import Decimal, ROUND_HALF_UP, getcontext
prices = [Decimal("19.99"), Decimal("5.01"), Decimal("0.10")]
total = sum(prices)
tax = (total * Decimal("0.0825")).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
print(total, tax, total + tax)
print(Decimal(1) / Decimal(7))
getcontext().prec = 5
print(Decimal(1) / Decimal(7), Decimal("1.10") + Decimal("2.205"))
print(Decimal("0.1") + Decimal("0.2") == Decimal("0.3"), 0.1 + 0.2 == 0.3)
'

#### fractions
python3 -c '
from fractions import Fraction
a = Fraction(3, 4) + Fraction(1, 6)
print(a, float(a), a.numerator, a.denominator)
print(Fraction("0.125"), Fraction(1, 3) * 3, Fraction(7, 3).limit_denominator(2), Fraction(10, 4))
print(sum(Fraction(1, n) for n in range(1, 6)))
'

#### string module and str methods
python3 -c '
import string
print(string.ascii_lowercase, string.digits, string.punctuation)
t = string.Template("Hello $name, you owe $$${amount}")
print(t.substitute(name="Ann", amount="5"))
print(t.safe_substitute(name="Bob"))
print(string.capwords("the  quick brown"), "snake_case_name".title().replace("_", ""))
print("a,b,,c".split(","), "  pad ".strip(), "x".center(7, "*"), "42".zfill(5), "ab".ljust(4, ".") + "|")
print("Hello".swapcase(), "abc".translate(str.maketrans("abc", "xyz")), "%-5s|%05.1f|%x" % ("ab", 3.14159, 255))
print(f"{1234567.891:,.2f} {0.25:.1%} {42:>6} {42:<6}| {255:#x} {5:08b} {3.0:g} {1e-7:g}")
'

#### uuid from fixed input
python3 -c '
import uuid
u = uuid.UUID("12345678-1234-5678-1234-567812345678")
print(u, u.hex, u.version, u.int % 1000)
print(uuid.uuid5(uuid.NAMESPACE_DNS, "example.com"))
print(uuid.uuid3(uuid.NAMESPACE_URL, "https://example.com/"))
print(len(str(uuid.uuid4())), uuid.uuid4().version)
'

#### random with a seed is reproducible
python3 -c '
import random
random.seed(42)
print(random.randint(1, 100), random.random(), random.choice("abcdef"))
r = random.Random(7)
xs = list(range(10)); r.shuffle(xs)
print(xs, r.sample(range(100), 3))
'

#### zlib, binascii and crc32
python3 -c '
import zlib, binascii
data = b"aaaaaaaaaabbbbbbbbbb" * 10
c = zlib.compress(data)
print(len(data), zlib.decompress(c) == data, zlib.crc32(b"hello"), zlib.adler32(b"hello"))
print(binascii.hexlify(b"\x00\xffab"), binascii.unhexlify("48656c6c6f"), binascii.crc32(b"hello"))
'
printf 'hello' | gzip -c | tail -c8 | od -An -tu4 | head -1 | awk '{print $1}'

#### html and xml escaping, xml parsing
python3 - <<'PY'
import html
import xml.etree.ElementTree as ET
print(html.escape('<a href="x">&</a>'), html.unescape("&lt;p&gt; &amp; &#x41; &eacute;"))
root = ET.fromstring('<feed><item id="1"><title>One</title></item><item id="2"><title>Two</title></item></feed>')
for item in root.iter("item"):
    print(item.get("id"), item.findtext("title"))
root.append(ET.Element("item", id="3"))
print(len(root.findall("item")), ET.tostring(root.find("item")).decode())
PY

#### shlex splitting and quoting
python3 -c '
import shlex
print(shlex.split("cp \"my file.txt\" dest/ --flag=\"a b\" it\\'"'"'s"))
print(shlex.quote("it'"'"'s here"), shlex.quote("safe"), shlex.join(["echo", "a b", "c"]))
'

#### pprint of nested structures
python3 -c '
from pprint import pprint, pformat
data = {"users": [{"name": "ann", "roles": ["admin", "dev"], "id": i} for i in range(3)], "total": 3}
pprint(data, width=60, sort_dicts=True)
print(pformat([1, 2, 3]))
'

#### difflib between two versions of a file
printf 'a\nb\nc\nd\n' > v1.txt
printf 'a\nB\nc\nd\ne\n' > v2.txt
python3 -c '
import difflib
a = open("v1.txt").readlines(); b = open("v2.txt").readlines()
print("".join(difflib.unified_diff(a, b, "v1.txt", "v2.txt")), end="")
print(difflib.get_close_matches("appel", ["ape", "apple", "peach", "puppy"]))
print(round(difflib.SequenceMatcher(None, "kitten", "sitting").ratio(), 4))
'

#### configparser reads an ini the shell wrote
cat > app.ini <<'INI'
[server]
host = 0.0.0.0
port = 8080
debug = yes

[db]
url = postgres://localhost/app
pool = 5
INI
python3 - <<'PY'
import configparser
c = configparser.ConfigParser()
c.read("app.ini")
print(c.sections(), c["server"]["host"], c.getint("server", "port"), c.getboolean("server", "debug"))
print(c.get("db", "pool"), c.get("db", "timeout", fallback="30"))
c["db"]["pool"] = "10"
with open("app.ini", "w") as f:
    c.write(f)
PY
grep pool app.ini

#### itertools-free bit tricks and int formatting
python3 -c '
n = 0b1011_0110
print(n, bin(n), oct(n), hex(n), n.bit_length(), bin(n).count("1"))
print(int("ff", 16), int("0o17", 0), int("1_000"), (255).to_bytes(2, "big"), int.from_bytes(b"\x01\x00", "little"))
print(divmod(-7, 2), -7 // 2, -7 % 2, 2 ** 100, pow(3, 200, 1000), pow(3, -1, 7))
'
