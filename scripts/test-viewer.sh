#!/usr/bin/env bash
# Runs the map viewer's browser tests (Tests/Viewer/test_viewer.py) in headless Chromium.
#
# Usage: scripts/test-viewer.sh NAVFORGE DEMO_BUNDLE
# Provides Playwright in build/venv (PyPI's package drives Debian's chromium; it downloads no
# browser), builds TU Dresden's and Heidelberg's bundles when the shared data is beside the
# repository (or takes those the Swift tests built, below), and leaves the screenshots in
# build/viewer-tests/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."

navforge=$(realpath "$1")
demo=$(realpath "$2")
playwright_version=1.65.2
venv=build/venv
out=build/viewer-tests

if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('playwright') != '$playwright_version')" 2>/dev/null; then
    echo "Installing playwright $playwright_version into $venv (it drives /usr/bin/chromium)" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "playwright==$playwright_version"
fi

mkdir -p "$out"
tu_dresden=""
heidelberg=""

# The bundle of pipelines/NAME.yml: the one the Swift tests built in this run when make test names
# their folder (NAVFORGE_REAL_VENUES; Heidelberg takes over a minute in a debug build), else built
# here.
real_venue() {
    local kept=""
    if [ -n "${NAVFORGE_REAL_VENUES:-}" ] && [ -f "$NAVFORGE_REAL_VENUES/bundles/$1-1.0.0.cch.navbundle" ]; then
        kept=$NAVFORGE_REAL_VENUES/bundles/$1-1.0.0.cch.navbundle
    fi
    if [ -n "$kept" ]; then
        echo "$1: the bundle the Swift tests built, $kept" >&2
        realpath "$kept"
    else
        "$navforge" build "pipelines/$1.yml" --build-dir "$out" >/dev/null
        realpath "$out/$1/$1-1.0.0.navbundle"
    fi
}

if [ -d ../shared/data/osm ]; then
    tu_dresden=$(real_venue tu-dresden-apb)
    heidelberg=$(real_venue heidelberg)
else
    echo "skipped: the TU Dresden and Heidelberg viewer tests need ../shared/data beside the repository"
fi

NAVFORGE="$navforge" VIEWER_DEMO="$demo" VIEWER_TU_DRESDEN="$tu_dresden" VIEWER_HEIDELBERG="$heidelberg" \
    VIEWER_SCREENSHOTS="$out/screenshots" \
    "$venv/bin/python" -m unittest discover --start-directory Tests/Viewer --pattern 'test_*.py' -v
