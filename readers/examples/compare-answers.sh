#!/usr/bin/env bash
# compare-answers.sh OUTPUT BUNDLE ANSWER KIND...: checks an embedding example's output against
# the C reader. Every line of OUTPUT in the answer form of readers/vectors/README.md
# (`route foot 175 205 => 186463 175 48 ...`, `exit foot 175 => 33 41250`, `instructions en foot
# 175 205 => Head north ...`) must be exactly what
# ANSWER (the C reader's answer program) prints for the same query on BUNDLE, and OUTPUT must hold
# at least one line of each KIND (route, exit, instructions), so that an example that printed
# nothing fails.
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 OUTPUT BUNDLE ANSWER KIND..." >&2; exit 64; }
output=$1 bundle=$2 answer=$3
shift 3

lines=$(grep -E '^(route|exit|instructions) [^ ]+ .* => ' "$output" || true)
for kind in "$@"; do
    grep -q "^$kind " <<<"$lines" || { echo "error: $output has no '$kind' answer line" >&2; exit 1; }
done
queries=$(mktemp) expected=$(mktemp)
trap 'rm -f "$queries" "$expected"' EXIT
sed 's/ => .*//' <<<"$lines" > "$queries"
"$answer" "$bundle" "$queries" > "$expected"
if ! diff -u --label "C reader" --label "$output" "$expected" - <<<"$lines"; then
    echo "error: $output answers differently from the C reader" >&2
    exit 1
fi
echo "$output: $(wc -l < "$queries") answers agree with the C reader"
