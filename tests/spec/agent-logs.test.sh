## compare_shells: bash
## Agent-task conformance: agent-logs

#### count log levels
cat > app.log <<'EOF'
2024-01-15 10:00:01 INFO Server started on port 8080
2024-01-15 10:00:05 WARN Slow query detected (1200ms)
2024-01-15 10:01:00 ERROR Database connection failed
2024-01-15 10:01:02 INFO Retrying connection
2024-01-15 10:01:03 ERROR Database connection failed
2024-01-15 10:02:00 INFO Connection restored
EOF
awk '{print $3}' app.log | sort | uniq -c | sort -rn
## STDOUT:
      3 INFO
      2 ERROR
      1 WARN
## END

#### extract unique error messages
cat > app.log <<'EOF'
[2024-03-01T12:00:00Z] ERROR: timeout contacting upstream
[2024-03-01T12:00:01Z] INFO: request ok
[2024-03-01T12:00:02Z] ERROR: disk full on /var
[2024-03-01T12:00:03Z] ERROR: timeout contacting upstream
EOF
grep 'ERROR' app.log | sed 's/^\[[^]]*\] ERROR: //' | sort -u
## STDOUT:
disk full on /var
timeout contacting upstream
## END

#### top IPs from access log
cat > access.log <<'EOF'
192.168.1.10 - - [10/Oct/2023:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326
10.0.0.5 - - [10/Oct/2023:13:55:37 +0000] "GET /api/users HTTP/1.1" 200 512
192.168.1.10 - - [10/Oct/2023:13:55:38 +0000] "POST /api/login HTTP/1.1" 401 64
172.16.0.2 - - [10/Oct/2023:13:55:39 +0000] "GET /index.html HTTP/1.1" 304 0
192.168.1.10 - - [10/Oct/2023:13:55:40 +0000] "GET /about HTTP/1.1" 404 128
10.0.0.5 - - [10/Oct/2023:13:55:41 +0000] "GET /api/users HTTP/1.1" 500 0
EOF
awk '{print $1}' access.log | sort | uniq -c | sort -rn | head -2
## STDOUT:
      3 192.168.1.10
      2 10.0.0.5
## END

#### status code histogram from access log
cat > access.log <<'EOF'
1.1.1.1 - - [10/Oct/2023:13:55:36 +0000] "GET / HTTP/1.1" 200 100
1.1.1.2 - - [10/Oct/2023:13:55:37 +0000] "GET /x HTTP/1.1" 404 10
1.1.1.3 - - [10/Oct/2023:13:55:38 +0000] "GET /y HTTP/1.1" 200 200
1.1.1.4 - - [10/Oct/2023:13:55:39 +0000] "GET /z HTTP/1.1" 500 0
1.1.1.5 - - [10/Oct/2023:13:55:40 +0000] "GET /w HTTP/1.1" 404 10
EOF
awk '{codes[$9]++} END {for (c in codes) print c, codes[c]}' access.log | sort
## STDOUT:
200 2
404 2
500 1
## END

#### total bytes served and average
cat > access.log <<'EOF'
a - - [x] "GET / HTTP/1.1" 200 1000
b - - [x] "GET / HTTP/1.1" 200 3000
c - - [x] "GET / HTTP/1.1" 200 2500
EOF
awk '{sum += $NF; n++} END {printf "total=%d avg=%.2f\n", sum, sum/n}' access.log
## stdout: total=6500 avg=2166.67

#### most requested paths
cat > access.log <<'EOF'
h - - [t] "GET /api/v1/items HTTP/1.1" 200 1
h - - [t] "GET /api/v1/items HTTP/1.1" 200 1
h - - [t] "POST /api/v1/items HTTP/1.1" 201 1
h - - [t] "GET /health HTTP/1.1" 200 1
h - - [t] "GET /api/v1/items?page=2 HTTP/1.1" 200 1
EOF
awk -F'"' '{split($2, r, " "); sub(/\?.*/, "", r[2]); print r[1], r[2]}' access.log | sort | uniq -c | sort -k1,1nr -k2
## STDOUT:
      3 GET /api/v1/items
      1 GET /health
      1 POST /api/v1/items
## END

#### errors per hour
cat > svc.log <<'EOF'
2024-05-01 09:15:00 ERROR a
2024-05-01 09:45:10 ERROR b
2024-05-01 10:05:00 INFO c
2024-05-01 10:30:00 ERROR d
2024-05-01 11:00:00 ERROR e
2024-05-01 11:59:59 ERROR f
2024-05-01 11:01:00 ERROR g
EOF
grep ERROR svc.log | cut -d' ' -f2 | cut -d: -f1 | sort | uniq -c
## STDOUT:
      2 09
      1 10
      3 11
## END

#### grep with context lines around error
cat > run.log <<'EOF'
step 1 ok
step 2 ok
step 3 FAILED: assertion error
traceback line a
traceback line b
step 4 skipped
EOF
grep -n -A2 -B1 FAILED run.log
## STDOUT:
2-step 2 ok
3:step 3 FAILED: assertion error
4-traceback line a
5-traceback line b
## END

#### count lines matching multiple patterns
cat > app.log <<'EOF'
WARN low memory
ERROR crash
INFO ok
FATAL boom
ERROR again
EOF
grep -cE 'ERROR|FATAL' app.log
grep -vcE 'ERROR|FATAL' app.log
## STDOUT:
3
2
## END

#### extract fields with regex using sed -E
cat > req.log <<'EOF'
method=GET path=/a status=200 duration=12ms
method=POST path=/b status=500 duration=340ms
method=GET path=/c status=200 duration=7ms
EOF
sed -E 's/.*path=([^ ]+) status=([0-9]+) duration=([0-9]+)ms/\1 \2 \3/' req.log
## STDOUT:
/a 200 12
/b 500 340
/c 200 7
## END

#### slow requests above threshold
cat > req.log <<'EOF'
GET /a 120ms
GET /b 1500ms
POST /c 980ms
GET /d 2200ms
EOF
awk '{ t=$3; sub(/ms$/, "", t); if (t+0 > 1000) print $2, t }' req.log
## STDOUT:
/b 1500
/d 2200
## END

#### parse key=value logs with bash regex
line='ts=2024-01-01T00:00:00Z level=error msg="disk full" host=web-1'
if [[ $line =~ level=([a-z]+) ]]; then echo "level: ${BASH_REMATCH[1]}"; fi
if [[ $line =~ msg=\"([^\"]*)\" ]]; then echo "msg: ${BASH_REMATCH[1]}"; fi
if [[ $line =~ host=([^ ]+) ]]; then echo "host: ${BASH_REMATCH[1]}"; fi
## STDOUT:
level: error
msg: disk full
host: web-1
## END

#### bracketed timestamp parse with bash regex
while IFS= read -r l; do
  if [[ $l =~ ^\[([^]]+)\]\ ([A-Z]+):\ (.*)$ ]]; then
    printf '%s|%s|%s\n' "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}"
  fi
done <<'EOF'
[2024-01-01 10:00] INFO: started
[2024-01-01 10:05] ERROR: failed to bind
garbage line
EOF
## STDOUT:
2024-01-01 10:00|INFO|started
2024-01-01 10:05|ERROR|failed to bind
## END

#### last N error lines with tail
for i in 1 2 3 4 5 6; do echo "ERROR event $i"; echo "INFO tick $i"; done > ev.log
grep ERROR ev.log | tail -n 3
## STDOUT:
ERROR event 4
ERROR event 5
ERROR event 6
## END

#### journal style dedupe with counts preserving first occurrence order
cat > msgs.log <<'EOF'
conn reset
timeout
conn reset
oom
timeout
conn reset
EOF
awk '!seen[$0]++ {order[++n]=$0} {count[$0]++} END {for (i=1;i<=n;i++) print count[order[i]], order[i]}' msgs.log
## STDOUT:
3 conn reset
2 timeout
1 oom
## END

#### filter log by time range string comparison
cat > t.log <<'EOF'
2024-01-01T09:59:59 a
2024-01-01T10:00:00 b
2024-01-01T10:30:00 c
2024-01-01T11:00:01 d
EOF
awk '$1 >= "2024-01-01T10:00:00" && $1 <= "2024-01-01T11:00:00"' t.log
## STDOUT:
2024-01-01T10:00:00 b
2024-01-01T10:30:00 c
## END

#### sed extract between markers
cat > build.log <<'EOF'
noise
=== BEGIN TEST OUTPUT ===
test_a passed
test_b failed
=== END TEST OUTPUT ===
more noise
EOF
sed -n '/BEGIN TEST OUTPUT/,/END TEST OUTPUT/{//!p}' build.log
## STDOUT:
test_a passed
test_b failed
## END

#### python traceback extraction
cat > err.log <<'EOF'
INFO boot
Traceback (most recent call last):
  File "app.py", line 10, in <module>
    main()
  File "app.py", line 6, in main
    1/0
ZeroDivisionError: division by zero
INFO shutdown
EOF
awk '/^Traceback/{p=1} p{print} /^[A-Za-z]+Error:/{p=0}' err.log | tail -n 1
grep -oE 'line [0-9]+' err.log | tail -1
## STDOUT:
ZeroDivisionError: division by zero
line 6
## END

#### percent of error lines
printf 'ok\nERROR\nok\nok\nERROR\nok\nok\nok\n' > x.log
total=$(wc -l < x.log)
errs=$(grep -c ERROR x.log)
echo "scale=1; $errs*100/$total" | bc
awk -v e="$errs" -v t="$total" 'BEGIN{printf "%.1f%%\n", e*100/t}'
## STDOUT:
25.0
25.0%
## END

#### json lines log filter with jq
cat > events.jsonl <<'EOF'
{"ts":1,"level":"info","msg":"start"}
{"ts":2,"level":"error","msg":"db down","code":503}
{"ts":3,"level":"warn","msg":"retry"}
{"ts":4,"level":"error","msg":"db down","code":503}
EOF
jq -r 'select(.level=="error") | "\(.ts) \(.msg) (\(.code))"' events.jsonl
jq -s 'map(select(.level=="error")) | length' events.jsonl
## STDOUT:
2 db down (503)
4 db down (503)
2
## END

#### group json log lines by level
cat > events.jsonl <<'EOF'
{"level":"info"}
{"level":"error"}
{"level":"info"}
{"level":"debug"}
{"level":"info"}
EOF
jq -s -c 'group_by(.level) | map({level: .[0].level, n: length})' events.jsonl
## stdout: [{"level":"debug","n":1},{"level":"error","n":1},{"level":"info","n":3}]

#### syslog style process counting
cat > syslog <<'EOF'
Jan 10 10:00:00 host sshd[123]: Accepted password for bob
Jan 10 10:00:01 host cron[456]: job started
Jan 10 10:00:02 host sshd[789]: Failed password for root
Jan 10 10:00:03 host sshd[790]: Failed password for root
Jan 10 10:00:04 host kernel: eth0 up
EOF
awk '{p=$5; sub(/\[.*/, "", p); sub(/:$/, "", p); print p}' syslog | sort | uniq -c
grep -c 'Failed password' syslog
## STDOUT:
      1 cron
      1 kernel
      3 sshd
2
## END

#### failed logins by user
cat > auth.log <<'EOF'
Failed password for root from 1.2.3.4 port 22
Failed password for invalid user admin from 5.6.7.8 port 22
Failed password for root from 1.2.3.4 port 22
Accepted password for alice from 9.9.9.9 port 22
Failed password for invalid user test from 5.6.7.8 port 22
EOF
grep 'Failed password' auth.log | sed -E 's/.*for (invalid user )?([^ ]+) from.*/\2/' | sort | uniq -c | sort -k1,1nr -k2
## STDOUT:
      2 root
      1 admin
      1 test
## END

#### rotate logs keeping last 3
for i in 1 2 3 4 5; do echo "log $i" > "app.log.$i"; done
ls app.log.* | sort -t. -k3,3n | head -n -3 | xargs rm -f
ls app.log.*
## STDOUT:
app.log.3
app.log.4
app.log.5
## END

#### compress old logs with gzip and read back with zcat
printf 'line1\nline2\n' > old.log
gzip old.log
ls
zcat old.log.gz
gunzip -c old.log.gz | wc -l
## STDOUT:
old.log.gz
line1
line2
2
## END

#### zgrep through compressed logs
printf 'ok\nERROR one\n' > a.log
printf 'ERROR two\nok\n' > b.log
gzip a.log b.log
for f in *.gz; do zcat "$f" | grep -H --label="$f" ERROR; done
## STDOUT:
a.log.gz:ERROR one
b.log.gz:ERROR two
## END

#### tail -f replacement: last lines after marker
printf 'old\n--- restart ---\nnew1\nnew2\n--- restart ---\nlatest\n' > svc.log
awk '/--- restart ---/{buf=""; next} {buf=buf $0 "\n"} END{printf "%s", buf}' svc.log
## stdout: latest

#### latency percentile with sort
printf '%s\n' 120 35 88 950 42 61 300 77 15 500 > lat.txt
n=$(wc -l < lat.txt)
idx=$(( (n * 90 + 99) / 100 ))
sort -n lat.txt | sed -n "${idx}p"
sort -n lat.txt | awk '{a[NR]=$1} END{print "median:", (a[int((NR+1)/2)] + a[int(NR/2)+1])/2}'
## STDOUT:
500
median: 82.5
## END

#### cut columns from space aligned output
cat > ps.txt <<'EOF'
USER   PID  %CPU COMMAND
root     1   0.0 init
app    120  45.2 java
app    121  12.0 python
EOF
tail -n +2 ps.txt | awk '$3 > 10 {print $2, $4}'
tail -n +2 ps.txt | tr -s ' ' | cut -d' ' -f4 | sort
## STDOUT:
120 java
121 python
init
java
python
## END

#### uniq -d and -u on sorted events
printf 'a\nb\nb\nc\nd\nd\nd\n' > ev
echo dups:; uniq -d ev
echo singles:; uniq -u ev
echo counts:; uniq -c ev | awk '$1>1'
## STDOUT:
dups:
b
d
singles:
a
c
counts:
      2 b
      3 d
## END

#### grep -o with count of all occurrences
echo 'id=1 id=22 foo id=333' > l
grep -o 'id=[0-9]*' l
grep -o 'id=[0-9]*' l | wc -l
## STDOUT:
id=1
id=22
id=333
3
## END

#### stack trace frame counting in java log
cat > j.log <<'EOF'
Exception in thread "main" java.lang.NullPointerException
	at com.example.Foo.bar(Foo.java:42)
	at com.example.Foo.main(Foo.java:10)
Caused by: java.io.IOException: closed
	at com.example.Io.read(Io.java:7)
EOF
grep -c $'^\tat ' j.log
grep -oE '\(([A-Za-z]+\.java):[0-9]+\)' j.log | tr -d '()' | sort -t: -k2,2n
## STDOUT:
3
Io.java:7
Foo.java:10
Foo.java:42
## END

#### multi-file grep summary with -c
printf 'ERROR\nok\nERROR\n' > a.log
printf 'ok\n' > b.log
printf 'ERROR\n' > c.log
grep -c ERROR *.log
grep -l ERROR *.log
grep -L ERROR *.log
## STDOUT:
a.log:2
b.log:0
c.log:1
a.log
c.log
b.log
## END
