//! The device-usable parts of Thrust (our own text): `<thrust/complex.h>`
//! (`thrust::complex<T>` with its arithmetic, the scaled quotient of
//! `cuComplex.h`, and `abs`, `arg`, `norm`, `conj`, `polar`, `exp`, `log`,
//! `sqrt`, `pow`, `sin`, `cos`) and `<thrust/device_ptr.h>` (a wrapped
//! pointer kernels take and index). As in CCCL 3, both live in the inline
//! namespace `thrust::_V_300500_SM_<arch>`, which nvcc's kernel names carry
//! (`_Z9DFT2D1gpuPfPN6thrust16_V_300500_SM_8007complexIfEEii`);
//! `<thrust/pair.h>` names libcu++'s `cuda::std::pair`, `<thrust/tuple.h>`
//! its `tuple`, `get`, `make_tuple` and `tie`. `<thrust/functional.h>` names
//! libcu++'s function objects (`thrust::minus<float>` is
//! `cuda::std::minus<float>`, `thrust::maximum` `cuda::maximum`, as in
//! CCCL 3) beside Thrust's own `square`, `project1st` and `project2nd`.
//! `<thrust/device_vector.h>` and `<thrust/host_vector.h>` declare the
//! containers' host interface (no bodies: host code is checked, never
//! compiled), so a host function template that launches a kernel template
//! with `thrust::raw_pointer_cast(v.data())` deduces its instance. Thrust's
//! other headers are host-only (`HOST_ONLY` in `headers.rs`).

/// The paths served here (in the order of `header`'s texts).
pub const NAMES: &[&str] = &[
    "thrust/complex.h",
    "thrust/device_ptr.h",
    "thrust/pair.h",
    "thrust/tuple.h",
    "thrust/functional.h",
    "thrust/device_vector.h",
    "thrust/host_vector.h",
];

/// The inline namespace's name from the target, defined once.
macro_rules! namespace {
    () => {
        r#"#pragma once
#ifndef __PTXLAB_THRUST_NS
#define __PTXLAB_THRUST_NS_CAT(a) _V_300500_SM_##a
#define __PTXLAB_THRUST_NS_X(a) __PTXLAB_THRUST_NS_CAT(a)
#ifdef __CUDA_ARCH__
#define __PTXLAB_THRUST_NS __PTXLAB_THRUST_NS_X(__CUDA_ARCH__)
#else
#define __PTXLAB_THRUST_NS _V_300500_SM_520
#endif
#endif
"#
    };
}

/// CUB's headers live in the same namespace's `cub::` twin.
pub(crate) use namespace;

const COMPLEX: &str = concat!(
    namespace!(),
    r#"#include <math.h>
namespace thrust { inline namespace __PTXLAB_THRUST_NS {
template <typename T>
struct complex {
    T __re, __im;
    typedef T value_type;
    __host__ __device__ complex(const T &re = T(), const T &im = T()) : __re(re), __im(im) {}
    __host__ __device__ T real() const { return __re; }
    __host__ __device__ T imag() const { return __im; }
    __host__ __device__ void real(T re) { __re = re; }
    __host__ __device__ void imag(T im) { __im = im; }
    __host__ __device__ complex operator+(const complex &b) const { return complex(__re + b.__re, __im + b.__im); }
    __host__ __device__ complex operator-(const complex &b) const { return complex(__re - b.__re, __im - b.__im); }
    __host__ __device__ complex operator*(const complex &b) const {
        return complex(__re * b.__re - __im * b.__im, __re * b.__im + __im * b.__re);
    }
    __host__ __device__ complex operator/(const complex &b) const {
        T k = T(1) / (::fabs(b.__re) + ::fabs(b.__im));
        T ar = __re * k, ai = __im * k, br = b.__re * k, bi = b.__im * k;
        T inv = T(1) / (br * br + bi * bi);
        return complex((ar * br + ai * bi) * inv, (ai * br - ar * bi) * inv);
    }
    __host__ __device__ complex operator+(const T &x) const { return complex(__re + x, __im); }
    __host__ __device__ complex operator-(const T &x) const { return complex(__re - x, __im); }
    __host__ __device__ complex operator*(const T &x) const { return complex(__re * x, __im * x); }
    __host__ __device__ complex operator/(const T &x) const { return complex(__re / x, __im / x); }
    __host__ __device__ complex operator-() const { return complex(-__re, -__im); }
    __host__ __device__ complex operator+() const { return *this; }
    __host__ __device__ bool operator==(const complex &b) const { return __re == b.__re && __im == b.__im; }
    __host__ __device__ bool operator!=(const complex &b) const { return !(*this == b); }
    __host__ __device__ complex &operator+=(const complex &z) { *this = *this + z; return *this; }
    __host__ __device__ complex &operator-=(const complex &z) { *this = *this - z; return *this; }
    __host__ __device__ complex &operator*=(const complex &z) { *this = *this * z; return *this; }
    __host__ __device__ complex &operator/=(const complex &z) { *this = *this / z; return *this; }
    __host__ __device__ complex &operator+=(const T &x) { __re += x; return *this; }
    __host__ __device__ complex &operator-=(const T &x) { __re -= x; return *this; }
    __host__ __device__ complex &operator*=(const T &x) { __re *= x; __im *= x; return *this; }
    __host__ __device__ complex &operator/=(const T &x) { __re /= x; __im /= x; return *this; }
};
template <typename T> __host__ __device__ T abs(const complex<T> &z) { return ::hypot(z.real(), z.imag()); }
template <typename T> __host__ __device__ T arg(const complex<T> &z) { return ::atan2(z.imag(), z.real()); }
template <typename T> __host__ __device__ T norm(const complex<T> &z) { return z.real() * z.real() + z.imag() * z.imag(); }
template <typename T> __host__ __device__ complex<T> conj(const complex<T> &z) { return complex<T>(z.real(), -z.imag()); }
template <typename T> __host__ __device__ complex<T> polar(const T &m, const T &theta) { return complex<T>(m * ::cos(theta), m * ::sin(theta)); }
template <typename T> __host__ __device__ complex<T> proj(const complex<T> &z) { return z; }
template <typename T> __host__ __device__ complex<T> exp(const complex<T> &z) {
    T e = ::exp(z.real());
    return complex<T>(e * ::cos(z.imag()), e * ::sin(z.imag()));
}
template <typename T> __host__ __device__ complex<T> log(const complex<T> &z) { return complex<T>(::log(abs(z)), arg(z)); }
template <typename T> __host__ __device__ complex<T> sqrt(const complex<T> &z) {
    /* the principal root: |w|^2 = |z|, arg w = arg z / 2, without cancellation */
    T a = abs(z);
    if (a == T(0)) return complex<T>(T(0), z.imag());
    T t = ::sqrt((a + ::fabs(z.real())) / T(2));
    if (z.real() >= T(0)) return complex<T>(t, z.imag() / (T(2) * t));
    return complex<T>(::fabs(z.imag()) / (T(2) * t), z.imag() < T(0) ? -t : t);
}
template <typename T> __host__ __device__ complex<T> pow(const complex<T> &z, const complex<T> &w) { return exp(w * log(z)); }
template <typename T> __host__ __device__ complex<T> pow(const complex<T> &z, const T &x) { return exp(log(z) * x); }
template <typename T> __host__ __device__ complex<T> sin(const complex<T> &z) {
    return complex<T>(::sin(z.real()) * ::cosh(z.imag()), ::cos(z.real()) * ::sinh(z.imag()));
}
template <typename T> __host__ __device__ complex<T> cos(const complex<T> &z) {
    return complex<T>(::cos(z.real()) * ::cosh(z.imag()), -::sin(z.real()) * ::sinh(z.imag()));
}
} }
/* a real on the left (float and double, at global scope: our
   overload resolution neither deduces operator templates nor looks
   operators up in their operands' namespaces yet) */
#define __PTXLAB_CPLX_LEFT(T) \
static __host__ __device__ __forceinline__ thrust::complex<T> operator+(const T &x, const thrust::complex<T> &a) { return thrust::complex<T>(x + a.real(), a.imag()); } \
static __host__ __device__ __forceinline__ thrust::complex<T> operator-(const T &x, const thrust::complex<T> &a) { return thrust::complex<T>(x - a.real(), -a.imag()); } \
static __host__ __device__ __forceinline__ thrust::complex<T> operator*(const T &x, const thrust::complex<T> &a) { return thrust::complex<T>(x * a.real(), x * a.imag()); } \
static __host__ __device__ __forceinline__ thrust::complex<T> operator/(const T &x, const thrust::complex<T> &a) { return thrust::complex<T>(x) / a; }
__PTXLAB_CPLX_LEFT(float)
__PTXLAB_CPLX_LEFT(double)
"#
);

const DEVICE_PTR: &str = concat!(
    namespace!(),
    r#"namespace thrust { inline namespace __PTXLAB_THRUST_NS {
template <typename T>
class device_ptr {
public:
    T *__p;
    __host__ __device__ device_ptr() : __p(0) {}
    explicit __host__ __device__ device_ptr(T *p) : __p(p) {}
    __host__ __device__ T *get() const { return __p; }
    __host__ __device__ T &operator*() const { return *__p; }
    __host__ __device__ T &operator[](long long i) const { return __p[i]; }
    __host__ __device__ device_ptr operator+(long long i) const { return device_ptr(__p + i); }
    __host__ __device__ device_ptr operator-(long long i) const { return device_ptr(__p - i); }
    __host__ __device__ device_ptr &operator++() { ++__p; return *this; }
    __host__ __device__ device_ptr &operator--() { --__p; return *this; }
    __host__ __device__ device_ptr &operator+=(long long i) { __p += i; return *this; }
    __host__ __device__ device_ptr &operator-=(long long i) { __p -= i; return *this; }
};
template <typename T> __host__ __device__ device_ptr<T> device_pointer_cast(T *p) { return device_ptr<T>(p); }
template <typename T> __host__ __device__ T *raw_pointer_cast(const device_ptr<T> &p) { return p.get(); }
template <typename T> __host__ __device__ T *raw_pointer_cast(T *p) { return p; }
} }
"#
);

/// The text of a header served here.
/// `<thrust/pair.h>`: in CCCL 3 `thrust::pair` is libcu++'s
/// `cuda::std::pair` (nvcc's names carry `N4cuda3std3__44pairIifEE`).
const PAIR: &str = "#pragma once
#include <cuda/std/utility>
namespace thrust {
using ::cuda::std::pair;
using ::cuda::std::make_pair;
}
";

/// `<thrust/tuple.h>`: libcu++'s `tuple` (`<cuda/std/tuple>`) and its
/// functions, as CCCL 3 has them.
const TUPLE: &str = "#pragma once
#include <cuda/std/tuple>
namespace thrust {
using ::cuda::std::tuple;
using ::cuda::std::tuple_size;
using ::cuda::std::tuple_element;
using ::cuda::std::get;
using ::cuda::std::make_tuple;
using ::cuda::std::tie;
}
";

/// `<thrust/functional.h>`: CCCL 3's aliases of libcu++'s function
/// objects, and Thrust's own functors in its inline namespace.
const FUNCTIONAL: &str = concat!(
    namespace!(),
    r#"#include <cuda/std/functional>
#include <cuda/functional>
namespace thrust {
template <class T = void> using plus = ::cuda::std::plus<T>;
template <class T = void> using minus = ::cuda::std::minus<T>;
template <class T = void> using multiplies = ::cuda::std::multiplies<T>;
template <class T = void> using divides = ::cuda::std::divides<T>;
template <class T = void> using modulus = ::cuda::std::modulus<T>;
template <class T = void> using negate = ::cuda::std::negate<T>;
template <class T = void> using equal_to = ::cuda::std::equal_to<T>;
template <class T = void> using not_equal_to = ::cuda::std::not_equal_to<T>;
template <class T = void> using greater = ::cuda::std::greater<T>;
template <class T = void> using less = ::cuda::std::less<T>;
template <class T = void> using greater_equal = ::cuda::std::greater_equal<T>;
template <class T = void> using less_equal = ::cuda::std::less_equal<T>;
template <class T = void> using logical_and = ::cuda::std::logical_and<T>;
template <class T = void> using logical_or = ::cuda::std::logical_or<T>;
template <class T = void> using logical_not = ::cuda::std::logical_not<T>;
template <class T = void> using bit_and = ::cuda::std::bit_and<T>;
template <class T = void> using bit_or = ::cuda::std::bit_or<T>;
template <class T = void> using bit_xor = ::cuda::std::bit_xor<T>;
template <class T = void> using maximum = ::cuda::maximum<T>;
template <class T = void> using minimum = ::cuda::minimum<T>;
inline namespace __PTXLAB_THRUST_NS {
template <class T = void> struct square {
    __host__ __device__ constexpr T operator()(const T &x) const { return x * x; }
};
template <> struct square<void> {
    typedef void is_transparent;
    template <class T> __host__ __device__ constexpr T operator()(const T &x) const { return x * x; }
};
template <class A = void, class B = void> struct project1st {
    __host__ __device__ constexpr const A &operator()(const A &a, const B &) const { return a; }
};
template <class A = void, class B = void> struct project2nd {
    __host__ __device__ constexpr const B &operator()(const A &, const B &b) const { return b; }
};
}
}
"#
);

/// `<thrust/device_vector.h>`: the container's host interface, declared.
/// Its iterator is the device pointer (Thrust wraps it in
/// `detail::normal_iterator`); `operator[]` gives a `device_reference`,
/// which host code reads and assigns.
const DEVICE_VECTOR: &str = concat!(
    namespace!(),
    r#"#include <stddef.h>
#include <thrust/device_ptr.h>
namespace thrust { inline namespace __PTXLAB_THRUST_NS {
template <typename T>
class device_reference {
public:
    __host__ operator T() const;
    __host__ device_reference &operator=(const T &x);
};
template <typename T>
class device_vector {
public:
    typedef T value_type;
    typedef size_t size_type;
    typedef ptrdiff_t difference_type;
    typedef device_ptr<T> pointer;
    typedef device_ptr<const T> const_pointer;
    typedef device_ptr<T> iterator;
    typedef device_ptr<const T> const_iterator;
    typedef device_reference<T> reference;
    typedef device_reference<const T> const_reference;
    __host__ device_vector();
    explicit __host__ device_vector(size_t n);
    __host__ device_vector(size_t n, const T &value);
    __host__ device_vector(const device_vector &v);
    template <typename V> __host__ device_vector(const V &v);
    template <typename It> __host__ device_vector(It first, It last);
    __host__ ~device_vector();
    __host__ device_vector &operator=(const device_vector &v);
    template <typename V> __host__ device_vector &operator=(const V &v);
    __host__ size_t size() const;
    __host__ size_t capacity() const;
    __host__ bool empty() const;
    __host__ void resize(size_t n);
    __host__ void resize(size_t n, const T &value);
    __host__ void reserve(size_t n);
    __host__ void clear();
    __host__ void shrink_to_fit();
    __host__ void push_back(const T &x);
    __host__ void pop_back();
    __host__ void swap(device_vector &v);
    __host__ void assign(size_t n, const T &x);
    template <typename It> __host__ void assign(It first, It last);
    __host__ device_ptr<T> data();
    __host__ device_ptr<const T> data() const;
    __host__ iterator begin();
    __host__ const_iterator begin() const;
    __host__ const_iterator cbegin() const;
    __host__ iterator end();
    __host__ const_iterator end() const;
    __host__ const_iterator cend() const;
    __host__ reference operator[](size_t i);
    __host__ const_reference operator[](size_t i) const;
    __host__ reference front();
    __host__ reference back();
};
} }
"#
);

/// `<thrust/host_vector.h>`: the host container's interface, declared
/// (its iterator a plain pointer).
const HOST_VECTOR: &str = concat!(
    namespace!(),
    r#"#include <stddef.h>
namespace thrust { inline namespace __PTXLAB_THRUST_NS {
template <typename T>
class host_vector {
public:
    typedef T value_type;
    typedef size_t size_type;
    typedef ptrdiff_t difference_type;
    typedef T *pointer;
    typedef const T *const_pointer;
    typedef T *iterator;
    typedef const T *const_iterator;
    typedef T &reference;
    typedef const T &const_reference;
    __host__ host_vector();
    explicit __host__ host_vector(size_t n);
    __host__ host_vector(size_t n, const T &value);
    __host__ host_vector(const host_vector &v);
    template <typename V> __host__ host_vector(const V &v);
    template <typename It> __host__ host_vector(It first, It last);
    __host__ ~host_vector();
    __host__ host_vector &operator=(const host_vector &v);
    template <typename V> __host__ host_vector &operator=(const V &v);
    __host__ size_t size() const;
    __host__ size_t capacity() const;
    __host__ bool empty() const;
    __host__ void resize(size_t n);
    __host__ void resize(size_t n, const T &value);
    __host__ void reserve(size_t n);
    __host__ void clear();
    __host__ void push_back(const T &x);
    __host__ void pop_back();
    __host__ void swap(host_vector &v);
    __host__ void assign(size_t n, const T &x);
    template <typename It> __host__ void assign(It first, It last);
    __host__ T *data();
    __host__ const T *data() const;
    __host__ iterator begin();
    __host__ const_iterator begin() const;
    __host__ iterator end();
    __host__ const_iterator end() const;
    __host__ T &operator[](size_t i);
    __host__ const T &operator[](size_t i) const;
    __host__ T &front();
    __host__ T &back();
};
} }
"#
);

pub fn header(path: &str) -> Option<&'static str> {
    let i = NAMES.iter().position(|n| *n == path)?;
    Some(
        [
            COMPLEX,
            DEVICE_PTR,
            PAIR,
            TUPLE,
            FUNCTIONAL,
            DEVICE_VECTOR,
            HOST_VECTOR,
        ][i],
    )
}
