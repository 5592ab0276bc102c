//! `ATTACH 'file.db' AS name` over the sandbox's files.
//!
//! SQLite never opens a path here (`db.rs`): the authorizer hands the file an `ATTACH` names to
//! the command, which reads it from the VFS, attaches an in-memory database under the same
//! name and loads the bytes into it, as it loads the main database. A missing file in an
//! existing directory is a new, empty database (as SQLite creates one). Attached files are
//! written back as the main database is (`backing.rs`), and before a `DETACH`.

use std::sync::OnceLock;

use regex::Regex;

use super::backing::Backed;
use super::shell::Shell;

/// `… AS name` at the end of an `ATTACH` statement: the schema name, quoted any of SQLite's
/// four ways or bare.
fn schema_of(sql: &str) -> Option<String> {
    static AS: OnceLock<Regex> = OnceLock::new();
    let re = AS.get_or_init(|| {
        Regex::new(
            r#"(?is)\bas\s+(?:"((?:[^"]|"")*)"|'((?:[^']|'')*)'|\[([^\]]*)\]|`((?:[^`]|``)*)`|([A-Za-z_][A-Za-z0-9_$]*))\s*;?\s*$"#,
        )
        .expect("a valid pattern")
    });
    let c = re.captures(sql)?;
    let (m, quote) = [(1, "\"\""), (2, "''"), (3, ""), (4, "``"), (5, "")]
        .into_iter()
        .find_map(|(i, q)| c.get(i).map(|m| (m.as_str(), q)))?;
    Some(if quote.is_empty() {
        m.to_string()
    } else {
        m.replace(quote, &quote[..1])
    })
}

/// A `Result` whose error is SQLite's result code and the message the CLI prints after
/// `Error: `.
pub type Stepped = Result<(), (i32, String)>;

impl Shell<'_, '_> {
    /// Run `sql`, an `ATTACH` of `file` the authorizer handed over, against the sandbox.
    pub fn attach_file(&mut self, file: &str, sql: &str) -> Stepped {
        let cantopen = |f: &str| {
            let rc = rusqlite::ffi::SQLITE_CANTOPEN;
            Err((rc, format!("stepping, unable to open database: {f} ({rc})")))
        };
        let Some(schema) = schema_of(sql) else {
            // Not a literal name (an expression SQLite would evaluate): not something a
            // sandboxed file can stand behind.
            return cantopen(file);
        };
        let mut missing = false;
        let data = {
            let mut cx = self.cx.borrow_mut();
            let path = cx.resolve_path(file);
            match cx.backend().stat(&path) {
                Ok(_) => match crate::common::input::read_input(&mut **cx, file.as_bytes()) {
                    Ok(d) => d,
                    Err(_) => {
                        drop(cx);
                        return cantopen(file);
                    }
                },
                Err(_) => {
                    let dir_ok = path
                        .parent()
                        .is_none_or(|d| cx.backend().stat(d).is_ok_and(|m| m.is_dir()));
                    if !dir_ok || self.readonly {
                        drop(cx);
                        return cantopen(file);
                    }
                    missing = true;
                    Vec::new()
                }
            }
        };
        let quoted = schema.replace('"', "\"\"");
        let g = self.db.guard();
        g.internal.set(true);
        let r = self
            .db
            .conn
            .execute_batch(&format!("ATTACH ':memory:' AS \"{quoted}\""));
        g.internal.set(false);
        if let Err(e) = r {
            let rc = rusqlite::ffi::SQLITE_ERROR;
            let msg = match e {
                rusqlite::Error::SqliteFailure(_, Some(m)) => m,
                e => e.to_string(),
            };
            return Err((rc, format!("stepping, {msg}")));
        }
        if !data.is_empty()
            && let Err(m) = self.db.load(&schema, &data, self.readonly, self.limit)
        {
            return Err((rusqlite::ffi::SQLITE_ERROR, format!("stepping, {m}")));
        }
        let written = if missing {
            None
        } else {
            super::backing::header_counter(&data)
        };
        self.backed
            .push(Backed::new(schema, file.to_string(), missing, written));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::schema_of;

    #[test]
    fn the_schema_name_in_each_quoting() {
        for (sql, want) in [
            ("ATTACH 'a.db' AS aux", "aux"),
            ("attach database 'a.db' as Aux;", "Aux"),
            ("ATTACH 'a.db' AS \"q \"\" q\"", "q \" q"),
            ("ATTACH 'a as b.db' AS 'x''y'", "x'y"),
            ("ATTACH 'a.db' AS [sp ace]", "sp ace"),
            ("ATTACH 'a.db' AS `t`", "t"),
        ] {
            assert_eq!(schema_of(sql).as_deref(), Some(want), "{sql}");
        }
        assert_eq!(schema_of("ATTACH 'a.db'"), None);
    }
}
