//! File mode parsing shared by `chmod`, `mkdir -m`, `install`: octal and symbolic
//! (`u+x,go-w,a=r`, `+X`, `u=g`) forms, applied to an existing mode as GNU's `mode_adjust`
//! does, and the `ls -l` rendering of modes.

/// Apply `spec` to `old`. `is_dir` matters for `X`. Returns `None` when the spec is invalid.
pub fn apply(spec: &str, old: u32, is_dir: bool, umask: u32) -> Option<u32> {
    if !spec.is_empty() && spec.chars().all(|c| ('0'..='7').contains(&c)) {
        let v = u32::from_str_radix(spec, 8).ok()?;
        if v > 0o7777 {
            return None;
        }
        // GNU keeps the set-id bits of directories unless 5+ digits are given.
        if is_dir && spec.len() < 5 {
            return Some(v | (old & 0o6000));
        }
        return Some(v);
    }
    let mut mode = old & 0o7777;
    for clause in spec.split(',') {
        let b = clause.as_bytes();
        let mut i = 0;
        let mut who = 0u32;
        while i < b.len() && b"ugoa".contains(&b[i]) {
            who |= match b[i] {
                b'u' => 0o4700,
                b'g' => 0o2070,
                b'o' => 0o1007,
                _ => 0o7777,
            };
            i += 1;
        }
        let explicit = who != 0;
        if !explicit {
            who = 0o7777;
        }
        if i >= b.len() {
            return None;
        }
        while i < b.len() {
            let op = b[i];
            if !b"+-=".contains(&op) {
                return None;
            }
            i += 1;
            let mut perm = 0u32;
            // Copy from another class: u, g or o.
            if i < b.len() && b"ugo".contains(&b[i]) {
                let src = match b[i] {
                    b'u' => (mode >> 6) & 7,
                    b'g' => (mode >> 3) & 7,
                    _ => mode & 7,
                };
                perm = src * 0o111;
                i += 1;
            } else {
                while i < b.len() && b"rwxXst".contains(&b[i]) {
                    perm |= match b[i] {
                        b'r' => 0o444,
                        b'w' => 0o222,
                        b'x' => 0o111,
                        b'X' => {
                            if is_dir || mode & 0o111 != 0 {
                                0o111
                            } else {
                                0
                            }
                        }
                        b's' => 0o6000,
                        _ => 0o1000,
                    };
                    i += 1;
                }
            }
            let mut bits = perm & who;
            if !explicit {
                bits &= !umask | 0o7000;
            }
            match op {
                b'+' => mode |= bits,
                b'-' => mode &= !bits,
                _ => {
                    let mut clear = who;
                    if is_dir {
                        clear &= !0o6000;
                    }
                    mode = (mode & !clear) | bits;
                }
            }
        }
    }
    Some(mode)
}

/// `drwxr-xr-x`-style rendering (type letter included).
pub fn render(kind: char, mode: u32) -> String {
    let mut s = String::with_capacity(10);
    s.push(kind);
    let bit = |m: u32, c: char| if mode & m != 0 { c } else { '-' };
    s.push(bit(0o400, 'r'));
    s.push(bit(0o200, 'w'));
    s.push(match (mode & 0o100 != 0, mode & 0o4000 != 0) {
        (true, true) => 's',
        (false, true) => 'S',
        (true, false) => 'x',
        _ => '-',
    });
    s.push(bit(0o040, 'r'));
    s.push(bit(0o020, 'w'));
    s.push(match (mode & 0o010 != 0, mode & 0o2000 != 0) {
        (true, true) => 's',
        (false, true) => 'S',
        (true, false) => 'x',
        _ => '-',
    });
    s.push(bit(0o004, 'r'));
    s.push(bit(0o002, 'w'));
    s.push(match (mode & 0o001 != 0, mode & 0o1000 != 0) {
        (true, true) => 't',
        (false, true) => 'T',
        (true, false) => 'x',
        _ => '-',
    });
    s
}

#[cfg(test)]
mod tests {
    use super::{apply, render};

    const UMASK: u32 = 0o022;

    #[test]
    fn symbolic_and_octal() {
        assert_eq!(apply("755", 0o644, false, UMASK), Some(0o755));
        assert_eq!(apply("u+x", 0o644, false, UMASK), Some(0o744));
        assert_eq!(apply("go-w", 0o666, false, UMASK), Some(0o644));
        assert_eq!(apply("a=r", 0o755, false, UMASK), Some(0o444));
        assert_eq!(apply("u+x,go-w", 0o666, false, UMASK), Some(0o744));
        assert_eq!(apply("+x", 0o644, false, UMASK), Some(0o755));
        assert_eq!(apply("+w", 0o444, false, UMASK), Some(0o644));
        assert_eq!(apply("a+X", 0o644, true, UMASK), Some(0o755));
        assert_eq!(apply("a+X", 0o644, false, UMASK), Some(0o644));
        assert_eq!(apply("g=u", 0o640, false, UMASK), Some(0o660));
        assert_eq!(apply("o=", 0o777, false, UMASK), Some(0o770));
        assert_eq!(apply("u+s", 0o755, false, UMASK), Some(0o4755));
        assert_eq!(apply("x", 0o644, false, UMASK), None);
        assert_eq!(render('-', 0o644), "-rw-r--r--");
        assert_eq!(render('d', 0o1777), "drwxrwxrwt");
    }
}
