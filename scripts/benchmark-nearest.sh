#!/usr/bin/env bash
# The nearest places of a kind in the C core against a route to every candidate, in one run:
# scripts/benchmark-nearest.sh [BUNDLE...]
#
# Builds readers/c/bench_nearest.c optimised and runs it on each bundle: the three nearest
# toilets by wheelchair from ORIGINS random nodes (and, for Heidelberg, the three nearest platforms
# on foot, its most common kind of place), each query timed alone ROUNDS times, with the ratio
# to ranking a route to every toilet (nb_route_path each), which the program also checks gives
# the same places in the same times. Without arguments it takes the demo campus, TU Dresden and
# Heidelberg bundles that are built under build/ (make demo; navforge build pipelines/NAME.yml).
set -euo pipefail
cd "$(dirname "$0")/.."
origins=${ORIGINS:-300}
rounds=${ROUNDS:-7}
if [ $# -eq 0 ]; then
    for candidate in build/demo-campus/demo-campus-1.0.0.navbundle build/tu-dresden-apb/tu-dresden-apb-1.0.0.navbundle \
        build/heidelberg/heidelberg-1.0.0.navbundle; do
        [ -f "$candidate" ] && set -- "$@" "$candidate"
    done
    [ $# -gt 0 ] || { echo "benchmark-nearest: no bundle given and none built under build/" >&2; exit 1; }
fi
mkdir -p build/bench-readers
cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -o build/bench-readers/bench_nearest readers/c/bench_nearest.c \
    readers/c/navbundle.c -lm
echo "$(cc --version | head -1); $origins origins, $rounds rounds each; medians and 90th percentiles over the origins"
for bundle in "$@"; do
    name=$(basename "$bundle" .navbundle)
    echo "== $name: wheelchair, toilet, 3"
    build/bench-readers/bench_nearest "$bundle" "$origins" "$rounds" 20261130 wheelchair toilet 3
    case $name in heidelberg-*)
        echo "== $name: foot, platform, 3"
        build/bench-readers/bench_nearest "$bundle" "$origins" "$rounds" 20261130 foot platform 3 ;;
    esac
done
