//! The target table: one row per SM we compile for. Every per-target fact
//! (PTX ISA version, `__CUDA_ARCH__`) lives here and nowhere else.

/// One GPU architecture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The `-arch` / `.target` spelling, e.g. `sm_90a`.
    pub name: &'static str,
    /// Compute capability major.minor as `major * 10 + minor` (sm_86 → 86).
    pub sm: u32,
    /// The `.version` we write: what NVRTC 13.5 writes for this target, so our
    /// PTX can be held next to nvcc's line by line.
    pub ptx_isa: (u32, u32),
    /// The oldest PTX ISA that knows this target (ptxas rejects anything older).
    pub min_ptx_isa: (u32, u32),
}

impl Target {
    /// `__CUDA_ARCH__` for this target: major*100 + minor*10 (sm_90 → 900).
    pub fn cuda_arch(&self) -> u32 {
        (self.sm / 10) * 100 + (self.sm % 10) * 10
    }
}

/// The PTX ISA NVRTC 13.5 writes for every target.
const NVRTC_13_5_ISA: (u32, u32) = (9, 5);

/// The newest PTX ISA ptxlab knows (`-ptx-version` above it is an error).
pub const NEWEST_ISA: (u32, u32) = NVRTC_13_5_ISA;

/// A row of [`TARGETS`]: every target is written by NVRTC 13.5 with the same ISA.
const fn t(name: &'static str, sm: u32, min_ptx_isa: (u32, u32)) -> Target {
    Target {
        name,
        sm,
        ptx_isa: NVRTC_13_5_ISA,
        min_ptx_isa,
    }
}

/// Every target ptxlab compiles for, oldest first. The `a` (architecture-
/// specific) and `f` (family) variants share `__CUDA_ARCH__` with their base.
pub const TARGETS: &[Target] = &[
    t("sm_75", 75, (6, 3)),
    t("sm_80", 80, (7, 0)),
    t("sm_86", 86, (7, 1)),
    t("sm_87", 87, (7, 4)),
    t("sm_88", 88, (9, 0)),
    t("sm_89", 89, (7, 8)),
    t("sm_90", 90, (7, 8)),
    t("sm_90a", 90, (8, 0)),
    t("sm_100", 100, (8, 6)),
    t("sm_100a", 100, (8, 6)),
    t("sm_100f", 100, (8, 8)),
    t("sm_103", 103, (8, 8)),
    t("sm_103a", 103, (8, 8)),
    t("sm_103f", 103, (8, 8)),
    t("sm_110", 110, (9, 0)),
    t("sm_110a", 110, (9, 0)),
    t("sm_110f", 110, (9, 0)),
    t("sm_120", 120, (8, 7)),
    t("sm_120a", 120, (8, 7)),
    t("sm_120f", 120, (8, 8)),
    t("sm_121", 121, (8, 8)),
    t("sm_121a", 121, (8, 8)),
    t("sm_121f", 121, (8, 8)),
];

/// Finds a target by its `-arch` spelling; `compute_XX` is accepted as `sm_XX`.
pub fn find(arch: &str) -> Option<&'static Target> {
    let name = arch
        .strip_prefix("compute_")
        .map(|rest| format!("sm_{rest}"));
    let name = name.as_deref().unwrap_or(arch);
    TARGETS.iter().find(|t| t.name == name)
}

/// The names of all targets, for error messages and the UI's selector.
pub fn names() -> Vec<&'static str> {
    TARGETS.iter().map(|t| t.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuda_arch_is_major_hundreds_minor_tens() {
        assert_eq!(find("sm_90").unwrap().cuda_arch(), 900);
        assert_eq!(find("sm_86").unwrap().cuda_arch(), 860);
        assert_eq!(find("sm_120").unwrap().cuda_arch(), 1200);
        assert_eq!(find("compute_80").unwrap().name, "sm_80");
        assert!(find("sm_52").is_none());
    }

    #[test]
    fn written_isa_is_never_older_than_the_target_needs() {
        for t in TARGETS {
            assert!(t.ptx_isa >= t.min_ptx_isa, "{}", t.name);
        }
    }
}
