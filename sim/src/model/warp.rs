//! Warps: their size and how a shuffle picks its source lane.

use super::value::ShflMode;

pub(crate) const WARP_SIZE: usize = 32;

/// The lane a shuffle reads, as PTX's `shfl.sync` defines it: `c` holds the
/// segment mask in bits 8–12 and the clamp lane in bits 0–4; a source outside
/// the segment reads the lane itself. The flag is `shfl`'s predicate result:
/// whether the source was in range.
pub(crate) fn shuffle_source(mode: ShflMode, lane: u32, b: u32, c: u32) -> (u32, bool) {
    let bval = b & 31;
    let clamp = c & 31;
    let seg = (c >> 8) & 31;
    let max_lane = (lane & seg) | (clamp & !seg);
    let min_lane = lane & seg;
    let (j, ok) = match mode {
        ShflMode::Up => {
            let j = lane as i32 - bval as i32;
            (j, j >= max_lane as i32)
        }
        ShflMode::Down => {
            let j = (lane + bval) as i32;
            (j, j <= max_lane as i32)
        }
        ShflMode::Bfly => {
            let j = (lane ^ bval) as i32;
            (j, j <= max_lane as i32)
        }
        ShflMode::Idx => {
            let j = (min_lane | (bval & !seg & 31)) as i32;
            (j, j <= max_lane as i32)
        }
    };
    if ok {
        (j as u32, true)
    } else {
        (lane, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shfl_clamps_and_reports_range() {
        // down by 4 with clamp 31: lane 30 reads itself, out of range.
        assert_eq!(shuffle_source(ShflMode::Down, 30, 4, 31), (30, false));
        assert_eq!(shuffle_source(ShflMode::Down, 3, 4, 31), (7, true));
        // Segments of 8 (c = 0x181f … as __shfl_down_sync(m, v, 2, 8)).
        let c = ((32 - 8) << 8) | 31;
        assert_eq!(shuffle_source(ShflMode::Down, 6, 2, c), (6, false));
        assert_eq!(
            shuffle_source(ShflMode::Up, 9, 2, (32 - 8) << 8),
            (9, false)
        );
        assert_eq!(shuffle_source(ShflMode::Idx, 13, 2, c), (10, true));
        assert_eq!(shuffle_source(ShflMode::Bfly, 5, 1, 31), (4, true));
    }
}
