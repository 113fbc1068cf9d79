//! Made pages, kept: a `/watch` or `/solve` page is a function of its
//! query (the board, the seed, the effort), a replay's page of the link's
//! first solve and its sharper par of that solve's scramble and moves, so
//! each is made once and served
//! from here until it is the least recently used of more than
//! `max_entries` pages or `max_bytes` bytes. A page being made is shared
//! too: visitors who ask for it meanwhile wait for the same work (see
//! `pages/mod.rs`).

use std::hash::Hash;
use std::sync::Arc;

use hashlink::LinkedHashMap;

/// Least recently used pages, bounded by count and by bytes: a map that
/// keeps its entries in the order of their last use (hashlink's), so the
/// least recent is always at the front.
pub(crate) struct PageCache<K, V> {
    entries: LinkedHashMap<K, Entry<V>>,
    bytes: usize,
    max_entries: usize,
    max_bytes: usize,
}

struct Entry<V> {
    value: Arc<V>,
    bytes: usize,
}

impl<K: Hash + Eq, V> PageCache<K, V> {
    pub(crate) fn new(max_entries: usize, max_bytes: usize) -> PageCache<K, V> {
        PageCache { entries: LinkedHashMap::new(), bytes: 0, max_entries, max_bytes }
    }

    /// The page kept for `key`, now the most recently used.
    pub(crate) fn get(&mut self, key: &K) -> Option<Arc<V>> {
        self.entries.to_back(key).map(|entry| entry.value.clone())
    }

    /// Keeps `value` (of `bytes` bytes) for `key`, dropping the least
    /// recently used pages until both bounds hold. A page larger than the
    /// whole byte bound is not kept.
    pub(crate) fn insert(&mut self, key: K, value: Arc<V>, bytes: usize) {
        if bytes > self.max_bytes || self.max_entries == 0 {
            return;
        }
        if let Some(old) = self.entries.insert(key, Entry { value, bytes }) {
            self.bytes -= old.bytes;
        }
        self.bytes += bytes;
        while self.entries.len() > self.max_entries || self.bytes > self.max_bytes {
            let Some((_, gone)) = self.entries.pop_front() else { break };
            self.bytes -= gone.bytes;
        }
    }

    /// Pages kept and their bytes.
    pub(crate) fn size(&self) -> (usize, usize) {
        (self.entries.len(), self.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_go_first_and_both_bounds_hold() {
        let mut cache = PageCache::new(3, 100);
        cache.insert("a", Arc::new(1), 10);
        cache.insert("b", Arc::new(2), 10);
        cache.insert("c", Arc::new(3), 10);
        assert_eq!(cache.get(&"a").as_deref(), Some(&1));
        cache.insert("d", Arc::new(4), 10);
        assert!(cache.get(&"b").is_none(), "b was the least recently used");
        assert_eq!(cache.size(), (3, 30));
        // Bytes: a 75-byte page pushes out the least recently used, c.
        cache.insert("e", Arc::new(5), 75);
        assert_eq!(cache.size(), (3, 95));
        assert!(cache.get(&"c").is_none() && cache.get(&"a").is_some() && cache.get(&"d").is_some());
        // Too big for the cache at all: not kept, nothing dropped.
        cache.insert("f", Arc::new(6), 101);
        assert_eq!(cache.size(), (3, 95));
        // The same key again replaces its bytes.
        cache.insert("e", Arc::new(7), 5);
        assert_eq!(cache.size(), (3, 25));
        assert_eq!(cache.get(&"e").as_deref(), Some(&7));
    }
}
