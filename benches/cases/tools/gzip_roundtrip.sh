# iterations: 1
# about: gzip \| gzip -d round trip; GNU: `gzip -c FILE \| gzip -dc`
# input: prose
# target: cold <= 1.5
# check: gzip -c @IN@ | gzip -dc | cksum
gzip -c @IN@ | gzip -dc > /dev/null
