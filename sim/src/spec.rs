//! The text form of a launch, shared by `ptxlab run` and anything else that
//! takes a launch from a user: the kernel by its source or IR name, and the
//! arguments as `1000,2.0,f32[1000]:iota,f32[1000]:ones`.
//!
//! An argument is a scalar literal (`1024`, `-3`, `0x10`, `2.5`, `true`),
//! converted to the parameter's type, or a buffer `TYPE[N]:INIT` with TYPE one
//! of `i8 u8 i16 u16 i32 u32 i64 u64 f32 f64` and INIT one of `zeros`, `ones`,
//! `iota` (0, 1, 2, …), `rand:SEED` (floats uniform in [0, 1), integers
//! uniform in 0..100, the same for the same seed everywhere) or a list
//! `[1,2,3]` of exactly N values. `TYPE[N]` alone is `zeros`.

use crate::model::{ArgValue, BufferId, Memory};
use ptxlab_core::ir::{Function, Module, Type};

/// The element type of a buffer argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemType {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

impl ElemType {
    pub const ALL: &'static [ElemType] = &[
        ElemType::I8,
        ElemType::U8,
        ElemType::I16,
        ElemType::U16,
        ElemType::I32,
        ElemType::U32,
        ElemType::I64,
        ElemType::U64,
        ElemType::F32,
        ElemType::F64,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ElemType::I8 => "i8",
            ElemType::U8 => "u8",
            ElemType::I16 => "i16",
            ElemType::U16 => "u16",
            ElemType::I32 => "i32",
            ElemType::U32 => "u32",
            ElemType::I64 => "i64",
            ElemType::U64 => "u64",
            ElemType::F32 => "f32",
            ElemType::F64 => "f64",
        }
    }

    pub fn size(self) -> usize {
        match self {
            ElemType::I8 | ElemType::U8 => 1,
            ElemType::I16 | ElemType::U16 => 2,
            ElemType::I32 | ElemType::U32 | ElemType::F32 => 4,
            ElemType::I64 | ElemType::U64 | ElemType::F64 => 8,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, ElemType::F32 | ElemType::F64)
    }

    fn is_signed(self) -> bool {
        matches!(
            self,
            ElemType::I8 | ElemType::I16 | ElemType::I32 | ElemType::I64
        )
    }

    /// The little-endian bytes of an integer value (wrapped to the width).
    fn int_bytes(self, v: i128) -> Vec<u8> {
        v.to_le_bytes()[..self.size()].to_vec()
    }

    fn float_bytes(self, v: f64) -> Vec<u8> {
        match self {
            ElemType::F32 => (v as f32).to_le_bytes().to_vec(),
            _ => v.to_le_bytes().to_vec(),
        }
    }

    /// One literal of this type, as bytes.
    fn literal(self, text: &str) -> Result<Vec<u8>, String> {
        if self.is_float() {
            let bytes = match self {
                ElemType::F32 => parse_f32(text).map(|v| v.to_le_bytes().to_vec()),
                _ => parse_f64(text).map(|v| v.to_le_bytes().to_vec()),
            };
            return bytes.ok_or_else(|| format!("'{text}' is not a {} literal", self.name()));
        }
        let v = parse_int(text).ok_or_else(|| format!("'{text}' is not an integer"))?;
        let bits = self.size() as u32 * 8;
        if !fits(v, bits, self.is_signed()) {
            return Err(format!("{v} does not fit in {}", self.name()));
        }
        Ok(self.int_bytes(v))
    }
}

/// How a buffer starts.
#[derive(Clone, Debug, PartialEq)]
pub enum BufferInit {
    Zeros,
    Ones,
    Iota,
    Rand(u64),
    /// The literals, one per element.
    List(Vec<String>),
}

/// One argument as written.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgSpec {
    Scalar(String),
    Buffer {
        ty: ElemType,
        len: usize,
        init: BufferInit,
    },
}

/// The most bytes one buffer argument may have (1 GiB).
const MAX_BUFFER_BYTES: usize = 1 << 30;

impl ArgSpec {
    /// The buffer's initial bytes (`None` for a scalar).
    pub fn buffer_bytes(&self) -> Option<Result<Vec<u8>, String>> {
        let ArgSpec::Buffer { ty, len, init } = self else {
            return None;
        };
        let (ty, len) = (*ty, *len);
        Some((|| {
            let mut out = Vec::with_capacity(len * ty.size());
            let mut rng = match init {
                BufferInit::Rand(seed) => *seed,
                _ => 0,
            };
            for i in 0..len {
                let bytes = match init {
                    BufferInit::Zeros => vec![0; ty.size()],
                    BufferInit::Ones if ty.is_float() => ty.float_bytes(1.0),
                    BufferInit::Ones => ty.int_bytes(1),
                    BufferInit::Iota if ty.is_float() => ty.float_bytes(i as f64),
                    BufferInit::Iota => ty.int_bytes(i as i128),
                    BufferInit::Rand(_) => {
                        let r = splitmix64(&mut rng);
                        if ty.is_float() {
                            // 24 (or 53) random bits: exact in the type.
                            let v = match ty {
                                ElemType::F32 => (r >> 40) as f64 / (1u64 << 24) as f64,
                                _ => (r >> 11) as f64 / (1u64 << 53) as f64,
                            };
                            ty.float_bytes(v)
                        } else {
                            ty.int_bytes(i128::from(r % 100))
                        }
                    }
                    BufferInit::List(items) => ty.literal(&items[i])?,
                };
                out.extend_from_slice(&bytes);
            }
            Ok(out)
        })())
    }
}

/// SplitMix64: small, fast, and the same on every platform.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn parse_int(text: &str) -> Option<i128> {
    let t = text.trim();
    let (neg, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let v = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None if digits.bytes().all(|b| b.is_ascii_digit()) && !digits.is_empty() => {
            digits.parse::<i128>().ok()?
        }
        None => return None,
    };
    Some(if neg { -v } else { v })
}

fn parse_f32(text: &str) -> Option<f32> {
    let t = text.trim();
    t.strip_suffix('f').unwrap_or(t).parse().ok()
}

fn parse_f64(text: &str) -> Option<f64> {
    text.trim().parse().ok()
}

/// Whether `v` is a number of `bits` bits (signed, or unsigned when `!signed`;
/// a parameter takes either).
fn fits(v: i128, bits: u32, signed: bool) -> bool {
    let lo = -(1i128 << (bits - 1));
    let hi_signed = (1i128 << (bits - 1)) - 1;
    let hi_unsigned = (1i128 << bits) - 1;
    if signed {
        (lo..=hi_signed).contains(&v)
    } else {
        (0..=hi_unsigned).contains(&v)
    }
}

/// Splits at commas outside `[…]`.
fn split_top(text: &str) -> Result<Vec<&str>, String> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth < 0 {
                    return Err(format!("unbalanced ']' in '{text}'"));
                }
            }
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced '[' in '{text}'"));
    }
    parts.push(&text[start..]);
    Ok(parts)
}

/// A grid or block dimension as written: `X`, `X,Y` or `X,Y,Z` (missing ones are 1).
pub fn parse_dim3(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() > 3 {
        return Err(format!("'{s}' has more than three dimensions"));
    }
    let mut d = [1u32; 3];
    for (i, p) in parts.iter().enumerate() {
        d[i] = p
            .trim()
            .parse()
            .map_err(|_| format!("'{p}' is not a dimension"))?;
    }
    Ok(d)
}

/// Parses an argument list (`1000,2.0,f32[1000]:iota`); an empty text is no arguments.
pub fn parse_args(text: &str) -> Result<Vec<ArgSpec>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    split_top(text)?
        .into_iter()
        .enumerate()
        .map(|(i, part)| parse_arg(part.trim()).map_err(|e| format!("argument {}: {e}", i + 1)))
        .collect()
}

fn parse_arg(text: &str) -> Result<ArgSpec, String> {
    let Some((head, rest)) = text.split_once('[') else {
        if text.is_empty() {
            return Err("empty argument".into());
        }
        return Ok(ArgSpec::Scalar(text.to_string()));
    };
    let ty = ElemType::ALL
        .iter()
        .copied()
        .find(|t| t.name() == head.trim())
        .ok_or_else(|| {
            format!(
                "'{text}': a buffer is TYPE[N]:INIT with TYPE one of {}",
                ElemType::ALL
                    .iter()
                    .map(|t| t.name())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        })?;
    let (n, rest) = rest
        .split_once(']')
        .ok_or_else(|| format!("'{text}': missing ']'"))?;
    let len: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("'{text}': '{n}' is not an element count"))?;
    if len.saturating_mul(ty.size()) > MAX_BUFFER_BYTES {
        return Err(format!(
            "'{text}': buffers are limited to {MAX_BUFFER_BYTES} bytes"
        ));
    }
    let init = match rest.trim().strip_prefix(':') {
        None if rest.trim().is_empty() => BufferInit::Zeros,
        None => return Err(format!("'{text}': expected ':INIT' after ']'")),
        Some(init) => match init.trim() {
            "zeros" => BufferInit::Zeros,
            "ones" => BufferInit::Ones,
            "iota" => BufferInit::Iota,
            i if i.starts_with("rand:") => {
                let seed = parse_int(&i[5..])
                    .filter(|s| *s >= 0 && *s <= i128::from(u64::MAX))
                    .ok_or_else(|| format!("'{text}': the seed must be a number"))?;
                BufferInit::Rand(seed as u64)
            }
            i if i.starts_with('[') && i.ends_with(']') => {
                let inner = &i[1..i.len() - 1];
                let items: Vec<String> = if inner.trim().is_empty() {
                    Vec::new()
                } else {
                    inner.split(',').map(|s| s.trim().to_string()).collect()
                };
                if items.len() != len {
                    return Err(format!(
                        "'{text}': {} values for {len} elements",
                        items.len()
                    ));
                }
                for item in &items {
                    ty.literal(item).map_err(|e| format!("'{text}': {e}"))?;
                }
                BufferInit::List(items)
            }
            other => {
                return Err(format!(
                    "'{text}': '{other}' is not zeros, ones, iota, rand:SEED or [v,…]"
                ))
            }
        },
    };
    Ok(ArgSpec::Buffer { ty, len, init })
}

/// A scalar literal as an argument for a parameter of type `ty`.
pub fn scalar_arg(text: &str, ty: &Type) -> Result<ArgValue, String> {
    match ty {
        Type::F32 => parse_f32(text)
            .map(ArgValue::F32)
            .ok_or_else(|| format!("'{text}' is not a float")),
        Type::F64 => parse_f64(text)
            .map(ArgValue::F64)
            .ok_or_else(|| format!("'{text}' is not a double")),
        Type::I1 => match text.trim() {
            "true" | "1" => Ok(ArgValue::I32(1)),
            "false" | "0" => Ok(ArgValue::I32(0)),
            _ => Err(format!("'{text}' is not a bool")),
        },
        t if t.is_int() => {
            let v = parse_int(text).ok_or_else(|| format!("'{text}' is not an integer"))?;
            let bits = t.bits();
            if !fits(v, bits, true) && !fits(v, bits, false) {
                return Err(format!("{v} does not fit in {t}"));
            }
            // Wrapped to the width: the interpreter takes it as signed or unsigned.
            Ok(if bits == 64 {
                ArgValue::I64(v as u64 as i64)
            } else if bits == 32 {
                ArgValue::I32(v as u32 as i32)
            } else {
                ArgValue::I32(v as i32)
            })
        }
        Type::Ptr(_) => Err(format!(
            "'{text}' is a scalar, the parameter is a pointer: give a buffer such as f32[N]:zeros"
        )),
        t => Err(format!("parameters of type {t} are not supported")),
    }
}

/// A buffer argument after binding: the parameter's name, its buffer and type.
#[derive(Clone, Debug, PartialEq)]
pub struct BoundBuffer {
    pub param: String,
    pub buffer: BufferId,
    pub ty: ElemType,
}

/// Turns the specs into a launch's arguments for `kernel`, creating the
/// buffers in `memory`.
pub fn bind_args(
    specs: &[ArgSpec],
    kernel: &Function,
    memory: &mut Memory,
) -> Result<(Vec<ArgValue>, Vec<BoundBuffer>), String> {
    let params: Vec<(String, Type)> = kernel
        .params
        .iter()
        .map(|p| (p.name.clone(), p.ty.clone()))
        .collect();
    bind_params(specs, &params, memory)
}

/// [`bind_args`] for parameters given by name and IR type (a PTX kernel's
/// `.param`s, for `ptxlab run-ptx`): a pointer takes a buffer, any other
/// type a scalar.
pub fn bind_params(
    specs: &[ArgSpec],
    params: &[(String, Type)],
    memory: &mut Memory,
) -> Result<(Vec<ArgValue>, Vec<BoundBuffer>), String> {
    if specs.len() != params.len() {
        let names: Vec<String> = params.iter().map(|(n, t)| format!("{t} {n}")).collect();
        return Err(format!(
            "the kernel takes {} argument{} ({}), --args gives {}",
            params.len(),
            if params.len() == 1 { "" } else { "s" },
            names.join(", "),
            specs.len()
        ));
    }
    let mut args = Vec::new();
    let mut buffers = Vec::new();
    for (i, (spec, (pname, pty))) in specs.iter().zip(params).enumerate() {
        let name = if pname.is_empty() {
            format!("arg{i}")
        } else {
            pname.clone()
        };
        let at = |e: String| format!("argument {} ({name}): {e}", i + 1);
        match spec {
            ArgSpec::Scalar(text) => args.push(scalar_arg(text, pty).map_err(at)?),
            ArgSpec::Buffer { ty, .. } => {
                if !pty.is_ptr() {
                    return Err(at(format!(
                        "the parameter is {pty}, not a pointer: give a scalar"
                    )));
                }
                let bytes = spec.buffer_bytes().unwrap_or(Ok(Vec::new())).map_err(at)?;
                let id = memory.alloc_bytes(bytes);
                args.push(ArgValue::Buffer(id));
                buffers.push(BoundBuffer {
                    param: name,
                    buffer: id,
                    ty: *ty,
                });
            }
        }
    }
    Ok((args, buffers))
}

/// The IR types a PTX kernel's parameters take for [`bind_params`] (for
/// `ptxlab run-ptx` and the page's pasted PTX): a 64-bit integer given a
/// buffer is a global pointer, a byte array (a struct by value) takes a
/// buffer of its bytes.
pub fn ptx_param_types(
    params: &[crate::emu::KernelParam],
    specs: &[ArgSpec],
) -> Vec<(String, Type)> {
    use ptxlab_core::ir::addrspace;
    params
        .iter()
        .zip(specs.iter().map(Some).chain(std::iter::repeat(None)))
        .map(|(p, s)| {
            let buffer = matches!(s, Some(ArgSpec::Buffer { .. }));
            let ty = match p.ty.as_str() {
                _ if p.count.is_some() => Type::Ptr(addrspace::PARAM),
                "u64" | "s64" | "b64" if buffer => Type::Ptr(addrspace::GLOBAL),
                "u64" | "s64" | "b64" => Type::I64,
                "u32" | "s32" | "b32" => Type::I32,
                "u16" | "s16" | "b16" => Type::I16,
                "u8" | "s8" | "b8" => Type::I8,
                "f32" => Type::F32,
                "f64" => Type::F64,
                _ => Type::Void,
            };
            (p.name.clone(), ty)
        })
        .collect()
}

/// The source name of an Itanium-mangled function name (`_Z5saxpyifPKfPf` →
/// `saxpy`); the name itself when it is not mangled.
pub fn source_name(name: &str) -> &str {
    let Some(rest) = name.strip_prefix("_Z") else {
        return name;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    match rest[..digits].parse::<usize>() {
        Ok(n) if n > 0 && rest.len() >= digits + n => &rest[digits..digits + n],
        _ => name,
    }
}

/// The kernel a user means by `name`: its IR name, or its source name when
/// that names exactly one kernel.
pub fn find_kernel<'m>(module: &'m Module, name: &str) -> Result<&'m Function, String> {
    let kernels: Vec<&Function> = module
        .functions
        .iter()
        .filter(|f| f.attrs.kernel && !f.is_declaration())
        .collect();
    if let Some(f) = kernels.iter().find(|f| f.name == name) {
        return Ok(f);
    }
    let by_source: Vec<&&Function> = kernels
        .iter()
        .filter(|f| source_name(&f.name) == name)
        .collect();
    match by_source.as_slice() {
        [f] => Ok(f),
        [] => {
            let names: Vec<String> = kernels
                .iter()
                .map(|f| {
                    let s = source_name(&f.name);
                    if s == f.name {
                        s.to_string()
                    } else {
                        format!("{s} ({})", f.name)
                    }
                })
                .collect();
            Err(format!(
                "no kernel named '{name}' (kernels: {})",
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ))
        }
        many => Err(format!(
            "'{name}' names {} kernels; give the mangled name: {}",
            many.len(),
            many.iter()
                .map(|f| f.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_inside_brackets_do_not_split() {
        let specs = parse_args("1000, 2.5,f32[3]:[1,2,3],i32[2]:rand:7,u8[4]").unwrap();
        assert_eq!(specs.len(), 5);
        assert_eq!(specs[0], ArgSpec::Scalar("1000".into()));
        assert_eq!(
            specs[2],
            ArgSpec::Buffer {
                ty: ElemType::F32,
                len: 3,
                init: BufferInit::List(vec!["1".into(), "2".into(), "3".into()])
            }
        );
        assert_eq!(
            specs[4],
            ArgSpec::Buffer {
                ty: ElemType::U8,
                len: 4,
                init: BufferInit::Zeros
            }
        );
        assert!(parse_args("").unwrap().is_empty());
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let err = |s: &str| parse_args(s).unwrap_err();
        assert!(err("f32[3]:[1,2]").contains("2 values for 3 elements"));
        assert!(err("f33[3]:zeros").contains("TYPE one of"));
        assert!(err("f32[x]:zeros").contains("not an element count"));
        assert!(err("f32[2]:twos").contains("is not zeros"));
        assert!(err("u8[1]:[300]").contains("does not fit in u8"));
        assert!(err("1,f32[2]:[1,2").contains("unbalanced"));
        assert!(err("1,,2").contains("argument 2: empty"));
    }

    #[test]
    fn buffers_fill_as_asked() {
        let bytes = |s: &str| parse_args(s).unwrap()[0].buffer_bytes().unwrap().unwrap();
        let f32s = |b: Vec<u8>| -> Vec<f32> {
            b.chunks(4)
                .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                .collect()
        };
        assert_eq!(f32s(bytes("f32[3]:iota")), vec![0.0, 1.0, 2.0]);
        assert_eq!(f32s(bytes("f32[2]:ones")), vec![1.0, 1.0]);
        assert_eq!(bytes("i16[2]:[-1,258]"), vec![0xff, 0xff, 2, 1]);
        let r = f32s(bytes("f32[100]:rand:42"));
        assert!(r.iter().all(|v| (0.0..1.0).contains(v)));
        assert_eq!(r, f32s(bytes("f32[100]:rand:42")));
        assert_ne!(r, f32s(bytes("f32[100]:rand:43")));
        assert!(bytes("u32[50]:rand:1")
            .chunks(4)
            .all(|c| u32::from_le_bytes(c.try_into().unwrap()) < 100));
    }

    #[test]
    fn scalars_take_the_parameter_type() {
        assert_eq!(scalar_arg("2", &Type::F32), Ok(ArgValue::F32(2.0)));
        assert_eq!(scalar_arg("-3", &Type::I32), Ok(ArgValue::I32(-3)));
        assert_eq!(
            scalar_arg("4000000000", &Type::I32),
            Ok(ArgValue::I32(4_000_000_000u32 as i32))
        );
        assert_eq!(scalar_arg("0x10", &Type::I64), Ok(ArgValue::I64(16)));
        assert!(scalar_arg("5000000000", &Type::I32).is_err());
        assert!(scalar_arg("2.5", &Type::I32).is_err());
        assert!(scalar_arg("1", &Type::Ptr(0))
            .unwrap_err()
            .contains("pointer"));
    }

    #[test]
    fn dimensions_default_to_one() {
        assert_eq!(parse_dim3("4"), Ok([4, 1, 1]));
        assert_eq!(parse_dim3("16, 8"), Ok([16, 8, 1]));
        assert_eq!(parse_dim3("2,3,4"), Ok([2, 3, 4]));
        assert!(parse_dim3("1,2,3,4")
            .unwrap_err()
            .contains("more than three"));
        assert!(parse_dim3("x").unwrap_err().contains("not a dimension"));
        assert!(parse_dim3("").is_err());
    }

    #[test]
    fn mangled_names_give_source_names() {
        assert_eq!(source_name("_Z5saxpyifPKfPf"), "saxpy");
        assert_eq!(source_name("_Z11local_arrayPiPKi"), "local_array");
        assert_eq!(source_name("saxpy"), "saxpy");
        assert_eq!(source_name("_Z99x"), "_Z99x");
    }
}
