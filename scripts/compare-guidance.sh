#!/usr/bin/env bash
# navforge's turn instructions beside Valhalla's pedestrian maneuvers on Heidelberg, scored by one
# geometric judge (scripts/compare-guidance.py says how): correct turn instructions per kilometre,
# wrong sides and missed bends outdoors for each engine on the same pairs, and indoors, in the
# central station, whether every bend in a corridor carries a maneuver (navforge only).
#
#   scripts/compare-guidance.sh
#
# Not part of `make test`: it needs the shared OSM data and a Valhalla peer. The peer (a virtual
# environment with pyvalhalla-weekly, valhalla.json and the tiles) is built under build/peers on
# first use exactly as scripts/compare-valhalla.sh builds it, or reused when it is there. The
# script builds navforge and route-audit (CONFIGURATION=release by default, or debug), compiles
# pipelines/heidelberg.yml and pipelines/heidelberg-hbf.yml into build/guidance, draws PAIRS
# outdoor pairs (default 200, route-audit's fixed seed) for profile foot and INDOOR_PAIRS
# (default 100, fixed seed) in the station, and builds the Python reader's C core. The judge's own
# checks run without the peer: python3 scripts/test_compare_guidance.py. The numbers measured
# are in docs/guidance.md ("Compared with Valhalla").
set -euo pipefail
cd "$(dirname "$0")/.."
pbf=../shared/data/osm/heidelberg.osm.pbf
[ -f "$pbf" ] || { echo "../shared/data is absent: nothing to compare" >&2; exit 1; }
peers=build/peers
. scripts/valhalla-peer.sh
configuration=${CONFIGURATION:-release}
swift build -c "$configuration" --product navforge
swift build -c "$configuration" --product route-audit
bin=$(swift build -c "$configuration" --show-bin-path)
out=build/guidance
"$bin/navforge" build pipelines/heidelberg.yml --build-dir "$out"
"$bin/navforge" build pipelines/heidelberg-hbf.yml --build-dir "$out"
make --no-print-directory python-reader > /dev/null
"$bin/route-audit" "$out/heidelberg" --pairs "${PAIRS:-200}" --profile foot > "$out/audit-foot.jsonl"
# Valhalla logs each route on stderr; only the comparison is kept.
"$py" scripts/compare-guidance.py "$out/audit-foot.jsonl" --bundle "$out"/heidelberg/heidelberg-*.navbundle \
    --config "$peers/valhalla.json" --indoor "$out"/heidelberg-hbf/heidelberg-hbf-*.navbundle \
    --indoor-pairs "${INDOOR_PAIRS:-100}" --details "$out/guidance-pairs.jsonl" 2> "$out/compare-guidance.log" \
    || { tail -20 "$out/compare-guidance.log" >&2; exit 1; }
