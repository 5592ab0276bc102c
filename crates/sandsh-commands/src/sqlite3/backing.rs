//! Writing databases back to the sandbox's files.
//!
//! The real CLI's changes reach the file at each commit. Here a database lives in memory
//! (`db.rs`), so after each statement that leaves no transaction open, every database that
//! stands for a file (`main`, attached ones) whose content changed is serialized and written
//! back whole; a command stopped midway (timeout, cancellation) keeps what it committed, as
//! the CLI would. A change shows in the header's file change counter (offset 24), which SQLite
//! bumps on each write transaction, so an unchanged database is not rewritten. Rewriting a
//! large database after every statement of a loop would copy it each time: past
//! [`LARGE`] bytes, writes are at most one per [`SPACING`], and the command's end (or a
//! `DETACH`) writes what is still pending.

use std::time::{Duration, Instant};

use super::shell::Shell;

/// A database size past which write-backs are spaced.
const LARGE: usize = 4 << 20;
/// The least time between two write-backs of a large database.
const SPACING: Duration = Duration::from_millis(250);

/// A database that stands for a sandbox file.
pub struct Backed {
    pub schema: String,
    pub file: String,
    /// The file did not exist: it is written even unchanged (SQLite creates it).
    missing: bool,
    /// The change counter of what the file holds (`None`: not known).
    written: Option<u32>,
    last: Option<Instant>,
}

impl Backed {
    pub fn new(schema: String, file: String, missing: bool, written: Option<u32>) -> Backed {
        Backed {
            schema,
            file,
            missing,
            written,
            last: None,
        }
    }
}

/// The file change counter in a database file's header.
pub fn header_counter(data: &[u8]) -> Option<u32> {
    let b = data.get(24..28)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

impl Shell<'_, '_> {
    /// Writes back each database that changed since its file was written; `force` also
    /// writes the spaced ones. A failure is reported and makes the command's status 1.
    pub fn sync(&mut self, force: bool) {
        if self.readonly {
            return;
        }
        let mut pending = false;
        for i in 0..self.backed.len() {
            match self.write_back(i, force) {
                Ok(done) => pending |= !done,
                Err(m) => {
                    self.eprint(&format!("Error: {m}"));
                    self.write_failed = true;
                }
            }
        }
        self.dirty = pending;
    }

    /// Before a `DETACH` of `schema`: write it back when it stands for a file.
    pub fn before_detach(&mut self, schema: &str) -> super::attach::Stepped {
        let Some(i) = self
            .backed
            .iter()
            .position(|b| b.schema.eq_ignore_ascii_case(schema))
        else {
            return Ok(());
        };
        let r = if self.readonly {
            Ok(true)
        } else {
            self.write_back(i, true)
        };
        self.backed.remove(i);
        r.map(|_| ()).map_err(|m| (1, m))
    }

    /// Writes database `i` back if it changed; whether nothing is left pending.
    fn write_back(&mut self, i: usize, force: bool) -> Result<bool, String> {
        let b = &self.backed[i];
        let (counter, size) = self.db.change_counter(&b.schema);
        let changed = match counter {
            Some(c) => Some(c) != b.written,
            // Not a contiguous image (a fresh database): trust the statements.
            None => self.dirty,
        };
        if !(changed || b.missing) {
            return Ok(true);
        }
        if !force && size > LARGE && b.last.is_some_and(|t| t.elapsed() < SPACING) {
            return Ok(false);
        }
        let (schema, file) = (b.schema.clone(), b.file.clone());
        let bytes = self
            .db
            .save(&schema)
            .map_err(|m| format!("cannot save database \"{file}\": {m}"))?;
        {
            let cx = self.cx.borrow();
            crate::common::output::write_file(&**cx, &file, &bytes).map_err(|e| {
                format!(
                    "cannot write database \"{file}\": {}",
                    crate::common::diag::vfs_msg(&e)
                )
            })?;
        }
        let b = &mut self.backed[i];
        b.written = header_counter(&bytes);
        b.missing = false;
        b.last = Some(Instant::now());
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::header_counter;

    #[test]
    fn the_counter_is_big_endian_at_24() {
        let mut h = vec![0u8; 100];
        h[24..28].copy_from_slice(&[0, 0, 1, 2]);
        assert_eq!(header_counter(&h), Some(258));
        assert_eq!(header_counter(&h[..27]), None);
    }
}
