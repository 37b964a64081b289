//! The metrics chart's data, free of the browser: the series a compilation
//! has (instructions, blocks, loads and stores by address space, local bytes,
//! registers by class after isel; from each stage's `Metrics`), each as one
//! value per run, and where each run's point goes in the plot.

use ptxlab_core::compilation::Metrics;
use ptxlab_core::Compilation;

/// A series of the chart: what one point per run measures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// The key the chart's selector uses: `instructions`, `loads.global`, …
    pub key: String,
    /// For people: `loads (global)`.
    pub label: String,
}

/// The default series.
pub const INSTRUCTIONS: &str = "instructions";

/// Every series some run of `c` has a value for, in a fixed order.
pub fn series(c: &Compilation) -> Vec<Series> {
    let mut out = vec![
        Series {
            key: INSTRUCTIONS.into(),
            label: "instructions".into(),
        },
        Series {
            key: "blocks".into(),
            label: "basic blocks".into(),
        },
    ];
    let metrics: Vec<&Metrics> = c.stages.iter().filter_map(|s| s.metrics.as_ref()).collect();
    let keyed = |out: &mut Vec<Series>,
                 prefix: &str,
                 what: &str,
                 keys: &mut dyn Iterator<Item = &String>| {
        let mut seen: Vec<&String> = Vec::new();
        for k in keys {
            if !seen.contains(&k) {
                seen.push(k);
            }
        }
        seen.sort();
        for k in seen {
            out.push(Series {
                key: format!("{prefix}.{k}"),
                label: format!("{what} ({k})"),
            });
        }
    };
    keyed(
        &mut out,
        "loads",
        "loads",
        &mut metrics.iter().flat_map(|m| m.loads.keys()),
    );
    keyed(
        &mut out,
        "stores",
        "stores",
        &mut metrics.iter().flat_map(|m| m.stores.keys()),
    );
    out.push(Series {
        key: "local".into(),
        label: "local bytes".into(),
    });
    keyed(
        &mut out,
        "registers",
        "registers",
        &mut metrics.iter().flat_map(|m| m.registers.keys()),
    );
    out
}

/// One metric of one run's `Metrics`; `None` where the run does not have it
/// (registers before isel).
pub fn value(m: &Metrics, key: &str) -> Option<u64> {
    let (head, tail) = key.split_once('.').unwrap_or((key, ""));
    match head {
        "instructions" => Some(m.instructions as u64),
        "blocks" => Some(m.blocks as u64),
        "local" => Some(m.local_bytes),
        "loads" => Some(m.loads.get(tail).copied().unwrap_or(0) as u64),
        "stores" => Some(m.stores.get(tail).copied().unwrap_or(0) as u64),
        "registers" if m.registers.is_empty() => None,
        "registers" => Some(u64::from(m.registers.get(tail).copied().unwrap_or(0))),
        _ => None,
    }
}

/// Each run's metrics: its own, or for a run without any (the PTX text:
/// its counts are the layout's) the run before's.
pub fn per_run(c: &Compilation) -> Vec<Option<&Metrics>> {
    let mut last = None;
    c.stages
        .iter()
        .map(|s| {
            if s.metrics.is_some() {
                last = s.metrics.as_ref();
            }
            last
        })
        .collect()
}

/// A point of the plot: its run, its value, and where it goes, in percent
/// of the plot's width (from the left) and height (from the bottom).
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub run: usize,
    pub value: u64,
    pub x: f64,
    pub y: f64,
}

/// The plot of series `key`: one point per run that has a value, spread
/// evenly by run index, scaled between the series' least and greatest value.
pub fn points(c: &Compilation, key: &str) -> Vec<Point> {
    let runs = per_run(c);
    let values: Vec<(usize, u64)> = runs
        .iter()
        .enumerate()
        .filter_map(|(i, m)| Some((i, value((*m)?, key)?)))
        .collect();
    let lo = values.iter().map(|&(_, v)| v).min().unwrap_or(0);
    let hi = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let span = runs.len().saturating_sub(1).max(1) as f64;
    values
        .into_iter()
        .map(|(run, v)| Point {
            run,
            value: v,
            x: 2.0 + 96.0 * run as f64 / span,
            y: if hi == lo {
                50.0
            } else {
                10.0 + 80.0 * (v - lo) as f64 / (hi - lo) as f64
            },
        })
        .collect()
}

/// A run's metrics in one line, for a point's tooltip.
pub fn describe(m: &Metrics) -> String {
    let mut parts = vec![
        format!("{} instructions", m.instructions),
        format!("{} blocks", m.blocks),
    ];
    let spaces = |what: &str, map: &std::collections::BTreeMap<String, usize>| {
        (!map.is_empty()).then(|| {
            let each: Vec<String> = map.iter().map(|(k, v)| format!("{v} {k}")).collect();
            format!("{what}: {}", each.join(", "))
        })
    };
    parts.extend(spaces("loads", &m.loads));
    parts.extend(spaces("stores", &m.stores));
    if m.local_bytes > 0 {
        parts.push(format!("{} local bytes", m.local_bytes));
    }
    if !m.registers.is_empty() {
        let each: Vec<String> = m
            .registers
            .iter()
            .map(|(k, v)| format!("{v} %{k}"))
            .collect();
        parts.push(format!("registers: {}", each.join(", ")));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxlab_core::{compile_source, Options, StageKind};

    #[test]
    fn one_point_per_run_and_registers_after_isel() {
        let c = compile_source("kernel.cu", crate::examples::SAXPY, &Options::default());
        assert!(!c.has_errors());
        let s = series(&c);
        assert_eq!(s[0].key, INSTRUCTIONS);
        let keys: Vec<&str> = s.iter().map(|s| s.key.as_str()).collect();
        assert!(keys.contains(&"loads.global"), "{keys:?}");
        assert!(keys.iter().any(|k| k.starts_with("registers.")), "{keys:?}");

        let p = points(&c, INSTRUCTIONS);
        assert_eq!(p.len(), c.stages.len());
        assert!(p.windows(2).all(|w| w[0].x < w[1].x));
        assert!(p.iter().all(|p| (0.0..=100.0).contains(&p.y)));
        // mem2reg removes the allocas' loads and stores: fewer instructions.
        let at = |name: &str| {
            let i = c.stages.iter().position(|s| s.name == name).unwrap();
            p[i].value
        };
        assert!(at("mem2reg") < at("irgen"));

        let regs = points(&c, "registers.r");
        assert!(!regs.is_empty());
        assert!(regs.iter().all(|p| c.stages[p.run].kind != StageKind::Ir));
        assert!(points(&c, "no-such-series").is_empty());
        let last = per_run(&c).last().copied().flatten().unwrap();
        assert!(describe(last).contains("registers: "), "{}", describe(last));
    }
}
