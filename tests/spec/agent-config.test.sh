## compare_shells: bash
## Agent-task conformance: agent-config

#### envsubst template rendering
cat > nginx.conf.tmpl <<'EOF'
server {
    listen ${PORT};
    server_name ${DOMAIN};
    root /srv/${APP}/public;
}
EOF
export PORT=8080 DOMAIN=example.com APP=blog
envsubst < nginx.conf.tmpl
## STDOUT:
server {
    listen 8080;
    server_name example.com;
    root /srv/blog/public;
}
## END

#### envsubst with restricted variable list
echo 'host=$HOST user=$USER_NAME keep=$KEEP' > t.tmpl
export HOST=db.local USER_NAME=admin KEEP=x
envsubst '$HOST $USER_NAME' < t.tmpl
## stdout: host=db.local user=admin keep=$KEEP

#### heredoc with variable expansion
name=worker replicas=3
cat > deploy.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
EOF
cat deploy.yaml
## STDOUT:
apiVersion: apps/v1
kind: Deployment
metadata:
  name: worker
spec:
  replicas: 3
## END

#### quoted heredoc keeps dollars literal
cat > script.sh <<'EOF'
#!/bin/bash
echo "Home is $HOME"
total=$((1 + 2))
EOF
cat script.sh
## STDOUT:
#!/bin/bash
echo "Home is $HOME"
total=$((1 + 2))
## END

#### heredoc with tab stripping
if true; then
	cat <<-EOF
	indented line one
	  keeps spaces
	EOF
fi
## STDOUT:
indented line one
  keeps spaces
## END

#### sed -i replace value in ini file
cat > app.ini <<'EOF'
[server]
host = 127.0.0.1
port = 8000
debug = true
EOF
sed -i 's/^port = .*/port = 9000/; s/^debug = true/debug = false/' app.ini
cat app.ini
## STDOUT:
[server]
host = 127.0.0.1
port = 9000
debug = false
## END

#### sed -i with backup suffix
echo 'version=1' > v.conf
sed -i.bak 's/version=1/version=2/' v.conf
cat v.conf v.conf.bak
## STDOUT:
version=2
version=1
## END

#### update or append key in env file
cat > .env <<'EOF'
DB_HOST=localhost
DB_PORT=5432
EOF
set_kv() {
  local k=$1 v=$2 f=$3
  if grep -q "^${k}=" "$f"; then sed -i "s|^${k}=.*|${k}=${v}|" "$f"; else echo "${k}=${v}" >> "$f"; fi
}
set_kv DB_HOST db.internal .env
set_kv API_KEY abc123 .env
cat .env
## STDOUT:
DB_HOST=db.internal
DB_PORT=5432
API_KEY=abc123
## END

#### source env file and use variables
cat > config.env <<'EOF'
# comment
APP_NAME=myapp
APP_PORT=3000
APP_URL="http://localhost:${APP_PORT}"
EOF
set -a; . ./config.env; set +a
echo "$APP_NAME on $APP_URL"
bash -c 'echo "child sees $APP_NAME"'
## STDOUT:
myapp on http://localhost:3000
child sees myapp
## END

#### parse env file without sourcing
cat > vars.env <<'EOF'
# settings
KEY1=value1

KEY2="quoted value"
export KEY3=three
EOF
grep -v '^\s*#' vars.env | grep -v '^\s*$' | sed 's/^export //' | while IFS='=' read -r k v; do
  v="${v%\"}"; v="${v#\"}"
  echo "[$k] -> [$v]"
done
## STDOUT:
[KEY1] -> [value1]
[KEY2] -> [quoted value]
[KEY3] -> [three]
## END

#### read ini section values with awk
cat > settings.ini <<'EOF'
[database]
host=db1
port=5432
[cache]
host=redis1
port=6379
EOF
awk -F= '/^\[/{sec=substr($0,2,length($0)-2)} sec=="cache" && $1=="host"{print $2}' settings.ini
awk -F= '/^\[/{s=substr($0,2,length($0)-2); next} NF==2{print s"."$1"="$2}' settings.ini
## STDOUT:
redis1
database.host=db1
database.port=5432
cache.host=redis1
cache.port=6379
## END

#### comment out a line in config
cat > sshd_config <<'EOF'
Port 22
PermitRootLogin yes
PasswordAuthentication yes
EOF
sed -i 's/^PermitRootLogin/#&/' sshd_config
sed -i '/^PasswordAuthentication/s/yes/no/' sshd_config
cat sshd_config
## STDOUT:
Port 22
#PermitRootLogin yes
PasswordAuthentication no
## END

#### uncomment a line
cat > conf <<'EOF'
#listen_addresses = 'localhost'
#max_connections = 100
shared_buffers = 128MB
EOF
sed -i -E 's/^#(max_connections)/\1/' conf
grep -v '^#' conf
## STDOUT:
max_connections = 100
shared_buffers = 128MB
## END

#### insert line after match with sed
cat > requirements.txt <<'EOF'
flask==2.0
requests==2.31
EOF
sed -i '/^flask/a gunicorn==21.2' requirements.txt
sed -i '1i # pinned deps' requirements.txt
cat requirements.txt
## STDOUT:
# pinned deps
flask==2.0
gunicorn==21.2
requests==2.31
## END

#### delete lines in range
cat > f.conf <<'EOF'
keep1
# BEGIN generated
junk a
junk b
# END generated
keep2
EOF
sed -i '/# BEGIN generated/,/# END generated/d' f.conf
cat f.conf
## STDOUT:
keep1
keep2
## END

#### replace block between markers with new content
cat > hosts <<'EOF'
127.0.0.1 localhost
# >>> managed
10.0.0.1 old
# <<< managed
EOF
new='10.0.0.5 api\n10.0.0.6 db'
awk -v repl="$new" '/# >>> managed/{print; gsub(/\\n/,"\n",repl); print repl; skip=1; next} /# <<< managed/{skip=0} !skip' hosts
## STDOUT:
127.0.0.1 localhost
# >>> managed
10.0.0.5 api
10.0.0.6 db
# <<< managed
## END

#### generate config files in loop from heredoc
for svc in api worker; do
  port=$([ "$svc" = api ] && echo 8080 || echo 9090)
  cat > "$svc.service" <<EOF
[Service]
ExecStart=/usr/bin/$svc --port $port
Restart=always
EOF
done
head -n 2 api.service worker.service
## STDOUT:
==> api.service <==
[Service]
ExecStart=/usr/bin/api --port 8080

==> worker.service <==
[Service]
ExecStart=/usr/bin/worker --port 9090
## END

#### json config templating with jq from shell vars
env_name=staging; replicas=2
jq -n --arg env "$env_name" --argjson r "$replicas" '{environment: $env, replicas: $r, features: {beta: ($env != "prod")}}'
## STDOUT:
{
  "environment": "staging",
  "replicas": 2,
  "features": {
    "beta": true
  }
}
## END

#### yaml-ish key extraction with grep and cut
cat > config.yml <<'EOF'
app:
  name: shop
  port: 8081
database:
  url: postgres://db/shop
EOF
grep -E '^\s+port:' config.yml | awk '{print $2}'
sed -n 's/^  url: //p' config.yml
## STDOUT:
8081
postgres://db/shop
## END

#### default values with parameter expansion
unset PORT HOST
echo "port=${PORT:-8080} host=${HOST:=0.0.0.0}"
echo "host now=$HOST"
LOG_LEVEL=""
echo "level=${LOG_LEVEL:-info} raw=[${LOG_LEVEL-unset}]"
## STDOUT:
port=8080 host=0.0.0.0
host now=0.0.0.0
level=info raw=[]
## END

#### required variable check with :?
check() { : "${API_TOKEN:?API_TOKEN must be set}"; echo "token ok"; }
( check ) 2>/dev/null || echo "failed with $?"
API_TOKEN=x; check
## STDOUT:
failed with 1
token ok
## END

#### printf generate config lines
declare -A cfg=([timeout]=30 [retries]=5 [mode]=fast)
for k in $(printf '%s\n' "${!cfg[@]}" | sort); do printf '%s = %s\n' "$k" "${cfg[$k]}"; done > out.conf
cat out.conf
## STDOUT:
mode = fast
retries = 5
timeout = 30
## END

#### sed with alternate delimiter for paths
echo 'DATA_DIR=/var/lib/app' > paths.conf
new=/mnt/data/app
sed -i "s|^DATA_DIR=.*|DATA_DIR=$new|" paths.conf
cat paths.conf
## stdout: DATA_DIR=/mnt/data/app

#### escape special chars for sed replacement
val='a&b/c\d'
esc=$(printf '%s' "$val" | sed 's/[&/\]/\\&/g')
echo 'key=PLACEHOLDER' | sed "s/PLACEHOLDER/$esc/"
## stdout: key=a&b/c\d

#### multiline heredoc to variable
read -r -d '' BANNER <<'EOF'
=====
 Welcome
=====
EOF
echo "$BANNER"
echo "lines: $(printf '%s\n' "$BANNER" | wc -l)"
## STDOUT:
=====
 Welcome
=====
lines: 3
## END

#### cat heredoc into command pipeline
cat <<EOF | sort | tr a-z A-Z
cherry
apple
banana
EOF
## STDOUT:
APPLE
BANANA
CHERRY
## END

#### crontab line generation
minute=30 hour=2
line="$minute $hour * * * /usr/local/bin/backup.sh >> /var/log/backup.log 2>&1"
printf '%s\n' "# nightly backup" "$line" > crontab.txt
cat crontab.txt
awk '{print NF}' crontab.txt
## STDOUT:
# nightly backup
30 2 * * * /usr/local/bin/backup.sh >> /var/log/backup.log 2>&1
3
9
## END

#### version bump in file
cat > version.txt <<'EOF'
1.4.9
EOF
IFS=. read -r maj min pat < version.txt
echo "$maj.$min.$((pat+1))" > version.txt
cat version.txt
v=$(cat version.txt); echo "$maj.$((min+1)).0"
## STDOUT:
1.4.10
1.5.0
## END

#### bump version in setup file with sed capture groups
cat > setup.cfg <<'EOF'
[metadata]
name = pkg
version = 0.9.12
EOF
sed -E -i 's/^(version = [0-9]+\.[0-9]+\.)([0-9]+)$/echo "\1$((\2+1))"/e' setup.cfg
cat setup.cfg
## STDOUT:
[metadata]
name = pkg
version = 0.9.13
## END

#### tr and sed to normalize key names
printf 'Max-Connections: 10\nIdle Timeout: 5\n' | sed -E 's/^([^:]+):\s*/\1=/' | awk -F= '{k=toupper($1); gsub(/[- ]/, "_", k); print k "=" $2}'
## STDOUT:
MAX_CONNECTIONS=10
IDLE_TIMEOUT=5
## END

#### here-string input
read -r first rest <<< "alpha beta gamma"
echo "$first | $rest"
tr ' ' '\n' <<< "c b a" | sort | paste -sd' '
## STDOUT:
alpha | beta gamma
a b c
## END

#### generate dockerfile with heredoc and conditionals
base=python:3.12-slim; with_dev=1
{
  echo "FROM $base"
  echo "WORKDIR /app"
  echo "COPY requirements.txt ."
  [ "$with_dev" = 1 ] && echo "RUN pip install -r requirements.txt pytest"
  echo 'CMD ["python", "main.py"]'
} > Dockerfile
cat Dockerfile
grep -c '^[A-Z]' Dockerfile
## STDOUT:
FROM python:3.12-slim
WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt pytest
CMD ["python", "main.py"]
5
## END

#### toggle feature flag in json config with jq
echo '{"features":{"dark_mode":false,"beta":true}}' > flags.json
jq '.features.dark_mode = true | .features.beta |= not' flags.json > tmp && mv tmp flags.json
jq -c . flags.json
## stdout: {"features":{"dark_mode":true,"beta":false}}
