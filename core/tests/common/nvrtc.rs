//! NVIDIA's runtime compiler (libnvrtc from PyPI `nvidia-cuda-nvrtc`), called
//! in-process: the reference compiler for entry names and compile times.

use libloading::{Library, Symbol};
use std::ffi::{c_char, c_int, c_void, CString};

type Prog = *mut c_void;

pub struct Nvrtc {
    lib: Library,
}

impl Nvrtc {
    /// Loads the library at `path`.
    pub fn load(path: &std::path::Path) -> Result<Nvrtc, String> {
        // SAFETY: loading libnvrtc runs its initializers, which have no
        // preconditions; the symbols below are used with their C signatures.
        let lib = unsafe { Library::new(path) }.map_err(|e| e.to_string())?;
        Ok(Nvrtc { lib })
    }

    /// Compiles `src` with `--gpu-architecture=compute_XX` for `arch` (`sm_XX`)
    /// plus `extra` options; the PTX, or the log on failure.
    pub fn compile(
        &self,
        name: &str,
        src: &str,
        arch: &str,
        extra: &[&str],
    ) -> Result<String, String> {
        let csrc = CString::new(src).map_err(|e| e.to_string())?;
        let cname = CString::new(name).map_err(|e| e.to_string())?;
        let mut opts: Vec<CString> = vec![CString::new(format!(
            "--gpu-architecture={}",
            arch.replace("sm_", "compute_")
        ))
        .unwrap()];
        opts.extend(extra.iter().map(|o| CString::new(*o).unwrap()));
        let opt_ptrs: Vec<*const c_char> = opts.iter().map(|o| o.as_ptr()).collect();
        // SAFETY: each call passes pointers that live across the call, in the
        // order and types of NVRTC's C API (nvrtc.h); the program is destroyed
        // before returning.
        unsafe {
            let create: Symbol<
                unsafe extern "C" fn(
                    *mut Prog,
                    *const c_char,
                    *const c_char,
                    c_int,
                    *const *const c_char,
                    *const *const c_char,
                ) -> c_int,
            > = self
                .lib
                .get(b"nvrtcCreateProgram")
                .map_err(|e| e.to_string())?;
            let compile: Symbol<unsafe extern "C" fn(Prog, c_int, *const *const c_char) -> c_int> =
                self.lib
                    .get(b"nvrtcCompileProgram")
                    .map_err(|e| e.to_string())?;
            let log_size: Symbol<unsafe extern "C" fn(Prog, *mut usize) -> c_int> = self
                .lib
                .get(b"nvrtcGetProgramLogSize")
                .map_err(|e| e.to_string())?;
            let get_log: Symbol<unsafe extern "C" fn(Prog, *mut c_char) -> c_int> = self
                .lib
                .get(b"nvrtcGetProgramLog")
                .map_err(|e| e.to_string())?;
            let ptx_size: Symbol<unsafe extern "C" fn(Prog, *mut usize) -> c_int> = self
                .lib
                .get(b"nvrtcGetPTXSize")
                .map_err(|e| e.to_string())?;
            let get_ptx: Symbol<unsafe extern "C" fn(Prog, *mut c_char) -> c_int> =
                self.lib.get(b"nvrtcGetPTX").map_err(|e| e.to_string())?;
            let destroy: Symbol<unsafe extern "C" fn(*mut Prog) -> c_int> = self
                .lib
                .get(b"nvrtcDestroyProgram")
                .map_err(|e| e.to_string())?;
            let mut prog: Prog = std::ptr::null_mut();
            if create(
                &mut prog,
                csrc.as_ptr(),
                cname.as_ptr(),
                0,
                std::ptr::null(),
                std::ptr::null(),
            ) != 0
            {
                return Err("nvrtcCreateProgram failed".into());
            }
            let status = compile(prog, opt_ptrs.len() as c_int, opt_ptrs.as_ptr());
            let result = if status != 0 {
                let mut n = 0usize;
                log_size(prog, &mut n);
                let mut buf = vec![0u8; n.max(1)];
                get_log(prog, buf.as_mut_ptr().cast());
                Err(String::from_utf8_lossy(&buf)
                    .trim_end_matches('\0')
                    .to_string())
            } else {
                let mut n = 0usize;
                ptx_size(prog, &mut n);
                let mut buf = vec![0u8; n.max(1)];
                get_ptx(prog, buf.as_mut_ptr().cast());
                Ok(String::from_utf8_lossy(&buf)
                    .trim_end_matches('\0')
                    .to_string())
            };
            destroy(&mut prog);
            result
        }
    }
}

/// The `.entry` names of a PTX module, in order.
pub fn entry_names(ptx: &str) -> Vec<String> {
    ptx.lines()
        .filter_map(|l| {
            l.trim_start()
                .strip_prefix(".visible .entry ")
                .or_else(|| l.trim_start().strip_prefix(".weak .entry "))
                .or_else(|| l.trim_start().strip_prefix(".entry "))
        })
        .map(|rest| rest.split(['(', ' ']).next().unwrap_or("").to_string())
        .collect()
}
