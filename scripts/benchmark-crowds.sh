#!/usr/bin/env bash
# A live crowd update in the C core, from Wi-Fi counts to a route around the crowd:
# scripts/benchmark-crowds.sh [BUNDLE...]
#
# Builds readers/c/bench_crowd.c optimised and runs it on each bundle with a crowd map (the demo
# campus by default, built by make demo): ROUNDS times, random counts for every access point,
# the densities, the conditions text, applying it (customising the hierarchy) and a route under
# it beside the plain route between the same nodes.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-50}
[ $# -gt 0 ] || set -- build/demo-campus/demo-campus-1.0.0.navbundle
mkdir -p build/bench-readers
cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -o build/bench-readers/bench_crowd readers/c/bench_crowd.c \
    readers/c/navbundle.c -lm
echo "$(cc --version | head -1); $rounds rounds; medians"
for bundle in "$@"; do
    echo "== $(basename "$bundle" .navbundle): foot"
    build/bench-readers/bench_crowd "$bundle" "$rounds" 20261202 foot
done
