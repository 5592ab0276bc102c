//! `-m` and `-c`: the modes that take their inputs as already sorted, merging them or checking
//! the order, rather than sorting.

use std::cmp::Ordering;

use sandsh_api::{ExitStatus, ToolCtx};

use super::compare::{Cfg, compare};
use crate::common::{diag, input};

/// GNU's `mergefps`: repeatedly take the smallest current line (ties go to the earlier
/// file); with -u, the first of a run of equal lines.
pub(super) fn merge_sorted<'a>(
    files: &'a [(String, Vec<u8>)],
    delim: u8,
    cfg: &Cfg,
) -> Vec<&'a [u8]> {
    let inputs: Vec<Vec<&[u8]>> = files
        .iter()
        .map(|(_, d)| input::split_records(d, delim))
        .collect();
    let mut pos = vec![0usize; inputs.len()];
    let mut out: Vec<&[u8]> = Vec::new();
    loop {
        let mut best: Option<usize> = None;
        for (k, lines) in inputs.iter().enumerate() {
            let Some(line) = lines.get(pos[k]) else {
                continue;
            };
            match best {
                Some(b) if compare(line, inputs[b][pos[b]], cfg) != Ordering::Less => {}
                _ => best = Some(k),
            }
        }
        let Some(b) = best else { break };
        let line = inputs[b][pos[b]];
        pos[b] += 1;
        if cfg.unique
            && let Some(last) = out.last()
            && compare(last, line, cfg) == Ordering::Equal
        {
            continue;
        }
        out.push(line);
    }
    out
}

/// `-c`/`-C`: 0 if the first file is in order, else 1 (with a message unless `quiet`).
pub(super) fn check_order(
    ctx: &mut dyn ToolCtx,
    per_file: Vec<(String, Vec<u8>)>,
    delim: u8,
    cfg: &Cfg,
    quiet: bool,
) -> ExitStatus {
    // GNU checks the first file only when several are given with -c.
    let (name, d) = match per_file.into_iter().next() {
        Some(x) => x,
        None => return 0,
    };
    let lines = input::split_records(&d, delim);
    for i in 1..lines.len() {
        let o = compare(lines[i - 1], lines[i], cfg);
        if o == Ordering::Greater || (cfg.unique && o == Ordering::Equal) {
            if !quiet {
                let line = diag::lossy(lines[i]);
                diag::err(ctx, "sort", &format!("{name}:{}: disorder: {line}", i + 1));
            }
            return 1;
        }
    }
    0
}
