#!/usr/bin/env bash
# Wi-Fi locate latency in release on UJIIndoorLoc, Swift and the C core in the same run: the radio
# map compiled from the training scans as the fingerprints stage compiles it, every validation scan
# located ROUNDS times (6 unless set) by Swift's RadioMapLocator (bench-locate) and by nb_locate
# (readers/c/bench_locate.c, on the bundle of readers/vectors/uji/uji.yml), alternating, RUNS
# times (2 unless set). The C core's median is what the JavaScript and Python readers run on.
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data/wifi/ujiindoorloc
[ -f "$data/trainingData.csv" ] || { echo "../shared/data is absent: nothing to measure" >&2; exit 1; }
swift build -c release --product bench-locate
swift build -c release --product navforge
bin=$(swift build -c release --show-bin-path)
out=build/bench/locate
mkdir -p "$out"
"$bin/navforge" build readers/vectors/uji/uji.yml --build-dir "$out" --force > /dev/null
cc -std=c99 -O2 -ffp-contract=off -o "$out/bench_locate" readers/c/bench_locate.c readers/c/navbundle.c -lm
for run in $(seq "${RUNS:-2}"); do
    echo "run $run"
    "$bin/bench-locate" "$data/trainingData.csv" "$data/validationData.csv" --rounds "${ROUNDS:-6}" | sed 's/^/  /'
    "$out/bench_locate" "$out/uji/ujiindoorloc-1.0.0.navbundle" "$data/validationData.csv" "${ROUNDS:-6}" | sed 's/^/  c: /'
done
