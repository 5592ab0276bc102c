//! YAML out, as go-yaml v3 prints it for yq v4: block style for what was read in block style
//! or created by the expression, and, where the input's metadata ([`super::meta`]) is laid
//! over the result, its comments, quoting, block scalars, flow collections, tags, anchors,
//! aliases and merge keys.

use std::collections::HashMap;

use super::meta::{Comments, DocMeta, Kids, Meta, Style, align};
use super::node::Node;
use super::yaml::resolve;

pub(super) fn is_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{85}')
        || (' '..='~').contains(&c)
        || ('\u{A0}'..='\u{D7FF}').contains(&c)
        || ('\u{E000}'..='\u{FFFD}').contains(&c) && c != '\u{FEFF}'
        || ('\u{10000}'..='\u{10FFFF}').contains(&c)
}

/// Whether go-yaml's emitter may write `s` plain in block context.
pub(super) fn plain_ok(s: &str) -> bool {
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

pub(super) fn double_quoted(out: &mut String, s: &str) {
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
pub(super) fn inline_str(out: &mut String, s: &str) {
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
pub(super) fn literal_ok(s: &str) -> bool {
    s.contains('\n')
        && !s.starts_with(' ')
        && !s.starts_with('\n')
        && s.chars().all(|c| is_printable(c) || c == '\t')
        && !s.lines().any(|l| l.ends_with(' '))
}

pub(super) fn spaces(out: &mut String, n: usize) {
    for _ in 0..n {
        out.push(' ');
    }
}

pub(super) fn literal(out: &mut String, s: &str, ind: usize) {
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

fn folded_ok(s: &str) -> bool {
    !s.starts_with([' ', '\n', '\t'])
        && s.chars().all(|c| is_printable(c) || c == '\t')
        && !s
            .lines()
            .any(|l| l.ends_with(' ') || l.starts_with([' ', '\t']))
}

/// A folded block (`>`): a line break of the value is written as an empty line.
fn folded(out: &mut String, s: &str, ind: usize, comment: Option<&str>) {
    let body = s.trim_end_matches('\n');
    let trailing = s.len() - body.len();
    out.push('>');
    out.push_str(match trailing {
        0 => "-",
        1 => "",
        _ => "+",
    });
    line_end(out, comment);
    let mut first = true;
    for part in body.split('\n') {
        if part.is_empty() {
            out.push('\n');
            continue;
        }
        if !first {
            out.push('\n');
        }
        first = false;
        spaces(out, ind);
        out.push_str(part);
        out.push('\n');
    }
    for _ in 1..trailing {
        out.push('\n');
    }
}

fn line_end(out: &mut String, comment: Option<&str>) {
    if let Some(c) = comment {
        out.push(' ');
        out.push_str(c);
    }
    out.push('\n');
}

fn is_block(n: &Node, m: Option<&Meta>) -> bool {
    let flow = m.is_some_and(|m| m.style == Style::Flow);
    !flow
        && (matches!(n, Node::Seq(v) if !v.is_empty())
            || matches!(n, Node::Map(e) if !e.is_empty()))
}

fn comments(m: Option<&Meta>) -> Option<&Comments> {
    m.and_then(Meta::comments)
}

/// A scalar in a flow collection: no flow indicators when plain.
fn flow_str(out: &mut String, s: &str, style: Style) {
    let printable = s.chars().all(|c| is_printable(c) && c != '\n');
    match style {
        Style::Double => double_quoted(out, s),
        Style::Single if printable => single_quoted(out, s),
        _ if matches!(resolve(s), Node::Str(_))
            && plain_ok(s)
            && !s.contains([',', '[', ']', '{', '}']) =>
        {
            out.push_str(s)
        }
        _ if printable && matches!(resolve(s), Node::Str(_)) => single_quoted(out, s),
        _ => double_quoted(out, s),
    }
}

fn single_quoted(out: &mut String, s: &str) {
    out.push('\'');
    out.push_str(&s.replace('\'', "''"));
    out.push('\'');
}

/// A key, in its style when it has one.
fn key_str(out: &mut String, k: &str, style: Style, flow: bool) {
    let printable = k.chars().all(|c| is_printable(c) && c != '\n');
    match style {
        Style::Double => double_quoted(out, k),
        Style::Single if printable => single_quoted(out, k),
        _ if flow => flow_str(out, k, Style::Plain),
        _ => inline_str(out, k),
    }
}

pub struct Emitter<'a> {
    pub out: String,
    unit: usize,
    /// Print aliases and merge keys as written (off after `explode`).
    aliases: bool,
    anchors: HashMap<&'a str, &'a Node>,
}

/// One document in block style with `unit` spaces of indentation (yq's `-I`), without
/// metadata.
#[cfg(test)]
pub fn emit(n: &Node, unit: usize) -> String {
    emit_doc(n, None, None, unit, false)
}

/// One result: `doc` when it is the whole document (its leading text and foot comments are
/// printed), `m` the metadata found at its path.
pub fn emit_doc(
    n: &Node,
    doc: Option<&DocMeta>,
    m: Option<&Meta>,
    unit: usize,
    aliases: bool,
) -> String {
    let mut e = Emitter {
        out: String::new(),
        unit: unit.max(1),
        aliases,
        anchors: HashMap::new(),
    };
    let leading = doc.map_or("", |d| d.leading.as_str());
    e.out.push_str(leading);
    if let Some(c) = comments(m) {
        e.lines(&c.head, 0);
    }
    let raw_empty = matches!(n, Node::Null)
        && m.and_then(Meta::extra)
            .is_some_and(|x| x.raw.as_deref() == Some(""));
    match n {
        _ if raw_empty && !leading.is_empty() => {}
        Node::Map(map) if is_block(n, m) && !e.alias(n, m) => {
            e.prefix_line(n, m, false);
            e.map(map, m, 0, false);
        }
        Node::Seq(v) if is_block(n, m) && !e.alias(n, m) => {
            e.prefix_line(n, m, false);
            e.seq(v, m, 0, false);
        }
        _ => {
            let line = comments(m).and_then(|c| c.line.as_deref());
            e.inline(n, m, e.unit, line);
        }
    }
    if let Some(c) = comments(m) {
        e.lines(&c.foot, 0);
    }
    if let Some(d) = doc {
        e.lines(&d.foot, 0);
    }
    e.out
}

impl<'a> Emitter<'a> {
    fn lines(&mut self, lines: &[String], ind: usize) {
        for l in lines {
            if !l.is_empty() {
                spaces(&mut self.out, ind);
                self.out.push_str(l);
            }
            self.out.push('\n');
        }
    }

    /// Whether `n` prints as an alias of an anchor printed before (it still has its value).
    fn alias(&self, n: &Node, m: Option<&Meta>) -> bool {
        self.aliases
            && m.and_then(Meta::extra)
                .and_then(|x| x.alias.as_deref())
                .and_then(|a| self.anchors.get(a))
                .is_some_and(|v| *v == n)
    }

    /// `&anchor` and `!tag` before a value, when they still apply; the anchor is remembered.
    fn prefix(&mut self, n: &'a Node, m: Option<&'a Meta>) -> String {
        let Some(m) = m else {
            return String::new();
        };
        let Some(x) = m.extra() else {
            return String::new();
        };
        let mut p = String::new();
        if let Some(a) = &x.anchor
            && self.aliases
        {
            p.push('&');
            p.push_str(a);
            p.push(' ');
            self.anchors.insert(a.as_str(), n);
        }
        if let Some(t) = &x.tag {
            let was_coll = !matches!(m.kids, Kids::None);
            let keep = match t.as_str() {
                "!!str" => matches!(n, Node::Str(_)),
                "!!int" | "!!float" => matches!(n, Node::Num(_)),
                "!!bool" => matches!(n, Node::Bool(_)),
                "!!null" => matches!(n, Node::Null),
                "!!map" => matches!(n, Node::Map(_)),
                "!!seq" => matches!(n, Node::Seq(_)),
                _ => was_coll != n.is_scalar(),
            };
            if keep {
                p.push_str(t);
                p.push(' ');
            }
        }
        p
    }

    /// The prefix of a block collection at the top: on its own line.
    fn prefix_line(&mut self, n: &'a Node, m: Option<&'a Meta>, _nested: bool) {
        let p = self.prefix(n, m);
        if !p.is_empty() {
            self.out.push_str(p.trim_end());
            self.out.push('\n');
        }
    }

    /// A value on the current line (scalar, flow or empty collection, alias), then its
    /// comment and the line break; block scalars continue on the lines below at `ind`.
    fn inline(&mut self, n: &'a Node, m: Option<&'a Meta>, ind: usize, comment: Option<&str>) {
        if self.alias(n, m) {
            let a = m
                .and_then(Meta::extra)
                .and_then(|x| x.alias.clone())
                .unwrap_or_default();
            self.out.push('*');
            self.out.push_str(&a);
            line_end(&mut self.out, comment);
            return;
        }
        let p = self.prefix(n, m);
        self.out.push_str(&p);
        let style = m.map_or(Style::Plain, |m| m.style);
        if let Node::Str(s) = n {
            match style {
                Style::Literal if folded_ok(s) || literal_ok(s) => {
                    literal(&mut self.out, s, ind);
                    return;
                }
                Style::Folded if folded_ok(s) => {
                    folded(&mut self.out, s, ind, comment);
                    return;
                }
                Style::Plain if literal_ok(s) => {
                    literal(&mut self.out, s, ind);
                    return;
                }
                _ => {}
            }
        }
        self.flowish(n, m, false);
        line_end(&mut self.out, comment);
    }

    /// A scalar or a collection on one line (`flow`: inside a flow collection).
    fn flowish(&mut self, n: &'a Node, m: Option<&'a Meta>, flow: bool) {
        let style = m.map_or(Style::Plain, |m| m.style);
        let raw = m.and_then(Meta::extra).and_then(|x| x.raw.as_deref());
        match n {
            Node::Null => self.out.push_str(raw.unwrap_or("null")),
            Node::Bool(b) => match raw {
                Some(r) if resolve(r) == *n => self.out.push_str(r),
                _ => self.out.push_str(if *b { "true" } else { "false" }),
            },
            Node::Num(s) => self.out.push_str(s),
            Node::Str(s) if flow => flow_str(&mut self.out, s, style),
            Node::Str(s) => match style {
                Style::Double => double_quoted(&mut self.out, s),
                Style::Single if s.chars().all(|c| is_printable(c) && c != '\n') => {
                    single_quoted(&mut self.out, s)
                }
                _ => inline_str(&mut self.out, s),
            },
            Node::Seq(v) => {
                let metas = match m.map(|m| &m.kids) {
                    Some(Kids::Seq(ms)) => align(v, ms),
                    _ => vec![None; v.len()],
                };
                self.out.push('[');
                for (i, (x, xm)) in v.iter().zip(metas).enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.flow_item(x, xm);
                }
                self.out.push(']');
            }
            Node::Map(e) => {
                self.out.push('{');
                for (i, (k, x)) in e.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    let ent = m.and_then(|m| m.entry(i, k));
                    key_str(
                        &mut self.out,
                        k,
                        ent.map_or(Style::Plain, |e| e.kstyle),
                        true,
                    );
                    self.out.push_str(": ");
                    self.flow_item(x, ent.map(|e| &e.v));
                }
                self.out.push('}');
            }
        }
    }

    fn flow_item(&mut self, n: &'a Node, m: Option<&'a Meta>) {
        if self.alias(n, m) {
            let a = m
                .and_then(Meta::extra)
                .and_then(|x| x.alias.clone())
                .unwrap_or_default();
            self.out.push('*');
            self.out.push_str(&a);
            return;
        }
        let p = self.prefix(n, m);
        self.out.push_str(&p);
        self.flowish(n, m, true);
    }

    /// A block map at `ind`; `first_inline`: the first key goes on the current line (after
    /// `- `), its head comments already printed above the item.
    fn map(
        &mut self,
        m: &'a [(String, Node)],
        meta: Option<&'a Meta>,
        ind: usize,
        first_inline: bool,
    ) {
        let merges: Vec<&super::meta::Merge> = if self.aliases {
            meta.and_then(Meta::extra)
                .map(|x| {
                    x.merges
                        .iter()
                        .filter(|g| {
                            g.text
                                .trim_matches(['[', ']'])
                                .split(", ")
                                .all(|a| self.anchors.contains_key(a.trim_start_matches('*')))
                        })
                        .collect()
                })
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        let merged = |k: &str, v: &Node| {
            merges
                .iter()
                .any(|g| g.entries.iter().any(|(mk, mv)| mk == k && mv == v))
        };
        let mut first = first_inline;
        let mut next_merge = 0;
        for (i, (k, v)) in m.iter().enumerate() {
            while next_merge < merges.len() && merges[next_merge].at <= i {
                self.merge_key(&mut first, ind, &merges[next_merge].text);
                next_merge += 1;
            }
            if merged(k, v) {
                continue;
            }
            let e = meta.and_then(|mm| mm.entry(i, k));
            let kc = e.and_then(|e| e.kc.as_deref());
            let vm = e.map(|e| &e.v);
            if !first {
                if let Some(c) = kc {
                    self.lines(&c.head, ind);
                }
                if let Some(c) = comments(vm) {
                    self.lines(&c.head, ind);
                }
                spaces(&mut self.out, ind);
            }
            first = false;
            key_str(
                &mut self.out,
                k,
                e.map_or(Style::Plain, |e| e.kstyle),
                false,
            );
            self.out.push(':');
            let line = comments(vm)
                .and_then(|c| c.line.as_deref())
                .or(kc.and_then(|c| c.line.as_deref()));
            // A line comment of several lines (from XML): the others at the key's indent.
            let indented = line
                .filter(|l| l.contains('\n'))
                .map(|l| l.replace('\n', &format!("\n{}", " ".repeat(ind))));
            self.value(v, vm, ind, indented.as_deref().or(line));
            if let Some(c) = comments(vm) {
                self.lines(&c.foot, ind);
            }
            if let Some(c) = kc {
                self.lines(&c.foot, ind);
            }
        }
        for m in &merges[next_merge..] {
            self.merge_key(&mut first, ind, &m.text);
        }
    }

    /// One `<<: *anchor` merge key line of a mapping at `ind`.
    fn merge_key(&mut self, first: &mut bool, ind: usize, text: &str) {
        if !*first {
            spaces(&mut self.out, ind);
        }
        *first = false;
        self.out.push_str("<<: ");
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// A block collection: its entries or items at `ind`, the first on the current line when
    /// `first_inline`.
    fn block(&mut self, v: &'a Node, meta: Option<&'a Meta>, ind: usize, first_inline: bool) {
        match v {
            Node::Map(sub) => self.map(sub, meta, ind, first_inline),
            Node::Seq(sub) => self.seq(sub, meta, ind, first_inline),
            _ => {}
        }
    }

    /// A map entry's value after `key:`.
    fn value(&mut self, v: &'a Node, vm: Option<&'a Meta>, ind: usize, line: Option<&str>) {
        let unit = self.unit;
        match v {
            Node::Map(_) | Node::Seq(_) if is_block(v, vm) && !self.alias(v, vm) => {
                let p = self.prefix(v, vm);
                if !p.is_empty() {
                    self.out.push(' ');
                    self.out.push_str(p.trim_end());
                }
                line_end(&mut self.out, line);
                self.block(v, vm, ind + unit, false);
            }
            Node::Null
                if vm.and_then(Meta::extra).is_some_and(|x| {
                    x.raw.as_deref() == Some("") && x.tag.is_none() && x.anchor.is_none()
                }) =>
            {
                line_end(&mut self.out, line);
            }
            _ => {
                self.out.push(' ');
                self.inline(v, vm, ind + unit, line);
            }
        }
    }

    fn seq(&mut self, v: &'a [Node], meta: Option<&'a Meta>, ind: usize, first_inline: bool) {
        let pad = self.unit.max(2);
        let metas = match meta.map(|m| &m.kids) {
            Some(Kids::Seq(ms)) => align(v, ms),
            _ => vec![None; v.len()],
        };
        for (i, (x, xm)) in v.iter().zip(metas).enumerate() {
            let inline_first = first_inline && i == 0;
            if !inline_first {
                if let Some(c) = comments(xm) {
                    self.lines(&c.head, ind);
                }
                // The head comments of an item map's first key go above the item.
                if let (
                    Node::Map(sub),
                    Some(Meta {
                        kids: Kids::Map(es),
                        ..
                    }),
                ) = (x, xm)
                    && let Some((k, _)) = sub.first()
                    && let Some(e) = es.iter().find(|e| e.key == *k)
                    && let Some(c) = e.kc.as_deref()
                {
                    self.lines(&c.head, ind);
                }
                spaces(&mut self.out, ind);
            }
            self.out.push('-');
            let line = comments(xm).and_then(|c| c.line.as_deref());
            match x {
                Node::Map(_) | Node::Seq(_) if is_block(x, xm) && !self.alias(x, xm) => {
                    let p = self.prefix(x, xm);
                    let inline = p.is_empty();
                    if inline {
                        spaces(&mut self.out, pad - 1);
                    } else {
                        self.out.push(' ');
                        self.out.push_str(p.trim_end());
                        line_end(&mut self.out, line);
                    }
                    self.block(x, xm, ind + pad, inline);
                }
                Node::Null
                    if xm
                        .and_then(Meta::extra)
                        .is_some_and(|e| e.raw.as_deref() == Some("") && e.anchor.is_none()) =>
                {
                    line_end(&mut self.out, line);
                }
                _ => {
                    spaces(&mut self.out, pad - 1);
                    self.inline(x, xm, ind + self.unit, line);
                }
            }
            if let Some(c) = comments(xm) {
                self.lines(&c.foot, ind);
            }
        }
    }
}
