//! The thread's view of memory for what reads it outside loads and stores:
//! strings (`__nvvm_reflect`'s query, `printf`'s format), `printf`'s
//! argument buffer, and the memory an asynchronous copy or mbarrier sees.

use super::{access, check_shared};
use crate::model::asyncmem::AsyncMem;
use crate::model::check::{AccessKind, Checker};
use crate::model::memory::{read_le, Memory};
use crate::model::printf::{self, MAX_PRINTF_STRING};
use crate::model::value::Fault;
use crate::model::ErrorKind;
use ptxlab_core::ir::addrspace;

/// The NUL-terminated string at `addr` (at most 256 bytes).
pub(super) fn read_string(
    mem: &mut Memory,
    shared: &mut [Vec<u8>],
    locals: &mut [Vec<u8>],
    addr: u64,
) -> Result<String, Fault> {
    let bytes = read_bytes(mem, shared, locals, addr, 256)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A NUL-terminated string's bytes (without the NUL), at most `limit` of them.
pub(super) fn read_bytes(
    mem: &mut Memory,
    shared: &mut [Vec<u8>],
    locals: &mut [Vec<u8>],
    addr: u64,
    limit: u64,
) -> Result<Vec<u8>, Fault> {
    let mut bytes = Vec::new();
    for i in 0..limit {
        let b = access(mem, shared, locals, addr.wrapping_add(i), 1, 1, 0, false)?[0];
        if b == 0 {
            return Ok(bytes);
        }
        bytes.push(b);
    }
    Err((
        ErrorKind::OutOfBounds,
        format!("the string has no NUL in its first {limit} bytes"),
    ))
}

/// `printf`'s argument buffer and strings, read from the thread's view of memory.
pub(super) struct PrintfArgs<'a> {
    pub(super) mem: &'a mut Memory,
    pub(super) shared: &'a mut [Vec<u8>],
    pub(super) locals: &'a mut [Vec<u8>],
    pub(super) buf: u64,
}

impl printf::Args for PrintfArgs<'_> {
    fn arg(&mut self, offset: u64, size: u64) -> Result<u64, String> {
        let addr = self.buf.wrapping_add(offset);
        access(self.mem, self.shared, self.locals, addr, size, 1, 0, false)
            .map(|b| read_le(b))
            .map_err(|(_, m)| m)
    }

    fn string(&mut self, ptr: u64) -> Result<Vec<u8>, String> {
        read_bytes(self.mem, self.shared, self.locals, ptr, MAX_PRINTF_STRING).map_err(|(_, m)| m)
    }
}

/// The memory an asynchronous copy or mbarrier operation of one thread sees.
pub(super) struct InterpMem<'a> {
    pub(super) mem: &'a mut Memory,
    pub(super) shared: &'a mut [Vec<u8>],
    pub(super) locals: &'a mut [Vec<u8>],
    pub(super) check: &'a mut Checker,
    pub(super) thread: u32,
    pub(super) site: (u32, usize),
}

impl AsyncMem for InterpMem<'_> {
    fn read_global(&mut self, addr: u64, size: u64) -> Result<Vec<u8>, Fault> {
        let b = access(
            self.mem,
            self.shared,
            self.locals,
            addr,
            size,
            1,
            addrspace::GLOBAL,
            false,
        )?;
        Ok(b.to_vec())
    }

    fn read_shared(&mut self, addr: u64, size: u64) -> Result<Vec<u8>, Fault> {
        let b = access(
            self.mem,
            self.shared,
            self.locals,
            addr,
            size,
            size,
            addrspace::SHARED,
            false,
        )?;
        Ok(b.to_vec())
    }

    fn write_shared(&mut self, addr: u64, bytes: &[u8], record: bool) -> Result<(), Fault> {
        let n = bytes.len() as u64;
        if record {
            check_shared(
                self.check,
                addr,
                n,
                self.thread,
                self.site,
                AccessKind::Write,
            );
        }
        let b = access(
            self.mem,
            self.shared,
            self.locals,
            addr,
            n,
            n,
            addrspace::SHARED,
            true,
        )?;
        b.copy_from_slice(bytes);
        Ok(())
    }

    fn phase_completed(&mut self, expected: u64) {
        self.check.mbarrier_phase(expected);
    }

    fn arrived(&mut self, bar: u64, phase: u64, completes: bool) {
        self.check
            .mbarrier_arrive(self.thread, bar, phase, completes);
    }

    fn acquired(&mut self, bar: u64, parity: u64) {
        self.check.mbarrier_acquire(self.thread, bar, parity);
    }
}
