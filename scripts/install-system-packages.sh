#!/usr/bin/env bash
# Installs the Debian packages navforge builds against, when any is missing, and any packages
# named as arguments (`make test` adds chromium, which renders the HTML validation report).
# Used by `make demo` and `make test`; safe to run again (does nothing when all are present).
set -euo pipefail

packages=(libxml2-dev libgeos-dev libsqlite3-dev zlib1g-dev libbz2-dev pkg-config python3 gcc "$@")
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing system packages: ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
    run() { "$@"; }
elif command -v sudo >/dev/null 2>&1; then
    run() { sudo "$@"; }
else
    echo "error: missing ${missing[*]}; install them as root (apt-get install ${missing[*]})" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
run apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null \
    || { run apt-get update >/dev/null && run apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
