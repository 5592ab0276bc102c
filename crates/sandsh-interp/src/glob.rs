//! Pathname expansion over a [`KernelBackend`].
//!
//! The pattern is split on `/` and walked one component at a time: components without glob
//! syntax are appended as written (bash does not list a directory it need not), components
//! with glob syntax are matched against `list` of the directory so far, in pathname mode so
//! wildcards never match `/` or a leading `.`. Results keep the form of the pattern (relative
//! stays relative, `../x*` keeps its `..`) and come back sorted by bytes, which is bash's order
//! under C.UTF-8. No match gives an empty list: nullglob/failglob are the caller's business.

use sandsh_runtime::os_str::OsStrExt;
use std::ffi::OsStr;
use std::path::Path;

use sandsh_api::fs::{FileType, KernelBackend, normalize};
use sandsh_text::pattern::{PatternBuilder, PatternOptions};

/// The shell options that affect pathname expansion.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GlobOptions {
    /// `dotglob`: wildcards match a leading `.` (never `.` and `..`).
    pub dotglob: bool,
    /// `nocaseglob`.
    pub nocaseglob: bool,
    /// `extglob`.
    pub extglob: bool,
    /// `globstar`: a `**` component matches any depth of directories.
    pub globstar: bool,
    /// `shopt -u globskipdots`: a pattern with a leading `.` matches `.` and `..` too.
    pub keep_dots: bool,
}

/// What bounds one pathname expansion (THREAT DOS-MEM-5, DOS-CPU-1): how many paths it may
/// collect, and a cancellation check made as directories are read.
pub struct GlobBound<'a> {
    pub max_results: usize,
    pub cancelled: &'a dyn Fn() -> bool,
}

impl GlobBound<'_> {
    /// No bound (tests).
    #[cfg(test)]
    pub fn none() -> GlobBound<'static> {
        GlobBound {
            max_results: usize::MAX,
            cancelled: &|| false,
        }
    }

    fn check(&self, found: usize) -> Result<(), GlobStop> {
        if found > self.max_results {
            return Err(GlobStop::TooMany);
        }
        if found.is_multiple_of(256) && (self.cancelled)() {
            return Err(GlobStop::Cancelled);
        }
        Ok(())
    }
}

/// Why a pathname expansion stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlobStop {
    TooMany,
    Cancelled,
}

/// One `/`-separated component: bytes and their active flags.
struct Comp {
    bytes: Vec<u8>,
    active: Vec<bool>,
}

impl Comp {
    fn builder(&self) -> PatternBuilder {
        let mut b = PatternBuilder::new();
        for (i, &byte) in self.bytes.iter().enumerate() {
            b.push(&[byte], self.active[i]);
        }
        b
    }
    fn is_globstar(&self) -> bool {
        self.bytes == b"**" && self.active.iter().all(|&a| a)
    }
}

/// Expand a pattern given as `(text, active)` segments (see [`sandsh_text::pattern::Pattern::compile`])
/// against the filesystem, relative paths being taken from `cwd`. Returns the matching paths,
/// sorted, or nothing when the pattern matches nothing (or has no glob syntax at all: the
/// caller should then keep the word as it is).
pub fn expand_glob(
    segments: &[(&[u8], bool)],
    fs: &dyn KernelBackend,
    cwd: &Path,
    opts: GlobOptions,
    bound: &GlobBound<'_>,
) -> Result<Vec<Vec<u8>>, GlobStop> {
    let mut bytes = Vec::new();
    let mut active = Vec::new();
    for (t, a) in segments {
        bytes.extend_from_slice(t);
        active.resize(bytes.len(), *a);
    }
    if !sandsh_text::pattern::has_glob_chars(segments, opts.extglob) {
        return Ok(Vec::new());
    }
    let absolute = bytes.first() == Some(&b'/');
    let trailing_slash = bytes.len() > 1 && bytes.last() == Some(&b'/');
    let mut comps = Vec::new();
    let mut start = 0;
    for i in 0..=bytes.len() {
        if i == bytes.len() || bytes[i] == b'/' {
            if i > start {
                comps.push(Comp {
                    bytes: bytes[start..i].to_vec(),
                    active: active[start..i].to_vec(),
                });
            }
            start = i + 1;
        }
    }
    let popts = PatternOptions {
        extglob: opts.extglob,
        nocase: opts.nocaseglob,
        pathname: true,
        dotglob: opts.dotglob,
        bytes: false,
    };
    let mut paths: Vec<Vec<u8>> = vec![if absolute { b"/".to_vec() } else { Vec::new() }];
    let n = comps.len();
    for (idx, comp) in comps.iter().enumerate() {
        let last = idx + 1 == n;
        let want_dir = !last || trailing_slash;
        let mut next = Vec::new();
        if opts.globstar && comp.is_globstar() {
            // As bash: an intermediate `**` descends real directories only; a final `**`
            // also yields the directory itself (`src/**` gives `src/`) and, with a trailing
            // slash, symlinks to directories.
            for p in &paths {
                if !last {
                    next.push(p.clone());
                } else if !p.is_empty() {
                    let mut me = p.clone();
                    if me.last() != Some(&b'/') {
                        me.push(b'/');
                    }
                    next.push(me);
                }
                let mode = if !last {
                    Walk::RealDirs
                } else if trailing_slash {
                    Walk::AnyDirs
                } else {
                    Walk::All
                };
                walk_all(fs, cwd, p, opts.dotglob, mode, &mut next, bound)?;
            }
        } else {
            let b = comp.builder();
            // `!(…)` could otherwise match a dot file; only an explicit leading `.` may.
            let dot_ok =
                opts.dotglob || comp.bytes.first() == Some(&b'.') || comp.bytes.starts_with(b"\\.");
            let pat = b.build(popts);
            // A component without glob characters is a name, looked up as written even
            // under nocaseglob (bash: `DATA/*.csv` does not find `data/`).
            let literal = if b.has_glob_chars(opts.extglob) {
                None
            } else if opts.nocaseglob {
                let exact = PatternOptions {
                    nocase: false,
                    ..popts
                };
                b.build(exact).as_literal().map(<[u8]>::to_vec)
            } else {
                pat.as_literal().map(<[u8]>::to_vec)
            };
            for p in &paths {
                match &literal {
                    Some(name) => {
                        let cand = join(p, name);
                        // Intermediate literal components are checked by the next listing.
                        if !last || exists(fs, cwd, &cand, want_dir) {
                            next.push(cand);
                        }
                    }
                    None => {
                        let Ok(entries) = fs.list(&fs_path(cwd, p)) else {
                            continue;
                        };
                        if opts.keep_dots && comp.bytes.first() == Some(&b'.') {
                            for dot in [&b"."[..], b".."] {
                                if pat.matches(dot) {
                                    next.push(join(p, dot));
                                }
                            }
                        }
                        for e in entries {
                            if e.name == b"."
                                || e.name == b".."
                                || (e.name.first() == Some(&b'.') && !dot_ok)
                                || !pat.matches(&e.name)
                            {
                                continue;
                            }
                            let cand = join(p, &e.name);
                            if want_dir && !is_dir(fs, cwd, &cand, e.file_type) {
                                continue;
                            }
                            next.push(cand);
                            bound.check(next.len())?;
                        }
                    }
                }
            }
        }
        paths = next;
        if paths.is_empty() {
            return Ok(paths);
        }
    }
    if trailing_slash {
        for p in &mut paths {
            if p.last() != Some(&b'/') {
                p.push(b'/');
            }
        }
    }
    paths.sort();
    paths.dedup();
    Ok(paths)
}

fn join(prefix: &[u8], name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(prefix.len() + name.len() + 1);
    out.extend_from_slice(prefix);
    if !prefix.is_empty() && prefix.last() != Some(&b'/') {
        out.push(b'/');
    }
    out.extend_from_slice(name);
    out
}

fn fs_path(cwd: &Path, p: &[u8]) -> std::path::PathBuf {
    normalize(cwd, Path::new(OsStr::from_bytes(p)))
}

fn is_dir(fs: &dyn KernelBackend, cwd: &Path, p: &[u8], ft: FileType) -> bool {
    match ft {
        FileType::Dir => true,
        FileType::Symlink => fs.stat(&fs_path(cwd, p)).is_ok_and(|m| m.is_dir()),
        _ => false,
    }
}

fn exists(fs: &dyn KernelBackend, cwd: &Path, p: &[u8], want_dir: bool) -> bool {
    let path = fs_path(cwd, p);
    if want_dir {
        fs.stat(&path).is_ok_and(|m| m.is_dir())
    } else {
        fs.lstat(&path).is_ok()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// Directories, not symlinks to them.
    RealDirs,
    /// Directories and symlinks to directories.
    AnyDirs,
    /// Everything.
    All,
}

/// Everything below `p` (for `**`), filtered by `mode`; hidden entries only with `dotglob`;
/// symlinks to directories are never descended.
fn walk_all(
    fs: &dyn KernelBackend,
    cwd: &Path,
    p: &[u8],
    dotglob: bool,
    mode: Walk,
    out: &mut Vec<Vec<u8>>,
    bound: &GlobBound<'_>,
) -> Result<(), GlobStop> {
    if (bound.cancelled)() {
        return Err(GlobStop::Cancelled);
    }
    let Ok(entries) = fs.list(&fs_path(cwd, p)) else {
        return Ok(());
    };
    for e in entries {
        if e.name.first() == Some(&b'.') && !dotglob {
            continue;
        }
        let cand = join(p, &e.name);
        let dir = e.file_type == FileType::Dir;
        let keep = match mode {
            Walk::RealDirs => dir,
            Walk::AnyDirs => is_dir(fs, cwd, &cand, e.file_type),
            Walk::All => true,
        };
        if keep {
            out.push(cand.clone());
            bound.check(out.len())?;
        }
        if dir {
            walk_all(fs, cwd, &cand, dotglob, mode, out, bound)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sandsh_api::fs::WriteMode;
    use sandsh_vfs::MemoryFs;

    fn tree() -> MemoryFs {
        let fs = MemoryFs::new();
        for d in ["/w/src/sub", "/w/.git", "/w/docs", "/w/A"] {
            fs.mkdir(Path::new(d), 0o755, true).expect("mkdir");
        }
        for f in [
            "/w/a.txt",
            "/w/b.txt",
            "/w/B.TXT",
            "/w/.hidden",
            "/w/c.md",
            "/w/src/main.c",
            "/w/src/util.c",
            "/w/src/sub/deep.c",
            "/w/docs/x.txt",
            "/w/a*b",
        ] {
            fs.write(Path::new(f), b"", WriteMode::Truncate, 0o644)
                .expect("write");
        }
        fs.symlink(Path::new("src"), Path::new("/w/lnk"))
            .expect("symlink");
        fs
    }

    fn g(fs: &MemoryFs, pat: &str, opts: GlobOptions) -> Vec<String> {
        expand_glob(
            &[(pat.as_bytes(), true)],
            fs,
            Path::new("/w"),
            opts,
            &GlobBound::none(),
        )
        .expect("unbounded")
        .into_iter()
        .map(|v| String::from_utf8_lossy(&v).into_owned())
        .collect()
    }

    fn d(fs: &MemoryFs, pat: &str) -> Vec<String> {
        g(fs, pat, GlobOptions::default())
    }

    #[test]
    fn simple() {
        let fs = tree();
        assert_eq!(d(&fs, "*.txt"), ["a.txt", "b.txt"]);
        assert_eq!(d(&fs, "?.*"), ["B.TXT", "a.txt", "b.txt", "c.md"]);
        assert_eq!(d(&fs, "[ab].txt"), ["a.txt", "b.txt"]);
        assert_eq!(d(&fs, "*.none"), Vec::<String>::new());
        assert_eq!(d(&fs, "nothing"), Vec::<String>::new());
        assert_eq!(d(&fs, "a\\*b"), Vec::<String>::new());
        assert_eq!(d(&fs, "a\\**"), ["a*b"]);
    }

    #[test]
    fn hidden_files() {
        let fs = tree();
        assert!(!d(&fs, "*").iter().any(|s| s.starts_with('.')));
        assert_eq!(d(&fs, ".*"), [".git", ".hidden"]);
        assert_eq!(d(&fs, ".h*"), [".hidden"]);
        let dot = GlobOptions {
            dotglob: true,
            ..Default::default()
        };
        assert!(g(&fs, "*", dot).contains(&".hidden".to_string()));
        assert!(!g(&fs, "*", dot).contains(&".".to_string()));
    }

    #[test]
    fn directories() {
        let fs = tree();
        assert_eq!(d(&fs, "src/*.c"), ["src/main.c", "src/util.c"]);
        assert_eq!(
            d(&fs, "*/*.c"),
            ["lnk/main.c", "lnk/util.c", "src/main.c", "src/util.c"]
        );
        assert_eq!(d(&fs, "*/"), ["A/", "docs/", "lnk/", "src/"]);
        assert_eq!(d(&fs, "s*/s*"), ["src/sub"]);
        assert_eq!(d(&fs, "/w/src/*.c"), ["/w/src/main.c", "/w/src/util.c"]);
        assert_eq!(d(&fs, "../w/d*"), ["../w/docs"]);
        assert_eq!(d(&fs, "./c*"), ["./c.md"]);
        assert_eq!(d(&fs, "/w/*/sub"), ["/w/lnk/sub", "/w/src/sub"]);
        assert_eq!(d(&fs, "nonexist/*"), Vec::<String>::new());
        assert_eq!(d(&fs, "a.txt/*"), Vec::<String>::new());
    }

    #[test]
    fn quoted_parts_are_literal() {
        let fs = tree();
        let r = expand_glob(
            &[(b"a*", false), (b"b", true)],
            &fs,
            Path::new("/w"),
            GlobOptions::default(),
            &GlobBound::none(),
        )
        .expect("unbounded");
        assert!(r.is_empty(), "no glob chars: caller keeps the word");
        let r = expand_glob(
            &[(b"src/", false), (b"*.c", true)],
            &fs,
            Path::new("/w"),
            GlobOptions::default(),
            &GlobBound::none(),
        )
        .expect("unbounded");
        assert_eq!(r, [b"src/main.c".to_vec(), b"src/util.c".to_vec()]);
    }

    #[test]
    fn nocaseglob() {
        let fs = tree();
        let o = GlobOptions {
            nocaseglob: true,
            ..Default::default()
        };
        assert_eq!(g(&fs, "*.txt", o), ["B.TXT", "a.txt", "b.txt"]);
        assert_eq!(g(&fs, "a*", o), ["A", "a*b", "a.txt"]);
    }

    #[test]
    fn globstar() {
        let fs = tree();
        let o = GlobOptions {
            globstar: true,
            ..Default::default()
        };
        // Outputs as bash 5.2 gives them for the same tree.
        assert_eq!(
            g(&fs, "**/*.c", o),
            ["src/main.c", "src/sub/deep.c", "src/util.c"]
        );
        assert_eq!(
            g(&fs, "src/**", o),
            [
                "src/",
                "src/main.c",
                "src/sub",
                "src/sub/deep.c",
                "src/util.c"
            ]
        );
        assert_eq!(
            g(&fs, "**/", o),
            ["A/", "docs/", "lnk/", "src/", "src/sub/"]
        );
        assert_eq!(
            g(&fs, "lnk/**", o),
            [
                "lnk/",
                "lnk/main.c",
                "lnk/sub",
                "lnk/sub/deep.c",
                "lnk/util.c"
            ]
        );
        // without globstar ** is *
        assert_eq!(
            d(&fs, "**/*.c"),
            ["lnk/main.c", "lnk/util.c", "src/main.c", "src/util.c"]
        );
    }

    #[test]
    fn extglob_components() {
        let fs = tree();
        let o = GlobOptions {
            extglob: true,
            ..Default::default()
        };
        assert_eq!(g(&fs, "@(a|c).*", o), ["a.txt", "c.md"]);
        assert_eq!(
            g(&fs, "!(*.txt|*.md)", o),
            ["A", "B.TXT", "a*b", "docs", "lnk", "src"]
        );
    }
}
