"""verify.py PUBLIC_KEY STATEMENT SIGNATURE BUNDLE: checks a version `navforge publish --sign-key`
published, with the `cryptography` package (Debian's python3-cryptography, or from PyPI): the
Ed25519 signature over the statement's exact bytes with the public key (PEM), then that the
bundle has the size and SHA-256 the statement names. Prints the line the C examples print, or
"error: ..." and exits 1."""
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_pem_public_key


def verify(public_key_path, statement_path, signature_path, bundle_path):
    """The statement's fields once the signature and the bundle are found to be the signed ones."""
    with open(public_key_path, "rb") as file:
        try:
            key = load_pem_public_key(file.read())
        except (ValueError, UnsupportedAlgorithm):
            key = None
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError(f"not an Ed25519 public key: {public_key_path}")
    with open(statement_path, "rb") as file:
        statement = file.read()  # the exact bytes: the signature covers these, not a re-encoding
    with open(signature_path, "rb") as file:
        signature = file.read()
    try:
        key.verify(signature, statement)
    except InvalidSignature:
        raise ValueError("the signature does not match the statement and key") from None
    fields = json.loads(statement)
    if (not isinstance(fields, dict) or fields.get("format") != "navforge-statement/1"
            or not {"venue", "version", "bundle", "size", "sha256"} <= fields.keys()):
        raise ValueError("the statement is not a navforge-statement/1")
    digest = hashlib.sha256()
    size = 0
    with open(bundle_path, "rb") as file:
        while chunk := file.read(1 << 16):
            digest.update(chunk)
            size += len(chunk)
    if size != fields["size"] or digest.hexdigest() != fields["sha256"]:
        raise ValueError(f"the file is not the bundle that was signed: {bundle_path}")
    return fields


def main(arguments):
    if len(arguments) != 4:
        print("usage: verify.py PUBLIC_KEY STATEMENT SIGNATURE BUNDLE", file=sys.stderr)
        return 64
    try:
        fields = verify(*arguments)
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"verified {fields['venue']} {fields['version']}: {fields['bundle']}, {fields['size']} bytes, "
          f"SHA-256 {fields['sha256']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
