//! [`Recent`]: the last few values made for a key, for the per-thread caches of compiled
//! programs (jq's filters, regular expressions), where the same few keys come back call after
//! call and a small list beats a map.

use std::borrow::Borrow;

/// At most `cap` values by key, the least recently used dropped first. Lookups are a linear
/// scan: meant for a handful of entries.
#[derive(Debug)]
pub struct Recent<K, V> {
    items: Vec<(K, V)>,
    cap: usize,
}

impl<K, V: Clone> Recent<K, V> {
    pub const fn new(cap: usize) -> Self {
        Recent {
            items: Vec::new(),
            cap,
        }
    }

    /// The value kept for `key` (now the most recently used), if any.
    pub fn get<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: PartialEq + ?Sized,
    {
        let i = self.items.iter().position(|(k, _)| k.borrow() == key)?;
        let entry = self.items.remove(i);
        let value = entry.1.clone();
        self.items.push(entry);
        Some(value)
    }

    /// Keep `value` for `key` as the most recently used, dropping the least recently used
    /// when full.
    pub fn put(&mut self, key: K, value: V) {
        if self.cap == 0 {
            return;
        }
        if self.items.len() >= self.cap {
            self.items.remove(0);
        }
        self.items.push((key, value));
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::Recent;

    #[test]
    fn the_least_recently_used_goes_first() {
        let mut r: Recent<String, u32> = Recent::new(2);
        r.put("a".into(), 1);
        r.put("b".into(), 2);
        assert_eq!(r.get("a"), Some(1));
        r.put("c".into(), 3);
        assert_eq!(
            (r.get("b"), r.get("a"), r.get("c")),
            (None, Some(1), Some(3))
        );
        assert_eq!(r.len(), 2);
        let mut none: Recent<String, u32> = Recent::new(0);
        none.put("a".into(), 1);
        assert!(none.is_empty());
    }
}
