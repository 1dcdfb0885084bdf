#!/usr/bin/env bash
# The JavaScript reader against the C reader, in one run: scripts/benchmark-readers.sh [BUNDLE...]
#
# Builds readers/c/bench_route.c optimised, then runs it and readers/js/bench.mjs on each bundle
# in turn, alternating the two RUNS times (the cores are shared: alternating spreads what the
# machine does meanwhile over both), and prints the median of each figure over the runs and the
# JavaScript/C ratio: opening with every checksum verified and without, the first route (which
# checks the hierarchy or customises the profile's metric) and a route between random node pairs
# (the same xorshift32 pairs in both; the sums of the routes' durations must agree), and Wi-Fi
# locating on readers/vectors/uji.queries' scans for the UJIIndoorLoc bundle (the JavaScript reader
# alone locates on other bundles, on scans made from the map's spots), and, for the C
# reader alone, the maneuvers of the same routes (docs/guidance.md, "Cost").
# Without arguments it takes the demo campus, TU Dresden, Heidelberg and UJIIndoorLoc bundles that
# are built under build/. PAIRS, ROUNDS and RUNS set the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
pairs=${PAIRS:-2000}
rounds=${ROUNDS:-11}
if [ $# -eq 0 ]; then
    for candidate in build/demo-campus/demo-campus-1.0.0.navbundle build/tu-dresden-apb/tu-dresden-apb-1.0.0.navbundle \
        build/heidelberg/heidelberg-1.0.0.navbundle build/reader-tests/uji/ujiindoorloc-1.0.0.navbundle; do
        [ -f "$candidate" ] && set -- "$@" "$candidate"
    done
    [ $# -gt 0 ] || { echo "benchmark-readers: no bundle given and none built under build/" >&2; exit 1; }
fi
mkdir -p build/bench-readers
cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -o build/bench-readers/bench_route readers/c/bench_route.c readers/c/navbundle.c -lm
echo "node $(node --version), $(cc --version | head -1); $runs runs alternating, $pairs pairs, $rounds rounds; medians"
printf '%-28s %-22s %14s %14s %8s\n' bundle figure C JavaScript JS/C
for bundle in "$@"; do
    name=$(basename "$bundle" .navbundle)
    scans=-
    case $name in ujiindoorloc*) scans=readers/vectors/uji.queries ;; esac
    out=build/bench-readers/$name
    : > "$out.c"
    : > "$out.js"
    for _ in $(seq "$runs"); do
        build/bench-readers/bench_route "$bundle" "$pairs" "$rounds" 20261125 - "$scans" >> "$out.c"
        if [ "$scans" = - ]; then
            node readers/js/bench.mjs "$bundle" "$pairs" "$rounds" 20261125 >> "$out.js"
        else
            node readers/js/bench.mjs "$bundle" "$pairs" "$rounds" 20261125 - "$scans" >> "$out.js"
        fi
    done
    awk -v name="$name" '
        function median(list,    n, values, i, j, t) {
            n = split(list, values, " ")
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (values[j] + 0 < values[i] + 0) { t = values[i]; values[i] = values[j]; values[j] = t }
            return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
        }
        FNR == 1 { reader = (FILENAME ~ /\.c$/) ? "c" : "js" }
        { seen[$1] = 1; unit[$1] = $3; all[reader, $1] = all[reader, $1] " " $2 }
        END {
            split("open-verified open-unverified first-route route locate maneuvers maneuvers-median-route route-then-maneuvers maneuvers-after-route", order, " ")
            for (k = 1; k <= 9; k++) {
                f = order[k]
                if (!seen[f]) continue
                c = ((("c", f) in all) ? median(all["c", f]) : "")
                j = ((("js", f) in all) ? median(all["js", f]) : "")
                ratio = (c != "" && j != "" && c > 0) ? sprintf("%.2f", j / c) : "-"
                printf "%-28s %-22s %14s %14s %8s\n", name, f, (c == "" ? "-" : sprintf("%.3f %s", c, unit[f])), (j == "" ? "-" : sprintf("%.3f %s", j, unit[f])), ratio
            }
            if ((("c", "route-duration-sum") in all) && all["c", "route-duration-sum"] != all["js", "route-duration-sum"]) {
                print "benchmark-readers: the readers routed differently on " name > "/dev/stderr"; exit 1
            }
        }' "$out.c" "$out.js"
done
