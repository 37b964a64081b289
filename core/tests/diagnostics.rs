//! Bad input gets a clear diagnostic with the right line, never a panic.

mod common;

use ptxlab_core::{compile_source, Options};

/// (source, expected line, expected message fragment)
const CASES: &[(&str, u32, &str)] = &[
    ("__global__ void k(int *p) {\n  p[0] = 1\n}\n", 3, "expected a \";\""),
    ("typedef int (*op)(int, int);\n__device__ int f(int a, int b) { return a + b; }\n__global__ void k(int *p) {\n  op g = f;\n  p[0] = g(1);\n}\n", 5, "too few arguments in function call"),
    ("__device__ int f(int a) { return a; }\n__global__ void k(int *p) {\n  int (*g)(int) = f;\n  p[0] = (*g)(1, 2);\n}\n", 4, "too many arguments in function call"),
    ("typedef int (*op)(int, int);\n__device__ float h(float a) { return a; }\n__global__ void k(int *p) {\n  op g = h;\n}\n", 4, "a value of type \"float (*)(float)\" cannot be used to initialize an entity of type \"int (*)(int, int)\""),
    ("__device__ int f(int a) { return a; }\n__global__ void k(int *p) {\n  p[0] = sizeof(f);\n}\n", 3, "operand of sizeof may not be a function"),
    ("__device__ int f(int a) { return a; }\n__global__ void k(int *p) {\n  int (*g)(int) = f;\n  g++;\n}\n", 4, "expression must be a pointer to a complete object type"),
    ("__device__ int f(int a) { return a; }\n__device__ int f(float a) { return 1; }\n__global__ void k(int *p) {\n  int (*g)(double) = f;\n}\n", 4, "no instance of overloaded function \"f\" matches the required type"),
    ("__global__ void k(int *p) {\n  int x = 3;\n  p[0] = x(1);\n}\n", 3, "expression preceding parentheses of apparent call must have (pointer-to-) function type"),
    ("__device__ int f(int a) { return a; }\n__device__ float g(float a) { return a; }\n__global__ void k(int *p) {\n  int (*h)(int) = f;\n  h = g;\n}\n", 5, "a value of type \"float (*)(float)\" cannot be assigned to an entity of type \"int (*)(int)\""),
    ("__global__ void k(int *p) {\n  p[0] = y;\n}\n", 2, "identifier \"y\" is undefined"),
    ("__global__ void k(int *p) {\n  int a;\n  int a;\n}\n", 3, "\"a\" has already been declared in the current scope"),
    ("__global__ int k() { return 0; }\n", 1, "a __global__ function must have a void return type"),
    ("__global__ void k(int *p) {\n  5 = p[0];\n}\n", 2, "expression must be a modifiable lvalue"),
    ("__global__ void k(float f) {\n  int x = f % 2;\n}\n", 2, "expression must have integral or unscoped enum type"),
    ("__global__ void k(int x) {\n  int y = x[0];\n}\n", 2, "expression must have pointer-to-object type"),
    ("__global__ void k(int *p) {\n  break;\n}\n", 2, "a break statement may only be used within a loop"),
    ("__global__ void k(int *p) {\n  float *q = p;\n}\n", 2, "a value of type \"int *\" cannot be used to initialize an entity of type \"float *\""),
    ("#include \"missing.h\"\n", 1, "cannot open source file \"missing.h\""),
    ("#if 1\n__global__ void k() {}\n", 1, "unterminated #if"),
    ("\n\n#error custom stop\n", 3, "#error directive: custom stop"),
    ("__device__ int f(int a) { return a; }\n__global__ void k(int *p) {\n  p[0] = f(1, 2);\n}\n", 3, "too many arguments in function call"),
    ("__global__ void k(int *p) {\n  p[0] = 1;\n", 1, "expected a \"}\""),
    ("__global__ void k(int *p) {\n  /* never closed\n}\n", 2, "unterminated comment"),
    // An unterminated literal ending in a multi-byte character (found by the compile fuzzer).
    ("__global__ void k(int *p) {\n  const char *s = \"abc\u{20ac}\n  p[0] = 1;\n}\n", 2, "missing closing quote"),
    ("__global__ void k(int *p) {\n  p[0] = 0x;\n}\n", 2, "invalid numeric literal"),
    ("__global__ void k(int *p) {\n  return 1;\n}\n", 2, "return value type does not match the function type"),
    ("int host_only() { return 1; }\n__global__ void k(int *p) {\n  p[0] = host_only();\n}\n", 3, "calling a __host__ function(\"host_only\") from a __global__ function is not allowed"),
    ("__global__ void k(int *p) {\n  p[0] = threadIdx.w;\n}\n", 2, "has no member \"w\""),
    ("__global__ void k(int *p) {\n  int x = @;\n}\n", 2, "expected an expression"),
    ("__device__ void __launch_bounds__(64) f() {}\n", 1, "__launch_bounds__ may only be applied to a __global__ function"),
    ("\n__global__ void __launch_bounds__(64, 1, 2) k() {}\n", 2, "cannot specify max blocks per cluster for this GPU architecture"),
    ("__global__ void __launch_bounds__(0) k() {}\n", 1, "__launch_bounds__ arguments must be positive integer constants"),
    ("__global__ void k(int *p) {\n  __constant__ int c;\n}\n", 2, "variable declaration is not allowed inside a function body"),
    ("__global__ void k(int *p) {\n  __shared__ int s = 1;\n}\n", 2, "initializer not allowed for __shared__ variable"),
    ("__global__ void k(int *p) {\n  int a[2] = {1, 2, 3};\n}\n", 2, "too many initializer values"),
    ("__global__ void k(int x, int *p) {\n  switch (x) {\n  case 1: p[0] = 1;\n  case 1: p[1] = 2;\n  }\n}\n", 4, "case label value has already appeared in this switch at line 3"),
    ("__global__ void k(int x, int *p) {\n  switch (x) {\n  case 2: break;\n  case 1 + 1: break;\n  }\n}\n", 4, "case label value has already appeared in this switch at line 3"),
    ("__global__ void k(int *p) {\n  case 1: p[0] = 1;\n}\n", 2, "a case label may only be used within a switch"),
    ("__global__ void k(int *p) {\n  default: p[0] = 1;\n}\n", 2, "a default label may only be used within a switch"),
    ("__global__ void k(int x, int *p) {\n  switch (x) {\n  default: break;\n  default: break;\n  }\n}\n", 4, "default label has already appeared in this switch"),
    ("__global__ void k(float x, int *p) {\n  switch (x) { case 1: break; }\n}\n", 2, "expression must have integral or enum type"),
    ("__global__ void k(int x, int *p) {\n  switch (x) {\n  case x: break;\n  }\n}\n", 3, "expression must have a constant value"),
    ("__global__ void k(int *p) {\n  p[0] = 1;\n  goto nowhere;\n}\n", 3, "label \"nowhere\" was referenced but not defined"),
    ("__global__ void k(int *p) {\n  a: p[0] = 1;\n  a: p[1] = 1;\n}\n", 3, "label \"a\" has already been defined (previous definition at line 2)"),
    ("__global__ void k(int x, int *p) {\n  switch (x) { case 1: continue; }\n}\n", 2, "a continue statement may only be used within a loop"),
    ("struct S { int a; };\n__global__ void k(S s, int *p) {\n  p[0] = s.b;\n}\n", 3, "class \"S\" has no member \"b\""),
    ("__global__ void k(struct T *t, int *p) {\n  p[0] = t->a;\n}\n", 2, "pointer or reference to incomplete type \"T\" is not allowed"),
    ("__global__ void k(int *p) {\n  struct U u;\n}\n", 2, "incomplete type \"U\" is not allowed"),
    ("struct S { int a; };\n__global__ void k(S s, int *p) {\n  p[0] = s;\n}\n", 3, "no suitable conversion function from \"S\" to \"int\" exists"),
    ("struct S { int a; __device__ operator float() const; __device__ operator double() const; };\n__global__ void k(S s, int *p) {\n  p[0] = s;\n}\n", 3, "more than one conversion function from \"S\" to \"int\" applies"),
    ("template <typename T> __device__ T f(T x) { return x; }\ntemplate <> __device__ float f<float>(float x) { return x; }\ntemplate <> __device__ float f<float>(float x) { return x; }\n", 3, "\"f\" has already been explicitly specialized for these arguments"),
    ("template <typename T> struct S { T v; };\n__device__ S<int> s;\ntemplate <> struct S<int> { int w; };\n", 3, "explicit specialization of class \"S<int>\" must precede its first use"),
    ("__device__ float f(float x) { return x; }\ntemplate <> __device__ float f<float>(float x) { return x; }\n", 2, "\"f\" is not a template"),
    ("struct A {\n  int v;\n  __device__ ~A() { v = 0; }\n};\n", 3, "destructors that do something are not supported yet"),
    ("struct A {\n  int v;\n  ~B() {}\n};\n", 3, "the name of a destructor must be the class name"),
    ("struct S { int v; __device__ void set(int x) { v = x; } };\n__global__ void k(int *p) {\n  const S s{1};\n  s.set(2);\n}\n", 4, "the object has type qualifiers that are not compatible with the member function \"S::set\""),
    ("__global__ void k(int *q) {\n  const int x = q[0];\n  x = 2;\n}\n", 3, "expression must be a modifiable lvalue"),
    ("__global__ void k(const int *p) {\n  p[0] = 1;\n}\n", 2, "expression must be a modifiable lvalue"),
    ("__global__ void k(const int n, int *o) {\n  o[0] = n;\n  n = 3;\n}\n", 3, "expression must be a modifiable lvalue"),
    ("struct P { int v; __device__ void bump() { v++; } };\n__global__ void k(const P p) {\n  p.bump();\n}\n", 3, "the object has type qualifiers that are not compatible with the member function"),
    ("__global__ void k(int *q) {\n  const float w[2] = {1.0f, 2.0f};\n  w[1] += 1.0f;\n}\n", 3, "expression must be a modifiable lvalue"),
    ("struct S { int a; __device__ void set(int v) const {\n  a = v;\n} };\n", 2, "expression must be a modifiable lvalue"),
    ("struct S { int a; };\n__global__ void k(int *q) {\n  const S s{1};\n  s.a++;\n}\n", 4, "expression must be a modifiable lvalue"),
    ("__device__ void g(const int &r) {\n  r = 3;\n}\n", 2, "expression must be a modifiable lvalue"),
    ("struct S { int a; };\n__device__ int S::get() const { return a; }\n", 2, "class \"S\" has no member \"get\""),
    ("struct S {\n  static int n;\n};\n__global__ void k(int *p) { p[0] = S::n; }\n", 4, "a host variable \"S::n\" cannot be directly read in a device function"),
    ("struct S {\n  static __device__ int n;\n};\n", 2, "memory qualifier on data member is not allowed"),
    ("struct S {\n  static int n;\n};\nint S::m = 1;\n", 4, "class \"S\" has no member \"m\""),
    ("struct S { int a; __device__ operator int *(); };\n__global__ void k(S s, float *p) {\n  p[0] = s;\n}\n", 3, "no suitable conversion function from \"S\" to \"float\" exists"),
    ("struct S { int a; };\n__global__ void k(S *s, int *p) {\n  p[0] = s.a;\n}\n", 3, "expression must have class type but it has type \"S *\""),
    ("struct S { int a; };\n__global__ void k(S s, int *p) {\n  p[0] = s->a;\n}\n", 3, "operator -> or ->* applied to \"S\" instead of to a pointer type"),
    ("struct S { int a; };\n\nstruct S { int b; };\n", 3, "class \"S\" has already been defined (previous definition at line 1)"),
    ("struct S {\n  int a;\n  float a;\n};\n", 3, "\"a\" has already been declared in the current scope"),
    ("struct S { int a; };\n__global__ void k(int *p) {\n  S t = {1, 2};\n}\n", 3, "too many initializer values"),
    ("struct S { int a; };\n__global__ void k(int *p) {\n  S t = {.b = 1};\n}\n", 3, "class \"S\" has no member \"b\""),
    ("struct S { int a; };\n__global__ void k(S s, S t, int *p) {\n  p[0] = s == t;\n}\n", 3, "no operator \"==\" matches these operands"),
    ("struct S { int a; };\n__global__ void k(S s, int *p) {\n  if (s) p[0] = 1;\n}\n", 3, "expression must have bool type (or be convertible to bool)"),
    ("struct S {\n  int a : 3;\n  float f : 3;\n};\n", 3, "invalid type for a bit field"),
    ("struct F {\n  unsigned v : 7;\n  bool on : 1;\n};\n", 3, "bool bit-fields are not supported yet"),
    ("struct T { int b : 3; };\n__global__ void k(T t, int **p) {\n  p[0] = &t.b;\n}\n", 3, "taking the address of a bit field is not allowed"),
    ("__global__ void k(int *p) {\n  p[0] = static_cast<int>(p);\n}\n", 2, "invalid type conversion"),
    ("__global__ void k(int *p) {\n  const int *c = p;\n  float *q = const_cast<float *>(c);\n}\n", 3, "a const_cast can only adjust type qualifiers"),
    ("__global__ void k(int *p) {\n  int &r = 5;\n}\n", 2, "initial value of reference to non-const must be an lvalue"),
    ("__global__ void k(int *p) {\n  auto x;\n}\n", 2, "cannot deduce \"auto\" type (initializer required)"),
    ("__device__ float pick(long v) { return v; }\n__device__ float pick(float v) { return v; }\n__global__ void k(float *p) {\n  short s = 3;\n  p[0] = pick(s);\n}\n", 5, "more than one instance of overloaded function \"pick\" matches the argument list"),
    ("__device__ int f(int a) { return a; }\n__device__ int f(float a) { return 1; }\n__global__ void k(int *p) {\n  p[1] = f(p);\n}\n", 4, "no instance of overloaded function \"f\" matches the argument list"),
    ("struct S {\n  int a;\n  __device__ int get() const { return a; }\n};\n__global__ void k(int *p, S s) {\n  p[0] = s.nothere();\n}\n", 6, "class \"S\" has no member \"nothere\""),
    ("struct S {\n  int a;\n  __device__ S(int x) : a(x) {}\n};\n__global__ void k(int *p) {\n  S s(1, 2);\n}\n", 6, "no instance of constructor \"S::S\" matches the argument list"),
    ("namespace N { __device__ int f() { return 1; } }\n__global__ void k(int *p) {\n  p[0] = f();\n}\n", 3, "identifier \"f\" is undefined"),
    ("__global__ void k(int *p) {\n  using namespace Nope;\n}\n", 2, "name must be a namespace name"),
    ("enum class E { A, B };\n__global__ void k(int *p) {\n  p[0] = static_cast<int>(E::A + 1);\n}\n", 3, "no operator \"+\" matches these operands"),
    ("struct V { float x; };\n__device__ V operator+(V a, V b) { return a; }\n__global__ void k(float *p, V v) {\n  V w = v + 1.0f;\n}\n", 4, "no operator \"+\" matches these operands"),
    ("enum class E { A, B };\n__global__ void k(int *p) {\n  E e = 1;\n}\n", 3, "a value of type \"int\" cannot be used to initialize an entity of type \"E\""),
    ("enum class E { A, B };\n__global__ void k(int *p) {\n  p[0] = E::B;\n}\n", 3, "a value of type \"E\" cannot be assigned to an entity of type \"int\""),
    ("__global__ void k(float4 *p) {\n  p[0] = make_float4(1.0f, 2.0f, 3.0f);\n}\n", 2, "too few arguments in function call"),
    ("__global__ void k(float4 *p) {\n  p[0].v = 1.0f;\n}\n", 2, "class \"float4\" has no member \"v\""),
    ("enum E { A, B };\nenum F { C, A };\n", 2, "\"A\" has already been declared in the current scope"),
    ("struct P { int x; };\n__global__ void k(P *p) {\n  p[0] += p[1];\n}\n", 3, "no operator \"+=\" matches these operands"),
    ("extern \"C\" __device__ float __nv_fast_tanf(float a);\n__global__ void k(float *p) {\n  p[0] = 1.0f;\n  p[1] = __nv_fast_tanf(p[2]);\n}\n", 4, "libdevice has no function \"__nv_fast_tanf\" yet"),
    ("extern \"C\" __device__ double __nv_dadd_rz(double a, double b);\n__global__ void k(double *p) {\n  p[1] = __nv_dadd_rz(p[2], p[3]);\n}\n", 3, "libdevice has no function \"__nv_dadd_rz\" yet"),
    // Templates.
    ("template <typename T> __device__ T mx(T a, T b) { return a > b ? a : b; }\n__global__ void k(float *p) {\n  p[0] = mx(p[1], 2);\n}\n", 3, "no instance of function template \"mx\" matches the argument list (argument types are: (float, int))"),
    ("template <typename T> __device__ T mx(T a, T b) { return a > b ? a : b; }\n__global__ void k(float *p) {\n  p[0] = mx<float, int>(p[1], 2);\n}\n", 3, "no instance of function template \"mx\" matches the argument list"),
    ("template <typename T, int N> __device__ T times(T a) { return a * N; }\n__global__ void k(float *p) {\n  p[0] = times(p[1]);\n}\n", 3, "no instance of function template \"times\" matches the argument list"),
    ("template <typename T> __device__ T one() { return 1; }\n__global__ void k(float *p) {\n  p[0] = one<4>();\n}\n", 3, "no instance of function template \"one\" matches the argument list"),
    ("template <typename T> struct P { T a; };\n__global__ void k(float *p) {\n  P<float, int> q;\n}\n", 3, "too many arguments for class template \"P\""),
    ("template <typename T, typename U> struct P { T a; U b; };\n__global__ void k(float *p) {\n  P<float> q;\n}\n", 3, "too few arguments for class template \"P\""),
    ("template <typename T> struct P { T a; };\n__global__ void k(float *p) {\n  P q;\n}\n", 3, "argument list for class template \"P\" is missing"),
    ("template <typename T> __global__ void k(T *x) {}\n\ntemplate __global__ void k<float>(double *);\n", 3, "no instance of function template \"k\" matches the specified type"),
    ("template <typename T> __global__ void k(T *x) {}\ntemplate __global__ void k(float *, int);\n", 2, "no instance of function template \"k\" matches the specified type"),
    ("__global__ void q(float *x) {}\ntemplate __global__ void q<float>(float *);\n", 2, "q is not a template"),
    ("template <typename T>\n__device__ T get(T a) {\n  return a.zz;\n}\n__global__ void k(float *p) { p[0] = get(p[1]); }\n", 3, "expression must have class type but it has type \"float\""),
    ("template <typename T, int N>\nstruct A { T v[N]; };\n__global__ void k(float *p) {\n  A<float, 0> a;\n}\n", 2, "array size must be a positive integer constant"),
    ("template <int N> __device__ int f() { return f<N + 1>(); }\n__global__ void k(int *p) {\n  p[0] = f<0>();\n}\n", 1, "excessive recursion at instantiation of function \"f<1000>\" (limit 1000 instantiations)"),
    ("template <int N> struct R { R<N + 1> *next; };\n__global__ void k(int *p) {\n  R<0> r;\n}\n", 1, "excessive recursion at instantiation of class \"R<32>\" (limit 32 nested instantiations)"),
    ("template <typename T> struct P {\n  T a;\n  __device__ T get() { return a.zz; }\n};\n__global__ void k(float *p) {\n  P<float> q;\n  p[0] = q.get();\n}\n", 3, "expression must have class type but it has type \"float\""),
    ("template <typename T> __device__ T h(T a);\nint host_fn();\ntemplate <typename T> T hostt(T a) { return a; }\n__global__ void k(int *p) {\n  p[0] = hostt(1);\n}\n", 5, "calling a __host__ function(\"hostt\") from a __global__ function is not allowed"),
    // The C++ standard library: device code may use what nvcc lets it.
    ("#include <algorithm>\n__global__ void k(float *p) {\n  p[0] = std::max(1.0f, p[0]);\n}\n", 3, "calling a constexpr __host__ function(\"max\") from a __global__ function is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this."),
    ("#include <algorithm>\n__device__ int f(int a, int b) {\n  return std::min(a, b);\n}\n", 3, "calling a constexpr __host__ function(\"min\") from a __device__ function is not allowed"),
    ("#include <limits>\n__global__ void k(float *p) {\n  p[0] = std::numeric_limits<float>::max();\n}\n", 3, "calling a constexpr __host__ function(\"max\") from a __global__ function is not allowed"),
    ("#include <vector>\n__global__ void k(float *p) {\n  std::vector<float> v;\n  p[0] = v[0];\n}\n", 3, "calling a __host__ function(\"std::vector<float, std::allocator<float>>::vector\") from a __global__ function is not allowed"),
    ("#include <vector>\n__device__ float first(const std::vector<float> &v) {\n  return v.front();\n}\n", 3, "calling a __host__ function(\"std::vector<float, std::allocator<float>>::front\") from a __device__ function is not allowed"),
    ("#include <cstdio>\n__global__ void k(int *p) {\n  fprintf(stderr, \"%d\", p[0]);\n}\n", 3, "calling a __host__ function(\"fprintf\") from a __global__ function is not allowed"),
    ("#include <vector>\n#include <cub/device/device_reduce.cuh>\n", 2, "cannot open source file \"cub/device/device_reduce.cuh\""),
    ("__global__ void k(float *p) {\n  p[0] = std::nosuchfn(p[1]);\n}\n", 2, "namespace \"std\" has no member \"nosuchfn\""),
    ("#include <algorithm>\n__global__ void k(float *p, int *q) {\n  p[0] = std::max(p[1], q[0]);\n}\n", 3, "no instance of function template \"std::max\" matches the argument list (argument types are: (float, int))"),
    ("static_assert(sizeof(float) == 4, \"ok\");\nstatic_assert(sizeof(float) == 8, \"float size\");\n", 2, "static assertion failed with \"float size\""),
    ("template <int N> __global__ void k(int *p) {\n  static_assert(N % 32 == 0);\n}\ntemplate __global__ void k<48>(int *);\n", 2, "static assertion failed"),
    // Classes: member initializer lists, bases, default construction (NVRTC's messages).
    ("struct B { int a; };\nstruct D : B {\n  int x;\n  __device__ D() : y(1) {}\n};\n", 4, "\"y\" is not a nonstatic data member or base class of class \"D\""),
    ("struct B { int a; __device__ B(int v) : a(v) {} };\nstruct D : B {\n  int x;\n  __device__ D() : x(1) {}\n};\n__global__ void k(int *p) { D d; p[0] = d.x; }\n", 4, "no default constructor exists for class \"B\""),
    ("struct B { int a; __device__ B(int v) : a(v) {} };\n__global__ void k(int *p) {\n  B b;\n  p[0] = b.a;\n}\n", 3, "no default constructor exists for class \"B\""),
    ("struct A { int v; };\nstruct B : A {};\nstruct C : A {};\nstruct D : B, C {};\n__global__ void k(int *p, D *d) {\n  p[0] = d->v;\n}\n", 6, "\"D::v\" is ambiguous"),
    ("struct A { int v; };\nstruct B : A {};\nstruct C : A {};\nstruct D : B, C {};\n__global__ void k(int *p, D *d) {\n  A *a = d;\n  p[0] = a->v;\n}\n", 6, "base class \"A\" is ambiguous"),
    ("struct B;\nstruct D : B { int x; };\n", 2, "incomplete type \"B\" is not allowed"),
    ("union U { int a; };\nstruct D : U { int x; };\n", 2, "a class cannot derive from a union"),
    ("struct D : int { int x; };\n", 1, "expected an identifier"),
    ("struct A { __device__ virtual int f() { return 1; } };\nstruct C { __device__ virtual int g() { return 2; } };\nstruct D : A, C {};\n__global__ void k(int *p) {\n  D d;\n  p[0] = d.f();\n}\n", 5, "virtual functions in a base class other than the first are not supported yet (class \"D\")"),
    ("struct B { virtual int f() { return 1; } };\n__global__ void k(int *p) {\n  B b;\n  p[0] = b.f();\n}\n", 3, "virtual functions of host code are not supported in device code (class \"B\")"),
    ("struct B { int a; };\nstruct D : virtual B { int x; };\n__global__ void k(int *p, D *d) {\n  p[0] = d->x;\n}\n", 4, "virtual base classes are not supported yet in device code (class \"D\")"),
    // Templates: overloads, partial specializations (NVRTC's messages).
    ("template <typename T> __device__ T f(T x) { return x; }\ntemplate <typename T> __device__ T f(T x) { return x; }\n", 2, "function template \"f\" has already been defined (previous definition at line 1)"),
    ("template <typename T> __device__ int g(T x, int y) { return 1; }\ntemplate <typename T> __device__ int g(int x, T y) { return 2; }\n__global__ void k(int *p) {\n  p[0] = g(1, 2);\n}\n", 4, "more than one instance of overloaded function \"g\" matches the argument list:\n            function template \"int g(T, int)\" (declared at line 1)\n            function template \"int g(int, T)\" (declared at line 2)\n            argument types are: (int, int)"),
    ("template <typename T> __device__ int f(T x) { return 1; }\ntemplate <typename T> __device__ int f(T *x) { return 2; }\n__global__ void k(int *p) {\n  p[0] = f(p, 1);\n}\n", 4, "no instance of overloaded function \"f\" matches the argument list"),
    ("template <typename A, typename B> struct Pair { A a; B b; };\ntemplate <typename T> struct Tr { static constexpr int k = 0; };\ntemplate <typename T> struct Tr<Pair<T, T>> { static constexpr int k = 1; };\ntemplate <typename T> struct Tr<Pair<T, int>> { static constexpr int k = 2; };\n__global__ void k(int *p) {\n  p[0] = Tr<Pair<int, int>>::k;\n}\n", 6, "more than one partial specialization matches the template argument list of class \"Tr<Pair<int, int>>\"\n            \"Tr<Pair<T, T>>\" (declared at line 3)\n            \"Tr<Pair<T, int>>\" (declared at line 4)"),
    ("template <typename T> struct X { int v; };\ntemplate <typename T, typename U> struct X<T *> { int w; };\n", 2, "template parameter \"U\" is not used in or cannot be deduced from the template argument list of class template \"X<T *>\""),
    // decltype and deduced return types (NVRTC's messages).
    ("__global__ void k(int *p) {\n  decltype(auto) x;\n  p[0] = 1;\n}\n", 2, "cannot deduce \"decltype(auto)\" (initializer required)"),
    ("__device__ auto f(int n) { return f(n - 1); }\n__global__ void k(int *p) { p[0] = f(3); }\n", 1, "cannot deduce the return type of function \"f\" (declared at line 1); it has not been defined"),
    ("__device__ auto f(int n) {\n  if (n) return 1;\n  return 2.0;\n}\n__global__ void k(int *p) { p[0] = f(3); }\n", 3, "deduced return type \"double\" conflicts with previously deduced type \"int\""),
    ("__global__ void k(int *p) {\n  decltype(q) x = 1;\n}\n", 2, "identifier \"q\" is undefined"),
    ("namespace cg = nowhere;\n", 1, "name must be a namespace name: \"nowhere\""),
    ("using nowhere::f;\n", 1, "name followed by \"::\" must be a class or namespace name: \"nowhere\""),
    ("__device__ float x(1.0f);\n", 1, "direct initialization of a device variable is not supported yet"),
];

#[test]
fn malformed_inputs_get_the_expected_diagnostic() {
    for (src, line, msg) in CASES {
        let c = compile_source("k.cu", src, &Options::default());
        assert!(c.ptx.is_none(), "no PTX for bad input:\n{src}");
        let hit = c
            .diagnostics
            .iter()
            .find(|d| d.is_error() && d.message.contains(msg));
        let Some(d) = hit else {
            panic!("expected '{msg}' for:\n{src}\ngot: {:#?}", c.diagnostics);
        };
        assert_eq!(d.span.line, *line, "line of '{msg}' in:\n{src}");
        assert_eq!(d.span.file, "k.cu");
        assert!(d.span.column >= 1);
    }
}

#[test]
fn every_error_of_a_file_is_reported_not_only_the_first() {
    let src = "__global__ void a(int *p) { p[0] = x; }\n__global__ void b(int *p) { p[0] = y; }\n";
    let c = compile_source("k.cu", src, &Options::default());
    let lines: Vec<u32> = c.diagnostics.iter().map(|d| d.span.line).collect();
    assert_eq!(lines, [1, 2], "{:?}", c.diagnostics);
}

/// Inputs built to break a compiler: deep nesting, long chains, recursive
/// macros, truncated files, binary junk. Each must end in diagnostics or
/// PTX, never a panic (which `compile` would report as an internal error).
#[test]
fn hostile_inputs_never_panic_or_hang() {
    let mut inputs: Vec<String> = vec![
        String::new(),
        "{".into(),
        "}".into(),
        "__global__".into(),
        "__global__ void".into(),
        "__global__ void k(".into(),
        "__global__ void k(int".into(),
        "__global__ void k() { for (;;".into(),
        "__global__ void k() { if (".into(),
        "#define A A B\nA".into(),
        "#define F(x) F(x) x\nF(F(F(1)))".into(),
        "#define X(".into(),
        "#if\n#endif".into(),
        "#if (1\n#endif".into(),
        "#if 1/0\n#endif".into(),
        "#elif 1".into(),
        "#endif".into(),
        "\"unterminated".into(),
        "'".into(),
        "__global__ void k(int *p) { p[0] = 1 ? : 2; }".into(),
        "__global__ void k(int *p) { int a[0]; }".into(),
        "__global__ void k(int *p) { int a[99999999999999999999]; }".into(),
        "__global__ void k(int *p) { p[0] = 1 / 0; p[1] = 1 % 0; }".into(),
        "__global__ void k(int *p) { p[0] = 1 << 99; p[1] = (-2147483647 - 1) / -1; }".into(),
        "__global__ void k(void *p) { p[0] = 1; }".into(),
        "__global__ void k(int *p) { *p++ = --p[0]++; }".into(),
        "__global__ void k(float *p) { while (1) {} }".into(),
        "__global__ void k(float *p) { for (;;) { break; } p[0] = 1.0e999; }".into(),
        "__device__ void d(); __global__ void k() { d(); }".into(),
        "template <typename T> __global__ void k(T *p) {}".into(),
        "template <".into(),
        "template <typename T".into(),
        "template <typename T> struct".into(),
        "template <typename T = > struct P { T a; }; __global__ void k() { P<> p; }".into(),
        "template <typename T> struct P { T a; }; __global__ void k() { P<P<P<int>>> p; P<P<int> > q; P<P<int>>> r; }".into(),
        "template <typename T, int N> __global__ void k(T *p) { p[0] = N; }\ntemplate __global__ void k<float, (1 > 2) + 3>(float *);".into(),
        "template <int N> struct R { R<N - 1> *p; int a[N]; }; __global__ void k() { R<5> r; }".into(),
        "template <typename T> __device__ T f(T a) { return f(a + 1); } __global__ void k(int *p) { p[0] = f(1); }".into(),
        "template void k<int>(int);".into(),
        "template <typename T> __global__ void k(T x) {}\ntemplate __global__ void k<int, int, int>(int);".into(),
        "\u{0}\u{1}\u{ff}\u{feff}é€".into(),
    ];
    // Deep nesting and long chains.
    inputs.push(format!(
        "__global__ void k(int *p) {{ p[0] = {}1{}; }}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ {} }}",
        "{".repeat(100_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ p[0] = {}1; }}",
        "-".repeat(100_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ p[0] = 1{}; }}",
        "+1".repeat(100_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ {} p[0] = 1; }}",
        "if (p) ".repeat(100_000)
    ));
    inputs.push(format!(
        "#define F(x) x\n{}1{}",
        "F(".repeat(20_000),
        ")".repeat(20_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ switch (p[0]) {{ {} }} }}",
        (0..300)
            .map(|n| format!("case {n}: p[{n}] = {n}; "))
            .collect::<String>()
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ switch (p[0]) {{ if (p) {} p[1] = 0; }} }}",
        (0..2000).map(|n| format!("case {n}: ")).collect::<String>()
    ));
    inputs.push("__global__ void k(int *p) { a: goto a; b: goto c; c: goto b; }".into());
    inputs.push("__global__ void k(int *p) { switch (p[0]) { case 1: { case 2: p[0] = 2; } default:; } goto x; }".into());
    // Huge structs: copied in a loop, never listed scalar by scalar.
    inputs.push(
        "struct B { float a[50000000]; };\n__global__ void k(B *p) { B x = p[0]; p[1] = x; }"
            .into(),
    );
    inputs.push(
        "struct B { float a[50000000]; };\n__global__ void k(B *p) { B x = {}; p[1] = x; }".into(),
    );
    inputs.push("struct S { struct S s; };".into());
    inputs.push(format!(
        "{}int x;{}",
        "struct { ".repeat(10_000),
        " } v;".repeat(10_000)
    ));
    inputs.push("#include __FILE__\n".into());
    // Classes nested or derived exponentially: counted, looked through and
    // default-initialized in bounded time.
    let lattice = |base: &str, init: &str, each: &dyn Fn(usize) -> String, use_: &str| {
        let mut s = format!("struct A0 {{ int x{init}; }};\n{base}");
        for i in 1..=60 {
            s.push_str(&each(i));
        }
        s.push_str(use_);
        s
    };
    let members = |i: usize| format!("struct A{i} {{ A{} a, b; }};\n", i - 1);
    let bases = |i: usize| {
        let second = if i >= 2 {
            format!(", A{}", i - 2)
        } else {
            String::new()
        };
        format!("struct A{i} : A{}{second} {{ int y{i}; }};\n", i - 1)
    };
    inputs.push(lattice(
        "",
        " = 1",
        &members,
        "__global__ void k(int *p) { A60 v; p[0] = 1; }",
    ));
    inputs.push(lattice(
        "",
        "",
        &members,
        "__global__ void k(int *p) { A60 v = {}; p[0] = 1; }",
    ));
    inputs.push(lattice(
        "",
        "",
        &bases,
        "__global__ void k(int *p, A60 *a) { p[0] = a->nothere; A0 *b = a; p[1] = b->x; }",
    ));
    inputs.push(lattice(
        "",
        " = 2",
        &bases,
        "__global__ void k(int *p) { A60 a; p[0] = a.x; }",
    ));
    inputs.push(format!(
        "struct C0 {{ int a; }};\n{}__global__ void k(int *p, C3000 *c) {{ p[0] = c->a; C0 *b = c; }}",
        (1..=3000)
            .map(|i| format!("struct C{i} : C{} {{}};\n", i - 1))
            .collect::<String>()
    ));
    // Deduced return types that need one another, or themselves.
    inputs.push("__device__ auto f(int); __device__ auto g(int n) { return f(n); }\n__device__ auto f(int n) { return g(n); }\n__global__ void k(int *p) { p[0] = f(1); }".into());
    inputs.push(format!(
        "__device__ auto f0(int x) {{ return x; }}\n{}__global__ void k(int *p) {{ p[0] = f200(1); }}",
        (1..=200)
            .map(|i| format!("__device__ auto f{i}(int x) {{ return f{}(x) + 1; }}\n", i - 1))
            .collect::<String>()
    ));
    inputs.push("template <int N> __device__ auto f() { return f<N + 1>(); }\n__global__ void k(int *p) { p[0] = f<0>(); }".into());
    inputs.push("template <typename T> struct S; template <typename T> struct S<T *> : S<T **> {}; __global__ void k() { S<int *> s; }".into());
    for (n, src) in inputs.iter().enumerate() {
        // The CLI and the web worker give the compiler 16 MiB of stack; so does this test.
        let src2 = src.clone();
        let c = std::thread::Builder::new()
            .stack_size(ptxlab_core::STACK_SIZE)
            .spawn(move || compile_source("k.cu", &src2, &Options::default()))
            .unwrap()
            .join()
            .unwrap();
        let ice = c
            .diagnostics
            .iter()
            .find(|d| d.message.contains("internal compiler error"));
        assert!(ice.is_none(), "input #{n} crashed the compiler: {:?}", ice);
        assert!(
            c.ptx.is_some() || c.has_errors(),
            "input #{n}: neither PTX nor an error"
        );
    }
}

#[test]
fn errors_in_template_instances_say_where_they_were_instantiated() {
    // As NVRTC prints it: the instance, then what asked for it.
    let src = "template <typename T> __device__ T f(T x) { return x.foo; }\n\
               template <typename T> __global__ void k(T *p) { p[0] = f(p[0]); }\n\
               template __global__ void k<float>(float *);\n";
    let c = compile_source("k.cu", src, &Options::default());
    let [d] = c.diagnostics.as_slice() else {
        panic!("one error expected: {:?}", c.diagnostics);
    };
    assert_eq!(d.span.line, 1);
    assert_eq!(
        d.context,
        [
            "instantiation of \"T f(T) [with T=float]\" at line 2",
            "instantiation of \"void k(T *) [with T=float]\" at line 3",
        ]
    );
    let text = d.render_with_source(Some(src.lines().next().unwrap_or_default()));
    assert!(
        text.ends_with(
            "\n          detected during:\n            instantiation of \"T f(T) [with T=float]\" at line 2\n            instantiation of \"void k(T *) [with T=float]\" at line 3"
        ),
        "{text}"
    );
    // One instantiation: on one line; `N`, not in the parameters, is
    // written after the name.
    let src = "template <typename T, int N> __global__ void k(T *p) { p[N] = p[0].x; }\n\
               template __global__ void k<int, 4>(int *);\n";
    let c = compile_source("k.cu", src, &Options::default());
    let [d] = c.diagnostics.as_slice() else {
        panic!("one error expected: {:?}", c.diagnostics);
    };
    let text = d.render_with_source(None);
    assert!(
        text.ends_with(
            "\n          detected during instantiation of \"void k<T,N>(T *) [with T=int, N=4]\" at line 2"
        ),
        "{text}"
    );
}

/// What nvcc's `--expt-relaxed-constexpr` allows is an error without it
/// and compiles with it: `constexpr` host functions (the standard library's
/// `std::max`, `std::numeric_limits<T>::max()`, `std::array`'s members, a
/// file's own) become `__host__ __device__`.
#[test]
fn relaxed_constexpr_lets_device_code_call_constexpr_host_functions() {
    let src = "#include <algorithm>\n#include <limits>\n#include <array>\n\
               constexpr int twice(int x) { return 2 * x; }\n\
               __global__ void k(float *p, int *q) {\n\
                 std::array<float, 3> a = {p[1], p[2], p[3]};\n\
                 p[0] = std::max(a[0], std::min(a[1], a[2])) + std::clamp(p[4], 0.0f, 1.0f);\n\
                 p[5] = std::numeric_limits<float>::max();\n\
                 q[0] = twice(q[1]) + std::numeric_limits<int>::min() + (int)a.size();\n\
               }\n";
    let plain = compile_source("k.cu", src, &Options::default());
    let mut errors: Vec<u32> = plain
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && d.message.contains("--expt-relaxed-constexpr"))
        .map(|d| d.span.line)
        .collect();
    errors.dedup();
    assert_eq!(errors, [7, 8, 9], "{:#?}", plain.diagnostics);
    let relaxed = compile_source(
        "k.cu",
        src,
        &Options {
            expt_relaxed_constexpr: true,
            ..Options::default()
        },
    );
    let ptx = relaxed
        .ptx
        .unwrap_or_else(|| panic!("{:#?}", relaxed.diagnostics));
    assert!(
        common::has_float_constant(&ptx, "0f7F7FFFFF"),
        "FLT_MAX stored:\n{ptx}"
    );
    assert!(!ptx.contains(".func"), "all inlined at -O3:\n{ptx}");
}

/// The budget of template instances counts those not nested too: the
/// 1001st distinct instance of a class ends the compile, naming the limit.
#[test]
fn the_thousand_and_first_template_instance_is_an_error_naming_the_limit() {
    let decls: String = (0..1001).map(|i| format!("  S<{i}> s{i};\n")).collect();
    let src = format!(
        "template <int N> struct S {{ int v; }};\n__global__ void k(int *p) {{\n{decls}  p[0] = 1;\n}}\n"
    );
    let c = compile_source("k.cu", &src, &Options::default());
    let errors: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| (d.span.line, d.message.clone()))
        .collect();
    assert_eq!(
        errors.first(),
        Some(&(
            1003,
            "excessive recursion at instantiation of class \"S<1000>\" (limit 1000 instantiations)"
                .to_string()
        )),
        "{errors:?}"
    );
    assert!(c.ptx.is_none());
}

#[test]
fn a_macro_that_grows_exponentially_stops_at_the_token_limit() {
    // 8^8 copies of `s++;`: the compile used to run for minutes and take
    // gigabytes; each argument is now expanded once and the expansion
    // stops at the limit, with one error at the invocation.
    // It used to stop at 34 s and 424 MB (debug build) too; the limit on
    // one invocation's replacement stops it a few levels in.
    let src = "#define A(x) x x x x x x x x\n#define B(x) A(A(A(A(x))))\n#define C(x) B(B(x))\n__global__ void k(int *p) {\n  int s = 0;\n  C(s++;) p[0] = s;\n}\n";
    let t = std::time::Instant::now();
    let c = compile_source("k.cu", src, &Options::default());
    let secs = t.elapsed().as_secs_f64();
    assert!(secs < 5.0, "{secs} s");
    assert!(c.ptx.is_none());
    let errors: Vec<_> = c
        .diagnostics
        .iter()
        .map(|d| (d.span.line, d.message.clone()))
        .collect();
    assert_eq!(
        errors,
        [(
            6,
            "the expansion of macro \"A\" is too large (limit 65536 tokens)".to_string()
        )]
    );
    // An argument used many times is expanded once: the same result.
    let twice =
        "#define D(x) x + x\n#define E(x) D(D(x))\n__global__ void k(int *p) { p[0] = E(p[1]); }\n";
    let c = compile_source("k.cu", twice, &Options::default());
    assert!(
        c.ptx
            .is_some_and(|p| p.matches("ld.global.u32").count() == 1),
        "{:?}",
        c.diagnostics
    );
}
