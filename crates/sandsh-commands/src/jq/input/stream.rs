//! `--stream`: the input as jq's streaming parser gives it. Each scalar and each empty array
//! or object is an event `[path, value]`; each non-empty array or object ends with `[path]`,
//! the path of its last element. Events come as the text is read: a document far larger
//! than memory streams through, a repeated key gives both of its values, and the events
//! before a syntax error are seen before the error, as in jq.

use std::io::Read;

use jaq_json::Val;

use super::{MAX_DEPTH, ParseError, Parser};

/// Where the streaming parser is within the current document.
#[derive(Default)]
pub struct StreamState {
    /// The path of the value being read: array indices and object keys.
    path: Vec<Val>,
    /// The index of each open array, innermost last (`None` for an object).
    open: Vec<Option<usize>>,
    /// The value at `path` has been read: a separator or the container's end comes next.
    after_value: bool,
    /// A scalar inside a container, given once the separator or end after it is read (as
    /// jq does: `[1,2` at the end of the input gives `[[0],1]` alone).
    held: Option<Val>,
    /// The event after `held`, when a container's end released both.
    next: Option<Val>,
    /// A `,` in an object was read: its next key comes next.
    want_key: bool,
}

impl StreamState {
    fn event(&self, leaf: Option<Val>) -> Val {
        let path = Val::from_iter(self.path.iter().cloned());
        Val::from_iter(std::iter::once(path).chain(leaf))
    }
}

impl<R: Read> Parser<R> {
    /// The next event, `None` at the end of the input.
    pub fn next_event(&mut self, st: &mut StreamState) -> Result<Option<Val>, ParseError> {
        if let Some(ev) = st.next.take() {
            return Ok(Some(ev));
        }
        loop {
            let Some(&top) = st.open.last() else {
                // Between documents.
                match self.skip_ws()? {
                    None => return Ok(None),
                    Some(c @ (b']' | b'}')) => {
                        self.bump();
                        let m = format!("Unmatched '{}' at the top-level", c as char);
                        return Err(self.err(&m));
                    }
                    Some(_) => {}
                }
                st.path.clear();
                if let Some(ev) = self.start_value(st)? {
                    return Ok(Some(ev));
                }
                continue;
            };
            if st.want_key {
                st.want_key = false;
                if self.skip_ws()? == Some(b'}') {
                    self.bump();
                    return Err(self.err("Expected another key:value pair"));
                }
                let key = self.object_key()?;
                self.step(st, None, key);
            }
            if !st.after_value {
                if let Some(ev) = self.start_value(st)? {
                    return Ok(Some(ev));
                }
                continue;
            }
            match (self.skip_ws()?, top) {
                (None, _) => return Err(self.err_eof("Unfinished JSON term")),
                (Some(b','), Some(i)) => {
                    self.bump();
                    if self.skip_ws()? == Some(b']') {
                        self.bump();
                        return Err(self.err("Expected another array element"));
                    }
                    let held = st.held.take();
                    self.step(st, Some(i + 1), Val::from(i + 1));
                    if held.is_some() {
                        return Ok(held);
                    }
                }
                (Some(b','), None) => {
                    self.bump();
                    // jq gives the member before the next key is read.
                    st.want_key = true;
                    if let Some(held) = st.held.take() {
                        return Ok(Some(held));
                    }
                }
                (Some(b']'), Some(_)) | (Some(b'}'), None) => {
                    self.bump();
                    let close = self.close(st)?;
                    return Ok(Some(match st.held.take() {
                        Some(held) => {
                            st.next = Some(close);
                            held
                        }
                        None => close,
                    }));
                }
                (Some(b']'), None) => {
                    self.bump();
                    return Err(self.err("Unmatched ']' in the middle of an object"));
                }
                (Some(b'}'), Some(_)) => {
                    self.bump();
                    return Err(self.err("Unmatched '}' in the middle of an array"));
                }
                (Some(c), _) => return Err(self.sep_error(c)),
            }
        }
    }

    /// Move on to the next element (index `i`) or member (`key`) of the open container.
    fn step(&mut self, st: &mut StreamState, i: Option<usize>, key: Val) {
        if let (Some(slot), Some(last)) = (st.open.last_mut(), st.path.last_mut()) {
            *slot = i;
            *last = key;
        }
        st.after_value = false;
    }

    /// Read the start of the value at `st.path`: a scalar or an empty container is an event
    /// (a scalar inside a container is held until what follows it is read); a container with
    /// contents is entered.
    fn start_value(&mut self, st: &mut StreamState) -> Result<Option<Val>, ParseError> {
        let (open, close) = match self.skip_ws()? {
            Some(b'[') => (b'[', b']'),
            Some(b'{') => (b'{', b'}'),
            Some(c @ (b']' | b'}')) if st.open.last() == Some(&None) => {
                self.bump();
                return Err(self.err(if c == b'}' {
                    "Missing value in key:value pair"
                } else {
                    "Unmatched ']' in the middle of an object"
                }));
            }
            _ => {
                let v = self.value()?;
                let ev = self.leaf(st, v)?;
                if st.open.is_empty() {
                    return Ok(Some(ev));
                }
                st.held = Some(ev);
                return Ok(None);
            }
        };
        self.bump();
        if self.skip_ws()? == Some(close) {
            self.bump();
            let empty = if open == b'[' {
                Val::from_iter(std::iter::empty())
            } else {
                Val::obj(Default::default())
            };
            return self.leaf(st, empty).map(Some);
        }
        if st.open.len() >= MAX_DEPTH {
            return Err(self.err("Exceeds depth limit for parsing"));
        }
        if open == b'[' {
            st.open.push(Some(0));
            st.path.push(Val::from(0usize));
        } else {
            let key = self.object_key()?;
            st.open.push(None);
            st.path.push(key);
        }
        st.after_value = false;
        Ok(None)
    }

    /// The event for a scalar or empty container at `st.path`.
    fn leaf(&mut self, st: &mut StreamState, v: Val) -> Result<Val, ParseError> {
        st.after_value = true;
        if st.open.is_empty() {
            self.skip_line_ws()?;
        }
        Ok(st.event(Some(v)))
    }

    /// The end of the innermost container: `[path of its last element]`.
    fn close(&mut self, st: &mut StreamState) -> Result<Val, ParseError> {
        let ev = st.event(None);
        st.open.pop();
        st.path.pop();
        st.after_value = true;
        if st.open.is_empty() {
            self.skip_line_ws()?;
        }
        Ok(ev)
    }

    /// An object's key and the `:` after it, faulted where jq's streaming parser faults it.
    fn object_key(&mut self) -> Result<Val, ParseError> {
        if self.skip_ws()?.is_none() {
            return Err(self.err_eof("Unfinished JSON term"));
        }
        let key = self.value()?;
        match self.skip_ws()? {
            None => Err(self.err_eof("Unfinished JSON term")),
            Some(b':') => {
                self.bump();
                if matches!(key, Val::TStr(_) | Val::BStr(_)) {
                    Ok(key)
                } else {
                    Err(self.err("Object keys must be strings"))
                }
            }
            Some(b',' | b'}') => {
                self.bump();
                Err(self.err("Objects must consist of key:value pairs"))
            }
            Some(c) => Err(self.sep_error(c)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event (as `jq -c` prints it), then the error, if any.
    fn events(s: &str) -> (Vec<String>, Option<String>) {
        let mut p = Parser::new(s.as_bytes());
        let mut st = StreamState::default();
        let mut out = Vec::new();
        loop {
            match p.next_event(&mut st) {
                Ok(Some(v)) => out.push(crate::jq::output::to_json(&v)),
                Ok(None) => return (out, None),
                Err(e) => return (out, Some(e.msg)),
            }
        }
    }

    #[test]
    fn events_as_jq_streams_them() {
        // jq 1.6 and 1.7.1 (`jq -c --stream .`) print these.
        let (ev, err) = events(r#"{"a":[1,{"b":2}],"c":"x"} 3 [] {} [[]] {"a":1,"a":2}"#);
        assert_eq!(err, None);
        assert_eq!(
            ev,
            [
                r#"[["a",0],1]"#,
                r#"[["a",1,"b"],2]"#,
                r#"[["a",1,"b"]]"#,
                r#"[["a",1]]"#,
                r#"[["c"],"x"]"#,
                r#"[["c"]]"#,
                "[[],3]",
                "[[],[]]",
                "[[],{}]",
                "[[0],[]]",
                "[[0]]",
                r#"[["a"],1]"#,
                r#"[["a"],2]"#,
                r#"[["a"]]"#,
            ]
        );
    }

    #[test]
    fn events_before_an_error_come_first() {
        // jq 1.6's `jq -c --stream .` for each (stdout, then stderr); a scalar is given
        // once what follows it is read.
        for (text, want, msg) in [
            (
                "[\"a\",{\"b\":}",
                &[r#"[[0],"a"]"#][..],
                "Missing value in key:value pair at line 1, column 11",
            ),
            (
                "{\"a\":1,}",
                &[r#"[["a"],1]"#],
                "Expected another key:value pair at line 1, column 8",
            ),
            (
                "[1,2\n",
                &["[[0],1]"],
                "Unfinished JSON term at EOF at line 2, column 0",
            ),
            (
                "[1 2]",
                &[],
                "Expected separator between values at line 1, column 5",
            ),
            (
                "[[] 1]",
                &["[[0],[]]"],
                "Expected separator between values at line 1, column 6",
            ),
            (
                "{\"a\":1}}",
                &[r#"[["a"],1]"#, r#"[["a"]]"#],
                "Unmatched '}' at the top-level at line 1, column 8",
            ),
            (
                "{\"a\":[1,2]]",
                &[r#"[["a",0],1]"#, r#"[["a",1],2]"#, r#"[["a",1]]"#],
                "Unmatched ']' in the middle of an object at line 1, column 11",
            ),
            (
                "[1}",
                &[],
                "Unmatched '}' in the middle of an array at line 1, column 3",
            ),
            (
                "{\"a\",1}",
                &[],
                "Objects must consist of key:value pairs at line 1, column 5",
            ),
            ("[,1]", &[], "Expected value before ',' at line 1, column 2"),
            (
                "{\"a\":1,2}",
                &[r#"[["a"],1]"#],
                "Objects must consist of key:value pairs at line 1, column 9",
            ),
            (
                "{1:2}",
                &[],
                "Object keys must be strings at line 1, column 3",
            ),
            (
                "]",
                &[],
                "Unmatched ']' at the top-level at line 1, column 1",
            ),
        ] {
            let (ev, err) = events(text);
            assert_eq!(ev, want, "{text:?}");
            assert_eq!(err.as_deref(), Some(msg), "{text:?}");
        }
    }
}
