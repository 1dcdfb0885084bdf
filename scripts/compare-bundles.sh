#!/usr/bin/env bash
# Proves that a refactoring changed no output: builds navforge (release) from two revisions, builds
# every venue with each binary, and compares what the builds wrote byte for byte.
#
#   scripts/compare-bundles.sh OLD_REV NEW_REV      NEW_REV may be WORKTREE: the working tree,
#                                                   uncommitted changes included
#
# A revision is checked out with `git worktree add` into build/compare/src-<shortrev>; each side
# builds with its own scratch path (build/compare/scratch-<name>, never .build) and writes its
# venues to build/compare/out-<name>/. Venues: every pipelines/*.yml whose inputs exist,
# readers/vectors/station/station.yml, and one generated pipeline per station extract in
# ../shared/data/osm/stations (as Tests/PipelineTests/StationPlatformTests.swift builds them).
# Each side runs the pipeline files of its own tree from its own tree root, so input paths (and the
# paths recorded in bundles and reports) read the same on both sides.
#
# Compared: every file of each venue folder except staging.sqlite (its GeoPackage `last_change`
# column holds the build time; compared as an SQL dump with those timestamps ignored when sqlite3
# is installed), .navforge-state.json (cache keys with the executable's mtime, absolute paths) and
# .navforge.lock. Exit status 1 when an artifact differs, exists on one side only, or a build fails.
set -euo pipefail
export LC_ALL=C

usage() {
    echo "usage: scripts/compare-bundles.sh OLD_REV NEW_REV   (NEW_REV may be WORKTREE)" >&2
    exit 64
}
die() { echo "error: $*" >&2; exit 2; }
[[ $# -eq 2 ]] || usage
[[ $1 != -* && $2 != -* ]] || usage

cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$(git rev-parse --show-toplevel)
cd "$repo"
compare=$repo/build/compare
logs=$compare/logs
mkdir -p "$compare" "$logs"

# One run at a time: both would write the same folders.
exec 9>"$compare/.lock"
flock -n 9 || die "another compare-bundles.sh run holds $compare/.lock"

shared_data=${NAVFORGE_SHARED_DATA:-$repo/../shared/data}
[[ -d $shared_data ]] && shared_data=$(realpath "$shared_data")

# Files of a venue folder that are not compared byte for byte.
not_compared=(.navforge-state.json .navforge.lock)
have_sqlite3=0
command -v sqlite3 >/dev/null && have_sqlite3=1
[[ $have_sqlite3 = 1 ]] || not_compared+=(staging.sqlite)

now_ms() { local t=${EPOCHREALTIME/[.,]/}; echo $((t / 1000)); }
secs() { printf '%d.%d s' $(($1 / 1000)) $(($1 % 1000 / 100)); }

# ---------------------------------------------------------------------------------------------
# Sides: role (old/new) -> name, source tree, description.
declare -A name root desc bin out build_ms venue_ms

prepare_side() {
    local role=$1 rev=$2
    if [[ $rev == WORKTREE ]]; then
        name[$role]=worktree
        root[$role]=$repo
        desc[$role]="working tree of $repo (uncommitted changes included)"
        return
    fi
    local sha short dir
    sha=$(git rev-parse --verify --quiet "$rev^{commit}") || die "not a revision: $rev"
    short=$(git rev-parse --short "$sha")
    dir=$compare/src-$short
    git worktree prune
    if [[ -d $dir ]]; then
        if [[ $(git -C "$dir" rev-parse --show-toplevel 2>/dev/null) == "$(realpath "$dir")" ]]; then
            [[ $(git -C "$dir" rev-parse HEAD) == "$sha" ]] || git -C "$dir" checkout --quiet --detach "$sha"
        else
            rm -rf -- "$dir"   # not a worktree (left over from an interrupted run)
        fi
    fi
    [[ -d $dir ]] || git worktree add --quiet --detach "$dir" "$sha"
    # Package.resolved is not committed: pin the revision's dependencies as the repository does.
    [[ -e $dir/Package.resolved || ! -e $repo/Package.resolved ]] || cp "$repo/Package.resolved" "$dir/Package.resolved"
    name[$role]=$short
    root[$role]=$dir
    desc[$role]="$rev = $short ($(git log -1 --format=%s "$sha" | cut -c1-70))"
}

prepare_side old "$1"
prepare_side new "$2"
if [[ ${name[old]} == "${name[new]}" ]]; then   # the same tree twice: a determinism check
    name[old]+=-old
    name[new]+=-new
fi
for role in old new; do out[$role]=$compare/out-${name[$role]}; done

# ---------------------------------------------------------------------------------------------
# Venues: "label" is the pipeline's path inside a tree (or an absolute path for generated ones).

# The input paths a pipeline file names (the `path:` keys).
input_paths() {
    sed -nE 's/^[[:space:]]*(-[[:space:]]+)?path:[[:space:]]*//p' "$1" |
        sed -E 's/[[:space:]]+#.*$//; s/[[:space:]]+$//; s/^"(.*)"$/\1/; s/^'"'"'(.*)'"'"'$/\1/'
}

# Makes the inputs of a checked-out tree that lie beside the repository (../shared/...) resolve
# from build/compare/src-X as they do from the repository: build/compare/NAME -> ../NAME.
link_outside_inputs() {
    local tree=$1 pipeline=$2 path resolved rel first
    [[ $tree != "$repo" ]] || return 0
    while IFS= read -r path; do
        [[ -n $path && $path != /* ]] || continue
        resolved=$(realpath -m -s "$(dirname "$pipeline")/$path")
        [[ $resolved != "$tree"/* ]] || continue
        rel=$(realpath -m -s --relative-to="$(dirname "$tree")" "$resolved")
        [[ $rel != ..* ]] || continue
        first=${rel%%/*}
        [[ -e $compare/$first || ! -e $repo/../$first ]] || ln -s "$(realpath "$repo/../$first")" "$compare/$first"
    done < <(input_paths "$pipeline")
}

# Prints the inputs of a pipeline that do not exist.
missing_inputs() {
    local pipeline=$1 path full
    while IFS= read -r path; do
        [[ -n $path ]] || continue
        if [[ $path == /* ]]; then full=$path; else full=$(dirname "$pipeline")/$path; fi
        [[ -e $full ]] || echo "$path"
    done < <(input_paths "$pipeline")
}

labels=()
while IFS= read -r label; do labels+=("$label"); done < <(
    for role in old new; do (cd "${root[$role]}" && ls pipelines/*.yml 2>/dev/null || true); done | sort -u)
labels+=(readers/vectors/station/station.yml)

# The station extracts, built as StationPlatformTests builds them; one file for both sides.
stations_dir=$shared_data/osm/stations
if [[ -d $stations_dir ]]; then
    mkdir -p "$compare/stations"
    for osm in "$stations_dir"/*.osm; do
        station=$(basename "$osm" .osm)
        cat >"$compare/stations/$station.yml.tmp" <<EOF
venue:
  id: $station
  name: $station
version: 1.0.0
inputs:
  - id: station
    path: $osm
stages:
  import:
  validate:
    fail-on: never
  bundle:
EOF
        mv "$compare/stations/$station.yml.tmp" "$compare/stations/$station.yml"
        labels+=("$compare/stations/$station.yml")
    done
else
    stations_absent=1
fi

# Outputs go to BUILD-DIR/<pipeline file name>: two pipelines of one name would share a folder.
dupes=$(for label in "${labels[@]}"; do basename "$label" .yml; done | sort | uniq -d)
[[ -z $dupes ]] || die "pipelines share an output folder name: $dupes"

echo "OLD  ${desc[old]}"
echo "NEW  ${desc[new]}"
echo "not compared: ${not_compared[*]}"
[[ $have_sqlite3 = 0 ]] || echo "staging.sqlite: compared as an SQL dump, gpkg_contents.last_change (build time) ignored"

# Decide which venues build: skipped when an input is absent on a side that has the pipeline.
build_labels=()
skipped=0
if [[ ${stations_absent:-0} = 1 ]]; then
    echo "skipped: stations/*.yml (data absent)"
    echo "  missing: $stations_dir"
    skipped=$((skipped + 1))
fi
for label in "${labels[@]}"; do
    absent=()
    for role in old new; do
        if [[ $label == /* ]]; then file=$label; else file=${root[$role]}/$label; fi
        [[ -f $file ]] || continue
        link_outside_inputs "${root[$role]}" "$file"
        while IFS= read -r path; do absent+=("$path"); done < <(missing_inputs "$file")
    done
    if ((${#absent[@]})); then
        echo "skipped: ${label#"$compare"/} (data absent)"
        printf '%s\n' "${absent[@]}" | sort -u | sed 's/^/  missing: /'
        skipped=$((skipped + 1))
    else
        build_labels+=("$label")
    fi
done

# ---------------------------------------------------------------------------------------------
# Build navforge and the venues, one side after the other.
failures=()
for role in old new; do
    side=${name[$role]}
    scratch=$compare/scratch-$side
    echo
    echo "== ${role^^} ($side): building navforge in release (log: ${logs#"$repo"/}/$side-swift-build.log)"
    start=$(now_ms)
    if ! (cd "${root[$role]}" && nice swift build -c release --product navforge --scratch-path "$scratch") \
        >"$logs/$side-swift-build.log" 2>&1; then
        tail -n 30 "$logs/$side-swift-build.log" >&2
        die "the ${role^^} side's navforge did not build"
    fi
    bin[$role]=$(cd "${root[$role]}" && swift build -c release --product navforge --scratch-path "$scratch" --show-bin-path)/navforge
    build_ms[$role]=$(($(now_ms) - start))
    echo "   navforge built in $(secs "${build_ms[$role]}")"

    rm -rf -- "${out[$role]}"
    mkdir -p "${out[$role]}"
    start=$(now_ms)
    for label in "${build_labels[@]}"; do
        if [[ $label == /* ]]; then file=$label; else file=${root[$role]}/$label; fi
        [[ -f $file ]] || { echo "   (no ${label#"$compare"/} in this tree)"; continue; }
        venue=$(basename "$label" .yml)
        log=$logs/$side-$venue.log
        t0=$(now_ms)
        if (cd "${root[$role]}" && nice "${bin[$role]}" build "$label" --build-dir "${out[$role]}" --force) >"$log" 2>&1; then
            printf '   %-42s %10s\n' "${label#"$compare"/}" "$(secs $(($(now_ms) - t0)))"
        else
            printf '   %-42s %10s  FAILED (log: %s)\n' "${label#"$compare"/}" "$(secs $(($(now_ms) - t0)))" "${log#"$repo"/}"
            failures+=("${role^^} ${label#"$compare"/}")
        fi
    done
    venue_ms[$role]=$(($(now_ms) - start))
    echo "   venues built in $(secs "${venue_ms[$role]}")"
done

# ---------------------------------------------------------------------------------------------
# Compare.
sha16() { sha256sum "$1" | cut -c1-16; }
size() { stat -c %s "$1"; }
dump16() {   # the staging store as SQL, without the build time GeoPackage stamps on each table
    sqlite3 -readonly "$1" .dump |
        sed -E "/^INSERT INTO gpkg_contents VALUES/ s/'[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z'/'(time)'/" |
        sha256sum | cut -c1-16
}
is_compared() {
    local file=$1 skip
    for skip in "${not_compared[@]}"; do [[ $(basename "$file") != "$skip" ]] || return 1; done
}

echo
identical=0
different=0
while IFS= read -r rel; do
    is_compared "$rel" || continue
    a=${out[old]}/$rel
    b=${out[new]}/$rel
    if [[ ! -f $a || ! -f $b ]]; then
        if [[ -f $a ]]; then only=OLD; else only=NEW; fi
        echo "DIFFERENT  $rel  only built by $only"
        different=$((different + 1))
    elif [[ $(basename "$rel") == staging.sqlite ]]; then
        ha=$(dump16 "$a")
        hb=$(dump16 "$b")
        if [[ $ha == "$hb" ]]; then
            echo "identical  $rel  $(size "$b") bytes  sha256 $hb (SQL dump)"
            identical=$((identical + 1))
        else
            echo "DIFFERENT  $rel  SQL dumps differ: sha256 $ha (OLD) vs $hb (NEW)"
            different=$((different + 1))
        fi
    elif cmp -s "$a" "$b"; then
        echo "identical  $rel  $(size "$b") bytes  sha256 $(sha16 "$b")"
        identical=$((identical + 1))
    else
        at=$(cmp "$a" "$b" 2>&1 | sed -nE 's/.*differ: (byte|char) ([0-9]+).*/\2/p' || true)
        [[ -n $at ]] && at="first difference at byte $at" || at="one is a prefix of the other"
        echo "DIFFERENT  $rel  $(size "$a") vs $(size "$b") bytes  sha256 $(sha16 "$a") vs $(sha16 "$b")  $at"
        different=$((different + 1))
    fi
done < <(for role in old new; do (cd "${out[$role]}" && find . -type f -printf '%P\n'); done | sort -u)

echo
for role in old new; do
    printf '%-3s %-12s navforge build %s, venues %s, total %s\n' "${role^^}" "${name[$role]}" \
        "$(secs "${build_ms[$role]}")" "$(secs "${venue_ms[$role]}")" "$(secs $((build_ms[$role] + venue_ms[$role])))"
done
if ((${#failures[@]})); then
    echo "${#failures[@]} pipeline builds failed: $(printf '%s; ' "${failures[@]}")"
fi
echo "$identical artifacts identical, $different different, $skipped venues skipped"
if ((different > 0 || ${#failures[@]} > 0)); then exit 1; fi
if ((identical == 0)); then echo "nothing was compared" >&2; exit 1; fi
