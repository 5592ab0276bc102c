# iterations: 1
# about: cut \| sort \| uniq -c \| sort -rn \| head (top clients); GNU: `cut -d' ' -f4 FILE \| sort \| uniq -c \| sort -rn \| head -20`
# input: log
# target: cold <= 1.5
# check: cut -d' ' -f4 @IN@ | sort | uniq -c | sort -rn | head -20 | cksum
cut -d' ' -f4 @IN@ | sort | uniq -c | sort -rn | head -20 > /dev/null
