//! The C and C++ types: scalars, pointers, references, arrays, functions,
//! `Record` (struct, union, class: its members found through its layout
//! and bases), `Enum`, `decltype`, and the template arguments of instances.

use super::*;

/// C's integer types, kept apart as C++ name mangling needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
}

impl IntKind {
    pub fn bits(self) -> u32 {
        match self {
            IntKind::Char | IntKind::SChar | IntKind::UChar => 8,
            IntKind::Short | IntKind::UShort => 16,
            IntKind::Int | IntKind::UInt => 32,
            IntKind::Long | IntKind::ULong | IntKind::LongLong | IntKind::ULongLong => 64,
        }
    }

    pub fn signed(self) -> bool {
        matches!(
            self,
            IntKind::Char
                | IntKind::SChar
                | IntKind::Short
                | IntKind::Int
                | IntKind::Long
                | IntKind::LongLong
        )
    }

    /// The integer conversion rank (C11 6.3.1.1).
    pub fn rank(self) -> u32 {
        match self {
            IntKind::Char | IntKind::SChar | IntKind::UChar => 1,
            IntKind::Short | IntKind::UShort => 2,
            IntKind::Int | IntKind::UInt => 3,
            IntKind::Long | IntKind::ULong => 4,
            IntKind::LongLong | IntKind::ULongLong => 5,
        }
    }

    pub fn to_unsigned(self) -> IntKind {
        match self {
            IntKind::Char | IntKind::SChar => IntKind::UChar,
            IntKind::Short => IntKind::UShort,
            IntKind::Int => IntKind::UInt,
            IntKind::Long => IntKind::ULong,
            IntKind::LongLong => IntKind::ULongLong,
            k => k,
        }
    }

    fn spelling(self) -> &'static str {
        match self {
            IntKind::Char => "char",
            IntKind::SChar => "signed char",
            IntKind::UChar => "unsigned char",
            IntKind::Short => "short",
            IntKind::UShort => "unsigned short",
            IntKind::Int => "int",
            IntKind::UInt => "unsigned int",
            IntKind::Long => "long",
            IntKind::ULong => "unsigned long",
            IntKind::LongLong => "long long",
            IntKind::ULongLong => "unsigned long long",
        }
    }
}

/// Which CUDA built-in vector a `threadIdx`-style variable is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinVar {
    ThreadIdx,
    BlockIdx,
    BlockDim,
    GridDim,
}

impl BuiltinVar {
    pub fn from_name(name: &str) -> Option<BuiltinVar> {
        Some(match name {
            "threadIdx" => BuiltinVar::ThreadIdx,
            "blockIdx" => BuiltinVar::BlockIdx,
            "blockDim" => BuiltinVar::BlockDim,
            "gridDim" => BuiltinVar::GridDim,
            _ => return None,
        })
    }

    /// The PTX special register's stem (`tid`, `ctaid`, `ntid`, `nctaid`).
    /// The special register of component `c` (`x`, `y`, `z`).
    pub fn special_register(self, c: &str) -> crate::ir::intrinsic::Sreg {
        use crate::ir::intrinsic::Sreg;
        let axis = match c {
            "y" => 1,
            "z" => 2,
            _ => 0,
        };
        match self {
            BuiltinVar::ThreadIdx => Sreg::Tid(axis),
            BuiltinVar::BlockIdx => Sreg::Ctaid(axis),
            BuiltinVar::BlockDim => Sreg::Ntid(axis),
            BuiltinVar::GridDim => Sreg::Nctaid(axis),
        }
    }

    pub fn sreg(self) -> &'static str {
        match self {
            BuiltinVar::ThreadIdx => "tid",
            BuiltinVar::BlockIdx => "ctaid",
            BuiltinVar::BlockDim => "ntid",
            BuiltinVar::GridDim => "nctaid",
        }
    }
}

/// A struct or union type. A type is its definition: two `CType::Record`s
/// are the same type when they hold the same `Rc`. The members get the byte
/// offsets of the C ABI on 64-bit NVPTX (each at the next multiple of its
/// alignment; a union's all at 0; the size a multiple of the largest alignment).
pub struct Record {
    /// The tag (`struct S`), or for an unnamed struct the typedef name it
    /// takes for linkage (`typedef struct {…} S;`); empty when it has neither.
    pub name: RefCell<String>,
    pub is_union: bool,
    /// `None` until the closing brace of the definition: an incomplete type.
    pub layout: RefCell<Option<Rc<Layout>>>,
    /// The line of the definition, for "already defined" messages.
    pub defined_at: Cell<u32>,
    /// For an instance of a class template (`Pair<float>`): the template's
    /// name and the arguments, for mangling (`4PairIfE`).
    pub template: RefCell<Option<(String, Vec<TemplateArg>)>>,
    /// The default member initializers (`int n = 0;`, `float w{1.f};`):
    /// each member's name and initializer as written, checked where an
    /// object is made (the class's constructors, default and aggregate
    /// initialization), as C++ does.
    pub member_inits: RefCell<Vec<(String, Initializer)>>,
    /// What device code cannot use of the class yet (a virtual function,
    /// a virtual base), as the message to give: its layout is not made.
    pub unsupported: RefCell<Option<String>>,
    /// Found while its body is read: something that makes it no POD in
    /// C++03's sense (a constructor, a destructor, a copy assignment, a
    /// virtual function, a non-public or default-initialized member).
    pub non_pod: Cell<bool>,
    /// A dependent member type in a template's signature
    /// (`typename vec4<T>::Type`): the class it is a member of, written in
    /// the template's parameters, and the member's name. What it is is
    /// known per instance only: in the pattern it is a type of its own,
    /// never deduced from (a non-deduced context), mangled as written
    /// (`N4vec4IT_E4TypeE`).
    pub dependent: RefCell<Option<(CType, String)>>,
    /// The class template instance this class is declared in
    /// (`Outer<8>::Col<true>`, `FDWT53<64, 8>::Predict`): mangled as its
    /// prefix (`N5OuterILi8EE3ColILb1EEE`).
    pub enclosing: RefCell<Option<Rc<Record>>>,
    /// For an instance of a variadic class template (`tup<float, int>`):
    /// where the pack's arguments start among `template`'s, mangled as one
    /// argument (`3tupIJfiEE`).
    pub pack_start: Cell<Option<usize>>,
    /// For the placeholder of a template parameter pack (`Ts` of `class...
    /// Ts`): in a template's own signature it stands for the pack's
    /// expansion (`tup<Ts...>`, mangled `Dp T_`).
    pub is_pack: Cell<bool>,
    /// A polymorphic class's virtual function table (made when its body
    /// has been read, from its primary base's and `declared`).
    pub vtable: RefCell<Option<Rc<VTable>>>,
    /// The member functions read in the class's body, each with whether it
    /// was declared `virtual` (a destructor is `~`): those that override a
    /// base's virtual functions and those that add slots.
    pub declared: RefCell<Vec<(VSlot, bool)>>,
}

/// One slot of a virtual function table: the function's name (`~D1`,
/// `~D0` for the complete and the deleting destructor), its parameters
/// after `this`, whether `this` is const, and the final overrider's symbol
/// (`None`: pure virtual, a null slot as nvcc's).
#[derive(Clone, Debug, PartialEq)]
pub struct VSlot {
    pub name: String,
    pub params: Vec<CType>,
    pub konst: bool,
    pub symbol: Option<String>,
    /// A device (or `__host__ __device__`) function: one device code can
    /// call.
    pub device: bool,
}

/// A class's virtual function table as the Itanium ABI lays it out: the
/// offset to top and the type information (both 0 in device code), then
/// the slots; the object's vptr points at the first slot (`symbol` + 16).
#[derive(Debug, PartialEq)]
pub struct VTable {
    /// `_ZTV5Shape`.
    pub symbol: String,
    pub slots: Vec<VSlot>,
    /// A virtual destructor: this class's complete (`D1`) and deleting
    /// (`D0`) destructors' symbols, and the primary base's `D1` they call.
    pub dtor: Option<(String, String, Option<String>)>,
}

impl VTable {
    /// The byte offset of the vptr's target in the table (past the offset
    /// to top and the type information).
    pub const HEADER: u64 = 16;

    /// The slot of a final overrider's symbol, or of a name and signature.
    pub fn slot(&self, name: &str, params: &[CType], konst: bool) -> Option<usize> {
        self.slots
            .iter()
            .position(|s| s.name == name && s.params == params && s.konst == konst)
    }
}

/// How deep base classes are looked through, and how many base class
/// subobjects one lookup visits (a lattice of bases has exponentially many
/// paths; real hierarchies are far below both).
const MAX_BASE_DEPTH: usize = 64;
const MAX_BASE_VISITS: usize = 10_000;

/// What looking a member up in a class and its bases finds.
#[derive(Debug)]
pub enum Found {
    None,
    /// The base class subobjects on the way (each one's offset in the one
    /// before and its class), the member's offset in the last, its type.
    One(Vec<(u64, Rc<Record>)>, u64, CType),
    /// Members of that name in more than one base class subobject.
    Ambiguous,
}

impl Record {
    pub fn new(name: &str, is_union: bool) -> Record {
        Record {
            name: RefCell::new(name.to_string()),
            is_union,
            layout: RefCell::new(None),
            defined_at: Cell::new(0),
            template: RefCell::new(None),
            member_inits: RefCell::new(Vec::new()),
            unsupported: RefCell::new(None),
            non_pod: Cell::new(false),
            dependent: RefCell::new(None),
            enclosing: RefCell::new(None),
            pack_start: Cell::new(None),
            is_pack: Cell::new(false),
            vtable: RefCell::new(None),
            declared: RefCell::new(Vec::new()),
        }
    }

    /// A polymorphic class's virtual function table.
    pub fn vtable(&self) -> Option<Rc<VTable>> {
        self.vtable.borrow().clone()
    }

    pub fn layout(&self) -> Option<Rc<Layout>> {
        self.layout.borrow().clone()
    }

    /// The default member initializer of `field` (`int n = 3;`), if it
    /// has one; a base class subobject has none.
    pub fn member_init(&self, field: &Field) -> Option<Initializer> {
        if field.base {
            return None;
        }
        self.member_inits
            .borrow()
            .iter()
            .find(|(n, _)| *n == field.name)
            .map(|(_, i)| i.clone())
    }

    /// A member by name (looking into anonymous members, then into the
    /// base classes, whose members the class's own hide): its offset in
    /// the object and its type. `None` also when it is ambiguous.
    pub fn member(&self, name: &str) -> Option<(u64, CType)> {
        match self.member_path(name) {
            Found::One(steps, off, ty) => {
                Some((steps.iter().map(|(o, _)| o).sum::<u64>() + off, ty))
            }
            _ => None,
        }
    }

    /// A member by name as `member` finds it: the base class subobjects
    /// on the way (each one's offset in the one before and its class),
    /// then the member's offset in the last and its type.
    pub fn member_path(&self, name: &str) -> Found {
        self.member_path_depth(name, 0, &mut 0)
    }

    fn member_path_depth(&self, name: &str, depth: usize, visits: &mut usize) -> Found {
        let Some(layout) = self.layout() else {
            return Found::None;
        };
        if let Some((off, ty)) = self.own_member(&layout, name) {
            return Found::One(Vec::new(), off, ty);
        }
        *visits += 1;
        if depth > MAX_BASE_DEPTH || *visits > MAX_BASE_VISITS {
            return Found::None;
        }
        let mut found = Found::None;
        for (off, base) in self.bases() {
            match base.member_path_depth(name, depth + 1, visits) {
                Found::None => {}
                Found::One(mut steps, o, t) => {
                    if !matches!(found, Found::None) {
                        return Found::Ambiguous;
                    }
                    steps.insert(0, (off, base));
                    found = Found::One(steps, o, t);
                }
                Found::Ambiguous => return Found::Ambiguous,
            }
        }
        found
    }

    /// A member of this class itself (or of its anonymous members).
    fn own_member(&self, layout: &Layout, name: &str) -> Option<(u64, CType)> {
        for f in layout.fields.iter().filter(|f| !f.base) {
            if f.name == name {
                return Some((f.offset, f.ty.clone()));
            }
            if f.name.is_empty() {
                if let CType::Record(inner) = &f.ty {
                    if let Some(l) = inner.layout() {
                        if let Some((off, t)) = inner.own_member(&l, name) {
                            return Some((f.offset + off, t));
                        }
                    }
                }
            }
        }
        None
    }

    /// The direct base classes with their offsets, in declaration order.
    pub fn bases(&self) -> Vec<(u64, Rc<Record>)> {
        let Some(layout) = self.layout() else {
            return Vec::new();
        };
        layout
            .fields
            .iter()
            .filter(|f| f.base)
            .filter_map(|f| match &f.ty {
                CType::Record(r) => Some((f.offset, r.clone())),
                _ => None,
            })
            .collect()
    }

    /// The subobjects of class `base` in this class: for each, the steps
    /// from this class to it (each base's offset in the one before and its
    /// class). None for an unrelated class; more than one when `base` is
    /// an ambiguous base.
    pub fn base_paths(&self, base: &Record) -> Vec<Vec<(u64, Rc<Record>)>> {
        let mut out = Vec::new();
        self.base_paths_depth(base, &mut Vec::new(), &mut out, &mut 0);
        out
    }

    fn base_paths_depth(
        &self,
        base: &Record,
        path: &mut Vec<(u64, Rc<Record>)>,
        out: &mut Vec<Vec<(u64, Rc<Record>)>>,
        visits: &mut usize,
    ) {
        *visits += 1;
        if path.len() > MAX_BASE_DEPTH || out.len() > 16 || *visits > MAX_BASE_VISITS {
            return;
        }
        for (off, b) in self.bases() {
            path.push((off, b.clone()));
            if *b == *base {
                out.push(path.clone());
            } else {
                b.base_paths_depth(base, path, out, visits);
            }
            path.pop();
        }
    }

    /// Whether `base` is a base class of this one (directly or not).
    pub fn derives_from(&self, base: &Record) -> bool {
        !self.base_paths(base).is_empty()
    }

    /// The bits of a bit-field member (looking into anonymous members):
    /// the first bit in its unit and the width.
    pub fn bitfield(&self, name: &str) -> Option<(u32, u32)> {
        let layout = self.layout()?;
        for f in layout.fields.iter().filter(|f| !f.base) {
            if f.name == name {
                return f.bits;
            }
            if f.name.is_empty() {
                if let CType::Record(inner) = &f.ty {
                    if inner.member(name).is_some() {
                        return inner.bitfield(name);
                    }
                }
            }
        }
        None
    }

    pub fn keyword(&self) -> &'static str {
        if self.is_union {
            "union"
        } else {
            "struct"
        }
    }
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        std::ptr::eq(self, other)
    }
}

impl fmt::Debug for Record {
    // Only the name: a struct may point to itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.keyword(), self.name.borrow())
    }
}

/// An enumeration type: its name counts in overloading and mangling. A
/// scoped one (`enum class E : short`) names its enumerators `E::A` and does
/// not convert to integers implicitly.
pub struct EnumType {
    pub name: RefCell<String>,
    /// The underlying type (`int` unless one is given).
    pub underlying: IntKind,
    pub scoped: bool,
}

impl PartialEq for EnumType {
    fn eq(&self, other: &EnumType) -> bool {
        std::ptr::eq(self, other)
    }
}

impl fmt::Debug for EnumType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "enum {}", self.name.borrow())
    }
}

/// A C type. Qualifiers on a pointer's pointee are kept (`const float *`
/// mangles as `PKf` and allows `ld.global.nc`).
#[derive(Clone, Debug, PartialEq)]
pub enum CType {
    Void,
    Bool,
    Int(IntKind),
    Float,
    Double,
    Ptr {
        pointee: Box<CType>,
        konst: bool,
        volatile: bool,
    },
    Array(Box<CType>, u64),
    /// The `uint3`/`dim3` type of a built-in variable.
    Builtin(BuiltinVar),
    /// A struct or union (CUDA's vector types `float4`, `dim3`, … too).
    Record(Rc<Record>),
    Enum(Rc<EnumType>),
    /// A C++ reference (`T&`, `const T&`): a pointer that sema dereferences
    /// wherever the reference is named. Only variables, parameters and
    /// return types have it; no expression does.
    Ref {
        pointee: Box<CType>,
        konst: bool,
    },
    /// `auto` before sema gives a variable the type of its initializer.
    Auto,
    /// `decltype(e)` or `decltype(auto)`, which sema replaces by the type
    /// it stands for.
    Decltype(Rc<Decltype>),
    /// A function type (`float (float)`): what a function pointer points to;
    /// no object has it.
    Func(Rc<FuncType>),
}

/// A function type: its result and parameter types (arrays and functions
/// already adjusted to pointers).
#[derive(Clone, Debug, PartialEq)]
pub struct FuncType {
    pub ret: CType,
    pub params: Vec<CType>,
    pub variadic: bool,
}

impl FuncType {
    /// `float (*)(float)`, the spelling nvcc's messages give a pointer to it.
    fn pointer_spelling(&self, konst: bool) -> String {
        let mut params: Vec<String> = self.params.iter().map(|p| p.to_string()).collect();
        if self.variadic {
            params.push("...".into());
        }
        let k = if konst { "const" } else { "" };
        format!("{} (*{k})({})", self.ret, params.join(", "))
    }
}

/// What a `decltype` names: an expression's type (an entity's declared
/// type for `decltype(x)`, `decltype(s.m)`; `T &` for any other lvalue),
/// or with no expression, `decltype(auto)`: that of an initializer or a
/// returned value, by the same rules.
#[derive(Debug)]
pub struct Decltype {
    pub expr: Option<Expr>,
    /// Written as an unparenthesized name or member access.
    pub id: bool,
}

impl PartialEq for Decltype {
    fn eq(&self, other: &Decltype) -> bool {
        std::ptr::eq(self, other)
    }
}

impl CType {
    pub const INT: CType = CType::Int(IntKind::Int);
    pub const UINT: CType = CType::Int(IntKind::UInt);

    pub fn ptr_to(pointee: CType) -> CType {
        CType::Ptr {
            pointee: Box::new(pointee),
            konst: false,
            volatile: false,
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, CType::Int(_) | CType::Bool | CType::Enum(_))
    }

    /// An `enum class`: no implicit conversions to or from integers.
    pub fn is_scoped_enum(&self) -> bool {
        matches!(self, CType::Enum(e) if e.scoped)
    }

    /// Whether sema has yet to work out what the type is (`auto`,
    /// `decltype`, in it somewhere).
    pub fn is_deduced(&self) -> bool {
        match self {
            CType::Auto | CType::Decltype(_) => true,
            CType::Ptr { pointee, .. } | CType::Ref { pointee, .. } | CType::Array(pointee, _) => {
                pointee.is_deduced()
            }
            _ => false,
        }
    }

    /// The function type a pointer to function points to.
    pub fn function_pointee(&self) -> Option<&Rc<FuncType>> {
        match self {
            CType::Ptr { pointee, .. } => match &**pointee {
                CType::Func(ft) => Some(ft),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn is_ref(&self) -> bool {
        matches!(self, CType::Ref { .. })
    }

    /// The type a reference refers to (the type itself otherwise).
    pub fn unref(&self) -> &CType {
        match self {
            CType::Ref { pointee, .. } => pointee,
            t => t,
        }
    }

    pub fn is_record(&self) -> bool {
        matches!(self, CType::Record(_))
    }

    pub fn is_float(&self) -> bool {
        matches!(self, CType::Float | CType::Double)
    }

    pub fn is_arithmetic(&self) -> bool {
        self.is_integer() || self.is_float()
    }

    pub fn is_pointer(&self) -> bool {
        matches!(self, CType::Ptr { .. })
    }

    pub fn is_scalar(&self) -> bool {
        self.is_arithmetic() || self.is_pointer()
    }

    pub fn is_signed(&self) -> bool {
        match self {
            CType::Int(k) => k.signed(),
            CType::Enum(e) => e.underlying.signed(),
            CType::Float | CType::Double => true,
            _ => false,
        }
    }

    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Ptr { pointee, .. } => Some(pointee),
            CType::Array(elem, _) => Some(elem),
            _ => None,
        }
    }

    /// Size in bytes (as on the 64-bit NVPTX target), `None` for incomplete types.
    pub fn size(&self) -> Option<u64> {
        Some(match self {
            CType::Void | CType::Auto | CType::Decltype(_) | CType::Func(_) => return None,
            CType::Bool => 1,
            CType::Int(k) => u64::from(k.bits() / 8),
            CType::Float => 4,
            CType::Double => 8,
            CType::Ptr { .. } | CType::Ref { .. } => 8,
            CType::Array(e, n) => e.size()?.checked_mul(*n)?,
            CType::Builtin(_) => 12,
            CType::Enum(e) => u64::from(e.underlying.bits() / 8),
            CType::Record(r) => r.layout()?.size,
        })
    }

    pub fn align(&self) -> u64 {
        match self {
            CType::Array(e, _) => e.align(),
            CType::Builtin(_) => 4,
            CType::Record(r) => r.layout().map_or(1, |l| l.align),
            t => t.size().unwrap_or(1),
        }
    }

    /// How many scalars `scalar_parts` gives for this type (saturating).
    pub fn scalar_count(&self) -> u64 {
        match self {
            CType::Array(e, n) => n.saturating_mul(e.scalar_count()),
            CType::Record(r) => r.layout().map_or(1, |l| l.scalars),
            _ => 1,
        }
    }

    /// The scalars an object of this type is copied as, with their byte
    /// offsets from `base`: the members of a struct, the elements of an
    /// array, and for a union unsigned integers as wide as its alignment
    /// (any member may be the one in use). Padding is not copied.
    pub fn scalar_parts(&self, base: u64, out: &mut Vec<(u64, CType)>) {
        match self {
            CType::Array(e, n) => {
                let size = e.size().unwrap_or(0);
                for k in 0..*n {
                    e.scalar_parts(base + k * size, out);
                }
            }
            CType::Record(r) => {
                let Some(layout) = r.layout() else { return };
                if r.is_union {
                    let mut off = 0;
                    while off < layout.size {
                        let mut w = layout.align.min(8);
                        while off + w > layout.size || !off.is_multiple_of(w) {
                            w /= 2;
                        }
                        let kind = match w {
                            1 => IntKind::UChar,
                            2 => IntKind::UShort,
                            4 => IntKind::UInt,
                            _ => IntKind::ULongLong,
                        };
                        out.push((base + off, CType::Int(kind)));
                        off += w;
                    }
                } else {
                    for f in &layout.fields {
                        // Bit-fields sharing a unit copy it once.
                        if f.bits.is_some()
                            && out
                                .last()
                                .is_some_and(|(o, t)| *o == base + f.offset && *t == f.ty)
                        {
                            continue;
                        }
                        f.ty.scalar_parts(base + f.offset, out);
                    }
                }
            }
            t => out.push((base, t.clone())),
        }
    }
}

impl fmt::Display for CType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CType::Void => f.write_str("void"),
            CType::Bool => f.write_str("bool"),
            CType::Int(k) => f.write_str(k.spelling()),
            CType::Float => f.write_str("float"),
            CType::Double => f.write_str("double"),
            CType::Ptr { pointee, konst, .. } if matches!(**pointee, CType::Func(_)) => {
                let CType::Func(ft) = &**pointee else {
                    return Ok(());
                };
                f.write_str(&ft.pointer_spelling(*konst))
            }
            CType::Func(ft) => {
                let s = ft.pointer_spelling(false);
                f.write_str(&s.replacen(" (*)", " ", 1))
            }
            CType::Ptr {
                pointee,
                konst,
                volatile,
            } => {
                if *konst {
                    f.write_str("const ")?;
                }
                if *volatile {
                    f.write_str("volatile ")?;
                }
                write!(f, "{pointee} *")
            }
            CType::Array(e, n) => write!(f, "{e} [{n}]"),
            CType::Builtin(BuiltinVar::BlockDim | BuiltinVar::GridDim) => f.write_str("dim3"),
            CType::Builtin(_) => f.write_str("uint3"),
            CType::Record(r) => {
                let name = r.name.borrow();
                if name.is_empty() {
                    write!(f, "{} <unnamed>", r.keyword())
                } else {
                    f.write_str(&name)
                }
            }
            CType::Enum(e) => f.write_str(&e.name.borrow()),
            CType::Ref { pointee, konst } => {
                if *konst {
                    f.write_str("const ")?;
                }
                write!(f, "{pointee} &")
            }
            CType::Auto => f.write_str("auto"),
            CType::Decltype(d) if d.expr.is_none() => f.write_str("decltype(auto)"),
            CType::Decltype(_) => f.write_str("decltype(...)"),
        }
    }
}

/// A template argument: a type, the value of a non-type parameter with
/// the parameter's type, or a class template for a template template
/// parameter (its full name; in a template's own signature, the name that
/// stands for such a parameter: see `template::tt_pattern_name`).
#[derive(Clone, Debug, PartialEq)]
pub enum TemplateArg {
    Type(CType),
    Value(i64, CType),
    Template(String),
    /// What a parameter pack binds to while arguments are matched or
    /// deduced (`Rest` in `tup<T, Rest...>` against `tup<int, float, char>`:
    /// `float, char`); instances hold the elements flattened, last.
    Pack(Vec<TemplateArg>),
}

impl fmt::Display for TemplateArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateArg::Type(t) => write!(f, "{t}"),
            TemplateArg::Value(v, CType::Bool) => {
                f.write_str(if *v != 0 { "true" } else { "false" })
            }
            TemplateArg::Value(v, t) if !t.is_signed() => write!(f, "{}U", *v as u64),
            TemplateArg::Value(v, _) => write!(f, "{v}"),
            TemplateArg::Template(n) => {
                f.write_str(n.rsplit_once('$').map_or(n.as_str(), |(_, name)| name))
            }
            TemplateArg::Pack(v) => {
                let list: Vec<String> = v.iter().map(|a| a.to_string()).collect();
                f.write_str(&list.join(", "))
            }
        }
    }
}

/// `name<a, b>` as nvcc prints a template instance.
pub fn template_id(name: &str, args: &[TemplateArg]) -> String {
    let list: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    format!("{name}<{}>", list.join(", "))
}
