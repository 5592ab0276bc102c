//! CRC-32 (IEEE 802.3, reflected, as gzip's trailer carries it), slice-by-8 for speed.

const fn tables() -> [[u32; 256]; 8] {
    let mut t = [[0u32; 256]; 8];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[0][n] = c;
        n += 1;
    }
    let mut n = 0;
    while n < 256 {
        let mut k = 1;
        while k < 8 {
            let prev = t[k - 1][n];
            t[k][n] = (prev >> 8) ^ t[0][(prev & 0xff) as usize];
            k += 1;
        }
        n += 1;
    }
    t
}

static TABLES: [[u32; 256]; 8] = tables();

/// A running CRC-32.
#[derive(Clone, Copy, Debug, Default)]
pub struct Crc32 {
    state: u32,
}

impl Crc32 {
    /// A CRC of nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feed `data`.
    pub fn update(&mut self, data: &[u8]) {
        let t = &TABLES;
        let mut c = !self.state;
        let mut chunks = data.chunks_exact(8);
        for ch in &mut chunks {
            let lo = c ^ u32::from_le_bytes([ch[0], ch[1], ch[2], ch[3]]);
            let hi = u32::from_le_bytes([ch[4], ch[5], ch[6], ch[7]]);
            c = t[7][(lo & 0xff) as usize]
                ^ t[6][((lo >> 8) & 0xff) as usize]
                ^ t[5][((lo >> 16) & 0xff) as usize]
                ^ t[4][(lo >> 24) as usize]
                ^ t[3][(hi & 0xff) as usize]
                ^ t[2][((hi >> 8) & 0xff) as usize]
                ^ t[1][((hi >> 16) & 0xff) as usize]
                ^ t[0][(hi >> 24) as usize];
        }
        for &b in chunks.remainder() {
            c = (c >> 8) ^ t[0][((c ^ u32::from(b)) & 0xff) as usize];
        }
        self.state = !c;
    }

    /// The CRC of everything fed so far.
    pub fn sum(&self) -> u32 {
        self.state
    }
}

#[cfg(test)]
mod tests {
    use super::Crc32;

    #[test]
    fn check_value() {
        let mut c = Crc32::new();
        c.update(b"123456789");
        assert_eq!(c.sum(), 0xcbf4_3926);
        let mut c = Crc32::new();
        for b in b"123456789" {
            c.update(std::slice::from_ref(b));
        }
        assert_eq!(c.sum(), 0xcbf4_3926);
    }
}
