#!/bin/sh
# Has readers open every damaged bundle of a folder that scripts/make-corrupt-bundles.py wrote,
# with every checksum verified:
#   C_ANSWER=PATH NAVFORGE=PATH scripts/check-corrupt-bundles.sh FOLDER [READER...]
# READER is swift, c, python or js; without one, all four. C_ANSWER is readers/c/answer.c built
# (scripts/conformance.sh builds it under the sanitizers), needed for c; NAVFORGE is the navforge
# command, needed for swift. Fails unless each reader refuses each file with the class
# expected.tsv names, in the shared vocabulary of readers/vectors/README.md, and exits cleanly: a
# crash, a sanitizer report or an exception other than the reader's own error is a failure too.
# A third column in expected.tsv is the Swift reader's line where it rightly differs (it opens the
# development formats of major 0: `ok`); the other readers are held to the second.
set -eu
[ $# -ge 1 ] || { echo "usage: C_ANSWER=PATH NAVFORGE=PATH check-corrupt-bundles.sh FOLDER [swift|c|python|js]..." >&2; exit 64; }
folder=$1
shift
[ $# -ge 1 ] || set -- swift c python js
here=$(dirname "$0")
expected="$folder/expected.tsv"
[ -s "$expected" ] || { echo "check-corrupt-bundles: $expected is missing or empty" >&2; exit 1; }
files=$(cut -f1 "$expected" | sed "s#^#$folder/#")
cut -f2 "$expected" | sed 's/^/refused /' > "$folder/expected.txt"
awk -F '\t' '{ print ($3 != "" ? $3 : "refused " $2) }' "$expected" > "$folder/expected-swift.txt"
status=0
readers="$*"
for reader in $readers; do
    case $reader in
        swift) set -- "${NAVFORGE:?NAVFORGE must name the navforge command for the swift reader}" answer --check ;;
        c) set -- "${C_ANSWER:?C_ANSWER must name the C answer program for the c reader}" --check ;;
        python) set -- python3 "$here/../readers/python/answer.py" --check ;;
        js) set -- node "$here/../readers/js/answer.mjs" --check ;;
        *) echo "check-corrupt-bundles: no reader $reader (swift, c, python or js)" >&2; exit 64 ;;
    esac
    # shellcheck disable=SC2086
    if ! "$@" $files > "$folder/$reader.txt" 2> "$folder/$reader.log"; then
        echo "check-corrupt-bundles: the $reader reader failed (see $folder/$reader.log):" >&2
        tail -5 "$folder/$reader.log" >&2
        status=1
        continue
    fi
    wanted="$folder/expected.txt"
    [ "$reader" = swift ] && wanted="$folder/expected-swift.txt"
    if ! cmp -s "$wanted" "$folder/$reader.txt"; then
        echo "check-corrupt-bundles: the $reader reader's answers differ from expected.tsv:" >&2
        cut -f1 "$expected" | paste - "$wanted" "$folder/$reader.txt" |
            awk -F '\t' '$2 != $3 { print "  " $1 ": expected " $2 ", got " $3 }' >&2
        status=1
    fi
done
[ $status -eq 0 ] && echo "The readers ($readers) answer all $(wc -l < "$expected") damaged bundles of $folder as expected.tsv says."
exit $status
