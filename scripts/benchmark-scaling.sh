#!/usr/bin/env bash
# How build time and memory grow with the input: Heidelberg at 1x, 2x, 4x and 8x its size, each
# larger input being copies of the shared extract side by side (every copy renumbered by
# `osmium renumber` into its own id range and moved 0.5 degrees further east, so the copies
# neither share ids nor overlap), merged into one PBF. For each size: `osmium cat -f opl` (the
# peer: decode and write every element), `navforge build --until import`, and the whole build
# (validation, four profiles' graphs, hierarchies, egress, bundle), each with its wall time and
# peak memory. Prints one table row per size and the growth from 1x, then the whole build's time
# per stage at each size; docs/architecture.md keeps the figures. SIZES="1 2 4" measures fewer
# sizes; the smallest is measured BASE_ROUNDS times (default 3) and its median run taken.
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
[ -f "$data/osm/heidelberg.osm.pbf" ] || { echo "../shared/data/osm/heidelberg.osm.pbf is absent: nothing to measure" >&2; exit 1; }
# osmium-tool (to make the larger inputs), installed when missing.
scripts/install-system-packages.sh osmium-tool
swift build -c release --product navforge
navforge=$(swift build -c release --show-bin-path)/navforge
work=build/bench/scaling
mkdir -p "$work"
source_pbf=$(cd "$data/osm" && pwd)/heidelberg.osm.pbf

# Copy k of the extract: ids from (k + 1) * 10^9 on, longitudes shifted by k * 0.5 degrees.
copy() {
    local k=$1 out="$work/copy-$1.osm.pbf"
    [ -f "$out" ] && return
    local start=$(((k + 1) * 1000000000))
    osmium renumber --overwrite -s "$start,$start,$start" "$source_pbf" -o "$work/renumbered-$k.osm.pbf"
    osmium cat -f opl "$work/renumbered-$k.osm.pbf" | python3 -c '
import sys
shift = float(sys.argv[1])
for line in sys.stdin:
    if line.startswith("n"):
        fields = line.rstrip("\n").split(" ")
        fields = [("x%.7f" % (float(f[1:]) + shift)) if f.startswith("x") and len(f) > 1 else f for f in fields]
        line = " ".join(fields) + "\n"
    sys.stdout.write(line)
' "$(python3 -c "print($k * 0.5)")" | osmium cat --overwrite -F opl -o "$out"
    rm -f "$work/renumbered-$k.osm.pbf"
}

# `time -f` figures of a command: wall seconds and peak resident kilobytes. Its output is kept
# in $work/stdout.txt (a build's stage lines).
measure() {
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >"$work/stdout.txt" 2>"$work/stderr.txt" || {
        cat "$work/stderr.txt" >&2
        exit 1
    }
    cat "$work/time.txt"
}

# The same for the run of median time among ROUNDS runs (each after `rm -rf` of the build
# folder in $1, which may be empty), its output kept as measure keeps it. Every size's growth
# is a ratio to the 1x figures, so 1x is measured BASE_ROUNDS times (default 3): on shared
# cores one run of it moves every ratio by a tenth or more.
measure_median() {
    local rounds=$1 folder=$2
    shift 2
    local round
    for ((round = 0; round < rounds; round++)); do
        [ -n "$folder" ] && rm -rf "$folder"
        measure "$@" > "$work/round-$round.txt"
        cp "$work/stdout.txt" "$work/round-$round.stdout"
    done
    local median
    median=$(for ((round = 0; round < rounds; round++)); do echo "$(cut -d' ' -f1 "$work/round-$round.txt") $round"; done \
        | sort -n | awk -v middle=$((rounds / 2)) 'NR == middle + 1 { print $2 }')
    cp "$work/round-$median.stdout" "$work/stdout.txt"
    cat "$work/round-$median.txt"
}

printf '| size | input | osmium cat -f opl | navforge build --until import | navforge build (whole) |\n'
printf '|---|---|---|---|---|\n'
base=""
stages=""
for size in ${SIZES:-1 2 4 8}; do
    input="$work/heidelberg-${size}x.osm.pbf"
    if [ ! -f "$input" ]; then
        files=()
        for ((k = 0; k < size; k++)); do copy "$k"; files+=("$work/copy-$k.osm.pbf"); done
        if [ "$size" -eq 1 ]; then cp "${files[0]}" "$input"; else osmium merge --overwrite "${files[@]}" -o "$input"; fi
    fi
    pipeline="$work/heidelberg-${size}x.yml"
    sed -e "s|path: .*heidelberg.osm.pbf|path: $(pwd)/$input|" -e "s|id: heidelberg$|id: heidelberg-${size}x|" \
        pipelines/heidelberg.yml > "$pipeline"
    rounds=1
    [ -z "$base" ] && rounds=${BASE_ROUNDS:-3}
    read -r peer_s peer_kb < <(measure_median "$rounds" "" osmium cat -f opl "$input" -o /dev/null --overwrite)
    read -r import_s import_kb < <(measure_median "$rounds" "$work/build-${size}x" \
        "$navforge" build "$pipeline" --until import --build-dir "$work/build-${size}x")
    read -r build_s build_kb < <(measure_median "$rounds" "$work/build-${size}x" \
        "$navforge" build "$pipeline" --build-dir "$work/build-${size}x")
    # The whole build's stage lines ("  validate      ran     4.31 s   ..."), for the second table.
    # A duration reads "4.31 s" or "1 min 2 s": every word up to the first "s".
    stages+="| ${size}x | $(awk '$2 == "ran" { t = ""; for (i = 3; i <= NF; i++) { t = t " " $i; if ($i == "s") break }
                                             printf "%s%s, ", $1, t }' "$work/stdout.txt" | sed 's/, $//') |"$'\n'
    megabytes=$(python3 -c "import os; print('%.1f' % (os.path.getsize('$input') / 1e6))")
    printf '| %sx | %s MB | %s s, %d MB | %s s, %d MB | %s s, %d MB |\n' "$size" "$megabytes" \
        "$peer_s" $((peer_kb / 1024)) "$import_s" $((import_kb / 1024)) "$build_s" $((build_kb / 1024))
    [ -z "$base" ] && base="$peer_s $peer_kb $import_s $import_kb $build_s $build_kb"
    read -r b1 b2 b3 b4 b5 b6 <<<"$base"
    python3 -c "
import sys
b = [float(x) for x in sys.argv[1:7]]; n = [float(x) for x in sys.argv[7:13]]
print('|  | growth from 1x | %.1fx time, %.1fx memory | %.1fx time, %.1fx memory | %.1fx time, %.1fx memory |'
      % tuple(n[i] / b[i] for i in range(6)))" $b1 $b2 $b3 $b4 $b5 $b6 "$peer_s" "$peer_kb" "$import_s" "$import_kb" "$build_s" "$build_kb"
done
printf '\n| size | stages of the whole build |\n|---|---|\n%s' "$stages"
