//! The (source, destination) pairs of `cp`, `mv`, `ln` and `install` operands: into a
//! directory (the last operand, or `-t DIR`) unless `-T`, otherwise exactly SOURCE DEST.
//!
//! The four commands resolve their operands the same way and complain in the same words, so
//! the rule and its messages are written once.

use sandsh_api::ToolCtx;

use super::diag::lossy;
use super::input::is_dir;
use super::paths::{base_name, join_name};
use super::quote::quote;

/// The (source, destination) pairs of `cp`/`mv`/`ln` operands: into a directory (last
/// operand, or `-t DIR`) unless `-T`; otherwise exactly SOURCE DEST. Errors are GNU's
/// messages (without the command prefix).
pub fn copy_pairs(
    ctx: &dyn ToolCtx,
    operands: &[Vec<u8>],
    target_dir: Option<&[u8]>,
    no_target_dir: bool,
) -> Result<Vec<(String, String)>, String> {
    let ops: Vec<String> = operands.iter().map(|o| lossy(o)).collect();
    if let Some(t) = target_dir {
        let t = lossy(t);
        if !is_dir(ctx, &t) {
            return Err(format!("target directory {}: Not a directory", quote(&t)));
        }
        if ops.is_empty() {
            return Err("missing file operand".into());
        }
        return Ok(ops
            .iter()
            .map(|s| (s.clone(), join_name(&t, &lossy(base_name(s.as_bytes())))))
            .collect());
    }
    match ops.len() {
        0 => Err("missing file operand".into()),
        1 => Err(format!(
            "missing destination file operand after {}",
            quote(&ops[0])
        )),
        n => {
            let dest = &ops[n - 1];
            if no_target_dir {
                if n > 2 {
                    return Err(format!("extra operand {}", quote(&ops[2])));
                }
                return Ok(vec![(ops[0].clone(), dest.clone())]);
            }
            if is_dir(ctx, dest) {
                Ok(ops[..n - 1]
                    .iter()
                    .map(|s| (s.clone(), join_name(dest, &lossy(base_name(s.as_bytes())))))
                    .collect())
            } else if n > 2 {
                Err(format!("target {}: Not a directory", quote(dest)))
            } else {
                Ok(vec![(ops[0].clone(), dest.clone())])
            }
        }
    }
}
