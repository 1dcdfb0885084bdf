#!/usr/bin/env bash
# Contraction hierarchies in release on the generated benchmark graphs of ../shared/bench: build
# time, peak memory, arcs ratio, query times, each against Dijkstra in the same run and beside
# the RoutingKit reference figures. `LARGE=1` adds grid1m (a few minutes, about 600 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
generator=../shared/bench/gen_graph.py
[ -f "$generator" ] || { echo "../shared/bench is absent: nothing to measure" >&2; exit 1; }
mkdir -p build/bench
[ -f build/bench/grid100k.txt ] || python3 "$generator" grid 317 317 build/bench/grid100k.txt
[ -f build/bench/campus88k.txt ] || python3 "$generator" campus 30 5 20 build/bench/campus88k.txt
swift build -c release --product bench-ch
bench=$(swift build -c release --show-bin-path)/bench-ch

"$bench" build/bench/grid100k.txt --queries "${QUERIES:-10000}" --verify "${VERIFY:-1000}"
echo
"$bench" build/bench/campus88k.txt --queries "${QUERIES:-10000}" --verify "${VERIFY:-1000}"
if [ "${LARGE:-0}" = 1 ]; then
    [ -f build/bench/grid1m.txt ] || python3 "$generator" grid 1000 1000 build/bench/grid1m.txt
    echo
    "$bench" build/bench/grid1m.txt --queries "${QUERIES:-10000}" --verify "${VERIFY:-300}" --dijkstra-queries 50
fi
