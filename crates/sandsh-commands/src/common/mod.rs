//! The commands' shared layer: helper modules, one per concept, that the command modules build
//! on and that are no command themselves.
//!
//! Kept apart from the command modules so that the crate's root lists commands and only
//! commands, and so that what is shared is visibly shared: a command never imports another
//! command, it imports a concept from here. The modules form a layer without circles
//! (`tests/it/layers.rs` reads their sources and checks it, and that no command imports
//! another): `quote` and the pure tables at the bottom, then `diag`, then `input`, then `output`
//! and the helpers that read or print.

pub(crate) mod base64;
pub(crate) mod blocks;
pub(crate) mod date_parse;
pub(crate) mod devices;
pub(crate) mod diag;
pub(crate) mod file_type;
#[cfg(feature = "rg")]
pub(crate) mod gitignore;
pub(crate) mod input;
pub mod mode;
pub(crate) mod obsolete;
pub(crate) mod operand_pairs;
pub(crate) mod output;
pub(crate) mod paths;
pub(crate) mod program_lookup;
pub(crate) mod prompt;
pub(crate) mod quote;
pub(crate) mod sizes;
pub(crate) mod sysinfo;
pub(crate) mod time_format;
pub(crate) mod users;

#[cfg(test)]
pub(crate) mod testing;
