#!/usr/bin/env bash
# The mapped bundle reader in release on the Heidelberg city network: opening (against the small
# demo campus bundle in the same run), full checksum verification, and routes through the mapped
# hierarchy against the in-memory contraction query on the same pairs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f ../shared/data/osm/heidelberg.osm.pbf ] || { echo "../shared/data is absent: nothing to measure" >&2; exit 1; }
swift build -c release --product navforge
swift build -c release --product bench-bundle
bin=$(swift build -c release --show-bin-path)
"$bin/navforge" build pipelines/heidelberg.yml
"$bin/navforge" build pipelines/demo-campus.yml
"$bin/bench-bundle" build/heidelberg/heidelberg-1.0.0.navbundle --small build/demo-campus/demo-campus-1.0.0.navbundle \
    --pairs "${PAIRS:-2000}" --rounds "${ROUNDS:-6}"
