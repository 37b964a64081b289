//! C++ standard library headers, our own declarations. Host code around
//! kernels names these types and functions in signatures, globals and
//! typedefs; host function bodies are not parsed, so a declaration is all
//! most of them need. What device code may use is what CUDA allows:
//! the <cmath> functions are the compiler's built-ins (`using ::sqrt;`),
//! and the `constexpr` function templates (`std::min`, `std::max`,
//! `std::clamp`, `std::numeric_limits<T>::max()`, `std::array`'s members)
//! are host functions that device code may call only under
//! `--expt-relaxed-constexpr`, as with nvcc. Everything else is host-only:
//! device code that uses it gets nvcc's "calling a __host__ function" error.

/// `<cstddef>`.
pub const CSTDDEF: &str = "#pragma once
#include <stddef.h>
namespace std {
using ::size_t;
using ::ptrdiff_t;
typedef unsigned long max_align_t;
typedef decltype(nullptr) nullptr_t;
enum class byte : unsigned char {};
}
";

pub const CSTDINT: &str = "#pragma once
#include <stdint.h>
namespace std {
using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t;
using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t;
using ::intptr_t; using ::uintptr_t; using ::intmax_t; using ::uintmax_t;
using ::int_least8_t; using ::int_least16_t; using ::int_least32_t; using ::int_least64_t;
using ::uint_least8_t; using ::uint_least16_t; using ::uint_least32_t; using ::uint_least64_t;
using ::int_fast8_t; using ::int_fast16_t; using ::int_fast32_t; using ::int_fast64_t;
using ::uint_fast8_t; using ::uint_fast16_t; using ::uint_fast32_t; using ::uint_fast64_t;
}
";

pub const CSTDIO: &str = "#pragma once
#include <stdio.h>
namespace std {
using ::FILE; using ::printf; using ::fprintf; using ::sprintf; using ::snprintf;
using ::puts; using ::putchar; using ::fflush; using ::fopen; using ::fclose;
using ::fread; using ::fwrite; using ::fgets; using ::fputs; using ::perror;
using ::scanf; using ::sscanf; using ::fscanf; using ::remove;
}
";

pub const CSTDLIB: &str = "#pragma once
#include <stdlib.h>
namespace std {
using ::malloc; using ::calloc; using ::realloc; using ::free; using ::atoi;
using ::atol; using ::atof; using ::strtol; using ::strtoul; using ::strtof;
using ::strtod; using ::exit; using ::abort; using ::getenv; using ::system;
using ::rand; using ::srand;
}
";

pub const CSTRING: &str = "#pragma once
#include <string.h>
namespace std {
using ::strlen; using ::strcmp; using ::strncmp; using ::strcpy; using ::strncpy;
using ::strcat; using ::strchr; using ::strstr;
}
";

pub const CLIMITS: &str = "#pragma once
#include <limits.h>
";

pub const CFLOAT: &str = "#pragma once
#include <float.h>
";

pub const CASSERT: &str = "#include <assert.h>
";

pub const CTIME: &str = "#pragma once
#include <time.h>
namespace std {
using ::time_t; using ::clock_t; using ::time; using ::difftime;
}
";

/// The C math functions C++ has in `std` (`std::sqrt(float)` is
/// `sqrt(float)`: the built-ins, float and double overloads from one
/// table, `frontend::builtins`; `std::isnan` and its kind are math.h's).
/// Every compile knows them, as nvcc's force-included cuda_runtime.h
/// brings in <cmath>: the parser makes each `std::f` stand for `::f`.
/// Each must be a built-in or a function of math.h (tested).
pub const STD_MATH: &[&str] = &[
    "abs",
    "fabs",
    "fmod",
    "remainder",
    "fma",
    "fmax",
    "fmin",
    "fdim",
    "exp",
    "exp2",
    "expm1",
    "log",
    "log10",
    "log2",
    "log1p",
    "pow",
    "sqrt",
    "cbrt",
    "hypot",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "erf",
    "erfc",
    "tgamma",
    "lgamma",
    "ceil",
    "floor",
    "trunc",
    "round",
    "nearbyint",
    "rint",
    "frexp",
    "ldexp",
    "modf",
    "scalbn",
    "ilogb",
    "logb",
    "nextafter",
    "copysign",
    "isnan",
    "isinf",
    "isfinite",
    "signbit",
    "labs",
    "llabs",
    "sqrtf",
    "fabsf",
    "expf",
    "logf",
    "powf",
    "sinf",
    "cosf",
    "tanf",
    "floorf",
    "ceilf",
    "roundf",
    "truncf",
    "fminf",
    "fmaxf",
    "fmaf",
];

/// `<cmath>`: math.h; its `std::` names are known everywhere (`STD_MATH`).
/// `<cmath>` (libstdc++'s brings `std::size_t` along, as every C++ header does).
pub const CMATH: &str = "#pragma once
#include <math.h>
#include <cstddef>
";

pub const INITIALIZER_LIST: &str = "#pragma once
#include <cstddef>
namespace std {
template <class T> class initializer_list {
    const T *_b;
    size_t _n;
public:
    initializer_list();
    size_t size() const;
    const T *begin() const;
    const T *end() const;
};
}
";

pub const NEW: &str = "#pragma once
#include <cstddef>
#include <exception>
namespace std {
struct nothrow_t {};
extern const nothrow_t nothrow;
}
";

pub const EXCEPTION: &str = "#pragma once
namespace std {
class exception {
public:
    exception();
    const char *what() const;
};
class bad_alloc {
public:
    bad_alloc();
    const char *what() const;
};
void terminate();
}
";

pub const STDEXCEPT: &str = "#pragma once
#include <exception>
#include <string>
namespace std {
class logic_error {
    string _m;
public:
    explicit logic_error(const char *what);
    explicit logic_error(const string &what);
    const char *what() const;
};
class runtime_error {
    string _m;
public:
    explicit runtime_error(const char *what);
    explicit runtime_error(const string &what);
    const char *what() const;
};
class invalid_argument {
    string _m;
public:
    explicit invalid_argument(const char *what);
    explicit invalid_argument(const string &what);
    const char *what() const;
};
class out_of_range {
    string _m;
public:
    explicit out_of_range(const char *what);
    explicit out_of_range(const string &what);
    const char *what() const;
};
}
";

pub const TYPE_TRAITS: &str = "#pragma once
#include <cstddef>
namespace std {
template <class T, T v> struct integral_constant {
    static constexpr T value = v;
    typedef T value_type;
};
struct true_type { static constexpr bool value = true; typedef bool value_type; };
struct false_type { static constexpr bool value = false; typedef bool value_type; };
template <bool B> using bool_constant = integral_constant<bool, B>;
template <class T, class U> struct is_same { static constexpr bool value = false; };
template <class T> struct is_same<T, T> { static constexpr bool value = true; };
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <class T> struct type_identity { typedef T type; };
/* Storage of Len bytes at alignment Align (the default: the widest scalar's). */
template <size_t Len, size_t Align = 16> struct aligned_storage {
    struct alignas(Align) type { unsigned char __data[Len]; };
};
template <class T, class U = T> struct common_type { typedef __ptxlab_common_type(T, U) type; };
template <class T> struct remove_const { typedef T type; };
template <class T> struct remove_volatile { typedef T type; };
template <class T> struct remove_cv { typedef T type; };
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T &> { typedef T type; };
template <class T> struct remove_pointer { typedef T type; };
template <class T> struct remove_pointer<T *> { typedef T type; };
template <class T> struct add_pointer { typedef T *type; };
template <class T> struct add_const { typedef const T type; };
template <class T> struct decay { typedef T type; };
template <class T> struct decay<T &> { typedef T type; };
template <class T> struct is_void { static constexpr bool value = false; };
template <> struct is_void<void> { static constexpr bool value = true; };
/* (cv-qualified arguments are not told apart from unqualified ones yet:
   remove_cv and friends are the identity, is_const is false.) */
template <class T> struct is_const { static constexpr bool value = false; };
template <class T> struct is_pointer { static constexpr bool value = false; };
template <class T> struct is_pointer<T *> { static constexpr bool value = true; };
template <class T> struct is_reference { static constexpr bool value = false; };
template <class T> struct is_reference<T &> { static constexpr bool value = true; };
template <class T> struct is_lvalue_reference { static constexpr bool value = false; };
template <class T> struct is_lvalue_reference<T &> { static constexpr bool value = true; };
#define __PTXLAB_TRAIT(NAME, T, V) \\
template <> struct NAME<T> { static constexpr bool value = V; };
#define __PTXLAB_INTEGRAL(T, SIGNED) \\
__PTXLAB_TRAIT(is_integral, T, true) \\
__PTXLAB_TRAIT(is_signed, T, SIGNED) \\
__PTXLAB_TRAIT(is_unsigned, T, !SIGNED) \\
__PTXLAB_TRAIT(is_arithmetic, T, true) \\
__PTXLAB_TRAIT(is_scalar, T, true) \\
__PTXLAB_TRAIT(is_fundamental, T, true)
template <class T> struct is_integral { static constexpr bool value = false; };
template <class T> struct is_floating_point { static constexpr bool value = false; };
template <class T> struct is_signed { static constexpr bool value = false; };
template <class T> struct is_unsigned { static constexpr bool value = false; };
template <class T> struct is_arithmetic { static constexpr bool value = false; };
template <class T> struct is_scalar { static constexpr bool value = is_pointer<T>::value; };
template <class T> struct is_fundamental { static constexpr bool value = is_void<T>::value; };
__PTXLAB_INTEGRAL(bool, false)
__PTXLAB_INTEGRAL(char, true)
__PTXLAB_INTEGRAL(signed char, true)
__PTXLAB_INTEGRAL(unsigned char, false)
__PTXLAB_INTEGRAL(short, true)
__PTXLAB_INTEGRAL(unsigned short, false)
__PTXLAB_INTEGRAL(int, true)
__PTXLAB_INTEGRAL(unsigned, false)
__PTXLAB_INTEGRAL(long, true)
__PTXLAB_INTEGRAL(unsigned long, false)
__PTXLAB_INTEGRAL(long long, true)
__PTXLAB_INTEGRAL(unsigned long long, false)
#define __PTXLAB_FLOATING(T) \\
__PTXLAB_TRAIT(is_floating_point, T, true) \\
__PTXLAB_TRAIT(is_signed, T, true) \\
__PTXLAB_TRAIT(is_arithmetic, T, true) \\
__PTXLAB_TRAIT(is_scalar, T, true) \\
__PTXLAB_TRAIT(is_fundamental, T, true)
__PTXLAB_FLOATING(float)
__PTXLAB_FLOATING(double)
#undef __PTXLAB_FLOATING
#undef __PTXLAB_INTEGRAL
#undef __PTXLAB_TRAIT
#define __PTXLAB_SIGN(S, U) \\
template <> struct make_unsigned<S> { typedef U type; }; \\
template <> struct make_unsigned<U> { typedef U type; }; \\
template <> struct make_signed<S> { typedef S type; }; \\
template <> struct make_signed<U> { typedef S type; };
template <class T> struct make_unsigned;
template <class T> struct make_signed;
template <> struct make_unsigned<char> { typedef unsigned char type; };
template <> struct make_signed<char> { typedef signed char type; };
__PTXLAB_SIGN(signed char, unsigned char)
__PTXLAB_SIGN(short, unsigned short)
__PTXLAB_SIGN(int, unsigned int)
__PTXLAB_SIGN(long, unsigned long)
__PTXLAB_SIGN(long long, unsigned long long)
#undef __PTXLAB_SIGN
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <bool B, class T, class F> using conditional_t = typename conditional<B, T, F>::type;
template <class T> using remove_const_t = typename remove_const<T>::type;
template <class T> using remove_cv_t = typename remove_cv<T>::type;
template <class T> using remove_reference_t = typename remove_reference<T>::type;
template <class T> using remove_pointer_t = typename remove_pointer<T>::type;
template <class T> using add_pointer_t = typename add_pointer<T>::type;
template <class T> using decay_t = typename decay<T>::type;
template <class T, class U = T> using common_type_t = typename common_type<T, U>::type;
template <class T> using make_unsigned_t = typename make_unsigned<T>::type;
template <class T> using make_signed_t = typename make_signed<T>::type;
template <class T> using remove_volatile_t = typename remove_volatile<T>::type;
template <class T> using add_const_t = typename add_const<T>::type;
template <class T> using type_identity_t = typename type_identity<T>::type;
template <class T, class U> inline constexpr bool is_same_v = is_same<T, U>::value;
template <class T> inline constexpr bool is_void_v = is_void<T>::value;
template <class T> inline constexpr bool is_const_v = is_const<T>::value;
template <class T> inline constexpr bool is_pointer_v = is_pointer<T>::value;
template <class T> inline constexpr bool is_reference_v = is_reference<T>::value;
template <class T> inline constexpr bool is_lvalue_reference_v = is_lvalue_reference<T>::value;
template <class T> inline constexpr bool is_integral_v = is_integral<T>::value;
template <class T> inline constexpr bool is_floating_point_v = is_floating_point<T>::value;
template <class T> inline constexpr bool is_signed_v = is_signed<T>::value;
template <class T> inline constexpr bool is_unsigned_v = is_unsigned<T>::value;
template <class T> inline constexpr bool is_arithmetic_v = is_arithmetic<T>::value;
template <class T> inline constexpr bool is_scalar_v = is_scalar<T>::value;
template <class T> inline constexpr bool is_fundamental_v = is_fundamental<T>::value;
}
";

pub const UTILITY: &str = "#pragma once
#include <cstddef>
#include <initializer_list>
namespace std {
template <class T> void swap(T &a, T &b);
/* Device code may call them too, as nvcc allows. */
template <class T> __host__ __device__ constexpr T &move(T &t) { return t; }
template <class T> __host__ __device__ constexpr T &forward(T &t) { return t; }
template <class A, class B> struct pair {
    A first;
    B second;
    pair();
    pair(const A &a, const B &b);
};
template <class A, class B> pair<A, B> make_pair(A a, B b);
}
";

pub const LIMITS: &str = "#pragma once
#include <climits>
#include <cfloat>
namespace std {
/* The limits of the arithmetic types. The functions are constexpr host
   functions, as in the standard library: device code calls them under
   --expt-relaxed-constexpr. */
template <class T> class numeric_limits {
public:
    static constexpr bool is_specialized = false;
    static constexpr T min() { return T(); }
    static constexpr T max() { return T(); }
    static constexpr T lowest() { return T(); }
};
#define __PTXLAB_INT_LIMITS(T, LO, HI, SIGNED, DIGITS) \\
template <> class numeric_limits<T> { \\
public: \\
    static constexpr bool is_specialized = true; \\
    static constexpr bool is_signed = SIGNED; \\
    static constexpr bool is_integer = true; \\
    static constexpr int digits = DIGITS; \\
    static constexpr T min() { return LO; } \\
    static constexpr T max() { return HI; } \\
    static constexpr T lowest() { return LO; } \\
};
__PTXLAB_INT_LIMITS(bool, false, true, false, 1)
__PTXLAB_INT_LIMITS(char, CHAR_MIN, CHAR_MAX, true, 7)
__PTXLAB_INT_LIMITS(signed char, SCHAR_MIN, SCHAR_MAX, true, 7)
__PTXLAB_INT_LIMITS(unsigned char, 0, UCHAR_MAX, false, 8)
__PTXLAB_INT_LIMITS(short, SHRT_MIN, SHRT_MAX, true, 15)
__PTXLAB_INT_LIMITS(unsigned short, 0, USHRT_MAX, false, 16)
__PTXLAB_INT_LIMITS(int, INT_MIN, INT_MAX, true, 31)
__PTXLAB_INT_LIMITS(unsigned int, 0, UINT_MAX, false, 32)
__PTXLAB_INT_LIMITS(long, LONG_MIN, LONG_MAX, true, 63)
__PTXLAB_INT_LIMITS(unsigned long, 0, ULONG_MAX, false, 64)
__PTXLAB_INT_LIMITS(long long, LLONG_MIN, LLONG_MAX, true, 63)
__PTXLAB_INT_LIMITS(unsigned long long, 0, ULLONG_MAX, false, 64)
#undef __PTXLAB_INT_LIMITS
#define __PTXLAB_FLOAT_LIMITS(T, MIN, MAX, EPS, DIGITS, INF, NAN_) \\
template <> class numeric_limits<T> { \\
public: \\
    static constexpr bool is_specialized = true; \\
    static constexpr bool is_signed = true; \\
    static constexpr bool is_integer = false; \\
    static constexpr bool has_infinity = true; \\
    static constexpr bool has_quiet_NaN = true; \\
    static constexpr int digits = DIGITS; \\
    static constexpr T min() { return MIN; } \\
    static constexpr T max() { return MAX; } \\
    static constexpr T lowest() { return -MAX; } \\
    static constexpr T epsilon() { return EPS; } \\
    static constexpr T infinity() { return INF; } \\
    static constexpr T quiet_NaN() { return NAN_; } \\
};
__PTXLAB_FLOAT_LIMITS(float, FLT_MIN, FLT_MAX, FLT_EPSILON, FLT_MANT_DIG,
                      __int_as_float(0x7f800000), __int_as_float(0x7fffffff))
__PTXLAB_FLOAT_LIMITS(double, DBL_MIN, DBL_MAX, DBL_EPSILON, DBL_MANT_DIG,
                      __longlong_as_double(0x7ff0000000000000LL),
                      __longlong_as_double(0x7fffffffffffffffLL))
#undef __PTXLAB_FLOAT_LIMITS
}
";

pub const ALGORITHM: &str = "#pragma once
#include <utility>
namespace std {
/* min, max and clamp are constexpr: device code may call them under
   --expt-relaxed-constexpr (and otherwise gets nvcc's error). */
template <class T> constexpr const T &min(const T &a, const T &b) { return b < a ? b : a; }
template <class T> constexpr const T &max(const T &a, const T &b) { return a < b ? b : a; }
template <class T> constexpr const T &clamp(const T &v, const T &lo, const T &hi) {
    return v < lo ? lo : hi < v ? hi : v;
}
template <class It> void sort(It first, It last);
template <class It> void stable_sort(It first, It last);
template <class It, class T> void fill(It first, It last, const T &value);
template <class It, class T> It fill_n(It first, size_t n, const T &value);
template <class In, class Out> Out copy(In first, In last, Out out);
template <class In, class Out> Out copy_n(In first, size_t n, Out out);
template <class In, class Out, class F> Out transform(In first, In last, Out out, F f);
template <class It, class F> F for_each(It first, It last, F f);
template <class It, class F> F generate(It first, It last, F f);
template <class It, class T> It find(It first, It last, const T &value);
template <class It, class T> long count(It first, It last, const T &value);
template <class It> It min_element(It first, It last);
template <class It> It max_element(It first, It last);
template <class It> void reverse(It first, It last);
template <class It> It unique(It first, It last);
template <class A, class B> bool equal(A first, A last, B other);
template <class It, class T> It lower_bound(It first, It last, const T &value);
template <class It, class T> It upper_bound(It first, It last, const T &value);
template <class It, class T> bool binary_search(It first, It last, const T &value);
template <class It, class P> bool all_of(It first, It last, P p);
template <class It, class P> bool any_of(It first, It last, P p);
template <class It, class P> bool none_of(It first, It last, P p);
template <class It, class G> void shuffle(It first, It last, G &g);
}
";

pub const NUMERIC: &str = "#pragma once
#include <cstddef>
namespace std {
template <class It, class T> T accumulate(It first, It last, T init);
template <class It, class T> void iota(It first, It last, T value);
template <class A, class B, class T> T inner_product(A first, A last, B other, T init);
template <class In, class Out> Out partial_sum(In first, In last, Out out);
template <class T> constexpr T gcd(T m, T n) { return n == 0 ? m : gcd(n, m % n); }
}
";

pub const ARRAY: &str = "#pragma once
#include <cstddef>
namespace std {
template <class T, size_t N> struct array {
    T _M_elems[N];
    typedef T value_type;
    typedef size_t size_type;
    typedef T *iterator;
    typedef const T *const_iterator;
    constexpr T &operator[](size_t i) { return _M_elems[i]; }
    constexpr const T &operator[](size_t i) const { return _M_elems[i]; }
    constexpr size_t size() const { return N; }
    constexpr bool empty() const { return N == 0; }
    constexpr T *data() { return _M_elems; }
    constexpr const T *data() const { return _M_elems; }
    constexpr T *begin() { return _M_elems; }
    constexpr T *end() { return _M_elems + N; }
    constexpr T &front() { return _M_elems[0]; }
    constexpr T &back() { return _M_elems[N - 1]; }
    T &at(size_t i);
    void fill(const T &value);
};
}
";

pub const MEMORY: &str = "#pragma once
#include <cstddef>
namespace std {
template <class T> class allocator {
public:
    typedef T value_type;
    allocator();
    T *allocate(size_t n);
    void deallocate(T *p, size_t n);
};
template <class T> struct default_delete {};
template <class T, class D = default_delete<T> > class unique_ptr {
    T *_p;
public:
    typedef T element_type;
    unique_ptr();
    explicit unique_ptr(T *p);
    ~unique_ptr();
    T *get() const;
    T *release();
    void reset(T *p = nullptr);
    T &operator*() const;
    T *operator->() const;
    T &operator[](size_t i) const;
    explicit operator bool() const;
};
// Removed by C++17 yet still declared by libstdc++, which nvcc's host
// compiler uses: old host code (diamond's masking.h) names it.
template <class T> class auto_ptr {
    T *_p;
public:
    typedef T element_type;
    explicit auto_ptr(T *p = 0);
    auto_ptr(auto_ptr &o);
    auto_ptr &operator=(auto_ptr &o);
    ~auto_ptr();
    T *get() const;
    T *release();
    void reset(T *p = 0);
    T &operator*() const;
    T *operator->() const;
};
template <class T> class shared_ptr {
    T *_p;
    void *_count;
public:
    typedef T element_type;
    shared_ptr();
    explicit shared_ptr(T *p);
    shared_ptr(const shared_ptr &o);
    ~shared_ptr();
    T *get() const;
    void reset(T *p = nullptr);
    long use_count() const;
    T &operator*() const;
    T *operator->() const;
    explicit operator bool() const;
};
template <class T> unique_ptr<T> make_unique(size_t n);
template <class T> shared_ptr<T> make_shared();
}
";

pub const VECTOR: &str = "#pragma once
#include <memory>
#include <initializer_list>
namespace std {
template <class T, class A = allocator<T> > class vector {
    T *_b, *_e, *_c;
public:
    typedef T value_type;
    typedef A allocator_type;
    typedef size_t size_type;
    typedef T &reference;
    typedef const T &const_reference;
    typedef T *pointer;
    typedef T *iterator;
    typedef const T *const_iterator;
    vector();
    explicit vector(size_t n);
    vector(size_t n, const T &value);
    vector(const vector &o);
    vector(initializer_list<T> values);
    ~vector();
    vector &operator=(const vector &o);
    size_t size() const;
    size_t capacity() const;
    bool empty() const;
    void resize(size_t n);
    void resize(size_t n, const T &value);
    void reserve(size_t n);
    void clear();
    void shrink_to_fit();
    void push_back(const T &value);
    void pop_back();
    void assign(size_t n, const T &value);
    T &operator[](size_t i);
    const T &operator[](size_t i) const;
    T &at(size_t i);
    const T &at(size_t i) const;
    T &front();
    const T &front() const;
    T &back();
    const T &back() const;
    T *data();
    const T *data() const;
    iterator begin();
    iterator end();
    const_iterator begin() const;
    const_iterator end() const;
    const_iterator cbegin() const;
    const_iterator cend() const;
    iterator insert(const_iterator at, const T &value);
    iterator erase(const_iterator at);
};
}
";

/// `<string>` (and so `<iostream>`) brings `<pthread.h>` as libstdc++'s
/// does through its thread support: host code names `pthread_barrier_t`
/// with `<iostream>` alone (Rodinia's streamcluster).
pub const STRING: &str = "#pragma once
#include <cstddef>
#include <cstring>
#include <pthread.h>
#include <initializer_list>
namespace std {
template <class C> struct char_traits {};
class string {
    char *_p;
    size_t _n;
    char _local[16];
public:
    typedef char value_type;
    typedef size_t size_type;
    typedef char *iterator;
    typedef const char *const_iterator;
    static const size_t npos = (size_t)-1;
    string();
    string(const char *s);
    string(const char *s, size_t n);
    string(size_t n, char c);
    string(const string &o);
    ~string();
    string &operator=(const string &o);
    string &operator=(const char *s);
    string &operator+=(const string &o);
    string &operator+=(const char *s);
    string &operator+=(char c);
    size_t size() const;
    size_t length() const;
    bool empty() const;
    void clear();
    void resize(size_t n);
    void reserve(size_t n);
    const char *c_str() const;
    const char *data() const;
    char &operator[](size_t i);
    const char &operator[](size_t i) const;
    char &at(size_t i);
    string &append(const string &o);
    string &append(const char *s);
    void push_back(char c);
    string substr(size_t pos, size_t n = npos) const;
    size_t find(const string &s, size_t pos = 0) const;
    size_t find(const char *s, size_t pos = 0) const;
    size_t find(char c, size_t pos = 0) const;
    size_t rfind(char c, size_t pos = npos) const;
    int compare(const string &o) const;
    iterator begin();
    iterator end();
    const_iterator begin() const;
    const_iterator end() const;
};
string operator+(const string &a, const string &b);
string operator+(const string &a, const char *b);
string operator+(const char *a, const string &b);
bool operator==(const string &a, const string &b);
bool operator==(const string &a, const char *b);
bool operator!=(const string &a, const string &b);
bool operator<(const string &a, const string &b);
string to_string(int v);
string to_string(unsigned v);
string to_string(long v);
string to_string(unsigned long v);
string to_string(long long v);
string to_string(unsigned long long v);
string to_string(float v);
string to_string(double v);
int stoi(const string &s);
long stol(const string &s);
float stof(const string &s);
double stod(const string &s);
}
";

/// `<iostream>` with `<ostream>`, `<istream>` and `<ios>`.
pub const IOSTREAM: &str = "#pragma once
#include <string>
namespace std {
typedef long streamsize;
class ios_base {
public:
    typedef int fmtflags;
    typedef int openmode;
    static const openmode in = 8;
    static const openmode out = 16;
    static const openmode binary = 4;
    static const openmode app = 1;
    static const openmode trunc = 32;
    fmtflags flags() const;
    streamsize precision() const;
    streamsize precision(streamsize p);
};
typedef ios_base ios;
class ostream {
    void *_buf;
public:
    ostream &operator<<(bool v);
    ostream &operator<<(char c);
    ostream &operator<<(int v);
    ostream &operator<<(unsigned v);
    ostream &operator<<(long v);
    ostream &operator<<(unsigned long v);
    ostream &operator<<(long long v);
    ostream &operator<<(unsigned long long v);
    ostream &operator<<(float v);
    ostream &operator<<(double v);
    ostream &operator<<(const char *s);
    ostream &operator<<(const string &s);
    ostream &operator<<(const void *p);
    ostream &put(char c);
    ostream &write(const char *s, streamsize n);
    ostream &flush();
    streamsize precision(streamsize p);
    bool good() const;
};
class istream {
    void *_buf;
public:
    istream &operator>>(int &v);
    istream &operator>>(unsigned &v);
    istream &operator>>(long &v);
    istream &operator>>(long long &v);
    istream &operator>>(float &v);
    istream &operator>>(double &v);
    istream &operator>>(string &s);
    istream &read(char *s, streamsize n);
    int get();
    bool good() const;
    bool eof() const;
    bool fail() const;
};
istream &getline(istream &in, string &s);
ostream &endl(ostream &os);
ostream &flush(ostream &os);
ios_base &fixed(ios_base &s);
ios_base &scientific(ios_base &s);
ios_base &hex(ios_base &s);
ios_base &dec(ios_base &s);
ios_base &left(ios_base &s);
ios_base &right(ios_base &s);
ios_base &boolalpha(ios_base &s);
extern ostream cout;
extern ostream cerr;
extern ostream clog;
extern istream cin;
}
";

pub const IOMANIP: &str = "#pragma once
#include <iostream>
#include <sstream>
namespace std {
struct _Setprecision { int _n; };
struct _Setw { int _n; };
struct _Setfill { char _c; };
_Setprecision setprecision(int n);
_Setw setw(int n);
_Setfill setfill(char c);
ostream &operator<<(ostream &os, _Setprecision p);
ostream &operator<<(ostream &os, _Setw w);
ostream &operator<<(ostream &os, _Setfill f);
}
";

pub const SSTREAM: &str = "#pragma once
#include <iostream>
namespace std {
class ostringstream {
    void *_buf;
public:
    ostringstream();
    string str() const;
    void str(const string &s);
};
class istringstream {
    void *_buf;
public:
    istringstream();
    explicit istringstream(const string &s);
    string str() const;
};
class stringstream {
    void *_buf;
public:
    stringstream();
    explicit stringstream(const string &s);
    string str() const;
    void str(const string &s);
};
}
";

pub const FSTREAM: &str = "#pragma once
#include <iostream>
namespace std {
class ifstream {
    void *_buf;
public:
    ifstream();
    explicit ifstream(const char *path, int mode = ios_base::in);
    explicit ifstream(const string &path, int mode = ios_base::in);
    void open(const char *path, int mode = ios_base::in);
    bool is_open() const;
    void close();
    bool good() const;
    bool eof() const;
    istream &read(char *s, streamsize n);
};
class ofstream {
    void *_buf;
public:
    ofstream();
    explicit ofstream(const char *path, int mode = ios_base::out);
    explicit ofstream(const string &path, int mode = ios_base::out);
    void open(const char *path, int mode = ios_base::out);
    bool is_open() const;
    void close();
    ostream &write(const char *s, streamsize n);
};
class fstream {
    void *_buf;
public:
    fstream();
    explicit fstream(const char *path, int mode = ios_base::in | ios_base::out);
    void open(const char *path, int mode = ios_base::in | ios_base::out);
    bool is_open() const;
    void close();
};
}
";

pub const FUNCTIONAL: &str = "#pragma once
#include <cstddef>
#include <array>
namespace std {
/* The function objects are constexpr, as in C++14: device code calls
   them under --expt-relaxed-constexpr. */
template <class T> struct plus { constexpr T operator()(const T &a, const T &b) const { return a + b; } };
template <class T> struct minus { constexpr T operator()(const T &a, const T &b) const { return a - b; } };
template <class T> struct multiplies { constexpr T operator()(const T &a, const T &b) const { return a * b; } };
template <class T> struct less { constexpr bool operator()(const T &a, const T &b) const { return a < b; } };
template <class T> struct greater { constexpr bool operator()(const T &a, const T &b) const { return a > b; } };
template <class T> struct equal_to { constexpr bool operator()(const T &a, const T &b) const { return a == b; } };
template <class T> struct hash { size_t operator()(const T &v) const; };
/* std::function<R(Args...)>: a host object; its signature is not kept. */
template <class F> class function {
    void *_f[4];
public:
    function();
    explicit operator bool() const;
};
}
";

pub const TUPLE: &str = concat!(
    "#pragma once
#include <utility>
#include <cstddef>
namespace std {
#define __PTXLAB_TF constexpr
",
    super::cudastd::tuple_body!(),
    "#undef __PTXLAB_TF
}
"
);

pub const MAP: &str = "#pragma once
#include <utility>
#include <functional>
namespace std {
template <class K, class V, class C = less<K> > class map {
    void *_tree[6];
public:
    typedef K key_type;
    typedef V mapped_type;
    typedef size_t size_type;
    typedef pair<const K, V> value_type;
    typedef value_type *iterator;
    typedef const value_type *const_iterator;
    iterator begin();
    iterator end();
    iterator find(const K &k);
    map();
    size_t size() const;
    bool empty() const;
    void clear();
    size_t count(const K &k) const;
    V &operator[](const K &k);
    V &at(const K &k);
    size_t erase(const K &k);
};
}
";

pub const UNORDERED_MAP: &str = "#pragma once
#include <utility>
#include <functional>
namespace std {
template <class K, class V, class H = hash<K> > class unordered_map {
    void *_table[7];
public:
    typedef K key_type;
    typedef V mapped_type;
    typedef size_t size_type;
    unordered_map();
    size_t size() const;
    bool empty() const;
    void clear();
    size_t count(const K &k) const;
    V &operator[](const K &k);
    V &at(const K &k);
    size_t erase(const K &k);
    void reserve(size_t n);
};
}
";

pub const SET: &str = "#pragma once
#include <utility>
#include <functional>
namespace std {
template <class K, class C = less<K> > class set {
    void *_tree[6];
public:
    typedef K key_type;
    typedef K value_type;
    typedef size_t size_type;
    set();
    size_t size() const;
    bool empty() const;
    void clear();
    size_t count(const K &k) const;
    size_t erase(const K &k);
};
}
";

pub const UNORDERED_SET: &str = "#pragma once
#include <utility>
#include <functional>
namespace std {
template <class K, class H = hash<K> > class unordered_set {
    void *_table[7];
public:
    typedef K key_type;
    typedef K value_type;
    typedef size_t size_type;
    unordered_set();
    size_t size() const;
    bool empty() const;
    void clear();
    size_t count(const K &k) const;
    size_t erase(const K &k);
};
}
";

pub const ITERATOR: &str = "#pragma once
#include <cstddef>
namespace std {
struct input_iterator_tag {};
struct output_iterator_tag {};
struct forward_iterator_tag {};
struct bidirectional_iterator_tag {};
struct random_access_iterator_tag {};
template <class It> long distance(It first, It last);
template <class It> void advance(It &it, long n);
template <class It> It next(It it, long n = 1);
template <class It> It prev(It it, long n = 1);
template <class C> class back_insert_iterator {
    C *_c;
public:
    explicit back_insert_iterator(C &c);
};
template <class C> back_insert_iterator<C> back_inserter(C &c);
}
";

pub const CHRONO: &str = "#pragma once
#include <ratio>
namespace std {
namespace chrono {
template <class Rep, class Period = ratio<1> > class duration {
    Rep _r;
public:
    typedef Rep rep;
    typedef Period period;
    duration();
    duration(Rep r);
    Rep count() const;
};
typedef duration<long long, nano> nanoseconds;
typedef duration<long long, micro> microseconds;
typedef duration<long long, milli> milliseconds;
typedef duration<long long> seconds;
typedef duration<long long, ratio<60> > minutes;
typedef duration<long long, ratio<3600> > hours;
template <class Clock, class Dur = typename Clock::duration> class time_point {
    Dur _d;
public:
    typedef Clock clock;
    typedef Dur duration;
    time_point();
    Dur time_since_epoch() const;
};
struct system_clock {
    typedef long long rep;
    typedef nano period;
    typedef nanoseconds duration;
    typedef chrono::time_point<system_clock> time_point;
    static constexpr bool is_steady = false;
    static time_point now();
};
struct steady_clock {
    typedef long long rep;
    typedef nano period;
    typedef nanoseconds duration;
    typedef chrono::time_point<steady_clock> time_point;
    static constexpr bool is_steady = true;
    static time_point now();
};
typedef system_clock high_resolution_clock;
template <class To, class D> To duration_cast(const D &d);
}
}
";

pub const RATIO: &str = "#pragma once
#include <cstdint>
namespace std {
template <long long N, long long D = 1> struct ratio {
    static constexpr long long num = N;
    static constexpr long long den = D;
};
typedef ratio<1, 1000000000> nano;
typedef ratio<1, 1000000> micro;
typedef ratio<1, 1000> milli;
typedef ratio<1000, 1> kilo;
}
";

pub const RANDOM: &str = "#pragma once
#include <cstdint>
/* libstdc++'s <random> brings <vector>, <string> and <limits>: files use
   them with no include of their own. */
#include <vector>
#include <string>
#include <limits>
namespace std {
class mt19937 {
    unsigned _state[625];
public:
    typedef unsigned result_type;
    mt19937();
    explicit mt19937(unsigned seed);
    void seed(unsigned seed);
    unsigned operator()();
    static constexpr unsigned min() { return 0; }
    static constexpr unsigned max() { return 4294967295u; }
};
class mt19937_64 {
    unsigned long long _state[313];
public:
    typedef unsigned long long result_type;
    mt19937_64();
    explicit mt19937_64(unsigned long long seed);
    void seed(unsigned long long seed);
    unsigned long long operator()();
};
typedef mt19937 default_random_engine;
class random_device {
    void *_impl;
public:
    typedef unsigned result_type;
    random_device();
    unsigned operator()();
};
/* The distributions draw from any engine; here each names mt19937. */
template <class T = double> class uniform_real_distribution {
    T _a, _b;
public:
    typedef T result_type;
    uniform_real_distribution();
    uniform_real_distribution(T a, T b);
    T operator()(mt19937 &g);
    T a() const;
    T b() const;
};
template <class T = int> class uniform_int_distribution {
    T _a, _b;
public:
    typedef T result_type;
    uniform_int_distribution();
    uniform_int_distribution(T a, T b);
    T operator()(mt19937 &g);
};
template <class T = double> class normal_distribution {
    T _mean, _stddev, _saved;
    bool _has_saved;
public:
    typedef T result_type;
    normal_distribution();
    normal_distribution(T mean, T stddev);
    T operator()(mt19937 &g);
};
class bernoulli_distribution {
    double _p;
public:
    bernoulli_distribution();
    explicit bernoulli_distribution(double p);
    bool operator()(mt19937 &g);
};
}
";

pub const COMPLEX: &str = "#pragma once
#include <cmath>
namespace std {
/* Host code's complex numbers (CUDA device code uses cuComplex or
   cuda::std::complex); the constexpr members work on the device under
   --expt-relaxed-constexpr. */
template <class T> class complex {
    T _re, _im;
public:
    typedef T value_type;
    constexpr complex(T re = T(), T im = T()) : _re(re), _im(im) {}
    constexpr T real() const { return _re; }
    constexpr T imag() const { return _im; }
    complex &operator+=(const complex &o);
    complex &operator*=(const complex &o);
};
template <class T> T real(const complex<T> &z);
template <class T> T imag(const complex<T> &z);
template <class T> T norm(const complex<T> &z);
template <class T> T arg(const complex<T> &z);
template <class T> complex<T> conj(const complex<T> &z);
template <class T> complex<T> polar(const T &r, const T &theta);
}
";

pub const THREAD: &str = "#pragma once
#include <chrono>
namespace std {
class thread {
    unsigned long _id;
public:
    thread();
    ~thread();
    void join();
    void detach();
    bool joinable() const;
    static unsigned hardware_concurrency();
};
namespace this_thread {
void yield();
template <class D> void sleep_for(const D &d);
}
}
";

pub const MUTEX: &str = "#pragma once
namespace std {
class mutex {
    void *_m[5];
public:
    mutex();
    ~mutex();
    void lock();
    void unlock();
    bool try_lock();
};
template <class M> class lock_guard {
    M *_m;
public:
    explicit lock_guard(M &m);
    ~lock_guard();
};
template <class M> class unique_lock {
    M *_m;
    bool _owns;
public:
    explicit unique_lock(M &m);
    ~unique_lock();
    void lock();
    void unlock();
};
}
";

pub const ATOMIC: &str = "#pragma once
namespace std {
/* Host atomics (device code uses atomicAdd and friends, or cuda::atomic). */
template <class T> class atomic {
    T _v;
public:
    atomic();
    atomic(T v);
    T load() const;
    void store(T v);
    T exchange(T v);
    T fetch_add(T v);
    T fetch_sub(T v);
    T operator++();
    T operator--();
    operator T() const;
};
typedef atomic<int> atomic_int;
typedef atomic<bool> atomic_bool;
}
";

/// `<bits/stdc++.h>`: every header above.
pub const BITS_STDCXX: &str = "#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <cfloat>
#include <cassert>
#include <ctime>
#include <cmath>
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <complex>
#include <exception>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>
";

/// The text of a C++ standard header, by name.
pub fn header(name: &str) -> Option<&'static str> {
    Some(match name {
        "cstddef" => CSTDDEF,
        "cstdint" => CSTDINT,
        "cstdio" => CSTDIO,
        "cstdlib" => CSTDLIB,
        "cstring" => CSTRING,
        "climits" => CLIMITS,
        "cfloat" => CFLOAT,
        "cassert" => CASSERT,
        "ctime" => CTIME,
        "cmath" => CMATH,
        "initializer_list" => INITIALIZER_LIST,
        "new" => NEW,
        "exception" => EXCEPTION,
        "stdexcept" => STDEXCEPT,
        "type_traits" => TYPE_TRAITS,
        "utility" => UTILITY,
        "limits" => LIMITS,
        "algorithm" => ALGORITHM,
        "numeric" => NUMERIC,
        "array" => ARRAY,
        "memory" => MEMORY,
        "vector" => VECTOR,
        "string" => STRING,
        "iostream" => IOSTREAM,
        "ostream" | "istream" | "ios" => "#include <iostream>\n",
        "iomanip" => IOMANIP,
        "sstream" => SSTREAM,
        "fstream" => FSTREAM,
        "functional" => FUNCTIONAL,
        "tuple" => TUPLE,
        "map" => MAP,
        "unordered_map" => UNORDERED_MAP,
        "set" => SET,
        "unordered_set" => UNORDERED_SET,
        "iterator" => ITERATOR,
        "chrono" => CHRONO,
        "ratio" => RATIO,
        "random" => RANDOM,
        "complex" => COMPLEX,
        "thread" => THREAD,
        "mutex" => MUTEX,
        "atomic" => ATOMIC,
        "bits/stdc++.h" => BITS_STDCXX,
        _ => return None,
    })
}

/// Every header `header` knows (for tests).
#[cfg(test)]
pub const NAMES: &[&str] = &[
    "cstddef",
    "cstdint",
    "cstdio",
    "cstdlib",
    "cstring",
    "climits",
    "cfloat",
    "cassert",
    "ctime",
    "cmath",
    "initializer_list",
    "new",
    "exception",
    "stdexcept",
    "type_traits",
    "utility",
    "limits",
    "algorithm",
    "numeric",
    "array",
    "memory",
    "vector",
    "string",
    "iostream",
    "ostream",
    "istream",
    "ios",
    "iomanip",
    "sstream",
    "fstream",
    "functional",
    "tuple",
    "map",
    "unordered_map",
    "set",
    "unordered_set",
    "iterator",
    "chrono",
    "ratio",
    "random",
    "complex",
    "thread",
    "mutex",
    "atomic",
    "bits/stdc++.h",
];
