//! The formats besides YAML and JSON: TOML in and out (the `toml` crate), properties, CSV
//! and TSV, as yq v4 reads and writes them.

use super::node::{Node, ParseErr};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Yaml,
    Json,
    Toml,
    Xml,
    Csv,
    Tsv,
    Props,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "y" | "yaml" | "yml" => Format::Yaml,
            "j" | "json" | "ndjson" => Format::Json,
            "toml" => Format::Toml,
            "x" | "xml" => Format::Xml,
            "c" | "csv" => Format::Csv,
            "t" | "tsv" => Format::Tsv,
            "p" | "props" | "properties" => Format::Props,
            _ => return None,
        })
    }

    /// The format a file name's extension implies (yq's `auto`), if any.
    pub fn from_name(name: &str) -> Option<Format> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        Format::parse(&ext)
    }
}

pub fn from_toml(text: &str) -> Result<Node, ParseErr> {
    let t: toml::Table = toml::from_str(text).map_err(|e| ParseErr(format!("toml: {e}")))?;
    Ok(toml_node(toml::Value::Table(t)))
}

fn toml_node(v: toml::Value) -> Node {
    match v {
        toml::Value::String(s) => Node::Str(s),
        toml::Value::Integer(i) => Node::Num(i.to_string()),
        toml::Value::Float(f) => Node::Num(super::node::json_number(&format!("{f:?}"))),
        toml::Value::Boolean(b) => Node::Bool(b),
        toml::Value::Datetime(d) => Node::Str(d.to_string()),
        toml::Value::Array(a) => Node::Seq(a.into_iter().map(toml_node).collect()),
        toml::Value::Table(t) => Node::Map(t.into_iter().map(|(k, v)| (k, toml_node(v))).collect()),
    }
}

fn node_toml(n: &Node) -> Option<toml::Value> {
    Some(match n {
        Node::Null => return None,
        Node::Bool(b) => toml::Value::Boolean(*b),
        Node::Num(s) => {
            let j = super::node::json_number(s);
            match j.parse::<i64>() {
                Ok(i) => toml::Value::Integer(i),
                Err(_) => toml::Value::Float(j.parse::<f64>().unwrap_or(f64::NAN)),
            }
        }
        Node::Str(s) => toml::Value::String(s.clone()),
        Node::Seq(v) => toml::Value::Array(v.iter().filter_map(node_toml).collect()),
        Node::Map(m) => {
            let mut t = toml::Table::new();
            for (k, v) in m {
                if let Some(x) = node_toml(v) {
                    t.insert(k.clone(), x);
                }
            }
            toml::Value::Table(t)
        }
    })
}

pub fn to_toml(n: &Node) -> Result<String, String> {
    match node_toml(n) {
        Some(toml::Value::Table(t)) => toml::to_string(&t).map_err(|e| e.to_string()),
        _ => Err("only maps can be encoded as TOML".into()),
    }
}

fn scalar_text(n: &Node) -> String {
    match n {
        Node::Null => String::new(),
        Node::Bool(b) => b.to_string(),
        Node::Num(s) | Node::Str(s) => s.clone(),
        other => super::node::to_json(other, 0),
    }
}

/// `a.b.0 = value` lines, one per scalar, in document order.
pub fn to_props(n: &Node) -> String {
    fn walk(out: &mut String, path: &mut Vec<String>, n: &Node) {
        match n {
            Node::Map(m) => {
                for (k, v) in m {
                    path.push(k.clone());
                    walk(out, path, v);
                    path.pop();
                }
            }
            Node::Seq(v) => {
                for (i, x) in v.iter().enumerate() {
                    path.push(i.to_string());
                    walk(out, path, x);
                    path.pop();
                }
            }
            scalar => {
                out.push_str(&path.join("."));
                out.push_str(" = ");
                out.push_str(&scalar_text(scalar));
                out.push('\n');
            }
        }
    }
    let mut out = String::new();
    walk(&mut out, &mut Vec::new(), n);
    out
}

/// `key = value` lines into a map (`a.b = 1` nests, as yq reads properties).
pub fn from_props(text: &str) -> Node {
    let mut root = Node::Map(Vec::new());
    for line in text.lines() {
        let l = line.trim_start();
        if l.is_empty() || l.starts_with('#') || l.starts_with('!') {
            continue;
        }
        let cut = l.find(['=', ':']).unwrap_or(l.len());
        let key = l[..cut].trim();
        let val = l.get(cut + 1..).unwrap_or("").trim();
        let mut cur = &mut root;
        let parts: Vec<&str> = key.split('.').collect();
        for (i, p) in parts.iter().enumerate() {
            let Node::Map(m) = cur else { break };
            let pos = match m.iter().position(|(k, _)| k == p) {
                Some(pos) => pos,
                None => {
                    m.push((p.to_string(), Node::Map(Vec::new())));
                    m.len() - 1
                }
            };
            if i + 1 == parts.len() {
                m[pos].1 = Node::Str(val.to_string());
                break;
            }
            if !matches!(m[pos].1, Node::Map(_)) {
                m[pos].1 = Node::Map(Vec::new());
            }
            cur = &mut m[pos].1;
        }
    }
    root
}

fn csv_field(out: &mut String, f: &str, sep: char) {
    let quote = !f.is_empty()
        && (f.contains(sep)
            || f.contains('"')
            || f.contains('\n')
            || f.contains('\r')
            || f.starts_with([' ', '\t']));
    if quote {
        out.push('"');
        out.push_str(&f.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(f);
    }
}

fn csv_row(out: &mut String, fields: &[String], sep: char) {
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        csv_field(out, f, sep);
    }
    out.push('\n');
}

/// An array of arrays (rows) or of maps (a header from the first map's keys) as CSV/TSV.
pub fn to_csv(n: &Node, sep: char) -> Result<String, String> {
    let Node::Seq(rows) = n else {
        return Err("csv encoding only works for arrays, got: !!".to_string() + kind(n));
    };
    let mut out = String::new();
    if let Some(Node::Map(first)) = rows.first() {
        let header: Vec<String> = first.iter().map(|(k, _)| k.clone()).collect();
        csv_row(&mut out, &header, sep);
        for r in rows {
            let Node::Map(m) = r else {
                return Err("csv encoding: expected a map in every row".into());
            };
            let fields: Vec<String> = header
                .iter()
                .map(|h| {
                    m.iter()
                        .find(|(k, _)| k == h)
                        .map_or(String::new(), |(_, v)| scalar_text(v))
                })
                .collect();
            csv_row(&mut out, &fields, sep);
        }
        return Ok(out);
    }
    for r in rows {
        let fields: Vec<String> = match r {
            Node::Seq(v) => v.iter().map(scalar_text).collect(),
            other => vec![scalar_text(other)],
        };
        csv_row(&mut out, &fields, sep);
    }
    Ok(out)
}

fn kind(n: &Node) -> &'static str {
    match n {
        Node::Map(_) => "map",
        Node::Seq(_) => "seq",
        Node::Str(_) => "str",
        Node::Num(_) => "int",
        Node::Bool(_) => "bool",
        Node::Null => "null",
    }
}

/// CSV/TSV with a header row into an array of maps (values as yq's auto-parse reads them).
pub fn from_csv(text: &str, sep: char) -> Node {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
        } else if c == '"' && field.is_empty() {
            quoted = true;
        } else if c == sep {
            row.push(std::mem::take(&mut field));
        } else if c == '\n' {
            row.push(std::mem::take(&mut field));
            rows.push(std::mem::take(&mut row));
        } else if c != '\r' {
            field.push(c);
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    let mut it = rows.into_iter();
    let header = it.next().unwrap_or_default();
    Node::Seq(
        it.map(|r| {
            Node::Map(
                header
                    .iter()
                    .cloned()
                    .zip(r.into_iter().map(|v| super::yaml::resolve(&v)))
                    .collect(),
            )
        })
        .collect(),
    )
}
