//! The address-space device functions (`__isGlobal`, `__isShared`,
//! `__isConstant`, `__isLocal`: `isspacep`; `__cvta_generic_to_shared`,
//! `__cvta_shared_to_generic`, … : address-space casts) and `__fns`
//! (`fns.b32`), against a reference computed here from their definitions,
//! in the IR interpreter (-O0, -O3), as our PTX in the emulator, and as
//! NVRTC's PTX (NVIDIA's headers) where found.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
__constant__ int table[64];
__global__ void spaces(const int *in, unsigned *where, int *back, const unsigned *masks,
                       const int *offsets, unsigned *nth, int pick) {
    __shared__ int sh[64];
    int t = threadIdx.x;
    int loc[4];
    for (int k = 0; k < 4; k++) loc[k] = in[(t + k) % 64];
    sh[t] = in[t] * 3;
    __syncthreads();
    /* A pointer whose space only the launch knows. */
    const int *p = pick == 0 ? in + t : pick == 1 ? (const int *)sh + t : pick == 2 ? (const int *)table + t : (const int *)loc + (t & 3);
    where[t] = __isGlobal(p) | __isShared(p) << 1 | __isConstant(p) << 2 | __isLocal(p) << 3
             | __isGlobal(in + t) << 4 | __isShared(sh + t) << 5 | __isShared(in + t) << 6;
    size_t s = __cvta_generic_to_shared(sh + t);
    size_t s0 = __cvta_generic_to_shared(sh);
    const int *q = (const int *)__cvta_shared_to_generic(s);
    size_t g = __cvta_generic_to_global(in + t);
    const int *r = (const int *)__cvta_global_to_generic(g);
    back[2 * t] = *q + (int)(s - s0);
    back[2 * t + 1] = *r + loc[t & 3] * (__isLocal(loc) ? 1 : 0);
    nth[t] = __fns(masks[t], t % 32, offsets[t]);
}
"#;

const T: usize = 64;

/// `fns`: the position of the |offset|-th set bit of `mask` from bit
/// `base` (itself included), up for a positive offset, down for a
/// negative one; for offset 0, `base` if its bit is set; else all ones.
fn fns(mask: u32, base: u32, offset: i32) -> u32 {
    let bit = |p: i64| (0..32).contains(&p) && mask & (1 << p) != 0;
    if offset == 0 {
        return if bit(i64::from(base)) { base } else { u32::MAX };
    }
    let positions: Vec<i64> = if offset > 0 {
        (i64::from(base)..32).collect()
    } else {
        (0..=i64::from(base).min(31)).rev().collect()
    };
    positions
        .into_iter()
        .filter(|&p| bit(p))
        .nth(offset.unsigned_abs() as usize - 1)
        .map_or(u32::MAX, |p| p as u32)
}

#[test]
fn fns_follows_its_definition_on_hand_cases() {
    // Bits 1, 4, 5 and 31 set.
    let m = 0x8000_0032;
    assert_eq!(fns(m, 0, 1), 1);
    assert_eq!(fns(m, 4, 1), 4);
    assert_eq!(fns(m, 4, 2), 5);
    assert_eq!(fns(m, 4, 3), 31);
    assert_eq!(fns(m, 4, 4), u32::MAX);
    assert_eq!(fns(m, 4, -1), 4);
    assert_eq!(fns(m, 4, -2), 1);
    assert_eq!(fns(m, 3, -2), u32::MAX);
    assert_eq!(fns(m, 5, 0), 5);
    assert_eq!(fns(m, 6, 0), u32::MAX);
}

fn case(pick: i32) -> Case {
    let mut rng = Rng(40 + pick as u64);
    let input: Vec<i32> = (0..T).map(|_| rng.int(-1000, 1000) as i32).collect();
    let masks: Vec<u32> = (0..T)
        .map(|k| match k % 8 {
            0 => 0,
            1 => u32::MAX,
            _ => rng.next() as u32 & rng.next() as u32,
        })
        .collect();
    let offsets: Vec<i32> = (0..T).map(|_| rng.int(-12, 13) as i32).collect();
    let space = [1u32, 2, 4, 8][pick as usize];
    let mut back = Vec::new();
    for t in 0..T {
        back.push(input[t] * 3 + 4 * t as i32);
        back.push(input[t] + input[(t + (t & 3)) % 64]);
    }
    let nth: Vec<u32> = (0..T)
        .map(|t| fns(masks[t], (t % 32) as u32, offsets[t]))
        .collect();
    let mut c = Case::new(
        "spaces.cu",
        [1, 1, 1],
        [T as u32, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(input)),
            Arg::Buf("where", Data::U32(vec![0; T])),
            Arg::Buf("back", Data::I32(vec![0; 2 * T])),
            Arg::Buf("masks", Data::U32(masks)),
            Arg::Buf("offsets", Data::I32(offsets)),
            Arg::Buf("nth", Data::U32(vec![0; T])),
            Arg::Scalar(ptxlab_sim::ArgValue::I32(pick)),
        ],
    )
    .expect("where", Data::U32(vec![space | 0b10_0000 | 0b1_0000; T]))
    .expect("back", Data::I32(back))
    .expect("nth", Data::U32(nth))
    .kernel("spaces");
    c.source = Some(SRC);
    c
}

fn cases() -> Vec<(&'static str, Case)> {
    (0..4).map(|pick| ("spaces", case(pick))).collect()
}

#[test]
fn address_spaces_and_fns_match_the_reference() {
    let failures = libcheck::check_ours("spaces.cu", SRC, "sm_80", &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvrtcs_address_spaces_and_fns_give_the_same_buffers() {
    let Some(theirs) = libcheck::nvrtc_ptx("spaces.cu", SRC, "sm_80", "sm_20_intrinsics.h", &[])
    else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
