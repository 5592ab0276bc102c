//! `tar -c`, `-r` and `-u`: write entries as GNU tar writes them.
//!
//! Headers and padding are written here (the `tar` crate formats the numeric fields), so that
//! names are exactly GNU's: directories end in `/`, names over 100 bytes go in a
//! `././@LongLink` entry (gnu format) or are split into prefix and name (ustar), and the
//! archive ends with two zero blocks padded to a 10240-byte record.

use sandsh_api::os_str::OsStrExt;
use std::collections::HashMap;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::common::users::Table;
use crate::common::{diag, paths};
use sandsh_api::fs::{FileType, Metadata};

use super::super::io::{In, Out, Shared, VfsFile, check, msg, print, warn};
use super::super::safepath::{Member, member};
use super::{Encoder, Kind, LongList, Op, Opts, Zip, excluded, fatal, show_name};

const BLOCK: u64 = 512;
const RECORD: u64 = 10240;

/// Counts what goes into the (possibly compressed) archive stream.
struct Counting<W: Write> {
    inner: W,
    n: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(b)?;
        self.n += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// What one run needs while writing.
struct Writer<'o> {
    o: &'o Opts,
    /// `/etc/passwd` and `/etc/group`, for the owner names in each header.
    owners: Table,
    /// Where verbose names go: stderr when the archive is stdout.
    verbose_to_stderr: bool,
    long: LongList,
    warned_strip: Vec<String>,
    /// The leading `/` or `../` stripped from the current operand: -v shows names as given
    /// (`/abs/dir/f`), as GNU does, while the members lose it.
    shown_prefix: Vec<u8>,
    errors: bool,
    /// The archive's own path (never archived into itself).
    archive_path: Option<PathBuf>,
    /// -u: the archived mtimes by name.
    archived: HashMap<Vec<u8>, i64>,
    /// Files with several links already archived (inode -> member name): later names are
    /// stored as hard links to the first, as GNU does.
    links: HashMap<u64, Vec<u8>>,
}

pub fn run(sh: &Shared<'_>, o: &Opts) -> i32 {
    if o.members.is_empty() {
        if o.op == Op::Create {
            warn(
                sh,
                "tar: Cowardly refusing to create an empty archive\nTry 'tar --help' or 'tar --usage' for more information.",
            );
            return super::FATAL;
        }
        return 0;
    }
    // Each member is read from the `-C` directory given before it.
    let (backend, bases, archive_path, owners) = {
        let Ok(c) = sh.try_borrow() else { return 2 };
        let bases: Vec<PathBuf> = o
            .member_dirs
            .iter()
            .map(|d| match d {
                Some(d) => c.resolve_path(d),
                None => c.cwd().to_path_buf(),
            })
            .collect();
        let archive_path = (o.file != "-").then(|| c.resolve_path(&o.file));
        (c.backend().clone(), bases, archive_path, Table::load(&**c))
    };
    for (d, base) in o.member_dirs.iter().zip(&bases) {
        if let Some(d) = d
            && !backend.stat(base).is_ok_and(|m| m.is_dir())
        {
            return fatal(sh, &format!("{d}: Cannot open: No such file or directory"));
        }
    }
    let mut w = Writer {
        o,
        owners,
        verbose_to_stderr: o.file == "-",
        long: LongList::new(),
        warned_strip: Vec::new(),
        shown_prefix: Vec::new(),
        errors: false,
        archive_path: archive_path.clone(),
        archived: HashMap::new(),
        links: HashMap::new(),
    };
    // Where the new entries start: 0, or the end of the existing entries (-r, -u).
    let mut start = 0u64;
    let out = match (&archive_path, o.op) {
        (None, Op::Create) => Out::stdout(sh),
        (None, _) => {
            return fatal(sh, "Options '-Aru' are incompatible with '-f -'");
        }
        (Some(p), Op::Create) => match VfsFile::create(&backend, p, 0o666 & !umask(sh)) {
            Ok(f) => Out::file(sh, f),
            Err(e) => return fatal(sh, &format!("{}: Cannot open: {}", o.file, msg(&e))),
        },
        (Some(p), _) => {
            if o.zip != Zip::None {
                return fatal(sh, "Cannot update compressed archives");
            }
            let mut f = match VfsFile::open(&backend, p) {
                Ok(f) => f,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    match VfsFile::create(&backend, p, 0o666 & !umask(sh)) {
                        Ok(f) => f,
                        Err(e) => {
                            return fatal(sh, &format!("{}: Cannot open: {}", o.file, msg(&e)));
                        }
                    }
                }
                Err(e) => return fatal(sh, &format!("{}: Cannot open: {}", o.file, msg(&e))),
            };
            match scan_existing(sh, &backend, p, &mut w.archived) {
                Ok(end) => start = end,
                Err(e) => {
                    if sandsh_api::is_cancelled(&e) {
                        return 130;
                    }
                    return fatal(sh, &format!("{}: {}", o.file, msg(&e)));
                }
            }
            if f.seek(SeekFrom::Start(start)).is_err() {
                return 2;
            }
            Out::file(sh, f)
        }
    };
    let enc = match Encoder::new(o.zip, out) {
        Ok(e) => e,
        Err(e) => return fatal(sh, &msg(&e)),
    };
    let mut cw = Counting {
        inner: enc,
        n: start,
    };
    let res = write_all(sh, &mut w, &mut cw, &backend, &bases);
    let res = res.and_then(|()| {
        cw.write_all(&[0u8; 1024])?;
        let pad = (RECORD - cw.n % RECORD) % RECORD;
        cw.write_all(&vec![0u8; pad as usize])?;
        let mut out = cw.inner.finish()?;
        out.flush()
    });
    if let Err(e) = res {
        if sandsh_api::is_cancelled(&e) {
            return 130;
        }
        if e.kind() == io::ErrorKind::BrokenPipe {
            return 141;
        }
        return fatal(sh, &format!("{}: Cannot write: {}", o.file, msg(&e)));
    }
    if w.errors { 2 } else { 0 }
}

fn umask(sh: &Shared<'_>) -> u32 {
    sh.try_borrow().map_or(0o022, |c| c.umask())
}

/// Read the existing entries of an archive being appended to: their names and mtimes, and
/// where the end-of-archive blocks start.
fn scan_existing(
    sh: &Shared<'_>,
    backend: &std::sync::Arc<dyn sandsh_api::fs::KernelBackend>,
    path: &Path,
    archived: &mut HashMap<Vec<u8>, i64>,
) -> io::Result<u64> {
    let mut end = 0u64;
    let mut a = tar::Archive::new(In::file(sh, VfsFile::open(backend, path)?));
    for e in a.entries()? {
        check(sh)?;
        let e = e?;
        let size = e.header().entry_size().unwrap_or(0);
        end = e.raw_file_position() + size.div_ceil(BLOCK) * BLOCK;
        let mtime = e.header().mtime().unwrap_or(0) as i64;
        let name = e.path_bytes().into_owned();
        let key = paths::trim_slashes(&name).to_vec();
        let slot = archived.entry(key).or_insert(mtime);
        *slot = (*slot).max(mtime);
    }
    Ok(end)
}

fn write_all(
    sh: &Shared<'_>,
    w: &mut Writer<'_>,
    out: &mut dyn Write,
    backend: &std::sync::Arc<dyn sandsh_api::fs::KernelBackend>,
    bases: &[PathBuf],
) -> io::Result<()> {
    for (op, base) in w.o.members.iter().zip(bases) {
        check(sh)?;
        let path = sandsh_api::fs::normalize(base, Path::new(std::ffi::OsStr::from_bytes(op)));
        // The member name: the operand without trailing slashes, leading '/' or '../'.
        let trimmed = if op.iter().all(|&b| b == b'/') {
            "/".to_string()
        } else {
            diag::lossy(paths::trim_slashes(op))
        };
        let name = match member(&trimmed) {
            _ if w.o.absolute => trimmed.clone(),
            Member::Ok { stripped, .. } if stripped.is_empty() => trimmed.clone(),
            Member::Ok { parts, stripped } | Member::DotDot { parts, stripped } => {
                if !w.warned_strip.contains(&stripped) {
                    warn(
                        sh,
                        &format!("tar: Removing leading `{stripped}' from member names"),
                    );
                    w.warned_strip.push(stripped);
                }
                if parts.is_empty() {
                    ".".to_string()
                } else {
                    trimmed[trimmed.len() - parts_len(&trimmed, &parts)..].to_string()
                }
            }
        };
        w.shown_prefix = match trimmed.strip_suffix(name.as_str()) {
            Some(p) if name != "." => p.as_bytes().to_vec(),
            _ => Vec::new(),
        };
        // Depth-first, children in name order, with an explicit stack (no recursion).
        let mut stack: Vec<(PathBuf, Vec<u8>)> = vec![(path, name.into_bytes())];
        while let Some((p, n)) = stack.pop() {
            check(sh)?;
            let meta = match if w.o.dereference {
                backend.stat(&p)
            } else {
                backend.lstat(&p)
            } {
                Ok(m) => m,
                Err(e) => {
                    warn(sh, &format!("tar: {}: Cannot stat: {e}", show_name(&n)));
                    w.errors = true;
                    continue;
                }
            };
            if excluded(w.o, &n) {
                continue;
            }
            if w.archive_path.as_deref() == Some(p.as_path()) {
                warn(
                    sh,
                    &format!("tar: {}: file is the archive; not dumped", show_name(&n)),
                );
                continue;
            }
            if meta.is_dir() {
                let mut dn = n.clone();
                if !dn.ends_with(b"/") {
                    dn.push(b'/');
                }
                emit(sh, w, out, backend, &p, &dn, &meta)?;
                let mut kids = match backend.list(&p) {
                    Ok(k) => k,
                    Err(e) => {
                        warn(sh, &format!("tar: {}: Cannot open: {e}", show_name(&n)));
                        w.errors = true;
                        continue;
                    }
                };
                kids.sort_by(|a, b| b.name.cmp(&a.name));
                for k in kids {
                    let mut child = dn.clone();
                    child.extend_from_slice(&k.name);
                    // Names are bytes: a name that is not UTF-8 stays as it is.
                    let os = std::ffi::OsStr::from_bytes(&k.name);
                    stack.push((p.join(os), child));
                }
            } else {
                emit(sh, w, out, backend, &p, &n, &meta)?;
            }
        }
    }
    Ok(())
}

/// The byte length of the tail of `name` that `parts` (its last components) occupy.
fn parts_len(name: &str, parts: &[String]) -> usize {
    let tail = parts.join("/");
    if name.ends_with(&tail) {
        tail.len()
    } else {
        name.len()
    }
}

/// Write one entry (header(s) and data) and report it with -v.
fn emit(
    sh: &Shared<'_>,
    w: &mut Writer<'_>,
    out: &mut dyn Write,
    backend: &std::sync::Arc<dyn sandsh_api::fs::KernelBackend>,
    path: &Path,
    name: &[u8],
    meta: &Metadata,
) -> io::Result<()> {
    let (secs, _) = crate::common::time_format::split_time(meta.mtime);
    if w.o.op == Op::Update {
        let key = paths::trim_slashes(name).to_vec();
        if w.archived.get(&key).is_some_and(|&t| t >= secs) {
            return Ok(());
        }
    }
    let (typ, link) = match meta.file_type {
        FileType::Dir => (b'5', None),
        FileType::Symlink => match backend.read_link(path) {
            Ok(t) => (b'2', Some(t.to_string_lossy().into_owned().into_bytes())),
            Err(e) => {
                warn(
                    sh,
                    &format!("tar: {}: Cannot readlink: {e}", show_name(name)),
                );
                w.errors = true;
                return Ok(());
            }
        },
        FileType::File if meta.nlink > 1 => match w.links.get(&meta.ino) {
            Some(first) => (b'1', Some(first.clone())),
            None => {
                w.links.insert(meta.ino, name.to_vec());
                (b'0', None)
            }
        },
        FileType::File => (b'0', None),
        FileType::Fifo => (b'6', None),
        FileType::CharDevice => {
            warn(sh, &format!("tar: {}: socket ignored", show_name(name)));
            return Ok(());
        }
    };
    let size = if typ == b'0' { meta.size } else { 0 };
    let mut h = if w.o.ustar {
        tar::Header::new_ustar()
    } else {
        tar::Header::new_gnu()
    };
    let (uid, user) = match &w.o.owner {
        Some(spec) => forced_id(
            spec,
            |n| w.owners.uid_of(n),
            |id| w.owners.user_name(id).map(str::to_string),
            meta.uid,
        ),
        None => (
            meta.uid,
            w.owners.user_name(meta.uid).unwrap_or("").to_string(),
        ),
    };
    let (gid, group) = match &w.o.group {
        Some(spec) => forced_id(
            spec,
            |n| w.owners.gid_of(n),
            |id| w.owners.group_name(id).map(str::to_string),
            meta.gid,
        ),
        None => (
            meta.gid,
            w.owners.group_name(meta.gid).unwrap_or("").to_string(),
        ),
    };
    let secs = w.o.mtime.unwrap_or(secs);
    h.set_mode(meta.mode & 0o7777);
    h.set_uid(u64::from(uid));
    h.set_gid(u64::from(gid));
    h.set_size(size);
    h.set_mtime(secs.max(0) as u64);
    h.set_entry_type(tar::EntryType::new(typ));
    // --numeric-owner leaves the names empty.
    let (user, group) = if w.o.numeric {
        (String::new(), String::new())
    } else {
        (user, group)
    };
    let _ = h.set_username(&user);
    let _ = h.set_groupname(&group);
    if w.o.ustar {
        // ustar's device fields are octal zeros in GNU's headers (NUL in gnu format's).
        let _ = h.set_device_major(0);
        let _ = h.set_device_minor(0);
    }
    let (stored, stored_link) = transformed(w.o, name, typ, link.as_deref());
    if let Err(m) = put_names(w, out, &mut h, &stored, stored_link.as_deref()) {
        warn(sh, &format!("tar: {}: {m}", show_name(name)));
        w.errors = true;
        return Ok(());
    }
    gnu_cksum(&mut h);
    // Open the data before writing the header, so a failed open writes nothing.
    let mut data = if typ == b'0' {
        match VfsFile::open(backend, path) {
            Ok(f) => Some(In::file(sh, f)),
            Err(e) => {
                warn(
                    sh,
                    &format!("tar: {}: Cannot open: {}", show_name(name), msg(&e)),
                );
                w.errors = true;
                return Ok(());
            }
        }
    } else {
        None
    };
    out.write_all(h.as_bytes())?;
    if let Some(d) = &mut data {
        let mut limited = d.take(size);
        let n = super::super::io::copy(sh, &mut limited, out)?;
        if n < size {
            warn(
                sh,
                &format!(
                    "tar: {}: File shrank by {} bytes; padding with zeros",
                    show_name(name),
                    size - n
                ),
            );
            w.errors = true;
            out.write_all(&vec![0u8; (size - n) as usize])?;
        }
        let pad = (BLOCK - size % BLOCK) % BLOCK;
        out.write_all(&vec![0u8; pad as usize])?;
    }
    if w.o.verbose > 0 {
        let shown = [w.shown_prefix.as_slice(), name].concat();
        let name = shown.as_slice();
        let line = if w.o.verbose > 1 {
            let shown_link = link.as_deref().map(show_name);
            let user = if user.is_empty() {
                uid.to_string()
            } else {
                user
            };
            let group = if group.is_empty() {
                gid.to_string()
            } else {
                group
            };
            w.long.line(
                typ,
                meta.mode,
                &user,
                &group,
                size,
                secs,
                &show_name(name),
                shown_link.as_deref(),
            )
        } else {
            show_name(name)
        };
        if w.verbose_to_stderr {
            warn(sh, &line);
        } else {
            print(sh, format!("{line}\n").as_bytes());
        }
    }
    Ok(())
}

/// The member name and link target as stored: rewritten by `--transform` (a directory's
/// name without its trailing `/`, which is put back).
fn transformed(o: &Opts, name: &[u8], typ: u8, link: Option<&[u8]>) -> (Vec<u8>, Option<Vec<u8>>) {
    if o.transform.is_empty() {
        return (name.to_vec(), link.map(<[u8]>::to_vec));
    }
    let dir = name.len() > 1 && name.ends_with(b"/");
    let base = if dir { &name[..name.len() - 1] } else { name };
    let mut n = o.transform.apply(base, Kind::Name);
    if n.is_empty() {
        n = base.to_vec();
    }
    if dir {
        n.push(b'/');
    }
    let kind = if typ == b'2' {
        Kind::Symlink
    } else {
        Kind::Hardlink
    };
    (n, link.map(|l| o.transform.apply(l, kind)))
}

/// Fill the name and link name fields, writing GNU long-name entries first when needed.
fn put_names(
    w: &Writer<'_>,
    out: &mut dyn Write,
    h: &mut tar::Header,
    name: &[u8],
    link: Option<&[u8]>,
) -> Result<(), String> {
    if w.o.ustar {
        if let Some(l) = link {
            if l.len() > 100 {
                return Err("link name is too long; not dumped".into());
            }
            h.as_old_mut().linkname[..l.len()].copy_from_slice(l);
        }
        if name.len() <= 100 {
            h.as_old_mut().name[..name.len()].copy_from_slice(name);
            return Ok(());
        }
        // Split at a '/' so that the prefix fits 155 bytes and the name 100.
        let split = (0..name.len())
            .rev()
            .find(|&i| name[i] == b'/' && i <= 155 && name.len() - i - 1 <= 100 && i > 0);
        let Some(i) = split else {
            return Err("file name is too long (max 256); not dumped".into());
        };
        let Some(u) = h.as_ustar_mut() else {
            return Err("internal error: not a ustar header".into());
        };
        u.prefix[..i].copy_from_slice(&name[..i]);
        u.name[..name.len() - i - 1].copy_from_slice(&name[i + 1..]);
        return Ok(());
    }
    if let Some(l) = link {
        if l.len() > 100 {
            long_entry(out, b'K', l, w.o.numeric).map_err(|e| msg(&e))?;
        }
        let n = l.len().min(100);
        h.as_old_mut().linkname[..n].copy_from_slice(&l[..n]);
    }
    if name.len() > 100 {
        long_entry(out, b'L', name, w.o.numeric).map_err(|e| msg(&e))?;
    }
    let n = name.len().min(100);
    h.as_old_mut().name[..n].copy_from_slice(&name[..n]);
    Ok(())
}

/// A GNU `././@LongLink` entry carrying a long name (`L`) or link name (`K`).
/// The header checksum as GNU tar writes it: six octal digits, a NUL and a space (the `tar`
/// crate writes seven digits and a NUL, which GNU reads but does not write).
fn gnu_cksum(h: &mut tar::Header) {
    let sum: u32 = h
        .as_bytes()
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if (148..156).contains(&i) {
                32
            } else {
                u32::from(*b)
            }
        })
        .sum();
    h.as_mut_bytes()[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
}

/// `--owner`/`--group` SPEC (`NAME`, `ID` or `NAME:ID`) as an id and a name, looked up in
/// the sandbox's tables where one is missing.
fn forced_id(
    spec: &str,
    id_of: impl Fn(&str) -> Option<u32>,
    name_of: impl Fn(u32) -> Option<String>,
    fallback: u32,
) -> (u32, String) {
    if let Some((n, id)) = spec.split_once(':')
        && let Ok(id) = id.parse()
    {
        return (id, n.to_string());
    }
    match spec.parse::<u32>() {
        Ok(id) => (id, name_of(id).unwrap_or_default()),
        Err(_) => (id_of(spec).unwrap_or(fallback), spec.to_string()),
    }
}

/// A `././@LongLink` entry: GNU names its owner root (nobody with --numeric-owner).
fn long_entry(out: &mut dyn Write, typ: u8, data: &[u8], numeric: bool) -> io::Result<()> {
    let mut h = tar::Header::new_gnu();
    let n = b"././@LongLink";
    h.as_old_mut().name[..n.len()].copy_from_slice(n);
    h.set_mode(0o644);
    h.set_uid(0);
    h.set_gid(0);
    h.set_mtime(0);
    h.set_size(data.len() as u64 + 1);
    h.set_entry_type(tar::EntryType::new(typ));
    if !numeric {
        let _ = h.set_username("root");
        let _ = h.set_groupname("root");
    }
    gnu_cksum(&mut h);
    out.write_all(h.as_bytes())?;
    out.write_all(data)?;
    let len = data.len() as u64 + 1;
    let pad = (BLOCK - len % BLOCK) % BLOCK;
    out.write_all(&vec![0u8; pad as usize + 1])?;
    Ok(())
}
