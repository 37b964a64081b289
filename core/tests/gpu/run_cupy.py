#!/usr/bin/env python3
"""Runs the GPU bundle (`cargo xtask gpu-bundle`) on a real NVIDIA GPU.

Each corpus case's PTX -- ours at -O0 and -O3, NVRTC's, and both at nvcc's
default contraction -- is loaded through CuPy's RawModule (the CUDA driver
JIT-compiles the PTX for the GPU at hand), launched on the case's inputs, and
its buffers, module variables and printf output are compared with the
reference the Rust tests compute (bit for bit, or within the tolerance the
case gives approximate results). The contracted pair is compared with each
other: at nvcc's defaults our PTX should compute NVRTC's bits.

Usage: run_cupy.py BUNDLE_DIR [--json OUT.json]
       run_cupy.py BUNDLE_DIR --check   (no GPU: the bundle holds what the run reads)

Any file may be gzipped (`.gz`, as `ptxlab-difftest --gpu-bundle` writes
generated programs).

A launch that faults leaves the CUDA context unusable, so the runs happen in a
child process that is started again after the run that broke it.
"""

import gzip
import json
import os
import subprocess
import sys
import tempfile

REFERENCE_VARIANTS = ["ours-O0", "ours-O3", "nvrtc", "ptx"]
CONTRACTED = ("ours-O3-fmad", "nvrtc-fmad")


def items(manifest):
    """Every (run, variant) to launch, in a fixed order."""
    out = []
    for run in manifest["runs"]:
        for v in REFERENCE_VARIANTS:
            if v in run["ptx"]:
                out.append((run["id"], v, run["ptx"][v]))
        for v in CONTRACTED:
            if v in run["contracted"]:
                out.append((run["id"], v, run["contracted"][v]))
    return out


def driver_ptx_isa(cp):
    """The newest PTX ISA the installed driver JIT-compiles (CUDA 13.0: 9.0)."""
    v = cp.cuda.runtime.driverGetVersion()
    major, minor = v // 1000, v % 1000 // 10
    if major >= 13:
        return f"9.{minor}"
    return "8." + str({6: 5, 7: 6, 8: 7, 9: 8}.get(minor, minor))


def load(cp, bundle, ptx_file, kernel, isa, result):
    """The module of a PTX file and its kernel (RawModule loads lazily, at the
    first get_function); PTX newer than the driver is loaded with the driver's
    `.version` (both compilers write their toolkit's, 9.5 for 13.5)."""
    path = ptx_path(bundle, ptx_file)
    try:
        module = cp.RawModule(path=path)
        return module, module.get_function(kernel)
    except cp.cuda.driver.CUDADriverError as e:
        if "UNSUPPORTED_PTX_VERSION" not in str(e):
            raise
    text = read_ptx(bundle, ptx_file)
    old = next(l for l in text.splitlines() if l.startswith(".version"))
    result["version"] = f"{old.split()[1]} -> {isa}"
    lowered = os.path.join(tempfile.gettempdir(), "lowered-" + os.path.basename(path))
    with open(lowered, "w") as f:
        f.write(text.replace(old, f".version {isa}", 1))
    module = cp.RawModule(path=lowered)
    return module, module.get_function(kernel)


def read_ptx(bundle, ptx_file):
    """A PTX file's text (a `.ptx.gz` unpacked: generated bundles gzip theirs)."""
    return read_bytes(bundle, ptx_file).decode()


def ptx_path(bundle, ptx_file):
    """A path the driver can load: the file itself, or a `.ptx.gz` unpacked."""
    if not ptx_file.endswith(".gz"):
        return os.path.join(bundle, ptx_file)
    path = os.path.join(tempfile.gettempdir(), "unpacked-" + ptx_file[: -len(".gz")])
    with open(path, "w") as f:
        f.write(read_ptx(bundle, ptx_file))
    return path


ITEMSIZE = {"int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "int32": 4, "uint32": 4,
            "int64": 8, "uint64": 8, "float16": 2, "float32": 4, "float64": 8}


def read_bytes(bundle, name):
    """A data file's bytes (a `.gz` unpacked)."""
    opener = gzip.open if name.endswith(".gz") else open
    with opener(os.path.join(bundle, name), "rb") as f:
        return f.read()


def read_array(bundle, name, dtype):
    """A data file as a NumPy array of `dtype` (a `.gz` unpacked)."""
    import numpy as np

    return np.frombuffer(read_bytes(bundle, name), dtype=dtype).copy()


def check(bundle):
    """Without a GPU (nor NumPy): every file the manifest names is there
    with a whole number of its dtype, every buffer the launch reads back has
    its expected size, and every PTX has the run's kernel. Exits 1 if not."""
    manifest = json.load(open(os.path.join(bundle, "manifest.json")))
    problems = []

    def elements(run, name, dtype):
        try:
            n = len(read_bytes(bundle, name))
        except OSError as e:
            problems.append(f"{run['id']}: {e}")
            return None
        if n % ITEMSIZE[dtype]:
            problems.append(f"{run['id']}: {name}: {n} bytes is no whole number of {dtype}")
        return n // ITEMSIZE[dtype]

    for run in manifest["runs"]:
        sizes = {}
        for a in run["args"]:
            if "buffer" in a:
                sizes[a["buffer"]] = elements(run, a["file"], a["dtype"])
            elif "byval" in a:
                elements(run, a["byval"], "uint8")
            elif a["scalar"] not in ITEMSIZE:
                problems.append(f"{run['id']}: scalar type {a['scalar']}")
        for e in run["expected"]:
            n = elements(run, e["file"], e["dtype"])
            if sizes.get(e["name"]) != n:
                problems.append(f"{run['id']}: {e['name']} has {sizes.get(e['name'])} elements, {n} expected")
        for s in run["symbols"]:
            elements(run, s["file"], s["dtype"])
        for _, variant, ptx_file in items({"runs": [run]}):
            try:
                text = read_ptx(bundle, ptx_file)
            except OSError as e:
                problems.append(f"{run['id']} {variant}: {e}")
                continue
            if f".entry {run['kernel']}(" not in text:
                problems.append(f"{run['id']} {variant}: no .entry {run['kernel']}")
    for p in problems[:50]:
        print(p)
    print(f"{len(manifest['runs'])} runs, {len(items(manifest))} PTX modules to launch: {len(problems)} problems")
    sys.exit(1 if problems else 0)


def driver_launch(kernel, grid, block, shared, args):
    """cuLaunchKernel on the CUDA driver itself, each argument as its bytes
    (a buffer's device address, a scalar, a struct passed by value)."""
    import ctypes

    cuda = ctypes.CDLL("libcuda.so.1")
    cuda.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [
        ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
    cuda.cuLaunchKernel.restype = ctypes.c_int
    holders = []
    for a in args:
        if isinstance(a, bytes):
            holders.append(ctypes.create_string_buffer(a, len(a)))
        elif hasattr(a, "data") and hasattr(a.data, "ptr"):  # a CuPy array
            holders.append(ctypes.c_uint64(a.data.ptr))
        else:  # a NumPy scalar
            holders.append(ctypes.create_string_buffer(a.tobytes(), a.nbytes))
    params = (ctypes.c_void_p * max(1, len(holders)))(
        *[ctypes.addressof(h) for h in holders])
    function = getattr(kernel, "kernel", kernel).ptr
    err = cuda.cuLaunchKernel(function, *grid, *block, shared, None, params, None)
    if err != 0:
        raise RuntimeError(f"cuLaunchKernel returned CUresult {err}")


def child(bundle, start):
    """Launches items from `start` on; prints one JSON line per item."""
    import ctypes

    import cupy as cp
    import numpy as np

    libc = ctypes.CDLL(None)
    manifest = json.load(open(os.path.join(bundle, "manifest.json")))
    runs = {r["id"]: r for r in manifest["runs"]}
    todo = items(manifest)
    isa = driver_ptx_isa(cp)
    for index in range(start, len(todo)):
        run_id, variant, ptx_file = todo[index]
        run = runs[run_id]
        result = {"index": index, "id": run_id, "variant": variant}
        try:
            module, kernel = load(cp, bundle, ptx_file, run["kernel"], isa, result)
        except Exception as e:  # the driver refused the module: the context is fine
            result["problems"] = [f"load: {type(e).__name__}: {e}"]
            print(json.dumps(result), flush=True)
            continue
        try:
            args, buffers = [], {}
            for a in run["args"]:
                if "byval" in a:
                    args.append(open(os.path.join(bundle, a["byval"]), "rb").read())
                elif "buffer" in a:
                    host = read_array(bundle, a["file"], a["dtype"])
                    dev = cp.asarray(host)
                    buffers[a["buffer"]] = dev
                    args.append(dev)
                elif a["scalar"] in ("float32", "float64"):
                    bits = np.array([a["bits"]], dtype="uint32" if a["scalar"] == "float32" else "uint64")
                    args.append(bits.view(a["scalar"])[0])
                else:
                    args.append(np.dtype(a["scalar"]).type(a["value"]))
            # Device printf goes to the C library's stdout: catch fd 1 around the launch.
            sys.stdout.flush()
            saved = os.dup(1)
            with tempfile.TemporaryFile() as cap:
                os.dup2(cap.fileno(), 1)
                try:
                    launch = getattr(cp, "_ptxlab_launch", None) or driver_launch
                    launch(kernel, run["grid"], run["block"], run["dynamic_shared"], args)
                    cp.cuda.Device().synchronize()
                finally:
                    libc.fflush(None)
                    os.dup2(saved, 1)
                    os.close(saved)
                cap.seek(0)
                printed = cap.read().decode("utf-8", "replace")
            got = {}
            for e in run["expected"]:
                got[e["name"]] = cp.asnumpy(buffers[e["name"]])
            for s in run["symbols"]:
                want = read_array(bundle, s["file"], s["dtype"])
                ptr = module.get_global(s["name"])
                got["@" + s["name"]] = cp.ndarray(want.shape, dtype=s["dtype"], memptr=ptr).get()
            result["problems"] = compare(bundle, run, got, printed)
            result["bits"] = {k: v.tobytes().hex() for k, v in got.items()}
            print(json.dumps(result), flush=True)
        except Exception as e:  # a fault: report it, and let the parent restart us
            result["problems"] = [f"{type(e).__name__}: {e}"]
            result["fatal"] = True
            print(json.dumps(result), flush=True)
            sys.exit(3)


def compare(bundle, run, got, printed):
    import numpy as np

    problems = []
    for e in run["expected"] + [dict(s, name="@" + s["name"]) for s in run["symbols"]]:
        want = read_array(bundle, e["file"], e["dtype"])
        g = got[e["name"]]
        if g.shape != want.shape:
            problems.append(f"{e['name']}: {g.size} elements, expected {want.size}")
            continue
        if e.get("tolerance"):
            tol = read_array(bundle, e["tolerance"], "float64")
            bad = ~(np.abs(g.astype("float64") - want.astype("float64")) <= tol)
        else:
            bad = g.view(f"u{g.itemsize}") != want.view(f"u{want.itemsize}")
        idx = np.flatnonzero(bad)
        if idx.size:
            i = idx[0]
            problems.append(f"{e['name']}[{i}] = {g[i]!r}, expected {want[i]!r} ({idx.size} of {g.size} differ)")
    # Blocks print in no fixed order on a GPU: compare the lines as a multiset.
    if sorted(printed.splitlines()) != sorted(run["output"].splitlines()):
        problems.append(f"printf wrote {len(printed.splitlines())} lines ({printed[:200]!r}), expected {len(run['output'].splitlines())} ({run['output'][:200]!r})")
    return problems


def main():
    bundle = sys.argv[1]
    out_json = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    if "--check" in sys.argv[2:]:
        check(bundle)
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--child":
        child(bundle, int(sys.argv[3]))
        return
    manifest = json.load(open(os.path.join(bundle, "manifest.json")))
    todo = items(manifest)
    results, start = [], 0
    while start < len(todo):
        p = subprocess.run([sys.executable, __file__, bundle, "--child", str(start)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
        results.extend(lines)
        if lines:
            start = lines[-1]["index"] + 1
        else:  # the child died before its first report: count the item failed
            results.append({"index": start, "id": todo[start][0], "variant": todo[start][1],
                            "problems": [f"child exited {p.returncode}: {p.stderr[-500:]}"], "fatal": True})
            start += 1
    runs = {r["id"]: r for r in manifest["runs"]}
    by_key = {(r["id"], r["variant"]): r for r in results}
    # The contracted pair: our PTX and NVRTC's at nvcc's defaults.
    pairs = []
    for run in manifest["runs"]:
        a, b = by_key.get((run["id"], CONTRACTED[0])), by_key.get((run["id"], CONTRACTED[1]))
        if not a or not b or "bits" not in a or "bits" not in b:
            continue
        buffers = run["expected"] + [dict(x, name="@" + x["name"]) for x in run["symbols"]]
        same = all(agree(bundle, e, a["bits"][e["name"]], b["bits"][e["name"]]) for e in buffers)
        pairs.append((run["id"], same, run.get("contraction_differs")))
    summary = {}
    for r in results:
        if r["variant"] in CONTRACTED and not r.get("fatal"):
            # Contracted results are judged against each other (below), and
            # by what they print.
            r["problems"] = [p for p in r["problems"] if p.startswith("printf") or p.startswith("load")]
        if runs[r["id"]].get("dump"):
            continue  # a probe: shown whole below, judged by whoever reads it
        s = summary.setdefault(r["variant"], [0, 0])
        s[0 if not r["problems"] else 1] += 1
    print("variant          pass  fail")
    for v, (ok, bad) in summary.items():
        print(f"{v:<16} {ok:>4}  {bad:>4}")
    failures = [r for r in results if r["problems"] and not runs[r["id"]].get("dump")]
    for r in failures:
        print(f"FAIL {r['id']} {r['variant']}: {'; '.join(r['problems'])}")
    lowered = sorted({r["version"] for r in results if "version" in r})
    if lowered:
        print(f"PTX .version lowered for the driver: {', '.join(lowered)} ({sum('version' in r for r in results)} modules)")
    for r in results:
        if runs[r["id"]].get("dump") and "bits" in r:
            dump(bundle, runs[r["id"]], r)
    equal = sum(1 for _, same, _ in pairs if same)
    print(f"at nvcc's defaults, our -O3 PTX computes NVRTC's bits on {equal} of {len(pairs)} cases")
    unexpected = [(i, listed) for i, same, listed in pairs if not same and not listed]
    for i, same, listed in pairs:
        if not same:
            print(f"  differs: {i}" + (f" (listed: {listed})" if listed else " (NOT listed)"))
    if out_json:
        json.dump({"results": results, "pairs": pairs}, open(out_json, "w"), indent=1)
    sys.exit(1 if failures or unexpected else 0)


def agree(bundle, e, a_hex, b_hex):
    """Two GPU results of one buffer agree: the same bits, or, where the case
    allows an error (the order of float atomics varies), within twice it."""
    import numpy as np

    if a_hex == b_hex:
        return True
    if not e.get("tolerance"):
        return False
    a = np.frombuffer(bytes.fromhex(a_hex), dtype=e["dtype"]).astype("float64")
    b = np.frombuffer(bytes.fromhex(b_hex), dtype=e["dtype"]).astype("float64")
    tol = read_array(bundle, e["tolerance"], "float64")
    return bool(np.all(np.abs(a - b) <= 2 * tol))


def dump(bundle, run, result):
    """A probe's every element, the GPU's beside the emulator's."""
    import numpy as np

    e = run["expected"][0]
    want = read_array(bundle, e["file"], e["dtype"])
    got = np.frombuffer(bytes.fromhex(result["bits"][e["name"]]), dtype=e["dtype"])
    print(f"{run['id']}: element: GPU / emulator" + (f" (emulator: {run['emulator_error'].splitlines()[0]})" if run.get("emulator_error") else ""))
    print("  " + " ".join(f"{i}:{g:#x}/{w:#x}" if g != w else f"{i}:{g:#x}" for i, (g, w) in enumerate(zip(got.astype("int64"), want.astype("int64")))))


if __name__ == "__main__":
    main()
