//! memory-space-opt (LLVM's infer-address-spaces): when a generic pointer is
//! a cast of a pointer in a specific space, or an address computed from one,
//! loads and stores through it use the specific pointer, so PTX names the
//! space (`ld.global.f32` rather than `ld.f32`). The generic casts left
//! unused are deleted by dce.

use crate::ir::*;
use std::collections::HashMap;

pub fn run(m: &mut Module, _cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            changed |= run_function(f);
        }
    }
    changed
}

fn run_function(f: &mut Function) -> bool {
    // Generic value → the same address as a pointer in a specific space.
    let mut specific: HashMap<InstId, Value> = HashMap::new();
    let mut changed = false;
    for b in f.reverse_postorder() {
        let mut k = 0;
        while k < f.block(b).insts.len() {
            let id = f.block(b).insts[k];
            let kind = f.inst(id).kind.clone();
            let lookup = |v: &Value| v.as_inst().and_then(|i| specific.get(&i).cloned());
            match kind {
                InstKind::Cast {
                    op: CastOp::AddrSpaceCast,
                    val,
                } if f.inst(id).ty == Type::Ptr(addrspace::GENERIC) => {
                    if matches!(f.value_type(&val), Type::Ptr(s) if s != addrspace::GENERIC) {
                        specific.insert(id, val);
                    }
                }
                InstKind::Gep {
                    elem_ty,
                    base,
                    indices,
                } => {
                    if let Some(sp) = lookup(&base) {
                        let ty = f.value_type(&sp);
                        // The new address takes the source name; the generic one dies.
                        let name = f.inst(id).name.clone();
                        f.rename_inst(id, &format!("{name}.generic"));
                        let new = f.create_inst(
                            &name,
                            ty,
                            InstKind::Gep {
                                elem_ty,
                                base: sp,
                                indices,
                            },
                            f.inst(id).loc,
                        );
                        f.block_mut(b).insts.insert(k, new);
                        k += 1;
                        specific.insert(id, Value::Inst(new));
                        changed = true;
                    }
                }
                InstKind::Load {
                    ptr,
                    align,
                    volatile,
                } => {
                    if let Some(sp) = lookup(&ptr) {
                        f.inst_mut(id).kind = InstKind::Load {
                            ptr: sp,
                            align,
                            volatile,
                        };
                        changed = true;
                    }
                }
                InstKind::Store {
                    val,
                    ptr,
                    align,
                    volatile,
                } => {
                    if let Some(sp) = lookup(&ptr) {
                        f.inst_mut(id).kind = InstKind::Store {
                            val,
                            ptr: sp,
                            align,
                            volatile,
                        };
                        changed = true;
                    }
                }
                InstKind::AtomicRmw {
                    op,
                    ptr,
                    val,
                    scope,
                } => {
                    if let Some(sp) = lookup(&ptr) {
                        f.inst_mut(id).kind = InstKind::AtomicRmw {
                            op,
                            ptr: sp,
                            val,
                            scope,
                        };
                        changed = true;
                    }
                }
                InstKind::CmpXchg {
                    ptr,
                    cmp,
                    new,
                    scope,
                } => {
                    if let Some(sp) = lookup(&ptr) {
                        f.inst_mut(id).kind = InstKind::CmpXchg {
                            ptr: sp,
                            cmp,
                            new,
                            scope,
                        };
                        changed = true;
                    }
                }
                _ => {}
            }
            k += 1;
        }
    }
    if changed {
        // The generic geps that nothing reads any more, and their casts.
        super::dce::run_function(f);
    }
    changed
}
