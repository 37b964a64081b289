//! Record layout: where each base class subobject, member and bit-field of
//! a struct, union or class sits, and the class's size and alignment, as
//! the Itanium C++ ABI and the C ABI of 64-bit NVPTX place them. The parser
//! lays a class out when its body has been read (`Layout::of_class`);
//! CUDA's vector types are laid out as written (`Layout::plain`, `vectors`).

use super::ast::{CType, Record};
use std::rc::Rc;

/// The members of a complete struct or union, with its size and alignment.
#[derive(Debug)]
pub struct Layout {
    /// The base class subobjects first (`Field::base`), then the members.
    pub fields: Vec<Field>,
    pub size: u64,
    pub align: u64,
    /// The Itanium ABI's data size (dsize): where a derived class may put
    /// its next member. The size for a POD (C++03's sense: no base classes,
    /// constructors, default member initializers, non-public members, …),
    /// else the end of the last member, whose tail padding a derived class
    /// reuses.
    pub data_size: u64,
    /// No members and only empty bases: as a base it takes no room (the
    /// empty base optimization).
    pub empty: bool,
    /// A POD for the layout of a derived class (see `data_size`).
    pub pod: bool,
    /// GCC's `__attribute__((packed))`: every member at alignment 1, so a
    /// member may sit at any byte (its accesses are byte-wise where it
    /// does not sit at its own alignment, as nvcc's).
    pub packed: bool,
    /// How many scalars `CType::scalar_parts` gives for it (saturating),
    /// counted once: a struct of two of another, of two of another, …
    /// would take exponential time to count each time.
    pub scalars: u64,
}

impl Layout {
    /// The layout of a C struct whose fields are placed already.
    pub fn plain(fields: Vec<Field>, size: u64, align: u64) -> Layout {
        Layout {
            empty: fields.is_empty(),
            scalars: Layout::count_scalars(&fields, false, size, align),
            fields,
            size,
            align,
            data_size: size,
            pod: true,
            packed: false,
        }
    }

    /// The scalars of a struct's fields, or of a union of that size and
    /// alignment (integers as wide as its alignment).
    pub fn count_scalars(fields: &[Field], is_union: bool, size: u64, align: u64) -> u64 {
        if is_union {
            size.div_ceil(align.clamp(1, 8))
        } else {
            fields
                .iter()
                .fold(0u64, |n, f| n.saturating_add(f.ty.scalar_count()))
        }
    }

    /// The layout of a class as the Itanium C++ ABI makes it (no virtual
    /// functions or bases): the bases in order, an empty one at offset 0 unless
    /// a subobject of its type is there already (the empty base optimization),
    /// a non-empty one at the next offset of its alignment after the data
    /// before it (a non-POD base's tail padding is reused); then the members,
    /// C's layout from there (a union's all at offset 0). A bit-field goes at
    /// the next bit unless it would cross a boundary of its type's size, then
    /// at that boundary (the SysV rule nvcc follows); its `offset` is the start
    /// of that unit of its type, with the bit position in it. A zero-width one
    /// moves to the next such boundary. `pod`: a POD in C++03's sense, whose
    /// tail padding a derived class does not reuse.
    pub fn of_class(
        bases: &[Rc<Record>],
        members: Vec<Member>,
        is_union: bool,
        min_align: u64,
        pod: bool,
    ) -> Layout {
        Layout::of_class_packed(bases, members, is_union, min_align, pod, false)
    }

    /// [`Layout::of_class`]; `packed` (GCC's `__attribute__((packed))`)
    /// places every member at alignment 1, the class's own alignment 1
    /// unless `min_align` asks more.
    pub fn of_class_packed(
        bases: &[Rc<Record>],
        members: Vec<Member>,
        is_union: bool,
        min_align: u64,
        pod: bool,
        packed: bool,
    ) -> Layout {
        let mut align = min_align.max(1);
        let mut fields = Vec::new();
        // The empty subobjects placed so far, by offset and class: two of one
        // class may not share an address.
        let mut empties: Vec<(u64, Rc<Record>)> = Vec::new();
        let (mut dsize, mut size) = (0u64, 0u64);
        for b in bases {
            let Some(l) = b.layout() else { continue };
            let a = l.align.max(1);
            let mut offset = if l.empty {
                0
            } else {
                dsize.div_ceil(a).saturating_mul(a)
            };
            if l.empty && empty_conflict(&empties, b, offset) {
                offset = dsize.div_ceil(a).saturating_mul(a);
            }
            while empty_conflict(&empties, b, offset) {
                offset = offset.saturating_add(a);
            }
            note_empties(&mut empties, b, offset, 0);
            if !l.empty {
                dsize = offset.saturating_add(l.data_size);
            }
            size = size.max(offset.saturating_add(l.size));
            align = align.max(a);
            fields.push(Field {
                name: String::new(),
                ty: CType::Record(b.clone()),
                offset,
                bits: None,
                base: true,
            });
        }
        let mut end = dsize;
        let mut end_bits = dsize.saturating_mul(8);
        let mut has_data = false;
        for (name, ty, width, asked) in members {
            let a = if packed { 1 } else { ty.align().max(1) }.max(asked);
            let size = ty.size().unwrap_or(0);
            if let Some(w) = width {
                let unit = size.max(1).saturating_mul(8);
                let w = u64::from(w);
                let mut at = if is_union { 0 } else { end_bits };
                if w == 0 || at / unit != (at + w - 1) / unit {
                    at = at.div_ceil(unit).saturating_mul(unit);
                }
                if w > 0 && !name.is_empty() {
                    align = align.max(a);
                }
                if w > 0 {
                    has_data = true;
                    let offset = (at / unit).saturating_mul(size);
                    let bit = at.saturating_sub(offset.saturating_mul(8)) as u32;
                    if !name.is_empty() {
                        fields.push(Field {
                            name,
                            ty,
                            offset,
                            bits: Some((bit, w as u32)),
                            base: false,
                        });
                    }
                }
                let stop = at.saturating_add(w);
                if is_union {
                    end = end.max(stop.div_ceil(8));
                } else {
                    end_bits = stop;
                    end = stop.div_ceil(8);
                }
                continue;
            }
            has_data = true;
            let mut offset = if is_union {
                0
            } else {
                end.div_ceil(a).saturating_mul(a)
            };
            if let CType::Record(r) = &ty {
                while !is_union && empty_conflict(&empties, r, offset) {
                    offset = offset.saturating_add(a);
                }
            }
            end = if is_union {
                end.max(size)
            } else {
                offset.saturating_add(size)
            };
            end_bits = end.saturating_mul(8);
            align = align.max(a);
            fields.push(Field {
                name,
                ty,
                offset,
                bits: None,
                base: false,
            });
        }
        // C++: an empty struct still takes a byte.
        let size = end.max(size).max(1).div_ceil(align).saturating_mul(align);
        let empty =
            !has_data && !is_union && bases.iter().all(|b| b.layout().is_some_and(|l| l.empty));
        Layout {
            scalars: Layout::count_scalars(&fields, is_union, size, align),
            fields,
            size,
            align,
            data_size: if pod { size } else { end },
            empty,
            pod,
            packed,
        }
    }
}

/// A member: its name (empty for an anonymous struct or union member, whose
/// own members are found through it), type and byte offset; or a base
/// class subobject (`base`, named by its class).
#[derive(Debug)]
pub struct Field {
    pub name: String,
    pub ty: CType,
    pub offset: u64,
    /// A bit-field: its first bit in the unit of its type at `offset`, and
    /// its width.
    pub bits: Option<(u32, u32)>,
    /// A base class subobject (not a member: found by no name).
    pub base: bool,
}

/// A data member as a class body declares it: name, type, bit-field
/// width and the alignment an attribute asks of it (`alignas(16)` before
/// it, `__attribute__((aligned(16)))` after its declarator; 0: its type's),
/// what `Layout::of_class` places.
pub type Member = (String, CType, Option<u32>, u64);

/// Whether class `r` placed at `offset` would put an empty subobject of
/// some class at an address where one of that class already is.
fn empty_conflict(empties: &[(u64, Rc<Record>)], r: &Rc<Record>, offset: u64) -> bool {
    let mut mine = Vec::new();
    note_empties(&mut mine, r, offset, 0);
    mine.iter()
        .any(|(o, c)| empties.iter().any(|(p, d)| p == o && Rc::ptr_eq(c, d)))
}

/// The empty subobjects of class `r` placed at `offset`: itself when it is
/// empty, and its empty bases (at most a few hundred: a lattice of bases
/// has exponentially many).
fn note_empties(out: &mut Vec<(u64, Rc<Record>)>, r: &Rc<Record>, offset: u64, visits: usize) {
    let mut visits = visits;
    note_empties_within(out, r, offset, &mut visits);
}

fn note_empties_within(
    out: &mut Vec<(u64, Rc<Record>)>,
    r: &Rc<Record>,
    offset: u64,
    visits: &mut usize,
) {
    let Some(l) = r.layout() else { return };
    if l.empty && !out.iter().any(|(o, c)| *o == offset && Rc::ptr_eq(c, r)) {
        out.push((offset, r.clone()));
    }
    *visits += 1;
    if *visits > 1000 {
        return;
    }
    for (off, b) in r.bases() {
        note_empties_within(out, &b, offset + off, visits);
    }
}
