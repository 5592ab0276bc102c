//! What a YAML round trip keeps beside the values: comments, scalar and collection styles,
//! tags, anchors, aliases and merge keys, as a tree ([`Meta`]) that mirrors the value tree.
//!
//! The jq engine sees only values, so the metadata never goes through it: each result of the
//! expression is matched to the path it came from (`path(EXPR)`), and the metadata found at
//! that path in the input is laid back over the result when it is printed (map entries by key,
//! sequence items by position, realigned by value when items were added or removed). A node
//! the expression created has none; a node whose kind changed keeps its comments (as v4's
//! assignment does) but not its style.
//!
//! saphyr's parser drops comments, so they are recovered from the source text here, with the
//! positions of the parser's events telling which node a comment line belongs to: a trailing
//! comment to the last node that starts on its line, a block of comment lines to the next node
//! (its head comment) or, when it is indented deeper than that node, to the entry it follows
//! (a foot comment). The text before a file's first node is kept verbatim, as yq keeps it.

use std::collections::HashMap;

use super::node::Node;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    #[default]
    Plain,
    Single,
    Double,
    Literal,
    Folded,
    Flow,
}

/// Comment lines as written (`# text`), without their indentation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comments {
    pub head: Vec<String>,
    pub line: Option<String>,
    pub foot: Vec<String>,
}

/// A `<<: *alias` merge key as written, and the entries it brought in.
#[derive(Clone, Debug)]
pub struct Merge {
    pub at: usize,
    pub text: String,
    pub entries: Vec<(String, Node)>,
}

#[derive(Clone, Debug, Default)]
pub struct Extra {
    pub tag: Option<String>,
    pub anchor: Option<String>,
    pub alias: Option<String>,
    /// A null or boolean as written (`~`, an empty value, `True`).
    pub raw: Option<String>,
    pub merges: Vec<Merge>,
}

#[derive(Clone, Debug, Default)]
pub struct Meta {
    /// The parser event that started the node (where its comments are found).
    pub id: u32,
    /// A hash of the value as read, to realign sequence items.
    pub hash: u64,
    pub style: Style,
    pub c: Option<Box<Comments>>,
    pub x: Option<Box<Extra>>,
    pub kids: Kids,
}

#[derive(Clone, Debug, Default)]
pub enum Kids {
    #[default]
    None,
    Seq(Vec<Meta>),
    Map(Vec<Entry>),
}

#[derive(Clone, Debug)]
pub struct Entry {
    pub key: String,
    pub kid: u32,
    pub kstyle: Style,
    pub kc: Option<Box<Comments>>,
    pub v: Meta,
}

/// A document's metadata: the verbatim text before the first node (first document of a
/// file only), the comments after its last node, and the root's tree.
#[derive(Clone, Debug, Default)]
pub struct DocMeta {
    pub leading: String,
    pub foot: Vec<String>,
    pub root: Meta,
}

impl Meta {
    pub fn comments(&self) -> Option<&Comments> {
        self.c.as_deref()
    }

    pub fn extra(&self) -> Option<&Extra> {
        self.x.as_deref()
    }

    pub fn extra_mut(&mut self) -> &mut Extra {
        self.x.get_or_insert_with(Box::default)
    }

    pub fn comments_mut(&mut self) -> &mut Comments {
        self.c.get_or_insert_with(Box::default)
    }

    /// The entry of a map's metadata for `key`, `i` being its position in the result.
    pub fn entry(&self, i: usize, key: &str) -> Option<&Entry> {
        match &self.kids {
            Kids::Map(es) => match es.get(i) {
                Some(e) if e.key == key => Some(e),
                _ => es.iter().find(|e| e.key == key),
            },
            _ => None,
        }
    }

    pub fn entry_mut(&mut self, key: &str) -> Option<&mut Entry> {
        match &mut self.kids {
            Kids::Map(es) => es.iter_mut().find(|e| e.key == key),
            _ => None,
        }
    }

    /// The node at a path of keys and indexes, if the input had one there.
    pub fn at(&self, path: &[Node]) -> Option<&Meta> {
        let mut m = self;
        for p in path {
            m = match (p, &m.kids) {
                (Node::Str(k), Kids::Map(_)) => &m.entry(usize::MAX, k)?.v,
                (Node::Num(i), Kids::Seq(v)) => {
                    let i: i64 = i.parse().ok()?;
                    let i = if i < 0 { v.len() as i64 + i } else { i };
                    v.get(usize::try_from(i).ok()?)?
                }
                _ => return None,
            };
        }
        Some(m)
    }

    pub fn at_mut(&mut self, path: &[Node]) -> Option<&mut Meta> {
        let mut m = self;
        for p in path {
            m = match p {
                Node::Str(k) => &mut m.entry_mut(k)?.v,
                Node::Num(i) => {
                    let i: i64 = i.parse().ok()?;
                    let Kids::Seq(v) = &mut m.kids else {
                        return None;
                    };
                    let i = if i < 0 { v.len() as i64 + i } else { i };
                    v.get_mut(usize::try_from(i).ok()?)?
                }
                _ => return None,
            };
        }
        Some(m)
    }

    /// Every comment of the tree removed (`... comments = ""`).
    pub fn strip_comments(&mut self) {
        self.c = None;
        match &mut self.kids {
            Kids::None => {}
            Kids::Seq(v) => v.iter_mut().for_each(Meta::strip_comments),
            Kids::Map(es) => es.iter_mut().for_each(|e| {
                e.kc = None;
                e.v.strip_comments();
            }),
        }
    }

    /// Every style back to yq's default (`... style = ""`).
    pub fn strip_styles(&mut self) {
        self.style = Style::Plain;
        match &mut self.kids {
            Kids::None => {}
            Kids::Seq(v) => v.iter_mut().for_each(Meta::strip_styles),
            Kids::Map(es) => es.iter_mut().for_each(|e| {
                e.kstyle = Style::Plain;
                e.v.strip_styles();
            }),
        }
    }
}

/// A hash of a value (sequence items are realigned by it).
pub fn hash_node(n: &Node) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    match n {
        Node::Null => 0u8.hash(&mut h),
        Node::Bool(b) => (1u8, b).hash(&mut h),
        Node::Num(s) => (2u8, super::node::json_number(s)).hash(&mut h),
        Node::Str(s) => (3u8, s).hash(&mut h),
        Node::Seq(v) => return seq_hash(v.iter().map(hash_node)),
        Node::Map(m) => return map_hash(m.iter().map(|(k, x)| (k.as_str(), hash_node(x)))),
    }
    h.finish()
}

pub fn seq_hash(items: impl Iterator<Item = u64>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    4u8.hash(&mut h);
    for x in items {
        x.hash(&mut h);
    }
    h.finish()
}

pub fn map_hash<'a>(entries: impl Iterator<Item = (&'a str, u64)>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    5u8.hash(&mut h);
    for (k, x) in entries {
        k.hash(&mut h);
        x.hash(&mut h);
    }
    h.finish()
}

/// The hash of a node just read, from its children's (reading stays linear).
pub fn hash_read(n: &Node, m: &Meta) -> u64 {
    match (n, &m.kids) {
        (Node::Seq(v), Kids::Seq(ms)) if v.len() == ms.len() => seq_hash(ms.iter().map(|x| x.hash)),
        (Node::Map(e), Kids::Map(es))
            if e.len() == es.len() && e.iter().zip(es).all(|((k, _), x)| *k == x.key) =>
        {
            map_hash(es.iter().map(|x| (x.key.as_str(), x.v.hash)))
        }
        _ => hash_node(n),
    }
}

/// For each item of a result sequence, the input item's metadata it corresponds to: by
/// position when the lengths agree, else realigned by value (items added or removed).
pub fn align<'a>(items: &[Node], metas: &'a [Meta]) -> Vec<Option<&'a Meta>> {
    if items.len() == metas.len() {
        return metas.iter().map(Some).collect();
    }
    let hashes: Vec<u64> = items.iter().map(hash_node).collect();
    let mut out = Vec::with_capacity(items.len());
    let mut j = 0;
    for (i, h) in hashes.iter().enumerate() {
        if let Some(k) = (j..metas.len().min(j + 16)).find(|&k| metas[k].hash == *h) {
            out.push(Some(&metas[k]));
            j = k + 1;
        } else if j < metas.len() && hashes.get(i + 1) != Some(&metas[j].hash) {
            out.push(Some(&metas[j]));
            j += 1;
        } else {
            out.push(None);
        }
    }
    out
}

// ---- recovering comments from the source ----

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    Root,
    Key,
    Value,
    Item,
}

/// Where a node starts (0-based line, character column), what it is to its parent, and
/// whether it is inside a flow collection.
#[derive(Clone, Copy, Debug)]
pub struct Start {
    pub line: usize,
    pub col: usize,
    pub role: Role,
    pub flow: bool,
}

/// The comments found, by node start, and per document.
pub struct Found {
    pub by_start: Vec<Option<Box<Comments>>>,
    pub leading: String,
    pub doc_foot: Vec<Vec<String>>,
}

/// Lines no comment can start on (inside block scalars: `usize::MAX`), or the column after
/// which one can (the tail of a multi-line quoted scalar).
pub struct Zones(pub HashMap<usize, usize>);

fn indent_of(s: &str) -> usize {
    s.len() - s.trim_start_matches(' ').len()
}

/// The byte position of the comment on a line, scanning from byte `from`: a `#` at the start
/// or after a blank, outside quotes.
pub fn find_comment(line: &str, from: usize) -> Option<usize> {
    let b = line.as_bytes();
    let mut q: Option<u8> = None;
    let mut i = from.min(b.len());
    while i < b.len() {
        let c = b[i];
        let prev = if i == 0 { b' ' } else { b[i - 1] };
        match q {
            Some(b'"') if c == b'\\' => i += 1,
            Some(b'"') if c == b'"' => q = None,
            Some(b'\'') if c == b'\'' => {
                if b.get(i + 1) == Some(&b'\'') {
                    i += 1;
                } else {
                    q = None;
                }
            }
            Some(_) => {}
            None => {
                if (c == b'"' || c == b'\'')
                    && matches!(prev, b' ' | b'\t' | b'[' | b'{' | b',' | b':' | b'-')
                {
                    q = Some(c);
                } else if c == b'#' && (i == 0 || prev == b' ' || prev == b'\t') {
                    return Some(i);
                }
            }
        }
        i += 1;
    }
    None
}

/// Where a quoted scalar starting at byte `col` of line `line` ends: (line, byte after the
/// closing quote).
pub fn quoted_end(lines: &[&str], line: usize, col: usize) -> (usize, usize) {
    let Some(first) = lines.get(line) else {
        return (line, 0);
    };
    let q = first.as_bytes().get(col).copied().unwrap_or(b'"');
    let mut l = line;
    let mut i = col + 1;
    while l < lines.len() {
        let b = lines[l].as_bytes();
        while i < b.len() {
            match b[i] {
                b'\\' if q == b'"' => i += 1,
                b'\'' if q == b'\'' && b.get(i + 1) == Some(&b'\'') => i += 1,
                c if c == q => return (l, i + 1),
                _ => {}
            }
            i += 1;
        }
        l += 1;
        i = 0;
    }
    (l, 0)
}

/// Lines of a block scalar whose content starts on `start` with `indent`, up to `end`.
pub fn block_zone(lines: &[&str], zones: &mut Zones, start: usize, end: usize) {
    let indent = lines.get(start).map_or(0, |l| indent_of(l));
    for (l, text) in lines
        .iter()
        .enumerate()
        .take(end.min(lines.len()))
        .skip(start)
    {
        if text.trim().is_empty() || indent_of(text) >= indent {
            zones.0.insert(l, usize::MAX);
        } else {
            break;
        }
    }
}

fn is_leading_line(l: &str) -> bool {
    let t = l.trim();
    t.is_empty() || t.starts_with('#') || l.starts_with("%YAML") || t == "---"
}

struct Pending {
    lines: Vec<String>,
    indent: usize,
}

/// Assign every comment of `text` to a node start (or to a document).
pub fn assign(
    text: &str,
    starts: &[Start],
    doc_lines: &[usize],
    zones: &Zones,
    cancelled: &dyn Fn() -> bool,
) -> Found {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut found = Found {
        by_start: vec![None; starts.len()],
        leading: String::new(),
        doc_foot: vec![Vec::new(); doc_lines.len().max(1)],
    };
    // The text before the first node, verbatim.
    let first = starts.first().map_or(lines.len(), |s| s.line);
    let mut l0 = 0;
    while l0 < first && is_leading_line(lines[l0]) {
        l0 += 1;
    }
    if l0 > 0 {
        let mut s = lines[..l0].join("\n");
        s.push('\n');
        if l0 == lines.len() && s.ends_with("\n\n") {
            s.pop();
        }
        if !s.trim().is_empty() {
            found.leading = s;
        }
    }
    let mut pending = Pending {
        lines: Vec::new(),
        indent: 0,
    };
    // Entries (keys and items) along the last path, by column: where a foot comment goes.
    let mut chain: Vec<(usize, usize)> = Vec::new();
    let mut si = 0;
    let mut doc = 0;
    for (l, line) in lines.iter().enumerate().skip(l0) {
        if l % 4096 == 0 && cancelled() {
            break;
        }
        while doc + 1 < doc_lines.len() && doc_lines[doc + 1] <= l {
            flush_foot(&mut found, &mut pending, &chain, doc);
            chain.clear();
            doc += 1;
        }
        let from = match zones.0.get(&l) {
            Some(&usize::MAX) => continue,
            Some(&c) => c,
            None => 0,
        };
        let cpos = find_comment(line, from);
        let before = &line[..cpos.unwrap_or(line.len())];
        if from == 0 && before.trim().is_empty() {
            match cpos {
                Some(p) => {
                    if pending.lines.is_empty() {
                        pending.indent = line[..p].chars().count();
                    }
                    pending.lines.push(line[p..].trim_end().to_string());
                }
                None if !pending.lines.is_empty() => pending.lines.push(String::new()),
                None => {}
            }
            continue;
        }
        if before.trim() == "---" || before.trim() == "..." || before.starts_with("--- ") {
            continue;
        }
        while si < starts.len() && starts[si].line < l {
            si += 1;
        }
        let a = si;
        let mut b = si;
        while b < starts.len() && starts[b].line == l {
            b += 1;
        }
        if !pending.lines.is_empty() && a < starts.len() {
            let target = (a..b)
                .find(|&k| matches!(starts[k].role, Role::Key | Role::Item))
                .unwrap_or(a);
            flush_head(&mut found, &mut pending, &chain, starts, target);
        }
        for (k, s) in starts.iter().enumerate().take(b).skip(a) {
            if !s.flow && matches!(s.role, Role::Key | Role::Item) {
                // An item's column is its dash's.
                let col = match s.role {
                    Role::Item if line.is_ascii() => {
                        line[..s.col.min(line.len())].rfind('-').unwrap_or(s.col)
                    }
                    _ => s.col,
                };
                while chain.last().is_some_and(|&(c, _)| c >= col) {
                    chain.pop();
                }
                chain.push((col, k));
            }
        }
        if let Some(p) = cpos {
            let text = line[p..].trim_end().to_string();
            match (a..b).rev().find(|&k| !starts[k].flow) {
                Some(k) => {
                    found.by_start[k]
                        .get_or_insert_with(Box::default)
                        .line
                        .get_or_insert(text);
                }
                None => {
                    pending.indent = indent_of(line);
                    pending.lines.push(text);
                }
            }
        }
    }
    flush_foot(&mut found, &mut pending, &chain, doc);
    found
}

fn trim_blank_tail(p: &mut Pending) {
    while p.lines.last().is_some_and(|l| l.is_empty()) {
        p.lines.pop();
    }
}

fn flush_head(
    found: &mut Found,
    p: &mut Pending,
    chain: &[(usize, usize)],
    starts: &[Start],
    target: usize,
) {
    trim_blank_tail(p);
    let col = starts[target].col;
    if p.indent > col
        && let Some(&(c, k)) = chain.iter().rev().find(|&&(c, _)| c <= p.indent)
        && c > col
    {
        let slot = found.by_start[k].get_or_insert_with(Box::default);
        slot.foot.append(&mut p.lines);
        return;
    }
    let slot = found.by_start[target].get_or_insert_with(Box::default);
    slot.head.append(&mut p.lines);
}

fn flush_foot(found: &mut Found, p: &mut Pending, chain: &[(usize, usize)], doc: usize) {
    trim_blank_tail(p);
    if p.lines.is_empty() {
        return;
    }
    if let Some(&(c, k)) = chain.iter().rev().find(|&&(c, _)| c <= p.indent)
        && c > 0
    {
        let slot = found.by_start[k].get_or_insert_with(Box::default);
        slot.foot.append(&mut p.lines);
        return;
    }
    if let Some(f) = found.doc_foot.get_mut(doc) {
        f.append(&mut p.lines);
    }
    p.lines.clear();
}

/// Move the comments found into the tree, by the start each node records.
pub fn distribute(m: &mut Meta, found: &mut [Option<Box<Comments>>]) {
    if let Some(c) = found.get_mut(m.id as usize).and_then(Option::take) {
        m.c = Some(c);
    }
    match &mut m.kids {
        Kids::None => {}
        Kids::Seq(v) => v.iter_mut().for_each(|x| distribute(x, found)),
        Kids::Map(es) => {
            for e in es {
                if let Some(c) = found.get_mut(e.kid as usize).and_then(Option::take) {
                    e.kc = Some(c);
                }
                distribute(&mut e.v, found);
            }
        }
    }
}
