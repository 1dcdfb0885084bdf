"""`navforge publish`, `verify-root`, `verify` and `keygen`, end to end (docs/publishing.md).

Run by `make test` with NAVFORGE set; TU Dresden and SPbSTU join the demo when ../shared/data
is beside the repository.
"""

import json
import os
import random
import signal
import subprocess
import sys
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from publishing_support import (REPO, SHARED, DemoVariants, TemporaryFolder, lock_door_of, navforge_path,  # noqa: E402
                                rename_room, run, schema_validator, sha256)


class PublishingTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        navforge_path()
        cls.folder_context = TemporaryFolder()
        cls.folder = cls.folder_context.__enter__()
        cls.build = cls.folder / "build"
        run("keygen", cls.folder / "ci")
        cls.key, cls.pub = cls.folder / "ci.key", cls.folder / "ci.pub"
        cls.variants = DemoVariants(cls.folder / "variants")
        cls.demo = REPO / "pipelines" / "demo-campus.yml"
        run("build", cls.demo, "--build-dir", cls.build)
        cls.real = []
        if (SHARED / "osm").is_dir():
            for name in ["tu-dresden-apb", "spbstu-campus"]:
                pipeline = REPO / "pipelines" / f"{name}.yml"
                run("build", pipeline, "--build-dir", cls.build)
                cls.real.append(pipeline)
        else:
            print("skipped: TU Dresden and SPbSTU publish only with ../shared/data beside the repository",
                  file=sys.stderr)

    @classmethod
    def tearDownClass(cls):
        cls.folder_context.__exit__(None, None, None)

    def variant(self, name, version, edit=None):
        """Builds a demo variant; returns its pipeline and build folder."""
        pipeline = self.variants.make(name, version, edit)
        build = self.folder / f"build-{name}"
        run("build", pipeline, "--build-dir", build)
        return pipeline, build

    def publish(self, root, *sources, check=True, extra=()):
        return run("publish", *sources, "--root", root, "--build-dir", self.build, *extra, check=check)

    def test_publishes_three_venues_twice_signed_and_checked_by_schema_and_openssl(self):
        root = self.folder / "root-twice"
        first = [self.demo, *self.real]
        self.publish(root, *first, extra=("--sign-key", self.key))
        v110, build110 = self.variant("twice-110", "1.1.0", rename_room("Cafeteria", "Canteen"))
        # The second run: the demo changed and raised its version, the others did not. Build
        # folders are sources as well as pipelines are.
        second = run("publish", build110 / "demo-campus", *(self.build / p.stem for p in self.real), "--root", root,
                     "--sign-key", self.key)
        self.assertIn("published demo-campus 1.1.0", second.stdout)
        self.assertIn("1 renamed", second.stdout.replace("1 place renamed", "1 renamed"))

        catalog = json.loads((root / "catalog.json").read_text())
        errors = sorted(schema_validator().iter_errors(catalog), key=str)
        self.assertEqual([], [e.message for e in errors])
        # The schema is strict enough to notice a wrong field.
        damaged = json.loads(json.dumps(catalog))
        damaged["venues"][0]["versions"][0]["release"]["bundle"]["sha256"] = "not hex"
        damaged["venues"][0]["versions"][0]["release"]["surprise"] = True
        self.assertEqual(2, len(list(schema_validator().iter_errors(damaged))))
        venues = {venue["id"]: venue for venue in catalog["venues"]}
        self.assertEqual({"demo-campus", *(p.stem for p in self.real)}, set(venues))
        self.assertEqual(["1.1.0", "1.0.0"], [v["release"]["version"] for v in venues["demo-campus"]["versions"]])
        self.assertEqual("1.1.0", venues["demo-campus"]["latest"])
        changes = venues["demo-campus"]["versions"][0]["release"]["changes"]
        self.assertEqual(("1.0.0", 1), (changes["against"], changes["placesRenamed"]))

        latest_validator, release_validator = schema_validator("latest"), schema_validator("release")
        for venue in venues.values():
            latest = json.loads((root / venue["id"] / "latest.json").read_text())
            self.assertEqual([], [e.message for e in latest_validator.iter_errors(latest)])
            self.assertEqual(venue["latest"], latest["version"])
            for version in venue["versions"]:
                release = version["release"]
                folder = root / venue["id"] / release["version"]
                own = json.loads((folder / "release.json").read_text())
                self.assertEqual([], [e.message for e in release_validator.iter_errors(own)])
                bundle = root / release["bundle"]["path"]
                self.assertEqual(release["bundle"]["sha256"], sha256(bundle))
                statement = json.loads((folder / "statement.json").read_text())
                self.assertEqual((venue["id"], release["version"], sha256(bundle), bundle.stat().st_size),
                                 (statement["venue"], statement["version"], statement["sha256"], statement["size"]))
                # Stock openssl checks the signature over the statement's exact bytes.
                checked = subprocess.run(
                    ["openssl", "pkeyutl", "-verify", "-pubin", "-inkey", str(self.pub), "-rawin",
                     "-in", str(folder / "statement.json"), "-sigfile", str(folder / "statement.sig")],
                    capture_output=True, text=True)
                self.assertEqual(0, checked.returncode, checked.stdout + checked.stderr)
                self.assertIn("Signature Verified Successfully", checked.stdout)
                run("verify", bundle, "--pubkey", self.pub)
        verified = run("verify-root", root, "--pubkey", self.pub)
        self.assertIn(f"{2 + len(self.real)} versions checked", verified.stdout)

        # The first version again, with other bytes: refused, the root unchanged.
        before = (root / "catalog.json").read_bytes()
        v100, build100 = self.variant("twice-100-other", "1.0.0", rename_room("Cafeteria", "Refectory"))
        refused = run("publish", v100, "--root", root, "--build-dir", build100, "--sign-key", self.key, check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn("demo-campus 1.0.0 is already published with other bytes", refused.stderr)
        self.assertEqual(before, (root / "catalog.json").read_bytes())
        # The same bytes again: a no-op.
        again = self.publish(root, self.demo, extra=("--sign-key", self.key))
        self.assertIn("already published with these bytes", again.stdout)
        self.assertEqual(before, (root / "catalog.json").read_bytes())

    def test_openssl_refuses_a_tampered_statement(self):
        """The openssl check above is a real check: one changed byte fails it."""
        root = self.folder / "root-tampered"
        self.publish(root, self.demo, extra=("--sign-key", self.key))
        folder = root / "demo-campus" / "1.0.0"
        statement = (folder / "statement.json").read_bytes()
        tampered = self.folder / "tampered-statement.json"
        tampered.write_bytes(statement.replace(b'"size":', b'"size":1'))
        checked = subprocess.run(["openssl", "pkeyutl", "-verify", "-pubin", "-inkey", str(self.pub), "-rawin",
                                  "-in", str(tampered), "-sigfile", str(folder / "statement.sig")],
                                 capture_output=True, text=True)
        self.assertNotEqual(0, checked.returncode)
        other = self.folder / "other"
        run("keygen", other)
        refused = run("verify", folder / "demo-campus-1.0.0.navbundle", "--pubkey", f"{other}.pub", check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn("signature", refused.stderr)

    def test_gate_refuses_a_locked_corridor_door_and_prints_why(self):
        root = self.folder / "root-gate"
        self.publish(root, self.demo)
        broken, build = self.variant("gate-110", "1.1.0", lock_door_of("A.0.02"))
        refused = run("publish", broken, "--root", root, "--build-dir", build, check=False)
        self.assertEqual(1, refused.returncode, refused.stdout + refused.stderr)
        self.assertIn("regresses against the published 1.0.0", refused.stderr)
        self.assertIn("foot: 1 of 74 places lose their way out (limit 0): room:A.0.02", refused.stderr)
        self.assertIn("foot can no longer reach room:A.0.02", refused.stderr)  # the diff
        self.assertFalse((root / "demo-campus" / "1.1.0").exists())
        self.assertEqual("1.0.0", json.loads((root / "demo-campus" / "latest.json").read_text())["version"])

        allowed = run("publish", broken, "--root", root, "--build-dir", build, "--allow-regression")
        self.assertIn("allowed regression: foot: 1 of 74", allowed.stdout)
        release = json.loads((root / "demo-campus" / "1.1.0" / "release.json").read_text())
        self.assertIn({"profile": "foot", "lost": 1, "gained": 0}, release["changes"]["reachability"])

    def test_gate_limits_come_from_the_pipeline(self):
        root = self.folder / "root-gate-limits"
        self.publish(root, self.demo)

        def lenient(folder):
            lock_door_of("A.0.02")(folder)
        pipeline = self.variants.make("gate-lenient", "1.1.0", lenient)
        text = pipeline.read_text() + "\npublish:\n  gate:\n    reachability-loss: 2%\n"
        pipeline.write_text(text)
        build = self.folder / "build-gate-lenient"
        run("build", pipeline, "--build-dir", build)
        published = run("publish", pipeline, "--root", root, "--build-dir", build)
        self.assertIn("published demo-campus 1.1.0", published.stdout)

    def test_retention_keeps_the_newest_and_the_pinned(self):
        root = self.folder / "root-retention"
        self.publish(root, self.demo)
        run("publish", self.demo, "--root", root, "--build-dir", self.build, "--pin", "1.0.0")
        for version in ["1.1.0", "1.2.0", "1.3.0"]:
            pipeline, build = self.variant(f"keep-{version}", version)
            run("publish", pipeline, "--root", root, "--build-dir", build, "--keep", "2")
        versions = sorted(p.name for p in (root / "demo-campus").iterdir() if p.is_dir())
        self.assertEqual(["1.0.0", "1.2.0", "1.3.0"], versions)  # 1.1.0 went; 1.0.0 is pinned
        catalog = json.loads((root / "catalog.json").read_text())
        listed = [(v["release"]["version"], v["pinned"]) for v in catalog["venues"][0]["versions"]]
        self.assertEqual([("1.3.0", False), ("1.2.0", False), ("1.0.0", True)], listed)
        run("verify-root", root)

    def test_two_publishes_at_once_both_land(self):
        """A publish waits for the lock another holds, then runs; both land."""
        import fcntl
        root = self.folder / "root-concurrent"
        station = REPO / "readers" / "vectors" / "station" / "station.yml"
        run("build", station, "--build-dir", self.build)
        root.mkdir()
        holder = open(root / ".navforge-publish.lock", "w")
        fcntl.flock(holder, fcntl.LOCK_EX)  # as a first publish would
        processes = [subprocess.Popen([navforge_path(), "publish", str(source), "--root", str(root), "--build-dir",
                                       str(self.build), "--sign-key", str(self.key)],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                     for source in [self.demo, station]]
        time.sleep(1.0)
        self.assertEqual([None, None], [process.poll() for process in processes], "both must wait for the lock")
        self.assertFalse((root / "catalog.json").exists())
        fcntl.flock(holder, fcntl.LOCK_UN)
        holder.close()
        for process in processes:
            out, err = process.communicate(timeout=120)
            self.assertEqual(0, process.returncode, out + err)
            self.assertIn("waiting for another publish", err)
        catalog = json.loads((root / "catalog.json").read_text())
        self.assertEqual(["demo-campus", "station"], [v["id"] for v in catalog["venues"]])
        run("verify-root", root, "--pubkey", self.pub)

    def test_version_numbers_stay_taken_after_retention(self):
        root = self.folder / "root-retired"
        self.publish(root, self.demo)
        for version in ["1.1.0", "1.2.0"]:
            pipeline, build = self.variant(f"retired-{version}", version)
            run("publish", pipeline, "--root", root, "--build-dir", build, "--keep", "1")
        self.assertEqual(["1.2.0"], sorted(p.name for p in (root / "demo-campus").iterdir() if p.is_dir()))
        retired = json.loads((root / "demo-campus" / "retired.json").read_text())["retired"]
        self.assertEqual(sha256(self.build / "demo-campus" / "demo-campus-1.0.0.navbundle"), retired["1.0.0"])
        other, build = self.variant("retired-other-100", "1.0.0", rename_room("Cafeteria", "Mensa"))
        refused = run("publish", other, "--root", root, "--build-dir", build, check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn("already published with other bytes", refused.stderr)
        # The same bytes may come back.
        run("publish", self.demo, "--root", root, "--build-dir", self.build)
        run("verify-root", root)

    def test_refuses_names_that_cannot_be_versions_or_venues(self):
        root = self.folder / "root-names"
        metadata, build = self.variant("names-build-metadata", "1.0.0+b")
        refused = run("publish", metadata, "--root", root, "--build-dir", build, check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn("may not carry build metadata", refused.stderr)
        pipeline = self.variants.make("names-json", "1.0.0")
        pipeline.write_text(pipeline.read_text().replace("id: demo-campus", "id: catalog.json"))
        build = self.folder / "build-names-json"
        run("build", pipeline, "--build-dir", build)
        refused = run("publish", pipeline, "--root", root, "--build-dir", build, check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn("not end in '.json'", refused.stderr)
        self.assertFalse((root / "catalog.json").exists())

    def test_a_pin_of_an_unknown_version_is_refused_before_anything_is_written(self):
        root = self.folder / "root-pin"
        refused = run("publish", self.demo, "--root", root, "--build-dir", self.build, "--pin", "9.9.9", check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn("no published version 9.9.9", refused.stderr)
        self.assertFalse((root / "demo-campus").exists())
        run("publish", self.demo, "--root", root, "--build-dir", self.build, "--pin", "1.0.0")
        self.assertEqual({"pinned": ["1.0.0"]}, json.loads((root / "demo-campus" / "pins.json").read_text()))

    def test_a_staging_publish_refuses_what_the_real_root_has_with_other_bytes(self):
        real, staging = self.folder / "root-real", self.folder / "root-staging"
        self.publish(real, self.demo)
        other, build = self.variant("against-100", "1.0.0", rename_room("Cafeteria", "Mensa"))
        refused = run("publish", other, "--root", staging, "--build-dir", build, "--against", real, check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn("already published with other bytes", refused.stderr)
        self.assertFalse((staging / "demo-campus" / "1.0.0").exists())

    def test_a_merge_rerun_points_latest_at_a_version_a_killed_merge_moved_in(self):
        import shutil
        root, staging = self.folder / "root-merge-rerun", self.folder / "staging-merge-rerun"
        self.publish(root, self.demo)
        pipeline, build = self.variant("merge-rerun-110", "1.1.0")
        run("publish", pipeline, "--root", staging, "--build-dir", build)
        # What a merge killed right after its rename leaves: the folder in place, the pointers old.
        shutil.copytree(staging / "demo-campus" / "1.1.0", root / "demo-campus" / "1.1.0")
        self.assertIn("latest.json names 1.0.0 while 1.1.0 is complete", run("verify-root", root).stdout)
        rerun = run("publish", "--merge", staging, "--root", root)
        self.assertIn("already published demo-campus 1.1.0", rerun.stdout)
        self.assertEqual("1.1.0", json.loads((root / "demo-campus" / "latest.json").read_text())["version"])
        self.assertNotIn("note:", run("verify-root", root).stdout)

    def test_merge_refuses_a_linked_version_folder(self):
        staging, root, outside = self.folder / "staging-linked", self.folder / "root-linked", self.folder / "outside"
        self.publish(staging, self.demo)
        version = staging / "demo-campus" / "1.0.0"
        version.rename(outside)
        version.symlink_to(outside)
        refused = run("publish", "--merge", staging, "--root", root, check=False)
        self.assertEqual(1, refused.returncode)
        self.assertFalse((root / "demo-campus").exists())

    def test_verify_root_takes_several_keys_while_they_rotate(self):
        root = self.folder / "root-rotation"
        self.publish(root, self.demo, extra=("--sign-key", self.key))
        run("keygen", self.folder / "next")
        pipeline, build = self.variant("rotation-110", "1.1.0")
        run("publish", pipeline, "--root", root, "--build-dir", build, "--sign-key", self.folder / "next.key")
        one = run("verify-root", root, "--pubkey", self.pub, check=False)
        self.assertEqual(1, one.returncode)
        self.assertIn("demo-campus/1.1.0/ is signed by key", one.stderr)
        both = run("verify-root", root, "--pubkey", self.pub, "--pubkey", self.folder / "next.pub")
        self.assertIn("2 versions checked, 2 signatures", both.stdout)

    def test_kill_at_random_moments_leaves_a_valid_root_that_a_rerun_completes(self):
        """20 publishes (the last four merges) killed with SIGKILL; each leaves a valid root a rerun completes.

        Half the kills come at a random moment of the run, the other half a random few
        milliseconds after the run starts assembling a version in `.incoming/`, so that they
        land among the writes and renames and not only in process start-up.
        """
        variants = [self.variant(f"kill-{n}", f"2.{n}.0") for n in range(10)]
        durations = []
        for n in range(3):
            started = time.monotonic()
            self.publish(self.folder / f"root-kill-probe-{n}", variants[0][1] / "demo-campus")
            durations.append(time.monotonic() - started)
        duration = min(durations)
        rng = random.Random(20261125)
        roots = [self.folder / "root-kill-a", self.folder / "root-kill-b"]
        for root in roots:
            root.mkdir()  # a run killed before its first write leaves it empty, which is valid
        stages = {"killed": 0, "finished first": 0, "left mid-publish": 0}
        for attempt in range(20):
            root = roots[attempt % 2]
            _, build = variants[attempt // 2]
            sources = [build / "demo-campus"]
            if attempt == 0:
                sources += [self.build / p.stem for p in self.real]
            command = [navforge_path(), "publish", *map(str, sources), "--root", str(root), "--sign-key", str(self.key),
                       "--keep", "3"]
            if attempt >= 16:
                # The CI flow's merge: the version staged first, the merge killed.
                staging = self.folder / f"root-kill-staging-{attempt}"
                run("publish", *sources, "--root", staging, "--sign-key", self.key)
                command = [navforge_path(), "publish", "--merge", str(staging), "--root", str(root), "--keep", "3"]
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if attempt % 4 < 2:
                time.sleep(rng.uniform(0, duration))
            else:
                deadline = time.monotonic() + 30
                while process.poll() is None and time.monotonic() < deadline and \
                        not any((root / ".incoming").glob("*")):
                    time.sleep(0.0005)
                time.sleep(rng.uniform(0, 0.004))
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                stages["killed"] += 1
            else:
                stages["finished first"] += 1
            process.wait()
            checked = run("verify-root", root, "--pubkey", self.pub, check=False)
            self.assertEqual(0, checked.returncode, f"attempt {attempt}:\n{checked.stdout}{checked.stderr}")
            if "note:" in checked.stdout:
                stages["left mid-publish"] += 1
            rerun = subprocess.run(command, capture_output=True, text=True)
            self.assertEqual(0, rerun.returncode, rerun.stdout + rerun.stderr)
            checked = run("verify-root", root, "--pubkey", self.pub)
            self.assertNotIn("note:", checked.stdout, f"attempt {attempt}: the rerun left work undone")
            latest = json.loads((root / "demo-campus" / "latest.json").read_text())["version"]
            self.assertEqual(f"2.{attempt // 2}.0", latest)
        print(f"kill -9: {stages}; every root valid", file=sys.stderr)
        # The kills must really have interrupted runs, some of them among the writes.
        self.assertGreaterEqual(stages["killed"], 10, stages)
        self.assertGreaterEqual(stages["left mid-publish"], 3, stages)

    def test_merge_refuses_a_staged_folder_with_unlisted_files_or_links(self):
        staging, root = self.folder / "staging-links", self.folder / "root-links"
        link = self.folder / "linked.navbundle"
        link.symlink_to(self.build / "demo-campus" / "demo-campus-1.0.0.navbundle")
        self.publish(staging, link)  # a link given as the source is copied as the file it names
        folder = staging / "demo-campus" / "1.0.0"
        self.assertFalse((folder / "demo-campus-1.0.0.navbundle").is_symlink())
        (folder / "extra.txt").symlink_to("/etc/passwd")
        refused = run("publish", "--merge", staging, "--root", root, check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn("may hold only the regular files its release.json lists", refused.stderr)
        self.assertFalse((root / "demo-campus").exists())
        (folder / "extra.txt").unlink()
        merged = run("publish", "--merge", staging, "--root", root)
        self.assertIn("merged demo-campus 1.0.0", merged.stdout)

    def test_keygen_writes_keys_openssl_reads_and_refuses_to_overwrite(self):
        name = self.folder / "keys" / "site"
        name.parent.mkdir()
        run("keygen", name)
        self.assertEqual(0o600, os.stat(f"{name}.key").st_mode & 0o777)
        derived = subprocess.run(["openssl", "pkey", "-in", f"{name}.key", "-pubout"], capture_output=True, text=True)
        self.assertEqual(0, derived.returncode, derived.stderr)
        self.assertEqual(Path(f"{name}.pub").read_text(), derived.stdout)
        again = run("keygen", name, check=False)
        self.assertEqual(1, again.returncode)
        self.assertIn("--force", again.stderr)

    def test_verify_root_finds_a_changed_byte(self):
        root = self.folder / "root-corrupt"
        self.publish(root, self.demo)
        bundle = root / "demo-campus" / "1.0.0" / "demo-campus-1.0.0.navbundle"
        data = bytearray(bundle.read_bytes())
        data[len(data) // 2] ^= 1
        bundle.write_bytes(bytes(data))
        checked = run("verify-root", root, check=False)
        self.assertEqual(1, checked.returncode)
        self.assertIn("demo-campus/1.0.0/demo-campus-1.0.0.navbundle", checked.stderr)


if __name__ == "__main__":
    unittest.main()
