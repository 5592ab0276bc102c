//! Bash semantics (placeholder).
