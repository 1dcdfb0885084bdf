#!/usr/bin/env python3
"""Writes Sources/GuidanceLanguages/EmbeddedLanguageFiles.swift from the language files beside it.

The guidance languages (Sources/GuidanceLanguages/Languages/*.yml: the schema and one file per
language) travel inside the navforge executable, so that the bundle stage needs no files beside
it. They are embedded by this script and the result is committed, rather than by a build-tool
plugin, because the fuzzing package builds every plugin tool with libFuzzer's options, under
which a tool cannot run. A test (GuidanceLanguageTests) fails when the embedded copy and the
files differ: run this script after editing a language and commit both.

Usage: scripts/embed-languages.py
"""
import base64
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "..", "Sources", "GuidanceLanguages")


def main():
    folder = os.path.join(TARGET, "Languages")
    names = sorted(name for name in os.listdir(folder) if name.endswith(".yml"))
    lines = ["// Made by scripts/embed-languages.py from Languages/*.yml; not edited by hand.",
             "enum EmbeddedLanguageFiles {",
             "    /// Each file's name and its bytes in base64.",
             "    static let files: [(name: String, base64: String)] = ["]
    for name in names:
        with open(os.path.join(folder, name), "rb") as handle:
            lines.append(f'        ("{name}", "{base64.b64encode(handle.read()).decode("ascii")}"),')
    lines += ["    ]", "}", ""]
    with open(os.path.join(TARGET, "EmbeddedLanguageFiles.swift"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


if __name__ == "__main__":
    main()
