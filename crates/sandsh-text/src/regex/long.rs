//! Searches over long text that stop when asked.
//!
//! A search over a gigabyte of pattern space (`sed ':a; s/x*/&&/; ba'` doubles it at every
//! turn) runs for seconds inside the regex engine, where no cancellation check can reach. Over
//! a range longer than [`LONG`], the leftmost-longest search steps the lazy DFA by hand and asks
//! its `stop` probe every [`POLL`] bytes, and it tries the cheapest answer first: a match that
//! starts exactly at the start of the range is the leftmost one, and one anchored pass (which
//! can stop) finds its longest end. Only when there is none does the search fall back to the
//! fast unanchored engine, between two probes.

use regex_automata::{Anchored, Input};

use super::{Auto, Longest};

/// Ranges at least this long are searched by [`Auto::find_long`].
pub(super) const LONG: usize = 8 << 20;

/// Bytes stepped between two calls of the stop probe.
const POLL: usize = 1 << 20;

/// The search was stopped by its probe (the run is being cancelled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

impl Longest {
    /// [`Longest::end_at`], stepping the DFA by hand and asking `stop` every [`POLL`] bytes.
    /// When the lazy DFA gives up, the PikeVM finishes the search (without probes).
    pub(super) fn end_at_until(
        &self,
        hay: &[u8],
        start: usize,
        limit: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<usize>, Interrupted> {
        match self.step_by_hand(hay, start, limit, stop) {
            Ok(Some(end)) => Ok(end),
            Ok(None) => Ok(self.end_at(hay, start, limit)),
            Err(i) => Err(i),
        }
    }

    /// `Ok(None)`: the DFA gave up (its cache thrashed, or it met a byte it cannot decide).
    #[allow(clippy::option_option)]
    fn step_by_hand(
        &self,
        hay: &[u8],
        start: usize,
        limit: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Option<usize>>, Interrupted> {
        let Ok(mut cache) = self.dfa_cache.lock() else {
            return Ok(None);
        };
        let input = Input::new(hay).range(start..limit).anchored(Anchored::Yes);
        let Ok(mut sid) = self.dfa.start_state_forward(&mut cache, &input) else {
            return Ok(None);
        };
        let mut last = None;
        let mut at = start;
        while at < limit {
            let chunk = (at + POLL).min(limit);
            for (i, &b) in hay[at..chunk].iter().enumerate() {
                let Ok(next) = self.dfa.next_state(&mut cache, sid, b) else {
                    return Ok(None);
                };
                sid = next;
                if sid.is_tagged() {
                    // A match state is entered one byte late: the match ends before `b`.
                    if sid.is_match() {
                        last = Some(at + i);
                    } else if sid.is_dead() {
                        return Ok(Some(last));
                    } else if sid.is_quit() || sid.is_unknown() {
                        return Ok(None);
                    }
                }
            }
            at = chunk;
            if stop() {
                return Err(Interrupted);
            }
        }
        let end = match hay.get(limit) {
            Some(&b) => self.dfa.next_state(&mut cache, sid, b),
            None => self.dfa.next_eoi_state(&mut cache, sid),
        };
        let Ok(sid) = end else {
            return Ok(None);
        };
        if sid.is_quit() || sid.is_unknown() {
            return Ok(None);
        }
        if sid.is_match() {
            last = Some(limit);
        }
        Ok(Some(last))
    }
}

impl Auto {
    /// The leftmost-longest match at or after `start`, as [`Auto::find_at`] finds it, with
    /// `stop` asked along the way.
    pub(super) fn find_long(
        &self,
        hay: &[u8],
        start: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<(usize, usize)>, Interrupted> {
        let Some(l) = self.longest().filter(|_| !self.first) else {
            return Ok(self.find_at(hay, start));
        };
        if let Some(end) = l.end_at_until(hay, start, hay.len(), stop)? {
            return Ok(Some((start, end)));
        }
        if stop() {
            return Err(Interrupted);
        }
        let Some(m) = self.re.search(&Input::new(hay).range(start..)) else {
            return Ok(None);
        };
        if stop() {
            return Err(Interrupted);
        }
        let end = l
            .end_at_until(hay, m.start(), hay.len(), stop)?
            .unwrap_or(m.end())
            .max(m.end());
        Ok(Some((m.start(), end)))
    }
}
