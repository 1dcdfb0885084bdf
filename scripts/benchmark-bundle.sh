#!/usr/bin/env bash
# The mapped bundle reader in release on the Heidelberg city network: opening (against the small
# demo campus bundle in the same run), full checksum verification, customisation, and routes on
# the customisable hierarchy against the same city built with classic hierarchies, on the same
# pairs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f ../shared/data/osm/heidelberg.osm.pbf ] || { echo "../shared/data is absent: nothing to measure" >&2; exit 1; }
swift build -c release --product navforge
swift build -c release --product bench-bundle
bin=$(swift build -c release --show-bin-path)
"$bin/navforge" build pipelines/heidelberg.yml
"$bin/navforge" build pipelines/demo-campus.yml
# The same city with classic hierarchies, for the query ratio: a copy of the pipeline beside the
# original, so its relative input path still holds.
sed 's/^  contract:$/  contract: {method: ch}/' pipelines/heidelberg.yml > pipelines/heidelberg-classic.yml
trap 'rm -f pipelines/heidelberg-classic.yml' EXIT
"$bin/navforge" build pipelines/heidelberg-classic.yml
"$bin/bench-bundle" build/heidelberg/heidelberg-1.0.0.navbundle --small build/demo-campus/demo-campus-1.0.0.navbundle \
    --classic build/heidelberg-classic/heidelberg-1.0.0.navbundle --pairs "${PAIRS:-2000}" --rounds "${ROUNDS:-6}"
