//! The utilities, one file each, and the explicit registration list.
