//! Long string operations that stop in time: `${x^^}` or `${x//a/bb}` on a string of hundreds
//! of megabytes runs for seconds, so the result's growth is checked against cancellation and
//! the memory budget as it goes.

use crate::{Flow, Shell};

/// Why a long string operation stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    Cancelled,
    Memory,
}

/// Bytes a growing result may gain between two checks.
const GROWTH_STEP: usize = 64 << 10;

/// The checks a long string operation makes as its result grows (THREAT DOS-CPU-1, DOS-MEM-1):
/// `${x^^}` or `${x//a/bb}` on a string of hundreds of megabytes runs for seconds, so every
/// [`GROWTH_STEP`] bytes of result it asks whether the run was cancelled and whether the
/// result still fits the memory budget (the result is not stored yet, so it is checked, not
/// charged: the assignment that keeps it charges it).
pub struct Growth<'a> {
    cancel: &'a crate::CancelToken,
    memory: &'a sandsh_runtime::budget::MemoryBudget,
    next: usize,
}

impl Growth<'_> {
    /// The result has grown to `len` bytes.
    #[inline]
    pub fn grew(&mut self, len: usize) -> Result<(), Halt> {
        if len < self.next {
            return Ok(());
        }
        self.next = len.saturating_add(GROWTH_STEP);
        if self.cancel.is_cancelled() {
            return Err(Halt::Cancelled);
        }
        self.memory.check_held(len as u64).map_err(|_| Halt::Memory)
    }
}

impl Shell {
    /// The checks for a long string operation of this run (see [`Growth`]).
    pub(super) fn growth(&self) -> Growth<'_> {
        Growth {
            cancel: &self.cancel,
            memory: &self.env.memory,
            next: 0,
        }
    }

    /// The flow of a string operation that [`Growth`] stopped.
    pub(super) fn halted(&self, h: Halt) -> Flow {
        match h {
            Halt::Cancelled => Flow::Exit(130),
            Halt::Memory => {
                // The budget's hook has stopped the run; the kernel reports it.
                self.env.stop_for_memory();
                Flow::Exit(crate::LIMIT_EXCEEDED_STATUS)
            }
        }
    }
}
