//! Unit tests for sed over the in-memory test context.

use crate::commands::testing::{TestCtx, run};

use super::Sed;

fn sed(args: &[&str], input: &str) -> (i32, String, String) {
    let mut ctx = TestCtx::new().with_stdin(input.as_bytes());
    let s = run(&Sed, args, &mut ctx);
    (s, ctx.out_str(), ctx.err_str())
}

#[test]
fn substitute_basic() {
    assert_eq!(sed(&["s/a/b/g"], "aaa\n").1, "bbb\n");
}
