//! libcu++'s small `<cuda/std/...>` headers, our own text: the type traits,
//! fixed-width integers, `numeric_limits` and `pair`/`move`/`forward` in
//! namespace `cuda::std`, usable in host and device code alike. Real
//! files include them beside `cuda/pipeline` (cuda-samples'
//! `dmmaTensorCoreGemm`); the facts they give are the ones of `<type_traits>`,
//! `<cstdint>`, `<limits>` and `<utility>`; `<cuda/std/functional>` and
//! `<cuda/functional>` hold the function objects (Thrust's functors are
//! these).

/// `cuda/std/type_traits`.
const TYPE_TRAITS: &str = "#pragma once
#include <cuda/std/cstddef>
namespace cuda {
namespace std {
struct true_type {
    static constexpr bool value = true;
    typedef bool value_type;
};
struct false_type {
    static constexpr bool value = false;
    typedef bool value_type;
};
template <bool B> struct bool_constant { static constexpr bool value = B; };
template <class A, class B> struct is_same : false_type {};
template <class A> struct is_same<A, A> : true_type {};
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <class T> struct remove_const { typedef T type; };
template <class T> struct remove_const<const T> { typedef T type; };
template <class T> struct remove_volatile { typedef T type; };
template <class T> struct remove_volatile<volatile T> { typedef T type; };
template <class T> struct remove_cv { typedef typename remove_volatile<typename remove_const<T>::type>::type type; };
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T &> { typedef T type; };
template <class T> struct remove_pointer { typedef T type; };
template <class T> struct remove_pointer<T *> { typedef T type; };
template <class T> struct is_pointer : false_type {};
template <class T> struct is_pointer<T *> : true_type {};
template <class T> struct is_const : false_type {};
template <class T> struct is_const<const T> : true_type {};
template <class T> struct __integral { static constexpr bool value = false; };
template <> struct __integral<bool> { static constexpr bool value = true; };
template <> struct __integral<char> { static constexpr bool value = true; };
template <> struct __integral<signed char> { static constexpr bool value = true; };
template <> struct __integral<unsigned char> { static constexpr bool value = true; };
template <> struct __integral<short> { static constexpr bool value = true; };
template <> struct __integral<unsigned short> { static constexpr bool value = true; };
template <> struct __integral<int> { static constexpr bool value = true; };
template <> struct __integral<unsigned> { static constexpr bool value = true; };
template <> struct __integral<long> { static constexpr bool value = true; };
template <> struct __integral<unsigned long> { static constexpr bool value = true; };
template <> struct __integral<long long> { static constexpr bool value = true; };
template <> struct __integral<unsigned long long> { static constexpr bool value = true; };
template <class T> struct is_integral : __integral<typename remove_cv<T>::type> {};
template <class T> struct __floating { static constexpr bool value = false; };
template <> struct __floating<float> { static constexpr bool value = true; };
template <> struct __floating<double> { static constexpr bool value = true; };
template <class T> struct is_floating_point : __floating<typename remove_cv<T>::type> {};
}
}
";

/// `cuda/std/cstddef`.
const CSTDDEF: &str = "#pragma once
#include <stddef.h>
namespace cuda {
namespace std {
typedef size_t size_t;
typedef ptrdiff_t ptrdiff_t;
}
}
";

/// `cuda/std/cstdint`.
const CSTDINT: &str = "#pragma once
#include <stdint.h>
namespace cuda {
namespace std {
typedef int8_t int8_t;
typedef int16_t int16_t;
typedef int32_t int32_t;
typedef int64_t int64_t;
typedef uint8_t uint8_t;
typedef uint16_t uint16_t;
typedef uint32_t uint32_t;
typedef uint64_t uint64_t;
typedef intptr_t intptr_t;
typedef uintptr_t uintptr_t;
}
}
";

/// `cuda/std/limits`: `numeric_limits` of the arithmetic types.
const LIMITS: &str = "#pragma once
#include <limits.h>
#include <float.h>
namespace cuda {
namespace std {
template <class T> struct numeric_limits {
    static constexpr bool is_specialized = false;
};
#define __PTXLAB_LIM(T, LO, HI, LOWEST, SIGNED, INTEGER) \\
template <> struct numeric_limits<T> { \\
    static constexpr bool is_specialized = true; \\
    static constexpr bool is_signed = SIGNED; \\
    static constexpr bool is_integer = INTEGER; \\
    __host__ __device__ static constexpr T min() { return LO; } \\
    __host__ __device__ static constexpr T max() { return HI; } \\
    __host__ __device__ static constexpr T lowest() { return LOWEST; } \\
};
__PTXLAB_LIM(bool, false, true, false, false, true)
__PTXLAB_LIM(char, CHAR_MIN, CHAR_MAX, CHAR_MIN, CHAR_MIN < 0, true)
__PTXLAB_LIM(signed char, SCHAR_MIN, SCHAR_MAX, SCHAR_MIN, true, true)
__PTXLAB_LIM(unsigned char, 0, UCHAR_MAX, 0, false, true)
__PTXLAB_LIM(short, SHRT_MIN, SHRT_MAX, SHRT_MIN, true, true)
__PTXLAB_LIM(unsigned short, 0, USHRT_MAX, 0, false, true)
__PTXLAB_LIM(int, INT_MIN, INT_MAX, INT_MIN, true, true)
__PTXLAB_LIM(unsigned, 0, UINT_MAX, 0, false, true)
__PTXLAB_LIM(long, LONG_MIN, LONG_MAX, LONG_MIN, true, true)
__PTXLAB_LIM(unsigned long, 0, ULONG_MAX, 0, false, true)
__PTXLAB_LIM(long long, LLONG_MIN, LLONG_MAX, LLONG_MIN, true, true)
__PTXLAB_LIM(unsigned long long, 0, ULLONG_MAX, 0, false, true)
__PTXLAB_LIM(float, FLT_MIN, FLT_MAX, -FLT_MAX, true, false)
__PTXLAB_LIM(double, DBL_MIN, DBL_MAX, -DBL_MAX, true, false)
#undef __PTXLAB_LIM
}
}
";

/// `cuda/std/utility`.
const UTILITY: &str = "#pragma once
#include <cuda/std/type_traits>
namespace cuda {
namespace std {
template <class T> __host__ __device__ constexpr T &move(T &t) { return t; }
template <class T> __host__ __device__ constexpr T &forward(T &t) { return t; }
template <class T> __host__ __device__ void swap(T &a, T &b) {
    T t = a;
    a = b;
    b = t;
}
/* In libcu++'s versioned inline namespace, as nvcc's names carry it
   (`N4cuda3std3__44pairIifEE`); thrust::pair is this pair. */
inline namespace __4 {
template <class A, class B> struct pair {
    typedef A first_type;
    typedef B second_type;
    A first;
    B second;
    __host__ __device__ constexpr pair() : first(), second() {}
    __host__ __device__ constexpr pair(const A &a, const B &b) : first(a), second(b) {}
};
template <class A, class B> __host__ __device__ constexpr pair<A, B> make_pair(A a, B b) {
    return pair<A, B>(a, b);
}
}
}
}
";

/// `cuda/std/functional`: the standard function objects in libcu++'s
/// versioned inline namespace, as nvcc's kernel names carry them
/// (`N4cuda3std3__45minusIfEE`), each with its transparent `<void>` form,
/// and `identity`. Thrust's `plus`, `minus`, ... name these
/// (`<thrust/functional.h>`).
const FUNCTIONAL: &str = "#pragma once
#include <cuda/std/utility>
#define __PTXLAB_BINARY_FN(NAME, OP, R) \\
template <class T = void> struct NAME { \\
    typedef T first_argument_type; \\
    typedef T second_argument_type; \\
    typedef R result_type; \\
    __host__ __device__ constexpr R operator()(const T &a, const T &b) const { return a OP b; } \\
}; \\
template <> struct NAME<void> { \\
    typedef void is_transparent; \\
    template <class T, class U> \\
    __host__ __device__ constexpr auto operator()(const T &a, const U &b) const -> decltype(a OP b) { return a OP b; } \\
};
#define __PTXLAB_UNARY_FN(NAME, OP, R) \\
template <class T = void> struct NAME { \\
    typedef T argument_type; \\
    typedef R result_type; \\
    __host__ __device__ constexpr R operator()(const T &a) const { return OP a; } \\
}; \\
template <> struct NAME<void> { \\
    typedef void is_transparent; \\
    template <class T> \\
    __host__ __device__ constexpr auto operator()(const T &a) const -> decltype(OP a) { return OP a; } \\
};
namespace cuda {
namespace std {
inline namespace __4 {
__PTXLAB_BINARY_FN(plus, +, T)
__PTXLAB_BINARY_FN(minus, -, T)
__PTXLAB_BINARY_FN(multiplies, *, T)
__PTXLAB_BINARY_FN(divides, /, T)
__PTXLAB_BINARY_FN(modulus, %, T)
__PTXLAB_BINARY_FN(equal_to, ==, bool)
__PTXLAB_BINARY_FN(not_equal_to, !=, bool)
__PTXLAB_BINARY_FN(greater, >, bool)
__PTXLAB_BINARY_FN(less, <, bool)
__PTXLAB_BINARY_FN(greater_equal, >=, bool)
__PTXLAB_BINARY_FN(less_equal, <=, bool)
__PTXLAB_BINARY_FN(logical_and, &&, bool)
__PTXLAB_BINARY_FN(logical_or, ||, bool)
__PTXLAB_BINARY_FN(bit_and, &, T)
__PTXLAB_BINARY_FN(bit_or, |, T)
__PTXLAB_BINARY_FN(bit_xor, ^, T)
__PTXLAB_UNARY_FN(negate, -, T)
__PTXLAB_UNARY_FN(logical_not, !, bool)
__PTXLAB_UNARY_FN(bit_not, ~, T)
struct identity {
    typedef void is_transparent;
    template <class T> __host__ __device__ constexpr const T &operator()(const T &t) const { return t; }
};
}
}
}
#undef __PTXLAB_BINARY_FN
#undef __PTXLAB_UNARY_FN
";

/// `cuda/functional`: `cuda::maximum` and `cuda::minimum` (libcu++'s
/// inline namespace, `N4cuda3__47maximumIiEE`). Floating-point operands
/// take `fmax`/`fmin` (a NaN loses to a number), others the comparison
/// `a < b`, as libcu++ defines them.
const CUDA_FUNCTIONAL: &str = "#pragma once
#include <math.h>
#include <cuda/std/functional>
namespace cuda {
inline namespace __4 {
template <class T> __host__ __device__ constexpr T __ptxlab_max(const T &a, const T &b) { return a < b ? b : a; }
template <class T> __host__ __device__ constexpr T __ptxlab_min(const T &a, const T &b) { return b < a ? b : a; }
__host__ __device__ inline float __ptxlab_max(const float &a, const float &b) { return ::fmaxf(a, b); }
__host__ __device__ inline float __ptxlab_min(const float &a, const float &b) { return ::fminf(a, b); }
__host__ __device__ inline double __ptxlab_max(const double &a, const double &b) { return ::fmax(a, b); }
__host__ __device__ inline double __ptxlab_min(const double &a, const double &b) { return ::fmin(a, b); }
template <class T = void> struct maximum {
    __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return __ptxlab_max(a, b); }
};
template <> struct maximum<void> {
    typedef void is_transparent;
    template <class T> __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return __ptxlab_max(a, b); }
};
template <class T = void> struct minimum {
    __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return __ptxlab_min(a, b); }
};
template <> struct minimum<void> {
    typedef void is_transparent;
    template <class T> __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return __ptxlab_min(a, b); }
};
}
}
";

/// The headers this module provides.
pub const NAMES: &[&str] = &[
    "cuda/std/type_traits",
    "cuda/std/cstddef",
    "cuda/std/cstdint",
    "cuda/std/limits",
    "cuda/std/utility",
    "cuda/std/functional",
    "cuda/functional",
];

/// The text of one of [`NAMES`].
pub fn header(name: &str) -> Option<&'static str> {
    if !NAMES.contains(&name) {
        return None;
    }
    Some(match name {
        "cuda/std/type_traits" => TYPE_TRAITS,
        "cuda/std/cstddef" => CSTDDEF,
        "cuda/std/cstdint" => CSTDINT,
        "cuda/std/limits" => LIMITS,
        "cuda/std/utility" => UTILITY,
        "cuda/std/functional" => FUNCTIONAL,
        "cuda/functional" => CUDA_FUNCTIONAL,
        _ => return None,
    })
}
