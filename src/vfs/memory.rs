//! In-memory filesystem (placeholder: the VFS work fills this in).

/// The default backend: an inode tree in memory.
pub struct MemoryFs {}
