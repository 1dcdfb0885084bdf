#!/usr/bin/env python3
"""Writes the C reader as one drop-in source file and its public header.

    scripts/amalgamate-c-reader.py [OUT_DIR]     (default: build/navbundle-amalgamation)

OUT_DIR/navbundle.c holds every source file of readers/c listed in SOURCES, in that order, with
each internal header (a quoted include naming a file of readers/c other than the public header)
inlined where it is first included and dropped where it is included again; OUT_DIR/navbundle.h is
the public header. Both start with a comment naming the commit they were made from, so that a copy
in another project says where it came from. An application then compiles one file, as with
SQLite's amalgamation: `cc -c navbundle.c` beside `navbundle.h`.

The output depends only on the sources and the commit: the same checkout gives the same bytes.
A quoted include of a file that readers/c lacks, or of a .c file, stops the script with an error
rather than writing an amalgamation that would not compile elsewhere.
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
READER = ROOT / "readers" / "c"
PUBLIC_HEADER = "navbundle.h"
# The core's source files in the order they are concatenated: a file may use what earlier ones
# define. Today the core is one file; when it is split, list the parts here.
SOURCES = ["navbundle.c"]

QUOTED_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def fail(message):
    sys.exit(f"amalgamate-c-reader: {message}")


def commit():
    """The commit the reader's files come from, marked when they differ from it."""
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "readers/c"],
                                 capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return head + (" with local changes to readers/c" if changed else "")


def expand(name, seen, out, chain):
    """Appends the lines of readers/c/`name` to `out`, internal headers inlined once each."""
    path = READER / name
    if not path.is_file():
        fail(f"{' -> '.join(chain + [name])}: no such file in readers/c")
    for line in path.read_text(encoding="utf-8").splitlines():
        match = QUOTED_INCLUDE.match(line)
        if not match:
            out.append(line)
            continue
        included = match.group(1)
        if included == PUBLIC_HEADER:
            # Shipped beside the amalgamation, so the include stays, once.
            if PUBLIC_HEADER not in seen:
                seen.add(PUBLIC_HEADER)
                out.append(line)
            continue
        if included.endswith(".c"):
            fail(f"{name} includes {included}: list source files in SOURCES instead")
        if included in seen:
            out.append(f"/* {included} is inlined above. */")
            continue
        seen.add(included)
        out.append(f"/* ---- {included}, inlined ---- */")
        expand(included, seen, out, chain + [name])
        out.append(f"/* ---- end of {included} ---- */")


def main():
    if len(sys.argv) > 2:
        sys.exit("usage: scripts/amalgamate-c-reader.py [OUT_DIR]")
    out_dir = pathlib.Path(sys.argv[1] if len(sys.argv) == 2 else ROOT / "build" / "navbundle-amalgamation")
    stamp = (f"/* navbundle amalgamation: navforge's readers/c at commit {commit()},\n"
             f" * made by scripts/amalgamate-c-reader.py. Do not edit: change readers/c and run it again. */\n")

    seen = set()
    lines = []
    for source in SOURCES:
        lines.append(f"/* ==== readers/c/{source} ==== */")
        expand(source, seen, lines, [])
    if PUBLIC_HEADER not in seen:
        fail(f"no source includes {PUBLIC_HEADER}")

    # The public header itself must not lean on internal headers, or the pair would not stand alone.
    header = (READER / PUBLIC_HEADER).read_text(encoding="utf-8")
    for line in header.splitlines():
        match = QUOTED_INCLUDE.match(line)
        if match:
            fail(f"{PUBLIC_HEADER} includes {match.group(1)}: the public header must stand alone")

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "navbundle.c").write_text(stamp + "\n".join(lines) + "\n", encoding="utf-8")
    (out_dir / PUBLIC_HEADER).write_text(stamp + header, encoding="utf-8")
    print(f"wrote {out_dir / 'navbundle.c'} ({len(SOURCES)} source file(s), "
          f"{len(seen) - 1} internal header(s) inlined) and {out_dir / PUBLIC_HEADER}")


if __name__ == "__main__":
    main()
