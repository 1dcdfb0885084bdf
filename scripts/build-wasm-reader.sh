#!/bin/sh
# Compiles the C reader (readers/c/navbundle.c) to WebAssembly for the JavaScript reader:
#   scripts/build-wasm-reader.sh [OUTPUT]     (default readers/js/navbundle.wasm)
# Needs the Swift toolchain's clang and wasm-ld (CLANG, default /opt/swift/usr/bin/clang, else
# clang on PATH), Debian's wasi-libc (WASI_SYSROOT, default /usr) and compiler-rt's wasm32
# builtins (libclang-rt-dev-wasm32; WASM_BUILTINS names the archive). The output is the same bytes
# on every build: no build id, no paths (the source is named relative to the repository), no
# debug sections; a test rebuilds it and compares it with the committed file.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/readers/js/navbundle.wasm}
clang=${CLANG:-/opt/swift/usr/bin/clang}
[ -x "$clang" ] || clang=$(command -v clang)
sysroot=${WASI_SYSROOT:-/usr}
[ -f "$sysroot/lib/wasm32-wasi/libc.a" ] || {
    echo "build-wasm-reader: no wasi-libc under $sysroot (apt-get install wasi-libc)" >&2; exit 1; }
builtins=${WASM_BUILTINS:-$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2>/dev/null | sort -V | tail -1)}
[ -f "$builtins" ] || {
    echo "build-wasm-reader: no compiler-rt builtins for wasm32 (apt-get install libclang-rt-dev-wasm32)" >&2; exit 1; }
# The functions the JavaScript reader calls, and malloc, free and realloc for the memory it hands over.
exports="_initialize free malloc realloc nb_arc_climb nb_arc_conditions_free nb_arc_count nb_arc_info
nb_arc_shape nb_arcs_from nb_close nb_conditions_apply nb_conditions_costs nb_conditions_error_free
nb_conditions_error_json nb_conditions_exit_path nb_conditions_overlay_json nb_conditions_parse_json
nb_conditions_resolve nb_crowd_conditions_json nb_crowd_json nb_customise nb_event_count nb_event_json nb_fold nb_format_fixed nb_format_major
nb_format_minor nb_geofence_events_json nb_geofence_json nb_guidance_languages_json nb_has_section nb_in_main_piece nb_last_error nb_leaving_costs nb_level_count
nb_level_outlines_json nb_levels_json nb_locate nb_maneuver_instruction_text nb_metadata_object
nb_metric_arrays nb_metric_free nb_nearest_exit_path nb_nearest_json nb_node_count nb_node_record nb_normalised_access_point
nb_open_finish nb_open_table nb_path_free nb_place_aliases_json nb_place_count nb_place_json nb_place_node
nb_place_source nb_position_node nb_profile_costs nb_profiles_json nb_public_key_id nb_public_key_read
nb_radio_map_samples_json nb_release_free nb_release_read nb_resolve_endpoint_json nb_round_half_away
nb_route_maneuvers nb_route_metric nb_route_metric_via nb_route_path nb_route_steps nb_route_tour nb_route_via nb_search_prefix_json nb_sections_json
nb_slowed_cost nb_snap nb_snap_profile nb_spoken_distance_text nb_statement_check nb_statement_free
nb_statement_matches nb_statement_read nb_step_words nb_swift_double nb_tour_search_json nb_tours_json nb_verify_digests"
flags=""
for name in $exports; do flags="$flags -Wl,--export=$name"; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here"
# _WASI_EMULATED_MMAN lets <sys/mman.h> declare what nb_open maps files with; nb_open is not
# exported, so the linker drops it; nb_close still names munmap (never called for a buffer).
# shellcheck disable=SC2086
"$clang" --target=wasm32-wasi --sysroot="$sysroot" -isystem "$sysroot/include/wasm32-wasi" \
    -O2 -D_WASI_EMULATED_MMAN -ffile-prefix-map="$here"/= -fno-ident \
    -nostdlib -Wl,--strip-all -Wl,--no-entry -Wl,--initial-memory=1048576 -Wl,--growable-table \
    $flags -o "$tmp/navbundle.wasm" readers/c/navbundle.c "$sysroot/lib/wasm32-wasi/crt1-reactor.o" \
    "$sysroot/lib/wasm32-wasi/libc.a" "$sysroot/lib/wasm32-wasi/libwasi-emulated-mman.a" \
    "$builtins"
mv "$tmp/navbundle.wasm" "$out"
