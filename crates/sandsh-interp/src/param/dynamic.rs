//! Variables computed when read (`$RANDOM`, `$SECONDS`, `$LINENO`, `${FUNCNAME[@]}`…) and
//! `$-`: the list of them, so fast paths that read stored values can skip them, and the
//! computations.

use super::PV;
use crate::vars::Attrs;
use crate::{Shell, TraceLevel};

impl Shell {
    /// Variables computed on read.
    pub(super) fn dynamic_var(&mut self, n: &str) -> Option<PV> {
        if !is_dynamic(n) {
            return None;
        }
        let s = |v: String| Some(PV::Scalar(v.into_bytes()));
        match n {
            "RANDOM" => {
                if self
                    .vars
                    .get("RANDOM")
                    .is_some_and(|v| v.attrs.has(Attrs::EXPORT))
                {
                    // fall through to the stored value only when the user unset + exported it
                }
                let r = self.next_random();
                s(r.to_string())
            }
            "SRANDOM" => {
                let a = self.next_random() as u32;
                let b = self.next_random() as u32;
                s(((a << 17) ^ b).to_string())
            }
            "SECONDS" => {
                s((self.env.start.elapsed().as_secs() as i64 + self.seconds_offset).to_string())
            }
            "LINENO" => s(self.lineno.to_string()),
            "BASHPID" => s(self.pid.to_string()),
            "EPOCHSECONDS" => s((self.env.clock)()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0)
                .to_string()),
            "EPOCHREALTIME" => {
                let d = (self.env.clock)()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap_or_default();
                s(format!("{}.{:06}", d.as_secs(), d.subsec_micros()))
            }
            "PIPESTATUS" => Some(PV::List(
                self.pipestatus
                    .iter()
                    .map(|v| v.to_string().into_bytes())
                    .collect(),
                false,
            )),
            // bash's call trace: function calls and `source`s, innermost first, above the
            // script itself (`main`, line 0, its file) when one runs from a file.
            "FUNCNAME" if self.frames.is_empty() => None,
            "FUNCNAME" => self.trace_list(|t| t.name.clone().into_bytes(), b"main"),
            "BASH_LINENO" if self.trace.is_empty() => None,
            "BASH_LINENO" => self.trace_list(|t| t.call_line.to_string().into_bytes(), b"0"),
            "BASH_SOURCE" => {
                let file = self.source_file.clone().unwrap_or_default();
                self.trace_list(|t| t.file.as_bytes().to_vec(), file.as_bytes())
                    .filter(|v| !matches!(v, PV::List(l, _) if l.is_empty()))
            }
            "BASH_SUBSHELL" => s(self.subshell_level.to_string()),
            "DIRSTACK" => {
                let mut v = vec![self.cwd.as_os_str().as_encoded_bytes().to_vec()];
                v.extend(
                    self.dir_stack
                        .iter()
                        .rev()
                        .map(|p| p.as_os_str().as_encoded_bytes().to_vec()),
                );
                Some(PV::List(v, false))
            }
            _ => {
                debug_assert!(false, "{n} is listed as dynamic but not computed");
                None
            }
        }
    }

    pub fn next_random(&mut self) -> i64 {
        // bash's LCG-ish generator shape; values 0..32767.
        let mut x = self.random_state;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.random_state = x;
        (x % 32768) as i64
    }

    /// `$-`
    pub fn flags_string(&self) -> String {
        let mut s = self.opts.flags();
        if self.interactive_shell {
            // bash lists `i` among the lower-case flags, before the upper-case ones.
            let at = s
                .find(|c: char| c.is_ascii_uppercase() || c > 'i')
                .unwrap_or(s.len());
            s.insert(at, 'i');
        }
        if let Some(c) = self.input_flag {
            s.push(c);
        }
        s
    }
}
/// Variables whose value is computed when read (`$RANDOM`, `$LINENO`, `${FUNCNAME[@]}`…):
/// exactly the names `dynamic_var` has an arm for.
pub(super) const DYNAMIC: [&str; 13] = [
    "RANDOM",
    "SRANDOM",
    "SECONDS",
    "LINENO",
    "BASHPID",
    "EPOCHSECONDS",
    "EPOCHREALTIME",
    "PIPESTATUS",
    "FUNCNAME",
    "BASH_LINENO",
    "BASH_SOURCE",
    "BASH_SUBSHELL",
    "DIRSTACK",
];

/// Whether `n` is computed when read (fast paths that read stored values must skip it).
pub(crate) fn is_dynamic(n: &str) -> bool {
    DYNAMIC.contains(&n)
}

impl Shell {
    /// A call-stack array (`FUNCNAME`, `BASH_LINENO`): `each` frame's entry, innermost first,
    /// then `bottom` for the outermost level when it has one; unset outside functions.
    /// One of the call-trace arrays: `each` level innermost first, then `bottom` for the
    /// script file when one is running.
    fn trace_list(&self, each: impl Fn(&TraceLevel) -> Vec<u8>, bottom: &[u8]) -> Option<PV> {
        let mut v: Vec<Vec<u8>> = self.trace.iter().rev().map(each).collect();
        if self.source_file.is_some() {
            v.push(bottom.to_vec());
        }
        Some(PV::List(v, false))
    }
}

#[cfg(test)]
pub(super) mod dynamic_tests {
    use super::DYNAMIC;

    /// Every listed name has an arm in `dynamic_var` (its catch-all asserts in debug builds).
    #[test]
    fn every_dynamic_name_is_computed() {
        let mut sh = crate::test_shell();
        for name in DYNAMIC {
            let _ = sh.dynamic_var(name);
        }
    }
}
