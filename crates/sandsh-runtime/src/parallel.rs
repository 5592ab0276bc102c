//! Two halves of one command's work at once (sort's, as GNU sort sorts on every core it has),
//! with the helper thread working for the caller's memory budget.

use std::sync::OnceLock;

/// Whether a second core is there to take half of the work.
fn cores_to_spare() -> bool {
    static SPARE: OnceLock<bool> = OnceLock::new();
    *SPARE.get_or_init(|| std::thread::available_parallelism().is_ok_and(|n| n.get() > 1))
}

/// Runs `a` on this thread and `b` on a scoped helper thread that counts its allocations
/// against this thread's memory budget ([`crate::meter`]), and returns when both are done.
/// With one core, or when no thread can be started, `b` runs here after `a`. A panic in `b`
/// goes on in the caller.
pub fn join(a: impl FnOnce(), b: impl FnOnce() + Send) {
    if !cores_to_spare() {
        a();
        b();
        return;
    }
    let budget = crate::meter::current();
    let mut b = Some(b);
    std::thread::scope(|s| {
        let b = &mut b;
        let started = std::thread::Builder::new()
            .name("sandsh-half".into())
            .spawn_scoped(s, move || {
                let _metered = crate::meter::enter(budget);
                if let Some(b) = b.take() {
                    b();
                }
            });
        a();
        if let Ok(h) = started
            && let Err(panic) = h.join()
        {
            std::panic::resume_unwind(panic);
        }
    });
    // The helper could not start: `b` is still here.
    if let Some(b) = b.take() {
        b();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_halves_run() {
        let mut v: Vec<u32> = (0..1000).rev().collect();
        let (lo, hi) = v.split_at_mut(500);
        join(|| lo.sort_unstable(), || hi.sort_unstable());
        assert!(v[..500].is_sorted() && v[500..].is_sorted());
    }

    #[test]
    fn a_panic_in_the_helper_reaches_the_caller() {
        let r = std::panic::catch_unwind(|| join(|| {}, || panic!("half")));
        assert!(r.is_err());
    }
}
