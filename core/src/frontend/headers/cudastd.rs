//! libcu++'s small `<cuda/std/...>` headers, our own text: the type traits,
//! fixed-width integers, `numeric_limits`, `pair`/`move`/`forward` and `tuple` in
//! namespace `cuda::std`, usable in host and device code alike. Real
//! files include them beside `cuda/pipeline` (cuda-samples'
//! `dmmaTensorCoreGemm`); the facts they give are the ones of `<type_traits>`,
//! `<cstdint>`, `<limits>`, `<utility>` and `<tuple>`; `<cuda/std/functional>`
//! and `<cuda/functional>` hold the function objects (Thrust's functors are
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
/// The text of `tuple`, `tuple_size`, `tuple_element`, `get`, `make_tuple`
/// and `tie`, shared by `<tuple>` (namespace `std`, constexpr host
/// functions) and `<cuda/std/tuple>` (libcu++'s, host and device): each
/// function's specifiers are the macro `__PTXLAB_TF`, which the including
/// header defines. An element is a member before the rest's tuple (element
/// 0 at offset 0, as libcu++ lays its elements out); `tie` gives an object
/// holding the tied objects' addresses, assigned a tuple (or a pair) of
/// values.
macro_rules! tuple_body {
    () => {
        "template <class... T> class tuple;
template <> class tuple<> {
public:
    __PTXLAB_TF tuple() {}
};
template <class H> class tuple<H> {
public:
    H __head;
    __PTXLAB_TF tuple() : __head() {}
    __PTXLAB_TF tuple(const H &h) : __head(h) {}
};
template <class H, class... R> class tuple<H, R...> {
public:
    H __head;
    tuple<R...> __tail;
    __PTXLAB_TF tuple() : __head(), __tail() {}
    __PTXLAB_TF tuple(const H &h, const R &... r) : __head(h), __tail(r...) {}
};
template <class T> struct tuple_size;
template <class... T> struct tuple_size<tuple<T...> > {
    static constexpr size_t value = sizeof...(T);
};
template <size_t I, class T> struct __tuple_get;
template <class H, class... R> struct __tuple_get<0, tuple<H, R...> > {
    typedef H type;
    static __PTXLAB_TF H &get(tuple<H, R...> &t) { return t.__head; }
    static __PTXLAB_TF const H &get(const tuple<H, R...> &t) { return t.__head; }
};
template <size_t I, class H, class... R> struct __tuple_get<I, tuple<H, R...> > {
    typedef __tuple_get<I - 1, tuple<R...> > __next;
    typedef typename __next::type type;
    static __PTXLAB_TF type &get(tuple<H, R...> &t) { return __next::get(t.__tail); }
    static __PTXLAB_TF const type &get(const tuple<H, R...> &t) { return __next::get(t.__tail); }
};
template <size_t I, class T> struct tuple_element {
    typedef typename __tuple_get<I, T>::type type;
};
template <size_t I, class... T>
__PTXLAB_TF typename tuple_element<I, tuple<T...> >::type &get(tuple<T...> &t) {
    return __tuple_get<I, tuple<T...> >::get(t);
}
template <size_t I, class... T>
__PTXLAB_TF const typename tuple_element<I, tuple<T...> >::type &get(const tuple<T...> &t) {
    return __tuple_get<I, tuple<T...> >::get(t);
}
template <class... T> __PTXLAB_TF tuple<T...> make_tuple(T... t) { return tuple<T...>(t...); }
template <class... T> class __ptxlab_tie;
template <class H> class __ptxlab_tie<H> {
public:
    H *__p;
    __PTXLAB_TF __ptxlab_tie(H &h) : __p(&h) {}
    template <class U> __PTXLAB_TF __ptxlab_tie &operator=(const tuple<U> &o) {
        *__p = o.__head;
        return *this;
    }
};
template <class H, class... R> class __ptxlab_tie<H, R...> {
public:
    H *__p;
    __ptxlab_tie<R...> __rest;
    __PTXLAB_TF __ptxlab_tie(H &h, R &... r) : __p(&h), __rest(r...) {}
    template <class UH, class... UR> __PTXLAB_TF __ptxlab_tie &operator=(const tuple<UH, UR...> &o) {
        *__p = o.__head;
        __rest = o.__tail;
        return *this;
    }
    template <class U, class V> __PTXLAB_TF __ptxlab_tie &operator=(const pair<U, V> &o) {
        *__p = o.first;
        *__rest.__p = o.second;
        return *this;
    }
};
template <class... T> __PTXLAB_TF __ptxlab_tie<T...> tie(T &... t) { return __ptxlab_tie<T...>(t...); }
"
    };
}
pub(crate) use tuple_body;

/// `cuda/std/tuple` (thrust::tuple is this tuple, nvcc's names carry
/// `N4cuda3std3__45tupleIJifEEE`).
const TUPLE: &str = concat!(
    "#pragma once
#include <cuda/std/utility>
namespace cuda {
namespace std {
inline namespace __4 {
#define __PTXLAB_TF __host__ __device__ constexpr
",
    tuple_body!(),
    "#undef __PTXLAB_TF
}
}
}
"
);

/// The headers this module provides.
pub const NAMES: &[&str] = &[
    "cuda/std/type_traits",
    "cuda/std/cstddef",
    "cuda/std/cstdint",
    "cuda/std/limits",
    "cuda/std/utility",
    "cuda/std/functional",
    "cuda/functional",
    "cuda/std/tuple",
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
        "cuda/std/tuple" => TUPLE,
        _ => return None,
    })
}
