//! The crate's tests' source of repeatable random input: xorshift64 from a fixed seed, so a
//! "never panics on random input" test fails the same way every run.

pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Fewer than `max` bytes drawn from `alphabet`.
    pub(crate) fn bytes(&mut self, alphabet: &[u8], max: u64) -> Vec<u8> {
        let n = self.next() % max;
        (0..n)
            .map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize])
            .collect()
    }
}
