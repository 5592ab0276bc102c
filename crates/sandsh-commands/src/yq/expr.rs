//! yq v4 expressions as jq programs.
//!
//! Most of yq's language is jq's (`.a.b`, `select`, `has`, `.[]`, `|=`, `=`, `+=`, `del`,
//! `with_entries`, `*` deep merge, `+` append). What differs is rewritten here: definitions
//! prepended for yq's own operators (`keys` in document order, `sort_keys`, `di`, `pick`…),
//! `env(NAME)`/`strenv(NAME)` and `load("file")` replaced by their values as JSON literals,
//! `...` (recursive descent) read as `..`, and `X as $v ireduce (init; update)` as jq's
//! `reduce`. `explode(PATH)` returns the document, as v4's does (aliases are expanded on
//! reading already; the printer then drops anchors and aliases). Operators on what sandsh does not keep (comments, styles, anchors) are refused
//! by name, except the "strip them all" forms (`... comments = ""`, `... style = ""`),
//! which hold already.

use std::sync::OnceLock;

use regex::Regex;

use super::node::Node;

/// yq operators defined in jq. `$__yq` carries the document's indexes and file name.
pub const DEFS: &str = r#"def keys: keys_unsorted;
def sort_keys(f): reduce path(f | select(type == "object")) as $p (.; setpath($p; getpath($p) | to_entries | sort_by(.key) | from_entries));
def di: $__yq.di; def document_index: $__yq.di;
def fi: $__yq.fi; def file_index: $__yq.fi; def filename: $__yq.fn;
def explode(f): .;
def upcase: ascii_upcase; def downcase: ascii_downcase;
def to_string: tostring; def to_number: tonumber;
def to_json: tojson; def from_json: fromjson;
def with(p; f): p |= f;
def pick(ks): . as $o | reduce ks[] as $k (if type == "array" then [] else {} end; if ($o | has($k)) then .[$k] = $o[$k] else . end);
def omit(ks): . as $o | reduce ks[] as $k ($o; del(.[$k]));
def any_c(f): any(.[]; f); def all_c(f): all(.[]; f);
def tag: if type == "object" then "!!map" elif type == "array" then "!!seq" elif type == "string" then "!!str" elif type == "boolean" then "!!bool" elif type == "null" then "!!null" elif . == floor then "!!int" else "!!float" end;
def split_doc: .; def splitDoc: .;
"#;

fn re(cell: &'static OnceLock<Option<Regex>>, src: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(src).ok()).as_ref()
}

/// What the rewrite needs from the command: environment values and files to `load`.
pub trait Host {
    fn env(&self, name: &str) -> Option<String>;
    /// The file's documents as one JSON literal (`load`), or its text (`load_str`).
    fn load(&mut self, path: &str, as_string: bool) -> Result<String, String>;
}

pub struct Rewritten {
    pub program: String,
    /// `X as $v ireduce (…)` found: the documents are reduced together (`jq -n`).
    pub reduces: bool,
    /// The expression reads or sets comments (it is then only that).
    pub comment_op: Option<CommentOp>,
    /// `... comments = ""` / `... style = ""` were found (and removed).
    pub strip_comments: bool,
    pub strip_styles: bool,
    /// `explode` is used: aliases and merge keys print expanded.
    pub explode: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    Line,
    Head,
    Foot,
    All,
}

/// yq's comment operators, in the forms handled: `LHS | line_comment` (reading) and
/// `LHS line_comment = RHS` / `|= RHS` (setting), `LHS` being `(X | key)` for a key's.
#[derive(Clone, Debug)]
pub struct CommentOp {
    /// A jq path expression (with the definitions prepended).
    pub lhs: String,
    pub key: bool,
    /// `...`: keys included.
    pub keys_too: bool,
    pub which: Which,
    /// `None` when reading; `Some((rhs, relative))` when setting.
    pub set: Option<(String, bool)>,
}

fn which(name: &str) -> Option<Which> {
    Some(match name {
        "line_comment" | "lineComment" => Which::Line,
        "head_comment" | "headComment" => Which::Head,
        "foot_comment" | "footComment" => Which::Foot,
        "comments" => Which::All,
        _ => return None,
    })
}

fn comment_op(e: &str) -> Option<CommentOp> {
    static SET: OnceLock<Option<Regex>> = OnceLock::new();
    static GET: OnceLock<Option<Regex>> = OnceLock::new();
    static KEY: OnceLock<Option<Regex>> = OnceLock::new();
    let names =
        "line_comment|lineComment|head_comment|headComment|foot_comment|footComment|comments";
    let set = re(
        &SET,
        &format!(r"(?s)^\s*(?:(.*?[\s)])\s*)?({names})\s*(\|?=)\s*(.+?)\s*$"),
    );
    let get = re(
        &GET,
        &format!(r"(?s)^\s*(?:(.*?)\s*\|\s*)?(key\s*\|\s*)?({names})\s*$"),
    );
    let key = re(&KEY, r"(?s)^\(\s*(.*?)\s*\|\s*key\s*\)$");
    let lhs_of = |l: &str| -> (String, bool, bool) {
        let l = l.trim();
        let l = if l.is_empty() { "." } else { l };
        let keys_too = l == "...";
        match key.and_then(|k| k.captures(l)) {
            Some(c) => (c[1].replace("...", ".."), true, false),
            None => (l.replace("...", ".."), false, keys_too),
        }
    };
    if let Some(c) = set.and_then(|r| r.captures(e)) {
        let (lhs, key, keys_too) = lhs_of(c.get(1).map_or(".", |m| m.as_str()));
        return Some(CommentOp {
            lhs: format!("{DEFS}{lhs}"),
            key,
            keys_too,
            which: which(&c[2])?,
            set: Some((format!("{DEFS}{}", &c[4]), &c[3] == "|=")),
        });
    }
    let c = get.and_then(|r| r.captures(e))?;
    let (lhs, _, _) = lhs_of(c.get(1).map_or(".", |m| m.as_str()));
    Some(CommentOp {
        lhs: format!("{DEFS}{lhs}"),
        key: c.get(2).is_some(),
        keys_too: false,
        which: which(&c[3])?,
        set: None,
    })
}

fn json_str(s: &str) -> String {
    let mut out = String::new();
    super::node::json_string(&mut out, s);
    out
}

pub fn rewrite(expr: &str, host: &mut dyn Host) -> Result<Rewritten, String> {
    static LOAD: OnceLock<Option<Regex>> = OnceLock::new();
    static ENV: OnceLock<Option<Regex>> = OnceLock::new();
    static UNSUPPORTED: OnceLock<Option<Regex>> = OnceLock::new();
    static STRIP: OnceLock<Option<Regex>> = OnceLock::new();
    static IREDUCE: OnceLock<Option<Regex>> = OnceLock::new();
    let mut e = expr.to_string();
    if let Some(r) = re(&LOAD, r#"\b(load|load_str)\(\s*"((?:[^"\\]|\\.)*)"\s*\)"#) {
        let mut err = None;
        e = r
            .replace_all(&e, |c: &regex::Captures<'_>| {
                match host.load(&c[2], &c[1] == "load_str") {
                    Ok(v) => format!("({v})"),
                    Err(m) => {
                        err.get_or_insert(m);
                        "null".into()
                    }
                }
            })
            .into_owned();
        if let Some(m) = err {
            return Err(m);
        }
    }
    if let Some(r) = re(&ENV, r"\b(strenv|env)\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)") {
        e = r
            .replace_all(&e, |c: &regex::Captures<'_>| {
                let v = host.env(&c[2]);
                if &c[1] == "strenv" {
                    json_str(&v.unwrap_or_default())
                } else {
                    match v {
                        None => "null".into(),
                        Some(v) => {
                            // env() reads the value as a YAML document.
                            let n = super::yaml::parse(&v, &|| false)
                                .ok()
                                .and_then(|mut d| (!d.is_empty()).then(|| d.remove(0)))
                                .unwrap_or(Node::Str(v));
                            format!("({})", super::node::to_json(&n, 0))
                        }
                    }
                }
            })
            .into_owned();
    }
    let mut strip_comments = false;
    let mut strip_styles = false;
    if let Some(r) = re(&STRIP, r#"\.\.\.?\s*(comments|style)\s*=\s*""\s*"#) {
        for c in r.captures_iter(&e) {
            if &c[1] == "comments" {
                strip_comments = true;
            } else {
                strip_styles = true;
            }
        }
        e = r.replace_all(&e, ".").into_owned();
    }
    let comment_op = comment_op(&e);
    if comment_op.is_some() {
        return Ok(Rewritten {
            program: String::new(),
            reduces: false,
            comment_op,
            strip_comments,
            strip_styles,
            explode: false,
        });
    }
    if let Some(r) = re(
        &UNSUPPORTED,
        r"(?:^|[\s|(])(line_comment|head_comment|foot_comment|comments|style|anchor|alias|parent|key)\b\s*(?:$|[|=)\s])",
    ) && let Some(c) = r.captures(&e)
    {
        return Err(format!(
            "the '{}' operator is not supported in this form: sandsh's yq reads comments as 'PATH | line_comment' and sets them as 'PATH line_comment = VALUE' (the whole expression); style, anchor, alias, parent and key are not supported",
            &c[1]
        ));
    }
    e = e.replace("...", "..");
    let mut reduces = false;
    if let Some(r) = re(
        &IREDUCE,
        r"^\s*(.*?)\s+as\s+(\$[A-Za-z_][A-Za-z0-9_]*)\s+ireduce\s*\(",
    ) && let Some(c) = r.captures(&e)
    {
        let src = c[1].trim().to_string();
        let var = c[2].to_string();
        let whole = c[0].len();
        let stream = if src == "." {
            "inputs".to_string()
        } else {
            format!("(inputs | {src})")
        };
        e = format!("reduce {stream} as {var} ({}", &e[whole..]);
        reduces = true;
    }
    Ok(Rewritten {
        explode: e.contains("explode"),
        program: format!("{DEFS}{e}"),
        reduces,
        comment_op: None,
        strip_comments,
        strip_styles,
    })
}
