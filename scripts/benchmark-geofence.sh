#!/usr/bin/env bash
# Geofences in the C core beside snapping, in one run: scripts/benchmark-geofence.sh [BUNDLE...]
#
# Builds readers/c/bench_geofence.c optimised and runs it on each bundle: POSITIONS positions
# within about 10 m of the bundle's places, each nb_geofence timed alone ROUNDS times, beside
# nb_snap at the same positions (docs/geofences.md, "Cost"). Without arguments it takes the demo
# campus, TU Dresden and SPbSTU bundles that are built under build/ (make demo; navforge build
# pipelines/NAME.yml), which must be of format 2.2 or 1.4 (with GFNC).
set -euo pipefail
cd "$(dirname "$0")/.."
positions=${POSITIONS:-1000}
rounds=${ROUNDS:-7}
if [ $# -eq 0 ]; then
    for candidate in build/demo-campus/demo-campus-1.0.0.navbundle build/tu-dresden-apb/tu-dresden-apb-1.0.0.navbundle \
        build/spbstu-campus/spbstu-campus-1.0.0.navbundle; do
        [ -f "$candidate" ] && set -- "$@" "$candidate"
    done
    [ $# -gt 0 ] || { echo "benchmark-geofence: no bundle given and none built under build/" >&2; exit 1; }
fi
mkdir -p build/bench-readers
cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -o build/bench-readers/bench_geofence readers/c/bench_geofence.c \
    readers/c/navbundle.c -lm
echo "$(cc --version | head -1); $positions positions, $rounds rounds each; medians and 90th percentiles over the positions"
for bundle in "$@"; do
    echo "== $(basename "$bundle" .navbundle)"
    build/bench-readers/bench_geofence "$bundle" "$positions" "$rounds" 20261130
done
