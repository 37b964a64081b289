//! The PTX emulator: runs PTX text — ours and NVRTC's — on the CPU, so the
//! backend's output (and NVIDIA's, for the same source) is checked by what
//! it computes, not only by ptxas accepting it.
//!
//! [`PtxModule::parse`] reads a module (`parse.rs`: the subset our emitter
//! and NVRTC write) and checks that it decodes: registers declared, labels
//! and symbols known, operands in the form each opcode takes. Bad PTX is a
//! [`ParseError`] with its line, never a panic. [`run_kernel`] runs one
//! launch on the machine model the IR interpreter also runs on ([`Launch`],
//! [`Memory`], [`Config`], [`Stats`], [`InterpError`]; `model/sched.rs`): a
//! block's threads run one at a time between barriers and warp-wide
//! instructions (`exec.rs` runs one thread), so a result does not depend on
//! scheduling.
//!
//! Memory (`program.rs` has the layout): global and constant variables are
//! named buffers of the [`Memory`] (filled from their initializers the first
//! time, as the interpreter does), shared memory is a window per block with
//! 32-bit addresses, local and param memory are per-thread stacks with a
//! frame per call, and the `.param` calling convention is done as PTX
//! writes it: the caller stores arguments into its `param0…`, the call
//! copies them into the callee's parameters, `ret` copies `func_retval0`
//! back into the caller's `retval0`. Generic addresses carry their space,
//! so `cvta` and generic `ld`/`st` work across spaces.
//!
//! Arithmetic is the machine model's: IEEE operations per type with
//! PTX's `.ftz` (`model/float.rs`), the rounding modes and `.approx`
//! instructions (`model/rounding.rs`), and `vprintf` formats with
//! `model/printf.rs`. Instructions without a rounding modifier are
//! rounded one at a time (ptxas may fuse `mul` and `add` into an `fma`; the
//! emulator does not). An error (out of bounds, misaligned, wrong space,
//! divergent barrier or warp instruction, division by zero, `trap`, the
//! step, call-depth and stack limits — a thread's frames, registers at 8
//! bytes each plus `.local` and `.param` areas, share
//! `Config::max_local_bytes` —, an instruction the emulator does not
//! implement) names the PTX line and instruction, the function, and the
//! thread and block: [`crate::Location`]'s `line` is the PTX line.
//!
//! Architecture Invariant: no text, launch or memory makes the emulator
//! panic or run without bound.

mod exec;
pub mod parse;
mod program;

pub use parse::ParseError;

use crate::model::memory::Ptr;
use crate::model::{ArgValue, Config, InterpError, Launch, Memory, Stats};
use program::{launch_error, Kind, Ty};

/// A parsed PTX module, checked to decode.
#[derive(Clone, Debug)]
pub struct PtxModule {
    ast: parse::Module,
}

/// A kernel's parameter as the emulator sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelParam {
    pub name: String,
    /// The PTX type without its dot (`u64`, `f32`, `b8`).
    pub ty: String,
    /// The array length of a byte-array parameter (a struct by value).
    pub count: Option<u64>,
}

impl KernelParam {
    /// Bytes the parameter holds.
    pub fn size(&self) -> u64 {
        Ty::parse(&self.ty).map_or(0, |t| t.size()) * self.count.unwrap_or(1)
    }
}

impl PtxModule {
    /// Parses `text` and checks that every function decodes.
    pub fn parse(text: &str) -> Result<PtxModule, ParseError> {
        let ast = parse::parse(text)?;
        program::decode(&ast, &mut Memory::new(), 0)?;
        Ok(PtxModule { ast })
    }

    /// The `.entry` names, in order.
    pub fn kernels(&self) -> Vec<&str> {
        self.ast
            .functions
            .iter()
            .filter(|f| f.kernel && f.body.is_some())
            .map(|f| f.name.as_str())
            .collect()
    }

    /// The parameters of the kernel `name`.
    pub fn kernel_params(&self, name: &str) -> Option<Vec<KernelParam>> {
        let f = self
            .ast
            .functions
            .iter()
            .find(|f| f.kernel && f.body.is_some() && f.name == name)?;
        Some(
            f.params
                .iter()
                .map(|p| KernelParam {
                    name: p.name.clone(),
                    ty: p.ty.clone(),
                    count: p.count,
                })
                .collect(),
        )
    }

    pub fn syntax(&self) -> &parse::Module {
        &self.ast
    }
}

/// The target a PTX text names in its `.target` line (`sm_80`), if any:
/// the limits a cooperative launch of its kernels meets.
pub fn ptx_target(text: &str) -> Option<&str> {
    text.lines().find_map(|l| {
        let t = l.trim().strip_prefix(".target")?;
        t.split([',', ' ', '\t']).find(|w| !w.is_empty())
    })
}

/// Runs `kernel` (its `.entry` name) over the launch's grid. Buffers in
/// `memory` keep what the kernel wrote, also when the launch fails part way.
pub fn run_kernel(
    module: &PtxModule,
    kernel: &str,
    launch: &Launch,
    memory: &mut Memory,
    config: &Config,
) -> Result<Stats, InterpError> {
    crate::model::check_dims(launch)?;
    let Some(k) = module
        .ast
        .functions
        .iter()
        .position(|f| f.kernel && f.body.is_some() && f.name == kernel)
    else {
        let names = module.kernels();
        return Err(launch_error(format!(
            "no kernel named '{kernel}' in the PTX (kernels: {})",
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        )));
    };
    let f = &module.ast.functions[k];
    let threads = launch.block.iter().map(|d| u64::from(*d)).product::<u64>();
    for (what, dims) in [(".maxntid", f.maxntid), (".reqntid", f.reqntid)] {
        if let Some(d) = dims {
            let max = d.iter().map(|x| u64::from(*x)).product::<u64>();
            let bad = if what == ".reqntid" {
                launch.block != d
            } else {
                threads > max
            };
            if bad {
                return Err(launch_error(format!(
                    "{kernel} has {what} {},{},{}; the launch's block of {} threads does not fit (a GPU refuses it)",
                    d[0], d[1], d[2], threads
                )));
            }
        }
    }
    let program = program::decode(&module.ast, memory, launch.dynamic_shared)
        .map_err(|e| launch_error(e.to_string()))?;
    let params = kernel_params(
        &module.kernel_params(kernel).unwrap_or_default(),
        &program.funcs[k].params,
        launch,
        memory,
        kernel,
    )?;
    exec::run(&program, k as u32, &params, launch, memory, config)
}

/// The kernel's `.param` bytes from the launch's arguments.
fn kernel_params(
    params: &[KernelParam],
    offsets: &[(u64, u64)],
    launch: &Launch,
    memory: &Memory,
    kernel: &str,
) -> Result<Vec<u8>, InterpError> {
    if launch.args.len() != params.len() {
        return Err(launch_error(format!(
            "{kernel} takes {} argument{}, the launch gives {}",
            params.len(),
            if params.len() == 1 { "" } else { "s" },
            launch.args.len()
        )));
    }
    let mut bytes: Vec<u8> = Vec::new();
    for (i, ((p, a), (off, _))) in params.iter().zip(&launch.args).zip(offsets).enumerate() {
        let bad = |what: &str| {
            launch_error(format!(
                "argument {} ({}, .{}{}) {what}",
                i + 1,
                p.name,
                p.ty,
                p.count.map_or(String::new(), |n| format!("[{n}]"))
            ))
        };
        let Some(ty) = Ty::parse(&p.ty) else {
            return Err(bad("has a type the emulator does not take"));
        };
        let size = p.size();
        let value: Vec<u8> = match (a, p.count) {
            (ArgValue::Buffer(id), Some(_)) => {
                let b = memory.bytes(*id);
                if b.len() as u64 != size {
                    return Err(bad(&format!(
                        "is {size} bytes by value; buffer {} has {}",
                        id.0,
                        b.len()
                    )));
                }
                b.to_vec()
            }
            (_, Some(_)) => return Err(bad("is passed by value: give a buffer of its bytes")),
            (ArgValue::Buffer(id), None) if ty.bits == 64 && ty.kind != Kind::F => {
                if id.0 as usize >= memory.len() {
                    return Err(bad(&format!("is buffer {}, which does not exist", id.0)));
                }
                Ptr::global(*id).encode().to_le_bytes().to_vec()
            }
            (ArgValue::Buffer(_), None) => return Err(bad("is no pointer: give a scalar")),
            (ArgValue::I32(_) | ArgValue::I64(_), None) if ty.kind != Kind::F => {
                let v = match a {
                    ArgValue::I32(v) => i64::from(*v),
                    ArgValue::I64(v) => *v,
                    _ => 0,
                };
                let bits = ty.bits;
                let fits = bits >= 64
                    || crate::model::value::sext(v as u64 & program::mask(bits), bits) == v
                    || (v >= 0 && (v as u64) <= program::mask(bits));
                if !fits {
                    return Err(bad(&format!("cannot hold {v}")));
                }
                v.to_le_bytes()[..size as usize].to_vec()
            }
            (ArgValue::F32(v), None) if ty.bits == 32 && ty.kind == Kind::F => {
                v.to_le_bytes().to_vec()
            }
            (ArgValue::F64(v), None) if ty.bits == 64 && ty.kind == Kind::F => {
                v.to_le_bytes().to_vec()
            }
            (ArgValue::F32(v), None) if ty.bits == 64 && ty.kind == Kind::F => {
                f64::from(*v).to_le_bytes().to_vec()
            }
            (a, None) => return Err(bad(&format!("cannot take {a:?}"))),
        };
        let off = *off as usize;
        if bytes.len() < off + value.len() {
            bytes.resize(off + value.len(), 0);
        }
        bytes[off..off + value.len()].copy_from_slice(&value);
    }
    Ok(bytes)
}
