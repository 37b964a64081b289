//! Built-in headers: our own declarations for the headers CUDA files include,
//! so `#include <cuda_runtime.h>` works with no CUDA toolkit (in the browser too).
//! Device built-ins (`threadIdx`, `__syncthreads`, …) are known to sema
//! directly; these headers hold what host code and portable code name.
//! The C++ standard headers are in `cxx.rs`, cooperative groups in `cg.rs`.

mod asyncmem;
mod cg;
mod cub;
mod cucomplex;
mod cudastd;
mod curand;
mod curand_tables;
mod cxx;
mod cxx_extra;
mod devfns;
mod driver;
pub(crate) mod fp16;
mod fp8;
mod posix;
mod texture;
mod thrust;
mod wmma;

pub use cxx::STD_MATH;

const STDDEF: &str = "#pragma once
typedef unsigned long size_t;
typedef long ptrdiff_t;
#define NULL 0
";

const STDINT: &str = "#pragma once
/* x86-64 Linux (LP64), as nvcc's host compiler sees them: 64-bit types are
   long, so int64_t mangles as nvcc's (`l`, `m`). */
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;
typedef signed char int_least8_t;
typedef short int_least16_t;
typedef int int_least32_t;
typedef long int_least64_t;
typedef unsigned char uint_least8_t;
typedef unsigned short uint_least16_t;
typedef unsigned int uint_least32_t;
typedef unsigned long uint_least64_t;
typedef signed char int_fast8_t;
typedef long int_fast16_t;
typedef long int_fast32_t;
typedef long int_fast64_t;
typedef unsigned char uint_fast8_t;
typedef unsigned long uint_fast16_t;
typedef unsigned long uint_fast32_t;
typedef unsigned long uint_fast64_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
typedef long intmax_t;
typedef unsigned long uintmax_t;
#define INT8_MIN (-128)
#define INT16_MIN (-32767 - 1)
#define INT32_MIN (-2147483647 - 1)
#define INT64_MIN (-9223372036854775807L - 1)
#define INT8_MAX 127
#define INT16_MAX 32767
#define INT32_MAX 2147483647
#define INT64_MAX 9223372036854775807L
#define UINT8_MAX 255
#define UINT16_MAX 65535
#define UINT32_MAX 4294967295u
#define UINT64_MAX 18446744073709551615UL
#define INTPTR_MIN INT64_MIN
#define INTPTR_MAX INT64_MAX
#define UINTPTR_MAX UINT64_MAX
#define INTMAX_MIN INT64_MIN
#define INTMAX_MAX INT64_MAX
#define UINTMAX_MAX UINT64_MAX
#define PTRDIFF_MIN INT64_MIN
#define PTRDIFF_MAX INT64_MAX
#define SIZE_MAX UINT64_MAX
#define INT8_C(c) c
#define INT16_C(c) c
#define INT32_C(c) c
#define INT64_C(c) c##L
#define UINT8_C(c) c
#define UINT16_C(c) c
#define UINT32_C(c) c##U
#define UINT64_C(c) c##UL
#define INTMAX_C(c) c##L
#define UINTMAX_C(c) c##UL
";

const STDIO: &str = "#pragma once
#include <stddef.h>
#include <stdarg.h>
typedef struct _IO_FILE FILE;
extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define EOF (-1)
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
__host__ __device__ int printf(const char *format, ...);
int fprintf(FILE *f, const char *format, ...);
int sprintf(char *s, const char *format, ...);
int snprintf(char *s, size_t n, const char *format, ...);
int vprintf(const char *format, va_list args);
int vfprintf(FILE *f, const char *format, va_list args);
int puts(const char *s);
int putchar(int c);
int fputs(const char *s, FILE *f);
char *fgets(char *s, int n, FILE *f);
int fflush(FILE *f);
FILE *fopen(const char *path, const char *mode);
int fclose(FILE *f);
size_t fread(void *p, size_t size, size_t n, FILE *f);
size_t fwrite(const void *p, size_t size, size_t n, FILE *f);
int fseek(FILE *f, long offset, int whence);
long ftell(FILE *f);
void perror(const char *s);
int scanf(const char *format, ...);
int sscanf(const char *s, const char *format, ...);
int fscanf(FILE *f, const char *format, ...);
int remove(const char *path);
";

/// The `__nv_atomic_*` operations nvcc knows with no include (its
/// `crt/sm_90_rt.h`): `__nv_atomic_load_n` as nvcc writes it, one
/// `ld.<order>.<scope>` in inline PTX (a `fence.sc` before it for
/// `__NV_ATOMIC_SEQ_CST`).
const NV_ATOMIC: &str = r#"#pragma once
enum __nv_atomic_memory_order { __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELEASE, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_SEQ_CST };
enum __nv_atomic_thread_scope { __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, __NV_THREAD_SCOPE_CLUSTER, __NV_THREAD_SCOPE_DEVICE, __NV_THREAD_SCOPE_SYSTEM };
#define __PTXLAB_LD_N(sem, scope, bits, c) asm volatile("ld." #sem "." #scope ".b" #bits " %0, [%1];" : "=" c(__u.__b##bits) : "l"(__p) : "memory")
#define __PTXLAB_LD_SCOPES(sem, bits, c) \
  if (__scope <= __NV_THREAD_SCOPE_BLOCK) __PTXLAB_LD_N(sem, cta, bits, c); \
  else if (__scope == __NV_THREAD_SCOPE_CLUSTER) __PTXLAB_LD_N(sem, cluster, bits, c); \
  else if (__scope == __NV_THREAD_SCOPE_DEVICE) __PTXLAB_LD_N(sem, gpu, bits, c); \
  else __PTXLAB_LD_N(sem, sys, bits, c)
template <typename T>
static __device__ __forceinline__ T __nv_atomic_load_n(const T *__p, int __order, int __scope) {
  union { T __v; unsigned int __b32; unsigned long long __b64; } __u;
  if (__order == __NV_ATOMIC_SEQ_CST) {
    if (__scope <= __NV_THREAD_SCOPE_BLOCK) asm volatile("fence.sc.cta;" ::: "memory");
    else if (__scope == __NV_THREAD_SCOPE_CLUSTER) asm volatile("fence.sc.cluster;" ::: "memory");
    else if (__scope == __NV_THREAD_SCOPE_DEVICE) asm volatile("fence.sc.gpu;" ::: "memory");
    else asm volatile("fence.sc.sys;" ::: "memory");
  }
  if (sizeof(T) == 8) {
    if (__order == __NV_ATOMIC_RELAXED) { __PTXLAB_LD_SCOPES(relaxed, 64, "l"); }
    else { __PTXLAB_LD_SCOPES(acquire, 64, "l"); }
  } else {
    if (__order == __NV_ATOMIC_RELAXED) { __PTXLAB_LD_SCOPES(relaxed, 32, "r"); }
    else { __PTXLAB_LD_SCOPES(acquire, 32, "r"); }
  }
  return __u.__v;
}
/* The scope defaults to the system's (two overloads: a function template's
   default arguments are not used in deduced calls yet). */
template <typename T>
static __device__ __forceinline__ T __nv_atomic_load_n(const T *__p, int __order) {
  return __nv_atomic_load_n(__p, __order, __NV_THREAD_SCOPE_SYSTEM);
}
"#;

/// `cuda_runtime.h` (also `cuda.h`, `device_launch_parameters.h`, …): the
/// runtime API's types and functions host code names. Every compile
/// includes it first, as nvcc does.
pub const CUDA_RUNTIME: &str = "#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__ 1
#include <stddef.h>
#include <stdint.h>
/* As nvcc's (through its math functions header): isnan, M_PI, … */
#include <math.h>
/* As nvcc's (through its common functions header): printf, malloc,
   memcpy, clock_t, … are known with no include. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
/* assert() too, in device code with no include (nvcc's runtime header
   brings it). */
#include <assert.h>
/* std::size_t and std::ptrdiff_t, as nvcc's (through <new>). */
namespace std { using ::size_t; using ::ptrdiff_t; }
/* And <type_traits> (through <cmath>): std::is_same with no include. */
#include <type_traits>
/* The calling convention of host callbacks (empty on Linux). */
#define CUDART_CB
/* The runtime's version, 13050 for 13.5, from the compiler's. */
#define CUDART_VERSION (__CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10)
typedef int cudaError_t;
#define cudaSuccess 0
#define cudaErrorInvalidValue 1
#define cudaErrorMemoryAllocation 2
#define cudaErrorUnknown 999
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
/* Graphics interop resources (OpenGL/EGL buffers mapped for kernels). */
struct cudaGraphicsResource;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
enum cudaGraphicsMapFlags {
    cudaGraphicsMapFlagsNone = 0,
    cudaGraphicsMapFlagsReadOnly = 1,
    cudaGraphicsMapFlagsWriteDiscard = 2
};
enum cudaGraphicsRegisterFlags {
    cudaGraphicsRegisterFlagsNone = 0,
    cudaGraphicsRegisterFlagsReadOnly = 1,
    cudaGraphicsRegisterFlagsWriteDiscard = 2,
    cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
    cudaGraphicsRegisterFlagsTextureGather = 8
};
cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream);
cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream);
cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size, cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags);
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4
};
struct cudaDeviceProp {
    char name[256];
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    int major;
    int minor;
    int multiProcessorCount;
};
typedef struct cudaIpcMemHandle_st { char reserved[64]; } cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st { char reserved[64]; } cudaIpcEventHandle_t;
enum cudaMemAllocationHandleType {
    cudaMemHandleTypeNone = 0,
    cudaMemHandleTypePosixFileDescriptor = 1,
    cudaMemHandleTypeWin32 = 2,
    cudaMemHandleTypeWin32Kmt = 4,
    cudaMemHandleTypeFabric = 8
};
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef unsigned long long cudaGraphConditionalHandle;
/* The device runtime's: sets a conditional graph node's value. */
extern \"C\" __device__ void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value);
struct cudaMemPoolPtrExportData { unsigned char reserved[64]; };
extern \"C\" {
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *p);
cudaError_t cudaIpcOpenMemHandle(void **p, cudaIpcMemHandle_t handle, unsigned flags);
cudaError_t cudaIpcCloseMemHandle(void *p);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle);
cudaError_t cudaMalloc(void **p, size_t size);
cudaError_t cudaMallocManaged(void **p, size_t size, unsigned flags);
cudaError_t cudaMallocHost(void **p, size_t size);
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t size, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t size, enum cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t cudaMemset(void *p, int value, size_t size);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
}
/* The device runtime: device code's calls of these runtime functions call
   their `__cudaCDP2` twins (sema redirects them), as nvcc's headers do. */
extern \"C\" {
__device__ cudaError_t __cudaCDP2GetLastError(void);
__device__ cudaError_t __cudaCDP2PeekAtLastError(void);
__device__ const char *__cudaCDP2GetErrorString(cudaError_t error);
__device__ const char *__cudaCDP2GetErrorName(cudaError_t error);
__device__ cudaError_t __cudaCDP2GetDeviceCount(int *count);
__device__ cudaError_t __cudaCDP2Free(void *p);
__device__ cudaError_t __cudaCDP2MemcpyAsync(void *dst, const void *src, size_t size, enum cudaMemcpyKind kind, cudaStream_t stream);
__device__ cudaError_t __cudaCDP2EventRecord(cudaEvent_t event, cudaStream_t stream);
__device__ cudaError_t __cudaCDP2EventDestroy(cudaEvent_t event);
__device__ cudaError_t __cudaCDP2StreamDestroy(cudaStream_t stream);
}
#include <texture_types.h>
#include <texture_indirect_functions.h>
#include <crt/sm_90_rt.h>
#include <crt/ptxlab_device_functions.h>
#endif
";

const MATH: &str = "#pragma once
#define M_E 2.71828182845904523536
#define M_LOG2E 1.44269504088896340736
#define M_LOG10E 0.434294481903251827651
#define M_LN2 0.693147180559945309417
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.785398163397448309616
#define M_1_PI 0.318309886183790671538
#define M_2_PI 0.636619772367581343076
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.707106781186547524401
#define INFINITY (1.0f / 0.0f)
#define NAN (0.0f / 0.0f)
#define HUGE_VALF INFINITY
#define HUGE_VAL (1.0 / 0.0)
/* C99's classification macros as C++'s overloads (CUDA's are functions
   of the device too). */
/* sm_80's warp reductions (`redux.sync`). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
static __device__ __forceinline__ unsigned __reduce_add_sync(unsigned m, unsigned v) { return (unsigned)__nvvm_redux_sync_add((int)v, (int)m); }
static __device__ __forceinline__ int __reduce_add_sync(unsigned m, int v) { return __nvvm_redux_sync_add(v, (int)m); }
static __device__ __forceinline__ unsigned __reduce_min_sync(unsigned m, unsigned v) { return (unsigned)__nvvm_redux_sync_umin((int)v, (int)m); }
static __device__ __forceinline__ int __reduce_min_sync(unsigned m, int v) { return __nvvm_redux_sync_min(v, (int)m); }
static __device__ __forceinline__ unsigned __reduce_max_sync(unsigned m, unsigned v) { return (unsigned)__nvvm_redux_sync_umax((int)v, (int)m); }
static __device__ __forceinline__ int __reduce_max_sync(unsigned m, int v) { return __nvvm_redux_sync_max(v, (int)m); }
static __device__ __forceinline__ unsigned __reduce_and_sync(unsigned m, unsigned v) { return (unsigned)__nvvm_redux_sync_and((int)v, (int)m); }
static __device__ __forceinline__ unsigned __reduce_or_sync(unsigned m, unsigned v) { return (unsigned)__nvvm_redux_sync_or((int)v, (int)m); }
static __device__ __forceinline__ unsigned __reduce_xor_sync(unsigned m, unsigned v) { return (unsigned)__nvvm_redux_sync_xor((int)v, (int)m); }
#endif
static __host__ __device__ __forceinline__ bool isnan(float x) { return x != x; }
static __host__ __device__ __forceinline__ bool isnan(double x) { return x != x; }
static __host__ __device__ __forceinline__ bool isinf(float x) { return fabsf(x) == __int_as_float(0x7f800000); }
static __host__ __device__ __forceinline__ bool isinf(double x) { return fabs(x) == __longlong_as_double(0x7ff0000000000000LL); }
static __host__ __device__ __forceinline__ bool isfinite(float x) { return fabsf(x) < __int_as_float(0x7f800000); }
static __host__ __device__ __forceinline__ bool isfinite(double x) { return fabs(x) < __longlong_as_double(0x7ff0000000000000LL); }
static __host__ __device__ __forceinline__ bool signbit(float x) { return __float_as_int(x) < 0; }
static __host__ __device__ __forceinline__ bool signbit(double x) { return __double_as_longlong(x) < 0; }
/* The fast sine and cosine at once (sin.approx and cos.approx). */
static __device__ __forceinline__ void __sincosf(float x, float *s, float *c) { *s = __sinf(x); *c = __cosf(x); }
";

const FLOAT: &str = "#pragma once
#define FLT_RADIX 2
#define FLT_MANT_DIG 24
#define DBL_MANT_DIG 53
#define FLT_DIG 6
#define DBL_DIG 15
#define FLT_EPSILON 1.19209290e-07F
#define DBL_EPSILON 2.2204460492503131e-16
#define FLT_MIN 1.17549435e-38F
#define DBL_MIN 2.2250738585072014e-308
#define FLT_MAX 3.40282347e+38F
#define DBL_MAX 1.7976931348623157e+308
#define FLT_MIN_EXP (-125)
#define FLT_MAX_EXP 128
#define DBL_MIN_EXP (-1021)
#define DBL_MAX_EXP 1024
";

const LIMITS: &str = "#pragma once
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-2147483647 - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MIN (-9223372036854775807L - 1)
#define LONG_MAX 9223372036854775807L
#define ULONG_MAX 18446744073709551615UL
#define LLONG_MIN (-9223372036854775807LL - 1)
#define LLONG_MAX 9223372036854775807LL
#define ULLONG_MAX 18446744073709551615ULL
";

/// `math_constants.h`: the runtime's `CUDART_*` constants (our own
/// definitions: each value computed from its mathematical definition, the
/// special ones by their IEEE bits, device code's as nvcc has them).
const MATH_CONSTANTS: &str = "#pragma once
#include <cuda_runtime.h>
#define CUDART_INF_F __int_as_float(0x7f800000U)
#define CUDART_NAN_F __int_as_float(0x7fffffffU)
#define CUDART_MIN_DENORM_F __int_as_float(0x00000001U)
#define CUDART_MAX_NORMAL_F __int_as_float(0x7f7fffffU)
#define CUDART_NEG_ZERO_F __int_as_float(0x80000000U)
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_TWO_TO_23_F 8388608.0f
#define CUDART_TWO_TO_24_F 16777216.0f
#define CUDART_TWO_TO_31_F 2147483648.0f
#define CUDART_TWO_TO_32_F 4294967296.0f
#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)
#define CUDART_NAN __longlong_as_double(0xfff8000000000000ULL)
#define CUDART_NEG_ZERO __longlong_as_double(0x8000000000000000ULL)
#define CUDART_MIN_DENORM __longlong_as_double(0x0000000000000001ULL)
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0
#define CUDART_TWO_TO_52 4503599627370496.0
#define CUDART_TWO_TO_53 9007199254740992.0
#define CUDART_TWO_TO_54 18014398509481984.0
#define CUDART_TWO_TO_63 9223372036854775808.0
#define CUDART_TWO_TO_64 18446744073709551616.0
#define CUDART_PI_F 3.141592654e+00f
#define CUDART_PI 3.14159265358979312e+00
#define CUDART_2PI_F 6.283185307e+00f
#define CUDART_2PI 6.28318530717958623e+00
#define CUDART_PIO2_F 1.570796327e+00f
#define CUDART_PIO2 1.57079632679489656e+00
#define CUDART_PIO4_F 7.853981634e-01f
#define CUDART_PIO4 7.85398163397448279e-01
#define CUDART_3PIO4_F 2.356194490e+00f
#define CUDART_3PIO4 2.35619449019234484e+00
#define CUDART_2_OVER_PI_F 6.366197724e-01f
#define CUDART_2_OVER_PI 6.36619772367581382e-01
#define CUDART_SQRT_HALF_F 7.071067812e-01f
#define CUDART_SQRT_HALF 7.07106781186547573e-01
#define CUDART_SQRT_TWO_F 1.414213562e+00f
#define CUDART_SQRT_TWO 1.41421356237309515e+00
#define CUDART_THIRD_F 3.333333333e-01f
#define CUDART_THIRD 3.33333333333333315e-01
#define CUDART_L2E_F 1.442695041e+00f
#define CUDART_L2E 1.44269504088896339e+00
#define CUDART_L2T_F 3.321928095e+00f
#define CUDART_L2T 3.32192809488736218e+00
#define CUDART_LG2_F 3.010299957e-01f
#define CUDART_LG2 3.01029995663981198e-01
#define CUDART_LGE_F 4.342944819e-01f
#define CUDART_LGE 4.34294481903251817e-01
#define CUDART_LN2_F 6.931471806e-01f
#define CUDART_LN2 6.93147180559945286e-01
#define CUDART_LNT_F 2.302585093e+00f
#define CUDART_LNT 2.30258509299404590e+00
#define CUDART_LNPI_F 1.144729886e+00f
#define CUDART_LNPI 1.14472988584940016e+00
#define CUDART_SQRT_PI_F 1.772453851e+00f
#define CUDART_SQRT_PI 1.77245385090551588e+00
#define CUDART_SQRT_2PI_F 2.506628275e+00f
#define CUDART_SQRT_2PI 2.50662827463100024e+00
#define CUDART_SQRT_2_OVER_PI_F 7.978845608e-01f
#define CUDART_SQRT_2_OVER_PI 7.97884560802865406e-01
";

const STDLIB: &str = "#pragma once
#include <stddef.h>
/* glibc's, under g++'s _GNU_SOURCE: uint, ulong, ushort, ssize_t, … */
#include <sys/types.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
/* Device code has malloc and free too (nvcc's heap: `.extern .func malloc`). */
extern \"C\" __host__ __device__ void *malloc(size_t size);
void *calloc(size_t count, size_t size);
void *realloc(void *p, size_t size);
extern \"C\" __host__ __device__ void free(void *p);
int atoi(const char *s);
long atol(const char *s);
double atof(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
float strtof(const char *s, char **end);
double strtod(const char *s, char **end);
void exit(int status);
void abort(void);
char *getenv(const char *name);
int system(const char *command);
int rand(void);
void srand(unsigned seed);
";

const STRING: &str = "#pragma once
#include <stddef.h>
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *d, const char *s);
char *strncpy(char *d, const char *s, size_t n);
char *strcat(char *d, const char *s);
char *strchr(const char *s, int c);
char *strstr(const char *s, const char *t);
";

// Device-side asserts are not checked yet: assert() compiles to nothing.
const ASSERT: &str = "#ifndef assert
#define assert(e) ((void)0)
#endif
";

const TIME: &str = "#pragma once
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
typedef int clockid_t;
struct timespec {
    time_t tv_sec;
    long tv_nsec;
};
struct tm {
    int tm_sec;
    int tm_min;
    int tm_hour;
    int tm_mday;
    int tm_mon;
    int tm_year;
    int tm_wday;
    int tm_yday;
    int tm_isdst;
    long tm_gmtoff;
    const char *tm_zone;
};
#define CLOCKS_PER_SEC 1000000L
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
extern \"C\" {
time_t time(time_t *t);
/* clock() is a built-in (the device's %clock, as CUDA's __host__ __device__
   clock()): not declared here, so device code's calls stay the built-in. */
double difftime(time_t a, time_t b);
time_t mktime(struct tm *t);
struct tm *localtime(const time_t *t);
struct tm *gmtime(const time_t *t);
struct tm *localtime_r(const time_t *t, struct tm *out);
char *ctime(const time_t *t);
char *asctime(const struct tm *t);
size_t strftime(char *s, size_t n, const char *format, const struct tm *t);
int clock_gettime(clockid_t clock, struct timespec *t);
int clock_getres(clockid_t clock, struct timespec *t);
int nanosleep(const struct timespec *req, struct timespec *rem);
}
";

const SYS_TIME: &str = "#pragma once
#include <time.h>
typedef long suseconds_t;
struct timeval {
    time_t tv_sec;
    suseconds_t tv_usec;
};
struct timezone {
    int tz_minuteswest;
    int tz_dsttime;
};
extern \"C\" int gettimeofday(struct timeval *tv, void *tz);
";

const UNISTD: &str = "#pragma once
#include <stddef.h>
#include <sys/types.h>
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define R_OK 4
#define W_OK 2
#define X_OK 1
#define F_OK 0
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE _SC_PAGESIZE
#define _SC_CLK_TCK 2
extern \"C\" {
unsigned sleep(unsigned seconds);
int usleep(useconds_t microseconds);
int close(int fd);
ssize_t read(int fd, void *buf, size_t n);
ssize_t write(int fd, const void *buf, size_t n);
off_t lseek(int fd, off_t offset, int whence);
int access(const char *path, int mode);
int unlink(const char *path);
int rmdir(const char *path);
int chdir(const char *path);
char *getcwd(char *buf, size_t size);
pid_t getpid(void);
pid_t getppid(void);
pid_t fork(void);
int execv(const char *path, char *const argv[]);
int execvp(const char *file, char *const argv[]);
int pipe(int fds[2]);
int dup(int fd);
int dup2(int fd, int to);
long sysconf(int name);
int gethostname(char *name, size_t len);
int getpagesize(void);
int isatty(int fd);
int fsync(int fd);
int truncate(const char *path, off_t length);
int ftruncate(int fd, off_t length);
uid_t getuid(void);
void _exit(int status);
extern char *optarg;
extern int optind;
extern int opterr;
extern int optopt;
int getopt(int argc, char *const argv[], const char *optstring);
}
";

const STDARG: &str = "#pragma once
typedef char *va_list;
#define va_start(ap, last) ((void)0)
#define va_arg(ap, type) (*(type *)(ap))
#define va_end(ap) ((void)0)
";

const STDBOOL: &str = "#pragma once
";

/// Host-only libraries whose headers we do not ship (graphics APIs,
/// windowing, host math libraries, MPI), and Thrust, whose algorithms real
/// files call from host code: a missing one is a warning, not an error;
/// device code that needs what they declare still gets errors.
const HOST_ONLY: &[&str] = &[
    "GL/",
    "GLES",
    "EGL/",
    "KHR/",
    "GLFW/",
    "X11/",
    "vulkan/",
    "cublas",
    "cufft",
    "cusparse",
    "cusolver",
    "nvrtc.h",
    "nvml.h",
    "npp",
    "nvjpeg",
    "cudnn",
    "mpi.h",
    "windows.h",
    "cudaGL.h",
    "cudaEGL.h",
    "cuda_gl_interop.h",
    "cuda_egl_interop.h",
    "cuda_d3d",
    "d3d",
    "dxgi",
    "thrust/",
    /* Host code's regular expressions (command-line parsers). */
    "regex",
];

/// Whether a missing `<path>` is a host-only library's header ([`HOST_ONLY`]).
pub fn host_only(path: &str) -> bool {
    HOST_ONLY.iter().any(|p| path.starts_with(p))
}

/// The text of a built-in header, or `None` if we do not provide it.
pub fn builtin(path: &str) -> Option<&'static str> {
    if let Some(text) = cxx::header(path)
        .or_else(|| cxx_extra::header(path))
        .or_else(|| posix::header(path))
        .or_else(|| texture::header(path))
        .or_else(|| curand::header(path))
        .or_else(|| wmma::header(path))
        .or_else(|| cudastd::header(path))
        .or_else(|| cub::header(path))
        .or_else(|| thrust::header(path))
    {
        return Some(text);
    }
    Some(match path {
        "stddef.h" => STDDEF,
        "stdint.h" => STDINT,
        "stdio.h" => STDIO,
        "stdlib.h" => STDLIB,
        "string.h" => STRING,
        "math.h" => MATH,
        "float.h" => FLOAT,
        "limits.h" => LIMITS,
        "assert.h" => ASSERT,
        "time.h" => TIME,
        "sys/time.h" => SYS_TIME,
        "unistd.h" => UNISTD,
        "stdarg.h" | "cstdarg" => STDARG,
        "stdbool.h" => STDBOOL,
        "cuda_fp16.h" => fp16::CUDA_FP16,
        "cuda_bf16.h" => fp16::CUDA_BF16,
        "cooperative_groups.h" => cg::COOPERATIVE_GROUPS,
        "cooperative_groups/reduce.h" => cg::REDUCE,
        "cooperative_groups/scan.h" => cg::SCAN,
        "cuda_pipeline_primitives.h" => asyncmem::PIPELINE_PRIMITIVES,
        "cuda_pipeline.h" => asyncmem::PIPELINE,
        "cuda_awbarrier_primitives.h" => asyncmem::AWBARRIER_PRIMITIVES,
        "cuda_awbarrier.h" => asyncmem::AWBARRIER,
        "cuda/barrier" => asyncmem::BARRIER,
        "cuda/pipeline" => asyncmem::CUDA_PIPELINE,
        "cooperative_groups/memcpy_async.h" => asyncmem::CG_MEMCPY_ASYNC,
        "cuda.h" => driver::CUDA_H,
        "crt/sm_90_rt.h" => NV_ATOMIC,
        "crt/ptxlab_device_functions.h" => devfns::DEVICE_FUNCTIONS,
        "cuComplex.h" => cucomplex::CU_COMPLEX,
        "cuda_fp8.h" => fp8::CUDA_FP8,
        "math_constants.h" => MATH_CONSTANTS,
        "cuda_runtime.h"
        | "cuda_runtime_api.h"
        | "device_launch_parameters.h"
        | "device_functions.h"
        | "sm_20_atomic_functions.h"
        | "math_functions.h"
        | "vector_types.h"
        | "vector_functions.h"
        | "builtin_types.h"
        | "driver_types.h"
        | "host_defines.h"
        | "cuda_device_runtime_api.h" => CUDA_RUNTIME,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crate::{compile_source, Options};

    /// Every built-in header can be included, alone and all together, in
    /// a file that also compiles a kernel using what they define; every
    /// function body in them parses (read where written, not only when
    /// named: `parse::set_eager`).
    #[test]
    fn every_builtin_header_is_usable() {
        crate::frontend::parse::set_eager(true);
        crate::frontend::prelude::forget();
        let headers = [
            "stddef.h",
            "stdint.h",
            "stdio.h",
            "stdlib.h",
            "string.h",
            "math.h",
            "cmath",
            "float.h",
            "limits.h",
            "assert.h",
            "time.h",
            "sys/time.h",
            "unistd.h",
            "stdarg.h",
            "stdbool.h",
            "cuda_runtime.h",
            "cuda.h",
            "device_launch_parameters.h",
            "cuda_fp16.h",
            "cuda_bf16.h",
            "cuda_pipeline.h",
            "cuda_awbarrier_primitives.h",
            "cuda/barrier",
            "cuda/pipeline",
            "cooperative_groups/memcpy_async.h",
            "cooperative_groups/scan.h",
            "cuComplex.h",
            "cuda_fp8.h",
        ];
        let mut all = String::new();
        for h in headers
            .iter()
            .chain(super::cxx::NAMES)
            .chain(super::cxx_extra::NAMES)
            .chain(super::posix::NAMES)
            .chain(super::texture::NAMES)
            .chain(super::curand::NAMES)
            .chain(super::wmma::NAMES)
            .chain(super::cudastd::NAMES)
            .chain(super::cub::NAMES)
            .chain(super::thrust::NAMES)
        {
            let src = format!("#include <{h}>\n__global__ void k(int *p) {{ p[0] = 1; }}\n");
            let c = compile_source("k.cu", &src, &Options::default());
            assert!(c.ptx.is_some(), "<{h}>: {:?}", c.diagnostics);
            all.push_str(&format!("#include <{h}>\n"));
        }
        all.push_str("__global__ void k(float *f, int *i) { f[0] = FLT_MAX + (float)M_PI + INFINITY; i[0] = INT_MAX + CHAR_BIT + EXIT_FAILURE; assert(i[1] > 0); }\n");
        let c = compile_source("k.cu", &all, &Options::default());
        crate::frontend::parse::set_eager(false);
        crate::frontend::prelude::forget();
        assert!(c.ptx.is_some(), "{:?}", c.diagnostics);
        assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    }

    /// What host code around kernels declares at namespace scope parses
    /// (function bodies of the host are not read): standard library types
    /// in signatures, globals, typedefs and classes, `using`, aliases,
    /// host constructors, default member initializers, dynamic host
    /// initializers.
    #[test]
    fn host_code_around_kernels_parses() {
        let src = r#"#include <bits/stdc++.h>
#include <cuda_runtime.h>
using namespace std;
using std::vector;
namespace chr = std::chrono;
typedef std::chrono::high_resolution_clock Clock;
typedef chr::time_point<Clock> TimePoint;
static std::mt19937 rng;
static std::mt19937 rng2(42);
std::random_device rd;
std::uniform_int_distribution<int> pick{0, 9};
std::vector<float> g_data;
vector<int> g_counts(16, 0);
std::map<std::string, std::vector<int>> g_index;
std::unique_ptr<float[]> g_buffer;
std::function<void(int)> g_callback;
std::array<float, 4> g_weights = {1, 2, 3, 4};
const std::string kName = "kernel";
std::vector<float>::iterator g_it;
std::chrono::duration<double, std::milli> g_elapsed;
void fill(std::vector<float>& v, float x);
std::vector<float> make(int n) { std::vector<float> v(n); return v; }
template <typename T> void print(const std::vector<T> &v, std::ostream &os = std::cout) { for (auto &x : v) os << x; }
template <typename T> T sum(const vector<T> &v) { return std::accumulate(v.begin(), v.end(), T(0)); }
class Timer {
public:
    Timer() : start_(Clock::now()) {}
    double ms() const { return chr::duration<double, std::milli>(Clock::now() - start_).count(); }
private:
    Clock::time_point start_;
};
struct Config { std::string name; int n = 0; std::vector<int> dims; };
inline void check(cudaError_t e, const char *file, int line) noexcept { if (e != cudaSuccess) { fprintf(stderr, "%s(%d): %s\n", file, line, cudaGetErrorString(e)); std::exit(1); } }
namespace { int helper(int x) { return x * 2; } }
auto lambda_user = 3;
std::pair<int, float> best(const std::vector<float> &v);
template <typename T>
void check(T result, char const *const func, const char *const file, int const line) { if (result) std::exit(1); }
struct Vec3 {
    float x, y, z;
    __host__ __device__ Vec3 operator+(const Vec3 &o) const { return Vec3{x + o.x, y + o.y, z + o.z}; }
    friend std::ostream &operator<<(std::ostream &os, const Vec3 &v) { return os << v.x; }
    friend __host__ __device__ Vec3 operator*(float s, const Vec3 &v) { return Vec3{s * v.x, s * v.y, s * v.z}; }
};
class Base { public: virtual ~Base() = default; virtual void run() = 0; Base &operator=(const Base &) = delete; };
class Impl final : public Base { public: void run() override {} };
template <typename T> class Holder : public Base { T value_; public: void run() override {} };
static_assert(sizeof(Vec3) == 12, "Vec3");
template <typename... Args> void log(const char *fmt, Args &&...args) { printf(fmt, args...); }
void on_done(void (*callback)(int), int code) { callback(code); }
auto twice(int x) -> int { return 2 * x; }
[[nodiscard]] int compute(int a);
decltype(twice(1)) g_twice = 0;
template <int B> __global__ void tiled(float *p) { __shared__ alignas(16) float t[B]; [[maybe_unused]] int u = 0; t[threadIdx.x] = p[0]; p[1] = t[B - 1]; }
void launch_tiled(float *p) { tiled<64><<<1, 64>>>(p); }
__global__ void k(float *p, const Config *c, Vec3 *v) { p[0] = std::sqrt(p[1]) + isnan(p[2]) + c->n; v[0] = 2.0f * (v[1] + v[2]); }
"#;
        let c = compile_source("k.cu", src, &Options::default());
        let ptx = c.ptx.unwrap_or_else(|| panic!("{:#?}", c.diagnostics));
        assert!(ptx.contains(".entry _Z1kPfPK6ConfigP4Vec3("), "{ptx}");
        assert!(
            ptx.contains(".shared .align 16 .b8 _ZZ5tiledILi64EEvPfE1t[256];"),
            "{ptx}"
        );
    }

    /// nvcc includes cuda_runtime.h before every file: host code names
    /// the runtime's types and functions without including it, and
    /// including it (or `cuda.h`, the same text) again changes nothing.
    #[test]
    fn cuda_runtime_is_included_first() {
        let src = "void run(dim3 g, dim3 b, cudaStream_t s, cudaEvent_t e, cudaMemcpyKind k, cudaDeviceProp *p);\n\
                   #include <cuda.h>\n#include <cuda_runtime.h>\n\
                   __global__ void k(int *p) { p[0] = cudaMemcpyDeviceToHost + cudaSuccess; }\n";
        let c = compile_source("k.cu", src, &Options::default());
        let ptx = c.ptx.unwrap_or_else(|| panic!("{:#?}", c.diagnostics));
        assert!(ptx.contains("st.global.u32"), "{ptx}");
    }

    /// Each `std::` math name is a built-in (one table for `sqrt` and
    /// `std::sqrt`) or a function math.h defines.
    #[test]
    fn std_math_names_are_builtins_or_math_h_functions() {
        for f in super::STD_MATH {
            let in_math_h = super::MATH.contains(&format!(" {f}(float x)"));
            assert!(
                crate::frontend::builtins::find(f).is_some() || in_math_h,
                "std::{f}"
            );
        }
    }

    /// `std::f(float)` is the float overload of the built-in, `std::f(double)`
    /// the double one, as for `f`; math.h's classification functions too.
    #[test]
    fn std_math_resolves_as_the_global_functions() {
        let src = "#include <cmath>\n__global__ void k(float *f, double *d, int *i) {\n\
                   f[0] = std::sqrt(f[1]) + std::exp(f[2]) + std::fabs(f[3]) + std::abs(f[4]);\n\
                   d[0] = std::sqrt(d[1]) + std::exp(d[2]);\n\
                   i[0] = std::abs(i[1]) + std::isnan(f[5]) + std::isinf(d[3]);\n}\n";
        let c = compile_source("k.cu", src, &Options::default());
        let ptx = c.ptx.unwrap_or_else(|| panic!("{:?}", c.diagnostics));
        for needle in ["sqrt.rn.f32", "sqrt.rn.f64", "abs.f32", "setp.neu.f32"] {
            assert!(ptx.contains(needle), "{needle}:\n{ptx}");
        }
        let plain = compile_source("k.cu", &src.replace("std::", ""), &Options::default());
        assert_eq!(plain.ptx.as_deref(), Some(ptx.as_str()));
        // Without <cmath> too, as nvcc's cuda_runtime.h includes it.
        let c = compile_source(
            "k.cu",
            "__global__ void k(float *f) { f[0] = std::sqrt(f[1]); }\n",
            &Options::default(),
        );
        assert!(c.ptx.is_some(), "{:?}", c.diagnostics);
    }
}
