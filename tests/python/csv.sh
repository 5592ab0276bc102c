# CSV the way agents summarise it: totals per group, filters, rewrites the shell then reads.

#### sum a column per group
cat > sales.csv <<'CSV'
region,product,units,price
north,widget,10,2.50
south,widget,4,2.50
north,gadget,3,10.00
east,widget,7,2.50
south,gadget,1,10.00
CSV
python3 - <<'PY'
import csv
from collections import defaultdict
totals = defaultdict(float)
with open("sales.csv", newline="") as f:
    for row in csv.DictReader(f):
        totals[row["region"]] += int(row["units"]) * float(row["price"])
for region, total in sorted(totals.items(), key=lambda kv: -kv[1]):
    print(f"{region:<6}{total:>8.2f}")
PY

#### quoted fields with commas, quotes and newlines
printf 'id,comment\n1,"hello, world"\n2,"she said ""hi"""\n3,"two\nlines"\n' > c.csv
python3 -c '
import csv
for row in csv.reader(open("c.csv", newline="")):
    print(len(row), repr(row[1]))
'

#### writer quotes what needs quoting, the shell reads it back
python3 - <<'PY'
import csv
rows = [["name", "note"], ["a", "plain"], ["b", "has,comma"], ["c", 'has "quote"'], ["d", ""]]
with open("out.csv", "w", newline="") as f:
    csv.writer(f).writerows(rows)
PY
cat out.csv
wc -l < out.csv

#### DictWriter with lineterminator and QUOTE_ALL
python3 - <<'PY'
import csv, sys
w = csv.DictWriter(sys.stdout, fieldnames=["host", "port"], quoting=csv.QUOTE_ALL, lineterminator="\n")
w.writeheader()
w.writerow({"host": "db1", "port": 5432})
w.writerow({"host": "db2", "port": 6543})
PY

#### tab-separated input from the shell
printf 'alice\t30\tparis\nbob\t25\tlyon\ncarol\t35\tnice\n' |
python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin, delimiter="\t"))
oldest = max(rows, key=lambda r: int(r[1]))
print("oldest:", oldest[0], "from", oldest[2])
print("mean age:", sum(int(r[1]) for r in rows) / len(rows))
'

#### filter rows and write a new file for awk
cat > people.csv <<'CSV'
name,dept,salary
ann,eng,120
bob,ops,90
cid,eng,110
dee,sales,70
CSV
python3 -c '
import csv
with open("people.csv", newline="") as src, open("eng.csv", "w", newline="") as dst:
    r = csv.DictReader(src)
    w = csv.DictWriter(dst, fieldnames=r.fieldnames, lineterminator="\n")
    w.writeheader()
    for row in r:
        if row["dept"] == "eng":
            w.writerow(row)
'
awk -F, 'NR > 1 { s += $3 } END { print NR - 1, "rows, total", s }' eng.csv

#### sniff the dialect
printf 'a;b;c\n1;2;3\n4;5;6\n' > semi.csv
python3 -c '
import csv
sample = open("semi.csv").read()
d = csv.Sniffer().sniff(sample)
print("delimiter:", repr(d.delimiter))
print("header:", csv.Sniffer().has_header(sample))
print(list(csv.reader(open("semi.csv"), d)))
'

#### csv to json for an API call
printf 'sku,qty\nA1,3\nB2,0\nC3,12\n' | python3 -c '
import csv, json, sys
rows = [{"sku": r["sku"], "qty": int(r["qty"])} for r in csv.DictReader(sys.stdin)]
print(json.dumps({"items": [r for r in rows if r["qty"] > 0]}, indent=1))
'

#### ragged rows and missing values are reported
printf 'a,b,c\n1,2,3\n4,5\n6,7,8,9\n' | python3 -c '
import csv, sys
r = csv.DictReader(sys.stdin, restval="?")
for i, row in enumerate(r, 2):
    extra = row.pop(None, None)
    print(i, row, "extra" if extra else "")
'

#### strict mode rejects a bad quote
printf 'a,"b\n' | python3 -c '
import csv, sys
try:
    list(csv.reader(sys.stdin, strict=True))
    print("parsed")
except csv.Error:
    print("csv.Error")
'

#### group and count with the shell doing the sort
cat > log.csv <<'CSV'
ts,level,msg
1,INFO,start
2,WARN,disk 80%
3,INFO,tick
4,ERROR,disk full
5,WARN,retry
6,INFO,tick
CSV
python3 -c '
import csv, collections
c = collections.Counter(r["level"] for r in csv.DictReader(open("log.csv")))
for level, n in c.items():
    print(level, n)
' | sort -k2,2nr -k1,1
