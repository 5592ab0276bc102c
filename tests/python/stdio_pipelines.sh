# stdin, stdout and stderr in pipelines: python3 between shell tools.

#### filter stdin like a unix tool
printf 'apple 3\nbanana 12\ncherry 7\n' | python3 -c '
import sys
for line in sys.stdin:
    name, n = line.split()
    if int(n) > 5:
        print(name.upper(), n)
' | sort -r

#### read all of stdin at once
printf 'x\ny\nz' | python3 -c 'import sys; d = sys.stdin.read(); print(len(d), d.split())'

#### readline and readlines
printf 'header\nr1\nr2\nr3\n' | python3 -c '
import sys
head = sys.stdin.readline()
rest = sys.stdin.readlines()
print(repr(head), len(rest), rest[-1].strip())
'

#### input() prompts go to stdout, EOFError at the end
printf 'ann\n42\n' | python3 -c '
name = input("name? ")
age = int(input("age? "))
print(f"\n{name} is {age}")
try:
    input()
except EOFError:
    print("EOF")
'

#### python3 | head ends early and quietly
python3 -c '
for i in range(10**7):
    print(i)
' | head -3
echo "head status ${PIPESTATUS[1]}"

#### head on a python producer that handles BrokenPipeError
python3 -c '
import sys, os
try:
    for i in range(100000):
        print("line", i)
    sys.stdout.flush()
except BrokenPipeError:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)
' | head -2

#### stderr and stdout separated and merged
python3 -c '
import sys
print("out 1")
print("err 1", file=sys.stderr)
sys.stdout.flush()
print("out 2")
' 2>/dev/null
python3 -c 'import sys; sys.stderr.write("only err\n")' 2>&1 >/dev/null
python3 -c 'import sys; print("a"); sys.stdout.flush(); print("b", file=sys.stderr); sys.stderr.flush(); print("c")' 2>&1 | cat

#### stderr to a file, stdout to another
python3 -c '
import sys
for i in range(3):
    print("data", i)
    print("progress", i, file=sys.stderr)
' > out.txt 2> err.txt
cat out.txt; echo ---; cat err.txt

#### binary stdout via sys.stdout.buffer
python3 -c 'import sys; sys.stdout.buffer.write(bytes([0, 1, 2, 255, 10]))' | od -An -tx1
python3 -c 'import sys; sys.stdout.buffer.write("héllo\n".encode("latin-1"))' | wc -c

#### binary stdin via sys.stdin.buffer
printf '\x00\x01\xfe\xff' | python3 -c 'import sys; b = sys.stdin.buffer.read(); print(len(b), b.hex())'

#### gzip through a pipe
printf 'hello gzip\n' | gzip | python3 -c '
import sys, gzip
print(gzip.decompress(sys.stdin.buffer.read()).decode(), end="")
'
python3 -c 'import sys, gzip; sys.stdout.buffer.write(gzip.compress(b"from python\n"))' | gzip -dc

#### python3 reads stdin from a file redirect and a here-string
printf '1\n2\n3\n' > n.txt
python3 -c 'import sys; print(sum(map(int, sys.stdin)))' < n.txt
python3 -c 'import sys; print(sys.stdin.read().upper(), end="")' <<< "here string"

#### two pythons in a pipeline
python3 -c 'import json; [print(json.dumps({"i": i, "sq": i * i})) for i in range(5)]' |
python3 -c '
import sys, json
rows = [json.loads(l) for l in sys.stdin]
print(sum(r["sq"] for r in rows), max(rows, key=lambda r: r["sq"])["i"])
'

#### print options: sep, end, flush, file
python3 -c '
import sys
print("a", "b", "c", sep="-", end="!\n")
print(*range(5), sep=",")
print("no newline", end="")
print()
print("to err", file=sys.stderr, flush=True)
' 2>/dev/null

#### unicode through the pipe
printf 'naïve café\n' | python3 -c 'import sys; s = sys.stdin.read(); print(len(s), s.upper(), end="")'
python3 -c 'print("東京 ✓")' | wc -c

#### encoding of stdio is utf-8
python3 -c 'import sys; print(sys.stdout.encoding.lower().replace("-", ""), sys.stdin.encoding.lower().replace("-", ""))'

#### stdout is not a tty in a pipeline
python3 -c 'import sys; print(sys.stdout.isatty(), sys.stdin.isatty())' < /dev/null | cat

#### xargs-like: python builds arguments for the shell
python3 -c 'print("\n".join(f"file{i}.txt" for i in range(3)))' | while read -r f; do echo "made $f" > "$f"; done
cat file0.txt file2.txt
python3 -c 'import glob; print(sorted(glob.glob("file*.txt")))'

#### command substitution captures python output
n=$(python3 -c 'print(6 * 7)')
echo "answer=$n"
files=$(python3 -c 'print(" ".join(["a", "b", "c"]))')
for f in $files; do echo "[$f]"; done

#### line buffering: output order with the shell interleaved
{ echo "shell 1"; python3 -c 'print("py 1")'; echo "shell 2"; python3 -c 'print("py 2")'; } | cat

#### sys.stdin iteration with an empty stdin
python3 -c '
import sys
n = 0
for line in sys.stdin:
    n += 1
print("lines", n)
' < /dev/null

#### tee a python report to a file and the terminal
python3 -c 'print("report line 1"); print("report line 2")' | tee report.txt | wc -l
cat report.txt
