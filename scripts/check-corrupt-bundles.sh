#!/bin/sh
# Has the C, Python and JavaScript readers open every damaged bundle of a folder that
# scripts/make-corrupt-bundles.py wrote, with every checksum verified:
#   scripts/check-corrupt-bundles.sh FOLDER C_ANSWER
# C_ANSWER is readers/c/answer.c built (make test builds it under the sanitizers). Fails unless
# each reader refuses each file with the class expected.tsv names, in the shared vocabulary of
# readers/vectors/README.md, and exits cleanly: a crash, a sanitizer report or an exception other
# than the reader's own error is a failure too.
set -eu
folder=$1
c_answer=$2
here=$(dirname "$0")
expected="$folder/expected.tsv"
[ -s "$expected" ] || { echo "check-corrupt-bundles: $expected is missing or empty" >&2; exit 1; }
files=$(cut -f1 "$expected" | sed "s#^#$folder/#")
cut -f2 "$expected" | sed 's/^/refused /' > "$folder/expected.txt"
status=0
for reader in c python js; do
    case $reader in
        c) set -- "$c_answer" --check ;;
        python) set -- python3 "$here/../readers/python/answer.py" --check ;;
        js) set -- node "$here/../readers/js/answer.mjs" --check ;;
    esac
    # shellcheck disable=SC2086
    if ! "$@" $files > "$folder/$reader.txt" 2> "$folder/$reader.log"; then
        echo "check-corrupt-bundles: the $reader reader failed (see $folder/$reader.log):" >&2
        tail -5 "$folder/$reader.log" >&2
        status=1
        continue
    fi
    if ! cmp -s "$folder/expected.txt" "$folder/$reader.txt"; then
        echo "check-corrupt-bundles: the $reader reader's answers differ from expected.tsv:" >&2
        paste "$expected" "$folder/$reader.txt" | awk -F '\t' '"refused " $2 != $3 { print "  " $1 ": expected refused " $2 ", got " $3 }' >&2
        status=1
    fi
done
[ $status -eq 0 ] && echo "C, Python and JavaScript readers refuse all $(wc -l < "$expected") damaged bundles of $folder alike."
exit $status
