//! What outlives one input item: the names of variables, arrays and functions (numbered as
//! GNU numbers them, since the numbers end up in the byte code) and the compiled functions.

use rustc_hash::FxHashMap as HashMap;

/// One compiled function (or the main program of one input item).
#[derive(Clone, Default, Debug)]
pub struct Func {
    pub name: String,
    pub defined: bool,
    pub void: bool,
    pub body: Vec<u8>,
    pub labels: Vec<usize>,
    /// Parameters, last first (as GNU's lists): >0 a variable, <0 an array; true when by
    /// reference.
    pub params: Vec<(i64, bool)>,
    /// Auto variables, last first.
    pub autos: Vec<i64>,
}

/// Names and functions: what outlives one input item.
pub struct Program {
    vars: HashMap<String, usize>,
    pub var_names: Vec<String>,
    arrays: HashMap<String, usize>,
    pub array_names: Vec<String>,
    funcs: HashMap<String, usize>,
    pub funcs_v: Vec<Func>,
    pub use_math: bool,
}

impl Program {
    pub fn new() -> Program {
        let mut var_names = vec![String::new(); 5];
        var_names[0] = "ibase".into();
        var_names[1] = "obase".into();
        var_names[2] = "scale".into();
        var_names[3] = "history".into();
        var_names[4] = "last".into();
        Program {
            vars: HashMap::default(),
            var_names,
            arrays: HashMap::default(),
            array_names: vec![String::new()],
            funcs: HashMap::default(),
            funcs_v: vec![Func {
                name: "(main)".into(),
                ..Func::default()
            }],
            use_math: false,
        }
    }

    /// Forget variable names (after the math library: user variables number from 5 again,
    /// as GNU's precompiled library leaves them).
    pub fn reset_vars(&mut self) {
        self.vars.clear();
        self.var_names.truncate(5);
    }

    pub fn var(&mut self, name: &str) -> usize {
        if let Some(&v) = self.vars.get(name) {
            return v;
        }
        let v = self.var_names.len();
        self.vars.insert(name.to_string(), v);
        self.var_names.push(name.to_string());
        v
    }

    pub fn array(&mut self, name: &str) -> usize {
        if let Some(&v) = self.arrays.get(name) {
            return v;
        }
        let v = self.array_names.len();
        self.arrays.insert(name.to_string(), v);
        self.array_names.push(name.to_string());
        v
    }

    /// A function number; `def` is a definition (redefining a math-library function gives it
    /// a new number, as GNU does).
    pub fn func(&mut self, name: &str, def: bool) -> usize {
        if let Some(&f) = self.funcs.get(name) {
            if self.use_math && def && f <= 6 {
                let n = self.new_func(name);
                self.funcs.insert(name.to_string(), n);
                return n;
            }
            return f;
        }
        let n = self.new_func(name);
        self.funcs.insert(name.to_string(), n);
        n
    }

    fn new_func(&mut self, name: &str) -> usize {
        self.funcs_v.push(Func {
            name: name.to_string(),
            ..Func::default()
        });
        self.funcs_v.len() - 1
    }
}
