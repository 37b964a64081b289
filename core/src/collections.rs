//! The hash maps and sets of the compiler: std's, with the Fx hash (as
//! rustc's own) instead of SipHash. Keys here are short names and ids that
//! the compiler made, hashing was a tenth of a compile with SipHash, and a
//! fixed hash keeps runs alike (nothing may depend on iteration order
//! anyway: the output is the same bytes on every run).
pub type HashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;
pub type HashSet<K> = std::collections::HashSet<K, rustc_hash::FxBuildHasher>;

/// A hash map whose copy costs nothing until one of the copies changes,
/// and then only the path to what changed (a hash array mapped trie,
/// `imbl`'s): the parser's scopes, which every template instance and every
/// compile from a kept state starts from a copy of (copying them whole was
/// a third of a C++-heavy kernel's compile).
pub type SharedMap<K, V> =
    imbl::GenericHashMap<K, V, rustc_hash::FxBuildHasher, imbl::shared_ptr::RcK>;
