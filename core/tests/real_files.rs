//! What whole real `.cu` files need beyond their kernels: the system and
//! library headers their host code includes, and the C++ rules host code
//! relies on. Each construct here was met in a public suite of real CUDA
//! programs (the suites themselves never enter the repository).

use ptxlab_core::{compile_source, Options};

fn compile(src: &str) -> ptxlab_core::Compilation {
    compile_source("real.cu", src, &Options::default())
}

fn errors(c: &ptxlab_core::Compilation) -> Vec<String> {
    c.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect()
}

/// The host side of a benchmark: POSIX timing, argument parsing, threads,
/// errno, file status and OpenMP's runtime, all declared before the kernel.
#[test]
fn posix_host_code_around_a_kernel_compiles() {
    let src = r#"#include <strings.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sched.h>
#include <errno.h>
#include <ctype.h>
#include <getopt.h>
#include <inttypes.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include <omp.h>
static struct option long_options[] = {{"size", required_argument, 0, 's'}, {0, 0, 0, 0}};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t stop;
double rtclock() {
    struct timeval t;
    gettimeofday(&t, 0);
    return t.tv_sec + t.tv_usec * 1.0e-6;
}
int set_priority() {
    struct sched_param p;
    p.sched_priority = sched_get_priority_max(SCHED_FIFO);
    struct rlimit r;
    getrlimit(RLIMIT_STACK, &r);
    return sched_setscheduler(0, SCHED_FIFO, &p) == 0 ? 0 : errno;
}
__global__ void scale(int64_t *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 3 + INT32_MAX;
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    assert!(c.ptx.unwrap().contains(".entry _Z5scalePli("));
}

/// The C++ library headers real files include beyond the common ones.
#[test]
fn cxx_library_host_code_around_a_kernel_compiles() {
    let src = r#"#include <typeinfo>
#include <deque>
#include <list>
#include <queue>
#include <stack>
#include <string_view>
#include <condition_variable>
#include <optional>
#include <cctype>
#include <cinttypes>
std::deque<int> pending;
std::priority_queue<float> best;
std::list<double> history;
std::condition_variable ready;
__global__ void k(float *out) { out[threadIdx.x] = 2.0f; }
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    assert!(c.ptx.unwrap().contains(".entry _Z1kPf("));
}

/// `extern double x;` (a header) and then `double x = 0;` (the file) is one
/// variable, as in C++; a device variable declared `extern` first keeps its
/// definition's initializer; two definitions are still an error.
#[test]
fn an_extern_declaration_then_the_definition_is_one_variable() {
    let src = r#"extern double total_flops;
double total_flops = 0;
extern __device__ int counter;
__device__ int counter = 5;
extern __device__ int counter;
__global__ void k(int *p) { p[0] = counter; }
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert_eq!(ptx.matches(" counter").count(), 1, "{ptx}");
    assert!(ptx.contains(".global .align 4 .u32 counter = 5;"), "{ptx}");

    let unbounded = compile("extern int table[];\nint table[8];\n__global__ void k() {}\n");
    assert_eq!(errors(&unbounded), Vec::<String>::new());
    let other = compile("extern int v;\nfloat v = 1;\n__global__ void k() {}\n");
    assert_eq!(errors(&other).len(), 1, "{:?}", errors(&other));

    let twice = compile("double x = 0;\ndouble x = 1;\n__global__ void k() {}\n");
    assert_eq!(
        errors(&twice),
        ["real.cu(2): error: variable \"x\" has already been defined"]
    );
}

/// nvcc's implicit `cuda_runtime.h` brings the C library's common headers
/// (stdio, stdlib, string, time) with it: `clock_t`, `FILE`, `malloc`,
/// `memcpy` need no include, and device code's `clock()` is still the
/// device's clock.
#[test]
fn the_implicit_runtime_header_brings_the_c_library() {
    let src = r#"clock_t started;
FILE *log_file;
void host_side(float *h, size_t n) { memcpy(h, h + n, n); free(malloc(n)); }
__global__ void timed(clock_t *t, float *x) {
    clock_t start = clock();
    x[threadIdx.x] *= 2.0f;
    t[threadIdx.x] = clock() - start;
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains(".entry _Z5timedPlPf("), "{ptx}");
    assert!(ptx.contains("%clock"), "{ptx}");
}

/// A host member of a class template defined out of its class (cuda-samples'
/// `exception.h`: `template <class E> void Exception<E>::throw_it(…) {…}`)
/// is host code, skipped like other host function bodies.
#[test]
fn host_members_of_class_templates_defined_out_of_class_are_host_code() {
    let src = r#"#include <stdexcept>
#include <sstream>
template <class Std_Exception> class Exception : public Std_Exception {
public:
    static void throw_it(const char *file, const int line, const char *detailed = "-");
    virtual ~Exception() throw();
private:
    Exception();
};
/*static*/ template <class Std_Exception>
void Exception<Std_Exception>::throw_it(const char *file, const int line, const char *detailed) {
    std::stringstream s;
    s << "Exception in file '" << file << "' in line " << line;
    throw Exception(s.str());
}
template <class Std_Exception>
Exception<Std_Exception>::~Exception() throw() {}
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    assert!(c.ptx.unwrap().contains(".entry _Z1kPf("));
}

/// A class template declared and never defined, used through its explicit
/// specializations (cuda-samples' `helper_image.h`); the primary template
/// defined after a declaration; host code can test `__linux__` as with nvcc.
#[test]
fn class_templates_declared_first_are_class_templates() {
    let src = r#"template <class T> struct FromByte;
template <> struct FromByte<unsigned char> {
    __device__ float operator()(const unsigned char &v) { return v; }
};
template <> struct FromByte<float> {
    __device__ float operator()(const unsigned char &v) { return v / 255.0f; }
};
template <class T> struct Later;
template <class T> struct Later { T value; };
#if !defined(__linux__) || !defined(__x86_64__)
#error Unsupported system
#endif
__global__ void k(const unsigned char *in, float *out, Later<int> l) {
    FromByte<float> scale;
    FromByte<unsigned char> widen;
    out[threadIdx.x] = scale(in[threadIdx.x]) + widen(in[0]) + l.value;
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    assert!(c.ptx.unwrap().contains(".entry _Z1kPKhPf5LaterIiE("));

    let undefined = compile(
        "template <class T> struct X;\n__global__ void k(int *p) { X<int> x; p[0] = 1; }\n",
    );
    assert!(!errors(&undefined).is_empty());
    assert!(
        errors(&undefined)
            .iter()
            .all(|e| !e.contains("internal compiler error")),
        "{:?}",
        errors(&undefined)
    );
}

/// `CUDART_VERSION` is the runtime's (13050 for 13.5) with no include, and
/// `CUDA_VERSION` once `cuda.h` is included, as nvcc's headers define them:
/// cuda-samples' threadFenceReduction guards its kernels with
/// `#if CUDART_VERSION >= 2020`, and compiled to no kernel without it.
#[test]
fn cuda_version_macros_are_nvccs() {
    let src = "#if CUDART_VERSION >= 2020\n__global__ void k(int *p) { p[0] = CUDART_VERSION; }\n#endif\n#ifdef CUDA_VERSION\n#error no cuda.h yet\n#endif\n#include <cuda.h>\n#if CUDA_VERSION != 13050\n#error CUDA_VERSION\n#endif\n";
    let c = ptxlab_core::compile_source("k.cu", src, &ptxlab_core::Options::default());
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains(".entry _Z1kPi("), "{ptx}");
    assert!(ptx.contains("13050"), "{ptx}");
}

/// `cuda.h`'s driver API as host code around kernels uses it
/// (cuda-samples' simpleVulkanMMAP): a global of an enumeration type,
/// functions over `CUmemAllocationProp`, and the enumerators' values and
/// the struct's size as nvcc's header gives them (3 + 32).
#[test]
fn driver_api_declarations_are_usable() {
    let src = r#"#include <cuda.h>
CUmemAllocationHandleType flag = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
void prepare(CUmemAllocationProp *prop) {
    prop->type = CU_MEM_ALLOCATION_TYPE_PINNED;
    CUmemGenericAllocationHandle h;
    cuMemCreate(&h, 4096, prop, 0);
}
__global__ void k(int *p) { p[0] = CU_MEM_ACCESS_FLAGS_PROT_READWRITE + sizeof(CUmemAllocationProp); }
"#;
    let c = ptxlab_core::compile_source("k.cu", src, &ptxlab_core::Options::default());
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains("mov.u32 \t%r1, 35;"), "{ptx}");
}

/// A texture program as real files write one: host code that makes a CUDA
/// array, copies into it and creates texture and surface objects around
/// kernels that take them by value (bindless textures; CUDA 12 has no
/// texture references). The kernels fetch through `tex2D<float4>`,
/// `tex1Dfetch<int>` and `surf2Dread(&v, …)`/`surf2Dwrite`; a helper
/// header's own `make_float2(float)` and `fminf(float2, float2)`
/// overloads leave CUDA's `make_float2(x, y)` and `fminf(x, y)` callable.
#[test]
fn texture_objects_and_the_host_code_that_creates_them_compile() {
    let src = r#"#include <cuda_runtime.h>
#include <cuda.h>
#include <texture_types.h>
#include <channel_descriptor.h>
#include <stdio.h>
inline __host__ __device__ float2 make_float2(float s) { return make_float2(s, s); }
inline __host__ __device__ float2 fminf(float2 a, float2 b) { return make_float2(fminf(a.x, b.x), fminf(a.y, b.y)); }
inline __device__ float clamp(float f, float a, float b) { return fmaxf(a, fminf(f, b)); }
typedef unsigned int uint;
cudaTextureObject_t texImage;
cudaSurfaceObject_t surfImage;
static cudaArray *d_array;
cudaArray_t d_volume = 0;
__global__ void blur(uint *dst, int w, int h, cudaTextureObject_t tex) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++) {
            float4 c = tex2D<float4>(tex, x + i + 0.5f, y + j + 0.5f);
            s.x += c.x; s.y += c.y; s.z += c.z; s.w += c.w;
        }
    float2 half = make_float2(0.5f), sum = make_float2(s.x, s.y);
    half.x += sum.x;
    half = fminf(half, make_float2(1.f));
    dst[y * w + x] = (uint)(clamp(half.x, 0.f, 1.f) * 255.f);
}
__global__ void lookup(const int *idx, int *out, CUtexObject table) { out[threadIdx.x] = tex1Dfetch<int>(table, idx[threadIdx.x]); }
__global__ void invert(cudaSurfaceObject_t surf, int w, int h) {
    unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) {
        unsigned char v;
        surf2Dread(&v, surf, x, y);
        surf2Dwrite((unsigned char)(255 - v), surf, x, y);
    }
}
void initTexture(int w, int h, const unsigned char *img) {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();
    cudaMallocArray(&d_array, &desc, w, h, cudaArraySurfaceLoadStore);
    cudaMemcpy2DToArray(d_array, 0, 0, img, w * 4, w * 4, h, cudaMemcpyHostToDevice);
    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray;
    res.res.array.array = d_array;
    cudaTextureDesc td;
    memset(&td, 0, sizeof(td));
    td.normalizedCoords = false;
    td.filterMode = cudaFilterModeLinear;
    td.addressMode[0] = cudaAddressModeClamp;
    td.addressMode[1] = cudaAddressModeWrap;
    td.readMode = cudaReadModeNormalizedFloat;
    cudaCreateTextureObject(&texImage, &res, &td, NULL);
    cudaCreateSurfaceObject(&surfImage, &res);
    cudaExtent e = make_cudaExtent(w, h, 4);
    cudaChannelFormatDesc f = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaMalloc3DArray(&d_volume, &f, e, 0);
    cudaMemcpy3DParms p = {0};
    p.srcPtr = make_cudaPitchedPtr((void *)img, w * 4, w, h);
    p.dstArray = d_volume;
    p.extent = e;
    p.kind = cudaMemcpyHostToDevice;
    cudaMemcpy3D(&p);
}
void run(uint *d_dst, int w, int h) {
    dim3 b(16, 16), g((w + 15) / 16, (h + 15) / 16);
    blur<<<g, b>>>(d_dst, w, h, texImage);
    invert<<<g, b>>>(surfImage, w, h);
    cudaDestroySurfaceObject(surfImage);
    cudaDestroyTextureObject(texImage);
    cudaFreeArray(d_array);
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    for entry in [
        ".entry _Z4blurPjiiy(",
        ".entry _Z6lookupPKiPiy(",
        ".entry _Z6invertyii(",
    ] {
        assert!(ptx.contains(entry), "{entry}: {ptx}");
    }
    assert!(ptx.contains("tex.2d.v4.f32.f32"), "{ptx}");
    assert!(ptx.contains("tex.1d.v4.s32.s32"), "{ptx}");
    assert!(ptx.contains("suld.b.2d.b8.trap"), "{ptx}");
    assert!(ptx.contains("sust.b.2d.b8.trap"), "{ptx}");
}

/// What the host side of IPC samples and Rodinia's dwt2d and streamcluster
/// name at file scope: the runtime's IPC handles and memory-pool export
/// types as struct members, glibc's `<error.h>`, and `pthread_barrier_t`
/// with only `<iostream>` included (libstdc++ brings `<pthread.h>`).
#[test]
fn ipc_handles_error_h_and_pthread_through_iostream() {
    let src = r#"#include <iostream>
#include <error.h>
#define MAX_DEVICES 8
typedef struct ipcDevices_st {
    int count;
    cudaIpcMemHandle_t memHandle[MAX_DEVICES];
    cudaIpcEventHandle_t eventHandle[MAX_DEVICES];
    cudaMemAllocationHandleType handleType;
    cudaMemPoolPtrExportData exportData;
} ipcDevices;
struct worker_arg { int pid; pthread_barrier_t *barrier; };
void fail(const char *what) { error(1, 0, "%s failed", what); }
__global__ void scale(float *x) { x[threadIdx.x] *= sizeof(cudaIpcMemHandle_t); }
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    // The handle is 64 bytes, as the runtime's is.
    assert!(ptx.contains("0f42800000"), "{ptx}");
}

/// What the implicit runtime header gives real files with no include:
/// `assert` (cuda-samples' NVRTC kernels) and the `CUDART_CB` calling
/// convention of stream callbacks; and the system- and block-scope atomics
/// (`atomicExch_system`, …: `atom.sys`, `atom.cta`).
#[test]
fn assert_cudart_cb_and_scoped_atomics_need_no_include() {
    let src = r#"void CUDART_CB done(cudaStream_t s, cudaError_t e, void *data) {}
__global__ void k(int *a, unsigned *u, float *f, unsigned long long *y, int n) {
    assert(n > 0);
    f[1] = atomicExch_system(&f[0], 2.0f);
    a[8] = atomicMax_system(&a[1], 3) + atomicCAS_system(&a[6], 1, 2);
    u[9] = atomicInc_system(&u[2], 10u) + atomicDec_block(&u[3], 10u);
    y[1] = atomicXor_system(&y[0], 7ull);
    a[9] = atomicOr_block(&a[5], 6);
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    for op in [
        "atom.global.sys.exch.b32",
        "atom.global.sys.max.s32",
        "atom.global.sys.cas.b32",
        "atom.global.sys.inc.u32",
        "atom.global.cta.dec.u32",
        "atom.global.sys.xor.b64",
        "atom.global.cta.or.b32",
    ] {
        assert!(ptx.contains(op), "{op}: {ptx}");
    }
}

/// Conditional graph nodes (cuda-samples' graphConditionalNodes): the
/// handle type and the device runtime's `cudaGraphSetConditional`, called
/// as an external function as nvcc calls it; the graph types host code names.
#[test]
fn graph_conditional_handles_call_the_device_runtime() {
    let src = r#"cudaGraph_t graph;
cudaGraphExec_t exec;
cudaGraphNode_t node;
__global__ void step(char *counter, cudaGraphConditionalHandle handle) {
    if (--(*counter) == 0) cudaGraphSetConditional(handle, 0);
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains(".entry _Z4stepPcy("), "{ptx}");
    assert!(
        ptx.contains(".extern .func cudaGraphSetConditional\n(\n"),
        "{ptx}"
    );
    assert!(
        ptx.contains("call.uni \n\tcudaGraphSetConditional, "),
        "{ptx}"
    );
}

/// A large by-value kernel parameter marked `__grid_constant__`
/// (cuda-samples' LargeKernelParameter) indexed at run time: its bytes are
/// read with `ld.param` through a register holding the parameter's
/// address (`mov.b64 %rd, k_param_0`), as nvcc reads them.
#[test]
fn grid_constant_parameters_indexed_at_run_time() {
    let src = r#"typedef struct { int v[1024]; } params_t;
__global__ void sum(__grid_constant__ const params_t p, int *out, int n) {
    int t = 0;
    for (int i = 0; i < n; ++i) t += p.v[i];
    *out = t;
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert!(
        ptx.contains(".param .align 4 .b8 _Z3sum8params_tPii_param_0[4096]"),
        "{ptx}"
    );
    assert!(
        ptx.contains("mov.b64 \t%rd") && ptx.contains(", _Z3sum8params_tPii_param_0;"),
        "{ptx}"
    );
    assert!(
        ptx.contains("ld.param.u32 \t%r") && ptx.contains(", [%rd"),
        "{ptx}"
    );
}

/// Built-ins the program overloads, as cuda-samples' helper_math.h does
/// (`make_float2(float s)`, `fminf(float2, float2)`, …): a call the
/// program's overloads do not take is the built-in's.
#[test]
fn builtins_overloaded_by_the_program_stay_callable() {
    let src = r#"inline __host__ __device__ float2 make_float2(float s) { return make_float2(s, s); }
inline __host__ __device__ float2 fminf(float2 a, float2 b) { return make_float2(fminf(a.x, b.x), fminf(a.y, b.y)); }
inline __host__ __device__ float2 operator+(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__global__ void k(float2 *v, float *f) {
    float2 m = fminf(v[0], make_float2(f[0]));
    v[1] = m + make_float2(1.0f, 2.0f);
    f[1] = fminf(f[2], f[3]);
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains(".entry _Z1kP6float2Pf("), "{ptx}");
    assert!(ptx.contains("min.f32"), "{ptx}");
}

/// `__sincosf` (cuda-samples' convolutionFFT2D) is the fast sine and
/// cosine, `sin.approx.f32` and `cos.approx.f32` as nvcc writes them.
#[test]
fn fast_sincos_is_the_approximate_pair() {
    let src = "__global__ void k(float *p, float x) { float s, c; __sincosf(x, &s, &c); p[0] = s; p[1] = c; }\n";
    let c = ptxlab_core::compile_source("k.cu", src, &ptxlab_core::Options::default());
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.unwrap();
    assert!(
        ptx.contains("sin.approx.f32") && ptx.contains("cos.approx.f32"),
        "{ptx}"
    );
}

/// `extern "C" T x;` declares (a linkage specification on one declaration
/// acts as `extern`), so the definition that follows is the same variable
/// (cuda-samples' imageDenoising: `extern "C" cudaTextureObject_t texImage;`
/// in its header, the definition in the file); the braced form defines.
#[test]
fn a_linkage_specification_on_one_variable_declares_it() {
    let src = "extern \"C\" unsigned long long texImage;\nunsigned long long texImage;\nextern \"C\" { int cnt; }\n__global__ void k(int *p) { p[0] = 1; }\n";
    let c = ptxlab_core::compile_source("k.cu", src, &ptxlab_core::Options::default());
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let c = ptxlab_core::compile_source(
        "k.cu",
        "extern \"C\" { int cnt; }\nint cnt;\n__global__ void k(int *p) { p[0] = 1; }\n",
        &ptxlab_core::Options::default(),
    );
    assert!(
        c.diagnostics
            .iter()
            .any(|d| d.message.contains("\"cnt\" has already been defined")),
        "{:#?}",
        c.diagnostics
    );
}

/// A host-only library's header that is not shipped (OpenGL, EGL, cuBLAS,
/// ..., and Thrust, which real files call from host code) is a warning; host declarations that then do not parse are skipped
/// with one note naming it, and the kernels still compile. nvcc emits the
/// same kernels (cuda-samples' simpleGL and EGL interop samples).
#[test]
fn missing_host_only_header_is_a_warning() {
    let src = r#"#include <GL/gl.h>
#include "cudaEGL.h"
#include <cuda_runtime.h>
#include <thrust/sort.h>
typedef void (*PFNGLBINDBUFFERPROC)(GLenum, GLuint);
namespace helper {
    PFNGLBINDBUFFERPROC glBindBuffer = (PFNGLBINDBUFFERPROC)glXGetProcAddress((const GLubyte *)"glBindBuffer");
    static int supported(unsigned major);
}
struct Window { GLuint vbo; EGLDisplay display; };
void createVBO(GLuint *vbo, struct cudaGraphicsResource **res, unsigned int flags);
GLuint program;
__global__ void fill(float4 *pos, unsigned int w, float t) {
    pos[threadIdx.x] = make_float4(w, t, 0.0f, 1.0f);
}
void createVBO(GLuint *vbo, struct cudaGraphicsResource **res, unsigned int flags) {
    thrust::sort(vbo, vbo + 16);
    glGenBuffers(1, vbo);
    fill<<<1, 1>>>(0, 1, 0.0f);
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let warnings: Vec<String> = c
        .diagnostics
        .iter()
        .filter(|d| d.severity == ptxlab_core::diag::Severity::Warning)
        .map(|d| d.to_string())
        .collect();
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert!(
        warnings[2].contains("the kernels Thrust would instantiate are not made"),
        "{warnings:?}"
    );
    assert!(
        warnings[0].contains("cannot open source file \"GL/gl.h\""),
        "{warnings:?}"
    );
    assert!(warnings[1].contains("\"cudaEGL.h\""), "{warnings:?}");
    let notes: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.severity == ptxlab_core::diag::Severity::Note)
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].message.contains("GL/gl.h"));
    assert!(c
        .ptx
        .unwrap()
        .contains(".visible .entry _Z4fillP6float4jf("));
}

/// Device code that needs what a missing host-only header declares still
/// gets a real error, and a missing header of any other kind stays an error.
#[test]
fn missing_header_errors_for_device_code_and_other_headers() {
    let c = compile(
        "#include <GL/gl.h>\n__device__ GLuint id;\n__global__ void k(int *p) { p[0] = id; }\n",
    );
    assert!(!errors(&c).is_empty(), "{:?}", c.diagnostics);
    let c = compile("#include <GL/gl.h>\n__global__ void k(GLuint *p) { p[0] = 1; }\n");
    assert!(!errors(&c).is_empty(), "{:?}", c.diagnostics);
    let c = compile("#include <mylib/helpers.h>\n__global__ void k(int *p) { p[0] = 1; }\n");
    assert_eq!(
        errors(&c),
        vec!["real.cu(1): error: cannot open source file \"mylib/helpers.h\"".to_string()]
    );
}

/// Template declarations as real headers write them (Boost's interval
/// library in cuda-samples): a default argument closed by `>>` and given
/// only on an earlier declaration; a dependent member type of a type
/// parameter in a signature (`typename I::base_type`, mangled as nvcc:
/// `NT_10value_typeE`); host member templates of class templates and
/// operators defined out of their class, which are host code and skipped.
#[test]
fn template_declarations_of_real_headers() {
    let src = r#"
template <class T> struct rc { static T f(T x) { return x; } };
template <class T, class R = rc<T>> struct ra;
template <class T, class R> struct ra : R { __device__ T add(T a, T b) { return a + b; } };
template <class T, class P> struct iv {
    T lo;
    template <class U> iv(U const &v);
    iv &operator=(T const &v);
};
template <class T, class P> template <class U> inline iv<T, P>::iv(U const &v) { lo = v; }
template <class T, class P> inline iv<T, P> &iv<T, P>::operator=(T const &v) { lo = v; return *this; }
struct S { typedef float value_type; float v; };
template <class T> __device__ __noinline__ typename T::value_type get(const T &t, typename T::value_type d) { return t.v + d; }
__global__ void k(float *p) { ra<float> r; S s{p[0]}; p[1] = r.add(p[1], p[2]) + get(s, 2.0f); }
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains("_Z3getI1SENT_10value_typeERKS1_S2_("), "{ptx}");
}

/// A device function pointer initialized with `NULL` (cuda-samples'
/// FunctionPointers), and a pointer initialized with an integer address:
/// constant initializers, as nvcc writes them (`.u64 fa;`, `= 16`).
#[test]
fn pointers_initialized_with_null_are_constants() {
    let src = r#"#include <stdio.h>
__device__ int add1(int x) { return x + 1; }
__device__ int (*fa)(int) = NULL;
__device__ int (*fb)(int) = add1;
__device__ float *r = (float *)16;
__global__ void k(int *p) { if (fa) p[0] = fa(1); p[1] = fb(2) + (int)(long)r; }
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains(".global .align 8 .u64 fa;"), "{ptx}");
    assert!(
        ptx.contains(".global .align 8 .u64 fb = _Z4add1i;"),
        "{ptx}"
    );
    assert!(ptx.contains(".global .align 8 .u64 r = 16;"), "{ptx}");
}

/// `__align__(n)` among a declaration's specifiers, after the type
/// (`__shared__ unsigned char __align__(8) s_buffer[…]`, cuda-samples'
/// newdelete): the variable's alignment, as nvcc's `.align 8`.
#[test]
fn align_among_a_declarations_specifiers() {
    let src = "__global__ void k(int *p) {\n  __shared__ unsigned char __align__(8) buf[64];\n  __shared__ int __align__(16) d[32];\n  buf[threadIdx.x] = p[0]; d[threadIdx.x] = buf[1]; p[1] = d[2];\n}\n";
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert!(
        ptx.contains(".shared .align 8 .b8 _ZZ1kPiE3buf[64];"),
        "{ptx}"
    );
    assert!(
        ptx.contains(".shared .align 16 .b8 _ZZ1kPiE1d[128];"),
        "{ptx}"
    );
}

/// A class template instance that a function template's signature names
/// without its parameters (`Tile<32> &`, simpleAWBarrier's
/// `cg::thread_block_tile<32> &`) is the whole class in its body, and
/// `alignas(alignof(float4))` (globalToShmemAsyncCopy) is 16.
#[test]
fn a_class_instance_in_a_template_signature_has_its_members() {
    let src = "template <unsigned N, typename P = void> struct Tile {
    __device__ unsigned size() const { return N; }
};
template <bool B> __device__ void f(Tile<32> &t, unsigned *r) { *r = B ? t.size() : 0; }
__global__ void k(unsigned *r) {
    __shared__ alignas(alignof(float4)) float s[8];
    Tile<32> t;
    s[threadIdx.x] = 1.0f;
    f<true>(t, r + (unsigned)s[0]);
}
";
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.expect("PTX");
    assert!(ptx.contains(".shared .align 16 .b8"), "{ptx}");
}

/// A parameter of type `thread_group` receives a block or a tile
/// (simpleCooperativeGroups): the class's constructor from the argument's
/// class converts it, as C++ does for a non-explicit constructor.
#[test]
fn a_thread_group_parameter_takes_a_block_or_a_tile() {
    let src = "#include <cooperative_groups.h>
using namespace cooperative_groups;
__device__ int rank_sum(thread_group g, int *x) {
    x[g.thread_rank()] = g.thread_rank();
    g.sync();
    return g.thread_rank() == 0 ? (int)g.size() : 0;
}
__global__ void k(int *x, int *out) {
    thread_block b = this_thread_block();
    out[0] = rank_sum(b, x);
    thread_block_tile<16> t = tiled_partition<16>(b);
    out[1] = rank_sum(t, x);
    thread_group g = tiled_partition(b, 8);
    out[2] = rank_sum(g, x);
}
";
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    assert!(c.ptx.expect("PTX").contains("bar.warp.sync"));
}

/// A local `const` integer with a constant initializer is a constant
/// expression: it sizes `__shared__` and local arrays (cuda-samples'
/// MonteCarloMultiGPU: `const int SUM_N = THREAD_N; __shared__ real
/// s_SumCall[SUM_N];`).
#[test]
fn a_local_const_integer_sizes_arrays() {
    let src = "#define THREAD_N 256\n__global__ void k(float *p) {\n\
               const int SUM_N = THREAD_N; const int TWICE = SUM_N * 2;\n\
               __shared__ float s[SUM_N]; float t[TWICE / 64];\n\
               s[threadIdx.x] = p[threadIdx.x]; t[p[0] > 0] = 1; __syncthreads();\n\
               p[threadIdx.x] = s[SUM_N - 1 - threadIdx.x] + t[1]; }\n";
    let c = compile(src);
    assert!(errors(&c).is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.unwrap();
    assert!(
        ptx.contains(".shared .align 4 .b8 _ZZ1kPfE1s[1024];"),
        "{ptx}"
    );
    // The constant is the block's: a variable of that name elsewhere is
    // not replaced by it.
    let src = "__device__ int S;\n__global__ void a(int *p) { { const int S = 4; __shared__ int t[S]; t[p[0]] = 1; p[1] = t[2]; } p[2] = S; }\n\
               __global__ void b(int *p) { p[0] = S; }\n";
    let c = compile(src);
    assert!(errors(&c).is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.unwrap();
    assert_eq!(ptx.matches("[S];").count(), 2, "{ptx}");
}

/// The Monte Carlo samples' cuRAND use: the host API's generator calls and
/// direction vectors (host code), the device states as kernel parameters
/// (mangled as nvcc's: `P17curandStateXORWOW`, `A32_j` for
/// `curandDirectionVectors32_t`), `curand_init` over XORWOW and the Sobol
/// states, uniform and normal draws in float and double.
#[test]
fn curand_monte_carlo_kernels_compile() {
    let src = r#"#include <curand.h>
#include <curand_kernel.h>
template <typename S, typename V>
__global__ void initQ(S *const states, V *const dirs, unsigned int n) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(dirs[0], tid * n, &states[tid]);
}
__global__ void initP(curandState *const states, const unsigned int seed) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, tid, 0, &states[tid]);
}
__global__ void draw(float *f, double *d, curandState *states, curandStateSobol64 *q) {
    unsigned int tid = threadIdx.x;
    curandState local = states[tid];
    f[tid] = curand_uniform(&local) + curand_normal(&local);
    d[tid] = curand_uniform_double(&local) + curand_normal_double(&local) + curand_uniform_double(&q[tid]);
    states[tid] = local;
}
void host(unsigned int n) {
    curandGenerator_t gen;
    curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
    curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
    curandDirectionVectors32_t *v32;
    curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
    initQ<curandStateSobol32_t, curandDirectionVectors32_t><<<1, 1>>>(0, v32, n);
    initQ<curandStateSobol64_t, curandDirectionVectors64_t><<<1, 1>>>(0, 0, n);
    curandDestroyGenerator(gen);
}
"#;
    let c = compile(src);
    assert!(errors(&c).is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.unwrap();
    for entry in [
        "_Z5initPP17curandStateXORWOWj",
        "_Z5initQI18curandStateSobol32A32_jEvPT_PT0_j",
        "_Z5initQI18curandStateSobol64A64_yEvPT_PT0_j",
        "_Z4drawPfPdP17curandStateXORWOWP18curandStateSobol64",
    ] {
        assert!(ptx.contains(&format!(".entry {entry}(")), "{entry}:\n{ptx}");
    }
}

/// An enumerator of a class template's instance (`AsianOption<Real>::Put`
/// in a kernel template, cuda-samples' MC_SingleAsianOptionP).
#[test]
fn enumerators_of_class_template_instances() {
    let src = "template <typename Real> struct Opt { enum CallPut { Call, Put }; Real strike; CallPut type; };\n\
               template <typename Real> __global__ void k(const Opt<Real> *o, Real *p) {\n\
               Real v = p[0] - o->strike; if (o->type == Opt<Real>::Put) v = -v; p[1] = v; }\n\
               template __global__ void k<float>(const Opt<float> *, float *);\n";
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains("setp.eq.s32"), "{ptx}");
    assert!(ptx.contains("neg.f32"), "{ptx}");
}

/// A type named from the global namespace, `::N::C<T>` (CCCL's
/// `template <class T = void> using plus = ::cuda::std::plus<T>;`), in an
/// alias template, a typedef and a parameter.
#[test]
fn globally_qualified_template_ids_name_types() {
    let src = r#"namespace a { template <class T = void> struct d { __device__ T operator()(T x, T y) const { return x / y; } }; }
namespace b { template <class T = void> using d = ::a::d<T>; typedef ::a::d<int> di; }
__global__ void k(b::d<float> f, b::di g, ::a::d<double> h, float *p, int *q, double *r) {
    *p = f(*p, 2.0f);
    *q = g(*q, 3);
    *r = h(*r, 4.0);
}
"#;
    let c = compile(src);
    assert_eq!(errors(&c), Vec::<String>::new());
    // nvcc 13.5's name: every parameter is an instance of `a::d`.
    assert!(c
        .ptx
        .unwrap()
        .contains(".visible .entry _Z1kN1a1dIfEENS0_IiEENS0_IdEEPfPiPd("));
}
