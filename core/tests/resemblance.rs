//! The bench's resemblance measure (`common/resemble.rs`): its tests.

#[allow(dead_code)]
#[path = "common/resemble.rs"]
mod resemble;
