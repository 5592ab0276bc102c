//! One yq run: read the inputs, evaluate through `jq`, print or write back.

use sandsh_api::{ExitStatus, ToolCtx};

use super::comments;
use super::expr::{self, Host};
use super::formats::{self, Format};
use super::meta::{DocMeta, Kids, Meta};
use super::node::{self, Node};
use super::xml_in::{self, XmlPrefs};
use super::{Opts, format_of, xml_out, yaml};

pub(super) struct Input {
    pub name: String,
    pub docs: Vec<Node>,
    /// Each YAML document's comments and styles (none for the other formats).
    pub metas: Vec<DocMeta>,
}

struct CtxHost<'a> {
    ctx: &'a mut dyn ToolCtx,
    xml: &'a XmlPrefs,
}

impl Host for CtxHost<'_> {
    fn env(&self, name: &str) -> Option<String> {
        self.ctx
            .env_var(name)
            .map(|v| String::from_utf8_lossy(&v).into_owned())
    }

    fn load(&mut self, path: &str, as_string: bool) -> Result<String, String> {
        let data = crate::common::input::read_input(self.ctx, path.as_bytes())
            .map_err(|e| format!("failed to load {path}: {}", crate::common::diag::io_msg(&e)))?;
        let text = String::from_utf8_lossy(&data).into_owned();
        if as_string {
            let mut s = String::new();
            node::json_string(&mut s, &text);
            return Ok(s);
        }
        let fmt = Format::from_name(path).unwrap_or(Format::Yaml);
        let docs = parse_text(self.ctx, &text, fmt, self.xml)
            .map_err(|e| format!("failed to load {path}: {e}"))?;
        Ok(node::to_json(docs.first().unwrap_or(&Node::Null), 0))
    }
}

fn parse_text(
    ctx: &dyn ToolCtx,
    text: &str,
    fmt: Format,
    xml: &XmlPrefs,
) -> Result<Vec<Node>, String> {
    let r = match fmt {
        Format::Yaml => yaml::parse(text, &|| ctx.is_cancelled()),
        Format::Json => node::parse_json_stream(text, yaml::MAX_DEPTH),
        Format::Toml => formats::from_toml(text).map(|n| vec![n]),
        Format::Props => Ok(vec![formats::from_props(text)]),
        Format::Csv => Ok(vec![formats::from_csv(text, ',')]),
        Format::Tsv => Ok(vec![formats::from_csv(text, '\t')]),
        Format::Xml => xml_in::parse(text, xml, &|| ctx.is_cancelled()).map(|(d, _)| d),
    };
    r.map_err(|e| e.0)
}

/// The first line of jq's error, reworded as yq's.
fn jq_error(stderr: &[u8]) -> String {
    let s = String::from_utf8_lossy(stderr);
    let line = s.lines().next().unwrap_or("evaluation failed").to_string();
    let line = line
        .strip_prefix("jq: error (at <stdin>:0): ")
        .unwrap_or(&line);
    let line = line
        .strip_prefix("jq: error (at <unknown>): ")
        .unwrap_or(line);
    let line = match line.find("): ") {
        Some(k) if line.starts_with("jq: error (at ") => &line[k + 3..],
        _ => line,
    };
    line.strip_prefix("jq: ").unwrap_or(line).to_string()
}

/// Run the program through `jq -c` on `stdin` (with `-n` when `null_input`: then the
/// program reads `stdin` through `inputs`, if at all).
pub(super) fn eval(
    ctx: &mut dyn ToolCtx,
    program: &str,
    meta: &str,
    stdin: &str,
    null_input: bool,
) -> Result<Vec<Node>, String> {
    let mut args: Vec<Vec<u8>> = vec![b"-c".to_vec()];
    if null_input {
        args.push(b"-n".to_vec());
    }
    args.extend([
        b"--argjson".to_vec(),
        b"__yq".to_vec(),
        meta.as_bytes().to_vec(),
    ]);
    args.push(program.as_bytes().to_vec());
    let out = ctx.call_captured("jq", &args, Some(stdin.as_bytes()));
    if ctx.is_cancelled() {
        return Err("cancelled".into());
    }
    if out.status != 0 {
        return Err(jq_error(&out.stderr));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    node::parse_json_stream(&text, yaml::MAX_DEPTH + 10).map_err(|e| e.0)
}

pub(super) fn meta(di: usize, fi: usize, name: &str) -> String {
    let mut s = format!("{{\"di\":{di},\"fi\":{fi},\"fn\":");
    node::json_string(&mut s, name);
    s.push('}');
    s
}

/// One result as the output format prints it; `meta`: the document's metadata, when the
/// result is the whole document, and the metadata at the result's path.
fn render(
    n: &Node,
    fmt: Format,
    o: &Opts,
    meta: (Option<&DocMeta>, Option<&Meta>),
    aliases: bool,
) -> Result<String, String> {
    let unwrap = o.unwrap.unwrap_or(fmt != Format::Json);
    if unwrap && n.is_scalar() && fmt != Format::Xml {
        // As v4 prints an unwrapped scalar: the document's leading text, then the value as
        // written (`~`, an empty document).
        let leading = match fmt {
            Format::Yaml => meta.0.map_or("", |d| d.leading.as_str()),
            _ => "",
        };
        let raw = meta
            .1
            .and_then(Meta::extra)
            .and_then(|x| x.raw.as_deref())
            .filter(|r| yaml::resolve(r) == *n || r.is_empty() && *n == Node::Null);
        let text = match n {
            Node::Str(s) => s.clone(),
            Node::Null => raw.unwrap_or("null").to_string(),
            Node::Bool(b) => raw.map_or_else(|| b.to_string(), str::to_string),
            Node::Num(s) => s.clone(),
            _ => String::new(),
        };
        let mut s = leading.to_string();
        s.push_str(&text);
        if leading.is_empty() || !text.is_empty() {
            s.push('\n');
        }
        return Ok(s);
    }
    Ok(match fmt {
        Format::Yaml => super::emit::emit_doc(n, meta.0, meta.1, o.indent, aliases),
        Format::Json => {
            let mut s = node::to_json(n, o.indent);
            s.push('\n');
            s
        }
        Format::Toml => formats::to_toml(n)?,
        Format::Props => formats::to_props(n),
        Format::Csv => formats::to_csv(n, ',')?,
        Format::Tsv => formats::to_csv(n, '\t')?,
        Format::Xml => xml_out::encode(n, meta.0, meta.1, &o.xml, o.indent)?,
    })
}

pub fn run(mut o: Opts, ctx: &mut dyn ToolCtx) -> Result<ExitStatus, String> {
    // The expression: --expression, --from-file, or the first operand unless it is a file.
    let mut operands = std::mem::take(&mut o.operands);
    let expression = if let Some(e) = o.expression.clone() {
        e
    } else if let Some(f) = o.from_file.clone() {
        let data = crate::common::input::read_input(ctx, f.as_bytes())
            .map_err(|e| format!("open {f}: {}", crate::common::diag::io_msg(&e)))?;
        String::from_utf8_lossy(&data).replace("\r\n", "\n")
    } else if operands.first().is_some_and(|a| {
        a != "-"
            && ctx
                .backend()
                .stat(&ctx.resolve_path(a))
                .is_ok_and(|m| m.is_file())
    }) {
        ".".into()
    } else if !operands.is_empty() {
        operands.remove(0)
    } else {
        ".".into()
    };
    let expression = if expression.trim().is_empty() {
        ".".to_string()
    } else {
        expression
    };
    let in_fmt = match &o.input {
        Some(s) => format_of(s)?,
        None => None,
    };
    let first_name = operands.first().cloned();
    let auto_fmt = first_name.as_deref().and_then(Format::from_name);
    let input_fmt = in_fmt.or(auto_fmt).unwrap_or(Format::Yaml);
    let output_fmt = match o.output.as_deref().map(format_of).transpose()?.flatten() {
        Some(f) => f,
        None if in_fmt.is_none() => auto_fmt.unwrap_or(Format::Yaml),
        None => Format::Yaml,
    };
    if o.inplace && operands.is_empty() {
        return Err(
            "write in place flag only applicable when giving an expression and at least one file"
                .into(),
        );
    }
    let rewritten = {
        let mut host = CtxHost { ctx, xml: &o.xml };
        expr::rewrite(&expression, &mut host)?
    };
    // Read the inputs.
    let mut inputs = Vec::new();
    if !o.null_input {
        if operands.is_empty() {
            operands.push("-".into());
        }
        for name in &operands {
            let data = crate::common::input::read_input(ctx, name.as_bytes()).map_err(|e| {
                if ctx.is_cancelled() {
                    "cancelled".to_string()
                } else {
                    format!("open {name}: {}", crate::common::diag::io_msg(&e))
                }
            })?;
            let text = String::from_utf8_lossy(&data).into_owned();
            let fmt = in_fmt
                .or_else(|| Format::from_name(name))
                .unwrap_or(input_fmt);
            let (mut docs, metas) = match fmt {
                Format::Yaml => yaml::parse_meta(&text, &|| ctx.is_cancelled()).map_err(|e| e.0)?,
                Format::Xml => {
                    xml_in::parse(&text, &o.xml, &|| ctx.is_cancelled()).map_err(|e| {
                        let shown = if name == "-" { "-" } else { name.as_str() };
                        format!("bad file '{shown}': {}", e.0)
                    })?
                }
                _ => (parse_text(ctx, &text, fmt, &o.xml)?, Vec::new()),
            };
            if docs.is_empty() && fmt == Format::Yaml && o.eval_all {
                docs.push(Node::Null);
            }
            inputs.push(Input {
                name: if name == "-" {
                    String::new()
                } else {
                    name.clone()
                },
                docs,
                metas,
            });
        }
    }
    if rewritten.strip_comments || rewritten.strip_styles || o.pretty {
        for inp in &mut inputs {
            for dm in &mut inp.metas {
                if rewritten.strip_comments {
                    dm.leading.clear();
                    dm.foot.clear();
                    dm.root.strip_comments();
                }
                if rewritten.strip_styles || o.pretty {
                    dm.root.strip_styles();
                }
            }
        }
    }
    // Evaluate: (file index, document index, result, its path when known).
    let mut results: Vec<(usize, usize, Node, Option<Vec<Node>>)> = Vec::new();
    let with_paths =
        matches!(output_fmt, Format::Yaml | Format::Xml) && !rewritten.reduces && !o.null_input;
    if let Some(op) = &rewritten.comment_op {
        results = comments::apply(ctx, op, &mut inputs)?;
    } else if o.null_input {
        for r in eval(ctx, &rewritten.program, &meta(0, 0, ""), "", true)? {
            results.push((0, 0, r, None));
        }
    } else if rewritten.reduces {
        let mut stream = String::new();
        for inp in &inputs {
            for d in &inp.docs {
                stream.push_str(&node::to_json(d, 0));
                stream.push('\n');
            }
        }
        let name = inputs.first().map_or("", |i| i.name.as_str());
        for r in eval(ctx, &rewritten.program, &meta(0, 0, name), &stream, true)? {
            results.push((0, 0, r, None));
        }
    } else {
        for (fi, inp) in inputs.iter().enumerate() {
            for (di, d) in inp.docs.iter().enumerate() {
                if ctx.is_cancelled() {
                    return Ok(130);
                }
                let json = node::to_json(d, 0);
                let program = if with_paths {
                    with_path_program(&rewritten.program)
                } else {
                    rewritten.program.clone()
                };
                let mut out = eval(ctx, &program, &meta(di, fi, &inp.name), &json, false)?;
                let paths = if with_paths && !out.is_empty() {
                    paths_of(out.remove(0), out.len())
                } else {
                    None
                };
                for (i, r) in out.into_iter().enumerate() {
                    let p = paths.as_ref().and_then(|p| p.get(i).cloned());
                    results.push((fi, di, r, p));
                }
            }
        }
    }
    // Print (or write back).
    let mut out = String::new();
    let mut prev: Option<(usize, usize)> = None;
    let aliases = !rewritten.explode;
    for (fi, di, r, path) in &results {
        if output_fmt == Format::Yaml && !o.no_doc && prev.is_some_and(|p| p != (*fi, *di)) {
            out.push_str("---\n");
        }
        prev = Some((*fi, *di));
        let dm = inputs.get(*fi).and_then(|i| i.metas.get(*di));
        let m = match (dm, path) {
            (Some(dm), Some(p)) => (p.is_empty().then_some(dm), dm.root.at(p)),
            // Not a path expression: a result of the document's kind keeps its metadata
            // (`sort`, `with_entries`, an update), as v4's operators keep the root's.
            (Some(dm), None)
                if matches!(
                    (r, &dm.root.kids),
                    (Node::Map(_), Kids::Map(_)) | (Node::Seq(_), Kids::Seq(_))
                ) =>
            {
                (Some(dm), Some(&dm.root))
            }
            _ => (None, None),
        };
        let mut s = render(r, output_fmt, &o, m, aliases)?;
        if o.nul && s.ends_with('\n') {
            s.pop();
            s.push('\0');
        }
        out.push_str(&s);
    }
    if o.inplace {
        let target = &operands[0];
        crate::common::output::write_file(ctx, target, out.as_bytes())
            .map_err(|e| format!("write {target}: {e}"))?;
    } else if !out.is_empty() && !crate::common::output::out(ctx, out.as_bytes()) {
        return Ok(141);
    }
    if o.exit_status {
        match results.last() {
            None => {
                let _ = writeln!(ctx.stderr(), "Error: no matches found");
                return Ok(1);
            }
            Some((_, _, Node::Null | Node::Bool(false), _)) => return Ok(1),
            _ => {}
        }
    }
    Ok(0)
}

/// The program that first prints the paths of the expression's results (or null when it is
/// not a path expression), then the results.
fn with_path_program(program: &str) -> String {
    let (defs, e) = program.split_at(expr::DEFS.len().min(program.len()));
    format!(
        "{defs}def __yq_main: {e}\n;\n(try ([path(__yq_main)] | {{\"__yq_paths\": .}}) catch {{\"__yq_paths\": null}}), __yq_main"
    )
}

/// The paths printed by [`with_path_program`], when there is one for each result.
fn paths_of(first: Node, results: usize) -> Option<Vec<Vec<Node>>> {
    let Node::Map(mut m) = first else {
        return None;
    };
    let (_, Node::Seq(ps)) = m.pop()? else {
        return None;
    };
    if ps.len() != results {
        return None;
    }
    ps.into_iter()
        .map(|p| match p {
            Node::Seq(v) => Some(v),
            _ => None,
        })
        .collect()
}
