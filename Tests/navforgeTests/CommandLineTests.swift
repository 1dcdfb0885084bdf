import Foundation
import Testing
import NavBundle
import TemporaryFolders

/// The command line as users and CI drive it: exit statuses, messages, outputs.
@Suite(.serialized) struct CommandLineTests {
    static let bundle = "build/demo-campus/demo-campus-1.0.0.navbundle"

    @Test func buildsTheDemoAndRoutesAcrossBuildingsAndLevels() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        let build = try cli.run(["build", "pipelines/demo-campus.yml"])
        #expect(build.status == 0, "\(build.errorOutput)")
        #expect(build.output.contains("Build succeeded"))
        #expect(build.errorOutput.isEmpty, "no progress when stderr is not a terminal")

        // Turn by turn by default, in the language asked for; an unknown language names the others.
        let directions = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.1.G5"])
        #expect(directions.status == 0, "\(directions.errorOutput)")
        #expect(directions.output.contains("Take Lift A down from Second floor to Ground floor"), "\(directions.output)")
        #expect(directions.output.contains("Turn right onto East Lane"))
        #expect(directions.output.contains("Arrive at B.1.G5 Group Study Room 5"))
        let german = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.1.G5", "--language", "de"])
        #expect(german.status == 0 && german.output.contains("Rechts abbiegen auf East Lane"), "\(german.output)")
        let italian = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.1.G5", "--language", "it"])
        #expect(italian.status != 0 && italian.errorOutput.contains("no guidance language 'it'")
                && italian.errorOutput.contains("de, en, es, fr"), "\(italian.errorOutput)")

        let route = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.1.G5", "--steps"])
        #expect(route.status == 0, "\(route.errorOutput)")
        #expect(route.output.contains("Leave Main Building"))
        #expect(route.output.contains("Enter Library"))
        #expect(route.output.contains("from Second floor to Ground floor"))
        #expect(route.output.contains("up from Ground floor to Upper floor"))
        #expect(route.output.contains("Arrive at B.1.G5 Group Study Room 5."))
        #expect(route.output.contains("about"))

        let wheelchair = try cli.run(["route", Self.bundle, "--from", "A.0.04", "--to", "C.1.H3", "--profile", "wheelchair",
                                      "--geojson", "route.geojson", "--steps"])
        #expect(wheelchair.status == 0, "\(wheelchair.errorOutput)")
        #expect(wheelchair.output.contains("Use Main Entrance Ramp"))
        #expect(wheelchair.output.contains("Take Lift C up"))
        #expect(!wheelchair.output.contains("staircase") && !wheelchair.output.contains("Steps"))
        let geojson = try Data(contentsOf: cli.directory.appendingPathComponent("route.geojson"))
        let object = try JSONSerialization.jsonObject(with: geojson) as? [String: Any]
        #expect(object?["type"] as? String == "FeatureCollection")

        let wayOut = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to-exit", "--profile", "wheelchair", "--steps"])
        #expect(wayOut.status == 0, "\(wayOut.errorOutput)")
        #expect(wayOut.output.contains("to the nearest exit, "), "\(wayOut.output)")
        #expect(wayOut.output.contains("Take Lift A down from Second floor to Ground floor"))
        #expect(!wayOut.output.contains("staircase"))
        // Outdoors there is no building to leave: the way out says so rather than walk to an entrance.
        let outside = try cli.run(["route", Self.bundle, "--from", "BIKE", "--to-exit"])
        #expect(outside.status == 0, "\(outside.errorOutput)")
        #expect(outside.output.contains("it is outdoors, with no building to leave"), "\(outside.output)")
        // The route's GeoJSON carries a Point per maneuver with its words.
        let guided = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.1.G5", "--geojson", "guided.geojson"])
        #expect(guided.status == 0, "\(guided.errorOutput)")
        let guidedObject = try JSONSerialization.jsonObject(
            with: Data(contentsOf: cli.directory.appendingPathComponent("guided.geojson"))) as? [String: Any]
        let points = (guidedObject?["features"] as? [[String: Any]] ?? []).compactMap { $0["properties"] as? [String: Any] }
            .filter { $0["maneuver"] != nil }
        #expect(points.first?["maneuver"] as? String == "depart" && points.last?["maneuver"] as? String == "arrive")
        #expect(points.contains { $0["instruction"] as? String == "Turn right onto East Lane" && $0["modifier"] as? String == "right" })
        // Landmarks (docs/guidance.md): the turn off the library stairs names the door there (not the
        // stairs just climbed), the arrival its room.
        #expect(points.contains {
            $0["instruction"] as? String == "Turn left at Door to staircase" && $0["landmark"] as? String == "Door to staircase"
                && $0["landmarkPlacement"] as? String == "at" && $0["landmarkSide"] is NSNull
        })
        #expect(points.last?["landmark"] as? String == "Group Study Room 5" && points.last?["landmarkSide"] is NSNull)
        let metres = points.compactMap { $0["distanceMetres"] as? Double }.reduce(0, +)
        #expect(metres.rounded() == 180 && points.allSatisfy { $0["level"] is String && $0["bearingBefore"] != nil })
        let both = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.1.G5", "--to-exit"])
        #expect(both.status != 0 && both.errorOutput.contains("either --to PLACE or --to-exit"))

        let search = try cli.run(["search", Self.bundle, "study", "--min-capacity", "8"])
        #expect(search.status == 0)
        #expect(search.output.contains("Group Study Room 3"))
        #expect(!search.output.contains("Group Study Room 1 "))
    }

    @Test func routesThroughViaPointsLegByLegAndRoundTrips() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        // Leg by leg, each arriving at its stop; the total is the legs' sum.
        let via = try cli.run(["route", Self.bundle, "--from", "A.0.04", "--via", "A.2.04", "--to", "A.1.04",
                               "--geojson", "via.geojson"])
        #expect(via.status == 0, "\(via.errorOutput)")
        #expect(via.output.contains("       via A.2.04 Seminar room (Second floor, Main Building)"), "\(via.output)")
        #expect(via.output.contains("Leg 1 of 2, to A.2.04 Seminar room") && via.output.contains("Leg 2 of 2, to A.1.04 Computer lab"))
        #expect(via.output.contains("Arrive at A.2.04 Seminar room") && via.output.contains("Arrive at A.1.04 Computer lab"))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.directory.appendingPathComponent("via.geojson")))
        let features = ((object as? [String: Any])?["features"] as? [[String: Any]] ?? []).compactMap { $0["properties"] as? [String: Any] }
        #expect(features.compactMap { $0["role"] as? String } == ["start", "via", "destination"])
        let arrivals = features.filter { $0["maneuver"] as? String == "arrive" }
        #expect(arrivals.compactMap { $0["leg"] as? Int } == [1, 2], "each leg arrives at its stop")
        #expect(Set(features.filter { $0["step"] != nil }.compactMap { $0["leg"] as? Int }) == [1, 2])

        // A via on the stop before it is an empty leg: the person is there already.
        let empty = try cli.run(["route", Self.bundle, "--from", "A.0.04", "--via", "A.0.04", "--to", "A.1.04"])
        #expect(empty.status == 0 && empty.output.contains("Leg 1 of 2, to A.0.04 Lecture room: 0 m")
                    && empty.output.contains("Already at A.0.04 Lecture room."), "\(empty.output)")

        // A round trip comes back to its start; it needs somewhere to go.
        let round = try cli.run(["route", Self.bundle, "--from", "A.0.04", "--via", "A.1.04", "--round-trip", "--steps",
                                 "--profile", "wheelchair"])
        #expect(round.status == 0, "\(round.errorOutput)")
        #expect(round.output.contains("        to A.0.04 Lecture room (Ground floor, Main Building), profile wheelchair"))
        #expect(round.output.contains("Leg 2 of 2, to A.0.04 Lecture room") && round.output.contains("Arrive at A.0.04 Lecture room."))
        let nowhere = try cli.run(["route", Self.bundle, "--from", "A.0.04", "--round-trip"])
        #expect(nowhere.status == 64 && nowhere.errorOutput.contains("a round trip passes at least one --via PLACE"))
        let exit = try cli.run(["route", Self.bundle, "--from", "A.0.04", "--via", "A.1.04", "--to-exit"])
        #expect(exit.status == 64 && exit.errorOutput.contains("--to-exit takes no --via"))
        let unknown = try cli.run(["route", Self.bundle, "--from", "A.0.04", "--via", "Nowhere", "--to", "A.1.04"])
        #expect(unknown.status == 1 && unknown.errorOutput.contains("'Nowhere'"))
    }

    @Test func findsTheNearestPlacesOfAKind() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        // The nearest toilets by wheelchair, nearest first, each with its distance and time.
        let toilets = try cli.run(["nearest", Self.bundle, "--from", "A.0.01", "--category", "toilet",
                                   "--profile", "wheelchair", "--limit", "3"])
        #expect(toilets.status == 0, "\(toilets.errorOutput)")
        let lines = toilets.output.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(lines.count == 3 && lines.allSatisfy { $0.contains("· toilets ·") }, "\(toilets.output)")
        #expect(lines.first?.hasPrefix("  1. A.0.05 Toilets (Ground floor, Main Building)") == true, "\(toilets.output)")

        // A free room for eight among those a booking system names, with the way there.
        let free = try cli.run(["nearest", Self.bundle, "--from", "A.0.01", "--min-capacity", "8", "--among", "A.1.02",
                                "--among", "B.1.R2", "--limit", "1", "--route", "--json"])
        #expect(free.status == 0, "\(free.errorOutput)")
        let object = try JSONSerialization.jsonObject(with: Data(free.output.utf8)) as? [String: Any]
        let places = object?["places"] as? [[String: Any]] ?? []
        #expect(places.count == 1 && places.first?["ref"] as? String == "A.1.02", "\(free.output)")
        #expect((places.first?["nodes"] as? [Int])?.first == object?["node"] as? Int)

        // Nothing to find is said; a level that is not, or no count, is an error.
        let none = try cli.run(["nearest", Self.bundle, "--from", "A.0.01", "--keyword", "lecture", "--on", "Library"])
        #expect(none.status == 0 && none.output.contains("No place matches."), "\(none.output)")
        let mars = try cli.run(["nearest", Self.bundle, "--from", "A.0.01", "--on", "Mars"])
        #expect(mars.status == 1 && mars.errorOutput.contains("'Mars' names no level or building"), "\(mars.errorOutput)")
        let zero = try cli.run(["nearest", Self.bundle, "--from", "A.0.01", "--limit", "0"])
        #expect(zero.status == 64 && zero.errorOutput.contains("--limit takes a positive count"))
    }

    @Test func listsToursAndLeadsOntoThem() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let list = try cli.run(["tours", Self.bundle])
        #expect(list.status == 0, "\(list.errorOutput)")
        #expect(list.output.contains("  Campus Fun Run (running, 207 m, a loop; tour-fun-run)"), "\(list.output)")
        #expect(list.output.contains("wheelchair cannot do it whole"), "\(list.output)")
        let json = try cli.run(["tours", Self.bundle, "--search", "promenade", "--json"])
        let tours = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]] ?? []
        #expect(tours.count == 1 && tours.first?["name"] as? String == "Park Promenade Loop", "\(json.output)")
        #expect((tours.first?["durations"] as? [String: Any])?.count == 4)
        // The fun run's wheelchair time is null, not left out.
        let all = try cli.run(["tours", Self.bundle, "--json"])
        let run = (try JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [[String: Any]])?.first
        #expect((run?["durations"] as? [String: Any])?["wheelchair"] is NSNull, "\(all.output)")

        // Onto the fun run where it is nearest to the media lab, then round it.
        let follow = try cli.run(["route", Self.bundle, "--from", "B.0.ML", "--tour", "fun run", "--join", "nearest"])
        #expect(follow.status == 0, "\(follow.errorOutput)")
        #expect(follow.output.contains("onto Campus Fun Run (running, 207 m, a loop) where it is nearest"), "\(follow.output)")
        #expect(follow.output.contains("Leg 2 of 2, along Campus Fun Run round to where it was joined: 207 m"), "\(follow.output)")
        // A profile that cannot follow it whole is told which stretch it may not use.
        let closed = try cli.run(["route", Self.bundle, "--from", "B.0.ML", "--tour", "Campus Fun Run", "--profile", "wheelchair"])
        #expect(closed.status == 1 && closed.errorOutput.contains("cannot follow tour 'Campus Fun Run' whole: it may not use Park Trail"),
                "\(closed.errorOutput)")
        let unknown = try cli.run(["route", Self.bundle, "--from", "B.0.ML", "--tour", "marathon"])
        #expect(unknown.status == 1 && unknown.errorOutput.contains("no tour called 'marathon'"), "\(unknown.errorOutput)")
        let both = try cli.run(["route", Self.bundle, "--from", "B.0.ML", "--tour", "fun run", "--to", "A.0.01"])
        #expect(both.status == 64 && both.errorOutput.contains("--tour leads along the tour"))
        let join = try cli.run(["route", Self.bundle, "--from", "B.0.ML", "--tour", "fun run", "--join", "middle"])
        #expect(join.status == 64 && join.errorOutput.contains("--join is start or nearest"))
    }

    @Test func turnsWiFiCountsIntoCrowdsAndConditions() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        // The ground floor corridor's access point as a controller exports it, two devices a person.
        try "ap_mac;clients\n00-0B-86-01-08-03;2400\n".write(to: cli.directory.appendingPathComponent("counts.csv"),
                                                            atomically: true, encoding: .utf8)
        let csv = try cli.run(["occupancy", Self.bundle, "--counts", "counts.csv", "--devices-per-person", "2",
                               "--write-conditions", "crowd.json"])
        #expect(csv.status == 0, "\(csv.errorOutput)")
        #expect(csv.output.contains("Ground floor corridor (Ground floor, Main Building): 2.77 people/m², 28 % walking speed"),
                "\(csv.output)")
        let written = try String(contentsOf: cli.directory.appendingPathComponent("crowd.json"), encoding: .utf8)
        #expect(written.hasPrefix("{\"closed\":[],\"slow\":[{\"polygon\":"), "\(written)")
        // The conditions route like any others.
        let route = try cli.run(["route", Self.bundle, "--from", "A.0.04", "--to", "A.0.01", "--conditions", "crowd.json"])
        #expect(route.status == 0, "\(route.errorOutput)")
        // JSON counts, and the densities as JSON.
        try "{\"counts\": [{\"bssid\": \"00:0b:86:01:08:03\", \"devices\": 1200}]}".write(
            to: cli.directory.appendingPathComponent("counts.json"), atomically: true, encoding: .utf8)
        let json = try cli.run(["occupancy", Self.bundle, "--counts", "counts.json", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]] ?? []
        #expect(rows.contains { $0["label"] as? String == "Ground floor corridor" && $0["people"] as? Int == 1200 }, "\(json.output)")
        // A count that is not one is named with its line.
        try "bssid,devices\n00:0b:86:01:08:03,many\n".write(to: cli.directory.appendingPathComponent("bad.csv"),
                                                         atomically: true, encoding: .utf8)
        let bad = try cli.run(["occupancy", Self.bundle, "--counts", "bad.csv"])
        #expect(bad.status == 1 && bad.errorOutput.contains("bad.csv:2: 'many' is not a whole number"), "\(bad.errorOutput)")
    }

    @Test func tellsTheGeofencesOfAPositionAndOfAWalk() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        // Inside the media lab, near the printer beside it.
        let here = try cli.run(["geofence", Self.bundle, "--at", "48.1495229,11.5817280@0"])
        #expect(here.status == 0, "\(here.errorOutput)")
        #expect(here.output.contains("In B.0.ML Media Lab (Ground floor, Library), 3 m from its position"), "\(here.output)")
        #expect(here.output.contains("Near PRN-B0 Printer and scanner"), "\(here.output)")
        let json = try cli.run(["geofence", Self.bundle, "--at", "48.1495229,11.5817280@0", "--json"])
        let places = (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["places"] as? [[String: Any]]
        #expect(places?.compactMap { $0["inside"] as? Bool } == [true, false], "\(json.output)")

        // A walk into the toilets and out of the venue, named by the lines of the file.
        try cli.write("walk.txt", "# a walk\n48.1499092,11.5799739@A@0\n48.1500592,11.5800739@A@0\n\n0,0@A@0\n")
        let walk = try cli.run(["geofence", Self.bundle, "--track", "walk.txt"])
        #expect(walk.status == 0, "\(walk.errorOutput)")
        #expect(walk.output == "Line 3: enters WC-A0 Toilets (Main Building) (Ground floor, Main Building)\n"
                    + "Line 5: leaves WC-A0 Toilets (Main Building) (Ground floor, Main Building)\n", "\(walk.output)")

        // A line that names no level is the file's fault; a place is no position; one question only.
        try cli.write("mars.txt", "48.15,11.58@Mars\n")
        let mars = try cli.run(["geofence", Self.bundle, "--track", "mars.txt"])
        #expect(mars.status == 1 && mars.errorOutput.contains("mars.txt:1: 'Mars' names no level"), "\(mars.errorOutput)")
        let place = try cli.run(["geofence", Self.bundle, "--at", "A.0.01"])
        #expect(place.status == 1 && place.errorOutput.contains("is a place, not a position"))
        let both = try cli.run(["geofence", Self.bundle, "--at", "48.15,11.58@0", "--track", "walk.txt"])
        #expect(both.status == 64)
    }

    @Test func exportsTheGraphAsLayersAndAsAnEdgeList() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let export = try cli.run(["export-graph", "build/demo-campus", "--geojson", "layers",
                                  "--edgelist", "wheelchair", "wheelchair.txt"])
        #expect(export.status == 0, "\(export.errorOutput)")
        let layers = try FileManager.default.contentsOfDirectory(atPath: cli.directory.appendingPathComponent("layers").path)
        // The demo has levels in three buildings and the outdoor level, one file each.
        #expect(layers.count > 3 && layers.contains("level-outdoor.geojson"))
        let outdoor = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.directory
            .appendingPathComponent("layers/level-outdoor.geojson"))) as? [String: Any]
        let features = outdoor?["features"] as? [[String: Any]] ?? []
        let arcs = features.compactMap { $0["properties"] as? [String: Any] }.filter { $0["arc"] != nil }
        #expect(!arcs.isEmpty && arcs.allSatisfy { $0["seconds_foot"] != nil && $0["length_m"] != nil })

        let text = try String(contentsOf: cli.directory.appendingPathComponent("wheelchair.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let header = lines[0].split(separator: " ").compactMap { Int($0) }
        #expect(header.count == 3 && header[2] == 1)
        #expect(lines.count == 1 + header[1] + header[0], "header, arcs, then a position per node")
        let arcLine = lines[1].split(separator: " ").compactMap { UInt32($0) }
        #expect(arcLine.count == 3 && Int(arcLine[0]) < header[0] && Int(arcLine[1]) < header[0])

        let fromBundle = try cli.run(["export-graph", Self.bundle, "--edgelist", "foot", "foot.txt"])
        #expect(fromBundle.status == 0, "\(fromBundle.errorOutput)")
        let unknown = try cli.run(["export-graph", "build/demo-campus", "--edgelist", "bike", "bike.txt"])
        #expect(unknown.status == 1 && unknown.errorOutput.contains("no profile 'bike'; it has foot, wheelchair"))
        let missing = try cli.run(["export-graph", "build/nowhere", "--geojson", "layers"])
        #expect(missing.status == 1 && missing.errorOutput.contains("cannot read a graph from build/nowhere"))
        // Without an output, it shows how the levels are joined: from the build folder or the bundle alike.
        let summary = try cli.run(["export-graph", "build/demo-campus"])
        #expect(summary.status == 0 && summary.output.contains("stairs between levels: 5, joined at both ends: 5 (100.0 %)"))
        #expect(summary.output.contains("lift landings: 8, joined to their level: 8; quickest ride to another level: foot 37 s"))
        let fromBundleSummary = try cli.run(["export-graph", Self.bundle])
        #expect(summary.output.hasPrefix(fromBundleSummary.output))
        // The build folder's artifact also knows why each profile may not use an arc; a bundle does not.
        #expect(summary.output.contains("arcs closed per profile, by the first rule that closes them:"))
        #expect(summary.output.contains("  foot: 0 of "))
        #expect(summary.output.contains("wheelchair: 16 of 1592 arcs closed: steps 12, surface 4"), "\(summary.output)")
        #expect(!fromBundleSummary.output.contains("arcs closed"))
        // Both say how much the main pieces hold: the demo is one piece for every profile.
        #expect(fromBundleSummary.output.contains("main pieces per profile (where places attach and positions snap):"))
        #expect(fromBundleSummary.output.contains("  foot: 1 main piece holds "), "\(fromBundleSummary.output)")
    }

    @Test func aSecondBuildIsCachedAndJSONIsParseable() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        _ = try cli.run(["build", "pipelines/demo-campus.yml"])
        let second = try cli.run(["build", "pipelines/demo-campus.yml", "--json"])
        #expect(second.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(second.output.utf8)) as? [String: Any]
        #expect(summary?["status"] as? String == "succeeded")
        let stages = summary?["stages"] as? [[String: Any]] ?? []
        #expect(stages.map { $0["status"] as? String } == ["cached", "cached", "cached", "cached", "cached", "cached"])
        #expect((summary?["outputs"] as? [String])?.contains(Self.bundle) == true)
    }

    @Test func separateProcessesWriteByteIdenticalBundles() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml", "--build-dir", "one"]).status == 0)
        #expect(try cli.run(["build", "pipelines/demo-campus.yml", "--build-dir", "two"]).status == 0)
        let one = try Data(contentsOf: cli.directory.appendingPathComponent("one/demo-campus/demo-campus-1.0.0.navbundle"))
        let two = try Data(contentsOf: cli.directory.appendingPathComponent("two/demo-campus/demo-campus-1.0.0.navbundle"))
        #expect(one == two)
        let graphOne = try Data(contentsOf: cli.directory.appendingPathComponent("one/demo-campus/graph.navgraph"))
        let graphTwo = try Data(contentsOf: cli.directory.appendingPathComponent("two/demo-campus/graph.navgraph"))
        #expect(graphOne == graphTwo)
    }

    @Test func failuresExitWithStatusOneAndSayWhere() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        let pipeline = cli.directory.appendingPathComponent("pipelines/broken.yml")
        try "venue:\n  id: broken\nversion: 1.0\ninputs: []\nstages: {import: }\n".write(to: pipeline, atomically: true, encoding: .utf8)
        let broken = try cli.run(["build", "pipelines/broken.yml"])
        #expect(broken.status == 1)
        #expect(broken.errorOutput == "Error: pipelines/broken.yml:3:10: version: '1.0' is not a semantic version like 1.0.0\n")

        let missing = try cli.run(["build", "pipelines/none.yml"])
        #expect(missing.status == 1)
        #expect(missing.errorOutput.hasPrefix("Error: pipelines/none.yml: cannot read the pipeline file"))

        // A bundle that is not there: one line, naming it, and nothing on stdout.
        for command in [["route", "nowhere.navbundle", "--from", "A", "--to", "B"], ["inspect", "nowhere.navbundle"],
                        ["search", "nowhere.navbundle", "study"], ["answer", "nowhere.navbundle", "queries.txt"]] {
            let absent = try cli.run(command)
            #expect(absent.status == 1 && absent.output.isEmpty, "\(command)")
            #expect(absent.errorOutput == "Error: cannot open nowhere.navbundle: No such file or directory\n", "\(command)")
        }

        // A room known only by a point is searchable but has no door to route through.
        try cli.append("input/demo-campus/library-rooms.csv", line: "B,0,B.0.X,Closet,storage,,,\"POINT(11.5815 48.1494)\"")
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let closet = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.0.X"])
        #expect(closet.status == 1)
        #expect(closet.errorOutput.contains("B.0.X Closet is not connected to the navigation graph"))
        // A room a wheelchair may not enter is routed to its door, and the route says so.
        try cli.edit("input/demo-campus/library-rooms.csv", replacing: ",Group Study Room 1,group_study,6,yes,",
                     with: ",Group Study Room 1,group_study,6,no,")
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let toDoor = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.0.G1", "--profile", "wheelchair"])
        #expect(toDoor.status == 0, "\(toDoor.errorOutput)")
        #expect(toDoor.output.contains("Note: wheelchair routes cannot reach B.0.G1 Group Study Room 1 itself; this one ends "))
        // Beside the room the arrival names none, but says on which side it is (docs/guidance.md).
        #expect(toDoor.output.contains("Your destination is on your right") && !toDoor.output.contains("Arrive at B.0.G1"),
                "\(toDoor.output)")
        // The GeoJSON's arrival says the same as the printed one: not the place it ends beside,
        // not the word "exit" for a way out, not the coordinates of a position.
        func arrival(_ arguments: [String]) throws -> String? {
            let run = try cli.run(["route", Self.bundle] + arguments + ["--geojson", "arrival.geojson"])
            #expect(run.status == 0, "\(run.errorOutput)")
            let object = try JSONSerialization.jsonObject(
                with: Data(contentsOf: cli.directory.appendingPathComponent("arrival.geojson"))) as? [String: Any]
            let properties = (object?["features"] as? [[String: Any]] ?? []).compactMap { $0["properties"] as? [String: Any] }
            return properties.last { $0["maneuver"] as? String == "arrive" }?["instruction"] as? String
        }
        #expect(try arrival(["--from", "A.2.04", "--to", "B.0.G1", "--profile", "wheelchair"]) == "Your destination is on your right")
        #expect(try arrival(["--from", "A.2.04", "--to", "B.0.G1"]) == "Arrive at B.0.G1 Group Study Room 1")
        #expect(try arrival(["--from", "A.2.04", "--to-exit"]) == "Arrive at East entrance")
        #expect(try arrival(["--from", "A.2.04", "--to", "48.1500719,11.5808088@A@0"]) == "You have arrived")
        let toDoorSteps = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.0.G1", "--profile", "wheelchair", "--steps"])
        #expect(toDoorSteps.output.contains("Arrive beside B.0.G1 Group Study Room 1."))
        let fromDoor = try cli.run(["route", Self.bundle, "--from", "B.0.G1", "--to", "A.2.04", "--profile", "wheelchair"])
        #expect(fromDoor.output.contains("cannot reach B.0.G1 Group Study Room 1 itself; this one starts "))
        let onFoot = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.0.G1"])
        #expect(onFoot.output.contains("Arrive at B.0.G1 Group Study Room 1\n") && !onFoot.output.contains("Note:"), "\(onFoot.output)")
        let unknown = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "Z.9.99"])
        #expect(unknown.status == 1)
        #expect(unknown.errorOutput.contains("no room or point of interest called 'Z.9.99'"))
        let profile = try cli.run(["route", Self.bundle, "--from", "A.2.04", "--to", "B.1.G5", "--profile", "bicycle"])
        #expect(profile.status == 1)
        #expect(profile.errorOutput.contains("profile 'bicycle' is not in this bundle"))
        #expect(try cli.run(["build", "pipelines/meeting-rooms.yml"]).status == 0)
        let unrouted = try cli.run(["route", "build/meeting-rooms/meeting-rooms-1.0.0.navbundle", "--from", "B.0.G1",
                                    "--to", "B.1.G5"])
        #expect(unrouted.status == 1)
        #expect(unrouted.errorOutput.contains("this bundle has no navigation graph"))
        let notABundle = try cli.run(["route", "pipelines/demo-campus.yml", "--from", "A", "--to", "B"])
        #expect(notABundle.status == 1)
        #expect(notABundle.errorOutput == "Error: pipelines/demo-campus.yml: not a navforge bundle file (wrong magic bytes)\n")
    }

    @Test func failedBuildsStillPrintOneJSONSummaryAndListTheirErrors() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        let pipeline = cli.directory.appendingPathComponent("pipelines/typo.yml")
        try "venue: {id: typo}\nversion: 1.0.0\ninputs: [{path: ../input/demo-campus/buildings.csv, options: {table: buildings}}]\nstages:\n  import:\n  graph:\n    door-tolerence: 1\n"
            .write(to: pipeline, atomically: true, encoding: .utf8)
        let typo = try cli.run(["build", "pipelines/typo.yml", "--json"])
        #expect(typo.status == 1)
        let summary = try JSONSerialization.jsonObject(with: Data(typo.output.utf8)) as? [String: Any]
        #expect(summary?["status"] as? String == "failed")
        #expect((summary?["stages"] as? [Any])?.isEmpty == true)
        #expect((summary?["errors"] as? [String])?.first?.hasPrefix("pipelines/typo.yml:7:5: stages.graph.door-tolerence") == true)
        #expect(typo.errorOutput.hasPrefix("Error: pipelines/typo.yml:7:5: stages.graph.door-tolerence"))

        // A point of interest in a room that does not exist is a validation error, shown with its line.
        try cli.edit("input/demo-campus/pois.csv", replacing: ",A.0.06,", with: ",A.0.66,")
        let unknownRoom = try cli.run(["build", "pipelines/demo-campus.yml", "--json"])
        #expect(unknownRoom.status == 1)
        let failed = try JSONSerialization.jsonObject(with: Data(unknownRoom.output.utf8)) as? [String: Any]
        #expect((failed?["issues"] as? [String: Any])?["errors"] as? Int == 1)
        #expect(unknownRoom.errorOutput.contains("error: ../input/demo-campus/pois.csv:"))
        #expect(unknownRoom.errorOutput.contains("is in room 'A.0.66', which no room has as its ref [poi-unknown-room]"))
    }

    @Test func wrongCommandLinesExitWithUsageStatus() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build"]).status == 64)
        #expect(try cli.run(["build", "pipelines/demo-campus.yml", "--until", "publish"]).status == 64)
        #expect(try cli.run(["route", Self.bundle, "--from", "A"]).status == 64)
        #expect(try cli.run(["frobnicate"]).status == 64)
    }

    @Test func inspectShowsSectionsAndVerificationAndFailsOnDamage() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        try cli.edit("pipelines/demo-campus.yml", replacing: "    format: csv\n    options:\n      table: buildings",
                     with: "    format: csv\n    license: CC0-1.0\n    attribution: Demo Campus estates office\n    options:\n      table: buildings")
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let inspect = try cli.run(["inspect", Self.bundle])
        #expect(inspect.status == 0)
        #expect(inspect.output.contains("format    2.5, 26 sections"))
        #expect(inspect.output.contains("verified  yes, the whole file and every section"))
        for tag in ["META", "SRCH", "SNAP", "OUTL", "STPC", "WIFI", "CCHT", "GARC", "GLMK", "GTXT", "GFNC", "TOUR", "CRWD"] { #expect(inspect.output.contains("\n\(tag) ")) }
        #expect(inspect.output.contains("licence CC0-1.0  Demo Campus estates office"))
        // The file's hash is sha256sum's and manifest.json's; the header's own is labelled apart.
        let sum = try cli.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [Self.bundle])
        let fileHash = String(sum.output.prefix(64))
        #expect(inspect.output.contains("sha-256   \(fileHash)  the file's, as sha256sum prints it"), "\(inspect.output)")
        #expect(try String(contentsOf: cli.directory.appendingPathComponent("build/demo-campus/manifest.json"), encoding: .utf8)
            .contains("\"\(fileHash)\""))
        #expect(inspect.output.contains("content   ") && inspect.output.contains("embedded in the header"))
        #expect(!inspect.output.contains("content   \(fileHash)"))
        let json = try cli.run(["inspect", Self.bundle, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(report?["verified"] as? Bool == true && (report?["sections"] as? [Any])?.count == 26)
        #expect(report?["fileSHA256"] as? String == fileHash && (report?["contentSHA256"] as? String)?.count == 64)

        // One flipped byte in the places: inspect still reports, names the damage, and fails.
        let url = cli.directory.appendingPathComponent(Self.bundle)
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 3] ^= 0x40
        let damaged = cli.directory.appendingPathComponent("damaged.navbundle")
        try bytes.write(to: damaged)
        let bad = try cli.run(["inspect", "damaged.navbundle"])
        #expect(bad.status == 1)
        #expect(bad.output.contains("verified  NO: checksum mismatch in section"))
        let truncated = cli.directory.appendingPathComponent("truncated.navbundle")
        try bytes.prefix(100).write(to: truncated)
        let short = try cli.run(["inspect", "truncated.navbundle"])
        #expect(short.status == 1 && short.errorOutput.hasPrefix("Error: truncated.navbundle: file is truncated or padded"))
    }

    @Test func diffReportsWhatARebuildChanged() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml", "--build-dir", "old"]).status == 0)
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let same = try cli.run(["diff", Self.bundle.replacingOccurrences(of: "build/", with: "old/"), Self.bundle])
        #expect(same.status == 0 && same.output.contains("no differences"))
        // A room renamed and one added in the booking system's export.
        try cli.edit("input/demo-campus/library-rooms.csv", replacing: "Group Study Room 5", with: "Quiet Room 5")
        try cli.append("input/demo-campus/library-rooms.csv", line: "B,0,B.0.X,Closet,storage,,,\"POINT(11.5815 48.1494)\"")
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let old = Self.bundle.replacingOccurrences(of: "build/", with: "old/")
        let diff = try cli.run(["diff", old, Self.bundle])
        #expect(diff.status == 0)
        #expect(diff.output.contains("+ room B.0.X Closet"))
        #expect(diff.output.contains("~ renamed room:B.1.G5: 'Group Study Room 5' -> 'Quiet Room 5'"))
        let json = try cli.run(["diff", old, Self.bundle, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((report?["added"] as? [[String: Any]])?.first?["key"] as? String == "room:B.0.X")
        let notABundle = try cli.run(["diff", old, "pipelines/demo-campus.yml"])
        #expect(notABundle.status == 1)
        #expect(notABundle.errorOutput == "Error: pipelines/demo-campus.yml: not a navforge bundle file (wrong magic bytes)\n")
    }

    @Test func answerPrintsTheReadersSharedForm() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let queries = cli.directory.appendingPathComponent("queries.txt")
        try "# a comment\n\nroute foot 0 0\nsearch 3 A.2.0\nsnap 0 48.1495 11.5805\nexit foot 0\n".write(
            to: queries, atomically: true, encoding: .utf8)
        let answer = try cli.run(["answer", Self.bundle, "queries.txt"])
        #expect(answer.status == 0)
        let lines = answer.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "route foot 0 0 => 0 0")
        #expect(lines[1].hasPrefix("search 3 A.2.0 => ") && lines[1].split(separator: " ").count == 3 + 1 + 3)
        #expect(lines[2].range(of: #"^snap 0 48.1495 11.5805 => \d+ \d+\.\d{3}$"#, options: .regularExpression) != nil)
        try "route bicycle 0 1\n".write(to: queries, atomically: true, encoding: .utf8)
        let bad = try cli.run(["answer", Self.bundle, "queries.txt"])
        #expect(bad.status == 1 && bad.errorOutput == "Error: queries.txt: line 1: unknown profile 'bicycle'\n")

        // --check: one line per file, as the other readers' answer programs print.
        try Data("not a bundle".utf8).write(to: cli.directory.appendingPathComponent("junk.navbundle"))
        let check = try cli.run(["answer", "--check", Self.bundle, "junk.navbundle", "nowhere.navbundle"])
        #expect(check.status == 0 && check.output == "ok\nrefused format\nrefused io\n")
        #expect(try cli.run(["answer", "--check"]).status == 64)
        #expect(try cli.run(["answer", Self.bundle]).status == 64)
    }
}

@Suite struct EndpointCommandLineTests {
    /// A copy of the station of readers/vectors/station, built.
    static func station() throws -> CommandLineRunner {
        let scratch = try TemporaryFolder("navforge-station")
        let root = scratch.appendingPathComponent("station")
        try FileManager.default.copyItem(at: CommandLineRunner.repository.appendingPathComponent("readers/vectors/station"), to: root)
        let cli = CommandLineRunner(directory: root, scratch: scratch)
        #expect(try cli.run(["build", "station.yml"]).status == 0)
        return cli
    }

    static let bundle = "build/station/station-1.0.0.navbundle"

    @Test func routeTakesSynonymsNamesWithLevelsSourceIdsAndPositions() throws {
        let cli = try Self.station()
        let route = try cli.run(["route", Self.bundle, "--from", "Gleis 1", "--to", "Rossmann@EG@S"])
        #expect(route.status != 0, "EG@S is no level: the text is unknown")
        let found = try cli.run(["route", Self.bundle, "--from", "Gleis 1", "--to", "Rossmann@S@0"])
        #expect(found.status == 0, "\(found.errorOutput)")
        #expect(found.output.contains("Route from Platform 1"), "a name that says its ref shows it once")
        #expect(found.output.contains("to Rossmann"))
        let byId = try cli.run(["route", Self.bundle, "--from", "node/4090296503", "--to", "49.4036,8.6760@UG"])
        #expect(byId.status == 0, "\(byId.errorOutput)")
        #expect(byId.output.contains("Route from Geldautomat") && byId.output.contains("to 49.4036, 8.676"))
    }

    @Test func ambiguousAndUnknownEndpointsSayWhy() throws {
        let cli = try Self.station()
        let ambiguous = try cli.run(["route", Self.bundle, "--from", "Rossmann", "--to", "Kiosk"])
        #expect(ambiguous.status == 1)
        #expect(ambiguous.errorOutput.contains("'Rossmann' names 3 places: Rossmann (EG, Station, node/1001)"))
        #expect(ambiguous.errorOutput.contains("Rossmann (UG, Station, node/1002)"))
        let unknown = try cli.run(["route", Self.bundle, "--from", "Rosmann", "--to", "Kiosk"])
        #expect(unknown.errorOutput.contains("did you mean 'Rossmann'"))
        let noLevel = try cli.run(["route", Self.bundle, "--from", "49.4036,8.6760", "--to", "Kiosk"])
        #expect(noLevel.errorOutput.contains("needs a level"))
        let search = try cli.run(["search", Self.bundle, "gleis"])
        #expect(search.output.contains("Platform 1") && search.output.contains("Café Gleis 9"))
    }
}
