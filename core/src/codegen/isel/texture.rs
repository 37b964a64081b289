//! Texture fetches and surface accesses (`llvm.nvvm.tex.unified.*`,
//! `llvm.nvvm.tld4.unified.*`, `llvm.nvvm.suld.*`, `llvm.nvvm.sust.b.*`,
//! made by `irgen/builtins/texture.rs`) as the instructions nvcc writes:
//! `tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];`,
//! `tex.level.2d…, %f3;`, `tex.grad.2d…, {dx}, {dy};`, `tld4.g.2d…`,
//! `suld.b.2d.v4.b8.trap {…}, [%rd1, {%r3, %r2}];`,
//! `sust.b.2d.b32.trap [%rd1, {%r3, %r2}], {%r4};`. The handle is the
//! kernel parameter's register, used directly; coordinates of three
//! dimensions (and a 2D layer's) are four, the last repeated, as nvcc pads
//! them.

use super::types::*;
use super::Sel;
use crate::ir::intrinsic::TexOp;
use crate::ir::*;
use crate::ptx::*;

/// `{a, b, c}` padded to four by repeating the last, as PTX's vector
/// operands of three are written.
fn padded(mut v: Vec<Operand>) -> Vec<Operand> {
    if v.len() == 3 {
        v.push(v[2].clone());
    }
    v
}

impl Sel<'_> {
    pub(super) fn texture(&mut self, id: InstId, op: TexOp, rest: &str, args: &[Value]) {
        // The name, for messages.
        let name = Intrinsic::Texture(op, rest.to_string()).name();
        let callee = name.as_str();
        let regs = |s: &mut Self, vals: &[Value]| -> Vec<Operand> {
            vals.iter().map(|v| Operand::Reg(s.reg(v))).collect()
        };
        let Some(handle) = args.first() else {
            self.unsupported(&format!("the call of {callee} without a handle"));
            return;
        };
        let handle = Operand::Reg(self.reg(handle));
        if op == TexOp::Tex {
            // `2d.level.v4f32.f32`: the geometry, the lanes, the coordinates.
            let parts: Vec<&str> = rest.split('.').collect();
            let [geom @ .., lanes, coord] = parts.as_slice() else {
                return self.unsupported(callee);
            };
            let dims: usize = match geom.first() {
                Some(&"1d") => 1,
                Some(&"2d") => 2,
                Some(&"3d") | Some(&"cube") => 3,
                _ => return self.unsupported(callee),
            };
            let array = geom.contains(&"array");
            let mode = if geom.contains(&"level") {
                ".level"
            } else if geom.contains(&"grad") {
                ".grad"
            } else {
                ""
            };
            let name = match (geom[0], array) {
                ("cube", false) => "cube".to_string(),
                (g, true) if dims < 3 => format!("a{g}"),
                (g, false) => g.to_string(),
                _ => return self.unsupported(callee),
            };
            let n = dims + usize::from(array);
            if args.len() < 1 + n {
                return self.unsupported(callee);
            }
            let coords = padded(regs(self, &args[1..1 + n]));
            let mut ops = vec![
                self.tex_results(id, lanes),
                Operand::Image(Box::new(handle), coords),
            ];
            let extra = &args[1 + n..];
            match mode {
                ".level" if extra.len() == 1 => ops.push(Operand::Reg(self.reg(&extra[0]))),
                ".grad" if extra.len() == 2 * dims => {
                    ops.push(Operand::List(padded(regs(self, &extra[..dims]))));
                    ops.push(Operand::List(padded(regs(self, &extra[dims..]))));
                }
                "" if extra.is_empty() => {}
                _ => return self.unsupported(callee),
            }
            let ty = &lanes[2..];
            self.emit(Op::Tex, format!("{mode}.{name}.v4.{ty}.{coord}"), ops);
        } else if op == TexOp::Tld4 {
            // `g.2d.v4f32.f32`
            let [comp, "2d", lanes, "f32"] = rest.split('.').collect::<Vec<_>>()[..] else {
                return self.unsupported(callee);
            };
            if args.len() != 3 {
                return self.unsupported(callee);
            }
            let coords = regs(self, &args[1..3]);
            let ops = vec![
                self.tex_results(id, lanes),
                Operand::Image(Box::new(handle), coords),
            ];
            self.emit(Op::Tld4, format!(".{comp}.2d.v4.{}.f32", &lanes[2..]), ops);
        } else {
            // `llvm.nvvm.suld.2d.v4i8.trap`, `llvm.nvvm.sust.b.2d.i32.trap`
            let read = op == TexOp::Suld;
            // (`2d.array`: layered, the layer first, PTX's `a2d`.)
            let (rest, layered) = match rest.split_once(".array") {
                Some((a, b)) => (format!("{a}{b}"), true),
                None => (rest.to_string(), false),
            };
            let [dim, lanes, mode] = rest.split('.').collect::<Vec<_>>()[..] else {
                return self.unsupported(callee);
            };
            let dims = match (dim, layered) {
                ("1d", false) => 1,
                ("2d", false) => 2,
                ("3d", false) => 3,
                ("1d", true) => 2,
                ("2d", true) => 3,
                _ => return self.unsupported(callee),
            };
            let dim = if layered {
                format!("a{dim}")
            } else {
                dim.to_string()
            };
            let (n, bits) = match lanes.split_once('i') {
                Some(("", b)) => (1, b),
                Some((v, b)) => (v.trim_start_matches('v').parse().unwrap_or(0), b),
                None => return self.unsupported(callee),
            };
            let vec = if n > 1 {
                format!(".v{n}")
            } else {
                String::new()
            };
            if args.len() != 1 + dims + if read { 0 } else { n } {
                return self.unsupported(callee);
            }
            let coords = padded(regs(self, &args[1..1 + dims]));
            let image = Operand::Image(Box::new(handle), coords);
            let modifiers = format!(".b.{dim}{vec}.b{bits}.{mode}");
            if read {
                let values = if n == 1 {
                    vec![Operand::Reg(self.def(id))]
                } else {
                    let lane = match self.f.inst(id).ty.as_vector() {
                        Some((_, e)) => e.clone(),
                        None => return self.unsupported(callee),
                    };
                    let r: Vec<Reg> = (0..n).map(|_| self.m.new_reg(reg_class(&lane))).collect();
                    self.vec_regs.insert(id, r.clone());
                    r.into_iter().map(Operand::Reg).collect()
                };
                self.emit(Op::Suld, modifiers, vec![Operand::List(values), image]);
            } else {
                let values = regs(self, &args[1 + dims..]);
                self.emit(Op::Sust, modifiers, vec![image, Operand::List(values)]);
            }
        }
    }

    /// A fetch's four result registers (`%f` for `v4f32`, else `%r`), kept
    /// as the call's lanes.
    fn tex_results(&mut self, id: InstId, lanes: &str) -> Operand {
        let class = if lanes == "v4f32" {
            RegClass::F32
        } else {
            RegClass::B32
        };
        let r: Vec<Reg> = (0..4).map(|_| self.m.new_reg(class)).collect();
        self.vec_regs.insert(id, r.clone());
        Operand::List(r.into_iter().map(Operand::Reg).collect())
    }
}
