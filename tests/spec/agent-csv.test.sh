## compare_shells: bash
## Agent-task conformance: agent-csv

#### sum a column in csv skipping header
cat > sales.csv <<'EOF'
date,region,amount
2024-01-01,north,100
2024-01-02,south,250
2024-01-03,north,75
EOF
awk -F, 'NR>1 {s+=$3} END {print s}' sales.csv
## stdout: 425

#### group by and sum
cat > sales.csv <<'EOF'
region,product,amount
north,widget,100
south,widget,250
north,gadget,75
east,widget,30
south,gadget,20
EOF
awk -F, 'NR>1 {t[$1]+=$3} END {for (r in t) print r "," t[r]}' sales.csv | sort -t, -k2,2nr
## STDOUT:
south,270
north,175
east,30
## END

#### csv to markdown table
cat > people.csv <<'EOF'
name,age,city
Alice,30,Paris
Bob,25,Berlin
EOF
{
  IFS=, read -r -a hdr
  echo "| ${hdr[*]} |" | sed 's/ /&/; s/,/ | /g'
  printf '|'; for h in "${hdr[@]}"; do printf -- '---|'; done; echo
  while IFS=, read -r a b c; do echo "| $a | $b | $c |"; done
} < people.csv
## STDOUT:
| name age city |
|---|---|---|
| Alice | 30 | Paris |
| Bob | 25 | Berlin |
## END

#### csv header column index lookup
cat > data.csv <<'EOF'
id,name,email,score
1,ann,ann@x.io,88
2,ben,ben@x.io,92
EOF
col=$(head -1 data.csv | tr ',' '\n' | grep -nx score | cut -d: -f1)
echo "score is column $col"
cut -d, -f"$col" data.csv | tail -n +2
## STDOUT:
score is column 4
88
92
## END

#### sort csv by numeric column descending keeping header
cat > s.csv <<'EOF'
name,score
amy,72
bo,95
cy,88
di,95
EOF
{ head -n1 s.csv; tail -n +2 s.csv | sort -t, -k2,2nr -k1,1; }
## STDOUT:
name,score
bo,95
di,95
cy,88
amy,72
## END

#### filter rows with awk and write new csv
cat > inv.csv <<'EOF'
sku,qty,price
A1,0,9.99
B2,5,3.50
C3,12,1.25
D4,0,7.00
EOF
awk -F, 'NR==1 || $2 > 0' inv.csv > instock.csv
cat instock.csv
awk -F, 'NR>1 {v+=$2*$3} END {printf "inventory value: %.2f\n", v}' instock.csv
## STDOUT:
sku,qty,price
B2,5,3.50
C3,12,1.25
inventory value: 32.50
## END

#### count distinct values in column
cat > u.csv <<'EOF'
user,country
a,FR
b,DE
c,FR
d,US
e,DE
f,FR
EOF
tail -n +2 u.csv | cut -d, -f2 | sort | uniq -c | sort -k1,1nr -k2 | awk '{print $2": "$1}'
## STDOUT:
FR: 3
DE: 2
US: 1
## END

#### convert tsv to csv
printf 'a\tb\tc\n1\t2\t3\n' > in.tsv
tr '\t' ',' < in.tsv
sed 's/\t/;/g' in.tsv
## STDOUT:
a,b,c
1,2,3
a;b;c
1;2;3
## END

#### join two csv files on key
cat > users.csv <<'EOF'
1,alice
2,bob
3,carol
EOF
cat > orders.csv <<'EOF'
1,book
3,pen
1,lamp
EOF
join -t, <(sort -t, -k1,1 users.csv) <(sort -t, -k1,1 orders.csv)
## STDOUT:
1,alice,book
1,alice,lamp
3,carol,pen
## END

#### awk join two files with lookup table
cat > prices.csv <<'EOF'
apple,1.20
pear,0.80
kiwi,0.50
EOF
cat > basket.csv <<'EOF'
apple,3
kiwi,10
pear,2
EOF
awk -F, 'NR==FNR {p[$1]=$2; next} {t=$2*p[$1]; printf "%s %.2f\n", $1, t; s+=t} END {printf "TOTAL %.2f\n", s}' prices.csv basket.csv
## STDOUT:
apple 3.60
kiwi 5.00
pear 1.60
TOTAL 10.20
## END

#### min max average per column
cat > m.csv <<'EOF'
t,val
1,4.5
2,9.25
3,1.75
4,6.5
EOF
awk -F, 'NR>1 { if (min=="" || $2<min) min=$2; if ($2>max) max=$2; s+=$2; n++ } END { printf "min=%s max=%s avg=%.3f\n", min, max, s/n }' m.csv
## stdout: min=1.75 max=9.25 avg=5.500

#### paste columns together
printf 'a\nb\nc\n' > c1
printf '1\n2\n3\n' > c2
paste -d, c1 c2
paste -s -d+ c2 | bc
## STDOUT:
a,1
b,2
c,3
6
## END

#### column -t pretty print csv
cat > t.csv <<'EOF'
name,lang,stars
ripgrep,rust,40000
jq,c,28000
EOF
column -s, -t < t.csv
## STDOUT:
name     lang  stars
ripgrep  rust  40000
jq       c     28000
## END

#### dedupe csv rows keeping header
cat > d.csv <<'EOF'
id,v
1,a
2,b
1,a
3,c
2,b
EOF
awk 'NR==1 || !seen[$0]++' d.csv
## STDOUT:
id,v
1,a
2,b
3,c
## END

#### dedupe by key column keep last
cat > k.csv <<'EOF'
id,status
1,new
2,new
1,done
3,new
2,failed
EOF
tac k.csv | awk -F, '!seen[$1]++' | tac
## STDOUT:
id,status
1,done
3,new
2,failed
## END

#### validate csv field counts
cat > bad.csv <<'EOF'
a,b,c
1,2,3
4,5
6,7,8,9
10,11,12
EOF
awk -F, 'NR==1{n=NF; next} NF!=n {printf "line %d: expected %d fields, got %d\n", NR, n, NF; bad=1} END {exit bad}' bad.csv
echo "status=$?"
## STDOUT:
line 3: expected 3 fields, got 2
line 4: expected 3 fields, got 4
status=1
## END

#### transpose small csv
cat > m.csv <<'EOF'
a,b,c
1,2,3
4,5,6
EOF
awk -F, '{for(i=1;i<=NF;i++) a[i]=(NR==1 ? $i : a[i] "," $i)} END{for(i=1;i<=NF;i++) print a[i]}' m.csv
## STDOUT:
a,1,4
b,2,5
c,3,6
## END

#### csv quoted fields with gawk FPAT
cat > q.csv <<'EOF'
id,name,note
1,"Smith, John","likes, commas"
2,Jane,plain
EOF
gawk -v FPAT='([^,]*)|("[^"]*")' 'NR>1 {gsub(/"/, "", $2); print $1 ":" $2}' q.csv
## STDOUT:
1:Smith, John
2:Jane
## END

#### read csv in bash loop with IFS
cat > hosts.csv <<'EOF'
web1,10.0.0.1,80
db1,10.0.0.2,5432
cache1,10.0.0.3,6379
EOF
while IFS=, read -r host ip port; do
  printf '%-8s %s:%s\n' "$host" "$ip" "$port"
done < hosts.csv
## STDOUT:
web1     10.0.0.1:80
db1      10.0.0.2:5432
cache1   10.0.0.3:6379
## END

#### csv to json with jq -R
cat > p.csv <<'EOF'
name,age
ann,31
bob,27
EOF
tail -n +2 p.csv | jq -R -c 'split(",") | {name: .[0], age: (.[1] | tonumber)}'
jq -R -s -c 'split("\n") | map(select(length>0) | split(",")) | .[0] as $h | .[1:] | map([$h, .] | transpose | map({(.[0]): .[1]}) | add)' p.csv
## STDOUT:
{"name":"ann","age":31}
{"name":"bob","age":27}
[{"name":"ann","age":"31"},{"name":"bob","age":"27"}]
## END

#### json to csv with jq @csv
cat > items.json <<'EOF'
[{"id":1,"name":"bolt","tags":["m3","steel"]},{"id":2,"name":"nut, hex","tags":[]}]
EOF
jq -r '.[] | [.id, .name, (.tags | join(";"))] | @csv' items.json
jq -r '(.[0] | keys_unsorted) as $k | $k, (.[] | [.[$k[0]], .[$k[1]]]) | @tsv' items.json
## STDOUT:
1,"bolt","m3;steel"
2,"nut, hex",""
id	name	tags
1	bolt
2	nut, hex
## END

#### monthly totals from dated rows
cat > tx.csv <<'EOF'
2024-01-05,12.50
2024-01-20,7.50
2024-02-01,100.00
2024-03-15,3.25
2024-03-16,1.75
EOF
awk -F, '{m=substr($1,1,7); t[m]+=$2} END {for (k in t) printf "%s %.2f\n", k, t[k]}' tx.csv | sort
## STDOUT:
2024-01 20.00
2024-02 100.00
2024-03 5.00
## END

#### percentage of total per category
cat > c.csv <<'EOF'
cat,n
a,10
b,30
c,60
EOF
awk -F, 'NR>1 {n[$1]=$2; t+=$2; o[++k]=$1} END {for (i=1;i<=k;i++) printf "%s %5.1f%%\n", o[i], 100*n[o[i]]/t}' c.csv
## STDOUT:
a  10.0%
b  30.0%
c  60.0%
## END

#### top n rows by value
cat > pop.csv <<'EOF'
city,pop
A,500
B,12000
C,800
D,45000
E,3000
EOF
tail -n +2 pop.csv | sort -t, -k2,2nr | head -3 | cut -d, -f1 | paste -sd' '
## stdout: D B E

#### replace a column value with sed
cat > cfg.csv <<'EOF'
key,env,value
db_host,prod,10.0.0.1
db_host,dev,localhost
EOF
sed -i 's/^\(db_host,dev,\).*/\1127.0.0.1/' cfg.csv
cat cfg.csv
## STDOUT:
key,env,value
db_host,prod,10.0.0.1
db_host,dev,127.0.0.1
## END

#### add a computed column
cat > r.csv <<'EOF'
w,h
2,3
4,5
EOF
awk -F, -v OFS=, 'NR==1 {print $0, "area"; next} {print $0, $1*$2}' r.csv
## STDOUT:
w,h,area
2,3,6
4,5,20
## END

#### remove a column by index
cat > x.csv <<'EOF'
a,b,c,d
1,2,3,4
5,6,7,8
EOF
cut -d, -f1,3- x.csv
cut -d, --complement -f2 x.csv | tail -1
## STDOUT:
a,c,d
1,3,4
5,7,8
5,7,8
## END

#### strip windows line endings from csv
printf 'a,b\r\n1,2\r\n' > win.csv
tr -d '\r' < win.csv | od -c | head -2
sed 's/\r$//' win.csv | awk -F, '{print $2}'
## STDOUT:
0000000   a   ,   b  \n   1   ,   2  \n
0000010
b
2
## END

#### numeric formatting with printf in loop
for n in 1234.5 7 0.125; do printf '%10.2f|\n' "$n"; done
printf '%05d %x %o %e\n' 42 255 8 12345.678
## STDOUT:
   1234.50|
      7.00|
      0.12|
00042 ff 10 1.234568e+04
## END

#### sqlite3 query csv data
cat > emp.csv <<'EOF'
name,dept,salary
ann,eng,120
bob,eng,100
cat,ops,90
EOF
sqlite3 :memory: <<'EOF'
.mode csv
.import emp.csv emp
.mode list
SELECT dept, SUM(salary), COUNT(*) FROM emp GROUP BY dept ORDER BY dept;
EOF
## STDOUT:
eng|220|2
ops|90|1
## END

#### sort by multiple keys
cat > s.txt <<'EOF'
b 2 x
a 2 y
a 1 z
b 1 w
EOF
sort -k1,1 -k2,2n s.txt
echo ---
sort -k2,2n -k1,1r s.txt
## STDOUT:
a 1 z
a 2 y
b 1 w
b 2 x
---
b 1 w
a 1 z
b 2 x
a 2 y
## END

#### comm to compare two id lists
printf '1\n2\n3\n5\n' > old_ids
printf '2\n3\n4\n5\n' > new_ids
echo removed: $(comm -23 old_ids new_ids)
echo added: $(comm -13 old_ids new_ids)
echo both: $(comm -12 old_ids new_ids | wc -l)
## STDOUT:
removed: 1
added: 4
both: 3
## END

#### numfmt human readable sizes
printf '%s\n' 512 2048 1048576 5368709120 | numfmt --to=iec
numfmt --from=iec 4K 1M
## STDOUT:
512
2.0K
1.0M
5.0G
4096
1048576
## END

#### running total column
printf '5\n10\n-3\n8\n' | awk '{s+=$1; print $1, s}'
## STDOUT:
5 5
10 15
-3 12
8 20
## END
