#!/usr/bin/env bash
# run-on-jvm.sh BUNDLE OUT ANSWER: builds the Android example for a desktop JVM and runs it on
# BUNDLE, as `make test` does: navbundle_jni.c and the C reader into a shared library with the
# host's C compiler against the JDK's jni.h (the NDK builds the same sources for a phone),
# NavBundle.java and NavBundleDemo.java with javac, then the demo, whose route and exit must be
# what ANSWER (the C reader's answer program) gives, and whose errors must arrive as Java
# exceptions with the reader's message. Without a JDK it says it skipped and succeeds.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 BUNDLE OUT ANSWER" >&2; exit 64; }
bundle=$1 out=$2 answer=$3
here=$(cd "$(dirname "$0")" && pwd)
readers=$(cd "$here/../.." && pwd)

# The JDK: JAVA_HOME when it has javac, else the one javac on the PATH belongs to.
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    jdk=$JAVA_HOME
elif javac=$(command -v javac); then
    jdk=$(dirname "$(dirname "$(readlink -f "$javac")")")
else
    echo "Android example: skipped: no JDK (no javac in JAVA_HOME or on the PATH); install default-jdk-headless to run it"
    exit 0
fi
if [ ! -f "$jdk/include/jni.h" ] || [ ! -x "$jdk/bin/java" ]; then
    echo "Android example: skipped: no JDK at $jdk (no include/jni.h or bin/java); install default-jdk-headless to run it"
    exit 0
fi
platform=$(basename "$(dirname "$(find "$jdk/include" -mindepth 2 -name jni_md.h | head -n 1)")")

rm -rf "$out"
mkdir -p "$out/lib" "$out/classes" "$out/files"
# As strict as the reader's own build; the undefined-behaviour sanitizer runs inside the JVM,
# the address sanitizer cannot (it must be loaded before the JVM's own libraries).
${CC:-cc} -std=c99 -Wall -Wextra -pedantic -Werror -O1 -g -fsanitize=undefined -fno-sanitize-recover=all \
    -shared -fPIC -I"$jdk/include" -I"$jdk/include/$platform" -I"$readers/c" \
    -o "$out/lib/libnavbundle_jni.so" "$here/navbundle_jni.c" "$readers/c/navbundle.c" -lm
"$jdk/bin/javac" -Xlint:all -Werror -d "$out/classes" "$here/NavBundle.java" "$here/NavBundleDemo.java"
run() { "$jdk/bin/java" -Xcheck:jni -Djava.library.path="$out/lib" -cp "$out/classes" navforge.NavBundleDemo "$@"; }

run "$bundle" "$out/files" A.2.04 B.1.G5 > "$out/foot.txt"
run "$bundle" "$out/files" A.0.04 C.1.H3 wheelchair > "$out/wheelchair.txt"
"$here/../compare-answers.sh" "$out/foot.txt" "$bundle" "$answer" route exit instructions
"$here/../compare-answers.sh" "$out/wheelchair.txt" "$bundle" "$answer" route exit instructions
cmp "$bundle" "$out/files/$(basename "$bundle")" # the copy an app would install

# Errors: a text that names no place, and a damaged file, each a BundleException with its
# reason and the reader's message; a profile the bundle lacks, an IllegalArgumentException.
expect_error() {
    local expected=$1
    shift
    if run "$@" > "$out/error.out" 2> "$out/error.txt"; then
        echo "error: NavBundleDemo $* succeeded; expected '$expected'" >&2
        exit 1
    fi
    grep -qF -- "$expected" "$out/error.txt" || {
        echo "error: NavBundleDemo $* did not report '$expected':" >&2
        cat "$out/error.txt" >&2
        exit 1
    }
}
expect_error "error (ENDPOINT): 'no such room' names no place" "$bundle" "$out/files" A.2.04 "no such room"
expect_error "error (ENDPOINT): 'FOYER' names several places; places:" "$bundle" "$out/files" FOYER B.1.G5
expect_error "IllegalArgumentException: the bundle has no profile 'hovercraft'" "$bundle" "$out/files" A.2.04 B.1.G5 hovercraft
mkdir -p "$out/damaged"
head -c 4096 "$bundle" > "$out/damaged.navbundle"
expect_error "error (FORMAT): $out/damaged/damaged.navbundle: header says" "$out/damaged.navbundle" "$out/damaged" A.2.04 B.1.G5
echo "Android example: the JNI shim answers as the C reader does on a JVM ($("$jdk/bin/java" -version 2>&1 | head -n 1))"
