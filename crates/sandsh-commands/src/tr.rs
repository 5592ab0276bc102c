//! `tr`: translate, squeeze and delete bytes.
//!
//! Byte-oriented like GNU tr (multibyte characters are their bytes). Sets are expanded once
//! into byte lists (ranges, `[:class:]`, `[=c=]`, `[c*n]`, escapes) and then into 256-entry
//! tables, so the per-byte work while streaming is a table lookup.

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::input::{self, Halt, Source};
use crate::common::output;
use crate::common::{diag, quote};

pub struct Tr;

static SPEC: CommandSpec = CommandSpec {
    name: "tr",
    group: "text",
    summary: "translate or delete characters",
    usage: "tr [OPTION]... STRING1 [STRING2]",
    description: "Translate, squeeze, and/or delete characters from standard input, writing to standard output. STRINGs are sets: CHAR1-CHAR2 ranges, [:alnum:] [:alpha:] [:blank:] [:cntrl:] [:digit:] [:graph:] [:lower:] [:print:] [:punct:] [:space:] [:upper:] [:xdigit:] classes, [=C=] equivalence classes, [C*N] and [C*] repeats (in STRING2), and the escapes \\NNN \\\\ \\a \\b \\f \\n \\r \\t \\v. Works on bytes, as GNU tr does.",
    options: &[
        OptSpec::new("-c, --complement", "use the complement of STRING1"),
        OptSpec::new("-C", "same as -c"),
        OptSpec::new(
            "-d, --delete",
            "delete characters in STRING1, do not translate",
        ),
        OptSpec::new(
            "-s, --squeeze-repeats",
            "replace each sequence of a repeated character listed in the last specified SET with a single occurrence",
        ),
        OptSpec::new(
            "-t, --truncate-set1",
            "first truncate STRING1 to length of STRING2",
        ),
    ],
    operands: &[
        ArgSpec::required(
            "STRING1",
            ArgType::String,
            "the set to translate from, delete or squeeze",
        ),
        ArgSpec::optional("STRING2", ArgType::String, "the set to translate to"),
    ],
    returns: "standard input, transformed",
    examples: &[
        Example {
            description: "upper-case",
            script: "echo hello | tr a-z A-Z",
            stdout: "HELLO\n",
        },
        Example {
            description: "delete digits",
            script: "echo a1b2 | tr -d '[:digit:]'",
            stdout: "ab\n",
        },
        Example {
            description: "squeeze spaces",
            script: "echo 'a   b' | tr -s ' '",
            stdout: "a b\n",
        },
    ],
    errors: "exit 1 on missing or extra operands and invalid sets",
    risk: RiskLevel::ReadOnly,
};

enum Item {
    Bytes(Vec<u8>),
    /// `[c*n]`; n = 0 fills.
    Repeat(u8, usize),
    Class(&'static str),
    /// `[=c=]`
    Equiv(u8),
}

fn class_bytes(name: &str) -> Option<Vec<u8>> {
    let f: fn(u8) -> bool = match name {
        "alnum" => |c| c.is_ascii_alphanumeric(),
        "alpha" => |c| c.is_ascii_alphabetic(),
        "blank" => |c| c == b' ' || c == b'\t',
        "cntrl" => |c| c.is_ascii_control(),
        "digit" => |c| c.is_ascii_digit(),
        "graph" => |c| c.is_ascii_graphic(),
        "lower" => |c| c.is_ascii_lowercase(),
        "print" => |c| c.is_ascii_graphic() || c == b' ',
        "punct" => |c| c.is_ascii_punctuation(),
        "space" => |c| c.is_ascii_whitespace() || c == 0x0b,
        "upper" => |c| c.is_ascii_uppercase(),
        "xdigit" => |c| c.is_ascii_hexdigit(),
        _ => return None,
    };
    Some((0u8..=255).filter(|&c| f(c)).collect())
}

const CLASSES: [&str; 12] = [
    "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space",
    "upper", "xdigit",
];

/// Decode one possibly escaped byte at `i`; returns (byte, next index).
fn unescape(s: &[u8], i: usize) -> (u8, usize) {
    if s[i] != b'\\' || i + 1 >= s.len() {
        return (s[i], i + 1);
    }
    let c = s[i + 1];
    match c {
        b'0'..=b'7' => {
            let mut v: u32 = 0;
            let mut j = i + 1;
            while j < s.len() && j < i + 4 && (b'0'..=b'7').contains(&s[j]) {
                let nv = v * 8 + u32::from(s[j] - b'0');
                if nv > 255 {
                    break;
                }
                v = nv;
                j += 1;
            }
            (v as u8, j)
        }
        b'a' => (7, i + 2),
        b'b' => (8, i + 2),
        b'f' => (12, i + 2),
        b'n' => (b'\n', i + 2),
        b'r' => (b'\r', i + 2),
        b't' => (b'\t', i + 2),
        b'v' => (11, i + 2),
        other => (other, i + 2),
    }
}

fn parse_set(s: &[u8], allow_repeat: bool) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'[' && i + 1 < s.len() {
            // [:class:]
            if s[i + 1] == b':'
                && let Some(end) = find(s, i + 2, b":]")
            {
                let name = diag::lossy(&s[i + 2..end]);
                match CLASSES.iter().find(|c| **c == name) {
                    Some(c) => {
                        items.push(Item::Class(c));
                        i = end + 2;
                        continue;
                    }
                    None => {
                        return Err(format!("invalid character class {}", quote::cquote(&name)));
                    }
                }
            }
            // [=c=]
            if s[i + 1] == b'='
                && let Some(end) = find(s, i + 2, b"=]")
                && end > i + 2
            {
                let (c, _) = unescape(s, i + 2);
                items.push(Item::Equiv(c));
                i = end + 2;
                continue;
            }
            // [c*n]
            if i + 2 < s.len() {
                let (c, j) = unescape(s, i + 1);
                if j < s.len()
                    && s[j] == b'*'
                    && let Some(end) = s[j..].iter().position(|&b| b == b']').map(|p| p + j)
                {
                    let digits = diag::lossy(&s[j + 1..end]);
                    if digits.chars().all(|d| d.is_ascii_digit()) {
                        if !allow_repeat {
                            return Err(
                                "the [c*] repeat construct may not appear in string1".into()
                            );
                        }
                        let n = if digits.is_empty() {
                            0
                        } else if digits.starts_with('0') {
                            usize::from_str_radix(&digits, 8).map_err(|_| {
                                format!("invalid repeat count {}", quote::cquote(&digits))
                            })?
                        } else {
                            digits.parse().map_err(|_| {
                                format!("invalid repeat count {}", quote::cquote(&digits))
                            })?
                        };
                        items.push(Item::Repeat(c, n));
                        i = end + 1;
                        continue;
                    }
                }
            }
        }
        let (c, j) = unescape(s, i);
        if j < s.len() && s[j] == b'-' && j + 1 < s.len() {
            let (hi, k) = unescape(s, j + 1);
            if hi < c {
                return Err(format!(
                    "range-endpoints of '{}' are in reverse collating sequence order",
                    diag::lossy(&s[i..k])
                ));
            }
            items.push(Item::Bytes((c..=hi).collect()));
            i = k;
            continue;
        }
        items.push(Item::Bytes(vec![c]));
        i = j;
    }
    Ok(items)
}

fn find(s: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
    s.get(from..)?
        .windows(pat.len())
        .position(|w| w == pat)
        .map(|p| p + from)
}

/// Expand items; `fill_to` is the length a `[c*]` pads to (SET2 only).
fn expand(items: &[Item], fill_to: usize) -> Vec<u8> {
    expand_marked(items, fill_to).0
}

/// [`expand`], plus where each item starts in the result and, for `[:upper:]` and
/// `[:lower:]`, which (GNU's case-class alignment rule needs them).
fn expand_marked(items: &[Item], fill_to: usize) -> (Vec<u8>, Vec<(usize, Option<&'static str>)>) {
    let fixed: usize = items
        .iter()
        .map(|it| match it {
            Item::Bytes(b) => b.len(),
            Item::Repeat(_, n) => *n,
            Item::Class(c) => class_bytes(c).map_or(0, |v| v.len()),
            Item::Equiv(_) => 1,
        })
        .sum();
    let mut out = Vec::new();
    let mut starts = Vec::with_capacity(items.len());
    let mut filled = false;
    for it in items {
        let case = match it {
            Item::Class(c @ ("upper" | "lower")) => Some(*c),
            _ => None,
        };
        starts.push((out.len(), case));
        match it {
            Item::Bytes(b) => out.extend_from_slice(b),
            Item::Equiv(c) => out.push(*c),
            Item::Class(c) => out.extend(class_bytes(c).unwrap_or_default()),
            Item::Repeat(c, 0) if !filled => {
                filled = true;
                out.extend(std::iter::repeat_n(*c, fill_to.saturating_sub(fixed)));
            }
            Item::Repeat(c, n) => out.extend(std::iter::repeat_n(*c, *n)),
        }
    }
    (out, starts)
}

/// GNU's checks of string2 when translating: no `[=c=]`, no classes but `[:upper:]` and
/// `[:lower:]`, and each of those lined up with `[:lower:]` or `[:upper:]` in string1.
fn check_translation(
    set1: &[Item],
    set2: &[Item],
    len1: usize,
    complement: bool,
) -> Result<(), String> {
    if set2.iter().any(|it| matches!(it, Item::Equiv(_))) {
        return Err("[=c=] expressions may not appear in string2 when translating".into());
    }
    if set2
        .iter()
        .any(|it| matches!(it, Item::Class(c) if *c != "upper" && *c != "lower"))
    {
        return Err("when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'".into());
    }
    if complement {
        return Ok(());
    }
    let (_, starts1) = expand_marked(set1, 0);
    let (_, starts2) = expand_marked(set2, len1);
    for &(at, case) in &starts2 {
        if case.is_none() || at > len1 {
            continue;
        }
        if !starts1.iter().any(|&(a, c)| a == at && c.is_some()) {
            return Err("misaligned [:upper:] and/or [:lower:] construct".into());
        }
    }
    Ok(())
}

impl ParsedCommand for Tr {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let comp = p.has(opt!(SPEC, "c")) || p.has(opt!(SPEC, "C"));
        let delete = p.has(opt!(SPEC, "d"));
        let squeeze = p.has(opt!(SPEC, "s"));
        let truncate = p.has(opt!(SPEC, "t"));
        let ops = &p.operands;
        let translating = !delete && (!squeeze || ops.len() >= 2);
        let need = if (delete && squeeze) || translating {
            2
        } else {
            1
        };
        if ops.is_empty() {
            return diag::usage(ctx, &SPEC, "tr: missing operand", 1);
        }
        if ops.len() < need {
            let first = quote::cquote(&diag::lossy(&ops[0]));
            let m = if translating {
                format!(
                    "tr: missing operand after {first}\nTwo strings must be given when translating."
                )
            } else {
                format!(
                    "tr: missing operand after {first}\nTwo strings must be given when both deleting and squeezing repeats."
                )
            };
            return diag::usage(ctx, &SPEC, &m, 1);
        }
        if ops.len() > need {
            let mut m = format!(
                "tr: extra operand {}",
                quote::cquote(&diag::lossy(&ops[need]))
            );
            if ops.len() == 2 {
                m.push_str(
                    "\nOnly one string may be given when deleting without squeezing repeats.",
                );
            }
            return diag::usage(ctx, &SPEC, &m, 1);
        }
        let items1 = match parse_set(&ops[0], false) {
            Ok(s) => s,
            Err(m) => {
                diag::err(ctx, "tr", &m);
                return 1;
            }
        };
        let set1 = expand(&items1, 0);
        let len1 = set1.len();
        let mut in1 = [false; 256];
        for &c in &set1 {
            in1[c as usize] = true;
        }
        if comp {
            for v in in1.iter_mut() {
                *v = !*v;
            }
        }
        let set1_list: Vec<u8> = if comp {
            (0u8..=255).filter(|&c| in1[c as usize]).collect()
        } else {
            set1
        };
        let set2 = match ops.get(1).map(|s| parse_set(s, true)) {
            Some(Ok(items)) => {
                if translating && let Err(m) = check_translation(&items1, &items, len1, comp) {
                    diag::err(ctx, "tr", &m);
                    return 1;
                }
                // GNU pads string2 with its last character, which a class does not have.
                if translating
                    && !truncate
                    && matches!(items.last(), Some(Item::Class(_)))
                    && set1_list.len() > expand(&items, set1_list.len()).len()
                {
                    diag::err(
                        ctx,
                        "tr",
                        "when translating with string1 longer than string2,\nthe latter string must not end with a character class",
                    );
                    return 1;
                }
                Some(expand(&items, set1_list.len()))
            }
            Some(Err(m)) => {
                diag::err(ctx, "tr", &m);
                return 1;
            }
            None => None,
        };
        let mut map: [u8; 256] = std::array::from_fn(|i| i as u8);
        let mut sq = [false; 256];
        if translating {
            let s2 = set2.clone().unwrap_or_default();
            if s2.is_empty() && !set1_list.is_empty() {
                diag::err(
                    ctx,
                    "tr",
                    "when not truncating set1, string2 must be non-empty",
                );
                return 1;
            }
            let n = if truncate {
                set1_list.len().min(s2.len())
            } else {
                set1_list.len()
            };
            for (k, &c) in set1_list.iter().take(n).enumerate() {
                let to = s2.get(k).or(s2.last()).copied().unwrap_or(c);
                map[c as usize] = to;
            }
            if squeeze {
                for &c in &s2 {
                    sq[c as usize] = true;
                }
            }
        } else if squeeze {
            let src: &[u8] = if delete {
                set2.as_deref().unwrap_or_default()
            } else {
                &set1_list
            };
            for &c in src {
                sq[c as usize] = true;
            }
        }
        let mut buf = input::ChunkBuf::new(input::CHUNK);
        let mut out = Vec::with_capacity(input::CHUNK);
        let mut last: Option<u8> = None;
        let read = input::for_each_chunk(ctx, &mut Source::Stdin, &mut buf, |ctx, chunk| {
            // Fast paths for the common single operations: no per-byte branches on options.
            if !delete && !squeeze {
                for b in chunk.iter_mut() {
                    *b = map[*b as usize];
                }
                return output::write(ctx, chunk);
            }
            out.clear();
            if delete && !squeeze {
                out.extend(chunk.iter().copied().filter(|&b| !in1[b as usize]));
                return output::write(ctx, &out);
            }
            for &b in chunk.iter() {
                if delete && in1[b as usize] {
                    continue;
                }
                let c = map[b as usize];
                if squeeze && sq[c as usize] && last == Some(c) {
                    continue;
                }
                last = Some(c);
                out.push(c);
            }
            output::write(ctx, &out)
        });
        match read {
            Ok(()) | Err(Halt::Skip) => 0,
            Err(Halt::Read(e)) => {
                diag::err(ctx, "tr", &format!("read error: {}", diag::io_msg(&e)));
                1
            }
            Err(Halt::Exit(s)) => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Tr;
    use crate::common::testing::run_in;

    fn tr(args: &[&str], input: &str) -> String {
        run_in(&Tr, args, input).1
    }

    #[test]
    fn translate_delete_squeeze() {
        assert_eq!(tr(&["a-z", "A-Z"], "hello\n"), "HELLO\n");
        assert_eq!(tr(&["abc", "x"], "abcd"), "xxxd");
        assert_eq!(tr(&["-t", "abc", "xy"], "abcd"), "xycd");
        assert_eq!(tr(&["abcd", "[x*2]y"], "abcd"), "xxyy");
        assert_eq!(tr(&["a-c", "[x*]"], "abc"), "xxx");
        assert_eq!(tr(&["-d", "aeiou"], "education"), "dctn");
        assert_eq!(tr(&["-s", "a-c", "x"], "aabbcc\n"), "x\n");
        assert_eq!(tr(&["-cd", "[:alnum:]\\n"], "a-b c!\n"), "abc\n");
        assert_eq!(tr(&["-c", "a", "x"], "abc\n"), "axxx");
        assert_eq!(tr(&["\\\\", "x"], "a\\b"), "axb");
        assert_eq!(tr(&["-s", "[:space:]", "\\n"], "a  b\t\tc"), "a\nb\nc");
        assert_eq!(tr(&["-ds", "a", "b"], "abbba"), "b");
    }

    #[test]
    fn operand_errors() {
        assert_eq!(run_in(&Tr, &[], "").0, 1);
        let (s, _, e) = run_in(&Tr, &["a"], "");
        assert_eq!(s, 1);
        assert!(e.contains("Two strings must be given when translating."));
        let (s, _, e) = run_in(&Tr, &["c-a", "x"], "");
        assert_eq!(s, 1);
        assert!(e.contains("reverse collating sequence order"));
    }
}
