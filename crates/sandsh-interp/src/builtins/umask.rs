//! `umask [-p] [-S] [mode]`: show or set the file-creation mask, as bash's `umask.def`.
//!
//! A mode that starts with a digit is octal (at most 0777); any other is bash's own symbolic
//! grammar, applied to the complement of the mask: clauses `[ugoa]*[+-=][rwx]*` separated by
//! commas, where a clause without a `who` means all three classes and the mask is never
//! consulted. That is narrower than chmod's (no `X`, `s`, `t` or copies like `u=g`), so it is
//! not chmod's parser.

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

pub fn umask(sh: &mut Shell, argv: &[Vec<u8>], _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let (mut symbolic, mut reusable) = (false, false);
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        if a == b"--" {
            i += 1;
            break;
        }
        if a.len() < 2 || a[0] != b'-' {
            break;
        }
        for &c in &a[1..] {
            match c {
                b'S' => symbolic = true,
                b'p' => reusable = true,
                _ => {
                    super::usage::invalid_option(sh, "umask", &format!("-{}", c as char));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let Some(mode) = argv.get(i) else {
        let mut out = String::new();
        if reusable {
            out.push_str(if symbolic { "umask -S " } else { "umask " });
        }
        if symbolic {
            out.push_str(&symbolic_mask(sh.umask));
        } else {
            out.push_str(&format!("{:04o}", sh.umask));
        }
        out.push('\n');
        sh.out(out.as_bytes())?;
        return Ok(0);
    };
    let mask = if mode.first().is_some_and(u8::is_ascii_digit) {
        match read_octal(mode) {
            Some(m) => m,
            None => {
                let m = text(mode);
                sh.builtin_error("umask", &format!("{m}: octal number out of range"));
                return Ok(1);
            }
        }
    } else {
        match apply_symbolic(mode, !sh.umask & 0o777) {
            Ok(bits) => !bits & 0o777,
            Err(msg) => {
                sh.builtin_error("umask", &msg);
                return Ok(1);
            }
        }
    };
    sh.umask = mask;
    if symbolic {
        sh.out(format!("{}\n", symbolic_mask(mask)).as_bytes())?;
    }
    Ok(0)
}

/// bash's `read_octal`: octal digits only, at most 0777.
fn read_octal(s: &[u8]) -> Option<u32> {
    let mut v: u32 = 0;
    for &c in s {
        if !(b'0'..=b'7').contains(&c) {
            return None;
        }
        v = v * 8 + u32::from(c - b'0');
        if v > 0o777 {
            return None;
        }
    }
    Some(v)
}

/// `u=rwx,g=rx,o=`: the permissions the mask leaves.
fn symbolic_mask(mask: u32) -> String {
    let bits = !mask & 0o777;
    let class = |b: u32| {
        [(4, 'r'), (2, 'w'), (1, 'x')]
            .iter()
            .filter(|(bit, _)| b & bit != 0)
            .map(|&(_, c)| c)
            .collect::<String>()
    };
    format!(
        "u={},g={},o={}",
        class(bits >> 6),
        class((bits >> 3) & 7),
        class(bits & 7)
    )
}

/// bash's `parse_symbolic_mode`: apply `mode` to the permission bits `bits`; the error is
/// bash's message naming the offending character.
fn apply_symbolic(mode: &[u8], mut bits: u32) -> Result<u32, String> {
    let mut s = mode.iter().copied().peekable();
    loop {
        let mut who = 0;
        while let Some(c) = s.next_if(|c| b"agou".contains(c)) {
            who |= match c {
                b'u' => 0o700,
                b'g' => 0o070,
                b'o' => 0o007,
                _ => 0o777,
            };
        }
        let op = s.next().unwrap_or(0);
        if !matches!(op, b'+' | b'-' | b'=') {
            return Err(format!("`{}': invalid symbolic mode operator", op as char));
        }
        let mut perm = 0;
        while let Some(c) = s.next_if(|c| b"rwx".contains(c)) {
            perm |= match c {
                b'r' => 0o444,
                b'w' => 0o222,
                _ => 0o111,
            };
        }
        match s.next() {
            None | Some(b',') => {}
            Some(c) => return Err(format!("`{}': invalid symbolic mode character", c as char)),
        }
        if who != 0 {
            perm &= who;
        }
        match op {
            b'+' => bits |= perm,
            b'-' => bits &= !perm,
            _ => {
                let who = if who == 0 { 0o777 } else { who };
                bits = (bits & !who) | perm;
            }
        }
        if s.peek().is_none() && !mode.ends_with(b",") {
            return Ok(bits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbolic_modes_apply_as_bash_does() {
        // Checked against bash 5.2 (`umask 022; umask MODE; umask`).
        for (mode, mask) in [
            ("+w", 0o000),
            ("u+x", 0o022),
            ("a=", 0o777),
            ("=r", 0o333),
            ("u=rwx,g=rx,o=", 0o027),
            ("ug=rw", 0o112),
        ] {
            let bits = apply_symbolic(mode.as_bytes(), !0o022 & 0o777).unwrap();
            assert_eq!(!bits & 0o777, mask, "{mode}");
        }
        for (mode, msg) in [
            ("foo", "`f': invalid symbolic mode operator"),
            ("g+X", "`X': invalid symbolic mode character"),
            ("u=g", "`g': invalid symbolic mode character"),
            ("u=,", "`\0': invalid symbolic mode operator"),
        ] {
            assert_eq!(
                apply_symbolic(mode.as_bytes(), 0o755).unwrap_err(),
                msg,
                "{mode}"
            );
        }
    }
}
