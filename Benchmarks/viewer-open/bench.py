#!/usr/bin/env python3
"""Time from navigation to the first drawing of a bundle in the map viewer, two navforge builds against each other.

Usage: bench.py --old NAVFORGE --new NAVFORGE --bundle BUNDLE [--rounds 7] [--chromium /usr/bin/chromium]

Each navforge writes its viewer site (`navforge view`) for the same bundle; each site is served from its own
HTTP server on 127.0.0.1 (a secure context, so the reader checks every checksum with WebCrypto, as it does for a
person). In every round each site is opened once in a fresh browser context of one headless Chromium, old and new
alternating and the order swapped from round to round, after one warm-up round per side that is not counted.

The time reported is the page's own clock (performance.now(), zero at navigation start) when the viewer sets
`data-state="ready"` on <body>, which it does right after its first draw() of the map; "painted" is the first
frame after that. The page's phases come from hooks an init script puts on fetch, Response.arrayBuffer, the reads of
a bundle's body stream, WebAssembly.instantiate and SubtleCrypto.digest; the viewer and the reader are run as `navforge view` wrote them.
After the timed load, the round also opens the same bytes again in the page with the site's own navbundle.mjs,
with and without checksums, and runs the record loops the first drawing runs, to say where the time goes.
"""
import argparse
import functools
import hashlib
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading

from playwright.sync_api import sync_playwright

# Marks, in milliseconds since navigation start, written by hooks that wrap the browser functions the viewer
# and the reader call. Wrapping adds one function call per use; both sides get the same hooks.
INIT_SCRIPT = r"""
(() => {
  const marks = { digestCalls: 0, digestBytes: 0, digestSyncMs: 0 };
  window.__viewerOpen = marks;
  const now = () => performance.now();
  const fetchOriginal = window.fetch;
  window.fetch = function (input, init) {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('site.json') && marks.viewerStarted === undefined) marks.viewerStarted = now();
    if (url.endsWith('.wasm') && marks.coreFetchStarted === undefined) marks.coreFetchStarted = now();
    return fetchOriginal.call(this, input, init);
  };
  const arrayBuffer = Response.prototype.arrayBuffer;
  Response.prototype.arrayBuffer = function () {
    const url = this.url;
    return arrayBuffer.call(this).then((buffer) => {
      if (url.endsWith('.navbundle') && marks.bundleFetched === undefined) {
        marks.bundleFetched = now();
        marks.bundleBytes = buffer.byteLength;
      }
      return buffer;
    });
  };
  // A viewer that has the reader read the bundle's body as a stream (openResponse) rather than by
  // arrayBuffer(): the bundle's readers are followed to the end of the body.
  const bodyOf = Object.getOwnPropertyDescriptor(Response.prototype, 'body').get;
  const bundleStreams = new WeakSet(), bundleReaders = new WeakSet();
  Object.defineProperty(Response.prototype, 'body', { configurable: true, get() {
    const body = bodyOf.call(this);
    if (body && this.url.endsWith('.navbundle')) bundleStreams.add(body);
    return body;
  } });
  const getReader = ReadableStream.prototype.getReader;
  ReadableStream.prototype.getReader = function (...args) {
    const reader = getReader.apply(this, args);
    if (bundleStreams.has(this)) bundleReaders.add(reader);
    return reader;
  };
  const read = ReadableStreamDefaultReader.prototype.read;
  ReadableStreamDefaultReader.prototype.read = function (...args) {
    const result = read.apply(this, args);
    if (!bundleReaders.has(this)) return result;
    return result.then((chunk) => {
      if (!chunk.done) marks.streamedBytes = (marks.streamedBytes ?? 0) + chunk.value.byteLength;
      else if (marks.bundleFetched === undefined) {
        marks.bundleFetched = now();
        marks.bundleBytes = marks.streamedBytes;
      }
      return chunk;
    });
  };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = function (...args) {
    const started = now();
    if (marks.coreInstantiateStarted === undefined) marks.coreInstantiateStarted = started;
    return instantiate.apply(this, args).then((result) => {
      marks.coreInstantiated = now();
      return result;
    });
  };
  if (typeof SubtleCrypto !== 'undefined') {
    const digest = SubtleCrypto.prototype.digest;
    SubtleCrypto.prototype.digest = function (algorithm, data) {
      const started = now();
      if (marks.digestFirstCall === undefined) marks.digestFirstCall = started;
      marks.digestCalls += 1;
      marks.digestBytes += data.byteLength;
      const promise = digest.call(this, algorithm, data);
      // The synchronous part of the call: WebCrypto copies the bytes it is given before it hashes.
      marks.digestSyncMs += now() - started;
      return promise.then((result) => {
        marks.digestLastDone = now();
        return result;
      });
    };
  }
  new MutationObserver(() => {
    const state = document.body && document.body.dataset.state;
    if (state && marks.state === undefined) {
      marks.state = state;
      marks.ready = now();
      // The frame that shows the first drawing: the next animation frame, then the task after its paint.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { marks.painted = now(); };
        channel.port2.postMessage(null);
      });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
})();
"""

# Run in the page once the map is drawn: the same bytes opened again with the site's navbundle.mjs (the module
# instance the viewer uses), then the loops over records that the viewer's first drawing of a level makes
# (arcsOfLevel and levelGeometry in viewer.mjs), on the bundle just opened, so no record cache is warm.
BREAKDOWN_SCRIPT = r"""
async () => {
  const { open } = await import('./navbundle.mjs');
  const site = await (await fetch('site.json')).json();
  const bytes = await (await fetch(encodeURIComponent(site.bundle))).arrayBuffer();
  const timed = async (work) => { const started = performance.now(); const value = await work(); return [performance.now() - started, value]; };
  const [copyMs] = await timed(() => { const copy = new Uint8Array(bytes.byteLength); copy.set(new Uint8Array(bytes)); return copy.length; });
  const [openUncheckedMs, bundle] = await timed(() => open(bytes, { verifyChecksums: false }));
  const [openCheckedMs] = await timed(() => open(bytes));
  const [verifyMs] = await timed(() => bundle.verify());
  const [arcLoopMs, sameLevel] = await timed(() => {
    const same = [];
    for (let index = 0; index < bundle.arcCount; index++) {
      const arc = bundle.arc(index);
      if (bundle.node(arc.tail).level === bundle.node(arc.head).level) same.push(index);
    }
    return same;
  });
  const [shapeLoopMs, corners] = await timed(() => {
    let count = 0;
    for (const index of sameLevel) count += bundle.arcShape(index).length;
    return count;
  });
  const [placeLoopMs] = await timed(() => {
    let count = 0;
    for (let index = 0; index < bundle.placeCount; index++) if (bundle.place(index).latitude != null) count++;
    return count;
  });
  return { copyMs, openUncheckedMs, openCheckedMs, verifyMs, arcLoopMs, shapeLoopMs, placeLoopMs,
           arcs: bundle.arcCount, sameLevelArcs: sameLevel.length, corners, places: bundle.placeCount };
}
"""

PHASES = [
    ("start", "navigation → viewer asks for site.json (page, modules; the reader's start-up unless loaded beside)", None, "viewerStarted"),
    ("fetch", "site.json and the bundle's bytes fetched (streamed into the reader's memory by openResponse)", "viewerStarted", "bundleFetched"),
    ("pre-check", "bytes arrived → first checksum asked (copy into the reader, header, section table)", "bundleFetched", "digestFirstCall"),
    ("checksums", "first SHA-256 asked → last one answered (WebCrypto)", "digestFirstCall", "digestLastDone"),
    ("to-draw", "checksums done → map drawn (required sections, the viewer's start(), record loops, draw())", "digestLastDone", "ready"),
    ("to-paint", "map drawn → the frame after it", "ready", "painted"),
]

BREAKDOWN = [
    ("copyMs", "plain copy of the bytes into a new Uint8Array (lower bound of any copy)"),
    ("openUncheckedMs", "open(bytes, {verifyChecksums: false})"),
    ("openCheckedMs", "open(bytes) with every checksum"),
    ("verifyMs", "bundle.verify() alone on an opened bundle"),
    ("arcLoopMs", "arc(i) and node(tail/head).level for every arc (the viewer's arcsOfLevel)"),
    ("shapeLoopMs", "arcShape(i) for every arc with both ends on one level (levelGeometry)"),
    ("placeLoopMs", "place(i) for every place (levelGeometry's labels)"),
]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


class Site:
    """The viewer site one navforge writes for the bundle, served from its own port on 127.0.0.1."""

    def __init__(self, label, navforge, bundle, reader=None, viewer=None):
        self.label = label
        self.folder = tempfile.mkdtemp(prefix=f"viewer-open-{label}-")
        result = subprocess.run([navforge, "view", bundle, "--out", self.folder], capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"{navforge} view failed: {result.stderr.strip()}")
        if reader:
            # A reader from a working tree in place of the one the executable carries: no Swift build needed.
            for name in ("navbundle.mjs", "navbundle.wasm"):
                if os.path.exists(os.path.join(reader, name)):
                    shutil.copy(os.path.join(reader, name), os.path.join(self.folder, name))
                elif os.path.exists(os.path.join(self.folder, name)):
                    os.remove(os.path.join(self.folder, name))
        if viewer:
            # The viewer's page, script and style from a working tree (Sources/ViewerSite/Site), likewise.
            for name in ("index.html", "viewer.mjs", "viewer.css"):
                shutil.copy(os.path.join(viewer, name), os.path.join(self.folder, name))
        handler = functools.partial(QuietHandler, directory=self.folder)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def describe(self):
        files = sorted(os.listdir(self.folder))
        digests = {}
        for name in ("navbundle.mjs", "viewer.mjs"):
            with open(os.path.join(self.folder, name), "rb") as file:
                digests[name] = hashlib.sha256(file.read()).hexdigest()[:12]
        core = "with navbundle.wasm" if "navbundle.wasm" in files else "no navbundle.wasm"
        return (f"{self.label}: {self.url} navbundle.mjs sha256 {digests['navbundle.mjs']}…, {core}, "
                f"viewer.mjs sha256 {digests['viewer.mjs']}…")

    def close(self):
        self.server.shutdown()
        self.server.server_close()
        shutil.rmtree(self.folder, ignore_errors=True)


def load(browser, site, bundle_size, breakdown):
    """One load of the site in a fresh context: the page's marks, and the breakdown when asked."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.add_init_script(INIT_SCRIPT)
        page.goto(site.url)
        page.wait_for_function("window.__viewerOpen && window.__viewerOpen.painted !== undefined", timeout=180_000)
        marks = page.evaluate("window.__viewerOpen")
        if marks["state"] != "ready" or errors:
            raise SystemExit(f"{site.label}: the viewer did not open the bundle: state {marks['state']}, errors {errors}")
        # The reader must have hashed every byte at least once (sections, then the whole file), or nothing was checked.
        if marks["digestCalls"] < 2 or marks["digestBytes"] < bundle_size:
            raise SystemExit(f"{site.label}: checksums were not verified ({marks['digestCalls']} digests, "
                             f"{marks['digestBytes']} bytes of {bundle_size})")
        if breakdown:
            marks["breakdown"] = page.evaluate(BREAKDOWN_SCRIPT)
        return marks
    finally:
        context.close()


def summary(values):
    return f"median {statistics.median(values):8.1f} ms   range {min(values):8.1f} – {max(values):8.1f}"


def phase(marks, start, end):
    return marks[end] - (marks[start] if start else 0.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the navforge before the change")
    parser.add_argument("--new", required=True, help="the navforge after the change")
    parser.add_argument("--bundle", required=True, help="the bundle both viewers open (Heidelberg's for issue 37)")
    parser.add_argument("--old-reader", metavar="DIR", help="serve DIR's navbundle.mjs (and .wasm) in the old site")
    parser.add_argument("--new-reader", metavar="DIR", help="serve DIR's navbundle.mjs (and .wasm) in the new site")
    parser.add_argument("--old-viewer", metavar="DIR", help="serve DIR's index.html, viewer.mjs and viewer.css in the old site")
    parser.add_argument("--new-viewer", metavar="DIR", help="serve DIR's index.html, viewer.mjs and viewer.css in the new site")
    parser.add_argument("--rounds", type=int, default=7, help="counted rounds per side (default 7)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--no-breakdown", action="store_true", help="skip the in-page breakdown after each load")
    parser.add_argument("--json", help="also write every round's marks to this file")
    arguments = parser.parse_args()
    if arguments.rounds < 1:
        parser.error("--rounds must be at least 1")
    bundle_size = os.path.getsize(arguments.bundle)
    breakdown = not arguments.no_breakdown

    sites = {"old": Site("old", arguments.old, arguments.bundle, arguments.old_reader, arguments.old_viewer),
             "new": Site("new", arguments.new, arguments.bundle, arguments.new_reader, arguments.new_viewer)}
    load_before = os.getloadavg()
    results = {"old": [], "new": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=arguments.chromium, headless=True)
            print(f"bundle {arguments.bundle} ({bundle_size / 1e6:.1f} MB), Chromium {browser.version}")
            for site in sites.values():
                print(site.describe())
            print(f"load average before: {' '.join(f'{value:.2f}' for value in load_before)}")
            for label in ("old", "new"):
                load(browser, sites[label], bundle_size, breakdown=False)  # warm-up: disk cache, Chromium's first start
            for round_index in range(arguments.rounds):
                order = ("old", "new") if round_index % 2 == 0 else ("new", "old")
                line = []
                for label in order:
                    marks = load(browser, sites[label], bundle_size, breakdown)
                    results[label].append(marks)
                    line.append(f"{label} {marks['ready']:7.1f} ms")
                print(f"round {round_index + 1}: " + ", ".join(line), flush=True)
            browser.close()
    finally:
        for site in sites.values():
            site.close()
    load_after = os.getloadavg()
    print(f"load average after:  {' '.join(f'{value:.2f}' for value in load_after)}  ({os.cpu_count()} CPUs)")

    print("\nnavigation start → first drawing of the map (data-state=ready, after the viewer's first draw())")
    for label in ("old", "new"):
        print(f"  {label}: {summary([marks['ready'] for marks in results[label]])}")
    ready_ratio = statistics.median(m["ready"] for m in results["new"]) / statistics.median(m["ready"] for m in results["old"])
    print(f"  new/old (medians): {ready_ratio:.3f}")
    print("navigation start → the frame after it")
    for label in ("old", "new"):
        print(f"  {label}: {summary([marks['painted'] for marks in results[label]])}")
    paint_ratio = statistics.median(m["painted"] for m in results["new"]) / statistics.median(m["painted"] for m in results["old"])
    print(f"  new/old (medians): {paint_ratio:.3f}")

    print("\nphases (medians, ms)                    old      new   what")
    for name, what, start, end in PHASES:
        old = statistics.median(phase(m, start, end) for m in results["old"])
        new = statistics.median(phase(m, start, end) for m in results["new"])
        print(f"  {name:<32} {old:8.1f} {new:8.1f}   {what}")
    for label in ("old", "new"):
        first = results[label][0]
        print(f"  {label}: {first['digestCalls']} digests over {first['digestBytes'] / 1e6:.1f} MB, "
              f"{statistics.median(m['digestSyncMs'] for m in results[label]):.1f} ms of them inside the calls")
    new_core = [m for m in results["new"] if "coreInstantiated" in m]
    if new_core:
        fetch = statistics.median(m["coreInstantiateStarted"] - m["coreFetchStarted"] for m in new_core if "coreFetchStarted" in m) \
            if all("coreFetchStarted" in m for m in new_core) else float("nan")
        compile_ms = statistics.median(m["coreInstantiated"] - m["coreInstantiateStarted"] for m in new_core)
        print(f"  new: the core's wasm fetched in {fetch:.1f} ms, compiled and instantiated in {compile_ms:.1f} ms (within start)")

    if breakdown:
        print("\nin the page after each load (medians, ms)  old      new   what")
        for key, what in BREAKDOWN:
            old = statistics.median(m["breakdown"][key] for m in results["old"])
            new = statistics.median(m["breakdown"][key] for m in results["new"])
            print(f"  {key:<36} {old:8.1f} {new:8.1f}   {what}")
        counts = results["new"][0]["breakdown"]
        print(f"  ({counts['arcs']} arcs, {counts['sameLevelArcs']} on one level with {counts['corners']} corners, "
              f"{counts['places']} places)")

    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as file:
            json.dump({"bundle": arguments.bundle, "load_before": load_before, "load_after": load_after,
                       "rounds": results}, file, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
