#!/usr/bin/env bash
# The publishing pipeline of docs/ci.md, run on one machine: plan against the published root,
# build and publish each changed venue into its own staging root in parallel (as a CI matrix
# would), merge the staging roots into the root with one catalog update, and verify the result.
#
# usage: scripts/ci-local.sh ROOT PIPELINE...
# env:   NAVFORGE  the navforge executable (default: the debug build's)
#        SIGN_KEY  Ed25519 private key to sign with; PUBKEY its public key, to verify with
#        JOBS      parallel jobs (default 3); WORK  folder for builds and staging roots (default: a new temporary one)
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 ROOT PIPELINE..." >&2
    exit 64
fi
root=$1
shift
NAVFORGE=${NAVFORGE:-$(swift build --show-bin-path)/navforge}
JOBS=${JOBS:-3}
WORK=${WORK:-$(mktemp -d)}
export NAVFORGE WORK ROOT="$root" SIGN_KEY="${SIGN_KEY:-}"
mkdir -p "$root" "$WORK"

# 1. plan: the pipelines whose venue changed since its latest published version.
"$NAVFORGE" plan "$@" --against "$root" --format list > "$WORK/plan.txt"
if [ ! -s "$WORK/plan.txt" ]; then
    echo "every venue is up to date"
    exit 0
fi

# 2. one job per venue: build, then publish into the job's own staging root, gated against the real root.
job() {
    pipeline=$1
    name=$(basename "$pipeline" .yml)
    sign=()
    if [ -n "$SIGN_KEY" ]; then sign=(--sign-key "$SIGN_KEY"); fi
    "$NAVFORGE" build "$pipeline" --build-dir "$WORK/build" > "$WORK/$name.log" 2>&1
    "$NAVFORGE" publish "$pipeline" --build-dir "$WORK/build" --root "$WORK/staging-$name" --against "$ROOT" \
        "${sign[@]}" >> "$WORK/$name.log" 2>&1
    echo "built and staged $name"
}
export -f job
status=0
xargs -P "$JOBS" -I{} bash -c 'job "$1" || { echo "job $1 failed:"; cat "$WORK/$(basename "$1" .yml).log"; exit 1; }' _ {} \
    < "$WORK/plan.txt" || status=$?

# 3. merge what the jobs staged, even when one failed, so the others still reach the root.
shopt -s nullglob
staged=("$WORK"/staging-*)
if [ ${#staged[@]} -gt 0 ]; then
    "$NAVFORGE" publish --merge "${staged[@]}" --root "$root"
fi

# 4. verify the root as clients will trust it.
if [ -n "${PUBKEY:-}" ]; then
    "$NAVFORGE" verify-root "$root" --pubkey "$PUBKEY"
else
    "$NAVFORGE" verify-root "$root"
fi
exit $status
