#!/usr/bin/env bash
# navforge's foot and wheelchair routes on Heidelberg beside Valhalla's, same pairs, same run:
# builds the city with navforge (release) and Valhalla's tiles (pyvalhalla-weekly, in a virtual
# environment under build/peers), draws PAIRS pairs (default 200, fixed seed) of outdoor nodes in
# the wheelchair's main pieces with route-audit, routes them with both, and prints routes found,
# the length ratio and the metres each side's routes run on ways closed to wheelchairs
# (docs/profiles.md). Valhalla's edges name their OSM ways, whose tags are read from the same PBF.
set -euo pipefail
cd "$(dirname "$0")/.."
pbf=../shared/data/osm/heidelberg.osm.pbf
[ -f "$pbf" ] || { echo "../shared/data is absent: nothing to compare" >&2; exit 1; }
peers=build/peers
mkdir -p "$peers"
if [ ! -x "$peers/venv/bin/python" ]; then
    python3 -m venv "$peers/venv"
    "$peers/venv/bin/pip" install --quiet pyvalhalla-weekly osmium
fi
py=$peers/venv/bin/python
if [ ! -f "$peers/tiles/.built" ]; then
    rm -rf "$peers/tiles"
    "$py" -m valhalla.valhalla_build_config --mjolnir-tile-dir "$PWD/$peers/tiles" --mjolnir-tile-extract "" \
        --mjolnir-timezone "" --mjolnir-admin "" --mjolnir-traffic-extract "" --mjolnir-landmarks "" \
        --mjolnir-concurrency 2 > "$peers/valhalla.json" 2>/dev/null
    tiles_bin=$("$py" -m valhalla print_bin_path)/valhalla_build_tiles
    # valhalla_build_tiles writes duplicateways.txt into its working folder.
    (cd "$peers" && "$tiles_bin" -c valhalla.json "$OLDPWD/$pbf" > build-tiles.log 2>&1) \
        || { echo "error: valhalla_build_tiles failed; see $peers/build-tiles.log" >&2; exit 1; }
    touch "$peers/tiles/.built"
fi
swift build -c release --product navforge
swift build -c release --product route-audit
bin=$(swift build -c release --show-bin-path)
"$bin/navforge" build pipelines/heidelberg.yml
"$bin/route-audit" build/heidelberg --pairs "${PAIRS:-200}" --profile wheelchair --profile foot > "$peers/audit.jsonl"
"$py" scripts/compare-valhalla.py "$peers/audit.jsonl" --config "$peers/valhalla.json" --pbf "$pbf"
