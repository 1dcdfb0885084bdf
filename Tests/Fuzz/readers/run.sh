#!/usr/bin/env bash
# Fuzzes one of the bundle readers for a while and says what it found.
#
#   Tests/Fuzz/readers/run.sh TARGET [SECONDS] [WORKERS]
#
# TARGET is c-reader (libFuzzer on nb_open_memory and every call of the C reader), c-conditions
# (libFuzzer on the C reader's conditions JSON, applied to intact bundles), python-reader (atheris
# on the Python reader), python-mutate (the Python harness's seeded mutation loop, no atheris) or
# js-reader (the JavaScript reader's seeded mutation loop under node --test). SECONDS defaults to
# 60, WORKERS to 2 (libFuzzer's -fork for C; as many processes for the others, sharing a corpus).
#
# Builds what it needs into build/fuzz-readers/: navforge and the seed bundles (the demo campus,
# format 2.0 with CCHT, WIFI and EGRC, the station, 1.2 with CHxx and ALIA, and the station
# contracted as a customisable hierarchy, 2.0 with ALIA; never committed),
# the seeds (those bundles alone and with conditions or endpoint text after them, the conditions
# of readers/vectors/*.queries, the saved regressions), the harness, and for python-reader
# atheris from PyPI in build/venv. The corpus grows in build/fuzz-readers/corpus/TARGET between
# runs; crashes land in build/fuzz-readers/crashes/TARGET/. The last line reads
#   TARGET: N execs, cov C, corpus K files, crashes X
# (X counts crashes, timeouts of 5 s and inputs past 2 GB alike; for the mutation loops cov is
# V8's covered blocks of navbundle.mjs, or - for the Python loop, and the corpus is the seeds).
# Tests/Fuzz/readers/README.md says how to reproduce a crash.
set -euo pipefail
cd "$(dirname "$0")/../../.."

usage() {
    echo "usage: Tests/Fuzz/readers/run.sh c-reader|c-conditions|python-reader|python-mutate|js-reader [SECONDS] [WORKERS]" >&2
    exit 64
}
[ $# -ge 1 ] && [ $# -le 3 ] || usage
target=$1
seconds=${2:-60}
workers=${3:-2}
case "$seconds$workers" in *[!0-9]*) usage ;; esac
[ "$workers" -ge 1 ] || usage

work=build/fuzz-readers
here=Tests/Fuzz/readers
regressions=Tests/Fuzz/regressions
corpus=$work/corpus/$target
crashes=$work/crashes/$target
logs=$work/logs/$target
swift=${SWIFT:-swift}
atheris_version=2.3.0
mkdir -p "$corpus" "$crashes" "$logs"

# navforge and the three seed bundles, rebuilt only when their inputs changed: the demo campus
# (2.0: CCHT, WIFI, EGRC), the station (1.2: CHxx, ALIA) and the station contracted as a
# customisable hierarchy (2.0 with ALIA, from a copy of its pipeline with `method: cch`).
build_bundles() {
    "$swift" build --product navforge > "$work/navforge-build.log" 2>&1 || { cat "$work/navforge-build.log" >&2; exit 1; }
    local navforge
    navforge="$("$swift" build --show-bin-path)/navforge"
    mkdir -p "$work/pipelines"
    sed -e "s#^\(    path: \)#\1$PWD/readers/vectors/station/#" -e 's/^\(    method: \)ch$/\1cch/' \
        -e 's/^  id: station$/  id: station-cch/' readers/vectors/station/station.yml > "$work/pipelines/station-cch.yml"
    for pipeline in pipelines/demo-campus.yml readers/vectors/station/station.yml "$work/pipelines/station-cch.yml"; do
        "$navforge" build "$pipeline" --build-dir "$work/bundles" > "$work/bundles.log" 2>&1 ||
            { cat "$work/bundles.log" >&2; exit 1; }
    done
    demo=$work/bundles/demo-campus/demo-campus-1.0.0.navbundle
    station=$work/bundles/station/station-1.0.0.navbundle
    station_cch=$work/bundles/station-cch/station-cch-1.0.0.navbundle
    grep -q CCHT "$station_cch" || { echo "run.sh: $station_cch has no CCHT: the station's pipeline changed shape" >&2; exit 1; }
}

# The seeds, made afresh: the bundles, the bundles followed by a tail (conditions JSON or
# endpoint text: the harnesses read what follows the header's file size as their questions),
# and every distinct conditions text of the query vectors.
make_seeds() {
    rm -rf "$work/seeds"
    mkdir -p "$work/seeds/bundles" "$work/seeds/conditions"
    cp "$demo" "$work/seeds/bundles/demo-campus.navbundle"
    cp "$station" "$work/seeds/bundles/station.navbundle"
    cp "$station_cch" "$work/seeds/bundles/station-cch.navbundle"
    local i=0 json
    grep -ho '{.*}' readers/vectors/*.queries input/demo-campus/lift-a-closed.json | sort -u > "$work/seeds/conditions.txt"
    while IFS= read -r json; do
        i=$((i + 1))
        printf '%s' "$json" > "$work/seeds/conditions/vector-$i.json"
    done < "$work/seeds/conditions.txt"
    # A few conditions after each bundle: the first of each kind of target the vectors use.
    for pattern in '"Lift A"' '"level"' '"polygon"' '"slow"' 'Rossmann' 'Gleis'; do
        json=$(grep -m1 -F "$pattern" "$work/seeds/conditions.txt" || true)
        [ -n "$json" ] || continue
        { cat "$demo"; printf '%s' "$json"; } > "$work/seeds/bundles/demo-campus+conditions-$i.bin"
        { cat "$station"; printf '%s' "$json"; } > "$work/seeds/bundles/station+conditions-$i.bin"
        { cat "$station_cch"; printf '%s' "$json"; } > "$work/seeds/bundles/station-cch+conditions-$i.bin"
        i=$((i + 1))
    done
    { cat "$station"; printf 'Rossmann@-1'; } > "$work/seeds/bundles/station+endpoint.bin"
    { cat "$demo"; printf '00:0b:86:01:09:01'; } > "$work/seeds/bundles/demo-campus+access-point.bin"
}

clang_path() {
    if [ -n "${FUZZ_CLANG:-}" ]; then echo "$FUZZ_CLANG"; return; fi
    # Swift's toolchain carries a clang with libFuzzer and the sanitizers' runtimes.
    echo "$(dirname "$(readlink -f "$(command -v "$swift")")")/clang"
}

# build_c HARNESS OUTPUT: the harness with libFuzzer, ASan and UBSan, when a source is newer.
build_c() {
    local harness=$1 output=$2 clang
    clang=$(clang_path)
    if [ ! -x "$output" ] || [ -n "$(find "$harness" readers/c/navbundle.c readers/c/navbundle.h -newer "$output")" ]; then
        echo "Building $output with $clang" >&2
        "$clang" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1 -std=c99 -Wall -Wextra -pedantic \
            -Werror -fuse-ld=lld -Ireaders/c -o "$output" "$harness" readers/c/navbundle.c -lm
    fi
}

# files FOLDER: how many files it holds.
files() { find "$1" -maxdepth 1 -type f | wc -l; }

# run_libfuzzer BINARY DICTIONARY SEED_FOLDER...: -fork mode, crashes counted and kept going.
run_libfuzzer() {
    local binary=$1 dictionary=$2
    shift 2
    local log=$logs/$(date +%Y%m%d-%H%M%S).log
    echo "Fuzzing $target for $seconds s with $workers workers; log $log" >&2
    "$binary" -fork="$workers" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -max_total_time="$seconds" \
        -timeout=5 -rss_limit_mb=2048 -dict="$dictionary" -artifact_prefix="$crashes/" -print_final_stats=1 \
        "$corpus" "$@" > "$log" 2>&1 || true
    # The last status line of fork mode: #EXECS: cov: C ft: F corp: K exec/s: E oom/timeout/crash: O/T/X time: ...
    local last
    last=$(grep -E '^#[0-9]+: cov: ' "$log" | tail -1)
    if [ -z "$last" ]; then
        tail -20 "$log" >&2
        echo "$target: the fuzzer printed no statistics (log $log)" >&2
        exit 1
    fi
    echo "$target: libFuzzer's last line: $last" >&2
    local execs cov failures
    execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<< "$last")
    cov=$(sed -E 's/.* cov: ([0-9]+) .*/\1/' <<< "$last")
    failures=$(sed -E 's|.* oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+) .*|\1 \2 \3|' <<< "$last")
    set -- $failures
    echo "$target: $execs execs, cov $cov, corpus $(files "$corpus") files, crashes $(($1 + $2 + $3))"
}

case "$target" in
c-reader)
    build_bundles
    make_seeds
    build_c "$here/fuzz_c_reader.c" "$work/fuzz_c_reader"
    mkdir -p "$regressions/c-reader"
    run_libfuzzer "$work/fuzz_c_reader" "$here/bundle.dict" "$work/seeds/bundles" "$regressions/c-reader" \
        "$regressions/python-reader" "$regressions/js-reader"
    ;;
c-conditions)
    build_bundles
    make_seeds
    build_c "$here/fuzz_c_conditions.c" "$work/fuzz_c_conditions"
    mkdir -p "$regressions/c-reader/conditions"
    NAVBUNDLE_FUZZ_BUNDLES="$demo:$station:$station_cch" run_libfuzzer "$work/fuzz_c_conditions" "$here/conditions.dict" \
        "$work/seeds/conditions" "$regressions/c-reader/conditions"
    ;;
python-reader)
    build_bundles
    make_seeds
    if ! build/venv/bin/python -c "import importlib.metadata as m, sys; sys.exit(m.version('atheris') != '$atheris_version')" 2>/dev/null; then
        echo "Installing atheris $atheris_version into build/venv" >&2
        python3 -m venv build/venv
        build/venv/bin/pip install --quiet --disable-pip-version-check "atheris==$atheris_version"
    fi
    stamp=$(date +%Y%m%d-%H%M%S)
    touch "$logs/$stamp.start"
    echo "Fuzzing $target for $seconds s with $workers processes; logs $logs/$stamp-*.log" >&2
    pids=()
    for worker in $(seq 1 "$workers"); do
        # Each process reloads the shared corpus every second, so they learn from each other.
        build/venv/bin/python "$here/fuzz_python_reader.py" atheris -max_total_time="$seconds" -timeout=5 \
            -rss_limit_mb=2048 -dict="$here/bundle.dict" -artifact_prefix="$crashes/" -print_final_stats=1 \
            "$corpus" "$work/seeds/bundles" "$regressions/python-reader" "$regressions/c-reader" \
            "$regressions/js-reader" > "$logs/$stamp-$worker.log" 2>&1 &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || true; done
    execs=0 cov=0
    for worker in $(seq 1 "$workers"); do
        log=$logs/$stamp-$worker.log
        # A process that stopped at a crash prints no final statistics: its last status line counts.
        done_execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        [ -n "$done_execs" ] || done_execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
        execs=$((execs + ${done_execs:-0}))
        worker_cov=$(grep -oE ' cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
        [ "${worker_cov:-0}" -le "$cov" ] || cov=$worker_cov
        echo "$target: worker $worker: $(grep -E '^#[0-9]+[[:space:]]' "$log" | tail -1)" >&2
    done
    # atheris stops a process at its first crash, writing the input: those written since the start.
    echo "$target: $execs execs, cov $cov, corpus $(files "$corpus") files, crashes $(find "$crashes" -maxdepth 1 -type f -newer "$logs/$stamp.start" | wc -l)"
    ;;
python-mutate | js-reader)
    build_bundles
    make_seeds
    base=${FUZZ_SEED:-$(date +%s)}
    stamp=$(date +%Y%m%d-%H%M%S)
    echo "Fuzzing $target for $seconds s with $workers processes, seeds $base..$((base + workers - 1)); logs $logs/$stamp-*.log" >&2
    pids=()
    for worker in $(seq 1 "$workers"); do
        seed=$((base + worker - 1))
        if [ "$target" = python-mutate ]; then
            python3 "$here/fuzz_python_reader.py" mutate --seed "$seed" --count 1000000000 --seconds "$seconds" \
                --crashes "$crashes" "$work/seeds/bundles" > "$logs/$stamp-$worker.log" 2>&1 &
        else
            NAVBUNDLE_FUZZ_SEEDS="$work/seeds/bundles" NAVBUNDLE_FUZZ_ITERATIONS=1000000000 NAVBUNDLE_FUZZ_SECONDS="$seconds" \
                NAVBUNDLE_FUZZ_SEED="$seed" NAVBUNDLE_FUZZ_CRASHES="$crashes" NAVBUNDLE_FUZZ_COVERAGE=1 \
                timeout $((seconds + 300)) node --test --test-name-pattern='mutated bundles' readers/js/test/fuzz.test.mjs \
                > "$logs/$stamp-$worker.log" 2>&1 &
        fi
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || true; done
    execs=0 cov=- failures=0
    for worker in $(seq 1 "$workers"); do
        log=$logs/$stamp-$worker.log
        line=$(grep -E "(python-reader|js-reader) mutate: " "$log" | tail -1)
        if [ -z "$line" ]; then
            tail -20 "$log" >&2
            echo "$target: worker $worker printed no summary (log $log)" >&2
            exit 1
        fi
        echo "$target: worker $worker: ${line#\# }" >&2
        execs=$((execs + $(sed -E 's/.* mutate: ([0-9]+) mutants.*/\1/' <<< "$line")))
        failures=$((failures + $(sed -E 's/.* crashes ([0-9]+).*/\1/' <<< "$line")))
        # Workers run the same code, so the run's coverage is the most any of them saw.
        case "$line" in *", cov "*)
            worker_cov=$(sed -E 's/.*, cov ([0-9]+) blocks.*/\1/' <<< "$line")
            [ "$cov" != - ] && [ "$worker_cov" -le "$cov" ] || cov=$worker_cov ;;
        esac
    done
    echo "$target: $execs execs, cov $cov, corpus $(files "$work/seeds/bundles") files, crashes $failures"
    ;;
*)
    usage
    ;;
esac
