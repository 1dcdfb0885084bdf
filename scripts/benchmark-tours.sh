#!/usr/bin/env bash
# Following a tour in the C core against the plain route to its start, in one run:
# scripts/benchmark-tours.sh [BUNDLE...]
#
# Builds readers/c/bench_tour.c optimised and runs it on each bundle: from ORIGINS random nodes,
# onto a tour foot can follow whole (the tours taken in turn), joined at its start and where it
# is nearest, each query timed alone ROUNDS times, with the ratios to nb_route_path to the tour's
# start, which the program also checks is the way onto it. Without arguments it takes the demo
# campus and Heidelberg bundles that are built under build/ (make demo; navforge build
# pipelines/heidelberg.yml), whose OSM extract holds 146 hiking and walking relations.
set -euo pipefail
cd "$(dirname "$0")/.."
origins=${ORIGINS:-300}
rounds=${ROUNDS:-7}
if [ $# -eq 0 ]; then
    for candidate in build/demo-campus/demo-campus-1.0.0.navbundle build/heidelberg/heidelberg-1.0.0.navbundle; do
        [ -f "$candidate" ] && set -- "$@" "$candidate"
    done
    [ $# -gt 0 ] || { echo "benchmark-tours: no bundle given and none built under build/" >&2; exit 1; }
fi
mkdir -p build/bench-readers
cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -o build/bench-readers/bench_tour readers/c/bench_tour.c \
    readers/c/navbundle.c -lm
echo "$(cc --version | head -1); $origins origins, $rounds rounds each; medians and 90th percentiles over the origins"
for bundle in "$@"; do
    echo "== $(basename "$bundle" .navbundle): foot"
    build/bench-readers/bench_tour "$bundle" "$origins" "$rounds" 20261201 foot
done
