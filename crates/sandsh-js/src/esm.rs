//! ES modules: QuickJS's module loader, with Node's resolution and sources made by the
//! JavaScript side (`modules.js`): a file of the VFS as it is, a built-in or a CommonJS
//! module as a small module re-exporting its `module.exports`, JSON as its default export.
//! `import.meta.url`, `filename` and `dirname` are the file's.

use rquickjs::loader::{ImportAttributes, Loader, Resolver};
use rquickjs::{Ctx, Function, Module, Result, module::Declared};

pub(crate) struct NodeResolver;

impl Resolver for NodeResolver {
    fn resolve<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        base: &str,
        name: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<String> {
        let f: Function = ctx.globals().get("__sandsh_esm_resolve")?;
        f.call((name, base))
    }
}

pub(crate) struct NodeLoader;

impl Loader for NodeLoader {
    fn load<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        name: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<Module<'js, Declared>> {
        let f: Function = ctx.globals().get("__sandsh_esm_source")?;
        let source: String = f.call((name,))?;
        let module = Module::declare(ctx.clone(), name, source)?;
        if name.starts_with('/') {
            let meta = module.meta()?;
            let dir = std::path::Path::new(name)
                .parent()
                .map_or_else(|| "/".to_string(), |d| d.to_string_lossy().into_owned());
            meta.set("url", format!("file://{}", encode_path(name)))?;
            meta.set("filename", name)?;
            meta.set("dirname", dir)?;
        }
        Ok(module)
    }
}

/// A path as a file: URL's path (what Node's `pathToFileURL` escapes).
fn encode_path(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    for b in p.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
