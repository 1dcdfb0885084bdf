#!/usr/bin/env bash
# Import throughput in release: OSM XML (heidelberg, converted from the shared PBF with osmium),
# OSM PBF into staging, OSM PBF read against osmium, and JSON parsing. Each figure comes with a
# baseline from the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
[ -d "$data/osm" ] || { echo "../shared/data is absent: nothing to measure" >&2; exit 1; }
# osmium-tool (to convert the PBF extract to XML), installed when missing.
scripts/install-system-packages.sh osmium-tool
mkdir -p build/bench
[ -f build/bench/heidelberg.osm ] || osmium cat "$data/osm/heidelberg.osm.pbf" -o build/bench/heidelberg.osm
# One product per call: swift build honours only the last --product.
swift build -c release --product import-benchmark
swift build -c release --product navforge
bench=$(swift build -c release --show-bin-path)/import-benchmark
navforge=$(swift build -c release --show-bin-path)/navforge

"$bench" osm-xml build/bench/heidelberg.osm --repeat "${REPEAT:-5}"
"$bench" osm-pbf "$data/osm/heidelberg.osm.pbf"
"$bench" osm-pbf-read "$data/osm/heidelberg.osm.pbf" --repeat "${REPEAT:-9}"
"$bench" json "$data/imdf/spbstu-campus/navPath.geojson" --repeat "${REPEAT:-5}"

# The import stage as a data engineer runs it: PBF to staging.sqlite, wall time and peak memory.
rm -rf build/bench/pipeline
/usr/bin/time -f "navforge build heidelberg --until import: %e s wall, peak RSS %M KB" \
    "$navforge" build pipelines/heidelberg.yml --until import --build-dir build/bench/pipeline >/dev/null

# Clipping a city extract to a station-sized box (`within:`), against reading it.
"$bench" osm-clip "$data/osm/heidelberg.osm.pbf" --within 49.400,8.670,49.407,8.682
