//! yq's comment operators on the metadata kept beside the values ([`super::meta`]):
//! `PATH | line_comment` (and `head_comment`, `foot_comment`, `key | …`) reads them, and
//! `PATH line_comment = VALUE` / `|= VALUE` (and `comments`) sets them, `VALUE` being
//! evaluated once on the document (`=`) or on each node of `PATH` (`|=`), as v4 does. The
//! paths come from our jq engine (`path(PATH)`); the comments never go through it.

use sandsh_api::ToolCtx;

use super::expr::{CommentOp, Which};
use super::meta::{Comments, DocMeta, Meta};
use super::node::{self, Node};
use super::run::{Input, eval, meta};

type Results = Vec<(usize, usize, Node, Option<Vec<Node>>)>;

/// A comment's text as yq returns it: `# ` removed from each line.
fn text_of(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| {
            l.strip_prefix("# ")
                .or_else(|| l.strip_prefix('#'))
                .unwrap_or(l)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A value set as a comment: its lines, each with `# ` unless it has a `#`.
fn lines_of(v: &Node) -> Vec<String> {
    let s = match v {
        Node::Str(s) | Node::Num(s) => s.clone(),
        Node::Bool(b) => b.to_string(),
        _ => String::new(),
    };
    if s.is_empty() {
        return Vec::new();
    }
    yaml_lines(&s)
}

/// Comment text as go-yaml prints it: `# ` before a line that does not start with `#`.
pub(super) fn yaml_lines(c: &str) -> Vec<String> {
    c.split('\n')
        .map(|l| {
            if l.starts_with('#') {
                l.to_string()
            } else {
                format!("# {l}")
            }
        })
        .collect()
}

fn read(dm: &DocMeta, path: &[Node], key: bool, which: Which) -> String {
    let c: Option<&Comments> = if key {
        match path.split_last() {
            Some((Node::Str(k), parent)) => dm
                .root
                .at(parent)
                .and_then(|p| p.entry(usize::MAX, k))
                .and_then(|e| e.kc.as_deref()),
            _ => None,
        }
    } else {
        dm.root.at(path).and_then(Meta::comments)
    };
    match which {
        Which::Line => c
            .and_then(|c| c.line.as_deref())
            .map_or(String::new(), |l| text_of(&[l.to_string()])),
        Which::Head if path.is_empty() && !key && !dm.leading.is_empty() => {
            let lines: Vec<String> = dm
                .leading
                .trim_end_matches('\n')
                .split('\n')
                .filter(|l| l.trim() != "---")
                .map(str::to_string)
                .collect();
            let mut t = text_of(&lines);
            if dm.leading.ends_with("\n\n") {
                t.push('\n');
            }
            t
        }
        Which::Head => c.map_or(String::new(), |c| text_of(&c.head)),
        Which::Foot if path.is_empty() && !key => {
            let mut lines = c.map_or(Vec::new(), |c| c.foot.clone());
            lines.extend(dm.foot.iter().cloned());
            text_of(&lines)
        }
        Which::Foot => c.map_or(String::new(), |c| text_of(&c.foot)),
        Which::All => String::new(),
    }
}

fn set(dm: &mut DocMeta, path: &[Node], key: bool, keys_too: bool, which: Which, v: &Node) {
    let lines = lines_of(v);
    let root = path.is_empty() && !key;
    let target: Option<&mut Comments> = if key {
        match path.split_last() {
            Some((Node::Str(k), parent)) => dm
                .root
                .at_mut(parent)
                .and_then(|p| p.entry_mut(k))
                .map(|e| &mut **e.kc.get_or_insert_with(Box::default)),
            _ => None,
        }
    } else {
        dm.root.at_mut(path).map(Meta::comments_mut)
    };
    let Some(c) = target else {
        return;
    };
    if matches!(which, Which::Line | Which::All) {
        c.line = lines.first().cloned();
    }
    if matches!(which, Which::Head | Which::All) {
        c.head = lines.clone();
    }
    if matches!(which, Which::Foot | Which::All) {
        c.foot = lines.clone();
    }
    if root && matches!(which, Which::Head | Which::All) {
        dm.leading.clear();
    }
    if root && matches!(which, Which::Foot | Which::All) {
        dm.foot.clear();
    }
    if keys_too && lines.is_empty() {
        // `...` visits the keys as well.
        if let Some(m) = dm.root.at_mut(path)
            && let super::meta::Kids::Map(es) = &mut m.kids
        {
            for e in es {
                e.kc = None;
            }
        }
    }
}

/// Read or set comments on every document; the results to print.
pub fn apply(
    ctx: &mut dyn ToolCtx,
    op: &CommentOp,
    inputs: &mut [Input],
) -> Result<Results, String> {
    let mut results = Vec::new();
    for (fi, inp) in inputs.iter_mut().enumerate() {
        for (di, d) in inp.docs.iter().enumerate() {
            if ctx.is_cancelled() {
                return Err("cancelled".into());
            }
            let json = node::to_json(d, 0);
            let m = meta(di, fi, &inp.name);
            let defs = super::expr::DEFS;
            let program = match &op.set {
                None => format!("{defs}[path({})]", body(&op.lhs)),
                Some((rhs, false)) => format!(
                    "{defs}([{}][0]) as $__v | [path({}) | [., $__v]]",
                    body(rhs),
                    body(&op.lhs)
                ),
                Some((rhs, true)) => format!(
                    "{defs}[path({}) as $__p | [$__p, ([getpath($__p) | {}][0])]]",
                    body(&op.lhs),
                    body(rhs)
                ),
            };
            let out = eval(ctx, &program, &m, &json, false)?;
            let Some(dm) = inp.metas.get_mut(di) else {
                continue;
            };
            match &op.set {
                None => {
                    for p in out {
                        let Node::Seq(ps) = p else { continue };
                        for p in ps {
                            let Node::Seq(p) = p else { continue };
                            let t = read(dm, &p, op.key, op.which);
                            results.push((fi, di, Node::Str(t), None));
                        }
                    }
                }
                Some(_) => {
                    for pairs in out {
                        let Node::Seq(pairs) = pairs else { continue };
                        for pair in pairs {
                            if let Node::Seq(mut pv) = pair
                                && pv.len() == 2
                                && let (v, Node::Seq(p)) = (
                                    pv.pop().unwrap_or(Node::Null),
                                    pv.pop().unwrap_or(Node::Null),
                                )
                            {
                                set(dm, &p, op.key, op.keys_too, op.which, &v);
                            }
                        }
                    }
                    results.push((fi, di, d.clone(), Some(Vec::new())));
                }
            }
        }
    }
    Ok(results)
}

/// A user's expression without the definitions prepended to it, as a jq term.
fn body(e: &str) -> String {
    format!("({})", e.get(super::expr::DEFS.len()..).unwrap_or(e))
}
