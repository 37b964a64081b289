//! The hash maps and sets of the compiler: std's, with the Fx hash (as
//! rustc's own) instead of SipHash. Keys here are short names and ids that
//! the compiler made, hashing was a tenth of a compile with SipHash, and a
//! fixed hash keeps runs alike (nothing may depend on iteration order
//! anyway: the output is the same bytes on every run).
pub type HashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;
pub type HashSet<K> = std::collections::HashSet<K, rustc_hash::FxBuildHasher>;
