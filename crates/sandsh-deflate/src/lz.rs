//! The match finder and the two parsers: greedy ("fast", levels 1-3) and lazy (4-9), over a
//! 64 KiB window that slides by 32 KiB, with hash chains on three bytes. The window, refill
//! points and end-of-input handling follow what GNU gzip 1.12 is observed to do (see
//! DECISIONS.md, "gzip's bytes"): the window is filled whole before matching resumes, so the
//! parse never depends on how the input arrives.

use crate::trees::{Blocks, MIN_MATCH};

pub(crate) const WSIZE: usize = 0x8000;
const WMASK: usize = WSIZE - 1;
pub(crate) const WINDOW_SIZE: usize = 2 * WSIZE;
const MAX_MATCH: usize = 258;
const MIN_LOOKAHEAD: usize = MAX_MATCH + MIN_MATCH + 1;
const MAX_DIST: usize = WSIZE - MIN_LOOKAHEAD;
const HASH_BITS: usize = 15;
const HASH_SIZE: usize = 1 << HASH_BITS;
const HASH_MASK: usize = HASH_SIZE - 1;
const H_SHIFT: usize = HASH_BITS.div_ceil(MIN_MATCH);
const TOO_FAR: usize = 4096;
const NIL: usize = 0;

/// Per level: (good_length, max_lazy, nice_length, max_chain).
const CONFIG: [(usize, usize, usize, usize); 10] = [
    (0, 0, 0, 0),
    (4, 4, 8, 4),
    (4, 5, 16, 8),
    (4, 6, 32, 32),
    (4, 4, 16, 16),
    (8, 16, 32, 32),
    (8, 16, 128, 128),
    (8, 32, 128, 256),
    (32, 128, 258, 1024),
    (32, 258, 258, 4096),
];

pub(crate) struct Lz {
    pub(crate) window: Vec<u8>,
    prev: Vec<u16>,
    head: Vec<u16>,
    ins_h: usize,
    pub(crate) strstart: usize,
    block_start: isize,
    pub(crate) lookahead: usize,
    match_start: usize,
    match_length: usize,
    prev_length: usize,
    match_available: bool,
    pub(crate) eofile: bool,
    lazy: bool,
    good_match: usize,
    max_lazy: usize,
    nice_match: usize,
    max_chain: usize,
    pub(crate) blocks: Blocks,
}

/// Why `run` stopped.
#[derive(PartialEq, Eq, Debug)]
pub(crate) enum Stop {
    /// Lookahead ran short: the window needs refilling.
    NeedInput,
    /// All input is compressed and the last block written.
    Done,
}

impl Lz {
    pub(crate) fn new(level: u32) -> Self {
        let level = level.clamp(1, 9);
        let (good_match, max_lazy, nice_match, max_chain) = CONFIG[level as usize];
        Lz {
            // Slack past the window: the hash of the last positions reads two bytes beyond.
            window: vec![0; WINDOW_SIZE + MIN_LOOKAHEAD],
            prev: vec![0; WSIZE],
            head: vec![0; HASH_SIZE],
            ins_h: 0,
            strstart: 0,
            block_start: 0,
            lookahead: 0,
            match_start: 0,
            match_length: MIN_MATCH - 1,
            prev_length: MIN_MATCH - 1,
            match_available: false,
            eofile: false,
            lazy: level > 3,
            good_match,
            max_lazy,
            nice_match,
            max_chain,
            blocks: Blocks::new(level),
        }
    }

    /// Room left at the window's end for input.
    pub(crate) fn room(&self) -> usize {
        WINDOW_SIZE - self.lookahead - self.strstart
    }

    /// Slide the window down by WSIZE when the match position is high enough, as the refill
    /// does before reading.
    pub(crate) fn maybe_slide(&mut self) {
        if self.strstart < WSIZE + MAX_DIST {
            return;
        }
        self.window.copy_within(WSIZE..WINDOW_SIZE, 0);
        self.match_start = self.match_start.wrapping_sub(WSIZE);
        self.strstart -= WSIZE;
        self.block_start -= WSIZE as isize;
        for h in self.head.iter_mut() {
            *h = if *h as usize >= WSIZE {
                *h - WSIZE as u16
            } else {
                NIL as u16
            };
        }
        for p in self.prev.iter_mut() {
            *p = if *p as usize >= WSIZE {
                *p - WSIZE as u16
            } else {
                NIL as u16
            };
        }
    }

    /// The hash of the first two bytes, once the first read is in.
    pub(crate) fn init_hash(&mut self) {
        self.ins_h = 0;
        for j in 0..MIN_MATCH - 1 {
            self.update_hash(self.window[j]);
        }
    }

    /// End of input: zero the bytes just past it so stale window bytes do not enter hashes.
    pub(crate) fn set_eof(&mut self) {
        self.eofile = true;
        let at = self.strstart + self.lookahead;
        let end = (at + MIN_MATCH - 1).min(WINDOW_SIZE);
        self.window[at..end].fill(0);
    }

    #[inline]
    fn update_hash(&mut self, c: u8) {
        self.ins_h = ((self.ins_h << H_SHIFT) ^ c as usize) & HASH_MASK;
    }

    #[inline]
    fn insert_string(&mut self, s: usize) -> usize {
        self.update_hash(self.window[s + MIN_MATCH - 1]);
        let h = self.head[self.ins_h] as usize;
        self.prev[s & WMASK] = h as u16;
        self.head[self.ins_h] = s as u16;
        h
    }

    fn longest_match(&mut self, mut cur_match: usize) -> usize {
        let mut chain = self.max_chain;
        let w = &self.window[..];
        let scan = self.strstart;
        let mut best_len = self.prev_length;
        let limit = if self.strstart > MAX_DIST {
            self.strstart - MAX_DIST
        } else {
            NIL
        };
        if self.prev_length >= self.good_match {
            chain >>= 2;
        }
        let nice = self.nice_match;
        let mut scan_end1 = w[scan + best_len - 1];
        let mut scan_end = w[scan + best_len];
        let s = &w[scan..scan + MAX_MATCH];
        loop {
            let m = cur_match;
            if w[m + best_len] == scan_end
                && w[m + best_len - 1] == scan_end1
                && w[m] == s[0]
                && w[m + 1] == s[1]
            {
                let mm = &w[m..m + MAX_MATCH];
                let mut len = 2;
                while len < MAX_MATCH && mm[len] == s[len] {
                    len += 1;
                }
                if len > best_len {
                    self.match_start = cur_match;
                    best_len = len;
                    if len >= nice {
                        break;
                    }
                    scan_end1 = s[best_len - 1];
                    scan_end = w[scan + best_len];
                }
            }
            cur_match = self.prev[cur_match & WMASK] as usize;
            if cur_match <= limit {
                break;
            }
            chain -= 1;
            if chain == 0 {
                break;
            }
        }
        best_len
    }

    fn flush(&mut self, eof: bool) {
        let len = (self.strstart as isize - self.block_start) as u64;
        let buf = if self.block_start >= 0 {
            Some(&self.window[self.block_start as usize..self.strstart])
        } else {
            None
        };
        self.blocks.flush_block(buf, len, eof);
        self.block_start = self.strstart as isize;
    }

    #[inline]
    fn in_length(&self) -> u64 {
        (self.strstart as isize - self.block_start) as u64
    }

    /// Parse until the lookahead runs short (more input needed) or, at end of input, until
    /// everything is out.
    pub(crate) fn run(&mut self) -> Stop {
        loop {
            if self.lookahead < MIN_LOOKAHEAD && !self.eofile {
                return Stop::NeedInput;
            }
            if self.lookahead == 0 {
                if self.lazy && self.match_available {
                    let c = self.window[self.strstart - 1] as usize;
                    let il = self.in_length();
                    self.blocks.tally(0, c, il);
                    self.match_available = false;
                }
                self.flush(true);
                return Stop::Done;
            }
            if self.lazy {
                self.step_lazy()
            } else {
                self.step_fast()
            }
        }
    }

    fn step_fast(&mut self) {
        let hash_head = self.insert_string(self.strstart);
        if hash_head != NIL
            && self.strstart - hash_head <= MAX_DIST
            && self.strstart <= WINDOW_SIZE - MIN_LOOKAHEAD
        {
            self.match_length = self.longest_match(hash_head);
            if self.match_length > self.lookahead {
                self.match_length = self.lookahead;
            }
        }
        let flush;
        if self.match_length >= MIN_MATCH {
            let il = self.in_length();
            flush = self.blocks.tally(
                self.strstart - self.match_start,
                self.match_length - MIN_MATCH,
                il,
            );
            self.lookahead -= self.match_length;
            if self.match_length <= self.max_lazy {
                self.match_length -= 1;
                loop {
                    self.strstart += 1;
                    self.insert_string(self.strstart);
                    self.match_length -= 1;
                    if self.match_length == 0 {
                        break;
                    }
                }
                self.strstart += 1;
            } else {
                self.strstart += self.match_length;
                self.match_length = 0;
                self.ins_h = self.window[self.strstart] as usize;
                self.update_hash(self.window[self.strstart + 1]);
            }
        } else {
            let il = self.in_length();
            flush = self
                .blocks
                .tally(0, self.window[self.strstart] as usize, il);
            self.lookahead -= 1;
            self.strstart += 1;
        }
        if flush {
            self.flush(false);
        }
    }

    fn step_lazy(&mut self) {
        let hash_head = self.insert_string(self.strstart);
        self.prev_length = self.match_length;
        let prev_match = self.match_start;
        self.match_length = MIN_MATCH - 1;
        if hash_head != NIL
            && self.prev_length < self.max_lazy
            && self.strstart - hash_head <= MAX_DIST
            && self.strstart <= WINDOW_SIZE - MIN_LOOKAHEAD
        {
            self.match_length = self.longest_match(hash_head);
            if self.match_length > self.lookahead {
                self.match_length = self.lookahead;
            }
            if self.match_length == MIN_MATCH && self.strstart - self.match_start > TOO_FAR {
                self.match_length -= 1;
            }
        }
        if self.prev_length >= MIN_MATCH && self.match_length <= self.prev_length {
            let il = self.in_length();
            let flush = self.blocks.tally(
                self.strstart - 1 - prev_match,
                self.prev_length - MIN_MATCH,
                il,
            );
            self.lookahead -= self.prev_length - 1;
            self.prev_length -= 2;
            loop {
                self.strstart += 1;
                self.insert_string(self.strstart);
                self.prev_length -= 1;
                if self.prev_length == 0 {
                    break;
                }
            }
            self.match_available = false;
            self.match_length = MIN_MATCH - 1;
            self.strstart += 1;
            if flush {
                self.flush(false);
            }
        } else if self.match_available {
            let il = self.in_length();
            let c = self.window[self.strstart - 1] as usize;
            if self.blocks.tally(0, c, il) {
                self.flush(false);
            }
            self.strstart += 1;
            self.lookahead -= 1;
        } else {
            self.match_available = true;
            self.strstart += 1;
            self.lookahead -= 1;
        }
    }
}
