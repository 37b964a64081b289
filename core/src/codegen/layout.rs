//! Block layout: keeps the source order but for blocks that end in
//! `unreachable`, which go last (as nvcc places them: nothing follows them,
//! and nothing is emitted for them), drops a branch to the block that
//! follows anyway, and turns `@p bra next; bra.uni other` into `@!p bra other`.
//! Each branch removed or inverted is one rewrite (`--rewrite-limit
//! layout:N`, counted over the module's functions in `rewrites`).

use crate::bugs::Bug;
use crate::options::{Options, RewriteSite};
use crate::ptx::*;

pub fn run(f: &mut MFunction, opts: &Options, rewrites: &mut usize) {
    // The entry block stays first whatever it ends in.
    let (mut order, mut last) = (Vec::new(), Vec::new());
    for (pos, &b) in f.order.iter().enumerate() {
        if pos > 0 && f.blocks[b].unreachable {
            last.push(b);
        } else {
            order.push(b);
        }
    }
    order.append(&mut last);
    f.order = order.clone();
    let limit = opts.rewrite_limit(RewriteSite::Layout);
    let bug = Bug::LayoutInvert.on(opts);
    let mut may_rewrite = || {
        *rewrites += 1;
        limit.is_none_or(|l| *rewrites <= l)
    };
    // Empty blocks that only jump on could be threaded; kept for now so
    // every IR block stays visible in the snapshots.
    for (pos, &b) in order.iter().enumerate() {
        let next = order.get(pos + 1).copied();
        let insts = &mut f.blocks[b].insts;
        let n = insts.len();
        if n >= 2
            && insts[n - 2].is_branch()
            && !insts[n - 2].is_uniform_branch()
            && insts[n - 1].is_uniform_branch()
        {
            let t = insts[n - 2].operands.first().cloned();
            let e = insts[n - 1].operands.first().cloned();
            if t == e {
                if may_rewrite() {
                    insts.remove(n - 2);
                }
            } else if t == next.map(Operand::Label) && may_rewrite() {
                // Branch to the other side on the negated condition, fall through.
                let last = insts.pop().expect("n >= 2");
                if let Some(g) = insts[n - 2].guard.as_mut() {
                    // The lab's bug: the predicate is left as it was.
                    if !bug {
                        g.1 = !g.1;
                    }
                }
                insts[n - 2].operands = last.operands;
            }
        }
        if let Some(last) = insts.last() {
            if last.is_uniform_branch()
                && last.guard.is_none()
                && last.operands.first() == next.map(Operand::Label).as_ref()
                && may_rewrite()
            {
                insts.pop();
            }
        }
    }
}
