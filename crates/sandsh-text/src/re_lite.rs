//! POSIX basic regular expressions for the text utilities outside grep/sed/awk that take one
//! (`nl -bpRE`, `csplit /RE/`, `tac -r`), compiled to a `regex::bytes::Regex` once per
//! invocation. The translation is the shared one ([`super::regex::translate`]); only patterns
//! with back-references, which a finite automaton cannot run, are refused here.

use regex::bytes::Regex;

use super::regex::{Syntax, translate};

/// Compile a BRE. Errors are worded as GNU's regcomp messages.
pub fn compile_bre(pat: &[u8]) -> Result<Regex, String> {
    let t = translate(pat, Syntax::Basic, false).map_err(|e| e.to_string())?;
    if t.backrefs {
        return Err("back-references are not supported here".into());
    }
    Regex::new(&format!("(?s){}", t.pattern))
        .map_err(|e| format!("invalid regular expression: {e}"))
}

#[cfg(test)]
mod tests {
    use super::compile_bre;

    #[test]
    fn basics() {
        let r = compile_bre(b"^a\\(b\\)*c$").unwrap();
        assert!(r.is_match(b"abbc"));
        assert!(!r.is_match(b"abbd"));
        let r = compile_bre(b"a+b").unwrap();
        assert!(r.is_match(b"a+b"));
        assert!(!r.is_match(b"aab"));
        let r = compile_bre(b"x\\{2\\}").unwrap();
        assert!(r.is_match(b"xx"));
        assert!(!r.is_match(b"x"));
        let r = compile_bre(b"[]a-c]").unwrap();
        assert!(r.is_match(b"]"));
        assert!(r.is_match(b"b"));
        let r = compile_bre(b"*a").unwrap();
        assert!(r.is_match(b"*a"));
        let r = compile_bre(b"[[:digit:]]\\+").unwrap();
        assert!(r.is_match(b"12"));
        assert!(compile_bre(b"\\(").is_err());
    }
}
