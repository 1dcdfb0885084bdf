#!/usr/bin/env bash
# Holds readers to the shared vectors of readers/vectors/ and to the damaged-bundle check:
#
#   scripts/conformance.sh READER...    READER: swift, c, python, js, or all (the four)
#   scripts/conformance.sh --refresh    rewrites the stored answers from the Swift reader
#
# Each query list readers/vectors/NAME.queries is answered on the one bundle in
# $READER_TESTS/NAME/ (`make reader-bundles` builds them, fresh) and the answers are compared byte
# for byte with the stored readers/vectors/NAME.answers, so a regression every reader shares fails
# too. A list whose bundle is missing fails, unless it is one of OPTIONAL_LISTS (the UJIIndoorLoc
# map, compiled from the shared data only when it is there), which is skipped, saying so. Then the
# bundles of DAMAGED_LISTS are damaged by scripts/make-corrupt-bundles.py, and
# scripts/check-corrupt-bundles.sh checks that the readers refuse each file as expected.
#
# Bundles are the same bytes from the same inputs, so the stored answers hold while the compiler's
# output does not change. When it does, --refresh rewrites NAME.answers from `navforge answer`,
# prints how many lines changed in each, and the change is reviewed with `git diff readers/vectors`.
#
# Environment:
#   READER_TESTS    the bundles and the outputs (build/reader-tests)
#   NAVFORGE        the navforge command, the Swift reader (default: `swift build --product navforge`)
#   CC, CFLAGS_STRICT  how the C answer program is built (default: the strict build under the
#                   address and undefined-behaviour sanitizers)
#   C_ANSWER_PROGRAM  a C answer program built already, used instead of building one (the
#                   Makefile passes the one it builds, under the same flags)
#   SKIP_KINDS_SWIFT, SKIP_KINDS_C, SKIP_KINDS_PYTHON, SKIP_KINDS_JS
#                   query kinds (a query's first word), space-separated, that a reader does not
#                   answer yet: their queries are not given to it and their stored answers are left
#                   out of its comparison; the summary says how many. Empty by default.
#   OPTIONAL_LISTS  lists whose bundle may be missing ("uji")
#   DAMAGED_LISTS   lists whose bundle the damaged-bundle check damages ("demo-campus station")
#
# Query kinds are not known to this script: a new kind needs new answers, not a change here.
set -euo pipefail
cd "$(dirname "$0")/.."

READER_TESTS=${READER_TESTS:-build/reader-tests}
CC=${CC:-cc}
CFLAGS_STRICT=${CFLAGS_STRICT:--std=c99 -Wall -Wextra -pedantic -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all}
OPTIONAL_LISTS=${OPTIONAL_LISTS:-uji}
DAMAGED_LISTS=${DAMAGED_LISTS:-demo-campus station}
vectors=readers/vectors
out=$READER_TESTS/conformance

usage() {
    echo "usage: scripts/conformance.sh swift|c|python|js|all...   or   scripts/conformance.sh --refresh" >&2
    exit 64
}

contains() { # WORD LIST: whether the space-separated LIST holds WORD
    case " $2 " in *" $1 "*) return 0 ;; *) return 1 ;; esac
}

# The one bundle of list NAME, or nothing when there is none.
bundle_of() {
    local found=("$READER_TESTS/$1"/*.navbundle)
    if [ "${#found[@]}" -gt 1 ]; then
        echo "conformance: $READER_TESTS/$1 holds ${#found[@]} bundles; it must hold one" >&2
        exit 1
    fi
    [ -f "${found[0]}" ] && echo "${found[0]}"
    return 0
}

# The list names, in file-name order.
lists() {
    local file
    for file in "$vectors"/*.queries; do basename "$file" .queries; done
}

# Says a list's bundle is missing: a skip for an optional list (said once), else an error (status 1).
skipped=""
missing_bundle() {
    if contains "$1" "$OPTIONAL_LISTS"; then
        contains "$1" "$skipped" ||
            echo "$1: skipped, no bundle in $READER_TESTS/$1/ (make reader-bundles builds it when the shared data is there)"
        skipped="$skipped $1"
        return 0
    fi
    echo "conformance: $1: no bundle in $READER_TESTS/$1/: run \`make reader-bundles\` first" >&2
    return 1
}

navforge_command() {
    if [ -z "${NAVFORGE:-}" ]; then
        swift build --product navforge >&2
        NAVFORGE="$(swift build --show-bin-path)/navforge"
    fi
    [ -x "$NAVFORGE" ] || { echo "conformance: NAVFORGE=$NAVFORGE is not an executable" >&2; exit 1; }
}

# Sets the command (an array) that answers BUNDLE QUERIES for reader $1, building it if needed.
answer_program() {
    case $1 in
        swift)
            navforge_command
            program=("$NAVFORGE" answer) ;;
        c)
            if [ -n "${C_ANSWER_PROGRAM:-}" ]; then
                program=("$C_ANSWER_PROGRAM")
                return
            fi
            mkdir -p "$READER_TESTS/c"
            # shellcheck disable=SC2086
            $CC $CFLAGS_STRICT -o "$READER_TESTS/c/answer" readers/c/answer.c readers/c/navbundle.c -lm
            program=("$READER_TESTS/c/answer") ;;
        python) program=(python3 readers/python/answer.py) ;;
        js) program=(node readers/js/answer.mjs) ;;
    esac
}

refresh() {
    navforge_command
    local name bundle stored fresh status=0 changed=0
    mkdir -p "$out"
    for name in $(lists); do
        bundle=$(bundle_of "$name")
        if [ -z "$bundle" ]; then missing_bundle "$name" || status=1; continue; fi
        stored=$vectors/$name.answers
        fresh=$out/$name-refresh.txt
        "$NAVFORGE" answer "$bundle" "$vectors/$name.queries" > "$fresh"
        if [ -f "$stored" ] && cmp -s "$stored" "$fresh"; then
            echo "$name.answers: unchanged ($(wc -l < "$fresh") answers)"
        else
            local removed=0 added=0
            if [ -f "$stored" ]; then
                removed=$(diff "$stored" "$fresh" | grep -c '^<' || true)
                added=$(diff "$stored" "$fresh" | grep -c '^>' || true)
            else
                added=$(wc -l < "$fresh")
            fi
            cp "$fresh" "$stored"
            echo "$name.answers: changed, lines removed $removed, added $added ($(wc -l < "$fresh") answers)"
            changed=1
        fi
    done
    [ $changed -eq 0 ] || echo "Review the change with: git diff $vectors"
    return $status
}

# Answers every list with reader $1 and compares with the stored answers; status 1 on a difference.
compare_reader() {
    local reader=$1 name bundle stored got queries expected skip kinds_var status=0
    kinds_var=SKIP_KINDS_$(echo "$reader" | tr '[:lower:]' '[:upper:]')
    skip=${!kinds_var:-}
    answer_program "$reader"
    for name in $(lists); do
        bundle=$(bundle_of "$name")
        if [ -z "$bundle" ]; then missing_bundle "$name" || status=1; continue; fi
        stored=$vectors/$name.answers
        if [ ! -s "$stored" ]; then
            echo "conformance: $stored is missing: write it with scripts/conformance.sh --refresh and review it" >&2
            status=1
            continue
        fi
        queries=$vectors/$name.queries
        expected=$stored
        got=$out/$name-$reader.txt
        local note=""
        if [ -n "$skip" ]; then
            # The kinds left out: queries whose first word is one of them, and their answers.
            queries=$out/$name-$reader.queries
            expected=$out/$name-$reader.expected
            awk -v skip=" $skip " 'index(skip, " " $1 " ") == 0' "$vectors/$name.queries" > "$queries"
            awk -v skip=" $skip " 'index(skip, " " $1 " ") == 0' "$stored" > "$expected"
            note=" ($(( $(wc -l < "$stored") - $(wc -l < "$expected") )) queries of kinds $skip skipped)"
        fi
        if ! "${program[@]}" "$bundle" "$queries" > "$got" 2> "$out/$name-$reader.log"; then
            echo "$name: the $reader reader failed (see $out/$name-$reader.log):" >&2
            tail -5 "$out/$name-$reader.log" >&2
            status=1
        elif cmp -s "$expected" "$got"; then
            echo "$name: $reader: $(wc -l < "$got") queries, all agree$note"
            agreed=$((agreed + $(wc -l < "$got")))
        else
            echo "$name: $reader: answers differ from $stored$note; the first differences (< stored, > $reader):" >&2
            diff "$expected" "$got" | head -20 >&2 || true
            echo "  ($(diff "$expected" "$got" | grep -c '^[<>]' || true) differing lines in all; the whole answers: $got)" >&2
            status=1
        fi
    done
    return $status
}

# The damaged-bundle check of the readers named, on the bundles of DAMAGED_LISTS.
check_damaged() {
    local name bundle status=0
    for name in $DAMAGED_LISTS; do
        bundle=$(bundle_of "$name")
        if [ -z "$bundle" ]; then missing_bundle "$name" || status=1; continue; fi
        python3 scripts/make-corrupt-bundles.py "$bundle" "$READER_TESTS/corrupt/$name"
        C_ANSWER=${C_ANSWER_PROGRAM:-$READER_TESTS/c/answer} NAVFORGE=${NAVFORGE:-} \
            scripts/check-corrupt-bundles.sh "$READER_TESTS/corrupt/$name" "$@" || status=1
    done
    return $status
}

[ $# -ge 1 ] || usage
if [ "$1" = --refresh ]; then
    [ $# -eq 1 ] || usage
    refresh
    exit
fi
readers=()
for argument in "$@"; do
    case $argument in
        all) readers+=(swift c python js) ;;
        swift | c | python | js) readers+=("$argument") ;;
        *) usage ;;
    esac
done
mkdir -p "$out"
status=0
agreed=0
for reader in "${readers[@]}"; do
    compare_reader "$reader" || status=1
done
check_damaged "${readers[@]}" || status=1
if [ $status -ne 0 ]; then
    echo "conformance: FAILED for ${readers[*]}" >&2
    exit 1
fi
echo "conformance: ${readers[*]}: all $agreed answers as stored, every damaged bundle answered as expected."
