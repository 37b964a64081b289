//! Device virtual functions and device `new`/`delete` (issue 15): objects
//! of two classes derived from an abstract one made with `new` in one
//! kernel, their virtual functions called in a second, `delete`d in a
//! third, on one device memory (the heap lives across launches, as on the
//! GPU). NVRTC's PTX (vtables as `.global .u64` arrays of function
//! symbols, calls through a `.callprototype`, `.extern .func malloc/free`)
//! runs in the PTX emulator; a use after `delete` and a double free are
//! errors.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, ErrorKind, Launch, Memory};

const SRC: &str = r#"
struct Shape {
    float s;
    __device__ Shape(float s) : s(s) {}
    __device__ virtual float area() const = 0;
    __device__ virtual float scale() const { return 2.0f; }
    __device__ virtual ~Shape() {}
};
struct Square : Shape {
    __device__ Square(float s) : Shape(s) {}
    __device__ float area() const override { return s * s; }
};
struct Circle final : Shape {
    float k;
    __device__ Circle(float s) : Shape(s), k(3.0f) {}
    __device__ float area() const override { return k * s * s; }
    __device__ float scale() const override { return 0.5f; }
};
__global__ void make(Shape **objs, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        if (i % 2) objs[i] = new Circle((float)i);
        else objs[i] = new Square((float)i);
    }
}
__global__ void areas(Shape **objs, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = objs[i]->area() * objs[i]->scale();
}
__global__ void destroy(Shape **objs, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) delete objs[i];
}
"#;

const N: usize = 40;

/// What `areas` writes: a square's side² × 2, a circle's 3·r² × 0.5.
fn want() -> Vec<f32> {
    (0..N)
        .map(|i| {
            let s = i as f32;
            if i % 2 == 1 {
                3.0 * s * s * 0.5
            } else {
                s * s * 2.0
            }
        })
        .collect()
}

/// Runs make, areas, destroy (and `after`, a kernel run once more after
/// destroy) on `ptx` in the emulator: `areas`' buffer and `after`'s
/// error kind.
fn run_three(ptx: &str, after: &str) -> (Vec<f32>, Option<ErrorKind>) {
    let module = emu::PtxModule::parse(ptx).expect("the PTX parses");
    let kernel = |name: &str| {
        module
            .kernels()
            .into_iter()
            .find(|k| k.contains(name))
            .unwrap_or_else(|| panic!("no kernel {name}"))
            .to_string()
    };
    let mut mem = Memory::new();
    let objs = mem.alloc(N * 8);
    let out = mem.upload(&[0f32; N]);
    let cfg = Config::default();
    let n = ArgValue::I32(N as i32);
    let grid = |args| Launch::new([2, 1, 1], [32, 1, 1], args);
    let run = |mem: &mut Memory, k: &str, args| {
        emu::run_kernel(&module, &kernel(k), &grid(args), mem, &cfg)
    };
    run(&mut mem, "make", vec![ArgValue::Buffer(objs), n]).expect("make runs");
    let heap: Vec<u64> = mem.download(objs);
    assert!(heap.iter().all(|&p| p != 0), "every new gave memory");
    run(
        &mut mem,
        "areas",
        vec![ArgValue::Buffer(objs), ArgValue::Buffer(out), n],
    )
    .expect("areas runs");
    let got = mem.download(out);
    run(&mut mem, "destroy", vec![ArgValue::Buffer(objs), n]).expect("destroy runs");
    let args = if after == "areas" {
        vec![ArgValue::Buffer(objs), ArgValue::Buffer(out), n]
    } else {
        vec![ArgValue::Buffer(objs), n]
    };
    let err = run(&mut mem, after, args).err().map(|e| e.kind);
    (got, err)
}

#[test]
fn nvidias_virtual_calls_and_heap_run_in_the_emulator() {
    let Some(theirs) = libcheck::nvrtc_ptx("shapes.cu", SRC, "sm_80", "cuda_runtime.h", &[]) else {
        return;
    };
    assert!(theirs.contains(".callprototype") && theirs.contains(".extern .func"));
    let (got, err) = run_three(&theirs, "areas");
    assert_eq!(got, want());
    assert_eq!(
        err,
        Some(ErrorKind::OutOfBounds),
        "a virtual call through a deleted object"
    );
    let (_, err) = run_three(&theirs, "destroy");
    assert_eq!(err, Some(ErrorKind::OutOfBounds), "deleting twice");
}

/// Device `malloc`/`free` called directly: blocks kept across launches,
/// null once the 8 MiB heap is full, a double free an error.
const HEAP: &str = r#"
__global__ void grab(int **slot, int n) {
    int i = threadIdx.x;
    int *p = (int *)malloc(n * sizeof(int));
    for (int j = 0; j < n; j++) p[j] = i * 100 + j;
    slot[i] = p;
}
__global__ void sum(int **slot, int *out, int n) {
    int i = threadIdx.x, s = 0;
    for (int j = 0; j < n; j++) s += slot[i][j];
    out[i] = s;
    free(slot[i]);
}
__global__ void huge(int *out) {
    void *a = malloc(6u << 20), *b = malloc(6u << 20);
    out[0] = a != 0;
    out[1] = b != 0;
    free(a);
    free(b);
}
__global__ void twice(int *out) {
    void *a = malloc(16);
    free(a);
    free(a);
}
"#;

/// A runner of one launch: the executor's name and its run of a kernel.
type Runner = Box<dyn Fn(&str, &Launch, &mut Memory) -> Result<(), ErrorKind>>;

fn runners(src: &'static str) -> Vec<(String, Runner)> {
    let mut v: Vec<(String, Runner)> = Vec::new();
    for level in [0, 3] {
        let opts = Options {
            arch: "sm_80".into(),
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", src, &NoFiles, &opts, None).expect("compiles");
        let find = |m: &[String], k: &str| m.iter().find(|n| n.contains(k)).cloned();
        let names: Vec<String> = m.functions.iter().map(|f| f.name.clone()).collect();
        v.push((
            format!("interpreter -O{level}"),
            Box::new(move |k, l, mem| {
                let k = find(&names, k).expect("kernel");
                interp::run_kernel(&m, &k, l, mem, &Config::default())
                    .map(|_| ())
                    .map_err(|e| e.kind)
            }),
        ));
        let ptx = compile_source("t.cu", src, &opts).ptx.expect("PTX");
        v.push((format!("our PTX -O{level}"), emulated(ptx)));
    }
    if let Some(theirs) = libcheck::nvrtc_ptx("t.cu", src, "sm_80", "cuda_runtime.h", &[]) {
        v.push(("NVRTC's PTX".into(), emulated(theirs)));
    }
    v
}

fn emulated(ptx: String) -> Runner {
    let m = emu::PtxModule::parse(&ptx).expect("the PTX parses");
    Box::new(move |k, l, mem| {
        let k = m
            .kernels()
            .into_iter()
            .find(|n| n.contains(k))
            .expect("kernel")
            .to_string();
        emu::run_kernel(&m, &k, l, mem, &Config::default())
            .map(|_| ())
            .map_err(|e| e.kind)
    })
}

#[test]
fn device_malloc_and_free_in_every_executor() {
    for (who, run) in runners(HEAP) {
        let mut mem = Memory::new();
        let slot = mem.alloc(32 * 8);
        let out = mem.upload(&[0i32; 32]);
        let block = |args| Launch::new([1, 1, 1], [32, 1, 1], args);
        let n = ArgValue::I32(10);
        run("grab", &block(vec![ArgValue::Buffer(slot), n]), &mut mem).unwrap();
        let args = vec![ArgValue::Buffer(slot), ArgValue::Buffer(out), n];
        run("sum", &block(args), &mut mem).unwrap();
        let want: Vec<i32> = (0..32).map(|i| i * 1000 + 45).collect();
        assert_eq!(mem.download::<i32>(out), want, "{who}");
        let one = Launch::new([1, 1, 1], [1, 1, 1], vec![ArgValue::Buffer(out)]);
        run("huge", &one, &mut mem).unwrap();
        assert_eq!(
            mem.download::<i32>(out)[..2],
            [1, 0],
            "{who}: the heap holds 8 MiB"
        );
        run("huge", &one, &mut mem).unwrap();
        assert_eq!(
            mem.download::<i32>(out)[..2],
            [1, 0],
            "{who}: free gave it back"
        );
        assert_eq!(
            run("twice", &one, &mut mem),
            Err(ErrorKind::OutOfBounds),
            "{who}"
        );
    }
}

/// Virtual calls on objects made on the stack, through a reference, with
/// an override calling its base's version qualified (no dispatch).
const LOCAL: &str = r#"
struct Shape {
    float s;
    __device__ Shape(float s) : s(s) {}
    __device__ virtual float area() const = 0;
    __device__ virtual float scale() const { return 2.0f; }
    __device__ virtual ~Shape() {}
};
struct Square : Shape {
    __device__ Square(float s) : Shape(s) {}
    __device__ float area() const override { return s * s; }
};
struct Circle final : Shape {
    float k;
    __device__ Circle(float s) : Shape(s), k(3.0f) {}
    __device__ float area() const override { return k * s * s; }
    __device__ float scale() const override { return 0.5f * Shape::scale(); }
};
__device__ float use(const Shape &sh) { return sh.area() * sh.scale(); }
__global__ void local(float *out) {
    int i = threadIdx.x;
    Square q((float)i);
    Circle c((float)i);
    out[i] = use(q) + 100 * use(c);
}
"#;

#[test]
fn virtual_calls_on_local_objects_in_every_executor() {
    let want: Vec<f32> = (0..32).map(|i| (302 * i * i) as f32).collect();
    for (who, run) in runners(LOCAL) {
        let mut mem = Memory::new();
        let out = mem.upload(&[0f32; 32]);
        let l = Launch::new([1, 1, 1], [32, 1, 1], vec![ArgValue::Buffer(out)]);
        run("local", &l, &mut mem).unwrap_or_else(|e| panic!("{who}: {e:?}"));
        assert_eq!(mem.download::<f32>(out), want, "{who}");
    }
}

/// The vtables are nvcc's: `.global .align 8 .u64 _ZTV…[N] = {0, 0, …}`
/// with a pure virtual function's slot 0, the destructors `D1` and `D0`
/// last; ptxas accepts ours.
#[test]
fn vtables_are_nvccs() {
    let ours = libcheck::our_ptx("local.cu", LOCAL, "sm_80");
    let tables = |ptx: &str| -> Vec<String> {
        ptx.lines()
            .filter(|l| l.contains("_ZTV") && l.contains('='))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        tables(&ours),
        [
            ".global .align 8 .u64 _ZTV5Shape[6] = {0, 0, 0, _ZNK5Shape5scaleEv, _ZN5ShapeD1Ev, _ZN5ShapeD0Ev};",
            ".global .align 8 .u64 _ZTV6Square[6] = {0, 0, _ZNK6Square4areaEv, _ZNK5Shape5scaleEv, _ZN6SquareD1Ev, _ZN6SquareD0Ev};",
            ".global .align 8 .u64 _ZTV6Circle[6] = {0, 0, _ZNK6Circle4areaEv, _ZNK6Circle5scaleEv, _ZN6CircleD1Ev, _ZN6CircleD0Ev};",
        ]
    );
    assert!(ours.contains(".callprototype"));
    if let Some(theirs) = libcheck::nvrtc_ptx("local.cu", LOCAL, "sm_80", "cuda_runtime.h", &[]) {
        let mut a = tables(&ours);
        let mut b = tables(&theirs);
        a.sort();
        b.sort();
        assert_eq!(a, b, "NVRTC's vtables");
    }
}

/// Our compile of the three kernels (`new`, virtual calls, `delete`), in
/// the interpreter and as our PTX: the same results as NVRTC's, a virtual
/// call through a deleted object an error.
#[test]
fn new_virtual_delete_in_every_executor() {
    for (who, run) in runners(SRC) {
        let mut mem = Memory::new();
        let objs = mem.alloc(N * 8);
        let out = mem.upload(&[0f32; N]);
        let n = ArgValue::I32(N as i32);
        let grid = |args| Launch::new([2, 1, 1], [32, 1, 1], args);
        let make = grid(vec![ArgValue::Buffer(objs), n]);
        let areas = grid(vec![ArgValue::Buffer(objs), ArgValue::Buffer(out), n]);
        run("make", &make, &mut mem).unwrap_or_else(|e| panic!("{who}: make: {e:?}"));
        run("areas", &areas, &mut mem).unwrap_or_else(|e| panic!("{who}: areas: {e:?}"));
        assert_eq!(mem.download::<f32>(out), want(), "{who}");
        run("destroy", &make, &mut mem).unwrap_or_else(|e| panic!("{who}: destroy: {e:?}"));
        assert_eq!(
            run("areas", &areas, &mut mem),
            Err(ErrorKind::OutOfBounds),
            "{who}"
        );
    }
}
