//! YAML in: saphyr-parser's events, the value tree built here with its metadata beside it
//! ([`super::meta`]: styles, tags, anchors, aliases and merge keys from the events, comments
//! from the source at the events' positions). Output is [`super::emit`].
//!
//! Aliases are expanded as they are read (merge keys `<<` included), counting every node an
//! expansion copies against [`MAX_NODES`]: a "billion laughs" document fails with an error
//! after a bounded amount of work instead of growing exponentially. Key order is kept; a map
//! of many keys is indexed while it is read, so reading stays linear.

use std::sync::OnceLock;

use regex::Regex;
use saphyr_parser::{Event, Parser, ScalarStyle};

use super::meta::{self, DocMeta, Entry, Kids, Merge, Meta, Role, Start, Style, Zones};
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

struct Frame {
    /// Sequence items, or map entries with the key waiting for its value.
    nodes: FrameNodes,
    meta: Meta,
    anchor: usize,
}

enum FrameNodes {
    Seq(Vec<Node>, Vec<Meta>),
    Map(
        Vec<(String, Node)>,
        Vec<Entry>,
        Option<(String, Meta)>,
        KeyIndex,
    ),
}

/// Where each key of a map being read is (built once the map is big, so that reading a map
/// of many keys stays linear).
#[derive(Default)]
pub struct KeyIndex(Option<std::collections::HashMap<String, usize>>);

impl KeyIndex {
    pub fn find(&mut self, entries: &[(String, Node)], k: &str) -> Option<usize> {
        if entries.len() < 16 {
            return entries.iter().position(|(mk, _)| mk == k);
        }
        self.0
            .get_or_insert_with(|| {
                entries
                    .iter()
                    .enumerate()
                    .map(|(i, (k, _))| (k.clone(), i))
                    .collect()
            })
            .get(k)
            .copied()
    }

    pub fn pushed(&mut self, entries: &[(String, Node)]) {
        if let (Some(ix), Some((k, _))) = (&mut self.0, entries.last()) {
            ix.insert(k.clone(), entries.len() - 1);
        }
    }
}

/// Every document of a YAML stream.
pub fn parse(text: &str, cancelled: &dyn Fn() -> bool) -> Result<Vec<Node>, ParseErr> {
    parse_meta(text, cancelled).map(|(d, _)| d)
}

fn tag_text(t: &saphyr_parser::Tag) -> String {
    if t.handle == "tag:yaml.org,2002:" {
        format!("!!{}", t.suffix)
    } else {
        format!("{}{}", t.handle, t.suffix)
    }
}

/// The source's lines, with what positions need: the byte offset of a character column.
struct Src<'a> {
    lines: Vec<&'a str>,
}

impl Src<'_> {
    fn byte_col(&self, line: usize, col: usize) -> usize {
        let Some(l) = self.lines.get(line) else {
            return 0;
        };
        if l.is_ascii() {
            return col.min(l.len());
        }
        l.char_indices().nth(col).map_or(l.len(), |(b, _)| b)
    }

    /// The name after `sigil` (`&` or `*`) at or shortly before a position.
    fn name_near(&self, line: usize, col: usize, sigil: char) -> Option<String> {
        for l in (line.saturating_sub(2)..=line).rev() {
            let hay = self.lines.get(l)?;
            // At the position first, else the last one before it.
            let pos = if l == line {
                let from = self.byte_col(l, col);
                match hay[from..].starts_with(sigil) {
                    true => Some(from),
                    false => hay[..from].rfind(sigil),
                }
            } else {
                hay.rfind(sigil)
            };
            let Some(pos) = pos else { continue };
            let name: String = hay[pos + 1..]
                .chars()
                .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | '[' | ']' | '{' | '}'))
                .collect();
            if !name.is_empty() {
                return Some(name);
            }
        }
        None
    }
}

fn start_of(stack: &[Frame], line: usize, col: usize, flow_depth: usize) -> Start {
    let role = match stack.last().map(|f| &f.nodes) {
        None => Role::Root,
        Some(FrameNodes::Seq(..)) => Role::Item,
        Some(FrameNodes::Map(_, _, None, _)) => Role::Key,
        Some(FrameNodes::Map(..)) => Role::Value,
    };
    Start {
        line,
        col,
        role,
        flow: flow_depth > 0,
    }
}

/// Every document of a YAML stream, with its comments and styles.
pub fn parse_meta(
    text: &str,
    cancelled: &dyn Fn() -> bool,
) -> Result<(Vec<Node>, Vec<DocMeta>), ParseErr> {
    let src = Src {
        lines: text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect(),
    };
    let mut docs = Vec::new();
    let mut metas: Vec<DocMeta> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    // Anchor id → (value, size, metadata).
    let mut anchors: Vec<(usize, Node, usize, Meta)> = Vec::new();
    let mut expanded = 0usize;
    let mut root: Option<(Node, Meta)> = None;
    let mut starts: Vec<Start> = Vec::new();
    let mut doc_lines: Vec<usize> = Vec::new();
    let mut zones = Zones(std::collections::HashMap::new());
    let mut block: Option<usize> = None;
    let mut flow_depth = 0usize;
    // yq reads the comments and directives before the first node itself (a `%YAML` line
    // without a `---` after it is then no error): the parser sees them as comments.
    let lead = src
        .lines
        .iter()
        .take_while(|l| {
            let t = l.trim();
            t.is_empty() || t.starts_with('#') || l.starts_with('%')
        })
        .count();
    let masked: String;
    let parse_text = if src.lines[..lead].iter().any(|l| l.starts_with('%')) {
        masked = text
            .split('\n')
            .enumerate()
            .map(|(i, l)| match l.strip_prefix('%') {
                Some(rest) if i < lead => format!("#{rest}"),
                _ => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n");
        masked.as_str()
    } else {
        text
    };
    for (n, ev) in Parser::new_from_str(parse_text).enumerate() {
        if n % 4096 == 0 && cancelled() {
            return Err(ParseErr("cancelled".into()));
        }
        let (ev, span) = ev.map_err(|e| ParseErr(format!("yaml: {e}")))?;
        let (line, col) = (span.start.line().saturating_sub(1), span.start.col());
        if let Some(b) = block.take() {
            meta::block_zone(&src.lines, &mut zones, b, line);
        }
        let id = starts.len() as u32;
        let (node, mut m, anchor) = match ev {
            Event::StreamStart | Event::StreamEnd | Event::Nothing => continue,
            Event::DocumentStart(_) => {
                root = None;
                doc_lines.push(line);
                continue;
            }
            Event::DocumentEnd => {
                let (node, meta) = root.take().unwrap_or((Node::Null, Meta::default()));
                docs.push(node);
                metas.push(DocMeta {
                    root: meta,
                    ..DocMeta::default()
                });
                continue;
            }
            Event::SequenceStart(a, ref tag) | Event::MappingStart(a, ref tag) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(ParseErr(format!(
                        "yaml: nesting deeper than {MAX_DEPTH} levels"
                    )));
                }
                let bc = src.byte_col(line, col);
                let is_flow = src.lines.get(line).is_some_and(|l| {
                    l[bc..].starts_with('[') || l[bc..].starts_with('{') || {
                        // `&a [`, `!t {`: the indicator after an anchor or a tag.
                        let rest = l[bc..].trim_start();
                        (rest.starts_with('&') || rest.starts_with('!'))
                            && rest
                                .split_once(' ')
                                .is_some_and(|(_, r)| r.trim_start().starts_with(['[', '{']))
                    }
                });
                starts.push(start_of(&stack, line, col, flow_depth));
                if is_flow || flow_depth > 0 {
                    flow_depth += 1;
                }
                let mut meta = Meta {
                    id,
                    style: if is_flow || flow_depth > 0 {
                        Style::Flow
                    } else {
                        Style::Plain
                    },
                    ..Meta::default()
                };
                if let Some(t) = tag {
                    meta.extra_mut().tag = Some(tag_text(t));
                }
                if a != 0 {
                    meta.extra_mut().anchor = src.name_near(line, col, '&');
                }
                let nodes = if matches!(ev, Event::SequenceStart(..)) {
                    FrameNodes::Seq(Vec::new(), Vec::new())
                } else {
                    FrameNodes::Map(Vec::new(), Vec::new(), None, KeyIndex::default())
                };
                stack.push(Frame {
                    nodes,
                    meta,
                    anchor: a,
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                flow_depth = flow_depth.saturating_sub(1);
                let Some(f) = stack.pop() else {
                    return Err(ParseErr("yaml: unbalanced collection".into()));
                };
                let mut meta = f.meta;
                let node = match f.nodes {
                    FrameNodes::Seq(v, ms) => {
                        meta.kids = Kids::Seq(ms);
                        Node::Seq(v)
                    }
                    FrameNodes::Map(m, es, _, _) => {
                        meta.kids = Kids::Map(es);
                        Node::Map(m)
                    }
                };
                (node, meta, f.anchor)
            }
            Event::Scalar(v, style, a, tag) => {
                starts.push(start_of(&stack, line, col, flow_depth));
                let tg = tag.as_ref().map(|t| (t.handle.as_str(), t.suffix.as_str()));
                let node = scalar(&v, style, tg);
                let mut meta = Meta {
                    id,
                    ..Meta::default()
                };
                meta.style = match style {
                    ScalarStyle::SingleQuoted => Style::Single,
                    ScalarStyle::DoubleQuoted => Style::Double,
                    ScalarStyle::Literal => Style::Literal,
                    ScalarStyle::Folded => Style::Folded,
                    _ => Style::Plain,
                };
                if let Some(t) = &tag {
                    meta.extra_mut().tag = Some(tag_text(t));
                }
                if a != 0 {
                    meta.extra_mut().anchor = src.name_near(line, col, '&');
                }
                if style == ScalarStyle::Plain
                    && tag.is_none()
                    && matches!(node, Node::Null | Node::Bool(_))
                    && !matches!(v.as_ref(), "null" | "true" | "false")
                {
                    meta.extra_mut().raw = Some(v.to_string());
                }
                match meta.style {
                    Style::Single | Style::Double => {
                        // A comment cannot start inside a quoted scalar's lines.
                        let (end, endc) = meta::quoted_end(
                            &src.lines,
                            line,
                            src.lines
                                .get(line)
                                .and_then(|l| {
                                    let bc = src.byte_col(line, col);
                                    l[bc..].find(['"', '\'']).map(|k| k + bc)
                                })
                                .unwrap_or(0),
                        );
                        for l in line + 1..end {
                            zones.0.insert(l, usize::MAX);
                        }
                        if end > line {
                            zones.0.insert(end, endc);
                        }
                    }
                    Style::Literal | Style::Folded => block = Some(line),
                    _ => {}
                }
                (node, meta, a)
            }
            Event::Alias(aid) => {
                starts.push(start_of(&stack, line, col, flow_depth));
                let Some((_, node, sz, am)) = anchors.iter().rev().find(|(i, ..)| *i == aid) else {
                    return Err(ParseErr("yaml: unknown anchor referenced".into()));
                };
                expanded += sz;
                if expanded > MAX_NODES {
                    return Err(ParseErr(format!(
                        "yaml: aliases expand to more than {MAX_NODES} nodes (an alias bomb?)"
                    )));
                }
                let mut meta = Meta {
                    id,
                    style: am.style,
                    ..Meta::default()
                };
                meta.extra_mut().alias = src
                    .name_near(line, col, '*')
                    .or_else(|| am.extra().and_then(|x| x.anchor.clone()));
                (node.clone(), meta, 0)
            }
        };
        m.hash = meta::hash_read(&node, &m);
        if anchor != 0 {
            let sz = size(&node);
            let am = Meta {
                style: m.style,
                x: m.x.clone(),
                ..Meta::default()
            };
            anchors.push((anchor, node.clone(), sz, am));
        }
        let mut new_merge = None;
        match stack.last_mut().map(|f| &mut f.nodes) {
            None => root = Some((node, m)),
            Some(FrameNodes::Seq(v, ms)) => {
                v.push(node);
                ms.push(m);
            }
            Some(FrameNodes::Map(entries, es, key, index)) => match key.take() {
                None => *key = Some((key_text(&node), m)),
                Some((k, km)) if k == "<<" => {
                    let at = entries.len();
                    let text = merge_text(&m);
                    let added = merge(entries, node);
                    *index = KeyIndex::default();
                    let _ = km;
                    new_merge = text.map(|text| Merge {
                        at,
                        text,
                        entries: added,
                    });
                }
                Some((k, km)) => {
                    let e = Entry {
                        key: k.clone(),
                        kid: km.id,
                        kstyle: km.style,
                        kc: None,
                        v: m,
                    };
                    if let Some(slot) = index.find(entries, &k) {
                        entries[slot].1 = node;
                        if let Some(old) = es.iter_mut().find(|x| x.key == k) {
                            *old = e;
                        } else {
                            es.push(e);
                        }
                    } else {
                        entries.push((k, node));
                        index.pushed(entries);
                        es.push(e);
                    }
                }
            },
        }
        if let (Some(g), Some(f)) = (new_merge, stack.last_mut()) {
            f.meta.extra_mut().merges.push(g);
        }
    }
    if let Some(b) = block.take() {
        meta::block_zone(&src.lines, &mut zones, b, src.lines.len());
    }
    let mut found = meta::assign(text, &starts, &doc_lines, &zones, cancelled);
    if docs.is_empty() && !found.leading.is_empty() {
        // A file of comments only: a null document that prints them back.
        let mut root = Meta::default();
        root.extra_mut().raw = Some(String::new());
        docs.push(Node::Null);
        metas.push(DocMeta {
            root,
            ..DocMeta::default()
        });
    }
    for (i, dm) in metas.iter_mut().enumerate() {
        meta::distribute(&mut dm.root, &mut found.by_start);
        if let Some(f) = found.doc_foot.get_mut(i) {
            dm.foot = std::mem::take(f);
        }
    }
    if let Some(first) = metas.first_mut() {
        first.leading = found.leading;
    }
    Ok((docs, metas))
}

/// How a merge key's value was written, when it is aliases (`*a`, `[*a, *b]`).
fn merge_text(m: &Meta) -> Option<String> {
    if let Some(a) = m.extra().and_then(|x| x.alias.as_ref()) {
        return Some(format!("*{a}"));
    }
    let Kids::Seq(items) = &m.kids else {
        return None;
    };
    let names: Option<Vec<String>> = items
        .iter()
        .map(|i| {
            i.extra()
                .and_then(|x| x.alias.as_ref())
                .map(|a| format!("*{a}"))
        })
        .collect();
    Some(format!("[{}]", names?.join(", ")))
}

/// A merge key's value: its entries join the map where the map has no such key. The
/// entries added are returned.
fn merge(m: &mut Vec<(String, Node)>, v: Node) -> Vec<(String, Node)> {
    let mut added = Vec::new();
    match v {
        Node::Map(src) => {
            for (k, x) in src {
                if !m.iter().any(|(mk, _)| *mk == k) {
                    added.push((k.clone(), x.clone()));
                    m.push((k, x));
                }
            }
        }
        Node::Seq(items) => {
            for it in items {
                added.extend(merge(m, it));
            }
        }
        other => m.push(("<<".into(), other)),
    }
    added
}
