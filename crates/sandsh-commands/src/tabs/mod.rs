//! Tab stops: `expand` and `unexpand`, and what they share: coreutils' `expand-common.c`
//! tab-stop parsing (`N`, `N1,N2,…`, a final `/N` repeat or `+N` increment) with its error messages,
//! the obsolete `-N` option, and the loop that reads the input files as one stream, as GNU
//! does (a line may continue from one file into the next), a chunk at a time.

use std::borrow::Cow;

use sandsh_api::{Arg, CommandSpec, ExitStatus, ParsedArgs, ParsedCommand, ToolCtx};

use crate::common::input::{self, Halt};
use crate::common::{diag, output, quote};

mod expand;
mod unexpand;

/// `expand` and `unexpand`: the same options parsing and tab stops, different conversions.
pub enum Tabs {
    Expand,
    Unexpand,
}

pub use Tabs::{Expand, Unexpand};

impl ParsedCommand for Tabs {
    fn spec(&self) -> &CommandSpec {
        match self {
            Expand => &expand::SPEC,
            Unexpand => &unexpand::SPEC,
        }
    }

    /// The obsolete `-N` and `-N1,N2` forms.
    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        Cow::Owned(legacy_tabs(args))
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let spec = ParsedCommand::spec(self);
        let tabs = match tab_stops(ctx, spec.name, &p.values(spec.find("t"))) {
            Ok(t) => t,
            Err(s) => return s,
        };
        match self {
            Expand => expand::run(p, tabs, ctx),
            Unexpand => unexpand::run(p, tabs, ctx),
        }
    }
}

/// Tab stops as coreutils keeps them.
#[derive(Debug, Default, Clone)]
pub(crate) struct TabStops {
    list: Vec<u64>,
    extend: u64,
    increment: u64,
    /// A single repeating size (0 when the list is used).
    size: u64,
}

impl TabStops {
    /// Parse one `-t` argument into the accumulated stops (several `-t` add up, as in GNU).
    pub(crate) fn parse(&mut self, stops: &[u8]) -> Result<(), String> {
        let mut have = false;
        let mut val: u64 = 0;
        let mut extend = false;
        let mut increment = false;
        let mut num_start = 0;
        let mut i = 0;
        while i < stops.len() {
            let c = stops[i];
            if c == b',' || c == b' ' || c == b'\t' {
                if have {
                    self.push(val, extend, increment)?;
                }
                have = false;
            } else if c == b'/' || c == b'+' {
                if have {
                    return Err(format!(
                        "'{}' specifier not at start of number: {}",
                        c as char,
                        quote::cquote(&diag::lossy(&stops[i..]))
                    ));
                }
                extend = c == b'/';
                increment = c == b'+';
            } else if c.is_ascii_digit() {
                if !have {
                    val = 0;
                    have = true;
                    num_start = i;
                }
                match val
                    .checked_mul(10)
                    .and_then(|v| v.checked_add((c - b'0') as u64))
                {
                    Some(v) => val = v,
                    None => {
                        let len = stops[num_start..]
                            .iter()
                            .take_while(|b| b.is_ascii_digit())
                            .count();
                        return Err(format!(
                            "tab stop is too large {}",
                            quote::cquote(&diag::lossy(&stops[num_start..num_start + len]))
                        ));
                    }
                }
            } else {
                return Err(format!(
                    "tab size contains invalid character(s): {}",
                    quote::cquote(&diag::lossy(&stops[i..]))
                ));
            }
            i += 1;
        }
        if have {
            self.push(val, extend, increment)?;
        }
        Ok(())
    }

    fn push(&mut self, val: u64, extend: bool, increment: bool) -> Result<(), String> {
        if self.extend != 0 {
            return Err("'/' specifier only allowed with the last value".into());
        }
        if self.increment != 0 {
            return Err("'+' specifier only allowed with the last value".into());
        }
        if extend {
            self.extend = val;
        } else if increment {
            self.increment = val;
        } else {
            self.list.push(val);
        }
        Ok(())
    }

    /// Validate and settle the single-size case (GNU's `finalize_tab_stops`).
    pub(crate) fn finalize(&mut self) -> Result<(), String> {
        let mut prev = 0;
        for &t in &self.list {
            if t == 0 {
                return Err("tab size cannot be 0".into());
            }
            if t <= prev {
                return Err("tab sizes must be ascending".into());
            }
            prev = t;
        }
        if self.increment != 0 && self.extend != 0 {
            return Err("'/' specifier is mutually exclusive with '+'".into());
        }
        if self.list.is_empty() {
            self.size = if self.extend != 0 {
                self.extend
            } else if self.increment != 0 {
                self.increment
            } else {
                8
            };
        } else if self.list.len() == 1 && self.extend == 0 && self.increment == 0 {
            self.size = self.list[0];
        } else {
            self.size = 0;
        }
        Ok(())
    }

    /// The next tab column after `column`; `None` past the last stop.
    pub(crate) fn next(&self, column: u64, index: &mut usize) -> Option<u64> {
        if self.size != 0 {
            return Some(column + (self.size - column % self.size));
        }
        while *index < self.list.len() {
            let t = self.list[*index];
            if column < t {
                return Some(t);
            }
            *index += 1;
        }
        if self.extend != 0 {
            return Some(column + (self.extend - column % self.extend));
        }
        if self.increment != 0 {
            let end = self.list.last().copied().unwrap_or(0);
            return Some(column + (self.increment - (column - end) % self.increment));
        }
        None
    }
}

/// Rewrite obsolete `-N` / `-N,M` options into `-t N,M` (expand and unexpand).
fn legacy_tabs(args: &[Arg]) -> Vec<Arg> {
    let mut v = Vec::with_capacity(args.len());
    let mut done = false;
    for a in args {
        if !done && a == b"--" {
            done = true;
        }
        if !done
            && a.len() > 1
            && a[0] == b'-'
            && a[1].is_ascii_digit()
            && a[1..].iter().all(|b| b.is_ascii_digit() || *b == b',')
        {
            v.push(b"-t".to_vec());
            v.push(a[1..].to_vec());
        } else {
            v.push(a.clone());
        }
    }
    v
}

/// Parse all `-t` values; print the error and give the status on failure.
fn tab_stops(ctx: &mut dyn ToolCtx, name: &str, values: &[&Arg]) -> Result<TabStops, i32> {
    let mut t = TabStops::default();
    for v in values {
        if let Err(m) = t.parse(v) {
            diag::err(ctx, name, &m);
            return Err(1);
        }
    }
    if let Err(m) = t.finalize() {
        diag::err(ctx, name, &m);
        return Err(1);
    }
    Ok(t)
}

/// Feed every input, as one stream, a chunk at a time into `f`; what `f` adds to the output
/// buffer is written after each chunk.
pub(crate) fn filter_chunks(
    ctx: &mut dyn ToolCtx,
    name: &str,
    files: Vec<Arg>,
    mut f: impl FnMut(&[u8], &mut Vec<u8>),
) -> ExitStatus {
    let mut out = Vec::with_capacity(input::CHUNK * 2);
    let mut buf = input::ChunkBuf::new(input::CHUNK);
    input::for_each_chunk_of(ctx, name, files, &mut buf, |ctx, data| {
        f(data, &mut out);
        if !output::out(ctx, &out) {
            return Err(Halt::Exit(1));
        }
        out.clear();
        Ok(())
    })
}
