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

/// Why the operands make no pairs; displayed as GNU words it (without the command prefix).
/// A missing operand is a usage error (the "Try --help" line follows), the rest are not:
/// [`OperandError::is_missing`] tells them apart.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OperandError {
    /// `-t DIR` names no directory.
    #[error("target directory {}: Not a directory", quote(.0))]
    TargetDirNotDir(String),
    /// No operand at all.
    #[error("missing file operand")]
    MissingFile,
    /// One operand and no `-t`: nowhere to copy it to.
    #[error("missing destination file operand after {}", quote(.0))]
    MissingDestination(String),
    /// With `-T`, more than SOURCE DEST.
    #[error("extra operand {}", quote(.0))]
    ExtraOperand(String),
    /// Several sources and a last operand that is no directory.
    #[error("target {}: Not a directory", quote(.0))]
    TargetNotDir(String),
}

impl OperandError {
    /// Whether an operand is missing (GNU's usage error, answered with the "Try --help" line).
    pub fn is_missing(&self) -> bool {
        matches!(self, Self::MissingFile | Self::MissingDestination(_))
    }
}

/// The (source, destination) pairs of `cp`/`mv`/`ln` operands: into a directory (last
/// operand, or `-t DIR`) unless `-T`; otherwise exactly SOURCE DEST.
pub fn copy_pairs(
    ctx: &dyn ToolCtx,
    operands: &[Vec<u8>],
    target_dir: Option<&[u8]>,
    no_target_dir: bool,
) -> Result<Vec<(String, String)>, OperandError> {
    let ops: Vec<String> = operands.iter().map(|o| lossy(o)).collect();
    if let Some(t) = target_dir {
        let t = lossy(t);
        if !is_dir(ctx, &t) {
            return Err(OperandError::TargetDirNotDir(t));
        }
        if ops.is_empty() {
            return Err(OperandError::MissingFile);
        }
        return Ok(ops
            .iter()
            .map(|s| (s.clone(), join_name(&t, &lossy(base_name(s.as_bytes())))))
            .collect());
    }
    match ops.len() {
        0 => Err(OperandError::MissingFile),
        1 => Err(OperandError::MissingDestination(ops[0].clone())),
        n => {
            let dest = &ops[n - 1];
            if no_target_dir {
                if n > 2 {
                    return Err(OperandError::ExtraOperand(ops[2].clone()));
                }
                return Ok(vec![(ops[0].clone(), dest.clone())]);
            }
            if is_dir(ctx, dest) {
                Ok(ops[..n - 1]
                    .iter()
                    .map(|s| (s.clone(), join_name(dest, &lossy(base_name(s.as_bytes())))))
                    .collect())
            } else if n > 2 {
                Err(OperandError::TargetNotDir(dest.clone()))
            } else {
                Ok(vec![(ops[0].clone(), dest.clone())])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OperandError;

    #[test]
    fn messages_are_gnus() {
        let e = OperandError::MissingDestination("a b".into());
        assert_eq!(
            e.to_string(),
            "missing destination file operand after 'a b'"
        );
        assert!(e.is_missing());
        assert!(OperandError::MissingFile.is_missing());
        let e = OperandError::TargetDirNotDir("d".into());
        assert_eq!(e.to_string(), "target directory 'd': Not a directory");
        assert!(!e.is_missing());
        let e = OperandError::TargetNotDir("d".into());
        assert_eq!(e.to_string(), "target 'd': Not a directory");
        let e = OperandError::ExtraOperand("c".into());
        assert_eq!(e.to_string(), "extra operand 'c'");
    }
}
