//! `html-to-markdown`: HTML to Markdown, as just-bash names the command and spells its
//! options (`-b`/`--bullet`, `-c`/`--code`, `-r`/`--hr`, `--heading-style`), on the `htmd`
//! converter (a port of turndown, which just-bash uses, over html5ever).
//!
//! As in just-bash, `script`, `style` and `footer` are dropped, code blocks are fenced, and the
//! output is trimmed and ends in one newline; an input of only white space prints nothing.
//!
//! THREAT DOS-STACK: html5ever builds the tree without recursion, but htmd walks it
//! recursively, one set of frames per level. The tree's depth is measured (iteratively) before
//! the walk, and a document nested deeper than the stack left can take fails loudly instead of
//! overflowing. The tree and the output are heap, counted by the session's meter.

use std::rc::Rc;

use htmd::element_handler::Handlers;
use htmd::options::{BulletListMarker, CodeBlockFence, CodeBlockStyle, HeadingStyle, Options};
use htmd::{Element, HtmlToMarkdown, Node};
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::diag::{err, io_msg, lossy};

pub struct HtmlToMarkdownCmd;

static SPEC: CommandSpec = CommandSpec {
    name: "html-to-markdown",
    group: "text",
    summary: "convert HTML to Markdown",
    usage: "html-to-markdown [OPTION]... [FILE]",
    description: "Read HTML from FILE or standard input and write Markdown: headings (# style, or underlined with --heading-style=setext), paragraphs, links [text](url), images, **bold**, _italic_, `code` and fenced code blocks, lists, block quotes, tables and rules. script, style and footer elements are dropped. Commonly used after curl: curl -s URL | html-to-markdown.",
    options: &[
        OptSpec::new(
            "-b, --bullet=CHAR",
            "bullet character for unordered lists (- or *)",
        ),
        OptSpec::new(
            "-c, --code=FENCE",
            "fence style for code blocks (``` or ~~~)",
        ),
        OptSpec::new(
            "-r, --hr=STRING",
            "string for horizontal rules (default: ---)",
        ),
        OptSpec::new(
            "--heading-style=STYLE",
            "'atx' for # headings (default), 'setext' for underlined h1/h2",
        ),
    ],
    operands: &[ArgSpec::optional(
        "FILE",
        ArgType::Path,
        "the HTML file (- or none: stdin)",
    )],
    returns: "the Markdown text",
    examples: &[
        Example {
            description: "a heading and a paragraph with a link",
            script: "echo '<h1>Hi</h1><p>See <a href=\"https://x.org\">x</a>.</p>' | html-to-markdown",
            stdout: "# Hi\n\nSee [x](https://x.org).\n",
        },
        Example {
            description: "a list, with scripts dropped",
            script: "echo '<ul><li>a</li><li>b</li></ul><script>x()</script>' | html-to-markdown",
            stdout: "-   a\n-   b\n",
        },
    ],
    errors: "exit 1 when the file cannot be read, an option value is invalid, or the document is nested too deeply",
    risk: RiskLevel::ReadOnly,
};

/// Stack one level of htmd's walk may take (a debug build's frames are large).
const STACK_PER_LEVEL: usize = 16 << 10;

/// The most elements a document may nest before parsing: html5ever's tree builder scans the
/// stack of open elements for each start tag, so a deeper document costs quadratic time (as in
/// browsers, which cap the depth too).
const MAX_NESTING: usize = 2000;

/// Elements that hold nothing or whose end tag may be left out (the parser closes them).
const NOT_NESTING: &[&[u8]] = &[
    b"area",
    b"base",
    b"br",
    b"col",
    b"embed",
    b"hr",
    b"img",
    b"input",
    b"link",
    b"meta",
    b"source",
    b"track",
    b"wbr",
    b"p",
    b"li",
    b"dt",
    b"dd",
    b"option",
    b"optgroup",
    b"tr",
    b"td",
    b"th",
    b"thead",
    b"tbody",
    b"tfoot",
    b"rp",
    b"rt",
    b"colgroup",
    b"caption",
    b"html",
    b"head",
    b"body",
    b"param",
    b"keygen",
];

/// An upper estimate of the nesting, from the tags alone (start tags less end tags).
fn tag_depth(html: &[u8]) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    let mut i = 0;
    while let Some(p) = memchr::memchr(b'<', &html[i..]) {
        i += p + 1;
        let close = html.get(i) == Some(&b'/');
        let start = i + usize::from(close);
        let mut end = start;
        while end < html.len() && html[end].is_ascii_alphanumeric() {
            end += 1;
        }
        if end == start || !html[start].is_ascii_alphabetic() {
            continue;
        }
        let name = html[start..end].to_ascii_lowercase();
        if NOT_NESTING.contains(&name.as_slice()) {
            continue;
        }
        if close {
            depth = depth.saturating_sub(1);
        } else {
            let gt = memchr::memchr(b'>', &html[end..]).map(|g| end + g);
            if gt.is_some_and(|g| g > 0 && html[g - 1] == b'/') {
                continue;
            }
            depth += 1;
            max = max.max(depth);
        }
    }
    max
}

/// The deepest element nesting of the tree, counted without recursion.
fn depth(root: &Rc<Node>) -> usize {
    let mut max = 0;
    let mut stack = vec![(root.clone(), 0usize)];
    while let Some((n, d)) = stack.pop() {
        max = max.max(d);
        for c in n.children.borrow().iter() {
            stack.push((c.clone(), d + 1));
        }
    }
    max
}

impl ParsedCommand for HtmlToMarkdownCmd {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let name = "html-to-markdown";
        let val = |id| p.value(id).map(|v| lossy(v));
        let bullet = match val(opt!(SPEC, "b")).as_deref().unwrap_or("-") {
            "-" => BulletListMarker::Dash,
            "*" => BulletListMarker::Asterisk,
            _ => {
                err(ctx, name, "invalid bullet marker (- or *)");
                return 1;
            }
        };
        let fence = match val(opt!(SPEC, "c")).as_deref().unwrap_or("```") {
            "```" => CodeBlockFence::Backticks,
            "~~~" => CodeBlockFence::Tildes,
            _ => {
                err(ctx, name, "invalid code fence");
                return 1;
            }
        };
        let hr = val(opt!(SPEC, "r")).unwrap_or_else(|| "---".into());
        let heading = match val(opt!(SPEC, "heading-style")).as_deref() {
            Some("setext") => HeadingStyle::Setex,
            _ => HeadingStyle::Atx,
        };
        if p.operands.len() > 1 {
            err(
                ctx,
                name,
                &format!("extra operand '{}'", lossy(&p.operands[1])),
            );
            return 1;
        }
        let file = p.operands.first().cloned().unwrap_or_else(|| b"-".to_vec());
        let data = match crate::common::input::read_input(ctx, &file) {
            Ok(d) => d,
            Err(_) if ctx.is_cancelled() => return 130,
            Err(e) => {
                let m = io_msg(&e);
                let m = if m.contains("not found") || m.contains("No such") {
                    "No such file or directory".to_string()
                } else {
                    m
                };
                err(ctx, name, &format!("{}: {m}", lossy(&file)));
                return 1;
            }
        };
        let html = String::from_utf8_lossy(&data);
        if html.trim().is_empty() {
            return 0;
        }
        let nesting = tag_depth(&data);
        if nesting > MAX_NESTING {
            err(
                ctx,
                name,
                &format!(
                    "the document is nested too deeply ({nesting} levels; at most {MAX_NESTING})"
                ),
            );
            return 1;
        }
        let hr_line = format!("\n\n{hr}\n\n");
        let conv = HtmlToMarkdown::builder()
            .skip_tags(vec!["script", "style", "footer"])
            .options(Options {
                heading_style: heading,
                bullet_list_marker: bullet,
                code_block_style: CodeBlockStyle::Fenced,
                code_block_fence: fence,
                ..Options::default()
            })
            .add_handler(vec!["hr"], move |_: &dyn Handlers, _: Element| {
                Some(hr_line.clone().into())
            })
            // turndown (and so just-bash) writes emphasis with underscores.
            .add_handler(vec!["i", "em"], |h: &dyn Handlers, e: Element| {
                let content = h.walk_children(e.node).content;
                let body = content.trim();
                if body.is_empty() {
                    return None;
                }
                let lead = &content[..content.len() - content.trim_start().len()];
                let trail = &content[content.trim_end().len()..];
                Some(format!("{lead}_{body}_{trail}").into())
            })
            .build();
        let Ok(tree) = conv.html_to_tree(&html) else {
            err(ctx, name, "the document could not be parsed");
            return 1;
        };
        if ctx.is_cancelled() {
            return 130;
        }
        let d = depth(&tree);
        let room = sandsh_api::stack::remaining().saturating_sub(sandsh_api::stack::RESERVE);
        if d.saturating_mul(STACK_PER_LEVEL) > room {
            err(
                ctx,
                name,
                &format!(
                    "the document is nested too deeply ({d} levels; at most {} here)",
                    room / STACK_PER_LEVEL
                ),
            );
            return 1;
        }
        let md = conv.tree_to_markdown(&tree);
        if ctx.is_cancelled() {
            return 130;
        }
        let md = md.trim();
        let mut out = Vec::with_capacity(md.len() + 1);
        out.extend_from_slice(md.as_bytes());
        out.push(b'\n');
        crate::common::output::emit(ctx, &out, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::HtmlToMarkdownCmd;
    use crate::common::testing::run_in;

    #[test]
    fn converts_the_common_elements() {
        let html = "<h2>T</h2><p>a <b>b</b> <em>c</em> <code>d</code></p><pre><code>x\ny</code></pre><hr><table><tr><th>h</th></tr><tr><td>v</td></tr></table><style>p{}</style>";
        let (s, o, e) = run_in(&HtmlToMarkdownCmd, &[], html);
        assert_eq!((s, e.as_str()), (0, ""));
        assert!(
            o.starts_with("## T\n\na **b** _c_ `d`\n\n```\nx\ny\n```\n\n---\n"),
            "{o}"
        );
        assert!(o.contains("| h |"), "{o}");
        assert!(!o.contains("p{}"), "{o}");
    }

    #[test]
    fn deep_nesting_fails_loudly() {
        let html = "<div>".repeat(100_000);
        let (s, _, e) = run_in(&HtmlToMarkdownCmd, &[], &html);
        assert_eq!(s, 1);
        assert!(e.contains("nested too deeply"), "{e}");
    }
}
