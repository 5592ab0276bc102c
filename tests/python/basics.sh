# python3 the way agents call it: -c, heredocs, stdin, arguments, exit statuses.

#### print from -c
python3 -c 'print("hello", 1 + 2)'

#### arguments
python3 -c 'import sys; print(sys.argv[1:])' a 'b c' --flag

#### heredoc script
python3 - <<'PY'
total = 0
for i in range(10):
    total += i * i
print(total)
PY

#### script on stdin
echo 'print(sum(range(101)))' | python3

#### sys.exit with a status
python3 -c 'import sys; sys.exit(7)'; echo "status $?"

#### sys.exit with a message
## stderr
python3 -c 'import sys; sys.exit("fatal: nope")'; echo "status $?"

#### uncaught exception is status 1
python3 -c 'raise KeyError("k")' 2>/dev/null; echo "status $?"

#### usage error is status 2
python3 -Z 2>/dev/null; echo "status $?"

#### missing script file
python3 nosuch.py 2>/dev/null; echo "status $?"

#### script file with arguments
cat > s.py <<'PY'
import sys
print(len(sys.argv), sys.argv[0], sys.argv[1:])
PY
python3 s.py x y

#### shebang script run directly
printf '#!/usr/bin/env python3\nprint("from shebang")\n' > run.py
chmod +x run.py
./run.py
