//! The atomic read-modify-write builtins.

use super::super::*;

impl Gen<'_> {
    /// `atomicAdd`, `atomicMax`, …: the operation by the value's type (a float
    /// add, an unsigned min or max).
    pub(super) fn atomic(
        &mut self,
        op: AtomicOp,
        scope: SyncScope,
        vals: Vec<Value>,
        ret: &CType,
        rty: Type,
        short: &str,
    ) -> Value {
        let float = ret.is_float();
        let op = match op {
            AtomicOp::Add if float => AtomicOp::FAdd,
            AtomicOp::Max if !ret.is_signed() => AtomicOp::UMax,
            AtomicOp::Min if !ret.is_signed() => AtomicOp::UMin,
            op => op,
        };
        self.emit(
            short,
            rty,
            InstKind::AtomicRmw {
                op,
                ptr: vals[0].clone(),
                val: vals[1].clone(),
                scope,
            },
        )
    }

    /// `atomicSub`: an atomic add of the negated value.
    pub(super) fn atomic_sub(
        &mut self,
        scope: SyncScope,
        vals: Vec<Value>,
        rty: Type,
        short: &str,
    ) -> Value {
        let neg = self.emit(
            "neg",
            rty.clone(),
            InstKind::Bin {
                op: BinOp::Sub,
                lhs: Value::Int(rty.clone(), 0),
                rhs: vals[1].clone(),
                flags: Flags::default(),
            },
        );
        self.emit(
            short,
            rty,
            InstKind::AtomicRmw {
                op: AtomicOp::Add,
                ptr: vals[0].clone(),
                val: neg,
                scope,
            },
        )
    }
}
