#!/usr/bin/env bash
# navforge's whole Heidelberg build beside Valhalla's tile build on the same PBF, in one run:
# ROUNDS (default 3) alternating rounds of `navforge build pipelines/heidelberg.yml --force`
# (import, validation and its report, the graph with four profiles and their egress tables, the
# customisable hierarchy, the bundle) and `valhalla_build_tiles` (pyvalhalla-weekly, in the
# virtual environment under build/peers: Valhalla's graph for every mode, without elevation,
# admin areas or time zones), each timed with its peak memory by GNU time; then what a phone
# downloads, the bundle against the tiles. Both run on the machine's cores (Valhalla's
# concurrency set to their number). Prints one line per build and the ratios of the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
pbf=../shared/data/osm/heidelberg.osm.pbf
[ -f "$pbf" ] || { echo "../shared/data is absent: nothing to measure" >&2; exit 1; }
# GNU time (/usr/bin/time, for peak memory), installed when missing.
scripts/install-system-packages.sh time
peers=build/peers
. scripts/valhalla-peer.sh
swift build -c release --product navforge
bin=$(swift build -c release --show-bin-path)
tiles_bin=$("$py" -m valhalla print_bin_path)/valhalla_build_tiles
cores=$(nproc)
bench=$PWD/$peers/bench
mkdir -p "$bench"
"$py" -m valhalla.valhalla_build_config --mjolnir-tile-dir "$bench/tiles" --mjolnir-tile-extract "" \
    --mjolnir-timezone "" --mjolnir-admin "" --mjolnir-traffic-extract "" --mjolnir-landmarks "" \
    --mjolnir-concurrency "$cores" > "$bench/valhalla.json" 2>/dev/null

# One build timed: its wall seconds and peak resident kilobytes appended to FILE.
measure() {
    local file=$1
    shift
    /usr/bin/time -f "%e %M" -o "$bench/time.txt" "$@" > "$bench/build.log" 2>&1 \
        || { echo "error: $* failed; see $bench/build.log" >&2; exit 1; }
    cat "$bench/time.txt" >> "$file"
    cat "$bench/time.txt"
}
rm -f "$bench/navforge.txt" "$bench/valhalla.txt"
for round in $(seq 1 "${ROUNDS:-3}"); do
    printf 'round %s navforge  ' "$round"
    measure "$bench/navforge.txt" "$bin/navforge" build pipelines/heidelberg.yml --force
    rm -rf "$bench/tiles"
    printf 'round %s valhalla  ' "$round"
    # valhalla_build_tiles writes duplicateways.txt into its working folder.
    (cd "$bench" && measure "$bench/valhalla.txt" "$tiles_bin" -c valhalla.json "$OLDPWD/$pbf")
done
bundle=$(stat -c %s build/heidelberg/heidelberg-*.navbundle)
tiles=$(find "$bench/tiles" -type f -name '*.gph' -printf '%s\n' | awk '{ total += $1 } END { print total }')
python3 - "$bench/navforge.txt" "$bench/valhalla.txt" "$bundle" "$tiles" <<'PY'
import statistics, sys
def medians(path):
    rows = [line.split() for line in open(path) if line.strip()]
    return statistics.median(float(r[0]) for r in rows), statistics.median(int(r[1]) for r in rows) / 1024
nf_time, nf_mem = medians(sys.argv[1])
vh_time, vh_mem = medians(sys.argv[2])
bundle, tiles = int(sys.argv[3]), int(sys.argv[4])
print(f"build time  navforge {nf_time:.2f} s   valhalla {vh_time:.2f} s   ratio {nf_time / vh_time:.2f}")
print(f"peak memory navforge {nf_mem:.0f} MiB  valhalla {vh_mem:.0f} MiB  ratio {nf_mem / vh_mem:.2f}")
print(f"download    bundle {bundle / 1e6:.1f} MB   tiles {tiles / 1e6:.1f} MB   ratio {bundle / tiles:.2f}")
PY
