//! Which source line each line of an IR snapshot came from, for the pipeline
//! pane's cross-highlighting. Core records it with every IR snapshot
//! (`FunctionText::lines`, from the instructions' debug locations as the text
//! is printed), so the page reads it from the one `Compilation`: no second
//! compile, no replay of the pipeline.

use ptxlab_core::Stage;

/// Per line of `Stage::text` (every function, or the one named, as
/// `pipeline::text` shows it), the source line (0: none); empty when the
/// stage has no line map (machine stages, PTX).
pub fn text_lines(stage: &Stage, function: Option<&str>) -> Vec<u32> {
    if let Some(f) = function.and_then(|n| stage.functions.iter().find(|f| f.name == n)) {
        if f.lines.len() == f.text.lines().count() {
            return f.lines.to_vec();
        }
        return Vec::new();
    }
    stage.text_lines()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxlab_core::{compile_source, Compilation, Options, StageKind};

    fn map_of(c: &Compilation, pass: &str) -> Vec<(u32, String)> {
        let i = c.stages.iter().position(|s| s.name == pass).unwrap();
        let text = c.stages[i].text();
        let lines = text_lines(&c.stages[i], None);
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
                for stage in &c.stages {
                    if stage.kind == StageKind::Ir {
                        let text = stage.text();
                        assert_eq!(
                            text_lines(stage, None).len(),
                            text.lines().count(),
                            "{} -O{opt_level}: run {} {}",
                            e.id,
                            stage.index,
                            stage.name
                        );
                        assert!(
                            text_lines(stage, None).iter().any(|l| *l > 0),
                            "{}: {} maps no line",
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
        for lineinfo in [false, true] {
            let opts = Options {
                lineinfo,
                ..Options::default()
            };
            let c = compile_source("kernel.cu", src, &opts);
            let mapped = map_of(&c, "memory-space-opt");
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
            // The text shows the locations only under -lineinfo.
            assert_eq!(mapped.iter().any(|(_, t)| t.contains("!dbg")), lineinfo);
        }
    }

    #[test]
    fn one_function_and_machine_stages() {
        let src = crate::examples::SAXPY;
        let c = compile_source("kernel.cu", src, &Options::default());
        let ir = c.stages.iter().find(|s| s.name == "mem2reg").unwrap();
        let name = ir.functions[0].name.clone();
        assert_eq!(
            text_lines(ir, Some(&name)).len(),
            ir.functions[0].text.lines().count()
        );
        let isel = c
            .stages
            .iter()
            .find(|s| s.kind == StageKind::Machine)
            .unwrap();
        assert!(text_lines(isel, None).is_empty());
    }
}
