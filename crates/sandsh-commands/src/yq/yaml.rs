//! YAML in (saphyr-parser's events, the tree built here) and out (go-yaml v3's block style,
//! as yq v4 prints it).
//!
//! Aliases are expanded as they are read (merge keys `<<` included), counting every node an
//! expansion copies against [`MAX_NODES`]: a "billion laughs" document fails with an error
//! after a bounded amount of work instead of growing exponentially. Comments, anchors, tags
//! and quoting styles are not kept (the parser does not report comments); key order is.

use std::sync::OnceLock;

use regex::Regex;
use saphyr_parser::{Event, Parser, ScalarStyle};

use super::node::{Node, ParseErr};

/// Nodes a stream may expand to through aliases before it is refused.
pub const MAX_NODES: usize = 1_000_000;
/// Nesting depth refused on input (the emitter and the jq bridge recurse).
pub const MAX_DEPTH: usize = 1000;

fn size(n: &Node) -> usize {
    match n {
        Node::Seq(v) => 1 + v.iter().map(size).sum::<usize>(),
        Node::Map(m) => 1 + m.iter().map(|(_, v)| 1 + size(v)).sum::<usize>(),
        _ => 1,
    }
}

enum Frame {
    Seq(Vec<Node>, usize),
    Map(Vec<(String, Node)>, Option<String>, usize),
}

fn re(cell: &'static OnceLock<Regex>, src: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(src).unwrap_or_else(|_| Regex::new("$^").expect("empty regex")))
}

fn int_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(&R, r"^(?:[-+]?[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+)$")
}

fn float_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(
        &R,
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
    )
}

/// What a plain scalar means (YAML 1.2's core schema, as go-yaml v3 resolves it).
pub fn resolve(s: &str) -> Node {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => Node::Null,
        "true" | "True" | "TRUE" => Node::Bool(true),
        "false" | "False" | "FALSE" => Node::Bool(false),
        _ if int_re().is_match(s) || float_re().is_match(s) => Node::Num(s.to_string()),
        _ => Node::Str(s.to_string()),
    }
}

fn scalar(value: &str, style: ScalarStyle, tag: Option<(&str, &str)>) -> Node {
    if let Some((handle, suffix)) = tag
        && handle == "tag:yaml.org,2002:"
    {
        return match suffix {
            "str" => Node::Str(value.to_string()),
            "null" => Node::Null,
            "bool" | "int" | "float" => resolve(value),
            _ => Node::Str(value.to_string()),
        };
    }
    if style == ScalarStyle::Plain {
        resolve(value)
    } else {
        Node::Str(value.to_string())
    }
}

fn key_text(n: &Node) -> String {
    match n {
        Node::Null => "null".into(),
        Node::Bool(b) => b.to_string(),
        Node::Num(s) | Node::Str(s) => s.clone(),
        other => super::node::to_json(other, 0),
    }
}

/// Every document of a YAML stream.
pub fn parse(text: &str, cancelled: &dyn Fn() -> bool) -> Result<Vec<Node>, ParseErr> {
    let mut docs = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut anchors: Vec<(usize, Node, usize)> = Vec::new();
    let mut expanded = 0usize;
    let mut root: Option<Node> = None;
    for (n, ev) in Parser::new_from_str(text).enumerate() {
        if n % 4096 == 0 && cancelled() {
            return Err(ParseErr("cancelled".into()));
        }
        let (ev, span) = ev.map_err(|e| ParseErr(format!("yaml: {e}")))?;
        let _ = span;
        let (node, anchor) = match ev {
            Event::StreamStart | Event::StreamEnd | Event::Nothing => continue,
            Event::DocumentStart(_) => {
                root = None;
                continue;
            }
            Event::DocumentEnd => {
                docs.push(root.take().unwrap_or(Node::Null));
                continue;
            }
            Event::SequenceStart(a, _) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(ParseErr(format!(
                        "yaml: nesting deeper than {MAX_DEPTH} levels"
                    )));
                }
                stack.push(Frame::Seq(Vec::new(), a));
                continue;
            }
            Event::MappingStart(a, _) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(ParseErr(format!(
                        "yaml: nesting deeper than {MAX_DEPTH} levels"
                    )));
                }
                stack.push(Frame::Map(Vec::new(), None, a));
                continue;
            }
            Event::SequenceEnd => match stack.pop() {
                Some(Frame::Seq(v, a)) => (Node::Seq(v), a),
                _ => return Err(ParseErr("yaml: unbalanced sequence".into())),
            },
            Event::MappingEnd => match stack.pop() {
                Some(Frame::Map(m, _, a)) => (Node::Map(m), a),
                _ => return Err(ParseErr("yaml: unbalanced mapping".into())),
            },
            Event::Scalar(v, style, a, tag) => {
                let tag = tag.as_ref().map(|t| (t.handle.as_str(), t.suffix.as_str()));
                (scalar(&v, style, tag), a)
            }
            Event::Alias(id) => {
                let Some((_, node, sz)) = anchors.iter().rev().find(|(i, _, _)| *i == id) else {
                    return Err(ParseErr("yaml: unknown anchor referenced".into()));
                };
                expanded += sz;
                if expanded > MAX_NODES {
                    return Err(ParseErr(format!(
                        "yaml: aliases expand to more than {MAX_NODES} nodes (an alias bomb?)"
                    )));
                }
                (node.clone(), 0)
            }
        };
        if anchor != 0 {
            let sz = size(&node);
            anchors.push((anchor, node.clone(), sz));
        }
        match stack.last_mut() {
            None => root = Some(node),
            Some(Frame::Seq(v, _)) => v.push(node),
            Some(Frame::Map(m, key, _)) => match key.take() {
                None => *key = Some(key_text(&node)),
                Some(k) if k == "<<" => merge(m, node),
                Some(k) => {
                    if let Some(slot) = m.iter_mut().find(|(mk, _)| *mk == k) {
                        slot.1 = node;
                    } else {
                        m.push((k, node));
                    }
                }
            },
        }
    }
    Ok(docs)
}

/// A merge key's value: its entries join the map where the map has no such key.
fn merge(m: &mut Vec<(String, Node)>, v: Node) {
    match v {
        Node::Map(src) => {
            for (k, x) in src {
                if !m.iter().any(|(mk, _)| *mk == k) {
                    m.push((k, x));
                }
            }
        }
        Node::Seq(items) => {
            for it in items {
                merge(m, it);
            }
        }
        other => m.push(("<<".into(), other)),
    }
}

// ---- output ----

fn is_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{85}')
        || (' '..='~').contains(&c)
        || ('\u{A0}'..='\u{D7FF}').contains(&c)
        || ('\u{E000}'..='\u{FFFD}').contains(&c) && c != '\u{FEFF}'
        || ('\u{10000}'..='\u{10FFFF}').contains(&c)
}

/// Whether go-yaml's emitter may write `s` plain in block context.
fn plain_ok(s: &str) -> bool {
    if s.is_empty() || s.starts_with("---") || s.starts_with("...") {
        return false;
    }
    let chars: Vec<char> = s.chars().collect();
    if chars[0] == ' ' || chars[chars.len() - 1] == ' ' {
        return false;
    }
    for (i, &c) in chars.iter().enumerate() {
        if !is_printable(c) || c == '\n' {
            return false;
        }
        let followed_ws = chars.get(i + 1).is_none_or(|n| *n == ' ' || *n == '\t');
        let preceded_ws = i > 0 && (chars[i - 1] == ' ' || chars[i - 1] == '\t');
        if i == 0 {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => return false,
                '?' | ':' | '-' if followed_ws => return false,
                _ => {}
            }
        } else {
            match c {
                ':' if followed_ws => return false,
                '#' if preceded_ws => return false,
                _ => {}
            }
        }
    }
    true
}

fn double_quoted(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\0' => out.push_str("\\0"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '\u{85}' => out.push_str("\\N"),
            '\u{a0}' => out.push_str("\\_"),
            c if !is_printable(c) => {
                let v = c as u32;
                if v <= 0xFF {
                    out.push_str(&format!("\\x{v:02X}"));
                } else if v <= 0xFFFF {
                    out.push_str(&format!("\\u{v:04X}"));
                } else {
                    out.push_str(&format!("\\U{v:08X}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A string scalar on one line (a key, or a value that is not written as a block).
fn inline_str(out: &mut String, s: &str) {
    if !matches!(resolve(s), Node::Str(_)) {
        double_quoted(out, s);
    } else if plain_ok(s) {
        out.push_str(s);
    } else if s.chars().all(|c| is_printable(c) && c != '\n') {
        out.push('\'');
        out.push_str(&s.replace('\'', "''"));
        out.push('\'');
    } else {
        double_quoted(out, s);
    }
}

/// Whether a multi-line string can be a literal block (`|`).
fn literal_ok(s: &str) -> bool {
    s.contains('\n')
        && !s.starts_with(' ')
        && !s.starts_with('\n')
        && s.chars().all(|c| is_printable(c) || c == '\t')
        && !s.lines().any(|l| l.ends_with(' '))
}

fn spaces(out: &mut String, n: usize) {
    for _ in 0..n {
        out.push(' ');
    }
}

fn literal(out: &mut String, s: &str, ind: usize) {
    let trailing = s.len() - s.trim_end_matches('\n').len();
    out.push('|');
    match trailing {
        0 => out.push('-'),
        1 => {}
        _ => out.push('+'),
    }
    out.push('\n');
    for line in s.trim_end_matches('\n').split('\n') {
        if !line.is_empty() {
            spaces(out, ind);
            out.push_str(line);
        }
        out.push('\n');
    }
    for _ in 1..trailing {
        out.push('\n');
    }
}

/// A scalar after `key:` or `- ` (the leading space written by the caller).
fn scalar_value(out: &mut String, n: &Node, ind: usize) {
    match n {
        Node::Null => out.push_str("null\n"),
        Node::Bool(b) => {
            out.push_str(if *b { "true" } else { "false" });
            out.push('\n');
        }
        Node::Num(s) => {
            out.push_str(s);
            out.push('\n');
        }
        Node::Str(s) if literal_ok(s) => literal(out, s, ind),
        Node::Str(s) => {
            inline_str(out, s);
            out.push('\n');
        }
        Node::Seq(_) => out.push_str("[]\n"),
        Node::Map(_) => out.push_str("{}\n"),
    }
}

fn is_empty_coll(n: &Node) -> bool {
    matches!(n, Node::Seq(v) if v.is_empty()) || matches!(n, Node::Map(m) if m.is_empty())
}

fn write_map(out: &mut String, m: &[(String, Node)], ind: usize, unit: usize, first_inline: bool) {
    for (i, (k, v)) in m.iter().enumerate() {
        if !(first_inline && i == 0) {
            spaces(out, ind);
        }
        inline_str(out, k);
        out.push(':');
        match v {
            Node::Map(sub) if !sub.is_empty() => {
                out.push('\n');
                write_map(out, sub, ind + unit, unit, false);
            }
            Node::Seq(sub) if !sub.is_empty() => {
                out.push('\n');
                write_seq(out, sub, ind + unit, unit, false);
            }
            _ => {
                out.push(' ');
                scalar_value(out, v, ind + unit);
            }
        }
    }
}

fn write_seq(out: &mut String, v: &[Node], ind: usize, unit: usize, first_inline: bool) {
    let pad = unit.max(2);
    for (i, x) in v.iter().enumerate() {
        if !(first_inline && i == 0) {
            spaces(out, ind);
        }
        out.push('-');
        spaces(out, pad - 1);
        match x {
            Node::Map(sub) if !sub.is_empty() => write_map(out, sub, ind + pad, unit, true),
            Node::Seq(sub) if !sub.is_empty() => write_seq(out, sub, ind + pad, unit, true),
            _ => scalar_value(out, x, ind + unit),
        }
    }
}

/// One document in block style with `unit` spaces of indentation (yq's `-I`).
pub fn emit(n: &Node, unit: usize) -> String {
    let mut out = String::new();
    let unit = unit.max(1);
    match n {
        Node::Map(m) if !m.is_empty() => write_map(&mut out, m, 0, unit, false),
        Node::Seq(v) if !v.is_empty() => write_seq(&mut out, v, 0, unit, false),
        _ if is_empty_coll(n) => scalar_value(&mut out, n, 0),
        Node::Str(s) if literal_ok(s) => literal(&mut out, s, unit),
        _ => scalar_value(&mut out, n, 0),
    }
    out
}
