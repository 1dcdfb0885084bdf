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
. scripts/valhalla-peer.sh
swift build -c release --product navforge
swift build -c release --product route-audit
bin=$(swift build -c release --show-bin-path)
"$bin/navforge" build pipelines/heidelberg.yml
"$bin/route-audit" build/heidelberg --pairs "${PAIRS:-200}" --profile wheelchair --profile foot > "$peers/audit.jsonl"
"$py" scripts/compare-valhalla.py "$peers/audit.jsonl" --config "$peers/valhalla.json" --pbf "$pbf"
