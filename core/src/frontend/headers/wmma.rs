//! Our `mma.h` (namespace `nvcuda::wmma`), written from the table of
//! `core/src/wmma.rs` once per process: the tags, `fragment<Use, m, n, k,
//! T, Layout>` specialized for every shape and element type (each target
//! sees those it has, under `__CUDA_ARCH__`, so the others are nvcc's "no
//! instance" errors), `fill_fragment`, `load_matrix_sync`,
//! `store_matrix_sync`, `mma_sync` (with `satf` for integers) over the
//! `__ptxlab_wmma_*` built-ins, and `__float_to_tf32`.

use crate::wmma::{fragments, layout_name, Elem, Frag, MmaTypes, Shape, Space, Use, Wmma};
use std::fmt::Write;
use std::sync::OnceLock;

/// The C type of an element (`T` in `fragment<…, T>`) and of its storage.
fn c_types(e: Elem) -> (&'static str, &'static str) {
    match e {
        Elem::F16 => ("__half", "__half"),
        Elem::F32 => ("float", "float"),
        Elem::Bf16 => ("__nv_bfloat16", "__nv_bfloat16"),
        Elem::Tf32 => ("precision::tf32", "float"),
        Elem::F64 => ("double", "double"),
        Elem::S8 => ("signed char", "signed char"),
        Elem::U8 => ("unsigned char", "unsigned char"),
        Elem::S32 => ("int", "int"),
    }
}

/// `fragment<matrix_a, 16, 16, 16, __half, row_major>`.
fn frag_type(f: Frag, col: Option<bool>) -> String {
    let (m, n, k) = f.shape.mnk();
    let u = match f.use_ {
        Use::A => "matrix_a",
        Use::B => "matrix_b",
        _ => "accumulator",
    };
    let lay = match col {
        Some(c) => format!(", {}_major", layout_name(c)),
        None => String::new(),
    };
    format!("fragment<{u}, {m}, {n}, {k}, {}{lay}>", c_types(f.elem).0)
}

/// The declarations of the fragments and functions first available on `sm`.
fn group(out: &mut String, sm: u32) {
    let new = |f: &Frag| f.min_sm() == sm;
    let frags: Vec<Frag> = fragments(sm).into_iter().filter(new).collect();
    for &f in &frags {
        let (_, store) = c_types(f.elem);
        let layouts: &[Option<bool>] = if f.use_ == Use::C {
            &[None]
        } else {
            &[Some(false), Some(true)]
        };
        for &col in layouts {
            let t = frag_type(f, col);
            let _ = writeln!(
                out,
                "template<> class {t} : public __frag_base<{store}, {}> {{}};",
                f.elements()
            );
            let _ = writeln!(
                out,
                "__WMMA void fill_fragment({t} &f, const {store} &v) {{ for (int i = 0; i < {}; i++) f.x[i] = v; }}",
                f.elements()
            );
            // A float fills a 16-bit float fragment too (converted once).
            let from_float = match f.elem {
                Elem::F16 => Some("__float2half"),
                Elem::Bf16 => Some("__float2bfloat16"),
                _ => None,
            };
            if let Some(cvt) = from_float {
                let _ = writeln!(
                    out,
                    "__WMMA void fill_fragment({t} &f, float v) {{ {store} h = {cvt}(v); for (int i = 0; i < {}; i++) f.x[i] = h; }}",
                    f.elements()
                );
            }
            let code = |col: bool| {
                Wmma::Load {
                    frag: f,
                    col,
                    space: Space::Generic,
                }
                .code()
            };
            match col {
                Some(c) => {
                    let _ = writeln!(
                        out,
                        "__WMMA void load_matrix_sync({t} &a, const {store} *p, unsigned ldm) {{ __ptxlab_wmma_load(&a, p, ldm, {:#x}); }}",
                        code(c)
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "__WMMA void load_matrix_sync({t} &a, const {store} *p, unsigned ldm, layout_t layout) {{ if (layout == mem_row_major) __ptxlab_wmma_load(&a, p, ldm, {:#x}); else __ptxlab_wmma_load(&a, p, ldm, {:#x}); }}",
                        code(false),
                        code(true)
                    );
                    let st = |col| {
                        Wmma::Store {
                            frag: Frag { use_: Use::D, ..f },
                            col,
                            space: Space::Generic,
                        }
                        .code()
                    };
                    let _ = writeln!(
                        out,
                        "__WMMA void store_matrix_sync({store} *p, const {t} &a, unsigned ldm, layout_t layout) {{ if (layout == mem_row_major) __ptxlab_wmma_store(p, &a, ldm, {:#x}); else __ptxlab_wmma_store(p, &a, ldm, {:#x}); }}",
                        st(false),
                        st(true)
                    );
                }
            }
        }
    }
    // mma_sync for each shape and type combination first on `sm`.
    for shape in Shape::ALL {
        for ab in [
            Elem::F16,
            Elem::Bf16,
            Elem::Tf32,
            Elem::F64,
            Elem::S8,
            Elem::U8,
        ] {
            for c in [Elem::F16, Elem::F32, Elem::F64, Elem::S32] {
                for d in [Elem::F16, Elem::F32, Elem::F64, Elem::S32] {
                    for a_col in [false, true] {
                        for b_col in [false, true] {
                            mma(out, sm, shape, ab, c, d, a_col, b_col);
                        }
                    }
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn mma(
    out: &mut String,
    sm: u32,
    shape: Shape,
    ab: Elem,
    c: Elem,
    d: Elem,
    a_col: bool,
    b_col: bool,
) {
    let op = |satf| Wmma::Mma {
        shape,
        a_col,
        b_col,
        types: MmaTypes { ab, c, d, satf },
    };
    if op(false).min_sm() != Some(sm) {
        return;
    }
    let [fa, fb, fc, fd] = Wmma::mma_frags(shape, op(false).types_of());
    let sat = op(true).min_sm().is_some();
    let _ = writeln!(
        out,
        "__WMMA void mma_sync({} &d, const {} &a, const {} &b, const {} &c{}) {{ {}__ptxlab_wmma_mma(&d, &a, &b, &c, {:#x}); }}",
        frag_type(fd, None),
        frag_type(fa, Some(a_col)),
        frag_type(fb, Some(b_col)),
        frag_type(fc, None),
        if sat { ", bool satf = false" } else { "" },
        if sat {
            format!("if (satf) __ptxlab_wmma_mma(&d, &a, &b, &c, {:#x}); else ", op(true).code())
        } else {
            String::new()
        },
        op(false).code()
    );
}

/// `mma.h`'s text.
pub fn mma_h() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut s = String::from(
            "#ifndef __PTXLAB_MMA_H
#define __PTXLAB_MMA_H
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#if __CUDA_ARCH__ >= 700
#define __WMMA static __device__ __inline__
namespace nvcuda {
namespace wmma {
struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
enum layout_t { mem_row_major, mem_col_major };
template <typename T, int size> struct __frag_base {
    static const int num_elements = size;
    static const int num_storage_elements = size;
    typedef T element_type;
    typedef T storage_element_type;
    T x[size];
};
template <typename Use, int m, int n, int k, typename T, typename Layout = void> class fragment;
",
        );
        for sm in [70, 72, 80] {
            let _ = writeln!(s, "#if __CUDA_ARCH__ >= {}", sm * 10);
            if sm == 80 {
                s.push_str(
                    "namespace precision { struct tf32; }
inline __device__ float __float_to_tf32(float in) {
    float r;
    asm(\"{\\n  .reg .b32 __$1;\\n   cvt.rna.tf32.f32 __$1, %1;\\n   mov.b32 %0, __$1;\\n}\\n\" : \"=f\"(r) : \"f\"(in));
    return r;
}
",
                );
            }
            group(&mut s, sm);
            s.push_str("#endif\n");
        }
        s.push_str("} // namespace wmma\n} // namespace nvcuda\n#undef __WMMA\n#endif\n#endif\n");
        s
    })
}

/// The names it answers to.
pub const NAMES: &[&str] = &["mma.h", "crt/mma.h"];

pub fn header(name: &str) -> Option<&'static str> {
    NAMES.contains(&name).then(mma_h)
}
