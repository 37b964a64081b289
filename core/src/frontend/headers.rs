//! Built-in headers: our own declarations for the headers CUDA files include,
//! so `#include <cuda_runtime.h>` works with no CUDA toolkit (in the browser too).
//! Device built-ins (`threadIdx`, `__syncthreads`, …) are known to sema
//! directly; these headers hold what host code and portable code name.

const STDDEF: &str = "#pragma once
typedef unsigned long size_t;
typedef long ptrdiff_t;
#define NULL 0
";

const STDINT: &str = "#pragma once
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
#define INT32_MAX 2147483647
#define INT32_MIN (-2147483647 - 1)
#define UINT32_MAX 4294967295u
";

const STDIO: &str = "#pragma once
#include <stddef.h>
int printf(const char *format, ...);
";

const CUDA_RUNTIME: &str = "#pragma once
#include <stddef.h>
#include <stdint.h>
typedef int cudaError_t;
#define cudaSuccess 0
";

/// The text of a built-in header, or `None` if we do not provide it.
pub fn builtin(path: &str) -> Option<&'static str> {
    Some(match path {
        "stddef.h" | "cstddef" => STDDEF,
        "stdint.h" | "cstdint" => STDINT,
        "stdio.h" | "cstdio" => STDIO,
        "cuda_runtime.h" | "cuda.h" | "cuda_runtime_api.h" | "device_launch_parameters.h" => {
            CUDA_RUNTIME
        }
        _ => return None,
    })
}
