#### tree over a directory 10,000 deep
p=/deep$(printf '/d%.0s' {1..10000}); mkdir -p "$p"; tree -d --noreport /deep | tail -c 100
## expect: any

#### tree --du over a directory 10,000 deep
p=/deep$(printf '/d%.0s' {1..10000}); mkdir -p "$p"; tree --du -J /deep | tail -c 100
## expect: any

#### tree over a directory 10,000 wide, with every sort
mkdir /w && cd /w && touch $(seq 10000) && for s in name version size mtime ctime; do tree --sort=$s -psugD | tail -1; done
## expect: any

#### tree --gitignore with a gitignore bomb
mkdir -p /w/.git /w/src; cd /w; yes 'pat*/x?.tmp' | head -n 100000 > .gitignore; touch src/a.txt; tree --gitignore
## expect: stop
## stderr: wildcard patterns in one ignore file
