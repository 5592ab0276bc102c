//! `tar -t` and `tar -x`: walk an archive's entries with `tar::Archive`.
//!
//! Extraction places every member through [`super::super::safepath`]: leading `/` is stripped
//! with GNU's warning, names with `..` are skipped, an existing file is unlinked before it is
//! replaced (so a symbolic link in the way is replaced, not followed), nothing is written
//! through a symbolic link on the way down, and links that would lead outside the extraction
//! directory are refused. Directory times are set last, as GNU does.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use crate::common::{diag, paths, quote};
use sandsh_api::fs::KernelBackend;
use sandsh_api::is_cancelled;

use super::super::io::{In, Out, Shared, VfsFile, check, msg, print, warn};
use super::super::safepath::{Member, PlaceError, link_stays_inside, member, place};
use super::{Decoder, Kind, LongList, Op, Opts, Zip, excluded, fatal, show_name};

/// Per-run extraction state.
struct State {
    root: PathBuf,
    umask: u32,
    warned: Vec<String>,
    errors: bool,
    /// Directories whose mode and time are set at the end.
    dirs: Vec<(PathBuf, u32, u64)>,
    long: LongList,
}

fn warn_once(sh: &Shared<'_>, st: &mut State, text: String) {
    if !st.warned.contains(&text) {
        warn(sh, &text);
        st.warned.push(text);
    }
}

pub fn run(sh: &Shared<'_>, o: &Opts) -> i32 {
    let (backend, root, umask) = {
        let Ok(c) = sh.try_borrow() else { return 2 };
        let root = match &o.dir {
            Some(d) => c.resolve_path(d),
            None => c.cwd().to_path_buf(),
        };
        (c.backend().clone(), root, c.umask())
    };
    if let Some(d) = &o.dir
        && !backend.stat(&root).is_ok_and(|m| m.is_dir())
    {
        return fatal(sh, &format!("{d}: Cannot open: No such file or directory"));
    }
    let input = if o.file == "-" {
        In::stdin(sh)
    } else if let Some(r) = In::descriptor(sh, &o.file) {
        match r {
            Ok(i) => i,
            Err(e) => return fatal(sh, &format!("{}: Cannot open: {}", o.file, msg(&e))),
        }
    } else {
        let p = match sh.try_borrow() {
            Ok(c) => c.resolve_path(&o.file),
            Err(_) => return 2,
        };
        match VfsFile::open(&backend, &p) {
            Ok(f) => In::file(sh, f),
            Err(e) => return fatal(sh, &format!("{}: Cannot open: {}", o.file, msg(&e))),
        }
    };
    let (dec, found, empty) = match Decoder::detect(input) {
        Ok(x) => x,
        Err(e) if is_cancelled(&e) => return 130,
        Err(e) => return fatal(sh, &format!("{}: Cannot read: {}", o.file, msg(&e))),
    };
    if o.zip != Zip::None && found != o.zip {
        let (prog, what) = match o.zip {
            Zip::Gzip => ("gzip", "stdin: not in gzip format"),
            Zip::Bzip2 => ("bzip2", "(stdin) is not a bzip2 file."),
            _ => ("xz", "(stdin): File format not recognized"),
        };
        warn(
            sh,
            &format!(
                "{prog}: {what}\ntar: Child returned status 1\ntar: Error is not recoverable: exiting now"
            ),
        );
        return super::FATAL;
    }
    let mut charge = match sh.try_borrow() {
        Ok(c) => c.memory().charge(),
        Err(_) => return 2,
    };
    if found == Zip::Xz && charge.add(72 << 20).is_err() {
        return fatal(sh, "memory budget exceeded; raise with --max-memory");
    }
    let mut st = State {
        root,
        umask,
        warned: Vec::new(),
        errors: false,
        dirs: Vec::new(),
        long: LongList::new(),
    };
    let mut matched = vec![false; o.members.len()];
    let mut archive = tar::Archive::new(dec);
    let entries = match archive.entries() {
        Ok(e) => e,
        Err(e) => return fatal(sh, &msg(&e)),
    };
    let mut seen = false;
    if empty {
        warn(sh, "tar: This does not look like a tar archive");
        st.errors = true;
    }
    for e in entries {
        if check(sh).is_err() {
            return 130;
        }
        let mut e = match e {
            Ok(e) => e,
            Err(err) => {
                if is_cancelled(&err) {
                    return 130;
                }
                if err.kind() == io::ErrorKind::UnexpectedEof || seen {
                    return fatal(sh, "Unexpected EOF in archive");
                }
                warn(sh, "tar: This does not look like a tar archive");
                st.errors = true;
                break;
            }
        };
        seen = true;
        let typ = e.header().entry_type().as_byte();
        if typ == b'g' || typ == b'x' {
            continue;
        }
        let name = e.path_bytes().into_owned();
        if !o.members.is_empty() {
            let n = paths::trim_slashes(&name);
            let mut hit = false;
            let mut first_hit = None;
            for (i, m) in o.members.iter().enumerate() {
                let hit_here = match &o.wildcards {
                    // --wildcards: the pattern matches the name or one of its directories.
                    Some(pats) => {
                        pats[i].matches(n)
                            || n.iter()
                                .enumerate()
                                .any(|(k, &b)| b == b'/' && pats[i].matches(&n[..k]))
                    }
                    None => {
                        let m = paths::trim_slashes(m);
                        n == m || (n.starts_with(m) && n.get(m.len()) == Some(&b'/'))
                    }
                };
                if hit_here {
                    matched[i] = true;
                    hit = true;
                    first_hit.get_or_insert(i);
                }
            }
            if !hit {
                continue;
            }
            // Extracted into the `-C` directory given before the name that selected it.
            st.root = match first_hit
                .and_then(|i| o.member_dirs.get(i))
                .cloned()
                .flatten()
            {
                Some(d) => match sh.try_borrow() {
                    Ok(c) => c.resolve_path(&d),
                    Err(_) => return 2,
                },
                None => match sh.try_borrow() {
                    Ok(c) => c.cwd().to_path_buf(),
                    Err(_) => return 2,
                },
            };
        }
        if excluded(o, &name) {
            continue;
        }
        // --strip-components on extraction: a member stripped away entirely is neither
        // extracted nor listed by -v (GNU); -t lists every member.
        if o.op == Op::Extract
            && o.strip > 0
            && name.split(|&b| b == b'/').filter(|c| !c.is_empty()).count() <= o.strip
        {
            continue;
        }
        // --transform renames what is extracted; listings show the stored names unless
        // --show-transformed-names.
        let new_name = if o.transform.is_empty() {
            name.clone()
        } else {
            let dir = name.len() > 1 && name.ends_with(b"/");
            let base = if dir {
                &name[..name.len() - 1]
            } else {
                &name[..]
            };
            let mut n = o.transform.apply(base, Kind::Name);
            if n.is_empty() {
                n = base.to_vec();
            }
            if dir {
                n.push(b'/');
            }
            n
        };
        let listed = if o.show_transformed { &new_name } else { &name };
        let verbose_line = if o.verbose > 1 || (o.op == Op::List && o.verbose > 0) {
            Some(long_line(&mut st, o, &e, listed))
        } else if o.verbose > 0 || o.op == Op::List {
            Some(show_name(listed))
        } else {
            None
        };
        if let Some(line) = verbose_line {
            if o.to_stdout && o.op == Op::Extract {
                warn(sh, &line);
            } else if !print(sh, format!("{line}\n").as_bytes()) {
                return 141;
            }
        }
        if o.op == Op::List {
            continue;
        }
        if let Err(err) = extract(sh, o, &mut st, &backend, &mut e, &new_name, typ) {
            if is_cancelled(&err) {
                return 130;
            }
            if err.kind() == io::ErrorKind::BrokenPipe {
                return 141;
            }
            if err.kind() == io::ErrorKind::UnexpectedEof {
                return fatal(sh, "Unexpected EOF in archive");
            }
            warn(sh, &format!("tar: {}: {}", show_name(&name), msg(&err)));
            st.errors = true;
        }
    }
    for (path, mode, mtime) in st.dirs.iter().rev() {
        let _ = backend.chmod(path, *mode);
        if !o.touch {
            let _ = backend.set_mtime(path, UNIX_EPOCH + Duration::from_secs(*mtime));
        }
    }
    for (i, m) in o.members.iter().enumerate() {
        if !matched[i] {
            warn(sh, &format!("tar: {}: Not found in archive", show_name(m)));
            st.errors = true;
        }
    }
    if st.errors { 2 } else { 0 }
}

/// The `-tv` line of an entry.
fn long_line<R: Read>(st: &mut State, o: &Opts, e: &tar::Entry<'_, R>, name: &[u8]) -> String {
    let h = e.header();
    let typ = h.entry_type().as_byte();
    let mode = h.mode().unwrap_or(0);
    let uid = h.uid().unwrap_or(0);
    let gid = h.gid().unwrap_or(0);
    let user = match h.username_bytes() {
        Some(u) if !u.is_empty() && !o.numeric => diag::lossy(u),
        _ => uid.to_string(),
    };
    let group = match h.groupname_bytes() {
        Some(g) if !g.is_empty() && !o.numeric => diag::lossy(g),
        _ => gid.to_string(),
    };
    let size = if typ == b'1' || typ == b'2' || typ == b'5' {
        0
    } else {
        h.entry_size().unwrap_or(0)
    };
    let mtime = h.mtime().unwrap_or(0) as i64;
    let link = e.link_name_bytes().map(|l| show_name(&l));
    st.long.line(
        typ,
        mode,
        &user,
        &group,
        size,
        mtime,
        &show_name(name),
        link.as_deref(),
    )
}

/// Extract one entry.
fn extract<R: Read>(
    sh: &Shared<'_>,
    o: &Opts,
    st: &mut State,
    backend: &std::sync::Arc<dyn KernelBackend>,
    e: &mut tar::Entry<'_, R>,
    name: &[u8],
    typ: u8,
) -> io::Result<()> {
    let shown = show_name(name);
    let Ok(text) = std::str::from_utf8(name) else {
        warn(
            sh,
            &format!(
                "tar: {shown}: Cannot open: member names that are not UTF-8 are not supported"
            ),
        );
        st.errors = true;
        return Ok(());
    };
    let mut text = text.to_string();
    if o.strip > 0 {
        let comps: Vec<&str> = text.split('/').filter(|c| !c.is_empty()).collect();
        if comps.len() <= o.strip {
            return Ok(());
        }
        text = comps[o.strip..].join("/");
    }
    // -P: an absolute member is extracted where it names, from the root.
    let from_root = o.absolute && text.starts_with('/');
    let parts = match member(&text) {
        Member::Ok { parts, .. } if from_root => parts,
        Member::DotDot { stripped, .. } => {
            warn_once(
                sh,
                st,
                format!("tar: Removing leading `{stripped}' from member names"),
            );
            warn(sh, &format!("tar: {shown}: Member name contains '..'"));
            st.errors = true;
            return Ok(());
        }
        Member::Ok { parts, stripped } => {
            if !stripped.is_empty() {
                warn_once(
                    sh,
                    st,
                    format!("tar: Removing leading `{stripped}' from member names"),
                );
            }
            parts
        }
    };
    let mode = e.header().mode().unwrap_or(0o644) & 0o7777;
    let mode = if o.preserve { mode } else { mode & !st.umask };
    let mtime = e.header().mtime().unwrap_or(0);
    if o.to_stdout {
        if matches!(typ, b'0' | b'7' | 0) {
            let mut out = Out::stdout(sh);
            super::super::io::copy(sh, e, &mut out)?;
        }
        return Ok(());
    }
    if parts.is_empty() {
        // "./" itself: the extraction directory.
        return Ok(());
    }
    let dir_mode = 0o777 & !st.umask;
    let root = if from_root {
        PathBuf::from("/")
    } else {
        st.root.clone()
    };
    let target = match place(&**backend, &root, &parts, dir_mode) {
        Ok(p) => p,
        Err(PlaceError::ThroughSymlink(via)) => {
            warn(
                sh,
                &format!(
                    "tar: {shown}: Cannot open: refusing to write through the symbolic link '{via}'"
                ),
            );
            st.errors = true;
            return Ok(());
        }
        Err(PlaceError::Mkdir(d, why)) => {
            warn(sh, &format!("tar: {d}: Cannot mkdir: {why}"));
            st.errors = true;
            return Ok(());
        }
    };
    let existing = backend.lstat(&target).ok();
    match typ {
        b'5' => {
            match &existing {
                Some(m) if m.is_dir() => {}
                Some(_) => {
                    backend
                        .remove(&target, false)
                        .map_err(super::super::io::vfs_io)?;
                    backend
                        .mkdir(&target, 0o700, false)
                        .map_err(super::super::io::vfs_io)?;
                }
                None => backend
                    .mkdir(&target, 0o700, false)
                    .map_err(super::super::io::vfs_io)?,
            }
            let dmode = e.header().mode().unwrap_or(0o755) & 0o7777;
            let dmode = if o.preserve { dmode } else { dmode & !st.umask };
            st.dirs.push((target, dmode, mtime));
            Ok(())
        }
        b'2' => {
            let link = e
                .link_name_bytes()
                .map(|l| l.into_owned())
                .unwrap_or_default();
            let lt = diag::lossy(&link);
            if !link_stays_inside(&parts, &lt) {
                warn(
                    sh,
                    &format!(
                        "tar: {shown}: Cannot create symlink to {}: the target leaves the extraction directory",
                        quote::cquote(&show_name(&link))
                    ),
                );
                st.errors = true;
                return Ok(());
            }
            if !replace_existing(sh, o, st, backend, &target, existing.is_some(), &shown)? {
                return Ok(());
            }
            backend
                .symlink(Path::new(&lt), &target)
                .map_err(super::super::io::vfs_io)
        }
        b'1' => {
            let link = e
                .link_name_bytes()
                .map(|l| l.into_owned())
                .unwrap_or_default();
            let lt = diag::lossy(&link);
            let lparts = match member(&lt) {
                Member::Ok { parts, stripped } | Member::DotDot { parts, stripped } => {
                    if !stripped.is_empty() {
                        warn_once(
                            sh,
                            st,
                            format!("tar: Removing leading `{stripped}' from hard link targets"),
                        );
                    }
                    parts
                }
            };
            let shown_target = quote::cquote(&lparts.join("/"));
            let mut src = st.root.clone();
            let mut through_link = false;
            for (i, c) in lparts.iter().enumerate() {
                src.push(c);
                if i + 1 < lparts.len() && backend.lstat(&src).is_ok_and(|m| m.is_symlink()) {
                    through_link = true;
                }
            }
            let src_meta = backend.lstat(&src);
            if lparts.is_empty() || through_link || src_meta.is_err() {
                let why = if through_link {
                    "the target leaves the extraction directory"
                } else {
                    "No such file or directory"
                };
                warn(
                    sh,
                    &format!("tar: {shown}: Cannot hard link to {shown_target}: {why}"),
                );
                st.errors = true;
                return Ok(());
            }
            if src == target {
                return Ok(());
            }
            if !replace_existing(sh, o, st, backend, &target, existing.is_some(), &shown)? {
                return Ok(());
            }
            backend
                .hard_link(&src, &target)
                .map_err(super::super::io::vfs_io)
        }
        b'3' | b'4' | b'6' => {
            warn(
                sh,
                &format!("tar: {shown}: Cannot mknod: Operation not permitted"),
            );
            st.errors = true;
            Ok(())
        }
        _ => {
            if let Some(m) = &existing
                && m.is_dir()
            {
                warn(sh, &format!("tar: {shown}: Cannot open: Is a directory"));
                st.errors = true;
                return Ok(());
            }
            if !replace_existing(sh, o, st, backend, &target, existing.is_some(), &shown)? {
                return Ok(());
            }
            let f = VfsFile::create(backend, &target, mode)?;
            let mut out = Out::file(sh, f);
            let res = super::super::io::copy(sh, e, &mut out).and_then(|_| out.flush());
            if let Err(err) = res {
                let _ = backend.remove(&target, false);
                if is_cancelled(&err) || err.kind() == io::ErrorKind::UnexpectedEof {
                    return Err(err);
                }
                warn(sh, &format!("tar: {shown}: Cannot write: {}", msg(&err)));
                st.errors = true;
                return Ok(());
            }
            let _ = backend.chmod(&target, mode);
            if !o.touch {
                let _ = backend.set_mtime(&target, UNIX_EPOCH + Duration::from_secs(mtime));
            }
            Ok(())
        }
    }
}

/// Unlink what is in the way of a new member (never following it); `false` when -k keeps it.
fn replace_existing(
    sh: &Shared<'_>,
    o: &Opts,
    st: &mut State,
    backend: &std::sync::Arc<dyn KernelBackend>,
    target: &Path,
    exists: bool,
    shown: &str,
) -> io::Result<bool> {
    if !exists {
        return Ok(true);
    }
    if o.keep_old {
        warn(sh, &format!("tar: {shown}: Cannot open: File exists"));
        st.errors = true;
        return Ok(false);
    }
    backend
        .remove(target, false)
        .map_err(super::super::io::vfs_io)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::Tar;
    use crate::common::testing::{TestCtx, run};

    /// A GNU-format archive with hostile members, made with Python's tarfile on the host
    /// (base64 of the bytes is too long to keep here, so the archive is built by hand).
    fn evil() -> Vec<u8> {
        let mut out = Vec::new();
        let mut add = |name: &str, typ: u8, link: &str, data: &[u8]| {
            let mut h = tar::Header::new_gnu();
            h.as_old_mut().name[..name.len()].copy_from_slice(name.as_bytes());
            h.as_old_mut().linkname[..link.len()].copy_from_slice(link.as_bytes());
            h.set_mode(0o644);
            h.set_size(data.len() as u64);
            h.set_entry_type(tar::EntryType::new(typ));
            h.set_cksum();
            out.extend_from_slice(h.as_bytes());
            out.extend_from_slice(data);
            out.resize(out.len().div_ceil(512) * 512, 0);
        };
        add("ok.txt", b'0', "", b"x\n");
        add("../evil.txt", b'0', "", b"x\n");
        add("/abs.txt", b'0', "", b"x\n");
        add("ln", b'2', "", b"");
        add("ln2", b'2', "../../x", b"");
        add("ln/passwd", b'0', "", b"pwned\n");
        add("hl", b'1', "../outside", b"");
        out.extend_from_slice(&[0u8; 1024]);
        out
    }

    #[test]
    fn hostile_members_are_refused() {
        let mut ctx = TestCtx::new().with_stdin(&evil());
        let _ = ctx.backend.mkdir(&ctx.cwd.join("x"), 0o755, true);
        let s = run(&Tar, &["-xf", "-", "-C", "x"], &mut ctx);
        assert_eq!(s, 2);
        let err = ctx.err_str();
        assert!(
            err.contains("tar: ../evil.txt: Member name contains '..'"),
            "{err}"
        );
        assert!(
            err.contains("Removing leading `/' from member names"),
            "{err}"
        );
        assert!(err.contains("tar: ln2: Cannot create symlink"), "{err}");
        assert!(
            err.contains("tar: hl: Cannot hard link to ‘outside’"),
            "{err}"
        );
        assert!(err.ends_with("tar: Exiting with failure status due to previous errors\n"));
        assert_eq!(ctx.read("x/ok.txt").unwrap_or_default(), b"x\n");
        assert_eq!(ctx.read("x/abs.txt").unwrap_or_default(), b"x\n");
        assert!(!ctx.exists("evil.txt"));
        assert!(!ctx.exists("x/ln2"));
        assert!(!ctx.exists("/abs.txt"));
    }
}
