//! XML out (`-o xml`), as mikefarah yq v4's `encoder_xml.go` writes it through Go's
//! `encoding/xml` encoder: a map's keys become elements (a sequence repeats its key's
//! element), `+@name` keys attributes, `+content` the text, `+p_target` keys processing
//! instructions and `+directive` keys directives; comments become `<!-- -->` where v4 puts
//! them. The indentation rules are Go's `printer.writeIndent` (a start tag goes on a new
//! line unless it is the first; an end tag right after its start's text stays on the line;
//! comments, instructions and text never break a line), and escaping is Go's `EscapeText`.

use super::meta::{Comments, DocMeta, Meta};
use super::node::Node;
use super::xml_in::XmlPrefs;

/// Go's `printer` state for indentation.
struct Printer<'a> {
    out: String,
    indent: String,
    depth: usize,
    indented_in: bool,
    put_newline: bool,
    tags: Vec<String>,
    p: &'a XmlPrefs,
}

/// The comments of a Go node as one string (`# a\n# b`), or "" when there are none.
#[derive(Default)]
struct C {
    head: String,
    line: String,
    foot: String,
}

impl C {
    fn of(c: Option<&Comments>) -> C {
        let Some(c) = c else {
            return C::default();
        };
        let lines = |v: &[String]| {
            v.iter()
                .filter(|l| !l.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        };
        C {
            head: lines(&c.head),
            line: c.line.clone().unwrap_or_default(),
            foot: lines(&c.foot),
        }
    }
}

/// yq's `headComment` & co: the text without its first `#`.
fn strip(s: &str) -> String {
    s.replacen('#', "", 1)
}

fn head_and_line(c: &C) -> String {
    strip(&c.head) + &strip(&c.line)
}

/// The text of a scalar as v4 holds it (a collection has none).
fn scalar_text(n: &Node, m: Option<&Meta>) -> String {
    match n {
        Node::Str(s) | Node::Num(s) => s.clone(),
        Node::Bool(b) => m
            .and_then(Meta::extra)
            .and_then(|x| x.raw.clone())
            .unwrap_or_else(|| b.to_string()),
        Node::Null => m
            .and_then(Meta::extra)
            .and_then(|x| x.raw.clone())
            .unwrap_or_else(|| "null".into()),
        Node::Seq(_) | Node::Map(_) => String::new(),
    }
}

fn tag(n: &Node) -> &'static str {
    match n {
        Node::Null => "!!null",
        Node::Bool(_) => "!!bool",
        Node::Num(s) if super::node::json_number(s).contains(['.', 'e', 'E']) => "!!float",
        Node::Num(_) => "!!int",
        Node::Str(_) => "!!str",
        Node::Seq(_) => "!!seq",
        Node::Map(_) => "!!map",
    }
}

/// Go's `escapeText` (`nl`: escape line breaks too, as in attribute values).
fn escape(out: &mut String, s: &str, nl: bool) {
    for c in s.chars() {
        match c {
            '"' => out.push_str("&#34;"),
            '\'' => out.push_str("&#39;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\t' => out.push_str("&#x9;"),
            '\n' if nl => out.push_str("&#xA;"),
            '\r' => out.push_str("&#xD;"),
            '\n' => out.push('\n'),
            c if matches!(c as u32, 0x20..=0xD7FF | 0xE000..=0xFFFD | 0x10000..=0x10FFFF) => {
                out.push(c)
            }
            _ => out.push('\u{FFFD}'),
        }
    }
}

/// Go's `encodeComment`: a comment made of yq comment text.
fn comment_text(c: &str) -> Option<String> {
    if c.is_empty() {
        return None;
    }
    let mut s;
    if c.len() > 2 && c[1..c.len() - 1].contains('\n') {
        s = c.strip_suffix('\n').unwrap_or(c).to_string();
        // `(^|\n) *# ?(.*)` → `$1$2`
        s = s
            .split('\n')
            .map(|l| {
                let t = l.trim_start_matches(' ');
                match t.strip_prefix('#') {
                    Some(r) => r.strip_prefix(' ').unwrap_or(r).to_string(),
                    None => l.to_string(),
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        if !s.starts_with(['\n', ' ']) {
            s.insert(0, ' ');
        }
    } else {
        // `^\s*#(.*)\n?` → `$1`
        let t = c.trim_start();
        s = match t.strip_prefix('#') {
            Some(r) => {
                let (first, rest) = match r.find('\n') {
                    Some(i) => (&r[..i], &r[i + 1..]),
                    None => (r, ""),
                };
                format!("{first}{rest}")
            }
            None => c.to_string(),
        };
    }
    if !s.ends_with([' ', '\n']) {
        s.push(' ');
    }
    Some(s)
}

impl Printer<'_> {
    fn write_indent(&mut self, delta: i32) {
        if self.indent.is_empty() {
            return;
        }
        if delta < 0 {
            self.depth = self.depth.saturating_sub(1);
            if self.indented_in {
                self.indented_in = false;
                return;
            }
            self.indented_in = false;
        }
        if self.put_newline {
            self.out.push('\n');
        } else {
            self.put_newline = true;
        }
        for _ in 0..self.depth {
            self.out.push_str(&self.indent);
        }
        if delta > 0 {
            self.depth += 1;
            self.indented_in = true;
        }
    }

    fn start(&mut self, name: &str, attrs: &[(String, String)]) -> Result<(), String> {
        if name.is_empty() {
            return Err("xml: start tag with no name".into());
        }
        self.write_indent(1);
        self.out.push('<');
        self.out.push_str(name);
        for (k, v) in attrs {
            if k.is_empty() {
                continue;
            }
            self.out.push(' ');
            self.out.push_str(k);
            self.out.push_str("=\"");
            escape(&mut self.out, v, true);
            self.out.push('"');
        }
        self.out.push('>');
        self.tags.push(name.to_string());
        Ok(())
    }

    fn end(&mut self) {
        let name = self.tags.pop().unwrap_or_default();
        self.write_indent(-1);
        self.out.push_str("</");
        self.out.push_str(&name);
        self.out.push('>');
    }

    fn text(&mut self, s: &str) {
        escape(&mut self.out, s, false);
    }

    fn comment(&mut self, c: &str) -> Result<(), String> {
        if let Some(s) = comment_text(c) {
            if s.contains("-->") {
                return Err("xml: EncodeToken of Comment containing --> marker".into());
            }
            self.out.push_str("<!--");
            self.out.push_str(&s);
            self.out.push_str("-->");
        }
        Ok(())
    }

    fn proc_inst(&mut self, target: &str, inst: &str) -> Result<(), String> {
        if target.is_empty() || inst.contains("?>") {
            return Err("xml: EncodeToken of ProcInst with invalid Target".into());
        }
        self.out.push_str("<?");
        self.out.push_str(target);
        if !inst.is_empty() {
            self.out.push(' ');
            self.out.push_str(inst);
        }
        self.out.push_str("?>");
        Ok(())
    }

    fn directive(&mut self, d: &str) {
        self.out.push_str("<!");
        self.out.push_str(d);
        self.out.push('>');
    }

    fn is_attribute(&self, name: &str) -> bool {
        name.starts_with(&self.p.attribute_prefix)
            && name != self.p.content_name
            && name != self.p.directive_name
            && !name.starts_with(&self.p.proc_inst_prefix)
    }

    /// Go's `doEncode`.
    fn node(&mut self, n: &Node, m: Option<&Meta>, name: &str) -> Result<(), String> {
        let c = C::of(m.and_then(Meta::comments));
        match n {
            Node::Map(entries) => self.map(entries, m, name),
            Node::Seq(items) => {
                // Its line comment is its key's (`key_comments`).
                self.comment(&strip(&c.head))?;
                let metas = match m.map(|m| &m.kids) {
                    Some(super::meta::Kids::Seq(ms)) => super::meta::align(items, ms),
                    _ => vec![None; items.len()],
                };
                for (x, xm) in items.iter().zip(metas) {
                    self.node(x, xm, name)?;
                }
                self.comment(&strip(&c.foot))
            }
            _ => {
                self.start(name, &[])?;
                self.comment(&strip(&c.head))?;
                self.text(&scalar_text(n, m));
                self.comment(&strip(&c.line))?;
                self.end();
                self.comment(&strip(&c.foot))
            }
        }
    }

    /// The comments of a map entry's key, as go-yaml attaches them: the line comment of a
    /// collection value (`key: # c`) is the key's.
    fn key_comments<'m>(m: Option<&'m Meta>, i: usize, k: &str, v: &Node) -> (C, Option<&'m Meta>) {
        let e = m.and_then(|m| m.entry(i, k));
        let mut kc = C::of(e.and_then(|e| e.kc.as_deref()));
        let vm = e.map(|e| &e.v);
        if kc.line.is_empty() && !v.is_scalar() {
            kc.line = vm
                .and_then(Meta::comments)
                .and_then(|c| c.line.clone())
                .unwrap_or_default();
        }
        (kc, vm)
    }

    /// Go's `encodeMap`.
    fn map(
        &mut self,
        entries: &[(String, Node)],
        m: Option<&Meta>,
        name: &str,
    ) -> Result<(), String> {
        let mut attrs = Vec::new();
        for (k, v) in entries {
            if self.is_attribute(k) {
                if !v.is_scalar() {
                    return Err(format!(
                        "cannot use {} as attribute, only scalars are supported",
                        tag(v)
                    ));
                }
                let vm = m.and_then(|m| m.entry(0, k)).map(|e| &e.v);
                attrs.push((
                    k.replacen(&self.p.attribute_prefix, "", 1),
                    scalar_text(v, vm),
                ));
            }
        }
        let c = C::of(m.and_then(Meta::comments));
        self.start(name, &attrs)?;
        self.comment(&strip(&c.head))?;
        for (i, (k, v)) in entries.iter().enumerate() {
            let (kc, vm) = Self::key_comments(m, i, k, v);
            self.comment(&head_and_line(&kc))?;
            if let Some(target) = k.strip_prefix(&self.p.proc_inst_prefix) {
                self.proc_inst(target, &scalar_text(v, vm))?;
            } else if *k == self.p.directive_name {
                self.directive(&scalar_text(v, vm));
            } else if *k == self.p.content_name {
                let vc = C::of(vm.and_then(Meta::comments));
                self.comment(&head_and_line(&vc))?;
                self.text(&scalar_text(v, vm));
                self.comment(&strip(&vc.foot))?;
            } else if !self.is_attribute(k) {
                self.node(v, vm, k)?;
            }
            self.comment(&strip(&kc.foot))?;
        }
        self.end();
        self.comment(&strip(&c.foot))
    }

    /// Go's `encodeTopLevelMap`.
    fn top_map(
        &mut self,
        entries: &[(String, Node)],
        m: Option<&Meta>,
        doc_foot: &str,
    ) -> Result<(), String> {
        let c = C::of(m.and_then(Meta::comments));
        self.comment(&head_and_line(&c))?;
        let xml_decl = format!("{}xml", self.p.proc_inst_prefix);
        for (i, (k, v)) in entries.iter().enumerate() {
            let (kc, vm) = Self::key_comments(m, i, k, v);
            let hl = head_and_line(&kc);
            self.comment(&hl)?;
            if !hl.is_empty() {
                self.text("\n");
            }
            if *k == xml_decl {
                // Written first, by `encode`.
            } else if let Some(target) = k.strip_prefix(&self.p.proc_inst_prefix) {
                self.proc_inst(target, &scalar_text(v, vm))?;
                self.out.push('\n');
            } else if *k == self.p.directive_name {
                self.directive(&scalar_text(v, vm));
                self.out.push('\n');
            } else {
                self.node(v, vm, k)?;
            }
            self.comment(&strip(&kc.foot))?;
        }
        self.comment(&strip(&c.foot))?;
        self.comment(&strip(doc_foot))
    }
}

/// One result as `-o xml` prints it: `doc` when it is a whole document (its leading
/// comments and foot comments are printed), `m` the metadata at its path.
pub fn encode(
    n: &Node,
    doc: Option<&DocMeta>,
    m: Option<&Meta>,
    p: &XmlPrefs,
    indent: usize,
) -> Result<String, String> {
    let mut pr = Printer {
        out: String::new(),
        indent: " ".repeat(indent),
        depth: 0,
        indented_in: false,
        put_newline: false,
        tags: Vec::new(),
        p,
    };
    if let Node::Map(entries) = n {
        let decl = format!("{}xml", p.proc_inst_prefix);
        for (k, v) in entries {
            if *k == decl {
                pr.proc_inst("xml", &scalar_text(v, None))?;
                pr.out.push('\n');
            }
        }
    }
    let leading = doc.map_or("", |d| d.leading.as_str());
    let leading = leading
        .lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    if !leading.is_empty() {
        pr.comment(&format!("{leading}\n"))?;
        pr.text("\n");
    }
    let doc_foot = doc.map(|d| d.foot.join("\n")).unwrap_or_default();
    match n {
        Node::Map(entries) => pr.top_map(entries, m, &doc_foot)?,
        Node::Seq(_) => {
            return Err(format!(
                "cannot encode {} to XML - only maps can be encoded",
                tag(n)
            ));
        }
        _ => {
            pr.text(&scalar_text(n, m));
            return Ok(pr.out);
        }
    }
    pr.text("\n");
    Ok(pr.out)
}
