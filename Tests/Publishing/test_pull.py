"""`navforge pull` against static servers on 127.0.0.1 that behave, and that do not.

Run from `make test` after the Swift build:

    NAVFORGE=.build/debug/navforge python3 -m unittest discover -s Tests/Publishing -p 'test_pull.py'

NAVFORGE names the executable; without it every test is skipped. The tests build nothing but the
demo campus (with `navforge build`, into a temporary folder), publish it as 1.0.0 and 1.1.0 into
temporary publication roots, and serve those with a server of the standard library that answers
range requests, and can be told to cut a download short, flip a byte, send too much, stall, or
ignore ranges. Each test pulls into a fresh folder and checks what `pull` left there.
"""
import base64
import hashlib
import http.server
import json
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
import unittest
from pathlib import Path

NAVFORGE = os.environ.get("NAVFORGE")
REPOSITORY = Path(__file__).resolve().parents[2]
VENUE = "demo-campus"
BUNDLE_1 = "demo-campus/1.0.0/demo-campus-1.0.0.navbundle"
BUNDLE_2 = "demo-campus/1.1.0/demo-campus-1.1.0.navbundle"
#: Where the truncating server closes the connection, in bytes of the answer it sends.
CUT = 40000


def run(*arguments, check=True, timeout=120, env=None):
    result = subprocess.run([str(a) for a in arguments], capture_output=True, text=True, timeout=timeout, env=env)
    if check and result.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, arguments))} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result


def sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class Server:
    """A static server for a publication root on a free port of 127.0.0.1.

    It answers `Range: bytes=N-` with 206 as a web server does, and records every request as
    (path, Range header or None, status). `mode` makes it misbehave on bundles:
    `truncate` closes the connection after CUT bytes of the answer, `tamper` flips one byte,
    `extra` appends bytes, `ignore-range` answers a range request with the whole file and 200,
    `stall` sends half the answer and then nothing for `stall_seconds`, `trickle` sends 20000
    bytes every 0.4 s.
    `catalog` replaces the bytes served as catalog.json; with `credentials` ("user:password")
    every request needs them by HTTP basic authentication.
    """

    def __init__(self, root, tls=None):
        self.root = Path(root)
        self.mode = "good"
        self.catalog = None
        self.credentials = None
        self.stall_seconds = 5
        self.requests = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_GET(self):
                server.answer(self)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        if tls:
            self.httpd.socket = tls.wrap_socket(self.httpd.socket, server_side=True)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"{'https' if tls else 'http'}://127.0.0.1:{self.httpd.server_port}/"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def bundle_requests(self):
        return [r for r in self.requests if r[0].endswith(".navbundle")]

    def answer(self, handler):
        path = handler.path.split("?")[0].lstrip("/")
        asked = handler.headers.get("Range")
        file = (self.root / path).resolve()
        if self.credentials:
            expected = "Basic " + base64.b64encode(self.credentials.encode()).decode()
            if handler.headers.get("Authorization") != expected:
                self.requests.append((path, asked, 401))
                handler.send_response(401)
                handler.send_header("WWW-Authenticate", 'Basic realm="maps"')
                handler.send_header("Content-Length", "0")
                handler.end_headers()
                return
        if path == "catalog.json" and self.catalog is not None:
            body = self.catalog
        elif self.root.resolve() in file.parents and file.is_file():
            body = file.read_bytes()
        else:
            self.requests.append((path, asked, 404))
            handler.send_error(404)
            return
        is_bundle = path.endswith(".navbundle")
        if is_bundle and self.mode == "tamper":
            middle = len(body) // 2
            body = body[:middle] + bytes([body[middle] ^ 0x01]) + body[middle + 1:]
        if is_bundle and self.mode == "extra":
            body += b"\0" * 100
        status, start = 200, 0
        if asked and not (is_bundle and self.mode == "ignore-range"):
            start = int(asked.removeprefix("bytes=").split("-")[0])
            if start >= len(body):
                self.requests.append((path, asked, 416))
                handler.send_response(416)
                handler.send_header("Content-Range", f"bytes */{len(body)}")
                handler.send_header("Content-Length", "0")
                handler.end_headers()
                return
            status = 206
        part = body[start:]
        self.requests.append((path, asked, status))
        handler.send_response(status)
        handler.send_header("Content-Length", str(len(part)))
        if status == 206:
            handler.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        handler.end_headers()
        try:
            if is_bundle and self.mode == "truncate":
                handler.wfile.write(part[:CUT])
                handler.wfile.flush()
                handler.connection.shutdown(socket.SHUT_RDWR)
                handler.close_connection = True
            elif is_bundle and self.mode == "trickle":
                for index in range(0, len(part), 20000):
                    handler.wfile.write(part[index:index + 20000])
                    handler.wfile.flush()
                    time.sleep(0.4)
            elif is_bundle and self.mode == "stall":
                handler.wfile.write(part[: len(part) // 2])
                handler.wfile.flush()
                time.sleep(self.stall_seconds)
            else:
                handler.wfile.write(part)
        except OSError:
            pass  # the client went away, as a client that gives up does


@unittest.skipUnless(NAVFORGE, "NAVFORGE is not set: give the navforge executable to test pull")
class PullTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = Path(tempfile.mkdtemp(prefix="navforge-pull-"))
        build, keys = cls.folder / "build", cls.folder / "keys"
        keys.mkdir()
        run(NAVFORGE, "keygen", keys / "ci")
        run(NAVFORGE, "keygen", keys / "other")
        cls.key, cls.other_key = keys / "ci.pub", keys / "other.pub"
        cls.one, cls.two = cls.folder / "one", cls.folder / "two"
        cls.unsigned, cls.by_other = cls.folder / "unsigned", cls.folder / "by-other"

        pipeline = REPOSITORY / "pipelines" / "demo-campus.yml"
        run(NAVFORGE, "build", pipeline, "--build-dir", build)
        for root, key in [(cls.one, "ci"), (cls.two, "ci"), (cls.by_other, "other"), (cls.unsigned, None)]:
            signing = ["--sign-key", keys / f"{key}.key"] if key else []
            run(NAVFORGE, "publish", pipeline, "--build-dir", build, "--root", root, *signing)

        # 1.1.0: the same campus under the next version, from a copy of the pipeline whose
        # inputs point back into the repository.
        copy = cls.folder / "pipelines" / "demo-campus.yml"
        copy.parent.mkdir()
        text = pipeline.read_text().replace("version: 1.0.0", "version: 1.1.0")
        copy.write_text(text.replace("../input/", f"{REPOSITORY}/input/"))
        run(NAVFORGE, "build", copy, "--build-dir", build)
        run(NAVFORGE, "publish", copy, "--build-dir", build, "--root", cls.two, "--sign-key", keys / "ci.key")
        run(NAVFORGE, "verify-root", cls.two, "--pubkey", cls.key)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def setUp(self):
        self.server = Server(self.one)
        self.into = Path(tempfile.mkdtemp(prefix="dest-", dir=self.folder))

    def tearDown(self):
        self.server.close()
        shutil.rmtree(self.into, ignore_errors=True)

    # Helpers

    def pull(self, url=None, *extra, key=None, check=False, env=None):
        trust = list(extra) if "--insecure-no-signature" in extra else ["--pubkey", key or self.key, *extra]
        return run(NAVFORGE, "pull", url or self.server.base + "catalog.json", "--venue", VENUE, "--into", self.into,
                   *trust, check=check, env=env)

    def pull_ok(self, *extra, **options):
        result = self.pull(None, *extra, **options)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        return result

    def refused(self, *extra, url=None, **options):
        result = self.pull(url, *extra, **options)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        return result

    def venue_folder(self):
        return self.into / VENUE

    def current(self):
        return json.loads((self.venue_folder() / "current.json").read_text())

    def installed(self):
        """What the local copy is: every file but partial downloads and the lock, by SHA-256."""
        folder = self.venue_folder()
        if not folder.exists():
            return {}
        return {str(p.relative_to(folder)): sha256(p) for p in sorted(folder.rglob("*"))
                if p.is_file() and not p.name.endswith(".partial") and p.name != ".pull.lock"}

    def partials(self):
        folder = self.venue_folder()
        return sorted(folder.glob(".*.partial")) if folder.exists() else []

    def assert_verifies(self, version):
        copy = self.current()
        self.assertEqual(copy["version"], version)
        bundle = self.venue_folder() / copy["bundle"]["path"]
        self.assertEqual(bundle, self.venue_folder() / version / f"{VENUE}-{version}.navbundle")
        published = self.two / VENUE / version / bundle.name
        self.assertEqual(sha256(bundle), sha256(published))
        result = run(NAVFORGE, "verify", bundle, "--pubkey", self.key)
        self.assertIn(f"verified: {VENUE} {version}", result.stdout)

    def install_first_version(self):
        self.pull_ok()
        self.assert_verifies("1.0.0")
        self.server.root = self.two
        self.server.requests.clear()
        return self.installed()

    def signed_catalog(self):
        return json.loads((self.one / "catalog.json").read_text())

    def serve_catalog(self, catalog):
        self.server.catalog = json.dumps(catalog).encode()

    def latest_record(self, catalog):
        return catalog["venues"][0]["versions"][0]["release"]

    # Tests

    def test_first_pull_installs_a_copy_that_verify_accepts(self):
        result = self.pull_ok()
        self.assertIn(f"updated {VENUE} to 1.0.0", result.stdout)
        self.assert_verifies("1.0.0")
        self.assertEqual(sorted(self.installed()), ["1.0.0/demo-campus-1.0.0.navbundle", "1.0.0/statement.json",
                                                    "1.0.0/statement.sig", "current.json"])
        self.assertEqual((self.venue_folder() / "1.0.0" / "statement.json").read_bytes(),
                         (self.one / VENUE / "1.0.0" / "statement.json").read_bytes())
        self.assertEqual(self.current()["verifiedKeyID"], self.latest_record(self.signed_catalog())["signature"]["keyID"])
        self.assertEqual(self.server.requests, [("catalog.json", None, 200), (BUNDLE_1, None, 200)])
        self.assertEqual(self.partials(), [])

    def test_second_pull_downloads_nothing(self):
        self.pull_ok()
        before = self.installed()
        self.server.requests.clear()
        result = self.pull_ok()
        self.assertIn(f"{VENUE} 1.0.0 is current", result.stdout)
        self.assertEqual(self.server.requests, [("catalog.json", None, 200)])
        self.assertEqual(self.installed(), before)

    def test_update_replaces_the_previous_version(self):
        self.install_first_version()
        result = self.pull_ok()
        self.assertIn(f"updated {VENUE} to 1.1.0 (was 1.0.0)", result.stdout)
        self.assert_verifies("1.1.0")
        self.assertFalse((self.venue_folder() / "1.0.0").exists())
        self.assertEqual(self.server.bundle_requests(), [(BUNDLE_2, None, 200)])

    def test_truncated_download_leaves_the_copy_and_the_next_pull_resumes(self):
        before = self.install_first_version()
        self.server.mode = "truncate"
        result = self.refused()
        self.assertIn(self.server.base + BUNDLE_2, result.stderr)
        self.assertEqual(self.installed(), before)
        self.assert_verifies("1.0.0")
        self.assertEqual([p.name for p in self.partials()], [".demo-campus-1.1.0.navbundle.partial"])
        kept = self.partials()[0].stat().st_size
        self.assertEqual(kept, CUT)

        self.server.mode = "good"
        self.server.requests.clear()
        result = self.pull_ok()
        self.assertIn(f"resumed at byte {kept}", result.stdout)
        self.assertEqual(self.server.bundle_requests(), [(BUNDLE_2, f"bytes={kept}-", 206)])
        self.assert_verifies("1.1.0")
        self.assertEqual(self.partials(), [])
        self.assertFalse((self.venue_folder() / "1.0.0").exists())

    def test_tampered_bundle_is_refused_and_nothing_is_kept(self):
        before = self.install_first_version()
        self.server.mode = "tamper"
        result = self.refused()
        self.assertIn("sha-256", result.stderr)
        self.assertIn("nothing was installed", result.stderr)
        self.assertEqual(self.installed(), before)
        self.assert_verifies("1.0.0")
        self.assertEqual(self.partials(), [])
        self.assertFalse((self.venue_folder() / "1.1.0").exists())

        # Nothing of the tampered bytes is resumed: the next pull fetches the whole file.
        self.server.mode = "good"
        self.server.requests.clear()
        self.pull_ok()
        self.assertEqual(self.server.bundle_requests(), [(BUNDLE_2, None, 200)])
        self.assert_verifies("1.1.0")

    def test_tampered_rest_of_a_resumed_download_is_fetched_again_then_refused(self):
        before = self.install_first_version()
        self.server.mode = "truncate"
        self.refused()
        self.server.mode = "tamper"
        self.server.requests.clear()
        result = self.refused()
        self.assertIn("sha-256", result.stderr)
        # The resumed file hashed wrong, so it was fetched once more from the start, and refused.
        self.assertEqual(self.server.bundle_requests(), [(BUNDLE_2, f"bytes={CUT}-", 206), (BUNDLE_2, None, 200)])
        self.assertEqual(self.installed(), before)
        self.assertEqual(self.partials(), [])

    def test_server_ignoring_the_range_still_ends_with_the_right_file(self):
        before = self.install_first_version()
        self.server.mode = "truncate"
        self.refused()
        self.assertEqual(self.installed(), before)
        self.server.mode = "ignore-range"
        self.server.requests.clear()
        result = self.pull_ok()
        self.assertIn("restarted 1 time", result.stdout)
        self.assertEqual(self.server.bundle_requests(), [(BUNDLE_2, f"bytes={CUT}-", 200)])
        self.assert_verifies("1.1.0")
        self.assertEqual(self.partials(), [])

    def test_server_sending_more_than_the_statement_says_is_refused(self):
        before = self.install_first_version()
        self.server.mode = "extra"
        result = self.refused()
        self.assertIn(self.server.base + BUNDLE_2, result.stderr)
        self.assertIn("bytes", result.stderr)
        self.assertEqual(self.installed(), before)
        self.assertEqual(self.partials(), [])

    def test_stalled_server_is_dropped_after_the_timeout(self):
        before = self.install_first_version()
        self.server.mode = "stall"
        started = time.monotonic()
        result = self.refused("--timeout", "1")
        self.assertLess(time.monotonic() - started, self.server.stall_seconds)
        self.assertIn("stalled", result.stderr)
        self.assertIn(self.server.base + BUNDLE_2, result.stderr)
        self.assertEqual(self.installed(), before)

    def test_slow_but_steady_server_is_not_dropped(self):
        self.server.mode = "trickle"
        started = time.monotonic()
        self.pull_ok("--timeout", "1")
        # The timeout is for a connection without bytes, not for the whole download.
        self.assertGreater(time.monotonic() - started, 2)
        self.assert_verifies("1.0.0")

    def test_two_pulls_into_one_folder_take_turns(self):
        self.server.mode = "trickle"
        command = [NAVFORGE, "pull", self.server.base + "catalog.json", "--venue", VENUE, "--into", self.into, "--pubkey", self.key]
        first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        while not self.server.bundle_requests():
            time.sleep(0.05)
        second = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        outputs = [process.communicate(timeout=60) for process in (first, second)]
        self.assertEqual([first.returncode, second.returncode], [0, 0], outputs)
        self.assertIn(f"updated {VENUE} to 1.0.0", outputs[0][0])
        self.assertIn("waiting for another pull", outputs[1][1])
        self.assertIn(f"{VENUE} 1.0.0 is current", outputs[1][0])
        self.assertEqual(len(self.server.bundle_requests()), 1)
        self.assert_verifies("1.0.0")

    def assert_refused_before_any_bundle_request(self, result, *phrases):
        self.assertIn("refused", result.stderr)
        for phrase in phrases:
            self.assertIn(phrase, result.stderr)
        self.assertEqual(self.server.bundle_requests(), [])
        self.assertEqual(self.installed(), {})
        self.assertEqual(self.partials(), [])

    def test_changed_statement_is_refused_before_any_bundle_request(self):
        catalog = self.signed_catalog()
        record = self.latest_record(catalog)
        statement = json.loads(base64.b64decode(record["statementBase64"]))
        statement["sha256"] = "0" * 64
        record["statementBase64"] = base64.b64encode(json.dumps(statement).encode()).decode()
        record["bundle"]["sha256"] = "0" * 64
        self.serve_catalog(catalog)
        result = self.refused()
        self.assert_refused_before_any_bundle_request(result, "signature does not match", self.server.base + "catalog.json")

    def test_changed_signature_is_refused_before_any_bundle_request(self):
        catalog = self.signed_catalog()
        signature = self.latest_record(catalog)["signature"]
        value = bytearray(base64.b64decode(signature["value"]))
        value[10] ^= 0x01
        signature["value"] = base64.b64encode(bytes(value)).decode()
        self.serve_catalog(catalog)
        self.assert_refused_before_any_bundle_request(self.refused(), "signature does not match")

    def test_other_key_is_refused_before_any_bundle_request(self):
        self.assert_refused_before_any_bundle_request(self.refused(key=self.other_key), "not by the given key")
        self.server.root = self.by_other
        self.assert_refused_before_any_bundle_request(self.refused(), "not by the given key")

    def test_key_id_claiming_the_given_key_does_not_help_a_signature_by_another(self):
        catalog = json.loads((self.by_other / "catalog.json").read_text())
        self.latest_record(catalog)["signature"]["keyID"] = self.latest_record(self.signed_catalog())["signature"]["keyID"]
        self.serve_catalog(catalog)
        self.assert_refused_before_any_bundle_request(self.refused(), "signature does not match")

    def test_unsigned_version_is_refused_when_a_key_is_given(self):
        self.server.root = self.unsigned
        self.assert_refused_before_any_bundle_request(self.refused(), "unsigned")

    def test_statement_disagreeing_with_the_catalog_is_refused_before_any_bundle_request(self):
        catalog = self.signed_catalog()
        record = self.latest_record(catalog)
        record["bundle"]["size"] += 1
        self.serve_catalog(catalog)
        self.assert_refused_before_any_bundle_request(self.refused(), "does not match the catalog", "size")

    def test_bundle_path_outside_the_root_is_refused(self):
        catalog = self.signed_catalog()
        self.latest_record(catalog)["bundle"]["path"] = "../one/" + BUNDLE_1
        self.serve_catalog(catalog)
        self.assert_refused_before_any_bundle_request(self.refused(), "not a file of the publication root")

    def test_catalog_without_the_venue_or_of_another_kind_is_refused(self):
        self.server.catalog = b'{"format": "navforge-catalog/1", "generator": "x", "venues": []}'
        self.assertIn("lists no venue 'demo-campus'", self.refused().stderr)
        self.server.catalog = b"<html>not json</html>"
        self.assertIn("not a navforge catalog", self.refused().stderr)
        self.assertEqual(self.installed(), {})
        self.assertEqual(self.server.bundle_requests(), [])

    def test_missing_catalog_names_the_url_and_the_status(self):
        url = self.server.base + "nowhere/catalog.json"
        result = self.refused(url=url)
        self.assertIn(f"{url}: the server answered HTTP 404", result.stderr)

    def test_unreachable_server_names_the_url(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        url = f"http://127.0.0.1:{port}/catalog.json"
        self.assertIn(url, self.refused(url=url).stderr)

    def test_basic_authentication_with_the_credentials_of_the_url(self):
        self.server.credentials = "ci:s3cret"
        url = self.server.base + "catalog.json"
        self.assertIn(f"{url}: the server answered HTTP 401", self.refused().stderr)
        wrong = self.refused(url=url.replace("http://", "http://ci:wrong@"))
        self.assertIn(f"{url}: the server answered HTTP 401", wrong.stderr)
        self.assertNotIn("wrong", wrong.stderr)
        result = self.pull(url.replace("http://", "http://ci:s3cret@"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("s3cret", result.stdout + result.stderr)
        self.assertEqual(self.current()["catalog"], url)
        self.assert_verifies("1.0.0")

    def test_file_catalog(self):
        result = self.pull((self.two / "catalog.json").as_uri())
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_verifies("1.1.0")
        self.assertEqual(self.current()["catalog"], (self.two / "catalog.json").as_uri())
        self.assertEqual(self.server.requests, [])

    def test_downgrade_is_refused_unless_allowed(self):
        self.server.root = self.two
        self.pull_ok()
        self.server.root = self.one
        before = self.installed()
        self.assertIn("older than the local 1.1.0", self.refused().stderr)
        self.assertEqual(self.installed(), before)
        self.pull_ok("--allow-downgrade")
        self.assert_verifies("1.0.0")

    def test_damaged_local_copy_is_fetched_again(self):
        self.pull_ok()
        bundle = self.venue_folder() / "1.0.0" / "demo-campus-1.0.0.navbundle"
        data = bytearray(bundle.read_bytes())
        data[100] ^= 0x01
        bundle.write_bytes(bytes(data))
        self.server.requests.clear()
        self.pull_ok()
        self.assertEqual(self.server.bundle_requests(), [(BUNDLE_1, None, 200)])
        self.assert_verifies("1.0.0")

    def test_a_signature_is_required_unless_waived_explicitly(self):
        result = run(NAVFORGE, "pull", self.server.base + "catalog.json", "--venue", VENUE, "--into", self.into, check=False)
        self.assertEqual(result.returncode, 64, result.stderr)
        self.assertIn("--pubkey", result.stderr)
        self.server.root = self.unsigned
        result = self.pull(None, "--insecure-no-signature")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("signature not checked", result.stdout)
        copy = self.current()
        self.assertNotIn("verifiedKeyID", copy)
        self.assertNotIn("signature", copy)
        self.assertFalse((self.venue_folder() / "1.0.0" / "statement.sig").exists())

    def test_json_reports_success_and_failure(self):
        outcome = json.loads(self.pull_ok("--json").stdout)
        self.assertEqual((outcome["status"], outcome["version"], outcome["bytesReceived"]),
                         ("updated", "1.0.0", (self.one / BUNDLE_1).stat().st_size))
        self.assertEqual(json.loads(self.pull_ok("--json").stdout)["status"], "current")
        self.server.mode = "tamper"
        self.server.root = self.two
        result = self.refused("--json")
        failure = json.loads(result.stdout)
        self.assertEqual(failure["status"], "failed")
        self.assertIn("sha-256", failure["error"])

    def test_https_with_a_trusted_certificate(self):
        """Foundation's URLSession on Linux uses libcurl with the system's CA file; the test puts
        its own CA there, in a private mount namespace, so it needs root, unshare and openssl."""
        if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("openssl"):
            self.skipTest("needs root, unshare and openssl to trust a test CA for this process alone")
        system_cas = Path("/etc/ssl/certs/ca-certificates.crt")
        if not system_cas.exists():
            self.skipTest(f"{system_cas} does not exist")
        tls = self.into.parent / f"tls-{os.getpid()}"
        tls.mkdir(exist_ok=True)
        run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", tls / "ca.key", "-out", tls / "ca.pem", "-days", "1", "-subj", "/CN=navforge pull test CA")
        run("openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", tls / "server.key", "-out", tls / "server.csr", "-subj", "/CN=127.0.0.1")
        (tls / "ext").write_text("subjectAltName=IP:127.0.0.1\n")
        run("openssl", "x509", "-req", "-in", tls / "server.csr", "-CA", tls / "ca.pem", "-CAkey", tls / "ca.key",
            "-CAcreateserial", "-out", tls / "server.pem", "-days", "1", "-extfile", tls / "ext")
        (tls / "cas.crt").write_bytes(system_cas.read_bytes() + (tls / "ca.pem").read_bytes())
        probe = run("unshare", "-m", "true", check=False)
        if probe.returncode != 0:
            self.skipTest(f"unshare -m is not permitted here: {probe.stderr.strip()}")

        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls / "server.pem", tls / "server.key")
        secure = Server(self.one, tls=context)
        self.addCleanup(secure.close)
        url = secure.base + "catalog.json"

        untrusted = self.refused(url=url)
        self.assertIn("certificate", untrusted.stderr)
        self.assertEqual(secure.bundle_requests(), [])

        script = f'mount --bind "{tls / "cas.crt"}" "{system_cas}" && exec "$@"'
        result = run("unshare", "-m", "sh", "-c", script, "sh", NAVFORGE, "pull", url, "--venue", VENUE,
                     "--into", self.into, "--pubkey", self.key, check=False)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_verifies("1.0.0")
        self.assertEqual(secure.bundle_requests(), [(BUNDLE_1, None, 200)])

if __name__ == "__main__":
    unittest.main()
