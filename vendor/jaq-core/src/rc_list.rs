// sandsh: a list is `Option<Rc<(head, tail)>>` (upstream: `Rc<Node>` with a `Nil` node), so
// that an empty list costs no allocation and a list can be taken apart in place; and it is
// dropped in a loop, so that a long list (a deep path) cannot overflow the stack when it goes.
use alloc::rc::Rc;

#[derive(Debug, PartialEq, Eq)]
pub struct List<T>(Option<Rc<(T, List<T>)>>);

impl<T> Clone for List<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T> Default for List<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Drop for List<T> {
    fn drop(&mut self) {
        let mut cur = self.0.take();
        while let Some(rc) = cur {
            match Rc::try_unwrap(rc) {
                Ok((_head, mut tail)) => cur = tail.0.take(),
                Err(_shared) => break,
            }
        }
    }
}

impl<T: Clone> List<T> {
    pub fn pop(mut self) -> Option<(T, Self)> {
        let rc = self.0.take()?;
        Some(Rc::try_unwrap(rc).unwrap_or_else(|rc| (*rc).clone()))
    }
}

impl<T> List<T> {
    /// Return an empty list.
    pub fn new() -> Self {
        Self(None)
    }

    /// Append a new element to the list.
    pub fn cons(self, x: T) -> Self {
        Self(Some(Rc::new((x, self))))
    }

    /// Repeatedly add elements to the list.
    pub fn extend(self, iter: impl IntoIterator<Item = T>) -> Self {
        iter.into_iter().fold(self, Self::cons)
    }

    /// The first element and the rest, if this list is their only owner (else the list is
    /// just released).
    pub fn into_unique(mut self) -> Option<(T, Self)> {
        Rc::try_unwrap(self.0.take()?).ok()
    }

    /// Return the element most recently added to the list.
    pub fn head(&self) -> Option<&T> {
        self.0.as_deref().map(|(x, _)| x)
    }

    /// Get the `n`-th element from the list, starting from the most recently added.
    pub fn get(&self, n: usize) -> Option<&T> {
        self.skip(n).head()
    }

    /// Remove the `n` top values from the list.
    ///
    /// If `n` is greater than the number of list elements, return nil.
    pub fn skip(&self, n: usize) -> &Self {
        let mut cur = self;
        for _ in 0..n {
            match cur.0.as_deref() {
                Some((_, xs)) => cur = xs,
                None => break,
            }
        }
        cur
    }

    pub fn iter(&self) -> Iter<'_, T> {
        Iter(self)
    }
}

pub struct Iter<'a, T>(&'a List<T>);

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;
    fn next(&mut self) -> Option<Self::Item> {
        let (x, xs) = self.0 .0.as_deref()?;
        self.0 = xs;
        Some(x)
    }
}

#[test]
fn test() {
    use alloc::{vec, vec::Vec};
    let eq = |l: &List<_>, a| assert_eq!(l.iter().cloned().collect::<Vec<_>>(), a);

    let l = List::new().cons(2).cons(1).cons(0);
    eq(&l, vec![0, 1, 2]);

    eq(l.skip(0), vec![0, 1, 2]);
    eq(l.skip(1), vec![1, 2]);
    eq(l.skip(2), vec![2]);
    eq(l.skip(3), vec![]);

    assert_eq!(l.get(0), Some(&0));
    assert_eq!(l.get(1), Some(&1));
    assert_eq!(l.get(2), Some(&2));
    assert_eq!(l.get(3), None);
}

#[test]
fn long_lists_drop_without_recursion() {
    let mut l = List::new();
    for i in 0..1_000_000u32 {
        l = l.cons(i);
    }
    let shared = l.skip(10).clone();
    drop(l);
    assert_eq!(shared.head(), Some(&999_989));
}
