"""Tests of the server example (serve.py) against the Python reader's direct answers.

Each test class starts serve.py on 127.0.0.1 with a free port, on the demo bundle named by
NAVBUNDLE_TEST_BUNDLE (as for readers/python's tests; `make test` sets it), asks it over HTTP and
compares with what navbundle.Bundle answers itself. Without NAVBUNDLE_TEST_BUNDLE they skip,
saying so.
"""

import concurrent.futures
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import unittest
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

import navbundle  # noqa: E402
import serve  # noqa: E402

BUNDLE = os.environ.get("NAVBUNDLE_TEST_BUNDLE")
# Requests are to this machine only and each waits at most this long.
TIMEOUT = 10


class Server:
    """serve.py running on the bundle, until stopped."""

    def __init__(self, bundle):
        self.errors = tempfile.TemporaryFile()
        self.process = subprocess.Popen([sys.executable, os.path.join(HERE, "serve.py"), bundle, "--port", "0"],
                                        stdout=subprocess.PIPE, stderr=self.errors, text=True)
        lines = queue.Queue()
        threading.Thread(target=lambda: lines.put(self.process.stdout.readline()), daemon=True).start()
        try:
            first = lines.get(timeout=TIMEOUT)
        except queue.Empty:
            first = ""
        if " on http://" not in first:
            self.stop()
            raise AssertionError(f"serve.py did not say where it listens: {first!r}, stderr: {self.stderr()!r}")
        self.url = first.rsplit(" on ", 1)[1].strip()

    def get(self, path, **parameters):
        """(status, JSON value) of GET path?parameters."""
        address = f"{self.url}{path}?{urllib.parse.urlencode(parameters)}"
        try:
            with urllib.request.urlopen(address, timeout=TIMEOUT) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            with error:
                return error.code, json.loads(error.read())

    def stderr(self):
        self.errors.seek(0)
        return self.errors.read().decode("utf-8", "replace")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.errors.close()


def direct(bundle, start, end, profile):
    """What the reader answers itself: (milliseconds, nodes) or None, and the two nodes."""
    source = bundle.endpoint_node(bundle.resolve_endpoint(start), profile)
    target = bundle.endpoint_node(bundle.resolve_endpoint(end), profile)
    return bundle.route(profile, source, target), source, target


@unittest.skipUnless(BUNDLE, "NAVBUNDLE_TEST_BUNDLE names no demo bundle (make test sets it)")
class ServeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server(BUNDLE)
        cls.bundle = navbundle.Bundle(BUNDLE)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.bundle.close()

    def check_route(self, start, end, profile):
        status, answer = self.server.get("/route", **{"from": start, "to": end, "profile": profile})
        (milliseconds, nodes), source, target = direct(self.bundle, start, end, profile)
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["milliseconds"], milliseconds)
        self.assertEqual(answer["nodes"], nodes)
        self.assertEqual((answer["from"]["node"], answer["to"]["node"]), (source, target))
        self.assertEqual(answer["from"]["place"], self.bundle.resolve_endpoint(start).place)
        maneuvers = self.bundle.route_maneuvers(profile, source, target, language="en")
        self.assertEqual([entry["instruction"] for entry in answer["guidance"]], [m.instruction for m in maneuvers])
        self.assertEqual([entry["then"] for entry in answer["guidance"]],
                         [m.spoken_distance for m in maneuvers[:-1]] + [None])

    def test_route_is_the_readers(self):
        self.check_route("A.2.04", "B.1.G5", "foot")

    def test_wheelchair_route_is_the_readers(self):
        self.check_route("A.0.04", "C.1.H3", "wheelchair")

    def test_profile_defaults_to_foot(self):
        status, answer = self.server.get("/route", **{"from": "A.2.04", "to": "B.1.G5"})
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["profile"], "foot")
        self.assertEqual(answer["milliseconds"], direct(self.bundle, "A.2.04", "B.1.G5", "foot")[0][0])

    def test_ambiguous_text_lists_the_readers_candidates(self):
        with self.assertRaises(navbundle.EndpointError) as expected:
            self.bundle.resolve_endpoint("FOYER")
        status, answer = self.server.get("/route", **{"from": "FOYER", "to": "B.1.G5"})
        self.assertEqual(status, 400)
        self.assertEqual(answer["code"], "ambiguous")
        self.assertEqual([candidate["place"] for candidate in answer["candidates"]], expected.exception.candidates)
        self.assertGreater(len(answer["candidates"]), 1)

    def test_unknown_place_and_profile_and_missing_parameter_are_the_callers(self):
        status, answer = self.server.get("/route", **{"from": "A.2.04", "to": "no such room"})
        self.assertEqual((status, answer["code"]), (400, "unknown"))
        status, answer = self.server.get("/route", **{"from": "A.2.04", "to": "B.1.G5", "profile": "hovercraft"})
        self.assertEqual(status, 400)
        self.assertIn("hovercraft", answer["error"])
        status, answer = self.server.get("/route", **{"from": "A.2.04"})
        self.assertEqual((status, answer["error"]), (400, "missing to"))
        status, answer = self.server.get("/route", **{"from": "A.2.04", "to": "B.1.G5", "language": "it"})
        self.assertEqual((status, answer["code"]), (400, "unknown-language"))
        status, answer = self.server.get("/route", **{"from": "A.2.04", "to": "B.1.G5", "language": "de"})
        self.assertEqual(answer["guidance"][-1], {"instruction": "Sie haben Ihr Ziel erreicht", "then": None})
        status, answer = self.server.get("/elsewhere")
        self.assertEqual(status, 404)


@unittest.skipUnless(BUNDLE, "NAVBUNDLE_TEST_BUNDLE names no demo bundle (make test sets it)")
class ConcurrentServeTests(unittest.TestCase):
    """Routes asked from several threads at once of a server that has answered nothing yet, so
    that every profile's first use (its hierarchy checked, its metric customised) happens while
    other requests are under way."""

    def test_concurrent_routes_are_the_readers(self):
        pairs = [("A.2.04", "B.1.G5"), ("A.0.04", "C.1.H3"), ("B.1.G5", "A.2.04"), ("C.1.H3", "A.0.04")]
        with navbundle.Bundle(BUNDLE) as bundle:
            profiles = bundle.profiles
            requests = [(start, end, profile) for start, end in pairs for profile in profiles] * 3
            expected = {request: direct(bundle, *request)[0] for request in set(requests)}
        server = Server(BUNDLE)
        try:
            with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
                answers = list(pool.map(lambda r: server.get("/route", **{"from": r[0], "to": r[1], "profile": r[2]}),
                                        requests))
        finally:
            server.stop()
        for request, (status, answer) in zip(requests, answers):
            if expected[request] is None:
                self.assertEqual(status, 404, (request, answer))
            else:
                self.assertEqual(status, 200, (request, answer))
                self.assertEqual((answer["milliseconds"], answer["nodes"]), expected[request], request)


@unittest.skipUnless(BUNDLE, "NAVBUNDLE_TEST_BUNDLE names no demo bundle (make test sets it)")
class RouteServiceThreadTests(unittest.TestCase):
    """The service the server's threads share, in this process, with the interpreter switching
    threads as often as it can: threads that meet at a profile's first use must still get the
    reader's answers. The service takes no lock: the reader's own keeps the C core's per-bundle
    state whole."""

    TRIALS = 25

    def test_threads_meeting_at_first_use_get_the_readers_answers(self):
        with navbundle.Bundle(BUNDLE) as bundle:
            profiles = bundle.profiles
            expected = {profile: direct(bundle, "A.2.04", "B.1.G5", profile)[0] for profile in profiles}
        interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)
        try:
            for _ in range(self.TRIALS):
                service = serve.RouteService(BUNDLE)
                answers = {}

                def ask(profile):
                    answers[profile] = service.route("A.2.04", "B.1.G5", profile)

                threads = [threading.Thread(target=ask, args=(profile,)) for profile in profiles * 2]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                service.bundle.close()
                for profile in profiles:
                    status, answer = answers[profile]
                    self.assertEqual(status, 200, (profile, answer))
                    self.assertEqual((answer["milliseconds"], answer["nodes"]), expected[profile], profile)
        finally:
            sys.setswitchinterval(interval)


if __name__ == "__main__":
    unittest.main()
