"""serve.py BUNDLE [--host HOST] [--port PORT]: routes from one venue bundle over HTTP, with the
standard library alone (readers/README.md, "Servers").

``GET /route?from=A.2.04&to=B.1.G5&profile=foot&language=de`` (``profile`` defaults to ``foot``,
``language`` to ``en``) answers JSON:

- 200 ``{"profile": "foot", "from": {"text": "A.2.04", "place": 24, "node": 175}, "to": {...},
  "milliseconds": 186463, "nodes": [175, 48, ...], "guidance": [{"instruction": "Head southeast
  along A.2.04 Seminar room", "then": "5 metres"}, ..., {"instruction": "You have arrived", "then":
  null}]}``, the turn-by-turn guidance in the language with the distance to the next maneuver; a
  position endpoint has ``"place": null``;
- 404 ``{"error": "no foot route from A.2.04 to B.1.G5"}`` when no route joins them;
- 400 ``{"error": ..., "code": ..., "candidates": [{"place": 4, "label": "..."}, ...]}`` when a
  text names no single place or position (``code`` as docs/endpoints.md names it: ``ambiguous``,
  ``unknown`` with suggestions, ...), and ``{"error": ...}`` for a profile the bundle lacks, a
  missing parameter or a place that is not on the profile's graph, and with ``"code":
  "unknown-language"`` for a language the bundle lacks (never another language's words);
- 404 ``{"error": ...}`` for any other path.

The bundle is opened once, its checksums verified, and shared by the server's threads with no
lock of their own: a ``navbundle.Bundle`` is safe to share (its calls take turns in the C core
under the bundle's lock, with the interpreter's lock released, and locates run side by side).
For routes on several cores at once, run several processes, each with its bundle open (the
pages of the mapped file are shared).

The first line on stdout says where it listens (``--port 0`` picks a free port), so a test or
a supervisor can read it.
"""

import argparse
import http.server
import json
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

import navbundle  # noqa: E402  (found beside this example, in readers/python)


class RouteService:
    """One open bundle, shared by the server's threads."""

    def __init__(self, path):
        self.bundle = navbundle.Bundle(path)  # Verifies every checksum, once.

    def label(self, place):
        record = self.bundle.place(place)
        return " ".join(text for text in (record.ref, record.name) if text) or record.category or f"place {place}"

    def route(self, start, end, profile, language="en"):
        """(HTTP status, JSON value) for a route from the text ``start`` to the text ``end``."""
        if profile not in self.bundle.profiles:
            return 400, {"error": f"no profile {profile!r}; the bundle has {', '.join(self.bundle.profiles)}"}
        endpoints = []
        for text in (start, end):
            try:
                endpoint = self.bundle.resolve_endpoint(text)
            except navbundle.EndpointError as error:
                return 400, {"error": f"{text!r} names no single place ({error.code})", "code": error.code,
                             "candidates": [{"place": place, "label": self.label(place)} for place in error.candidates]}
            node = self.bundle.endpoint_node(endpoint, profile)
            if node is None:
                return 400, {"error": f"{text!r} is not on the {profile} graph"}
            endpoints.append({"text": text, "place": endpoint.place, "node": node})
        found = self.bundle.route(profile, endpoints[0]["node"], endpoints[1]["node"])
        if found is None:
            return 404, {"error": f"no {profile} route from {start} to {end}"}
        milliseconds, nodes = found
        try:
            maneuvers = self.bundle.route_maneuvers(profile, nodes[0], nodes[-1], language=language)
        except navbundle.BundleError as error:
            if error.code != "unknown-language":
                raise
            return 400, {"error": str(error), "code": error.code}
        guidance = [{"instruction": m.instruction, "then": m.spoken_distance if i + 1 < len(maneuvers) else None}
                    for i, m in enumerate(maneuvers)]
        return 200, {"profile": profile, "from": endpoints[0], "to": endpoints[1],
                     "milliseconds": milliseconds, "nodes": nodes, "guidance": guidance}


def handler_for(service):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            if url.path != "/route":
                return self.answer(404, {"error": f"no such path {url.path!r}; ask /route?from=...&to=...&profile=..."})
            query = urllib.parse.parse_qs(url.query)
            missing = [name for name in ("from", "to") if not query.get(name)]
            if missing:
                return self.answer(400, {"error": f"missing {' and '.join(missing)}"})
            try:
                status, value = service.route(query["from"][0], query["to"][0], query.get("profile", ["foot"])[0],
                                              query.get("language", ["en"])[0])
            except navbundle.BundleError as error:
                # The file's damage, found where a section is first used: the server's fault.
                status, value = 500, {"error": str(error)}
            self.answer(status, value)

        def answer(self, status, value):
            body = json.dumps(value).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


def main():
    parser = argparse.ArgumentParser(description="Answer routes from a venue bundle over HTTP.")
    parser.add_argument("bundle")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080, help="0 picks a free port")
    options = parser.parse_args()
    try:
        service = RouteService(options.bundle)
    except navbundle.BundleError as error:
        sys.exit(f"error: {error}")
    server = http.server.ThreadingHTTPServer((options.host, options.port), handler_for(service))
    host, port = server.server_address[:2]
    print(f"serving {options.bundle} on http://{host}:{port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        service.bundle.close()


if __name__ == "__main__":
    main()
