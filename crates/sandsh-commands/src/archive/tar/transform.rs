//! `--transform`/`--xform`: GNU tar's sed-style rewriting of member names,
//! `s/REGEX/REPLACEMENT/FLAGS`, several per option (`;`-separated) and several options, each
//! applied to the result of the one before. REGEX is a BRE (ERE with the `x` flag); the
//! replacement knows `&`, `\1`…`\9` and the case conversions `\U \L \u \l \E`; the flags are
//! `g`, a number N (the Nth match), `i`, `x`, and `r`/`s`/`h` (`R`/`S`/`H`) to apply (or not)
//! to member names, symbolic link targets and hard link targets.

use sandsh_text::regex::{Flags, Regex, Syntax};

/// What a name is, for the `r`, `s` and `h` flags.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Name = 1,
    Symlink = 2,
    Hardlink = 4,
}

enum Piece {
    Lit(u8),
    Group(usize),
    Upper,
    Lower,
    UpperOne,
    LowerOne,
    End,
}

struct Rule {
    re: Regex,
    repl: Vec<Piece>,
    global: bool,
    nth: usize,
    /// Bits of [`Kind`].
    applies: u8,
}

/// The rules of every `--transform` given, in order.
#[derive(Default)]
pub struct Transform {
    rules: Vec<Rule>,
}

impl Transform {
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Add the expressions of one `--transform` option; `Err` is GNU's message.
    pub fn add(&mut self, text: &str) -> Result<(), String> {
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b';' {
                i += 1;
                continue;
            }
            if b[i] != b's' || i + 1 >= b.len() {
                return Err(format!(
                    "Invalid transform expression: unknown command or wrong syntax near '{}'",
                    &text[i..]
                ));
            }
            let delim = b[i + 1];
            i += 2;
            let (regex, next) = section(b, i, delim)
                .ok_or_else(|| "Invalid transform expression: missing 2nd delimiter".to_string())?;
            let (repl, next) = section(b, next, delim)
                .ok_or_else(|| "Invalid transform expression: missing 3rd delimiter".to_string())?;
            i = next;
            let mut rule_flags = (false, 0usize, false, false, 0b111u8);
            while i < b.len() && b[i] != b';' {
                match b[i] {
                    b'g' => rule_flags.0 = true,
                    b'i' => rule_flags.2 = true,
                    b'x' => rule_flags.3 = true,
                    b'r' => rule_flags.4 |= Kind::Name as u8,
                    b'R' => rule_flags.4 &= !(Kind::Name as u8),
                    b's' => rule_flags.4 |= Kind::Symlink as u8,
                    b'S' => rule_flags.4 &= !(Kind::Symlink as u8),
                    b'h' => rule_flags.4 |= Kind::Hardlink as u8,
                    b'H' => rule_flags.4 &= !(Kind::Hardlink as u8),
                    c if c.is_ascii_digit() => {
                        rule_flags.1 = rule_flags.1 * 10 + usize::from(c - b'0');
                    }
                    c => {
                        return Err(format!("Unknown transform flag: {}", char::from(c)));
                    }
                }
                i += 1;
            }
            let (global, nth, icase, extended, applies) = rule_flags;
            let syntax = if extended {
                Syntax::ExtendedPosix
            } else {
                Syntax::Basic
            };
            let flags = Flags {
                icase,
                multiline: false,
            };
            let re = Regex::new(&regex, syntax, flags)
                .map_err(|e| format!("Invalid transform expression: {e}"))?;
            let repl = replacement(&repl, delim)?;
            if repl
                .iter()
                .any(|p| matches!(p, Piece::Group(g) if *g > re.groups()))
            {
                return Err("Invalid transform replacement: back reference out of range".into());
            }
            self.rules.push(Rule {
                re,
                repl,
                global,
                nth,
                applies,
            });
        }
        Ok(())
    }

    /// `name` rewritten by every rule that applies to `kind`.
    pub fn apply(&self, name: &[u8], kind: Kind) -> Vec<u8> {
        let mut cur = name.to_vec();
        for r in &self.rules {
            if r.applies & kind as u8 != 0 {
                cur = r.run(&cur);
            }
        }
        cur
    }
}

/// The text up to the next unescaped `delim` (`\delim` becomes `delim`), and where the rest
/// starts.
fn section(b: &[u8], mut i: usize, delim: u8) -> Option<(Vec<u8>, usize)> {
    let mut out = Vec::new();
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            if b[i + 1] == delim {
                out.push(delim);
            } else {
                out.push(b'\\');
                out.push(b[i + 1]);
            }
            i += 2;
            continue;
        }
        if b[i] == delim {
            return Some((out, i + 1));
        }
        out.push(b[i]);
        i += 1;
    }
    None
}

fn replacement(b: &[u8], _delim: u8) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'&' => out.push(Piece::Group(0)),
            b'\\' if i + 1 < b.len() => {
                i += 1;
                out.push(match b[i] {
                    c @ b'0'..=b'9' => Piece::Group(usize::from(c - b'0')),
                    b'U' => Piece::Upper,
                    b'L' => Piece::Lower,
                    b'u' => Piece::UpperOne,
                    b'l' => Piece::LowerOne,
                    b'E' => Piece::End,
                    b'n' => Piece::Lit(b'\n'),
                    c => Piece::Lit(c),
                });
            }
            c => out.push(Piece::Lit(c)),
        }
        i += 1;
    }
    Ok(out)
}

impl Rule {
    fn run(&self, name: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(name.len());
        let mut pos = 0;
        let mut count = 0;
        let mut copied = 0;
        while pos <= name.len() {
            let Some(caps) = self.re.captures_at(name, pos) else {
                break;
            };
            let Some((s, e)) = caps.first().copied().flatten() else {
                break;
            };
            count += 1;
            let wanted = if self.nth > 0 {
                count == self.nth || (self.global && count > self.nth)
            } else {
                true
            };
            if wanted {
                out.extend_from_slice(&name[copied..s]);
                self.expand(name, &caps, &mut out);
                copied = e;
                if !self.global {
                    break;
                }
            }
            if !self.global && self.nth > 0 && count >= self.nth {
                break;
            }
            pos = if e > s { e } else { e + 1 };
        }
        out.extend_from_slice(&name[copied.min(name.len())..]);
        out
    }

    fn expand(&self, name: &[u8], caps: &[Option<(usize, usize)>], out: &mut Vec<u8>) {
        // The running case (\U, \L) and the one-shot one (\u, \l).
        let mut mode = 0u8;
        let mut once = 0u8;
        let push = |bytes: &[u8], out: &mut Vec<u8>, mode: u8, once: &mut u8| {
            for &c in bytes {
                let c = match (*once, mode) {
                    (b'u', _) => c.to_ascii_uppercase(),
                    (b'l', _) => c.to_ascii_lowercase(),
                    (_, b'U') => c.to_ascii_uppercase(),
                    (_, b'L') => c.to_ascii_lowercase(),
                    _ => c,
                };
                *once = 0;
                out.push(c);
            }
        };
        for p in &self.repl {
            match p {
                Piece::Lit(c) => push(&[*c], out, mode, &mut once),
                Piece::Group(g) => {
                    if let Some(Some((s, e))) = caps.get(*g) {
                        push(&name[*s..*e], out, mode, &mut once);
                    }
                }
                Piece::Upper => mode = b'U',
                Piece::Lower => mode = b'L',
                Piece::UpperOne => once = b'u',
                Piece::LowerOne => once = b'l',
                Piece::End => {
                    mode = 0;
                    once = 0;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(exprs: &[&str], name: &str) -> String {
        let mut x = Transform::default();
        for e in exprs {
            x.add(e).expect("valid");
        }
        String::from_utf8(x.apply(name.as_bytes(), Kind::Name)).expect("utf8")
    }

    #[test]
    fn rules() {
        assert_eq!(t(&["s/proj/new/"], "proj/src"), "new/src");
        assert_eq!(t(&["s,^proj/,,;s/txt$/TXT/"], "proj/g.txt"), "g.TXT");
        assert_eq!(
            t(&["s/o/0/g", "s/src/SRC/"], "proj/src/foo"),
            "pr0j/SRC/f00"
        );
        assert_eq!(t(&[r"s/\([a-z]*\)\.txt/\U\1.md/"], "d/f.txt"), "d/F.MD");
        assert_eq!(t(&["s/a/X/2"], "aaa"), "aXa");
        assert_eq!(t(&["s/a/X/2g"], "aaa"), "aXX");
        assert_eq!(t(&["s/A/x/i"], "aA"), "xA");
        assert_eq!(t(&["s/(a+)/<\\1>/x"], "baab"), "b<aa>b");
        let mut x = Transform::default();
        assert!(x.add(r"s/\(.*\)\.txt/\U\1.md/x").is_err());
    }
}
