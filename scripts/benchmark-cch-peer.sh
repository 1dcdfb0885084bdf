#!/usr/bin/env bash
# navforge's customisable hierarchy beside RoutingKit's on Heidelberg's foot graph, in one run.
#
# The graph is navforge's own (the foot profile of build/heidelberg, exported as an edge list),
# so both sides work on the same arcs and weights. RoutingKit comes from the source
# distribution of `routingkit-cch` on PyPI (its C++ sources, checked against PyPI's SHA-256),
# built with plain `-O3` (its own default, `-march=native -ffast-math`, queried 1.24x slower
# here) against Benchmarks/peers/routingkit_cch.cpp, our driver of its public API. ROUNDS
# (default 5) alternating rounds time, for each side:
#
# - with its own order (navforge's nested dissection on two threads, RoutingKit's inertial
#   flow on one): the order, the hierarchy's arcs, and RoutingKit's customisation beside the C
#   core's (readers/c/bench_route.c, -O2) on the Heidelberg bundle's own hierarchy: the
#   customisation every reader but Swift runs when conditions change many arcs;
# - with navforge's order given to both, so that both customise and query the very same
#   hierarchy: customisation (the median of 7 inside a round; navforge also keeps what each
#   arc comes from, for unpacking, and shares each level of the elimination tree among the
#   cores; RoutingKit's sequential customisation keeps the weights only) and 10,000 distance
#   queries between the same random pairs (both sum the same distances, which is checked).
#
# Prints each round's figures and the ratios of the medians, navforge / RoutingKit.
set -euo pipefail
cd "$(dirname "$0")/.."
pipeline=pipelines/heidelberg.yml
[ -f ../shared/data/osm/heidelberg.osm.pbf ] || { echo "../shared/data is absent: nothing to measure" >&2; exit 1; }
version=0.1.4
peers=build/peers
bench=build/bench/peer
mkdir -p "$peers" "$bench"
scripts/install-system-packages.sh g++

source_dir=$peers/routingkit_cch-$version
if [ ! -f "$source_dir/.fetched" ]; then
    rm -rf "$source_dir"
    python3 - "$version" "$peers" <<'PY'
import hashlib, json, sys, tarfile, urllib.request
version, folder = sys.argv[1], sys.argv[2]
with urllib.request.urlopen("https://pypi.org/pypi/routingkit-cch/json", timeout=60) as reply:
    files = json.load(reply)["releases"][version]
sdist = next(f for f in files if f["packagetype"] == "sdist")
with urllib.request.urlopen(sdist["url"], timeout=120) as reply:
    data = reply.read()
if hashlib.sha256(data).hexdigest() != sdist["digests"]["sha256"]:
    sys.exit(f"error: {sdist['filename']} does not match PyPI's SHA-256")
path = f"{folder}/{sdist['filename']}"
open(path, "wb").write(data)
with tarfile.open(path) as archive:
    archive.extractall(folder, filter="data")
PY
    touch "$source_dir/.fetched"
fi
peer=$peers/routingkit_cch
if [ ! -x "$peer" ] || [ Benchmarks/peers/routingkit_cch.cpp -nt "$peer" ]; then
    echo "building RoutingKit's CCH with -O3 ..."
    kit=$source_dir/RoutingKit
    g++ -O3 -DNDEBUG -std=c++17 -fopenmp -w -I"$kit/include" -o "$peer" Benchmarks/peers/routingkit_cch.cpp \
        "$kit"/src/{customizable_contraction_hierarchy,nested_dissection,contraction_hierarchy,graph_util,bit_vector,bit_select,timer,id_mapper}.cpp
fi

cc -std=c99 -O2 -o "$peers/bench_route" readers/c/bench_route.c readers/c/navbundle.c -lm
swift build -c release --product navforge 2>&1 | tail -1
swift build -c release --product bench-ch 2>&1 | tail -1
bin=$(swift build -c release --show-bin-path)
{ [ -f build/heidelberg/graph.navgraph ] && ls build/heidelberg/heidelberg-*.navbundle > /dev/null 2>&1; } \
    || "$bin/navforge" build "$pipeline"
bundle=$(ls build/heidelberg/heidelberg-*.navbundle | head -1)
graph=$bench/heidelberg-foot.txt
"$bin/navforge" export-graph build/heidelberg --edgelist foot "$graph" > /dev/null
order=$bench/navforge-order.txt

rm -f "$bench"/cch-*.txt
for round in $(seq 1 "${ROUNDS:-5}"); do
    echo "round $round"
    "$bin/bench-ch" "$graph" --cch --queries 10000 --verify 0 --write-order "$order" > "$bench/cch-nf-own.txt"
    "$peer" "$graph" --queries 1 --rounds 7 > "$bench/cch-rk-own.txt"
    "$peers/bench_route" "$bundle" 1 7 1 foot > "$bench/cch-c-own.txt"
    "$bin/bench-ch" "$graph" --cch --queries 10000 --verify 1000 --rounds 7 --order "$order" > "$bench/cch-nf.txt"
    "$peer" "$graph" --queries 10000 --rounds 7 --order "$order" > "$bench/cch-rk.txt"
    python3 - "$bench" "$round" <<'PY'
import re, sys
folder, round = sys.argv[1], sys.argv[2]
def read(name):
    return open(f"{folder}/{name}").read()
nf_own, rk_own, c_own, nf, rk = (read(f"cch-{n}.txt") for n in ("nf-own", "rk-own", "c-own", "nf", "rk"))
def find(pattern, text):
    return float(re.search(pattern, text, re.M).group(1))
row = {
    "order_nf": find(r"^order +([\d.]+) s", nf_own), "order_rk": find(r"^order ([\d.]+) s", rk_own),
    "arcs_nf": find(r"^topology .*?, (\d+) arcs", nf_own), "arcs_rk": find(r"^cch-arcs (\d+)", rk_own),
    "customise_c_own": find(r"^customise ([\d.]+) ms", c_own), "customise_rk_own": find(r"^customise ([\d.]+) ms", rk_own),
    "customise_nf": find(r"^customise +([\d.]+) ms", nf), "customise_rk": find(r"^customise ([\d.]+) ms", rk),
    "query_nf": find(r"^batch .*?: ([\d.]+) µs", nf), "query_rk": find(r"^query ([\d.]+) us", rk),
}
if find(r"^distances +sum (\d+)", nf) != find(r"^distance-sum (\d+)", rk):
    sys.exit("error: the two sides sum different distances over the same pairs")
if "1000 of 1000 queries match Dijkstra" not in nf:
    sys.exit("error: navforge's queries do not all match Dijkstra")
print("  " + "  ".join(f"{k} {v:g}" for k, v in row.items()))
with open(f"{folder}/cch-rounds.txt", "a") as out:
    out.write(" ".join(f"{k}={v}" for k, v in row.items()) + "\n")
PY
done
python3 - "$bench/cch-rounds.txt" <<'PY'
import statistics, sys
rows = [dict((k, float(v)) for k, v in (f.split("=") for f in line.split())) for line in open(sys.argv[1])]
m = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
print(f"medians of {len(rows)} rounds, navforge / RoutingKit:")
print(f"  order (own, 2 threads vs 1) {m['order_nf']:.2f} s / {m['order_rk']:.2f} s = {m['order_nf'] / m['order_rk']:.2f}")
print(f"  CCH arcs (own order)        {m['arcs_nf']:.0f} / {m['arcs_rk']:.0f} = {m['arcs_nf'] / m['arcs_rk']:.3f}")
print(f"  customise (same order)      {m['customise_nf']:.2f} ms / {m['customise_rk']:.2f} ms = {m['customise_nf'] / m['customise_rk']:.2f}")
print(f"  customise, C core (own)     {m['customise_c_own']:.2f} ms / {m['customise_rk_own']:.2f} ms = {m['customise_c_own'] / m['customise_rk_own']:.2f}")
print(f"  distance query (same order) {m['query_nf']:.2f} µs / {m['query_rk']:.2f} µs = {m['query_nf'] / m['query_rk']:.2f}")
PY
