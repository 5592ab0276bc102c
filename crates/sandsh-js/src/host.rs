//! The natives the JavaScript side is built on: the session's files, stdio, environment and
//! clock, all through the command's [`ToolCtx`].
//!
//! They are few and low-level (read a file's bytes, list a directory, write to a descriptor);
//! Node's API (`fs`, `process`, `console`…) is JavaScript over them (`js/`). Paths arrive
//! absolute (the JavaScript side resolves them against `process.cwd()`); a failure throws a
//! plain object `{ code, syscall }` that the JavaScript side turns into Node's error.

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant, UNIX_EPOCH};

use rquickjs::function::{Opt, Rest};
use rquickjs::{Array, Ctx, Exception, Function, Object, TypedArray, Value};
use sandsh_api::ToolCtx;
use sandsh_api::fs::{FileType, Metadata, VfsError, WriteMode};

/// The command's context, for the length of one call.
///
/// The engine that holds it is created and dropped inside [`crate::engine::run`], which holds
/// the `&mut dyn ToolCtx` it came from for that whole time, on one thread: the pointer never
/// outlives the borrow and is never used from two places at once.
#[derive(Clone, Copy)]
pub(crate) struct CtxPtr(*mut (dyn ToolCtx + 'static));

impl CtxPtr {
    /// # Safety
    /// Every copy must be dropped before `ctx`'s borrow ends.
    pub(crate) unsafe fn new(ctx: &mut dyn ToolCtx) -> CtxPtr {
        let p: *mut (dyn ToolCtx + '_) = ctx;
        // SAFETY: only the lifetime changes; the caller keeps the borrow alive.
        CtxPtr(unsafe {
            std::mem::transmute::<*mut (dyn ToolCtx + '_), *mut (dyn ToolCtx + 'static)>(p)
        })
    }

    pub(crate) fn get(&self) -> &dyn ToolCtx {
        // SAFETY: live for the call (see the type's comment).
        unsafe { &*self.0 }
    }

    #[allow(clippy::mut_from_ref)]
    pub(crate) fn get_mut(&self) -> &mut dyn ToolCtx {
        // SAFETY: live for the call, and each native takes it for the length of one call
        // into the context, never across another (see the type's comment).
        unsafe { &mut *self.0 }
    }
}

/// What one call's natives share.
pub(crate) struct Host {
    pub(crate) ctx: CtxPtr,
    /// `process.exit(n)` was called.
    pub(crate) exit: Cell<Option<i32>>,
    /// A write to stdout or stderr failed: the reader has gone.
    pub(crate) broken_pipe: Cell<bool>,
    started: Instant,
    /// Standard input, once read (`fs.readFileSync(0)` reads it all).
    stdin: RefCell<Option<Vec<u8>>>,
}

impl Host {
    pub(crate) fn new(ctx: CtxPtr) -> Rc<Host> {
        Rc::new(Host {
            ctx,
            exit: Cell::new(None),
            broken_pipe: Cell::new(false),
            started: Instant::now(),
            stdin: RefCell::new(None),
        })
    }

    fn backend(&self) -> std::sync::Arc<dyn sandsh_api::fs::KernelBackend> {
        self.ctx.get().backend().clone()
    }

    pub(crate) fn cancelled(&self) -> bool {
        self.ctx.get().is_cancelled()
    }
}

/// Node's name for a VFS error.
fn code(e: &VfsError) -> &'static str {
    match e {
        VfsError::NotFound => "ENOENT",
        VfsError::AlreadyExists => "EEXIST",
        VfsError::NotADirectory => "ENOTDIR",
        VfsError::IsADirectory => "EISDIR",
        VfsError::NotEmpty => "ENOTEMPTY",
        VfsError::PermissionDenied => "EACCES",
        VfsError::ReadOnly => "EROFS",
        VfsError::TooManyLinks => "ELOOP",
        VfsError::InvalidInput => "EINVAL",
        VfsError::NoSpace => "ENOSPC",
        VfsError::FileTooLarge => "EFBIG",
        VfsError::CrossDevice => "EXDEV",
        VfsError::Unsupported => "ENOTSUP",
        VfsError::Other(_) => "EIO",
    }
}

/// Throw `{ code, syscall }` for the JavaScript side to word.
fn fail<'js>(ctx: &Ctx<'js>, code: &str, syscall: &str) -> rquickjs::Error {
    let made = (|| -> rquickjs::Result<Value<'js>> {
        let o = Object::new(ctx.clone())?;
        o.set("code", code)?;
        o.set("syscall", syscall)?;
        o.set("sandshFsError", true)?;
        Ok(o.into_value())
    })();
    match made {
        Ok(v) => ctx.throw(v),
        Err(e) => e,
    }
}

fn vfs<'js, T>(ctx: &Ctx<'js>, r: Result<T, VfsError>, syscall: &str) -> rquickjs::Result<T> {
    r.map_err(|e| fail(ctx, code(&e), syscall))
}

fn path(p: &str) -> PathBuf {
    sandsh_api::fs::normalize(Path::new("/"), Path::new(p))
}

/// Bytes of a string or a Uint8Array (a Buffer).
fn bytes(v: &Value<'_>) -> rquickjs::Result<Vec<u8>> {
    if let Some(s) = v.as_string() {
        return Ok(s.to_string()?.into_bytes());
    }
    if let Some(obj) = v.as_object()
        && let Ok(a) = TypedArray::<u8>::from_object(obj.clone())
    {
        return Ok(view(&a));
    }
    Ok(Vec::new())
}

/// An optional number argument: missing, `undefined` and `null` are `None`.
fn opt_f64(v: Opt<Value<'_>>) -> Option<f64> {
    v.0.and_then(|v| v.as_number())
}

fn opt_u32(v: Opt<Value<'_>>) -> Option<u32> {
    opt_f64(v).filter(|n| *n >= 0.0).map(|n| n as u32)
}

/// A copy of a typed array's bytes (empty when its buffer was detached).
fn view(a: &TypedArray<'_, u8>) -> Vec<u8> {
    match a.as_raw() {
        // SAFETY: the pointer is valid until JavaScript runs again; it is copied at once.
        Some(p) => unsafe { p.as_ref() }.to_vec(),
        None => Vec::new(),
    }
}

fn type_name(t: FileType) -> &'static str {
    match t {
        FileType::File => "file",
        FileType::Dir => "dir",
        FileType::Symlink => "symlink",
        FileType::CharDevice => "char",
        FileType::Fifo => "fifo",
    }
}

fn ms(t: std::time::SystemTime) -> f64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64() * 1000.0,
        Err(e) => -(e.duration().as_secs_f64() * 1000.0),
    }
}

fn stat_object<'js>(ctx: &Ctx<'js>, m: &Metadata) -> rquickjs::Result<Object<'js>> {
    let o = Object::new(ctx.clone())?;
    o.set("type", type_name(m.file_type))?;
    o.set("mode", m.mode)?;
    o.set("size", m.size as f64)?;
    o.set("ino", m.ino as f64)?;
    o.set("nlink", m.nlink as f64)?;
    o.set("uid", m.uid)?;
    o.set("gid", m.gid)?;
    o.set("mtimeMs", ms(m.mtime))?;
    o.set("atimeMs", ms(m.atime))?;
    o.set("ctimeMs", ms(m.ctime))?;
    Ok(o)
}

/// Make an uncatchable error and throw it: `process.exit` and a closed pipe end the script
/// past any `try`/`finally`.
pub(crate) fn throw_exit<'js>(ctx: &Ctx<'js>) -> rquickjs::Error {
    // QuickJS marks only objects of its Error class as uncatchable.
    match Exception::from_message(ctx.clone(), "sandsh: exit") {
        Ok(e) => {
            let v = e.into_value();
            // SAFETY: `v` is a live Error object of this context.
            unsafe { rquickjs::qjs::JS_SetUncatchableError(ctx.as_raw().as_ptr(), v.as_raw()) };
            ctx.throw(v)
        }
        Err(e) => e,
    }
}

macro_rules! native {
    ($obj:expr, $ctx:expr, $name:literal, $f:expr) => {
        $obj.set($name, Function::new($ctx.clone(), $f)?.with_name($name)?)?;
    };
}

/// The natives, as the object the JavaScript side is given.
pub(crate) fn natives<'js>(ctx: &Ctx<'js>, host: &Rc<Host>) -> rquickjs::Result<Object<'js>> {
    let o = Object::new(ctx.clone())?;

    let h = host.clone();
    native!(o, ctx, "write", move |ctx: Ctx<'js>,
                                   fd: i32,
                                   data: Value<'js>|
          -> rquickjs::Result<()> {
        let data = bytes(&data)?;
        let c = h.ctx.get_mut();
        let r = if fd == 2 {
            let _ = c.stdout().flush();
            c.stderr().write_all(&data)
        } else {
            c.stdout().write_all(&data)
        };
        if r.is_err() {
            h.broken_pipe.set(true);
            return Err(throw_exit(&ctx));
        }
        Ok(())
    });

    let h = host.clone();
    native!(o, ctx, "exit", move |ctx: Ctx<'js>,
                                  code: i32|
          -> rquickjs::Result<()> {
        h.exit.set(Some(code));
        Err(throw_exit(&ctx))
    });

    let h = host.clone();
    native!(
        o,
        ctx,
        "readStdin",
        move |ctx: Ctx<'js>| -> rquickjs::Result<TypedArray<'js, u8>> {
            let mut cached = h.stdin.borrow_mut();
            if cached.is_none() {
                let mut buf = Vec::new();
                if std::io::Read::read_to_end(h.ctx.get_mut().stdin(), &mut buf).is_err()
                    && h.cancelled()
                {
                    return Err(throw_exit(&ctx));
                }
                *cached = Some(buf);
            }
            TypedArray::new_copy(ctx, cached.as_deref().unwrap_or_default())
        }
    );

    let h = host.clone();
    native!(o, ctx, "readFile", move |ctx: Ctx<'js>,
                                      p: String|
          -> rquickjs::Result<
        TypedArray<'js, u8>,
    > {
        let p = path(&p);
        let be = h.backend();
        if vfs(&ctx, be.stat(&p), "open")?.is_dir() {
            return Err(fail(&ctx, "EISDIR", "read"));
        }
        let data = vfs(&ctx, be.read(&p, None), "open")?;
        TypedArray::new(ctx, data)
    });

    let h = host.clone();
    native!(o, ctx, "writeFile", move |ctx: Ctx<'js>,
                                       p: String,
                                       data: Value<'js>,
                                       flag: String,
                                       mode: Opt<Value<'js>>|
          -> rquickjs::Result<()> {
        let p = path(&p);
        let data = bytes(&data)?;
        let be = h.backend();
        let mode_bits = opt_u32(mode).unwrap_or(0o666) & !h.ctx.get().umask();
        if be.stat(&p).is_ok_and(|m| m.is_dir()) {
            return Err(fail(&ctx, "EISDIR", "open"));
        }
        let how = match flag.as_str() {
            "a" | "as" | "a+" => WriteMode::Append,
            "wx" | "xw" | "ax" | "xa" => WriteMode::CreateNew,
            _ => WriteMode::Truncate,
        };
        vfs(&ctx, be.write(&p, &data, how, mode_bits), "open")
    });

    let h = host.clone();
    native!(o, ctx, "stat", move |ctx: Ctx<'js>,
                                  p: String,
                                  follow: bool|
          -> rquickjs::Result<Object<'js>> {
        let p = path(&p);
        let be = h.backend();
        let (m, call) = if follow {
            (be.stat(&p), "stat")
        } else {
            (be.lstat(&p), "lstat")
        };
        let m = vfs(&ctx, m, call)?;
        stat_object(&ctx, &m)
    });

    let h = host.clone();
    native!(o, ctx, "exists", move |p: String| -> bool {
        h.backend().stat(&path(&p)).is_ok()
    });

    let h = host.clone();
    native!(
        o,
        ctx,
        "readdir",
        move |ctx: Ctx<'js>, p: String| -> rquickjs::Result<Array<'js>> {
            let p = path(&p);
            let be = h.backend();
            if !vfs(&ctx, be.stat(&p), "scandir")?.is_dir() {
                return Err(fail(&ctx, "ENOTDIR", "scandir"));
            }
            let mut list = vfs(&ctx, be.list(&p), "scandir")?;
            list.sort_by(|a, b| a.name.cmp(&b.name));
            let out = Array::new(ctx.clone())?;
            for (i, e) in list.iter().enumerate() {
                let pair = Array::new(ctx.clone())?;
                pair.set(0, String::from_utf8_lossy(&e.name).into_owned())?;
                pair.set(1, type_name(e.file_type))?;
                out.set(i, pair)?;
            }
            Ok(out)
        }
    );

    let h = host.clone();
    native!(o, ctx, "mkdir", move |ctx: Ctx<'js>,
                                   p: String,
                                   recursive: bool,
                                   mode: Opt<Value<'js>>|
          -> rquickjs::Result<
        Option<String>,
    > {
        let p = path(&p);
        let be = h.backend();
        let mode = opt_u32(mode).unwrap_or(0o777) & !h.ctx.get().umask();
        if !recursive {
            vfs(&ctx, be.mkdir(&p, mode, false), "mkdir")?;
            return Ok(None);
        }
        // The first directory made, as Node answers.
        let mut first = None;
        for a in p.ancestors().collect::<Vec<_>>().into_iter().rev() {
            match be.stat(a) {
                Ok(m) if m.is_dir() => continue,
                Ok(_) => {
                    return Err(fail(
                        &ctx,
                        if a == p { "EEXIST" } else { "ENOTDIR" },
                        "mkdir",
                    ));
                }
                Err(_) => {
                    vfs(&ctx, be.mkdir(a, mode, false), "mkdir")?;
                    if first.is_none() {
                        first = Some(a.to_string_lossy().into_owned());
                    }
                }
            }
        }
        Ok(first)
    });

    let h = host.clone();
    native!(o, ctx, "rename", move |ctx: Ctx<'js>,
                                    a: String,
                                    b: String|
          -> rquickjs::Result<()> {
        vfs(&ctx, h.backend().rename(&path(&a), &path(&b)), "rename")
    });

    let h = host.clone();
    native!(o, ctx, "unlink", move |ctx: Ctx<'js>,
                                    p: String|
          -> rquickjs::Result<()> {
        let p = path(&p);
        let be = h.backend();
        if vfs(&ctx, be.lstat(&p), "unlink")?.is_dir() {
            return Err(fail(&ctx, "EISDIR", "unlink"));
        }
        vfs(&ctx, be.remove(&p, false), "unlink")
    });

    let h = host.clone();
    native!(o, ctx, "rmdir", move |ctx: Ctx<'js>,
                                   p: String,
                                   recursive: bool|
          -> rquickjs::Result<()> {
        let p = path(&p);
        let be = h.backend();
        if !vfs(&ctx, be.lstat(&p), "rmdir")?.is_dir() {
            return Err(fail(&ctx, "ENOTDIR", "rmdir"));
        }
        vfs(&ctx, be.remove(&p, recursive), "rmdir")
    });

    let h = host.clone();
    native!(o, ctx, "rm", move |ctx: Ctx<'js>,
                                p: String,
                                recursive: bool,
                                force: bool|
          -> rquickjs::Result<()> {
        let p = path(&p);
        let be = h.backend();
        match be.lstat(&p) {
            Err(VfsError::NotFound) if force => Ok(()),
            Err(e) => Err(fail(&ctx, code(&e), "lstat")),
            Ok(m) if m.is_dir() && !recursive => Err(fail(&ctx, "ERR_FS_EISDIR", "rm")),
            Ok(_) => vfs(&ctx, be.remove(&p, recursive), "rm"),
        }
    });

    let h = host.clone();
    native!(o, ctx, "copyFile", move |ctx: Ctx<'js>,
                                      a: String,
                                      b: String,
                                      excl: bool|
          -> rquickjs::Result<()> {
        let (a, b) = (path(&a), path(&b));
        let be = h.backend();
        let m = vfs(&ctx, be.stat(&a), "copyfile")?;
        if m.is_dir() {
            return Err(fail(&ctx, "EISDIR", "copyfile"));
        }
        let data = vfs(&ctx, be.read(&a, None), "copyfile")?;
        let how = if excl {
            WriteMode::CreateNew
        } else {
            WriteMode::Truncate
        };
        vfs(&ctx, be.write(&b, &data, how, m.mode), "copyfile")
    });

    let h = host.clone();
    native!(o, ctx, "realpath", move |ctx: Ctx<'js>,
                                      p: String|
          -> rquickjs::Result<String> {
        let r = vfs(&ctx, h.backend().canonicalize(&path(&p)), "realpath")?;
        Ok(r.to_string_lossy().into_owned())
    });

    let h = host.clone();
    native!(o, ctx, "symlink", move |ctx: Ctx<'js>,
                                     target: String,
                                     p: String|
          -> rquickjs::Result<()> {
        vfs(
            &ctx,
            h.backend().symlink(Path::new(&target), &path(&p)),
            "symlink",
        )
    });

    let h = host.clone();
    native!(o, ctx, "readlink", move |ctx: Ctx<'js>,
                                      p: String|
          -> rquickjs::Result<String> {
        let r = vfs(&ctx, h.backend().read_link(&path(&p)), "readlink")?;
        Ok(r.to_string_lossy().into_owned())
    });

    let h = host.clone();
    native!(o, ctx, "chmod", move |ctx: Ctx<'js>,
                                   p: String,
                                   mode: u32|
          -> rquickjs::Result<()> {
        vfs(&ctx, h.backend().chmod(&path(&p), mode & 0o7777), "chmod")
    });

    let h = host.clone();
    native!(o, ctx, "truncate", move |ctx: Ctx<'js>,
                                      p: String,
                                      len: f64|
          -> rquickjs::Result<()> {
        vfs(
            &ctx,
            h.backend().truncate(&path(&p), len.max(0.0) as u64),
            "open",
        )
    });

    let h = host.clone();
    native!(
        o,
        ctx,
        "env",
        move |ctx: Ctx<'js>| -> rquickjs::Result<Object<'js>> {
            let env = Object::new(ctx.clone())?;
            for (k, v) in h.ctx.get().env() {
                env.set(k, String::from_utf8_lossy(&v).into_owned())?;
            }
            Ok(env)
        }
    );

    let h = host.clone();
    native!(o, ctx, "cwd", move || -> String {
        h.ctx.get().cwd().to_string_lossy().into_owned()
    });

    let h = host.clone();
    native!(o, ctx, "hrtime", move || -> f64 {
        h.started.elapsed().as_nanos() as f64
    });

    let h = host.clone();
    native!(o, ctx, "now", move || -> f64 { ms(h.ctx.get().now()) });

    // Sleep until `ms` from now or until the run is cancelled; false when cancelled.
    let h = host.clone();
    native!(o, ctx, "sleep", move |ctx: Ctx<'js>,
                                   wait: f64|
          -> rquickjs::Result<()> {
        let until = Instant::now() + Duration::from_secs_f64((wait.max(0.0)) / 1000.0);
        loop {
            if h.cancelled() {
                return Err(throw_exit(&ctx));
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(());
            }
            std::thread::sleep(left.min(Duration::from_millis(10)));
        }
    });

    native!(o, ctx, "compile", |ctx: Ctx<'js>,
                                src: String,
                                filename: String|
     -> rquickjs::Result<Value<'js>> {
        let mut opts = rquickjs::context::EvalOptions::default();
        opts.global = true;
        opts.strict = false;
        opts.filename = Some(filename);
        ctx.eval_with_options(src, opts)
    });

    // Import an ES module by its resolved name; the promise of its evaluation.
    native!(o, ctx, "importModule", |ctx: Ctx<'js>,
                                     name: String|
     -> rquickjs::Result<
        rquickjs::Promise<'js>,
    > {
        rquickjs::Module::import(&ctx, name)
    });

    // Evaluate source as an ES module named `name` (`--input-type=module`, stdin).
    native!(o, ctx, "evalModule", |ctx: Ctx<'js>,
                                   name: String,
                                   src: String|
     -> rquickjs::Result<
        rquickjs::Promise<'js>,
    > {
        rquickjs::Module::evaluate(ctx, name, src)
    });

    // One HTTP exchange through the session's allowlist: [status, reason, [[name, value]…],
    // body]; a refusal or a network error throws `{ fetchError: message }`.
    let h = host.clone();
    native!(o, ctx, "http", move |ctx: Ctx<'js>,
                                  method: String,
                                  url: String,
                                  headers: Vec<Vec<String>>,
                                  body: Opt<Value<'js>>,
                                  timeout_ms: Opt<Value<'js>>|
          -> rquickjs::Result<Array<'js>> {
        let body = match body.0 {
            Some(v) if !v.is_undefined() && !v.is_null() => bytes(&v)?,
            _ => Vec::new(),
        };
        let headers = headers
            .into_iter()
            .filter_map(|kv| {
                let mut it = kv.into_iter();
                Some((it.next()?, it.next()?))
            })
            .collect();
        let timeout = opt_f64(timeout_ms)
            .filter(|t| *t > 0.0)
            .map(|t| Duration::from_secs_f64(t / 1000.0));
        match crate::fetch::exchange(h.ctx.get(), &method, &url, headers, &body, timeout) {
            Ok(r) => {
                let out = Array::new(ctx.clone())?;
                out.set(0, r.status)?;
                out.set(1, r.reason)?;
                let hs = Array::new(ctx.clone())?;
                for (i, (k, v)) in r.headers.into_iter().enumerate() {
                    hs.set(i, vec![k, v])?;
                }
                out.set(2, hs)?;
                out.set(3, TypedArray::<u8>::new(ctx.clone(), r.body)?)?;
                Ok(out)
            }
            Err(msg) => {
                if h.cancelled() {
                    return Err(throw_exit(&ctx));
                }
                let o = Object::new(ctx.clone())?;
                o.set("fetchError", msg)?;
                Err(ctx.throw(o.into_value()))
            }
        }
    });

    // Run a command of the session, as a child process would: argv, stdin bytes → status,
    // stdout, stderr.
    let h = host.clone();
    native!(o, ctx, "spawnSync", move |ctx: Ctx<'js>,
                                       argv: Vec<String>,
                                       input: Opt<Value<'js>>|
          -> rquickjs::Result<
        Array<'js>,
    > {
        let Some((name, rest)) = argv.split_first() else {
            return Err(Exception::throw_type(&ctx, "empty argv"));
        };
        let stdin = match input.0 {
            Some(v) if !v.is_undefined() && !v.is_null() => Some(bytes(&v)?),
            _ => Some(Vec::new()),
        };
        let args: Vec<Vec<u8>> = rest.iter().map(|a| a.clone().into_bytes()).collect();
        let got = h.ctx.get_mut().call_captured(name, &args, stdin.as_deref());
        let out = Array::new(ctx.clone())?;
        out.set(0, got.status)?;
        out.set(1, TypedArray::<u8>::new(ctx.clone(), got.stdout)?)?;
        out.set(2, TypedArray::<u8>::new(ctx.clone(), got.stderr)?)?;
        Ok(out)
    });

    // A promise's state (0 pending, 1 fulfilled, 2 rejected) and result, for inspect.
    native!(
        o,
        ctx,
        "promiseState",
        |ctx: Ctx<'js>, p: Value<'js>| -> rquickjs::Result<Array<'js>> {
            let out = Array::new(ctx.clone())?;
            let raw = ctx.as_raw().as_ptr();
            // SAFETY: `p` is a live value of this context; the result is a new reference.
            let (state, result) = unsafe {
                let state = rquickjs::qjs::JS_PromiseState(raw, p.as_raw());
                let result = Value::from_raw(
                    ctx.clone(),
                    rquickjs::qjs::JS_PromiseResult(raw, p.as_raw()),
                );
                (state, result)
            };
            let state = match state {
                rquickjs::qjs::JSPromiseStateEnum_JS_PROMISE_FULFILLED => 1,
                rquickjs::qjs::JSPromiseStateEnum_JS_PROMISE_REJECTED => 2,
                _ => 0,
            };
            out.set(0, state)?;
            out.set(1, result)?;
            Ok(out)
        }
    );

    native!(o, ctx, "encode", |ctx: Ctx<'js>,
                               s: String,
                               enc: Opt<String>|
     -> rquickjs::Result<
        TypedArray<'js, u8>,
    > {
        let enc = crate::codec::normalize(enc.0.as_deref().unwrap_or("utf8")).unwrap_or("utf8");
        let out = if enc == "utf8" {
            s.into_bytes()
        } else {
            crate::codec::encode(&s.encode_utf16().collect::<Vec<_>>(), enc)
        };
        TypedArray::new(ctx, out)
    });

    native!(o, ctx, "decode", |ctx: Ctx<'js>,
                               data: Value<'js>,
                               enc: Opt<String>,
                               start: Opt<Value<'js>>,
                               end: Opt<Value<'js>>|
     -> rquickjs::Result<String> {
        let Some(obj) = data.as_object() else {
            return Err(Exception::throw_type(&ctx, "not a Uint8Array"));
        };
        let a = TypedArray::<u8>::from_object(obj.clone())?;
        let b = view(&a);
        let b = b.as_slice();
        let end = opt_f64(end).map_or(b.len(), |e| (e.max(0.0) as usize).min(b.len()));
        let start = opt_f64(start).map_or(0, |s| (s.max(0.0) as usize).min(end));
        let b = &b[start..end];
        let enc = crate::codec::normalize(enc.0.as_deref().unwrap_or("utf8")).unwrap_or("utf8");
        Ok(if enc == "utf8" {
            String::from_utf8_lossy(b).into_owned()
        } else {
            String::from_utf16_lossy(&crate::codec::decode(b, enc))
        })
    });

    native!(o, ctx, "isEncoding", |enc: String| -> bool {
        crate::codec::normalize(&enc).is_some()
    });

    native!(o, ctx, "digest", |ctx: Ctx<'js>,
                               alg: String,
                               data: Value<'js>,
                               key: Opt<Value<'js>>|
     -> rquickjs::Result<
        TypedArray<'js, u8>,
    > {
        let data = bytes(&data)?;
        let key = match key.0 {
            Some(k) if !k.is_undefined() => Some(bytes(&k)?),
            _ => None,
        };
        match crate::digest::digest(&alg, &data, key.as_deref()) {
            Some(d) => TypedArray::new(ctx, d),
            None => Err(Exception::throw_message(
                &ctx,
                "Digest method not supported",
            )),
        }
    });

    native!(o, ctx, "randomBytes", |ctx: Ctx<'js>,
                                    n: f64|
     -> rquickjs::Result<
        TypedArray<'js, u8>,
    > {
        let mut b = vec![0u8; n.clamp(0.0, (1u64 << 31) as f64) as usize];
        if getrandom::fill(&mut b).is_err() {
            return Err(Exception::throw_message(&ctx, "no entropy available"));
        }
        TypedArray::new(ctx, b)
    });

    native!(o, ctx, "noop", |_args: Rest<Value<'js>>| {});
    Ok(o)
}
