#!/bin/sh
# Seed corpora for the cargo-fuzz targets, from the repository's own tests
# (docs/fuzzing.md). Only seeds of at most MAX bytes: libFuzzer's -max_len
# defaults to the largest seed, and a large one slows every execution.
set -eu
cd "$(dirname "$0")"
MAX=${MAX:-4096}
mkdir -p corpus/compile corpus/ir_parse corpus/ptx_parse corpus/share_link
small() { [ "$(wc -c < "$1")" -le "$MAX" ]; }
# compile: the first byte picks the options (3: -O3).
for f in ../core/tests/corpus/*.cu; do
    small "$f" || continue
    { printf '\003'; cat "$f"; } > "corpus/compile/$(basename "$f")"
done
for f in ../core/tests/filetests/*.ll; do
    small "$f" && cp "$f" corpus/ir_parse/
done
for f in ../e2e/fixtures/*.ptx; do
    small "$f" && cp "$f" corpus/ptx_parse/
done
# Our own PTX of the corpus kernels, when the CLI is built.
if [ -x ../target/release/ptxlab ]; then
    for f in ../core/tests/corpus/*.cu; do
        small "$f" || continue
        out="corpus/ptx_parse/$(basename "$f" .cu).ptx"
        ../target/release/ptxlab -arch=sm_80 "$f" -o "$out" 2>/dev/null || rm -f "$out"
        [ -f "$out" ] && ! small "$out" && rm -f "$out"
    done
fi
# share_link: a JSON state (first byte odd: deflated into a real link) and a
# raw fragment (even).
printf '\001{"src":"__global__ void k(int *p) { p[0] = 1; }","opt":{"opt_level":3},"view":"Ir"}' \
    > corpus/share_link/state.json
printf '\000v=0&z=' > corpus/share_link/raw
echo "seeded: $(ls corpus/compile | wc -l) compile, $(ls corpus/ir_parse | wc -l) ir_parse, $(ls corpus/ptx_parse | wc -l) ptx_parse, $(ls corpus/share_link | wc -l) share_link"
