#!/usr/bin/env bash
# run.sh NAVFORGE BUNDLE OUT [SWIFT_VERIFIER]: runs the embedding guide's signature checks
# (readers/README.md, "Verifying a published bundle") as `make test` does. NAVFORGE makes a key
# pair and publishes BUNDLE's build folder, signed, into OUT/root; then every verifier here (C with
# OpenSSL, C with libsodium, Python's cryptography, Java's java.security, Swift's swift-crypto
# when SWIFT_VERIFIER names the built verify-example, Node with the JavaScript reader, and the
# openssl command) must accept the published version, printing the same line, and refuse it with
# a flipped statement byte, a flipped signature byte, a cut signature, another key, a bundle byte
# changed, an EC key, the private key, and a statement of another format signed with the right
# key. A verifier whose toolchain is missing is skipped, saying so.
set -euo pipefail
[ $# -ge 3 ] && [ $# -le 4 ] || { echo "usage: $0 NAVFORGE BUNDLE OUT [SWIFT_VERIFIER]" >&2; exit 64; }
navforge=$1 bundle=$2 out=$3 swift_verifier=${4:-}
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$out"
mkdir -p "$out/bin" "$out/classes"
"$navforge" keygen "$out/ci" > /dev/null
"$navforge" keygen "$out/other" > /dev/null
"$navforge" publish "$(dirname "$bundle")" --root "$out/root" --sign-key "$out/ci.key" > /dev/null 2>&1
statement=$(find "$out/root" -name statement.json)
version=$(dirname "$statement")
signature=$version/statement.sig
published=$version/$(basename "$bundle")
cmp "$bundle" "$published"

# The damaged inputs, each made from the published files.
flip() { python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[int(sys.argv[2])] ^= 1; open(sys.argv[3], "wb").write(b)' "$@"; }
flip "$statement" 20 "$out/flipped.json"
flip "$signature" 10 "$out/flipped.sig"
flip "$published" 70000 "$out/flipped.navbundle"
head -c 63 "$signature" > "$out/short.sig"
sed 's|navforge-statement/1|navforge-statement/9|' "$statement" > "$out/other-format.json"
openssl pkeyutl -sign -inkey "$out/ci.key" -rawin -in "$out/other-format.json" -out "$out/other-format.sig"
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 2> /dev/null | openssl pkey -pubout -out "$out/ec.pub"
expected=$(python3 -c 'import json, sys
print("verified {venue} {version}: {bundle}, {size} bytes, SHA-256 {sha256}".format(**json.load(open(sys.argv[1]))))' "$statement")

# The openssl command the guide gives, on the published files and on a flipped signature.
openssl pkeyutl -verify -pubin -inkey "$out/ci.pub" -rawin -in "$statement" -sigfile "$signature" | grep -q 'Signature Verified Successfully'
if openssl pkeyutl -verify -pubin -inkey "$out/ci.pub" -rawin -in "$statement" -sigfile "$out/flipped.sig" > /dev/null 2>&1; then
    echo "error: openssl accepted a flipped signature" >&2
    exit 1
fi

verifiers=()
skipped=()
strict="-std=c99 -Wall -Wextra -pedantic -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"
if echo '#include <openssl/evp.h>' | ${CC:-cc} -E - > /dev/null 2>&1; then
    ${CC:-cc} $strict -o "$out/bin/verify_openssl" "$here/verify_openssl.c" -lcrypto
    verifiers+=("C with OpenSSL|$out/bin/verify_openssl")
else
    skipped+=("C with OpenSSL (no openssl/evp.h: install libssl-dev)")
fi
if echo '#include <sodium.h>' | ${CC:-cc} -E - > /dev/null 2>&1; then
    ${CC:-cc} $strict -o "$out/bin/verify_sodium" "$here/verify_sodium.c" -lsodium
    verifiers+=("C with libsodium|$out/bin/verify_sodium")
else
    skipped+=("C with libsodium (no sodium.h: install libsodium-dev)")
fi
if python3 -c 'import cryptography' 2> /dev/null; then
    verifiers+=("Python with cryptography|python3 $here/verify.py")
else
    skipped+=("Python (no cryptography package: install python3-cryptography)")
fi
if command -v javac > /dev/null 2>&1 && command -v java > /dev/null 2>&1; then
    javac -Xlint:all -Werror -d "$out/classes" "$here/VerifyStatement.java"
    verifiers+=("Java with java.security|java -cp $out/classes VerifyStatement")
else
    skipped+=("Java (no JDK: install default-jdk-headless)")
fi
if [ -n "$swift_verifier" ]; then
    verifiers+=("Swift with swift-crypto|$swift_verifier")
else
    skipped+=("Swift (no verify-example named)")
fi
verifiers+=("Node with the JavaScript reader|node $here/verify.mjs")

for entry in "${verifiers[@]}"; do
    label=${entry%%|*}
    read -r -a command <<< "${entry#*|}"
    got=$("${command[@]}" "$out/ci.pub" "$statement" "$signature" "$published")
    if [ "$got" != "$expected" ]; then
        printf 'error: %s printed\n  %s\nexpected\n  %s\n' "$label" "$got" "$expected" >&2
        exit 1
    fi
    # Each refusal: a non-zero exit and an error that says why.
    refuses() {
        local why=$1
        shift
        if "${command[@]}" "$@" > "$out/refused.out" 2> "$out/refused.err"; then
            echo "error: $label accepted $* ($why)" >&2
            exit 1
        fi
        grep -qE -- "^error: .*($why)" "$out/refused.err" || {
            echo "error: $label refused $* without saying '$why':" >&2
            cat "$out/refused.err" >&2
            exit 1
        }
    }
    refuses 'signature' "$out/ci.pub" "$out/flipped.json" "$signature" "$published"
    refuses 'signature' "$out/ci.pub" "$statement" "$out/flipped.sig" "$published"
    refuses 'signature' "$out/ci.pub" "$statement" "$out/short.sig" "$published"
    refuses 'signature' "$out/other.pub" "$statement" "$signature" "$published"
    refuses 'not the bundle that was signed' "$out/ci.pub" "$statement" "$signature" "$out/flipped.navbundle"
    refuses 'Ed25519' "$out/ec.pub" "$statement" "$signature" "$published"
    refuses 'Ed25519 public key|PRIVATE KEY' "$out/ci.key" "$statement" "$signature" "$published"
    refuses 'navforge-statement/1' "$out/ci.pub" "$out/other-format.json" "$out/other-format.sig" "$published"
    echo "signature example: $label accepted the published version and refused 8 damaged ones"
done
for reason in "${skipped[@]+"${skipped[@]}"}"; do echo "signature example: skipped: $reason"; done
