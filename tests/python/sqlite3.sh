# sqlite3 from Python on database files the shell's sqlite3 command also reads and writes.

#### python creates a database, the sqlite3 command reads it
python3 - <<'PY'
import sqlite3
con = sqlite3.connect("app.db")
con.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER)")
con.executemany("INSERT INTO users (name, age) VALUES (?, ?)", [("ann", 31), ("bob", 25), ("cid", 40)])
con.commit()
con.close()
PY
sqlite3 app.db 'SELECT id, name, age FROM users ORDER BY age'
sqlite3 app.db 'SELECT count(*), sum(age) FROM users'

#### the sqlite3 command creates a database, python reads it
sqlite3 inv.db <<'SQL'
CREATE TABLE items (sku TEXT PRIMARY KEY, qty INTEGER, price REAL);
INSERT INTO items VALUES ('A1', 3, 2.5), ('B2', 0, 10.0), ('C3', 12, 0.75);
SQL
python3 -c '
import sqlite3
con = sqlite3.connect("inv.db")
for sku, qty, value in con.execute("SELECT sku, qty, qty * price FROM items WHERE qty > 0 ORDER BY sku"):
    print(sku, qty, value)
print(con.execute("SELECT name FROM sqlite_master WHERE type = ?", ("table",)).fetchall())
'

#### round trip: python updates what the shell wrote, the shell checks
sqlite3 t.db 'CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT); INSERT INTO kv VALUES ("a", "1"), ("b", "2");'
python3 -c '
import sqlite3
with sqlite3.connect("t.db") as con:
    con.execute("UPDATE kv SET v = v || ? WHERE k = ?", ("!", "a"))
    con.execute("INSERT INTO kv VALUES (?, ?)", ("c", "3"))
    con.execute("DELETE FROM kv WHERE k = ?", ("b",))
'
sqlite3 t.db 'SELECT * FROM kv ORDER BY k'
sqlite3 -header -csv t.db 'SELECT k, v FROM kv ORDER BY k DESC'

#### row factory and named columns
python3 - <<'PY'
import sqlite3
con = sqlite3.connect(":memory:")
con.row_factory = sqlite3.Row
con.execute("CREATE TABLE t (a, b)")
con.execute("INSERT INTO t VALUES (1, 'x')")
row = con.execute("SELECT a, b AS bee FROM t").fetchone()
print(row.keys(), row["a"], row["bee"], tuple(row), dict(row))
PY

#### transactions: rollback on error
python3 - <<'PY'
import sqlite3
con = sqlite3.connect("bank.db")
con.execute("CREATE TABLE acct (name TEXT PRIMARY KEY, bal INTEGER CHECK (bal >= 0))")
con.executemany("INSERT INTO acct VALUES (?, ?)", [("a", 100), ("b", 0)])
con.commit()
def transfer(src, dst, amt):
    try:
        with con:
            con.execute("UPDATE acct SET bal = bal + ? WHERE name = ?", (amt, dst))
            con.execute("UPDATE acct SET bal = bal - ? WHERE name = ?", (amt, src))
        return "ok"
    except sqlite3.IntegrityError:
        return "rejected"
print(transfer("a", "b", 30), transfer("a", "b", 500))
print(con.execute("SELECT * FROM acct ORDER BY name").fetchall())
con.close()
PY
sqlite3 bank.db 'SELECT name || "=" || bal FROM acct ORDER BY name'

#### errors are sqlite3 exceptions
python3 - <<'PY'
import sqlite3
con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT UNIQUE)")
con.execute("INSERT INTO u (email) VALUES ('a@x')")
for sql in ["INSERT INTO u (email) VALUES ('a@x')", "SELECT * FROM missing", "SELEC 1"]:
    try:
        con.execute(sql)
    except sqlite3.IntegrityError:
        print("IntegrityError")
    except sqlite3.OperationalError as e:
        print("OperationalError:", e)
PY

#### import a CSV into sqlite and aggregate
cat > sales.csv <<'CSV'
region,amount
north,10
south,5
north,7
east,3
south,1
CSV
python3 - <<'PY'
import csv, sqlite3
con = sqlite3.connect("sales.db")
con.execute("CREATE TABLE sales (region TEXT, amount INTEGER)")
with open("sales.csv", newline="") as f:
    con.executemany("INSERT INTO sales VALUES (:region, :amount)", csv.DictReader(f))
con.commit()
for region, total in con.execute("SELECT region, SUM(amount) FROM sales GROUP BY region ORDER BY 2 DESC"):
    print(f"{region}: {total}")
PY
sqlite3 sales.db 'SELECT count(*) FROM sales'

#### types and NULL round trip
python3 - <<'PY'
import sqlite3
con = sqlite3.connect("types.db")
con.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
con.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", (2**40, 1.25, "héllo", b"\x00\x01", None))
con.commit()
print(con.execute("SELECT i, r, s, b, n, typeof(i), typeof(r), typeof(b), typeof(n) FROM t").fetchone())
PY
sqlite3 types.db 'SELECT i, r, s, hex(b), n IS NULL, length(s) FROM t'

#### executescript, lastrowid and rowcount
python3 - <<'PY'
import sqlite3
con = sqlite3.connect(":memory:")
con.executescript("""
CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, msg TEXT);
INSERT INTO log (msg) VALUES ('one');
INSERT INTO log (msg) VALUES ('two');
""")
cur = con.execute("INSERT INTO log (msg) VALUES ('three')")
print(cur.lastrowid)
cur = con.execute("UPDATE log SET msg = upper(msg) WHERE id < 3")
print(cur.rowcount)
print([r[0] for r in con.execute("SELECT msg FROM log ORDER BY id")])
PY

#### a python function used in SQL
python3 - <<'PY'
import sqlite3, re
con = sqlite3.connect(":memory:")
con.create_function("regexp", 2, lambda p, s: 1 if re.search(p, s) else 0)
con.execute("CREATE TABLE f (name)")
con.executemany("INSERT INTO f VALUES (?)", [("a.py",), ("b.txt",), ("c.py",)])
print(con.execute("SELECT name FROM f WHERE name REGEXP ? ORDER BY name", (r"\.py$",)).fetchall())
print(con.execute("SELECT group_concat(name, '|') FROM (SELECT name FROM f ORDER BY name)").fetchone()[0])
PY

#### dump a database to SQL and load it in the shell
python3 - <<'PY'
import sqlite3
con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT)")
con.executemany("INSERT INTO p VALUES (?, ?)", [(1, "x"), (2, "it's")])
con.commit()
with open("dump.sql", "w") as f:
    for line in con.iterdump():
        f.write(line + "\n")
PY
grep -c INSERT dump.sql
sqlite3 restored.db < dump.sql
sqlite3 restored.db 'SELECT name FROM p ORDER BY id'
