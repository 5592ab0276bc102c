//! `tsort`: topological sort of the pairs in the input, in GNU tsort's exact order.
//!
//! A port of GNU's algorithm (Knuth's Algorithm T): items sit in a search tree walked in
//! byte order; each item's successors are a list with the newest relation first; the items
//! with no predecessors are queued in tree order, and each output item releases its
//! successors onto the queue's tail. When items remain, the input contains a loop: GNU's
//! `detect_loop` walk prints one cycle on stderr, removes one relation of it, and sorting
//! resumes. Everything is an index into one table, so there are no pointers to chase.

use std::collections::BTreeMap;

use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::quote::quotef;
use crate::common::{diag, input, output, quote};

pub struct Tsort;

static SPEC: CommandSpec = CommandSpec {
    name: "tsort",
    group: "text",
    summary: "perform topological sort",
    usage: "tsort [OPTION] [FILE]",
    description: "Write totally ordered list consistent with the partial ordering in FILE. The input is pairs of whitespace-separated items: 'a b' means a comes before b; a pair of equal items just names an item. With no FILE, or when FILE is -, read standard input. A loop is reported on stderr (and broken) and the exit status is 1.",
    options: &[],
    operands: &[ArgSpec::optional(
        "FILE",
        ArgType::Path,
        "the pairs to sort (- for stdin)",
    )],
    returns: "the items, one a line, each after everything that must precede it",
    examples: &[Example {
        description: "order dependencies",
        script: "printf 'main parse\\nparse lex\\nmain lex\\n' | tsort",
        stdout: "main\nparse\nlex\n",
    }],
    errors: "exit 1 for an odd number of tokens, an unreadable FILE, or a loop (the order is still printed)",
    risk: RiskLevel::ReadOnly,
};

struct Item {
    name: Vec<u8>,
    /// Predecessors not yet output.
    count: usize,
    /// Successors, newest relation first.
    succ: Vec<usize>,
    qlink: Option<usize>,
    printed: bool,
}

struct Graph {
    items: Vec<Item>,
    /// Item indices in byte order (the in-order walk of GNU's tree).
    order: Vec<usize>,
}

impl Graph {
    fn build<'a>(tokens: &[&'a [u8]]) -> Graph {
        let mut index: BTreeMap<&'a [u8], usize> = BTreeMap::new();
        let mut items: Vec<Item> = Vec::new();
        let mut id = |t: &'a [u8], items: &mut Vec<Item>| -> usize {
            *index.entry(t).or_insert_with(|| {
                items.push(Item {
                    name: t.to_vec(),
                    count: 0,
                    succ: Vec::new(),
                    qlink: None,
                    printed: false,
                });
                items.len() - 1
            })
        };
        for pair in tokens.chunks(2) {
            let j = id(pair[0], &mut items);
            let k = id(pair[1], &mut items);
            if j != k {
                items[k].count += 1;
                items[j].succ.insert(0, k);
            }
        }
        let order = index.values().copied().collect();
        Graph { items, order }
    }

    /// GNU's `detect_loop` over the whole tree walk; true when a loop was printed and broken.
    fn detect_loop(&mut self, loop_: &mut Option<usize>, err: &mut Vec<u8>) -> bool {
        for &k in &self.order {
            if self.items[k].count == 0 {
                continue;
            }
            let Some(head) = *loop_ else {
                *loop_ = Some(k);
                continue;
            };
            let Some(pos) = self.items[k].succ.iter().position(|&s| s == head) else {
                continue;
            };
            if self.items[k].qlink.is_none() {
                self.items[k].qlink = Some(head);
                *loop_ = Some(k);
                continue;
            }
            // Found: retrace the chain to k, printing it.
            let mut cur = *loop_;
            while let Some(l) = cur {
                let next = self.items[l].qlink;
                err.extend_from_slice(b"tsort: ");
                err.extend_from_slice(&self.items[l].name);
                err.push(b'\n');
                if l == k {
                    let s = self.items[k].succ.remove(pos);
                    self.items[s].count -= 1;
                    break;
                }
                self.items[l].qlink = None;
                cur = next;
            }
            while let Some(l) = cur {
                cur = self.items[l].qlink;
                self.items[l].qlink = None;
            }
            *loop_ = None;
            return true;
        }
        false
    }

    /// The sorted output and the loop reports, in the order GNU writes them (its `error()`
    /// flushes stdout first), as (is_stderr, text) runs; `None` when cancelled.
    fn sort(&mut self, ctx: &dyn ToolCtx, file: &str) -> Option<Vec<(bool, Vec<u8>)>> {
        let mut runs: Vec<(bool, Vec<u8>)> = Vec::new();
        let mut out = Vec::new();
        let mut left = self.items.len();
        while left > 0 {
            let mut queue: std::collections::VecDeque<usize> = self
                .order
                .iter()
                .copied()
                .filter(|&k| self.items[k].count == 0 && !self.items[k].printed)
                .collect();
            while let Some(h) = queue.pop_front() {
                if ctx.is_cancelled() {
                    return None;
                }
                out.extend_from_slice(&self.items[h].name);
                out.push(b'\n');
                self.items[h].printed = true;
                left -= 1;
                for i in 0..self.items[h].succ.len() {
                    let s = self.items[h].succ[i];
                    self.items[s].count -= 1;
                    if self.items[s].count == 0 {
                        queue.push_back(s);
                    }
                }
            }
            if left > 0 {
                runs.push((false, std::mem::take(&mut out)));
                let mut err = Vec::new();
                err.extend_from_slice(
                    format!("tsort: {file}: input contains a loop:\n").as_bytes(),
                );
                let mut loop_ = None;
                loop {
                    if ctx.is_cancelled() {
                        return None;
                    }
                    let found = self.detect_loop(&mut loop_, &mut err);
                    if found || loop_.is_none() {
                        break;
                    }
                }
                runs.push((true, err));
            }
        }
        runs.push((false, out));
        Some(runs)
    }
}

impl ParsedCommand for Tsort {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if let Some(extra) = p.operands.get(1) {
            let msg = format!(
                "tsort: extra operand {}",
                quote::cquote(&diag::lossy(extra))
            );
            return diag::usage(ctx, &SPEC, &msg, 1);
        }
        let file = p.operands.first().cloned().unwrap_or_else(|| b"-".to_vec());
        let name = diag::lossy(&file);
        let data = match input::read_input(ctx, &file) {
            Ok(d) => d,
            Err(_) if ctx.is_cancelled() => return 130,
            Err(e) => {
                diag::err(
                    ctx,
                    "tsort",
                    &format!("{}: {}", quotef(&name), diag::io_msg(&e)),
                );
                return 1;
            }
        };
        let tokens: Vec<&[u8]> = data
            .split(|b| b" \t\n\r\x0b\x0c".contains(b))
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.len() % 2 == 1 {
            let msg = format!("{}: input contains an odd number of tokens", quotef(&name));
            diag::err(ctx, "tsort", &msg);
            return 1;
        }
        let mut g = Graph::build(&tokens);
        let Some(runs) = g.sort(ctx, &quotef(&name)) else {
            return 130;
        };
        let mut status = 0;
        for (is_err, text) in runs {
            if is_err {
                status = 1;
                let _ = ctx.stdout().flush();
                let _ = ctx.stderr().write_all(&text);
            } else if !output::out(ctx, &text) {
                return 141;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Tsort;
    use crate::common::testing::run_in;

    #[test]
    fn gnu_order() {
        assert_eq!(run_in(&Tsort, &[], "a b\nb c\n").1, "a\nb\nc\n");
        assert_eq!(run_in(&Tsort, &[], "x x c d a b").1, "a\nc\nx\nb\nd\n");
        assert_eq!(run_in(&Tsort, &[], "").1, "");
        assert_eq!(run_in(&Tsort, &[], "3 1 3 2 2 1").1, "3\n2\n1\n");
    }

    #[test]
    fn loops_and_errors() {
        let (s, o, e) = run_in(&Tsort, &[], "a b b a c d d c x x");
        assert_eq!((s, o.as_str()), (1, "x\na\nb\nc\nd\n"));
        // (stdout and stderr are separate buffers here; the kernel interleaves them)
        assert_eq!(
            e,
            "tsort: -: input contains a loop:\ntsort: a\ntsort: b\n\
             tsort: -: input contains a loop:\ntsort: c\ntsort: d\n"
        );
        let (s, _, e) = run_in(&Tsort, &[], "a b c");
        assert_eq!(s, 1);
        assert_eq!(e, "tsort: -: input contains an odd number of tokens\n");
    }
}
