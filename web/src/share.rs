//! Shared links: the page's whole state (source, options, selected function,
//! run and view) in the URL fragment as `#v=<compiler version>&z=<payload>`,
//! the payload being JSON, deflated, in base64url. Decoding treats the
//! fragment as hostile: its length and the inflated size are capped and every
//! failure is a [`LinkError`] with a message for the status bar.

use crate::launch::LaunchSettings;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use ptxlab_core::Options;
use serde::{Deserialize, Serialize};

/// Longest fragment we try to decode (a link is rarely over a few KiB).
pub const MAX_FRAGMENT: usize = 256 * 1024;
/// Most bytes a payload may inflate to: a decompression bomb stops here.
pub const MAX_STATE: usize = 1024 * 1024;

/// Which view of the selected run the pipeline pane shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum View {
    /// What the run did: its diff against the run before when it changed
    /// the function shown, else the IR after it with a note that nothing
    /// changed. The page opens on it.
    #[default]
    Changes,
    /// The IR (or machine code) after the run.
    Ir,
    /// The run against the one before it.
    Diff,
    /// Any two runs, A against B.
    Compare,
}

/// How a diff is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    #[default]
    Unified,
    Split,
}

/// What the third pane shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pane {
    #[default]
    Ptx,
    /// The Run panel: a link that opens it runs its launch once compiled.
    Run,
}

/// The value the page follows through the runs: its name and whether it
/// is a PTX register (followed through the machine runs and the PTX) or an
/// IR value (through the IR runs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Followed {
    pub name: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub ptx: bool,
}

/// Everything a link restores. Fields added later have defaults, so older
/// links still decode (`old_links_decode_with_defaults`). Field names are short: they are in every link.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct State {
    #[serde(rename = "src")]
    pub source: String,
    #[serde(rename = "opt")]
    pub options: Options,
    /// The function shown in the pipeline pane; `None` for all of them.
    #[serde(rename = "fn", skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    /// The selected run (stage index); `None` for the last IR stage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<usize>,
    pub view: View,
    pub layout: Layout,
    /// Run A of the compare view (B is `run`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<usize>,
    #[serde(rename = "hide")]
    pub hide_unchanged: bool,
    /// Fold each run that changed nothing into the next run that changed
    /// something (Go's ssa.html), instead of listing it.
    #[serde(skip_serializing_if = "is_false")]
    pub fold: bool,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub filter: String,
    /// The example the source came from, while it is unedited.
    #[serde(rename = "ex", skip_serializing_if = "Option::is_none")]
    pub example: Option<String>,
    /// The Run panel's launch.
    #[serde(skip_serializing_if = "LaunchSettings::is_empty")]
    pub launch: LaunchSettings,
    #[serde(skip_serializing_if = "is_ptx")]
    pub pane: Pane,
    /// The value followed through the runs ("Follow a value").
    #[serde(rename = "val", skip_serializing_if = "Option::is_none")]
    pub value: Option<Followed>,
    /// The files beside `kernel.cu` (the editor's other tabs).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<crate::protocol::SourceFile>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_ptx(p: &Pane) -> bool {
    *p == Pane::Ptx
}

/// Empty: what a link's missing fields read as.
impl Default for State {
    fn default() -> Self {
        State {
            source: String::new(),
            options: Options::default(),
            function: None,
            run: None,
            view: View::Changes,
            layout: Layout::Unified,
            base: None,
            hide_unchanged: false,
            fold: false,
            filter: String::new(),
            example: None,
            launch: LaunchSettings::default(),
            pane: Pane::Ptx,
            value: None,
            files: Vec::new(),
        }
    }
}

impl State {
    /// The page as it opens: the default example.
    pub fn initial() -> State {
        State::from_example(crate::examples::default_example())
    }

    pub fn from_example(example: &crate::examples::Example) -> State {
        State {
            source: example.source.to_string(),
            options: Options {
                ftz: example.ftz,
                ..Options::default()
            },
            example: Some(example.id.to_string()),
            launch: LaunchSettings::from_example(example),
            files: crate::examples::example_files(example.id),
            ..State::default()
        }
    }
}

/// A link that could be read.
#[derive(Debug, PartialEq)]
pub struct Restored {
    pub state: State,
    /// The compiler version the link was made with.
    pub version: String,
}

impl Restored {
    /// Whether the link comes from another compiler version (its output may differ).
    pub fn other_version(&self) -> bool {
        self.version != ptxlab_core::VERSION
    }
}

/// Why a fragment could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum LinkError {
    TooLong(usize),
    NotALink,
    BadEncoding,
    BadCompression,
    TooBig,
    BadState(String),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::TooLong(n) => write!(
                f,
                "the link is too long to be a ptxlab link ({} KiB; at most {} KiB)",
                n / 1024,
                MAX_FRAGMENT / 1024
            ),
            LinkError::NotALink => {
                write!(f, "the link's fragment is not a ptxlab state (#v=…&z=…)")
            }
            LinkError::BadEncoding => {
                write!(f, "the link is damaged: its state is not valid base64url")
            }
            LinkError::BadCompression => write!(
                f,
                "the link is damaged or truncated: its state does not decompress"
            ),
            LinkError::TooBig => write!(
                f,
                "the link's state decompresses to more than {} KiB; refusing it",
                MAX_STATE / 1024
            ),
            LinkError::BadState(why) => write!(f, "the link's state cannot be read: {why}"),
        }
    }
}

/// The fragment (without `#`) holding `state`.
pub fn encode(state: &State) -> String {
    // A State is plain data; serde_json cannot fail on it.
    let json = serde_json::to_vec(state).unwrap_or_default();
    let deflated = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!(
        "v={}&z={}",
        ptxlab_core::VERSION,
        URL_SAFE_NO_PAD.encode(deflated)
    )
}

/// Reads a fragment (with or without its `#`). `Ok(None)` when there is none.
pub fn decode(fragment: &str) -> Result<Option<Restored>, LinkError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.is_empty() {
        return Ok(None);
    }
    if fragment.len() > MAX_FRAGMENT {
        return Err(LinkError::TooLong(fragment.len()));
    }
    let mut version = None;
    let mut payload = None;
    for part in fragment.split('&') {
        match part.split_once('=') {
            Some(("v", v)) => version = Some(v),
            Some(("z", z)) => payload = Some(z),
            _ => {}
        }
    }
    let (Some(version), Some(payload)) = (version, payload) else {
        return Err(LinkError::NotALink);
    };
    let version: String = version.chars().take(32).collect();
    let deflated = URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .map_err(|_| LinkError::BadEncoding)?;
    let json =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_STATE).map_err(|e| {
            match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooBig,
                _ => LinkError::BadCompression,
            }
        })?;
    let mut state: State =
        serde_json::from_slice(&json).map_err(|e| LinkError::BadState(e.to_string()))?;
    sanitize(&mut state);
    Ok(Some(Restored { state, version }))
}

/// Keeps a decoded state within what the page can show.
fn sanitize(state: &mut State) {
    let o = &mut state.options;
    o.opt_level = o.opt_level.min(3);
    if !ptxlab_core::target::names().contains(&o.arch.as_str()) {
        o.arch = Options::default().arch;
    }
    // Pass names look like `early-cse`; an unknown one matches no pass. (The
    // pass table is not consulted: it would link the optimizer into the page.)
    o.disabled_passes.retain(|p| {
        !p.is_empty()
            && p.len() <= 40
            && p.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    });
    o.disabled_passes.truncate(8);
    o.inject_bugs
        .retain(|b| ptxlab_core::bugs::Bug::from_name(b).is_some());
    o.inject_bugs.truncate(8);
    o.rewrite_limits.truncate(8);
    // An edited run's IR rides in the link (compressed with the source).
    if o.ir_edit
        .as_ref()
        .is_some_and(|e| e.ir.len() > MAX_STATE / 2 || e.run > 10_000)
    {
        o.ir_edit = None;
    }
    if let Some(e) = &mut o.ir_edit {
        e.file.clear();
    }
    // Links carry no include paths or macros: the page's files are its tabs.
    o.include_dirs.clear();
    o.defines.clear();
    state.filter.truncate(200);
    state.launch.sanitize();
    crate::protocol::keep_valid_files(&mut state.files);
    if state.function.as_ref().is_some_and(|f| f.len() > 1000) {
        state.function = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> State {
        State {
            source: "__global__ void k(int *p) { p[0] = 1; }\n".into(),
            options: Options {
                arch: "sm_90".into(),
                opt_level: 1,
                ftz: true,
                disabled_passes: vec!["gvn".into()],
                opt_bisect_limit: Some(7),
                ..Options::default()
            },
            function: Some("_Z1kPi".into()),
            run: Some(5),
            view: View::Compare,
            layout: Layout::Split,
            base: Some(2),
            hide_unchanged: true,
            fold: true,
            filter: "mem".into(),
            example: None,
            launch: LaunchSettings {
                kernel: "_Z1kPi".into(),
                grid: "2,2".into(),
                block: "32".into(),
                args: "i32[128]:iota".into(),
                shared: 64,
                cooperative: true,
                run_ptx: true,
                ptx: ".version 8.0\n".into(),
            },
            pane: Pane::Run,
            value: Some(Followed {
                name: "%r3".into(),
                ptx: true,
            }),
            files: vec![crate::protocol::SourceFile {
                name: "inc/util.cuh".into(),
                text: "#define N 4\n".into(),
            }],
        }
    }

    #[test]
    fn a_state_round_trips_through_its_fragment() {
        let state = sample();
        let fragment = encode(&state);
        assert!(fragment.starts_with(&format!("v={}&z=", ptxlab_core::VERSION)));
        assert!(fragment
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_=&.".contains(&b)));
        let restored = decode(&format!("#{fragment}")).unwrap().unwrap();
        assert_eq!(restored.state, state);
        assert!(!restored.other_version());
    }

    /// An edited run (edit and continue) rides in the link; one too big
    /// to show is dropped, the rest of the link kept.
    #[test]
    fn an_ir_edit_round_trips_and_is_capped() {
        let mut state = sample();
        state.options.ir_edit = Some(ptxlab_core::edit::IrEdit {
            run: 10,
            ir: "define void @k() {\nentry:\n  ret void\n}\n".into(),
            file: String::new(),
        });
        let restored = decode(&format!("#{}", encode(&state))).unwrap().unwrap();
        assert_eq!(restored.state, state);
        state.options.ir_edit.as_mut().unwrap().ir = "a".repeat(MAX_STATE / 2 + 1);
        let restored = decode(&format!("#{}", encode(&state))).unwrap().unwrap();
        assert_eq!(restored.state.options.ir_edit, None);
        assert_eq!(restored.state.source, state.source);
    }

    /// A link made before the Run panel (no `launch`, no `pane`) still
    /// decodes: the new fields take their defaults, the rest is kept.
    #[test]
    fn old_links_decode_with_defaults() {
        let old = r#"{"src":"__global__ void k(int *p) { p[0] = 1; }","opt":{"arch":"sm_80","opt_level":2},"run":4,"view":"diff","layout":"unified","hide":false,"ex":"saxpy"}"#;
        let fragment = format!(
            "v=0.1.0&z={}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(old.as_bytes(), 9))
        );
        let state = decode(&fragment).unwrap().unwrap().state;
        assert_eq!(state.options.arch, "sm_80");
        assert_eq!(state.run, Some(4));
        assert_eq!(state.view, View::Diff);
        assert_eq!(state.launch, LaunchSettings::default());
        assert_eq!(state.pane, Pane::Ptx);
        // And a state without launch settings writes none.
        let plain = State {
            source: "x".into(),
            ..State::default()
        };
        let json = serde_json::to_string(&plain).unwrap();
        assert!(!json.contains("launch") && !json.contains("pane"), "{json}");
    }

    /// A link holds every file, and a one-file state writes no `files`.
    #[test]
    fn links_carry_every_file() {
        let s = State::from_example(crate::examples::find("two-files").unwrap());
        assert_eq!(s.files.len(), 1);
        let restored = decode(&encode(&s)).unwrap().unwrap().state;
        assert_eq!(restored.files, s.files);
        assert_eq!(restored.source, s.source);
        let json = serde_json::to_string(&State::initial()).unwrap();
        assert!(!json.contains("\"files\""), "{json}");
    }

    #[test]
    fn an_examples_state_launches_it() {
        let s = State::initial();
        assert_eq!(s.launch.kernel, "saxpy");
        assert_eq!(s.launch.args, "1000,2.0,f32[1000]:iota,f32[1000]:ones");
        let restored = decode(&encode(&s)).unwrap().unwrap().state;
        assert_eq!(restored.launch, s.launch);
    }

    #[test]
    fn no_fragment_is_no_link() {
        assert_eq!(decode(""), Ok(None));
        assert_eq!(decode("#"), Ok(None));
    }

    #[test]
    fn hostile_fragments_are_errors_not_panics() {
        assert_eq!(decode("#hello"), Err(LinkError::NotALink));
        assert_eq!(decode("#v=1&z=***"), Err(LinkError::BadEncoding));
        assert_eq!(decode("#v=1&z=AAAA"), Err(LinkError::BadCompression));
        let huge = format!("v=1&z={}", "a".repeat(MAX_FRAGMENT));
        assert_eq!(decode(&huge), Err(LinkError::TooLong(huge.len())));
        // Valid deflate of something that is not a State.
        let junk = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"[1,2", 6));
        assert!(matches!(
            decode(&format!("v=1&z={junk}")),
            Err(LinkError::BadState(_))
        ));
        // Every truncation of a good link fails cleanly or decodes.
        let good = encode(&sample());
        for n in 0..good.len() {
            let _ = decode(&good[..n]);
        }
    }

    #[test]
    fn a_decompression_bomb_stops_at_the_cap() {
        // 64 MiB of zeros deflate to about 64 KiB.
        let zeros = vec![b' '; 64 << 20];
        let bomb = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&zeros, 9));
        assert!(bomb.len() < MAX_FRAGMENT, "{}", bomb.len());
        assert_eq!(decode(&format!("v=1&z={bomb}")), Err(LinkError::TooBig));
    }

    #[test]
    fn unknown_values_are_tamed() {
        let mut s = sample();
        s.options.arch = "sm_1".into();
        s.options.opt_level = 9;
        s.options.disabled_passes = vec!["gvn".into(), "<script>".into()];
        s.options.include_dirs = vec!["/etc".into()];
        s.launch.grid = "1".repeat(5000);
        let restored = decode(&encode(&s)).unwrap().unwrap().state;
        assert_eq!(restored.launch.grid.len(), 100);
        assert_eq!(restored.options.arch, Options::default().arch);
        assert_eq!(restored.options.opt_level, 3);
        assert_eq!(restored.options.disabled_passes, ["gvn"]);
        assert!(restored.options.include_dirs.is_empty());
    }

    #[test]
    fn an_old_version_is_reported() {
        let fragment =
            encode(&sample()).replacen(&format!("v={}", ptxlab_core::VERSION), "v=0.0.1", 1);
        let restored = decode(&fragment).unwrap().unwrap();
        assert_eq!(restored.version, "0.0.1");
        assert!(restored.other_version());
    }
}
