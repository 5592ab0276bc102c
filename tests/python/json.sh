# JSON the way agents munge it: API responses from curl-like input, config files, reports.

#### pretty-print a response piped in
echo '{"name":"sandsh","tags":["shell","wasm"],"stars":42,"meta":{"ok":true,"x":null}}' |
python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin), indent=2, sort_keys=True))'

#### pick fields from a list of users
cat > users.json <<'JSON'
[{"id": 1, "name": "ana", "email": "ana@example.com", "active": true},
 {"id": 2, "name": "bo", "email": "bo@example.com", "active": false},
 {"id": 3, "name": "cy", "email": "cy@example.org", "active": true}]
JSON
python3 - <<'PY'
import json
with open("users.json") as f:
    users = json.load(f)
active = [u["name"] for u in users if u["active"]]
print("active:", ", ".join(active))
domains = sorted({u["email"].split("@")[1] for u in users})
print("domains:", domains)
PY

#### transform and write back, then the shell reads it
printf '{"version": "1.2.3", "deps": {"a": "^1", "b": "~2"}}\n' > package.json
python3 - <<'PY'
import json
data = json.load(open("package.json"))
major, minor, patch = map(int, data["version"].split("."))
data["version"] = f"{major}.{minor}.{patch + 1}"
data["deps"]["c"] = "3.0"
with open("package.json", "w") as f:
    json.dump(data, f, indent=2)
    f.write("\n")
PY
cat package.json
grep -c '"' package.json

#### json lines aggregation
cat > events.jsonl <<'JSON'
{"user": "a", "event": "login", "ms": 120}
{"user": "b", "event": "login", "ms": 80}
{"user": "a", "event": "click", "ms": 15}
{"user": "a", "event": "logout", "ms": 5}
{"user": "b", "event": "click", "ms": 22}
JSON
python3 - <<'PY'
import json
from collections import defaultdict
per_user = defaultdict(lambda: {"count": 0, "ms": 0})
with open("events.jsonl") as f:
    for line in f:
        e = json.loads(line)
        per_user[e["user"]]["count"] += 1
        per_user[e["user"]]["ms"] += e["ms"]
for user in sorted(per_user):
    s = per_user[user]
    print(f"{user}: {s['count']} events, {s['ms']} ms total")
PY

#### invalid json is reported with its position
echo '{"a": 1, "b": }' | python3 -c '
import json, sys
try:
    json.load(sys.stdin)
except json.JSONDecodeError as e:
    print("bad json at line", e.lineno, "column", e.colno, "pos", e.pos)
    sys.exit(3)
'; echo "status $?"

#### unicode and ensure_ascii
python3 -c '
import json
d = {"city": "Zürich", "emoji": "\u2603", "jp": "東京"}
print(json.dumps(d))
print(json.dumps(d, ensure_ascii=False))
'

#### separators for compact output
python3 -c 'import json; print(json.dumps({"a": [1, 2, {"b": None}], "c": 1.5}, separators=(",", ":")))'

#### custom encoder for dates and sets
python3 - <<'PY'
import json, datetime, decimal
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, (datetime.date, datetime.datetime)):
            return o.isoformat()
        if isinstance(o, set):
            return sorted(o)
        if isinstance(o, decimal.Decimal):
            return str(o)
        return super().default(o)
print(json.dumps({"when": datetime.date(2024, 2, 29), "ids": {3, 1, 2}, "price": decimal.Decimal("9.99")}, cls=Enc))
try:
    json.dumps({"x": object()})
except TypeError:
    print("TypeError for object()")
PY

#### nested lookup with a dotted path from argv
echo '{"spec": {"containers": [{"name": "web", "image": "nginx:1.25", "ports": [{"containerPort": 80}]}]}}' > pod.json
cat > get.py <<'PY'
import json, sys
def get(obj, path):
    for part in path.split("."):
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    return obj
data = json.load(open(sys.argv[1]))
for p in sys.argv[2:]:
    try:
        print(p, "=", json.dumps(get(data, p)))
    except (KeyError, IndexError):
        print(p, "missing")
PY
python3 get.py pod.json spec.containers.0.image spec.containers.0.ports.0.containerPort spec.volumes spec.containers.3

#### object_pairs_hook keeps duplicates visible
python3 -c '
import json
pairs = json.loads("{\"a\": 1, \"a\": 2, \"b\": 3}", object_pairs_hook=lambda p: p)
print(pairs)
print(json.loads("{\"a\": 1, \"a\": 2}"))
'

#### floats, big ints and special values
python3 -c '
import json
print(json.dumps([1.0, 0.1, 1e100, 12345678901234567890, -0.0]))
print(json.loads("[1.5e3, 10000000000000000000000, 3]"))
print(json.dumps(float("nan")), json.dumps(float("inf")))
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError:
    print("ValueError with allow_nan=False")
print(json.loads("NaN") != json.loads("NaN"))
'

#### merge two config files, the override wins
echo '{"debug": false, "db": {"host": "localhost", "port": 5432}, "features": ["a"]}' > base.json
echo '{"debug": true, "db": {"port": 6543}, "features": ["b"]}' > override.json
python3 - <<'PY'
import json
def merge(a, b):
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out
cfg = merge(json.load(open("base.json")), json.load(open("override.json")))
json.dump(cfg, open("merged.json", "w"), sort_keys=True)
PY
cat merged.json; echo

#### json to a tab-separated table for the shell to sort
cat > rows.py <<'PY'
import json, sys
for r in json.load(sys.stdin):
    print(f"{r['n']}\t{r['v']}")
PY
echo '[{"n":"b","v":2},{"n":"a","v":10},{"n":"c","v":1}]' | python3 rows.py | sort -t "$(printf '\t')" -k2 -n
