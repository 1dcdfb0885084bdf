# Sourced by the scripts that put navforge beside Valhalla: makes sure a Valhalla peer for
# Heidelberg exists under $peers (a virtual environment with pyvalhalla-weekly and pyosmium,
# valhalla.json and the tiles built from $pbf), building what is missing, and sets $py to the
# environment's Python. Tile building takes a few seconds to minutes; it runs once.
mkdir -p "$peers"
if [ ! -x "$peers/venv/bin/python" ]; then
    python3 -m venv "$peers/venv"
    "$peers/venv/bin/pip" install --quiet pyvalhalla-weekly osmium
fi
py=$peers/venv/bin/python
if [ ! -f "$peers/tiles/.built" ]; then
    rm -rf "$peers/tiles"
    "$py" -m valhalla.valhalla_build_config --mjolnir-tile-dir "$PWD/$peers/tiles" --mjolnir-tile-extract "" \
        --mjolnir-timezone "" --mjolnir-admin "" --mjolnir-traffic-extract "" --mjolnir-landmarks "" \
        --mjolnir-concurrency 2 > "$peers/valhalla.json" 2>/dev/null
    tiles_bin=$("$py" -m valhalla print_bin_path)/valhalla_build_tiles
    # valhalla_build_tiles writes duplicateways.txt into its working folder.
    (cd "$peers" && "$tiles_bin" -c valhalla.json "$OLDPWD/$pbf" > build-tiles.log 2>&1) \
        || { echo "error: valhalla_build_tiles failed; see $peers/build-tiles.log" >&2; exit 1; }
    touch "$peers/tiles/.built"
fi
