//! gawk's arrays of arrays: `a[i][j]`, `for (k in a[i])`, `delete a[i][j]`, `j in a[i]`, a
//! subarray passed to a function or to `split`, `length` and `isarray` of an element.
//!
//! An element is a [`Cell`] like a variable: a scalar or an array. As in gawk, a subarray is
//! made where a path needs one and finds an absent or untyped element (`a[1][2] = 3` makes
//! `a[1]`), and a scalar met where an array is needed, or an array where a scalar is, is
//! fatal with gawk's wording and the name gawk gives the element (`a["1"]`), which each
//! array carries (see [`Array::element_name`]). Subarrays live on the heap like every awk
//! value, so the session's memory budget counts them; they are freed level by level
//! (`Array`'s `Drop`), never by a recursion as deep as the nesting.

use std::cell::RefCell;
use std::rc::Rc;

use super::ast::{ArrRef, Expr};
use super::interp::{Array, Cell, Interp, R, fatal};
use super::value::{Str, Value};

type ArrayRc = Rc<RefCell<Array>>;

pub fn scalar_as_array<T>(name: &str) -> R<T> {
    fatal(format!("attempt to use scalar `{name}' as an array"))
}

/// A function's own scalar parameter, used as an array.
pub fn scalar_param_as_array<T>(name: &str) -> R<T> {
    fatal(format!(
        "attempt to use scalar parameter `{name}' as an array"
    ))
}

pub fn array_as_scalar<T>(name: &str) -> R<T> {
    fatal(format!("attempt to use array `{name}' in a scalar context"))
}

fn name_of(a: &ArrayRc) -> String {
    a.borrow().name()
}

impl Interp<'_> {
    /// The array `r` names, making the subarrays on its path from absent or untyped elements.
    pub fn arr_of(&mut self, r: &ArrRef) -> R<ArrayRc> {
        self.walk(r, true)
    }

    /// [`Interp::arr_of`] for the operand of `in` and `for (k in …)`, where gawk names no
    /// element when the last one is a scalar: "attempt to use a scalar value as array".
    pub fn loop_operand(&mut self, r: &ArrRef) -> R<ArrayRc> {
        self.walk(r, false)
    }

    fn walk(&mut self, r: &ArrRef, name_last: bool) -> R<ArrayRc> {
        let mut arr = self.array(r.var)?;
        for (n, subs) in r.path.iter().enumerate() {
            let k = self.subscript(subs)?;
            let sub = arr.borrow_mut().subarray(k.clone());
            arr = match sub {
                Some(s) => s,
                None if name_last || n + 1 < r.path.len() => {
                    return scalar_as_array(&arr.borrow().element_name(&k));
                }
                None => return fatal("attempt to use a scalar value as array"),
            };
        }
        Ok(arr)
    }

    /// The array `r` names if every element on its path exists (`delete a[i][j]` makes no
    /// `a[i]`); a scalar on the path is fatal.
    pub fn arr_if_exists(&mut self, r: &ArrRef) -> R<Option<ArrayRc>> {
        let mut arr = self.array(r.var)?;
        for subs in &r.path {
            let k = self.subscript(subs)?;
            let next = match arr.borrow().get(&k) {
                None => return Ok(None),
                Some(Cell::Arr(a)) => a.clone(),
                Some(Cell::Val(_)) => return scalar_as_array(&arr.borrow().element_name(&k)),
            };
            arr = next;
        }
        Ok(Some(arr))
    }

    /// The array holding the element `r[subs]` and its key. For a plain variable the
    /// subscript comes first, as in gawk: `f[length(f)+1]` reads `f` as a scalar.
    pub fn element(&mut self, r: &ArrRef, subs: &[Expr]) -> R<(ArrayRc, Str)> {
        if r.path.is_empty() {
            let k = self.subscript(subs)?;
            return Ok((self.array(r.var)?, k));
        }
        let arr = self.arr_of(r)?;
        let k = self.subscript(subs)?;
        Ok((arr, k))
    }

    /// Run `f` on the scalar element `r[subs]` (made if absent); a subarray is fatal.
    pub fn with_elem<T>(
        &mut self,
        r: &ArrRef,
        subs: &[Expr],
        f: impl FnOnce(&mut Value) -> T,
    ) -> R<T> {
        let (arr, k) = self.element(r, subs)?;
        let mut a = arr.borrow_mut();
        match a.slot(k) {
            Cell::Val(v) => Ok(f(v)),
            Cell::Arr(sub) => array_as_scalar(&name_of(sub)),
        }
    }

    pub fn elem_get(&mut self, r: &ArrRef, subs: &[Expr]) -> R<Value> {
        self.with_elem(r, subs, |v| v.clone())
    }

    pub fn elem_set(&mut self, r: &ArrRef, subs: &[Expr], v: Value) -> R<()> {
        self.with_elem(r, subs, |x| *x = v)
    }

    /// `(subs) in r`: the array operand is made if absent, as gawk makes `a[1]` for `2 in a[1]`.
    pub fn elem_in(&mut self, subs: &[Expr], r: &ArrRef) -> R<bool> {
        if r.path.is_empty() {
            let k = self.subscript(subs)?;
            return Ok(self.array(r.var)?.borrow().contains_key(&k));
        }
        let arr = self.loop_operand(r)?;
        let k = self.subscript(subs)?;
        Ok(arr.borrow().contains_key(&k))
    }

    /// An argument that must be an array (`split`'s target, `asort`'s): a variable, or an
    /// element that is or may become a subarray. `None` for anything else.
    pub fn array_operand(&mut self, e: &Expr) -> R<Option<ArrayRc>> {
        match e {
            Expr::Var(v) => Ok(Some(self.array(*v)?)),
            Expr::Index(r, subs) => {
                let (arr, k) = self.element(r, subs)?;
                Ok(arr.borrow_mut().subarray(k))
            }
            _ => Ok(None),
        }
    }

    /// What an argument is, evaluated once: the array it names, or its value (`length`,
    /// `typeof`). An absent element is made, untyped, as gawk does.
    pub fn operand(&mut self, e: &Expr) -> R<Cell> {
        match e {
            Expr::Var(v) => match self.cell_ref(*v) {
                Cell::Arr(a) => Ok(Cell::Arr(a.clone())),
                Cell::Val(_) => Ok(Cell::Val(self.get_var(*v)?)),
            },
            Expr::Index(r, subs) => {
                let (arr, k) = self.element(r, subs)?;
                Ok(arr.borrow_mut().slot(k).clone())
            }
            _ => Ok(Cell::Val(self.eval(e)?)),
        }
    }

    /// The cell a function parameter gets for the argument `r[subs]`: the subarray itself,
    /// one made there when the function uses the parameter as an array and the element is
    /// absent or untyped, else the element's value (a scalar the function then misuses fails
    /// where it does, as in gawk).
    pub fn element_arg(&mut self, r: &ArrRef, subs: &[Expr], as_array: bool) -> R<Cell> {
        let (arr, k) = self.element(r, subs)?;
        let mut a = arr.borrow_mut();
        if as_array && let Some(sub) = a.subarray(k.clone()) {
            return Ok(Cell::Arr(sub));
        }
        Ok(a.slot(k).clone())
    }
}
