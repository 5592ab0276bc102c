//! awk arrays, visited by `for (k in a)` in the order gawk 5.2 visits them.
//!
//! The values live in a hash map. Beside it, [`Layout`] keeps the keys the way gawk lays them
//! out (`array.c`, `cint_array.c`, `int_array.c`, `str_array.c`), because gawk's loop order is
//! the order of that layout and `awk '{c[$1]++} END {for (k in c) print k, c[k]}'` is printed
//! by scripts without a sort:
//!
//! - the first key decides the kind: a non-negative integer makes a *cint* array (keys listed
//!   in ascending order, in power-of-two blocks), a negative integer an *int* array (a hash of
//!   integers), anything else a *str* array (a chained hash of strings);
//! - keys a kind does not take, and integers too sparse for a cint array, go to a side array
//!   that is listed first;
//! - when the main part empties, the side array takes its place; when all of it empties, the
//!   next key chooses again.
//!
//! Only inserting and deleting touch the layout; reading an existing element is one map lookup.

use std::cell::RefCell;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use indexmap::IndexMap;
use rustc_hash::{FxHashMap, FxHasher};

use super::value::{Str, Value, str_from};

/// A variable or an array element: a scalar, or an array (gawk's arrays of arrays make an
/// element one too, `a[i][j]`).
#[derive(Clone, Debug)]
pub enum Cell {
    Val(Value),
    Arr(Rc<RefCell<Array>>),
}

impl Default for Cell {
    fn default() -> Self {
        Cell::Val(Value::Uninit)
    }
}

#[derive(Default, Debug)]
pub struct Array {
    /// Keys to elements. Its own order means nothing; removal is `swap_remove`, O(1). (An
    /// IndexMap keeps each key's hash, so growing it does not hash the keys again.)
    map: IndexMap<Str, Cell, BuildHasherDefault<FxHasher>>,
    layout: Layout,
    /// How many elements are subarrays: dropping an array without any is a plain drop.
    nested: usize,
    /// The name gawk's messages give the array: its variable's, or `a["i"]` for a subarray.
    name: Option<Rc<ArrayName>>,
}

/// An array's name as a chain: a subarray's is its parent's and its key, so making one costs
/// no copy of the path, however deep (the text is only built for a message).
#[derive(Debug)]
pub struct ArrayName {
    parent: Option<Rc<ArrayName>>,
    /// the variable's name at the top, a key below
    part: Str,
}

impl ArrayName {
    fn render(&self) -> String {
        let mut parts = vec![&self.part];
        let mut at = self.parent.as_deref();
        while let Some(n) = at {
            parts.push(&n.part);
            at = n.parent.as_deref();
        }
        let mut out =
            String::from_utf8_lossy(parts.pop().map_or(&b""[..], |p| &p[..])).into_owned();
        for k in parts.iter().rev() {
            out.push_str(&format!("[\"{}\"]", String::from_utf8_lossy(k)));
        }
        out
    }
}

/// Freed link by link, like the arrays (a deep chain would recurse in the default drop).
impl Drop for ArrayName {
    fn drop(&mut self) {
        let mut next = self.parent.take();
        while let Some(rc) = next {
            next = match Rc::try_unwrap(rc) {
                Ok(mut n) => n.parent.take(),
                Err(_) => None,
            };
        }
    }
}

/// Subarrays nest as deep as a script's recursion takes them (`f(x[1])` calling itself), so
/// an array is taken apart one level at a time from a list, never by recursive drops that
/// could run the stack out.
impl Drop for Array {
    fn drop(&mut self) {
        if self.nested == 0 {
            return;
        }
        let mut pending = Vec::new();
        self.take_subarrays(&mut pending);
        while let Some(rc) = pending.pop() {
            if let Ok(cell) = Rc::try_unwrap(rc) {
                let mut inner = cell.into_inner();
                inner.take_subarrays(&mut pending);
            }
        }
    }
}

impl Array {
    pub fn named(name: &[u8]) -> Array {
        Array::with_name(ArrayName {
            parent: None,
            part: str_from(name),
        })
    }

    fn with_name(name: ArrayName) -> Array {
        let mut a = Array::default();
        a.name = Some(Rc::new(name));
        a
    }

    /// The array of the element `k` of this one, named after it.
    fn child(&self, k: &Str) -> Array {
        Array::with_name(ArrayName {
            parent: self.name.clone(),
            part: k.clone(),
        })
    }

    /// How gawk names this array in a message: `a`, `a["i"]`.
    pub fn name(&self) -> String {
        self.name
            .as_ref()
            .map_or_else(|| "array".into(), |n| n.render())
    }

    /// How gawk names the element `k`: `a["k"]`.
    pub fn element_name(&self, k: &[u8]) -> String {
        format!("{}[\"{}\"]", self.name(), String::from_utf8_lossy(k))
    }

    /// Take `other`'s elements (what `split` and `asort` fill), keeping this array's name.
    pub fn set_elements(&mut self, mut other: Array) {
        other.name = self.name.take();
        *self = other;
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Move every subarray out into `out` (their elements become uninitialized scalars).
    fn take_subarrays(&mut self, out: &mut Vec<Rc<RefCell<Array>>>) {
        if self.nested == 0 {
            return;
        }
        for c in self.map.values_mut() {
            if let Cell::Arr(_) = c
                && let Cell::Arr(a) = std::mem::take(c)
            {
                out.push(a);
            }
        }
        self.nested = 0;
    }

    pub fn get(&self, k: &[u8]) -> Option<&Cell> {
        self.map.get(k)
    }

    /// The scalar element `k`; `None` when it is absent or a subarray.
    pub fn get_value(&self, k: &[u8]) -> Option<&Value> {
        match self.map.get(k)? {
            Cell::Val(v) => Some(v),
            Cell::Arr(_) => None,
        }
    }

    pub fn contains_key(&self, k: &[u8]) -> bool {
        self.map.contains_key(k)
    }

    /// The element `k`, created (uninitialized) if absent, as referencing `a[k]` does in awk.
    /// A caller that stores a subarray in it says so with [`Array::nest`].
    pub fn slot(&mut self, k: Str) -> &mut Cell {
        use indexmap::map::Entry;
        match self.map.entry(k) {
            Entry::Occupied(o) => o.into_mut(),
            Entry::Vacant(v) => {
                self.layout.insert(v.key());
                v.insert(Cell::default())
            }
        }
    }

    /// The subarray at `k`, made from an absent or uninitialized element; `None` when `k`
    /// holds a scalar.
    pub fn subarray(&mut self, k: Str) -> Option<Rc<RefCell<Array>>> {
        match self.map.get(&k[..]) {
            Some(Cell::Arr(a)) => return Some(a.clone()),
            Some(Cell::Val(Value::Uninit)) | None => {}
            Some(Cell::Val(_)) => return None,
        }
        let a = Rc::new(RefCell::new(self.child(&k)));
        self.insert_cell(k, Cell::Arr(a.clone()));
        Some(a)
    }

    /// Store a scalar (the caller has checked that `k` is not a subarray).
    pub fn insert(&mut self, k: Str, v: Value) {
        self.insert_cell(k, Cell::Val(v));
    }

    pub fn insert_cell(&mut self, k: Str, c: Cell) {
        let is_arr = matches!(c, Cell::Arr(_));
        let slot = self.slot(k);
        let was_arr = matches!(slot, Cell::Arr(_));
        *slot = c;
        self.nested = self.nested + usize::from(is_arr) - usize::from(was_arr);
    }

    pub fn remove(&mut self, k: &[u8]) -> Option<Cell> {
        let v = self.map.swap_remove(k)?;
        if let Cell::Arr(_) = v {
            self.nested -= 1;
        }
        self.layout.remove(k);
        Some(v)
    }

    pub fn clear(&mut self) {
        self.set_elements(Array::default());
    }

    fn listed(&self) -> Vec<Key> {
        let mut out = Vec::with_capacity(self.map.len());
        self.layout.list(&mut out);
        debug_assert_eq!(out.len(), self.map.len());
        out
    }

    /// The keys in gawk's unsorted `for (k in a)` order.
    pub fn keys(&self) -> Vec<Str> {
        let mut buf = itoa::Buffer::new();
        let mut key = |k: Key| match k {
            Key::Str(s) => s,
            Key::Int(n) => {
                let digits = buf.format(n).as_bytes();
                match self.map.get_key_value(digits) {
                    Some((k, _)) => k.clone(),
                    None => str_from(digits),
                }
            }
        };
        self.listed().into_iter().map(&mut key).collect()
    }

    /// The values `for (k in a)` gives `k`, in its order: integer keys as numbers (as gawk
    /// lists them, and without making their strings), the others as strnums.
    pub fn loop_values(&self) -> Vec<Value> {
        let value = |k: Key| match k {
            Key::Str(s) => Value::StrNum(s),
            Key::Int(n) => Value::Num(n as f64),
        };
        self.listed().into_iter().map(value).collect()
    }

    /// A copy whose subarrays are copies too (gawk's `asort(src, dest)` copies them), or
    /// `None` when the nesting is too deep for the stack left.
    /// The copy becomes the element `k` of `parent`, and is named after it.
    pub fn deep_copy(&self, parent: &Array, k: &Str) -> Option<Array> {
        if sandsh_api::stack::exhausted() {
            return None;
        }
        let mut out = parent.child(k);
        for k in self.keys() {
            let c = match &self.map[&k] {
                Cell::Val(v) => Cell::Val(v.clone()),
                Cell::Arr(a) => {
                    let inner = a.borrow().deep_copy(&out, &k)?;
                    Cell::Arr(Rc::new(RefCell::new(inner)))
                }
            };
            out.insert_cell(k, c);
        }
        Some(out)
    }

    /// The elements, in the order of [`Array::keys`].
    pub fn values(&self) -> Vec<Cell> {
        self.keys().iter().map(|k| self.map[k].clone()).collect()
    }
}

/// A key as the layout lists it: integer keys come out as numbers, as gawk lists them.
enum Key {
    Str(Str),
    Int(i64),
}

/// A key gawk files as an integer: `0`, or `-?[1-9][0-9]*` within 32 bits. `"01"`, `"+1"`,
/// `"-0"` and `"1.0"` are strings (`int_array.c`, `is_integer`).
fn int_key(s: &[u8]) -> Option<i32> {
    let digits = s.strip_prefix(b"-").unwrap_or(s);
    match digits {
        [b'0'] if digits.len() == s.len() => return Some(0),
        [b'1'..=b'9', rest @ ..] if rest.iter().all(u8::is_ascii_digit) && digits.len() <= 10 => {}
        _ => return None,
    }
    std::str::from_utf8(s).ok()?.parse::<i32>().ok()
}

/// gawk's hash-table sizes: primes, an order of magnitude apart while small.
const SIZES: [usize; 21] = [
    13, 127, 1021, 8191, 16381, 32749, 65497, 131101, 262147, 524309, 1048583, 2097169, 4194319,
    8388617, 16777259, 33554467, 67108879, 134217757, 268435459, 536870923, 1073741827,
];

/// A table grows when it averages more than this many keys per chain (`STR_CHAIN_MAX`,
/// `INT_CHAIN_MAX`).
const CHAIN_MAX: usize = 2;

fn next_size(old: usize) -> Option<usize> {
    SIZES.iter().copied().find(|&s| old < s)
}

#[derive(Default, Debug, Clone)]
enum Layout {
    #[default]
    Null,
    Cint(Box<Cint>),
    Int(Box<IntTable>),
    Str(StrTable),
}

impl Layout {
    fn insert(&mut self, k: &Str) {
        if let Layout::Null = self {
            *self = match int_key(k) {
                Some(n) if n >= 0 => Layout::Cint(Box::default()),
                Some(_) => Layout::Int(Box::default()),
                None => Layout::Str(StrTable::default()),
            };
        }
        match self {
            Layout::Null => unreachable!("chosen above"),
            Layout::Cint(c) => c.insert(k),
            Layout::Int(t) => t.insert(k),
            Layout::Str(t) => t.insert(k.clone()),
        }
    }

    /// Removes `k`, which is present; the layout then shrinks as gawk's does.
    fn remove(&mut self, k: &[u8]) {
        let next = match self {
            Layout::Null => return,
            Layout::Cint(c) => {
                if !c.remove(k) {
                    return;
                }
                c.side.take().map(|s| *s)
            }
            Layout::Int(t) => {
                if !t.remove(k) {
                    return;
                }
                t.side.take().map(Layout::Str)
            }
            Layout::Str(t) => {
                t.remove(k);
                if t.len > 0 {
                    return;
                }
                None
            }
        };
        *self = next.unwrap_or(Layout::Null);
    }

    fn list(&self, out: &mut Vec<Key>) {
        match self {
            Layout::Null => {}
            Layout::Cint(c) => c.list(out),
            Layout::Int(t) => t.list(out),
            Layout::Str(t) => t.list(out),
        }
    }

    fn len(&self) -> usize {
        match self {
            Layout::Null => 0,
            Layout::Cint(c) => c.len(),
            Layout::Int(t) => t.len(),
            Layout::Str(t) => t.len,
        }
    }
}

/// gawk's default string hash (`awk_hash`, sdbm over signed chars, kept to 32 bits).
fn str_hash(s: &[u8]) -> u32 {
    s.iter().fold(0u32, |h, &c| {
        (c as i8 as u32).wrapping_add(h.wrapping_mul(65599))
    })
}

/// `str_array.c`: a chained hash of keys, each chain newest first. The chains are linked
/// lists through a node slab, as in gawk, so growing relinks nodes without moving keys.
#[derive(Default, Debug, Clone)]
struct StrTable {
    /// The first node of each chain, or [`NIL`].
    heads: Vec<u32>,
    nodes: Vec<StrNode>,
    /// Slab slots free for reuse.
    free: Vec<u32>,
    len: usize,
}

#[derive(Debug, Clone)]
struct StrNode {
    code: u32,
    next: u32,
    key: Str,
}

const NIL: u32 = u32::MAX;

impl StrTable {
    fn insert(&mut self, k: Str) {
        if self.heads.is_empty() {
            self.grow();
        }
        let code = str_hash(&k);
        self.len += 1;
        if self.len / self.heads.len() > CHAIN_MAX {
            self.grow();
        }
        let h = code as usize % self.heads.len();
        let node = StrNode {
            code,
            next: self.heads[h],
            key: k,
        };
        let at = match self.free.pop() {
            Some(at) => {
                self.nodes[at as usize] = node;
                at
            }
            None => {
                self.nodes.push(node);
                (self.nodes.len() - 1) as u32
            }
        };
        self.heads[h] = at;
    }

    fn grow(&mut self) {
        let Some(size) = next_size(self.heads.len()) else {
            return;
        };
        let old = std::mem::replace(&mut self.heads, vec![NIL; size]);
        for head in old {
            let mut at = head;
            while at != NIL {
                let node = &mut self.nodes[at as usize];
                let next = node.next;
                let h = node.code as usize % size;
                node.next = self.heads[h];
                self.heads[h] = at;
                at = next;
            }
        }
    }

    fn remove(&mut self, k: &[u8]) -> bool {
        if self.heads.is_empty() {
            return false;
        }
        let h = str_hash(k) as usize % self.heads.len();
        let (mut prev, mut at) = (NIL, self.heads[h]);
        while at != NIL {
            let node = &self.nodes[at as usize];
            let next = node.next;
            if &node.key[..] == k {
                match prev {
                    NIL => self.heads[h] = next,
                    p => self.nodes[p as usize].next = next,
                }
                self.nodes[at as usize].key = super::value::empty_str();
                self.free.push(at);
                self.len -= 1;
                return true;
            }
            (prev, at) = (at, next);
        }
        false
    }

    fn list(&self, out: &mut Vec<Key>) {
        for &head in &self.heads {
            let mut at = head;
            while at != NIL {
                let node = &self.nodes[at as usize];
                out.push(Key::Str(node.key.clone()));
                at = node.next;
            }
        }
    }
}

/// gawk's integer hash (Paul Hsieh's final mix).
fn int_hash(k: i32, size: usize) -> usize {
    let mut k = k as u32;
    k ^= k << 3;
    k = k.wrapping_add(k >> 5);
    k ^= k << 4;
    k = k.wrapping_add(k >> 17);
    k ^= k << 25;
    k = k.wrapping_add(k >> 6);
    k as usize % size
}

/// `int_array.c`: chains of two-key buckets; only a chain's head bucket may be part full.
/// Keys that are not integers go to a string table, listed first.
#[derive(Default, Debug, Clone)]
struct IntTable {
    chains: Vec<Vec<Bucket>>,
    ints: usize,
    side: Option<StrTable>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    n: u8,
    k: [i32; 2],
}

impl IntTable {
    fn len(&self) -> usize {
        self.ints + self.side.as_ref().map_or(0, |s| s.len)
    }

    fn insert(&mut self, k: &Str) {
        let Some(n) = int_key(k) else {
            self.side
                .get_or_insert_with(StrTable::default)
                .insert(k.clone());
            return;
        };
        if self.chains.is_empty() {
            self.grow();
        }
        self.ints += 1;
        if self.ints / self.chains.len() > CHAIN_MAX {
            self.grow();
        }
        let h = int_hash(n, self.chains.len());
        self.put(h, n);
    }

    fn put(&mut self, h: usize, n: i32) {
        let chain = &mut self.chains[h];
        match chain.last_mut() {
            Some(b) if b.n < 2 => {
                b.k[b.n as usize] = n;
                b.n += 1;
            }
            _ => chain.push(Bucket { n: 1, k: [n, 0] }),
        }
    }

    fn grow(&mut self) {
        let Some(size) = next_size(self.chains.len()) else {
            return;
        };
        let old = std::mem::replace(&mut self.chains, vec![Vec::new(); size]);
        for chain in old {
            for b in chain.into_iter().rev() {
                for &n in &b.k[..b.n as usize] {
                    self.put(int_hash(n, size), n);
                }
            }
        }
    }

    /// Removes a present key; true when the integer part is now empty.
    fn remove(&mut self, k: &[u8]) -> bool {
        let Some(n) = int_key(k) else {
            if let Some(side) = &mut self.side {
                side.remove(k);
                if side.len == 0 {
                    self.side = None;
                }
            }
            return false;
        };
        if self.chains.is_empty() {
            return false;
        }
        let h = int_hash(n, self.chains.len());
        let chain = &mut self.chains[h];
        // Walk from the head (the Vec's end), as `int_remove` does.
        let Some((bi, i)) = (0..chain.len()).rev().find_map(|bi| {
            let b = &chain[bi];
            b.k[..b.n as usize]
                .iter()
                .position(|&x| x == n)
                .map(|i| (bi, i))
        }) else {
            return false;
        };
        let b = &mut chain[bi];
        if i == 0 && b.n == 2 {
            b.k[0] = b.k[1];
        }
        b.n -= 1;
        let head = chain.len() - 1;
        if chain[bi].n == 0 {
            chain.remove(bi);
        } else if bi != head {
            // Refill the bucket from the head's last key, so that only the head is part full.
            let hb = &mut chain[head];
            hb.n -= 1;
            let moved = hb.k[hb.n as usize];
            let empty = hb.n == 0;
            chain[bi].k[1] = moved;
            chain[bi].n += 1;
            if empty {
                chain.pop();
            }
        }
        self.ints -= 1;
        self.ints == 0
    }

    fn list(&self, out: &mut Vec<Key>) {
        if let Some(side) = &self.side {
            side.list(out);
        }
        for chain in &self.chains {
            for b in chain.iter().rev() {
                for &n in &b.k[..b.n as usize] {
                    out.push(Key::Int(n as i64));
                }
            }
        }
    }
}

/// `cint_array.c`'s `NHAT`: keys below 2^NHAT share one block tree.
const NHAT: u32 = 10;
/// The most capacity a cint array may leave unused before keys spill to its side array.
const THRESHOLD: i64 = 1 << (NHAT + 1);

/// `cint_array.c`: non-negative integers in leaves of power-of-two blocks, listed in ascending
/// order after the side array (an int or a str layout) that holds every other key.
#[derive(Default, Debug, Clone)]
struct Cint {
    /// Leaf base -> the leaf (its size and a bitmap of the keys present).
    leaves: FxHashMap<u32, Leaf>,
    count: usize,
    /// The total size of the allocated leaves (`array_capacity`).
    capacity: i64,
    side: Option<Box<Layout>>,
}

#[derive(Debug, Clone)]
struct Leaf {
    size: u32,
    count: u32,
    bits: Vec<u64>,
}

/// `cint_hash`: which power-of-two class a key falls in.
fn cint_class(k: u32) -> u32 {
    if k == 0 {
        return NHAT;
    }
    let r = 31 - k.leading_zeros();
    if r < NHAT { NHAT } else { r + 1 }
}

/// The leaf block holding `k`: (base, size), as `tree_lookup` descends to it.
fn leaf_of(k: u32) -> (u32, u32) {
    let m = cint_class(k) - 1;
    let (mut m, mut base) = if m < NHAT {
        (NHAT, 0u64)
    } else {
        (m, 1u64 << m)
    };
    loop {
        let n = m.div_ceil(2);
        let size = 1u64 << n;
        base += (k as u64 - base) / size * size;
        if n > NHAT {
            m = n;
        } else {
            return (base as u32, size as u32);
        }
    }
}

impl Cint {
    fn len(&self) -> usize {
        self.count + self.side.as_ref().map_or(0, |s| s.len())
    }

    fn insert(&mut self, k: &Str) {
        if let Some(n) = int_key(k).filter(|&n| n >= 0) {
            let n = n as u32;
            let m = cint_class(n) - 1;
            let mut li = m.max(NHAT);
            while li >= NHAT {
                li = li.div_ceil(2);
            }
            let estimate = self.capacity + (1i64 << li);
            if estimate - self.count as i64 <= THRESHOLD {
                let (base, size) = leaf_of(n);
                let leaf = self.leaves.entry(base).or_insert_with(|| Leaf {
                    size,
                    count: 0,
                    bits: vec![0; (size as usize).div_ceil(64)],
                });
                if leaf.count == 0 {
                    self.capacity += size as i64;
                }
                let off = (n - base) as usize;
                leaf.bits[off / 64] |= 1 << (off % 64);
                leaf.count += 1;
                self.count += 1;
                return;
            }
        }
        let side = self.side.get_or_insert_with(|| {
            Box::new(match int_key(k) {
                Some(_) => Layout::Int(Box::default()),
                None => Layout::Str(StrTable::default()),
            })
        });
        side.insert(k);
    }

    /// Removes a present key; true when the integer blocks are now empty.
    fn remove(&mut self, k: &[u8]) -> bool {
        if let Some(n) = int_key(k).filter(|&n| n >= 0) {
            let n = n as u32;
            let (base, _) = leaf_of(n);
            if let Some(leaf) = self.leaves.get_mut(&base) {
                let off = (n - base) as usize;
                let bit = 1u64 << (off % 64);
                if leaf.bits[off / 64] & bit != 0 {
                    leaf.bits[off / 64] &= !bit;
                    leaf.count -= 1;
                    if leaf.count == 0 {
                        self.capacity -= leaf.size as i64;
                        self.leaves.remove(&base);
                    }
                    self.count -= 1;
                    return self.count == 0;
                }
            }
        }
        if let Some(side) = &mut self.side {
            side.remove(k);
            if side.len() == 0 {
                self.side = None;
            }
        }
        false
    }

    fn list(&self, out: &mut Vec<Key>) {
        if let Some(side) = &self.side {
            side.list(out);
        }
        let mut bases: Vec<u32> = self.leaves.keys().copied().collect();
        bases.sort_unstable();
        for base in bases {
            let leaf = &self.leaves[&base];
            for (w, &word) in leaf.bits.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let b = word.trailing_zeros();
                    word &= word - 1;
                    out.push(Key::Int(base as i64 + (w * 64) as i64 + b as i64));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(a: &Array) -> Vec<String> {
        a.keys()
            .iter()
            .map(|k| String::from_utf8_lossy(k).into_owned())
            .collect()
    }

    #[test]
    fn integer_keys_as_gawk_files_them() {
        for (s, want) in [
            ("0", Some(0)),
            ("7", Some(7)),
            ("-3", Some(-3)),
            ("2147483647", Some(i32::MAX)),
            ("-2147483648", Some(i32::MIN)),
            ("2147483648", None),
            ("01", None),
            ("-0", None),
            ("+1", None),
            ("1.0", None),
            ("-", None),
            ("", None),
            (" 1", None),
        ] {
            assert_eq!(int_key(s.as_bytes()), want, "{s:?}");
        }
    }

    #[test]
    fn leaves_as_tree_lookup_descends() {
        assert_eq!(leaf_of(0), (0, 32));
        assert_eq!(leaf_of(1023), (992, 32));
        assert_eq!(leaf_of(1024), (1024, 32));
        assert_eq!(leaf_of(3000), (2944, 64));
        assert_eq!(leaf_of(1 << 20), (1 << 20, 1024));
        assert_eq!(leaf_of((1 << 21) + 5), (1 << 21, 64));
    }

    #[test]
    fn strings_follow_gawk_hash_chains() {
        // gawk 5.2.1: printf 'foo\nbar\nbaz\nqux\nfoo\napple\nzeta\n' | gawk '{c[$1]++} END {for (k in c) print k}'
        let mut a = Array::default();
        for w in ["foo", "bar", "baz", "qux", "foo", "apple", "zeta"] {
            a.slot(str_from(w.as_bytes()));
        }
        assert_eq!(keys(&a), ["apple", "foo", "baz", "qux", "zeta", "bar"]);
    }

    #[test]
    fn removing_everything_lets_the_next_key_choose_again() {
        let mut a = Array::default();
        a.slot(str_from(b"x"));
        a.remove(b"x");
        assert!(matches!(a.layout, Layout::Null));
        for i in [5, 3, 9] {
            a.slot(str_from(i.to_string().as_bytes()));
        }
        assert_eq!(keys(&a), ["3", "5", "9"]);
    }

    #[test]
    fn subarrays_are_made_where_a_path_needs_them() {
        let mut a = Array::named(b"a");
        let sub = a
            .subarray(str_from(b"1"))
            .expect("an absent element becomes a subarray");
        assert!(Rc::ptr_eq(
            &sub,
            &a.subarray(str_from(b"1")).expect("the same one")
        ));
        assert_eq!(sub.borrow().element_name(b"2"), "a[\"1\"][\"2\"]");
        a.insert(str_from(b"s"), Value::Num(1.0));
        assert!(
            a.subarray(str_from(b"s")).is_none(),
            "a scalar is never made an array"
        );
        a.slot(str_from(b"u"));
        assert!(
            a.subarray(str_from(b"u")).is_some(),
            "an untyped element is"
        );
        assert_eq!(a.nested, 2);
        a.remove(b"1");
        assert_eq!(a.nested, 1);
        a.insert_cell(str_from(b"u"), Cell::Val(Value::Num(2.0)));
        assert_eq!(a.nested, 0);
    }

    #[test]
    fn deep_nesting_is_freed_without_recursion() {
        // A chain a[1][1]…[1] a million deep: recursive drops (of the arrays or of their
        // names) would overflow the test thread's stack.
        let top = Array::named(b"t");
        let mut cur = Rc::new(RefCell::new(top));
        let root = cur.clone();
        for _ in 0..1_000_000 {
            let next = cur.borrow_mut().subarray(str_from(b"1")).expect("subarray");
            cur = next;
        }
        assert!(cur.borrow().name().starts_with("t[\"1\"][\"1\"]"));
        drop(cur);
        drop(root);
    }

    #[test]
    fn copies_are_deep_and_named_after_their_new_place() {
        let mut a = Array::named(b"a");
        let sub = a.subarray(str_from(b"1")).expect("subarray");
        sub.borrow_mut().insert(str_from(b"x"), Value::Num(1.0));
        let dest = Array::named(b"b");
        let copy = sub
            .borrow()
            .deep_copy(&dest, &str_from(b"3"))
            .expect("shallow enough");
        assert_eq!(copy.name(), "b[\"3\"]");
        sub.borrow_mut().insert(str_from(b"x"), Value::Num(2.0));
        assert!(matches!(copy.get_value(b"x"), Some(Value::Num(n)) if *n == 1.0));
    }
}
