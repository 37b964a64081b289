//! CI's fixed batch: 200 generated programs (seeds 1..=200) agree on every
//! oracle (the IR interpreter at -O0 to -O3, our PTX at -O0 and -O3 in the
//! emulator, ptxas when `PTXLAB_PTXAS` names it). Long runs are
//! `cargo xtask difftest --programs N --seed S`.

use ptxlab_difftest::{gen, oracle, run_batch};

#[test]
fn a_fixed_batch_agrees_on_every_oracle() {
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let checks = oracle::Checks::from_env();
    let summary = run_batch(1, 200, jobs, &checks, &|m| eprintln!("{m}"));
    eprintln!(
        "{} programs, {} oracle runs agreed",
        summary.programs, summary.oracles
    );
    let seeds: Vec<String> = summary
        .mismatches
        .iter()
        .map(|m| format!("seed {}: {}", m.seed, m.oracle))
        .collect();
    assert!(seeds.is_empty(), "mismatches:\n{}", seeds.join("\n"));
    assert!(summary.oracles >= 200 * 6);
}

#[test]
fn the_generator_is_reproducible() {
    for seed in [0, 1, 42, u64::MAX] {
        assert_eq!(gen::generate(seed).source, gen::generate(seed).source);
        assert_eq!(gen::generate(seed).inputs, gen::generate(seed).inputs);
    }
    assert_ne!(gen::generate(1).source, gen::generate(2).source);
}
