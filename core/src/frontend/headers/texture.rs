//! Texture and surface objects, our own text: the runtime's host side
//! (`cudaTextureObject_t`, `cudaSurfaceObject_t`, channel, resource and
//! texture descriptors, CUDA arrays, the copies into them) as declarations
//! host code parses, and the device side (`tex1Dfetch<T>`, `tex2D<T>`,
//! `tex3D<T>`, layered, cube, level, gradient and gather fetches,
//! `surf{1,2,3}D{read,write}`) as templates over the `__ptxlab_tex_*` and
//! `__ptxlab_su*` built-ins (`core/src/frontend/builtins.rs`), which become
//! `llvm.nvvm.tex.unified.*`/`llvm.nvvm.suld.*`/`llvm.nvvm.sust.*` calls and
//! the `tex`/`tld4`/`suld`/`sust` instructions nvcc writes. The handle is the
//! kernel's `.param .u64`, used directly as the instruction's operand. The
//! read mode is a property of the host's descriptor: the device code depends
//! only on `T` (integer `T` fetch `.s32`/`.u32` lanes and truncate, `float`
//! ones `.f32`). CUDA 12 removed texture and surface references, so
//! `texture<…>` is not a template here either, as with nvcc.
//! Each built-in takes the result's (or the written value's) address as
//! `void *`; the type it points to picks the instruction's type and lanes
//! (`core/src/irgen/builtins/texture.rs`; sema rejects the others).

/// `texture_types.h`, `surface_types.h`, `channel_descriptor.h` and the
/// runtime functions on arrays and texture objects: the host's side.
pub const HOST: &str = "#ifndef __PTXLAB_TEXTURE_TYPES_H
#define __PTXLAB_TEXTURE_TYPES_H
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
/* The driver API's names of the same handles (cuda.h). */
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;
typedef struct CUarray_st *CUarray;
enum cudaChannelFormatKind {
    cudaChannelFormatKindSigned = 0,
    cudaChannelFormatKindUnsigned = 1,
    cudaChannelFormatKindFloat = 2,
    cudaChannelFormatKindNone = 3,
    cudaChannelFormatKindNV12 = 4
};
struct cudaChannelFormatDesc {
    int x;
    int y;
    int z;
    int w;
    enum cudaChannelFormatKind f;
};
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;
enum cudaResourceType {
    cudaResourceTypeArray = 0,
    cudaResourceTypeMipmappedArray = 1,
    cudaResourceTypeLinear = 2,
    cudaResourceTypePitch2D = 3
};
enum cudaResourceViewFormat { cudaResViewFormatNone = 0 };
struct cudaResourceDesc {
    enum cudaResourceType resType;
    union {
        struct { cudaArray_t array; } array;
        struct { cudaMipmappedArray_t mipmap; } mipmap;
        struct {
            void *devPtr;
            struct cudaChannelFormatDesc desc;
            size_t sizeInBytes;
        } linear;
        struct {
            void *devPtr;
            struct cudaChannelFormatDesc desc;
            size_t width;
            size_t height;
            size_t pitchInBytes;
        } pitch2D;
    } res;
};
struct cudaResourceViewDesc {
    enum cudaResourceViewFormat format;
    size_t width;
    size_t height;
    size_t depth;
    unsigned int firstMipmapLevel;
    unsigned int lastMipmapLevel;
    unsigned int firstLayer;
    unsigned int lastLayer;
};
enum cudaTextureAddressMode {
    cudaAddressModeWrap = 0,
    cudaAddressModeClamp = 1,
    cudaAddressModeMirror = 2,
    cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode {
    cudaFilterModePoint = 0,
    cudaFilterModeLinear = 1
};
enum cudaTextureReadMode {
    cudaReadModeElementType = 0,
    cudaReadModeNormalizedFloat = 1
};
enum cudaSurfaceBoundaryMode {
    cudaBoundaryModeZero = 0,
    cudaBoundaryModeClamp = 1,
    cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode {
    cudaFormatModeForced = 0,
    cudaFormatModeAuto = 1
};
struct cudaTextureDesc {
    enum cudaTextureAddressMode addressMode[3];
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};
struct cudaExtent {
    size_t width;
    size_t height;
    size_t depth;
};
struct cudaPos {
    size_t x;
    size_t y;
    size_t z;
};
struct cudaPitchedPtr {
    void *ptr;
    size_t pitch;
    size_t xsize;
    size_t ysize;
};
struct cudaMemcpy3DParms {
    cudaArray_t srcArray;
    struct cudaPos srcPos;
    struct cudaPitchedPtr srcPtr;
    cudaArray_t dstArray;
    struct cudaPos dstPos;
    struct cudaPitchedPtr dstPtr;
    struct cudaExtent extent;
    enum cudaMemcpyKind kind;
};
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
static __host__ __forceinline__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
    struct cudaExtent e;
    e.width = w;
    e.height = h;
    e.depth = d;
    return e;
}
static __host__ __forceinline__ struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
    struct cudaPos p;
    p.x = x;
    p.y = y;
    p.z = z;
    return p;
}
static __host__ __forceinline__ struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
    struct cudaPitchedPtr s;
    s.ptr = d;
    s.pitch = p;
    s.xsize = xsz;
    s.ysize = ysz;
    return s;
}
extern \"C\" {
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, size_t height, unsigned int flags);
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int flags);
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int levels, unsigned int flags);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *level, cudaMipmappedArray_const_t array, unsigned int n);
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *p, struct cudaExtent extent);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t array);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent, unsigned int *flags, cudaArray_t array);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex, const struct cudaResourceDesc *res, const struct cudaTextureDesc *desc, const struct cudaResourceViewDesc *view);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *res, cudaTextureObject_t tex);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *desc, cudaTextureObject_t tex);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *surf, const struct cudaResourceDesc *res);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surf);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *res, cudaSurfaceObject_t surf);
}
/* cudaCreateChannelDesc<T>(): the channels of T (a scalar or vector type). */
template <class T> static __host__ __forceinline__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void) {
    return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
#endif
";

/// `texture_indirect_functions.h` and `surface_indirect_functions.h`: the
/// device's fetches and surface accesses, each a template over the texel
/// type `T` calling the built-in of its geometry with `&result`.
pub const DEVICE: &str = "#ifndef __PTXLAB_TEXTURE_FUNCTIONS_H
#define __PTXLAB_TEXTURE_FUNCTIONS_H
template <class T> static __device__ __forceinline__ T tex1Dfetch(cudaTextureObject_t t, int x) {
    T r; __ptxlab_tex_fetch(&r, t, x); return r;
}
template <class T> static __device__ __forceinline__ T tex1D(cudaTextureObject_t t, float x) {
    T r; __ptxlab_tex_1d(&r, t, x); return r;
}
template <class T> static __device__ __forceinline__ T tex2D(cudaTextureObject_t t, float x, float y) {
    T r; __ptxlab_tex_2d(&r, t, x, y); return r;
}
template <class T> static __device__ __forceinline__ T tex3D(cudaTextureObject_t t, float x, float y, float z) {
    T r; __ptxlab_tex_3d(&r, t, x, y, z); return r;
}
template <class T> static __device__ __forceinline__ T tex1DLayered(cudaTextureObject_t t, float x, int layer) {
    T r; __ptxlab_tex_a1d(&r, t, x, layer); return r;
}
template <class T> static __device__ __forceinline__ T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer) {
    T r; __ptxlab_tex_a2d(&r, t, x, y, layer); return r;
}
template <class T> static __device__ __forceinline__ T texCubemap(cudaTextureObject_t t, float x, float y, float z) {
    T r; __ptxlab_tex_cube(&r, t, x, y, z); return r;
}
template <class T> static __device__ __forceinline__ T tex1DLod(cudaTextureObject_t t, float x, float level) {
    T r; __ptxlab_tex_1d_level(&r, t, x, level); return r;
}
template <class T> static __device__ __forceinline__ T tex2DLod(cudaTextureObject_t t, float x, float y, float level) {
    T r; __ptxlab_tex_2d_level(&r, t, x, y, level); return r;
}
template <class T> static __device__ __forceinline__ T tex3DLod(cudaTextureObject_t t, float x, float y, float z, float level) {
    T r; __ptxlab_tex_3d_level(&r, t, x, y, z, level); return r;
}
template <class T> static __device__ __forceinline__ T tex2DGrad(cudaTextureObject_t t, float x, float y, float2 dx, float2 dy) {
    T r; __ptxlab_tex_2d_grad(&r, t, x, y, dx.x, dx.y, dy.x, dy.y); return r;
}
/* comp: which component of the four texels (0 r, 1 g, 2 b, 3 a). */
template <class T> static __device__ __forceinline__ T tex2Dgather(cudaTextureObject_t t, float x, float y) {
    T r; __ptxlab_tld4_r_2d(&r, t, x, y); return r;
}
template <class T> static __device__ __forceinline__ T tex2Dgather(cudaTextureObject_t t, float x, float y, int comp) {
    T r;
    if (comp == 1) __ptxlab_tld4_g_2d(&r, t, x, y);
    else if (comp == 2) __ptxlab_tld4_b_2d(&r, t, x, y);
    else if (comp == 3) __ptxlab_tld4_a_2d(&r, t, x, y);
    else __ptxlab_tld4_r_2d(&r, t, x, y);
    return r;
}
/* Surfaces: x in bytes; out of range, a trap unless a mode says otherwise
   (CUDA's default argument, as an overload). */
template <class T> static __device__ __forceinline__ T surf1Dread(cudaSurfaceObject_t s, int x) {
    T r; __ptxlab_suld_1d_trap(&r, s, x); return r;
}
template <class T> static __device__ __forceinline__ T surf1Dread(cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode m) {
    T r;
    if (m == cudaBoundaryModeZero) __ptxlab_suld_1d_zero(&r, s, x);
    else if (m == cudaBoundaryModeClamp) __ptxlab_suld_1d_clamp(&r, s, x);
    else __ptxlab_suld_1d_trap(&r, s, x);
    return r;
}
template <class T> static __device__ __forceinline__ T surf2Dread(cudaSurfaceObject_t s, int x, int y) {
    T r; __ptxlab_suld_2d_trap(&r, s, x, y); return r;
}
template <class T> static __device__ __forceinline__ T surf2Dread(cudaSurfaceObject_t s, int x, int y, cudaSurfaceBoundaryMode m) {
    T r;
    if (m == cudaBoundaryModeZero) __ptxlab_suld_2d_zero(&r, s, x, y);
    else if (m == cudaBoundaryModeClamp) __ptxlab_suld_2d_clamp(&r, s, x, y);
    else __ptxlab_suld_2d_trap(&r, s, x, y);
    return r;
}
template <class T> static __device__ __forceinline__ T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z) {
    T r; __ptxlab_suld_3d_trap(&r, s, x, y, z); return r;
}
template <class T> static __device__ __forceinline__ T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z, cudaSurfaceBoundaryMode m) {
    T r;
    if (m == cudaBoundaryModeZero) __ptxlab_suld_3d_zero(&r, s, x, y, z);
    else if (m == cudaBoundaryModeClamp) __ptxlab_suld_3d_clamp(&r, s, x, y, z);
    else __ptxlab_suld_3d_trap(&r, s, x, y, z);
    return r;
}
template <class T> static __device__ __forceinline__ void surf1Dwrite(T v, cudaSurfaceObject_t s, int x) {
    __ptxlab_sust_1d_trap(&v, s, x);
}
template <class T> static __device__ __forceinline__ void surf1Dwrite(T v, cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode m) {
    if (m == cudaBoundaryModeZero) __ptxlab_sust_1d_zero(&v, s, x);
    else if (m == cudaBoundaryModeClamp) __ptxlab_sust_1d_clamp(&v, s, x);
    else __ptxlab_sust_1d_trap(&v, s, x);
}
template <class T> static __device__ __forceinline__ void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y) {
    __ptxlab_sust_2d_trap(&v, s, x, y);
}
template <class T> static __device__ __forceinline__ void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y, cudaSurfaceBoundaryMode m) {
    if (m == cudaBoundaryModeZero) __ptxlab_sust_2d_zero(&v, s, x, y);
    else if (m == cudaBoundaryModeClamp) __ptxlab_sust_2d_clamp(&v, s, x, y);
    else __ptxlab_sust_2d_trap(&v, s, x, y);
}
template <class T> static __device__ __forceinline__ void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z) {
    __ptxlab_sust_3d_trap(&v, s, x, y, z);
}
template <class T> static __device__ __forceinline__ void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z, cudaSurfaceBoundaryMode m) {
    if (m == cudaBoundaryModeZero) __ptxlab_sust_3d_zero(&v, s, x, y, z);
    else if (m == cudaBoundaryModeClamp) __ptxlab_sust_3d_clamp(&v, s, x, y, z);
    else __ptxlab_sust_3d_trap(&v, s, x, y, z);
}
/* Layered surfaces: the layer last here, first in the instruction. */
template <class T> static __device__ __forceinline__ T surf1DLayeredread(cudaSurfaceObject_t s, int x, int layer) {
    T r; __ptxlab_suld_a1d_trap(&r, s, layer, x); return r;
}
template <class T> static __device__ __forceinline__ T surf1DLayeredread(cudaSurfaceObject_t s, int x, int layer, cudaSurfaceBoundaryMode m) {
    T r;
    if (m == cudaBoundaryModeZero) __ptxlab_suld_a1d_zero(&r, s, layer, x);
    else if (m == cudaBoundaryModeClamp) __ptxlab_suld_a1d_clamp(&r, s, layer, x);
    else __ptxlab_suld_a1d_trap(&r, s, layer, x);
    return r;
}
template <class T> static __device__ __forceinline__ void surf1DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int layer) {
    __ptxlab_sust_a1d_trap(&v, s, layer, x);
}
template <class T> static __device__ __forceinline__ void surf1DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int layer, cudaSurfaceBoundaryMode m) {
    if (m == cudaBoundaryModeZero) __ptxlab_sust_a1d_zero(&v, s, layer, x);
    else if (m == cudaBoundaryModeClamp) __ptxlab_sust_a1d_clamp(&v, s, layer, x);
    else __ptxlab_sust_a1d_trap(&v, s, layer, x);
}
template <class T> static __device__ __forceinline__ void surf1DLayeredread(T *r, cudaSurfaceObject_t s, int x, int layer) { *r = surf1DLayeredread<T>(s, x, layer); }
template <class T> static __device__ __forceinline__ void surf1DLayeredread(T *r, cudaSurfaceObject_t s, int x, int layer, cudaSurfaceBoundaryMode m) { *r = surf1DLayeredread<T>(s, x, layer, m); }
template <class T> static __device__ __forceinline__ T surf2DLayeredread(cudaSurfaceObject_t s, int x, int y, int layer) {
    T r; __ptxlab_suld_a2d_trap(&r, s, layer, x, y); return r;
}
template <class T> static __device__ __forceinline__ T surf2DLayeredread(cudaSurfaceObject_t s, int x, int y, int layer, cudaSurfaceBoundaryMode m) {
    T r;
    if (m == cudaBoundaryModeZero) __ptxlab_suld_a2d_zero(&r, s, layer, x, y);
    else if (m == cudaBoundaryModeClamp) __ptxlab_suld_a2d_clamp(&r, s, layer, x, y);
    else __ptxlab_suld_a2d_trap(&r, s, layer, x, y);
    return r;
}
template <class T> static __device__ __forceinline__ void surf2DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int y, int layer) {
    __ptxlab_sust_a2d_trap(&v, s, layer, x, y);
}
template <class T> static __device__ __forceinline__ void surf2DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int y, int layer, cudaSurfaceBoundaryMode m) {
    if (m == cudaBoundaryModeZero) __ptxlab_sust_a2d_zero(&v, s, layer, x, y);
    else if (m == cudaBoundaryModeClamp) __ptxlab_sust_a2d_clamp(&v, s, layer, x, y);
    else __ptxlab_sust_a2d_trap(&v, s, layer, x, y);
}
template <class T> static __device__ __forceinline__ void surf2DLayeredread(T *r, cudaSurfaceObject_t s, int x, int y, int layer) { *r = surf2DLayeredread<T>(s, x, y, layer); }
template <class T> static __device__ __forceinline__ void surf2DLayeredread(T *r, cudaSurfaceObject_t s, int x, int y, int layer, cudaSurfaceBoundaryMode m) { *r = surf2DLayeredread<T>(s, x, y, layer, m); }
/* The forms that write the texel through a pointer (`surf2Dread(&v, s, x, y)`). */
template <class T> static __device__ __forceinline__ void tex1Dfetch(T *r, cudaTextureObject_t t, int x) { *r = tex1Dfetch<T>(t, x); }
template <class T> static __device__ __forceinline__ void tex1D(T *r, cudaTextureObject_t t, float x) { *r = tex1D<T>(t, x); }
template <class T> static __device__ __forceinline__ void tex2D(T *r, cudaTextureObject_t t, float x, float y) { *r = tex2D<T>(t, x, y); }
template <class T> static __device__ __forceinline__ void tex3D(T *r, cudaTextureObject_t t, float x, float y, float z) { *r = tex3D<T>(t, x, y, z); }
template <class T> static __device__ __forceinline__ void surf1Dread(T *r, cudaSurfaceObject_t s, int x) { *r = surf1Dread<T>(s, x); }
template <class T> static __device__ __forceinline__ void surf1Dread(T *r, cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode m) { *r = surf1Dread<T>(s, x, m); }
template <class T> static __device__ __forceinline__ void surf2Dread(T *r, cudaSurfaceObject_t s, int x, int y) { *r = surf2Dread<T>(s, x, y); }
template <class T> static __device__ __forceinline__ void surf2Dread(T *r, cudaSurfaceObject_t s, int x, int y, cudaSurfaceBoundaryMode m) { *r = surf2Dread<T>(s, x, y, m); }
template <class T> static __device__ __forceinline__ void surf3Dread(T *r, cudaSurfaceObject_t s, int x, int y, int z) { *r = surf3Dread<T>(s, x, y, z); }
template <class T> static __device__ __forceinline__ void surf3Dread(T *r, cudaSurfaceObject_t s, int x, int y, int z, cudaSurfaceBoundaryMode m) { *r = surf3Dread<T>(s, x, y, z, m); }
#endif
";

/// The text of a texture or surface header, by the names CUDA's are included by.
pub fn header(name: &str) -> Option<&'static str> {
    match name {
        "texture_types.h"
        | "surface_types.h"
        | "channel_descriptor.h"
        | "cuda_texture_types.h"
        | "cuda_surface_types.h" => Some(HOST),
        "texture_indirect_functions.h"
        | "surface_indirect_functions.h"
        | "texture_fetch_functions.h"
        | "surface_functions.h" => Some(DEVICE),
        _ => None,
    }
}

/// The names [`header`] knows.
#[cfg(test)]
pub const NAMES: &[&str] = &[
    "texture_types.h",
    "surface_types.h",
    "channel_descriptor.h",
    "cuda_texture_types.h",
    "cuda_surface_types.h",
    "texture_indirect_functions.h",
    "surface_indirect_functions.h",
    "texture_fetch_functions.h",
    "surface_functions.h",
];
