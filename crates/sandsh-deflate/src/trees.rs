//! Block output: the literal/distance symbol buffer, Huffman tree construction with the
//! length limit (RFC 1951; the construction, heap order and overflow repair are zlib's, which
//! gzip shares), the stored/fixed/dynamic choice, and the bit writer.

pub(crate) const LITERALS: usize = 256;
pub(crate) const END_BLOCK: usize = 256;
pub(crate) const LENGTH_CODES: usize = 29;
pub(crate) const L_CODES: usize = LITERALS + 1 + LENGTH_CODES;
pub(crate) const D_CODES: usize = 30;
pub(crate) const BL_CODES: usize = 19;
const HEAP_SIZE: usize = 2 * L_CODES + 1;
const MAX_BITS: usize = 15;
const MAX_BL_BITS: usize = 7;
const REP_3_6: usize = 16;
const REPZ_3_10: usize = 17;
const REPZ_11_138: usize = 18;
pub(crate) const MIN_MATCH: usize = 3;

const EXTRA_LBITS: [u8; LENGTH_CODES] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const EXTRA_DBITS: [u8; D_CODES] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
const EXTRA_BLBITS: [u8; BL_CODES] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7];
const BL_ORDER: [usize; BL_CODES] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// The fixed tables every block uses: length and distance codes, static trees.
pub(crate) struct Tables {
    /// Length code (0..28) of a match length minus MIN_MATCH.
    length_code: [u8; 256],
    base_length: [u8; LENGTH_CODES],
    /// Distance code of a distance minus one: first 256 direct, then by 128s.
    dist_code: [u8; 512],
    base_dist: [u16; D_CODES],
    static_ltree_len: [u16; L_CODES + 2],
    static_ltree_code: [u16; L_CODES + 2],
    static_dtree_code: [u16; D_CODES],
}

const fn bi_reverse(mut code: u32, mut len: u32) -> u16 {
    let mut res = 0u32;
    loop {
        res |= code & 1;
        code >>= 1;
        res <<= 1;
        len -= 1;
        if len == 0 {
            break;
        }
    }
    (res >> 1) as u16
}

impl Tables {
    // The loop indices are the codes themselves (RFC 1951's tables), read in several arrays.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn new() -> Self {
        let mut t = Tables {
            length_code: [0; 256],
            base_length: [0; LENGTH_CODES],
            dist_code: [0; 512],
            base_dist: [0; D_CODES],
            static_ltree_len: [0; L_CODES + 2],
            static_ltree_code: [0; L_CODES + 2],
            static_dtree_code: [0; D_CODES],
        };
        let mut length = 0usize;
        for code in 0..LENGTH_CODES - 1 {
            t.base_length[code] = length as u8;
            for _ in 0..(1usize << EXTRA_LBITS[code]) {
                t.length_code[length] = code as u8;
                length += 1;
            }
        }
        // Length 258 (255 here) takes the last code, not code 27's top.
        t.length_code[length - 1] = (LENGTH_CODES - 1) as u8;
        t.base_length[LENGTH_CODES - 1] = 255;
        let mut dist = 0usize;
        for code in 0..16 {
            t.base_dist[code] = dist as u16;
            for _ in 0..(1usize << EXTRA_DBITS[code]) {
                t.dist_code[dist] = code as u8;
                dist += 1;
            }
        }
        dist >>= 7;
        for code in 16..D_CODES {
            t.base_dist[code] = (dist << 7) as u16;
            for _ in 0..(1usize << (EXTRA_DBITS[code] - 7)) {
                t.dist_code[256 + dist] = code as u8;
                dist += 1;
            }
        }
        let mut bl_count = [0u16; MAX_BITS + 1];
        for n in 0..=287 {
            let l = match n {
                0..=143 => 8,
                144..=255 => 9,
                256..=279 => 7,
                _ => 8,
            };
            t.static_ltree_len[n] = l;
            bl_count[l as usize] += 1;
        }
        gen_codes(
            &t.static_ltree_len,
            &mut t.static_ltree_code,
            L_CODES + 1,
            &bl_count,
        );
        for n in 0..D_CODES {
            t.static_dtree_code[n] = bi_reverse(n as u32, 5);
        }
        t
    }

    #[inline]
    fn d_code(&self, dist: usize) -> usize {
        if dist < 256 {
            self.dist_code[dist] as usize
        } else {
            self.dist_code[256 + (dist >> 7)] as usize
        }
    }
}

fn gen_codes(len: &[u16], code: &mut [u16], max_code: usize, bl_count: &[u16; MAX_BITS + 1]) {
    let mut next_code = [0u32; MAX_BITS + 1];
    let mut c = 0u32;
    for bits in 1..=MAX_BITS {
        c = (c + u32::from(bl_count[bits - 1])) << 1;
        next_code[bits] = c;
    }
    for n in 0..=max_code {
        let l = len[n] as usize;
        if l == 0 {
            continue;
        }
        code[n] = bi_reverse(next_code[l], l as u32);
        next_code[l] += 1;
    }
}

/// One Huffman tree under construction (leaves then internal nodes).
struct Tree {
    freq: Vec<u32>,
    len: Vec<u16>,
    dad: Vec<u16>,
    code: Vec<u16>,
    max_code: usize,
}

impl Tree {
    fn new(size: usize) -> Self {
        Tree {
            freq: vec![0; size],
            len: vec![0; size],
            dad: vec![0; size],
            code: vec![0; size],
            max_code: 0,
        }
    }
}

/// What kind of tree: its leaves, extra bits, length limit and static counterpart.
#[derive(Clone, Copy)]
enum Kind {
    Lit,
    Dist,
    Bl,
}

/// The bit writer: bits go out least significant first.
pub(crate) struct Bits {
    pub(crate) out: Vec<u8>,
    buf: u64,
    valid: u32,
}

impl Bits {
    fn new() -> Self {
        Bits {
            out: Vec::with_capacity(1 << 16),
            buf: 0,
            valid: 0,
        }
    }

    #[inline]
    fn send(&mut self, value: u32, len: u32) {
        self.buf |= u64::from(value) << self.valid;
        self.valid += len;
        if self.valid >= 32 {
            self.out.extend_from_slice(&(self.buf as u32).to_le_bytes());
            self.buf >>= 32;
            self.valid -= 32;
        }
    }

    /// Flush to a byte boundary.
    fn windup(&mut self) {
        while self.valid > 0 {
            self.out.push(self.buf as u8);
            self.buf >>= 8;
            self.valid = self.valid.saturating_sub(8);
        }
        self.buf = 0;
    }
}

/// The block under construction and everything needed to emit it.
pub(crate) struct Blocks {
    t: Tables,
    /// Symbols of the current block: (distance, 0 for a literal; literal or length - MIN_MATCH).
    syms: Vec<(u16, u8)>,
    /// Matches in the current block.
    pub(crate) last_dist: usize,
    ltree: Tree,
    dtree: Tree,
    bltree: Tree,
    heap: [usize; HEAP_SIZE],
    heap_len: usize,
    heap_max: usize,
    depth: [u8; HEAP_SIZE],
    bl_count: [u16; MAX_BITS + 1],
    opt_len: u64,
    static_len: u64,
    pub(crate) bits: Bits,
    level: u32,
}

/// Symbols a block holds at most (gzip's literal buffer: observed, see DECISIONS.md).
pub(crate) const LIT_BUFSIZE: usize = 0x8000;
const DIST_BUFSIZE: usize = 0x8000;

impl Blocks {
    pub(crate) fn new(level: u32) -> Self {
        let mut b = Blocks {
            t: Tables::new(),
            syms: Vec::with_capacity(LIT_BUFSIZE),
            last_dist: 0,
            ltree: Tree::new(HEAP_SIZE),
            dtree: Tree::new(2 * D_CODES + 1),
            bltree: Tree::new(2 * BL_CODES + 1),
            heap: [0; HEAP_SIZE],
            heap_len: 0,
            heap_max: 0,
            depth: [0; HEAP_SIZE],
            bl_count: [0; MAX_BITS + 1],
            opt_len: 0,
            static_len: 0,
            bits: Bits::new(),
            level,
        };
        b.init_block();
        b
    }

    fn init_block(&mut self) {
        self.ltree.freq[..L_CODES].fill(0);
        self.dtree.freq[..D_CODES].fill(0);
        self.bltree.freq[..BL_CODES].fill(0);
        self.ltree.freq[END_BLOCK] = 1;
        self.opt_len = 0;
        self.static_len = 0;
        self.syms.clear();
        self.last_dist = 0;
    }

    /// Record a literal (`dist` 0) or a match (`dist` >= 1, `lc` = length - MIN_MATCH) and
    /// say whether the block should end here. `in_length` is the input the block covers.
    #[inline]
    pub(crate) fn tally(&mut self, dist: usize, lc: usize, in_length: u64) -> bool {
        self.syms.push((dist as u16, lc as u8));
        if dist == 0 {
            self.ltree.freq[lc] += 1;
        } else {
            let d = dist - 1;
            self.ltree.freq[self.t.length_code[lc] as usize + LITERALS + 1] += 1;
            let dc = self.t.d_code(d);
            self.dtree.freq[dc] += 1;
            self.last_dist += 1;
        }
        let last_lit = self.syms.len();
        if self.level > 2 && last_lit & 0xfff == 0 {
            // An estimate of the block's compressed size; end it early when matches are few
            // and the estimate is under half the input.
            let mut out_length = last_lit as u64 * 8;
            for (f, x) in self.dtree.freq[..D_CODES].iter().zip(EXTRA_DBITS) {
                out_length += u64::from(*f) * (5 + u64::from(x));
            }
            out_length >>= 3;
            if self.last_dist < last_lit / 2 && out_length < in_length / 2 {
                return true;
            }
        }
        last_lit == LIT_BUFSIZE - 1 || self.last_dist == DIST_BUFSIZE
    }

    fn smaller(freq: &[u32], depth: &[u8; HEAP_SIZE], n: usize, m: usize) -> bool {
        freq[n] < freq[m] || (freq[n] == freq[m] && depth[n] <= depth[m])
    }

    fn pqdownheap(&mut self, freq: &[u32], mut k: usize) {
        let v = self.heap[k];
        let mut j = k << 1;
        while j <= self.heap_len {
            if j < self.heap_len && Self::smaller(freq, &self.depth, self.heap[j + 1], self.heap[j])
            {
                j += 1;
            }
            if Self::smaller(freq, &self.depth, v, self.heap[j]) {
                break;
            }
            self.heap[k] = self.heap[j];
            k = j;
            j <<= 1;
        }
        self.heap[k] = v;
    }

    fn take_tree(&mut self, kind: Kind) -> Tree {
        let slot = match kind {
            Kind::Lit => &mut self.ltree,
            Kind::Dist => &mut self.dtree,
            Kind::Bl => &mut self.bltree,
        };
        std::mem::replace(slot, Tree::new(0))
    }

    fn put_tree(&mut self, kind: Kind, tree: Tree) {
        match kind {
            Kind::Lit => self.ltree = tree,
            Kind::Dist => self.dtree = tree,
            Kind::Bl => self.bltree = tree,
        }
    }

    fn build_tree(&mut self, kind: Kind) {
        let mut tree = self.take_tree(kind);
        let (elems, has_static) = match kind {
            Kind::Lit => (L_CODES, true),
            Kind::Dist => (D_CODES, true),
            Kind::Bl => (BL_CODES, false),
        };
        let mut max_code: isize = -1;
        self.heap_len = 0;
        self.heap_max = HEAP_SIZE;
        for n in 0..elems {
            if tree.freq[n] != 0 {
                self.heap_len += 1;
                self.heap[self.heap_len] = n;
                max_code = n as isize;
                self.depth[n] = 0;
            } else {
                tree.len[n] = 0;
            }
        }
        while self.heap_len < 2 {
            let node = if max_code < 2 {
                max_code += 1;
                max_code as usize
            } else {
                0
            };
            self.heap_len += 1;
            self.heap[self.heap_len] = node;
            tree.freq[node] = 1;
            self.depth[node] = 0;
            self.opt_len = self.opt_len.wrapping_sub(1);
            if has_static {
                self.static_len = self
                    .static_len
                    .wrapping_sub(u64::from(self.static_len_of(kind, node)));
            }
        }
        tree.max_code = max_code as usize;
        for n in (1..=self.heap_len / 2).rev() {
            self.pqdownheap(&tree.freq, n);
        }
        let mut node = elems;
        loop {
            let n = self.heap[1];
            self.heap[1] = self.heap[self.heap_len];
            self.heap_len -= 1;
            self.pqdownheap(&tree.freq, 1);
            let m = self.heap[1];
            self.heap_max -= 1;
            self.heap[self.heap_max] = n;
            self.heap_max -= 1;
            self.heap[self.heap_max] = m;
            tree.freq[node] = tree.freq[n] + tree.freq[m];
            self.depth[node] = self.depth[n].max(self.depth[m]) + 1;
            tree.dad[n] = node as u16;
            tree.dad[m] = node as u16;
            self.heap[1] = node;
            node += 1;
            self.pqdownheap(&tree.freq, 1);
            if self.heap_len < 2 {
                break;
            }
        }
        self.heap_max -= 1;
        self.heap[self.heap_max] = self.heap[1];
        self.gen_bitlen(&mut tree, kind);
        let max = tree.max_code;
        gen_codes(&tree.len, &mut tree.code, max, &self.bl_count);
        self.put_tree(kind, tree);
    }

    fn static_len_of(&self, kind: Kind, n: usize) -> u16 {
        match kind {
            Kind::Lit => self.t.static_ltree_len[n],
            Kind::Dist => 5,
            Kind::Bl => 0,
        }
    }

    fn gen_bitlen(&mut self, tree: &mut Tree, kind: Kind) {
        let (max_length, base, extra): (usize, usize, &[u8]) = match kind {
            Kind::Lit => (MAX_BITS, LITERALS + 1, &EXTRA_LBITS),
            Kind::Dist => (MAX_BITS, 0, &EXTRA_DBITS),
            Kind::Bl => (MAX_BL_BITS, 0, &EXTRA_BLBITS),
        };
        let max_code = tree.max_code;
        self.bl_count = [0; MAX_BITS + 1];
        tree.len[self.heap[self.heap_max]] = 0;
        let mut overflow = 0i32;
        for h in self.heap_max + 1..HEAP_SIZE {
            let n = self.heap[h];
            let mut bits = tree.len[tree.dad[n] as usize] as usize + 1;
            if bits > max_length {
                bits = max_length;
                overflow += 1;
            }
            tree.len[n] = bits as u16;
            if n > max_code {
                continue;
            }
            self.bl_count[bits] += 1;
            let xbits = if n >= base { extra[n - base] as u64 } else { 0 };
            let f = u64::from(tree.freq[n]);
            self.opt_len = self.opt_len.wrapping_add(f * (bits as u64 + xbits));
            if !matches!(kind, Kind::Bl) {
                let sl = u64::from(self.static_len_of(kind, n));
                self.static_len = self.static_len.wrapping_add(f * (sl + xbits));
            }
        }
        if overflow == 0 {
            return;
        }
        loop {
            let mut bits = max_length - 1;
            while self.bl_count[bits] == 0 {
                bits -= 1;
            }
            self.bl_count[bits] -= 1;
            self.bl_count[bits + 1] += 2;
            self.bl_count[max_length] -= 1;
            overflow -= 2;
            if overflow <= 0 {
                break;
            }
        }
        let mut h = HEAP_SIZE;
        for bits in (1..=max_length).rev() {
            let mut n = self.bl_count[bits];
            while n != 0 {
                h -= 1;
                let m = self.heap[h];
                if m > max_code {
                    continue;
                }
                if tree.len[m] as usize != bits {
                    let diff = bits as i64 - i64::from(tree.len[m]);
                    self.opt_len = self
                        .opt_len
                        .wrapping_add((diff * i64::from(tree.freq[m])) as u64);
                    tree.len[m] = bits as u16;
                }
                n -= 1;
            }
        }
    }

    /// Count the code-length codes a tree's lengths need.
    fn scan_tree(&mut self, kind: Kind) {
        let tree = match kind {
            Kind::Lit => &self.ltree,
            _ => &self.dtree,
        };
        let max_code = tree.max_code;
        let lens: Vec<u16> = tree.len[..=max_code].to_vec();
        let bl = &mut self.bltree.freq;
        let mut prevlen: i32 = -1;
        let mut nextlen = i32::from(lens[0]);
        let mut count = 0;
        let (mut max_count, mut min_count) = if nextlen == 0 { (138, 3) } else { (7, 4) };
        for n in 0..=max_code {
            let curlen = nextlen;
            nextlen = if n < max_code {
                i32::from(lens[n + 1])
            } else {
                0xffff
            };
            count += 1;
            if count < max_count && curlen == nextlen {
                continue;
            } else if count < min_count {
                bl[curlen as usize] += count;
            } else if curlen != 0 {
                if curlen != prevlen {
                    bl[curlen as usize] += 1;
                }
                bl[REP_3_6] += 1;
            } else if count <= 10 {
                bl[REPZ_3_10] += 1;
            } else {
                bl[REPZ_11_138] += 1;
            }
            count = 0;
            prevlen = curlen;
            if nextlen == 0 {
                (max_count, min_count) = (138, 3);
            } else if curlen == nextlen {
                (max_count, min_count) = (6, 3);
            } else {
                (max_count, min_count) = (7, 4);
            }
        }
    }

    fn send_bl(&mut self, c: usize) {
        let (code, len) = (self.bltree.code[c], self.bltree.len[c]);
        self.bits.send(u32::from(code), u32::from(len));
    }

    fn send_tree(&mut self, kind: Kind) {
        let tree = match kind {
            Kind::Lit => &self.ltree,
            _ => &self.dtree,
        };
        let max_code = tree.max_code;
        let lens: Vec<u16> = tree.len[..=max_code].to_vec();
        let mut prevlen: i32 = -1;
        let mut nextlen = i32::from(lens[0]);
        let mut count: u32 = 0;
        let (mut max_count, mut min_count) = if nextlen == 0 { (138, 3) } else { (7, 4) };
        for n in 0..=max_code {
            let curlen = nextlen;
            nextlen = if n < max_code {
                i32::from(lens[n + 1])
            } else {
                0xffff
            };
            count += 1;
            if count < max_count && curlen == nextlen {
                continue;
            } else if count < min_count {
                for _ in 0..count {
                    self.send_bl(curlen as usize);
                }
            } else if curlen != 0 {
                if curlen != prevlen {
                    self.send_bl(curlen as usize);
                    count -= 1;
                }
                self.send_bl(REP_3_6);
                self.bits.send(count - 3, 2);
            } else if count <= 10 {
                self.send_bl(REPZ_3_10);
                self.bits.send(count - 3, 3);
            } else {
                self.send_bl(REPZ_11_138);
                self.bits.send(count - 11, 7);
            }
            count = 0;
            prevlen = curlen;
            if nextlen == 0 {
                (max_count, min_count) = (138, 3);
            } else if curlen == nextlen {
                (max_count, min_count) = (6, 3);
            } else {
                (max_count, min_count) = (7, 4);
            }
        }
    }

    fn build_bl_tree(&mut self) -> usize {
        self.scan_tree(Kind::Lit);
        self.scan_tree(Kind::Dist);
        self.build_tree(Kind::Bl);
        let mut max_blindex = BL_CODES - 1;
        while max_blindex >= 3 {
            if self.bltree.len[BL_ORDER[max_blindex]] != 0 {
                break;
            }
            max_blindex -= 1;
        }
        self.opt_len = self
            .opt_len
            .wrapping_add(3 * (max_blindex as u64 + 1) + 5 + 5 + 4);
        max_blindex
    }

    fn compress_block(&mut self, dynamic: bool) {
        let syms = std::mem::take(&mut self.syms);
        let t = &self.t;
        let (lcode, llen, dcode): (&[u16], &[u16], &[u16]) = if dynamic {
            (&self.ltree.code, &self.ltree.len, &self.dtree.code)
        } else {
            (&t.static_ltree_code, &[], &t.static_dtree_code)
        };
        let lbits = |c: usize| -> u32 {
            if dynamic {
                u32::from(llen[c])
            } else {
                u32::from(t.static_ltree_len[c])
            }
        };
        let dlen = &self.dtree.len;
        let dbits = |c: usize| -> u32 { if dynamic { u32::from(dlen[c]) } else { 5 } };
        let bits = &mut self.bits;
        for &(dist, lc) in &syms {
            let lc = lc as usize;
            if dist == 0 {
                bits.send(u32::from(lcode[lc]), lbits(lc));
            } else {
                let code = t.length_code[lc] as usize;
                bits.send(
                    u32::from(lcode[code + LITERALS + 1]),
                    lbits(code + LITERALS + 1),
                );
                let extra = u32::from(EXTRA_LBITS[code]);
                if extra != 0 {
                    bits.send((lc - t.base_length[code] as usize) as u32, extra);
                }
                let d = dist as usize - 1;
                let code = t.d_code(d);
                bits.send(u32::from(dcode[code]), dbits(code));
                let extra = u32::from(EXTRA_DBITS[code]);
                if extra != 0 {
                    bits.send((d - t.base_dist[code] as usize) as u32, extra);
                }
            }
        }
        bits.send(u32::from(lcode[END_BLOCK]), lbits(END_BLOCK));
        self.syms = syms;
    }

    /// End the current block: `stored` is its input when still in the window.
    pub(crate) fn flush_block(&mut self, stored: Option<&[u8]>, stored_len: u64, eof: bool) {
        self.build_tree(Kind::Lit);
        self.build_tree(Kind::Dist);
        let max_blindex = self.build_bl_tree();
        let mut opt_lenb = (self.opt_len.wrapping_add(3 + 7)) >> 3;
        let static_lenb = (self.static_len.wrapping_add(3 + 7)) >> 3;
        if static_lenb <= opt_lenb {
            opt_lenb = static_lenb;
        }
        let last = u32::from(eof);
        match stored {
            Some(buf) if stored_len + 4 <= opt_lenb => {
                self.bits.send(last, 3);
                self.bits.windup();
                let len = buf.len() as u16;
                self.bits.out.extend_from_slice(&len.to_le_bytes());
                self.bits.out.extend_from_slice(&(!len).to_le_bytes());
                self.bits.out.extend_from_slice(buf);
            }
            _ if static_lenb == opt_lenb => {
                self.bits.send((1 << 1) + last, 3);
                self.compress_block(false);
            }
            _ => {
                self.bits.send((2 << 1) + last, 3);
                let lcodes = self.ltree.max_code + 1;
                let dcodes = self.dtree.max_code + 1;
                let blcodes = max_blindex + 1;
                self.bits.send((lcodes - 257) as u32, 5);
                self.bits.send((dcodes - 1) as u32, 5);
                self.bits.send((blcodes - 4) as u32, 4);
                for &o in &BL_ORDER[..blcodes] {
                    let l = self.bltree.len[o];
                    self.bits.send(u32::from(l), 3);
                }
                self.send_tree(Kind::Lit);
                self.send_tree(Kind::Dist);
                self.compress_block(true);
            }
        }
        self.init_block();
        if eof {
            self.bits.windup();
        }
    }
}
