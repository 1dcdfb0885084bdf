#!/usr/bin/env bash
# Wi-Fi locate latency in release on UJIIndoorLoc: the radio map compiled from the training
# scans, every validation scan located with the candidate index against the same locator
# without it, in alternating rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data/wifi/ujiindoorloc
[ -f "$data/trainingData.csv" ] || { echo "../shared/data is absent: nothing to measure" >&2; exit 1; }
swift build -c release --product bench-locate
bin=$(swift build -c release --show-bin-path)
"$bin/bench-locate" "$data/trainingData.csv" "$data/validationData.csv" --rounds "${ROUNDS:-6}"
