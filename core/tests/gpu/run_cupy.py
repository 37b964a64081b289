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

A launch that faults leaves the CUDA context unusable, so the runs happen in a
child process that is started again after the run that broke it.
"""

import json
import os
import subprocess
import sys
import tempfile

REFERENCE_VARIANTS = ["ours-O0", "ours-O3", "nvrtc"]
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


def child(bundle, start):
    """Launches items from `start` on; prints one JSON line per item."""
    import ctypes

    import cupy as cp
    import numpy as np

    libc = ctypes.CDLL(None)
    manifest = json.load(open(os.path.join(bundle, "manifest.json")))
    runs = {r["id"]: r for r in manifest["runs"]}
    todo = items(manifest)
    for index in range(start, len(todo)):
        run_id, variant, ptx_file = todo[index]
        run = runs[run_id]
        result = {"index": index, "id": run_id, "variant": variant}
        try:
            module = cp.RawModule(path=os.path.join(bundle, ptx_file))
            kernel = module.get_function(run["kernel"])
            args, buffers = [], {}
            for a in run["args"]:
                if "buffer" in a:
                    host = np.fromfile(os.path.join(bundle, a["file"]), dtype=a["dtype"])
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
                    kernel(tuple(run["grid"]), tuple(run["block"]), tuple(args),
                           shared_mem=run["dynamic_shared"])
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
                want = np.fromfile(os.path.join(bundle, s["file"]), dtype=s["dtype"])
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
        want = np.fromfile(os.path.join(bundle, e["file"]), dtype=e["dtype"])
        g = got[e["name"]]
        if g.shape != want.shape:
            problems.append(f"{e['name']}: {g.size} elements, expected {want.size}")
            continue
        if e.get("tolerance"):
            tol = np.fromfile(os.path.join(bundle, e["tolerance"]), dtype="float64")
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
        same = a["bits"] == b["bits"]
        pairs.append((run["id"], same, run.get("contraction_differs")))
    summary = {}
    for r in results:
        if r["variant"] in CONTRACTED and not r.get("fatal"):
            # Contracted results are judged against each other (below), but a
            # wrong integer buffer or printf is wrong at any contraction.
            r["problems"] = [p for p in r["problems"] if not is_float_problem(runs[r["id"]], p)]
        s = summary.setdefault(r["variant"], [0, 0])
        s[0 if not r["problems"] else 1] += 1
    print("variant          pass  fail")
    for v, (ok, bad) in summary.items():
        print(f"{v:<16} {ok:>4}  {bad:>4}")
    failures = [r for r in results if r["problems"]]
    for r in failures:
        print(f"FAIL {r['id']} {r['variant']}: {'; '.join(r['problems'])}")
    equal = sum(1 for _, same, _ in pairs if same)
    print(f"at nvcc's defaults, our -O3 PTX computes NVRTC's bits on {equal} of {len(pairs)} cases")
    unexpected = [(i, listed) for i, same, listed in pairs if not same and not listed]
    for i, same, listed in pairs:
        if not same:
            print(f"  differs: {i}" + (f" (listed: {listed})" if listed else " (NOT listed)"))
    if out_json:
        json.dump({"results": results, "pairs": pairs}, open(out_json, "w"), indent=1)
    sys.exit(1 if failures or unexpected else 0)


def is_float_problem(run, problem):
    name = problem.split("[")[0].split(":")[0]
    dtypes = {e["name"]: e["dtype"] for e in run["expected"]}
    dtypes.update({"@" + s["name"]: s["dtype"] for s in run["symbols"]})
    return dtypes.get(name, "").startswith("float")


if __name__ == "__main__":
    main()
