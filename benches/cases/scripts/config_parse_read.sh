# iterations: 1200
# about: parse an INI-style config with read
config='# settings
[server]
host = example.org
port = 8080
  # indented comment
[client]
retries=3
timeout = 2.5
name = "sandbox shell"

[paths]
root=/srv/data
logs = /var/log/app
'
declare -A conf=()
for ((r = 0; r < 100; r++)); do
  section=
  while IFS= read -r line; do
    line=${line#"${line%%[![:space:]]*}"}
    [[ -z $line || $line == \#* ]] && continue
    if [[ $line == \[*\] ]]; then section=${line:1:-1}; continue; fi
    IFS='=' read -r key value <<< "$line"
    key=${key%"${key##*[![:space:]]}"}
    value=${value#"${value%%[![:space:]]*}"}
    value=${value#\"}; value=${value%\"}
    conf[$section.$key]=$value
  done <<< "$config"
done
for k in server.host server.port client.retries client.timeout client.name paths.root paths.logs; do
  printf '%s=%s\n' "$k" "${conf[$k]}"
done
