//! Differential tests for the file and system utilities (stat, readlink, realpath, mktemp,
//! truncate, install, file, du, tree, ...) against the host's GNU tools.
//!
//! Each case builds the same fixture twice: on the host (by a bash script, in a fresh
//! directory) and in a fresh sandsh kernel (the host tree is mirrored into the VFS at the
//! same absolute path, so printed paths agree). The case's command then runs in both with
//! `LC_ALL=C.UTF-8`, and stdout and the exit status must match byte for byte. Only
//! deterministic output is compared (no times, owners or inode numbers). A case whose tool is
//! missing on the host is skipped.

use std::path::{Path, PathBuf};

use crate::diff::Host;
use sandsh::vfs::WriteMode;
use sandsh::{Kernel, KernelConfig};

/// The fixture, built on the host by bash. Binary formats come from the host tools.
const FIXTURE: &str = r#"
printf 'hello\n' > ascii
printf 'h\303\251llo\n' > utf8
printf 'a\r\nb\r\n' > crlf
printf 'h\303\251llo\r\n' > u8crlf
: > empty
printf 'no newline' > nonl
printf 'a\rb' > cr
printf 'a\r\nb\nc\rd' > mixed
printf 'a\bb\n' > bs
printf 'hello\tworld\033[0m\n' > esc
printf '\351t\351\n' > latin1
printf '\200\201abc\n' > nonis
printf 'line\n\000' > withnul
printf '\377\376h\000i\000' > utf16
printf '{"a": 1}\n' > j.json
printf '[1,2]' > arr
printf '{"a":1}\n{"b":2}\n' > nd.json
printf '{"a":}' > badjson
printf 'x' > one
printf '#!/bin/sh\necho hi\n' > s.sh
printf '#!/bin/bash\necho\n' > s.bash
printf '#!/usr/bin/env python3\nprint(1)\n' > s.py
printf '#!/usr/bin/env python\nprint("\303\251")\n' > su.py
printf '#!/bin/sh\r\necho\r\n' > scr.sh
printf '#!/usr/local/bin/foo\n' > s.foo
printf '<!DOCTYPE html>\n<html>\n' > h.html
printf '<?xml version="1.0"?>\n<a/>\n' > x.xml
printf '%%PDF-1.4\n%%\342\343\n1 0 obj\n' > d.pdf
printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\000\001\000\000\000\000\200\010\006\000\000\000' > img.png
printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\000\000\020\000\000\000\020\010\000\000\000\001' > gray.png
printf '\377\330\377\340\000\020JFIF\000\001\001\000\000\001\000\001\000\000' > j.jpg
printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\002\000\076\000' > elf2
printf '\177ELF\001\001\001\000\000\000\000\000\000\000\000\000\001\000\003\000' > elf3
echo hi | gzip -n > g.gz
printf '{"a":1}' | gzip -9 -n > g9.gz
tar cf t.tar ascii
echo hi | bzip2 > b.bz2
echo hi | xz > x.xz
echo hi | xz --check=crc32 > x32.xz
printf 'GIF89a\040\000\020\000\200\000\000' > g.gif
printf 'GIF87a' > g87.gif
printf 'GIF89a\001' > gcut.gif
printf 'BZh' > bzcut
printf '\375''7zXZ\000\000' > xzcut
printf '\211PNG\r\n\032\n' > png8
printf '\211PNG\r\n\032\n\000\000\000\015IHDR' > png16
printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\000\000\020\000\000\000\020\010' > png25
printf '\377\330\377' > jpg3
printf '\377\330\377\340' > jpg4
printf '%%PDF-' > pdf5
printf '%%PDF-1' > pdf6
printf '%%PDF-1 x' > pdfx
printf '%%PDF-\n1.4' > pdfnl
printf '\177ELF' > elf4
printf '\177ELF\002' > elf5
printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000' > elf16
printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\002\000\076' > elf19
printf '\037\213\010\000\000\000\000\000\000\003' > gz10
printf '\037\213\010\000\000\000\000\000\000\003abcdefg' > gz17
tar --format=posix -cf p.tar ascii
python3 -c "import zipfile; z=zipfile.ZipFile('z.zip','w'); z.writestr('a.txt','hi'); z.close()"
python3 -c "print('x'*300)" > l300
python3 -c "print('x'*301); print('y'*500, end='')" > l2
python3 -c "print('\u00e9'*400)" > lu
printf 0123456789 > ten
mkdir -p d/sub/deep e/.hidden
printf 'abc' > d/a
printf '%05000d' 0 > d/sub/big
printf '' > d/sub/deep/z
printf 'x' > e/.hidden/h
printf 'y' > e/.dot
ln -s ascii link
ln -s nothere dang
ln -s d dl
ln -s loop2 loop1
ln -s loop1 loop2
ln -s /tmp abslink
chmod 640 ascii
chmod 755 s.sh
"#;

const CASES: &[&str] = &[
    // readlink
    "readlink link",
    "readlink ascii",
    "readlink -f link",
    "readlink -f ascii/",
    "readlink -f ascii/x",
    "readlink -m ascii/x",
    "readlink -e dang",
    "readlink -f dang",
    "readlink -f dang/x",
    "readlink -m dang/x/../y",
    "readlink -f loop1",
    "readlink -m loop1",
    "readlink -e link dl",
    "readlink -e dl/sub/../a",
    "readlink link link",
    "readlink -n link",
    "readlink -z link dl",
    "readlink -f ''",
    "readlink -f .",
    "readlink -f ..",
    "readlink -f /",
    "readlink -f abslink/..",
    "readlink -m ../../x/./y//z/",
    "readlink -v ascii",
    "readlink",
    // realpath
    "realpath ascii link dl",
    "realpath -e dang",
    "realpath dang",
    "realpath dang/x",
    "realpath -m dang/x",
    "realpath -s dl/..",
    "realpath -L dl/..",
    "realpath dl/..",
    "realpath -s link",
    "realpath --relative-to=d ascii",
    "realpath --relative-to=d/sub/deep .",
    "realpath --relative-to=/ d",
    "realpath --relative-base=. d /usr ascii",
    "realpath --relative-base=. --relative-to=d d/a /usr",
    "realpath --relative-to=/usr --relative-base=d ascii d/a",
    "realpath -m a/../../b",
    "realpath nope nope2 ascii",
    "realpath -q nope/x ascii",
    "realpath -z ascii",
    "realpath ''",
    "realpath ascii/..",
    "realpath -m ascii/..",
    "realpath -e --relative-to=ascii d",
    "realpath loop1",
    "realpath",
    // stat (deterministic fields only)
    "stat -c '%n|%s|%a|%A|%f|%F|%h|%N' ascii empty d dl link dang",
    "stat -L -c '%n|%s|%F|%N' link dl",
    "stat -c '%b %B %o' ascii d/sub/big link empty",
    "stat --printf '%s\\t%n\\n%%\\x41\\101\\n' ascii",
    "stat --printf='%5s|%-5s|%05s|%#a|%#f|%10n|%-8n|\\n' ascii",
    "stat -c '%s' nope ascii",
    "stat -c '%t %T %F %A' /dev/null",
    "stat -c %N 'a b' 2>/dev/null; touch 'a b' \"it's\" && stat -c %N 'a b' \"it's\"",
    "stat -c '%q' ascii",
    "stat -c '%n %F' dl/ d/ ascii/",
    "stat",
    // truncate
    "truncate -s 5 new && stat -c %s new",
    "truncate -s +5 ten && stat -c %s ten",
    "truncate -s -3 ten && cat ten",
    "truncate -s -30 ten && stat -c %s ten",
    "truncate -s '<5' ten && stat -c %s ten",
    "truncate -s '<50' ten && stat -c %s ten",
    "truncate -s '>50' ten && stat -c %s ten",
    "truncate -s /4 ten && stat -c %s ten",
    "truncate -s %4 ten && stat -c %s ten",
    "truncate -s %0 ten; stat -c %s ten",
    "truncate -s 1K ten && stat -c %s ten",
    "truncate -s 1KB ten && stat -c %s ten",
    "truncate -s 2k ten && stat -c %s ten",
    "truncate -s 1M ten && stat -c %s ten && od -An -c -N 12 ten",
    "truncate -c -s 5 nope; ls nope",
    "truncate -s 5 nodir/x",
    "truncate ten",
    "truncate -s 5",
    "truncate -s x ten",
    "truncate -s 5 -r ten ten",
    "truncate -r ten a2 && stat -c %s a2",
    "truncate -r ten -s +2 a3 && stat -c %s a3",
    "truncate -s 1 d",
    "truncate -s +-5 ten",
    // mktemp: shapes, not names
    "mktemp -u foo.XX",
    "mktemp -u -p /var /abs/fooXXX",
    "mktemp -u -t a/fooXXX",
    "mktemp --suffix=/x -u XXX",
    "mktemp -u a b",
    "mktemp -q -p /nonexist",
    "f=$(mktemp -p . fooXXXX.txt) && test -f \"$f\" && echo ${#f} && stat -c %a \"$f\"",
    "d=$(mktemp -d -p . XXXX) && test -d \"$d\" && echo ${#d} && stat -c %a \"$d\"",
    "f=$(mktemp -u fooXXX.txt); echo \"${f:0:3}|${f:6}|${#f}\"",
    "TMPDIR=/var mktemp -u -t x.XXXXX | cut -c1-7",
    "mktemp -u --tmpdir=/v XXX | cut -c1-3",
    // install
    "install ascii dst && stat -c '%a %s' dst",
    "install -v ascii dst2",
    "install -m 640 ascii d3 && stat -c %a d3",
    "install -m u+x ascii e3 && stat -c %a e3",
    "install -dv x/y && stat -c %a x/y",
    "install -Dv ascii deep2/f",
    "install -vt d ascii; install -vt d ascii",
    "install ascii",
    "install nope dst",
    "install -d ascii",
    "install ascii ascii",
    "install -m bad ascii q",
    "install d z",
    "install -D -t tdir/sub ascii && ls tdir/sub",
    "install ascii d/a ascii",
    // sync
    "sync && echo ok",
    "sync nope",
    // file
    "file ascii utf8 crlf u8crlf empty nonl cr mixed bs esc latin1 nonis withnul utf16",
    "file j.json arr nd.json badjson one s.sh s.bash s.py su.py scr.sh s.foo h.html x.xml",
    "file d.pdf img.png gray.png j.jpg elf2 elf3 g.gz g9.gz t.tar p.tar z.zip l300 l2 lu",
    "file d link dang dl nope",
    "file b.bz2 x.xz x32.xz g.gif g87.gif gcut.gif bzcut xzcut png8 png16 png25 jpg3 jpg4",
    "file pdf5 pdf6 pdfx pdfnl elf4 elf5 elf16 elf19 gz10 gz17",
    "file -i b.bz2 x.xz g.gif g87.gif bzcut png16 jpg4 pdf5 elf5 elf16 elf19",
    "file -b ascii d",
    "file -i ascii utf8 latin1 nonis j.json nd.json s.sh s.py h.html empty d link dang g.gz img.png j.jpg t.tar z.zip withnul one",
    "file --mime-type ascii img.png d",
    "file --mime-encoding ascii utf8",
    "file -L link dl",
    "file -N ascii utf8 d",
    "file -F '|' ascii",
    "file /dev/null",
    "file - < utf8",
    "file",
    // du (GNU lists in the host's directory order: sort where more than one entry shows)
    "du d | sort",
    "du -a d | sort",
    "du -s d e",
    "du -sh d e",
    "du -b d | sort",
    "du -ab d | sort",
    "du -sb d",
    "du -c d e | sort",
    "du -d 1 d | sort",
    "du --max-depth=0 d",
    "du -k d/sub",
    "du -m d",
    "du --apparent-size d | sort",
    "du --apparent-size -h d/sub",
    "du -h d/sub/big",
    "du -bc d/a ten",
    "du --si d",
    "du -sBM d",
    "du -sB1K d",
    "du -sS d/sub",
    "du --inodes -s d",
    "du nope d/a",
    "du -d x d",
    "du link",
    "du -L -b link",
    "mkdir -p L/s && echo x > L/s/f && ln -s s L/l && du -L L | sort && du -sL L && du -aL L | sort",
    "du -0 d/a",
    // tree
    "tree d",
    "tree -a e",
    "tree -d d",
    "tree -L 1 d",
    "tree -L 2 d",
    "tree -f d",
    "tree -I sub d",
    "tree -I 'sub|a' d",
    "tree --noreport d",
    "tree d e",
    "tree nope",
    "tree ascii",
    "tree -a -L 1 e",
    "tree -i d",
    "tree --dirsfirst d",
    "tree -F d",
    "tree -s d/sub",
    "tree -h d/sub",
    "tree -r d",
    "tree --charset=ascii d",
    "tree -P 'b*' d",
    "tree -L 0 d",
    "tree dl",
    "ln -s . d/loop && tree -l d && tree -l d/loop",
    "mkdir emptyd && tree emptyd",
    "mkdir -p t/x/y && tree t && tree -L 1 t",
    r#"touch -d @0 d d/a d/sub d/sub/big d/sub/deep d/sub/deep/z && tree -p d"#,
    r#"touch -d @0 d d/a d/sub d/sub/big d/sub/deep d/sub/deep/z && tree -ps d"#,
    r#"touch -d @0 d d/a d/sub d/sub/big d/sub/deep d/sub/deep/z && tree -D d"#,
    r#"touch -d @0 d d/a d/sub d/sub/big d/sub/deep d/sub/deep/z && tree -pD --timefmt '%Y-%m-%d %H:%M' d"#,
    r#"touch -d @0 d d/a d/sub d/sub/big d/sub/deep d/sub/deep/z && tree --timefmt=%s -i d"#,
    r#"tree -ug d | grep -c "\[$(id -un) *$(id -gn) *\]""#,
    r#"tree -pugs d | grep -c "\[[-dl][-rwx]* $(id -un) *$(id -gn) *[0-9]*\]""#,
    r#"tree --inodes d | sed 's/\[ *[0-9]*\]/[I]/'"#,
    r#"tree -h --du d"#,
    r#"tree --du d"#,
    r#"tree --si --du d"#,
    r#"tree --du -L 1 d"#,
    r#"tree --du -d d"#,
    r#"tree --si d/sub"#,
    r#"tree -J d"#,
    r#"tree -J -s d e"#,
    r#"touch -d @0 d d/a d/sub d/sub/big d/sub/deep d/sub/deep/z && tree -J -p -s -D d"#,
    r#"tree -J -h -i d"#,
    r#"tree -J -d -f d"#,
    r#"tree -J --du d"#,
    r#"tree -J --noreport d"#,
    r#"tree -J nope d"#,
    r#"tree -J d nope"#,
    r#"tree -J dl"#,
    r#"tree -X d"#,
    r#"tree -X -s -p -a e"#,
    r#"tree -X -i d"#,
    r#"tree -X --du -d d"#,
    r#"tree -X nope d"#,
    r#"tree -X --noreport d"#,
    r#"ln -s . d/loop && tree -l -J d"#,
    r#"touch -d @0 d d/a d/sub d/sub/big d/sub/deep d/sub/deep/z && touch -d @100 d/a && touch -d @50 d/sub/deep && tree -t d && tree -t -r d"#,
    r#"tree --sort=size d && tree --sort size -r d"#,
    r#"tree --sort=bogus d"#,
    r#"mkdir v && touch v/a10 v/a2 v/a1.5 v/a1 v/a01 && tree -v v && tree --sort=version -r v && tree -r v"#,
    r#"tree --filesfirst d && tree --dirsfirst -r d"#,
    r#"mkdir q && touch 'q/a b' "$(printf 'q/t\tx')" 'q/é' 'q/x"y' && tree q && tree -Q q && tree -q q && tree -N q | od -c"#,
    r#"mkdir q && touch "$(printf 'q/a\nb')" "$(printf 'q/e\033x')" 'q/\' 'q/ ' && tree q && tree -q q && tree -Q q && tree -N q | od -c && tree -J q && tree -X q"#,
    r#"mkdir -p p/x/y p/z p/w && touch p/x/y/f.rs p/g.txt && tree --prune p && tree --prune -P '*.rs' p && tree --prune -P '*.txt' -J p"#,
    r#"tree --filelimit 1 d; tree --filelimit 2 d; tree --filelimit=1 -J d; tree --filelimit 1 -X d; mkdir -p w/s && touch w/s/1 w/s/2 w/s/3 && tree --filelimit 2 w; echo $?"#,
    r#"tree -P deep --matchdirs d && tree -P 'su*' --matchdirs --prune d"#,
    r#"tree --ignore-case -P 'A' d && tree --ignore-case -I 'SUB' d && tree -I 'SUB' d"#,
    r#"mkdir -p g/.git g/target g/src g/node_modules/m && touch g/target/x g/src/m.rs g/src/m.o g/keep.log g/a.log g/node_modules/m/i.js && printf 'target/\n*.o\n*.log\n!keep.log\n' > g/.gitignore && tree --gitignore g && tree -a --gitignore g && tree -L 2 -I 'node_modules|target' --gitignore g"#,
    r#"mkdir -p g/sub && touch g/sub/a.tmp g/sub/b g/c.tmp && printf '*.tmp\n' > g/sub/.gitignore && tree --gitignore g"#,
    r#"tree -o out.txt d && cat out.txt"#,
    r#"tree -o /dev/stdout -i d/sub && tree -o nodir/x d 2>&1; echo $?"#,
    r#"tree --sort=bogus d 2>&1; tree -L x d 2>&1; echo $?"#,
    r#"mkdir f && cp s.sh f/ && ln -s s.sh f/l && ln -s ../d f/dl && ln -s nothere f/dang && tree -F f && tree -F -d d && tree -J -F f"#,
    r#"tree -d -p -J d"#,
    // (not -l with --du: which of a link and its target is "recursive" depends on the order
    // the host's directory lists them in)
    r#"ln -s sub d/ls && tree -l d && tree -l -J d && tree -l -X -s d"#,
    r#"tree -J -L 1 d && tree -X -L 1 -s d"#,
    r#"tree -P 'b*' --prune -J d && tree --matchdirs -P sub -J d"#,
    r#"tree -a -d e && tree -Q -J d && tree --noreport -X -d d"#,
    r#"tree -F -J dl && tree -F dl && tree -p dl"#,
    r#"tree --si -J --du d && tree --si -X --du d"#,
    r#"tree -i -f --noreport d e && tree d/ && tree -f d/ && tree -f -J d/sub/"#,
    r#"tree -J -f -L 2 --dirsfirst d e nope"#,
    r#"tree --du --prune -P z -h d"#,
    // ls options added here
    "ls --color=never d",
    "ls --color=bad d",
    "ls -l --time-style=bad d",
    // less and more copy their input when the output is not a terminal
    "less ascii ten; printf 'x\\n' | less; less -R -S -N +G ascii; less nofile ascii; echo $?",
    "less -x4 -p ascii ten; less -Z ten 2>&1; less d; less -- ten; echo $?",
    "more ascii ten; printf 'x\\n' | more; more -5 +2 ascii; echo $?",
    "more nofile ten 2>&1; more d; more -Z ten 2>&1; echo $?",
    // GNU's wording for these errors
    "mkdir -p ascii/x/y 2>&1; mkdir -p ascii 2>&1; mkdir -p d/../ascii/x 2>&1; echo $?",
    "od -t z ascii 2>&1; od -t x1q ascii 2>&1; echo $?",
    "column nofile 2>&1; echo $?",
    "numfmt --to=bad 1 2>&1; numfmt --from=x 1 2>&1; numfmt --round=x 1 2>&1; echo $?",
    "ln ascii ascii 2>&1; ln ascii ten 2>&1; echo $?",
    // getopt (util-linux): normalized options, quoted for the shell
    r#"getopt -o ab:c:: -l alpha,beta:,gamma:: -- -a -b x -cval -c --alpha --beta=y --gam=z --gamma rest "it's"; echo $?"#,
    r#"getopt -o ab: -- -z 2>&1; getopt -n prog -o ab: -- -b 2>&1; getopt -o ab: -l alpha,alps -- --al 2>&1; echo $?"#,
    r#"getopt -q -o a -- -z x; getopt ab: -a -b x y; getopt -o +ab -- x -a; getopt -o -ab -- x -a y; echo $?"#,
    r#"getopt -a -o l -l long -- -l -lo -long x; getopt -T; echo $?; getopt -o a -l x -- --x=1 2>&1; echo $?"#,
    r#"getopt -s tcsh -o a -- "a'b" 'a!b'; getopt -o a -u -- "a b" -a; getopt -Q -o a -- -a -z 2>&1; echo $?"#,
    r#"getopt 2>&1; getopt -x 2>&1; getopt -s zsh -o a -- x 2>&1; echo $?"#,
    r#"getopt --quiet -o a -- -z; getopt --quiet-output -o a -- -a; getopt --quie -o a -- -z 2>&1; getopt --longoptions=x --options a -- --x; getopt -a -o '' -l alpha,alps -- -al 2>&1; echo $?"#,
    r#"eval set -- "$(getopt -o ab: -l alpha,beta: -- -a --beta=2 file)"; echo "$@"; getopt -l 'a,b' -l c -o '' -- --c --a"#,
    "sleep -1 2>&1; sleep -- -1 2>&1; sleep --x 2>&1; sleep 0 -0.5 2>&1; sleep -- 0; sleep --; echo $?",
    "head -c -x ten 2>&1; head -n +x ten 2>&1; tail -n --x ten 2>&1; tail -c +x ten 2>&1; echo $?",
    "diff --brief=x ten ten 2>&1; diff --norm=x ten ten 2>&1; diff --width=5 --brief ten ten; echo $?",
    // ls -m: names filling lines of -w / $COLUMNS / 80 columns; the last format option wins
    "ls -m",
    "ls -m -w 30; COLUMNS=50 ls -m",
    "ls -mF d; ls -mpA e",
    "ls -m1 d; ls -1m d",
    "ls -m --width=0",
    "ls --format=commas d e; ls --format=single-column d",
    "ls -mR d",
    "ls -lm d; ls -ml d | wc -l; ls -nm d",
    "ls --format=bad d 2>&1; echo $?",
    "ls -w x d 2>&1; echo $?",
    // ln -r
    "mkdir -p a/b c && touch c/t && ln -sr c/t a/b/l && readlink a/b/l && ln -sr c/t a/ && readlink a/t",
    "ln -sr \"$PWD/ascii\" l2 && readlink l2",
    "ln -sr nope l3 && readlink l3",
    "ln -sr d/sub/big d/sub/deep/l4 && readlink d/sub/deep/l4 && cat d/sub/deep/l4 | wc -c",
    "ln -r ascii x",
    // cp -u / mv -u
    "touch -d 2020-01-01 ascii && cp -u utf8 ascii && cat ascii",
    "touch -d 2030-01-01 ascii && cp -u utf8 ascii && cat ascii",
    "cp -u utf8 newfile && cat newfile",
    "touch -d 2030-01-01 ascii && mv -u utf8 ascii; cat ascii; ls utf8",
    "touch -d 2020-01-01 ascii && mv -u utf8 ascii; cat ascii; ls utf8",
    // dd
    "dd if=ascii status=none",
    "dd if=ten bs=3 count=2 status=none; echo",
    "dd if=ten bs=3 2>&1 | head -2",
    "dd if=ten ibs=4 obs=3 2>&1 >/dev/null | head -2",
    "dd if=ten ibs=3 obs=2 conv=sync 2>/dev/null | od -c",
    "dd if=ten of=out bs=4 seek=1 status=none; od -c out",
    "dd if=ascii of=ten conv=notrunc status=none; cat ten",
    "dd if=ascii of=ten seek=1 bs=3 status=none; od -c ten",
    "dd if=ascii conv=ucase status=none",
    "dd if=ascii conv=lcase,notrunc,noerror status=none",
    "dd if=ten iflag=skip_bytes,count_bytes skip=2 count=5 status=none; echo",
    "dd if=ten bs=4 skip=1 count=1 status=none; echo",
    "dd if=ten bs=2B count=3B status=none; echo",
    "dd if=empty 2>&1 | head -2",
    "dd if=empty status=noxfer 2>&1",
    "dd if=nonl status=noxfer 2>&1",
    "dd < nonl 2>&1 >/dev/null | head -2",
    "dd if=/dev/zero bs=1M count=10 of=/dev/null 2>&1 | sed 's/ copied.*//'",
    "dd if=/dev/zero bs=1500 count=1 of=/dev/null 2>&1 | sed 's/ copied.*//'",
    "dd if=/dev/zero bs=1kB count=1 of=/dev/null 2>&1 | sed 's/ copied.*//'",
    "dd if=/dev/zero bs=1xM count=1 of=/dev/null 2>&1 | sed 's/ copied.*//'",
    "dd if=/dev/zero bs=999999 count=1 of=/dev/null 2>&1 | sed 's/ copied.*//'",
    "dd if=/dev/zero bs=1 count=1 2>&1 >/dev/null | sed 's/ copied.*//'",
    "dd if=/dev/urandom bs=100 count=3 status=none | wc -c",
    "dd if=ten skip=20 bs=1 2>&1 | head -1",
    "dd if=nope 2>&1",
    "dd if=d 2>&1 | head -1",
    "dd if=ascii of=d 2>&1",
    "dd if=ascii of=ten conv=excl 2>&1",
    "dd if=ascii of=zz conv=nocreat 2>&1",
    "dd foo=1 2>&1",
    "dd bs=0 2>&1",
    "dd bs=2x3x2 2>&1",
    "dd count=x 2>&1",
    "dd conv=foo 2>&1",
    "dd conv=lcase,ucase 2>&1",
    "dd iflag=foo 2>&1",
    "dd status=foo 2>&1",
    // sum
    "sum ascii",
    "sum -s ascii empty",
    "sum < nonl",
    "sum -r -s ten; sum -s -r ten",
    "sum --sysv d/sub/big",
    "sum empty - < ten",
    "sum nope ascii 2>&1",
    "sum d 2>&1",
    // factor
    "factor 12 1 0 18446744073709551617",
    // (one number a call above 2^64: GNU prints those through a second buffer, out of order)
    "factor 340282366920938463463374607431768211455",
    "factor 4294967291 18446744073709551557 170141183460469231731687303715884105727",
    "echo 91 97 | factor",
    "printf '15' | factor",
    "printf '  8\\n\\n 9 10\\t11' | factor",
    "factor ' 12' +12 012",
    "factor < empty",
    "factor x 2>&1",
    "factor 1e3 '' 2>&1",
    "factor -- -5 2>&1",
    "echo 'a 7' | factor 2>/dev/null; echo $?",
    // tsort
    "printf 'a b\\nb c\\nc a\\nc d\\nd e\\ne c\\n' | tsort 2>&1",
    "printf 'a b b a c d d c x x' | tsort 2>&1",
    "printf '1 2 2 3 3 1 3 4 4 5 5 3 6 6 7 7' | tsort 2>&1",
    "printf 'x x c d a b' | tsort",
    "printf 'main parse\\nparse lex\\nmain lex\\nlex' | tsort 2>&1",
    "printf 'main parse\\nparse lex\\nmain lex' | tsort",
    "tsort empty",
    "tsort ascii 2>&1",
    "tsort nope 2>&1",
    "tsort ascii ascii 2>&1",
    // link / unlink
    "link ascii b && cat b && ls -l b | cut -c1-12",
    "link ascii nonl 2>&1",
    "link nope x 2>&1",
    "link ascii 2>&1",
    "link ascii b c 2>&1",
    "link d e 2>&1",
    "link d newlink 2>&1",
    "unlink ascii; ls ascii 2>&1",
    "unlink link; ls -l ascii | cut -c1-10",
    "unlink d 2>&1",
    "unlink nope 2>&1",
    "unlink 2>&1",
    "unlink a b 2>&1",
    // mkfifo (only the failures the host shares)
    "mkfifo ascii 2>&1",
    "mkfifo nodir/x 2>&1",
    "mkfifo 2>&1",
    "mkfifo -m foo x 2>&1",
    // getconf
    "getconf PAGE_SIZE",
    "getconf PAGESIZE",
    "getconf ARG_MAX",
    "getconf PATH",
    "getconf LONG_BIT",
    "getconf CHAR_BIT",
    "getconf INT_MAX",
    "getconf UINT_MAX",
    "getconf HOST_NAME_MAX",
    "getconf CLK_TCK",
    "getconf PATH_MAX /",
    "getconf NAME_MAX d",
    "getconf FOO 2>&1",
    "getconf NPROCESSORS_ONLN 2>&1",
    "getconf PATH_MAX 2>&1",
    "getconf ARG_MAX / 2>&1",
    "getconf 2>&1",
    "getconf NAME_MAX nope 2>&1",
    // chown / chgrp: the host runs these as root, the sandbox as its user; both own the files
    "chown \"$(id -un)\" ascii; echo $?",
    "chown \"$(id -u):$(id -g)\" ascii d; echo $?",
    "chown \"$(id -un):\" ascii; echo $?",
    "chown :\"$(id -gn)\" ascii; echo $?",
    "chgrp \"$(id -g)\" ascii; echo $?",
    "chown -R -h \"$(id -un)\" d; echo $?",
    "chown --reference=ascii ten; echo $?",
    "chown bob ascii 2>&1",
    "chown :bob ascii 2>&1",
    "chown -f bob ascii 2>&1",
    "chgrp bob ascii 2>&1",
    "chown 2>&1",
    "chown x 2>&1",
    "chgrp 2>&1",
    "chown \"$(id -u)\" nope 2>&1",
    "chown -f \"$(id -u)\" nope 2>&1; echo $?",
    "chown --reference=nope ascii 2>&1",
    // pathchk
    "pathchk 'a b' /tmp/x nodir/x ascii",
    "pathchk -p 'a b' 2>&1",
    "pathchk -p some/file.txt; echo $?",
    "pathchk -P -- -x 2>&1",
    "pathchk -P a/-x 2>&1",
    "pathchk -P '' 2>&1",
    "pathchk '' 2>&1",
    "pathchk --portability xxxxxxxxxxxxxxxxxxxx 2>&1",
    "pathchk -p $(printf 'x%.0s' {1..300}) 2>&1",
    "pathchk $(printf 'x%.0s' {1..300}) 2>&1",
    "pathchk ascii/x 2>&1",
    "pathchk 2>&1",
    "pathchk -p é 2>&1",
    // basenc
    "basenc --base64url < utf8",
    "basenc --base32hex ascii",
    "basenc --base16 ten",
    "basenc --base16 -w 4 ten",
    "basenc --base2msbf nonl",
    "basenc --base2lsbf -w 0 ascii; echo",
    "basenc --base64 --base16 empty",
    "basenc --base64 d/sub/big | tail -1",
    "basenc --base16 ten | basenc --base16 -d",
    "basenc --base2lsbf ascii | basenc --base2lsbf -d",
    "basenc --base64url utf8 | basenc -d --base64url",
    "basenc --base32hex nonl | basenc -d --base32hex",
    "echo '*68*69' | basenc --base16 -d -i",
    "echo 686 | basenc -d --base16 2>&1",
    "echo 6a6b | basenc -d --base16 2>&1",
    "echo 'aGk/' | basenc -d --base64url 2>&1",
    "basenc ascii 2>&1",
    "basenc --base16 nope 2>&1",
    "basenc --base16 ascii ten 2>&1",
    // system commands where the sandbox and the host agree by construction
    "uname -s -o",
    "uname -m",
    "arch",
    "uname x",
    "tty",
    "tty -s",
    "tty x",
    "clear -T xterm | od -c",
    "clear -T vt100 | od -c",
    "clear -x -T xterm-256color | od -c",
    "clear -T screen | od -c",
    "clear -T linux | od -c",
    "clear -T dumb | od -c",
    "clear -T nosuchterm",
    "id -un root",
    "id root",
    "id -G root",
    "id nosuchuser",
    "id -n",
    "id -u -g",
    "groups root",
    "which -a ls",
    "which nope ls",
    "which",
    "which ./nope",
    "env printf '%s %s\\n' a b c",
    "env printf '%5.2f|%x|%o|%e|%c\\n' 3.14159 255 8 1234.5 xyz",
    "env printf '%d\\n' abc 12abc 7",
    "env echo -e 'a\\tb\\c' x",
    "env echo -n a b",
    "env echo -x -- a",
];

fn host_dir() -> PathBuf {
    std::env::temp_dir().join(format!("sandsh-utils-c-{}", std::process::id()))
}

fn host(script: &str, dir: &Path) -> Option<(Vec<u8>, i32)> {
    let r = Host::new().dir(dir).env("TZ", "UTC").run(script);
    Some((r.stdout, r.status))
}

/// Copy the host tree at `dir` into the kernel's VFS at the same path.
fn mirror(k: &Kernel, dir: &Path) {
    let be = k.backend();
    let _ = be.mkdir(dir, 0o755, true);
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            let Ok(m) = std::fs::symlink_metadata(&p) else {
                continue;
            };
            use std::os::unix::fs::PermissionsExt;
            let mode = m.permissions().mode() & 0o7777;
            if m.file_type().is_symlink() {
                if let Ok(t) = std::fs::read_link(&p) {
                    be.symlink(&t, &p).expect("vfs symlink");
                }
            } else if m.is_dir() {
                be.mkdir(&p, mode, false).expect("vfs mkdir");
                be.chmod(&p, mode).expect("vfs chmod");
                stack.push(p);
            } else if m.is_file() {
                let data = std::fs::read(&p).expect("read fixture");
                be.write(&p, &data, WriteMode::Truncate, mode)
                    .expect("vfs write");
                be.chmod(&p, mode).expect("vfs chmod");
            }
        }
    }
}

fn tool_of(case: &str) -> &str {
    let first = case.split_whitespace().next().unwrap_or("");
    let first = match first.find("$(") {
        Some(i) => &first[i + 2..],
        None => first,
    };
    if first.contains('=') {
        // `VAR=value tool ...`
        return case.split_whitespace().nth(1).unwrap_or("");
    }
    first
}

fn run_cases(fixture: &str, cases: &[&str]) {
    let root = host_dir();
    let _ = std::fs::remove_dir_all(&root);
    let template = root.join("template");
    std::fs::create_dir_all(&template).expect("fixture dir");
    host(fixture, &template).expect("fixture");
    let mut failures = Vec::new();
    let mut compared = 0;
    let mut have = std::collections::HashMap::new();
    for (n, case) in cases.iter().enumerate() {
        let tool = tool_of(case);
        if !*have
            .entry(tool.to_string())
            .or_insert_with(|| super::diff::has_tool(tool))
        {
            continue;
        }
        let dir = root.join(format!("c{n}"));
        host(
            &format!("cp -a '{}' '{}'", template.display(), dir.display()),
            &root,
        )
        .expect("copy fixture");
        let mut k = Kernel::new(KernelConfig::default());
        mirror(&k, &dir);
        let Some((want, want_status)) = host(case, &dir) else {
            continue;
        };
        let r = k.execute(&format!("cd '{}' && {{ {case}\n}}", dir.display()));
        compared += 1;
        if r.stdout != want || r.exit_code != want_status {
            failures.push(format!(
                "{case}\n  gnu:    {:?} (status {want_status})\n  sandsh: {:?} (status {}, stderr {:?})",
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&r.stdout),
                r.exit_code,
                String::from_utf8_lossy(&r.stderr),
            ));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(compared > 0, "no host tools to compare against");
    assert!(
        failures.is_empty(),
        "{} of {compared} comparisons differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn file_utils_match_gnu() {
    run_cases(FIXTURE, CASES);
}
