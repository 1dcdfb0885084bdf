#!/usr/bin/env bash
# Builds and runs navforge's fuzzing targets (docs/fuzzing.md).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     run each TARGET (default: all) for SECONDS (default 60)
#   scripts/fuzz.sh --list                    name every target
#
# env: WORKERS     parallel fuzzing processes per target (default 2)
#      FUZZ_DIR    where builds, corpora and findings go (default build/fuzz)
#      FUZZ_CONFIG the Swift fuzzing executable's build: release (default, for long runs) or
#                  debug, which builds in about half the time and reaches as much code in a few
#                  seconds (`make fuzz-smoke`; docs/fuzzing.md, "In CI")
#
# The Swift targets share one libFuzzer executable (Tests/Fuzz/Package.swift, ASan + libFuzzer,
# FUZZ_CONFIG); the C, Python and JavaScript readers run through Tests/Fuzz/readers/run.sh. Each
# target's corpus persists in FUZZ_DIR/corpus/TARGET, seeded from Tests/Fuzz/make-seeds.py and
# the target's regressions. Crashes, leaks, timeouts (> 5 s per input) and out-of-memory inputs
# (> 2 GB) are written to FUZZ_DIR/findings/TARGET/; the script exits 1 when there is any (a
# timeout or out-of-memory input counts only if it fails again when run alone; see confirm).
# At the end it prints one line per target: executions, coverage, corpus size, findings.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

SWIFT_TARGETS=(osm-xml osm-pbf osm-gzip osm-bzip2 geojson imdf-folder imdf-zip csv-buildings csv-rooms csv-pois
               csv-events wkt survey-wide survey-long survey-access-points pipeline-yaml conditions catalog latest
               statement bundle-reader)
READER_TARGETS=(c-reader python-reader js-reader)

if [ "${1:-}" = "--list" ]; then
    printf '%s\n' "${SWIFT_TARGETS[@]}" "${READER_TARGETS[@]}"
    exit 0
fi
seconds=60
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=("${SWIFT_TARGETS[@]}" "${READER_TARGETS[@]}"); fi
for target in "${targets[@]}"; do
    if [[ ! " ${SWIFT_TARGETS[*]} ${READER_TARGETS[*]} " =~ " $target " ]]; then
        echo "error: unknown target '$target'; scripts/fuzz.sh --list names them" >&2
        exit 64
    fi
done
WORKERS=${WORKERS:-2}
FUZZ_DIR=${FUZZ_DIR:-build/fuzz}
FUZZ_CONFIG=${FUZZ_CONFIG:-release}
case $FUZZ_CONFIG in
    release|debug) ;;
    *) echo "error: FUZZ_CONFIG is release or debug, not '$FUZZ_CONFIG'" >&2; exit 64 ;;
esac
mkdir -p "$FUZZ_DIR"
FUZZ_DIR=$(cd "$FUZZ_DIR" && pwd)
export FUZZ_DIR WORKERS

dictionary() {
    case $1 in
        osm-xml|osm-gzip|osm-bzip2) echo xml ;;
        osm-pbf) echo pbf ;;
        geojson|imdf-folder|imdf-zip|conditions|catalog|latest|statement) echo json ;;
        csv-*|survey-*) echo csv ;;
        wkt) echo wkt ;;
        pipeline-yaml) echo yaml ;;
        bundle-reader) echo bundle ;;
    esac
}

# The bundles and the signed publication the bundle, conditions and publishing targets start from.
prepare_inputs() {
    local bundles=$FUZZ_DIR/bundles
    if [ -f "$bundles/root/catalog.json" ] && [ -f "$FUZZ_DIR/seeds/.complete" ]; then return; fi
    echo "preparing seeds in $FUZZ_DIR/seeds" >&2
    swift build --product navforge >&2
    local navforge
    navforge="$(swift build --show-bin-path)/navforge"
    rm -rf "$bundles" && mkdir -p "$bundles"
    "$navforge" build pipelines/demo-campus.yml --build-dir "$bundles/build" >&2
    "$navforge" build readers/vectors/station/station.yml --build-dir "$bundles/build" >&2
    cp "$bundles"/build/*/*.navbundle "$bundles/"
    # Signed with the key the statement and catalog harnesses verify with (32 bytes of 7), so that
    # the seeds reach the success paths.
    python3 - "$bundles/fuzz.key" <<'PYTHON'
import base64, sys
der = bytes.fromhex("302e020100300506032b657004220420") + bytes([7]) * 32
open(sys.argv[1], "w").write("-----BEGIN PRIVATE KEY-----\n" + base64.b64encode(der).decode() + "\n-----END PRIVATE KEY-----\n")
PYTHON
    "$navforge" publish "$bundles/build/demo-campus" "$bundles/build/station" --root "$bundles/root" \
        --sign-key "$bundles/fuzz.key" > /dev/null
    python3 Tests/Fuzz/make-seeds.py "$FUZZ_DIR/seeds" --bundles "$bundles"
    touch "$FUZZ_DIR/seeds/.complete"
}

build_swift() {
    local log=$FUZZ_DIR/logs/build.log
    mkdir -p "$FUZZ_DIR/logs"
    echo "building the fuzzing executable ($FUZZ_CONFIG, libFuzzer and ASan; 5 to 9 minutes the first time; log $log)" >&2
    # The Swift driver keeps only the last -sanitize= option it is given, and SwiftPM passes its
    # --sanitize values in no fixed order, so Swift code came out either without coverage (the
    # fuzzer blind) or without ASan, depending on the run. One combined option, given last, asks for
    # both; the --sanitize options still instrument the C targets and link the runtimes. SwiftPM
    # also compiles the viewer's build-tool (SiteEmbedder) with these options, where libFuzzer's
    # `main` makes its top-level code an error; the fuzzing executable does not need the tool, so
    # the build goes on, but the errors would read as a failure: the log is shown only on one.
    # SwiftPM keeps the sanitizers in a Set, whose order is seeded afresh in every process: fixing
    # the seed keeps the command lines, and so the next build, from changing (each new order was a
    # full rebuild).
    if ! SWIFT_DETERMINISTIC_HASHING=1 swift build -c "$FUZZ_CONFIG" --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
        --package-path Tests/Fuzz --scratch-path "$FUZZ_DIR/swift" --product navforge-fuzz > "$log" 2>&1; then
        cat "$log" >&2
        echo "error: building the fuzzing executable failed (log $log)" >&2
        exit 1
    fi
    FUZZER="$FUZZ_DIR/swift/$FUZZ_CONFIG/navforge-fuzz"
    # A build with Swift's coverage missing runs without complaint and finds nothing; refuse it.
    local counters
    counters=$(NAVFORGE_FUZZ_TARGET=wkt "$FUZZER" -runs=0 2>&1 | grep -aoE '\(([0-9]+) inline 8-bit counters\)' | grep -oE '[0-9]+' | head -1)
    if [ "${counters:-0}" -lt 200000 ]; then
        echo "error: $FUZZER has ${counters:-no} coverage counters; a build with Swift's coverage has over" \
             "300,000. Remove $FUZZ_DIR/swift and build again." >&2
        exit 1
    fi
}

# The last statistics line libFuzzer printed, as "N execs, cov C, corpus K files".
summarise() {
    local log=$1 corpus=$2
    local execs cov
    # Fork mode's parent prints running totals ("#N: cov: ..."); a single process prints its
    # statistics once, and again when a leak is found at exit (the same figures, so the last).
    execs=$(grep -aoE '^#[0-9]+: cov' "$log" | tail -1 | grep -oE '[0-9]+' | head -1)
    if [ -z "$execs" ]; then execs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | awk '{print $2}'); fi
    if [ -z "$execs" ]; then execs=$(grep -aoE '^#[0-9]+' "$log" | tail -1 | tr -d '#'); fi
    cov=$(grep -aoE 'cov: [0-9]+' "$log" | awk '{print $2}' | sort -n | tail -1)
    echo "${execs:-0} execs, cov ${cov:-0}, corpus $(find "$corpus" -type f | wc -l) files"
}

# confirm ARTIFACT: whether a finding stands. Crashes and leaks always do. A timeout or an
# out-of-memory input is run again on its own with six times the time: on two shared cores an
# input that takes a second alone can pass libFuzzer's 5 s in a loaded fork worker, and a smoke
# run that fails on the machine's load teaches nothing. One that still fails alone stands; one
# that passes moves to unconfirmed/ beside the findings, and the log says so.
confirm() {
    local artifact=$1 name
    name=$(basename "$artifact")
    local replay=$FUZZ_DIR/logs/$NAVFORGE_FUZZ_TARGET-$name.log
    case $name in
        timeout-*|oom-*)
            if "$FUZZER" -timeout=30 -rss_limit_mb=2048 "$artifact" > "$replay" 2>&1; then
                mkdir -p "$(dirname "$artifact")/unconfirmed"
                mv "$artifact" "$(dirname "$artifact")/unconfirmed/"
                echo "$NAVFORGE_FUZZ_TARGET: $name ran alone within 30 s and 2 GB, so it was the machine's load; kept in unconfirmed/" >&2
                return 1
            fi ;;
        *) "$FUZZER" -timeout=30 -rss_limit_mb=2048 "$artifact" > "$replay" 2>&1 || true ;;
    esac
    # The report's first lines in the job's own log: CI keeps the log, not the findings folder.
    echo "$NAVFORGE_FUZZ_TARGET: $name (replay log $replay):" >&2
    grep -aE 'ERROR|SUMMARY|#[0-9]+ 0x' "$replay" | head -12 | sed 's/^/    /' >&2
    return 0
}

run_swift() {
    local target=$1
    local corpus=$FUZZ_DIR/corpus/$target findings=$FUZZ_DIR/findings/$target log=$FUZZ_DIR/logs/$target.log
    mkdir -p "$corpus" "$findings" "$FUZZ_DIR/logs"
    cp -n "$FUZZ_DIR/seeds/$target"/* "$corpus"/ 2>/dev/null || true
    if [ -d "Tests/Fuzz/regressions/$target" ]; then cp -n "Tests/Fuzz/regressions/$target"/* "$corpus"/ 2>/dev/null || true; fi
    local max_len=65536
    if [ "$target" = bundle-reader ]; then max_len=400000; fi
    local options=(-max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len="$max_len"
                   -artifact_prefix="$findings/" -print_final_stats=1 -dict="$ROOT/Tests/Fuzz/dictionaries/$(dictionary "$target").dict")
    if [ "$WORKERS" -gt 1 ]; then options+=(-fork="$WORKERS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); fi
    export NAVFORGE_FUZZ_TARGET=$target NAVFORGE_FUZZ_BUNDLE=$FUZZ_DIR/bundles/demo-campus-1.0.0.navbundle ASAN_OPTIONS=detect_leaks=1
    # Every saved regression once on its own first, so that a crash, leak or hang that comes back
    # fails the run for certain: fork mode's workers fuzz from samples of the corpus and leave the
    # leak check of the inputs they load to chance.
    local regressed=0 replay_log=$FUZZ_DIR/logs/$target-regressions.log
    if [ -d "Tests/Fuzz/regressions/$target" ]; then
        (cd "$findings" && "$FUZZER" -timeout=5 -rss_limit_mb=2048 -artifact_prefix="$findings/regression-" \
            "$ROOT/Tests/Fuzz/regressions/$target"/* > "$replay_log" 2>&1) ||
            regressed=1
    fi
    local status=0
    # Run from the findings folder: fork mode writes its workers' logs to the working directory.
    (cd "$findings" && "$FUZZER" "${options[@]}" "$corpus" > "$log" 2>&1) || status=$?
    local found=0 artifact
    while IFS= read -r artifact; do
        if confirm "$artifact"; then found=$((found + 1)); fi
    done < <(find "$findings" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
    found=$((found + regressed))
    echo "$target: $(summarise "$log" "$corpus"), findings $found (exit $status; log $log)"
    if [ $regressed = 1 ]; then echo "$target: a saved regression failed again; see $replay_log" >&2; fi
    [ "$found" -eq 0 ]
}

prepare_inputs
needs_swift=0
for target in "${targets[@]}"; do
    if [[ " ${SWIFT_TARGETS[*]} " =~ " $target " ]]; then needs_swift=1; fi
done
if [ $needs_swift = 1 ]; then build_swift; fi

failed=0
summary=()
for target in "${targets[@]}"; do
    if [[ " ${SWIFT_TARGETS[*]} " =~ " $target " ]]; then
        line=$(run_swift "$target") || failed=1
    else
        line=$(Tests/Fuzz/readers/run.sh "$target" "$seconds" "$WORKERS") || failed=1
    fi
    echo "$line" >&2
    summary+=("$line")
done
echo
printf '%s\n' "${summary[@]}"
if [ $failed = 1 ]; then
    echo "findings in $FUZZ_DIR/findings/; reproduce one with: NAVFORGE_FUZZ_TARGET=TARGET $FUZZ_DIR/swift/$FUZZ_CONFIG/navforge-fuzz FILE" >&2
fi
exit $failed
