"""What the publishing tests share: the navforge executable, demo variants, schema checks.

The tests run the real executable (`NAVFORGE`, set by `make test`) on real builds, since what
they check (atomic renames under kill -9, openssl reading our signatures, parallel jobs merged
into one root) only exists between processes.
"""

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "data"
SCHEMA = REPO / "docs" / "catalog.schema.json"


def navforge_path():
    path = os.environ.get("NAVFORGE")
    if not path:
        raise unittest.SkipTest("set NAVFORGE to the navforge executable (make test does)")
    return path


def run(*args, check=True, cwd=None, env=None):
    """Runs navforge with `args`; returns the completed process (text output)."""
    process = subprocess.run([navforge_path(), *map(str, args)], capture_output=True, text=True, cwd=cwd,
                             env=env)
    if check and process.returncode != 0:
        raise AssertionError(f"navforge {' '.join(map(str, args))} exited {process.returncode}:\n"
                             f"{process.stdout}\n{process.stderr}")
    return process


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


class DemoVariants:
    """Copies of the demo pipeline with another version, and inputs edited when asked.

    Each variant lives in its own folder shaped like the repository (`pipelines/`, `input/`),
    so the pipeline's relative input paths stay as they are and the manifests list the same
    source paths as the real demo's.
    """

    def __init__(self, folder):
        self.folder = Path(folder)

    def make(self, name, version, edit=None):
        """The pipeline file of a variant; `edit(input_folder)` changes its inputs."""
        base = self.folder / name
        (base / "pipelines").mkdir(parents=True)
        (base / "input").mkdir()
        shutil.copytree(REPO / "input" / "demo-campus", base / "input" / "demo-campus")
        if edit:
            edit(base / "input" / "demo-campus")
        text = (REPO / "pipelines" / "demo-campus.yml").read_text()
        assert "\nversion: 1.0.0\n" in text
        pipeline = base / "pipelines" / "demo-campus.yml"
        pipeline.write_text(text.replace("\nversion: 1.0.0\n", f"\nversion: {version}\n"))
        return pipeline


def rename_room(old, new):
    """An input edit: a room of the main building renamed (a harmless change)."""
    def edit(folder):
        path = folder / "main-building.geojson"
        data = json.loads(path.read_text())
        hits = [f for f in data["features"] if f["properties"].get("name") == old]
        assert len(hits) == 1, f"expected one feature named {old!r}"
        hits[0]["properties"]["name"] = new
        path.write_text(json.dumps(data))
    return edit


def lock_door_of(room_ref):
    """An input edit: the one door onto the corridor of room `room_ref` locked (`access=no`).

    The door is found by geometry, as the point on the room's outline, so the edit follows the
    demo's data rather than a feature index.
    """
    def edit(folder):
        path = folder / "main-building.geojson"
        data = json.loads(path.read_text())
        rooms = [f for f in data["features"] if f["properties"].get("ref") == room_ref]
        assert len(rooms) == 1, f"expected one room {room_ref}"
        ring = rooms[0]["geometry"]["coordinates"][0]
        level = rooms[0]["properties"]["level"]

        def on_outline(point):
            for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
                cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
                within = min(x1, x2) - 1e-9 <= point[0] <= max(x1, x2) + 1e-9 and \
                    min(y1, y2) - 1e-9 <= point[1] <= max(y1, y2) + 1e-9
                if abs(cross) < 1e-12 and within:
                    return True
            return False

        doors = [f for f in data["features"] if f["properties"].get("kind") == "door"
                 and f["properties"].get("level") == level and on_outline(f["geometry"]["coordinates"])]
        assert len(doors) == 1, f"expected one door on {room_ref}'s outline, found {len(doors)}"
        doors[0]["properties"]["access"] = "no"
        path.write_text(json.dumps(data))
    return edit


def schema_validator(definition=None):
    """A validator for docs/catalog.schema.json, or for one of its `$defs`."""
    try:
        import jsonschema
    except ImportError as error:
        raise AssertionError("python3-jsonschema is a test dependency (make test-deps installs it)") from error
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    if definition:
        schema = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(schema)


class TemporaryFolder:
    def __enter__(self):
        self.path = Path(tempfile.mkdtemp(prefix="navforge-publish-"))
        return self.path

    def __exit__(self, *_):
        shutil.rmtree(self.path, ignore_errors=True)
