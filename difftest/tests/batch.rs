//! CI's fixed batch: 200 generated programs (seeds 1..=200) agree on every
//! oracle (`oracle`'s list: the IR interpreter at -O0 to -O3, our PTX at
//! -O0 and -O3 in the emulator and under three flag sets and sm_90, the
//! EMI variant, NVRTC's PTX, ptxas for two targets, the interpreter after
//! every -O3 pass run for a quarter of them). Long runs are
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
    // Every oracle ran on every program: IR -O0..3, PTX -O0/-O3, three flag
    // sets and sm_90, EMI's two; NVRTC's one and ptxas' two where found
    // (`cargo xtask test` installs both).
    // And the interpreter after every -O3 pass run for one seed in four.
    let per = 12 + u64::from(checks.nvrtc.is_some()) + 2 * u64::from(checks.ptxas.is_some());
    let every_pass = 200 / oracle::EVERY_PASS_1_IN;
    assert_eq!(
        summary.oracles,
        200 * per + every_pass,
        "{}",
        checks.describe()
    );
}

/// The EMI variant of a program has the program's inputs and live
/// statements, and dead regions under conditions its inputs make false.
#[test]
fn emi_variants_add_dead_regions_and_nothing_else() {
    let mut with_regions = 0;
    for seed in (0..100).chain([1607380, 1609159]) {
        let (p, v) = (gen::generate(seed), gen::generate_emi(seed));
        assert_eq!(
            (&p.inputs, p.p0, p.p1, p.work),
            (&v.inputs, v.p0, v.p1, v.work)
        );
        // `if (in[J] == K) {`, J and K literals (a live `if` on an `in`
        // element has an expression for its index).
        let regions: Vec<(usize, i32)> = v
            .source
            .lines()
            .filter_map(|l| {
                let r = l.trim_start().strip_prefix("if (in[")?;
                let (j, rest) = r.split_once("] == ")?;
                Some((j.parse().ok()?, rest.strip_suffix(") {")?.parse().ok()?))
            })
            .collect();
        for &(j, k) in &regions {
            assert_ne!(
                p.inputs[j], k,
                "seed {seed}: a dead region's condition holds"
            );
        }
        if !regions.is_empty() {
            with_regions += 1;
            assert_ne!(p.source, v.source);
        }
        // Only added lines: the program's lines appear in the variant, in
        // order (a live statement drawn differently was seeds 1607380 and
        // 1609159's false EMI mismatches).
        let mut live = p.source.lines().peekable();
        for line in v.source.lines() {
            if live.peek() == Some(&line) {
                live.next();
            }
        }
        assert_eq!(
            live.next(),
            None,
            "seed {seed}: a line of the program is not in its variant"
        );
        assert_eq!(v.source, gen::generate_emi(seed).source, "reproducible");
    }
    assert!(
        with_regions >= 80,
        "{with_regions} of 100 have dead regions"
    );
}

#[test]
fn the_generator_is_reproducible() {
    for seed in [0, 1, 42, u64::MAX] {
        assert_eq!(gen::generate(seed).source, gen::generate(seed).source);
        assert_eq!(gen::generate(seed).inputs, gen::generate(seed).inputs);
    }
    assert_ne!(gen::generate(1).source, gen::generate(2).source);
}

/// The programs the generator found a miscompile with (`difftest/found/`,
/// each named by its seed) agree on every oracle now: seed 293 was our -O0
/// PTX truncating i16 to i8 with a 16-bit mask.
#[test]
fn the_programs_found_before_agree_now() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("found");
    let checks = oracle::Checks::from_env();
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let seed: u64 = name
            .trim_start_matches("seed-")
            .trim_end_matches("-min")
            .parse()
            .unwrap();
        let mut p = gen::generate(seed);
        p.source = std::fs::read_to_string(&path).unwrap();
        if let Err(m) = oracle::check(&p, &checks) {
            failures.push(format!("{name}: {}: {}", m.oracle, m.detail));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Seeds whose programs (before the generator bounded their work) looped
/// through `__noinline__` calls until an oracle's 100M-step limit: the
/// programs now drawn for them stay within the work budget, the estimate
/// bounds what the reference runs, and every oracle agrees.
#[test]
fn programs_stay_within_the_work_budget() {
    let checks = oracle::Checks::from_env();
    for seed in [1300303, 1300423, 1304391, 1304743] {
        let p = gen::generate(seed);
        assert!(p.work <= gen::WORK_BUDGET, "seed {seed}: {}", p.work);
        let passed = oracle::check(&p, &checks)
            .unwrap_or_else(|m| panic!("seed {seed}: {}: {}", m.oracle, m.detail));
        assert!(
            passed.steps <= p.work,
            "seed {seed}: {} steps, estimated {}",
            passed.steps,
            p.work
        );
    }
    for seed in 0..2000 {
        assert!(gen::generate(seed).work <= gen::WORK_BUDGET, "seed {seed}");
    }
}
