#### host root is invisible
ls /; cat /etc/passwd; ls /root /proc /sys 2>&1
## expect: any

#### dot-dot past root
cd /../../..; pwd; ls; cat ../../etc/shadow
## expect: any

#### absolute symlink out
ln -s /etc/passwd /tmp/p; cat /tmp/p
## expect: any

#### relative symlink chain
ln -s ../../../../../../../../etc /tmp/e; cat /tmp/e/hostname
## expect: any

#### symlink loop
ln -s /tmp/l1 /tmp/l2; ln -s /tmp/l2 /tmp/l1; cat /tmp/l1
## expect: stop

#### proc self
cat /proc/self/environ /proc/self/maps /proc/1/cmdline
## expect: stop

#### dev tcp
exec 3<>/dev/tcp/127.0.0.1/22; echo hi >&3
## expect: stop

#### dev udp
echo x > /dev/udp/127.0.0.1/53
## expect: stop

#### exec a host binary
exec /bin/sh -c 'cat /etc/passwd'
## expect: any

#### run a host path
/usr/bin/id; /bin/ls /root
## expect: stop

#### nested shell reads host
bash -c 'cat /etc/passwd' ; sh -c 'cat /etc/hostname'
## expect: any

#### enable -f loads nothing
enable -f /lib/x86_64-linux-gnu/libc.so.6 foo
## expect: stop

#### ulimit cannot lift the sandbox
ulimit -v unlimited; ulimit -n 100000; echo ok
## expect: any

#### hostname is the sandbox's
hostname 2>/dev/null; echo $HOSTNAME; uname -n 2>/dev/null
## expect: any

#### host environment invisible
env; set; declare -p | grep -i secret
## expect: any

#### home is virtual
cd ~; pwd; ls -a
## expect: any

#### writing over dev null
echo x > /dev/null; rm -f /dev/null; ls -l /dev/null
## expect: any

#### unicode path tricks
cat $'/etc/\u2215passwd' /etc/passwd%00 2>&1
## expect: any

#### very deep path
p=/tmp; for i in $(seq 500); do p=$p/d; done; mkdir -p $p
## expect: any

#### very long file name
touch /tmp/$(printf 'a%.0s' {1..10000})
## expect: any

#### fd exhaustion
for i in $(seq 3 5000); do eval "exec $i</dev/null"; done; echo ok
## expect: any

#### redirect to many files
for i in $(seq 20000); do echo > /tmp/r$i; done
## expect: stop
## flags: --max-files=1000

#### command -p and PATH games
PATH=/nonexistent; ls; command -p cat /etc/passwd
## expect: any

#### snapshot of host via mount-less cp
cp -r / /tmp/all 2>/dev/null; ls /tmp/all | head
## expect: any

#### curl to the cloud metadata address without an allowlist
curl http://169.254.169.254/latest/meta-data/
## expect: stop
## stderr: --allow-net

#### curl to a private address allowed by name only through a public-looking rule
curl --resolve example.com:80:10.0.0.1 http://example.com/
## expect: stop
## flags: --allow-net=http://example.com/

#### wget to loopback without an allowlist
wget -O - http://127.0.0.1:9/
## expect: stop

#### sqlite3 attach of a host file
# A path names the sandbox's file (its own /etc/passwd, no database), never the host's.
sqlite3 :memory: "attach '/etc/passwd' as p; select * from p.sqlite_schema"
## expect: stop
## stderr: file is not a database

#### sqlite3 vacuum into a host file, and a URI naming the host VFS
sqlite3 :memory: "create table t(a); vacuum into '/tmp/sandsh-escape.db'"; sqlite3 :memory: "attach 'file:/etc/passwd?vfs=unix' as p"
## expect: stop

#### sqlite3 extension loading and the shell escape
sqlite3 :memory: "select load_extension('/lib/x86_64-linux-gnu/libc.so.6')"; printf '.shell id\n.system id\n' | sqlite3
## expect: stop
