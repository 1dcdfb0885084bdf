"""The map viewer `navforge view` writes, driven in headless Chromium like a person would.

Run by `scripts/test-viewer.sh` (from `make test`), which builds navforge and the bundles and
provides Playwright. Environment:
  NAVFORGE            the navforge executable
  VIEWER_DEMO         the demo campus bundle
  VIEWER_TU_DRESDEN   the TU Dresden bundle, when the shared data is present (else those tests skip)
  VIEWER_HEIDELBERG   the Heidelberg city bundle, when built (else that test skips)
  VIEWER_SCREENSHOTS  where the screenshots of each state go
Each test compares what the page shows with what `navforge` answers for the same question.
"""
import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import unittest

from playwright.sync_api import expect, sync_playwright

NAVFORGE = os.environ.get("NAVFORGE", "navforge")
SCREENSHOTS = os.environ.get("VIEWER_SCREENSHOTS", "build/viewer-screenshots")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LIFT_CLOSED = os.path.join(os.path.dirname(__file__), "..", "..", "input", "demo-campus", "lift-a-closed.json")


def navforge(*arguments):
    result = subprocess.run([NAVFORGE, *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"navforge {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


class Site:
    """A viewer site written by `navforge view` and served on 127.0.0.1."""

    def __init__(self, bundle):
        self.folder = tempfile.mkdtemp(prefix="navforge-view-")
        self.bundle = bundle
        navforge("view", bundle, "--out", self.folder)
        handler = functools.partial(QuietHandler, directory=self.folder)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def close(self):
        self.server.shutdown()
        self.server.server_close()
        shutil.rmtree(self.folder, ignore_errors=True)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


class ViewerTestCase(unittest.TestCase):
    bundle_variable = "VIEWER_DEMO"
    #: The browser context each test gets: a desktop window unless a suite says otherwise.
    context_options = {"viewport": {"width": 1280, "height": 860}}
    #: A script run before the page's own, to take away what some browsers lack.
    init_script = None
    #: Whether the page must open the map by itself before the test starts.
    opens_by_itself = True

    @classmethod
    def setUpClass(cls):
        bundle = os.environ.get(cls.bundle_variable)
        if not bundle or not os.path.exists(bundle):
            raise unittest.SkipTest(f"{cls.bundle_variable} names no bundle: {cls.__name__} is skipped")
        os.makedirs(SCREENSHOTS, exist_ok=True)
        cls.site = Site(bundle)
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, headless=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()
        cls.site.close()

    def setUp(self):
        self.context = self.browser.new_context(**self.context_options)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        if self.init_script:
            self.page.add_init_script(self.init_script)
        self.page.goto(self.site.url)
        if self.opens_by_itself:
            expect(self.page.locator("body")).to_have_attribute("data-state", "ready", timeout=60_000)

    def tearDown(self):
        self.context.close()
        self.assertEqual(self.errors, [], "the page logged errors")

    def screenshot(self, name):
        self.page.screenshot(path=os.path.join(SCREENSHOTS, f"{self.prefix}-{name}.png"))

    # Acting like a person

    def choose_place(self, role, typed, ref):
        """Types into From or To and picks the place `ref` from the list, by keyboard."""
        field = self.page.get_by_role("combobox", name="From" if role == "from" else "To")
        field.click()
        field.press_sequentially(typed, delay=20)
        option = self.page.locator(f"#{role}-list [role=option]", has_text=ref).first
        expect(option).to_be_visible()
        options = self.page.locator(f"#{role}-list [role=option]").all_inner_texts()
        index = next(i for i, text in enumerate(options) if text.startswith(ref))
        for _ in range(index + 1):
            field.press("ArrowDown")
        field.press("Enter")
        expect(field).to_have_value(ref)

    def route(self, profile):
        self.page.get_by_label("Profile").select_option(profile)
        self.page.get_by_role("button", name="Route", exact=True).click()
        expect(self.page.locator("body")).to_have_attribute("data-route", "route")

    def shown_steps(self):
        return self.page.evaluate("window.navforgeViewer.stepTexts()")

    def shown_maneuvers(self):
        return self.page.evaluate("window.navforgeViewer.maneuverTexts()")

    def shown_language(self):
        return self.page.locator("#language").input_value()

    def drawn_route(self):
        return self.page.evaluate("window.navforgeViewer.drawnRoute()")

    # Comparing with navforge

    def navforge_route(self, *arguments, language="en"):
        """The features of `navforge route ... --language LANGUAGE --geojson`."""
        with tempfile.NamedTemporaryFile(suffix=".geojson") as file:
            navforge("route", self.site.bundle, *arguments, "--language", language, "--geojson", file.name)
            with open(file.name, encoding="utf-8") as written:
                return json.load(written)["features"]

    @staticmethod
    def maneuver_points(features):
        return [feature for feature in features if "maneuver" in feature["properties"]]

    def assert_matches_navforge(self, *arguments):
        """The directions, the step list and the drawn lines equal `navforge route ... --geojson`'s."""
        features = self.navforge_route(*arguments, language=self.shown_language())
        points = self.maneuver_points(features)
        self.assertGreater(len(points), 1, "navforge gives directions for this bundle")
        self.assertEqual(self.shown_maneuvers(), [point["properties"]["instruction"] for point in points])
        items = self.page.locator("#maneuvers li").evaluate_all(
            "items => items.map((item) => [item.dataset.kind, item.dataset.modifier ?? null])")
        self.assertEqual(items, [[point["properties"]["maneuver"], point["properties"]["modifier"]] for point in points])
        lines = [feature for feature in features if feature["geometry"]["type"] == "LineString"]
        self.assertEqual(self.shown_steps(), [line["properties"]["instruction"] for line in lines])
        drawn = {}
        for line in self.drawn_route():
            drawn.setdefault(line["step"], line)
        self.assertEqual(sorted(drawn), list(range(len(lines))))
        for index, line in enumerate(lines):
            expected = line["geometry"]["coordinates"]
            got = drawn[index]["coordinates"]
            self.assertEqual(len(got), len(expected), f"step {index + 1} has {len(got)} corners, navforge {len(expected)}")
            for (latitude, longitude), (lon, lat) in zip(got, expected):
                self.assertAlmostEqual(latitude, lat, places=9)
                self.assertAlmostEqual(longitude, lon, places=9)
            self.assertEqual(drawn[index]["level"], line["properties"]["fromLevel"])
        return lines


class DemoCampusTests(ViewerTestCase):
    prefix = "demo"

    def test_shows_the_venue_its_levels_and_attribution(self):
        meta = json.loads(navforge("inspect", self.site.bundle, "--json"))["metadata"]
        expect(self.page.locator("h1")).to_have_text(meta["venueName"])
        # The demo's sources are the project's own and name no attribution; the page says so.
        self.assertFalse(any(source.get("attribution") for source in meta["sources"]))
        self.assertIn("names no attribution", self.page.locator("footer").inner_text())
        levels = self.page.locator("#levels button")
        self.assertEqual(levels.count(), len(meta["levels"]))
        self.screenshot("opened")
        # Switching levels by click and by keyboard.
        before = self.page.locator("body").get_attribute("data-level")
        other_id = self.page.locator("#levels button[aria-pressed=false]").first.get_attribute("data-level-id")
        other = self.page.locator(f"#levels button[data-level-id='{other_id}']")
        other.focus()
        self.page.keyboard.press("Enter")
        expect(self.page.locator("body")).to_have_attribute("data-level", other_id)
        self.assertNotEqual(before, other_id)
        expect(other).to_have_attribute("aria-pressed", "true")
        self.screenshot("level-switched")

    def test_search_as_you_type_and_route_across_levels(self):
        self.choose_place("from", "A.0.0", "A.0.04")
        self.choose_place("to", "c.1.h", "C.1.H3")
        self.route("wheelchair")
        lines = self.assert_matches_navforge("--from", "A.0.04", "--to", "C.1.H3", "--profile", "wheelchair")
        levels = {line["properties"]["fromLevel"] for line in lines} | {line["properties"]["toLevel"] for line in lines}
        self.assertGreater(len(levels), 1, "the route changes level")
        self.assertTrue(any("Lift" in text for text in self.shown_steps()), "the wheelchair route takes a lift")
        on_route = self.page.locator("#levels button.on-route")
        self.assertEqual(on_route.count(), len(levels))
        self.screenshot("route-wheelchair")

    def test_directions_have_arrows_and_switch_language(self):
        self.choose_place("from", "A.0.0", "A.0.04")
        self.choose_place("to", "c.1.h", "C.1.H3")
        self.route("wheelchair")
        arguments = ("--from", "A.0.04", "--to", "C.1.H3", "--profile", "wheelchair")
        self.assertEqual(self.shown_language(), "en", "an English browser gets English directions")
        self.assert_matches_navforge(*arguments)
        english = self.shown_maneuvers()
        # Each direction has an arrow; a turn's points to its side, at the angle navforge gives.
        points = self.maneuver_points(self.navforge_route(*arguments))
        arrows = self.page.locator("#maneuvers li .arrow").evaluate_all(
            "marks => marks.map((mark) => mark.dataset.angle === undefined ? null : Number(mark.dataset.angle))")
        self.assertEqual(len(arrows), len(points))
        turns = 0
        for point, angle in zip(points, arrows):
            properties = point["properties"]
            if properties["maneuver"] != "turn" or properties["modifier"] == "uturn":
                continue
            turns += 1
            change = (properties["bearingAfter"] - properties["bearingBefore"] + 540) % 360 - 180
            self.assertAlmostEqual(angle, change, delta=1.5, msg=properties["instruction"])
            self.assertEqual(angle > 0, "right" in properties["modifier"], properties["instruction"])
        self.assertGreater(turns, 0, "the route turns")
        self.screenshot("directions-english")
        # Another language: the same maneuvers in its words, as navforge says them.
        self.page.get_by_label("Directions in").select_option("de")
        expect(self.page.locator("#maneuvers")).to_have_attribute("lang", "de")
        german = [point["properties"]["instruction"] for point in self.maneuver_points(self.navforge_route(*arguments, language="de"))]
        self.assertEqual(self.shown_maneuvers(), german)
        self.assertNotEqual(german, english)
        self.screenshot("directions-german")
        # The choice holds for the next route.
        self.route("foot")
        self.assert_matches_navforge("--from", "A.0.04", "--to", "C.1.H3", "--profile", "foot")
        self.assertEqual(self.shown_language(), "de")

    def test_selecting_a_direction_shows_it_on_the_map(self):
        self.choose_place("from", "A.0.0", "A.0.04")
        self.choose_place("to", "c.1.h", "C.1.H3")
        self.route("wheelchair")
        points = self.maneuver_points(self.navforge_route("--from", "A.0.04", "--to", "C.1.H3", "--profile", "wheelchair"))
        first_level = points[0]["properties"]["level"]
        # The first maneuver on another level than the start: selecting it switches the level.
        index = next(i for i, point in enumerate(points) if point["properties"]["level"] != first_level)
        button = self.page.locator("#maneuvers button.maneuver").nth(index)
        button.click()
        expect(self.page.locator("body")).to_have_attribute("data-maneuver", str(index))
        expect(self.page.locator("body")).to_have_attribute("data-level", points[index]["properties"]["level"])
        expect(button).to_have_attribute("aria-current", "step")
        selected = self.page.evaluate("window.navforgeViewer.selectedManeuver()")
        longitude, latitude = points[index]["geometry"]["coordinates"]
        self.assertAlmostEqual(selected["latitude"], latitude, places=7)
        self.assertAlmostEqual(selected["longitude"], longitude, places=7)
        # The map is centred on it and rings it in the highlight's blue.
        self.assertEqual(self.ring_pixels(), 8, "the ring is drawn all round the maneuver")
        self.screenshot("direction-selected")
        # By keyboard: the next direction, and only one is current.
        self.page.keyboard.press("Tab")
        self.page.keyboard.press("Enter")
        expect(self.page.locator("body")).to_have_attribute("data-maneuver", str(index + 1))
        self.assertEqual(self.page.locator("#maneuvers [aria-current=step]").count(), 1)

    def ring_pixels(self):
        """How many of 8 points on a circle of 11 px round the map's centre are the highlight's blue."""
        return self.page.evaluate("""() => {
            const canvas = document.getElementById("map"), ratio = window.devicePixelRatio || 1;
            const context = canvas.getContext("2d");
            let blue = 0;
            for (let k = 0; k < 8; k++) {
                const angle = (k + 0.5) * Math.PI / 4;
                const x = Math.round(canvas.width / 2 + Math.cos(angle) * 11 * ratio);
                const y = Math.round(canvas.height / 2 + Math.sin(angle) * 11 * ratio);
                const [r, g, b] = context.getImageData(x, y, 1, 1).data;
                if (Math.abs(r - 0x0b) < 40 && Math.abs(g - 0x5c) < 40 && Math.abs(b - 0xad) < 40) blue++;
            }
            return blue;
        }""")

    def test_conditions_close_the_lift_and_the_route_goes_around(self):
        self.choose_place("from", "A.0.04", "A.0.04")
        self.choose_place("to", "A.2.04", "A.2.04")
        self.route("foot")
        open_route = self.shown_steps()
        self.page.get_by_text("Conditions: closures and slow-downs").click()
        self.page.set_input_files("#conditions-file", LIFT_CLOSED)
        expect(self.page.locator("#conditions-status")).to_contain_text("Applied")
        expect(self.page.locator("body")).to_have_attribute("data-conditions", "applied")
        closed_route = self.shown_steps()
        self.assertNotEqual(open_route, closed_route)
        self.assertFalse(any("Lift A" in text for text in closed_route))
        self.assert_matches_navforge("--from", "A.0.04", "--to", "A.2.04", "--profile", "foot", "--conditions", LIFT_CLOSED)
        self.screenshot("conditions-lift-closed")

    def test_bad_conditions_are_explained_and_change_nothing(self):
        self.page.get_by_text("Conditions: closures and slow-downs").click()
        self.page.get_by_label("or paste them").fill('{"closed": ["No such place"]}')
        self.page.get_by_role("button", name="Apply").click()
        expect(self.page.locator("#conditions-status")).to_have_class("error")
        self.assertIn("No such place", self.page.locator("#conditions-status").inner_text())
        self.assertIsNone(self.page.locator("body").get_attribute("data-conditions"))

    def test_nearest_exit(self):
        self.choose_place("from", "B.1.G5", "B.1.G5")
        self.page.get_by_role("button", name="Nearest exit").click()
        expect(self.page.locator("body")).to_have_attribute("data-route", "exit")
        self.assert_matches_navforge("--from", "B.1.G5", "--to-exit", "--profile", "foot")
        self.screenshot("nearest-exit")

    def test_the_nearest_toilets_by_wheelchair_are_navforges_and_route(self):
        self.choose_place("from", "A.0.01", "A.0.01")
        self.page.get_by_label("Profile").select_option("wheelchair")
        self.page.get_by_text("Nearest of a kind").click()
        self.page.get_by_label("Category, name or keyword").fill("toilet")
        self.page.get_by_role("button", name="Find nearest to From").click()
        shown = self.page.locator("#nearest-list button.nearest")
        expect(shown).to_have_count(3)
        # The same places as navforge nearest, in the same order (a keyword of "toilet" finds
        # the toilets by category, and by name where one starts so).
        found = json.loads(navforge("nearest", self.site.bundle, "--from", "A.0.01", "--keyword", "toilet",
                                    "--profile", "wheelchair", "--json"))["places"]
        self.assertEqual([int(place) for place in shown.evaluate_all("buttons => buttons.map((b) => b.dataset.place)")],
                         [place["place"] for place in found])
        shown.first.click()
        expect(self.page.locator("body")).to_have_attribute("data-route", "route")
        self.assertEqual(self.page.get_by_role("combobox", name="To").input_value(), found[0]["ref"])
        self.assert_matches_navforge("--from", "A.0.01", "--to", found[0]["ref"], "--profile", "wheelchair")
        self.screenshot("nearest-toilets")

    def test_tours_are_listed_and_followed_as_navforge_follows_them(self):
        listed = json.loads(navforge("tours", self.site.bundle, "--json"))
        self.page.get_by_text("Tours", exact=True).click()
        shown = self.page.locator("#tours-list button.tour")
        expect(shown).to_have_count(len(listed))
        self.assertEqual(shown.all_inner_texts(), [tour["name"] for tour in listed])
        # The fun run crosses the gravel trail: its line says who cannot do it.
        metas = self.page.locator("#tours-list li .meta").all_inner_texts()
        self.assertIn("not for wheelchair, step-free", metas[0])
        self.choose_place("from", "B.0.ML", "B.0.ML")
        shown.first.click()
        expect(self.page.locator("body")).to_have_attribute("data-route", "tour")
        summary = self.page.locator("#summary").inner_text()
        self.assertIn("Campus Fun Run", summary)
        # The same walk as navforge route --tour: its total length in metres.
        told = navforge("route", self.site.bundle, "--from", "B.0.ML", "--tour", "Campus Fun Run", "--join", "nearest")
        total = next(line for line in told.splitlines() if line.startswith("Total "))
        self.assertIn(f": {total.split()[1]} m,", summary)
        self.assertGreater(len(self.drawn_route()), 0)
        self.screenshot("tour-fun-run")
        self.page.get_by_label("Profile").select_option("wheelchair")
        shown.first.click()
        expect(self.page.locator("#tours-status")).to_have_class("error")
        self.assertIn("cannot follow Campus Fun Run whole", self.page.locator("#tours-status").inner_text())

    def test_a_crowd_heatmap_is_drawn_from_counts_and_routes_go_round_it(self):
        self.page.get_by_text("Crowds from Wi-Fi counts").click()
        # The Main Building's ground-floor corridor as a controller's CSV, and a count the bundle lacks.
        self.page.get_by_label("or paste the counts").fill("ap_mac,clients\n00-0B-86-01-08-03,1200\nff:ff:ff:00:00:01,50\n")
        self.page.get_by_role("button", name="Show heatmap").click()
        expect(self.page.locator("body")).to_have_attribute("data-crowds", "shown")
        self.assertIn("2.77 people/m²", self.page.locator("#crowds-status").inner_text())
        self.page.locator("#levels button[data-level-id='A@0']").click()
        expect(self.page.locator("body")).to_have_attribute("data-level", "A@0")
        drawn = self.page.evaluate("window.navforgeViewer.drawnCrowds()")
        labels = {area["label"] for area in drawn}
        self.assertIn("Ground floor corridor", labels)
        # The densities are navforge occupancy's.
        with tempfile.NamedTemporaryFile("w", suffix=".csv") as counts:
            counts.write("ap_mac,clients\n00-0B-86-01-08-03,1200\n")
            counts.flush()
            told = json.loads(navforge("occupancy", self.site.bundle, "--counts", counts.name, "--json"))
        expected = {row["label"]: row["density"] for row in told if row["people"] > 0}
        for area in drawn:
            self.assertAlmostEqual(area["density"], expected[area["label"]], places=9)
        self.screenshot("crowd-heatmap")
        # Routed around: the crowd's conditions are applied.
        self.page.get_by_role("button", name="Route around them").click()
        expect(self.page.locator("body")).to_have_attribute("data-conditions", "applied")
        self.page.locator("#crowds-clear").click()
        expect(self.page.locator("body")).to_have_attribute("data-crowds", "none")
        self.assertEqual(self.page.evaluate("window.navforgeViewer.drawnCrowds()"), [])

    def test_a_bad_endpoint_is_explained_and_clears_the_last_route(self):
        self.choose_place("from", "A.0.04", "A.0.04")
        self.choose_place("to", "A.2.04", "A.2.04")
        expect(self.page.locator("body")).to_have_attribute("data-route", "route")
        self.assertGreater(len(self.shown_steps()), 0)
        to = self.page.get_by_role("combobox", name="To")
        to.fill("A.0.04@A@2")
        self.page.get_by_role("button", name="Route", exact=True).click()
        expect(self.page.locator("#status")).to_have_class("error")
        self.assertIn("Nothing called “A.0.04@A@2” is on that level", self.page.locator("#status").inner_text())
        self.assertEqual(self.shown_steps(), [])
        self.assertEqual(self.drawn_route(), [])

    def test_a_tap_far_from_every_way_is_refused(self):
        for _ in range(6):
            self.page.get_by_role("button", name="Zoom out").click()
        self.page.locator("#map").click(position={"x": 300, "y": 20})
        expect(self.page.locator("#status")).to_contain_text("within 250 m of that point")
        self.assertEqual(self.page.locator("#from").input_value(), "")

    def test_the_mouse_pans_and_the_wheel_zooms(self):
        canvas = self.page.locator("#map").bounding_box()
        x, y = canvas["x"] + canvas["width"] / 2, canvas["y"] + canvas["height"] / 2
        view = lambda: self.page.evaluate("({...window.navforgeViewer.state.view})")
        before = view()
        self.page.mouse.move(x, y)
        self.page.mouse.wheel(0, -300)
        zoomed = view()
        self.assertGreater(zoomed["scale"], before["scale"] * 2, "the wheel zooms in")
        self.page.mouse.down()
        self.page.mouse.move(x - 100, y + 40, steps=5)
        self.page.mouse.up()
        dragged = view()
        self.assertAlmostEqual((dragged["x"] - zoomed["x"]) * zoomed["scale"], 100, delta=1)
        self.assertAlmostEqual((dragged["y"] - zoomed["y"]) * zoomed["scale"], -40, delta=1)
        self.assertEqual(self.page.locator("#from").input_value(), "", "a drag is no click")
        # Keys pan and zoom the focused map too.
        self.page.locator("#map").focus()
        self.page.keyboard.press("+")
        self.assertGreater(view()["scale"], dragged["scale"])

    def test_tapping_the_map_sets_start_and_destination(self):
        canvas = self.page.locator("#map")
        box = canvas.bounding_box()
        canvas.click(position={"x": box["width"] * 0.4, "y": box["height"] * 0.5})
        start = self.page.locator("#from").input_value()
        self.assertRegex(start, r"^-?\d+\.\d{6},-?\d+\.\d{6}@.+$")
        canvas.click(position={"x": box["width"] * 0.6, "y": box["height"] * 0.45})
        destination = self.page.locator("#to").input_value()
        self.assertRegex(destination, r"^-?\d+\.\d{6},-?\d+\.\d{6}@.+$")
        expect(self.page.locator("body")).to_have_attribute("data-route", "route")
        # A tap is a position, as if typed: the route is navforge's from the same texts, for
        # every profile the person switches to.
        self.assert_matches_navforge("--from", start, "--to", destination, "--profile", "foot")
        self.screenshot("tapped-route")
        self.page.get_by_label("Profile").select_option("wheelchair")
        expect(self.page.locator("#summary")).to_contain_text("(wheelchair")
        self.assert_matches_navforge("--from", start, "--to", destination, "--profile", "wheelchair")
        # The next tap sets From again.
        canvas.click(position={"x": box["width"] * 0.45, "y": box["height"] * 0.55})
        self.assertNotEqual(self.page.locator("#from").input_value(), start)
        self.assertEqual(self.page.locator("#to").input_value(), destination)

    def test_a_press_held_past_a_tap_sets_nothing(self):
        box = self.page.locator("#map").bounding_box()
        self.page.mouse.move(box["x"] + box["width"] * 0.4, box["y"] + box["height"] * 0.5)
        self.page.mouse.down()
        self.page.wait_for_timeout(900)
        self.page.mouse.up()
        self.assertEqual(self.page.locator("#from").input_value(), "", "a press of 0.9 s is no tap")

    def test_locates_a_sample_scan_like_navforge(self):
        self.page.get_by_text("Locate a Wi-Fi scan").click()
        samples = self.page.locator("#scan-sample option")
        self.assertGreater(samples.count(), 1, "the demo's radio map offers samples")
        self.page.get_by_label("Sample scans from the radio map").select_option(index=3)
        expect(self.page.locator("body")).to_have_attribute("data-fix", "located")
        scan = self.page.locator("#scan-text").input_value()
        expected = json.loads(navforge("locate", self.site.bundle, "--scan", scan, "--json"))
        self.assertTrue(expected["located"])
        status = self.page.locator("#locate-status").inner_text()
        self.assertTrue(status.startswith(f"{expected['building']}, floor {expected['floor']} "), status)
        self.assertIn(f": {expected['latitude']:.7f}, {expected['longitude']:.7f}, confidence {expected['confidence']:.2f}.", status)
        # The map shows the fix's level, and the places the fix is in or near as navforge tells them.
        self.assertEqual(self.page.locator("body").get_attribute("data-level"), expected["level"])
        places = json.loads(navforge("geofence", self.site.bundle, "--scan", scan, "--json"))["places"]
        inside = [place["label"] for place in places if place["inside"]]
        near = [place["label"] for place in places if not place["inside"]]
        told = " ".join(([f"In {', '.join(inside)}."] if inside else []) + ([f"Near {', '.join(near)}."] if near else []))
        self.assertEqual(self.page.locator("#locate-places").inner_text(), told or "In or near no place.")
        self.screenshot("located")

    def test_the_keyboard_alone_plans_a_route(self):
        focused = lambda: self.page.evaluate("document.activeElement.id || document.activeElement.className")
        self.page.keyboard.press("Tab")
        self.assertEqual(focused(), "skip")
        self.page.keyboard.press("Enter")
        self.assertEqual(focused(), "panel")
        self.page.keyboard.press("Tab")
        self.assertEqual(focused(), "from")
        self.page.keyboard.type("B.1.G5", delay=20)
        self.page.keyboard.press("ArrowDown")
        self.page.keyboard.press("Enter")
        self.page.keyboard.press("Tab")
        self.page.keyboard.type("A.2.04", delay=20)
        self.page.keyboard.press("ArrowDown")
        self.page.keyboard.press("Enter")
        expect(self.page.locator("body")).to_have_attribute("data-route", "route")
        self.assertEqual(focused(), "to")
        self.assert_matches_navforge("--from", "B.1.G5", "--to", "A.2.04", "--profile", "foot")
        # A step's level is a key press away.
        for _ in range(30):
            self.page.keyboard.press("Tab")
            if focused() == "step":
                break
        self.assertEqual(focused(), "step", "the steps are reachable by Tab")
        first_step_level = self.page.locator("#steps li").first.get_attribute("data-to-level")
        self.page.keyboard.press("Enter")
        expect(self.page.locator("body")).to_have_attribute("data-level", first_step_level)


class InsecureContextTests(ViewerTestCase):
    """A page served over plain HTTP from another host has no WebCrypto: it must say so."""
    prefix = "insecure"
    # What a browser gives a page that is no secure context: no crypto.subtle.
    init_script = "Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined })"
    opens_by_itself = False

    def test_says_the_checksums_cannot_be_checked_and_opens_only_when_asked(self):
        dialog = self.page.get_by_role("alertdialog")
        expect(dialog).to_be_visible()
        self.assertIn("WebCrypto", dialog.inner_text())
        self.assertIsNone(self.page.locator("body").get_attribute("data-state"))
        self.screenshot("refused")
        dialog.get_by_role("button", name="Open without checking the checksums").click()
        expect(self.page.locator("body")).to_have_attribute("data-state", "ready")
        expect(dialog).to_be_hidden()


class SignatureTests(ViewerTestCase):
    """The JavaScript reader on the viewer's page verifies what `navforge publish` signs with the
    browser's own WebCrypto Ed25519, and refuses a signature with one bit changed."""
    prefix = "signature"

    def test_verifies_a_published_version_with_webcrypto_ed25519(self):
        with tempfile.TemporaryDirectory() as folder:
            navforge("keygen", os.path.join(folder, "ci"))
            navforge("publish", os.path.dirname(self.site.bundle), "--root", os.path.join(folder, "root"),
                     "--sign-key", os.path.join(folder, "ci.key"))
            with open(os.path.join(folder, "root", "demo-campus", "latest.json"), encoding="utf-8") as file:
                latest = json.load(file)
            with open(os.path.join(folder, "ci.pub"), encoding="utf-8") as file:
                public_key = file.read()
        result = self.page.evaluate("""async ({ latest, publicKey, url }) => {
            const reader = await import('./navbundle.mjs');
            const bundle = await (await fetch(url)).arrayBuffer();
            const verified = await reader.verifyRelease(latest, { publicKey, bundle, checkMetadata: true });
            const changed = structuredClone(latest);
            const signature = Uint8Array.from(atob(changed.release.signature.value), (c) => c.charCodeAt(0));
            signature[7] ^= 1;
            changed.release.signature.value = btoa(String.fromCharCode(...signature));
            let refused = null;
            try {
                await reader.verifyRelease(changed, { publicKey });
            } catch (error) {
                refused = { name: error.name, code: error.code };
            }
            return { verified: { ...verified }, refused };
        }""", {"latest": latest, "publicKey": public_key, "url": os.path.basename(self.site.bundle)})
        self.assertEqual(result["verified"]["sha256"], latest["release"]["bundle"]["sha256"])
        self.assertEqual(result["verified"]["keyID"], latest["release"]["signature"]["keyID"])
        self.assertEqual(result["verified"]["version"], latest["version"])
        self.assertEqual(result["refused"], {"name": "BundleError", "code": "signature"})


class PhoneTests(ViewerTestCase):
    prefix = "phone"
    context_options = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                       "device_scale_factor": 2}

    def view(self):
        return self.page.evaluate("({...window.navforgeViewer.state.view})")

    def test_pinch_zooms_and_a_finger_pans(self):
        canvas = self.page.locator("#map").bounding_box()
        x, y = canvas["x"] + canvas["width"] / 2, canvas["y"] + canvas["height"] / 2
        touch = self.context.new_cdp_session(self.page)

        def fingers(kind, points):
            touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
                {"x": px, "y": py, "id": index} for index, (px, py) in enumerate(points)]})

        before = self.view()
        fingers("touchStart", [(x - 20, y), (x + 20, y)])
        for spread in range(20, 101, 10):
            fingers("touchMove", [(x - spread, y), (x + spread, y)])
        fingers("touchEnd", [])
        pinched = self.view()
        self.assertGreater(pinched["scale"], before["scale"] * 3, "spreading two fingers zooms in")
        fingers("touchStart", [(x, y)])
        for step in range(1, 6):
            fingers("touchMove", [(x + 12 * step, y)])
        fingers("touchEnd", [])
        panned = self.view()
        self.assertLess(panned["x"], pinched["x"], "dragging right moves the map right")
        self.assertAlmostEqual(panned["scale"], pinched["scale"])
        self.assertEqual(self.page.locator("#from").input_value(), "", "a drag is no tap")

    def test_fits_a_phone_and_routes_by_touch(self):
        width = self.page.evaluate("document.documentElement.scrollWidth")
        self.assertLessEqual(width, 390, "nothing overflows sideways")
        canvas = self.page.locator("#map").bounding_box()
        panel = self.page.locator("#panel").bounding_box()
        self.assertGreaterEqual(panel["y"], canvas["y"] + canvas["height"] - 1, "the panel sits under the map")
        self.page.locator("#map").tap(position={"x": canvas["width"] * 0.45, "y": canvas["height"] * 0.5})
        self.assertIn("@", self.page.locator("#from").input_value())
        self.choose_place("to", "A.2.04", "A.2.04")
        expect(self.page.locator("body")).to_have_attribute("data-route", "route")
        self.screenshot("route")


class TUDresdenTests(ViewerTestCase):
    bundle_variable = "VIEWER_TU_DRESDEN"
    prefix = "tu-dresden"

    def test_route_from_e005_to_3078_by_wheelchair_takes_the_lift(self):
        self.screenshot("opened")
        meta = json.loads(navforge("inspect", self.site.bundle, "--json"))["metadata"]
        attributions = {source["attribution"] for source in meta["sources"] if source.get("attribution")}
        self.assertIn("© OpenStreetMap contributors", attributions)
        for attribution in attributions:
            self.assertIn(attribution, self.page.locator("footer").inner_text())
        self.choose_place("to", "3078", "3078")
        self.choose_place("from", "E005", "E005")
        self.route("wheelchair")
        lines = self.assert_matches_navforge("--from", "E005", "--to", "3078", "--profile", "wheelchair")
        lifts = [line for line in lines if line["properties"]["action"] == "elevator"]
        self.assertTrue(lifts, "the wheelchair route takes a lift")
        self.assertTrue(any(text.startswith("Take") and "up" in text for text in self.shown_steps()))
        self.screenshot("route-wheelchair")
        # The lift's step shows the level it reaches.
        lift_step = self.page.locator("#steps li.level-change button.step").first
        lift_step.click()
        expect(self.page.locator("body")).to_have_attribute("data-level", lifts[0]["properties"]["toLevel"])
        self.screenshot("route-upper-level")

    def test_the_way_out_from_e005_is_the_egress_tables(self):
        # Some ways out of this building leave through doors that routes never take (emergency
        # exits): the page must draw the table's way, not a route to its exit.
        self.choose_place("from", "E005", "E005")
        for profile in ("foot", "wheelchair"):
            self.page.get_by_label("Profile").select_option(profile)
            self.page.get_by_role("button", name="Nearest exit").click()
            expect(self.page.locator("body")).to_have_attribute("data-route", "exit")
            expect(self.page.locator("#summary")).to_contain_text(f"({profile}")
            self.assert_matches_navforge("--from", "E005", "--to-exit", "--profile", profile)
        self.screenshot("way-out")


class HeidelbergTests(ViewerTestCase):
    bundle_variable = "VIEWER_HEIDELBERG"
    prefix = "heidelberg"

    def test_the_city_opens_and_routes(self):
        self.screenshot("opened")
        # Two taps in the city centre, which the whole map fits around, half a kilometre apart.
        canvas = self.page.locator("#map").bounding_box()
        self.page.locator("#map").click(position={"x": canvas["width"] * 0.55, "y": canvas["height"] * 0.5})
        self.assertIn("@", self.page.locator("#from").input_value())
        self.page.locator("#map").click(position={"x": canvas["width"] * 0.55 + 70, "y": canvas["height"] * 0.5 + 30})
        expect(self.page.locator("body")).to_have_attribute("data-route", "route", timeout=60_000)
        self.assertGreater(len(self.shown_steps()), 0)
        self.screenshot("route")


if __name__ == "__main__":
    unittest.main()
