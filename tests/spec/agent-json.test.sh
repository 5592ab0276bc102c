## compare_shells: bash
## Agent-task conformance: agent-json

#### extract field from api response
cat > resp.json <<'EOF'
{"status":"ok","data":{"user":{"id":42,"name":"Ada","roles":["admin","dev"]}}}
EOF
jq -r '.data.user.name' resp.json
jq '.data.user.roles | length' resp.json
jq -r '.data.user.roles[]' resp.json
## STDOUT:
Ada
2
admin
dev
## END

#### list names from array of objects
cat > users.json <<'EOF'
[{"name":"ann","active":true,"age":31},{"name":"bob","active":false,"age":45},{"name":"cy","active":true,"age":22}]
EOF
jq -r '.[] | select(.active) | .name' users.json
jq -r 'map(select(.age > 30)) | map(.name) | join(",")' users.json
## STDOUT:
ann
cy
ann,bob
## END

#### update a field in place via temp file
cat > package.json <<'EOF'
{
  "name": "demo",
  "version": "1.2.3",
  "scripts": {"test": "jest"}
}
EOF
jq '.version = "1.3.0"' package.json > package.json.tmp && mv package.json.tmp package.json
jq -r .version package.json
cat package.json
## STDOUT:
1.3.0
{
  "name": "demo",
  "version": "1.3.0",
  "scripts": {
    "test": "jest"
  }
}
## END

#### add a key with --arg and --argjson
echo '{"a":1}' > c.json
jq --arg env prod --argjson port 8080 '. + {env: $env, port: $port}' c.json
jq -c --arg k dyn '.[$k] = true' c.json
## STDOUT:
{
  "a": 1,
  "env": "prod",
  "port": 8080
}
{"a":1,"dyn":true}
## END

#### delete keys
echo '{"id":1,"password":"x","token":"y","name":"n"}' | jq -c 'del(.password, .token)'
echo '[1,2,3,4,5]' | jq -c 'del(.[0,2])'
## STDOUT:
{"id":1,"name":"n"}
[2,4,5]
## END

#### sort array of objects by field
cat > repos.json <<'EOF'
[{"name":"a","stars":10},{"name":"b","stars":300},{"name":"c","stars":42}]
EOF
jq -r 'sort_by(.stars) | reverse | .[] | "\(.stars)\t\(.name)"' repos.json
jq -c 'max_by(.stars) | .name' repos.json
## STDOUT:
300	b
42	c
10	a
"b"
## END

#### group and count with jq
cat > issues.json <<'EOF'
[{"id":1,"state":"open","label":"bug"},{"id":2,"state":"closed","label":"bug"},{"id":3,"state":"open","label":"feature"},{"id":4,"state":"open","label":"bug"}]
EOF
jq -c 'group_by(.label) | map({label: .[0].label, count: length})' issues.json
jq -c '[.[] | select(.state=="open")] | group_by(.label) | map({(.[0].label): length}) | add' issues.json
## STDOUT:
[{"label":"bug","count":3},{"label":"feature","count":1}]
{"bug":2,"feature":1}
## END

#### merge two json files
echo '{"db":{"host":"localhost","port":5432},"debug":false}' > base.json
echo '{"db":{"host":"prod.db"},"debug":true}' > override.json
jq -s -c '.[0] * .[1]' base.json override.json
jq -s -c 'add' base.json override.json
## STDOUT:
{"db":{"host":"prod.db","port":5432},"debug":true}
{"db":{"host":"prod.db"},"debug":true}
## END

#### jq to_entries and from_entries
echo '{"b":2,"a":1,"c":3}' | jq -c 'to_entries | map(select(.value > 1)) | from_entries'
echo '{"b":2,"a":1}' | jq -r 'to_entries[] | "\(.key)=\(.value)"'
echo '{"x":1,"y":2}' | jq -c 'with_entries(.key |= ascii_upcase)'
## STDOUT:
{"b":2,"c":3}
b=2
a=1
{"X":1,"Y":2}
## END

#### env vars to json
export APP_NAME=svc APP_PORT=9000
jq -n -c '{name: env.APP_NAME, port: (env.APP_PORT | tonumber)}'
jq -n -r '$ENV.APP_NAME'
## STDOUT:
{"name":"svc","port":9000}
svc
## END

#### build json with jq -n safely
name='O"Brien'; msg=$'line1\nline2'
jq -n -c --arg name "$name" --arg msg "$msg" '{name: $name, msg: $msg}'
## stdout: {"name":"O\"Brien","msg":"line1\nline2"}

#### keys and has
echo '{"b":1,"a":{"c":2}}' | jq -c 'keys'
echo '{"b":1,"a":{"c":2}}' | jq '.a | has("c")'
echo '{"b":1}' | jq -c 'keys_unsorted, (.missing // "default")'
## STDOUT:
["a","b"]
true
["b"]
"default"
## END

#### paths and leaf values
echo '{"a":{"b":1,"c":[2,3]},"d":4}' | jq -c '[paths(scalars)]'
echo '{"a":{"b":1,"c":[2,3]},"d":4}' | jq -c '[leaf_paths | join(".")]' 2>/dev/null || echo '{"a":{"b":1,"c":[2,3]},"d":4}' | jq -c '[paths(scalars) | map(tostring) | join(".")]'
## STDOUT:
[["a","b"],["a","c",0],["a","c",1],["d"]]
["a.b","a.c.0","a.c.1","d"]
## END

#### flatten nested arrays and unique
echo '[[1,2],[2,3,[4]],[5]]' | jq -c 'flatten'
echo '[3,1,2,3,1]' | jq -c 'unique'
echo '[{"t":"a"},{"t":"b"},{"t":"a"}]' | jq -c 'map(.t) | unique'
## STDOUT:
[1,2,2,3,4,5]
[1,2,3]
["a","b"]
## END

#### reduce to sum
echo '[{"n":3},{"n":4},{"n":5}]' | jq 'map(.n) | add'
echo '[{"n":3},{"n":4},{"n":5}]' | jq 'reduce .[] as $x (0; . + $x.n)'
echo '[]' | jq 'add // 0'
## STDOUT:
12
12
0
## END

#### jq string interpolation and formatting
echo '{"host":"db","port":5432}' | jq -r '"postgres://\(.host):\(.port)/app"'
echo '["a b","c&d"]' | jq -r '@uri "q=\(.[0])&r=\(.[1])"'
echo '"hello"' | jq -r '@base64'
echo '"aGVsbG8="' | jq -r '@base64d'
## STDOUT:
postgres://db:5432/app
q=a%20b&r=c%26d
aGVsbG8=
hello
## END

#### jq sh formatting for shell consumption
echo '{"files":["a.txt","my file.txt"]}' | jq -r '.files | @sh'
eval "set -- $(echo '{"files":["a.txt","my file.txt"]}' | jq -r '.files | @sh')"
echo "$# args; second=[$2]"
## STDOUT:
'a.txt' 'my file.txt'
2 args; second=[my file.txt]
## END

#### read jq output into bash array
cat > r.json <<'EOF'
{"items":[{"id":"x1"},{"id":"y2"},{"id":"z3"}]}
EOF
mapfile -t ids < <(jq -r '.items[].id' r.json)
echo "${#ids[@]} ids: ${ids[*]}"
for id in "${ids[@]}"; do echo "processing $id"; done
## STDOUT:
3 ids: x1 y2 z3
processing x1
processing y2
processing z3
## END

#### jq -e for condition exit status
echo '{"ok":true}' | jq -e '.ok' >/dev/null && echo healthy
echo '{"ok":false}' | jq -e '.ok' >/dev/null || echo "unhealthy: $?"
echo '{}' | jq -e '.missing' >/dev/null; echo "missing: $?"
## STDOUT:
healthy
unhealthy: 1
missing: 1
## END

#### jq slurp lines into array
printf 'a\nb\nc\n' | jq -R . | jq -s -c .
printf 'a\nb\nc\n' | jq -R -s -c 'split("\n")[:-1]'
## STDOUT:
["a","b","c"]
["a","b","c"]
## END

#### jq select with test regex
cat > pkgs.json <<'EOF'
[{"name":"lib-core","v":"1.0"},{"name":"app","v":"2.1"},{"name":"lib-util","v":"0.9"}]
EOF
jq -r '.[] | select(.name | test("^lib-")) | .name' pkgs.json
jq -c '[.[] | .name | capture("^(?<prefix>[a-z]+)-(?<rest>.+)$")]' pkgs.json
## STDOUT:
lib-core
lib-util
[{"prefix":"lib","rest":"core"},{"prefix":"lib","rest":"util"}]
## END

#### jq sub and gsub
echo '"2024-01-15"' | jq -r 'gsub("-"; "/")'
echo '"v1.2.3"' | jq -r 'sub("^v"; "")'
echo '"Hello World"' | jq -r 'ascii_downcase | gsub(" "; "_")'
## STDOUT:
2024/01/15
1.2.3
hello_world
## END

#### jq split and join with numbers
echo '"1.2.3"' | jq -c 'split(".") | map(tonumber)'
echo '[1,2,3]' | jq -r 'map(tostring) | join("-")'
echo '"a,b,,c"' | jq -c 'split(",") | map(select(. != ""))'
## STDOUT:
[1,2,3]
1-2-3
["a","b","c"]
## END

#### jq array slicing and indices
echo '[10,20,30,40,50]' | jq -c '.[1:3], .[-2:], first, last, .[2]'
echo '["a","b","c","b"]' | jq -c 'index("b"), rindex("b"), indices("b")'
## STDOUT:
[20,30]
[40,50]
10
50
30
1
3
[1,3]
## END

#### jq compact vs pretty output
echo '{"a":[1,2],"b":{"c":null}}' | jq .
echo '{"a":[1,2],"b":{"c":null}}' | jq -c .
echo '{"b":1,"a":2}' | jq -S -c .
## STDOUT:
{
  "a": [
    1,
    2
  ],
  "b": {
    "c": null
  }
}
{"a":[1,2],"b":{"c":null}}
{"a":2,"b":1}
## END

#### jq tab and indent options
echo '{"a":{"b":1}}' | jq --tab .
echo '{"a":[1]}' | jq --indent 4 .
## STDOUT:
{
	"a": {
		"b": 1
	}
}
{
    "a": [
        1
    ]
}
## END

#### jq raw output join
echo '["x","y","z"]' | jq -j '.[]'; echo
echo '["x","y"]' | jq -r '.[]' | paste -sd,
## STDOUT:
xyz
x,y
## END

#### jq type checks and conversions
echo '[1,"2",null,true,{"a":1},[1]]' | jq -c 'map(type)'
echo '["1","2.5","x"]' | jq -c 'map(tonumber? // "NaN")'
echo '[1,null,2]' | jq -c 'map(values)'
## STDOUT:
["number","string","null","boolean","object","array"]
[1,2.5,"NaN"]
[1,2]
## END

#### jq any all and contains
echo '[{"ok":true},{"ok":false}]' | jq 'any(.[]; .ok), all(.[]; .ok)'
echo '{"tags":["a","b","c"]}' | jq '.tags | contains(["b"])'
echo '"foobar"' | jq 'startswith("foo"), endswith("baz"), ltrimstr("foo")'
## STDOUT:
true
false
true
true
false
"bar"
## END

#### jq min max and length of strings
echo '["apple","fig","banana"]' | jq -c 'map(length), min_by(length), max_by(length)'
echo '[5,3,9]' | jq 'min, max'
## STDOUT:
[5,3,6]
"fig"
"banana"
3
9
## END

#### jq nested update with |=
cat > deploy.json <<'EOF'
{"services":[{"name":"web","replicas":1},{"name":"worker","replicas":2}]}
EOF
jq -c '.services |= map(.replicas *= 3)' deploy.json
jq -c '(.services[] | select(.name=="web") | .replicas) = 5' deploy.json
jq -c '.services += [{"name":"cron","replicas":1}] | .services | map(.name)' deploy.json
## STDOUT:
{"services":[{"name":"web","replicas":3},{"name":"worker","replicas":6}]}
{"services":[{"name":"web","replicas":5},{"name":"worker","replicas":2}]}
["web","worker","cron"]
## END

#### jq limit first and range
jq -n -c '[limit(3; range(10))]'
jq -n -c '[range(0; 10; 3)]'
jq -n -c 'first(range(5; 10))'
## STDOUT:
[0,1,2]
[0,3,6,9]
5
## END

#### jq inputs streaming with -n
printf '{"v":1}\n{"v":2}\n{"v":3}\n' | jq -n '[inputs.v] | add'
printf '1 2 3' | jq -n 'reduce inputs as $x (0; . + $x)'
## STDOUT:
6
6
## END

#### jq null handling and alternative
echo '{"a":null,"b":false,"c":0}' | jq -c '[.a // "x", .b // "y", .c // "z", .d // "w"]'
echo '{"user":null}' | jq -r '.user.name // "anonymous"'
echo '[{"a":1},{}]' | jq -c 'map(.a?)'
## STDOUT:
["x","y",0,"w"]
anonymous
[1,null]
## END

#### jq error handling with try
echo '["1","x","3"]' | jq -c 'map(try tonumber catch "bad")'
echo '{"a":"s"}' | jq -c 'try (.a | keys) catch "not an object"'
echo '{}' | jq -c '[.[]?]'
## STDOUT:
[1,"bad",3]
"not an object"
[]
## END

#### jq define function
echo '[1,2,3]' | jq -c 'def double: . * 2; map(double)'
echo '[3,4]' | jq 'def hyp(a; b): (a*a + b*b) | sqrt; hyp(.[0]; .[1])'
## STDOUT:
[2,4,6]
5
## END

#### jq tsv output for column alignment
cat > svc.json <<'EOF'
[{"name":"api","port":8080,"up":true},{"name":"db","port":5432,"up":false}]
EOF
jq -r '.[] | [.name, .port, (if .up then "UP" else "DOWN" end)] | @tsv' svc.json | column -t
## STDOUT:
api  8080  UP
db   5432  DOWN
## END

#### jq if elif else
echo '[5,50,500]' | jq -r '.[] | if . < 10 then "small" elif . < 100 then "medium" else "large" end'
## STDOUT:
small
medium
large
## END

#### jq walk to strip nulls
echo '{"a":1,"b":null,"c":{"d":null,"e":2}}' | jq -c 'walk(if type == "object" then with_entries(select(.value != null)) else . end)'
## stdout: {"a":1,"c":{"e":2}}

#### jq unique_by and group counts
echo '[{"u":"a","t":1},{"u":"b","t":2},{"u":"a","t":3}]' | jq -c 'unique_by(.u) | map(.t)'
echo '[{"u":"a"},{"u":"b"},{"u":"a"}]' | jq -r 'group_by(.u)[] | "\(.[0].u) \(length)"'
## STDOUT:
[1,2]
a 2
b 1
## END

#### jq tojson and fromjson round trip
echo '{"payload":"{\"x\":1}"}' | jq -c '.payload | fromjson'
echo '{"x":[1,2]}' | jq -c '{payload: tojson}'
echo '{"x":[1,2]}' | jq '.x | tostring'
## STDOUT:
{"x":1}
{"payload":"{\"x\":[1,2]}"}
"[1,2]"
## END

#### jq numbers formatting
echo '[1.5, 2, 10, 1000, 0.1]' | jq -c '.'
jq -n -c '[1.5*2, 10/4, 1000*1000, 0.1+0.2, -0.5*2]'
jq -n '10 / 4, 7 % 3, (10 / 3 | floor), (2.5 | round), (1.2 | ceil)'
## STDOUT:
[1.5,2,10,1000,0.1]
[3,2.5,1000000,0.30000000000000004,-1]
2.5
1
3
3
2
## END

#### jq dates from epoch
jq -n -r '0 | todate'
jq -n -r '1700000000 | strftime("%Y-%m-%d")'
jq -n '"2024-01-02T03:04:05Z" | fromdateiso8601'
## STDOUT:
1970-01-01T00:00:00Z
2023-11-14
1704164645
## END

#### jq arg from file contents via rawfile-like slurp
printf 'secret-token' > token.txt
jq -n -c --arg t "$(cat token.txt)" '{auth: ("Bearer " + $t)}'
## stdout: {"auth":"Bearer secret-token"}

#### jq length of different types
echo '[[1,2], "abc", {"a":1,"b":2}, null, -5]' | jq -c 'map(length)'
## stdout: [2,3,2,0,5]

#### jq splits on regex and ascii
echo '"a1b22c333"' | jq -c '[splits("[0-9]+")]'
echo '"x, y ,z"' | jq -c 'split(",") | map(ltrimstr(" ") | rtrimstr(" "))'
## STDOUT:
["a","b","c",""]
["x","y","z"]
## END

#### jq getpath and setpath
echo '{"a":{"b":{"c":7}}}' | jq -c 'getpath(["a","b","c"]), getpath(["x","y"])'
echo '{}' | jq -c 'setpath(["a","b"]; 1)'
echo '{"a":1}' | jq -c 'to_entries | map("\(.key)") '
## STDOUT:
7
null
{"a":{"b":1}}
["a"]
## END

#### jq --args positional
jq -n -c '$ARGS.positional' --args a b c
jq -n -c '$ARGS.named' --arg x 1 --arg y 2
## STDOUT:
["a","b","c"]
{"x":"1","y":"2"}
## END

#### validate json files in directory
mkdir conf
echo '{"ok":1}' > conf/good.json
echo '{"bad":' > conf/broken.json
echo '[]' > conf/empty.json
for f in conf/*.json; do
  if jq empty "$f" 2>/dev/null; then echo "valid: $f"; else echo "INVALID: $f"; fi
done
## STDOUT:
INVALID: conf/broken.json
valid: conf/empty.json
valid: conf/good.json
## END

#### count objects in nested json arrays
cat > org.json <<'EOF'
{"teams":[{"name":"a","members":[{"n":1},{"n":2}]},{"name":"b","members":[{"n":3}]}]}
EOF
jq '[.teams[].members[]] | length' org.json
jq -r '.teams[] | "\(.name): \(.members | length)"' org.json
jq -c '[.teams[] | {name, size: (.members|length)}]' org.json
## STDOUT:
3
a: 2
b: 1
[{"name":"a","size":2},{"name":"b","size":1}]
## END
