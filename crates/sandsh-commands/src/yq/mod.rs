//! `yq`: mikefarah's yq v4 command line (v4.53.6's behaviour) on sandsh's jq engine.
//!
//! Documents are read into an ordered tree ([`node`]) from YAML ([`yaml`]), JSON, TOML,
//! properties, CSV or TSV ([`formats`]); the yq expression becomes a jq program ([`expr`])
//! that our `jq` command runs on each document (through [`ToolCtx::call_captured`], so the
//! filter engine, its limits and its cancellation are jq's); the results come back as JSON
//! and are printed in the output format, YAML as go-yaml v3 prints it.
//!
//! What is kept on a round trip of YAML ([`meta`], [`emit`]), for every node the expression
//! leaves in place: key order, comments (head, line and foot comments, the text before the
//! first node verbatim, the comments after the last), quoting (plain, single, double),
//! literal and folded block scalars, flow collections, tags, anchors, aliases and `<<` merge
//! keys as written. Aliases are expanded for the jq engine and printed back as aliases while
//! the value is still the anchor's. Not kept: blank lines (as in v4), comments inside flow
//! collections, the line breaks of folded scalars (refolded as go-yaml does), and the metadata
//! of nodes an operator rebuilds from scratch (`to_entries`, `map`, `[.[]]`…); a result that
//! is not a path of the input (`sort`, `with_entries`, an update) keeps the document's
//! metadata when it is a map or a sequence as the document was. `eval-all` evaluates each
//! document in turn, except the `… as $x ireduce (…)` form, which reduces over all documents
//! of all files. XML in and out ([`xml_in`], [`xml_out`]) follows v4's decoder and encoder,
//! comments included, through the same metadata as YAML.

mod comments;
mod emit;
mod expr;
mod formats;
mod meta;
mod node;
mod xml_in;
mod xml_out;
mod yaml;

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use formats::Format;

pub struct Yq;

static SPEC: CommandSpec = CommandSpec {
    name: "yq",
    group: "text",
    summary: "query and update YAML, JSON, TOML, XML, CSV and properties documents (mikefarah yq v4)",
    usage: "yq [eval|eval-all] [flags] [expression] [file...]",
    description: "Run a yq v4 expression (jq-like: .a.b, select, has, keys, length, .[], |=, =, +=, del, with_entries, to_entries, sort_keys, * merge, + append, env(), strenv(), load(), di) on each document of each FILE (standard input when there is none) and print the results, by default in the input's format (YAML for standard input). A first operand that names an existing file is a file, the expression then being '.'. Multiple documents are separated by '---' in YAML output. Kept on a round trip of YAML, as v4 keeps them, for the nodes the expression leaves in place: comments (head, line, foot, the file's leading comments), quoting, literal/folded block scalars, flow collections, tags, anchors, aliases and merge keys; not kept: blank lines, comments inside flow collections. Comment operators: 'PATH | line_comment' (head_comment, foot_comment, 'key | ...') reads, 'PATH line_comment = VALUE' or '|= VALUE' (and 'comments', '(PATH | key) ...') sets, as the whole expression; '... comments = \"\"' strips them; style, anchor and alias operators are refused. eval-all evaluates each document in turn, except '. as $x ireduce ({}; . * $x)' forms, which reduce over all documents. XML (-p xml, -o xml): attributes are '+@name' keys, text beside attributes or children '+content', repeated elements a sequence, '<?xml ...?>' a '+p_xml' key and '<!DOCTYPE ...>' a '+directive' key; all values are strings; entities are never expanded; comments are kept where v4 keeps them.",
    options: &[
        OptSpec::new("-i, --inplace", "update the first file in place"),
        OptSpec::new(
            "-n, --null-input",
            "do not read input; evaluate the expression once",
        ),
        OptSpec::new(
            "-e, --exit-status",
            "exit 1 when there is no result or the last is null or false",
        ),
        OptSpec::new(
            "-o, --output-format=FORMAT",
            "auto, yaml (y), json (j), toml, xml (x), csv (c), tsv (t), props (p)",
        ),
        OptSpec::new(
            "-p, --input-format=FORMAT",
            "auto, yaml (y), json (j), toml, xml (x), csv (c), tsv (t), props (p)",
        ),
        OptSpec::new(
            "-I, --indent=N",
            "indentation of the output (default 2; 0 prints JSON on one line)",
        ),
        OptSpec::new(
            "-P, --prettyPrint",
            "pretty print: block style, quotes only where needed (comments are kept)",
        ),
        OptSpec::new(
            "-r, --unwrapScalar",
            "print scalars without quotes (default for YAML output); -r=false quotes them",
        ),
        OptSpec::new("-N, --no-doc", "do not print document separators (---)"),
        OptSpec::new(
            "-0, --nul-output",
            "end each result with a NUL byte instead of a newline",
        ),
        OptSpec::new("-M, --no-colors", "no colors (never any here)"),
        OptSpec::new("-C, --colors", "accepted; output is never colored"),
        OptSpec::new(
            "--expression=EXPR",
            "the expression (when it could be taken for a file name)",
        ),
        OptSpec::new("--from-file=FILE", "read the expression from FILE"),
        OptSpec::new(
            "--xml-attribute-prefix=PREFIX",
            "prefix of the keys that are XML attributes (default +@)",
        ),
        OptSpec::new(
            "--xml-content-name=NAME",
            "key of an element's text beside attributes or children (default +content)",
        ),
        OptSpec::new(
            "--xml-proc-inst-prefix=PREFIX",
            "prefix of the keys that are processing instructions (default +p_)",
        ),
        OptSpec::new(
            "--xml-directive-name=NAME",
            "key of directives such as <!DOCTYPE ...> (default +directive)",
        ),
        OptSpec::new(
            "--xml-strict-mode",
            "reject unknown entities and malformed attributes (=false: the default)",
        ),
        OptSpec::new(
            "--xml-keep-namespace",
            "keep namespace prefixes in names (default true; =false drops them)",
        ),
        OptSpec::new(
            "--xml-raw-token",
            "names as written (default true); =false resolves prefixes to namespace URLs",
        ),
        OptSpec::new("--xml-skip-proc-inst", "drop processing instructions"),
        OptSpec::new("--xml-skip-directives", "drop directives (<!DOCTYPE ...>)"),
        OptSpec::new("-V, --version", "print the version"),
    ],
    operands: &[
        ArgSpec::optional(
            "EXPRESSION",
            ArgType::String,
            "the yq expression (default '.')",
        ),
        ArgSpec::optional("FILE", ArgType::Path, "documents to read (- for stdin)").repeated(),
    ],
    returns: "each result of the expression, in the output format",
    examples: &[
        Example {
            description: "read a nested value",
            script: "printf 'a:\\n  b: hello\\n' > f.yaml; yq '.a.b' f.yaml",
            stdout: "hello\n",
        },
        Example {
            description: "update a file in place, keys keep their order",
            script: "printf 'name: app\\nreplicas: 1\\n' > d.yaml; yq -i '.replicas = 3 | .image = \"nginx\"' d.yaml; cat d.yaml",
            stdout: "name: app\nreplicas: 3\nimage: nginx\n",
        },
        Example {
            description: "edit in place: comments and quoting stay as written",
            script: "printf '# app\\nname: \"web\" # the name\\nreplicas: 1\\n' > d.yaml; yq -i '.replicas = 3' d.yaml; cat d.yaml",
            stdout: "# app\nname: \"web\" # the name\nreplicas: 3\n",
        },
        Example {
            description: "YAML to JSON",
            script: "printf 'x:\\n  - 1\\n  - two\\n' | yq -o json",
            stdout: "{\n  \"x\": [\n    1,\n    \"two\"\n  ]\n}\n",
        },
        Example {
            description: "XML to YAML: attributes and text",
            script: "printf '<cat legs=\"4\">meow</cat>' > c.xml; yq -p xml -o yaml c.xml",
            stdout: "cat:\n  +content: meow\n  +@legs: \"4\"\n",
        },
        Example {
            description: "YAML to XML",
            script: "printf 'pets:\\n  cat:\\n    - purrs\\n    - meows\\n' | yq -o xml",
            stdout: "<pets>\n  <cat>purrs</cat>\n  <cat>meows</cat>\n</pets>\n",
        },
        Example {
            description: "select from a list, per document",
            script: "printf 'a: 1\\n---\\na: 2\\n' | yq 'select(.a > 1)'",
            stdout: "a: 2\n",
        },
    ],
    errors: "exit 1 with 'Error: ...' on a bad expression, an unreadable file or a parse error; 1 under -e when the last result is null or false",
    risk: RiskLevel::LowRisk,
};

#[derive(Default)]
struct Opts {
    inplace: bool,
    null_input: bool,
    exit_status: bool,
    output: Option<String>,
    input: Option<String>,
    indent: usize,
    unwrap: Option<bool>,
    no_doc: bool,
    nul: bool,
    pretty: bool,
    expression: Option<String>,
    from_file: Option<String>,
    eval_all: bool,
    version: bool,
    xml: xml_in::XmlPrefs,
    operands: Vec<String>,
}

fn fail(ctx: &mut dyn ToolCtx, msg: &str) -> ExitStatus {
    let _ = writeln!(ctx.stderr(), "Error: {msg}");
    1
}

/// Flags as cobra reads them: `-o json`, `-o=json`, `-ojson`, `--output-format=json`.
fn parse_args(args: &[Arg]) -> Result<Opts, String> {
    let mut o = Opts {
        indent: 2,
        ..Opts::default()
    };
    let args: Vec<String> = args
        .iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    let mut i = 0;
    if let Some(first) = args.first() {
        match first.as_str() {
            "eval" | "e" => i = 1,
            "eval-all" | "ea" => {
                o.eval_all = true;
                i = 1;
            }
            _ => {}
        }
    }
    let valued = |name: &str| -> Option<&'static str> {
        Some(match name {
            "o" | "output-format" => "o",
            "p" | "input-format" => "p",
            "I" | "indent" => "I",
            "expression" => "expression",
            "from-file" => "from-file",
            "xml-attribute-prefix"
            | "xml-content-name"
            | "xml-proc-inst-prefix"
            | "xml-directive-name" => "xml",
            _ => return None,
        })
    };
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            o.operands.extend(args[i..].iter().cloned());
            break;
        }
        if a == "-" || !a.starts_with('-') {
            o.operands.push(a.clone());
            continue;
        }
        let (name, inline): (String, Option<String>) = if let Some(long) = a.strip_prefix("--") {
            match long.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (long.to_string(), None),
            }
        } else {
            let body = &a[1..];
            let c = body.chars().next().unwrap_or('-').to_string();
            let rest = &body[c.len()..];
            if valued(&c).is_some() || c == "r" {
                let v = rest.strip_prefix('=').unwrap_or(rest);
                (c, (!rest.is_empty()).then(|| v.to_string()))
            } else {
                // A group of boolean flags: -iP, -Nn.
                for ch in body.chars() {
                    bool_flag(&mut o, &ch.to_string())?;
                }
                continue;
            }
        };
        if let Some(key) = valued(&name) {
            let v = match inline {
                Some(v) => v,
                None => {
                    let v = args
                        .get(i)
                        .cloned()
                        .ok_or(format!("flag needs an argument: {a}"))?;
                    i += 1;
                    v
                }
            };
            match key {
                "o" => o.output = Some(v),
                "p" => o.input = Some(v),
                "I" => o.indent = v.parse().map_err(|_| format!("invalid argument \"{v}\" for \"-I, --indent\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax"))?,
                "expression" => o.expression = Some(v),
                "xml" => match name.as_str() {
                    "xml-attribute-prefix" => o.xml.attribute_prefix = v,
                    "xml-content-name" => o.xml.content_name = v,
                    "xml-proc-inst-prefix" => o.xml.proc_inst_prefix = v,
                    _ => o.xml.directive_name = v,
                },
                _ => o.from_file = Some(v),
            }
        } else if name == "r" || name == "unwrapScalar" {
            o.unwrap = Some(inline.as_deref() != Some("false"));
        } else if let Some(flag) = xml_bool(&mut o.xml, &name) {
            *flag = match inline.as_deref() {
                None | Some("true") => true,
                Some("false") => false,
                Some(v) => {
                    return Err(format!(
                        "invalid argument \"{v}\" for \"--{name}\" flag: strconv.ParseBool: parsing \"{v}\": invalid syntax"
                    ));
                }
            };
        } else {
            if inline.is_some() {
                return Err(format!("flag does not take a value: {a}"));
            }
            bool_flag(&mut o, &name)?;
        }
    }
    Ok(o)
}

/// yq's boolean `--xml-*` flags (`--xml-keep-namespace=false`).
fn xml_bool<'a>(x: &'a mut xml_in::XmlPrefs, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "xml-strict-mode" => &mut x.strict,
        "xml-keep-namespace" => &mut x.keep_namespace,
        "xml-raw-token" => &mut x.raw_token,
        "xml-skip-proc-inst" => &mut x.skip_proc_inst,
        "xml-skip-directives" => &mut x.skip_directives,
        _ => return None,
    })
}

fn bool_flag(o: &mut Opts, name: &str) -> Result<(), String> {
    match name {
        "i" | "inplace" => o.inplace = true,
        "n" | "null-input" => o.null_input = true,
        "e" | "exit-status" => o.exit_status = true,
        "N" | "no-doc" => o.no_doc = true,
        "0" | "nul-output" => o.nul = true,
        "P" | "prettyPrint" => o.pretty = true,
        "M" | "no-colors" | "C" | "colors" | "v" | "verbose" => {}
        "header-preprocess" => {}
        "V" | "version" => o.version = true,
        "j" | "tojson" => o.output = Some("json".into()),
        _ => {
            return Err(format!(
                "unknown {} {name}",
                if name.len() == 1 {
                    "shorthand flag: '".to_string() + name + "' in -"
                } else {
                    "flag: --".into()
                }
            ));
        }
    }
    Ok(())
}

fn format_of(s: &str) -> Result<Option<Format>, String> {
    if s == "auto" || s == "a" {
        return Ok(None);
    }
    Format::parse(s).map(Some).ok_or_else(|| {
        format!("unknown format '{s}' (supported: yaml, json, toml, xml, csv, tsv, props)")
    })
}

impl Command for Yq {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let o = match parse_args(args) {
            Ok(o) => o,
            Err(m) => return fail(ctx, &m),
        };
        if o.version {
            let _ = ctx
                .stdout()
                .write_all(b"yq (https://github.com/mikefarah/yq/) version v4.53.6\n");
            return 0;
        }
        match run(o, ctx) {
            Ok(s) => s,
            Err(m) => fail(ctx, &m),
        }
    }
}

mod run;
use run::run;

#[cfg(test)]
mod tests;
