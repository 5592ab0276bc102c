//! XML in (`-p xml`), as mikefarah yq v4's `decoder_xml.go` reads it: elements become map
//! keys, attributes `+@name` fields, text `+content` beside attributes or children (the value
//! itself otherwise), repeated sibling names a sequence, `<?target …?>` a `+p_target` field
//! and `<!…>` a `+directive` field; all values are strings, an empty element is null
//! (printed empty, as v4 prints it). Comments are placed as v4 places them (head, line and
//! foot comments of keys and values), into the same metadata a YAML document carries, so
//! that `-o yaml` and `-o xml` print them.
//!
//! Tokens come from `quick-xml`, configured as Go's `encoding/xml` in yq's default mode:
//! end tags are not matched against start tags (Go's `RawToken`), unknown entities stay as
//! written, and DTD entities are never expanded (so an entity bomb stays a directive's
//! text). Nesting is bounded by [`MAX_DEPTH`]: the tree is built with an explicit stack
//! and converted recursively only below that bound.

use std::collections::HashMap;

use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;

use super::meta::{self, Comments, DocMeta, Entry, Kids, Meta};
use super::node::{Node, ParseErr};
use super::yaml::MAX_DEPTH;

/// yq's `--xml-*` flags.
#[derive(Clone, Debug)]
pub struct XmlPrefs {
    pub attribute_prefix: String,
    pub content_name: String,
    pub strict: bool,
    pub keep_namespace: bool,
    pub raw_token: bool,
    pub proc_inst_prefix: String,
    pub directive_name: String,
    pub skip_proc_inst: bool,
    pub skip_directives: bool,
}

impl Default for XmlPrefs {
    fn default() -> Self {
        XmlPrefs {
            attribute_prefix: "+@".into(),
            content_name: "+content".into(),
            strict: false,
            keep_namespace: true,
            raw_token: true,
            proc_inst_prefix: "+p_".into(),
            directive_name: "+directive".into(),
            skip_proc_inst: false,
            skip_directives: false,
        }
    }
}

/// Go's `xmlNode`: children grouped by name in first-seen order, comments, text runs.
#[derive(Default)]
struct XNode {
    children: Vec<Kv>,
    /// Children's positions by name, once there are many (thousands of distinct sibling
    /// names would make the lookup quadratic).
    index: Option<HashMap<String, usize>>,
    head: String,
    foot: String,
    line: String,
    data: Vec<String>,
}

struct Kv {
    k: String,
    v: Vec<XNode>,
    foot: String,
}

impl XNode {
    fn add_child(&mut self, k: String, c: XNode) {
        let found = match &self.index {
            Some(ix) => ix.get(&k).copied(),
            None => self.children.iter().position(|kv| kv.k == k),
        };
        if let Some(i) = found {
            self.children[i].v.push(c);
            return;
        }
        if let Some(ix) = &mut self.index {
            ix.insert(k.clone(), self.children.len());
        } else if self.children.len() >= 32 {
            let mut ix: HashMap<String, usize> = self
                .children
                .iter()
                .enumerate()
                .map(|(i, kv)| (kv.k.clone(), i))
                .collect();
            ix.insert(k.clone(), self.children.len());
            self.index = Some(ix);
        }
        self.children.push(Kv {
            k,
            v: vec![c],
            foot: String::new(),
        });
    }
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Fresh,
    Started,
    CharData,
    Finished,
}

struct Elem {
    label: String,
    n: XNode,
    state: State,
}

fn join(a: &str, b: &str, sep: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}{sep}{b}"),
    }
}

/// Go's `trimNonGraphic`: trim spaces and non-graphic characters at both ends.
fn trim(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || c.is_control())
}

fn line_of(text: &str, pos: usize) -> usize {
    1 + text.as_bytes()[..pos.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// Character and entity references, as Go's decoder resolves them: the five predefined
/// entities and numeric references; an unknown one stays as written unless `strict` (the
/// error then has the reference's offset in `s`).
fn unescape(s: &str, strict: bool) -> Result<String, (usize, String)> {
    if !s.contains('&') && !s.contains('\r') {
        return Ok(s.to_string());
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let end = rest[1..]
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '#' | '_' | '-' | '.' | ':')))
            .map(|e| e + 1);
        let resolved = match end {
            Some(e) if rest[e..].starts_with(';') => {
                let name = &rest[1..e];
                let ch = match name {
                    "lt" => Some('<'),
                    "gt" => Some('>'),
                    "amp" => Some('&'),
                    "apos" => Some('\''),
                    "quot" => Some('"'),
                    _ => name.strip_prefix('#').and_then(|n| {
                        let v = match n.strip_prefix('x') {
                            Some(h) => u32::from_str_radix(h, 16).ok(),
                            None => n.parse().ok(),
                        };
                        v.and_then(char::from_u32)
                    }),
                };
                ch.map(|c| (c, e + 1))
            }
            _ => None,
        };
        match resolved {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None if strict => {
                let word: String = rest.chars().take_while(|c| *c != ';').take(40).collect();
                return Err((
                    s.len() - rest.len(),
                    format!("invalid character entity {word};"),
                ));
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    if out.contains('\r') {
        out = out.replace("\r\n", "\n").replace('\r', "\n");
    }
    Ok(out)
}

/// The namespace bindings in scope (for `--xml-raw-token=false`), innermost last.
type Scopes = Vec<Vec<(String, String)>>;

fn lookup<'a>(scopes: &'a Scopes, prefix: &str) -> Option<&'a str> {
    scopes
        .iter()
        .rev()
        .flat_map(|s| s.iter().rev())
        .find(|(p, _)| p == prefix)
        .map(|(_, u)| u.as_str())
}

/// A name as Go's decoder reports it: `(space, local)`, the space being the prefix (raw
/// tokens) or the namespace URL it is bound to.
fn name_of(qname: &str, element: bool, p: &XmlPrefs, scopes: &Scopes) -> (String, String) {
    let (space, local) = match qname.split_once(':') {
        Some((s, l)) => (s.to_string(), l.to_string()),
        None => (String::new(), qname.to_string()),
    };
    if p.raw_token || space == "xmlns" || (space.is_empty() && (!element || local == "xmlns")) {
        return (space, local);
    }
    if space == "xml" {
        return ("http://www.w3.org/XML/1998/namespace".into(), local);
    }
    match lookup(scopes, &space) {
        Some(u) => (u.to_string(), local),
        None => (space, local),
    }
}

fn label(space: &str, local: &str, p: &XmlPrefs) -> String {
    if p.keep_namespace && !space.is_empty() {
        format!("{space}:{local}")
    } else {
        local.to_string()
    }
}

struct Decoder<'a> {
    p: &'a XmlPrefs,
    text: &'a str,
    stack: Vec<Elem>,
    /// The document root once the top element closed (Go's `elem` is then nil).
    done: Option<XNode>,
    started: bool,
    scopes: Scopes,
    pending: String,
    pending_pos: usize,
}

impl Decoder<'_> {
    fn top(&mut self) -> Option<&mut Elem> {
        self.stack.last_mut()
    }

    fn chardata(&mut self, s: &str) -> Result<(), String> {
        let bit = trim(s);
        if !self.started && !bit.is_empty() {
            return Err(format!(
                "invalid XML: Encountered chardata [{bit}] outside of XML node"
            ));
        }
        if !bit.is_empty()
            && let Some(e) = self.top()
        {
            e.n.data.push(bit.to_string());
            e.state = State::CharData;
        }
        self.started = true;
        Ok(())
    }

    fn flush(&mut self) -> Result<(), String> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let raw = std::mem::take(&mut self.pending);
        let s = unescape(&raw, self.p.strict).map_err(|(at, e)| {
            format!(
                "XML syntax error on line {}: {e}",
                line_of(self.text, self.pending_pos + at)
            )
        })?;
        self.chardata(&s)
    }

    fn start(&mut self, b: &BytesStart) -> Result<(), String> {
        if self.stack.len() > MAX_DEPTH {
            return Err(format!("xml: nesting deeper than {MAX_DEPTH} levels"));
        }
        let mut attrs = Vec::new();
        let mut scope = Vec::new();
        // Go's lenient mode takes `a=1` and a bare `a`; strict mode wants quoted values.
        let mut attributes = if self.p.strict {
            b.attributes()
        } else {
            b.html_attributes()
        };
        for a in attributes.with_checks(self.p.strict) {
            let a = a.map_err(|e| format!("XML syntax error: {e}"))?;
            let key = a.key.as_ref().to_string();
            let value = unescape(&a.value, self.p.strict)
                .map_err(|(_, e)| format!("XML syntax error: {e}"))?;
            if let Some(px) = key.strip_prefix("xmlns:") {
                scope.push((px.to_string(), value.clone()));
            } else if key == "xmlns" {
                scope.push((String::new(), value.clone()));
            }
            attrs.push((key, value));
        }
        self.scopes.push(scope);
        let (space, local) = name_of(b.name().as_ref(), true, self.p, &self.scopes);
        let mut n = XNode::default();
        for (k, v) in attrs {
            let (s, l) = name_of(&k, false, self.p, &self.scopes);
            let name = label(&s, &l, self.p);
            n.add_child(
                format!("{}{name}", self.p.attribute_prefix),
                XNode {
                    data: vec![v],
                    ..XNode::default()
                },
            );
        }
        if let Some(e) = self.top() {
            e.state = State::Started;
        }
        if self.done.is_some() {
            // After the document element closed, Go's decoder has no element to add to.
            self.scopes.pop();
            return Ok(());
        }
        self.stack.push(Elem {
            label: label(&space, &local, self.p),
            n,
            state: State::Fresh,
        });
        Ok(())
    }

    fn end(&mut self) {
        if self.done.is_some() {
            return;
        }
        self.scopes.pop();
        let Some(mut e) = self.stack.pop() else {
            return;
        };
        e.state = State::Finished;
        match self.stack.last_mut() {
            Some(parent) => parent.n.add_child(e.label, e.n),
            None => self.done = Some(e.n),
        }
    }

    fn comment(&mut self, c: &str) {
        let Some(e) = self.top() else {
            return;
        };
        match e.state {
            State::Started => foot_comment(&mut e.n, c),
            State::CharData => e.n.line = join(&e.n.line, c, " "),
            State::Fresh | State::Finished => e.n.head = join(&e.n.head, c, " "),
        }
    }

    fn add_special(&mut self, k: String, v: String) {
        if let Some(e) = self.top() {
            e.n.add_child(
                k,
                XNode {
                    data: vec![v],
                    ..XNode::default()
                },
            );
        }
    }
}

/// Go's `applyFootComment`.
fn foot_comment(n: &mut XNode, c: &str) {
    let own = n.foot.clone();
    match n.children.last_mut() {
        Some(kv) => {
            if kv.v.first().is_some_and(|x| x.children.is_empty()) {
                if let Some(last) = kv.v.last_mut() {
                    last.foot = join(&last.foot, c, " ");
                }
            } else {
                kv.foot = join(&own, c, " ");
            }
        }
        None => n.foot = join(&n.foot, c, " "),
    }
}

/// The documents of an XML text (one, as v4 reads it) with their comments.
pub fn parse(
    text: &str,
    p: &XmlPrefs,
    cancelled: &dyn Fn() -> bool,
) -> Result<(Vec<Node>, Vec<DocMeta>), ParseErr> {
    let root = tokens(text, p, cancelled).map_err(ParseErr)?;
    let (node, meta) = convert(root, p);
    Ok((
        vec![node],
        vec![DocMeta {
            root: meta,
            ..DocMeta::default()
        }],
    ))
}

fn tokens(text: &str, p: &XmlPrefs, cancelled: &dyn Fn() -> bool) -> Result<XNode, String> {
    let mut d = Decoder {
        p,
        text,
        stack: vec![Elem {
            label: String::new(),
            n: XNode::default(),
            state: State::Fresh,
        }],
        done: None,
        started: false,
        scopes: Vec::new(),
        pending: String::new(),
        pending_pos: 0,
    };
    // `base`: where the reader's slice starts in `text` (it restarts after a directive
    // quick-xml does not know, such as `<!ELEMENT …>` outside a DOCTYPE).
    let mut base = 0;
    let mut reader = new_reader(text);
    loop {
        if cancelled() {
            return Err("cancelled".into());
        }
        let pos = base + reader.buffer_position() as usize;
        let ev = match reader.read_event() {
            Ok(ev) => ev,
            Err(e) => {
                let at = base + reader.error_position() as usize;
                let rest = &text[at.min(text.len())..];
                if rest.starts_with("<!")
                    && let Some(close) = rest.find('>')
                {
                    d.flush()?;
                    if !p.skip_directives {
                        d.add_special(p.directive_name.clone(), rest[2..close].to_string());
                    }
                    d.started = true;
                    base = at + close + 1;
                    reader = new_reader(&text[base..]);
                    continue;
                }
                return Err(format!(
                    "XML syntax error on line {}: {e}",
                    line_of(text, at)
                ));
            }
        };
        let after = base + reader.buffer_position() as usize;
        let raw = &text[pos..after.min(text.len())];
        match &ev {
            Event::Text(_) | Event::GeneralRef(_) => {}
            _ => d.flush()?,
        }
        match ev {
            Event::Eof => break,
            Event::Text(t) => {
                if d.pending.is_empty() {
                    d.pending_pos = pos;
                }
                d.pending.push_str(&t);
                continue;
            }
            Event::GeneralRef(r) => {
                if d.pending.is_empty() {
                    d.pending_pos = pos;
                }
                d.pending.push('&');
                d.pending.push_str(&r);
                d.pending.push(';');
                continue;
            }
            Event::CData(c) => {
                let s = c.to_string();
                d.chardata(&s)?;
            }
            Event::Start(b) => d.start(&b)?,
            Event::Empty(b) => {
                d.start(&b)?;
                d.end();
            }
            Event::End(_) => d.end(),
            Event::Comment(c) => d.comment(&c),
            Event::Decl(_) | Event::PI(_) => {
                // `<?target inst?>`: Go's ProcInst, the instruction after the target's
                // spaces, as written.
                let body = raw
                    .strip_prefix("<?")
                    .and_then(|r| r.strip_suffix("?>"))
                    .unwrap_or("");
                let (target, inst) = match body.find(char::is_whitespace) {
                    Some(i) => (&body[..i], body[i..].trim_start()),
                    None => (body, ""),
                };
                if !p.skip_proc_inst {
                    d.add_special(format!("{}{target}", p.proc_inst_prefix), inst.to_string());
                }
            }
            Event::DocType(_) => {
                let body = raw
                    .strip_prefix("<!")
                    .and_then(|r| r.strip_suffix('>'))
                    .unwrap_or("");
                if !p.skip_directives {
                    d.add_special(p.directive_name.clone(), body.to_string());
                }
            }
        }
        d.started = true;
    }
    d.flush()?;
    // Unclosed elements: Go stops at the end of input with what it has added so far.
    Ok(match d.done {
        Some(n) => n,
        None => {
            d.stack.truncate(1);
            d.stack.pop().map(|e| e.n).unwrap_or_default()
        }
    })
}

fn new_reader(text: &str) -> Reader<&[u8]> {
    let mut r = Reader::from_str(text);
    let c = r.config_mut();
    c.check_end_names = false;
    c.allow_unmatched_ends = true;
    c.allow_dangling_amp = true;
    c.check_comments = false;
    c.expand_empty_elements = false;
    c.trim_text(false);
    r
}

/// Go's `processComment`: `#` before each line, a space before a line's first letter.
fn comment_lines(c: &str) -> Vec<String> {
    if c.is_empty() {
        return Vec::new();
    }
    let c = c.trim_end_matches(' ');
    c.split('\n')
        .map(|l| {
            if l.starts_with(|ch: char| ch.is_ascii_alphabetic()) {
                format!("# {l}")
            } else {
                format!("#{l}")
            }
        })
        .collect()
}

fn comments(head: &[String], line: &[String], foot: &[String]) -> Option<Box<Comments>> {
    if head.is_empty() && line.is_empty() && foot.is_empty() {
        return None;
    }
    // A line comment of several lines stays one (the printers indent its other lines).
    Some(Box::new(Comments {
        head: head.to_vec(),
        line: (!line.is_empty()).then(|| line.join("\n")),
        foot: foot.to_vec(),
    }))
}

fn null_meta() -> Meta {
    let mut m = Meta::default();
    m.extra_mut().raw = Some(String::new());
    m
}

fn data_value(data: Vec<String>) -> (Node, Meta) {
    match data.len() {
        0 => (Node::Null, null_meta()),
        1 => (
            Node::Str(data.into_iter().next().unwrap_or_default()),
            Meta::default(),
        ),
        _ => {
            let metas = data.iter().map(|_| Meta::default()).collect();
            (
                Node::Seq(data.into_iter().map(Node::Str).collect()),
                Meta {
                    kids: Kids::Seq(metas),
                    ..Meta::default()
                },
            )
        }
    }
}

/// Go's `convertToYamlNode`, with the comments as metadata.
fn convert(n: XNode, p: &XmlPrefs) -> (Node, Meta) {
    let (node, mut m) = if !n.children.is_empty() {
        create_map(n, p)
    } else {
        let (node, mut m) = data_value(n.data);
        let head = comment_lines(&n.head);
        let line = comment_lines(&n.line);
        let foot = comment_lines(&n.foot);
        if let Kids::Seq(items) = &mut m.kids {
            if let Some(first) = items.first_mut() {
                first.c = comments(&line, &[], &[]);
            }
            m.c = comments(&head, &[], &foot);
        } else {
            m.c = comments(&head, &line, &foot);
        }
        (node, m)
    };
    m.hash = meta::hash_read(&node, &m);
    (node, m)
}

fn create_map(n: XNode, p: &XmlPrefs) -> (Node, Meta) {
    let mut entries = Vec::new();
    let mut metas = Vec::new();
    let head = comment_lines(&n.head);
    if !n.data.is_empty() {
        let (v, mut vm) = data_value(n.data);
        vm.hash = meta::hash_read(&v, &vm);
        metas.push(Entry {
            key: p.content_name.clone(),
            kid: 0,
            kstyle: Default::default(),
            kc: comments(&head, &comment_lines(&n.line), &comment_lines(&n.foot)),
            v: vm,
        });
        entries.push((p.content_name.clone(), v));
    }
    for (i, kv) in n.children.into_iter().enumerate() {
        let mut khead = if i == 0 { head.clone() } else { Vec::new() };
        let kfoot = comment_lines(&kv.foot);
        let mut children = kv.v;
        let (v, vm) = if children.len() > 1 {
            let mut items = Vec::new();
            let mut ms = Vec::new();
            for c in children {
                let (x, xm) = convert(c, p);
                items.push(x);
                ms.push(xm);
            }
            let node = Node::Seq(items);
            let mut m = Meta {
                kids: Kids::Seq(ms),
                ..Meta::default()
            };
            m.hash = meta::hash_read(&node, &m);
            (node, m)
        } else {
            let mut c = children.pop().unwrap_or_default();
            if c.children.is_empty() && !c.head.is_empty() {
                if !c.data.is_empty() {
                    // v4's "comment hack": a scalar's head comment goes on its key.
                    let h = std::mem::take(&mut c.head);
                    let joined = join(&khead.join("\n"), h.trim(), "\n");
                    khead = super::comments::yaml_lines(&joined);
                } else {
                    c.line = std::mem::take(&mut c.head);
                }
            }
            convert(c, p)
        };
        metas.push(Entry {
            key: kv.k.clone(),
            kid: 0,
            kstyle: Default::default(),
            kc: comments(&khead, &[], &kfoot),
            v: vm,
        });
        entries.push((kv.k, v));
    }
    (
        Node::Map(entries),
        Meta {
            kids: Kids::Map(metas),
            ..Meta::default()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_keeps_unknown_entities_unless_strict() {
        assert_eq!(
            unescape("a&lt;&#65;&#x42;&foo;&", false).unwrap(),
            "a<AB&foo;&"
        );
        assert_eq!(unescape("ab&foo;", true).unwrap_err().0, 2);
    }

    #[test]
    fn many_distinct_siblings_keep_their_order() {
        let mut x = String::from("<r>");
        for i in 0..5000 {
            x.push_str(&format!("<k{i}>{i}</k{i}>"));
        }
        x.push_str("<k7>again</k7></r>");
        let (docs, _) = parse(&x, &XmlPrefs::default(), &|| false).unwrap();
        let Node::Map(root) = &docs[0] else { panic!() };
        let Node::Map(r) = &root[0].1 else { panic!() };
        assert_eq!(r.len(), 5000);
        assert_eq!(r[4999].0, "k4999");
        assert_eq!(
            r[7].1,
            Node::Seq(vec![Node::Str("7".into()), Node::Str("again".into())])
        );
    }

    #[test]
    fn comments_get_hashes() {
        assert_eq!(comment_lines("\ncats\n"), vec!["#", "# cats", "#"]);
        assert_eq!(comment_lines(" x "), vec!["# x"]);
    }
}
