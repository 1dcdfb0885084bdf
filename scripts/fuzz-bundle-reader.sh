#!/usr/bin/env bash
# Fuzzes the Swift bundle reader with libFuzzer and the address sanitizer.
#
#   scripts/fuzz-bundle-reader.sh [SECONDS] [SEED_BUNDLE]
#
# Compiles NavFormat, then Tests/Fuzz/BundleReaderFuzz.swift with the NavBundle sources, into
# build/fuzz/ (both instrumented, so the fuzzer sees coverage in the format code too), seeds the
# corpus with a real bundle (the demo campus by default, built if missing) and runs for SECONDS
# (default 60). Crashes land in build/fuzz/ as crash-* files, which reproduce with
#   build/fuzz/bundle-reader build/fuzz/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
seed="${2:-build/demo-campus/demo-campus-1.0.0.navbundle}"
mkdir -p build/fuzz/corpus
if [ ! -f "$seed" ]; then
    swift build --product navforge
    "$(swift build --show-bin-path)/navforge" build pipelines/demo-campus.yml
fi
cp "$seed" build/fuzz/corpus/seed.navbundle
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name NavFormat \
    -emit-module -emit-module-path build/fuzz/NavFormat.swiftmodule -emit-library -static \
    $(find Sources/NavFormat -name '*.swift' | sort) -o build/fuzz/libNavFormat.a
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name NavBundle -I build/fuzz \
    $(find Sources/NavBundle -name '*.swift' | sort) Tests/Fuzz/BundleReaderFuzz.swift \
    build/fuzz/libNavFormat.a -o build/fuzz/bundle-reader
cd build/fuzz
./bundle-reader -max_total_time="$seconds" -max_len=400000 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 corpus
