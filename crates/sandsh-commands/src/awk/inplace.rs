//! gawk's `-i inplace`: each input file is replaced by what the program prints while reading
//! it. As in gawk's inplace extension, standard output goes to the file from the moment it
//! opens; the file is put in place when the next file begins or before the END rules run
//! (which print to standard output again), with a backup named by `INPLACE_SUFFIX` when that
//! is set. A fatal error leaves the file as it was.

use super::interp::{Cell, Interp, R, fatal};
use crate::common::diag;
use sandsh_api::fs::WriteMode;

/// The edit in progress.
#[derive(Default)]
pub struct Inplace {
    /// The file being read (as named in ARGV) and what has been printed for it.
    target: Option<String>,
    printed: Vec<u8>,
    /// The slot of `INPLACE_SUFFIX`.
    suffix_slot: Option<usize>,
}

impl Inplace {
    pub fn new(suffix_slot: Option<usize>) -> Inplace {
        Inplace {
            suffix_slot,
            ..Default::default()
        }
    }

    /// Where standard output goes while a file is being edited.
    pub fn editing(&mut self) -> Option<&mut Vec<u8>> {
        self.target.is_some().then_some(&mut self.printed)
    }
}

/// Where gawk's messages from its inplace library point.
pub const PLACE: &str = "inplace:59";

impl Interp<'_> {
    /// A warning as gawk's inplace library words it.
    pub fn inplace_warn(&mut self, msg: &str) {
        let _ = self.flush_out();
        let me = self.me;
        let _ = writeln!(
            self.ctx.stderr(),
            "{me}: {PLACE}: warning: inplace::begin: {msg}"
        );
    }

    /// Standard output now goes to `name`, the file just opened.
    pub fn inplace_begin(&mut self, name: String) -> R<()> {
        self.flush_out()?;
        if let Some(ip) = self.inplace.as_mut() {
            ip.target = Some(name);
            ip.printed.clear();
        }
        Ok(())
    }

    /// Put the file being edited in place (through a new file in its directory, renamed over
    /// it), keeping the old one as `NAME` + `INPLACE_SUFFIX` when that is set.
    pub fn inplace_end(&mut self) -> R<()> {
        if self.inplace.as_ref().is_none_or(|ip| ip.target.is_none()) {
            return Ok(());
        }
        self.flush_out()?;
        let suffix = match self.inplace.as_ref().and_then(|ip| ip.suffix_slot) {
            Some(i) => match &self.globals[i] {
                Cell::Val(v) => v.to_str_with(&self.convfmt).to_vec(),
                Cell::Arr(_) => Vec::new(),
            },
            None => Vec::new(),
        };
        let Some(ip) = self.inplace.as_mut() else {
            return Ok(());
        };
        let Some(name) = ip.target.take() else {
            return Ok(());
        };
        let data = std::mem::take(&mut ip.printed);
        let target = self.ctx.resolve_path(&name);
        let mode = self.ctx.backend().stat(&target).map_or(0o644, |m| m.mode);
        let dir = target.parent().unwrap_or(std::path::Path::new("/"));
        let base = target.file_name().map(|f| f.to_string_lossy().into_owned());
        self.tmp_counter += 1;
        let tmp = dir.join(format!(
            ".{}.awk{}",
            base.unwrap_or_default(),
            self.tmp_counter
        ));
        let backend = self.ctx.backend();
        if let Err(e) = backend.write(&tmp, &data, WriteMode::Truncate, mode) {
            return fatal(format!(
                "inplace::end: cannot write `{}' ({})",
                tmp.display(),
                diag::vfs_msg(&e)
            ));
        }
        // A rename that fails leaves the original as it was and takes the new file away.
        let moved = |from: &std::path::Path, to: &std::path::Path, what: String| {
            let backend = self.ctx.backend();
            backend.rename(from, to).or_else(|e| {
                let _ = backend.remove(&tmp, false);
                fatal(format!(
                    "inplace::end: {what} failed ({})",
                    diag::vfs_msg(&e)
                ))
            })
        };
        if !suffix.is_empty() {
            let backup = self
                .ctx
                .resolve_path(&format!("{name}{}", String::from_utf8_lossy(&suffix)));
            let what = format!("link(`{name}', `{}')", backup.display());
            moved(&target, &backup, what)?;
        }
        moved(
            &tmp,
            &target,
            format!("rename(`{}', `{name}')", tmp.display()),
        )?;
        Ok(())
    }
}
