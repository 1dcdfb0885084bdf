"""docs/ci.md's pipeline run locally by scripts/ci-local.sh: plan, parallel jobs, merge, verify."""

import json
import os
import subprocess
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from publishing_support import REPO, SHARED, DemoVariants, TemporaryFolder, navforge_path, rename_room, run  # noqa: E402


class CIMatrixTests(unittest.TestCase):
    def ci_local(self, root, work, *pipelines):
        env = dict(os.environ, NAVFORGE=navforge_path(), WORK=str(work), JOBS="3",
                   SIGN_KEY=str(self.key), PUBKEY=str(self.pub))
        return subprocess.run([str(REPO / "scripts" / "ci-local.sh"), str(root), *map(str, pipelines)],
                              capture_output=True, text=True, env=env, cwd=REPO)

    def test_plan_parallel_jobs_merge_verify(self):
        with TemporaryFolder() as folder:
            run("keygen", folder / "ci")
            self.key, self.pub = folder / "ci.key", folder / "ci.pub"
            variants = DemoVariants(folder / "variants")
            demo = variants.make("demo", "1.0.0")
            pipelines = [demo, REPO / "pipelines" / "meeting-rooms.yml", REPO / "readers" / "vectors" / "station" / "station.yml"]
            if (SHARED / "osm").is_dir():
                pipelines.append(REPO / "pipelines" / "tu-dresden-apb.yml")
            root = folder / "root"

            first = self.ci_local(root, folder / "work-1", *pipelines)
            self.assertEqual(0, first.returncode, first.stdout + first.stderr)
            self.assertEqual(len(pipelines), first.stdout.count("built and staged"), first.stdout)
            self.assertIn(f"valid ({len(pipelines)} versions checked, {len(pipelines)} signatures)", first.stdout)
            catalog = json.loads((root / "catalog.json").read_text())
            self.assertEqual(len(pipelines), len(catalog["venues"]))

            # Nothing changed: the plan is empty and nothing is built.
            second = self.ci_local(root, folder / "work-2", *pipelines)
            self.assertEqual(0, second.returncode, second.stdout + second.stderr)
            self.assertIn("every venue is up to date", second.stdout)

            # The demo's input changes and its version rises: only the demo is rebuilt, gated
            # against the real root, and merged.
            demo_text = demo.read_text().replace("\nversion: 1.0.0\n", "\nversion: 1.0.1\n")
            demo.write_text(demo_text)
            rename_room("Cafeteria", "Canteen")(demo.parent.parent / "input" / "demo-campus")
            planned = run("plan", *pipelines, "--against", root)
            matrix = json.loads(planned.stdout)
            self.assertEqual([{"name": "demo-campus", "pipeline": str(demo), "venue": "demo-campus", "version": "1.0.1"}],
                             matrix["include"])
            self.assertIn("input changed: ../input/demo-campus/main-building.geojson", planned.stderr)
            third = self.ci_local(root, folder / "work-3", *pipelines)
            self.assertEqual(0, third.returncode, third.stdout + third.stderr)
            self.assertEqual(1, third.stdout.count("built and staged"), third.stdout)
            catalog = json.loads((root / "catalog.json").read_text())
            demo_entry = next(v for v in catalog["venues"] if v["id"] == "demo-campus")
            self.assertEqual("1.0.1", demo_entry["latest"])
            self.assertEqual("1.0.0", demo_entry["versions"][0]["release"]["changes"]["against"])

    def test_gitlab_child_pipeline_lists_the_changed_venues(self):
        planned = run("plan", REPO / "pipelines" / "demo-campus.yml", REPO / "pipelines" / "meeting-rooms.yml",
                      "--format", "gitlab", "--gitlab-include", "ci/venue-job.yml")
        text = planned.stdout
        self.assertIn('extends: ".navforge-venue"', text)
        self.assertIn('- VENUE: "demo-campus"', text)
        self.assertIn('PIPELINE: "', text)
        import yaml  # python3-yaml, a test dependency
        document = yaml.safe_load(text)
        matrix = document["build-venue"]["parallel"]["matrix"]
        self.assertEqual(["demo-campus", "meeting-rooms"], [entry["VENUE"] for entry in matrix])


class CIDocumentTests(unittest.TestCase):
    """docs/ci.md's pipeline files parse, and every navforge command in them exists with its options."""

    def test_pipeline_files_use_real_commands_and_options(self):
        import re
        import yaml  # python3-yaml, a test dependency
        text = (REPO / "docs" / "ci.md").read_text()
        blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
        self.assertGreaterEqual(len(blocks), 3)
        for block in blocks:
            self.assertIsInstance(yaml.safe_load(block), dict)
        commands = re.findall(r"navforge (plan|build|publish|verify-root|verify|keygen|pull) ([^\n]*)", "\n".join(blocks))
        self.assertGreaterEqual(len(commands), 8)
        for subcommand, arguments in commands:
            help_text = run(subcommand, "--help").stdout
            for option in re.findall(r"(--[a-z][a-z-]+)", arguments):
                self.assertIn(option, help_text, f"navforge {subcommand} has no {option}")
        for script in re.findall(r"scripts/[a-z-]+\.sh", text):
            self.assertTrue((REPO / script).is_file(), script)


if __name__ == "__main__":
    unittest.main()
