# iterations: 1
# about: gzip -1 \| gzip -d round trip; GNU: `gzip -1 -c FILE \| gzip -dc`
# input: csv
# target: cold <= 1.5
# check: gzip -1 -c @IN@ | gzip -dc | cksum
gzip -1 -c @IN@ | gzip -dc > /dev/null
