#!/usr/bin/env python3
"""Golden snapshot of the compiler's observable output, for refactors that
must not change it: every corpus file at -O0..-O3 (plus -lineinfo and a
fast-math sm_90 compile at -O3), each as the CLI's `--stages-json` with the
timings dropped: diagnostics, every stage's name, description, changed mark
and text, the PTX and its line map.

    python3 tools/golden.py BIN OUT_DIR     # BIN: a built `ptxlab` binary
    diff -r OUT_BEFORE OUT_AFTER            # nothing printed: byte-identical
"""

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "core", "tests", "corpus")
CONFIGS = {
    "O0": ["-O0"],
    "O1": ["-O1"],
    "O2": ["-O2"],
    "O3": ["-O3"],
    "O3-lineinfo": ["-O3", "-lineinfo"],
    "O3-fast-sm90": ["-O3", "--use_fast_math", "-arch=sm_90"],
}
TIMINGS = {"micros", "total_micros", "frontend_micros"}


def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in TIMINGS}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


def one(job):
    binary, out, name, config, flags = job
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "stages.json")
        ptx = os.path.join(tmp, "out.ptx")
        r = subprocess.run(
            [binary, os.path.join(CORPUS, name), *flags, "--stages-json", js, "-o", ptx],
            capture_output=True,
            text=True,
            cwd=CORPUS,
        )
        data = strip(json.load(open(js))) if os.path.exists(js) else None
    record = {"exit": r.returncode, "stderr": r.stderr, "compilation": data}
    stem = name[: -len(".cu")]
    with open(os.path.join(out, f"{stem}.{config}.json"), "w") as f:
        json.dump(record, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(out, exist_ok=True)
    files = sorted(f for f in os.listdir(CORPUS) if f.endswith(".cu"))
    jobs = [(binary, out, f, c, flags) for f in files for c, flags in CONFIGS.items()]
    list_passes = subprocess.run([binary, "--list-passes"], capture_output=True, text=True)
    with open(os.path.join(out, "list-passes.txt"), "w") as f:
        f.write(list_passes.stdout + list_passes.stderr)
    with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        list(pool.map(one, jobs))
    print(f"{len(jobs)} compiles written to {out}")


if __name__ == "__main__":
    main()
