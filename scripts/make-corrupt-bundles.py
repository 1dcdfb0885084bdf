#!/usr/bin/env python3
"""Write damaged variants of a bundle: ``make-corrupt-bundles.py BUNDLE OUTDIR``.

Every variant is a file the readers must refuse when they open it with every checksum verified,
and the class each must refuse it with, in the readers' shared vocabulary
(``readers/vectors/README.md``, "Damaged bundles"), is written beside them in ``expected.tsv``
(one ``NAME<TAB>CLASS`` line per file, in order). Where the Swift reader rightly answers otherwise,
a third column holds its line (``ok``): it still opens the development formats of major 0. The damage: truncations and extensions,
the magic, the version, the header's counts and sizes, the section table (offsets, lengths,
overlaps, tags twice, tags that are not ASCII, required sections missing or at an unknown
version), and a changed byte in every section, with its checksum left and with its checksum
fixed up (then the whole-file hash finds it), and GLMK's counts, levels, pairs and their order
with every checksum fixed up (GLMK is checked in full on opening). Structural damage is written both with the file's
hash left stale and fixed up, since a reader must find it either way. Where the bundle has `GARC`,
its header is damaged too (counts that differ from `ARCS` and `SHAP`, tables cut short), and where it
has `GTXT`, its tables (counts, key order and flags, form count, absent and missing values, string
offsets, the section cut short), with every checksum fixed up: the readers check both when they open
a bundle and must refuse them as `format`.

The variants are the same on every run for the same bundle (a fixed seed), and the script needs
the standard library only.
"""

import hashlib
import os
import random
import struct
import sys

HEADER = 64
ENTRY = 32
REQUIRED = ("META", "STRS", "LEVL", "NODE", "ARCS", "PROF", "PLAC", "EVNT")


def table(image):
    """[(tag, version, offset, length)] of the section table, in table order."""
    count, header_size = struct.unpack_from("<II", image, 16)
    entries = []
    for index in range(count):
        tag, version, _, offset, length, _ = struct.unpack_from("<4sHHQQQ", image, header_size + ENTRY * index)
        entries.append((tag.decode("ascii"), version, offset, length))
    return entries


def reseal_section(image, index):
    """Sets entry ``index``'s checksum to its section's bytes, as a careful forger would."""
    header_size = struct.unpack_from("<I", image, 20)[0]
    _, _, offset, length = table(image)[index]
    digest = hashlib.sha256(image[offset:offset + length]).digest()
    image[header_size + ENTRY * index + 24:header_size + ENTRY * index + 32] = digest[:8]


def reseal_file(image):
    image[32:64] = bytes(32)
    image[32:64] = hashlib.sha256(image).digest()


class Variants:
    """Collects (name, bytes, class) and writes them."""

    def __init__(self, original):
        self.original = bytes(original)
        self.entries = table(self.original)
        self.made = []

    def copy(self):
        return bytearray(self.original)

    def add(self, name, image, expected, structural=False, swift=None):
        """A variant; a structural one (damage a reader finds without the checksums) is added
        twice, with the file's hash stale and resealed. ``swift`` is the Swift reader's line where
        it differs from ``refused EXPECTED``."""
        self.made.append((name, bytes(image), expected, swift))
        if structural and len(image) >= HEADER:
            resealed = bytearray(image)
            reseal_file(resealed)
            if resealed != image:
                self.made.append((name + "-resealed", bytes(resealed), expected, swift))

    def entry_at(self, index):
        return HEADER + ENTRY * index

    def index_of(self, tag):
        return next(i for i, entry in enumerate(self.entries) if entry[0] == tag)


def make(original, rng):
    v = Variants(original)
    size = len(original)
    entries = v.entries
    table_end = HEADER + ENTRY * len(entries)

    # Truncated, extended, empty.
    cuts = sorted({0, 1, 7, 8, 40, 63, 64, HEADER + ENTRY // 2, table_end - 1, table_end, size - 8, size - 1}
                  | {entries[i][2] + entries[i][3] // 2 for i in range(0, len(entries), 3)})
    for cut in cuts:
        if 0 <= cut < size:
            v.add(f"truncated-at-{cut}", original[:cut], "format")
    v.add("extended-by-8", original + bytes(8), "format")
    v.add("extended-by-1", original + b"\x00", "format")

    # Not a bundle: each byte of the magic.
    for index in range(8):
        image = v.copy()
        image[index] ^= 0x20
        v.add(f"magic-byte-{index}", image, "format", structural=True)

    # Versions: majors no reader knows; the other known major and a later minor are not damage to
    # the structure, only to the file's hash.
    for major in (0, 3, 0xFFFF):
        image = v.copy()
        struct.pack_into("<H", image, 8, major)
        # The Swift reader still opens the development formats (major 0), which had no file hash;
        # the sections and their checksums are intact, so to it this is a sound 0.x bundle
        # (docs/bundle-format.md, "Compatibility").
        v.add(f"major-{major}", image, "format", structural=True, swift="ok" if major == 0 else None)
    own_major = struct.unpack_from("<H", original, 8)[0]
    image = v.copy()
    struct.pack_into("<H", image, 8, 3 - own_major if own_major in (1, 2) else 1)
    v.add("other-major-unsealed", image, "checksum")
    image = v.copy()
    struct.pack_into("<H", image, 10, 9)
    v.add("later-minor-unsealed", image, "checksum")
    image = v.copy()
    image[12] ^= 0x01
    v.add("flags-changed", image, "checksum")

    # Header counts and sizes.
    for count in (0, len(entries) + 1, 4097, 0xFFFFFFFF):
        image = v.copy()
        struct.pack_into("<I", image, 16, count)
        v.add(f"section-count-{count}", image, "format", structural=True)
    for header_size in (56, 60, 68, 72, 0xFFFFFFF8):
        image = v.copy()
        struct.pack_into("<I", image, 20, header_size)
        v.add(f"header-size-{header_size}", image, "format", structural=True)
    for file_size in (size + 1, size - 8, 0, 2 ** 64 - 1):
        image = v.copy()
        struct.pack_into("<Q", image, 24, file_size)
        v.add(f"file-size-{file_size}", image, "format", structural=True)
    for offset in (32, 63):
        image = v.copy()
        image[offset] ^= 0x80
        v.add(f"file-hash-byte-{offset}", image, "checksum")

    # The section table: the first, a middle and the last entry, and the required ones' tags.
    picked = sorted({0, len(entries) // 2, len(entries) - 1})
    for index in picked:
        tag, _, offset, length = entries[index]
        at = v.entry_at(index)
        damages = [
            ("misaligned", lambda image: struct.pack_into("<Q", image, at + 8, offset + 4)),
            ("inside-the-table", lambda image: struct.pack_into("<Q", image, at + 8, HEADER)),
            ("past-the-end", lambda image: struct.pack_into("<Q", image, at + 8, size + 8)),
            ("longer", lambda image: struct.pack_into("<Q", image, at + 16, length + 8)),
            ("length-2-64", lambda image: struct.pack_into("<Q", image, at + 16, 2 ** 64 - 1)),
            ("offset-2-64", lambda image: struct.pack_into("<Q", image, at + 8, 2 ** 64 - 8)),
            ("not-ascii-tag", lambda image: image.__setitem__(at + 1, 0xC5)),
            ("tag-twice", lambda image: image.__setitem__(slice(at, at + 4),
                                                          entries[(index + 1) % len(entries)][0].encode("ascii"))),
        ]
        for name, damage in damages:
            image = v.copy()
            damage(image)
            v.add(f"entry-{index}-{tag}-{name}", image, "format", structural=True)
        image = v.copy()
        image[at + 24] ^= 0x01
        v.add(f"entry-{index}-{tag}-checksum-field", image, "checksum")
        image = v.copy()
        image[at + 6] ^= 0x01
        v.add(f"entry-{index}-{tag}-reserved-field", image, "checksum")
    # Two entries at one offset overlap.
    image = v.copy()
    struct.pack_into("<Q", image, v.entry_at(1) + 8, entries[0][2])
    v.add("entries-overlap", image, "format", structural=True)
    # A required section renamed or at a version no reader knows is missing; an optional one at an
    # unknown version is merely absent, so only the file's hash is wrong.
    for tag in REQUIRED:
        index = v.index_of(tag)
        image = v.copy()
        image[v.entry_at(index)] = ord("X")
        v.add(f"required-{tag}-renamed", image, "format", structural=True)
    for tag in ("NODE", "EVNT"):
        image = v.copy()
        struct.pack_into("<H", image, v.entry_at(v.index_of(tag)) + 4, 2)
        v.add(f"required-{tag}-version-2", image, "format", structural=True)
    # Not SHAP: GARC and GLMK count its corners, so without it they are damaged.
    optional = [entry[0] for entry in entries if entry[0] not in REQUIRED and entry[0] != "SHAP"]
    if optional:
        image = v.copy()
        struct.pack_into("<H", image, v.entry_at(v.index_of(optional[0])) + 4, 9)
        v.add(f"optional-{optional[0]}-version-9-unsealed", image, "checksum")

    # A changed byte in every section: its checksum left (the section's check finds it), and fixed
    # up (the whole-file hash finds it).
    for index, (tag, _, offset, length) in enumerate(entries):
        if length == 0:
            continue
        at = offset + rng.randrange(length)
        image = v.copy()
        image[at] ^= 1 << rng.randrange(8)
        v.add(f"section-{tag}-byte-changed", image, "checksum")
        reseal_section(image, index)
        v.add(f"section-{tag}-byte-changed-checksum-fixed", image, "checksum")
    if "GARC" in [entry[0] for entry in entries]:
        garc_variants(v)
    if "GTXT" in [entry[0] for entry in entries]:
        gtxt_variants(v)
    # GLMK (optional, checked in full on opening) damaged inside, with its checksum and the file's
    # hash fixed up, so that only the section's own check can find it.
    if "GLMK" in [entry[0] for entry in entries]:
        index = v.index_of("GLMK")
        _, _, offset, _ = entries[index]
        landmarks, keys, pairs = struct.unpack_from("<III", original, offset)
        levels = struct.unpack_from("<I", original, entries[v.index_of("LEVL")][2])[0]
        pairs_at = offset + (16 + 24 * landmarks + 7) // 8 * 8
        damages = [("landmark-count-plus-one", "<I", offset, landmarks + 1),
                   ("key-count-minus-one", "<I", offset + 4, keys - 1)]
        if landmarks:
            damages.append(("landmark-on-missing-level", "<H", offset + 16 + 16, levels))
        if pairs:
            damages.append(("pair-of-missing-landmark", "<I", pairs_at + 4, landmarks))
            damages.append(("pair-of-missing-key", "<I", pairs_at, keys))
        if pairs > 1:
            second_key = struct.unpack_from("<I", original, pairs_at + 12)[0]
            damages.append(("pairs-out-of-order", "<I", pairs_at, second_key + 1))
        for name, form, at, value in damages:
            image = v.copy()
            struct.pack_into(form, image, at, value & (0xFFFF if form == "<H" else 0xFFFFFFFF))
            reseal_section(image, index)
            reseal_file(image)
            v.add(f"glmk-{name}", image, "format")
    # Padding between sections, which no section checksum covers.
    for tag, _, offset, length in entries:
        if length % 8:
            image = v.copy()
            image[offset + length] ^= 0x40
            v.add(f"padding-after-{tag}", image, "checksum")
            break
    return v.made


def garc_variants(v):
    """GARC's header damaged, each with its section's checksum and the file's hash fixed up, so that
    only the checks every reader makes of GARC when it opens a bundle find it."""
    index = v.index_of("GARC")
    _, _, offset, length = v.entries[index]
    arcs, corners = struct.unpack_from("<II", v.original, offset)
    length_field = struct.unpack_from("<I", v.original, 20)[0] + ENTRY * index + 16

    def sealed(name, damage):
        image = v.copy()
        damage(image)
        reseal_section(image, index)
        reseal_file(image)
        v.add(f"garc-{name}", image, "format")

    sealed("arc-count-plus-1", lambda image: struct.pack_into("<I", image, offset, arcs + 1))
    sealed("arc-count-2-32-1", lambda image: struct.pack_into("<I", image, offset, 0xFFFFFFFF))
    sealed("corner-count-plus-1", lambda image: struct.pack_into("<I", image, offset + 4, corners + 1))
    sealed("corner-count-2-32-1", lambda image: struct.pack_into("<I", image, offset + 4, 0xFFFFFFFF))
    # The section shorter than its tables (its last 8 bytes left as padding), or than its header.
    sealed("cut-by-8", lambda image: struct.pack_into("<Q", image, length_field, length - 8))
    sealed("cut-to-12", lambda image: struct.pack_into("<Q", image, length_field, 12))


def gtxt_variants(v):
    """GTXT's tables damaged, each with its section's checksum and the file's hash fixed up, so that
    only the checks every reader makes of GTXT when it opens a bundle find them (templates and
    their UTF-8 are checked where used, by each reader's own tests)."""
    index = v.index_of("GTXT")
    _, _, offset, length = v.entries[index]
    languages, keys, strings, _ = struct.unpack_from("<IIII", v.original, offset)
    languages_at = offset + 16 + 8 * keys
    values_at = languages_at + 16 * languages
    offsets_at = (values_at - offset + 4 * languages * keys + 7) // 8 * 8 + offset
    length_field = struct.unpack_from("<I", v.original, 20)[0] + ENTRY * index + 16
    flags = struct.unpack_from("<I", v.original, languages_at + 8)[0]
    first_key = v.original[offset + 16:offset + 24]
    second_key = v.original[offset + 24:offset + 32]

    def sealed(name, damage):
        image = v.copy()
        damage(image)
        reseal_section(image, index)
        reseal_file(image)
        v.add(f"gtxt-{name}", image, "format")

    sealed("language-count-plus-1", lambda image: struct.pack_into("<I", image, offset, languages + 1))
    sealed("language-count-0", lambda image: struct.pack_into("<I", image, offset, 0))
    sealed("string-count-2-24", lambda image: struct.pack_into("<I", image, offset + 8, 1 << 24))
    sealed("keys-swapped", lambda image: image.__setitem__(slice(offset + 16, offset + 32), second_key + first_key))
    sealed("key-flags-4", lambda image: struct.pack_into("<I", image, offset + 20, 4))
    sealed("form-count-0", lambda image: struct.pack_into("<I", image, languages_at + 8, flags & 0xFFF0FFFF))
    sealed("value-absent", lambda image: struct.pack_into("<I", image, values_at, 0xFFFFFFFF))
    sealed("value-past-strings", lambda image: struct.pack_into("<I", image, values_at, strings))
    sealed("offset-decreasing", lambda image: struct.pack_into("<I", image, offsets_at + 8, 0xFFFF))
    sealed("cut-by-8", lambda image: struct.pack_into("<Q", image, length_field, length - 8))
    sealed("cut-to-12", lambda image: struct.pack_into("<Q", image, length_field, 12))


def main(arguments):
    if len(arguments) != 2:
        print("usage: make-corrupt-bundles.py BUNDLE OUTDIR", file=sys.stderr)
        return 2
    bundle, folder = arguments
    try:
        with open(bundle, "rb") as file:
            original = file.read()
        entries = table(original)
    except (OSError, struct.error, UnicodeDecodeError) as error:
        print(f"make-corrupt-bundles.py: {bundle}: cannot read it as a bundle: {error}", file=sys.stderr)
        return 1
    if missing := [tag for tag in REQUIRED if tag not in [entry[0] for entry in entries]]:
        print(f"make-corrupt-bundles.py: {bundle}: no section {', '.join(missing)}", file=sys.stderr)
        return 1
    variants = make(original, random.Random(20261125))
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        if name.endswith(".navbundle") or name == "expected.tsv":
            os.remove(os.path.join(folder, name))
    with open(os.path.join(folder, "expected.tsv"), "w", encoding="utf-8") as listing:
        for number, (name, image, expected, swift) in enumerate(variants, 1):
            file_name = f"{number:03d}-{name}.navbundle"
            with open(os.path.join(folder, file_name), "wb") as file:
                file.write(image)
            listing.write(f"{file_name}\t{expected}" + (f"\t{swift}" if swift else "") + "\n")
    print(f"{len(variants)} damaged variants of {bundle} in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
