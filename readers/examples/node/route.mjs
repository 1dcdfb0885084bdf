// node route.mjs BUNDLE FROM TO [PROFILE]: the JavaScript reader in Node (readers/README.md, "Web
// and Node"). It reads a venue bundle, finds the places a search field would offer for FROM,
// routes from FROM to TO and prints the steps, then the route and its turn-by-turn guidance as the
// readers' test vectors write them (readers/vectors/README.md), for comparison with the other readers.
//
// Node 20 or later: the reader checks the bundle's SHA-256 with WebCrypto (globalThis.crypto).
import { readFile } from "node:fs/promises";
import { open, BundleError } from "../../js/navbundle.mjs";

const [path, from, to, profile = "foot"] = process.argv.slice(2);
if (!path || !from || !to) {
    console.error("usage: node route.mjs BUNDLE FROM TO [PROFILE]");
    process.exit(64);
}

try {
    // A Buffer is a Uint8Array; the reader verifies the checksums before it answers anything.
    const bundle = await open(await readFile(path));

    // What a search field offers while someone types, best first.
    for (const { place } of bundle.searchPrefix(from, 3)) {
        const record = bundle.place(place);
        console.log(`search ${from}: ${[record.ref, record.name].filter(Boolean).join(" ")}`);
    }

    // What a person types (a ref, a name, name@level, LAT,LON@level), then the node a route with
    // the profile starts or ends at.
    const source = bundle.endpointNode(bundle.resolveEndpoint(from), profile);
    const target = bundle.endpointNode(bundle.resolveEndpoint(to), profile);
    if (source == null || target == null) {
        console.error(`error: ${from} or ${to} is not on the ${profile} graph`);
        process.exit(1);
    }
    const route = bundle.route(profile, source, target);
    if (route == null) {
        console.log(`no ${profile} route from ${from} to ${to}`);
        process.exit(1);
    }
    console.log(`${from} to ${to} (${profile}): ${Math.round(route.duration / 1000)} s`);
    for (const step of bundle.steps(route)) console.log(`  ${bundle.instruction(step)}`);
    console.log(`route ${profile} ${source} ${target} => ${route.duration} ${route.nodes.join(" ")}`);
    // Turn by turn in one of bundle.languages, each maneuver with the distance to the next said
    // aloud: the core renders the same words as every other reader.
    const maneuvers = bundle.maneuvers(route, { language: "en" });
    const guidance = maneuvers.map((m, i) => (i + 1 < maneuvers.length ? `${m.instruction} (${m.spokenDistance})` : m.instruction));
    console.log(`instructions en ${profile} ${source} ${target} => ${guidance.join(" | ")}`);
} catch (error) {
    // A BundleError: a damaged file or a failed checksum, an unknown profile, a text that names no
    // single place, each with a message fit to show.
    if (!(error instanceof BundleError)) throw error;
    console.error(`error: ${error.message}`);
    process.exit(1);
}
