//! Device memory for the interpreter: global buffers, and the encoding of
//! pointers that lets one 64-bit value point into any space.

use super::value::Fault;
use super::ErrorKind;
use ptxlab_core::ir::addrspace;

/// A global buffer in a [`Memory`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BufferId(pub u32);

/// Global memory: byte buffers, some of them named after the module variables
/// (`__device__`, `__constant__`) they hold.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    buffers: Vec<Vec<u8>>,
    symbols: Vec<(String, BufferId)>,
    /// A buffer whose accesses are counted (a cooperative launch's grid
    /// workspace: which blocks poll the grid barrier), and the count.
    watched: Option<BufferId>,
    touches: u64,
    /// The device heap (`malloc`/`free` in kernels): the buffers it gave
    /// out, each live or freed, and the bytes live.
    heap: Vec<(BufferId, bool)>,
    heap_live: u64,
}

/// The device heap's size, CUDA's default `cudaLimitMallocHeapSize` (8 MiB):
/// a `malloc` that would pass it returns null, as on the GPU.
pub const HEAP_BYTES: u64 = 8 << 20;

impl Memory {
    pub fn new() -> Memory {
        Memory::default()
    }

    /// A new buffer of `len` zero bytes.
    pub fn alloc(&mut self, len: usize) -> BufferId {
        self.alloc_bytes(vec![0; len])
    }

    /// A new buffer holding `bytes`.
    pub fn alloc_bytes(&mut self, bytes: Vec<u8>) -> BufferId {
        self.buffers.push(bytes);
        BufferId(self.buffers.len() as u32 - 1)
    }

    /// A new buffer holding `values` in memory order (little-endian).
    pub fn upload<T: Elem>(&mut self, values: &[T]) -> BufferId {
        let mut bytes = Vec::with_capacity(values.len() * T::SIZE);
        for v in values {
            v.write_le(&mut bytes);
        }
        self.alloc_bytes(bytes)
    }

    /// The buffer's contents as values of `T` (a trailing partial value is
    /// left out).
    pub fn download<T: Elem>(&self, id: BufferId) -> Vec<T> {
        self.bytes(id)
            .chunks_exact(T::SIZE)
            .map(T::read_le)
            .collect()
    }

    /// The buffer's bytes; empty for an id this memory never gave out.
    pub fn bytes(&self, id: BufferId) -> &[u8] {
        self.buffers
            .get(id.0 as usize)
            .map_or(&[], |b| b.as_slice())
    }

    /// The buffer's bytes to read or write: every load, store and atomic
    /// of both executors (counted for the watched buffer).
    pub fn bytes_mut(&mut self, id: BufferId) -> Option<&mut Vec<u8>> {
        if self.watched == Some(id) {
            self.touches += 1;
        }
        self.buffers.get_mut(id.0 as usize)
    }

    /// Counts the accesses of `id` from now on ([`Memory::take_touches`]).
    pub(crate) fn watch(&mut self, id: BufferId) {
        self.watched = Some(id);
        self.touches = 0;
    }

    /// The accesses of the watched buffer since the last call.
    pub(crate) fn take_touches(&mut self) -> u64 {
        std::mem::take(&mut self.touches)
    }

    pub fn len(&self) -> usize {
        self.buffers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.buffers.is_empty()
    }

    /// The buffer that holds the module variable `name` (global or constant
    /// space), once a launch has created it. Fill it before a launch
    /// (`cudaMemcpyToSymbol`) by running one, or read it after.
    pub fn symbol(&self, name: &str) -> Option<BufferId> {
        self.symbols
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, id)| *id)
    }

    /// Device `malloc(size)`: a new global buffer of `size` bytes (zeroed;
    /// the GPU's are uninitialized), its generic address; null when the heap
    /// (`HEAP_BYTES`) has no room left.
    pub(crate) fn heap_alloc(&mut self, size: u64) -> u64 {
        if size == 0 || size > HEAP_BYTES - self.heap_live {
            return 0;
        }
        let id = self.alloc(size as usize);
        self.heap.push((id, true));
        self.heap_live += size;
        Ptr::global(id).encode()
    }

    /// Device `free(p)`: null is ignored; anything but the start of a live
    /// heap buffer is an error (a double free, a pointer `malloc` did not
    /// give). The buffer is emptied, so a later access through it is out
    /// of bounds.
    pub(crate) fn heap_free(&mut self, bits: u64) -> Result<(), (ErrorKind, String)> {
        if bits == 0 {
            return Ok(());
        }
        let p = Ptr::decode(bits);
        let entry = self
            .heap
            .iter_mut()
            .find(|(id, _)| p.space == addrspace::GLOBAL && id.0 == p.region && p.offset == 0);
        match entry {
            Some((id, live @ true)) => {
                *live = false;
                let id = *id;
                let freed = std::mem::take(&mut self.buffers[id.0 as usize]);
                self.heap_live -= freed.len() as u64;
                Ok(())
            }
            Some(_) => Err((
                ErrorKind::OutOfBounds,
                format!("free({bits:#x}): the block was freed already (a double free)"),
            )),
            None => Err((
                ErrorKind::OutOfBounds,
                format!("free({bits:#x}): not an address malloc gave"),
            )),
        }
    }

    pub(crate) fn add_symbol(&mut self, name: &str, bytes: Vec<u8>) -> BufferId {
        let id = self.alloc_bytes(bytes);
        self.symbols.push((name.to_string(), id));
        id
    }
}

/// A number type that buffers hold (little-endian, as the GPU does).
pub trait Elem: Copy {
    const SIZE: usize;
    fn write_le(self, out: &mut Vec<u8>);
    /// From exactly `SIZE` bytes.
    fn read_le(bytes: &[u8]) -> Self;
}

macro_rules! elem {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn read_le(bytes: &[u8]) -> Self {
                let mut b = [0u8; std::mem::size_of::<$t>()];
                b.copy_from_slice(&bytes[..Self::SIZE]);
                <$t>::from_le_bytes(b)
            }
        }
    )*};
}

elem!(i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

/// A pointer's bits: the address space in bits 60–63 (0 for null and for
/// integers that are no pointer), the region plus one in bits 36–59 (the
/// global buffer, the shared variable, or the thread's alloca), the byte
/// offset in bits 0–35. Pointer arithmetic is plain 64-bit arithmetic: an
/// offset that leaves its region and comes back is fine, one dereferenced
/// outside is out of bounds. (Region numbers start at one so that a pointer
/// just below the first region still has its space.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ptr {
    pub space: u32,
    pub region: u32,
    pub offset: u64,
}

/// The space of a function's address (`@f` as a value): its region is the
/// function's index in the module. No memory is there: a load or store
/// through one is an error, a call through one runs the function.
pub(crate) const CODE_SPACE: u32 = 15;

const OFFSET_BITS: u32 = 36;
const REGION_BITS: u32 = 24;
/// Regions per space a pointer can name.
pub(crate) const MAX_REGIONS: u32 = (1 << REGION_BITS) - 1;
/// The largest region, in bytes.
pub(crate) const MAX_REGION_BYTES: u64 = 1 << OFFSET_BITS;

impl Ptr {
    pub fn encode(self) -> u64 {
        (u64::from(self.space) << (OFFSET_BITS + REGION_BITS))
            | (u64::from(self.region.wrapping_add(1) & MAX_REGIONS) << OFFSET_BITS)
            | (self.offset & (MAX_REGION_BYTES - 1))
    }

    pub fn decode(bits: u64) -> Ptr {
        Ptr {
            space: (bits >> (OFFSET_BITS + REGION_BITS)) as u32,
            region: (((bits >> OFFSET_BITS) & u64::from(MAX_REGIONS)) as u32).wrapping_sub(1),
            offset: bits & (MAX_REGION_BYTES - 1),
        }
    }

    pub fn global(buffer: BufferId) -> Ptr {
        Ptr {
            space: addrspace::GLOBAL,
            region: buffer.0,
            offset: 0,
        }
    }
}

/// The name of a space in messages.
pub(crate) fn space_name(space: u32) -> &'static str {
    match space {
        addrspace::GENERIC => "generic",
        addrspace::GLOBAL => "global",
        addrspace::SHARED => "shared",
        addrspace::CONST => "constant",
        addrspace::LOCAL => "local",
        addrspace::PARAM => "param",
        CODE_SPACE => "code",
        _ => "unknown",
    }
}

/// Up to eight little-endian bytes as a number.
pub(crate) fn read_le(bytes: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    buf[..bytes.len()].copy_from_slice(bytes);
    u64::from_le_bytes(buf)
}

pub(crate) fn write_le(bytes: &mut [u8], v: u64) {
    let n = bytes.len();
    bytes.copy_from_slice(&v.to_le_bytes()[..n]);
}

/// The `size` bytes at offset `off` of a region of memory (`bytes`, `None`
/// when the region does not exist), after the checks every access makes, in
/// this order: an offset just below a region's start, which reads as the far
/// end of the region before (only where `below_start` asks), the region's
/// existence, bounds, alignment to `align`. `what` is "load" or "store",
/// `place(region)` names a region in the message.
#[allow(clippy::too_many_arguments)]
pub(crate) fn region_bytes<'a>(
    bytes: Option<&'a mut Vec<u8>>,
    what: &str,
    place: &dyn Fn(u32) -> String,
    region: u32,
    off: u64,
    size: u64,
    align: u64,
    below_start: bool,
) -> Result<&'a mut [u8], Fault> {
    if below_start && off >= MAX_REGION_BYTES / 2 {
        return Err((
            ErrorKind::OutOfBounds,
            format!(
                "out-of-bounds {what} of {size} bytes at offset -{} of {}",
                MAX_REGION_BYTES - off,
                place(region.wrapping_add(1))
            ),
        ));
    }
    let Some(bytes) = bytes else {
        return Err((
            ErrorKind::OutOfBounds,
            format!(
                "{what} through a pointer to {}, which does not exist",
                place(region)
            ),
        ));
    };
    let len = bytes.len() as u64;
    if off.checked_add(size).is_none_or(|end| end > len) {
        return Err((
            ErrorKind::OutOfBounds,
            format!(
                "out-of-bounds {what} of {size} bytes at offset {off} of {} ({len} bytes)",
                place(region)
            ),
        ));
    }
    if !off.is_multiple_of(align) {
        return Err((
            ErrorKind::Misaligned,
            format!(
                "misaligned {what}: offset {off} of {} is not a multiple of {align}",
                place(region)
            ),
        ));
    }
    Ok(&mut bytes[off as usize..(off + size) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_round_trip_and_arithmetic_wraps_back() {
        let p = Ptr {
            space: addrspace::SHARED,
            region: 7,
            offset: 12,
        };
        let bits = p.encode();
        assert_eq!(Ptr::decode(bits), p);
        // One element before the start, then back again.
        let before = bits.wrapping_sub(16);
        assert_ne!(Ptr::decode(before).region, 7);
        assert_eq!(Ptr::decode(before.wrapping_add(16)), p);
        // Below the first region the space stays.
        let first = Ptr::global(BufferId(0)).encode();
        assert_eq!(Ptr::decode(first.wrapping_sub(4)).space, addrspace::GLOBAL);
        assert_eq!(Ptr::decode(0).space, 0);
    }

    #[test]
    fn typed_upload_and_download() {
        let mut m = Memory::new();
        let id = m.upload(&[1.5f32, -2.0]);
        assert_eq!(m.bytes(id).len(), 8);
        assert_eq!(m.download::<f32>(id), vec![1.5, -2.0]);
        assert!(m.bytes(BufferId(9)).is_empty());
    }
}
