//! [`Value`]: structured values crossing the command API (variables, tool parameters).

/// A value read from or written to shell state through [`super::ToolCtx`].
///
/// Shell variables are strings, indexed arrays or associative arrays; the other variants let
/// commands hand structured data (numbers, booleans) to the shell, which stores their text.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    /// An indexed array, in index order (sparse arrays lose their gaps).
    List(Vec<Value>),
    /// An associative array, in the shell's iteration order.
    Map(Vec<(String, Value)>),
}

impl Value {
    /// The value as shell text: numbers in decimal, booleans as `true`/`false`, arrays as
    /// their first element (as `$a` gives), maps as empty.
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Value::Null => Vec::new(),
            Value::Bool(b) => b.to_string().into_bytes(),
            Value::Int(i) => i.to_string().into_bytes(),
            Value::Float(f) => f.to_string().into_bytes(),
            Value::Str(s) => s.clone().into_bytes(),
            Value::Bytes(b) => b.clone(),
            Value::List(items) => items.first().map(Value::to_bytes).unwrap_or_default(),
            Value::Map(_) => Vec::new(),
        }
    }

    /// The text form, decoding invalid UTF-8 lossily.
    pub fn to_string_lossy(&self) -> String {
        String::from_utf8_lossy(&self.to_bytes()).into_owned()
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Str(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Str(s)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Self {
        Value::Int(i)
    }
}
