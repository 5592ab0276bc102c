#### rg over a gitignore of 100000 patterns
# (yes | head writes the file in 0.15 s in a debug build; `seq -f` took 0.7 s, and past the
# 2 s timeout on a loaded CI machine before rg ran. The refusal counts lines, alike or not.)
mkdir -p /w/.git /w/src; cd /w; yes 'pat*/x?.tmp' | head -n 100000 > .gitignore; echo needle > src/a.txt; rg -l needle
## expect: stop
## stderr: wildcard patterns

#### rg down a deep tree
p=/deep; for i in $(seq 400); do p=$p/d; done; mkdir -p $p; echo needle > $p/f; cd /deep && rg -c needle | wc -l
## expect: any

#### rg on endless stdin
yes needle | rg -c needle
## expect: stop

#### yq billion laughs
printf 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' > /bomb.yaml
prev=a; for n in b c d e f g h i; do printf '%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n' $n $n $prev $prev $prev $prev $prev $prev $prev $prev $prev >> /bomb.yaml; prev=$n; done
yq '.i | length' /bomb.yaml
## expect: stop
## stderr: alias

#### yq deep nesting
head -c 200000 /dev/zero | tr '\0' '[' > /deep.yaml; yq . /deep.yaml
## expect: stop

#### yq on endless stdin
yes 'a: 1' | yq .
## expect: stop

#### yq XML entity bomb (a billion-laughs DOCTYPE: entities are never expanded)
printf '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n' > /bomb.xml
prev=lol; for n in 1 2 3 4 5 6 7 8 9; do printf '<!ENTITY lol%s "&%s;&%s;&%s;&%s;&%s;&%s;&%s;&%s;&%s;&%s;">\n' $n $prev $prev $prev $prev $prev $prev $prev $prev $prev $prev >> /bomb.xml; prev=lol$n; done
printf ']>\n<lolz>&lol9;</lolz>\n' >> /bomb.xml
yq -p xml -o json '.lolz' /bomb.xml
## expect: any

#### yq XML nested 100000 deep
yes '<a>' | head -n 100000 > /deep.xml; yq -p xml . /deep.xml
## expect: stop
## stderr: nesting deeper than

#### yq XML on endless stdin
yes '<a>x</a>' | yq -p xml .
## expect: stop
