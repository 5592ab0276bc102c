//! One yq run: read the inputs, evaluate through `jq`, print or write back.

use sandsh_api::{ExitStatus, ToolCtx};

use super::expr::{self, Host};
use super::formats::{self, Format};
use super::node::{self, Node};
use super::{Opts, format_of, yaml};

struct Input {
    name: String,
    docs: Vec<Node>,
}

struct CtxHost<'a> {
    ctx: &'a mut dyn ToolCtx,
}

impl Host for CtxHost<'_> {
    fn env(&self, name: &str) -> Option<String> {
        self.ctx
            .env()
            .into_iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| String::from_utf8_lossy(&v).into_owned())
    }

    fn load(&mut self, path: &str, as_string: bool) -> Result<String, String> {
        let data = crate::input::read_input(self.ctx, path.as_bytes())
            .map_err(|e| format!("failed to load {path}: {}", crate::diag::io_msg(&e)))?;
        let text = String::from_utf8_lossy(&data).into_owned();
        if as_string {
            let mut s = String::new();
            node::json_string(&mut s, &text);
            return Ok(s);
        }
        let fmt = Format::from_name(path).unwrap_or(Format::Yaml);
        let docs =
            parse_text(self.ctx, &text, fmt).map_err(|e| format!("failed to load {path}: {e}"))?;
        Ok(node::to_json(docs.first().unwrap_or(&Node::Null), 0))
    }
}

fn parse_text(ctx: &dyn ToolCtx, text: &str, fmt: Format) -> Result<Vec<Node>, String> {
    let r = match fmt {
        Format::Yaml => yaml::parse(text, &|| ctx.is_cancelled()),
        Format::Json => node::parse_json_stream(text, yaml::MAX_DEPTH),
        Format::Toml => formats::from_toml(text).map(|n| vec![n]),
        Format::Props => Ok(vec![formats::from_props(text)]),
        Format::Csv => Ok(vec![formats::from_csv(text, ',')]),
        Format::Tsv => Ok(vec![formats::from_csv(text, '\t')]),
        Format::Xml => return Err("XML is not supported by sandsh's yq".into()),
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
fn eval(
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

fn meta(di: usize, fi: usize, name: &str) -> String {
    let mut s = format!("{{\"di\":{di},\"fi\":{fi},\"fn\":");
    node::json_string(&mut s, name);
    s.push('}');
    s
}

/// One result as the output format prints it.
fn render(n: &Node, fmt: Format, o: &Opts) -> Result<String, String> {
    let unwrap = o.unwrap.unwrap_or(fmt != Format::Json);
    if unwrap && n.is_scalar() {
        let mut s = match n {
            Node::Str(s) => s.clone(),
            Node::Null => "null".into(),
            Node::Bool(b) => b.to_string(),
            Node::Num(s) => s.clone(),
            _ => String::new(),
        };
        s.push('\n');
        return Ok(s);
    }
    Ok(match fmt {
        Format::Yaml => yaml::emit(n, o.indent),
        Format::Json => {
            let mut s = node::to_json(n, o.indent);
            s.push('\n');
            s
        }
        Format::Toml => formats::to_toml(n)?,
        Format::Props => formats::to_props(n),
        Format::Csv => formats::to_csv(n, ',')?,
        Format::Tsv => formats::to_csv(n, '\t')?,
        Format::Xml => return Err("XML is not supported by sandsh's yq".into()),
    })
}

pub fn run(mut o: Opts, ctx: &mut dyn ToolCtx) -> Result<ExitStatus, String> {
    // The expression: --expression, --from-file, or the first operand unless it is a file.
    let mut operands = std::mem::take(&mut o.operands);
    let expression = if let Some(e) = o.expression.clone() {
        e
    } else if let Some(f) = o.from_file.clone() {
        let data = crate::input::read_input(ctx, f.as_bytes())
            .map_err(|e| format!("open {f}: {}", crate::diag::io_msg(&e)))?;
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
    if output_fmt == Format::Xml || input_fmt == Format::Xml {
        return Err("XML is not supported by sandsh's yq".into());
    }
    if o.inplace && operands.is_empty() {
        return Err(
            "write in place flag only applicable when giving an expression and at least one file"
                .into(),
        );
    }
    let rewritten = {
        let mut host = CtxHost { ctx };
        expr::rewrite(&expression, &mut host)?
    };
    // Read the inputs.
    let mut inputs = Vec::new();
    if !o.null_input {
        if operands.is_empty() {
            operands.push("-".into());
        }
        for name in &operands {
            let data = crate::input::read_input(ctx, name.as_bytes()).map_err(|e| {
                if ctx.is_cancelled() {
                    "cancelled".to_string()
                } else {
                    format!("open {name}: {}", crate::diag::io_msg(&e))
                }
            })?;
            let text = String::from_utf8_lossy(&data).into_owned();
            let fmt = in_fmt
                .or_else(|| Format::from_name(name))
                .unwrap_or(input_fmt);
            let mut docs = parse_text(ctx, &text, fmt)?;
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
            });
        }
    }
    // Evaluate: (file index, document index, result).
    let mut results: Vec<(usize, usize, Node)> = Vec::new();
    if o.null_input {
        for r in eval(ctx, &rewritten.program, &meta(0, 0, ""), "", true)? {
            results.push((0, 0, r));
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
            results.push((0, 0, r));
        }
    } else {
        for (fi, inp) in inputs.iter().enumerate() {
            for (di, d) in inp.docs.iter().enumerate() {
                if ctx.is_cancelled() {
                    return Ok(130);
                }
                let json = node::to_json(d, 0);
                for r in eval(
                    ctx,
                    &rewritten.program,
                    &meta(di, fi, &inp.name),
                    &json,
                    false,
                )? {
                    results.push((fi, di, r));
                }
            }
        }
    }
    // Print (or write back).
    let mut out = String::new();
    let mut prev: Option<(usize, usize)> = None;
    for (fi, di, r) in &results {
        if output_fmt == Format::Yaml && !o.no_doc && prev.is_some_and(|p| p != (*fi, *di)) {
            out.push_str("---\n");
        }
        prev = Some((*fi, *di));
        let mut s = render(r, output_fmt, &o)?;
        if o.nul && s.ends_with('\n') {
            s.pop();
            s.push('\0');
        }
        out.push_str(&s);
    }
    if o.inplace {
        let target = &operands[0];
        crate::output::write_file(ctx, target, out.as_bytes())
            .map_err(|e| format!("write {target}: {e}"))?;
    } else if !out.is_empty() && !crate::output::out(ctx, out.as_bytes()) {
        return Ok(141);
    }
    if o.exit_status {
        match results.last() {
            None => {
                let _ = writeln!(ctx.stderr(), "Error: no matches found");
                return Ok(1);
            }
            Some((_, _, Node::Null | Node::Bool(false))) => return Ok(1),
            _ => {}
        }
    }
    Ok(0)
}
