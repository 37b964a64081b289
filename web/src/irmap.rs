//! Which source line each line of each IR snapshot came from, for the
//! pipeline pane's cross-highlighting.
//!
//! `Compilation` carries a line map for the PTX only; the IR snapshots are
//! text. So the worker, after answering a compile, replays the optimizer one
//! pass run at a time on the module (through core's public API) and reads the
//! instructions' debug locations after each run. Each function's map is kept
//! only when the function prints exactly as the snapshot does, so a replay that
//! drifted from the driver gives no highlighting rather than a wrong one.
//! (Core filling a per-line location in `FunctionText` would make this
//! unnecessary.)

use ptxlab_core::ir::{print_function, Function, Module};
use ptxlab_core::{compile_to_ir, opt, Compilation, NoFiles, Options, StageKind};
use serde::{Deserialize, Serialize};

/// One function's map: per line of its text, the source line (0: none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionLines {
    pub name: String,
    pub lines: Vec<u32>,
}

/// Per stage (by index), the maps of the functions that could be matched.
pub type IrLines = Vec<Vec<FunctionLines>>;

/// The source line of each line `print_function` writes for `f`: the
/// `define` line, per block a blank line (but the first), its label and one
/// line per instruction, then the closing brace.
fn function_lines(f: &Function) -> Vec<u32> {
    let mut lines = vec![0];
    for (n, &b) in f.layout.iter().enumerate() {
        if n > 0 {
            lines.push(0);
        }
        lines.push(0);
        for &i in &f.block(b).insts {
            lines.push(f.inst(i).loc.map_or(0, |l| l.line));
        }
    }
    lines.push(0);
    lines
}

/// The maps of `m`'s functions whose text equals their snapshot in `stage`.
fn stage_lines(m: &Module, stage: &ptxlab_core::Stage) -> Vec<FunctionLines> {
    let mut out = Vec::new();
    for f in m.functions.iter().filter(|f| !f.is_declaration()) {
        let Some(snapshot) = stage.functions.iter().find(|s| s.name == f.name) else {
            continue;
        };
        let lines = function_lines(f);
        if snapshot.text.lines().count() == lines.len() && print_function(f) == snapshot.text {
            out.push(FunctionLines {
                name: f.name.clone(),
                lines,
            });
        }
    }
    out
}

/// The IR stages' line maps for a compilation of `source` with `opts`.
pub fn ir_lines(name: &str, source: &str, opts: &Options, c: &Compilation) -> IrLines {
    let mut out: IrLines = vec![Vec::new(); c.stages.len()];
    if c.has_errors() {
        return out;
    }
    // The module as irgen and link left it.
    let Ok(mut module) = compile_to_ir(name, source, &NoFiles, opts, Some(0)) else {
        return out;
    };
    for (i, stage) in c.stages.iter().enumerate().take(2) {
        out[i] = stage_lines(&module, stage);
    }
    let passes = opt::pipeline::passes(opts.opt_level);
    for (n, pass) in passes.iter().enumerate() {
        let index = 2 + n;
        let Some(stage) = c.stages.get(index) else {
            break;
        };
        if stage.kind != StageKind::Ir || stage.name != *pass {
            break;
        }
        // One run at a time: the bisect limit counts runs within a call.
        let limit = opts.opt_bisect_limit.map(|l| usize::from(n < l));
        let one = Options {
            opt_bisect_limit: limit,
            ..opts.clone()
        };
        let _ = opt::run(&mut module, std::slice::from_ref(pass), &one, index, false);
        out[index] = stage_lines(&module, stage);
    }
    out
}

/// Per line of `Stage::text` (every function, or the one named), the source
/// line; empty when some function has no map.
pub fn text_lines(
    stage: &ptxlab_core::Stage,
    maps: &[FunctionLines],
    function: Option<&str>,
) -> Vec<u32> {
    let find = |name: &str| maps.iter().find(|m| m.name == name).map(|m| &m.lines);
    if let Some(name) = function.filter(|n| stage.functions.iter().any(|f| f.name == *n)) {
        return find(name).cloned().unwrap_or_default();
    }
    let mut out = Vec::new();
    for (i, f) in stage.functions.iter().enumerate() {
        let Some(lines) = find(&f.name) else {
            return Vec::new();
        };
        if i > 0 {
            // The blank line `Stage::text` puts between functions.
            out.push(0);
        }
        out.extend(lines);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxlab_core::compile_source;

    fn map_of(c: &Compilation, maps: &IrLines, pass: &str) -> Vec<(u32, String)> {
        let i = c.stages.iter().position(|s| s.name == pass).unwrap();
        let text = c.stages[i].text();
        let lines = text_lines(&c.stages[i], &maps[i], None);
        assert_eq!(lines.len(), text.lines().count(), "{pass}");
        lines
            .into_iter()
            .zip(text.lines().map(str::to_string))
            .collect()
    }

    #[test]
    fn every_ir_stage_of_the_examples_is_mapped() {
        for e in crate::examples::EXAMPLES {
            for opt_level in [0, 3] {
                let opts = Options {
                    opt_level,
                    ftz: e.ftz,
                    ..Options::default()
                };
                let c = compile_source("kernel.cu", e.source, &opts);
                let maps = ir_lines("kernel.cu", e.source, &opts, &c);
                for (i, stage) in c.stages.iter().enumerate() {
                    if stage.kind == StageKind::Ir {
                        assert_eq!(
                            maps[i].len(),
                            stage.functions.len(),
                            "{} -O{opt_level}: run {i} {}",
                            e.id,
                            stage.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn saxpy_lines_come_from_their_statements() {
        let src = crate::examples::SAXPY;
        let opts = Options::default();
        let c = compile_source("kernel.cu", src, &opts);
        let maps = ir_lines("kernel.cu", src, &opts, &c);
        let mapped = map_of(&c, &maps, "memory-space-opt");
        let line_of = |needle: &str| {
            mapped
                .iter()
                .find(|(_, t)| t.contains(needle))
                .map(|(l, _)| *l)
        };
        // Source line 3 computes i; line 4 compares and stores.
        assert_eq!(line_of("%add = add"), Some(3));
        assert_eq!(line_of("icmp slt"), Some(4));
        assert_eq!(line_of("store float"), Some(4));
        assert_eq!(line_of("define ptx_kernel"), Some(0));
    }

    #[test]
    fn bisect_and_disabled_passes_replay_as_the_driver_ran_them() {
        let src = crate::examples::SAXPY;
        for opts in [
            Options {
                opt_bisect_limit: Some(6),
                ..Options::default()
            },
            Options {
                disabled_passes: vec!["mem2reg".into()],
                ..Options::default()
            },
        ] {
            let c = compile_source("kernel.cu", src, &opts);
            let maps = ir_lines("kernel.cu", src, &opts, &c);
            for (i, stage) in c.stages.iter().enumerate() {
                if stage.kind == StageKind::Ir {
                    assert_eq!(maps[i].len(), 1, "{opts:?} run {i} {}", stage.name);
                }
            }
        }
    }
}
