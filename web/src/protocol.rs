//! The messages between the page and the compiler's worker, and the rule that
//! keeps the page showing only the newest result. Plain Rust, so it is tested
//! natively; the browser glue is in `app.rs` and `worker.rs`.

use crate::launch::{BisectProgress, BisectResponse, KernelInfo, LaunchRequest, LaunchResponse};
use ptxlab_core::{Compilation, Options};
use serde::{Deserialize, Serialize};

/// The file name diagnostics are reported against (`kernel.cu(3): error: …`).
pub const SOURCE_NAME: &str = "kernel.cu";

/// What the editor holds when the page opens.
pub const DEFAULT_SOURCE: &str = crate::examples::SAXPY;

/// A bigger input for timing compiles: `kernels` copies of the default saxpy,
/// each under its own name (`saxpy0`, `saxpy1`, …).
pub fn bench_source(kernels: u32) -> String {
    (0..kernels)
        .map(|k| DEFAULT_SOURCE.replace("void saxpy(", &format!("void saxpy{k}(")))
        .collect()
}

/// A file of the page's besides the main one (a tab beside `kernel.cu`),
/// found by `#include "name"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceFile {
    #[serde(rename = "n")]
    pub name: String,
    #[serde(rename = "t")]
    pub text: String,
}

/// Most files beside `kernel.cu` a page holds.
pub const MAX_FILES: usize = 16;

/// Why `name` cannot be a file's name in the page (`None`: it can): a
/// relative path of letters, digits, `_`, `-`, `.` and `/`, not the main
/// file's name and not one of `others`.
pub fn bad_file_name(name: &str, others: &[SourceFile]) -> Option<&'static str> {
    let ok_chars = name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'/'));
    if name.is_empty() || name.len() > 100 || !ok_chars {
        Some("a file name is letters, digits, '_', '-', '.' and '/' (at most 100)")
    } else if name.starts_with('/')
        || name
            .split('/')
            .any(|p| p.is_empty() || p == "." || p == "..")
    {
        Some("a file name is a relative path without '.' or '..' parts")
    } else if name == SOURCE_NAME || others.iter().any(|f| f.name == name) {
        Some("a file of that name exists")
    } else {
        None
    }
}

/// Drops the files a link should not hold: bad or repeated names, and more
/// than [`MAX_FILES`].
pub fn keep_valid_files(files: &mut Vec<SourceFile>) {
    let mut kept: Vec<SourceFile> = Vec::new();
    for f in files.drain(..) {
        if kept.len() < MAX_FILES && bad_file_name(&f.name, &kept).is_none() {
            kept.push(f);
        }
    }
    *files = kept;
}

/// The files as the compiler reads them.
pub fn file_map(files: &[SourceFile]) -> std::collections::BTreeMap<String, String> {
    files
        .iter()
        .map(|f| (f.name.clone(), f.text.clone()))
        .collect()
}

/// Page → worker: compile this source with these options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompileRequest {
    /// Increases with every request the page sends; the reply carries it back.
    pub seq: u64,
    pub name: String,
    pub source: String,
    /// The other files `#include` finds.
    #[serde(default)]
    pub files: Vec<SourceFile>,
    pub options: Options,
    /// Compile this many times and report each run's time (benchmarks); 1 normally.
    pub runs: u32,
}

/// Page → worker. Every request gets exactly one answer (a bisection sends
/// progress before it), in the order sent.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ToWorker {
    Compile(CompileRequest),
    /// Run one kernel launch in the IR interpreter.
    Launch(LaunchRequest),
    /// Find the first pass run after which the launch's result differs.
    Bisect(LaunchRequest),
    /// Shrink the source and launch while the change stays (`crate::reduce`).
    Reduce(LaunchRequest),
    /// Panic, as a compiler bug would (hidden: the page never sends it; the
    /// e2e test of the page's crash recovery does, to a real worker).
    Panic,
}

/// Worker → page: the whole compilation, every stage's snapshot included.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CompileResponse {
    pub seq: u64,
    pub compilation: Compilation,
    /// `stats.total_micros` of each run, in run order (one entry unless benchmarking).
    pub run_micros: Vec<u64>,
    /// The module's kernels and their parameters, for the Run panel.
    pub kernels: Vec<KernelInfo>,
}

/// Worker → page. The worker's JS loader (static/worker.js) sends `progress`
/// and `failed` itself, as `{ kind: "progress", loaded, total }`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum FromWorker {
    /// Bytes of the compiler's wasm downloaded so far (`total` 0 when unknown).
    Progress {
        loaded: f64,
        total: f64,
    },
    /// The compiler is running and takes requests.
    Ready,
    Compiled(CompileResponse),
    Launched(Box<LaunchResponse>),
    /// A bisection's progress; its answer is `Bisected`.
    Bisecting(BisectProgress),
    Bisected(Box<BisectResponse>),
    /// A reduction's progress; its answer is `Reduced`.
    Reducing(crate::reduce::ReduceProgress),
    Reduced(Box<crate::reduce::ReduceResponse>),
    /// The compiler panicked (the wasm instance is dead after this).
    Panicked {
        message: String,
    },
    /// The worker could not start (the wasm did not load).
    Failed {
        message: String,
    },
}

/// A message as the page receives it, decoded on demand. The page reads a
/// [`FromWorker`] by its `kind` first and then decodes only that variant's
/// payload type ([`read_from_worker`]): serde's own decoding of a tagged
/// enum buffers the message and instantiates its buffered decoder for every
/// payload type (58 KiB of the page's wasm, 17 KiB gzipped). The worker reads
/// requests the same way ([`read_to_worker`]).
pub trait Payload {
    type Error: std::fmt::Display;
    /// The message's `kind` field.
    fn kind(&self) -> Option<String>;
    /// The whole message as `T` (its `kind` field ignored).
    fn decode<T: serde::de::DeserializeOwned>(self) -> Result<T, Self::Error>;
}

/// Reads a worker's message: the same value `FromWorker`'s own
/// `Deserialize` gives (a test checks every kind).
pub fn read_from_worker<P: Payload>(message: P) -> Result<FromWorker, String> {
    #[derive(Deserialize)]
    struct Loaded {
        loaded: f64,
        total: f64,
    }
    #[derive(Deserialize)]
    struct Text {
        message: String,
    }
    let kind = message.kind().unwrap_or_default();
    let e = |e: P::Error| e.to_string();
    Ok(match kind.as_str() {
        "progress" => {
            let l: Loaded = message.decode().map_err(e)?;
            FromWorker::Progress {
                loaded: l.loaded,
                total: l.total,
            }
        }
        "ready" => FromWorker::Ready,
        "compiled" => FromWorker::Compiled(message.decode().map_err(e)?),
        "launched" => FromWorker::Launched(message.decode().map_err(e)?),
        "bisecting" => FromWorker::Bisecting(message.decode().map_err(e)?),
        "bisected" => FromWorker::Bisected(message.decode().map_err(e)?),
        "reducing" => FromWorker::Reducing(message.decode().map_err(e)?),
        "reduced" => FromWorker::Reduced(message.decode().map_err(e)?),
        "panicked" => FromWorker::Panicked {
            message: message.decode::<Text>().map_err(e)?.message,
        },
        "failed" => FromWorker::Failed {
            message: message.decode::<Text>().map_err(e)?.message,
        },
        other => return Err(format!("a message of unknown kind '{other}'")),
    })
}

/// Reads a page's request, as [`read_from_worker`] reads the answers.
pub fn read_to_worker<P: Payload>(message: P) -> Result<ToWorker, String> {
    let kind = message.kind().unwrap_or_default();
    let e = |e: P::Error| e.to_string();
    Ok(match kind.as_str() {
        "compile" => ToWorker::Compile(message.decode().map_err(e)?),
        "launch" => ToWorker::Launch(message.decode().map_err(e)?),
        "bisect" => ToWorker::Bisect(message.decode().map_err(e)?),
        "reduce" => ToWorker::Reduce(message.decode().map_err(e)?),
        "panic" => ToWorker::Panic,
        other => return Err(format!("a request of unknown kind '{other}'")),
    })
}

/// What the worker does with a request: run the compiler, `runs` times.
pub fn compile(request: &CompileRequest) -> CompileResponse {
    let mut run_micros = Vec::new();
    let files = file_map(&request.files);
    let mut compilation =
        ptxlab_core::compile(&request.name, &request.source, &files, &request.options);
    run_micros.push(compilation.stats.total_micros);
    for _ in 1..request.runs {
        compilation =
            ptxlab_core::compile(&request.name, &request.source, &files, &request.options);
        run_micros.push(compilation.stats.total_micros);
    }
    CompileResponse {
        seq: request.seq,
        kernels: crate::launch::kernels(&compilation),
        compilation,
        run_micros,
    }
}

/// The compile a page opening on its default example asks for first (what
/// `share::State::initial()` holds; a test keeps the two equal).
pub fn first_request() -> CompileRequest {
    CompileRequest {
        seq: 0,
        name: SOURCE_NAME.to_string(),
        source: DEFAULT_SOURCE.to_string(),
        files: Vec::new(),
        options: Options::default(),
        runs: 1,
    }
}

/// A compile made before the request that asks for it: the worker compiles
/// [`first_request`] as soon as its wasm starts, while the page's own wasm
/// still loads, and answers the page's first request from it when that is
/// the same request. Any other first request finds the compiler warm (the
/// wasm's functions compiled, the prelude parsed when the options match).
pub struct Ahead {
    request: CompileRequest,
    response: CompileResponse,
}

impl Ahead {
    pub fn compile(request: CompileRequest) -> Ahead {
        Ahead {
            response: compile(&request),
            request,
        }
    }

    /// The response for `request` if `ahead` holds its compile (once).
    pub fn take(ahead: &mut Option<Ahead>, request: &CompileRequest) -> Option<CompileResponse> {
        let a = ahead.take()?;
        let same = CompileRequest {
            seq: a.request.seq,
            ..request.clone()
        } == a.request;
        same.then_some(CompileResponse {
            seq: request.seq,
            ..a.response
        })
    }
}

/// The median of some timings (the mean of the middle two for an even count).
pub fn median(values: &[u64]) -> Option<f64> {
    let mut v = values.to_vec();
    v.sort_unstable();
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2] as f64),
        _ => Some((v[n / 2 - 1] + v[n / 2]) as f64 / 2.0),
    }
}

/// At most one compile in flight, and only the newest source's result shown.
///
/// Edits arrive faster than compiles can finish; sending each would queue work
/// in the worker whose results nobody wants. So while a compile runs, further
/// requests only mark the source dirty; when the compile finishes its result is
/// dropped if the source changed meanwhile, and one new compile starts.
#[derive(Debug, Default)]
pub struct Scheduler {
    issued: u64,
    in_flight: Option<u64>,
    dirty: bool,
}

/// What the page does when a result arrives.
#[derive(Debug, PartialEq, Eq)]
pub struct Arrival {
    /// Show this result (it is for the source now in the editor).
    pub show: bool,
    /// Send a new request with this sequence number.
    pub send: Option<u64>,
}

impl Scheduler {
    /// The source or options changed (after the debounce): the sequence number
    /// to send a request with now, or `None` when one is in flight.
    pub fn request(&mut self) -> Option<u64> {
        if self.in_flight.is_some() {
            self.dirty = true;
            return None;
        }
        Some(self.issue())
    }

    /// The reply with this sequence number arrived.
    pub fn arrived(&mut self, seq: u64) -> Arrival {
        if self.in_flight != Some(seq) {
            // Not the compile we wait for: a stale reply; drop it.
            return Arrival {
                show: false,
                send: None,
            };
        }
        self.in_flight = None;
        if self.dirty {
            self.dirty = false;
            Arrival {
                show: false,
                send: Some(self.issue()),
            }
        } else {
            Arrival {
                show: true,
                send: None,
            }
        }
    }

    /// The compile in flight will never answer (the worker died or was
    /// stopped). Returns the sequence number to send a newer source with,
    /// when one was asked for meanwhile; the abandoned source is not retried.
    pub fn abandon(&mut self) -> Option<u64> {
        self.in_flight = None;
        if std::mem::take(&mut self.dirty) {
            Some(self.issue())
        } else {
            None
        }
    }

    /// The compile in flight, if any.
    pub fn in_flight(&self) -> Option<u64> {
        self.in_flight
    }

    pub fn busy(&self) -> bool {
        self.in_flight.is_some()
    }

    fn issue(&mut self) -> u64 {
        self.issued += 1;
        self.in_flight = Some(self.issued);
        self.issued
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::launch;

    #[test]
    fn a_quiet_editor_shows_every_result() {
        let mut s = Scheduler::default();
        let a = s.request().unwrap();
        assert!(s.busy());
        assert_eq!(
            s.arrived(a),
            Arrival {
                show: true,
                send: None
            }
        );
        let b = s.request().unwrap();
        assert!(b > a);
        assert_eq!(
            s.arrived(b),
            Arrival {
                show: true,
                send: None
            }
        );
        assert!(!s.busy());
    }

    #[test]
    fn edits_during_a_compile_drop_its_result_and_start_one_more() {
        let mut s = Scheduler::default();
        let a = s.request().unwrap();
        assert_eq!(s.request(), None);
        assert_eq!(s.request(), None);
        let next = s.arrived(a);
        assert!(!next.show);
        let b = next.send.expect("a new compile for the newest source");
        assert_eq!(
            s.arrived(b),
            Arrival {
                show: true,
                send: None
            }
        );
    }

    #[test]
    fn replies_nobody_waits_for_are_dropped() {
        let mut s = Scheduler::default();
        let a = s.request().unwrap();
        assert_eq!(
            s.arrived(a + 7),
            Arrival {
                show: false,
                send: None
            }
        );
        assert!(s.busy());
    }

    #[test]
    fn an_abandoned_compile_is_not_retried_but_a_newer_edit_is_sent() {
        let mut s = Scheduler::default();
        let a = s.request().unwrap();
        assert_eq!(s.abandon(), None);
        assert!(!s.busy());
        // Its late reply, if any, is dropped.
        assert!(!s.arrived(a).show);

        let b = s.request().unwrap();
        assert_eq!(s.request(), None);
        let c = s.abandon().expect("the edit made during the dead compile");
        assert!(c > b);
        assert_eq!(s.in_flight(), Some(c));
    }

    #[test]
    fn worker_messages_are_tagged_by_kind() {
        let json = serde_json::to_string(&FromWorker::Panicked {
            message: "boom".into(),
        })
        .unwrap();
        assert_eq!(json, r#"{"kind":"panicked","message":"boom"}"#);
        let progress: FromWorker =
            serde_json::from_str(r#"{"kind":"progress","loaded":10,"total":20}"#).unwrap();
        assert!(
            matches!(progress, FromWorker::Progress { loaded, total } if loaded == 10.0 && total == 20.0)
        );
    }

    #[test]
    fn requests_are_tagged_by_kind() {
        let launch = ToWorker::Launch(LaunchRequest {
            seq: 9,
            name: SOURCE_NAME.into(),
            source: DEFAULT_SOURCE.into(),
            files: Vec::new(),
            options: Options::default(),
            settings: crate::launch::LaunchSettings::default(),
            pass_runs: Some(3),
        });
        let json = serde_json::to_string(&launch).unwrap();
        assert!(json.starts_with(r#"{"kind":"launch","seq":9,"#), "{json}");
        let back: ToWorker = serde_json::from_str(&json).unwrap();
        assert!(matches!(back, ToWorker::Launch(r) if r.pass_runs == Some(3)));
        let progress = FromWorker::Bisecting(BisectProgress {
            seq: 2,
            done: 3,
            total: 40,
            pass: "sccp".into(),
        });
        let json = serde_json::to_string(&progress).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"bisecting","seq":2,"done":3,"total":40,"pass":"sccp"}"#
        );
    }

    impl Payload for serde_json::Value {
        type Error = serde_json::Error;
        fn kind(&self) -> Option<String> {
            self.get("kind")?.as_str().map(str::to_string)
        }
        fn decode<T: serde::de::DeserializeOwned>(self) -> Result<T, serde_json::Error> {
            serde_json::from_value(self)
        }
    }

    /// The page's reader gives what serde's derived decoder gives, for
    /// every kind of message.
    #[test]
    fn the_pages_reader_reads_every_kind() {
        let saxpy = launch::LaunchSettings::from_example(crate::examples::default_example());
        let req = |seq| LaunchRequest {
            seq,
            name: SOURCE_NAME.into(),
            source: DEFAULT_SOURCE.into(),
            files: Vec::new(),
            options: Options::default(),
            settings: saxpy.clone(),
            pass_runs: None,
        };
        let messages = vec![
            FromWorker::Progress {
                loaded: 5.0,
                total: 9.0,
            },
            FromWorker::Ready,
            FromWorker::Compiled(compile(&CompileRequest {
                seq: 1,
                name: SOURCE_NAME.into(),
                source: DEFAULT_SOURCE.into(),
                files: Vec::new(),
                options: Options::default(),
                runs: 1,
            })),
            FromWorker::Launched(Box::new(launch::launch(&req(2)))),
            FromWorker::Bisecting(BisectProgress {
                seq: 3,
                done: 1,
                total: 40,
                pass: "sroa".into(),
            }),
            FromWorker::Bisected(Box::new(launch::bisect(&req(3), |_, _, _| {}))),
            FromWorker::Reducing(crate::reduce::ReduceProgress {
                seq: 4,
                tests: 3,
                kept: 1,
                lines: 9,
                pass: "delete".into(),
            }),
            FromWorker::Reduced(Box::new(crate::reduce::reduce(&req(4), |_| {}))),
            FromWorker::Panicked {
                message: "boom".into(),
            },
            FromWorker::Failed {
                message: "404".into(),
            },
        ];
        for m in messages {
            let value = serde_json::to_value(&m).unwrap();
            let derived: FromWorker = serde_json::from_value(value.clone()).unwrap();
            let read = read_from_worker(value.clone()).unwrap();
            assert_eq!(
                serde_json::to_value(&read).unwrap(),
                serde_json::to_value(&derived).unwrap()
            );
            assert_eq!(serde_json::to_value(&read).unwrap(), value);
        }
        let unknown = serde_json::json!({ "kind": "hello" });
        assert!(read_from_worker(unknown.clone())
            .unwrap_err()
            .contains("'hello'"));
        assert!(read_to_worker(unknown).unwrap_err().contains("'hello'"));
        let requests = [
            ToWorker::Compile(CompileRequest {
                seq: 1,
                name: SOURCE_NAME.into(),
                source: DEFAULT_SOURCE.into(),
                files: Vec::new(),
                options: Options::default(),
                runs: 1,
            }),
            ToWorker::Launch(req(2)),
            ToWorker::Bisect(req(3)),
            ToWorker::Reduce(req(4)),
            ToWorker::Panic,
        ];
        for r in requests {
            let value = serde_json::to_value(&r).unwrap();
            let read = read_to_worker(value.clone()).unwrap();
            assert_eq!(serde_json::to_value(&read).unwrap(), value);
        }
        let bad = serde_json::json!({ "kind": "progress", "loaded": "x" });
        assert!(read_from_worker(bad).is_err());
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[5, 1, 3]), Some(3.0));
        assert_eq!(median(&[4, 1, 3, 2]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn the_worker_compiles_the_default_saxpy_to_ptx() {
        let request = CompileRequest {
            seq: 3,
            name: SOURCE_NAME.into(),
            source: DEFAULT_SOURCE.into(),
            files: Vec::new(),
            options: Options::default(),
            runs: 2,
        };
        let response = compile(&request);
        assert_eq!(response.seq, 3);
        assert_eq!(response.run_micros.len(), 2);
        let c = &response.compilation;
        assert!(!c.has_errors(), "{:?}", c.diagnostics);
        assert!(c
            .ptx
            .as_deref()
            .unwrap_or("")
            .contains(".visible .entry saxpy"));
        assert_eq!(response.kernels.len(), 1);
        assert_eq!(response.kernels[0].name, "saxpy");
        assert_eq!(response.kernels[0].params.len(), 4);
    }

    #[test]
    fn the_first_request_is_the_default_examples() {
        let state = crate::share::State::initial();
        let first = first_request();
        assert_eq!(
            (&first.source, &first.options, &first.files),
            (&state.source, &state.options, &state.files)
        );
        assert_eq!(first.name, SOURCE_NAME);
    }

    #[test]
    fn a_compile_ahead_answers_the_same_request_once() {
        let mut ahead = Some(Ahead::compile(first_request()));
        let mut other = first_request();
        other.options.opt_level = 0;
        assert!(Ahead::take(&mut ahead, &other).is_none(), "another request");
        assert!(
            ahead.is_none(),
            "the compile ahead is dropped after the first request"
        );

        let mut ahead = Some(Ahead::compile(first_request()));
        let request = CompileRequest {
            seq: 7,
            ..first_request()
        };
        let response = Ahead::take(&mut ahead, &request).expect("the same request");
        assert_eq!(response.seq, 7);
        let live = compile(&request);
        assert_eq!(response.compilation.ptx, live.compilation.ptx);
        assert!(response.compilation.ptx.unwrap().contains(".entry saxpy"));
        assert!(Ahead::take(&mut ahead, &request).is_none(), "only once");
    }

    #[test]
    fn the_bench_source_is_many_kernels() {
        let request = CompileRequest {
            seq: 1,
            name: SOURCE_NAME.into(),
            source: bench_source(3),
            files: Vec::new(),
            options: Options::default(),
            runs: 1,
        };
        let c = compile(&request).compilation;
        assert!(!c.has_errors(), "{:?}", c.diagnostics);
        let ptx = c.ptx.unwrap_or_default();
        assert!(
            ptx.contains(".entry saxpy0(") && ptx.contains(".entry saxpy2("),
            "{ptx}"
        );
    }

    #[test]
    fn a_missing_semicolon_is_a_diagnostic_not_a_panic() {
        let request = CompileRequest {
            seq: 1,
            name: SOURCE_NAME.into(),
            source: DEFAULT_SOURCE.replace("threadIdx.x;", "threadIdx.x"),
            files: Vec::new(),
            options: Options::default(),
            runs: 1,
        };
        let c = compile(&request).compilation;
        assert!(c.has_errors());
        let first = c.diagnostics[0].to_string();
        assert!(
            first.starts_with("kernel.cu(") && first.contains("): error: "),
            "{first}"
        );
    }
}
