/*
 * Tests of the C bundle reader: test_navbundle BUNDLE SCRATCH_FOLDER [STATION_BUNDLE]
 *
 * BUNDLE is the demo campus, of format 1.x (a CHxx per profile) or 2.x (one CCHT); the tests
 * of the hierarchy it has run on it. Routes are compared with a plain Dijkstra over ARCS and
 * PROF for every profile and pair of nodes and with a plain rendering of the specification's
 * reference query, searches with a scan of every key, snaps with a scan of every node of the
 * level; ways out and outlines are followed. Damaged copies of the bundle (written to
 * SCRATCH_FOLDER) must be refused with a status, never a crash; each is also opened from memory
 * (nb_open_memory, at an odd address) and must get the file's status and message, and answer
 * alike; a NULL buffer and buffers cut short are refused, by nb_open_table (the first of the
 * two steps of opening) as by nb_open_memory, message for message. The reader's source is included
 * so the test can reuse its SHA-256 to forge checksums, which puts the damage past the checksums
 * and into the checks of each section; SHA-256 by the CPU's instructions (where this build and CPU
 * have them) is checked against the portable code on the FIPS 180-4 examples and random lengths
 * 0..1000, and the bundle opened with every checksum by both. With the station of readers/vectors/station (format 1.6),
 * endpoints, aliases, attachments and profile snaps are checked too, its 1.2 sections damaged,
 * and its contraction hierarchies tested as the demo's are. Conditions: the JSON parser on edge
 * cases and hostile text, every invalid class, every name, some levels and polygons resolved
 * against a plain rendering of docs/conditions.md, refusals, rounding, and (with CCHT) a closed
 * lift's routes and metrics updated in place against full customisations. Ways out under
 * conditions (with EGRC): equal to EGRS's with `{}` on every node and profile, against a plain
 * multi-source reference under random conditions, with each exit and stairwell closed by name,
 * on an EGRC of the test's own and on damaged ones; refused without EGRC. Route steps: a route by
 * lift and one by counted stairs in their words, covering their routes, hand-made steps for the
 * words no demo route has, bad paths, buffers and steps, and a damaged STPC. Wi-Fi locating: BSSID
 * spellings, duplicate and unknown readings, random scans against a plain rendering of the
 * specification's steps, maps of the test's own (rounding half away from zero, the neighbours'
 * order and kinds, floor scores, their padding and ties, names), every check of WIFI (section
 * version 2) on a damaged copy, random damage, and versions 1 and 3 unavailable. Records (levels, nodes, arcs, shapes,
 * climbs, places, events, radio map samples): the JavaScript reader's values for the same indexes of
 * the demo and the station, every index past the last refused, damage they meet refused. Bearings
 * (GARC): every arc's ends and corners of the demo and the station against a plain rendering of the
 * specification, the demo's arcs worked out by hand, a damaged header refused when the bundle opens
 * and damaged distances where they are read, unavailable without GARC. With
 * NAVBUNDLE_TEST_ANSWERS naming the
 * Swift reader's answers to queries on BUNDLE (readers/vectors/demo-campus.queries), every route,
 * route under conditions, way out under conditions and locate must be the same, byte for byte. NAVBUNDLE_TEST_EGRESS may name a bundle whose
 * EGRC has entries (TU Dresden's emergency exits), whose ways out are then tested as the demo's.
 */
#include "navbundle.c"

#include <ctype.h>

static int failures = 0;

#define CHECK(condition, ...)                                   \
    do {                                                        \
        if (!(condition)) {                                     \
            failures++;                                         \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                       \
            fprintf(stderr, "\n");                              \
        }                                                       \
    } while (0)

static uint8_t *image;
static size_t image_size;
static const char *scratch;

static uint64_t random_state = 7;

static uint32_t next_random(void) {
    random_state = random_state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(random_state >> 33);
}

static void put16(uint8_t *p, uint16_t value) { p[0] = (uint8_t)value, p[1] = (uint8_t)(value >> 8); }
static void put32(uint8_t *p, uint32_t value) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(value >> (8 * i)); }
static void put64(uint8_t *p, uint64_t value) { for (int i = 0; i < 8; i++) p[i] = (uint8_t)(value >> (8 * i)); }

static double uniform(double low, double high) { return low + (high - low) * (next_random() / 2147483648.0); }

/* ---- SHA-256 ---- */

static void test_sha256(void) {
    struct { const char *text; size_t repeat; const char *hex; } vectors[] = {
        {"", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"a", 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
    };
    for (size_t v = 0; v < sizeof vectors / sizeof *vectors; v++) {
        sha256 s;
        uint8_t digest[32];
        char hex[65];
        sha_init(&s);
        /* Fed in uneven pieces, so that the buffering between blocks is exercised. */
        for (size_t i = 0; i < vectors[v].repeat; i++) sha_update(&s, (const uint8_t *)vectors[v].text, strlen(vectors[v].text));
        sha_final(&s, digest);
        for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", digest[i]);
        CHECK(strcmp(hex, vectors[v].hex) == 0, "SHA-256 vector %zu: %s", v, hex);
    }
}

/* ---- SHA-256 with the CPU's instructions ---- */

/* The digest of `length` bytes in hex, fed in pieces of `piece` bytes (0: all at once), by the
 * path sha_init chooses: the CPU's instructions where it has them, or the portable code when
 * `portable` is set. */
static void sha_hex(const uint8_t *bytes, size_t length, size_t piece, int portable, char hex[65]) {
    sha256 s;
    uint8_t digest[32];
    sha_portable_only = portable;
    sha_init(&s);
    sha_portable_only = 0;
    if (piece == 0) piece = length ? length : 1;
    for (size_t at = 0; at < length; at += piece) sha_update(&s, bytes + at, length - at < piece ? length - at : piece);
    sha_final(&s, digest);
    for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", digest[i]);
}

/* Both paths on FIPS 180-4's examples (NIST's vectors: empty, "abc", the 448- and 896-bit messages,
 * a million 'a'), whole and in pieces that straddle blocks; then on random messages of every length
 * from 0 to 1000 bytes, cut at random, against the portable code. On a CPU with the instructions,
 * the instructions must be what sha_init chooses, or this would compare the portable code with
 * itself. */
static void test_sha256_paths(void) {
    sha256 probe;
    sha_init(&probe);
    int accelerated = probe.blocks != sha_blocks_portable;
#if defined(SHA_X86) || defined(SHA_ARM)
    CHECK(accelerated == sha_cpu_has_extensions(), "sha_init chose %s, the CPU %s the SHA-256 instructions",
          accelerated ? "the instructions" : "the portable code", sha_cpu_has_extensions() ? "has" : "lacks");
#else
    CHECK(!accelerated, "sha_init chose instructions this build has none of");
#endif
    sha_portable_only = 1;
    sha_init(&probe);
    sha_portable_only = 0;
    CHECK(probe.blocks == sha_blocks_portable, "sha_portable_only did not force the portable code");
    printf("SHA-256: %s\n", accelerated ? "the CPU's instructions, checked against the portable code"
                                        : "the portable code (no CPU instructions in this build or CPU)");

    size_t million = 1000000;
    uint8_t *a = malloc(million);
    CHECK(a != NULL, "out of memory");
    if (!a) return;
    memset(a, 'a', million);
    struct { const char *text; const char *hex; } vectors[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
        {NULL, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"}, /* a million 'a' */
    };
    static const size_t pieces[] = {0, 1, 7, 63, 64, 65, 1000};
    for (int portable = 0; portable <= 1; portable++)
        for (size_t v = 0; v < sizeof vectors / sizeof *vectors; v++)
            for (size_t p = 0; p < sizeof pieces / sizeof *pieces; p++) {
                const uint8_t *bytes = vectors[v].text ? (const uint8_t *)vectors[v].text : a;
                size_t length = vectors[v].text ? strlen(vectors[v].text) : million;
                if (!vectors[v].text && pieces[p] == 1) continue; /* a million calls add nothing */
                char hex[65];
                sha_hex(bytes, length, pieces[p], portable, hex);
                CHECK(strcmp(hex, vectors[v].hex) == 0, "SHA-256 vector %zu in pieces of %zu, %s: %s", v, pieces[p],
                      portable ? "portable" : "chosen path", hex);
            }

    /* Random bytes at a random offset, so that unaligned loads are exercised too. */
    uint8_t *noise = a;
    for (size_t i = 0; i < 1100; i++) noise[i] = (uint8_t)next_random();
    for (size_t length = 0; length <= 1000; length++) {
        size_t offset = next_random() % 64, piece = next_random() % 200;
        char chosen[65], portable[65];
        sha_hex(noise + offset, length, piece, 0, chosen);
        sha_hex(noise + offset, length, 0, 1, portable);
        CHECK(strcmp(chosen, portable) == 0, "SHA-256 of %zu random bytes (pieces of %zu): %s, portable %s", length,
              piece, chosen, portable);
    }
    free(a);
}

/* Opening with every checksum verified gives the same answer by either path, and damage in the
 * last byte is caught by both (a path that skipped the tail of a file would miss it). */
static void test_checksums_both_paths(void) {
    for (int portable = 0; portable <= 1; portable++) {
        char message[1024];
        nb_bundle *opened = NULL;
        sha_portable_only = portable;
        nb_status status = nb_open_memory(image, image_size, "demo", 1, &opened, message, sizeof message);
        CHECK(status == NB_OK, "open with checksums (%s): %s", portable ? "portable" : "chosen path", message);
        if (status == NB_OK) nb_close(opened);
        uint8_t *damaged = malloc(image_size);
        CHECK(damaged != NULL, "out of memory");
        if (damaged) {
            memcpy(damaged, image, image_size);
            damaged[image_size - 1] ^= 0x01;
            opened = NULL;
            status = nb_open_memory(damaged, image_size, "damaged", 1, &opened, message, sizeof message);
            CHECK(status == NB_ERROR_CHECKSUM, "a flipped last byte opened with status %d (%s)", (int)status,
                  portable ? "portable" : "chosen path");
            if (opened) nb_close(opened);
            free(damaged);
        }
        sha_portable_only = 0;
    }
}

/* A host's own digests (nb_verify_digests) are judged as the core's: the file's pass, a section's
 * or the file's changed fails in nb_open_memory's words. */
static void test_host_digests(nb_bundle *b) {
    size_t count = nb_section_count(b);
    uint8_t *digests = malloc(32 * (count + 1)), *copy = malloc(image_size);
    CHECK(digests != NULL && copy != NULL, "out of memory");
    if (digests == NULL || copy == NULL) {
        free(digests), free(copy);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        nb_section entry;
        nb_section_entry(b, i, &entry);
        sha256 s;
        sha_init(&s), sha_update(&s, image + entry.offset, entry.length), sha_final(&s, digests + 32 * i);
    }
    memcpy(copy, image, image_size), memset(copy + 32, 0, 32);
    sha256 s;
    sha_init(&s), sha_update(&s, copy, image_size), sha_final(&s, digests + 32 * count);
    nb_status status = nb_verify_digests(b, digests);
    CHECK(status == NB_OK, "the file's own digests: %d %s", status, nb_last_error(b));
    digests[32 * 2 + 7] ^= 1;
    status = nb_verify_digests(b, digests);
    nb_section entry;
    nb_section_entry(b, 2, &entry);
    CHECK(status == NB_ERROR_CHECKSUM && strstr(nb_last_error(b), "checksum mismatch in section ") != NULL &&
              strstr(nb_last_error(b), entry.tag) != NULL,
          "section 2's digest changed: %d %s", status, nb_last_error(b));
    digests[32 * 2 + 7] ^= 1, digests[32 * count + 31] ^= 1;
    status = nb_verify_digests(b, digests);
    CHECK(status == NB_ERROR_CHECKSUM && strstr(nb_last_error(b), "the whole-file SHA-256 does not match") != NULL,
          "the file's digest changed: %d %s", status, nb_last_error(b));
    free(digests), free(copy);
}

/* The answers as JSON hold what the structs hold, number for number: every outline of every level,
 * and conditions as parsed and as drawn. */
static void test_json_answers(nb_bundle *b) {
    size_t checked = 0;
    for (uint32_t level = 0; level < nb_level_count(b); level++) {
        char *json;
        size_t length, root;
        uint32_t first, count;
        CHECK(nb_level_outlines_json(b, level, &json, &length) == NB_OK && nb_level_outlines(b, level, &first, &count) == NB_OK,
              "outlines of level %u: %s", level, nb_last_error(b));
        json_parser p;
        CHECK(json_parse(&p, (const uint8_t *)json, length, &root) && p.values[root].count == count, "level %u: %s", level,
              p.error);
        size_t k = p.values[root].first;
        for (uint32_t o = first; o < first + count && k != JSON_END; o++, k = p.values[k].next, checked++) {
            nb_outline info;
            nb_outline_info(b, o, &info);
            const json_value *v = &p.values[k], *label = json_member(&p, v, "label"), *rings = json_member(&p, v, "rings");
            const json_value *place = json_member(&p, v, "place");
            CHECK(json_member(&p, v, "kind")->number == info.kind && rings->count == info.ring_count &&
                      (info.label ? json_text_is(&p, label, info.label, info.label_length) : label->type == JSON_NULL) &&
                      (info.place == NB_NONE ? place->type == JSON_NULL : place->number == info.place),
                  "outline %u", o);
            size_t r = rings->first;
            for (uint32_t ring = 0; ring < info.ring_count; ring++, r = p.values[r].next) {
                int32_t corners[4096][2];
                size_t corner_count;
                nb_outline_ring(b, o, ring, corners, 4096, &corner_count);
                CHECK(p.values[r].count == corner_count, "outline %u ring %u: %zu corners", o, ring, corner_count);
                size_t c = p.values[r].first;
                for (size_t i = 0; i < corner_count && i < 4096 && c != JSON_END; i++, c = p.values[c].next) {
                    const json_value *latitude = &p.values[p.values[c].first];
                    const json_value *longitude = &p.values[latitude->next];
                    CHECK(latitude->number == corners[i][0] / 1e7 && longitude->number == corners[i][1] / 1e7,
                          "outline %u ring %u corner %zu", o, ring, i);
                }
            }
        }
        json_free(&p), free(json);
    }
    CHECK(checked > 0, "no outlines to compare");
    const char *text = "{\"closed\": [\"Lift A\", {\"polygon\": [[48.1494585, 11.5801683], [48.1494585, 11.5813683], "
                       "[48.1507785, 11.5813083]], \"level\": \"A@-1\"}], \"slow\": [{\"ref\": \"q\\\"\\u0001\", \"factor\": 3}]}";
    char *json;
    size_t length;
    nb_conditions_error error;
    nb_status status = nb_conditions_parse_json(text, strlen(text), &json, &length, &error);
    const char *expected = "[{\"position\":\"closed[0]\",\"target\":{\"kind\":\"name\",\"text\":\"Lift A\"},\"factor\":null},"
                           "{\"position\":\"closed[1]\",\"target\":{\"kind\":\"polygon\",\"text\":\"A@-1\",\"polygon\":"
                           "[[48.1494585,11.5801683],[48.1494585,11.5813683],[48.1507785,11.5813083]]},\"factor\":null},"
                           "{\"position\":\"slow[0]\",\"target\":{\"kind\":\"name\",\"text\":\"q\\\"\\u0001\"},\"factor\":3.0}]";
    CHECK(status == NB_OK && strcmp(json, expected) == 0, "conditions as JSON: %d %s", status, status == NB_OK ? json : "");
    if (status == NB_OK) free(json);
    nb_conditions_error_free(&error);
    status = nb_conditions_parse_json("{\"closed\": 1}", 13, &json, &length, &error);
    CHECK(status == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_INVALID && json == NULL, "invalid: %d", status);
    nb_conditions_error_free(&error);
    status = nb_conditions_overlay_json(b, "{\"closed\": 1}", 13, &json, &length);
    CHECK(status == NB_OK && strncmp(json, "{\"entries\":[],\"closed\":[],\"slowed\":[],\"error\":{\"code\":\"invalid\",", 62) == 0,
          "an invalid overlay: %d %s", status, status == NB_OK ? json : "");
    if (status == NB_OK) free(json);
    const char *lift = "{\"closed\": [\"Lift A\"], \"slow\": [{\"ref\": \"Lift A\", \"factor\": 2}]}";
    nb_arc_conditions resolved;
    CHECK(nb_conditions_resolve(b, lift, strlen(lift), &resolved, NULL) == NB_OK && resolved.closed_count > 0,
          "Lift A closes arcs: %s", nb_last_error(b));
    status = nb_conditions_overlay_json(b, lift, strlen(lift), &json, &length);
    char first_arc[32];
    snprintf(first_arc, sizeof first_arc, "\"closed\":[%u", resolved.closed[0]);
    CHECK(status == NB_OK && strstr(json, first_arc) && strstr(json, "\"slowed\":[],\"error\":null}") &&
              strstr(json, "\"factor\":2.0,\"arcs\":["),
          "Lift A closed and slowed: %d %s", status, status == NB_OK ? json : "");
    if (status == NB_OK) free(json);
    nb_arc_conditions_free(&resolved);
    /* Endpoints: a place, a position, and an error naming the text as nb_endpoint_named does. */
    const char *texts[] = {"Computer lab@A@2", "  no such place at all  ", "48.15,11.58@Nowhere"};
    const char *starts[] = {"{\"kind\":\"place\",\"place\":", "{\"code\":\"unknown\",\"text\":\"no such place at all\"",
                            "{\"code\":\"unknown-level\",\"text\":\"Nowhere\""};
    for (int i = 0; i < 3; i++) {
        status = nb_resolve_endpoint_json(b, texts[i], strlen(texts[i]), &json, &length);
        CHECK(status == NB_OK && strncmp(json, starts[i], strlen(starts[i])) == 0 && length == strlen(json),
              "endpoint %s: %d %s", texts[i], status, status == NB_OK ? json : nb_last_error(b));
        if (status == NB_OK) free(json);
    }
    /* Profiles by name, and a position's node as nb_endpoint_node finds it. */
    status = nb_profiles_json(b, &json, &length);
    size_t profiles_root;
    json_parser profiles;
    CHECK(status == NB_OK && json_parse(&profiles, (const uint8_t *)json, length, &profiles_root) &&
              profiles.values[profiles_root].count == nb_profile_count(b),
          "profiles as JSON: %d", status);
    size_t name_length;
    const char *name = nb_profile_name(b, 0, &name_length);
    CHECK(json_text_is(&profiles, &profiles.values[profiles.values[profiles_root].first], name, name_length),
          "the first profile's name");
    json_free(&profiles), free(json);
    uint32_t levels[2] = {0, nb_level_count(b) - 1}, by_endpoint, by_position;
    nb_endpoint position = {NB_ENDPOINT_POSITION, 0, 0, 0, levels, 2, NULL, 0};
    int32_t latitude, longitude;
    uint32_t node_level;
    nb_node_info(b, 7, &latitude, &longitude, &node_level);
    position.latitude = latitude / 1e7, position.longitude = longitude / 1e7;
    CHECK(nb_endpoint_node(b, &position, 0, &by_endpoint) == NB_OK &&
              nb_position_node(b, 0, position.latitude, position.longitude, levels, 2, &by_position) == NB_OK &&
              by_endpoint == by_position && by_position != NB_NONE,
          "a position's node: %u and %u", by_endpoint, by_position);
    /* Aliases: as many as nb_place_aliases counts, for every place. */
    for (uint32_t place = 0; place < nb_place_count(b); place++) {
        uint32_t first, count;
        size_t root;
        CHECK(nb_place_aliases(b, place, &first, &count) == NB_OK && nb_place_aliases_json(b, place, &json, &length) == NB_OK,
              "aliases of place %u: %s", place, nb_last_error(b));
        json_parser p;
        CHECK(json_parse(&p, (const uint8_t *)json, length, &root) && p.values[root].count == count, "aliases of %u", place);
        json_free(&p), free(json);
    }
}

/* Levels, a way out under conditions and the radio map's samples as JSON hold what the structs
 * hold, number for number; META checked as an object is META. */
static void test_json_records(nb_bundle *b) {
    char *json;
    size_t length, root;
    json_parser p;
    CHECK(nb_levels_json(b, &json, &length) == NB_OK && json_parse(&p, (const uint8_t *)json, length, &root) &&
              p.values[root].count == nb_level_count(b),
          "levels as JSON: %s", nb_last_error(b));
    size_t k = p.values[root].first;
    for (uint32_t level = 0; level < nb_level_count(b) && k != JSON_END; level++, k = p.values[k].next) {
        nb_level info;
        char *short_name;
        size_t short_length;
        nb_level_info(b, level, &info), nb_level_short_name(b, level, &short_name, &short_length);
        const json_value *v = &p.values[k], *display = json_member(&p, v, "displayName");
        CHECK(json_member(&p, v, "index")->number == level && json_member(&p, v, "ordinal")->number == info.ordinal &&
                  json_text_is(&p, json_member(&p, v, "shortName"), short_name, short_length) &&
                  json_text_is(&p, json_member(&p, v, "id"), info.id.text, info.id.length) &&
                  display->length >= short_length + (info.building_name.text ? 2 + info.building_name.length : 0),
              "level %u as JSON", level);
        free(short_name);
    }
    json_free(&p), free(json);
    int foot = nb_profile_index(b, "foot");
    const char *meta, *checked;
    size_t meta_length, checked_length;
    CHECK(nb_metadata(b, &meta, &meta_length) == NB_OK && nb_metadata_object(b, &checked, &checked_length) == NB_OK &&
              checked == meta && checked_length == meta_length,
          "META as a checked object: %s", nb_last_error(b));
    /* The way out under no conditions is the search over the costs of leaving. */
    if (find_section(b, "EGRC")) {
        uint32_t *costs = malloc(sizeof *costs * nb_arc_count(b)), *times;
        nb_path out, searched;
        if (!costs) { perror("malloc"); exit(2); }
        CHECK(nb_leaving_costs(b, (uint32_t)foot, NULL, costs, nb_arc_count(b)) == NB_OK &&
                  nb_exit_search(b, costs, nb_arc_count(b), 3, &searched) == NB_OK &&
                  nb_conditions_exit_path(b, (uint32_t)foot, NULL, 3, &out, &times) == NB_OK &&
                  out.duration == searched.duration && out.arc_count == searched.arc_count,
              "the way out under conditions: %s", nb_last_error(b));
        for (size_t i = 0; i < out.arc_count; i++) CHECK(times[i] == costs[out.arcs[i]], "arc %zu's time", i);
        free(costs), free(times), nb_path_free(&out), nb_path_free(&searched);
    }
    char message[256];
    CHECK(nb_radio_map_samples_json(b, 10, &json, &length, message, sizeof message) == NB_OK &&
              json_parse(&p, (const uint8_t *)json, length, &root) &&
              p.values[root].count == (find_section_version(b, "WIFI", WIFI_VERSION) ? 10 : 0),
          "samples as JSON: %s", message);
    /* Sample 1 is spot 12, the survey's scans s0025 and s0026 (input/demo-campus/wifi-survey.csv),
     * its readings their means at the access points both heard (test_records reads it as structs). */
    CHECK(!find_section_version(b, "WIFI", WIFI_VERSION) || strstr(json, "{\"label\":\"A, -1: reference point 12\",\"buildingName\":\"A\","
                                                   "\"floorName\":\"-1\",\"floor\":0,\"referencePoint\":12,"
                                                   "\"latitude\":48.1501078,\"longitude\":11.5804847,"
                                                   "\"scan\":[{\"id\":\"00:0b:86:01:07:01\",\"rssi\":-68.5},"
                                                   "{\"id\":\"00:0b:86:01:07:02\",\"rssi\":-57.5},"
                                                   "{\"id\":\"00:0b:86:01:07:03\",\"rssi\":-53.5},"
                                                   "{\"id\":\"00:0b:86:01:08:01\",\"rssi\":-89.0},"
                                                   "{\"id\":\"00:0b:86:01:08:02\",\"rssi\":-77.0},"
                                                   "{\"id\":\"00:0b:86:01:08:03\",\"rssi\":-75.0}]}"),
          "sample 12 as JSON: %s", json);
    json_free(&p), free(json);
    /* Records, the section table, languages and search matches as their structs give them. */
    nb_place place;
    CHECK(nb_place_info(b, 3, &place) == NB_OK && nb_place_json(b, 3, &json, &length) == NB_OK &&
              json_parse(&p, (const uint8_t *)json, length, &root) &&
              json_member(&p, &p.values[root], "index")->number == 3 &&
              json_text_is(&p, json_member(&p, &p.values[root], "ref"), place.ref.text, place.ref.length) &&
              (place.positioned ? json_member(&p, &p.values[root], "latitude")->number == place.latitude / 1e7
                                : json_member(&p, &p.values[root], "latitude")->type == JSON_NULL),
          "place 3 as JSON: %s", nb_last_error(b));
    json_free(&p), free(json);
    CHECK(nb_event_count(b) == 0 || (nb_event_json(b, 0, &json, &length) == NB_OK &&
                                     strstr(json, "\"start\":1791792900,\"end\":1791799200}") && (free(json), 1)),
          "event 0 as JSON");
    CHECK(nb_sections_json(b, &json, &length) == NB_OK && json_parse(&p, (const uint8_t *)json, length, &root) &&
              p.values[root].count == nb_section_count(b) && strncmp(json, "[{\"tag\":\"", 9) == 0,
          "sections as JSON");
    json_free(&p), free(json);
    CHECK(nb_guidance_languages_json(b, &json, &length) == NB_OK &&
              json_parse(&p, (const uint8_t *)json, length, &root) &&
              p.values[root].count == nb_guidance_language_count(b),
          "languages as JSON");
    json_free(&p), free(json);
    nb_match matches[3];
    size_t match_count;
    CHECK(nb_search_prefix(b, "lift", 3, matches, 3, &match_count) == NB_OK &&
              nb_search_prefix_json(b, "lift", 3, &json, &length) == NB_OK &&
              json_parse(&p, (const uint8_t *)json, length, &root) && p.values[root].count == match_count &&
              (match_count == 0 ||
               json_member(&p, &p.values[p.values[root].first], "place")->number == matches[0].place),
          "search matches as JSON");
    json_free(&p), free(json);
    nb_conditions_error error;
    nb_arc_conditions none;
    CHECK(nb_conditions_resolve(b, "{\"closed\": 1}", 13, &none, &error) == NB_ERROR_CONDITIONS &&
              nb_conditions_error_json(&error, &json, &length) == NB_OK &&
              strncmp(json, "{\"code\":\"invalid\",\"message\":", 28) == 0 && error.message == NULL,
          "a conditions error as JSON: %s", json ? json : "none");
    free(json);
    CHECK(nb_round_half_away(2.5) == 3 && nb_round_half_away(-2.5) == -3 &&
              nb_round_half_away(0.49999999999999994) == 0,
          "rounding half away from zero");
    if (nb_guidance_language_count(b) > 0) {
        char code[16] = "", words[64];
        nb_text code_text, endonym;
        nb_guidance_language(b, 0, &code_text, &endonym);
        memcpy(code, code_text.text, code_text.length < 15 ? code_text.length : 15);
        size_t words_length;
        CHECK(nb_spoken_distance_text(b, code, 3000, &json, &length) == NB_OK &&
                  nb_spoken_distance(b, code, 3000, words, sizeof words, &words_length) == NB_OK &&
                  length == words_length && memcmp(json, words, length) == 0 && json[length] == 0,
              "spoken distance in memory of its own: %s", nb_last_error(b));
        free(json);
        CHECK(nb_spoken_distance_text(b, "xx", 3000, &json, &length) == NB_ERROR_LANGUAGE && json == NULL,
              "an unknown language in memory of its own");
    }
}

/* ---- Routes and ways out ---- */

static uint32_t cost_of(const nb_bundle *b, uint32_t profile, uint32_t arc) { return profile_cost(b, profile, arc); }

/* Dijkstra over ARCS with `weights` (one per arc), or the profile's PROF costs when NULL;
 * distances in `best` (NB_NONE unreachable). */
static void dijkstra_weights(const nb_bundle *b, uint32_t profile, const uint32_t *weights, uint32_t source, uint64_t *best) {
    uint8_t *done = calloc(b->nodes, 1);
    for (uint32_t v = 0; v < b->nodes; v++) best[v] = NB_NONE;
    best[source] = 0;
    for (;;) {
        uint32_t node = NB_NONE;
        for (uint32_t v = 0; v < b->nodes; v++)
            if (!done[v] && best[v] != NB_NONE && (node == NB_NONE || best[v] < best[node])) node = v;
        if (node == NB_NONE) break;
        done[node] = 1;
        for (uint32_t a = rd32(b->first_out + 4 * node); a < rd32(b->first_out + 4 * (node + 1)); a++) {
            uint32_t cost = weights ? weights[a] : cost_of(b, profile, a), head = rd32(b->arc_entries + 16 * (size_t)a);
            if (cost == NB_NONE) continue;
            uint64_t total = best[node] + cost;
            if (total < NB_NONE && total < best[head]) best[head] = total;
        }
    }
    free(done);
}

static void dijkstra(const nb_bundle *b, uint32_t profile, uint32_t source, uint64_t *best) {
    dijkstra_weights(b, profile, NULL, source, best);
}

/* Whether ARCS has an arc from `tail` to `head` (egress costs are their own, so any arc counts). */
static int has_arc(const nb_bundle *b, uint32_t tail, uint32_t head) {
    for (uint32_t a = rd32(b->first_out + 4 * tail); a < rd32(b->first_out + 4 * (tail + 1)); a++)
        if (rd32(b->arc_entries + 16 * (size_t)a) == head) return 1;
    return 0;
}

static int has_cch(const nb_bundle *b) { return find_section(b, "CCHT") != NULL; }

/* `campus` 1 for the demo campus, which is mostly connected and has exits everywhere; the
 * station's lift landings and depot are not. */
static void test_routes_and_exits(nb_bundle *b, int campus) {
    /* CCHT comes with format 2.0 and replaces the CHxx sections. */
    CHECK(nb_format_major(b) == (has_cch(b) ? 2 : 1), "major %u", nb_format_major(b));
    CHECK(has_cch(b) != (find_section(b, "CH00") != NULL), "CH00 and CCHT are both present or both absent");
    const char *needed[] = {"META", "STRS", "LEVL", "NODE", "ARCS", "PROF", "PLAC", "EVNT", "SRCH", "SNAP", "OUTL"};
    for (size_t i = 0; i < sizeof needed / sizeof *needed; i++) CHECK(find_section(b, needed[i]) != NULL, "no %s", needed[i]);
    CHECK(find_section_version(b, "EGRS", 2) != NULL, "no EGRS of section version 2");
    CHECK(nb_profile_index(b, "foot") == 0, "foot is not profile 0");
    CHECK(nb_profile_index(b, "hovercraft") == -1, "an unknown profile was found");
    uint32_t distance, exit_node, cost;
    uint32_t *nodes;
    size_t count;
    CHECK(nb_route(b, 0, 0, b->nodes, &distance, &nodes, &count) == NB_ERROR_ARGUMENT, "a node out of range was routed");
    CHECK(nb_route(b, b->profiles, 0, 1, &distance, &nodes, &count) == NB_ERROR_ARGUMENT, "a profile out of range was routed");
    uint64_t *best = malloc(sizeof(uint64_t) * b->nodes);
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        size_t reachable = 0, pairs = 0;
        for (uint32_t source = 0; source < b->nodes; source++) {
            dijkstra(b, profile, source, best);
            for (uint32_t target = 0; target < b->nodes; target++) {
                pairs++;
                nb_path path;
                nb_status status = nb_route_path(b, profile, source, target, &path);
                CHECK(status == NB_OK, "route failed: %s", nb_last_error(b));
                if (best[target] == NB_NONE) {
                    CHECK(path.nodes == NULL && path.duration == UINT64_MAX, "profile %u %u->%u: a route where Dijkstra has none",
                          profile, source, target);
                    nb_path_free(&path);
                    continue;
                }
                reachable++;
                CHECK(path.duration == best[target], "profile %u %u->%u: %llu, Dijkstra %llu", profile, source, target,
                      (unsigned long long)path.duration, (unsigned long long)best[target]);
                if (path.nodes == NULL) continue;
                CHECK(path.node_count == path.arc_count + 1 && path.nodes[0] == source &&
                      path.nodes[path.node_count - 1] == target, "path ends");
                uint64_t total = 0, length = 0;
                for (size_t i = 0; i < path.arc_count; i++) {
                    uint32_t arc = path.arcs[i];
                    CHECK(arc >= rd32(b->first_out + 4 * path.nodes[i]) && arc < rd32(b->first_out + 4 * (path.nodes[i] + 1)) &&
                          rd32(b->arc_entries + 16 * (size_t)arc) == path.nodes[i + 1], "arc %u does not join the path", arc);
                    CHECK(cost_of(b, profile, arc) != NB_NONE, "arc %u is closed to profile %u", arc, profile);
                    total += cost_of(b, profile, arc), length += rd32(b->arc_entries + 16 * (size_t)arc + 4);
                }
                CHECK(total == path.duration && length == path.length, "path costs %llu, duration %llu",
                      (unsigned long long)total, (unsigned long long)path.duration);
                nb_path_free(&path);
            }
        }
        CHECK(!campus || reachable > pairs / 3, "profile %u: only %zu of %zu pairs reachable", profile, reachable, pairs);
        /* The 32-bit call gives the same as the full one. */
        for (int i = 0; i < 50; i++) {
            uint32_t source = next_random() % b->nodes, target = next_random() % b->nodes;
            nb_path path;
            CHECK(nb_route_path(b, profile, source, target, &path) == NB_OK, "route: %s", nb_last_error(b));
            CHECK(nb_route(b, profile, source, target, &distance, &nodes, &count) == NB_OK, "route: %s", nb_last_error(b));
            CHECK((path.nodes == NULL) == (distance == NB_NONE) && (nodes == NULL) == (path.nodes == NULL), "nb_route disagrees");
            if (nodes && path.nodes)
                CHECK(distance == path.duration && count == path.node_count &&
                      memcmp(nodes, path.nodes, count * sizeof(uint32_t)) == 0, "nb_route disagrees");
            free(nodes);
            nb_path_free(&path);
        }
        int ways = 0;
        for (uint32_t node = 0; node < b->nodes; node++) {
            CHECK(nb_nearest_exit(b, profile, node, &exit_node, &cost, &nodes, &count) == NB_OK, "exit: %s", nb_last_error(b));
            if (exit_node == NB_NONE) continue;
            ways++;
            CHECK(nodes[0] == node && nodes[count - 1] == exit_node, "way out ends");
            for (size_t i = 1; i < count; i++) CHECK(has_arc(b, nodes[i - 1], nodes[i]), "no arc %u->%u", nodes[i - 1], nodes[i]);
            free(nodes);
        }
        CHECK(!campus || ways > (int)b->nodes / 2, "profile %u: %d ways out", profile, ways);
    }
    free(best);
}

/* The reference query of the specification written out plainly, as an oracle for the exact
 * path: the open ranks of a side are kept in a list and scanned for the smallest (distance,
 * rank), and shortcuts are unpacked recursively. Returns the number of ARCS arcs written to
 * `arcs`, or -1 when the target is unreachable. */
typedef struct {
    uint64_t distance[2048];
    uint32_t arc[2048], from[2048], open[2048];
    size_t open_count;
} oracle_side;

static int oracle_expand(const hierarchy *h, uint32_t slot, uint32_t *arcs, int count) {
    uint32_t first = W(h, halves, 2 * (size_t)slot), second = W(h, halves, 2 * (size_t)slot + 1);
    if (first & ORIGINAL_ARC) return arcs[count] = first & ~ORIGINAL_ARC, count + 1;
    return oracle_expand(h, second, arcs, oracle_expand(h, first, arcs, count));
}

/* Word `i` of the array that starts `array` words into the hierarchy. */
static uint32_t word(const hierarchy *h, size_t array, uint64_t i) { return rd32(h->words + 4 * (array + i)); }

static int oracle_route(const hierarchy *h, uint32_t source, uint32_t target, uint64_t *best_out, uint32_t *arcs) {
    static oracle_side sides[2];
    uint32_t n = h->n;
    for (int i = 0; i < 2; i++) {
        for (uint32_t r = 0; r < n; r++) sides[i].distance[r] = UINT64_MAX;
        uint32_t start = W(h, rank, i == 0 ? source : target);
        sides[i].distance[start] = 0, sides[i].arc[start] = NB_NONE, sides[i].open[0] = start, sides[i].open_count = 1;
    }
    uint64_t best = UINT64_MAX;
    uint32_t meeting = NB_NONE;
    int turn = 0;
    for (;;) {
        size_t top[2];
        int open[2];
        for (int i = 0; i < 2; i++) {
            top[i] = SIZE_MAX;
            for (size_t k = 0; k < sides[i].open_count; k++) {
                uint32_t r = sides[i].open[k];
                if (top[i] == SIZE_MAX || sides[i].distance[r] < sides[i].distance[sides[i].open[top[i]]] ||
                    (sides[i].distance[r] == sides[i].distance[sides[i].open[top[i]]] && r < sides[i].open[top[i]]))
                    top[i] = k;
            }
            open[i] = top[i] != SIZE_MAX && sides[i].distance[sides[i].open[top[i]]] < best;
        }
        if (!open[0] && !open[1]) break;
        int me = open[turn] ? turn : 1 - turn;
        turn = 1 - me;
        oracle_side *this = &sides[me], *other = &sides[1 - me];
        uint32_t v = this->open[top[me]];
        this->open[top[me]] = this->open[--this->open_count];
        uint64_t k = this->distance[v];
        if (other->distance[v] != UINT64_MAX && k + other->distance[v] < best) best = k + other->distance[v], meeting = v;
        /* Forward: climb upward arcs, stall on the downward arcs stored at v. Backward: the reverse. */
        size_t climb_first = me == 0 ? h->up_first : h->down_first, climb_end = me == 0 ? h->up_head : h->down_tail;
        size_t climb_weight = me == 0 ? h->up_weight : h->down_weight;
        size_t stall_first = me == 0 ? h->down_first : h->up_first, stall_end = me == 0 ? h->down_tail : h->up_head;
        size_t stall_weight = me == 0 ? h->down_weight : h->up_weight;
        int stalled = 0;
        for (uint32_t a = word(h, stall_first, v); a < word(h, stall_first, v + 1) && !stalled; a++) {
            uint32_t u = word(h, stall_end, a);
            stalled = this->distance[u] != UINT64_MAX && this->distance[u] + word(h, stall_weight, a) < k;
        }
        if (stalled) continue;
        for (uint32_t a = word(h, climb_first, v); a < word(h, climb_first, v + 1); a++) {
            uint32_t w = word(h, climb_end, a);
            if (k + word(h, climb_weight, a) >= this->distance[w]) continue;
            if (this->distance[w] == UINT64_MAX) this->open[this->open_count++] = w;
            this->distance[w] = k + word(h, climb_weight, a), this->arc[w] = a, this->from[w] = v;
        }
    }
    *best_out = best;
    if (meeting == NB_NONE) return -1;
    uint32_t climb[2048], depth = 0;
    for (uint32_t v = meeting; sides[0].arc[v] != NB_NONE; v = sides[0].from[v])
        climb[depth++] = (uint32_t)(W(h, down_first, sides[0].from[v] + 1) + sides[0].arc[v]);
    int count = 0;
    while (depth > 0) count = oracle_expand(h, climb[--depth], arcs, count);
    for (uint32_t v = meeting; sides[1].arc[v] != NB_NONE; v = sides[1].from[v])
        count = oracle_expand(h, (uint32_t)(W(h, up_first, sides[1].from[v]) + sides[1].arc[v]), arcs, count);
    return count;
}

/* Entries of the bundle's kept query memory (ch_memory) not as a query must find them: every
 * distance UNREACHED, every parent NB_NONE, the lists empty. 0 when there is none. */
static size_t query_memory_dirt(const nb_bundle *b) {
    const ch_memory *m = b->ch_memory;
    size_t dirty = 0;
    for (int i = 0; m != NULL && i < 2; i++) {
        const side *s = &m->sides[i];
        dirty += s->reached.count + s->q.count;
        for (uint32_t v = 0; v < m->capacity; v++)
            dirty += s->distance[v] != UNREACHED || s->parent_arc[v] != NB_NONE || s->parent_rank[v] != NB_NONE;
    }
    return dirty;
}

static void test_reference_paths(nb_bundle *b) {
    if (b->nodes > 2048 || has_cch(b)) return;
    uint32_t *arcs = malloc(sizeof(uint32_t) * (b->arcs + 1));
    const ch_memory *memory = NULL;
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        hierarchy *h;
        CHECK(load_hierarchy(b, profile, &h) == NB_OK, "hierarchy: %s", nb_last_error(b));
        size_t differ = 0;
        for (uint32_t source = 0; source < b->nodes; source++)
            for (uint32_t target = 0; target < b->nodes; target++) {
                uint64_t best;
                int count = oracle_route(h, source, target, &best, arcs);
                nb_path path;
                CHECK(nb_route_path(b, profile, source, target, &path) == NB_OK, "route: %s", nb_last_error(b));
                int same = count < 0 ? path.nodes == NULL
                                     : path.duration == best && path.arc_count == (size_t)count &&
                                           memcmp(path.arcs, arcs, sizeof(uint32_t) * (size_t)count) == 0;
                if (!same && differ++ < 3)
                    CHECK(0, "profile %u %u->%u: not the reference query's path", profile, source, target);
                nb_path_free(&path);
            }
        CHECK(differ == 0, "profile %u: %zu paths differ from the reference query's", profile, differ);
        /* Every route reused the bundle's query memory and left it as it found it: a rank a
         * query reached and did not reset would corrupt the next route from it. */
        const ch_memory *m = b->ch_memory;
        CHECK(m != NULL && m->capacity >= h->n, "profile %u: classic routes kept no query memory in the bundle", profile);
        if (profile == 0) memory = m;
        CHECK(m == memory, "profile %u: the query memory was made again for a hierarchy of the same size", profile);
        size_t dirty = query_memory_dirt(b);
        CHECK(dirty == 0, "profile %u: %zu entries of the query memory not reset after the routes", profile, dirty);
    }
    free(arcs);
}

/* ---- Search ---- */

/* The folded form of `text` as a NUL-terminated string (free() it), or NULL when refused. */
static char *folded(nb_bundle *b, const char *text) {
    uint8_t *out;
    size_t length;
    if (fold_text(b, (const uint8_t *)text, strlen(text), &out, &length) != NB_OK) return NULL;
    char *result = malloc(length + 1);
    if (length) memcpy(result, out, length);
    result[length] = 0;
    free(out);
    return result;
}

/* Every key scanned: each matching place once with its best key, ranked. Returns the count. */
static size_t brute_search(nb_bundle *b, const char *query, nb_match *out, size_t limit) {
    const search_index *x = &b->search;
    char *q = folded(b, query);
    size_t m = strlen(q), count = 0;
    uint32_t *key = malloc(sizeof(uint32_t) * b->place_count);
    uint8_t *field = malloc(b->place_count);
    memset(field, 0xFF, b->place_count);
    for (uint32_t i = 0; m > 0 && i < x->key_count; i++) {
        const uint8_t *k = KEY(x, i);
        if (rd16(k + 4) < m || memcmp(x->key_text + rd32(k), q, m) != 0) continue;
        uint32_t place = rd32(k + 8);
        if (k[6] < field[place]) field[place] = k[6], key[place] = i;
    }
    /* Selection by (field, key) over all places: slow and plain. */
    for (;;) {
        uint32_t chosen = NB_NONE;
        for (uint32_t p = 0; p < b->place_count; p++)
            if (field[p] != 0xFF && (chosen == NB_NONE || field[p] < field[chosen] ||
                                     (field[p] == field[chosen] && key[p] < key[chosen])))
                chosen = p;
        if (chosen == NB_NONE || count == limit) break;
        out[count++] = (nb_match){chosen, field[chosen]};
        field[chosen] = 0xFF;
    }
    free(q), free(key), free(field);
    return count;
}

static void compare_search(nb_bundle *b, const char *query, size_t limit) {
    nb_match *got = malloc(sizeof(nb_match) * (b->place_count + 1)), *want = malloc(sizeof(nb_match) * (b->place_count + 1));
    size_t count = 0;
    CHECK(nb_search_prefix(b, query, limit, got, b->place_count + 1, &count) == NB_OK, "search '%s': %s", query,
          nb_last_error(b));
    size_t expected = brute_search(b, query, want, limit);
    int same = count == expected;
    for (size_t i = 0; same && i < count; i++) same = got[i].place == want[i].place && got[i].field == want[i].field;
    CHECK(same, "search '%s' limit %zu: %zu results, the scan %zu", query, limit, count, expected);
    free(got), free(want);
}

static size_t search_signature(nb_bundle *b, const char *query, char *out, size_t size) {
    nb_match results[80];
    size_t count = 0, used = 0;
    CHECK(nb_search_prefix(b, query, 80, results, 80, &count) == NB_OK, "search: %s", nb_last_error(b));
    out[0] = 0;
    for (size_t i = 0; i < count && used + 16 < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%u:%u ", results[i].place, results[i].field);
    return count;
}

/* The ranking rules on a hand-made index, for cases the demo campus lacks: a place with two
 * matching keys in one field is reported with the first of them. */
static void test_search_ranking(void) {
    static const char text[] = "abcabdab";
    struct { uint32_t offset; uint16_t length; uint8_t field; uint32_t place; } keys[] = {
        {6, 2, 2, 0}, /* "ab"  */
        {0, 3, 2, 3}, /* "abc" */
        {3, 3, 0, 1}, /* "abd" */
        {3, 3, 2, 0}, /* "abd" */
        {3, 3, 3, 2}, /* "abd" */
    };
    uint8_t entries[sizeof keys / sizeof *keys][12];
    memset(entries, 0, sizeof entries);
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        put32(entries[i], keys[i].offset), put16(entries[i] + 4, keys[i].length);
        entries[i][6] = keys[i].field, put32(entries[i] + 8, keys[i].place);
    }
    nb_bundle *b = calloc(1, sizeof *b);
    snprintf(b->path, sizeof b->path, "synthetic");
    b->place_count = 4;
    b->search = (search_index){1, NULL, &entries[0][0], NULL, (const uint8_t *)text, 0, sizeof keys / sizeof *keys};
    nb_match results[8], expected[8];
    size_t count;
    const char *queries[] = {"a", "AB", "abd", "abc", "abe", "b"};
    const char *answers[] = {"1:0 0:2 3:2 2:3", "1:0 0:2 3:2 2:3", "1:0 0:2 2:3", "3:2", "", ""};
    for (size_t q = 0; q < sizeof queries / sizeof *queries; q++) {
        CHECK(nb_search_prefix(b, queries[q], 8, results, 8, &count) == NB_OK, "synthetic: %s", nb_last_error(b));
        char got[64] = "";
        for (size_t i = 0; i < count; i++)
            snprintf(got + strlen(got), sizeof got - strlen(got), i ? " %u:%u" : "%u:%u", results[i].place, results[i].field);
        CHECK(strcmp(got, answers[q]) == 0, "synthetic '%s': '%s', not '%s'", queries[q], got, answers[q]);
        int same = brute_search(b, queries[q], expected, 8) == count;
        for (size_t i = 0; same && i < count; i++) same = expected[i].place == results[i].place && expected[i].field == results[i].field;
        CHECK(same, "synthetic '%s': the scan disagrees", queries[q]);
    }
    free(b);
}

static void test_search(nb_bundle *b) {
    nb_match results[8];
    size_t count = 1;
    CHECK(nb_search_prefix(b, "a", 5, results, 8, &count) == NB_OK && count == 5, "limit 5: %zu", count);
    CHECK(nb_search_prefix(b, "a", 5, results, 3, &count) == NB_OK && count == 3, "capacity 3: %zu", count);
    CHECK(nb_search_prefix(b, "a", 0, results, 8, &count) == NB_OK && count == 0, "limit 0: %zu", count);
    CHECK(nb_search_prefix(b, " \t\n ", 5, results, 8, &count) == NB_OK && count == 0, "blank: %zu", count);
    CHECK(nb_search_prefix(b, "", 5, results, 8, &count) == NB_OK && count == 0, "empty: %zu", count);

    /* The specification's own examples of folding. */
    struct { const char *text, *fold; } folds[] = {
        {"\xc3\x89", "e"}, {"\xc3\xa9", "e"}, {"e\xcc\x81", "e"}, {"\xc3\x9f", "ss"}, {"\xd0\x99", "\xd0\xb8"},
        {"  Lecture \t Hall\r\n1  ", "lecture hall 1"}, {"CAF\xc3\x89", "cafe"}, {"", ""}, {" \x0b\x0c ", ""},
    };
    for (size_t i = 0; i < sizeof folds / sizeof *folds; i++) {
        char *f = folded(b, folds[i].text);
        CHECK(f && strcmp(f, folds[i].fold) == 0, "fold %zu gives '%s', not '%s'", i, f ? f : "(refused)", folds[i].fold);
        free(f);
    }
    char cafe[512], accented[512], combining[512];
    size_t n = search_signature(b, "CAFE", cafe, sizeof cafe);
    search_signature(b, "caf\xc3\xa9", accented, sizeof accented);
    search_signature(b, "Cafe\xcc\x81", combining, sizeof combining);
    CHECK(n > 0 && strcmp(cafe, accented) == 0 && strcmp(cafe, combining) == 0, "CAFE '%s', caf\xc3\xa9 '%s', Cafe+U+0301 '%s'",
          cafe, accented, combining);

    const char *invalid[] = {"\xff", "caf\xc3", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                             "\x80", "ab\xc3\x28", "\xf8\x88\x80\x80\x80", "\xe2\x82"};
    for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++) {
        count = 7;
        nb_status status = nb_search_prefix(b, invalid[i], 5, results, 8, &count);
        CHECK(status == NB_ERROR_ARGUMENT && count == 0 && strstr(nb_last_error(b), "UTF-8"), "invalid UTF-8 %zu: %d %s", i,
              status, nb_last_error(b));
    }

    /* Every prefix of every key at a code point boundary, as stored, in capitals and padded. */
    const search_index *x = &b->search;
    int queries = 0;
    for (uint32_t i = 0; i < x->key_count; i++) {
        const uint8_t *text = x->key_text + rd32(KEY(x, i));
        size_t length = rd16(KEY(x, i) + 4);
        for (size_t end = 0; end < length;) {
            utf8_next(text, length, &end);
            char query[600];
            snprintf(query, sizeof query, "%.*s", (int)end, (const char *)text);
            compare_search(b, query, b->place_count + 1);
            compare_search(b, query, 1 + next_random() % 6);
            for (char *c = query; *c; c++)
                if (*c >= 'a' && *c <= 'z') *c = (char)(*c - 'a' + 'A');
            char padded[700];
            snprintf(padded, sizeof padded, "  %s\t", query);
            compare_search(b, padded, 10);
            queries += 3;
        }
    }
    /* Random texts over letters, digits, punctuation, spaces and a few accented letters. */
    const char *pieces[] = {"a", "b", "c", "e", "l", "r", "o", "m", "s", "t", "1", "2", ".", " ", "-", "(", "A", "R",
                            "\xc3\xa9", "\xc3\x9f", "\xc3\x84", "\xd0\x90", "e\xcc\x81", "\xe2\x80\x83"};
    for (int i = 0; i < 3000; i++) {
        char query[64] = "";
        int pieces_count = 1 + (int)(next_random() % 4);
        for (int k = 0; k < pieces_count; k++) strcat(query, pieces[next_random() % (sizeof pieces / sizeof *pieces)]);
        compare_search(b, query, 1 + next_random() % 60);
        queries++;
    }
    CHECK(queries > 1000, "only %d search queries", queries);
}

/* ---- Snapping ---- */

/* The nearest node of `level` by scanning all nodes. */
static uint32_t brute_snap(nb_bundle *b, double latitude, double longitude, uint32_t level, double *metres) {
    int64_t lat = to_units(latitude), lon = to_units(longitude);
    uint32_t found = NB_NONE;
    double best = 0;
    for (uint32_t v = 0; v < b->nodes; v++) {
        int32_t node_lat, node_lon;
        uint32_t node_level;
        nb_node_info(b, v, &node_lat, &node_lon, &node_level);
        if (node_level != level) continue;
        double d2 = squared_distance(lat - node_lat, lon - node_lon, b->snap.scale);
        if (found == NB_NONE || d2 < best) best = d2, found = v;
    }
    *metres = found == NB_NONE ? 0 : sqrt(best) * METRES_PER_UNIT;
    return found;
}

static void compare_snap(nb_bundle *b, double latitude, double longitude, uint32_t level) {
    uint32_t node = 0;
    double metres = -1, expected_metres;
    nb_status status = nb_snap(b, latitude, longitude, level, &node, &metres);
    uint32_t expected = brute_snap(b, latitude, longitude, level, &expected_metres);
    CHECK(status == NB_OK && node == expected && metres == expected_metres, "snap %.7f %.7f level %u: %u %.3f, scan %u %.3f",
          latitude, longitude, level, node, metres, expected, expected_metres);
}

/* Geofences (docs/geofences.md): the grid finds what every fence of the level says, read here
 * straight from GFNC's fence table; hits ascend by place; a walk's events come leaves first;
 * positions off the Earth, levels out of range and bundles without GFNC are refused. */
static void test_geofences(nb_bundle *b) {
    nb_geofence_hit *hits;
    size_t count;
    uint32_t level = 0;
    if (!nb_has_section(b, "GFNC")) {
        CHECK(nb_geofence(b, 0, 0, &level, 1, &hits, &count) == NB_ERROR_UNAVAILABLE, "geofences without GFNC");
        return;
    }
    CHECK(nb_geofence(b, 91, 0, &level, 1, &hits, &count) == NB_ERROR_ARGUMENT && hits == NULL, "a latitude of 91");
    CHECK(nb_geofence(b, 0, 180.5, &level, 1, &hits, &count) == NB_ERROR_ARGUMENT, "a longitude of 180.5");
    level = b->level_count;
    CHECK(nb_geofence(b, 0, 0, &level, 1, &hits, &count) == NB_ERROR_ARGUMENT, "a level out of range");
    level = 0; /* a first query checks GFNC, which the comparisons below read */
    CHECK(nb_geofence(b, 0, 0, &level, 1, &hits, &count) == NB_OK && count == 0, "nowhere: %s", nb_last_error(b));
    free(hits);
    const geofence_index *x = &b->geofence;
    int reached = 0;
    for (int trial = 0; trial < 400; trial++) {
        /* Around a fence's place, on the fence's level. */
        const uint8_t *f = x->fences + 16 * (size_t)(next_random() % x->fence_count);
        uint32_t place = rd32(f);
        level = rd32(f + 12);
        nb_place info;
        CHECK(nb_place_info(b, place, &info) == NB_OK, "place: %s", nb_last_error(b));
        if (!info.positioned) continue;
        double latitude = info.latitude / 1e7 + ((double)(next_random() % 2001) - 1000) * 1e-7 * 1.5;
        double longitude = info.longitude / 1e7 + ((double)(next_random() % 2001) - 1000) * 1e-7 * 2.2;
        CHECK(nb_geofence(b, latitude, longitude, &level, 1, &hits, &count) == NB_OK, "geofence: %s", nb_last_error(b));
        /* Every fence of the level, without the grid. */
        uint8_t *expected = calloc(b->place_count, 1);
        CHECK(expected != NULL, "out of memory");
        int64_t lat = (int64_t)round(latitude * 1e7), lon = (int64_t)round(longitude * 1e7);
        for (uint32_t i = 0; i < x->fence_count; i++) {
            const uint8_t *g = x->fences + 16 * (size_t)i;
            if (rd32(g + 12) != level) continue;
            if (rd32(g + 4) != NB_NONE) {
                int inside = 0;
                CHECK(outline_contains(b, rd32(g + 4), lat, lon, &inside) == NB_OK, "outline: %s", nb_last_error(b));
                if (inside) expected[rd32(g)] |= 2;
            } else {
                int has;
                if (place_metres(b, rd32(g), lat, lon, x->scale, &has) <= rd32(g + 8) / 100.0) expected[rd32(g)] |= 1;
            }
        }
        size_t want = 0;
        for (uint32_t p = 0; p < b->place_count; p++) want += expected[p] != 0;
        CHECK(count == want, "trial %d: %zu places found, %zu fences reach", trial, count, want);
        for (size_t i = 0; i < count; i++) {
            CHECK(expected[hits[i].place] && hits[i].inside == ((expected[hits[i].place] & 2) != 0)
                      && (i == 0 || hits[i - 1].place < hits[i].place),
                  "trial %d: place %u found otherwise than its fences say", trial, hits[i].place);
        }
        reached += count > 0;
        free(expected), free(hits);
    }
    CHECK(reached > 100, "only %d positions reached a place", reached);
    /* A walk: from a place's position far off and back; what is entered is left, leaves first. */
    const uint8_t *f = x->fences;
    nb_place info;
    CHECK(nb_place_info(b, rd32(f), &info) == NB_OK, "place: %s", nb_last_error(b));
    level = rd32(f + 12);
    double here_lat = info.positioned ? info.latitude / 1e7 : 0, here_lon = info.positioned ? info.longitude / 1e7 : 0;
    nb_geofence_position walk[3] = {{here_lat, here_lon, &level, 1}, {0, 0, &level, 1}, {here_lat, here_lon, &level, 1}};
    nb_geofence_event *events;
    size_t event_count;
    CHECK(nb_geofence_events(b, walk, 3, &events, &event_count) == NB_OK, "events: %s", nb_last_error(b));
    size_t entered = 0, left = 0;
    for (size_t i = 0; i < event_count; i++) {
        entered += events[i].kind == NB_GEOFENCE_ENTER, left += events[i].kind == NB_GEOFENCE_LEAVE;
        CHECK(i == 0 || events[i - 1].position < events[i].position || events[i - 1].kind >= events[i].kind,
              "event %zu: an enter before a leave at one position", i);
        CHECK(events[i].kind == NB_GEOFENCE_LEAVE ? events[i].position == 1 : events[i].position != 1,
              "event %zu at position %zu", i, events[i].position);
    }
    CHECK(info.positioned ? entered > 0 && left > 0 && entered == 2 * left : 1, "%zu entered, %zu left", entered, left);
    free(events);
}

/* Tours (docs/tours.md): each a walk whose length and durations are its arcs'; found by words of
 * their names; followed as the route query's route to where one joins, then the tour; joined at
 * the nearest node no tour node is reached sooner; arguments out of range and a tour whose arcs do
 * not chain are refused. */
static void test_tours(nb_bundle *b) {
    uint32_t count;
    CHECK(nb_tour_count(b, &count) == NB_OK, "tour count: %s", nb_last_error(b));
    if (!nb_has_section(b, "TOUR")) {
        CHECK(count == 0, "tours without TOUR");
        return;
    }
    CHECK(count == 2, "the demo has %u tours, not its fun run and promenade loop", count);
    uint32_t *costs = malloc(sizeof *costs * nb_arc_count(b));
    CHECK(costs != NULL, "out of memory");
    for (uint32_t t = 0; t < count; t++) {
        nb_tour tour;
        CHECK(nb_tour_info(b, t, &tour) == NB_OK, "tour %u: %s", t, nb_last_error(b));
        uint32_t *arcs = malloc(sizeof *arcs * tour.arc_count);
        size_t written;
        CHECK(arcs && nb_tour_arcs(b, t, arcs, tour.arc_count, &written) == NB_OK && written == tour.arc_count, "arcs");
        uint64_t length = 0;
        uint32_t at = tour.start;
        for (size_t i = 0; i < written; i++) {
            nb_arc arc;
            CHECK(nb_arc_info(b, arcs[i], &arc) == NB_OK && arc.tail == at, "tour %u arc %zu does not leave %u", t, i, at);
            length += arc.length, at = arc.head;
        }
        CHECK(at == tour.end && length == tour.length, "tour %u ends at %u (%llu cm), not %u (%llu cm)", t, at,
              (unsigned long long)length, tour.end, (unsigned long long)tour.length);
        CHECK(nb_tour_arcs(b, t, arcs, 1, &written) == NB_OK && written == 1, "a capacity of one");
        for (uint32_t p = 0; p < nb_profile_count(b); p++) {
            uint64_t duration, sum = 0;
            int open = 1;
            CHECK(nb_tour_duration(b, p, t, &duration) == NB_OK && nb_profile_costs(b, p, costs, nb_arc_count(b)) == NB_OK,
                  "duration: %s", nb_last_error(b));
            uint32_t *all = malloc(sizeof *all * tour.arc_count);
            CHECK(all && nb_tour_arcs(b, t, all, tour.arc_count, &written) == NB_OK, "arcs");
            for (size_t i = 0; i < written; i++) {
                if (costs[all[i]] == NB_NONE) open = 0;
                else sum += costs[all[i]];
            }
            CHECK(duration == (open ? sum : UINT64_MAX), "tour %u profile %u: %llu ms", t, p, (unsigned long long)duration);
            /* Followed from random nodes, joined at the start and at the nearest node. */
            for (int trial = 0; trial < 8; trial++) {
                uint32_t from = next_random() % nb_node_count(b);
                for (int join = NB_JOIN_START; join <= NB_JOIN_NEAREST; join++) {
                    nb_path path;
                    size_t starts[2];
                    uint64_t durations[2];
                    CHECK(nb_route_tour(b, p, t, from, join, &path, starts, durations) == NB_OK, "follow: %s", nb_last_error(b));
                    if (!open) CHECK(path.nodes == NULL, "profile %u led along a tour it cannot follow", p);
                    if (path.nodes == NULL) {
                        nb_path_free(&path);
                        continue;
                    }
                    uint32_t joined = path.nodes[starts[1]];
                    size_t position = 0;
                    while (position < written && rd32(b->tour.arcs + 4 * ((size_t)rd32(b->tour.first + 4 * (size_t)t) + position)) != path.arcs[starts[1]])
                        position++;
                    CHECK(position < written && b->tails[all[position]] == joined, "leg 2 starts off the tour");
                    if (join == NB_JOIN_START) CHECK(position == 0, "joined at position %zu, not the start", position);
                    nb_path approach;
                    CHECK(nb_route_path(b, p, from, joined, &approach) == NB_OK && approach.duration == durations[0] &&
                              approach.node_count == starts[1] + 1 &&
                              memcmp(approach.nodes, path.nodes, sizeof(uint32_t) * approach.node_count) == 0,
                          "the way onto tour %u is not the route query's", t);
                    nb_path_free(&approach);
                    if (join == NB_JOIN_NEAREST) {
                        /* No node the tour's arcs leave is reached sooner (or as soon, and lower). */
                        for (size_t i = 0; i < written; i++) {
                            nb_path other;
                            CHECK(nb_route_path(b, p, from, b->tails[all[i]], &other) == NB_OK, "route: %s", nb_last_error(b));
                            CHECK(other.nodes == NULL || other.duration > durations[0] ||
                                      (other.duration == durations[0] && b->tails[all[i]] >= joined),
                                  "tour %u from %u: node %u is nearer than %u", t, from, b->tails[all[i]], joined);
                            nb_path_free(&other);
                        }
                    }
                    size_t along = path.arc_count - starts[1];
                    CHECK(along == (tour.start == tour.end ? written : written - position), "leg 2 has %zu arcs", along);
                    CHECK(path.duration == durations[0] + durations[1], "the legs' times do not add up");
                    nb_path_free(&path);
                }
            }
            free(all);
        }
        free(arcs);
    }
    free(costs);
    uint32_t found[4];
    size_t matched;
    CHECK(nb_tour_search(b, "FUN r", found, 4, &matched) == NB_OK && matched == 1 && found[0] == 0, "search 'FUN r'");
    CHECK(nb_tour_search(b, "loop", found, 4, &matched) == NB_OK && matched == 1 && found[0] == 1, "search 'loop'");
    CHECK(nb_tour_search(b, "  ", found, 4, &matched) == NB_OK && matched == 0, "a blank search finds none");
    CHECK(nb_tour_search(b, "\xff", found, 4, &matched) == NB_ERROR_ARGUMENT, "a search that is not UTF-8");
    nb_tour tour;
    nb_path path;
    CHECK(nb_tour_info(b, count, &tour) == NB_ERROR_ARGUMENT, "a tour out of range");
    CHECK(nb_route_tour(b, 0, 0, 0, 2, &path, NULL, NULL) == NB_ERROR_ARGUMENT && path.nodes == NULL, "a join of 2");
    CHECK(nb_route_tour(b, 0, 0, nb_node_count(b), NB_JOIN_START, &path, NULL, NULL) == NB_ERROR_ARGUMENT, "a node out of range");
    /* The same bytes with the fun run's first two arcs swapped: they no longer chain. */
    for (size_t i = 0; i < nb_section_count(b); i++) {
        char tag[5];
        uint64_t offset, length;
        CHECK(nb_section_info(b, i, tag, &offset, &length) == NB_OK, "section %zu", i);
        if (strcmp(tag, "TOUR") != 0) continue;
        uint8_t *copy = malloc(b->size);
        CHECK(copy != NULL, "out of memory");
        memcpy(copy, b->data, b->size);
        uint8_t *arcs = copy + offset + 16 + 12 * (size_t)count + 4 * ((size_t)count + 1), saved[4];
        memcpy(saved, arcs, 4), memcpy(arcs, arcs + 4, 4), memcpy(arcs + 4, saved, 4);
        nb_bundle *damaged;
        char message[512];
        CHECK(nb_open_memory(copy, b->size, "unchained", 0, &damaged, message, sizeof message) == NB_OK, "%s", message);
        uint32_t none;
        CHECK(nb_tour_count(damaged, &none) == NB_ERROR_FORMAT && strstr(nb_last_error(damaged), "does not leave"),
              "a tour whose arcs do not chain: %s", nb_last_error(damaged));
        nb_close(damaged);
        free(copy);
    }
}

/* Crowds (docs/crowds.md): each area takes its access point's people over the area it serves,
 * binned by integers into CRWD's factor table; spellings of one access point add up; counts that
 * are not whole numbers from 0 are refused; the conditions text applies; a table that would speed
 * walkers up is refused. */
static void test_crowds(nb_bundle *b) {
    nb_crowd_area *areas;
    size_t count;
    if (!nb_has_section(b, "CRWD")) {
        CHECK(nb_crowd(b, "{}", 2, &areas, &count) == NB_ERROR_UNAVAILABLE, "crowds without CRWD");
        return;
    }
    CHECK(nb_crowd(b, "{}", 2, &areas, &count) == NB_OK && count > 0, "no counts: %s", nb_last_error(b));
    for (size_t i = 0; i < count; i++) CHECK(areas[i].people == 0 && areas[i].factor == 1000, "area %zu without people", i);
    char key[32];
    snprintf(key, sizeof key, "%.*s", (int)areas[0].access_point.length, areas[0].access_point.text);
    free(areas);
    char json[128];
    snprintf(json, sizeof json, "{\"%s\": 300, \"%c%c%c%c%c%c%c%c%c%c%c%c\": 300, \"nobody\": 9}", key, key[0], key[1], key[3],
             key[4], key[6], key[7], key[9], key[10], key[12], key[13], key[15], key[16]);
    CHECK(nb_crowd(b, json, strlen(json), &areas, &count) == NB_OK, "counts: %s", nb_last_error(b));
    const crowd_index *x = &b->crowd;
    for (size_t i = 0; i < count; i++) {
        const uint8_t *point = x->points + 24 * (size_t)rd32(x->areas + 12 * i + 4);
        int mine = areas[i].access_point.length == strlen(key) && memcmp(areas[i].access_point.text, key, strlen(key)) == 0;
        uint64_t served = rd32(point + 12), bin = 600 * 100000 / (served * x->bin_width);
        CHECK(areas[i].people == (mine ? 600u : 0u), "area %zu has %llu people", i, (unsigned long long)areas[i].people);
        CHECK(!mine || (areas[i].density == 600.0 * 100 / (double)served &&
                        areas[i].factor == rd32(x->factors + 4 * (bin < x->bin_count ? bin : x->bin_count - 1))),
              "area %zu: density %g, factor %u", i, areas[i].density, areas[i].factor);
        CHECK(areas[i].outline < b->outline.outline_count && (i == 0 || areas[i - 1].outline < areas[i].outline), "area order");
    }
    free(areas);
    const char *refused[] = {"[]", "{\"a\": -1}", "{\"a\": 1.5}", "{\"a\": true}", "{\"a\": 1e10}", "{\"a\": 1, \"a\": 2}", "{"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        CHECK(nb_crowd(b, refused[i], strlen(refused[i]), &areas, &count) == NB_ERROR_ARGUMENT && areas == NULL,
              "counts %s were taken", refused[i]);
    /* Standing still: closed; the text applies as conditions. */
    snprintf(json, sizeof json, "{\"%s\": 1000000}", key);
    char *text;
    size_t length;
    CHECK(nb_crowd_conditions_json(b, json, strlen(json), &text, &length) == NB_OK && strncmp(text, "{\"closed\":[{", 12) == 0 &&
              strcmp(text + length - 11, ",\"slow\":[]}") == 0,
          "standstill conditions: %s", text);
    if (has_cch(b)) {
        nb_metric *metric = NULL;
        nb_conditions_error error;
        CHECK(nb_conditions_apply(b, 0, text, length, &metric, &error) == NB_OK, "the crowd's conditions: %s", nb_last_error(b));
        nb_metric_free(metric);
    }
    free(text);
    /* A factor table that speeds walkers up is damage. */
    for (size_t i = 0; i < nb_section_count(b); i++) {
        char tag[5];
        uint64_t offset, section_length;
        CHECK(nb_section_info(b, i, tag, &offset, &section_length) == NB_OK, "section %zu", i);
        if (strcmp(tag, "CRWD") != 0) continue;
        uint8_t *copy = malloc(b->size);
        CHECK(copy != NULL, "out of memory");
        memcpy(copy, b->data, b->size);
        uint8_t *factors = copy + offset + (x->factors - (b->data + offset));
        factors[0] = 0x10, factors[1] = factors[2] = factors[3] = 0; /* 16 thousandths */
        nb_bundle *damaged;
        char message[512];
        CHECK(nb_open_memory(copy, b->size, "faster", 0, &damaged, message, sizeof message) == NB_OK, "%s", message);
        CHECK(nb_crowd(damaged, "{}", 2, &areas, &count) == NB_ERROR_FORMAT && strstr(nb_last_error(damaged), "speeds walkers up"),
              "a factor below 1000: %s", nb_last_error(damaged));
        nb_close(damaged);
        free(copy);
    }
}

static void test_snap(nb_bundle *b) {
    uint32_t node;
    double metres;
    CHECK(nb_snap(b, 48.15, 11.58, b->level_count, &node, &metres) == NB_ERROR_ARGUMENT, "a level out of range");
    CHECK(nb_snap(b, 0.0 / 0.0, 11.58, 0, &node, &metres) == NB_ERROR_ARGUMENT, "NaN latitude");
    CHECK(nb_snap(b, 48.15, 181, 0, &node, &metres) == NB_ERROR_ARGUMENT, "longitude 181");
    CHECK(nb_snap(b, 90.5, 11.58, 0, &node, &metres) == NB_ERROR_ARGUMENT, "latitude 90.5");
    CHECK(nb_snap(b, 48.15, 11.58, 0, &node, &metres) == NB_OK, "snap: %s", nb_last_error(b));

    CHECK(to_units(1.00000005) == 10000001 && to_units(-1.00000005) == -10000001 && to_units(0.00000004) == 0 &&
          to_units(-0.00000006) == -1 && to_units(48.1510953) == 481510953, "rounding to 1e-7 degree");

    double south = 90, north = -90, west = 180, east = -180;
    for (uint32_t v = 0; v < b->nodes; v++) {
        int32_t lat, lon;
        uint32_t level;
        nb_node_info(b, v, &lat, &lon, &level);
        if (lat / 1e7 < south) south = lat / 1e7;
        if (lat / 1e7 > north) north = lat / 1e7;
        if (lon / 1e7 < west) west = lon / 1e7;
        if (lon / 1e7 > east) east = lon / 1e7;
        /* At a node's own position the distance is 0 (another node may share the spot). */
        CHECK(nb_snap(b, lat / 1e7, lon / 1e7, level, &node, &metres) == NB_OK && metres == 0 && node <= v,
              "snap at node %u: %u %.3f", v, node, metres);
        compare_snap(b, lat / 1e7, lon / 1e7, level);
    }
    for (uint32_t level = 0; level < b->level_count; level++) {
        for (int i = 0; i < 400; i++) compare_snap(b, uniform(south - 0.003, north + 0.003), uniform(west - 0.003, east + 0.003), level);
        for (int i = 0; i < 50; i++) compare_snap(b, uniform(-90, 90), uniform(-180, 180), level);
        compare_snap(b, 90, 180, level), compare_snap(b, -90, -180, level), compare_snap(b, 0, 0, level);
        compare_snap(b, south, east + 1, level), compare_snap(b, north + 1, west, level);
    }
}

/* ---- Outlines ---- */

static void test_outlines(nb_bundle *b) {
    uint32_t total = 0, expected_first = 0;
    for (uint32_t level = 0; level < b->level_count; level++) {
        uint32_t first, count;
        CHECK(nb_level_outlines(b, level, &first, &count) == NB_OK, "outlines: %s", nb_last_error(b));
        CHECK(first == expected_first, "level %u's outlines start at %u", level, first);
        expected_first = first + count, total += count;
        for (uint32_t o = first; o < first + count; o++) {
            nb_outline info;
            CHECK(nb_outline_info(b, o, &info) == NB_OK && info.ring_count >= 1 && info.kind <= 6 &&
                  (info.place == NB_NONE || info.place < b->place_count), "outline %u", o);
            for (uint32_t r = 0; r < info.ring_count; r++) {
                int32_t corners[4][2];
                size_t corner_count;
                CHECK(nb_outline_ring(b, o, r, corners, 4, &corner_count) == NB_OK && corner_count >= 3, "ring %u of %u", r, o);
                CHECK(corners[0][0] > 480000000 && corners[0][0] < 483000000, "corner latitude %d", corners[0][0]);
            }
            CHECK(nb_outline_ring(b, o, info.ring_count, NULL, 0, &(size_t){0}) == NB_ERROR_ARGUMENT, "a ring past the end");
        }
    }
    CHECK(total == b->outline.outline_count && total > 0, "%u outlines over the levels, %u in OUTL", total,
          b->outline.outline_count);
    uint32_t first, count;
    CHECK(nb_level_outlines(b, b->level_count, &first, &count) == NB_ERROR_ARGUMENT, "a level out of range");
}

/* ---- Damaged files ---- */

static const char *write_copy(const uint8_t *bytes, size_t size, const char *name) {
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    FILE *file = fopen(path, "wb");
    if (!file) { perror(path); exit(2); }
    if (size) fwrite(bytes, 1, size, file);
    fclose(file);
    return path;
}

/* `bytes` copied to an odd address (so that any aligned read of the reader's would trip UBSan),
 * for nb_open_memory; free it with free_unaligned. */
static uint8_t *unaligned_copy(const uint8_t *bytes, size_t size) {
    uint8_t *block = malloc(size + 1);
    if (!block) { perror("malloc"); exit(2); }
    if (size) memcpy(block + 1, bytes, size);
    return block + 1;
}

static void free_unaligned(uint8_t *bytes) { free(bytes - 1); }

/* Opens `size` bytes from memory, named `path`, as nb_open opened the file at `path`: the same
 * status and the same message, and the bytes left as they were. With `out`, an opened bundle is
 * handed over (its buffer, `data`, is the caller's to free_unaligned after nb_close). */
static nb_status open_memory_as(const uint8_t *bytes, size_t size, const char *path, int verify, nb_status file_status,
                                const char *file_message, nb_bundle **out) {
    static char sentinel;
    char message[1024] = "";
    uint8_t *copy = unaligned_copy(bytes, size);
    nb_bundle *b = (nb_bundle *)(void *)&sentinel; /* nb_open_memory must set it, NULL on failure */
    nb_status status = nb_open_memory(copy, size, path, verify, &b, message, sizeof message);
    CHECK(status == file_status, "from memory %d, from the file %d: %s / %s", status, file_status, message, file_message);
    CHECK((status == NB_OK) == (b != NULL), "status and bundle from memory disagree");
    if (status != NB_OK) {
        CHECK(strcmp(message, file_message) == 0, "messages differ: \"%s\" from memory, \"%s\" from the file", message,
              file_message);
        b = NULL;
    }
    CHECK(size == 0 || memcmp(copy, bytes, size) == 0, "nb_open_memory changed the caller's bytes");
    if (out) *out = b;
    if (out && b) return status;
    nb_close(b);
    /* nb_close leaves the buffer to its owner: still there to read, and freed by its owner. */
    CHECK(size == 0 || copy[size - 1] == bytes[size - 1], "the buffer after nb_close");
    free_unaligned(copy);
    return status;
}

static nb_status open_copy(const uint8_t *bytes, size_t size, int verify, char *message, size_t message_size) {
    nb_bundle *b = NULL;
    const char *path = write_copy(bytes, size, "damaged.navbundle");
    nb_status status = nb_open(path, verify, &b, message, message_size);
    CHECK((status == NB_OK) == (b != NULL), "status and bundle disagree");
    nb_close(b);
    open_memory_as(bytes, size, path, verify, status, status == NB_OK ? "" : message, NULL);
    return status;
}


static size_t table_index(const nb_bundle *b, const char *tag) {
    for (size_t i = 0; i < b->section_count; i++)
        if (memcmp(b->sections[i].tag, tag, 4) == 0) return i;
    fprintf(stderr, "no section %s\n", tag);
    exit(2);
}

/* Rewrites the checksum of section `index` (unless it is SIZE_MAX) and the whole file's. */
static void reseal(uint8_t *copy, const nb_bundle *b, size_t index, int whole_file) {
    if (index != SIZE_MAX) {
        const section *s = &b->sections[index];
        put64(copy + HEADER_SIZE + ENTRY_SIZE * index + 24, checksum(copy + s->offset, s->length));
    }
    if (whole_file) file_digest(copy, image_size, copy + 32);
}

/* Opens a damaged copy (checksums forged, so it opens) and has `use` report on it. */
typedef nb_status (*use_function)(nb_bundle *b);

static nb_status use_search(nb_bundle *b) {
    nb_match results[100];
    size_t count;
    const char *queries[] = {"a", "lecture", "caf\xc3\xa9", "1", "b.0", "zz"};
    for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
        nb_status status = nb_search_prefix(b, queries[i], 100, results, 100, &count);
        if (status != NB_OK) return status;
        for (size_t k = 0; k < count; k++)
            CHECK(results[k].place < b->place_count && results[k].field <= 3, "a search result out of range");
    }
    return NB_OK;
}

static nb_status use_snap(nb_bundle *b) {
    uint32_t node;
    double metres;
    for (uint32_t level = 0; level < b->level_count; level++) {
        double positions[3][2] = {{48.1495, 11.5808}, {48.1489, 11.5799}, {10, 20}};
        for (int i = 0; i < 3; i++) {
            nb_status status = nb_snap(b, positions[i][0], positions[i][1], level, &node, &metres);
            if (status != NB_OK) return status;
            CHECK(node == NB_NONE || node < b->nodes, "a snapped node out of range");
        }
    }
    return NB_OK;
}

static nb_status use_outlines(nb_bundle *b) {
    for (uint32_t level = 0; level < b->level_count; level++) {
        uint32_t first, count;
        nb_status status = nb_level_outlines(b, level, &first, &count);
        if (status != NB_OK) return status;
        for (uint32_t o = first; o < first + count; o++) {
            nb_outline info;
            if ((status = nb_outline_info(b, o, &info)) != NB_OK) return status;
            for (uint32_t r = 0; r < info.ring_count; r++) {
                int32_t corners[64][2];
                size_t corner_count;
                if ((status = nb_outline_ring(b, o, r, corners, 64, &corner_count)) != NB_OK) return status;
            }
        }
    }
    return NB_OK;
}

/* `verify` 0 skips the checksums where the damage was not sealed in, which only saves time. A
 * copy of `copy_size` bytes (the image's, unless a section was moved to a longer end). */
static nb_status use_damaged_copy(const uint8_t *copy, size_t copy_size, use_function use, int verify, char *message,
                                  size_t size) {
    nb_bundle *b = NULL;
    const char *path = write_copy(copy, copy_size, "hostile.navbundle");
    nb_status status = nb_open(path, verify, &b, message, size);
    CHECK(status == NB_OK, "forged checksums refused: %s", message);
    if (!b) return status;
    status = use(b);
    snprintf(message, size, "%s", status == NB_OK ? "" : nb_last_error(b));
    /* A refusal is not remembered as success: the next call is refused too. */
    if (status != NB_OK) CHECK(use(b) == status, "a damaged section was accepted on the second call");
    nb_close(b);
    /* The same bytes from memory, at an odd address: the same answer, the same message. */
    nb_bundle *m = NULL;
    if (open_memory_as(copy, copy_size, path, verify, NB_OK, "", &m) == NB_OK) {
        nb_status again = use(m);
        CHECK(again == status && strcmp(again == NB_OK ? "" : nb_last_error(m), message) == 0,
              "from memory %d \"%s\", from the file %d \"%s\"", again, nb_last_error(m), status, message);
        const uint8_t *buffer = m->data;
        nb_close(m);
        free_unaligned((uint8_t *)buffer);
    }
    return status;
}

static nb_status use_damaged(const uint8_t *copy, use_function use, int verify, char *message, size_t size) {
    return use_damaged_copy(copy, image_size, use, verify, message, size);
}

static void test_damaged_files(const nb_bundle *original) {
    char message[1024];
    uint8_t *copy = malloc(image_size);
    CHECK(open_copy(image, image_size - 1, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "truncated"),
          "truncated: %s", message);
    CHECK(open_copy(image, 0, 1, message, sizeof message) == NB_ERROR_FORMAT, "empty file");
    memcpy(copy, image, image_size), copy[0] = 'X';
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "not a navforge"), "magic");
    memcpy(copy, image, image_size), copy[8] = 9;
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "not supported"), "major");
    memcpy(copy, image, image_size), put16(copy + 8, 0), put16(copy + 10, 4);
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_FORMAT &&
          strstr(message, "format 0.4 is not supported; this reader reads 1.x and 2.x; rebuild the bundle"), "major 0: %s",
          message);
    /* A major after 2 is refused before anything else is read, checksums included. */
    memcpy(copy, image, image_size), put16(copy + 8, 3), put16(copy + 10, 0), reseal(copy, original, SIZE_MAX, 1);
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_FORMAT &&
          strstr(message, "format 3.0 is not supported; this reader reads 1.x and 2.x; update the reader"), "major 3: %s",
          message);
    /* Both majors carry the whole-file checksum: a copy relabelled 1.x or 2.x opens only with it resealed. */
    uint16_t other_major = nb_format_major(original) == 1 ? 2 : 1;
    memcpy(copy, image, image_size), put16(copy + 8, other_major);
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_CHECKSUM && strstr(message, "whole-file"),
          "major %u unsealed: %s", other_major, message);
    reseal(copy, original, SIZE_MAX, 1);
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_OK, "major %u: %s", other_major, message);
    /* A later minor of the major opens: its new sections are skipped. */
    memcpy(copy, image, image_size), put16(copy + 10, 3), reseal(copy, original, SIZE_MAX, 1);
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_OK, "minor 3: %s", message);
    nb_bundle *missing = NULL;
    CHECK(nb_open("/nonexistent/bundle.navbundle", 1, &missing, message, sizeof message) == NB_ERROR_IO && !missing, "absent file");

    for (size_t i = 0; i < original->section_count; i++) {
        const section *s = &original->sections[i];
        if (s->length == 0) continue;
        memcpy(copy, image, image_size);
        copy[s->offset + s->length / 2] ^= 0x10;
        CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_CHECKSUM && strstr(message, s->tag),
              "bit flip in %s: %s", s->tag, message);
        /* The section's checksum forged but not the file's: the whole-file hash catches it. */
        reseal(copy, original, i, 0);
        CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_CHECKSUM && strstr(message, "whole-file"),
              "bit flip in %s with its checksum forged: %s", s->tag, message);
    }
    /* Bytes no section covers: the flags and the padding after a section. */
    memcpy(copy, image, image_size), copy[12] ^= 1;
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_CHECKSUM && strstr(message, "whole-file"),
          "flags changed: %s", message);
    CHECK(open_copy(copy, image_size, 0, message, sizeof message) == NB_OK, "flags are to be ignored: %s", message);
    int padded = 0;
    for (size_t i = 0; i < original->section_count && !padded; i++) {
        const section *s = &original->sections[i];
        if (s->length % 8 == 0) continue;
        memcpy(copy, image, image_size), copy[s->offset + s->length] ^= 0x55, padded = 1;
        CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_CHECKSUM && strstr(message, "whole-file"),
              "padding changed: %s", message);
    }
    CHECK(padded, "no section is followed by padding");

    struct { size_t field; uint64_t value; const char *expect; } table_damage[] = {
        {HEADER_SIZE + 8, image_size + 8, "outside"},
        {HEADER_SIZE + 16, (uint64_t)1 << 62, "outside"},
        {HEADER_SIZE + ENTRY_SIZE + 8, original->sections[0].offset, "overlap"},
        {HEADER_SIZE + 8, original->sections[0].offset + 4, "outside"},
        {HEADER_SIZE + 8, HEADER_SIZE, "outside"},
        {20, 60, "do not fit"},
    };
    for (size_t i = 0; i < sizeof table_damage / sizeof *table_damage; i++) {
        memcpy(copy, image, image_size);
        if (table_damage[i].field == 20) put32(copy + 20, (uint32_t)table_damage[i].value);
        else put64(copy + table_damage[i].field, table_damage[i].value);
        CHECK(open_copy(copy, image_size, 0, message, sizeof message) == NB_ERROR_FORMAT &&
              strstr(message, table_damage[i].expect), "table damage %zu: %s", i, message);
    }
    memcpy(copy, image, image_size);
    copy[16] = 0xFF, copy[17] = 0xFF, copy[18] = 0x0F;
    CHECK(open_copy(copy, image_size, 0, message, sizeof message) == NB_ERROR_FORMAT, "section count past the file");
    memcpy(copy, image, image_size), put32(copy + 16, 5000);
    CHECK(open_copy(copy, image_size, 0, message, sizeof message) == NB_ERROR_FORMAT, "more than 4096 sections");
    memcpy(copy, image, image_size), memcpy(copy + HEADER_SIZE + ENTRY_SIZE * table_index(original, "NODE"), "ARCS", 4);
    CHECK(open_copy(copy, image_size, 0, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "twice"), "a tag twice: %s", message);

    /* A required section in a version this reader does not know is absent, so the file is refused;
     * an optional one is "not available". */
    memcpy(copy, image, image_size), put16(copy + HEADER_SIZE + ENTRY_SIZE * table_index(original, "NODE") + 4, 2);
    CHECK(open_copy(copy, image_size, 0, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "NODE"),
          "NODE version 2: %s", message);
    /* That is the table's damage, found before the checksums (which it also breaks), as the other
     * readers find it: the shared class of the refusal is "format". */
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "NODE"),
          "NODE version 2, verified: %s", message);
    /* Tags are ASCII: a byte above 127 in any tag, a required section's or another's, is refused
     * before the checksums. */
    for (size_t i = 0; i < original->section_count; i += original->section_count - 1) {
        memcpy(copy, image, image_size), copy[HEADER_SIZE + ENTRY_SIZE * i + 2] = 0xC3;
        for (int verify = 0; verify <= 1; verify++)
            CHECK(open_copy(copy, image_size, verify, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "ASCII"),
                  "a tag that is not ASCII (entry %zu, verify %d): %s", i, verify, message);
    }
    struct { const char *tag; int rename; use_function use; } absent[] = {
        {"SRCH", 1, use_search}, {"SNAP", 0, use_snap}, {"OUTL", 1, use_outlines}};
    for (size_t i = 0; i < sizeof absent / sizeof *absent; i++) {
        memcpy(copy, image, image_size);
        uint8_t *entry = copy + HEADER_SIZE + ENTRY_SIZE * table_index(original, absent[i].tag);
        if (absent[i].rename) entry[0] = 'X';
        else put16(entry + 4, 2);
        reseal(copy, original, SIZE_MAX, 1);
        CHECK(use_damaged(copy, absent[i].use, 1, message, sizeof message) == NB_ERROR_UNAVAILABLE && strstr(message, absent[i].tag),
              "without %s: %s", absent[i].tag, message);
    }

    /* Damaged SRCH, SNAP and OUTL with their checksums forged: refused on first use, naming the
     * file and the section. Offsets are within each section; values are u32 unless noted. */
    const section *srch = &original->sections[table_index(original, "SRCH")];
    const uint8_t *s = image + srch->offset;
    uint32_t folds = rd32(s), keys = rd32(s + 4), fold_bytes = rd32(s + 8);
    size_t key_at = 16 + 12 * (size_t)folds, key_text_at = key_at + 12 * (size_t)keys + fold_bytes;
    const section *snap = &original->sections[table_index(original, "SNAP")];
    const uint8_t *p = image + snap->offset;
    uint32_t levels = rd32(p), cells = rd32(p + 8);
    size_t cell_first_at = 24 + 32 * (size_t)levels, entries_at = cell_first_at + 4 * ((size_t)cells + 1);
    const section *outl = &original->sections[table_index(original, "OUTL")];
    const uint8_t *o = image + outl->offset;
    uint32_t outline_levels = rd32(o), outlines = rd32(o + 4), rings = rd32(o + 8);
    size_t ring_first_at = 16 + 4 * ((size_t)outline_levels + 1), point_first_at = ring_first_at + 4 * ((size_t)outlines + 1);
    size_t outline_at = (point_first_at + 4 * ((size_t)rings + 1) + 7) / 8 * 8;
    uint32_t place_count = original->place_count;
    struct { const char *tag; size_t at; uint32_t value; int width; const char *expect; use_function use; } damage[] = {
        {"SRCH", 0, 0x10000000, 4, "do not fit", use_search},
        {"SRCH", 4, keys + 1, 4, "do not fit", use_search},
        {"SRCH", 8, 0xFFFFFFF0, 4, "do not fit", use_search},
        {"SRCH", 16, 'A', 4, "ASCII", use_search},
        {"SRCH", 16, 0xD800, 4, "no code point", use_search},
        {"SRCH", 16 + 12, 0x80, 4, "sorted", use_search},
        {"SRCH", 16 + 4, fold_bytes + 1, 4, "outside the fold text", use_search},
        {"SRCH", 16 + 8, fold_bytes + 1, 4, "outside the fold text", use_search},
        {"SRCH", key_at, 0xFFFFFFF0, 4, "outside the key text", use_search},
        {"SRCH", key_at + 4, 0, 2, "empty", use_search},
        {"SRCH", key_at + 6, 4, 1, "field", use_search},
        {"SRCH", key_at + 8, place_count, 4, "names place", use_search},
        {"SRCH", key_at + 8, NB_NONE, 4, "names place", use_search},
        {"SRCH", key_at, 0, 12, "sorted", use_search}, /* keys 0 and 1 swapped */
        {"SRCH", key_text_at, 0xFF, 1, "UTF-8", use_search},
        {"SNAP", 0, levels + 1, 4, "levels", use_snap},
        {"SNAP", 4, 7, 4, "nodes", use_snap},
        {"SNAP", 8, 0x40000000, 4, "do not fit", use_snap},
        {"SNAP", 12, 0x40000000, 4, "do not fit", use_snap},
        {"SNAP", 20, 0x7FF80000, 4, "longitude scale", use_snap},   /* NaN */
        {"SNAP", 20, 0xBFF00000, 4, "longitude scale", use_snap},   /* negative */
        {"SNAP", 24 + 8, 0, 4, "size 0", use_snap},
        {"SNAP", 24 + 16, 100000, 4, "exceed", use_snap},
        {"SNAP", 24 + 20, 0, 4, "no grid", use_snap},
        {"SNAP", 24 + 24, cells, 4, "exceed", use_snap},
        {"SNAP", 24 + 32 + 24, 0, 4, "not in level", use_snap},
        {"SNAP", 24, 0x7FFFFFFF, 4, "not in level", use_snap},
        {"SNAP", cell_first_at + 4, 0xFFFF, 4, "fall", use_snap},
        {"SNAP", cell_first_at + 4 * (size_t)cells, 0xFFFF, 4, "end past", use_snap},
        {"SNAP", entries_at, original->nodes, 4, "names node", use_snap},
        {"OUTL", 0, 3, 4, "levels", use_outlines},
        {"OUTL", 4, 0x10000000, 4, "do not fit", use_outlines},
        {"OUTL", 12, 0x10000000, 4, "do not fit", use_outlines},
        {"OUTL", 16 + 4, 0x100000, 4, "outline offsets", use_outlines},
        {"OUTL", ring_first_at + 4, 0, 4, "ring offsets", use_outlines},
        {"OUTL", point_first_at + 4, 2, 4, "corner offsets", use_outlines},
        {"OUTL", point_first_at + 4 * (size_t)rings, 0xFFFFFF, 4, "corner offsets", use_outlines},
        {"OUTL", outline_at, 0xFFFFFFF0, 4, "label", use_outlines},
        {"OUTL", outline_at + 4, place_count, 4, "names place", use_outlines},
        {"OUTL", outline_at + 8, 7, 1, "kind", use_outlines},
    };
    for (size_t i = 0; i < sizeof damage / sizeof *damage; i++) {
        size_t index = table_index(original, damage[i].tag);
        const section *section = &original->sections[index];
        memcpy(copy, image, image_size);
        uint8_t *at = copy + section->offset + damage[i].at;
        if (damage[i].width == 12) {
            uint8_t swap[12];
            memcpy(swap, at, 12), memcpy(at, at + 12, 12), memcpy(at + 12, swap, 12);
        } else if (damage[i].width == 4)
            put32(at, damage[i].value);
        else if (damage[i].width == 2) put16(at, (uint16_t)damage[i].value);
        else at[0] = (uint8_t)damage[i].value;
        reseal(copy, original, index, 1);
        nb_status status = use_damaged(copy, damage[i].use, 1, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, "hostile.navbundle") && strstr(message, damage[i].tag) &&
              strstr(message, damage[i].expect), "%s damage %zu: %d %s", damage[i].tag, i, status, message);
    }

    /* Random bytes of SRCH, SNAP and OUTL changed: answered or refused, never a crash or a hang. */
    struct { const char *tag; use_function use; } fuzzed[] = {{"SRCH", use_search}, {"SNAP", use_snap}, {"OUTL", use_outlines}};
    for (size_t f = 0; f < sizeof fuzzed / sizeof *fuzzed; f++) {
        size_t index = table_index(original, fuzzed[f].tag);
        const section *section = &original->sections[index];
        int refused = 0;
        for (int attempt = 0; attempt < 150; attempt++) {
            memcpy(copy, image, image_size);
            /* Headers and offset tables more often than text. */
            size_t span = attempt % 2 ? section->length : (section->length < 512 ? section->length : 512);
            copy[section->offset + next_random() % span] ^= (uint8_t)(1 + next_random() % 255);
            nb_status status = use_damaged(copy, fuzzed[f].use, 0, message, sizeof message);
            CHECK(status == NB_OK || status == NB_ERROR_FORMAT, "%s fuzz: %d %s", fuzzed[f].tag, status, message);
            refused += status == NB_ERROR_FORMAT;
        }
        CHECK(refused > 20, "%s: only %d of 150 damaged copies were refused", fuzzed[f].tag, refused);
    }

    /* Without its hierarchy a bundle cannot route, but still opens. */
    const char *hierarchy_tag = has_cch(original) ? "CCHT" : "CH00";
    memcpy(copy, image, image_size), copy[HEADER_SIZE + ENTRY_SIZE * table_index(original, hierarchy_tag)] = 'X';
    reseal(copy, original, SIZE_MAX, 1);
    nb_bundle *b = NULL;
    if (nb_open(write_copy(copy, image_size, "hostile.navbundle"), 1, &b, message, sizeof message) == NB_OK) {
        uint32_t distance, *nodes;
        size_t count;
        CHECK(nb_route(b, 0, 0, 1, &distance, &nodes, &count) == NB_ERROR_UNAVAILABLE, "routing without %s", hierarchy_tag);
        nb_close(b);
    } else
        CHECK(0, "without %s: %s", hierarchy_tag, message);
    free(copy);
}

/* nb_open_memory beyond the refusals open_copy compares with nb_open's: the arguments only it
 * has, buffers cut short, and the calls on a bundle opened from an odd address answering as on
 * the mapped file. */
static void test_open_memory(nb_bundle *original) {
    char message[1024];
    nb_bundle *b = original;
    CHECK(nb_open_memory(NULL, image_size, "asset", 1, &b, message, sizeof message) == NB_ERROR_ARGUMENT && b == NULL &&
          strstr(message, "asset: ") == message && strstr(message, "NULL"), "a NULL buffer: %s", message);
    b = original;
    CHECK(nb_open_memory(NULL, 0, NULL, 0, &b, message, sizeof message) == NB_ERROR_ARGUMENT && b == NULL &&
          strstr(message, "(memory): ") == message, "a NULL empty buffer: %s", message);
    CHECK(nb_open_memory(image, image_size, "asset", 0, NULL, message, sizeof message) == NB_ERROR_ARGUMENT &&
          strstr(message, "out"), "no place for the bundle: %s", message);
    CHECK(nb_open_memory(image, image_size, "asset", 0, NULL, NULL, 0) == NB_ERROR_ARGUMENT, "no message buffer");
    /* Cut anywhere: too short for a header, or shorter than the header says. Never read past. */
    size_t cuts[] = {0, 1, HEADER_SIZE - 1, HEADER_SIZE, HEADER_SIZE + 1, 100, image_size / 2, image_size - 8, image_size - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        uint8_t *cut = unaligned_copy(image, cuts[i]); /* exactly cuts[i] bytes, so ASan sees a read past them */
        for (int verify = 0; verify <= 1; verify++) {
            b = original;
            nb_status status = nb_open_memory(cut, cuts[i], NULL, verify, &b, message, sizeof message);
            CHECK(status == NB_ERROR_FORMAT && b == NULL && strstr(message, "(memory): ") == message &&
                      strstr(message, cuts[i] < HEADER_SIZE ? "too short" : "truncated"),
                  "%zu bytes (verify %d): %d %s", cuts[i], verify, status, message);
        }
        free_unaligned(cut);
    }
    /* Bytes past the header's size (an asset padded by its packer) are refused as the file's are. */
    uint8_t *longer = unaligned_copy(image, image_size);
    longer = (uint8_t *)realloc(longer - 1, image_size + 9) + 1;
    memset(longer + image_size, 0, 8);
    CHECK(nb_open_memory(longer, image_size + 8, "padded", 0, &b, message, sizeof message) == NB_ERROR_FORMAT &&
          strstr(message, "extended"), "extended: %s", message);
    free_unaligned(longer);

    /* Opened from an odd address, checksums verified: every call answers as on the mapped file. */
    uint8_t *bytes = unaligned_copy(image, image_size);
    nb_bundle *m = NULL;
    CHECK(nb_open_memory(bytes, image_size, "asset.navbundle", 1, &m, message, sizeof message) == NB_OK && m, "%s", message);
    if (m) {
        CHECK(nb_format_major(m) == nb_format_major(original) && nb_section_count(m) == nb_section_count(original) &&
                  nb_node_count(m) == nb_node_count(original) && nb_place_count(m) == nb_place_count(original),
              "counts from memory");
        for (uint32_t profile = 0; profile < nb_profile_count(m); profile++)
            for (uint32_t i = 0; i < 16; i++) {
                uint32_t source = next_random() % m->nodes, target = next_random() % m->nodes;
                nb_path from_memory, from_file;
                nb_status got = nb_route_path(m, profile, source, target, &from_memory);
                nb_status expected = nb_route_path(original, profile, source, target, &from_file);
                CHECK(got == expected && from_memory.duration == from_file.duration &&
                          from_memory.node_count == from_file.node_count &&
                          (from_file.node_count == 0 ||
                           memcmp(from_memory.nodes, from_file.nodes, sizeof(uint32_t) * from_file.node_count) == 0),
                      "route %u %u -> %u from memory", profile, source, target);
                nb_path_free(&from_memory), nb_path_free(&from_file);
            }
        nb_match got[20], expected[20];
        size_t got_count = 0, expected_count = 0;
        CHECK(nb_search_prefix(m, "lift", 20, got, 20, &got_count) == NB_OK &&
                  nb_search_prefix(original, "lift", 20, expected, 20, &expected_count) == NB_OK &&
                  got_count == expected_count && got_count > 0,
              "search from memory: %zu results, %zu from the file", got_count, expected_count);
        for (size_t i = 0; i < got_count && i < expected_count; i++)
            CHECK(got[i].place == expected[i].place && got[i].field == expected[i].field, "search result %zu from memory", i);
        nb_radio_map map;
        if (nb_radio_map_info(original, &map, NULL, 0) == NB_OK)
            CHECK(nb_radio_map_info(m, &map, message, sizeof message) == NB_OK, "radio map from memory: %s", message);
        nb_close(m);
    }
    CHECK(memcmp(bytes, image, image_size) == 0, "the caller's bytes changed");
    free_unaligned(bytes);
}

/* nb_open_table, the first of the two steps of opening from memory: the arguments and the bytes
 * it refuses are refused as nb_open_memory refuses them without checksums, status and message
 * alike; the whole image, opened so and finished, answers as the mapped file does. */
static void test_open_table(const nb_bundle *original) {
    char table_message[1024], memory_message[1024];
    nb_bundle *table = NULL, *memory = NULL;
    CHECK(nb_open_table(NULL, image_size, "asset", &table, table_message, sizeof table_message, NULL) == NB_ERROR_ARGUMENT &&
              nb_open_memory(NULL, image_size, "asset", 0, &memory, memory_message, sizeof memory_message) ==
                  NB_ERROR_ARGUMENT &&
              table == NULL && strcmp(table_message, memory_message) == 0,
          "a NULL buffer: \"%s\", nb_open_memory says \"%s\"", table_message, memory_message);
    CHECK(nb_open_table(image, image_size, "asset", NULL, table_message, sizeof table_message, NULL) == NB_ERROR_ARGUMENT &&
              nb_open_memory(image, image_size, "asset", 0, NULL, memory_message, sizeof memory_message) ==
                  NB_ERROR_ARGUMENT &&
              strcmp(table_message, memory_message) == 0,
          "no place for the bundle: \"%s\", nb_open_memory says \"%s\"", table_message, memory_message);
    size_t cuts[] = {0, 1, HEADER_SIZE - 1, HEADER_SIZE, HEADER_SIZE + 1, 100, image_size / 2, image_size - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        uint8_t *cut = unaligned_copy(image, cuts[i]);
        table = memory = NULL;
        nb_status table_status = nb_open_table(cut, cuts[i], NULL, &table, table_message, sizeof table_message, NULL);
        nb_status memory_status = nb_open_memory(cut, cuts[i], NULL, 0, &memory, memory_message, sizeof memory_message);
        CHECK(table_status == NB_ERROR_FORMAT && table_status == memory_status && table == NULL && memory == NULL &&
                  strcmp(table_message, memory_message) == 0,
              "%zu bytes: %d \"%s\", nb_open_memory %d \"%s\"", cuts[i], table_status, table_message, memory_status,
              memory_message);
        free_unaligned(cut);
    }
    uint8_t *bytes = unaligned_copy(image, image_size);
    CHECK(nb_open_table(bytes, image_size, "asset", &table, table_message, sizeof table_message, NULL) == NB_OK && table,
          "%s", table_message);
    if (table) {
        CHECK(nb_section_count(table) == nb_section_count(original) &&
                  nb_section_checksum(table, 0) == original->sections[0].checksum,
              "the section table read in the first step");
        CHECK(nb_open_finish(table) == NB_OK, "%s", nb_last_error(table));
        CHECK(nb_node_count(table) == nb_node_count(original) && nb_place_count(table) == nb_place_count(original),
              "counts after nb_open_finish");
        nb_close(table);
    }
    free_unaligned(bytes);
}

/* CH00 damaged with its checksums forged: refused, or still answering safely. */
static void test_damaged_hierarchy(const nb_bundle *original) {
    char message[1024];
    uint8_t *copy = malloc(image_size);
    size_t index = table_index(original, "CH00");
    const section *ch = &original->sections[index];
    int refused = 0;
    for (int attempt = 0; attempt < 60; attempt++) {
        memcpy(copy, image, image_size);
        size_t word = 4 + next_random() % (ch->length / 4 - 4);
        copy[ch->offset + 4 * word + next_random() % 4] ^= (uint8_t)(1u << (next_random() % 8));
        reseal(copy, original, index, 1);
        nb_bundle *b = NULL;
        CHECK(nb_open(write_copy(copy, image_size, "hostile.navbundle"), 1, &b, message, sizeof message) == NB_OK,
              "forged checksum refused: %s", message);
        if (!b) continue;
        uint32_t distance, *nodes;
        size_t count;
        uint32_t pairs[3][2] = {{0, 1}, {5 % b->nodes, 50 % b->nodes}, {30 % b->nodes, 7 % b->nodes}};
        for (int p = 0; p < 3; p++) {
            nb_status status = nb_route(b, 0, pairs[p][0], pairs[p][1], &distance, &nodes, &count);
            if (status == NB_ERROR_FORMAT) {
                CHECK(strstr(nb_last_error(b), "CH00") != NULL, "hostile route: %s", nb_last_error(b));
                refused++;
                break;
            }
            CHECK(status == NB_OK, "hostile route: %s", nb_last_error(b));
            if (nodes) { CHECK(nodes[0] == pairs[p][0] && nodes[count - 1] == pairs[p][1], "hostile path ends"); free(nodes); }
        }
        nb_close(b);
    }
    CHECK(refused > 30, "only %d of 60 damaged hierarchies were caught", refused);
    free(copy);
}


/* ---- Customisable hierarchy (CCHT) ---- */

/* The specification's customisation and query written out plainly, as an oracle for the exact
 * metric and path: arcs found by scanning, infinite parts tested apart, every rank visited in
 * ascending order (those off both chains skipped), arcs unpacked recursively. */
typedef struct {
    uint32_t n, m;
    const uint8_t *rank, *first, *head;
    uint32_t *up, *down, *up_via, *down_via;
} plain_cch;

static uint32_t at32(const uint8_t *array, uint32_t i) { return rd32(array + 4 * (size_t)i); }

static uint32_t plain_arc(const plain_cch *c, uint32_t low, uint32_t high) {
    for (uint32_t a = at32(c->first, low); a < at32(c->first, low + 1); a++)
        if (at32(c->head, a) == high) return a;
    return NB_NONE;
}

static uint32_t plain_tail(const plain_cch *c, uint32_t arc) {
    uint32_t r = 0;
    while (at32(c->first, r + 1) <= arc) r++;
    return r;
}

/* `b`'s CCHT (checked valid) customised with `weights`, or the profile's PROF costs when NULL. */
static void plain_customise(const nb_bundle *b, uint32_t profile, const uint32_t *weights, plain_cch *c) {
    const uint8_t *w = section_bytes(b, find_section(b, "CCHT"));
    c->n = rd32(w + 4), c->m = rd32(w + 8);
    c->rank = w + 16, c->first = c->rank + 4 * (size_t)c->n, c->head = c->first + 4 * ((size_t)c->n + 1);
    size_t size = sizeof(uint32_t) * (c->m + 1);
    c->up = malloc(size), c->down = malloc(size), c->up_via = malloc(size), c->down_via = malloc(size);
    for (uint32_t a = 0; a < c->m; a++) c->up[a] = c->down[a] = c->up_via[a] = c->down_via[a] = NB_NONE;
    for (uint32_t tail = 0; tail < b->nodes; tail++)
        for (uint32_t i = rd32(b->first_out + 4 * tail); i < rd32(b->first_out + 4 * (tail + 1)); i++) {
            uint32_t head = rd32(b->arc_entries + 16 * (size_t)i), weight = weights ? weights[i] : cost_of(b, profile, i);
            int usable = 0;
            for (uint32_t p = 0; p < b->profiles; p++) usable |= cost_of(b, p, i) != NB_NONE;
            if (head == tail || !usable || weight == NB_NONE) continue;
            uint32_t from = at32(c->rank, tail), to = at32(c->rank, head);
            uint32_t a = from < to ? plain_arc(c, from, to) : plain_arc(c, to, from);
            if (from < to && weight < c->up[a]) c->up[a] = weight, c->up_via[a] = 0x80000000u + i;
            if (from > to && weight < c->down[a]) c->down[a] = weight, c->down_via[a] = 0x80000000u + i;
        }
    for (uint32_t v = 0; v < c->n; v++)
        for (uint32_t j = at32(c->first, v); j < at32(c->first, v + 1); j++)
            for (uint32_t k = j + 1; k < at32(c->first, v + 1); k++) {
                uint32_t t = plain_arc(c, at32(c->head, j), at32(c->head, k));
                if (c->down[j] != NB_NONE && c->up[k] != NB_NONE && (uint64_t)c->down[j] + c->up[k] < c->up[t])
                    c->up[t] = c->down[j] + c->up[k], c->up_via[t] = v;
                if (c->down[k] != NB_NONE && c->up[j] != NB_NONE && (uint64_t)c->down[k] + c->up[j] < c->down[t])
                    c->down[t] = c->down[k] + c->up[j], c->down_via[t] = v;
            }
}

static void plain_free(plain_cch *c) { free(c->up), free(c->down), free(c->up_via), free(c->down_via); }

static void plain_unpack(const plain_cch *c, uint32_t arc, int downward, uint32_t *arcs, int *count) {
    uint32_t via = downward ? c->down_via[arc] : c->up_via[arc];
    if (via & 0x80000000u) {
        arcs[(*count)++] = via & 0x7FFFFFFFu;
        return;
    }
    uint32_t to_low = plain_arc(c, via, plain_tail(c, arc)), to_high = plain_arc(c, via, at32(c->head, arc));
    if (downward) plain_unpack(c, to_high, 1, arcs, count), plain_unpack(c, to_low, 0, arcs, count);
    else plain_unpack(c, to_low, 1, arcs, count), plain_unpack(c, to_high, 0, arcs, count);
}

/* The ARCS arcs of the route, or -1 when there is none; its cost in `*best_out`. */
static int plain_route(const plain_cch *c, uint32_t source, uint32_t target, uint64_t *best_out, uint32_t *arcs) {
    static uint64_t f[2048], g[2048];
    static uint32_t f_parent[2048], g_parent[2048], climb[2048];
    static uint8_t on_f[2048], on_g[2048];
    for (uint32_t r = 0; r < c->n; r++) f[r] = g[r] = UINT64_MAX, on_f[r] = on_g[r] = 0;
    uint32_t s = at32(c->rank, source), t = at32(c->rank, target);
    for (uint32_t r = s;; r = at32(c->head, at32(c->first, r))) {
        on_f[r] = 1;
        if (at32(c->first, r) == at32(c->first, r + 1)) break;
    }
    for (uint32_t r = t;; r = at32(c->head, at32(c->first, r))) {
        on_g[r] = 1;
        if (at32(c->first, r) == at32(c->first, r + 1)) break;
    }
    f[s] = 0, g[t] = 0;
    uint64_t best = UINT64_MAX;
    uint32_t meeting = NB_NONE;
    for (uint32_t v = 0; v < c->n; v++) {
        if (on_f[v] && on_g[v] && f[v] != UINT64_MAX && g[v] != UINT64_MAX && f[v] + g[v] < best) best = f[v] + g[v], meeting = v;
        for (uint32_t a = at32(c->first, v); on_f[v] && f[v] < best && a < at32(c->first, v + 1); a++) {
            uint32_t head = at32(c->head, a);
            if (c->up[a] != NB_NONE && f[v] + c->up[a] < f[head]) f[head] = f[v] + c->up[a], f_parent[head] = a;
        }
        for (uint32_t a = at32(c->first, v); on_g[v] && g[v] < best && a < at32(c->first, v + 1); a++) {
            uint32_t head = at32(c->head, a);
            if (c->down[a] != NB_NONE && g[v] + c->down[a] < g[head]) g[head] = g[v] + c->down[a], g_parent[head] = a;
        }
    }
    *best_out = best;
    if (meeting == NB_NONE) return -1;
    int count = 0;
    uint32_t depth = 0;
    for (uint32_t r = meeting; r != s; r = plain_tail(c, f_parent[r])) climb[depth++] = f_parent[r];
    while (depth > 0) plain_unpack(c, climb[--depth], 0, arcs, &count);
    for (uint32_t r = meeting; r != t; r = plain_tail(c, g_parent[r])) plain_unpack(c, g_parent[r], 1, arcs, &count);
    return count;
}

/* Whether the reader's route under `metric` (NULL: the profile's own) is the plain query's. */
static int same_as_plain(nb_bundle *b, const plain_cch *c, uint32_t profile, const nb_metric *metric, uint32_t source,
                         uint32_t target, uint32_t *arcs) {
    uint64_t best;
    int count = plain_route(c, source, target, &best, arcs);
    nb_path path;
    nb_status status = metric ? nb_route_metric(b, metric, source, target, &path) : nb_route_path(b, profile, source, target, &path);
    CHECK(status == NB_OK, "route: %s", nb_last_error(b));
    int same = count < 0 ? path.nodes == NULL && path.duration == UINT64_MAX
                         : path.duration == best && path.arc_count == (size_t)count &&
                               memcmp(path.arcs, arcs, sizeof(uint32_t) * (size_t)count) == 0;
    nb_path_free(&path);
    return same;
}

/* Every profile's metric, arc by arc, and every route, arc by arc, against the plain rendering. */
static void test_cch_reference(nb_bundle *b) {
    if (b->nodes > 2048 || !has_cch(b)) return;
    uint32_t *arcs = malloc(sizeof(uint32_t) * (b->arcs + 1));
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        nb_path path;
        CHECK(nb_route_path(b, profile, 0, 0, &path) == NB_OK && path.node_count == 1 && path.duration == 0,
              "a route to itself: %s", nb_last_error(b));
        nb_path_free(&path);
        plain_cch c;
        plain_customise(b, profile, NULL, &c);
        const cch_weight *w = b->cch.metrics[profile]->arcs;
        size_t differ = 0, finite = 0, triangles = 0;
        for (uint32_t a = 0; a < c.m; a++) {
            differ += w[a].up != c.up[a] || w[a].down != c.down[a] || w[a].up_via != c.up_via[a] || w[a].down_via != c.down_via[a];
            finite += (w[a].up != NB_NONE) + (w[a].down != NB_NONE);
            triangles += (w[a].up_via < ORIGINAL_ARC) + (w[a].down_via < ORIGINAL_ARC);
        }
        CHECK(differ == 0, "profile %u: %zu of %u arcs customised unlike the specification", profile, differ, c.m);
        CHECK(finite > c.m / 2 && triangles > 0, "profile %u: %zu finite weights, %zu through triangles", profile, finite, triangles);
        differ = 0;
        for (uint32_t source = 0; source < b->nodes; source++)
            for (uint32_t target = 0; target < b->nodes; target++)
                if (!same_as_plain(b, &c, profile, NULL, source, target, arcs) && differ++ < 3)
                    CHECK(0, "profile %u %u->%u: not the reference query's path", profile, source, target);
        CHECK(differ == 0, "profile %u: %zu paths differ from the reference query's", profile, differ);
        plain_free(&c);
    }
    free(arcs);
}

/* Whether `arc` is among the route's arcs. */
static int path_takes(const nb_path *path, uint32_t arc) {
    for (size_t i = 0; i < path->arc_count; i++)
        if (path->arcs[i] == arc) return 1;
    return 0;
}

/* Metrics made from the caller's weights: the profile's own costs give the profile's own metric;
 * an arc closed or slowed down changes routes as Dijkstra on those weights says, by the exact
 * query; closing every way out of a node removes its routes. */
static void test_custom_weights(nb_bundle *b) {
    nb_metric *metric = (nb_metric *)1;
    if (!has_cch(b)) {
        CHECK(nb_customise(b, 0, NULL, 0, &metric) == NB_ERROR_UNAVAILABLE && metric == NULL && strstr(nb_last_error(b), "CCHT"),
              "customising without CCHT: %s", nb_last_error(b));
        return;
    }
    uint32_t arc_count = nb_arc_count(b), *weights = malloc(sizeof(uint32_t) * arc_count);
    uint32_t *arcs = malloc(sizeof(uint32_t) * (arc_count + 1));
    uint64_t *best = malloc(sizeof(uint64_t) * b->nodes);
    nb_path path, other;
    CHECK(arc_count == b->arcs, "nb_arc_count %u", arc_count);
    CHECK(nb_profile_costs(b, b->profiles, weights, arc_count) == NB_ERROR_ARGUMENT, "costs of a profile out of range");
    CHECK(nb_profile_costs(b, 0, weights, arc_count - 1) == NB_ERROR_ARGUMENT, "costs without room");
    CHECK(nb_customise(b, b->profiles, NULL, 0, &metric) == NB_ERROR_ARGUMENT && metric == NULL, "a profile out of range");
    CHECK(nb_profile_costs(b, 0, weights, arc_count) == NB_OK, "costs: %s", nb_last_error(b));
    CHECK(nb_customise(b, 0, weights, arc_count - 1, &metric) == NB_ERROR_ARGUMENT && metric == NULL, "too few weights");

    /* A profile's costs, given or not, make exactly the metric its routes use. */
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        CHECK(nb_profile_costs(b, profile, weights, arc_count) == NB_OK, "costs: %s", nb_last_error(b));
        for (uint32_t i = 0; i < arc_count; i++) CHECK(weights[i] == cost_of(b, profile, i), "cost of arc %u", i);
        CHECK(nb_route_path(b, profile, 0, 1, &path) == NB_OK, "route: %s", nb_last_error(b));
        nb_path_free(&path);
        for (int given = 0; given < 2; given++) {
            CHECK(nb_customise(b, profile, given ? weights : NULL, given ? arc_count : 0, &metric) == NB_OK, "customise: %s",
                  nb_last_error(b));
            CHECK(memcmp(metric->arcs, b->cch.metrics[profile]->arcs, sizeof(cch_weight) * b->cch.m) == 0,
                  "profile %u: its costs customise to another metric", profile);
            for (int i = 0; i < 100; i++) {
                uint32_t source = next_random() % b->nodes, target = next_random() % b->nodes;
                CHECK(nb_route_metric(b, metric, source, target, &path) == NB_OK, "route: %s", nb_last_error(b));
                CHECK(nb_route_path(b, profile, source, target, &other) == NB_OK, "route: %s", nb_last_error(b));
                CHECK(path.duration == other.duration && path.length == other.length && path.arc_count == other.arc_count &&
                          (path.arc_count == 0 || memcmp(path.arcs, other.arcs, sizeof(uint32_t) * path.arc_count) == 0),
                      "profile %u %u->%u: its metric routes otherwise", profile, source, target);
                nb_path_free(&path), nb_path_free(&other);
            }
            nb_metric_free(metric);
        }
        /* The earlier spelling, kept for programs built against it, makes the same metric. */
        CHECK(nb_customize(b, profile, NULL, 0, &metric) == NB_OK, "nb_customize: %s", nb_last_error(b));
        CHECK(memcmp(metric->arcs, b->cch.metrics[profile]->arcs, sizeof(cch_weight) * b->cch.m) == 0,
              "profile %u: nb_customize made another metric", profile);
        nb_metric_free(metric);
    }

    /* One arc of a route closed or slowed down: the route avoids it or costs more, always what
     * Dijkstra finds on the changed weights, by the path of the plain query. */
    int changed = 0, removed = 0, slowed = 0;
    for (int round = 0; round < 240; round++) {
        uint32_t profile = next_random() % b->profiles, source = next_random() % b->nodes, target = next_random() % b->nodes;
        CHECK(nb_route_path(b, profile, source, target, &path) == NB_OK, "route: %s", nb_last_error(b));
        if (path.arc_count == 0) {
            nb_path_free(&path);
            continue;
        }
        nb_profile_costs(b, profile, weights, arc_count);
        uint32_t closed = path.arcs[next_random() % path.arc_count];
        int slow = round % 3 == 0;
        weights[closed] = slow ? weights[closed] * 20 + 100000 : NB_NONE;
        CHECK(nb_customise(b, profile, weights, arc_count, &metric) == NB_OK, "customise: %s", nb_last_error(b));
        CHECK(nb_route_metric(b, metric, source, target, &other) == NB_OK, "route: %s", nb_last_error(b));
        dijkstra_weights(b, profile, weights, source, best);
        if (best[target] == NB_NONE) {
            CHECK(other.nodes == NULL && other.duration == UINT64_MAX, "%u->%u: a route through a closed arc", source, target);
            removed++;
        } else {
            CHECK(other.duration == best[target], "%u->%u: %llu, Dijkstra %llu with the arc %s", source, target,
                  (unsigned long long)other.duration, (unsigned long long)best[target], slow ? "slowed" : "closed");
            CHECK(slow || !path_takes(&other, closed), "%u->%u: the route takes closed arc %u", source, target, closed);
            uint64_t total = 0;
            for (size_t i = 0; i < other.arc_count; i++) total += weights[other.arcs[i]];
            CHECK(other.nodes && other.nodes[0] == source && other.nodes[other.node_count - 1] == target && total == other.duration,
                  "%u->%u: the route does not cost its duration in the given weights", source, target);
            changed += other.duration > path.duration || !path_takes(&other, closed);
            slowed += slow && other.duration > path.duration;
        }
        plain_cch c;
        plain_customise(b, profile, weights, &c);
        CHECK(same_as_plain(b, &c, profile, metric, source, target, arcs), "%u->%u: not the reference query's path", source, target);
        plain_free(&c);
        nb_path_free(&path), nb_path_free(&other);
        nb_metric_free(metric);
    }
    CHECK(changed > 100 && removed > 0 && slowed > 0, "%d routes changed, %d removed, %d slowed", changed, removed, slowed);

    /* Every arc out of a node closed: nothing is reachable from it but itself. */
    uint32_t source = 0;
    while (source + 1 < b->nodes && rd32(b->first_out + 4 * source) == rd32(b->first_out + 4 * (source + 1))) source++;
    nb_profile_costs(b, 0, weights, arc_count);
    for (uint32_t a = rd32(b->first_out + 4 * source); a < rd32(b->first_out + 4 * (source + 1)); a++) weights[a] = NB_NONE;
    CHECK(nb_customise(b, 0, weights, arc_count, &metric) == NB_OK, "customise: %s", nb_last_error(b));
    for (uint32_t target = 0; target < b->nodes; target++) {
        CHECK(nb_route_metric(b, metric, source, target, &path) == NB_OK, "route: %s", nb_last_error(b));
        CHECK(target == source ? path.node_count == 1 && path.duration == 0 : path.nodes == NULL && path.duration == UINT64_MAX,
              "%u->%u with every arc out of %u closed", source, target, source);
        nb_path_free(&path);
    }
    /* The caller's array may change once the metric is made. */
    memset(weights, 0, sizeof(uint32_t) * arc_count);
    CHECK(nb_route_metric(b, metric, source, (source + 1) % b->nodes, &path) == NB_OK && path.nodes == NULL, "weights copied");
    nb_path_free(&path);
    CHECK(nb_route_metric(b, metric, source, b->nodes, &path) == NB_ERROR_ARGUMENT && path.nodes == NULL, "a node out of range");
    CHECK(nb_route_metric(b, NULL, source, 0, &path) == NB_ERROR_ARGUMENT, "no metric");
    char message[1024];
    nb_bundle *again = NULL;
    CHECK(nb_open(b->path, 0, &again, message, sizeof message) == NB_OK, "reopening: %s", message);
    if (again) {
        CHECK(nb_route_metric(again, metric, source, 0, &path) == NB_ERROR_ARGUMENT && strstr(nb_last_error(again), "another bundle"),
              "a metric of another bundle: %s", nb_last_error(again));
        nb_close(again);
    }
    nb_metric_free(metric);
    nb_metric_free(NULL);
    free(weights), free(arcs), free(best);
}

/* Whether `path` holds exactly the nodes, arcs, duration and length of `legs` joined. */
static int joins(const nb_path *path, const nb_path *legs, size_t count, const size_t *starts, const uint64_t *durations) {
    size_t node = 0, arc = 0;
    uint64_t duration = 0, length = 0;
    for (size_t i = 0; i < count; i++) {
        if (legs[i].nodes == NULL || starts[i] != (node == 0 ? 0 : node - 1) || durations[i] != legs[i].duration) return 0;
        for (size_t k = node == 0 ? 0 : 1; k < legs[i].node_count; k++)
            if (node >= path->node_count || path->nodes[node++] != legs[i].nodes[k]) return 0;
        for (size_t k = 0; k < legs[i].arc_count; k++)
            if (arc >= path->arc_count || path->arcs[arc++] != legs[i].arcs[k]) return 0;
        duration += legs[i].duration, length += legs[i].length;
    }
    return node == path->node_count && arc == path->arc_count && duration == path->duration && length == path->length;
}

/* A route through stops is its legs' routes joined (docs/endpoints.md, "Via points"), under a
 * metric too; a round trip comes back; an unreachable leg makes it unreachable; a leg's view of
 * the joined path has the maneuvers of the leg routed alone. */
static void test_via_points(nb_bundle *b) {
    nb_path path, legs[3];
    size_t starts[3];
    uint64_t durations[3];
    uint32_t stops[4] = {0, 1, 2, 0};
    CHECK(nb_route_via(b, 0, stops, 1, &path, starts, durations) == NB_ERROR_ARGUMENT && path.nodes == NULL
              && strstr(nb_last_error(b), "two stops"), "one stop: %s", nb_last_error(b));
    stops[1] = b->nodes;
    CHECK(nb_route_via(b, 0, stops, 3, &path, NULL, NULL) == NB_ERROR_ARGUMENT && path.nodes == NULL
              && path.duration == UINT64_MAX, "a stop out of range: %s", nb_last_error(b));
    int compared = 0, unreachable = 0;
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        nb_metric *metric = NULL;
        if (has_cch(b)) CHECK(nb_customise(b, profile, NULL, 0, &metric) == NB_OK, "customise: %s", nb_last_error(b));
        for (int round = 0; round < 150; round++) {
            size_t count = 3 + (size_t)(round % 2); /* odd rounds come back: a round trip */
            for (size_t i = 0; i < 3; i++) stops[i] = next_random() % b->nodes;
            if (round % 5 == 0) stops[1] = stops[0]; /* a via on the start: an empty leg */
            stops[3] = stops[0];
            int reachable = 1;
            for (size_t i = 0; i + 1 < count; i++) {
                CHECK(nb_route_path(b, profile, stops[i], stops[i + 1], &legs[i]) == NB_OK, "leg: %s", nb_last_error(b));
                reachable &= legs[i].nodes != NULL;
            }
            CHECK(nb_route_via(b, profile, stops, count, &path, starts, durations) == NB_OK, "via: %s", nb_last_error(b));
            if (reachable) {
                compared++;
                CHECK(joins(&path, legs, count - 1, starts, durations), "profile %u round %d: not the legs joined", profile, round);
                if (count == 4) CHECK(path.nodes[0] == path.nodes[path.node_count - 1], "a round trip ends elsewhere");
                /* The second leg as a view of the joined path: to the third leg's start, or the end. */
                size_t end = count == 4 ? starts[2] : path.node_count - 1;
                nb_path view = {.duration = durations[1], .nodes = path.nodes + starts[1], .arcs = path.arcs + starts[1],
                                .node_count = end - starts[1] + 1, .arc_count = end - starts[1]};
                nb_maneuver *alone = NULL, *viewed = NULL;
                size_t alone_count = 0, viewed_count = 0;
                if (nb_has_section(b, "GARC")) {
                    CHECK(nb_route_maneuvers(b, profile, &legs[1], NULL, &alone, &alone_count) == NB_OK
                              && nb_route_maneuvers(b, profile, &view, NULL, &viewed, &viewed_count) == NB_OK,
                          "maneuvers: %s", nb_last_error(b));
                    CHECK(alone_count == viewed_count
                              && (alone_count == 0 || memcmp(alone, viewed, alone_count * sizeof *alone) == 0),
                          "profile %u round %d: a leg's view has other maneuvers", profile, round);
                    free(alone), free(viewed);
                }
            } else {
                unreachable++;
                CHECK(path.nodes == NULL && path.node_count == 0 && path.duration == UINT64_MAX, "an unreachable leg is routed");
            }
            if (metric) {
                nb_path other;
                CHECK(nb_route_metric_via(b, metric, stops, count, &other, NULL, NULL) == NB_OK, "via: %s", nb_last_error(b));
                CHECK(other.duration == path.duration && other.node_count == path.node_count
                          && (path.node_count == 0 || memcmp(other.nodes, path.nodes, path.node_count * sizeof(uint32_t)) == 0),
                      "profile %u round %d: the profile's metric routes the stops otherwise", profile, round);
                nb_path_free(&other);
            }
            for (size_t i = 0; i + 1 < count; i++) nb_path_free(&legs[i]);
            nb_path_free(&path);
        }
        nb_metric_free(metric);
    }
    CHECK(compared > 0, "no reachable stops to compare (%d unreachable)", unreachable);
}

/* The nearest places of a kind (docs/nearest.md) are those a full route to every candidate finds,
 * ranked by time, then node, then place, by the search or by its fallback to a route to each
 * (few admitted places, as the lists of `among` give); the metric of the profile's own costs
 * finds the same; each path is the route to the place's node, of the time and length reported. */
typedef struct {
    uint32_t place, node;
    uint64_t duration;
} ranked_place;

static int compare_ranked_place(const void *x, const void *y) {
    const ranked_place *a = x, *c = y;
    if (a->duration != c->duration) return a->duration < c->duration ? -1 : 1;
    if (a->node != c->node) return a->node < c->node ? -1 : 1;
    return a->place < c->place ? -1 : a->place > c->place;
}

static void test_nearest(nb_bundle *b) {
    enum { LIMIT = 3 };
    uint32_t places = nb_place_count(b), among[8];
    ranked_place *expected = malloc(sizeof *expected * (places ? places : 1));
    uint8_t *admitted = malloc(places ? places : 1);
    CHECK(expected && admitted, "out of memory");
    int compared = 0, found_any = 0;
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        nb_metric *metric = NULL;
        if (has_cch(b)) CHECK(nb_customise(b, profile, NULL, 0, &metric) == NB_OK, "customise: %s", nb_last_error(b));
        for (int round = 0; round < 60; round++) {
            uint32_t origin = next_random() % b->nodes;
            nb_place_filter filter = {0};
            int kind = round % 4;
            if (kind == 1) filter.category = "toilet";
            if (kind == 2) filter.min_capacity = 8;
            if (kind == 3) {
                filter.among = among, filter.among_count = 1 + next_random() % 8;
                for (size_t i = 0; i < filter.among_count; i++) among[i] = next_random() % places;
            }
            /* Which places the filter admits, decided here from the records. */
            memset(admitted, kind == 3 ? 0 : 1, places);
            for (size_t i = 0; kind == 3 && i < filter.among_count; i++) admitted[among[i]] = 1;
            size_t candidates = 0;
            for (uint32_t p = 0; p < places; p++) {
                nb_place info;
                CHECK(nb_place_info(b, p, &info) == NB_OK, "place: %s", nb_last_error(b));
                if (kind == 1)
                    admitted[p] = info.category.text && info.category.length >= 6
                                  && memcmp(info.category.text, "toilet", 6) == 0;
                if (kind == 2) admitted[p] = info.capacity >= 8;
                uint32_t node;
                CHECK(nb_place_node(b, profile, p, &node) == NB_OK, "place node: %s", nb_last_error(b));
                if (!admitted[p] || node == NB_NONE) continue;
                nb_path route;
                CHECK(nb_route_path(b, profile, origin, node, &route) == NB_OK, "route: %s", nb_last_error(b));
                if (route.nodes) expected[candidates++] = (ranked_place){p, node, route.duration};
                nb_path_free(&route);
            }
            qsort(expected, candidates, sizeof *expected, compare_ranked_place);
            nb_nearby found[LIMIT], again[LIMIT];
            nb_path paths[LIMIT];
            size_t count, count_again;
            CHECK(nb_nearest(b, profile, origin, &filter, LIMIT, found, paths, &count) == NB_OK, "nearest: %s", nb_last_error(b));
            CHECK(count == (candidates < LIMIT ? candidates : LIMIT), "profile %u from %u: %zu found, %zu reachable",
                  profile, origin, count, candidates);
            for (size_t i = 0; i < count; i++) {
                CHECK(found[i].place == expected[i].place && found[i].duration == expected[i].duration
                          && found[i].node == expected[i].node,
                      "profile %u from %u, answer %zu: place %u in %llu ms, a route to each finds place %u in %llu ms",
                      profile, origin, i, found[i].place, (unsigned long long)found[i].duration, expected[i].place,
                      (unsigned long long)expected[i].duration);
                nb_path route;
                CHECK(nb_route_path(b, profile, origin, found[i].node, &route) == NB_OK, "route: %s", nb_last_error(b));
                CHECK(paths[i].nodes && paths[i].node_count == route.node_count
                          && memcmp(paths[i].nodes, route.nodes, route.node_count * sizeof *route.nodes) == 0
                          && paths[i].duration == found[i].duration && paths[i].length == found[i].length
                          && route.length == found[i].length,
                      "answer %zu's path is not the route to its place", i);
                nb_path_free(&route);
            }
            if (metric) {
                CHECK(nb_nearest_metric(b, metric, origin, &filter, LIMIT, again, NULL, &count_again) == NB_OK,
                      "nearest on a metric: %s", nb_last_error(b));
                CHECK(count_again == count && (count == 0 || memcmp(again, found, count * sizeof *found) == 0),
                      "profile %u from %u: the profile's own metric finds other places", profile, origin);
            }
            for (size_t i = 0; i < LIMIT; i++) nb_path_free(&paths[i]);
            compared++;
            found_any += count > 0;
        }
        nb_metric_free(metric);
    }
    CHECK(found_any > compared / 4, "only %d of %d searches found a place", found_any, compared);
    /* Refusals: a text of nothing, a level that is not, a place or node out of range. */
    nb_nearby found[LIMIT];
    size_t count = 1;
    nb_place_filter blank = {.category = "  "}, nowhere = {.levels = "Mars"}, missing = {.among = among, .among_count = 1};
    among[0] = places;
    CHECK(nb_nearest(b, 0, 0, &blank, LIMIT, found, NULL, &count) == NB_ERROR_ARGUMENT && count == 0
              && strstr(nb_last_error(b), "folds to nothing"), "a blank category: %s", nb_last_error(b));
    CHECK(nb_nearest(b, 0, 0, &nowhere, LIMIT, found, NULL, &count) == NB_ERROR_ARGUMENT
              && strstr(nb_last_error(b), "names no level"), "an unknown level: %s", nb_last_error(b));
    CHECK(nb_nearest(b, 0, 0, &missing, LIMIT, found, NULL, &count) == NB_ERROR_ARGUMENT, "a place out of range");
    CHECK(nb_nearest(b, 0, b->nodes, NULL, LIMIT, found, NULL, &count) == NB_ERROR_ARGUMENT, "a node out of range");
    CHECK(nb_nearest(b, b->profiles, 0, NULL, LIMIT, found, NULL, &count) == NB_ERROR_ARGUMENT, "a profile out of range");
    CHECK(nb_nearest(b, 0, 0, NULL, 0, NULL, NULL, &count) == NB_OK && count == 0, "a limit of none");
    /* An empty list admits no place. */
    nb_place_filter none = {.among = among, .among_count = 0};
    CHECK(nb_nearest(b, 0, 0, &none, LIMIT, found, NULL, &count) == NB_OK && count == 0, "an empty list admits a place");
    free(expected), free(admitted);
}

/* Updating a profile's metric in place for a few changed input arcs gives exactly the full
 * customisation of the changed weights, all four arrays, on many random change sets: closures,
 * slow-downs, costs lowered, arcs the profile may not use opened, and changes back to the cost
 * (an update always starts from the profile's own metric). nb_customise picks either way and
 * must give the same. */
static void test_incremental_customisation(nb_bundle *b) {
    if (!has_cch(b)) return;
    cch_index *x;
    CHECK(load_cch(b, &x) == NB_OK, "CCHT: %s", nb_last_error(b));
    uint32_t *weights = malloc(sizeof(uint32_t) * b->arcs), *changed = malloc(sizeof(uint32_t) * b->arcs);
    cch_weight *w = malloc(sizeof(cch_weight) * x->m);
    size_t rounds = 0, differ = 0, recomputed_all = 0;
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        const nb_metric *base = NULL; /* set by profile_metric; GCC at -O2 cannot see that */
        CHECK(profile_metric(b, x, profile, &base) == NB_OK, "profile %u: %s", profile, nb_last_error(b));
        for (int round = 0; round < 250; round++, rounds++) {
            nb_profile_costs(b, profile, weights, b->arcs);
            /* Mostly a few arcs, as conditions change them; sometimes up to one in eight. */
            size_t count = round % 10 == 9 ? 1 + next_random() % (b->arcs / 8) : 1 + next_random() % 24;
            for (size_t k = 0; k < count; k++) {
                uint32_t i = next_random() % b->arcs, kind = next_random() % 5, cost = weights[i];
                changed[k] = i;
                if (kind == 0) weights[i] = NB_NONE;
                else if (kind == 1 && cost != NB_NONE) weights[i] = cost * (1 + next_random() % 5) + next_random() % 3;
                else if (kind == 2 && cost != NB_NONE) weights[i] = cost / 2;
                else if (kind == 3 && cost == NB_NONE) weights[i] = 1 + next_random() % 60000;
                else weights[i] = cost_of(b, profile, i);
            }
            memcpy(w, base->arcs, sizeof(cch_weight) * x->m);
            CHECK(cch_update(b, x, weights, changed, count, w) == NB_OK, "update: %s", nb_last_error(b));
            nb_metric *full = NULL, *chosen = NULL;
            CHECK(customise(b, x, profile, weights, &full) == NB_OK, "customise: %s", nb_last_error(b));
            CHECK(nb_customise(b, profile, weights, b->arcs, &chosen) == NB_OK, "customise: %s", nb_last_error(b));
            if (full && chosen) {
                int same = memcmp(w, full->arcs, sizeof(cch_weight) * x->m) == 0;
                if (!same && differ++ < 3)
                    for (uint32_t a = 0; a < x->m; a++)
                        if (memcmp(&w[a], &full->arcs[a], sizeof *w) != 0) {
                            CHECK(0, "profile %u round %d: arc %u updated to %u/%u via %x/%x, in full %u/%u via %x/%x", profile,
                                  round, a, w[a].up, w[a].down, w[a].up_via, w[a].down_via, full->arcs[a].up,
                                  full->arcs[a].down, full->arcs[a].up_via, full->arcs[a].down_via);
                            break;
                        }
                CHECK(memcmp(chosen->arcs, full->arcs, sizeof(cch_weight) * x->m) == 0 &&
                          memcmp(chosen->weights, weights, sizeof(uint32_t) * b->arcs) == 0,
                      "profile %u round %d: nb_customise differs from a full customisation", profile, round);
                recomputed_all += memcmp(base->arcs, full->arcs, sizeof(cch_weight) * x->m) != 0;
            }
            nb_metric_free(full), nb_metric_free(chosen);
        }
    }
    CHECK(differ == 0, "%zu of %zu updated metrics differ from a full customisation", differ, rounds);
    CHECK(recomputed_all > rounds / 2, "only %zu of %zu change sets changed the metric", recomputed_all, rounds);
    printf("incremental customisation: %zu change sets, each as a full customisation\n", rounds);
    free(weights), free(changed), free(w);
}

/* Routes every profile between a few pairs; any route found must be a shortest one, since a
 * damaged topology that passes every check is still a chordal hierarchy of every usable arc. */
static uint64_t cch_expected[4][8];
static const uint32_t cch_pairs[4][2] = {{0, 1}, {5, 50}, {30, 7}, {100, 3}};

static nb_status use_cch(nb_bundle *b) {
    for (uint32_t profile = 0; profile < b->profiles && profile < 8; profile++)
        for (int p = 0; p < 4; p++) {
            uint32_t source = cch_pairs[p][0] % b->nodes, target = cch_pairs[p][1] % b->nodes;
            nb_path path;
            nb_status status = nb_route_path(b, profile, source, target, &path);
            if (status != NB_OK) return nb_path_free(&path), status;
            CHECK(path.duration == cch_expected[p][profile] &&
                      (path.nodes == NULL || (path.nodes[0] == source && path.nodes[path.node_count - 1] == target)),
                  "a damaged CCHT routes %u->%u at %llu, Dijkstra %llu", source, target, (unsigned long long)path.duration,
                  (unsigned long long)cch_expected[p][profile]);
            nb_path_free(&path);
        }
    nb_metric *metric;
    nb_status status = nb_customise(b, 0, NULL, 0, &metric);
    nb_metric_free(metric);
    return status;
}

/* A CCHT arc, the last of its rank (so that raising its head to the top rank keeps the heads
 * ascending), below the top rank, that some usable ARCS arc's slot names (`slotted`) or none
 * does but whose ends are both heads of a lower rank (so that the triangle needs it). */
static uint32_t arc_to_break(const cch_index *x, uint32_t arcs, int slotted) {
    for (uint32_t r = 0; r < x->n; r++) {
        uint32_t end = cch_first(x, r + 1);
        if (end == cch_first(x, r) || cch_head(x, end - 1) >= x->n - 1) continue;
        uint32_t a = end - 1, named = 0;
        for (uint32_t i = 0; i < arcs; i++) named |= x->slot[i] != NB_NONE && x->slot[i] >> 1 == a;
        if (slotted) {
            if (named) return a;
            continue;
        }
        if (named) continue;
        for (uint32_t v = 0; v < r; v++)
            if (cch_arc(x, v, r) != NB_NONE && cch_arc(x, v, cch_head(x, a)) != NB_NONE) return a;
    }
    return NB_NONE;
}

/* CCHT damaged, checksums forged (or skipped where the table changes): each damage refused with
 * its message naming the file and CCHT, by every call, never a crash; random damage refused or
 * still routing right. */
static void test_damaged_cch(nb_bundle *original) {
    char message[1024];
    uint8_t *copy = malloc(image_size);
    size_t index = table_index(original, "CCHT");
    const section *s = &original->sections[index];
    cch_index *x;
    CHECK(load_cch(original, &x) == NB_OK, "CCHT: %s", nb_last_error(original));
    uint64_t *best = malloc(sizeof(uint64_t) * original->nodes);
    for (uint32_t profile = 0; profile < original->profiles && profile < 8; profile++)
        for (int p = 0; p < 4; p++) {
            dijkstra(original, profile, cch_pairs[p][0] % original->nodes, best);
            uint64_t d = best[cch_pairs[p][1] % original->nodes];
            cch_expected[p][profile] = d == NB_NONE ? UINT64_MAX : d;
        }
    free(best);
    uint32_t n = x->n, m = x->m;
    size_t rank_at = 16, first_at = rank_at + 4 * (size_t)n, head_at = first_at + 4 * ((size_t)n + 1);
    uint32_t wide = 0, narrow = 0; /* a rank with two arcs or more, and one with at least one */
    while (wide < n && cch_first(x, wide + 1) - cch_first(x, wide) < 2) wide++;
    while (narrow < n && cch_first(x, narrow + 1) == cch_first(x, narrow)) narrow++;
    uint32_t slotted = arc_to_break(x, original->arcs, 1), fill = arc_to_break(x, original->arcs, 0);
    CHECK(wide < n && narrow < n && slotted != NB_NONE && fill != NB_NONE, "the demo's CCHT lacks the arcs to damage");
    if (wide >= n || narrow >= n || slotted == NB_NONE || fill == NB_NONE) {
        free(copy);
        return;
    }
    uint32_t wide_arc = cch_first(x, wide), narrow_arc = cch_first(x, narrow);
    struct { size_t at; uint32_t value; const char *expect; } damage[] = {
        {0, 0x31544344, "not a CCT1"},
        {4, n + 1, "nodes"},
        {8, m + 1, "do not fit"},
        {8, 0x7FFFFFF0, "do not fit"},
        {12, original->arcs + 1, "input arcs"},
        {rank_at + 4, cch_rank(x, 0), "not a permutation"},
        {rank_at, n, "not a permutation"},
        {first_at, 1, "offsets do not run"},
        {first_at + 4 * (size_t)n, m - 1, "offsets do not run"},
        {first_at + 4 * (size_t)(n / 2), 0xFFFF, "fall"},
        {head_at + 4 * (size_t)wide_arc, cch_head(x, wide_arc + 1), "ascend"},
        {head_at + 4 * (size_t)narrow_arc, narrow, "ascend"},
        {head_at + 4 * (size_t)narrow_arc, n, "ascend"},
        {head_at + 4 * (size_t)slotted, n - 1, "which the topology does not join"},
        {head_at + 4 * (size_t)fill, n - 1, "not chordal"},
    };
    for (size_t i = 0; i < sizeof damage / sizeof *damage; i++) {
        memcpy(copy, image, image_size);
        put32(copy + s->offset + damage[i].at, damage[i].value);
        reseal(copy, original, index, 1);
        nb_status status = use_damaged(copy, use_cch, 1, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, "hostile.navbundle") && strstr(message, "CCHT") &&
                  strstr(message, damage[i].expect),
              "CCHT damage %zu: %d %s", i, status, message);
    }
    /* Cut short in the table, checksums skipped (they would catch it): refused, nothing read past the end. */
    uint64_t lengths[] = {s->length - 4, 12, 0};
    const char *expect[] = {"do not fit", "not a CCT1", "not a CCT1"};
    for (int i = 0; i < 3; i++) {
        memcpy(copy, image, image_size);
        put64(copy + HEADER_SIZE + ENTRY_SIZE * index + 16, lengths[i]);
        nb_status status = use_damaged(copy, use_cch, 0, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, "CCHT") && strstr(message, expect[i]), "CCHT of %llu bytes: %d %s",
              (unsigned long long)lengths[i], status, message);
    }
    /* A later section version is a layout this reader does not know: no hierarchy at all. */
    memcpy(copy, image, image_size), put16(copy + HEADER_SIZE + ENTRY_SIZE * index + 4, 2), reseal(copy, original, SIZE_MAX, 1);
    CHECK(use_damaged(copy, use_cch, 1, message, sizeof message) == NB_ERROR_UNAVAILABLE, "CCHT version 2: %s", message);

    /* Random bits flipped, mostly in the header, ranks and offsets. */
    int refused = 0;
    for (int attempt = 0; attempt < 150; attempt++) {
        memcpy(copy, image, image_size);
        size_t span = attempt % 2 ? s->length : head_at;
        copy[s->offset + next_random() % span] ^= (uint8_t)(1u << (next_random() % 8));
        reseal(copy, original, index, 1);
        nb_status status = use_damaged(copy, use_cch, 0, message, sizeof message);
        CHECK(status == NB_OK || (status == NB_ERROR_FORMAT && strstr(message, "CCHT")), "CCHT fuzz: %d %s", status, message);
        refused += status == NB_ERROR_FORMAT;
    }
    CHECK(refused > 100, "only %d of 150 damaged CCHT were refused", refused);
    free(copy);
}

static const char *entries_of(const nb_conditions_error *e);

/* A route's answer line part: `DURATION NODES` or `none`. */
static void route_answer(const nb_path *path, char *got, size_t size) {
    size_t used = (size_t)snprintf(got, size, path->nodes ? "%llu" : "none", (unsigned long long)path->duration);
    for (size_t i = 0; i < path->node_count && used < size; i++) used += (size_t)snprintf(got + used, size - used, " %u", path->nodes[i]);
}

/* A route-conditions answer (readers/vectors/README.md). */
static void conditions_answer(nb_bundle *b, uint32_t profile, uint32_t source, uint32_t target, const char *json, char *got,
                              size_t size) {
    nb_metric *metric;
    nb_conditions_error error;
    nb_status status = nb_conditions_apply(b, profile, json, strlen(json), &metric, &error);
    if (status == NB_ERROR_CONDITIONS) {
        snprintf(got, size, "%s%s", error.kind == NB_CONDITIONS_INVALID ? "invalid" : error.kind == NB_CONDITIONS_AMBIGUOUS ? "ambiguous: " : "unmatched: ",
                 error.kind == NB_CONDITIONS_INVALID ? "" : entries_of(&error));
    } else {
        nb_path path = {0};
        CHECK(status == NB_OK && nb_route_metric(b, metric, source, target, &path) == NB_OK, "'%s': %s", json, nb_last_error(b));
        route_answer(&path, got, size);
        nb_path_free(&path);
        nb_metric_free(metric);
    }
    nb_conditions_error_free(&error);
}

/* An exit-conditions answer: `EXIT MS`, `none`, or the conditions' refusal. */
static void exit_answer(nb_bundle *b, uint32_t profile, uint32_t node, const char *json, char *got, size_t size) {
    nb_path path;
    nb_conditions_error error;
    nb_status status = nb_exit_conditions(b, profile, node, json, strlen(json), &path, &error);
    if (status == NB_ERROR_CONDITIONS)
        snprintf(got, size, "%s%s", error.kind == NB_CONDITIONS_INVALID ? "invalid" : error.kind == NB_CONDITIONS_AMBIGUOUS ? "ambiguous: " : "unmatched: ",
                 error.kind == NB_CONDITIONS_INVALID ? "" : entries_of(&error));
    else if (status != NB_OK) snprintf(got, size, "error: %s", nb_last_error(b));
    else if (!path.nodes) snprintf(got, size, "none");
    else snprintf(got, size, "%u %llu", path.nodes[path.node_count - 1], (unsigned long long)path.duration);
    nb_path_free(&path);
    nb_conditions_error_free(&error);
}

/* Every route, route under conditions and way out under conditions of the Swift reader's answers
 * to the shared queries, answered the same, byte for byte. */
static void test_swift_routes(nb_bundle *b, const char *answers) {
    FILE *file = fopen(answers, "rb");
    if (!file) { perror(answers); exit(2); }
    char *line = NULL, got[65536];
    size_t capacity = 0, routes = 0, conditioned = 0, ways_out = 0, differ = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, file)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[--length] = 0;
        char profile[64];
        unsigned source, target;
        int consumed = 0, conditions = strncmp(line, "route-conditions ", 17) == 0;
        /* The answer follows the last " => ": conditions may hold the arrow in a string. */
        char *arrow = NULL;
        for (char *at = strstr(line, " => "); at; at = strstr(at + 1, " => ")) arrow = at;
        if (!arrow) continue;
        *arrow = 0;
        const char *expected = arrow + 4;
        if (sscanf(line, "exit-conditions %63s %u %n", profile, &source, &consumed) == 2 && consumed > 0) {
            int index = nb_profile_index(b, profile);
            CHECK(index >= 0, "'%s': no profile", line);
            if (index >= 0) exit_answer(b, (uint32_t)index, source, line + consumed, got, sizeof got);
            ways_out++;
            if (strcmp(got, expected) != 0 && differ++ < 3) CHECK(0, "'%s': the C reader answers '%s', Swift '%s'", line, got, expected);
            continue;
        }
        if (sscanf(line, conditions ? "route-conditions %63s %u %u %n" : "route %63s %u %u%n", profile, &source, &target, &consumed) != 3 ||
            consumed == 0 || (!conditions && line[consumed] != 0))
            continue;
        int index = nb_profile_index(b, profile);
        CHECK(index >= 0, "'%s': no profile", line);
        if (index < 0) continue;
        if (conditions) {
            conditions_answer(b, (uint32_t)index, source, target, line + consumed, got, sizeof got);
            conditioned++;
        } else {
            nb_path path;
            CHECK(nb_route_path(b, (uint32_t)index, source, target, &path) == NB_OK, "'%s': %s", line, nb_last_error(b));
            route_answer(&path, got, sizeof got);
            nb_path_free(&path);
            routes++;
        }
        if (strcmp(got, expected) != 0 && differ++ < 3) CHECK(0, "'%s': the C reader answers '%s', Swift '%s'", line, got, expected);
    }
    free(line);
    fclose(file);
    CHECK(routes + conditioned + ways_out > 100 && differ == 0, "%zu of %zu routes and ways out differ from the Swift reader's (%s)", differ,
          routes + conditioned + ways_out, answers);
    printf("routes: %zu, and %zu under conditions, and %zu ways out under conditions, answered as the Swift reader does\n",
           routes, conditioned, ways_out);
}

/* ---- Format 1.2: endpoints, aliases, attachments, pieces (on the station bundle) ---- */

static int text_is(const char *text, size_t length, const char *expected) {
    return text != NULL && length == strlen(expected) && memcmp(text, expected, length) == 0;
}

static nb_endpoint resolve(nb_bundle *b, const char *text) {
    nb_endpoint e;
    nb_status status = nb_resolve_endpoint(b, text, &e);
    CHECK(status == NB_OK, "resolving '%s': %s", text, nb_last_error(b));
    return e;
}

static uint16_t place_level(const nb_bundle *b, uint32_t place) { return rd16(b->places + 64 * (size_t)place + 2); }

static const char *level_string(const nb_bundle *b, uint16_t level, int field, size_t *length) {
    return nb_string(b, rd32(b->levels + 24 * (size_t)level + 4 * (size_t)field), length);
}

static void test_endpoints(nb_bundle *b) {
    size_t length;
    nb_endpoint e = resolve(b, "Gleis 1");
    CHECK(e.kind == NB_ENDPOINT_PLACE, "Gleis 1 is no place");
    uint32_t platform = e.place;
    const char *name = nb_string(b, rd32(b->places + 64 * (size_t)platform + 12), &length);
    CHECK(text_is(name, length, "Platform 1"), "Gleis 1 resolves to another place");
    for (uint32_t p = 0; p < b->profiles; p++) {
        uint32_t node;
        int in_main;
        CHECK(nb_endpoint_node(b, &e, p, &node) == NB_OK && node != NB_NONE, "platform 1 has no node");
        CHECK(nb_in_main_piece(b, p, node, &in_main) == NB_OK && in_main, "platform 1 attaches outside the main pieces");
        CHECK(b->node_entries[16 * (size_t)node + 10] != 4, "platform 1 attaches to a connector landing");
    }
    nb_endpoint_free(&e);
    const char *same[] = {"platform 1", "TRACK 1", "1", "  gleis   1 ", "Bahnsteig 1", "n\xc3\xa1stupi\xc5\xa1t\xc4\x9b 1"};
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        e = resolve(b, same[i]);
        CHECK(e.kind == NB_ENDPOINT_PLACE && e.place == platform, "'%s' does not name platform 1", same[i]);
        nb_endpoint_free(&e);
    }
    uint32_t first, count, synonyms = 0;
    CHECK(nb_place_aliases(b, platform, &first, &count) == NB_OK && count > 0, "platform 1 has no aliases");
    for (uint32_t a = first; a < first + count; a++) {
        nb_alias alias;
        CHECK(nb_alias_info(b, a, &alias) == NB_OK, "alias %u", a);
        if (alias.kind == 3 && text_is(alias.text, alias.text_length, "Gleis 1") &&
            text_is(alias.language, alias.language_length, "de"))
            synonyms++;
    }
    CHECK(synonyms == 1, "platform 1 lacks the synonym 'Gleis 1' (de)");
    nb_match matches[20];
    size_t found;
    int alias_match = 0;
    CHECK(nb_search_prefix(b, "gleis 1", 20, matches, 20, &found) == NB_OK, "search gleis 1");
    for (size_t i = 0; i < found; i++) alias_match |= matches[i].place == platform && matches[i].field == NB_FIELD_ALIAS;
    CHECK(alias_match, "a search for 'gleis 1' does not find platform 1 by its alias");

    e = resolve(b, "Rossmann");
    CHECK(e.kind == NB_ENDPOINT_AMBIGUOUS && e.candidate_count == 3, "Rossmann is not ambiguous among 3");
    for (size_t i = 1; i < e.candidate_count; i++) CHECK(e.candidates[i - 1] < e.candidates[i], "candidates out of order");
    nb_endpoint_free(&e);
    const char *lower[] = {"Rossmann@-1", "rossmann@UG", "Rossmann@S@-1"};
    for (size_t i = 0; i < 3; i++) {
        e = resolve(b, lower[i]);
        CHECK(e.kind == NB_ENDPOINT_PLACE && rdf64(b->levels + 24 * (size_t)place_level(b, e.place) + 16) == -1,
              "'%s' is not the Rossmann on level -1", lower[i]);
        nb_endpoint_free(&e);
    }
    e = resolve(b, "Rossmann@Kiosk");
    const char *building = e.kind == NB_ENDPOINT_PLACE ? level_string(b, place_level(b, e.place), 3, &length) : NULL;
    CHECK(text_is(building, length, "Kiosk"), "Rossmann@Kiosk is not in the kiosk");
    nb_endpoint_free(&e);
    e = resolve(b, "Rossmann@EG");
    CHECK(e.kind == NB_ENDPOINT_AMBIGUOUS && e.candidate_count == 2, "Rossmann@EG names two places");
    nb_endpoint_free(&e);
    e = resolve(b, "Geldautomat@0");
    CHECK(e.kind == NB_ENDPOINT_AMBIGUOUS, "both cash machines are on level 0");
    nb_endpoint_free(&e);
    e = resolve(b, "node/4090296503");
    const char *source;
    CHECK(e.kind == NB_ENDPOINT_PLACE && nb_place_source(b, e.place, &source, &length) == NB_OK &&
          text_is(source, length, "node/4090296503"), "the cash machine by its OSM id");
    nb_endpoint_free(&e);
    e = resolve(b, "Reisezentrum@Kiosk");
    CHECK(e.kind == NB_ENDPOINT_ELSEWHERE && e.candidate_count == 1, "no travel centre in the kiosk");
    nb_endpoint_free(&e);
    e = resolve(b, "Rosmann");
    CHECK(e.kind == NB_ENDPOINT_UNKNOWN && e.candidate_count == 3, "Rosmann suggests the three shops");
    nb_endpoint_free(&e);
    struct { const char *text; int kind; } kinds[] = {
        {"", NB_ENDPOINT_EMPTY}, {"49.4036,8.6756", NB_ENDPOINT_NEEDS_LEVEL}, {"91,8@0", NB_ENDPOINT_BAD_COORDINATE},
        {"49.4036,8.6756@nowhere", NB_ENDPOINT_UNKNOWN_LEVEL}, {"49.4036, 8.6756@-1", NB_ENDPOINT_POSITION},
        {"zzzz", NB_ENDPOINT_UNKNOWN},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        e = resolve(b, kinds[i].text);
        CHECK(e.kind == kinds[i].kind, "'%s' resolves to kind %d, not %d", kinds[i].text, e.kind, kinds[i].kind);
        nb_endpoint_free(&e);
    }
    CHECK(nb_resolve_endpoint(b, "\xff", &e) == NB_ERROR_ARGUMENT, "text that is not UTF-8");
    nb_endpoint_free(&e);
}

/* nb_snap_profile against measuring every node of the level with and without the profile's bits. */
static void test_profile_snap(nb_bundle *b) {
    int fallbacks = 0;
    CHECK(load_snap(b) == NB_OK, "SNAP");
    for (int round = 0; round < 400; round++) {
        uint32_t level = next_random() % b->level_count, profile = next_random() % b->profiles;
        uint32_t any = next_random() % b->nodes;
        int32_t lat0, lon0;
        uint32_t level0;
        nb_node_info(b, any, &lat0, &lon0, &level0);
        double latitude = lat0 / 1e7 + uniform(-0.0004, 0.0004), longitude = lon0 / 1e7 + uniform(-0.0004, 0.0004);
        const uint8_t *bits;
        CHECK(load_pieces(b, profile, &bits) == NB_OK, "PIEC");
        int64_t lat = to_units(latitude), lon = to_units(longitude);
        uint32_t best[2] = {NB_NONE, NB_NONE};
        double d[2] = {0, 0};
        for (uint32_t v = 0; v < b->nodes; v++) {
            const uint8_t *n = b->node_entries + 16 * (size_t)v;
            if (rd16(n + 8) != level) continue;
            double d2 = squared_distance(lat - (int32_t)rd32(n), lon - (int32_t)rd32(n + 4), b->snap.scale);
            int in_main = bits == NULL || (rd32(bits + 4 * (size_t)(v >> 5)) >> (v & 31) & 1);
            for (int k = 0; k < 2; k++)
                if ((k == 1 || in_main) && (best[k] == NB_NONE || d2 < d[k])) best[k] = v, d[k] = d2;
        }
        uint32_t node;
        double metres;
        int fallback;
        CHECK(nb_snap_profile(b, profile, latitude, longitude, level, &node, &metres, &fallback) == NB_OK, "snap");
        uint32_t expected = best[0] != NB_NONE ? best[0] : best[1];
        CHECK(node == expected && fallback == (best[0] == NB_NONE && best[1] != NB_NONE),
              "profile snap on level %u gives %u (fallback %d), a scan %u", level, node, fallback, expected);
        fallbacks += fallback;
    }
    printf("profile snaps: %d of 400 fell back\n", fallbacks);
}

static nb_status use_places(nb_bundle *b) {
    nb_match results[50];
    size_t count;
    nb_status status = nb_search_prefix(b, "gleis", 50, results, 50, &count);
    for (uint32_t p = 0; p < b->place_count && status == NB_OK; p++) {
        const char *text;
        size_t length;
        uint32_t first, alias_count, node;
        if ((status = nb_place_source(b, p, &text, &length)) != NB_OK) break;
        if ((status = nb_place_aliases(b, p, &first, &alias_count)) != NB_OK) break;
        for (uint32_t a = first; a < first + alias_count && status == NB_OK; a++) {
            nb_alias alias;
            status = nb_alias_info(b, a, &alias);
        }
        for (uint32_t profile = 0; profile < b->profiles && status == NB_OK; profile++) {
            if ((status = nb_place_node(b, profile, p, &node)) != NB_OK) break;
            CHECK(node == NB_NONE || node < b->nodes, "an attached node out of range");
            uint32_t snapped;
            double metres;
            int fallback;
            status = nb_snap_profile(b, profile, 49.4036, 8.6757, p % b->level_count, &snapped, &metres, &fallback);
        }
    }
    const char *texts[] = {"Gleis 1", "Rossmann@-1", "node/4090296503", "Rosmann", "49.4036,8.6756@0"};
    for (size_t i = 0; i < 5 && status == NB_OK; i++) {
        nb_endpoint e;
        status = nb_resolve_endpoint(b, texts[i], &e);
        uint32_t node;
        if (status == NB_OK && (e.kind == NB_ENDPOINT_PLACE || e.kind == NB_ENDPOINT_POSITION))
            status = nb_endpoint_node(b, &e, 0, &node);
        nb_endpoint_free(&e);
    }
    return status;
}

/* The station's 1.2 sections damaged, checksums forged: each refused by the call that needs it. */
static void test_damaged_places(const nb_bundle *original) {
    char message[1024];
    uint8_t *copy = malloc(image_size);
    const section *alia = &original->sections[table_index(original, "ALIA")];
    const section *atch = &original->sections[table_index(original, "ATCH")];
    const section *piec = &original->sections[table_index(original, "PIEC")];
    const section *psrc = &original->sections[table_index(original, "PSRC")];
    uint32_t places = original->place_count, aliases = rd32(image + alia->offset + 4);
    uint64_t alias_keys = alia->offset + 16 + 4 * ((uint64_t)places + 1) + 12 * (uint64_t)aliases;
    struct { const section *s; uint64_t at; int width; uint64_t value; const char *expect; } damage[] = {
        {alia, alia->offset, 4, places + 1, "places"},
        {alia, alia->offset + 4, 4, 0x0FFFFFFF, "do not fit"},
        {alia, alia->offset + 16 + 4, 4, 0xFFFF, "fall"},
        {alia, alias_keys + 6, 1, 3, "field"},
        {alia, alias_keys + 8, 4, places, "names place"},
        {alia, alias_keys + 12, 0, 0, "not sorted"},
        {alia, alias_keys - 12, 4, 0xFFFFFFFE, "names string"},
        {atch, atch->offset, 4, 9, "profiles"},
        {atch, atch->offset + 8, 4, original->nodes + 3, "names node"},
        {piec, piec->offset + 4, 4, 1, "nodes"},
        {piec, piec->offset + 8, 4, 0, "counts"},
        {piec, piec->offset + 8 + 8, 4, 0, "bits"},
        {piec, piec->offset + 8 + 16 * (uint64_t)original->profiles + 4 * ((uint64_t)(original->nodes + 31) / 32 - 1), 4,
         0xFFFFFFFF, "past"},
        {psrc, psrc->offset, 4, places - 1, "sources"},
        {psrc, psrc->offset + 8, 4, original->strings, "string"},
    };
    for (size_t i = 0; i < sizeof damage / sizeof *damage; i++) {
        memcpy(copy, image, image_size);
        if (damage[i].width == 1) copy[damage[i].at] = (uint8_t)damage[i].value;
        else if (damage[i].width == 4) put32(copy + damage[i].at, (uint32_t)damage[i].value);
        else memcpy(copy + damage[i].at, copy + damage[i].at - 12, 12); /* a key repeated */
        reseal(copy, original, table_index(original, damage[i].s->tag), 1);
        nb_status status = use_damaged(copy, use_places, 1, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, damage[i].s->tag) && strstr(message, damage[i].expect),
              "%s damage %zu: status %d, %s", damage[i].s->tag, i, status, message);
    }
    /* Random bytes in each section: refused or harmless, never a crash or a read outside. */
    const section *targets[] = {alia, atch, piec, psrc};
    for (int t = 0; t < 4; t++) {
        for (int round = 0; round < 150; round++) {
            memcpy(copy, image, image_size);
            for (int k = 0; k < 3; k++) copy[targets[t]->offset + next_random() % targets[t]->length] = (uint8_t)next_random();
            reseal(copy, original, table_index(original, targets[t]->tag), 1);
            use_damaged(copy, use_places, 0, message, sizeof message);
        }
    }
    free(copy);
}

/* ---- Instruction languages (GTXT) ---- */

/* The demo bundle carries every language navforge has, in code order; a damaged GTXT refuses the
 * bundle when it opens, naming the section, as the Swift reader does. */
static void test_guidance_languages(nb_bundle *original) {
    if (find_section(original, "GTXT") == NULL) {
        CHECK(nb_guidance_language_count(original) == 0, "languages without GTXT");
        return;
    }
    static const char *const codes[] = {"de", "en", "es", "fr"};
    CHECK(nb_guidance_language_count(original) == 4, "%u guidance languages", nb_guidance_language_count(original));
    for (uint32_t i = 0; i < 4; i++) {
        nb_text code, endonym;
        CHECK(nb_guidance_language(original, i, &code, &endonym) == NB_OK && code.length == 2 &&
                  memcmp(code.text, codes[i], 2) == 0 && endonym.length > 0,
              "guidance language %u", i);
    }
    nb_text code, endonym;
    CHECK(nb_guidance_language(original, 4, &code, &endonym) == NB_ERROR_ARGUMENT && code.text == NULL,
          "a language past the last is not refused");

    char message[1024];
    uint8_t *copy = malloc(image_size);
    size_t index = table_index(original, "GTXT");
    const section *s = &original->sections[index];
    const uint8_t *p = image + s->offset;
    uint64_t languages = rd32(p), keys = rd32(p + 4), strings = rd32(p + 8);
    uint64_t language_at = s->offset + gtxt_languages_at(keys), values_at = s->offset + gtxt_values_at(languages, keys);
    uint64_t offsets_at = s->offset + gtxt_offsets_at(languages, keys);
    struct { uint64_t at; uint32_t value; int swap; const char *expect; } damage[] = {
        {s->offset + 8, 1u << 30, 0, "out of range"},
        {s->offset + 12, rd32(p + 12) + 1, 0, "do not fit"},
        {s->offset + 12, rd32(p + 12) - 1, 0, "do not end"},
        {s->offset + 16, 0, 8, "out of order"},
        {s->offset + 16 + 4, 4, 0, "bad name or flags"},
        {language_at, 0, 16, "out of order"},
        {language_at + 8, rd32(image + language_at + 8) & 0xFFF0FFFFu, 0, "bad code"},
        {values_at, 0xFFFFFFFFu, 0, "lacks required key"},
        {values_at + 4 * (keys + 3), (uint32_t)strings, 0, "missing string"},
        {offsets_at + 8, 0xFFFF, 0, "out of order"},
    };
    for (size_t i = 0; i < sizeof damage / sizeof *damage; i++) {
        memcpy(copy, image, image_size);
        if (damage[i].swap) {
            uint8_t entry[16];
            memcpy(entry, copy + damage[i].at, (size_t)damage[i].swap);
            memcpy(copy + damage[i].at, copy + damage[i].at + damage[i].swap, (size_t)damage[i].swap);
            memcpy(copy + damage[i].at + damage[i].swap, entry, (size_t)damage[i].swap);
        } else {
            put32(copy + damage[i].at, damage[i].value);
        }
        reseal(copy, original, index, 1);
        nb_status status = open_copy(copy, image_size, 1, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, "GTXT") && strstr(message, damage[i].expect),
              "GTXT damage %zu: status %d, %s", i, status, message);
    }
    /* Random bytes: refused or harmless, never a crash or a read outside. */
    for (int round = 0; round < 200; round++) {
        memcpy(copy, image, image_size);
        for (int k = 0; k < 3; k++) copy[s->offset + next_random() % s->length] = (uint8_t)next_random();
        reseal(copy, original, index, 1);
        nb_status status = open_copy(copy, image_size, 1, message, sizeof message);
        CHECK(status == NB_OK || (status == NB_ERROR_FORMAT && strstr(message, "GTXT")), "random GTXT damage: %s", message);
    }
    free(copy);
}

/* ---- JSON ---- */

/* Parses `length` bytes from an allocation of exactly that size, so that any read past the end
 * is caught by the address sanitizer; the root value's type, or -1 when refused. */
static int json_type_of(const char *text, size_t length, json_parser *p, size_t *root) {
    uint8_t *copy = malloc(length ? length : 1);
    if (length) memcpy(copy, text, length);
    int parsed = json_parse(p, copy, length, root);
    p->text = NULL;
    free(copy);
    return parsed ? p->values[*root].type : -1;
}

static int json_check(const char *text, size_t length) {
    json_parser p;
    size_t root;
    int type = json_type_of(text, length, &p, &root);
    CHECK(!p.out_of_memory, "out of memory parsing '%.40s'", text);
    json_free(&p);
    return type;
}

#define JSON_OK(text) CHECK(json_check(text, sizeof text - 1) >= 0, "refused as JSON: '%s'", text)
#define JSON_BAD(text) CHECK(json_check(text, sizeof text - 1) < 0, "taken as JSON: '%s'", text)

/* A number's value, which must parse. */
static double json_number_of(const char *text) {
    json_parser p;
    size_t root;
    int type = json_type_of(text, strlen(text), &p, &root);
    double value = type == JSON_NUMBER ? p.values[root].number : -12345;
    CHECK(type == JSON_NUMBER, "'%.40s' is not a number", text);
    json_free(&p);
    return value;
}

static void test_json(void) {
    JSON_OK("{}"); JSON_OK("[]"); JSON_OK(" \t\n\r{ } \r\n"); JSON_OK("\"a\""); JSON_OK("0"); JSON_OK("-0"); JSON_OK("1.5e+10");
    JSON_OK("1E-2"); JSON_OK("true"); JSON_OK("false"); JSON_OK("null"); JSON_OK("{\"a\":[1,{\"b\":null}],\"c\":\"\"}");
    JSON_OK("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\""); JSON_OK("\"caf\xc3\xa9 \xf0\x9f\x98\x80\""); JSON_OK("[-0.0e-0]");
    /* Not one value, or not JSON's grammar. */
    JSON_BAD(""); JSON_BAD("   "); JSON_BAD("{"); JSON_BAD("}"); JSON_BAD("[1,]"); JSON_BAD("[,1]"); JSON_BAD("{\"a\"}");
    JSON_BAD("{\"a\":}"); JSON_BAD("{\"a\":1,}"); JSON_BAD("{a:1}"); JSON_BAD("{'a':1}"); JSON_BAD("[1 2]"); JSON_BAD("{} {}");
    JSON_BAD("{}x"); JSON_BAD("[1]]"); JSON_BAD("{\"a\" 1}"); JSON_BAD("{1:2}"); JSON_BAD("\xef\xbb\xbf{}"); JSON_BAD("\v{}");
    JSON_BAD("{\0}"); JSON_BAD("[1]\0"); JSON_BAD("/* */{}");
    /* Numbers: RFC 8259's grammar only; NaN and infinities are not JSON. */
    JSON_BAD("01"); JSON_BAD("1."); JSON_BAD(".5"); JSON_BAD("-"); JSON_BAD("+1"); JSON_BAD("1e"); JSON_BAD("1e+"); JSON_BAD("--1");
    JSON_BAD("0x10"); JSON_BAD("NaN"); JSON_BAD("-NaN"); JSON_BAD("nan"); JSON_BAD("Infinity"); JSON_BAD("-Infinity");
    JSON_BAD("1.5.2"); JSON_BAD("- 1"); JSON_BAD("1_000"); JSON_BAD("\xd9\xa1");
    /* Words. */
    JSON_BAD("tru"); JSON_BAD("True"); JSON_BAD("nul"); JSON_BAD("[true false]"); JSON_BAD("truex"); JSON_BAD("f");
    /* Strings: quotes, escapes, surrogates, control characters, UTF-8. */
    JSON_BAD("\"abc"); JSON_BAD("\"abc\\"); JSON_BAD("\"\\x\""); JSON_BAD("\"\\u12\""); JSON_BAD("\"\\u12G4\""); JSON_BAD("\"\\u");
    JSON_BAD("\"\\uD800\""); JSON_BAD("\"\\uDC00\""); JSON_BAD("\"\\uD800\\u0041\""); JSON_BAD("\"\\uD800x\""); JSON_BAD("\"\\uD800\\");
    JSON_BAD("\"\\uDBFF\\uDBFF\""); JSON_BAD("\"a\x01" "b\""); JSON_BAD("\"tab\there\""); JSON_BAD("\"new\nline\""); JSON_BAD("\"\\'\"");
    JSON_BAD("\"\xc0\xaf\""); JSON_BAD("\"\xed\xa0\x80\""); JSON_BAD("\"\xf4\x90\x80\x80\""); JSON_BAD("\"\xe2\x82\""); JSON_BAD("\"\xe2\x82");
    JSON_BAD("\xff"); JSON_BAD("\"\xff\""); JSON_BAD("\"\x80\""); JSON_BAD("\"\xf8\x88\x80\x80\x80\""); JSON_BAD("{\"\xc3\":1}");
    JSON_OK("\"\x7f\""); JSON_OK("\"\\uDBFF\\uDFFF\""); JSON_OK("\"\xf4\x8f\xbf\xbf\"");
    /* Names twice in one object, compared decoded, at any depth; the same name in two objects is fine. */
    JSON_BAD("{\"a\":1,\"a\":1}"); JSON_BAD("{\"a\":1,\"b\":2,\"a\":3}"); JSON_BAD("{\"a\":1,\"\\u0061\":2}");
    JSON_BAD("{\"\":1,\"\":2}"); JSON_BAD("[{\"x\":{\"y\":[],\"y\":null}}]"); JSON_BAD("{\"\xc3\xa9\":1,\"\\u00e9\":1}");
    JSON_OK("{\"a\":{\"a\":{\"a\":1}},\"b\":{\"a\":2}}"); JSON_OK("{\"a\":1,\"A\":2,\"a \":3,\"\":4,\"ab\":5}");
    JSON_OK("{\"\\u0000\":1,\"\\u0000\\u0000\":2,\"\":3}");

    /* What strings decode to: escapes, a surrogate pair, and a NUL kept as a byte. */
    json_parser p;
    size_t root;
    const char escaped[] = "\"\\u00e9\\uD83D\\uDE00\\n\\/\\u0000\\u20AC\"";
    const uint8_t expected[] = {0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80, '\n', '/', 0, 0xe2, 0x82, 0xac};
    CHECK(json_type_of(escaped, sizeof escaped - 1, &p, &root) == JSON_STRING && p.values[root].length == sizeof expected &&
              memcmp(p.bytes + p.values[root].text, expected, sizeof expected) == 0,
          "escapes decoded wrongly");
    json_free(&p);
    const char member[] = "{\"k\\u0065y\": [1, 2, 3], \"x\": {}}";
    CHECK(json_type_of(member, sizeof member - 1, &p, &root) == JSON_OBJECT && p.values[root].count == 2 &&
              json_name_is(&p, &p.values[p.values[root].first], "key") &&
              p.values[p.values[p.values[root].first].next].type == JSON_OBJECT &&
              p.values[p.values[root].first].count == 3,
          "members decoded wrongly");
    json_free(&p);

    /* Numbers by strtod, out of range becoming infinite (which no condition takes). */
    CHECK(json_number_of("0.1") == 0.1 && json_number_of("-0") == 0 && json_number_of("2.5E+3") == 2500, "plain numbers");
    CHECK(json_number_of("123456789012345678901234567890") == 123456789012345678901234567890.0, "a long integer");
    CHECK(json_number_of("1e400") == INFINITY && json_number_of("-1e400") == -INFINITY && json_number_of("1e-400") == 0,
          "numbers beyond the doubles");
    size_t digits = 100000;
    char *huge = malloc(digits + 16);
    huge[0] = '1', memset(huge + 1, '0', digits - 1), strcpy(huge + digits, ".5e-99990");
    CHECK(json_number_of(huge) == 1e9, "a number of %zu digits", digits);
    free(huge);

    /* Nesting: 64 levels are JSON here, 65 are not, and a hostile depth is refused, not recursed. */
    char deep[200001];
    for (size_t depth = 63; depth <= 65; depth++) {
        for (size_t i = 0; i < depth; i++) deep[i] = '[', deep[2 * depth - 1 - i] = ']';
        CHECK((json_check(deep, 2 * depth) >= 0) == (depth <= 64), "nesting %zu deep", depth);
    }
    memset(deep, '[', 100000), memset(deep + 100000, ']', 100000);
    CHECK(json_check(deep, 200000) < 0, "nesting 100000 deep");
    memset(deep, '{', 1), memcpy(deep + 1, "\"a\":", 4);
    CHECK(json_check(deep, 200000) < 0, "a hostile object");
    /* An object of 15000 members is judged quickly, its names distinct or its last one its first again. */
    size_t used = (size_t)sprintf(deep, "{");
    for (int k = 0; k < 15000; k++) used += (size_t)sprintf(deep + used, "%s\"m%d\":0", k ? "," : "", k);
    used += (size_t)sprintf(deep + used, "}");
    CHECK(json_check(deep, used) == JSON_OBJECT, "15000 distinct names");
    used += (size_t)sprintf(deep + used - 1, ",\"m0\":1}") - 1;
    CHECK(json_check(deep, used) < 0, "15000 names, the first again at the end");

    /* Every proper prefix of a document is refused, read from an allocation of its own length. */
    const char document[] = "{\"closed\": [\"Lift A\", {\"ref\": \"B.1.CORR\"}], \"slow\": [{\"polygon\": [[1.5, -2e1], "
                            "[3, 4], [5, 6]], \"level\": \"0\", \"factor\": 3}], \"x\": [true, false, null, \"\\u00e9\"]}";
    CHECK(json_check(document, sizeof document - 1) == JSON_OBJECT, "the document");
    size_t refused = 0;
    for (size_t length = 0; length < sizeof document - 1; length++) refused += json_check(document, length) < 0;
    CHECK(refused == sizeof document - 1, "%zu of %zu prefixes refused", refused, sizeof document - 1);
    /* Random damage: whatever the parser says, it says it without reading out of bounds. */
    char mutated[sizeof document];
    size_t parsed = 0;
    for (int round = 0; round < 3000; round++) {
        memcpy(mutated, document, sizeof document);
        for (int k = 0; k < 1 + round % 4; k++) mutated[next_random() % (sizeof document - 1)] = (char)next_random();
        parsed += json_check(mutated, 1 + next_random() % (sizeof document - 1)) >= 0;
    }
    CHECK(parsed < 3000, "damaged documents parsed: %zu", parsed);
}

/* ---- Conditions ---- */

/* Resolves `json` (a C string), expecting `status`; its error, whose message must hold `message`. */
static nb_status resolve_conditions_text(nb_bundle *b, const char *json, nb_arc_conditions *out, nb_conditions_error *error) {
    size_t length = strlen(json);
    char *copy = malloc(length ? length : 1);
    if (length) memcpy(copy, json, length);
    nb_status status = nb_conditions_resolve(b, copy, length, out, error);
    free(copy);
    return status;
}

typedef struct {
    const char *json, *message;
    int list;     /* the entry at fault: NB_CONDITIONS_CLOSED or _SLOW, -1 none */
    size_t index;
} invalid_case;

/* Every class of text the format refuses, each named in its message. */
static void test_invalid_conditions(nb_bundle *b) {
    static const invalid_case cases[] = {
        {"", "not JSON", -1, 0},
        {"{\"closed\": [\"Lift A\"]", "not JSON", -1, 0},
        {"{\"closed\": [NaN]}", "not JSON", -1, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": Infinity}]}", "not JSON", -1, 0},
        {"{\"closed\": [\"\\uD800\"]}", "not JSON", -1, 0},
        {"{\"closed\": [\"Lift \xc0\xa0\"]}", "not JSON", -1, 0},
        {"[\"Lift A\"]", "must be a JSON object", -1, 0},
        {"\"Lift A\"", "must be a JSON object", -1, 0},
        {"null", "must be a JSON object", -1, 0},
        {"{\"closed\": [], \"open\": []}", "unknown key \"open\"", -1, 0},
        {"{\"Closed\": []}", "unknown key \"Closed\"", -1, 0},
        {"{\"closed\": [], \"closed\": []}", "not JSON: a name twice in one object", -1, 0},
        {"{\"closed\": [\"Lift A\"], \"slow\": [], \"clos\\u0065d\": [\"Lift A\"]}", "a name twice", -1, 0},
        {"{\"closed\": \"Lift A\"}", "\"closed\" must be a list", -1, 0},
        {"{\"slow\": {\"ref\": \"A.2.04\", \"factor\": 2}}", "\"slow\" must be a list", -1, 0},
        {"{\"closed\": null}", "\"closed\" must be a list", -1, 0},
        {"{\"closed\": [\"\"]}", "closed[0] is empty", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [\"Lift A\", \" \\t\\n\\r\\u000b\\f\"]}", "closed[1] is empty", NB_CONDITIONS_CLOSED, 1},
        {"{\"closed\": [1]}", "closed[0] must be a string or an object", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [true]}", "closed[0] must be a string or an object", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [null]}", "closed[0] must be a string or an object", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [[\"Lift A\"]]}", "closed[0] must be a string or an object", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{}]}", "closed[0] must have \"ref\", \"level\", or \"polygon\" with \"level\"", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"name\": \"Lift A\"}]}", "closed[0] must have", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"ref\": \"Lift A\", \"level\": \"0\"}]}", "closed[0] must have", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"ref\": \"Lift A\", \"ref\": \"Lift C\"}]}", "a name twice", -1, 0},
        {"{\"closed\": [{\"ref\": \"Lift A\", \"x\": 1, \"x\": 1}]}", "a name twice", -1, 0},
        {"{\"closed\": [{\"ref\": \"Lift A\", \"size\": 1}]}", "and nothing else", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [0, 1], [1, 1]]}]}", "closed[0] must have", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"ref\": \"A.2.04\", \"factor\": 2}]}", "closed[0] must have", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"ref\": \"\"}]}", "closed[0].ref must be a non-empty string", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"ref\": \"  \"}]}", "closed[0].ref must be a non-empty string", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"ref\": 5}]}", "closed[0].ref must be a non-empty string", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"level\": \"\"}]}", "closed[0].level must be a non-empty string", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"level\": 0}]}", "closed[0].level must be a non-empty string", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [0, 1], [1, 1]], \"level\": 1}]}", "closed[0].level must be", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [0, 1]], \"level\": \"0\"}]}", "closed[0].polygon must list at least three",
         NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": {}, \"level\": \"0\"}]}", "closed[0].polygon must list", NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [0, 1], [1]], \"level\": \"0\"}]}", "closed[0].polygon[2] must be",
         NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [0, 1, 2], [1, 1]], \"level\": \"0\"}]}", "closed[0].polygon[1] must be",
         NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [0, true], [1, 1]], \"level\": \"0\"}]}", "closed[0].polygon[1] must be",
         NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [\"0\", 1], [1, 1]], \"level\": \"0\"}]}", "closed[0].polygon[1] must be",
         NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [90.0000001, 1], [1, 1]], \"level\": \"0\"}]}", "closed[0].polygon[1] must be",
         NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [0, -180.5], [1, 1]], \"level\": \"0\"}]}", "closed[0].polygon[1] must be",
         NB_CONDITIONS_CLOSED, 0},
        {"{\"closed\": [{\"polygon\": [[0, 0], [0, 1e400], [1, 1]], \"level\": \"0\"}]}", "closed[0].polygon[1] must be",
         NB_CONDITIONS_CLOSED, 0},
        {"{\"slow\": [\"Lift A\"]}", "slow[0] must be an object with \"factor\" and a target", NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\"}]}", "slow[0] needs a \"factor\" from 1 to 1000", NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": 2}, {\"ref\": \"A.2.04\", \"factor\": 0.999}]}", "slow[1] needs a \"factor\"",
         NB_CONDITIONS_SLOW, 1},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": 1000.0000001}]}", "slow[0] needs a \"factor\"", NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": 1e400}]}", "slow[0] needs a \"factor\"", NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": -2}]}", "slow[0] needs a \"factor\"", NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": true}]}", "slow[0] needs a \"factor\"", NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": \"2\"}]}", "slow[0] needs a \"factor\"", NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": null}]}", "slow[0] needs a \"factor\"", NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"factor\": 2}]}", "slow[0] must have \"ref\", \"level\", or \"polygon\" with \"level\" besides \"factor\"",
         NB_CONDITIONS_SLOW, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": 2, \"factor\": 3}]}", "a name twice", -1, 0},
        {"{\"slow\": [{\"ref\": \"A.2.04\", \"factor\": 2, \"factor\": 2}]}", "a name twice", -1, 0},
        {"{\"slow\": [{\"level\": \"\", \"factor\": 2}]}", "slow[0].level must be a non-empty string", NB_CONDITIONS_SLOW, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        nb_arc_conditions resolved;
        nb_conditions_error error;
        nb_status status = resolve_conditions_text(b, cases[i].json, &resolved, &error);
        int entry_ok = cases[i].list < 0 ? error.entry_count == 0
                                         : error.entry_count == 1 && error.entries[0].list == cases[i].list &&
                                               error.entries[0].index == cases[i].index;
        CHECK(status == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_INVALID && error.message &&
                  strstr(error.message, cases[i].message) && strstr(nb_last_error(b), cases[i].message) && entry_ok &&
                  resolved.closed == NULL,
              "'%s': status %d kind %d, '%s'", cases[i].json, status, error.kind, error.message ? error.message : "");
        nb_conditions_error_free(&error);
        nb_arc_conditions_free(&resolved);
    }
    /* The bounds themselves are allowed. */
    nb_arc_conditions resolved;
    nb_conditions_error error;
    const char *edges = "{\"slow\": [{\"polygon\": [[-90, -180], [90, -180], [90, 180], [-90, 180]], \"level\": \"0\", \"factor\": 1000},"
                        " {\"level\": \"0\", \"factor\": 1}]}";
    CHECK(resolve_conditions_text(b, edges, &resolved, &error) == NB_OK && error.kind == NB_CONDITIONS_APPLIED && !error.message,
          "bounds refused: %s", error.message ? error.message : nb_last_error(b));
    nb_arc_conditions_free(&resolved), nb_conditions_error_free(&error);
    /* No text at all, a text without its length, and no place for the error. */
    CHECK(nb_conditions_resolve(b, NULL, 0, &resolved, &error) == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_INVALID,
          "no text");
    nb_conditions_error_free(&error);
    CHECK(nb_conditions_resolve(b, NULL, 3, &resolved, &error) == NB_ERROR_ARGUMENT, "a NULL text with a length");
    nb_conditions_error_free(&error);
    CHECK(nb_conditions_resolve(b, "[]", 2, &resolved, NULL) == NB_ERROR_CONDITIONS && strstr(nb_last_error(b), "JSON object"),
          "no error given");
    /* A long entry is cut in the message, on a character's start. */
    char long_key[400] = "{\"";
    for (int i = 0; i < 100; i++) strcat(long_key, "\xc3\xa9");
    strcat(long_key, "\": []}");
    CHECK(resolve_conditions_text(b, long_key, &resolved, &error) == NB_ERROR_CONDITIONS && strstr(error.message, "...\"") &&
              utf8_valid((const uint8_t *)error.message, strlen(error.message)),
          "a long key: %s", error.message);
    nb_conditions_error_free(&error);
    nb_conditions_error_free(NULL);
    nb_arc_conditions_free(NULL);
}

/* ---- The specification's resolution written out plainly, as an oracle ---- */

/* The even-odd rule exactly as docs/conditions.md states it, over every edge of every ring. */
static int plain_inside(const double *corners, const size_t *ring_first, size_t rings, double y, double x) {
    int in = 0;
    for (size_t r = 0; r < rings; r++)
        for (size_t i = ring_first[r], p = ring_first[r + 1] - 1; i < ring_first[r + 1]; p = i++) {
            double yc = corners[2 * i], xc = corners[2 * i + 1], yp = corners[2 * p], xp = corners[2 * p + 1];
            if ((yc > y) != (yp > y) && x < (xp - xc) * (y - yc) / (yp - yc) + xc) in = !in;
        }
    return in;
}

static double node_degrees(const nb_bundle *b, uint32_t node, int coordinate) {
    return (int32_t)rd32(b->node_entries + 16 * (size_t)node + 4 * (size_t)coordinate) / 1e7;
}

static uint32_t tail_of(const nb_bundle *b, uint32_t arc) {
    uint32_t v = 0;
    while (rd32(b->first_out + 4 * ((size_t)v + 1)) <= arc) v++;
    return v;
}

/* Rule 3 by scanning every arc. */
static void plain_area(const nb_bundle *b, const double *corners, const size_t *ring_first, size_t rings, const uint8_t *on_level,
                       uint8_t *covered) {
    for (uint32_t a = 0; a < b->arcs; a++) {
        uint32_t from = tail_of(b, a), to = arc_head(b, a);
        if (!on_level[node_level(b, from)] || !on_level[node_level(b, to)]) continue;
        double y1 = node_degrees(b, from, 0), x1 = node_degrees(b, from, 1), y2 = node_degrees(b, to, 0), x2 = node_degrees(b, to, 1);
        if (plain_inside(corners, ring_first, rings, y1, x1) || plain_inside(corners, ring_first, rings, y2, x2) ||
            plain_inside(corners, ring_first, rings, (y1 + y2) / 2, (x1 + x2) / 2))
            covered[a] = 1;
    }
}

static int folds_to(nb_bundle *b, uint32_t label, const char *key) {
    size_t length;
    const char *text = label == NB_NONE ? NULL : nb_string(b, label, &length);
    if (!text) return 0;
    char *copy = malloc(length + 1);
    memcpy(copy, text, length), copy[length] = 0;
    char *mine = folded(b, copy);
    int same = mine && strcmp(mine, key) == 0;
    free(copy), free(mine);
    return same;
}

/* Rule 1 by scanning every arc and node, with the public endpoint resolution and outlines;
 * returns the endpoint's kind. */
static int plain_name(nb_bundle *b, const char *text, uint8_t *covered) {
    char *trimmed = malloc(strlen(text) + 1), *key;
    const char *start = text;
    while (*start && is_space((uint8_t)*start)) start++;
    strcpy(trimmed, start);
    for (size_t n = strlen(trimmed); n > 0 && is_space((uint8_t)trimmed[n - 1]); n--) trimmed[n - 1] = 0;
    key = folded(b, trimmed);
    for (uint32_t a = 0; a < b->arcs; a++) {
        const uint8_t *e = b->arc_entries + 16 * (size_t)a;
        uint32_t from = tail_of(b, a), to = arc_head(b, a);
        if (e[12] >= 3 && e[12] <= 7 && folds_to(b, rd32(e + 8), key)) covered[a] = 1;
        for (int end = 0; end < 2; end++) {
            const uint8_t *n = b->node_entries + 16 * (size_t)(end ? to : from);
            if ((n[10] == 1 || n[10] == 2) && folds_to(b, rd32(n + 12), key)) covered[a] = 1;
        }
    }
    nb_endpoint e;
    CHECK(nb_resolve_endpoint(b, trimmed, &e) == NB_OK, "endpoint '%s': %s", trimmed, nb_last_error(b));
    if (e.kind == NB_ENDPOINT_PLACE) {
        uint32_t node = rd32(b->places + 64 * (size_t)e.place + 4), level = rd16(b->places + 64 * (size_t)e.place + 2);
        for (uint32_t a = 0; a < b->arcs && node != NB_NONE; a++)
            if (tail_of(b, a) == node || arc_head(b, a) == node) covered[a] = 1;
        uint32_t first, count;
        if (level != NO_LEVEL && find_section(b, "OUTL") && nb_level_outlines(b, level, &first, &count) == NB_OK) {
            double corners[2 * 4096];
            size_t ring_first[65] = {0}, rings = 0;
            for (uint32_t o = first; o < first + count; o++) {
                nb_outline info;
                nb_outline_info(b, o, &info);
                for (uint32_t r = 0; info.place == e.place && r < info.ring_count && rings < 64; r++) {
                    int32_t points[1024][2];
                    size_t point_count;
                    nb_outline_ring(b, o, r, points, 1024, &point_count);
                    for (size_t k = 0; k < point_count && ring_first[rings] + k < 4096; k++)
                        corners[2 * (ring_first[rings] + k)] = points[k][0] / 1e7, corners[2 * (ring_first[rings] + k) + 1] = points[k][1] / 1e7;
                    ring_first[rings + 1] = ring_first[rings] + point_count, rings++;
                }
            }
            uint8_t *on_level = calloc(b->level_count, 1);
            on_level[level] = 1;
            if (rings) plain_area(b, corners, ring_first, rings, on_level, covered);
            free(on_level);
        }
    }
    int kind = e.kind;
    nb_endpoint_free(&e);
    free(trimmed), free(key);
    return kind;
}

static void plain_levels(nb_bundle *b, const char *text, uint8_t *on_level) {
    uint32_t *levels;
    size_t count;
    memset(on_level, 0, b->level_count);
    CHECK(levels_named(b, (const uint8_t *)text, strlen(text), &levels, &count) == NB_OK, "levels");
    for (size_t i = 0; i < count; i++) on_level[levels[i]] = 1;
    free(levels);
}

/* Whether one target's resolution covers exactly the arcs `expected` marks. */
static int covers_exactly(nb_bundle *b, const char *json, const uint8_t *expected, int closing) {
    nb_arc_conditions resolved;
    nb_conditions_error error;
    nb_status status = resolve_conditions_text(b, json, &resolved, &error);
    size_t wanted = 0;
    for (uint32_t a = 0; a < b->arcs; a++) wanted += expected[a];
    int same;
    if (wanted == 0) {
        same = status == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_UNMATCHED;
    } else {
        const uint32_t *arcs = closing ? resolved.closed : resolved.slowed;
        size_t count = closing ? resolved.closed_count : resolved.slowed_count;
        same = status == NB_OK && count == wanted && (closing ? resolved.slowed_count == 0 : resolved.closed_count == 0);
        for (size_t i = 0; i < count && same; i++) same = expected[arcs[i]] && (i == 0 || arcs[i - 1] < arcs[i]);
    }
    if (!same) CHECK(0, "'%s': status %d (%s), %zu arcs expected", json, status, error.message ? error.message : "", wanted);
    nb_arc_conditions_free(&resolved), nb_conditions_error_free(&error);
    return same;
}

/* The bands and bounds of an area decide every point exactly as the plain rule: random rings,
 * self-crossing ones, horizontal and repeated edges, points on corners, edges and their lines. */
static void test_inside(void) {
    size_t differ = 0, insides = 0, tests = 0;
    for (int round = 0; round < 400; round++) {
        size_t rings = 1 + next_random() % 3, ring_first[4] = {0}, corners = 0;
        double points[2 * 3 * 300];
        for (size_t r = 0; r < rings; r++) {
            size_t count = 3 + next_random() % (round % 10 == 0 ? 290 : 12);
            for (size_t k = 0; k < count; k++, corners++) {
                /* A coarse lattice, so that edges are often horizontal or repeat corners. */
                int coarse = round % 3 == 0;
                points[2 * corners] = 51.0 + (coarse ? (next_random() % 8) * 1e-4 : uniform(0, 1e-3));
                points[2 * corners + 1] = 13.7 + (coarse ? (next_random() % 8) * 1e-4 : uniform(0, 1e-3));
            }
            ring_first[r + 1] = corners;
        }
        area a = {points, ring_first, rings, 0, 0, 0, 0, 0, 0, NULL, NULL};
        CHECK(area_prepare(&a), "area");
        for (int k = 0; k < 300; k++) {
            double y, x;
            size_t i = next_random() % corners, j = next_random() % corners;
            if (k % 3 == 0) y = points[2 * i], x = points[2 * i + 1];
            else if (k % 3 == 1) y = (points[2 * i] + points[2 * j]) / 2, x = (points[2 * i + 1] + points[2 * j + 1]) / 2;
            else y = 51.0 + uniform(-1e-4, 1.1e-3), x = 13.7 + uniform(-1e-4, 1.1e-3);
            int plain = plain_inside(points, ring_first, rings, y, x);
            differ += inside(&a, y, x) != plain, insides += plain, tests++;
        }
        area_free(&a);
    }
    CHECK(differ == 0 && insides > tests / 10, "%zu of %zu points judged unlike the plain rule (%zu inside)", differ, tests, insides);
}

/* The looks' chords (docs/guidance.md, "Looks"): the table is the rounded sine of every byte
 * bearing, a 3 m step on any bearing points back at it, a vector between bearings at the nearest,
 * and a look's heading keeps its mean's whole turns, as the Swift rules do. */
static void test_chords(void) {
    size_t wrong = 0;
    for (int bearing = 0; bearing < 256; bearing++) {
        int64_t exact = (int64_t)floor(16384 * sin(2 * 3.14159265358979323846 * bearing / 256) + 0.5);
        int64_t east = guide_sine((uint8_t)bearing) * 300, north = guide_sine((uint8_t)(bearing + 64)) * 300;
        wrong += guide_sine((uint8_t)bearing) != exact || guide_chord_direction(east, north) != bearing;
    }
    CHECK(wrong == 0, "%zu byte bearings with another sine or direction", wrong);
    int64_t square = guide_chord_direction(100 * 16384, 100 * 16384), tall = guide_chord_direction(100 * 16384, 300 * 16384);
    CHECK(square == 32 && tall == 13 && guide_chord_direction(0, 0) == -1, "directions %lld and %lld", (long long)square,
          (long long)tall);
    uint8_t west = 250;
    int64_t west_east = guide_sine(west) * 100, west_north = guide_sine((uint8_t)(west + 64)) * 100;
    CHECK(guide_look_heading(west_east, west_north, -10) == -6 && guide_look_heading(west_east, west_north, 246) == 250,
          "a look's heading lost its whole turns");
}

/* Every name, level and some polygons of the bundle resolve to exactly the arcs of the plain
 * rules; names compare folded, whatever the case and white space around them. */
static void test_resolution(nb_bundle *b) {
    uint8_t *expected = malloc(b->arcs), *on_level = malloc(b->level_count);
    char json[600];
    size_t names = 0, places = 0, failures_before = (size_t)failures;
    /* Labels of connectors and doors, refs, names and source ids of places. */
    for (int pass = 0; pass < 4; pass++) {
        uint32_t count = pass == 0 ? b->arcs : pass == 1 ? b->nodes : b->place_count;
        for (uint32_t i = 0; i < count; i++) {
            uint32_t label = pass == 0 ? rd32(b->arc_entries + 16 * (size_t)i + 8)
                             : pass == 1 ? rd32(b->node_entries + 16 * (size_t)i + 12)
                             : rd32(b->places + 64 * (size_t)i + 8 + 4 * (pass - 2));
            size_t length;
            const char *text = label == NB_NONE ? NULL : nb_string(b, label, &length);
            if (!text || length == 0 || length > 200 || memchr(text, '"', length) || memchr(text, '\\', length)) continue;
            if (pass == 0 && i % 7 != 0) continue; /* walk arcs repeat their spaces' labels */
            char name[256];
            memcpy(name, text, length), name[length] = 0;
            memset(expected, 0, b->arcs);
            int kind = plain_name(b, name, expected);
            if (kind == NB_ENDPOINT_AMBIGUOUS) {
                size_t covered = 0;
                for (uint32_t a = 0; a < b->arcs; a++) covered += expected[a];
                if (covered == 0) continue; /* ambiguous: tested apart */
            }
            snprintf(json, sizeof json, pass % 2 ? "{\"slow\": [{\"ref\": \"%s\", \"factor\": 2}]}" : "{\"closed\": [\"%s\"]}", name);
            covers_exactly(b, json, expected, pass % 2 == 0);
            names++, places += kind == NB_ENDPOINT_PLACE;
        }
    }
    /* Case and white space. */
    const char *variants[][2] = {{"Lift A", " \\tlIFT a\\n"}, {"Gleis 1", "GLEIS 1 "}, {"Rossmann@-1", " rossmann@-1"}};
    for (size_t v = 0; v < 3; v++) {
        memset(expected, 0, b->arcs);
        plain_name(b, variants[v][0], expected);
        snprintf(json, sizeof json, "{\"closed\": [\"%s\"]}", variants[v][1]);
        size_t covered = 0;
        for (uint32_t a = 0; a < b->arcs; a++) covered += expected[a];
        if (covered) covers_exactly(b, json, expected, 1);
    }
    /* Levels by id, name, ordinal and building, and text naming none. */
    const char *levels[] = {"0", "1", "-1", "0.5", "2.0", "A", "B@1", "outdoor", "Ground floor", "EG", "ZZ", "1e0"};
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        plain_levels(b, levels[i], on_level);
        memset(expected, 0, b->arcs);
        for (uint32_t a = 0; a < b->arcs; a++)
            expected[a] = on_level[node_level(b, tail_of(b, a))] || on_level[node_level(b, arc_head(b, a))];
        snprintf(json, sizeof json, "{\"closed\": [{\"level\": \"%s\"}]}", levels[i]);
        covers_exactly(b, json, expected, 1);
    }
    /* Polygons around nodes, of every size, on the nodes' levels and on others. */
    for (int round = 0; round < 60; round++) {
        uint32_t node = next_random() % b->nodes;
        double y = node_degrees(b, node, 0), x = node_degrees(b, node, 1), size = uniform(1e-6, 5e-4);
        size_t corners = 3 + next_random() % 6, ring_first[2] = {0, corners};
        double points[2 * 8];
        int used = snprintf(json, sizeof json, "{\"slow\": [{\"factor\": 1.5, \"polygon\": [");
        for (size_t k = 0; k < corners; k++) {
            points[2 * k] = y + uniform(-size, size), points[2 * k + 1] = x + uniform(-size, size);
            used += snprintf(json + used, sizeof json - (size_t)used, "%s[%.17g, %.17g]", k ? ", " : "", points[2 * k], points[2 * k + 1]);
        }
        size_t length;
        const char *level_id = nb_string(b, rd32(b->levels + 24 * (size_t)node_level(b, node)), &length);
        const char *level = round % 4 == 0 ? "0" : round % 4 == 1 ? "1" : NULL;
        char id[64];
        snprintf(id, sizeof id, "%.*s", (int)(length < 63 ? length : 63), level_id);
        snprintf(json + used, sizeof json - (size_t)used, "], \"level\": \"%s\"}]}", level ? level : id);
        plain_levels(b, level ? level : id, on_level);
        memset(expected, 0, b->arcs);
        /* Read back as the JSON gives them, which %.17g makes exact. */
        plain_area(b, points, ring_first, 1, on_level, expected);
        covers_exactly(b, json, expected, 0);
    }
    CHECK(names > 20 && places > 5, "%zu names resolved, %zu of them places", names, places);
    printf("conditions: %zu names, 12 levels and 60 polygons resolved as the plain rules do%s\n", names,
           (size_t)failures == failures_before ? "" : " (with failures)");
    free(expected), free(on_level);
}

/* Which entries a refusal names, as `closed[0] slow[1]`. */
static const char *entries_of(const nb_conditions_error *e) {
    static char text[256];
    size_t used = 0;
    text[0] = 0;
    for (size_t i = 0; i < e->entry_count && used < sizeof text; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%s[%zu]", i ? " " : "", e->entries[i].list ? "slow" : "closed",
                                 e->entries[i].index);
    return text;
}

/* Whether `count` arcs at `arcs` are what `json` alone resolves to: its closed arcs for a closure
 * (`closed`), else its slowed ones. */
static int overlay_entry_is(nb_bundle *b, const uint32_t *arcs, size_t count, const char *json, int closed) {
    nb_arc_conditions alone;
    nb_conditions_error error;
    if (resolve_conditions_text(b, json, &alone, &error) != NB_OK) return nb_conditions_error_free(&error), 0;
    const uint32_t *wanted = closed ? alone.closed : alone.slowed;
    size_t wanted_count = closed ? alone.closed_count : alone.slowed_count;
    int same = count > 0 && count == wanted_count && memcmp(arcs, wanted, sizeof(uint32_t) * count) == 0;
    nb_arc_conditions_free(&alone);
    nb_conditions_error_free(&error);
    return same;
}

/* An overlay lists each target's arcs as it resolves alone and the whole text as it resolves: the
 * entries before the first ambiguous one, none for invalid text, an unmatched one with no arcs. */
static void test_overlay(nb_bundle *b, const char *shared, const char *lift) {
    nb_overlay overlay;
    nb_conditions_error error;
    char json[512], alone[256];
    snprintf(json, sizeof json, "{\"closed\": [\"%s\"], \"slow\": [{\"ref\": \"%s\", \"factor\": 2}]}", lift, lift);
    CHECK(nb_conditions_overlay(b, json, strlen(json), &overlay, &error) == NB_OK && error.kind == NB_CONDITIONS_APPLIED &&
              overlay.entry_count == 2, "overlay of %s: %s", json, nb_last_error(b));
    snprintf(alone, sizeof alone, "{\"closed\": [\"%s\"]}", lift);
    CHECK(overlay_entry_is(b, overlay.arcs, overlay.entry_first[1], alone, 1), "the closure's arcs are its own");
    snprintf(alone, sizeof alone, "{\"slow\": [{\"ref\": \"%s\", \"factor\": 2}]}", lift);
    CHECK(overlay_entry_is(b, overlay.arcs + overlay.entry_first[1], overlay.entry_first[2] - overlay.entry_first[1], alone, 0),
          "the slow-down's arcs are its own");
    nb_arc_conditions whole;
    nb_conditions_error whole_error;
    CHECK(resolve_conditions_text(b, json, &whole, &whole_error) == NB_OK && whole.closed_count == overlay.whole.closed_count &&
              whole.slowed_count == overlay.whole.slowed_count && whole.closed_count > 0 &&
              memcmp(whole.closed, overlay.whole.closed, sizeof(uint32_t) * whole.closed_count) == 0 &&
              memcmp(whole.slowed, overlay.whole.slowed, sizeof(uint32_t) * whole.slowed_count) == 0 &&
              memcmp(whole.factors, overlay.whole.factors, sizeof(double) * whole.slowed_count) == 0,
          "the whole is as nb_conditions_resolve gives it");
    nb_arc_conditions_free(&whole);
    nb_conditions_error_free(&whole_error);
    nb_conditions_overlay_free(&overlay);
    nb_conditions_error_free(&error);
    /* An unmatched target is listed without arcs; the whole is refused and empty. */
    snprintf(json, sizeof json, "{\"closed\": [\"%s\", \"Nowhere\"]}", lift);
    CHECK(nb_conditions_overlay(b, json, strlen(json), &overlay, &error) == NB_OK && error.kind == NB_CONDITIONS_UNMATCHED &&
              overlay.entry_count == 2 && overlay.entry_first[1] > 0 && overlay.entry_first[2] == overlay.entry_first[1] &&
              overlay.whole.closed_count == 0 && overlay.whole.slowed_count == 0,
          "unmatched overlay: %zu entries", overlay.entry_count);
    nb_conditions_overlay_free(&overlay);
    nb_conditions_error_free(&error);
    /* No entry from the first ambiguous target on, even after an unmatched one. */
    snprintf(json, sizeof json, "{\"closed\": [\"Nowhere\", \"%s\"], \"slow\": [{\"ref\": \"%s\", \"factor\": 3}, {\"ref\": \"%s\", \"factor\": 2}]}",
             lift, shared, lift);
    CHECK(nb_conditions_overlay(b, json, strlen(json), &overlay, &error) == NB_OK && error.kind == NB_CONDITIONS_AMBIGUOUS &&
              overlay.entry_count == 2 && overlay.entry_first[1] == 0 && overlay.entry_first[2] > 0 &&
              overlay.whole.closed_count == 0 && error.candidate_count > 1,
          "ambiguous overlay: %zu entries", overlay.entry_count);
    nb_conditions_overlay_free(&overlay);
    nb_conditions_error_free(&error);
    /* Invalid text lists nothing; so does damage to the text before any bundle question. */
    CHECK(nb_conditions_overlay(b, "{\"closed\": 5}", 13, &overlay, &error) == NB_OK && error.kind == NB_CONDITIONS_INVALID &&
              overlay.entry_count == 0 && overlay.entry_first == NULL && overlay.whole.closed == NULL,
          "invalid overlay");
    nb_conditions_overlay_free(&overlay);
    nb_conditions_error_free(&error);
    CHECK(nb_conditions_overlay(b, NULL, 3, &overlay, NULL) == NB_ERROR_ARGUMENT, "no text");
}

/* Targets matching nothing are refused together, in file order; the first target naming several
 * places and nothing else is refused alone, before them, with the places; a name whose door or
 * connector matched is not ambiguous. `shared` is a name several places have, `lift` a lift's. */
static void test_refusals(nb_bundle *b, const char *shared, const char *lift) {
    nb_arc_conditions resolved;
    nb_conditions_error error;
    char json[512];
    snprintf(json, sizeof json,
             "{\"closed\": [\"Nowhere\", \"%s\", {\"level\": \"97\"}, {\"polygon\": [[0, 0], [0, 1], [1, 0]], \"level\": \"0\"}],"
             " \"slow\": [{\"ref\": \"%s\", \"factor\": 2}, {\"ref\": \"no/such\", \"factor\": 2}]}",
             lift, lift);
    CHECK(resolve_conditions_text(b, json, &resolved, &error) == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_UNMATCHED &&
              strcmp(entries_of(&error), "closed[0] closed[2] closed[3] slow[1]") == 0 &&
              strstr(error.message, "closed[0] \"Nowhere\", closed[2] level \"97\", closed[3] polygon on level \"0\", slow[1] \"no/such\""),
          "unmatched: %s / %s", entries_of(&error), error.message);
    nb_conditions_error_free(&error);
    /* Ambiguity comes first, even after an unmatched target, and the first one is named. */
    snprintf(json, sizeof json, "{\"closed\": [\"Nowhere\", \"%s\"], \"slow\": [{\"ref\": \"%s\", \"factor\": 3}, {\"ref\": \"%s\", \"factor\": 2}]}",
             lift, shared, shared);
    nb_endpoint e = resolve(b, shared);
    CHECK(e.kind == NB_ENDPOINT_AMBIGUOUS, "'%s' is not ambiguous", shared);
    CHECK(resolve_conditions_text(b, json, &resolved, &error) == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_AMBIGUOUS &&
              strcmp(entries_of(&error), "slow[0]") == 0 && error.candidate_count == e.candidate_count &&
              memcmp(error.candidates, e.candidates, sizeof(uint32_t) * e.candidate_count) == 0 && strstr(error.message, shared),
          "ambiguous: %s / %s", entries_of(&error), error.message);
    nb_conditions_error_free(&error);
    nb_endpoint_free(&e);
    /* Not-quite-places are not ambiguous: a position, an unknown level, one elsewhere. */
    snprintf(json, sizeof json, "{\"closed\": [\"51.0,13.7@0\", \"%s@97\", \"%s@zz\"]}", shared, shared);
    CHECK(resolve_conditions_text(b, json, &resolved, &error) == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_UNMATCHED &&
              strcmp(entries_of(&error), "closed[0] closed[1] closed[2]") == 0,
          "positions and levels: %s / %s", entries_of(&error), error.message);
    nb_conditions_error_free(&error);

    /* A door, then a connector, labelled with the shared name: the name covers it, unambiguously. */
    uint32_t shared_string = NB_NONE, door = NB_NONE, connector = NB_NONE;
    for (uint32_t i = 0; i < b->strings && shared_string == NB_NONE; i++) {
        size_t length;
        const char *text = nb_string(b, i, &length);
        if (length == strlen(shared) && memcmp(text, shared, length) == 0) shared_string = i;
    }
    for (uint32_t v = 0; v < b->nodes && door == NB_NONE; v++)
        if (b->node_entries[16 * (size_t)v + 10] == 1 && rd32(b->first_out + 4 * (size_t)v) < rd32(b->first_out + 4 * ((size_t)v + 1)))
            door = v;
    for (uint32_t a = 0; a < b->arcs && connector == NB_NONE; a++)
        if (b->arc_entries[16 * (size_t)a + 12] == 4) connector = a;
    if (shared_string == NB_NONE || door == NB_NONE || connector == NB_NONE) {
        CHECK(b->nodes < 100 && door == NB_NONE, "no door, connector or string '%s' to relabel", shared);
        return;
    }
    uint8_t *copy = malloc(image_size);
    char message[1024];
    for (int which = 0; which < 2; which++) {
        memcpy(copy, image, image_size);
        size_t at = which == 0 ? (size_t)(b->node_entries - b->data) + 16 * (size_t)door + 12
                               : (size_t)(b->arc_entries - b->data) + 16 * (size_t)connector + 8;
        put32(copy + at, shared_string);
        nb_bundle *relabelled = NULL;
        CHECK(nb_open(write_copy(copy, image_size, "relabelled.navbundle"), 0, &relabelled, message, sizeof message) == NB_OK,
              "relabelled: %s", message);
        if (!relabelled) continue;
        snprintf(json, sizeof json, "{\"closed\": [\"%s\"]}", shared);
        CHECK(resolve_conditions_text(relabelled, json, &resolved, &error) == NB_OK && resolved.closed_count > 0,
              "'%s' on a %s: %s", shared, which ? "connector" : "door", error.message ? error.message : nb_last_error(relabelled));
        int found = 0;
        for (size_t i = 0; i < resolved.closed_count; i++)
            found |= which ? resolved.closed[i] == connector : tail_of(b, resolved.closed[i]) == door || arc_head(b, resolved.closed[i]) == door;
        CHECK(found, "'%s' does not cover the relabelled %s", shared, which ? "connector" : "door");
        nb_arc_conditions_free(&resolved), nb_conditions_error_free(&error);
        nb_close(relabelled);
    }
    free(copy);
}

/* Slow-downs multiply each cost by the largest factor covering it, rounded half away from zero,
 * below impassable; closing wins; what a profile may not use stays so. */
static void test_costs(nb_bundle *b) {
    CHECK(slowed_cost(3, 1.5) == 5 && slowed_cost(5, 1.5) == 8 && slowed_cost(1, 2.5) == 3 && slowed_cost(7, 2.5) == 18,
          "halves round away from zero");
    CHECK(slowed_cost(0, 1000) == 0 && slowed_cost(1, 1000) == 1000 && slowed_cost(1000, 1) == 1000, "plain products");
    CHECK(slowed_cost(3, 1.1) == 3 && slowed_cost(4, 1.1) == 4 && slowed_cost(5, 1.1) == 6, "products near halves (5.5000000000000009)");
    CHECK(slowed_cost(4294967, 1000) == 4294967000u && slowed_cost(4294968, 1000) == 0xFFFFFFFEu &&
              slowed_cost(0xFFFFFFFEu, 2) == 0xFFFFFFFEu && slowed_cost(0xFFFFFFFEu, 1) == 0xFFFFFFFEu &&
              slowed_cost(NB_NONE, 2) == NB_NONE,
          "products at the impassable mark");
    /* Through the API: a place slowed twice (3 wins over 2) and closed once, in every profile. */
    const char *ref = NULL;
    for (uint32_t p = 0; p < b->place_count && !ref; p++) {
        size_t length;
        const char *text = nb_string(b, rd32(b->places + 64 * (size_t)p + 8), &length);
        if (text && rd32(b->places + 64 * (size_t)p + 4) != NB_NONE && length < 30) {
            static char copy[32];
            memcpy(copy, text, length), copy[length] = 0;
            nb_endpoint e = resolve(b, copy);
            if (e.kind == NB_ENDPOINT_PLACE) ref = copy;
            nb_endpoint_free(&e);
        }
    }
    char json[256];
    snprintf(json, sizeof json, "{\"slow\": [{\"ref\": \"%s\", \"factor\": 2}, {\"ref\": \"%s\", \"factor\": 2.5}, {\"ref\": \"%s\", \"factor\": 1.5}]}",
             ref, ref, ref);
    nb_arc_conditions resolved;
    nb_conditions_error error;
    CHECK(resolve_conditions_text(b, json, &resolved, &error) == NB_OK && resolved.slowed_count > 0 && resolved.closed_count == 0,
          "slowing %s: %s", ref, nb_last_error(b));
    uint32_t *costs = malloc(sizeof(uint32_t) * b->arcs);
    size_t halves = 0, impassable = 0;
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        CHECK(nb_conditions_costs(b, profile, &resolved, costs, b->arcs) == NB_OK, "costs: %s", nb_last_error(b));
        for (size_t i = 0, k = 0; i < b->arcs; i++) {
            uint32_t cost = cost_of(b, profile, (uint32_t)i), wanted = cost;
            if (k < resolved.slowed_count && resolved.slowed[k] == i) {
                CHECK(resolved.factors[k] == 2.5, "arc %zu: factor %g, the largest is 2.5", i, resolved.factors[k]);
                /* cost × 2.5 = (5 × cost) / 2: an odd cost ends in a half, which goes up. */
                if (cost != NB_NONE) wanted = (uint32_t)((5ull * cost + 1) / 2);
                halves += cost != NB_NONE && cost % 2, impassable += cost == NB_NONE;
                k++;
            }
            CHECK(costs[i] == wanted, "profile %u arc %zu: %u, expected %u", profile, i, costs[i], wanted);
        }
    }
    CHECK(halves > 0, "no odd cost slowed: the rounding of halves went untested");
    nb_arc_conditions_free(&resolved);
    snprintf(json, sizeof json, "{\"closed\": [\"%s\"], \"slow\": [{\"ref\": \"%s\", \"factor\": 2}]}", ref, ref);
    CHECK(resolve_conditions_text(b, json, &resolved, &error) == NB_OK && resolved.slowed_count == resolved.closed_count &&
              memcmp(resolved.closed, resolved.slowed, sizeof(uint32_t) * resolved.closed_count) == 0,
          "closed and slowed: %s", nb_last_error(b));
    CHECK(nb_conditions_costs(b, 0, &resolved, costs, b->arcs) == NB_OK, "costs");
    for (size_t i = 0; i < resolved.closed_count; i++) CHECK(costs[resolved.closed[i]] == NB_NONE, "a closed arc slowed instead");
    CHECK(nb_conditions_costs(b, b->profiles, &resolved, costs, b->arcs) == NB_ERROR_ARGUMENT, "a profile out of range");
    CHECK(nb_conditions_costs(b, 0, &resolved, costs, b->arcs - 1) == NB_ERROR_ARGUMENT, "no room for the costs");
    resolved.closed[0] = b->arcs;
    CHECK(nb_conditions_costs(b, 0, &resolved, costs, b->arcs) == NB_ERROR_ARGUMENT, "a closed arc out of range");
    resolved.closed[0] = 0, resolved.factors[0] = 0.5;
    CHECK(nb_conditions_costs(b, 0, &resolved, costs, b->arcs) == NB_ERROR_ARGUMENT, "a factor below 1");
    nb_arc_conditions_free(&resolved), nb_conditions_error_free(&error);
    free(costs);
}

/* Applied conditions route by Dijkstra on the changed costs, never through a closed arc, and give
 * exactly the metric a full customisation of those costs gives; each application starts from the
 * profile's own costs. On the demo, closing Lift A changes the routes that took it. */
static void test_apply(nb_bundle *b, const char *lift) {
    nb_metric *metric = (nb_metric *)1;
    nb_conditions_error error;
    if (!has_cch(b)) {
        CHECK(nb_conditions_apply(b, 0, "{}", 2, &metric, &error) == NB_ERROR_UNAVAILABLE && metric == NULL, "applied without CCHT");
        nb_conditions_error_free(&error);
        return;
    }
    CHECK(nb_conditions_apply(b, b->profiles, "{}", 2, &metric, &error) == NB_ERROR_ARGUMENT && metric == NULL, "a profile out of range");
    CHECK(nb_conditions_apply(b, 0, "{\"closed\": [\"Nowhere\"]}", 23, &metric, &error) == NB_ERROR_CONDITIONS && metric == NULL &&
              error.kind == NB_CONDITIONS_UNMATCHED,
          "unmatched conditions applied");
    nb_conditions_error_free(&error);
    char json[128];
    snprintf(json, sizeof json, "{\"closed\": [\"%s\"]}", lift);
    nb_arc_conditions resolved;
    CHECK(resolve_conditions_text(b, json, &resolved, &error) == NB_OK && resolved.closed_count > 0, "%s: %s", lift, nb_last_error(b));
    uint8_t *closed = calloc(b->arcs, 1);
    for (size_t i = 0; i < resolved.closed_count; i++) closed[resolved.closed[i]] = 1;
    uint32_t *costs = malloc(sizeof(uint32_t) * b->arcs);
    uint64_t *best = malloc(sizeof(uint64_t) * b->nodes);
    cch_index *x = &b->cch;
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        size_t took = 0, changed = 0, differ = 0;
        nb_conditions_costs(b, profile, &resolved, costs, b->arcs);
        CHECK(nb_conditions_apply(b, profile, json, strlen(json), &metric, &error) == NB_OK, "apply: %s", nb_last_error(b));
        nb_metric *full;
        CHECK(customise(b, x, profile, costs, &full) == NB_OK, "customise");
        CHECK(memcmp(metric->arcs, full->arcs, sizeof(cch_weight) * x->m) == 0 && memcmp(metric->weights, costs, 4 * (size_t)b->arcs) == 0,
              "profile %u: the applied metric is not the full customisation of the changed costs", profile);
        nb_metric_free(full);
        for (uint32_t source = 0; source < b->nodes; source += 3) {
            dijkstra_weights(b, profile, costs, source, best);
            for (uint32_t target = 0; target < b->nodes; target += 2) {
                nb_path before, after;
                CHECK(nb_route_path(b, profile, source, target, &before) == NB_OK, "route");
                CHECK(nb_route_metric(b, metric, source, target, &after) == NB_OK, "route: %s", nb_last_error(b));
                int used = 0, uses = 0;
                for (size_t i = 0; i < before.arc_count; i++) used |= closed[before.arcs[i]];
                for (size_t i = 0; i < after.arc_count; i++) uses |= closed[after.arcs[i]];
                uint64_t expected = best[target] == NB_NONE ? UINT64_MAX : best[target];
                if (uses || after.duration != expected || (!used && after.duration != before.duration))
                    if (differ++ < 3)
                        CHECK(0, "profile %u %u->%u: %llu ms%s, Dijkstra %llu, before %llu", profile, source, target,
                              (unsigned long long)after.duration, uses ? " through a closed arc" : "", (unsigned long long)expected,
                              (unsigned long long)before.duration);
                took += used;
                changed += used && (after.arc_count != before.arc_count ||
                                    (after.arc_count && memcmp(after.arcs, before.arcs, sizeof(uint32_t) * after.arc_count)));
                nb_path_free(&before), nb_path_free(&after);
            }
        }
        size_t name_length;
        const char *name = nb_profile_name(b, profile, &name_length);
        CHECK(differ == 0, "profile %.*s: %zu routes wrong with %s closed", (int)name_length, name, differ, lift);
        CHECK(took == changed, "profile %.*s: %zu routes took %s, %zu changed", (int)name_length, name, took, lift, changed);
        if (text_is(name, name_length, "foot") || text_is(name, name_length, "wheelchair"))
            CHECK(took > 0, "no %.*s route took %s", (int)name_length, name, lift);
        printf("conditions: %s closed changes %zu %.*s routes that took it\n", lift, took, (int)name_length, name);
        nb_metric_free(metric);
    }
    /* Each application starts from the profile's own costs: nothing applied after a closure is
     * the profile's own metric again. */
    CHECK(nb_conditions_apply(b, 0, json, strlen(json), &metric, &error) == NB_OK, "apply");
    nb_metric_free(metric);
    CHECK(nb_conditions_apply(b, 0, " { } ", 5, &metric, NULL) == NB_OK &&
              memcmp(metric->arcs, x->metrics[0]->arcs, sizeof(cch_weight) * x->m) == 0,
          "empty conditions after a closure: not the profile's own metric");
    nb_metric_free(metric);
    /* Many arcs changed take a full customisation, with the same result. */
    const char *everywhere = "{\"slow\": [{\"level\": \"0\", \"factor\": 7.5}]}";
    CHECK(nb_conditions_apply(b, 1, everywhere, strlen(everywhere), &metric, &error) == NB_OK, "apply: %s", nb_last_error(b));
    nb_arc_conditions level;
    resolve_conditions_text(b, everywhere, &level, &error);
    nb_conditions_costs(b, 1, &level, costs, b->arcs);
    nb_metric *full;
    customise(b, x, 1, costs, &full);
    CHECK(level.slowed_count > b->arcs / 16 && memcmp(metric->arcs, full->arcs, sizeof(cch_weight) * x->m) == 0,
          "a level slowed (%zu arcs)", level.slowed_count);
    nb_metric_free(full), nb_metric_free(metric), nb_arc_conditions_free(&level);
    nb_arc_conditions_free(&resolved), nb_conditions_error_free(&error);
    free(closed), free(costs), free(best);
}

/* Damaged labels, a bundle without SRCH and hostile texts: refused with a status, never a crash. */
static nb_status use_conditions(nb_bundle *b) {
    nb_arc_conditions resolved;
    nb_conditions_error error;
    const char *texts[] = {"{\"closed\": [\"Lift A\", \"A.2.04\", {\"level\": \"0\"}]}", "{\"closed\": [\"Aufzug1\"]}"};
    for (size_t i = 0; i < 2; i++) {
        nb_status status = resolve_conditions_text(b, texts[i], &resolved, &error);
        nb_arc_conditions_free(&resolved), nb_conditions_error_free(&error);
        if (status != NB_OK && status != NB_ERROR_CONDITIONS) return status;
    }
    return NB_OK;
}

static void test_damaged_conditions(const nb_bundle *original) {
    char message[1024];
    uint8_t *copy = malloc(image_size);
    uint32_t connector = NB_NONE, door = NB_NONE;
    for (uint32_t a = 0; a < original->arcs && connector == NB_NONE; a++)
        if (original->arc_entries[16 * (size_t)a + 12] == 4) connector = a;
    for (uint32_t v = 0; v < original->nodes && door == NB_NONE; v++)
        if (original->node_entries[16 * (size_t)v + 10] == 1) door = v;
    struct { size_t at; uint32_t value; const char *says; } damage[] = {
        {(size_t)(original->arc_entries - original->data) + 16 * (size_t)connector + 8, 0x7FFFFFF0u, "ARCS: arc"},
        {(size_t)(original->node_entries - original->data) + 16 * (size_t)door + 12, original->strings, "NODE: node"},
    };
    for (size_t d = 0; d < 2; d++) {
        memcpy(copy, image, image_size);
        put32(copy + damage[d].at, damage[d].value);
        reseal(copy, original, SIZE_MAX, 1);
        nb_status status = use_damaged(copy, use_conditions, 0, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, damage[d].says), "damaged label %zu: %d %s", d, status, message);
    }
    /* A label that is not UTF-8. */
    memcpy(copy, image, image_size);
    size_t length;
    const char *label = nb_string(original, rd32(original->arc_entries + 16 * (size_t)connector + 8), &length);
    copy[(const uint8_t *)label - original->data] = 0xFF;
    nb_status status = use_damaged(copy, use_conditions, 0, message, sizeof message);
    CHECK(status == NB_ERROR_FORMAT && strstr(message, "not UTF-8"), "a label not UTF-8: %d %s", status, message);
    /* Without SRCH names and levels cannot be folded. */
    memcpy(copy, image, image_size);
    memcpy(copy + HEADER_SIZE + ENTRY_SIZE * table_index(original, "SRCH"), "SRCX", 4);
    status = use_damaged(copy, use_conditions, 0, message, sizeof message);
    CHECK(status == NB_ERROR_UNAVAILABLE && strstr(message, "SRCH"), "without SRCH: %d %s", status, message);
    free(copy);

    /* Hostile texts through the whole resolution: mutations of a valid one, and a huge polygon. */
    nb_bundle *b = NULL;
    CHECK(nb_open(write_copy(image, image_size, "conditions.navbundle"), 0, &b, message, sizeof message) == NB_OK, "%s", message);
    if (!b) return;
    const char valid[] = "{\"closed\": [\"Lift A\", {\"level\": \"A@1\"}], \"slow\": [{\"polygon\": [[48.14, 11.58], "
                         "[48.16, 11.58], [48.16, 11.59]], \"level\": \"0\", \"factor\": 2.5}, {\"ref\": \"A.2.04\", \"factor\": 3}]}";
    char mutated[sizeof valid];
    size_t kinds[4] = {0};
    for (int round = 0; round < 1500; round++) {
        memcpy(mutated, valid, sizeof valid);
        for (int k = 0; k < 1 + round % 3; k++) mutated[next_random() % (sizeof valid - 1)] = (char)(32 + next_random() % 95);
        size_t used = 1 + next_random() % (sizeof valid - 1);
        char *exact = malloc(used);
        memcpy(exact, mutated, used);
        nb_arc_conditions resolved;
        nb_conditions_error error;
        status = nb_conditions_resolve(b, exact, used, &resolved, &error);
        CHECK(status == NB_OK || status == NB_ERROR_CONDITIONS, "mutated conditions: %d %s", status, nb_last_error(b));
        kinds[status == NB_OK ? 0 : error.kind]++;
        nb_arc_conditions_free(&resolved), nb_conditions_error_free(&error);
        free(exact);
    }
    CHECK(kinds[NB_CONDITIONS_INVALID] > 1000, "%zu mutated texts invalid", kinds[NB_CONDITIONS_INVALID]);
    size_t corners = 20000, used = 0;
    char *huge = malloc(corners * 40 + 100);
    used += (size_t)sprintf(huge, "{\"closed\": [{\"level\": \"0\", \"polygon\": [");
    for (size_t k = 0; k < corners; k++)
        used += (size_t)sprintf(huge + used, "%s[%.7f, %.7f]", k ? "," : "", 48.1 + (k % 2 ? 0.1 : 0.0) + k * 1e-7, 11.5 + k * 1e-6);
    strcpy(huge + used, "]}]}");
    nb_arc_conditions resolved;
    nb_conditions_error error;
    status = nb_conditions_resolve(b, huge, strlen(huge), &resolved, &error);
    CHECK(status == NB_OK || (status == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_UNMATCHED), "a zig-zag of %zu corners: %s",
          corners, nb_last_error(b));
    nb_arc_conditions_free(&resolved), nb_conditions_error_free(&error);
    free(huge);
    nb_close(b);
}

/* ---- The way out under conditions (EGRC) ---- */

/* An entrance, or a node whose EGRS bit is clear (outdoors), read plainly. */
static int is_exit(const nb_bundle *b, uint32_t node) {
    if (b->node_entries[16 * (size_t)node + 10] == 2) return 1;
    const section *s = find_section_version(b, "EGRS", 2);
    if (s == NULL) return 0;
    return !(section_bytes(b, s)[16 + node / 8] >> (node % 8) & 1);
}
/* A profile's costs of leaving read plainly: PROF's, then EGRC's entries over them. */
static void plain_leaving(const nb_bundle *b, uint32_t profile, uint32_t *costs) {
    for (uint32_t a = 0; a < b->arcs; a++) costs[a] = cost_of(b, profile, a);
    const section *s = find_section(b, "EGRC");
    const uint8_t *p = section_bytes(b, s);
    size_t entries = (8 + 4 * ((size_t)rd32(p) + 1) + 7) / 8 * 8;
    for (uint32_t e = rd32(p + 8 + 4 * (size_t)profile); e < rd32(p + 12 + 4 * (size_t)profile); e++)
        costs[rd32(p + entries + 8 * (size_t)e)] = rd32(p + entries + 8 * (size_t)e + 4);
}

/* The multi-source reference: every node's least (distance, exit) over the exits, by a plain
 * Dijkstra backwards from all exits at once that scans for the least label and every arc for
 * those into it. An exit is its own way out (a search from it stops at once), so it keeps its
 * own label. With costs of at least 1 (a bundle's), this is what the forward search settling in
 * (distance, node) order reaches first. */
static void plain_exits(const nb_bundle *b, const uint32_t *costs, uint32_t *exit, uint64_t *distance) {
    uint8_t *done = calloc(b->nodes, 1);
    /* The arcs into each node: in_first[v] ..< in_first[v + 1] of `in`, and every arc's tail. */
    uint32_t *tails = malloc(sizeof(uint32_t) * b->arcs), *in = malloc(sizeof(uint32_t) * b->arcs);
    uint32_t *in_first = calloc((size_t)b->nodes + 1, sizeof(uint32_t));
    for (uint32_t v = 0; v < b->nodes; v++) {
        exit[v] = is_exit(b, v) ? v : NB_NONE, distance[v] = is_exit(b, v) ? 0 : UINT64_MAX;
        for (uint32_t a = rd32(b->first_out + 4 * (size_t)v); a < rd32(b->first_out + 4 * ((size_t)v + 1)); a++)
            tails[a] = v, in_first[arc_head(b, a) + 1]++;
    }
    for (uint32_t v = 0; v < b->nodes; v++) in_first[v + 1] += in_first[v];
    for (uint32_t a = 0; a < b->arcs; a++) in[in_first[arc_head(b, a)]++] = a;
    for (uint32_t v = b->nodes; v > 0; v--) in_first[v] = in_first[v - 1];
    in_first[0] = 0;
    for (;;) {
        uint32_t v = NB_NONE;
        for (uint32_t u = 0; u < b->nodes; u++)
            if (!done[u] && exit[u] != NB_NONE &&
                (v == NB_NONE || distance[u] < distance[v] || (distance[u] == distance[v] && exit[u] < exit[v])))
                v = u;
        if (v == NB_NONE) break;
        done[v] = 1;
        for (uint32_t i = in_first[v]; i < in_first[v + 1]; i++) {
            uint32_t a = in[i], u = tails[a];
            if (costs[a] == NB_NONE || done[u] || is_exit(b, u)) continue;
            uint64_t total = distance[v] + costs[a];
            if (total < distance[u] || (total == distance[u] && exit[v] < exit[u])) distance[u] = total, exit[u] = exit[v];
        }
    }
    free(done), free(tails), free(in), free(in_first);
}

/* Checks that `path` is a way out from `node` over `costs` to the reference's exit at its
 * distance, using no impassable arc. */
static int same_way_out(const nb_bundle *b, const uint32_t *costs, uint32_t node, const nb_path *path, uint32_t exit,
                        uint64_t distance, const char *what) {
    if (exit == NB_NONE) {
        CHECK(path->nodes == NULL && path->duration == UINT64_MAX, "%s: node %u has a way out, the reference none", what, node);
        return path->nodes == NULL;
    }
    int same = path->nodes != NULL && path->node_count == path->arc_count + 1 && path->nodes[0] == node &&
               path->nodes[path->node_count - 1] == exit && path->duration == distance;
    uint64_t total = 0;
    for (size_t i = 0; same && i < path->arc_count; i++) {
        uint32_t arc = path->arcs[i];
        same = tail_of(b, arc) == path->nodes[i] && arc_head(b, arc) == path->nodes[i + 1] && costs[arc] != NB_NONE;
        total += costs[arc];
    }
    same = same && total == distance;
    CHECK(same, "%s: node %u leaves by %u in %llu ms, the reference by %u in %llu", what, node,
          path->nodes ? path->nodes[path->node_count - 1] : NB_NONE, (unsigned long long)path->duration, exit,
          (unsigned long long)distance);
    return same;
}

/* nb_exit_search from every node over `costs`, against the reference. */
static void compare_exits(nb_bundle *b, const uint32_t *costs, const char *what) {
    uint32_t *exit = malloc(sizeof(uint32_t) * b->nodes);
    uint64_t *distance = malloc(sizeof(uint64_t) * b->nodes);
    plain_exits(b, costs, exit, distance);
    size_t wrong = 0;
    for (uint32_t node = 0; node < b->nodes && wrong < 3; node++) {
        nb_path path;
        CHECK(nb_exit_search(b, costs, b->arcs, node, &path) == NB_OK, "%s: %s", what, nb_last_error(b));
        wrong += !same_way_out(b, costs, node, &path, exit[node], distance[node], what);
        nb_path_free(&path);
    }
    /* The searches ran in the bundle's kept query memory and left it clean for the next. */
    CHECK(b->ch_memory != NULL && b->ch_memory->capacity >= b->nodes, "%s: the exit search kept no query memory", what);
    CHECK(query_memory_dirt(b) == 0, "%s: %zu entries of the query memory not reset after the exit searches", what,
          query_memory_dirt(b));
    free(exit), free(distance);
}

/* Random conditions as nb_conditions_resolve gives them: about `closed` and `slowed` arcs in a
 * thousand, ascending, with factors from 1 to 5 (halves among them). */
static nb_arc_conditions random_conditions(const nb_bundle *b, uint32_t closed, uint32_t slowed) {
    nb_arc_conditions c = {0};
    c.closed = malloc(sizeof(uint32_t) * b->arcs), c.slowed = malloc(sizeof(uint32_t) * b->arcs);
    c.factors = malloc(sizeof(double) * b->arcs);
    for (uint32_t a = 0; a < b->arcs; a++) {
        if (next_random() % 1000 < closed) c.closed[c.closed_count++] = a;
        if (next_random() % 1000 < slowed)
            c.slowed[c.slowed_count] = a, c.factors[c.slowed_count++] = next_random() % 2 ? 1 + next_random() % 9 * 0.5 : uniform(1, 5);
    }
    return c;
}

/* The ways out with `{}` are EGRS's on every node and profile; the costs of leaving are PROF's
 * with EGRC's entries; under random conditions every way out is the reference's. */
static void test_exits(nb_bundle *b, const char *name) {
    uint32_t *costs = calloc(b->arcs, sizeof(uint32_t)), *plain = calloc(b->arcs, sizeof(uint32_t));
    size_t ways = 0, differ = 0, exits = 0;
    for (uint32_t node = 0; node < b->nodes; node++) exits += is_exit(b, node);
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        CHECK(nb_leaving_costs(b, profile, NULL, costs, b->arcs) == NB_OK, "%s: %s", name, nb_last_error(b));
        plain_leaving(b, profile, plain);
        CHECK(memcmp(costs, plain, sizeof(uint32_t) * b->arcs) == 0, "%s: profile %u's costs of leaving", name, profile);
        for (uint32_t node = 0; node < b->nodes; node++) {
            uint32_t exit, cost, *nodes;
            size_t count;
            nb_path path;
            nb_conditions_error error;
            CHECK(nb_nearest_exit(b, profile, node, &exit, &cost, &nodes, &count) == NB_OK, "%s", nb_last_error(b));
            CHECK(nb_exit_conditions(b, profile, node, "{}", 2, &path, &error) == NB_OK && error.kind == NB_CONDITIONS_APPLIED,
                  "%s: %s", name, nb_last_error(b));
            ways += exit != NB_NONE;
            /* The table's way as a path states its length like every path: the sum of its arcs'. */
            nb_path way;
            uint32_t *times;
            CHECK(nb_nearest_exit_path(b, profile, node, &way, &times) == NB_OK, "%s", nb_last_error(b));
            uint64_t length = 0;
            for (size_t i = 0; i < way.arc_count; i++) length += rd32(b->arc_entries + 16 * (size_t)way.arcs[i] + 4);
            CHECK(way.length == length, "%s: profile %u node %u: the way out is %llu cm long, its arcs %llu", name,
                  profile, node, (unsigned long long)way.length, (unsigned long long)length);
            free(times);
            nb_path_free(&way);
            if ((exit == NB_NONE ? path.nodes != NULL
                                 : !path.nodes || path.nodes[path.node_count - 1] != exit || path.duration != cost) &&
                differ++ < 3)
                CHECK(0, "%s: profile %u node %u: EGRS leaves by %u in %u ms, the search by %u in %llu", name, profile,
                      node, exit, cost, path.nodes ? path.nodes[path.node_count - 1] : NB_NONE, (unsigned long long)path.duration);
            free(nodes);
            nb_path_free(&path);
        }
        compare_exits(b, costs, "no conditions");
        for (uint32_t closed = 0; closed <= 40; closed += 20) {
            nb_arc_conditions c = random_conditions(b, closed, 100);
            CHECK(nb_leaving_costs(b, profile, &c, costs, b->arcs) == NB_OK, "%s: %s", name, nb_last_error(b));
            for (size_t i = 0; i < c.slowed_count; i++) {
                uint32_t a = c.slowed[i];
                double product = round((double)plain[a] * c.factors[i]);
                if (plain[a] != NB_NONE) plain[a] = product >= 0xFFFFFFFEu ? 0xFFFFFFFEu : (uint32_t)product;
            }
            for (size_t i = 0; i < c.closed_count; i++) plain[c.closed[i]] = NB_NONE;
            CHECK(memcmp(costs, plain, sizeof(uint32_t) * b->arcs) == 0, "%s: profile %u's costs of leaving under conditions",
                  name, profile);
            compare_exits(b, costs, "random conditions");
            nb_arc_conditions_free(&c);
            plain_leaving(b, profile, plain);
        }
    }
    /* Every arc costing the same makes many exits equally near: the lowest is taken. */
    for (uint32_t a = 0; a < b->arcs; a++) costs[a] = a % 7 ? 1 : NB_NONE;
    compare_exits(b, costs, "equal costs");
    CHECK(differ == 0, "%s: %zu ways out differ from EGRS's", name, differ);
    printf("ways out: %zu of %u nodes x %u profiles to %zu exits as EGRS's with {} (%s), and under random conditions as a "
           "multi-source reference's\n", ways, b->nodes, b->profiles, exits, name);
    free(costs), free(plain);
}

/* `text` as a JSON string, into `out` (room for 6 bytes per byte and 3 more). */
static void json_quoted(const char *text, size_t length, char *out) {
    size_t used = 0;
    out[used++] = '"';
    for (size_t i = 0; i < length; i++) {
        uint8_t c = (uint8_t)text[i];
        if (c == '"' || c == '\\') out[used++] = '\\', out[used++] = (char)c;
        else if (c < 0x20) used += (size_t)sprintf(out + used, "\\u%04x", c);
        else out[used++] = (char)c;
    }
    out[used++] = '"', out[used] = 0;
}

/* A closed exit door or stairwell is not used: each exit's label and each stairs or steps label
 * on an EGRS way out, closed by name, leaves every way out the reference's on the costs of leaving
 * with those arcs closed; none reaches a closed exit from elsewhere; some ways out change. */
static void test_closed_ways_out(nb_bundle *b) {
    char names[16][128], json[1024];
    size_t name_count = 0;
    for (uint32_t v = 0; v < b->nodes && name_count < 8; v++) {
        size_t length;
        const char *label = is_exit(b, v) ? nb_string(b, rd32(b->node_entries + 16 * (size_t)v + 12), &length) : NULL;
        if (!label || length >= 20) continue;
        json_quoted(label, length, names[name_count]);
        int known = 0;
        for (size_t k = 0; k < name_count; k++) known |= strcmp(names[k], names[name_count]) == 0;
        name_count += !known;
    }
    size_t exit_names = name_count;
    for (uint32_t profile = 0; profile < b->profiles; profile++)
        for (uint32_t node = 0; node < b->nodes && name_count < 16; node++) {
            uint32_t exit, cost, *nodes;
            size_t count;
            CHECK(nb_nearest_exit(b, profile, node, &exit, &cost, &nodes, &count) == NB_OK, "%s", nb_last_error(b));
            for (size_t i = 1; i < count && name_count < 16; i++)
                for (uint32_t a = rd32(b->first_out + 4 * (size_t)nodes[i - 1]); a < rd32(b->first_out + 4 * ((size_t)nodes[i - 1] + 1)); a++) {
                    size_t length;
                    uint8_t kind = b->arc_entries[16 * (size_t)a + 12];
                    const char *label = arc_head(b, a) == nodes[i] && (kind == 3 || kind == 7)
                                            ? nb_string(b, rd32(b->arc_entries + 16 * (size_t)a + 8), &length) : NULL;
                    if (!label || length >= 20) continue;
                    json_quoted(label, length, names[name_count]);
                    int known = 0;
                    for (size_t k = exit_names; k < name_count; k++) known |= strcmp(names[k], names[name_count]) == 0;
                    name_count += !known;
                }
            free(nodes);
        }
    CHECK(exit_names > 0 && name_count > exit_names, "%zu exit names and %zu stairs to close", exit_names, name_count - exit_names);
    uint32_t *costs = malloc(sizeof(uint32_t) * b->arcs), *exit = malloc(sizeof(uint32_t) * b->nodes);
    uint64_t *distance = malloc(sizeof(uint64_t) * b->nodes);
    uint8_t *closed_exit = malloc(b->nodes);
    size_t changed = 0, checked = 0;
    /* Every node of a small bundle, every seventh of a large one, which keeps the test quick. */
    uint32_t stride = b->nodes > 500 ? 7 : 1;
    /* Each name closed, slowed, and both (closing wins). */
    for (size_t n = 0; n < 3 * name_count; n++) {
        const char *name = names[n / 3];
        if (n % 3 == 0) snprintf(json, sizeof json, "{\"closed\": [%s]}", name);
        else if (n % 3 == 1) snprintf(json, sizeof json, "{\"slow\": [{\"ref\": %s, \"factor\": 2.5}]}", name);
        else snprintf(json, sizeof json, "{\"slow\": [{\"ref\": %s, \"factor\": 3}], \"closed\": [%s]}", name, name);
        nb_arc_conditions resolved;
        nb_conditions_error error;
        CHECK(resolve_conditions_text(b, json, &resolved, &error) == NB_OK, "%s: %s", json, nb_last_error(b));
        nb_conditions_error_free(&error);
        /* An exit all of whose arcs in are closed cannot be reached from elsewhere. */
        memset(closed_exit, 1, b->nodes);
        for (uint32_t a = 0, k = 0; a < b->arcs; a++) {
            while (k < resolved.closed_count && resolved.closed[k] < a) k++;
            if (k == resolved.closed_count || resolved.closed[k] != a) closed_exit[arc_head(b, a)] = 0;
        }
        for (uint32_t profile = 0; profile < b->profiles; profile++) {
            CHECK(nb_leaving_costs(b, profile, &resolved, costs, b->arcs) == NB_OK, "%s", nb_last_error(b));
            plain_exits(b, costs, exit, distance);
            for (uint32_t node = 0; node < b->nodes; node += stride) {
                nb_path path;
                uint32_t before, cost, *nodes;
                size_t count;
                CHECK(nb_exit_conditions(b, profile, node, json, strlen(json), &path, &error) == NB_OK, "%s: %s", json,
                      nb_last_error(b));
                CHECK(nb_nearest_exit(b, profile, node, &before, &cost, &nodes, &count) == NB_OK, "%s", nb_last_error(b));
                same_way_out(b, costs, node, &path, exit[node], distance[node], json);
                if (path.nodes) {
                    uint32_t now = path.nodes[path.node_count - 1];
                    CHECK(now == node || !is_exit(b, now) || !closed_exit[now], "%s: node %u leaves by the closed exit %u", json,
                          node, now);
                    CHECK(before != NB_NONE && path.duration >= cost, "%s: node %u leaves sooner than without conditions", json, node);
                }
                changed += path.nodes == NULL ? before != NB_NONE : path.nodes[path.node_count - 1] != before || path.duration != cost;
                checked++;
                nb_conditions_error_free(&error), nb_path_free(&path), free(nodes);
            }
        }
        nb_arc_conditions_free(&resolved);
    }
    CHECK(changed > 0, "closing exits and stairs changed no way out");
    printf("ways out: %zu exits and %zu stairs closed, slowed, both, by name in turn change %zu of %zu ways out, each the "
           "reference's\n",
           exit_names, name_count - exit_names, changed, checked);
    free(costs), free(exit), free(distance), free(closed_exit);
}

/* Refusals: arguments, conditions that cannot be applied (as for routes), costs out of range. An
 * exit is its own way out. `shared` is a name several places have. */
static void test_exit_refusals(nb_bundle *b, const char *shared) {
    nb_path path;
    nb_conditions_error error;
    CHECK(nb_exit_conditions(b, b->profiles, 0, "{}", 2, &path, &error) == NB_ERROR_ARGUMENT && !path.nodes, "a profile out of range");
    nb_conditions_error_free(&error);
    CHECK(nb_exit_conditions(b, 0, b->nodes, "{}", 2, &path, &error) == NB_ERROR_ARGUMENT && !path.nodes, "a node out of range");
    nb_conditions_error_free(&error);
    CHECK(nb_exit_conditions(b, 0, 0, NULL, 3, &path, &error) == NB_ERROR_ARGUMENT, "a NULL text with a length");
    nb_conditions_error_free(&error);
    char json[256];
    snprintf(json, sizeof json, "{\"slow\": [{\"ref\": \"%s\", \"factor\": 2}], \"closed\": [\"Nowhere\"]}", shared);
    struct { const char *json; int kind; const char *entries; } cases[] = {
        {"{\"closed\": [1]}", NB_CONDITIONS_INVALID, "closed[0]"},
        {"{\"closed\": [], \"closed\": []}", NB_CONDITIONS_INVALID, ""},
        {"\xef\xbb\xbf{}", NB_CONDITIONS_INVALID, ""},
        {"{\"closed\": [\"Nowhere\", {\"level\": \"97\"}]}", NB_CONDITIONS_UNMATCHED, "closed[0] closed[1]"},
        {json, NB_CONDITIONS_AMBIGUOUS, "slow[0]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        nb_status status = nb_exit_conditions(b, 0, 0, cases[i].json, strlen(cases[i].json), &path, &error);
        CHECK(status == NB_ERROR_CONDITIONS && error.kind == cases[i].kind && strcmp(entries_of(&error), cases[i].entries) == 0 &&
                  !path.nodes && path.duration == UINT64_MAX,
              "'%s': status %d kind %d entries '%s'", cases[i].json, status, error.kind, entries_of(&error));
        nb_conditions_error_free(&error);
        CHECK(nb_exit_conditions(b, 0, 0, cases[i].json, strlen(cases[i].json), &path, NULL) == NB_ERROR_CONDITIONS &&
                  strstr(nb_last_error(b), "conditions: "),
              "'%s' without an error to fill", cases[i].json);
    }
    uint32_t *costs = malloc(sizeof(uint32_t) * b->arcs);
    CHECK(nb_leaving_costs(b, b->profiles, NULL, costs, b->arcs) == NB_ERROR_ARGUMENT, "costs of a profile out of range");
    CHECK(nb_leaving_costs(b, 0, NULL, costs, b->arcs - 1) == NB_ERROR_ARGUMENT, "no room for the costs of leaving");
    CHECK(nb_leaving_costs(b, 0, NULL, NULL, b->arcs) == NB_ERROR_ARGUMENT, "no costs of leaving");
    nb_arc_conditions c = random_conditions(b, 10, 10);
    CHECK(c.closed_count > 0 && c.slowed_count > 0, "random conditions are empty");
    c.closed[0] = b->arcs;
    CHECK(nb_leaving_costs(b, 0, &c, costs, b->arcs) == NB_ERROR_ARGUMENT, "a closed arc out of range");
    c.closed[0] = 0, c.factors[0] = 0.5;
    CHECK(nb_leaving_costs(b, 0, &c, costs, b->arcs) == NB_ERROR_ARGUMENT, "a factor below 1");
    nb_arc_conditions_free(&c);
    CHECK(nb_leaving_costs(b, 0, NULL, costs, b->arcs) == NB_OK, "%s", nb_last_error(b));
    CHECK(nb_exit_search(b, costs, b->arcs - 1, 0, &path) == NB_ERROR_ARGUMENT && !path.nodes, "too few costs");
    CHECK(nb_exit_search(b, NULL, b->arcs, 0, &path) == NB_ERROR_ARGUMENT && !path.nodes, "no costs");
    CHECK(nb_exit_search(b, costs, b->arcs, b->nodes, &path) == NB_ERROR_ARGUMENT && !path.nodes, "a node out of range");
    /* From an exit: no arcs, no time, even with every arc closed; elsewhere then no way out. */
    for (uint32_t a = 0; a < b->arcs; a++) costs[a] = NB_NONE;
    for (uint32_t node = 0; node < b->nodes; node++) {
        CHECK(nb_exit_search(b, costs, b->arcs, node, &path) == NB_OK, "%s", nb_last_error(b));
        CHECK(is_exit(b, node) ? path.nodes && path.node_count == 1 && path.nodes[0] == node && path.arc_count == 0 &&
                                     path.duration == 0 && path.length == 0
                               : !path.nodes && path.duration == UINT64_MAX,
              "node %u with every arc closed", node);
        nb_path_free(&path);
    }
    free(costs);
}

/* A bundle without EGRC searches no way out under conditions, and says so before anything about
 * the text; a search over given costs needs no EGRC. */
static void test_exits_unavailable(nb_bundle *b) {
    nb_path path;
    nb_conditions_error error;
    CHECK(nb_exit_conditions(b, 0, 0, "not JSON", 8, &path, &error) == NB_ERROR_UNAVAILABLE && strstr(nb_last_error(b), "EGRC") &&
              error.kind == NB_CONDITIONS_APPLIED && !error.message && !path.nodes,
          "a way out under conditions without EGRC: %s", nb_last_error(b));
    nb_conditions_error_free(&error);
    uint32_t *costs = malloc(sizeof(uint32_t) * b->arcs);
    CHECK(nb_leaving_costs(b, 0, NULL, costs, b->arcs) == NB_ERROR_UNAVAILABLE, "costs of leaving without EGRC");
    CHECK(nb_profile_costs(b, 0, costs, b->arcs) == NB_OK && nb_exit_search(b, costs, b->arcs, 0, &path) == NB_OK,
          "a search over PROF's costs: %s", nb_last_error(b));
    nb_path_free(&path);
    free(costs);
}

/* An EGRC of `profiles` and `count` entries: `first` (profiles + 1 offsets), then `entry_count`
 * (arc, cost) pairs; its length. */
static size_t make_egrc(uint8_t *out, uint32_t profiles, uint32_t count, const uint32_t *first, uint32_t (*entries)[2],
                        size_t entry_count) {
    size_t base = (8 + 4 * ((size_t)profiles + 1) + 7) / 8 * 8;
    memset(out, 0, base);
    put32(out, profiles), put32(out + 4, count);
    for (uint32_t p = 0; p <= profiles; p++) put32(out + 8 + 4 * (size_t)p, first[p]);
    for (size_t e = 0; e < entry_count; e++) put32(out + base + 8 * e, entries[e][0]), put32(out + base + 8 * e + 4, entries[e][1]);
    return base + 8 * entry_count;
}

/* A copy of the image with section `tag` holding `length` bytes of `bytes`, moved to the end of
 * the file, its table entry, the file's size and the checksums made to match; `*size` its size. */
static uint8_t *with_section(const nb_bundle *b, const char *tag, const uint8_t *bytes, size_t length, size_t *size) {
    size_t index = table_index(b, tag), offset = (image_size + 7) / 8 * 8;
    *size = offset + length;
    uint8_t *copy = calloc(*size, 1);
    memcpy(copy, image, image_size), memcpy(copy + offset, bytes, length);
    uint8_t *entry = copy + rd32(image + 20) + ENTRY_SIZE * index;
    put64(entry + 8, offset), put64(entry + 16, length), put64(entry + 24, checksum(bytes, length));
    put64(copy + 24, *size);
    file_digest(copy, *size, copy + 32);
    return copy;
}

/* Each arc's corners as SHAP version 2 says, decoded the plain way: a bent arc's offsets are the
 * entry after as many entries as there are set bits before its own, counted bit by bit. */
static void plain_shape_offsets(const uint8_t *p, uint32_t *starts, uint32_t *counts) {
    uint32_t arcs = rd32(p), bent = rd32(p + 8), words = (arcs + 63) / 64, seen = 0;
    const uint8_t *first = p + (16 + 12 * (size_t)words + 7) / 8 * 8;
    for (uint32_t a = 0; a < arcs; a++) {
        int set = p[16 + a / 8] >> (a % 8) & 1;
        starts[a] = rd32(first + 4 * (size_t)(seen < bent ? seen : bent));
        counts[a] = set ? rd32(first + 4 * (size_t)(seen + 1)) - starts[a] : 0;
        seen += (uint32_t)set;
    }
}

/* Where SHAP's corners start, in either section version. */
static size_t plain_corners_at(const section *shap, const uint8_t *p) {
    uint64_t arcs = rd32(p), words = (arcs + 63) / 64;
    if (shap->version == 1) return (size_t)((8 + 4 * (arcs + 1) + 7) / 8 * 8);
    return (size_t)(((16 + 12 * words + 7) / 8 * 8 + 4 * ((uint64_t)rd32(p + 8) + 1) + 7) / 8 * 8);
}

static nb_status use_shape_of_arc_0(nb_bundle *b) {
    size_t count;
    return nb_arc_shape(b, 0, NULL, 0, &count);
}

/* SHAP version 2 (since 2.5 and 1.7): every arc's corners as the plain decoding finds them, and the
 * same corners, bearings and shapes when the section is rewritten as version 1 with GARC and GLMK
 * at version 1 (a bundle of 2.4); each kind of damage to the bits, ranks and offsets refused as
 * format on the first corner read, named SHAP. */
static void test_shape_versions(nb_bundle *b) {
    const section *s = find_section_either(b, "SHAP");
    CHECK(s != NULL && s->version == 2, "the bundle has no SHAP at section version 2");
    if (s == NULL || s->version != 2) return;
    const uint8_t *p = section_bytes(b, s);
    uint32_t arcs = rd32(p), corners = rd32(p + 4), bent = rd32(p + 8), words = (arcs + 63) / 64;
    uint32_t *starts = malloc(sizeof(uint32_t) * arcs), *counts = malloc(sizeof(uint32_t) * arcs);
    if (!starts || !counts) { perror("malloc"); exit(2); }
    plain_shape_offsets(p, starts, counts);
    size_t wrong = 0, bent_seen = 0;
    for (uint32_t a = 0; a < arcs; a++) {
        uint32_t first, count;
        if (nb_arc_corners(b, a, &first, &count) != NB_OK || first != starts[a] || count != counts[a]) wrong++;
        bent_seen += counts[a] > 0;
    }
    CHECK(wrong == 0 && bent_seen == bent && bent > 0, "%zu arcs' corners differ from the plain decoding (%zu of %u bent)",
          wrong, bent_seen, bent);

    /* The same bundle with SHAP at version 1: an offset per arc, then the same corners. */
    size_t first_at = (16 + 12 * (size_t)words + 7) / 8 * 8, corners_at = plain_corners_at(s, p);
    size_t old_corners_at = (8 + 4 * ((size_t)arcs + 1) + 7) / 8 * 8, length = old_corners_at + 8 * (size_t)corners, size;
    uint8_t *old = calloc(length, 1);
    if (!old) { perror("calloc"); exit(2); }
    put32(old, arcs), put32(old + 4, corners);
    for (uint32_t a = 0; a < arcs; a++) put32(old + 8 + 4 * (size_t)a, starts[a]);
    put32(old + 8 + 4 * (size_t)arcs, corners);
    memcpy(old + old_corners_at, p + corners_at, 8 * (size_t)corners);
    uint8_t *copy = with_section(b, "SHAP", old, length, &size);
    free(old);
    const char *tags[] = {"SHAP", "GARC", "GLMK"};
    for (size_t t = 0; t < 3; t++)
        if (find_section_either(b, tags[t])) put16(copy + rd32(image + 20) + ENTRY_SIZE * table_index(b, tags[t]) + 4, 1);
    file_digest(copy, size, copy + 32);
    char message[1024];
    nb_bundle *v1 = NULL;
    CHECK(nb_open(write_copy(copy, size, "shap-version-1.navbundle"), 1, &v1, message, sizeof message) == NB_OK,
          "SHAP version 1 refused: %s", message);
    if (v1) {
        wrong = 0;
        for (uint32_t a = 0; a < arcs; a++) {
            int32_t x[64][2], y[64][2];
            size_t n = 0, m = 0;
            uint32_t f1, c1, f2, c2, along1 = 0, along2 = 0;
            uint8_t e1[2] = {0, 0}, e2[2] = {0, 0}, bearing1 = 0, bearing2 = 0;
            if (nb_arc_shape(b, a, x, 64, &n) != NB_OK || nb_arc_shape(v1, a, y, 64, &m) != NB_OK || n != m ||
                memcmp(x, y, sizeof x[0] * (n < 64 ? n : 64)) != 0 || nb_arc_corners(b, a, &f1, &c1) != NB_OK ||
                nb_arc_corners(v1, a, &f2, &c2) != NB_OK || f1 != f2 || c1 != c2 ||
                nb_arc_bearings(b, a, &e1[0], &e1[1]) != nb_arc_bearings(v1, a, &e2[0], &e2[1]) || memcmp(e1, e2, 2) != 0)
                wrong++;
            for (uint32_t k = 0; k < c1; k++)
                if (nb_corner_bearing(b, a, k, &along1, &bearing1) != NB_OK ||
                    nb_corner_bearing(v1, a, k, &along2, &bearing2) != NB_OK || along1 != along2 || bearing1 != bearing2)
                    wrong++;
        }
        CHECK(wrong == 0, "%zu arcs read differently from SHAP version 1", wrong);
        CHECK(nb_has_section(v1, "SHAP") && nb_has_section(v1, "GARC"), "SHAP or GARC at version 1 is not read");
        nb_close(v1);
    }
    free(copy);

    /* Damage, each sealed in: the reader finds it from the structure. */
    struct { const char *what; size_t at; uint32_t value; } damage[] = {
        {"a rank one too many", 16 + 8 * (size_t)words + 4 * (size_t)(words - 1), 0},
        {"the bent count one more", 8, bent + 1},
        {"the bent count one less", 8, bent - 1},
        {"an offset repeated", first_at + 4, 0},
        {"the last offset past the corners", first_at + 4 * (size_t)bent, corners + 1},
        {"a bit past the last arc", 16 + 8 * (size_t)(words - 1) + 4, 0},
    };
    damage[0].value = rd32(p + damage[0].at) + 1;
    damage[3].value = rd32(p + first_at);
    damage[5].value = rd32(p + damage[5].at) | 0x80000000u;
    uint8_t *hurt = malloc(image_size);
    if (!hurt) { perror("malloc"); exit(2); }
    size_t index = table_index(b, "SHAP");
    for (size_t d = 0; d < sizeof damage / sizeof damage[0]; d++) {
        /* The bit past the last arc only exists when the arcs do not fill their last word. */
        if (d == 5 && arcs % 64 == 0) continue;
        memcpy(hurt, image, image_size);
        put32(hurt + s->offset + damage[d].at, damage[d].value);
        reseal(hurt, b, index, 1);
        nb_status status = use_damaged(hurt, use_shape_of_arc_0, 1, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, "SHAP"), "%s: %d %s", damage[d].what, status, message);
    }
    free(hurt), free(starts), free(counts);
}

static nb_status use_leaving(nb_bundle *b) {
    nb_path path;
    nb_status status = nb_exit_conditions(b, 0, 0, "{}", 2, &path, NULL);
    nb_path_free(&path);
    uint32_t *costs = malloc(sizeof(uint32_t) * b->arcs);
    for (uint32_t p = 0; p < b->profiles && status == NB_OK; p++) status = nb_leaving_costs(b, p, NULL, costs, b->arcs);
    free(costs);
    return status;
}

/* A valid EGRC of the test's own (entries per profile, arcs descending across profiles, which is
 * allowed) changes the costs of leaving as the reference reads them; each kind of damage to it is
 * refused with a message naming EGRC, on every call; without it the way out is unavailable. */
static void test_damaged_egrc(nb_bundle *original) {
    uint32_t profiles = original->profiles, arcs = original->arcs, count = 2 * profiles;
    uint32_t first[257], entries[512][2];
    uint8_t bytes[8192];
    for (uint32_t p = 0; p <= profiles; p++) first[p] = 2 * p;
    for (uint32_t p = 0; p < profiles; p++) {
        /* Arcs the profile may not use opened cheaply on the way out, when it has such arcs. */
        uint32_t low = arcs - 20 - 5 * p, high = arcs - 10 - 5 * p;
        for (uint32_t a = 0, found = 0; a < arcs && found < 2; a++)
            if (cost_of(original, p, a) == NB_NONE) low = found++ ? low : a, high = a;
        if (high <= low) {
            if (low + 1 == arcs) low--;
            high = low + 1;
        }
        entries[2 * p][0] = low, entries[2 * p][1] = 1 + p, entries[2 * p + 1][0] = high, entries[2 * p + 1][1] = 500;
    }
    char message[1024];
    size_t size, length = make_egrc(bytes, profiles, count, first, entries, count);
    uint8_t *copy = with_section(original, "EGRC", bytes, length, &size);
    nb_bundle *b = NULL;
    CHECK(nb_open(write_copy(copy, size, "egrc.navbundle"), 1, &b, message, sizeof message) == NB_OK, "own EGRC: %s", message);
    free(copy);
    if (b) {
        uint32_t *costs = malloc(sizeof(uint32_t) * arcs), *plain = malloc(sizeof(uint32_t) * arcs);
        for (uint32_t p = 0; p < profiles; p++) {
            CHECK(nb_leaving_costs(b, p, NULL, costs, arcs) == NB_OK, "own EGRC: %s", nb_last_error(b));
            plain_leaving(b, p, plain);
            CHECK(memcmp(costs, plain, sizeof(uint32_t) * arcs) == 0 && costs[entries[2 * p][0]] == 1 + p &&
                      costs[entries[2 * p + 1][0]] == 500,
                  "own EGRC: profile %u's costs of leaving", p);
            compare_exits(b, costs, "own EGRC");
            /* Conditions apply to the costs of leaving: the first entry's arc slowed, the second's closed. */
            nb_arc_conditions c = random_conditions(b, 0, 0);
            double factor = 2.5;
            c.slowed[0] = entries[2 * p][0], c.factors[0] = factor, c.slowed_count = 1;
            c.closed[0] = entries[2 * p + 1][0], c.closed_count = 1;
            CHECK(nb_leaving_costs(b, p, &c, costs, arcs) == NB_OK, "own EGRC: %s", nb_last_error(b));
            plain[c.slowed[0]] = (uint32_t)round(plain[c.slowed[0]] * factor), plain[c.closed[0]] = NB_NONE;
            CHECK(memcmp(costs, plain, sizeof(uint32_t) * arcs) == 0, "own EGRC: profile %u's costs of leaving under conditions", p);
            compare_exits(b, costs, "own EGRC under conditions");
            nb_arc_conditions_free(&c);
        }
        free(costs), free(plain);
        nb_close(b);
    }
    struct { int what; uint32_t value; const char *says; } damage[] = {
        {0, 4, "too short"},                                /* shorter than its counts */
        {1, 0, "profiles, PROF"},                           /* profiles one more */
        {2, 0xFFFFFFFFu, "profiles, PROF"},                 /* a hostile profile count */
        {3, 0, "do not fit"},                               /* an entry more than the bytes hold */
        {4, 0xFFFFFFFFu, "do not fit"},                     /* a hostile entry count */
        {5, 1, "do not rise from 0"},                       /* first[0] */
        {6, 0, "do not rise from 0"},                       /* first[profiles] short of the count */
        {7, 0, "fall at profile 1"},                        /* first[2] below first[1] */
        {8, 0, "not an ARCS arc"},                          /* an arc past ARCS */
        {9, 0, "above the one before"},                     /* an arc twice */
        {10, 0, "above the one before"},                    /* arcs descending */
    };
    for (size_t d = 0; d < sizeof damage / sizeof *damage; d++) {
        uint32_t f[257], e[512][2], declared = count, p = profiles;
        memcpy(f, first, sizeof f), memcpy(e, entries, sizeof e);
        size_t kept = count;
        switch (damage[d].what) {
        case 1: p = profiles + 1, f[p] = count; break;
        case 2: declared = count; break;
        case 3: declared = count + 1, f[profiles] = count + 1; break;
        case 4: declared = damage[d].value; break;
        case 5: f[0] = damage[d].value; break;
        case 6: f[profiles] = count - 1; break;
        case 7: f[2] = f[1] - 1; break;
        case 8: e[1][0] = arcs; break;
        case 9: e[1][0] = e[0][0]; break;
        case 10: e[1][0] = e[0][0], e[0][0] = e[0][0] + 1; break;
        }
        length = make_egrc(bytes, p, declared, f, e, kept);
        if (damage[d].what == 0) length = damage[d].value;
        if (damage[d].what == 2) put32(bytes, damage[d].value);
        copy = with_section(original, "EGRC", bytes, length, &size);
        nb_status status = use_damaged_copy(copy, size, use_leaving, 1, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, "EGRC") && strstr(message, damage[d].says), "EGRC damage %zu: %d %s", d,
              status, message);
        free(copy);
    }
    /* Absent, or in a version this reader does not know. */
    for (int which = 0; which < 2; which++) {
        copy = malloc(image_size);
        memcpy(copy, image, image_size);
        uint8_t *entry = copy + rd32(image + 20) + ENTRY_SIZE * table_index(original, "EGRC");
        if (which == 0) memcpy(entry, "EGRX", 4);
        else put16(entry + 4, 2);
        reseal(copy, original, SIZE_MAX, 1);
        nb_status status = use_damaged(copy, use_leaving, 1, message, sizeof message);
        CHECK(status == NB_ERROR_UNAVAILABLE && strstr(message, "no EGRC"), "EGRC %s: %d %s", which ? "version 2" : "absent", status,
              message);
        free(copy);
    }
}

static void test_ways_out(nb_bundle *b, const char *name, const char *shared) {
    if (find_section(b, "EGRC") == NULL) {
        test_exits_unavailable(b);
        return;
    }
    test_exits(b, name);
    test_closed_ways_out(b);
    if (shared) test_exit_refusals(b, shared);
}

static void test_conditions(nb_bundle *b, const char *shared, const char *lift) {
    test_invalid_conditions(b);
    test_resolution(b);
    test_refusals(b, shared, lift);
    test_overlay(b, shared, lift);
    test_costs(b);
    test_apply(b, lift);
}

/* ---- Records ---- */

static int nb_text_is(nb_text t, const char *expected) {
    return expected == NULL ? t.text == NULL && t.length == 0 : text_is(t.text, t.length, expected);
}

static int error_says(const nb_bundle *b, const char *expected) { return strstr(nb_last_error(b), expected) != NULL; }

/* What every record must agree on whatever the bundle: each node's record with nb_node_info,
 * each arc inside its tail's arcs, each shape running from its tail's position to its head's,
 * each section entry with nb_section_info; and every index one past the last refused. */
static void check_record_invariants(nb_bundle *b) {
    for (size_t i = 0; i < nb_section_count(b); i++) {
        nb_section s;
        char tag[5];
        uint64_t offset = 0, length = 0;
        CHECK(nb_section_entry(b, i, &s) == NB_OK && nb_section_info(b, i, tag, &offset, &length) == NB_OK &&
                  strcmp(s.tag, tag) == 0 && s.offset == offset && s.length == length && s.version == b->sections[i].version,
              "section %zu's entry differs from nb_section_info", i);
        int read_version = strcmp(s.tag, "EGRS") == 0 || strcmp(s.tag, "WIFI") == 0 ? 2 : 1;
        /* SHAP, GARC and GLMK are read in either version (since 2.5 and 1.7). */
        int either = strcmp(s.tag, "SHAP") == 0 || strcmp(s.tag, "GARC") == 0 || strcmp(s.tag, "GLMK") == 0;
        CHECK(nb_has_section(b, s.tag) == (s.version == read_version || (either && s.version == 2)), "nb_has_section(%s) is wrong",
              s.tag);
    }
    nb_section s;
    CHECK(nb_section_entry(b, nb_section_count(b), &s) == NB_ERROR_ARGUMENT, "a section past the table is not refused");
    for (uint32_t v = 0; v < nb_node_count(b); v++) {
        nb_node n;
        int32_t latitude, longitude;
        uint32_t level, first, count;
        CHECK(nb_node_record(b, v, &n) == NB_OK && nb_node_info(b, v, &latitude, &longitude, &level) == NB_OK &&
                  n.latitude == latitude && n.longitude == longitude && n.level == level && n.kind <= 5,
              "node %u's record differs from nb_node_info", v);
        CHECK(nb_arcs_from(b, v, &first, &count) == NB_OK && first == rd32(b->first_out + 4 * (size_t)v) &&
                  first + count == rd32(b->first_out + 4 * ((size_t)v + 1)),
              "node %u's arcs are wrong", v);
        for (uint32_t a = first; a < first + count; a++) {
            nb_arc arc;
            int32_t points[8][2];
            size_t points_count = 0;
            int32_t head_latitude = 0, head_longitude = 0;
            uint32_t head_level = 0;
            CHECK(nb_arc_info(b, a, &arc) == NB_OK && arc.tail == v && arc.head == arc_head(b, a),
                  "arc %u does not run from node %u", a, v);
            CHECK(nb_arc_shape(b, a, points, 8, &points_count) == NB_OK && points_count >= 2 && points_count <= 8,
                  "arc %u has no shape", a);
            nb_node_info(b, arc.head, &head_latitude, &head_longitude, &head_level);
            CHECK(points[0][0] == n.latitude && points[0][1] == n.longitude &&
                      points[points_count - 1][0] == head_latitude && points[points_count - 1][1] == head_longitude,
                  "arc %u's shape does not run from its tail to its head", a);
        }
    }
    uint32_t first, count;
    nb_node n;
    CHECK(nb_node_record(b, nb_node_count(b), &n) == NB_ERROR_ARGUMENT && error_says(b, "is not one of the"),
          "a node past the last is not refused: %s", nb_last_error(b));
    CHECK(nb_arcs_from(b, nb_node_count(b), &first, &count) == NB_ERROR_ARGUMENT && count == 0,
          "arcs from a node past the last are not refused");
    nb_arc arc;
    nb_climb climb;
    size_t points_count = 7;
    CHECK(nb_arc_info(b, nb_arc_count(b), &arc) == NB_ERROR_ARGUMENT, "an arc past the last is not refused");
    CHECK(nb_arc_shape(b, nb_arc_count(b), NULL, 0, &points_count) == NB_ERROR_ARGUMENT && points_count == 0,
          "the shape of an arc past the last is not refused");
    CHECK(nb_arc_climb(b, NB_NONE, &climb) == NB_ERROR_ARGUMENT, "the climb of arc NB_NONE is not refused");
    nb_level level;
    nb_place place;
    nb_event event;
    CHECK(nb_level_info(b, nb_level_count(b), &level) == NB_ERROR_ARGUMENT, "a level past the last is not refused");
    CHECK(nb_place_info(b, nb_place_count(b), &place) == NB_ERROR_ARGUMENT, "a place past the last is not refused");
    CHECK(nb_event_info(b, nb_event_count(b), &event) == NB_ERROR_ARGUMENT && error_says(b, "is not one of the"),
          "an event past the last is not refused: %s", nb_last_error(b));
    for (uint32_t p = 0; p < nb_place_count(b); p++)
        CHECK(nb_place_info(b, p, &place) == NB_OK && (place.level == NB_NONE || place.level < nb_level_count(b)) &&
                  (place.node == NB_NONE || place.node < nb_node_count(b)),
              "place %u cannot be read", p);
    for (uint32_t e = 0; e < nb_event_count(b); e++)
        CHECK(nb_event_info(b, e, &event) == NB_OK && event.place < nb_place_count(b) && event.start <= event.end,
              "event %u cannot be read", e);
    const char *json = NULL;
    size_t length = 0;
    CHECK(nb_metadata(b, &json, &length) == NB_OK && length >= 2 && json[0] == '{' && json[length - 1] == '}',
          "META is not a JSON object's text");
}

/* The demo campus's records, with the values the JavaScript reader gives for the same indexes. */
static void test_records(nb_bundle *b) {
    check_record_invariants(b);
    CHECK(nb_has_section(b, "META") && nb_has_section(b, "WIFI") && !nb_has_section(b, "NOPE") &&
              !nb_has_section(b, "MET") && !nb_has_section(b, "METAX") && !nb_has_section(b, NULL),
          "nb_has_section is wrong");
    nb_section s;
    /* META follows the header (64 bytes) and the table (32 bytes an entry) at once. */
    uint64_t meta_at = 64 + 32 * (uint64_t)nb_section_count(b);
    CHECK(nb_section_entry(b, 0, &s) == NB_OK && strcmp(s.tag, "META") == 0 && s.version == 1 && s.offset == meta_at &&
              s.length == 2727,
          "the demo's first section is not META at %llu+2727", (unsigned long long)meta_at);
    const char *json = NULL;
    size_t length = 0;
    CHECK(nb_metadata(b, &json, &length) == NB_OK && length == 2727 &&
              strncmp(json, "{\"boundingBox\":{\"east\":11.5818197,", 34) == 0 && strstr(json, "\"venueID\":\"demo-campus\""),
          "the demo's META is not its JSON");
    CHECK(nb_level_count(b) == 9 && nb_node_count(b) == 211 && nb_arc_count(b) == 1592 && nb_place_count(b) == 74 &&
              nb_event_count(b) == 8,
          "the demo's counts are %u levels, %u nodes, %u arcs, %u places, %u events", nb_level_count(b), nb_node_count(b),
          nb_arc_count(b), nb_place_count(b), nb_event_count(b));

    nb_level level;
    CHECK(nb_level_info(b, 0, &level) == NB_OK && nb_text_is(level.id, "A@-1") && nb_text_is(level.name, "Basement") &&
              nb_text_is(level.building_id, "A") && nb_text_is(level.building_name, "Main Building") && level.ordinal == -1,
          "the demo's level 0 is not the Main Building's basement");
    CHECK(nb_level_info(b, 9, &level) == NB_ERROR_ARGUMENT && error_says(b, "level 9 is not one of the 9 levels") &&
              level.id.text == NULL,
          "level 9 is not refused: %s", nb_last_error(b));

    nb_node node;
    uint32_t first = 0, count = 0;
    CHECK(nb_node_record(b, 0, &node) == NB_OK && node.latitude == 481500854 && node.longitude == 115807885 &&
              node.level == 0 && node.kind == 1 && nb_text_is(node.label, NULL),
          "the demo's node 0 is not an unlabelled door");
    CHECK(nb_arcs_from(b, 0, &first, &count) == NB_OK && first == 0 && count == 8, "node 0's arcs are not 0..<8");
    CHECK(nb_node_record(b, 105, &node) == NB_OK && node.latitude == 481501147 && node.longitude == 115807885 &&
              node.level == 2 && node.kind == 4 && nb_text_is(node.label, "Lift A"),
          "the demo's node 105 is not Lift A's landing");
    CHECK(nb_arcs_from(b, 105, &first, &count) == NB_OK && first == 1299 && count == 3, "node 105's arcs are not 1299..<1302");

    nb_arc arc;
    CHECK(nb_arc_info(b, 0, &arc) == NB_OK && arc.tail == 0 && arc.head == 99 && arc.kind == 0 && arc.length == 326 &&
              arc.indoor == 1 && nb_text_is(arc.label, "Lift A shaft"),
          "the demo's arc 0 is not the walk to Lift A's shaft");
    CHECK(nb_arc_info(b, 1276, &arc) == NB_OK && arc.tail == 95 && arc.head == 96 && arc.kind == 3 && arc.length == 660 &&
              nb_text_is(arc.label, "West staircase"),
          "the demo's arc 1276 is not the west staircase");
    nb_climb climb;
    CHECK(nb_arc_climb(b, 1276, &climb) == NB_OK && climb.steps == 22 && climb.rise == 100, "arc 1276 does not climb 22 steps up");
    CHECK(nb_arc_climb(b, 1278, &climb) == NB_OK && climb.steps == 22 && climb.rise == -100,
          "arc 1278 does not climb 22 steps down");
    CHECK(nb_arc_climb(b, 0, &climb) == NB_OK && climb.steps == 0 && climb.rise == 0, "arc 0 climbs");
    int32_t points[4][2] = {{0}};
    size_t points_count = 0;
    CHECK(nb_arc_shape(b, 838, points, 4, &points_count) == NB_OK && points_count == 3 && points[0][0] == 481491906 &&
              points[0][1] == 115805055 && points[1][0] == 481490538 && points[1][1] == 115804882 &&
              points[2][0] == 481490422 && points[2][1] == 115800809,
          "arc 838 does not bend around its one corner");
    int32_t one[1][2] = {{0, 0}};
    CHECK(nb_arc_shape(b, 838, one, 1, &points_count) == NB_OK && points_count == 3 && one[0][0] == 481491906,
          "a short buffer does not get the first point and the whole count");
    CHECK(nb_arc_shape(b, 0, points, 4, &points_count) == NB_OK && points_count == 2 && points[1][0] == 481501147,
          "arc 0 is not straight");

    nb_place place;
    CHECK(nb_place_info(b, 1, &place) == NB_OK && place.kind == 0 && nb_text_is(place.ref, "A.-1.02") &&
              nb_text_is(place.name, "Workshop") && nb_text_is(place.category, "workshop") &&
              nb_text_is(place.description, NULL) && nb_text_is(place.building, "Main Building") &&
              nb_text_is(place.opening_hours, NULL) && nb_text_is(place.website, NULL) && place.level == 0 &&
              place.node == 152 && place.capacity == 12 && place.positioned && place.latitude == 481501147 &&
              place.longitude == 115805864 && place.geofence_radius == 0,
          "the demo's place 1 is not the workshop");
    CHECK(nb_place_info(b, 62, &place) == NB_OK && place.kind == 1 && nb_text_is(place.ref, "BUS") &&
              nb_text_is(place.description, "Lines 1 and 7, towards Demo City centre") &&
              nb_text_is(place.building, NULL) &&
              nb_text_is(place.website, "https://transit.demo-campus.example/stops/campus") && place.level == 8 &&
              place.node == 137 && place.capacity < 0 && place.geofence_radius == 2500,
          "the demo's place 62 is not the bus stop");
    CHECK(nb_place_info(b, 74, &place) == NB_ERROR_ARGUMENT && error_says(b, "place 74 is not one of the 74 places"),
          "place 74 is not refused: %s", nb_last_error(b));

    nb_event event;
    CHECK(nb_event_info(b, 0, &event) == NB_OK && event.place == 31 &&
              nb_text_is(event.title, "Welcome Lecture for New Students") &&
              nb_text_is(event.description, "Opening of the winter semester with the president") &&
              event.start == 1791792900 && event.end == 1791799200,
          "the demo's event 0 is not the welcome lecture");

    char message[256] = "";
    uint32_t samples[16];
    size_t sample_count = 0;
    /* The demo's radio map has 128 spots (one per position of input/demo-campus/wifi-survey.csv:
     * nb_radio_map_info's `spots`), so the samples are every 12.8th spot. */
    CHECK(nb_radio_map_samples(b, 10, samples, 16, &sample_count, message, sizeof message) == NB_OK && sample_count == 10 &&
              samples[0] == 0 && samples[1] == 12 && samples[9] == 115,
          "the demo's ten samples are not every 12.8th of its 128 spots");
    CHECK(nb_radio_map_samples(b, 1000, samples, 16, &sample_count, message, sizeof message) == NB_OK && sample_count == 128 &&
              samples[15] == 15,
          "a limit past the spots does not give every spot");
    CHECK(nb_radio_map_samples(b, 0, samples, 16, &sample_count, message, sizeof message) == NB_OK && sample_count == 0,
          "a limit of 0 gives samples");
    /* Spot 12 is the survey's scans s0025 and s0026 (input/demo-campus/wifi-survey.csv, building A,
     * level -1, 48.1501078 11.5804847), which both heard the six access points 00:0b:86:01:07:01
     * ... 08:03; its levels are their means: 07:01 (-70 - 67) / 2 = -68.5 dBm, 07:02 -57.5, 07:03
     * -53.5, 08:01 -89, 08:02 (-72 - 82) / 2 = -77, 08:03 -75. The access points' indexes are
     * their ranks among the map's sorted ids (the demo's 22 ids start 00:0b:86:01:07:01 ... 08:03). */
    nb_reference_point point;
    CHECK(nb_radio_map_point(b, 12, &point, message, sizeof message) == NB_OK && point.latitude == 481501078 &&
              point.longitude == 115804847 && point.floor == 0 && point.building == 0 &&
              nb_text_is(point.building_name, "A") && nb_text_is(point.floor_name, "-1") && point.reading_count == 6 &&
              point.scan_count == 2,
          "the demo's spot 12 is wrong: %s", message);
    const char *ids[6] = {"00:0b:86:01:07:01", "00:0b:86:01:07:02", "00:0b:86:01:07:03",
                          "00:0b:86:01:08:01", "00:0b:86:01:08:02", "00:0b:86:01:08:03"};
    const double rssi[6] = {-68.5, -57.5, -53.5, -89, -77, -75};
    nb_point_reading reading;
    for (uint32_t r = 0; r < 6; r++)
        CHECK(nb_radio_map_reading(b, 12, r, &reading, message, sizeof message) == NB_OK && nb_text_is(reading.id, ids[r]) &&
                  reading.access_point == r && reading.rssi == rssi[r],
              "reading %u of spot 12 is wrong: %s %u %g", r, message, reading.access_point, reading.rssi);
    CHECK(nb_radio_map_reading(b, 12, 6, &reading, message, sizeof message) == NB_ERROR_ARGUMENT &&
              strstr(message, "spot 12 lists 6 access points, not 7") && reading.id.text == NULL,
          "reading 6 of spot 12 is not refused: %s", message);
    CHECK(nb_radio_map_point(b, 128, &point, message, sizeof message) == NB_ERROR_ARGUMENT &&
              strstr(message, "spot 128 is not one of the 128"),
          "spot 128 is not refused: %s", message);
    /* A spot's readings are the access points whose spot postings list it, in index order: spot
     * 0 (scans s0001 and s0002) heard 00:0b:86:01:08:02 in one scan of two, which is kept (at
     * least half), and the readings skip no index but 4's neighbours it did not hear. */
    CHECK(nb_radio_map_reading(b, 0, 4, &reading, message, sizeof message) == NB_OK &&
              nb_text_is(reading.id, "00:0b:86:01:08:03") && reading.access_point == 5 && reading.rssi == -90,
          "reading 4 of spot 0 (s0001 and s0002 heard 08:03 at -91 and -89, 08:02 not at all): %s %u %g", message,
          reading.access_point, reading.rssi);
    /* Spot 1 (s0003 and s0004): only s0004 heard 00:0b:86:01:08:02, at -90 dBm, which is half the scans. */
    CHECK(nb_radio_map_point(b, 1, &point, message, sizeof message) == NB_OK && point.reading_count == 7 &&
              nb_radio_map_reading(b, 1, 4, &reading, message, sizeof message) == NB_OK &&
              nb_text_is(reading.id, "00:0b:86:01:08:02") && reading.access_point == 4 && reading.rssi == -90,
          "reading 4 of spot 1 is wrong: %s %u %g", message, reading.access_point, reading.rssi);
}

/* The station's records (format 1.2, no events, no radio map). */
static void test_station_records(nb_bundle *b) {
    check_record_invariants(b);
    nb_level level;
    CHECK(nb_level_info(b, 2, &level) == NB_OK && nb_text_is(level.id, "K@0") && nb_text_is(level.name, "EG") &&
              nb_text_is(level.building_id, "K") && nb_text_is(level.building_name, "Kiosk") && level.ordinal == 0,
          "the station's level 2 is not the kiosk's");
    nb_node node;
    CHECK(nb_node_record(b, 0, &node) == NB_OK && node.latitude == 494036000 && node.longitude == 86762902 &&
              node.kind == 4 && nb_text_is(node.label, "Main stairs"),
          "the station's node 0 is not the main stairs' landing");
    nb_arc arc;
    nb_climb climb;
    CHECK(nb_arc_info(b, 0, &arc) == NB_OK && arc.tail == 0 && arc.head == 1 && arc.kind == 3 && arc.length == 600 &&
              arc.indoor && nb_arc_climb(b, 0, &climb) == NB_OK && climb.steps == 0 && climb.rise == 100,
          "the station's arc 0 does not climb a level on stairs of uncounted steps");
    int32_t points[4][2];
    size_t points_count = 0;
    CHECK(nb_arc_shape(b, 5, points, 4, &points_count) == NB_OK && points_count == 2 && points[1][0] == 494036000 &&
              points[1][1] == 86764283,
          "the station's arc 5 is not straight");
    nb_place place;
    CHECK(nb_place_info(b, 0, &place) == NB_OK && place.kind == 1 && nb_text_is(place.name, "Platform 1") &&
              place.level == 0 && place.node == 17 && place.latitude == 494036853,
          "the station's place 0 is not platform 1");
    nb_event event;
    CHECK(nb_event_count(b) == 0 && nb_event_info(b, 0, &event) == NB_ERROR_ARGUMENT, "the station has events");
    char message[256] = "";
    uint32_t samples[4];
    size_t sample_count = 9;
    nb_reference_point point;
    CHECK(nb_radio_map_samples(b, 4, samples, 4, &sample_count, message, sizeof message) == NB_OK && sample_count == 0,
          "the station, without WIFI, has samples");
    CHECK(nb_radio_map_point(b, 0, &point, message, sizeof message) == NB_ERROR_UNAVAILABLE,
          "a spot of the station, without WIFI, is not unavailable");
}

/* Damage the records meet, each in a copy of the demo opened without checksums (so that the
 * damage reaches the record's own checks): a NODE label past STRS, a string that is not UTF-8,
 * SHAP's corner offsets falling, STPC with more entries than arcs. */
static void test_damaged_records(const nb_bundle *original) {
    const section *strs = find_section(original, "STRS"), *node = find_section(original, "NODE");
    const section *shap = find_section_either(original, "SHAP"), *stpc = find_section(original, "STPC");
    uint8_t *copy = malloc(image_size);
    nb_bundle *b = NULL;
    char message[1024];
    nb_node n;
    /* Node 105's label ("Lift A") named past STRS. */
    memcpy(copy, image, image_size);
    put32(copy + node->offset + 8 + 16 * 105 + 12, original->strings);
    CHECK(nb_open_memory(copy, image_size, "damaged", 0, &b, message, sizeof message) == NB_OK, "%s", message);
    if (b) {
        CHECK(nb_node_record(b, 105, &n) == NB_ERROR_FORMAT && error_says(b, "NODE names string"),
              "a label past STRS is not refused: %s", nb_last_error(b));
        nb_close(b), b = NULL;
    }
    /* Its text made invalid UTF-8. */
    memcpy(copy, image, image_size);
    uint32_t label = rd32(image + node->offset + 8 + 16 * 105 + 12);
    copy[strs->offset + 8 + 4 * ((uint64_t)rd32(image + strs->offset) + 1) + rd32(image + strs->offset + 8 + 4 * label)] = 0xFF;
    CHECK(nb_open_memory(copy, image_size, "damaged", 0, &b, message, sizeof message) == NB_OK, "%s", message);
    if (b) {
        CHECK(nb_node_record(b, 105, &n) == NB_ERROR_FORMAT && error_says(b, "is not UTF-8"),
              "a label that is not UTF-8 is not refused: %s", nb_last_error(b));
        nb_close(b), b = NULL;
    }
    /* SHAP (version 2): the second bent arc's corner offset above the third's. */
    memcpy(copy, image, image_size);
    size_t first_at = shap->offset + (16 + 12 * (((size_t)rd32(image + shap->offset) + 63) / 64) + 7) / 8 * 8;
    put32(copy + first_at + 4 * 1, rd32(image + first_at + 4 * 2) + 1);
    CHECK(nb_open_memory(copy, image_size, "damaged", 0, &b, message, sizeof message) == NB_OK, "%s", message);
    if (b) {
        int32_t points[4][2];
        size_t count = 0;
        CHECK(nb_arc_shape(b, 838, points, 4, &count) == NB_ERROR_FORMAT && error_says(b, "SHAP: corner offsets do not rise"),
              "falling SHAP offsets are not refused: %s", nb_last_error(b));
        /* Refused again: a damaged section is never taken as checked. */
        CHECK(nb_arc_shape(b, 0, points, 4, &count) == NB_ERROR_FORMAT, "damaged SHAP is refused only once");
        nb_close(b), b = NULL;
    }
    /* STPC: more entries than ARCS has arcs. */
    memcpy(copy, image, image_size);
    put32(copy + stpc->offset, original->arcs + 1);
    CHECK(nb_open_memory(copy, image_size, "damaged", 0, &b, message, sizeof message) == NB_OK, "%s", message);
    if (b) {
        nb_climb climb;
        CHECK(nb_arc_climb(b, 0, &climb) == NB_ERROR_FORMAT, "STPC with too many entries is not refused: %s", nb_last_error(b));
        nb_close(b), b = NULL;
    }
    free(copy);
}

/* ---- Bearings (GARC) ---- */

/* The bearing from `from` to `to` ((latitude, longitude) in 1e-7 degree), as docs/bundle-format.md
 * defines GARC's, in SNAP's plane of longitude scale `scale`; -1 for the same point. */
static int plain_bearing(const int32_t *from, const int32_t *to, double scale) {
    const double pi = 3.14159265358979323846;
    double dy = (double)((int64_t)to[0] - from[0]), dx = (double)((int64_t)to[1] - from[1]) * scale;
    if (dx == 0 && dy == 0) return -1;
    long steps = (long)round(atan2(dx, dy) / (2 * pi) * 256);
    return (int)((steps % 256 + 256) % 256);
}

/* The bearing leaving point `i` of a polyline whose segment bearings are `segments` (-1 for an
 * empty one): its own segment's, else the next one's that has a bearing, else the nearest before. */
static int plain_bearing_leaving(const int *segments, size_t count, size_t i) {
    for (size_t j = i; j < count; j++)
        if (segments[j] >= 0) return segments[j];
    for (size_t j = i; j-- > 0;)
        if (segments[j] >= 0) return segments[j];
    return 0;
}

/* Every arc's bearings and corners against a plain rendering of the specification from the
 * arc's shape, SNAP's scale and ARCS's length, and the arguments out of range refused. Returns
 * the number of corners seen. */
static size_t test_bearings(nb_bundle *b) {
    const section *snap = find_section(b, "SNAP");
    CHECK(nb_has_section(b, "GARC") && snap != NULL, "the bundle has no GARC or SNAP");
    if (!nb_has_section(b, "GARC") || snap == NULL) return 0;
    double scale = rdf64(section_bytes(b, snap) + 16);
    size_t corners_seen = 0, wrong = 0;
    for (uint32_t a = 0; a < nb_arc_count(b); a++) {
        size_t count = 0;
        nb_arc arc;
        CHECK(nb_arc_shape(b, a, NULL, 0, &count) == NB_OK && nb_arc_info(b, a, &arc) == NB_OK, "arc %u", a);
        int32_t (*points)[2] = malloc(sizeof *points * count);
        int *segments = malloc(sizeof(int) * count);
        double *walked = malloc(sizeof(double) * count);
        if (!points || !segments || !walked) { perror("malloc"); exit(2); }
        nb_arc_shape(b, a, points, count, &count);
        walked[0] = 0;
        for (size_t i = 0; i + 1 < count; i++) {
            segments[i] = plain_bearing(points[i], points[i + 1], scale);
            double dy = (double)((int64_t)points[i + 1][0] - points[i][0]);
            double dx = (double)((int64_t)points[i + 1][1] - points[i][1]) * scale;
            walked[i + 1] = walked[i] + sqrt(dx * dx + dy * dy);
        }
        uint8_t first = 0, last = 0;
        /* From the last segment there is no next one: the nearest before it with a bearing. */
        int arriving = plain_bearing_leaving(segments, count - 1, count - 2);
        if (nb_arc_bearings(b, a, &first, &last) != NB_OK || first != plain_bearing_leaving(segments, count - 1, 0) ||
            last != arriving)
            wrong++;
        uint32_t first_corner = 0, corners = 0;
        CHECK(nb_arc_corners(b, a, &first_corner, &corners) == NB_OK && corners == count - 2 &&
                  first_corner == corners_seen,
              "arc %u's corners are not its shape's, numbered on from the arcs before it", a);
        for (uint32_t k = 0; k < corners && k + 2 < count; k++) {
            uint32_t along = 0;
            uint8_t bearing = 0;
            double share = walked[count - 1] > 0 ? round(arc.length * walked[k + 1] / walked[count - 1]) : 0;
            uint32_t expected = share > arc.length ? arc.length : (uint32_t)share;
            if (nb_corner_bearing(b, a, k, &along, &bearing) != NB_OK || along != expected ||
                bearing != plain_bearing_leaving(segments, count - 1, k + 1))
                wrong++;
        }
        corners_seen += corners;
        free(points), free(segments), free(walked);
    }
    CHECK(wrong == 0, "%zu bearings or distances differ from the specification's", wrong);
    const section *shap = find_section_either(b, "SHAP");
    CHECK(shap == NULL || corners_seen == rd32(section_bytes(b, shap) + 4), "the arcs' corners are not all of SHAP's");
    uint8_t first = 7, last = 7;
    uint32_t along = 7, start = 7, count = 7;
    uint8_t bearing = 7;
    CHECK(nb_arc_bearings(b, nb_arc_count(b), &first, &last) == NB_ERROR_ARGUMENT && first == 0 && last == 0 &&
              error_says(b, "is not one of the"),
          "the bearings of an arc past the last are not refused: %s", nb_last_error(b));
    CHECK(nb_arc_corners(b, NB_NONE, &start, &count) == NB_ERROR_ARGUMENT && start == 0 && count == 0,
          "the corners of arc NB_NONE are not refused");
    CHECK(nb_corner_bearing(b, nb_arc_count(b), 0, &along, &bearing) == NB_ERROR_ARGUMENT && along == 0 && bearing == 0,
          "a corner of an arc past the last is not refused");
    CHECK(nb_arc_corners(b, 0, &start, &count) == NB_OK &&
              nb_corner_bearing(b, 0, count, &along, &bearing) == NB_ERROR_ARGUMENT && error_says(b, "corners of arc 0"),
          "a corner past arc 0's last is not refused: %s", nb_last_error(b));
    return corners_seen;
}

/* The demo's bearings worked out by hand from its positions (docs/bundle-format.md, "GARC"): arc 0
 * goes due north to Lift A's shaft, arc 1 due west; arc 838 leaves at atan2(-115.4, -1368) = -124.6
 * steps (131), turns at its corner, 1372.9 of 4092.8 plane units along its 4551 cm (1527 cm), and
 * arrives at -65.7 steps (190). */
static void test_hand_bearings(nb_bundle *b) {
    uint8_t first = 0, last = 0, bearing = 0;
    uint32_t along = 0, corner = 0, count = 0;
    CHECK(nb_arc_bearings(b, 0, &first, &last) == NB_OK && first == 0 && last == 0, "arc 0 does not go north");
    CHECK(nb_arc_bearings(b, 1, &first, &last) == NB_OK && first == 192 && last == 192, "arc 1 does not go west");
    CHECK(nb_arc_bearings(b, 838, &first, &last) == NB_OK && first == 131 && last == 190,
          "arc 838's bearings are %u and %u", first, last);
    CHECK(nb_arc_corners(b, 838, &corner, &count) == NB_OK && corner == 0 && count == 1 &&
              nb_corner_bearing(b, 838, 0, &along, &bearing) == NB_OK && along == 1527 && bearing == 190,
          "arc 838's corner is %u cm along, bearing %u", along, bearing);
}

/* GARC damaged in a copy of `original`'s image: its header (counts that differ from ARCS and
 * SHAP, tables cut short), with every checksum forged, is refused when the copy opens, from a file
 * and from memory; a corner's distance past its arc's length, or below the corner's before it, is
 * refused where it is read; without GARC the calls are unavailable. */
static void test_damaged_bearings(const nb_bundle *original) {
    size_t index = table_index(original, "GARC");
    const section *garc = &original->sections[index];
    uint8_t *copy = malloc(image_size);
    if (!copy) { perror("malloc"); exit(2); }
    char message[1024];
    uint32_t arcs = rd32(image + garc->offset), corners = rd32(image + garc->offset + 4);
    struct { const char *what; uint32_t at, value; uint64_t length; } headers[] = {
        {"an arc more than ARCS", 0, arcs + 1, garc->length},
        {"2^32 - 1 arcs", 0, 0xFFFFFFFFu, garc->length},
        {"a corner more than SHAP", 4, corners + 1, garc->length},
        {"2^32 - 1 corners", 4, 0xFFFFFFFFu, garc->length},
        {"its tables cut short", 0, arcs, garc->length - 8},
        {"its header cut short", 0, arcs, 12},
    };
    for (size_t i = 0; i < sizeof headers / sizeof *headers; i++) {
        memcpy(copy, image, image_size);
        put32(copy + garc->offset + headers[i].at, headers[i].value);
        put64(copy + HEADER_SIZE + ENTRY_SIZE * index + 16, headers[i].length);
        put64(copy + HEADER_SIZE + ENTRY_SIZE * index + 24, checksum(copy + garc->offset, headers[i].length));
        file_digest(copy, image_size, copy + 32);
        message[0] = 0;
        CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "GARC"),
              "GARC with %s is not refused when it opens: %s", headers[i].what, message);
    }
    /* The first arc with corners: its first corner past the arc's end, then (with two) its second
     * before its first. */
    uint32_t arc = 0, first = 0, count = 0;
    nb_bundle *b = NULL;
    while (arc < original->arcs) {
        nb_arc_corners((nb_bundle *)original, arc, &first, &count);
        if (count > 0) break;
        arc++;
    }
    int has_corners = arc < original->arcs;
    if (has_corners) {
        const uint8_t *entries = image + garc->offset + (16 + 2 * (uint64_t)arcs + 7) / 8 * 8;
        uint32_t length = rd32(original->arc_entries + 16 * (size_t)arc + 4);
        memcpy(copy, image, image_size);
        put32(copy + (entries - image) + 8 * (size_t)first, length + 1);
        CHECK(nb_open_memory(copy, image_size, "damaged", 0, &b, message, sizeof message) == NB_OK, "%s", message);
        if (b) {
            uint32_t along = 7;
            uint8_t bearing = 7, head = 0, tail = 0;
            CHECK(nb_corner_bearing(b, arc, 0, &along, &bearing) == NB_ERROR_FORMAT && along == 0 &&
                      error_says(b, "GARC: corner 0 of arc"),
                  "a corner past its arc's end is not refused: %s", nb_last_error(b));
            CHECK(nb_arc_bearings(b, arc, &tail, &head) == NB_OK, "the arc's ends are refused with its corner");
            nb_close(b), b = NULL;
        }
    }
    uint32_t two = 0;
    while (two < original->arcs) {
        nb_arc_corners((nb_bundle *)original, two, &first, &count);
        if (count > 1 && rd32(image + garc->offset + (16 + 2 * (uint64_t)arcs + 7) / 8 * 8 + 8 * (size_t)first) > 0) break;
        two++;
    }
    if (two < original->arcs) {
        size_t at = garc->offset + (16 + 2 * (size_t)arcs + 7) / 8 * 8 + 8 * (size_t)first;
        memcpy(copy, image, image_size);
        put32(copy + at + 8, rd32(image + at) - 1);
        CHECK(nb_open_memory(copy, image_size, "damaged", 0, &b, message, sizeof message) == NB_OK, "%s", message);
        if (b) {
            uint32_t along = 0;
            uint8_t bearing = 0;
            CHECK(nb_corner_bearing(b, two, 0, &along, &bearing) == NB_OK &&
                      nb_corner_bearing(b, two, 1, &along, &bearing) == NB_ERROR_FORMAT && error_says(b, "GARC: corner 1"),
                  "a corner nearer the tail than the one before it is not refused: %s", nb_last_error(b));
            nb_close(b), b = NULL;
        }
    }
    /* Renamed, GARC is a section this reader does not know. */
    memcpy(copy, image, image_size);
    copy[HEADER_SIZE + ENTRY_SIZE * index] = 'X';
    CHECK(nb_open_memory(copy, image_size, "without", 0, &b, message, sizeof message) == NB_OK, "%s", message);
    if (b) {
        uint8_t tail = 7, head = 7, bearing = 7;
        uint32_t along = 7, start = 0, corners_of = 0;
        CHECK(!nb_has_section(b, "GARC") && nb_arc_bearings(b, 0, &tail, &head) == NB_ERROR_UNAVAILABLE && tail == 0 &&
                  error_says(b, "no arc bearings"),
              "bearings without GARC are not unavailable: %s", nb_last_error(b));
        if (!has_corners) arc = 0;
        CHECK(nb_corner_bearing(b, arc, 0, &along, &bearing) == NB_ERROR_UNAVAILABLE && along == 0,
              "a corner's bearing without GARC is not unavailable");
        CHECK(nb_arc_corners(b, arc, &start, &corners_of) == NB_OK && (corners_of > 0) == has_corners,
              "an arc's corners are not SHAP's without GARC");
        nb_close(b), b = NULL;
    }
    free(copy);
}

/* pi, which strict C99's math.h does not name. */
#define LANDMARK_PI 3.14159265358979323846

/* GLMK's records agree with the rest of the bundle: a place landmark carries its place's name or
 * ref and position, a door landmark stands on a door node; each key's pairs name landmarks on the
 * key's level, most salient first, with the distance and bearing the stored positions give (in
 * SNAP's plane, as the writer computes them); and indexes one past the last are refused. */
static void test_landmarks(nb_bundle *b) {
    CHECK(nb_has_section(b, "GLMK"), "the demo campus has no GLMK");
    uint32_t landmarks = nb_landmark_count(b), keys = nb_landmark_key_count(b);
    const section *shap = find_section_either(b, "SHAP");
    uint32_t corners = shap ? rd32(section_bytes(b, shap) + 4) : 0;
    CHECK(landmarks > 0 && keys == b->nodes + corners, "GLMK has %u landmarks and %u keys", landmarks, keys);
    /* SNAP's longitude scale: the cosine of the middle of the nodes' latitudes. */
    int32_t low = INT32_MAX, high = INT32_MIN;
    for (uint32_t v = 0; v < b->nodes; v++) {
        int32_t latitude = (int32_t)rd32(b->node_entries + 16 * (size_t)v);
        if (latitude < low) low = latitude;
        if (latitude > high) high = latitude;
    }
    double scale = cos(((double)low + (double)high) / 2 / 1e7 * LANDMARK_PI / 180);
    uint32_t doors = 0, places = 0, named = 0;
    for (uint32_t i = 0; i < landmarks; i++) {
        nb_landmark_info info;
        if (nb_landmark(b, i, &info) != NB_OK) { CHECK(0, "landmark %u: %s", i, nb_last_error(b)); continue; }
        CHECK(info.level < nb_level_count(b) && info.kind <= 13 && info.naming <= 2, "landmark %u is malformed", i);
        named += info.naming == 2;
        if (info.place != NB_NONE) {
            nb_place place;
            places++;
            CHECK(nb_place_info(b, info.place, &place) == NB_OK && place.positioned && place.latitude == info.latitude &&
                      place.longitude == info.longitude,
                  "landmark %u does not stand where place %u does", i, info.place);
            const nb_text *expected = place.name.text ? &place.name : &place.ref;
            CHECK(info.name.length == expected->length && (info.name.length == 0 ||
                                                           memcmp(info.name.text, expected->text, info.name.length) == 0),
                  "landmark %u is not called as place %u is", i, info.place);
        } else if (info.kind == 0 || info.kind == 5) {
            doors++;
        }
    }
    CHECK(places > 0 && doors > 0 && named > 0, "GLMK has %u places, %u doors, %u named", places, doors, named);
    uint32_t total = 0;
    for (uint32_t key = 0; key < keys; key++) {
        uint32_t first, count;
        if (nb_landmark_pairs(b, key, &first, &count) != NB_OK) { CHECK(0, "key %u: %s", key, nb_last_error(b)); continue; }
        CHECK(first == total, "the pairs of key %u do not follow those before", key);
        total += count;
        int32_t at[2];
        if (key < b->nodes) {
            at[0] = (int32_t)rd32(b->node_entries + 16 * (size_t)key), at[1] = (int32_t)rd32(b->node_entries + 16 * (size_t)key + 4);
        } else {
            const uint8_t *corner = section_bytes(b, shap) + plain_corners_at(shap, section_bytes(b, shap)) + 8 * (size_t)(key - b->nodes);
            at[0] = (int32_t)rd32(corner), at[1] = (int32_t)rd32(corner + 4);
        }
        int previous = 256;
        for (uint32_t p = first; p < first + count; p++) {
            nb_landmark_pair_info pair;
            nb_landmark_info info;
            CHECK(nb_landmark_pair(b, p, &pair) == NB_OK && nb_landmark(b, pair.landmark, &info) == NB_OK, "pair %u", p);
            CHECK(pair.salience <= previous, "key %u's pairs are not most salient first", key);
            previous = pair.salience;
            CHECK(pair.salience / 64 == info.naming, "pair %u's salience %u does not start with the naming %u", p,
                  pair.salience, info.naming);
            double dy = (double)info.latitude - at[0], dx = ((double)info.longitude - at[1]) * scale;
            double decimetres = sqrt(dx * dx + dy * dy) / 1e7 * 6371008.8 * LANDMARK_PI / 180 * 10;
            CHECK(fabs((decimetres > 65535 ? 65535 : decimetres) - pair.distance) <= 1, "pair %u is %u dm, not %.1f", p,
                  pair.distance, decimetres);
            if (decimetres >= 10) {
                int bearing = (int)lround(atan2(dx, dy) / (2 * LANDMARK_PI) * 256) & 255;
                int off = abs(bearing - pair.bearing);
                CHECK(off <= 1 || off == 255, "pair %u's bearing is %u, not %d", p, pair.bearing, bearing);
            }
        }
        if (count > 0 && key < b->nodes) {
            nb_landmark_pair_info pair;
            nb_landmark_info info;
            nb_node node;
            if (nb_landmark_pair(b, first, &pair) == NB_OK && nb_landmark(b, pair.landmark, &info) == NB_OK &&
                nb_node_record(b, key, &node) == NB_OK && info.place == NB_NONE)
                CHECK(info.level == node.level, "key %u sees a landmark of level %u from level %u", key, info.level, node.level);
        }
    }
    CHECK(total == b->landmark_pair_count && total > 0, "the keys' pairs number %u of %u", total, b->landmark_pair_count);
    nb_landmark_info info;
    uint32_t first, count;
    CHECK(nb_landmark(b, landmarks, &info) == NB_ERROR_ARGUMENT, "landmark %u past the last is not refused", landmarks);
    CHECK(nb_landmark_pairs(b, keys, &first, &count) == NB_ERROR_ARGUMENT && count == 0,
          "key %u past the last is not refused", keys);
}

/* Damage to GLMK is refused when the bundle opens (its checksums left unchecked, so the damage
 * reaches the check), naming GLMK. */
static void test_damaged_landmarks(const nb_bundle *original) {
    const section *glmk = find_section_either(original, "GLMK");
    if (glmk == NULL) return;
    uint8_t *copy = malloc(image_size);
    const uint8_t *p = image + glmk->offset;
    uint32_t landmarks = rd32(p), pairs = rd32(p + 8);
    size_t pairs_at = (16 + 24 * (size_t)landmarks + 7) / 8 * 8;
    struct {
        const char *what, *says;
        size_t at;
        uint32_t value;
        int width;
    } damage[] = {
        {"one landmark more", "do not fill", 0, landmarks + 1, 32},
        {"a key fewer", "keys for the", 4, rd32(p + 4) - 1, 32},
        {"a landmark on a missing level", "is on level", 16 + 16, original->level_count, 16},
        {"a landmark of a missing place", "is place", 16 + 4, original->place_count, 32},
        {"a landmark naming a missing string", "names string", 16, original->strings, 32},
        {"a pair of a missing landmark", "joins key", pairs_at + 4, landmarks, 32},
        {"a pair of a missing key", "joins key", pairs_at + 12 * ((size_t)pairs - 1), rd32(p + 4), 32},
        {"the first pair's key after the second's", "out of order", pairs_at, rd32(image + glmk->offset + pairs_at + 12) + 1, 32},
    };
    for (size_t i = 0; i < sizeof damage / sizeof *damage; i++) {
        memcpy(copy, image, image_size);
        if (damage[i].width == 16) put16(copy + glmk->offset + damage[i].at, (uint16_t)damage[i].value);
        else put32(copy + glmk->offset + damage[i].at, damage[i].value);
        nb_bundle *b = NULL;
        char message[1024];
        nb_status status = nb_open_memory(copy, image_size, "damaged", 0, &b, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, "GLMK") && strstr(message, damage[i].says),
              "GLMK with %s is not refused: %s", damage[i].what, status == NB_OK ? "opened" : message);
        if (b) nb_close(b);
    }
    free(copy);
}

static void test_station_platforms(nb_bundle *b);

static void test_station(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    fseek(file, 0, SEEK_END);
    size_t size = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = malloc(size);
    if (fread(bytes, 1, size, file) != size) { perror(path); exit(2); }
    fclose(file);
    char message[1024];
    nb_bundle *b = NULL;
    if (nb_open(path, 1, &b, message, sizeof message) != NB_OK) {
        fprintf(stderr, "FAIL: %s\n", message);
        exit(1);
    }
    CHECK(nb_format_major(b) == 1 && nb_format_minor(b) == 7, "the station is not format 1.7");
    test_endpoints(b);
    test_profile_snap(b);
    /* Conditions resolve without CCHT, but cannot be applied. */
    test_conditions(b, "Rossmann", "Lift 1");
    test_ways_out(b, "station", NULL);
    /* Its hierarchies, so that CHxx stays tested when the demo has CCHT. */
    test_routes_and_exits(b, 0);
    test_reference_paths(b);
    test_custom_weights(b);
    test_station_records(b);
    test_bearings(b);
    test_station_platforms(b);
    /* The damage tests work on the global image. */
    uint8_t *demo = image;
    size_t demo_size = image_size;
    image = bytes, image_size = size;
    test_damaged_places(b);
    test_damaged_bearings(b);
    if (!has_cch(b)) test_damaged_hierarchy(b);
    image = demo, image_size = demo_size;
    nb_close(b);
    free(bytes);
}

/* EGRS in section version 2 (docs/bundle-format.md), read plainly: a node with its bit set is the
 * next entry in node order and has a way out that is not itself in some profile; every other node
 * is its own exit at no cost; the ranks count the entries before each word. Version 1 is not read,
 * and a count or rank past the entries is refused when used. Works on the global image. */
static void test_egress_layout(nb_bundle *b) {
    const section *s = find_section_version(b, "EGRS", 2);
    CHECK(s != NULL, "no EGRS of section version 2");
    if (s == NULL) return;
    const uint8_t *e = section_bytes(b, s);
    uint32_t tables = rd32(e), count = rd32(e + 8), listed = 0, words = (b->nodes + 63) / 64;
    CHECK(tables == b->profiles && rd32(e + 4) == b->nodes, "EGRS holds %u tables of %u nodes", tables, rd32(e + 4));
    const uint8_t *ranks = e + 16 + 8 * (size_t)words, *entries = e + (16 + 12 * (size_t)words + 7) / 8 * 8;
    for (uint32_t node = 0; node < b->nodes; node++) {
        if (node % 64 == 0) CHECK(rd32(ranks + 4 * (size_t)(node / 64)) == listed, "EGRS: the rank of word %u", node / 64);
        int has = e[16 + node / 8] >> (node % 8) & 1;
        int own = 1; /* its own exit in every profile */
        for (uint32_t profile = 0; profile < b->profiles && has; profile++) {
            const uint8_t *entry = entries + 12 * ((size_t)profile * count + listed);
            own &= rd32(entry) == node && rd32(entry + 4) == 0 && rd32(entry + 8) == NB_NONE;
        }
        CHECK(!has || !own, "EGRS lists node %u, whose way out is itself", node);
        for (uint32_t profile = 0; profile < b->profiles && !has; profile++) {
            uint32_t exit_node, cost, *nodes;
            size_t length;
            CHECK(nb_nearest_exit(b, profile, node, &exit_node, &cost, &nodes, &length) == NB_OK && exit_node == node &&
                      cost == 0 && length == 1 && nodes[0] == node,
                  "node %u, unlisted, is not its own way out", node);
            free(nodes);
        }
        listed += has;
    }
    CHECK(listed == count, "EGRS counts %u entries and sets %u bits", count, listed);
    printf("EGRS: %u of %u nodes have ways out to take (%u bytes)\n", count, b->nodes, (unsigned)s->length);
    size_t index = table_index(b, "EGRS");
    uint8_t *copy = malloc(image_size);
    if (!copy) { perror("malloc"); exit(2); }
    char message[1024];
    nb_bundle *damaged = NULL;
    uint32_t exit_node, cost, *nodes;
    size_t length;
    /* The first layout, or a later one: not read, and the reader says to rebuild. */
    memcpy(copy, image, image_size), put16(copy + HEADER_SIZE + ENTRY_SIZE * index + 4, 1), reseal(copy, b, SIZE_MAX, 1);
    CHECK(nb_open_memory(copy, image_size, "egrs-v1", 1, &damaged, message, sizeof message) == NB_OK, "%s", message);
    if (damaged) {
        CHECK(nb_nearest_exit(damaged, 0, 0, &exit_node, &cost, &nodes, &length) == NB_ERROR_UNAVAILABLE &&
                  error_says(damaged, "rebuild"),
              "EGRS of version 1: %s", nb_last_error(damaged));
        nb_close(damaged), damaged = NULL;
    }
    /* An entry count past the section. */
    memcpy(copy, image, image_size), put32(copy + s->offset + 8, count + 1), reseal(copy, b, index, 1);
    CHECK(nb_open_memory(copy, image_size, "egrs-count", 1, &damaged, message, sizeof message) == NB_OK, "%s", message);
    if (damaged) {
        CHECK(nb_nearest_exit(damaged, 0, 0, &exit_node, &cost, &nodes, &length) == NB_ERROR_FORMAT && error_says(damaged, "EGRS"),
              "EGRS with one entry too many: %s", nb_last_error(damaged));
        nb_close(damaged), damaged = NULL;
    }
    /* The last listed node's word ranked past the entries: refused when that node is asked. */
    uint32_t last = b->nodes;
    while (last-- > 0 && !(e[16 + last / 8] >> (last % 8) & 1)) {}
    if (last < b->nodes) {
        memcpy(copy, image, image_size), put32(copy + s->offset + 16 + 8 * (size_t)words + 4 * (size_t)(last / 64), count), reseal(copy, b, index, 1);
        CHECK(nb_open_memory(copy, image_size, "egrs-rank", 1, &damaged, message, sizeof message) == NB_OK, "%s", message);
        if (damaged) {
            CHECK(nb_nearest_exit(damaged, 0, last, &exit_node, &cost, &nodes, &length) == NB_ERROR_FORMAT &&
                      error_says(damaged, "past the"),
                  "EGRS with a rank past its entries: %s", nb_last_error(damaged));
            nb_close(damaged);
        }
    }
    free(copy);
}

/* A bundle whose EGRC has entries (TU Dresden's emergency exits), for the ways out. */
static void test_egress_bundle(const char *path) {
    char message[1024];
    nb_bundle *b = NULL;
    if (nb_open(path, 1, &b, message, sizeof message) != NB_OK) {
        CHECK(0, "%s", message);
        return;
    }
    const section *s = find_section(b, "EGRC");
    CHECK(s && s->length >= 8 && rd32(section_bytes(b, s) + 4) > 0, "%s has no EGRC entries", path);
    if (s) test_ways_out(b, path, NULL);
    nb_close(b);
}

/* ---- Wi-Fi locating (WIFI) ---- */

/* The answer line of a fix as readers/vectors/README.md writes it. */
static void fix_answer(nb_status status, const nb_fix *fix, const char *message, char *got, size_t size) {
    if (status != NB_OK) snprintf(got, size, "error %d: %s", status, message);
    else if (!fix->located) snprintf(got, size, "unknown");
    else {
        char level[16] = "-";
        if (fix->venue_level != NB_NONE) snprintf(level, sizeof level, "%u", fix->venue_level);
        snprintf(got, size, "%u %u %s %d %d %lld %u", fix->building, fix->floor, level, (int)fix->latitude_e7,
                 (int)fix->longitude_e7, (long long)round(fix->confidence * 1e6), fix->neighbours);
    }
}

static void locate_answer(const nb_bundle *b, const nb_scan_reading *readings, size_t count, char *got, size_t size) {
    char message[1024] = "";
    nb_fix fix;
    nb_status status = nb_locate(b, readings, count, &fix, message, sizeof message);
    fix_answer(status, &fix, message, got, size);
}

/* The readings of a `locate` query's scan, cut in place; 0 for text the query calls invalid. */
static int parse_scan(char *text, nb_scan_reading *readings, size_t capacity, size_t *count) {
    *count = 0;
    for (char *pair = text; pair; (*count)++) {
        char *end = strchr(pair, ','), *colon, *rest;
        if (end) *end++ = 0;
        colon = strrchr(pair, ':');
        if (!colon || colon == pair || *count == capacity) return 0;
        *colon = 0;
        double rssi = strtod(colon + 1, &rest);
        const char *digits = colon + 1 + (colon[1] == '-');
        if (*rest || !is_digit((uint8_t)*digits) || strchr(colon + 1, 'e') || strchr(colon + 1, 'E') || strchr(colon + 1, '+') ||
            digits[strlen(digits) - 1] == '.' || strchr(colon + 1, ' '))
            return 0;
        readings[*count].id = pair, readings[*count].rssi = rssi;
        pair = end;
    }
    return 1;
}

/* Every `locate` of the Swift reader's answers (readers/vectors/demo-campus.queries) answered
 * the same, byte for byte. */
static void test_swift_locate(const nb_bundle *b, const char *answers) {
    FILE *file = fopen(answers, "rb");
    if (!file) { perror(answers); exit(2); }
    char *line = NULL, got[256];
    size_t capacity = 0, located = 0, unknown = 0, differ = 0;
    ssize_t length;
    nb_scan_reading readings[256];
    while ((length = getline(&line, &capacity, file)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[--length] = 0;
        char *arrow = strstr(line, " => ");
        if (strncmp(line, "locate ", 7) != 0 || !arrow) continue;
        *arrow = 0;
        const char *expected = arrow + 4;
        size_t count;
        if (strcmp(expected, "invalid") == 0) continue;
        CHECK(parse_scan(line + 7, readings, 256, &count), "'%s' does not parse", line);
        locate_answer(b, readings, count, got, sizeof got);
        unknown += strcmp(expected, "unknown") == 0, located += strcmp(expected, "unknown") != 0;
        if (strcmp(got, expected) != 0 && differ++ < 3) CHECK(0, "'%s': the C reader answers '%s', Swift '%s'", line, got, expected);
    }
    free(line);
    fclose(file);
    CHECK(located > 400 && unknown > 0 && differ == 0, "%zu of %zu scans differ from the Swift reader's (%s)", differ,
          located + unknown, answers);
    printf("locate: %zu scans located and %zu unknown as the Swift reader does\n", located, unknown);
}

/* The access point ids of the demo's map, in index order. */
static size_t map_ids(const nb_bundle *b, char ids[][32], size_t capacity) {
    radio_map m;
    if (read_radio_map(b, &m, NULL, 0) != NB_OK) return 0;
    size_t count = 0;
    for (uint32_t a = 0; a < m.access_points && count < capacity; a++) {
        const uint8_t *text;
        uint32_t length;
        if (wifi_string(&m, rd32(m.p + m.ids_at + 4 * a), &text, &length) != NB_OK || length >= 32) return 0;
        memcpy(ids[count], text, length), ids[count++][length] = 0;
    }
    return count;
}

/* A plain rendering of docs/bundle-format.md's "Locating a scan" that shares nothing with the
 * reader but the weight function (step 1): the tables found from the header by its own
 * arithmetic, every record's sums in plain arrays from a pass over every posting, each floor's
 * nearest and the position's neighbours by repeated selection. `readings` use the map's own ids. */
static void plain_locate(const nb_bundle *b, const nb_scan_reading *readings, size_t count, char *got, size_t size) {
    const section *s = find_section_version(b, "WIFI", WIFI_VERSION);
    const uint8_t *p = section_bytes(b, s);
    uint32_t A = rd32(p), B = rd32(p + 4), F = rd32(p + 8), R = rd32(p + 12), C = rd32(p + 16), P = rd32(p + 20);
    double fe = rdf64(p + 40), pe = rdf64(p + 48), weakest = rdf64(p + 56), ratio = rdf64(p + 64);
    uint32_t floor_scans = rd16(p + 72), floor_spots = rd16(p + 74), nn = rd16(p + 76), source = p[78], inverse = p[79];
    /* The tables' offsets, each table padded to 8 but the spots (after the floors, 16 bytes each). */
    uint64_t at = 80 + 4 * (uint64_t)A, first_at[2], postings_at[2];
    at = (at + 7) / 8 * 8, first_at[0] = at, at += 4 * ((uint64_t)A + 1);
    at = (at + 7) / 8 * 8, first_at[1] = at, at += 4 * ((uint64_t)A + 1);
    at = (at + 7) / 8 * 8, at += 4 * (uint64_t)B;
    at = (at + 7) / 8 * 8;
    const uint8_t *floors = p + at, *spots = floors + 16 * (uint64_t)F;
    at += 16 * (uint64_t)F + 12 * (uint64_t)R;
    at = (at + 7) / 8 * 8;
    const uint8_t *scans = p + at;
    at += 4 * (uint64_t)C;
    at = (at + 7) / 8 * 8, postings_at[0] = at, at += 4 * (uint64_t)P;
    at = (at + 7) / 8 * 8, postings_at[1] = at;
    char ids[512][32];
    size_t known = map_ids(b, ids, 512);
    double best[512];
    for (size_t a = 0; a < known; a++) best[a] = -INFINITY;
    for (size_t i = 0; i < count; i++)
        for (size_t a = 0; a < known; a++)
            if (strcmp(readings[i].id, ids[a]) == 0 && isfinite(readings[i].rssi) && readings[i].rssi > weakest &&
                readings[i].rssi > best[a])
                best[a] = readings[i].rssi;
    /* Step 2: q per access point and exponent, T per exponent. */
    double q[2][512] = {{0}}, total[2] = {0, 0};
    size_t heard = 0;
    for (size_t a = 0; a < known; a++) {
        if (best[a] == -INFINITY) continue;
        heard++;
        q[0][a] = wifi_weight(best[a], weakest, fe), q[1][a] = wifi_weight(best[a], weakest, pe);
        total[0] += q[0][a], total[1] += q[1][a];
    }
    if (heard == 0) {
        snprintf(got, size, "unknown");
        return;
    }
    /* Step 3 over every posting: records are spots 0 ..< R, then scans R ..< R + C. */
    uint32_t records = R + C;
    double *mass[2] = {calloc(records + 1, sizeof(double)), calloc(records + 1, sizeof(double))};
    double *common[2] = {calloc(records + 1, sizeof(double)), calloc(records + 1, sizeof(double))};
    double *distance[2] = {calloc(records + 1, sizeof(double)), calloc(records + 1, sizeof(double))};
    uint32_t *floor_of = calloc(records + 1, sizeof(uint32_t)), *spot_of = calloc(records + 1, sizeof(uint32_t));
    uint8_t *used = calloc(records + 1, 1);
    for (uint32_t r = 0; r < records; r++) {
        spot_of[r] = r < R ? r : rd32(scans + 4 * (uint64_t)(r - R));
        floor_of[r] = rd16(spots + 12 * (uint64_t)spot_of[r] + 8);
    }
    for (int kind = 0; kind < 2; kind++)
        for (uint32_t a = 0; a < A; a++)
            for (uint32_t k = rd32(p + first_at[kind] + 4 * a); k < rd32(p + first_at[kind] + 4 * (a + 1)); k++) {
                uint32_t posting = rd32(p + postings_at[kind] + 4 * (uint64_t)k), r = (kind ? R : 0) + (posting >> 8);
                double dbm = (double)(posting & 0xFF) / 2 - 128;
                for (int e = 0; e < 2; e++) {
                    double m = wifi_weight(dbm, weakest, e ? pe : fe);
                    mass[e][r] += m;
                    common[e][r] += q[e][a] < m ? q[e][a] : m;
                }
            }
    size_t near = 0;
    for (uint32_t r = 0; r < records; r++) {
        near += common[0][r] > 0;
        for (int e = 0; e < 2; e++) {
            double both = total[e] + mass[e][r];
            distance[e][r] = both > 0 ? (both - 2 * common[e][r]) / both : 1;
        }
    }
    if (near == 0) {
        snprintf(got, size, "unknown");
        goto done;
    }
    /* Step 5: per floor, its nearest scans then spots, each picked by selection. */
    uint32_t winner = 0;
    double score_of_winner = INFINITY, second = INFINITY;
    for (uint32_t f = 0; f < F; f++) {
        double score = 0;
        for (int scans_kind = 1; scans_kind >= 0; scans_kind--) {
            uint32_t wanted = scans_kind ? floor_scans : floor_spots, found = 0;
            double sum = 0;
            memset(used, 0, records);
            for (; found < wanted; found++) {
                uint32_t pick = records;
                for (uint32_t r = 0; r < records; r++)
                    if (!used[r] && common[0][r] > 0 && floor_of[r] == f && (r >= R) == scans_kind &&
                        (pick == records || distance[0][r] < distance[0][pick]))
                        pick = r;
                if (pick == records) break;
                used[pick] = 1, sum += distance[0][pick];
            }
            for (; found < wanted; found++) sum += 1;
            score += sum / wanted;
        }
        if (score < score_of_winner) second = score_of_winner, score_of_winner = score, winner = f;
        else if (score < second) second = score;
    }
    /* Step 6. */
    double confidence = 1;
    if (F > 1) {
        if (score_of_winner == 0) confidence = second > 0 ? 1 : 0;
        else {
            double x = 9 * (second / score_of_winner - 1) / (ratio - 1);
            confidence = x / (1 + x);
        }
    }
    /* Step 7: the floor's near records of the rule's kind, else of any kind, by (d_p, scans
     * first, index). */
    int any_of_kind = 0;
    for (uint32_t r = 0; r < records; r++)
        any_of_kind |= common[0][r] > 0 && floor_of[r] == winner && (source == 3 || (source == 1) == (r >= R));
    double latitude = 0, longitude = 0, sum = 0;
    uint32_t averaged = 0;
    memset(used, 0, records);
    for (; averaged < nn; averaged++) {
        uint32_t pick = records;
        for (uint32_t r = 0; r < records; r++) {
            if (used[r] || common[0][r] == 0 || floor_of[r] != winner) continue;
            if (any_of_kind && !(source == 3 || (source == 1) == (r >= R))) continue;
            if (pick == records || distance[1][r] < distance[1][pick] ||
                (distance[1][r] == distance[1][pick] && (r >= R) && pick < R))
                pick = r; /* equal distance and kind: the lower index, found first */
        }
        if (pick == records) break;
        used[pick] = 1;
        double v = inverse ? 1 / (distance[1][pick] + 1e-6) : 1;
        const uint8_t *spot = spots + 12 * (uint64_t)spot_of[pick];
        volatile double y = (int32_t)rd32(spot) * v, x = (int32_t)rd32(spot + 4) * v;
        latitude += y, longitude += x, sum += v;
    }
    const uint8_t *floor = floors + 16 * (uint64_t)winner;
    uint32_t level = rd16(floor + 6);
    char level_text[16] = "-";
    if (level != 0xFFFF) snprintf(level_text, sizeof level_text, "%u", level);
    snprintf(got, size, "%u %u %s %d %d %lld %u", rd16(floor + 4), winner, level_text, (int)round(latitude / sum),
             (int)round(longitude / sum), (long long)round(confidence * 1e6), averaged);
done:
    for (int e = 0; e < 2; e++) free(mass[e]), free(common[e]), free(distance[e]);
    free(floor_of), free(spot_of), free(used);
}

/* Random scans of the map's own ids, located by the reader and by the plain rendering. */
static void test_plain_locate(const nb_bundle *b) {
    char ids[512][32], got[256], expected[256];
    size_t known = map_ids(b, ids, 512), differ = 0, located = 0;
    CHECK(known > 10, "the demo's radio map has %zu access points", known);
    nb_scan_reading readings[64];
    for (int scan = 0; scan < 600; scan++) {
        size_t count = 1 + next_random() % 12;
        for (size_t i = 0; i < count; i++) {
            readings[i].id = ids[next_random() % known];
            /* Whole and half decibels (ties between access points), the weakest and beyond. */
            readings[i].rssi = next_random() % 5 == 0 ? -104 - (double)(next_random() % 3) : -30 - (double)(next_random() % 150) / 2;
        }
        locate_answer(b, readings, count, got, sizeof got);
        plain_locate(b, readings, count, expected, sizeof expected);
        located += strcmp(got, "unknown") != 0;
        if (strcmp(got, expected) != 0 && differ++ < 3) CHECK(0, "scan %d: the reader answers '%s', the plain rendering '%s'", scan, got, expected);
    }
    CHECK(located > 400, "only %zu of 600 random scans located", located);
}

static void test_bssid_spellings(const nb_bundle *b) {
    struct { const char *id, *normalised; } spellings[] = {
        {"00:0b:86:1a:2b:3c", "00:0b:86:1a:2b:3c"}, {"00:0B:86:1A:2B:3C", "00:0b:86:1a:2b:3c"},
        {"0:B:86:1A:2B:3C", "00:0b:86:1a:2b:3c"},   {"0-b-86-1a-2b-3c", "00:0b:86:1a:2b:3c"},
        {"000B861A2B3C", "00:0b:86:1a:2b:3c"},      {"a:b:c:d:e:f", "0a:0b:0c:0d:0e:0f"},
        {"FF-FF-FF-FF-FF-FF", "ff:ff:ff:ff:ff:ff"}, {"0:b:86:1a:2b", NULL}, {"00:0b:86:1a:2b:3c:4d", NULL},
        {"00:0b-86:1a:2b:3c", NULL}, {"00-0b-86-1a-2b:3c", NULL}, {"000:b:86:1a:2b:3c", NULL}, {"00::86:1a:2b:3c", NULL},
        {"00:0g:86:1a:2b:3c", NULL}, {"000B861A2B3", NULL}, {"000B861A2B3CD", NULL}, {"000B861A2B3G", NULL},
        {":0b:86:1a:2b:3c", NULL}, {"00:0b:86:1a:2b:", NULL}, {"WAP012", NULL}, {"", NULL}, {"0:b:86:1a:2b:3c ", NULL},
        {"00:0b:86:1a:2b:3c:", NULL}, {"-0b-86-1a-2b-3c-", NULL}};
    for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
        char out[18] = {0};
        int changed = normalised_bssid((const uint8_t *)spellings[i].id, strlen(spellings[i].id), out);
        CHECK(spellings[i].normalised ? changed && strcmp(out, spellings[i].normalised) == 0 : !changed,
              "'%s' normalised to '%s'", spellings[i].id, changed ? out : "(itself)");
    }
    /* On the map: every spelling of an access point finds it. */
    char ids[512][32];
    size_t known = map_ids(b, ids, 512);
    if (known == 0 || strlen(ids[known - 1]) != 17) {
        CHECK(0, "the demo's last access point is no BSSID");
        return;
    }
    char upper[18], dashes[18], bare[13], short_groups[18], got[256], expected[256];
    const char *id = ids[known - 1];
    for (int i = 0; i < 18; i++) upper[i] = (char)toupper((unsigned char)id[i]), dashes[i] = id[i] == ':' ? '-' : id[i];
    for (int g = 0; g < 6; g++) bare[2 * g] = upper[3 * g], bare[2 * g + 1] = upper[3 * g + 1];
    bare[12] = 0;
    size_t used = 0;
    for (int g = 0; g < 6; g++) {
        if (id[3 * g] != '0') short_groups[used++] = id[3 * g];
        short_groups[used++] = id[3 * g + 1];
        short_groups[used++] = g < 5 ? ':' : 0;
    }
    nb_scan_reading scan = {id, -60};
    locate_answer(b, &scan, 1, expected, sizeof expected);
    CHECK(strcmp(expected, "unknown") != 0, "the map's own id '%s' is not located", id);
    const char *others[] = {upper, dashes, bare, short_groups};
    for (int i = 0; i < 4; i++) {
        scan.id = others[i];
        locate_answer(b, &scan, 1, got, sizeof got);
        CHECK(strcmp(got, expected) == 0, "'%s' locates '%s', '%s' '%s'", others[i], got, id, expected);
    }
    char broken[18];
    memcpy(broken, id, 18), broken[2] = '-';
    scan.id = broken;
    locate_answer(b, &scan, 1, got, sizeof got);
    CHECK(strcmp(got, "unknown") == 0, "'%s', separators mixed, locates '%s'", broken, got);
}

/* An access point listed twice keeps its stronger reading, whichever comes first. */
static void test_duplicates(const nb_bundle *b) {
    char ids[512][32], strong[256], weak[256], got[256];
    size_t known = map_ids(b, ids, 512);
    nb_scan_reading scan[8];
    int found = 0;
    /* A scan where weakening one reading moves the fix, so that keeping the wrong one would show. */
    for (size_t a = 0; a < known && !found; a++)
        for (size_t other = 0; other < known && !found; other++) {
            if (other == a) continue;
            scan[0] = (nb_scan_reading){ids[a], -50}, scan[1] = (nb_scan_reading){ids[other], -70};
            locate_answer(b, scan, 2, strong, sizeof strong);
            scan[0].rssi = -95;
            locate_answer(b, scan, 2, weak, sizeof weak);
            found = strcmp(strong, weak) != 0;
        }
    CHECK(found, "no scan of the demo changes with one reading's strength");
    nb_scan_reading twice[3] = {{scan[0].id, -95}, scan[1], {scan[0].id, -50}};
    locate_answer(b, twice, 3, got, sizeof got);
    CHECK(strcmp(got, strong) == 0, "stronger last: '%s', expected '%s' (the weaker gives '%s')", got, strong, weak);
    twice[0].rssi = -50, twice[2].rssi = -95;
    locate_answer(b, twice, 3, got, sizeof got);
    CHECK(strcmp(got, strong) == 0, "stronger first: '%s', expected '%s'", got, strong);
    /* The same id spelt two ways is one access point. */
    char upper[32];
    for (size_t i = 0; i <= strlen(scan[0].id); i++) upper[i] = (char)toupper((unsigned char)scan[0].id[i]);
    twice[0].id = upper, twice[0].rssi = -50;
    locate_answer(b, twice, 3, got, sizeof got);
    CHECK(strcmp(got, strong) == 0, "respelt twice: '%s', expected '%s'", got, strong);
}

static void test_unknown_scans(const nb_bundle *b) {
    char ids[512][32], message[1024];
    size_t known = map_ids(b, ids, 512);
    nb_fix fix;
    nb_radio_map map;
    /* The demo survey (input/demo-campus/wifi-survey.csv) has 256 scans at 128 positions and 22
     * access points; the header's counts and parameters are the map's. */
    const uint8_t *p = section_bytes(b, find_section_version(b, "WIFI", WIFI_VERSION));
    CHECK(nb_radio_map_info(b, &map, message, sizeof message) == NB_OK && map.access_points == known && known == 22 &&
              map.spots == 128 && map.scans == 256 && map.buildings == rd32(p + 4) && map.floors == rd32(p + 8) &&
              map.spot_postings == rd32(p + 20) && map.scan_postings == rd32(p + 24) && map.weakest_rssi == -104 &&
              map.floor_exponent == rdf64(p + 40) && map.position_exponent == rdf64(p + 48) &&
              map.certain_ratio == rdf64(p + 64) && map.certain_ratio > 1 && map.floor_scans == rd16(p + 72) &&
              map.floor_spots == rd16(p + 74) && map.neighbours == rd16(p + 76) && map.neighbours >= 1 &&
              map.position_source == p[78] && map.position_source >= 1 && map.position_source <= 3 &&
              map.inverse_distance == p[79] && map.inverse_distance <= 1,
          "radio map info: %s", message);
    /* Every scan is one of a spot's, and a spot's postings are at most as many as its scans'
     * distinct access points: the spots' postings are fewer than the scans'. */
    CHECK(map.spot_postings > 0 && map.spot_postings < map.scan_postings, "the demo's postings: %u spot, %u scan",
          map.spot_postings, map.scan_postings);
    CHECK(nb_locate(b, NULL, 0, &fix, message, sizeof message) == NB_OK && !fix.located && fix.confidence == 0 &&
              fix.venue_level == NB_NONE && fix.building_name == NULL,
          "an empty scan is not unknown");
    nb_scan_reading scans[][2] = {
        {{"02:00:00:00:00:01", -40}, {"WAP999", -30}},
        {{ids[0], -104}, {ids[1], -104.5}},
        {{ids[0], NAN}, {ids[1], -INFINITY}},
        {{ids[0], INFINITY}, {"nothing", -20}},
    };
    for (size_t i = 0; i < sizeof scans / sizeof *scans; i++) {
        nb_status status = nb_locate(b, scans[i], 2, &fix, message, sizeof message);
        CHECK(status == NB_OK && !fix.located && fix.confidence == 0 && fix.neighbours == 0 && fix.venue_level == NB_NONE,
              "scan %zu: %d %d", i, status, fix.located);
    }
    /* -103.99 dBm passes the weakest RSSI, but its weight under the floor exponent rounds to 0
     * (step 1), so no record has a common weight above 0 (step 3): unknown. -100 dBm weighs more. */
    nb_scan_reading barely = {ids[0], -103.99};
    CHECK(wifi_weight(-103.99, -104, map.floor_exponent) == 0 && nb_locate(b, &barely, 1, &fix, message, sizeof message) == NB_OK &&
              !fix.located && fix.neighbours == 0,
          "-103.99 dBm, weighing 0, is located");
    barely.rssi = -100;
    CHECK(wifi_weight(-100, -104, map.floor_exponent) > 0 && nb_locate(b, &barely, 1, &fix, message, sizeof message) == NB_OK &&
              fix.located,
          "-100 dBm is not located");
    CHECK(fix.confidence >= 0 && fix.confidence <= 1 && fix.neighbours >= 1 && fix.neighbours <= map.neighbours &&
              fix.building_name && fix.floor_name && fix.latitude == fix.latitude_e7 / 1e7 && fix.building < map.buildings &&
              fix.floor < map.floors,
          "a fix's fields");
    nb_scan_reading nameless = {NULL, -50};
    CHECK(nb_locate(b, &nameless, 1, &fix, message, sizeof message) == NB_ERROR_ARGUMENT && strstr(message, "no access point id"),
          "a reading without an id: %s", message);
    CHECK(nb_locate(b, NULL, 2, &fix, message, sizeof message) == NB_ERROR_ARGUMENT, "a scan without readings");
}

/* A radio map of the test's own, written as docs/bundle-format.md lays WIFI out (section version
 * 2): ids, building names and floor names are its strings, in that order; each access point's
 * postings follow from what the records hear, ascending by record; a spot's scan count and a
 * floor's first spot from the scans and spots. */
typedef struct {
    uint16_t access_point;
    uint8_t level; /* dBm = level / 2 - 128 */
} test_heard;

typedef struct {
    int32_t latitude, longitude;
    uint16_t floor;
    size_t heard_count;
    test_heard heard[4];
} test_spot;

typedef struct {
    uint32_t spot;
    size_t heard_count;
    test_heard heard[4];
} test_scan;

typedef struct {
    const char *name;
    uint16_t building, venue_level;
    int32_t ordinal;
} test_floor;

typedef struct {
    size_t access_point_count, building_count, floor_count, spot_count, scan_count;
    const char *ids[8], *buildings[4];
    test_floor floors[4];
    test_spot spots[8];
    test_scan scans[8];
    double floor_exponent, position_exponent, weakest, certain_ratio;
    uint16_t floor_scans, floor_spots, neighbours;
    uint8_t source, inverse;
} test_map;

static size_t aligned_to_8(size_t offset) { return (offset + 7) / 8 * 8; }

static size_t make_wifi(const test_map *t, uint8_t *out, size_t capacity) {
    size_t A = t->access_point_count, B = t->building_count, F = t->floor_count, R = t->spot_count, C = t->scan_count;
    size_t S = A + B + F, N = 0, P = 0, Q = 0;
    for (size_t r = 0; r < R; r++) P += t->spots[r].heard_count;
    for (size_t c = 0; c < C; c++) Q += t->scans[c].heard_count;
    const char *strings[16];
    for (size_t i = 0; i < A; i++) strings[i] = t->ids[i];
    for (size_t i = 0; i < B; i++) strings[A + i] = t->buildings[i];
    for (size_t i = 0; i < F; i++) strings[A + B + i] = t->floors[i].name;
    for (size_t i = 0; i < S; i++) N += strlen(strings[i]);
    size_t spot_first_at = aligned_to_8(80 + 4 * A), scan_first_at = aligned_to_8(spot_first_at + 4 * (A + 1));
    size_t buildings_at = aligned_to_8(scan_first_at + 4 * (A + 1)), floors_at = aligned_to_8(buildings_at + 4 * B);
    size_t spots_at = floors_at + 16 * F, scans_at = aligned_to_8(spots_at + 12 * R);
    size_t spot_postings_at = aligned_to_8(scans_at + 4 * C), scan_postings_at = aligned_to_8(spot_postings_at + 4 * P);
    size_t offsets_at = aligned_to_8(scan_postings_at + 4 * Q), text_at = offsets_at + 4 * (S + 1);
    size_t size = aligned_to_8(text_at + N);
    if (size > capacity) exit(2);
    memset(out, 0, size);
    uint32_t counts[9] = {(uint32_t)A, (uint32_t)B, (uint32_t)F, (uint32_t)R, (uint32_t)C,
                          (uint32_t)P, (uint32_t)Q, (uint32_t)S, (uint32_t)N};
    for (int i = 0; i < 9; i++) put32(out + 4 * i, counts[i]);
    double parameters[4] = {t->floor_exponent, t->position_exponent, t->weakest, t->certain_ratio};
    for (int i = 0; i < 4; i++) memcpy(out + 40 + 8 * i, &parameters[i], 8);
    put16(out + 72, t->floor_scans), put16(out + 74, t->floor_spots), put16(out + 76, t->neighbours);
    out[78] = t->source, out[79] = t->inverse;
    for (size_t i = 0; i < A; i++) put32(out + 80 + 4 * i, (uint32_t)i);
    for (size_t i = 0; i < B; i++) put32(out + buildings_at + 4 * i, (uint32_t)(A + i));
    for (size_t f = 0; f < F; f++) {
        uint8_t *e = out + floors_at + 16 * f;
        uint32_t first_spot = 0;
        while (first_spot < R && t->spots[first_spot].floor < f) first_spot++;
        put32(e, (uint32_t)(A + B + f)), put16(e + 4, t->floors[f].building), put16(e + 6, t->floors[f].venue_level);
        put32(e + 8, (uint32_t)t->floors[f].ordinal), put32(e + 12, first_spot);
    }
    for (size_t r = 0; r < R; r++) {
        uint8_t *e = out + spots_at + 12 * r;
        uint16_t scans = 0;
        for (size_t c = 0; c < C; c++) scans += t->scans[c].spot == r;
        put32(e, (uint32_t)t->spots[r].latitude), put32(e + 4, (uint32_t)t->spots[r].longitude);
        put16(e + 8, t->spots[r].floor), put16(e + 10, scans);
    }
    for (size_t c = 0; c < C; c++) put32(out + scans_at + 4 * c, t->scans[c].spot);
    /* Postings by access point, each ascending by record: spot or scan << 8 | level. */
    size_t spot_posting = 0, scan_posting = 0;
    for (size_t a = 0; a <= A; a++) {
        put32(out + spot_first_at + 4 * a, (uint32_t)spot_posting), put32(out + scan_first_at + 4 * a, (uint32_t)scan_posting);
        for (size_t r = 0; a < A && r < R; r++)
            for (size_t i = 0; i < t->spots[r].heard_count; i++)
                if (t->spots[r].heard[i].access_point == a)
                    put32(out + spot_postings_at + 4 * spot_posting++, (uint32_t)(r << 8 | t->spots[r].heard[i].level));
        for (size_t c = 0; a < A && c < C; c++)
            for (size_t i = 0; i < t->scans[c].heard_count; i++)
                if (t->scans[c].heard[i].access_point == a)
                    put32(out + scan_postings_at + 4 * scan_posting++, (uint32_t)(c << 8 | t->scans[c].heard[i].level));
    }
    for (size_t s = 0, at = 0; s < S; s++) {
        memcpy(out + text_at + at, strings[s], strlen(strings[s]));
        at += strlen(strings[s]);
        put32(out + offsets_at + 4 * (s + 1), (uint32_t)at);
    }
    return size;
}

/* Locates `scan` on the demo bundle with its WIFI replaced by `wifi`. */
static nb_status locate_on(const nb_bundle *demo, const uint8_t *wifi, size_t length, const nb_scan_reading *scan,
                           size_t count, nb_fix *fix, char *message, size_t message_size) {
    size_t size;
    uint8_t *copy = with_section(demo, "WIFI", wifi, length, &size);
    nb_bundle *b = NULL;
    nb_status status = nb_open(write_copy(copy, size, "wifi.navbundle"), 1, &b, message, message_size);
    free(copy);
    if (status != NB_OK) return status;
    status = nb_locate(b, scan, count, fix, message, message_size);
    if (fix->building_name) {
        /* The names point into the mapping, which closing releases. */
        static char names[2][64];
        snprintf(names[0], 64, "%.*s", (int)fix->building_name_length, fix->building_name);
        snprintf(names[1], 64, "%.*s", (int)fix->floor_name_length, fix->floor_name);
        fix->building_name = names[0], fix->floor_name = names[1];
    }
    nb_close(b);
    return status;
}

/* The level of `dbm` (a whole or half decibel) in a posting. */
static uint8_t level_of(double dbm) { return (uint8_t)(2 * (dbm + 128)); }

/* Maps of the test's own, each worked out by hand from the steps of docs/bundle-format.md
 * ("Locating a scan"): positions rounded half away from zero, the neighbours' order and kinds,
 * the fix's names, ordinal and venue level, the floor with the best score winning (ties to the
 * lower index) and each floor's score padded with 1 for each missing near scan or spot. Every
 * map has weakest_rssi -104 dBm and exponent 1, so that w(-52) = 0.5 and w(-78) = 0.25 exactly. */
static void test_hand_maps(const nb_bundle *demo) {
    static uint8_t wifi[4096];
    char message[1024];
    nb_fix fix;
    /* Two spots hearing one access point at -60 dBm, at latitudes 0 and 1e-7 and longitudes 0 and
     * -1e-7, and no scans. A scan of it at -60 dBm: q = m for both, K = q, so both are at distance
     * (q + m - 2K) / (q + m) = 0. The rule names scans, and the floor has no near scan, so both
     * spots are averaged (two neighbours), each weighing 1 / (0 + 1e-6): exactly half a unit, which
     * rounds away from zero (to 1 and -1; to even would give 0 and 0, floor(x + 0.5) 1 and 0). One
     * floor: confidence 1. */
    test_map t = {1, 1, 1, 2, 0, {"aa:bb:cc:dd:ee:ff"}, {"Hall"}, {{"Ground", 0, 0xFFFF, -1500}},
                  {{0, 0, 0, 1, {{0, level_of(-60)}}}, {1, -1, 0, 1, {{0, level_of(-60)}}}}, {{0, 0, {{0, 0}}}},
                  1, 1, -104, 2, 1, 2, 2, 1, 1};
    size_t length = make_wifi(&t, wifi, sizeof wifi);
    nb_scan_reading scan = {"AA-BB-CC-DD-EE-FF", -60};
    nb_status status = locate_on(demo, wifi, length, &scan, 1, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.located && fix.latitude_e7 == 1 && fix.longitude_e7 == -1 && fix.neighbours == 2,
          "half units: %d %s %d %d %u", status, message, fix.latitude_e7, fix.longitude_e7, fix.neighbours);
    CHECK(fix.ordinal == -1.5 && fix.venue_level == NB_NONE && strcmp(fix.building_name, "Hall") == 0 &&
              strcmp(fix.floor_name, "Ground") == 0 && fix.confidence == 1 && fix.building == 0 && fix.floor == 0,
          "the fix's floor: %g %u %s %s %g", fix.ordinal, fix.venue_level, fix.building_name, fix.floor_name, fix.confidence);
    /* The same further from zero: 2.5 units rounds to 3 and -2.5 to -3. Whether (4v + v) / 2v
     * comes out exactly 2.5 depends on v, so the test checks its own premise first. */
    t.spots[0].latitude = 4, t.spots[1].latitude = 1, t.spots[0].longitude = -4, t.spots[1].longitude = -1;
    double v = 1 / (0 + 1e-6);
    volatile double four = 4 * v, one = 1 * v;
    CHECK((four + one) / (v + v) == 2.5, "the premise: (4v + v) / 2v is not 2.5");
    length = make_wifi(&t, wifi, sizeof wifi);
    status = locate_on(demo, wifi, length, &scan, 1, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.latitude_e7 == 3 && fix.longitude_e7 == -3, "2.5 units: %d %s %d %d", status, message,
          fix.latitude_e7, fix.longitude_e7);
    /* Two scans instead, at spots of latitudes 0 and 1e-7 that hear nothing themselves (never
     * near), weighed equally (inverse_distance 0): (0 + 1) / 2 = 0.5, rounded to 1. */
    test_map scans = {1, 1, 1, 2, 2, {"aa:bb:cc:dd:ee:ff"}, {"Hall"}, {{"Ground", 0, 0xFFFF, 0}},
                      {{0, 0, 0, 0, {{0, 0}}}, {1, -1, 0, 0, {{0, 0}}}},
                      {{0, 1, {{0, level_of(-60)}}}, {1, 1, {{0, level_of(-60)}}}}, 1, 1, -104, 2, 1, 1, 2, 1, 0};
    length = make_wifi(&scans, wifi, sizeof wifi);
    status = locate_on(demo, wifi, length, &scan, 1, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.located && fix.latitude_e7 == 1 && fix.longitude_e7 == -1 && fix.neighbours == 2,
          "half units of two scans: %d %s %d %d %u", status, message, fix.latitude_e7, fix.longitude_e7, fix.neighbours);
    /* Only one of them near: the position is its spot's, whatever `neighbours` allows. */
    scans.scans[1].heard[0].access_point = 1, scans.ids[1] = "zz", scans.access_point_count = 2;
    length = make_wifi(&scans, wifi, sizeof wifi);
    status = locate_on(demo, wifi, length, &scan, 1, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.located && fix.latitude_e7 == 0 && fix.longitude_e7 == 0 && fix.neighbours == 1,
          "one near scan: %d %s %d %d %u", status, message, fix.latitude_e7, fix.longitude_e7, fix.neighbours);

    /* The neighbours' order and kinds: spot 0 (latitude 100) and a scan at spot 1 (latitude 200)
     * both hear the access point at -60 dBm, both at distance 0 from a scan at -60 dBm. At equal
     * distance scans come first: one neighbour of either kind is the scan (200); the rule naming
     * spots takes the spot (100), the one naming scans the scan; two of either kind, weighed
     * equally, give 150. */
    test_map kinds = {1, 1, 1, 2, 1, {"aa:bb:cc:dd:ee:ff"}, {"Hall"}, {{"Ground", 0, 0xFFFF, 0}},
                      {{100, 0, 0, 1, {{0, level_of(-60)}}}, {200, 0, 0, 0, {{0, 0}}}},
                      {{1, 1, {{0, level_of(-60)}}}}, 1, 1, -104, 2, 1, 1, 1, 3, 1};
    int32_t expected_latitude[4] = {200, 200, 100, 150};
    for (int rule = 0; rule < 4; rule++) {
        kinds.source = (uint8_t)(rule == 0 ? 3 : rule), kinds.neighbours = rule == 3 ? 2 : 1;
        kinds.inverse = rule == 3 ? 0 : 1;
        length = make_wifi(&kinds, wifi, sizeof wifi);
        status = locate_on(demo, wifi, length, &scan, 1, &fix, message, sizeof message);
        CHECK(status == NB_OK && fix.located && fix.latitude_e7 == expected_latitude[rule] &&
                  fix.neighbours == (rule == 3 ? 2u : 1u),
              "neighbours, rule %d: %d %s %d %u", rule, status, message, fix.latitude_e7, fix.neighbours);
    }

    /* Floors: spot 0 on floor 0 (latitude 10) hears a1 at -52 dBm; spot 1 on floor 1 (latitude 20)
     * hears a1 and b2 at -52 dBm; no scans; one nearest scan and one spot per floor. With w = 0.5
     * for every reading:
     * - a scan of a1 at -52: spot 0 is at (0.5 + 0.5 - 1) / 1 = 0, spot 1 at (0.5 + 1 - 1) / 1.5 =
     *   1/3; floor 0 scores 1 (no scan) + 0, floor 1 1 + 1/3: floor 0, and x = 9 (4/3 - 1) / (2 - 1)
     *   = 3 gives the confidence 3 / 4;
     * - a scan of b2 alone, which only floor 1 hears: floor 0 has no near record and scores 2,
     *   floor 1 1 + 1/3 wins, x = 9 (2 / (4/3) - 1) = 4.5, the confidence 4.5 / 5.5. */
    test_map u = {2, 1, 2, 2, 0, {"a1", "b2"}, {"Hall"}, {{"0", 0, 0, 0}, {"1", 0, 1, 1000}},
                  {{10, 10, 0, 1, {{0, level_of(-52)}}}, {20, 20, 1, 2, {{0, level_of(-52)}, {1, level_of(-52)}}}},
                  {{0, 0, {{0, 0}}}}, 1, 1, -104, 2, 1, 1, 1, 3, 1};
    length = make_wifi(&u, wifi, sizeof wifi);
    nb_scan_reading a1 = {"a1", -52}, b2 = {"b2", -52};
    status = locate_on(demo, wifi, length, &a1, 1, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.floor == 0 && fix.latitude_e7 == 10 && fix.venue_level == 0 && fix.ordinal == 0 &&
              strcmp(fix.floor_name, "0") == 0 && round(fix.confidence * 1e6) == 750000 && fix.neighbours == 1,
          "the nearer floor: %d %s floor %u confidence %.9f", status, message, fix.floor, fix.confidence);
    status = locate_on(demo, wifi, length, &b2, 1, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.floor == 1 && fix.latitude_e7 == 20 && fix.venue_level == 1 && fix.ordinal == 1 &&
              strcmp(fix.floor_name, "1") == 0 && round(fix.confidence * 1e6) == 818182,
          "the floor only it hears: %d %s floor %u confidence %.9f", status, message, fix.floor, fix.confidence);
    /* A tie goes to the lower floor, with confidence 0: spot 1 hears b2 alone, and a scan of a1
     * and b2 at -52 has T = 1, both spots at (1 + 0.5 - 1) / 1.5 = 1/3. a1 at -52.5 (q = 51.5/104,
     * less than 0.5) leaves spot 1 nearer, q / (1 + q) against (1 - q) / (1 + q): floor 1. */
    u.spots[1].heard[0].access_point = 1, u.spots[1].heard_count = 1;
    length = make_wifi(&u, wifi, sizeof wifi);
    nb_scan_reading both[2] = {{"b2", -52}, {"a1", -52}};
    status = locate_on(demo, wifi, length, both, 2, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.floor == 0 && fix.latitude_e7 == 10 && fix.confidence == 0,
          "a tie between floors: %d %s floor %u confidence %g", status, message, fix.floor, fix.confidence);
    both[1].rssi = -52.5;
    status = locate_on(demo, wifi, length, both, 2, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.floor == 1 && fix.latitude_e7 == 20 && fix.venue_level == 1 && fix.confidence > 0,
          "the floor that hears alike: %d %s floor %u", status, message, fix.floor);
    /* A venue level past LEVL is refused only where a fix uses the floor. */
    u.floors[1].venue_level = (uint16_t)demo->level_count;
    length = make_wifi(&u, wifi, sizeof wifi);
    status = locate_on(demo, wifi, length, both, 2, &fix, message, sizeof message);
    CHECK(status == NB_ERROR_FORMAT && strstr(message, "wifi.navbundle: WIFI: floor 1 joins level") && !fix.located,
          "a level past LEVL: %s", message);
    both[1].rssi = -52;
    status = locate_on(demo, wifi, length, both, 2, &fix, message, sizeof message);
    CHECK(status == NB_OK && fix.floor == 0, "the other floor: %s", message);

    /* The score's padding. One access point; floor 0: spot 0 (latitude 10, hearing nothing) and
     * scan 0 there hearing it at -52 dBm; floor 1: spot 1 (latitude 20, hearing nothing) and scans
     * 1 and 2 there hearing it at -78 dBm. A scan at -52 (q = 0.5): scan 0 is at 0, scans 1 and 2
     * at (0.5 + 0.25 - 0.5) / 0.75 = 1/3. With two scans and one spot a floor: floor 0 scores
     * (0 + 1) / 2 + 1 = 1.5 (one scan missing, no spot), floor 1 (1/3 + 1/3) / 2 + 1 = 4/3 and
     * wins; x = 9 (1.5 / (4/3) - 1) / (2 - 1) = 1.125, the confidence 1.125 / 2.125. Without the
     * padding floor 0 would win (0 + 1 against 1/3 + 1); so would it if the scans were counted
     * with floor_spots (0 / 1 + 2 / 2). The same with spots for scans and the counts swapped. */
    for (int spots_kind = 0; spots_kind < 2; spots_kind++) {
        test_map padded = {1, 1, 2, 2, 3, {"a1"}, {"Hall"}, {{"0", 0, 0xFFFF, 0}, {"1", 0, 0xFFFF, 1000}},
                           {{10, 0, 0, 0, {{0, 0}}}, {20, 0, 1, 0, {{0, 0}}}},
                           {{0, 1, {{0, level_of(-52)}}}, {1, 1, {{0, level_of(-78)}}}, {1, 1, {{0, level_of(-78)}}}},
                           1, 1, -104, 2, 2, 1, 2, 3, 1};
        if (spots_kind) {
            /* Spots 0 (floor 0, -52), 1 and 2 (floor 1, -78), and no scans; two spots, one scan. */
            padded.spot_count = 3, padded.scan_count = 0;
            padded.spots[0] = (test_spot){10, 0, 0, 1, {{0, level_of(-52)}}};
            padded.spots[1] = (test_spot){20, 0, 1, 1, {{0, level_of(-78)}}};
            padded.spots[2] = (test_spot){20, 0, 1, 1, {{0, level_of(-78)}}};
            padded.floor_scans = 1, padded.floor_spots = 2;
        }
        length = make_wifi(&padded, wifi, sizeof wifi);
        status = locate_on(demo, wifi, length, &a1, 1, &fix, message, sizeof message);
        CHECK(status == NB_OK && fix.floor == 1 && fix.latitude_e7 == 20 && fix.neighbours == 2 &&
                  round(fix.confidence * 1e6) == 529412,
              "padded %s: %d %s floor %u confidence %.9f", spots_kind ? "spots" : "scans", status, message, fix.floor,
              fix.confidence);
    }
}

/* The demo map's access point ids, read before any is damaged. */
static char demo_ids[512][32];
static size_t demo_id_count;

/* What a runtime asks of WIFI: each access point of the demo's map heard alone, and all together. */
static nb_status use_locate_with(const nb_bundle *b, char *message, size_t size) {
    nb_radio_map map;
    nb_status status = nb_radio_map_info(b, &map, message, size);
    if (status != NB_OK) return status;
    size_t known = demo_id_count;
    char (*ids)[32] = demo_ids;
    nb_scan_reading all[512];
    nb_fix fix;
    for (size_t a = 0; a < known; a++) {
        all[a] = (nb_scan_reading){ids[a], -50 - (double)(a % 40)};
        if ((status = nb_locate(b, &all[a], 1, &fix, message, size)) != NB_OK) return status;
        CHECK(!fix.located || (fix.building < map.buildings && fix.floor < map.floors && fix.confidence >= 0 &&
                               fix.confidence <= 1 && fix.neighbours >= 1 && fix.neighbours <= map.neighbours),
              "a fix out of range");
    }
    return nb_locate(b, all, known, &fix, message, size);
}

static nb_status use_locate_file(const uint8_t *copy, size_t size, int verify, char *message, size_t message_size) {
    nb_bundle *b = NULL;
    message[0] = 0;
    nb_status status = nb_open(write_copy(copy, size, "hostile.navbundle"), verify, &b, message, message_size);
    CHECK(status == NB_OK, "forged checksums refused: %s", message);
    if (!b) return status;
    status = use_locate_with(b, message, message_size);
    /* Nothing is remembered: the next call is refused the same way. */
    char again[1024];
    if (status != NB_OK) CHECK(use_locate_with(b, again, sizeof again) == status && strcmp(again, message) == 0,
                               "a damaged WIFI was accepted on the second call");
    nb_close(b);
    return status;
}

/* Every check docs/bundle-format.md lists for WIFI, each on a copy of the demo's map damaged
 * where the check is the only thing between the damage and a wrong read or answer. nb_open
 * opens every copy; locating and the map's info refuse it, naming the file and WIFI. */
static void test_damaged_wifi(const nb_bundle *original) {
    char message[1024];
    size_t index = table_index(original, "WIFI");
    const section *s = &original->sections[index];
    radio_map m;
    if (read_radio_map(original, &m, message, sizeof message) != NB_OK) {
        CHECK(0, "%s", message);
        return;
    }
    CHECK(use_locate_file(image, image_size, 1, message, sizeof message) == NB_OK, "the demo's own map: %s", message);
    const uint8_t *w = image + s->offset;
    uint32_t A = m.access_points, B = m.buildings, F = m.floors, R = m.spots, C = m.scans;
    uint32_t P = m.spot_postings, Q = m.scan_postings, S = m.strings, N = m.text_length, levels = original->level_count;
    uint32_t name0 = rd32(w + m.floors_at), building_name0 = rd32(w + m.buildings_at);
    uint32_t floor_name_at = rd32(w + m.offsets_at + 4 * name0), building_name_at = rd32(w + m.offsets_at + 4 * building_name0);
    uint32_t ap0_spot_last = rd32(w + m.first_at[0] + 4), ap0_scan_last = rd32(w + m.first_at[1] + 4);
    uint32_t spot_first0 = rd32(w + m.first_at[0]), scan_first0 = rd32(w + m.first_at[1]);
    /* The id every search reads first, made to start after it ends. */
    uint32_t probed = rd32(w + m.ids_at + 4 * (A / 2)), probed_end = rd32(w + m.offsets_at + 4 * (probed + 1));
    /* Spots 0 and 1 on floor 0 and scans 0 and 1 at spot 0 (the survey's first position, two
     * scans), so that moving spot 0 to floor 1 or scan 0 to spot 1 unsorts them. */
    CHECK(ap0_spot_last > spot_first0 + 1 && ap0_scan_last > scan_first0 + 1 && probed_end < N &&
              F > 1 && rd16(w + m.spots_at + 8) == 0 && rd16(w + m.spots_at + 12 + 8) == 0 && rd32(w + m.scans_at) == 0 &&
              rd32(w + m.scans_at + 4) == 0,
          "the demo's map is not as the test expects");
    /* (at, width 1 for u8, 2 for u16, 4 for u32 or 8 for f64, value, what the message says) */
    struct { size_t at; int width; double value; const char *expect; } damage[] = {
        /* The header's counts: tables that do not fit, more access points or records than allowed. */
        {0, 4, A + 1, "tables need"},
        {0, 4, 65535, "more than the section allows"},
        {0, 4, 0xFFFFFFFFu, "more than the section allows"},
        {4, 4, 1u << 30, "tables need"},
        {8, 4, 1u << 28, "tables need"},
        {12, 4, (1u << 24) - 1, "tables need"},
        {12, 4, 1u << 24, "more than a posting can name"},
        {16, 4, (1u << 24) - 1, "tables need"},
        {16, 4, 1u << 24, "more than a posting can name"},
        {20, 4, 0x40000000u, "tables need"},
        {24, 4, 0x40000000u, "tables need"},
        {28, 4, 0x40000000u, "tables need"},
        {32, 4, 0xFFFFFFF0u, "tables need"},
        /* The parameters: exponents in (0, 16], weakest_rssi in [-150, -1), certain_ratio in (1, 100],
         * the counts in 1...1000, position_source in 1...3, inverse_distance in 0...1. */
        {40, 8, 0, "out of range"}, {40, 8, -1.5, "out of range"}, {40, 8, 16.5, "out of range"},
        {40, 8, NAN, "out of range"}, {48, 8, INFINITY, "out of range"}, {48, 8, 0, "out of range"},
        {48, 8, 16.000001, "out of range"},
        {56, 8, -1, "out of range"}, {56, 8, -0.5, "out of range"}, {56, 8, -150.5, "out of range"},
        {56, 8, NAN, "out of range"}, {56, 8, 20, "out of range"}, {56, 8, -INFINITY, "out of range"},
        {64, 8, 1, "out of range"}, {64, 8, 0.5, "out of range"}, {64, 8, 100.5, "out of range"},
        {64, 8, NAN, "out of range"}, {64, 8, INFINITY, "out of range"}, {64, 8, -2, "out of range"},
        {72, 2, 0, "out of range"}, {72, 2, 1001, "out of range"}, {74, 2, 0, "out of range"}, {74, 2, 1001, "out of range"},
        {76, 2, 0, "out of range"}, {76, 2, 1001, "out of range"},
        {78, 1, 0, "out of range"}, {78, 1, 4, "out of range"}, {79, 1, 2, "out of range"}, {79, 1, 255, "out of range"},
        /* The strings: an id's index, offsets that fall or pass the bytes, names that are not UTF-8. */
        {m.ids_at, 4, S, "names string"},
        {m.buildings_at, 4, S, "names string"},
        {m.floors_at, 4, S, "names string"},
        {m.offsets_at + 4 * (uint64_t)S, 4, N + 1, "outside its"},
        {m.offsets_at + 4, 4, 0xFFFF, "outside its"},
        {m.offsets_at + 4 * (uint64_t)probed, 4, probed_end + 1, "outside its"},
        {m.text_at + building_name_at, 1, 0xFF, "not UTF-8"},
        {m.text_at + floor_name_at, 1, 0xC0, "not UTF-8"},
        /* Postings: ranges that fall or pass P (or Q), a record past R (or C). */
        {m.first_at[0], 4, ap0_spot_last + 1, "access point 0 lists spot postings"},
        {m.first_at[0] + 4 * (uint64_t)A, 4, P + 1, "lists spot postings"},
        {m.first_at[1], 4, ap0_scan_last + 1, "access point 0 lists scan postings"},
        {m.first_at[1] + 4 * (uint64_t)A, 4, Q + 1, "lists scan postings"},
        {m.postings_at[0], 4, (double)((uint64_t)R << 8), "spot posting 0 names spot"},
        {m.postings_at[0] + 4 * (uint64_t)(P - 1), 4, 0xFFFFFFFFu, "names spot 16777215"},
        {m.postings_at[1], 4, (double)((uint64_t)C << 8 | 0x7F), "scan posting 0 names scan"},
        {m.postings_at[1] + 4 * (uint64_t)(Q - 1), 4, 0xFFFFFFFFu, "names scan 16777215"},
        /* Postings that do not ascend: access point 0's second posting repeats its first's record. */
        {m.postings_at[0] + 4 * (uint64_t)spot_first0 + 4, 4, rd32(w + m.postings_at[0] + 4 * (uint64_t)spot_first0),
         "the spot postings of access point 0 do not ascend"},
        {m.postings_at[1] + 4 * (uint64_t)scan_first0 + 4, 4, rd32(w + m.postings_at[1] + 4 * (uint64_t)scan_first0),
         "the scan postings of access point 0 do not ascend"},
        /* Spots: a floor past F, not sorted by floor. Scans: a spot past R, not sorted by spot. */
        {m.spots_at + 8, 2, F, "spot 0 is on floor"},
        {m.spots_at + 12 * (uint64_t)(R - 1) + 8, 2, 0xFFFF, "past them"},
        {m.spots_at + 8, 2, 1, "spot 1 is on floor 0 of"},
        {m.scans_at, 4, R, "scan 0 names spot"},
        {m.scans_at + 4 * (uint64_t)(C - 1), 4, 0xFFFFFFFFu, "past them"},
        {m.scans_at, 4, 1, "scan 1 names spot 0 of"},
        /* Floors: a building past B, a venue level past LEVL. */
        {m.floors_at + 4, 2, B, "in building"},
        {m.floors_at + 6, 2, levels, "joins level"},
    };
    uint8_t *copy = malloc(image_size);
    for (size_t i = 0; i < sizeof damage / sizeof *damage; i++) {
        memcpy(copy, image, image_size);
        uint8_t *at = copy + s->offset + damage[i].at;
        if (damage[i].width == 8) memcpy(at, &damage[i].value, 8);
        else if (damage[i].width == 4) put32(at, (uint32_t)damage[i].value);
        else if (damage[i].width == 2) put16(at, (uint16_t)damage[i].value);
        else at[0] = (uint8_t)damage[i].value;
        /* Every floor and building at once, so that whichever a fix reports is damaged. */
        for (uint32_t f = 0; f < F && (damage[i].at == m.floors_at || damage[i].at == m.floors_at + 4 || damage[i].at == m.floors_at + 6); f++)
            memcpy(copy + s->offset + m.floors_at + 16 * f + (damage[i].at - m.floors_at), at, damage[i].at == m.floors_at ? 4 : 2);
        for (uint32_t k = 0; k < B && damage[i].at == m.buildings_at; k++) put32(copy + s->offset + m.buildings_at + 4 * k, S);
        /* Every building's or every floor's name, whichever the fixes report. */
        int buildings = damage[i].at == m.text_at + building_name_at, floors = damage[i].at == m.text_at + floor_name_at;
        for (uint32_t k = 0; k < (buildings ? B : floors ? F : 0); k++) {
            uint32_t name = buildings ? rd32(w + m.buildings_at + 4 * k) : rd32(w + m.floors_at + 16 * k);
            uint32_t start = rd32(w + m.offsets_at + 4 * name), end = rd32(w + m.offsets_at + 4 * (name + 1));
            if (end > start) copy[s->offset + m.text_at + start] = (uint8_t)damage[i].value;
        }
        reseal(copy, original, index, 1);
        nb_status status = use_locate_file(copy, image_size, 1, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strstr(message, "hostile.navbundle: WIFI: ") && strstr(message, damage[i].expect),
              "WIFI damage %zu (at %zu): %d %s", i, damage[i].at, status, message);
    }
    /* The parameters' bounds that are allowed: the map still locates. */
    struct { size_t at; int width; double value; } allowed[] = {
        {40, 8, 16}, {48, 8, 1e-300}, {56, 8, -150}, {56, 8, -1.0000001}, {64, 8, 100}, {64, 8, 1.0000001},
        {72, 2, 1}, {72, 2, 1000}, {74, 2, 1000}, {76, 2, 1}, {76, 2, 1000}, {78, 1, 1}, {78, 1, 2}, {78, 1, 3},
        {79, 1, 0}, {79, 1, 1},
    };
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++) {
        memcpy(copy, image, image_size);
        uint8_t *at = copy + s->offset + allowed[i].at;
        if (allowed[i].width == 8) memcpy(at, &allowed[i].value, 8);
        else if (allowed[i].width == 2) put16(at, (uint16_t)allowed[i].value);
        else at[0] = (uint8_t)allowed[i].value;
        reseal(copy, original, index, 1);
        CHECK(use_locate_file(copy, image_size, 1, message, sizeof message) == NB_OK, "WIFI parameter %zu (at %zu): %s", i,
              allowed[i].at, message);
    }
    /* Too short for its header, and 65535 access points in a section long enough for their tables;
     * 65534 pass that check (and fail on the first id, naming a string the map does not have). */
    static uint8_t big[80 + 12 * 65536 + 16];
    memcpy(big, w, 80);
    size_t size;
    uint8_t *moved = with_section(original, "WIFI", big, 79, &size);
    CHECK(use_locate_file(moved, size, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "too short"),
          "a short WIFI: %s", message);
    free(moved);
    for (int i = 0; i < 9; i++) put32(big + 4 * i, 0);
    put32(big, 65535);
    moved = with_section(original, "WIFI", big, sizeof big, &size);
    CHECK(use_locate_file(moved, size, 1, message, sizeof message) == NB_ERROR_FORMAT &&
              strstr(message, "65535 access points, more than the section allows"),
          "65535 access points: %s", message);
    free(moved);
    put32(big, 65534);
    moved = with_section(original, "WIFI", big, sizeof big, &size);
    CHECK(use_locate_file(moved, size, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "names string 0 of 0"),
          "65534 access points: %s", message);
    free(moved);
    /* Without WIFI, or in a section version this reader does not know (version 1 held the spots
     * alone): not available, saying to rebuild; no samples. */
    for (int version = 0; version < 4; version++) {
        if (version == 2) continue;
        memcpy(copy, image, image_size);
        uint8_t *entry = copy + HEADER_SIZE + ENTRY_SIZE * index;
        if (version) put16(entry + 4, (uint16_t)version);
        else entry[0] = 'X';
        reseal(copy, original, SIZE_MAX, 1);
        nb_bundle *b = NULL;
        nb_fix fix;
        nb_radio_map map;
        nb_reference_point point;
        uint32_t samples[4];
        size_t sample_count = 9;
        CHECK(nb_open(write_copy(copy, image_size, "hostile.navbundle"), 1, &b, message, sizeof message) == NB_OK, "%s", message);
        if (!b) continue;
        CHECK(nb_locate(b, NULL, 0, &fix, message, sizeof message) == NB_ERROR_UNAVAILABLE && strstr(message, "WIFI") &&
                  (version ? strstr(message, "rebuild") != NULL : strstr(message, "no WIFI section") != NULL),
              "WIFI version %d: %s", version, message);
        CHECK(nb_radio_map_info(b, &map, message, sizeof message) == NB_ERROR_UNAVAILABLE &&
                  nb_radio_map_point(b, 0, &point, message, sizeof message) == NB_ERROR_UNAVAILABLE &&
                  nb_radio_map_samples(b, 4, samples, 4, &sample_count, message, sizeof message) == NB_OK && sample_count == 0,
              "WIFI version %d: %s", version, message);
        nb_close(b);
    }
    /* Random bytes changed, checksums not verified: located or refused, never a crash or a read
     * outside the section. */
    int refused = 0;
    for (int attempt = 0; attempt < 300; attempt++) {
        memcpy(copy, image, image_size);
        size_t span = attempt % 3 == 0 ? 80 : attempt % 3 == 1 ? (size_t)m.postings_at[0] : (size_t)s->length;
        for (int flips = 1 + (int)(next_random() % 3); flips > 0; flips--)
            copy[s->offset + next_random() % span] ^= (uint8_t)(1 + next_random() % 255);
        nb_status status = use_locate_file(copy, image_size, 0, message, sizeof message);
        CHECK(status == NB_OK || status == NB_ERROR_FORMAT, "WIFI fuzz: %d %s", status, message);
        refused += status == NB_ERROR_FORMAT;
    }
    CHECK(refused > 50, "only %d of 300 damaged copies of WIFI were refused", refused);
    free(copy);
}

/* The helpers of steps 5 and 7: a floor's nearest kept in order and padded with 1 for each
 * missing, and the neighbours' order (distance, scans before spots, index). */
static void test_nearest_helpers(void) {
    double list[3];
    uint32_t count = 0;
    double values[] = {0.5, 0.25, 0.75, 0.125, 0.25, 1};
    for (size_t i = 0; i < sizeof values / sizeof *values; i++) keep_nearest(list, &count, 3, values[i]);
    CHECK(count == 3 && list[0] == 0.125 && list[1] == 0.25 && list[2] == 0.25, "the three nearest: %g %g %g", list[0],
          list[1], list[2]);
    CHECK(nearest_mean(list, 3, 3) == 0.625 / 3 && nearest_mean(list, 1, 3) == (0.125 + 1 + 1) / 3 &&
              nearest_mean(list, 0, 4) == 1,
          "a floor's mean, padded");
    /* 4 spots (records 0..3), then scans (4...). */
    wifi_neighbour near_scan = {5, 0.5}, near_spot = {1, 0.5}, far_scan = {4, 0.75}, first_scan = {4, 0.5}, other = {2, 0.5};
    CHECK(neighbour_before(&near_scan, &near_spot, 4) && !neighbour_before(&near_spot, &near_scan, 4) &&
              neighbour_before(&near_spot, &far_scan, 4) && neighbour_before(&first_scan, &near_scan, 4) &&
              neighbour_before(&near_spot, &other, 4) && !neighbour_before(&near_spot, &near_spot, 4),
          "the neighbours' order");
    wifi_neighbour kept[2];
    uint32_t kept_count = 0;
    wifi_neighbour offered[] = {far_scan, other, near_spot, near_scan};
    for (size_t i = 0; i < 4; i++) keep_neighbour(kept, &kept_count, 2, offered[i], 4);
    CHECK(kept_count == 2 && kept[0].record == 5 && kept[1].record == 1, "the two first neighbours: %u %u", kept[0].record,
          kept[1].record);
}

static void test_locate(nb_bundle *b, const char *answers) {
    test_nearest_helpers();
    demo_id_count = map_ids(b, demo_ids, 512);
    test_bssid_spellings(b);
    test_unknown_scans(b);
    test_duplicates(b);
    test_plain_locate(b);
    test_hand_maps(b);
    test_damaged_wifi(b);
    if (answers) test_swift_locate(b, answers);
}

/* ---- Published versions: statements and public keys ---- */

#define GOOD_SHA256 "5f1d2e9d2f0a3b0c4e7a8b6c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6"

/* A statement as navforge writes it (compact, sorted keys, final newline) with the fields given:
 * NULL leaves a field out; the others are written as they are (JSON text). */
static void statement_text(char *out, size_t size, const char *bundle, const char *format, const char *sha256,
                           const char *size_field, const char *venue, const char *version) {
    const char *names[] = {"bundle", "format", "sha256", "size", "venue", "version"};
    const char *values[] = {bundle, format, sha256, size_field, venue, version};
    size_t used = (size_t)snprintf(out, size, "{");
    for (int i = 0; i < 6; i++) {
        if (values[i] == NULL) continue;
        used += (size_t)snprintf(out + used, size - used, "%s\"%s\":%s", used > 1 ? "," : "", names[i], values[i]);
    }
    snprintf(out + used, size - used, "}\n");
}

static void test_statements(void) {
    char text[4096], message[1024];
    nb_statement statement;
    statement_text(text, sizeof text, "\"test-venue-2.1.0.navbundle\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"",
                   "13", "\"test-venue\"", "\"2.1.0\"");
    nb_status status = nb_statement_read(text, strlen(text), &statement, message, sizeof message);
    CHECK(status == NB_OK, "a good statement: %d %s", status, message);
    if (status == NB_OK) {
        CHECK(statement.venue_length == 10 && strcmp(statement.venue, "test-venue") == 0, "venue %s", statement.venue);
        CHECK(statement.version_length == 5 && strcmp(statement.version, "2.1.0") == 0, "version %s", statement.version);
        CHECK(strcmp(statement.bundle, "test-venue-2.1.0.navbundle") == 0, "bundle %s", statement.bundle);
        CHECK(statement.sha256_length == 64 && strcmp(statement.sha256, GOOD_SHA256) == 0, "sha256 %s", statement.sha256);
        CHECK(statement.size == 13, "size %llu", (unsigned long long)statement.size);
        nb_statement_free(&statement);
        CHECK(statement.venue == NULL, "nb_statement_free left the fields");
    }
    /* Escapes decode, a NUL inside a text keeps its length, and the largest exact size is taken. */
    statement_text(text, sizeof text, "\"b\"", "\"navforge\\u002dstatement/1\"", "\"" GOOD_SHA256 "\"",
                   "9007199254740991", "\"v\\u0000w\"", "\"1.0\\n\"");
    status = nb_statement_read(text, strlen(text), &statement, message, sizeof message);
    CHECK(status == NB_OK, "escapes: %d %s", status, message);
    if (status == NB_OK) {
        CHECK(statement.venue_length == 3 && memcmp(statement.venue, "v\0w", 4) == 0, "venue of %zu bytes", statement.venue_length);
        CHECK(strcmp(statement.version, "1.0\n") == 0 && statement.size == 9007199254740991u, "version %s, size %llu",
              statement.version, (unsigned long long)statement.size);
        nb_statement_free(&statement);
    }
    statement_text(text, sizeof text, "\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "1.3e1", "\"v\"", "\"1\"");
    status = nb_statement_read(text, strlen(text), &statement, message, sizeof message);
    CHECK(status == NB_OK && statement.size == 13, "size 1.3e1: %d %s", status, message);
    nb_statement_free(&statement);

    /* Each field broken in turn, and what the message says (the words of every reader). */
    static const struct {
        const char *bundle, *format, *sha256, *size, *venue, *version, *message;
    } broken[] = {
        {"\"b\"", "\"navforge-statement/2\"", "\"" GOOD_SHA256 "\"", "1", "\"v\"", "\"1\"",
         "the statement's format is \"navforge-statement/2\", not navforge-statement/1"},
        {"\"b\"", NULL, "\"" GOOD_SHA256 "\"", "1", "\"v\"", "\"1\"",
         "the statement has no \"format\"; this reader reads navforge-statement/1"},
        {"\"b\"", "\"q\\\"\\u0001\\t\\u00e9\"", "\"" GOOD_SHA256 "\"", "1", "\"v\"", "\"1\"",
         "the statement's format is \"q\\\"\\u0001\\t\xc3\xa9\", not navforge-statement/1"},
        {"\"b\"", "[1.50, 2e21, -0, 1e-7, 0.000001, true,\nnull, {\"a\" : \"x\"}]", "\"" GOOD_SHA256 "\"", "1", "\"v\"",
         "\"1\"", "the statement's format is [1.5,2e+21,0,1e-7,0.000001,true,null,{\"a\":\"x\"}], not navforge-statement/1"},
        {"\"b\"", "1e999", "\"" GOOD_SHA256 "\"", "1", "\"v\"", "\"1\"",
         "the statement's format is null, not navforge-statement/1"},
        {"\"b\"", "{\"b\":1,\"10\":2,\"a\":{\"4294967295\":3,\"01\":4,\"4294967294\":5},\"2\":6}", "\"" GOOD_SHA256 "\"",
         "1", "\"v\"", "\"1\"", "the statement's format is {\"2\":6,\"10\":2,\"b\":1,\"a\":{\"4294967294\":5,\"4294967295\":3,"
                               "\"01\":4}}, not navforge-statement/1"},
        {"\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "1", NULL, "\"1\"",
         "the statement's \"venue\" must be a non-empty string"},
        {"\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "1", "\"v\"", "2",
         "the statement's \"version\" must be a non-empty string"},
        {"\"\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "1", "\"v\"", "\"1\"",
         "the statement's \"bundle\" must be a non-empty string"},
        {"\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "-1", "\"v\"", "\"1\"",
         "the statement's \"size\" must be a whole number of bytes"},
        {"\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "1.5", "\"v\"", "\"1\"",
         "the statement's \"size\" must be a whole number of bytes"},
        {"\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "\"13\"", "\"v\"", "\"1\"",
         "the statement's \"size\" must be a whole number of bytes"},
        {"\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "9007199254740992", "\"v\"", "\"1\"",
         "the statement's \"size\" must be a whole number of bytes"},
        {"\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", NULL, "\"v\"", "\"1\"",
         "the statement's \"size\" must be a whole number of bytes"},
        {"\"b\"", "\"navforge-statement/1\"", "\"5F1D2E9D2F0A3B0C4E7A8B6C1D2E3F405162738495A6B7C8D9E0F1A2B3C4D5E6\"", "1",
         "\"v\"", "\"1\"", "the statement's \"sha256\" must be 64 lowercase hex digits"},
        {"\"b\"", "\"navforge-statement/1\"", "\"5f1d\"", "1", "\"v\"", "\"1\"",
         "the statement's \"sha256\" must be 64 lowercase hex digits"},
        {"\"b\"", "\"navforge-statement/1\"", NULL, "1", "\"v\"", "\"1\"",
         "the statement's \"sha256\" must be 64 lowercase hex digits"},
    };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        statement_text(text, sizeof text, broken[i].bundle, broken[i].format, broken[i].sha256, broken[i].size,
                       broken[i].venue, broken[i].version);
        status = nb_statement_read(text, strlen(text), &statement, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && statement.venue == NULL && strcmp(message, broken[i].message) == 0,
              "broken statement %zu: %d %s", i, status, message);
    }
    /* Text that is no statement object at all. */
    static const struct {
        const char *text, *message;
    } others[] = {
        {"[1, 2]", "the statement is not a JSON object"},
        {"\"navforge-statement/1\"", "the statement is not a JSON object"},
        {"", "the statement is not JSON: the text ends before a value at byte 0"},
        {"{\"format\":\"navforge-statement/1\",}", "the statement is not JSON: an object member without a name at byte 33"},
        {"{\"a\":1,\"a\":1}", "the statement is not JSON: a name twice in one object at byte 12"},
        {"\xef\xbb\xbf{}", "the statement is not JSON: no value at byte 0"},
        {"{\"a\":\"\xc3\"}", "the statement is not UTF-8 text"},
        {"{} \xed\xa0\x80", "the statement is not UTF-8 text"},
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        status = nb_statement_read(others[i].text, strlen(others[i].text), &statement, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strcmp(message, others[i].message) == 0, "statement %zu: %d %s", i, status, message);
    }
    char deep[200];
    memset(deep, '[', 100), memset(deep + 100, ']', 100);
    status = nb_statement_read(deep, sizeof deep, &statement, message, sizeof message);
    CHECK(status == NB_ERROR_FORMAT && strcmp(message, "the statement nests more than 64 arrays and objects deep") == 0,
          "deep: %s", message);
    /* A message cut to a small buffer is still terminated; a NULL buffer is no fault. */
    status = nb_statement_read("[]", 2, &statement, message, 10);
    CHECK(status == NB_ERROR_FORMAT && strcmp(message, "the state") == 0, "cut message: %s", message);
    CHECK(nb_statement_read("[]", 2, &statement, NULL, 0) == NB_ERROR_FORMAT, "no message buffer");
    CHECK(nb_statement_read(NULL, 3, &statement, message, sizeof message) == NB_ERROR_ARGUMENT, "NULL bytes: %s", message);
    /* Random bytes and cut statements are refused or read, never read past. */
    statement_text(text, sizeof text, "\"b\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "1", "\"v\"", "\"1\"");
    size_t length = strlen(text);
    for (size_t cut = 0; cut + 1 < length; cut++) { /* all but the final newline */
        uint8_t *copy = malloc(cut ? cut : 1);
        memcpy(copy, text, cut);
        status = nb_statement_read(copy, cut, &statement, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT, "a statement cut to %zu bytes: %d", cut, status);
        free(copy);
    }
}

/* RFC 8032, section 7.1, TEST 1's public key, as DER (RFC 8410) and as the PEM of it. */
static const char ed25519_public_hex[] = "302a300506032b6570032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
static const char ed25519_public_pem[] = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7Ty"
                                         "WQHOg7hcvPapiMlrwIaaPcHURo=\n-----END PUBLIC KEY-----\n";

static size_t hex_bytes(const char *hex, uint8_t *out) {
    size_t count = strlen(hex) / 2;
    for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(hex_digit((uint8_t)hex[2 * i]) << 4 | hex_digit((uint8_t)hex[2 * i + 1]));
    return count;
}

/* `length` bytes as standard base64, NUL-terminated in `out`. */
static void base64_text(const uint8_t *bytes, size_t length, char *out) {
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t used = 0;
    for (size_t i = 0; i < length; i += 3) {
        uint32_t bits = (uint32_t)bytes[i] << 16 | (i + 1 < length ? (uint32_t)bytes[i + 1] << 8 : 0) |
                        (i + 2 < length ? bytes[i + 2] : 0);
        size_t left = length - i; /* bytes in this group: 1 to 3 */
        for (size_t k = 0; k < 4; k++) out[used++] = k <= left ? digits[bits >> (18 - 6 * k) & 63] : '=';
    }
    out[used] = 0;
}

/* A release record as navforge publish writes it, each part given as JSON text. */
static void release_text(char *out, size_t size, const char *statement, const char *signature, const char *file,
                         const char *venue, const char *version) {
    snprintf(out, size, "{\"bundle\":%s,\"signature\":%s,\"statementBase64\":%s,\"venue\":%s,\"version\":%s}", file,
             signature, statement, venue, version);
}

static void test_release_records(nb_bundle *b) {
    char text[1024], record[4096], wrapped[4400], encoded[2048], signature[512], message[1024], hex[65];
    uint8_t value[64], digest[32];
    statement_text(text, sizeof text, "\"demo.navbundle\"", "\"navforge-statement/1\"", "\"" GOOD_SHA256 "\"", "13",
                   "\"v\"", "\"1\"");
    base64_text((const uint8_t *)text, strlen(text), encoded);
    for (int i = 0; i < 64; i++) value[i] = (uint8_t)i;
    char value_text[100], statement_json[2100];
    base64_text(value, 64, value_text);
    snprintf(statement_json, sizeof statement_json, "\"%s\"", encoded);
    snprintf(signature, sizeof signature, "{\"algorithm\":\"ed25519\",\"keyID\":\"0123456789abcdef\",\"value\":\"%s\"}",
             value_text);
    const char *file = "{\"path\":\"1/demo.navbundle\",\"sha256\":\"" GOOD_SHA256 "\",\"size\":13}";
    release_text(record, sizeof record, statement_json, signature, file, "\"v\"", "\"1\"");
    nb_release release;
    nb_status status = nb_release_read(record, strlen(record), NULL, &release, message, sizeof message);
    CHECK(status == NB_OK && release.statement == NULL, "a record without the key: %d %s", status, message);
    status = nb_release_read(record, strlen(record), "0123456789abcdef", &release, message, sizeof message);
    CHECK(status == NB_OK, "a good record: %d %s", status, message);
    if (status == NB_OK) {
        CHECK(release.statement_length == strlen(text) && memcmp(release.statement, text, strlen(text)) == 0 &&
                  release.signature_length == 64 && memcmp(release.signature, value, 64) == 0,
              "the decoded statement (%zu bytes) and signature (%zu)", release.statement_length, release.signature_length);
        nb_release_free(&release);
    }
    /* latest.json and a catalog version hold the record. */
    const char *wrappers[] = {"{\"format\":\"navforge-latest/1\",\"venue\":\"v\",\"version\":\"1\",\"release\":%s}",
                              "{\"pinned\":true,\"release\":%s}"};
    for (int i = 0; i < 2; i++) {
        snprintf(wrapped, sizeof wrapped, wrappers[i], record);
        status = nb_release_read(wrapped, strlen(wrapped), "0123456789abcdef", &release, message, sizeof message);
        CHECK(status == NB_OK, "wrapped record %d: %d %s", i, status, message);
        nb_release_free(&release);
    }
    snprintf(wrapped, sizeof wrapped, "{\"format\":\"navforge-latest/1\",\"venue\":\"v\",\"version\":[2,null,{}],\"release\":%s}",
             record);
    status = nb_release_read(wrapped, strlen(wrapped), NULL, &release, message, sizeof message);
    CHECK(status == NB_ERROR_FORMAT && release.refused == NB_RELEASE_STATEMENT &&
              strcmp(message, "latest.json names v 2,,[object Object] and holds the record of v 1") == 0,
          "latest.json of another version: %d %s", status, message);
    static const char *const not_records[] = {"7", "null", "\"latest.json\"", "[]", "{}", "{\"release\":{}}", "{\"a\":"};
    for (size_t i = 0; i < sizeof not_records / sizeof not_records[0]; i++) {
        status = nb_release_read(not_records[i], strlen(not_records[i]), NULL, &release, message, sizeof message);
        CHECK(status == NB_ERROR_ARGUMENT, "%s is no release record: %d %s", not_records[i], status, message);
    }
    /* Each part broken in turn: what is at fault and the words. */
    static const struct {
        const char *statement, *signature, *message;
        nb_release_fault refused;
    } broken[] = {
        {NULL, "null", "version \"1\" of \"v\" is not signed (its record has no signature), so it cannot be verified",
         NB_RELEASE_SIGNATURE},
        {NULL, "\"x\"", "the signature of version \"1\" of \"v\" is not an object", NB_RELEASE_SIGNATURE},
        {NULL, "{\"algorithm\":\"rsa-pss\"}", "version \"1\" of \"v\" is signed by \"rsa-pss\"; this reader verifies ed25519",
         NB_RELEASE_SIGNATURE},
        {NULL, "[]", "version \"1\" of \"v\" is signed by undefined; this reader verifies ed25519", NB_RELEASE_SIGNATURE},
        {NULL, "{\"algorithm\":\"ed25519\",\"keyID\":\"0000000000000000\"}",
         "version \"1\" of \"v\" is signed with key \"0000000000000000\", not with the key given (0123456789abcdef)",
         NB_RELEASE_SIGNATURE},
        {"\"abc\"", NULL, "the statementBase64 of version \"1\" of \"v\" is not base64", NB_RELEASE_STATEMENT},
        {"7", NULL, "the statementBase64 of version \"1\" of \"v\" is not base64", NB_RELEASE_STATEMENT},
        {NULL, "{\"algorithm\":\"ed25519\",\"keyID\":\"0123456789abcdef\",\"value\":5}",
         "the signature value of version \"1\" of \"v\" is not base64", NB_RELEASE_SIGNATURE},
    };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        release_text(record, sizeof record, broken[i].statement ? broken[i].statement : statement_json,
                     broken[i].signature ? broken[i].signature : signature, file, "\"v\"", "\"1\"");
        status = nb_release_read(record, strlen(record), "0123456789abcdef", &release, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && release.refused == broken[i].refused && release.statement == NULL &&
                  strcmp(message, broken[i].message) == 0,
              "broken record %zu: %d %d %s", i, status, (int)release.refused, message);
    }

    /* The statement against its record, what is expected and the bundle. */
    nb_statement statement;
    CHECK(nb_statement_read(text, strlen(text), &statement, message, sizeof message) == NB_OK, "%s", message);
    release_text(record, sizeof record, statement_json, signature, file, "\"v\"", "\"1\"");
    status = nb_statement_check(&statement, record, strlen(record), "v", 1, "1", 1, message, sizeof message);
    CHECK(status == NB_OK, "the record agrees: %d %s", status, message);
    static const struct {
        const char *file, *venue, *message;
    } changed[] = {
        {"{\"path\":\"1/demo.navbundle\",\"sha256\":\"" GOOD_SHA256 "\",\"size\":14}", "\"v\"",
         "the record of version \"1\" of \"v\" says size 14, its signed statement 13: the record was changed after signing"},
        {"{\"path\":\"a/b/other\",\"sha256\":\"" GOOD_SHA256 "\",\"size\":13}", "\"v\"",
         "the record of version \"1\" of \"v\" says bundle \"other\", its signed statement \"demo.navbundle\": the record "
         "was changed after signing"},
        {"\"none\"", "\"v\"", "the record of version \"1\" of \"v\" says bundle undefined, its signed statement "
                              "\"demo.navbundle\": the record was changed after signing"},
        {"{\"path\":\"demo.navbundle\",\"sha256\":\"" GOOD_SHA256 "\",\"size\":\"13\"}", "\"v\"",
         "the record of version \"1\" of \"v\" says size \"13\", its signed statement 13: the record was changed after "
         "signing"},
        {NULL, "\"w\\n\"", "the record of version \"1\" of \"w\\n\" says venue \"w\\n\", its signed statement \"v\": the "
                           "record was changed after signing"},
    };
    for (size_t i = 0; i < sizeof changed / sizeof changed[0]; i++) {
        release_text(record, sizeof record, statement_json, signature, changed[i].file ? changed[i].file : file,
                     changed[i].venue, "\"1\"");
        status = nb_statement_check(&statement, record, strlen(record), NULL, 0, NULL, 0, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strcmp(message, changed[i].message) == 0, "changed record %zu: %d %s", i, status,
              message);
    }
    status = nb_statement_check(&statement, NULL, 0, "v", 1, "2\"", 2, message, sizeof message);
    CHECK(status == NB_ERROR_FORMAT && strcmp(message, "the signed statement is for version \"1\", not \"2\\\"\"") == 0,
          "another version expected: %d %s", status, message);
    status = nb_statement_check(&statement, NULL, 0, "v\0", 2, NULL, 0, message, sizeof message);
    CHECK(status == NB_ERROR_FORMAT, "a venue with a NUL is another venue: %d %s", status, message);
    int same = -1;
    status = nb_statement_matches(&statement, 12, NULL, NULL, &same, message, sizeof message);
    CHECK(status == NB_OK && same == 0 &&
              strcmp(message, "the bundle has 12 bytes, the signed statement says 13: it is not the bundle that was signed") == 0,
          "another size: %d %d %s", status, same, message);
    memcpy(hex, GOOD_SHA256, 65);
    hex_bytes(hex, digest);
    status = nb_statement_matches(&statement, 13, digest, NULL, &same, message, sizeof message);
    CHECK(status == NB_OK && same == 1, "the same digest: %d %d %s", status, same, message);
    digest[31] ^= 1;
    status = nb_statement_matches(&statement, 13, digest, NULL, &same, message, sizeof message);
    CHECK(status == NB_OK && same == 0 && strstr(message, "c4d5e7, the signed statement's 5f1d") != NULL,
          "another digest: %d %d %s", status, same, message);
    digest[31] ^= 1;
    status = nb_statement_matches(&statement, 13, digest, b, &same, message, sizeof message);
    CHECK(status == NB_OK && same == 0 && strncmp(message, "the bundle's META venueID is \"", 30) == 0 &&
              strstr(message, "\", the signed statement's venue \"v\"") != NULL,
          "META of another venue: %d %d %s", status, same, message);
    nb_statement_free(&statement);
}

static void test_public_keys(void) {
    uint8_t expected[NB_ED25519_SPKI_BYTES], spki[NB_ED25519_SPKI_BYTES], der[128];
    char message[1024];
    hex_bytes(ed25519_public_hex, expected);
    nb_status status = nb_public_key_read(ed25519_public_pem, strlen(ed25519_public_pem), 1, spki, message, sizeof message);
    CHECK(status == NB_OK && memcmp(spki, expected, sizeof spki) == 0, "the PEM of RFC 8032's key: %d %s", status, message);
    status = nb_public_key_read(expected, sizeof expected, 0, spki, message, sizeof message);
    CHECK(status == NB_OK && memcmp(spki, expected, sizeof spki) == 0, "the DER of RFC 8032's key: %d %s", status, message);
    char id[17];
    nb_public_key_id(spki, id);
    CHECK(strcmp(id, "21fe31dfa154a261") == 0, "RFC 8032's key has the id %s", id);
    /* Text around the block, and the block wrapped with every white space PEM allows, still read. */
    static const char wrapped[] = "a key:\r\n-----BEGIN PUBLIC KEY-----\r\n MCowBQYDK2Vw\tAyEA11qYAYKx\vCrfVS/7TyWQH\f"
                                  "Og7hcvPapiMlrwIaaPcHU Ro=\r\n-----END PUBLIC KEY-----\r\ntrailing";
    status = nb_public_key_read(wrapped, strlen(wrapped), 1, spki, message, sizeof message);
    CHECK(status == NB_OK && memcmp(spki, expected, sizeof spki) == 0, "a wrapped PEM: %d %s", status, message);

    static const char *const signs = ": navforge signs with Ed25519 (`navforge keygen`, or `openssl genpkey -algorithm ed25519`)";
    static const struct {
        const char *pem, *message; /* message: the whole of it, or its start before `signs` */
        int named;
    } pems[] = {
        {"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VuAyEA7Uoz8ttwP3MWJ4O9/toP3cT8MCoaPh/rRWg1I5bqGQ8=\n-----END PUBLIC KEY-----\n",
         "the public key is an X25519 key, not an Ed25519 key", 1},
        {"-----BEGIN PUBLIC KEY-----\nMEMwBQYDK2VxAzoAtCWdaAgmjkBJa/zZXGPEBDGHPSR68seJuRLZSlyXhKACoiM0\n"
         "KGNeshlLpc2zdXDxrIdq/TsWkhIA\n-----END PUBLIC KEY-----\n", "the public key is an Ed448 key, not an Ed25519 key", 1},
        {"-----BEGIN PUBLIC KEY-----\nMEIwBQYDK2VvAzkAmTd4YAT8uGzbNL5JL3mb9UYs8ihX5X/zdl20AaV7Gg0kW81x\n"
         "wUyCyaxwmiNGMmI+r6Y3gjX81Q4=\n-----END PUBLIC KEY-----\n", "the public key is an X448 key, not an Ed25519 key", 1},
        {"-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEFNtVs/aqfMMV6cah1BuS1oAtYoxr\n"
         "7uWnvXCY/1GEP6KrQ2/dplL97p/uLKULSQ9jvIEae4YWc+To/pXo3S0wEQ==\n-----END PUBLIC KEY-----\n",
         "the public key is an elliptic-curve (ECDSA) key, not an Ed25519 key", 1},
        {"-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIEez2I47Es+V1KTMHNl80fxtAcVM27mUmotDOC8t7YcI\n-----END PRIVATE KEY-----\n",
         "the key is a PRIVATE KEY, not a PUBLIC KEY: verify with the public key (NAME.pub beside the NAME.key "
         "`navforge keygen` writes); the private key stays with whoever signs", 0},
        {"-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n",
         "the key is a ENCRYPTED PRIVATE KEY, not a PUBLIC KEY: verify with the public key (NAME.pub beside the NAME.key "
         "`navforge keygen` writes); the private key stays with whoever signs", 0},
        {"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", "the key is a CERTIFICATE block, not a PUBLIC KEY", 0},
        {"-----BEGIN x-----\n-----BEGIN  RSA 2-----\n", "the key is a  RSA 2 block, not a PUBLIC KEY", 0},
        {"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
         "the key text is not PEM (it has no -----BEGIN PUBLIC KEY----- line)", 0},
        {"-----BEGIN -----\n", "the key text is not PEM (it has no -----BEGIN PUBLIC KEY----- line)", 0},
        {"", "the key text is not PEM (it has no -----BEGIN PUBLIC KEY----- line)", 0},
        {"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA*****\n-----END PUBLIC KEY-----\n", "the PUBLIC KEY block is not base64", 0},
        {"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyE\n-----END PUBLIC KEY-----\n", "the PUBLIC KEY block is not base64", 0},
        {"-----BEGIN PUBLIC KEY-----\nMCo=wBQY\n-----END PUBLIC KEY-----\n", "the PUBLIC KEY block is not base64", 0},
        {"-----BEGIN PUBLIC KEY-----\nMC===\n-----END PUBLIC KEY-----\n", "the PUBLIC KEY block is not base64", 0},
        {"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n", "the PUBLIC KEY block has no -----END PUBLIC KEY----- line", 0},
        {"-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n", "the public key is not a SubjectPublicKeyInfo (RFC 5280)", 1},
        {"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHUQ==\n-----END PUBLIC KEY-----\n",
         "the public key is an Ed25519 key not encoded as RFC 8410 says", 1},
    };
    for (size_t i = 0; i < sizeof pems / sizeof pems[0]; i++) {
        char wanted[1024];
        snprintf(wanted, sizeof wanted, "%s%s", pems[i].message, pems[i].named ? signs : "");
        status = nb_public_key_read(pems[i].pem, strlen(pems[i].pem), 1, spki, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strcmp(message, wanted) == 0, "PEM %zu: %d %s", i, status, message);
    }
    static const struct {
        const char *hex, *kind;
    } ders[] = {
        /* An RSA key cut after its algorithm: the lengths of the SEQUENCEs are not checked, so it is named. */
        {"30820122300d06092a864886f70d0101010500", "an RSA key, not an Ed25519 key"},
        {"3059301306072a8648ce3d020106082a8648ce3d030107034200", "an elliptic-curve (ECDSA) key, not an Ed25519 key"},
        {"3081a7300506032b65ff", "a key of another algorithm, not an Ed25519 key"},
        {"302a300506032b6570032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f70751",
         "an Ed25519 key not encoded as RFC 8410 says"},
        {"302a300506032b6570032000d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
         "an Ed25519 key not encoded as RFC 8410 says"},
        {"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "not a SubjectPublicKeyInfo (RFC 5280)"},
        {"", "not a SubjectPublicKeyInfo (RFC 5280)"},
        {"3080", "not a SubjectPublicKeyInfo (RFC 5280)"},
        {"3084000000003000", "not a SubjectPublicKeyInfo (RFC 5280)"},
        {"3000300006092a86", "not a SubjectPublicKeyInfo (RFC 5280)"},
    };
    for (size_t i = 0; i < sizeof ders / sizeof ders[0]; i++) {
        size_t length = hex_bytes(ders[i].hex, der);
        char wanted[1024];
        snprintf(wanted, sizeof wanted, "the public key is %s%s", ders[i].kind, signs);
        uint8_t *exact = malloc(length ? length : 1); /* exactly the bytes, so that a read past them is caught */
        memcpy(exact, der, length);
        status = nb_public_key_read(exact, length, 0, spki, message, sizeof message);
        CHECK(status == NB_ERROR_FORMAT && strcmp(message, wanted) == 0, "DER %zu: %d %s", i, status, message);
        free(exact);
    }
    CHECK(nb_public_key_read(NULL, 4, 0, spki, message, sizeof message) == NB_ERROR_ARGUMENT, "NULL key: %s", message);

    /* Strict base64 as catalogs write it: no white space, padding only at the end, whole groups. */
    uint8_t bytes[16];
    size_t length;
    CHECK(nb_base64_read("aGk=", 4, bytes, &length) == 1 && length == 2 && memcmp(bytes, "hi", 2) == 0, "aGk=");
    CHECK(nb_base64_read("aGkh", 4, bytes, &length) == 1 && length == 3 && memcmp(bytes, "hi!", 3) == 0, "aGkh");
    CHECK(nb_base64_read("aA==", 4, bytes, &length) == 1 && length == 1 && bytes[0] == 'h', "aA==");
    CHECK(nb_base64_read("aB==", 4, bytes, &length) == 1 && length == 1 && bytes[0] == 'h', "aB== (bits left over)");
    CHECK(nb_base64_read("", 0, bytes, &length) == 1 && length == 0, "empty");
    static const char *const not_base64[] = {"aGk", "aGk= ", "aG k", "a===", "====", "aG=k", "aGk=aGk=", "aGk-", "aGk\n"};
    for (size_t i = 0; i < sizeof not_base64 / sizeof not_base64[0]; i++)
        CHECK(nb_base64_read(not_base64[i], strlen(not_base64[i]), bytes, &length) == 0, "\"%s\" read as base64", not_base64[i]);
}

/* ---- Route steps ---- */

/* Step `i`'s instruction, measured first and then written, as a caller with no idea of its
 * length would. */
static const char *instruction_of(nb_bundle *b, const nb_route_step *step, char *text, size_t size) {
    size_t length = 99;
    nb_status status = nb_step_instruction(b, step, NULL, 0, &length);
    CHECK(status == NB_OK && length > 0, "measuring an instruction: %d %s", status, nb_last_error(b));
    CHECK(length < size, "an instruction of %zu bytes", length);
    size_t written = 0;
    status = nb_step_instruction(b, step, text, length + 1, &written);
    CHECK(status == NB_OK && written == length && strlen(text) == length, "writing an instruction: %d %zu %zu %s", status,
          written, length, nb_last_error(b));
    return text;
}

/* The route between two places on the demo campus, for `profile`. */
static nb_path route_between(nb_bundle *b, uint32_t profile, const char *from, const char *to) {
    nb_endpoint start = resolve(b, from), end = resolve(b, to);
    uint32_t source = NB_NONE, target = NB_NONE;
    CHECK(nb_endpoint_node(b, &start, profile, &source) == NB_OK && source != NB_NONE, "no node for %s", from);
    CHECK(nb_endpoint_node(b, &end, profile, &target) == NB_OK && target != NB_NONE, "no node for %s", to);
    nb_endpoint_free(&start), nb_endpoint_free(&end);
    nb_path path;
    memset(&path, 0, sizeof path);
    if (source == NB_NONE || target == NB_NONE) return path;
    CHECK(nb_route_path(b, profile, source, target, &path) == NB_OK && path.nodes != NULL, "no route from %s to %s: %s",
          from, to, nb_last_error(b));
    return path;
}

/* The steps of `path` cover it: each starts where the one before ends, from its first node to
 * its last, and their lengths and durations add up to the route's. */
static void check_steps_cover(nb_bundle *b, uint32_t profile, const nb_path *path, const nb_route_step *steps, size_t count) {
    double length = 0, duration = 0;
    for (size_t i = 0; i < count; i++) {
        CHECK(steps[i].start_index == (i ? steps[i - 1].end_index : 0) && steps[i].end_index > steps[i].start_index,
              "step %zu runs from %zu to %zu", i, steps[i].start_index, steps[i].end_index);
        CHECK(steps[i].from_level == rd16(b->node_entries + 16 * (size_t)path->nodes[steps[i].start_index] + 8) &&
                  steps[i].to_level == rd16(b->node_entries + 16 * (size_t)path->nodes[steps[i].end_index] + 8),
              "step %zu's levels are not its nodes'", i);
        length += steps[i].length, duration += steps[i].duration;
    }
    CHECK(count > 0 && steps[count - 1].end_index == path->arc_count, "the steps end at %zu of %zu arcs",
          count ? steps[count - 1].end_index : 0, path->arc_count);
    CHECK(fabs(length * 100 - (double)path->length) < 1e-6 * (double)path->length + 1e-6, "steps of %f m, a route of %llu cm",
          length, (unsigned long long)path->length);
    uint64_t milliseconds = 0;
    for (size_t i = 0; i < path->arc_count; i++) milliseconds += profile_cost(b, profile, path->arcs[i]);
    CHECK(fabs(duration * 1000 - (double)milliseconds) < 1e-3, "steps of %f s, arcs of %llu ms", duration,
          (unsigned long long)milliseconds);
}

/* The rules the bindings expose are the core's own: the exported calls give what the core applies
 * inside, at the edges where a restatement would most likely differ. */
static void test_binding_rules(void) {
    CHECK(nb_slowed_cost(3, 1.5) == 5 && nb_slowed_cost(7, 2.5) == 18 && nb_slowed_cost(5, 1.1) == 6,
          "exported slow-downs round halves away from zero");
    CHECK(nb_slowed_cost(4294968, 1000) == 0xFFFFFFFEu && nb_slowed_cost(4294967, 1000) == 4294967000u &&
              nb_slowed_cost(NB_NONE, 2) == NB_NONE,
          "exported slow-downs stay below impassable, and impassable stays so");
    for (uint32_t cost = 0; cost < 100000; cost += 7)
        CHECK(nb_slowed_cost(cost, 1.0 + cost / 977.0) == slowed_cost(cost, 1.0 + cost / 977.0), "the exported rule is the inner one");
    CHECK(nb_signal_weight(-104, -104, 1.5) == 0 && nb_signal_weight(-110, -104, 1.5) == 0, "no weight at or below the weakest");
    CHECK(nb_signal_weight(0, -104, 1.5) == 1 && nb_signal_weight(20, -104, 1.5) == 1, "full weight from 0 dBm");
    for (int rssi = -103; rssi < 0; rssi++) {
        double weight = nb_signal_weight(rssi, -104, 2.5);
        CHECK(weight > 0 && weight < 1 && weight * 16777216.0 == floor(weight * 16777216.0), "weights in steps of 2^-24");
        CHECK(weight == wifi_weight(rssi, -104, 2.5), "the exported weight is the inner one");
    }
}

/* What nb_open_table refused, by kind, as the JavaScript reader's error codes name it. */
static void test_open_table_refusals(void) {
    struct {
        size_t size, at;          /* the bytes opened; where one byte is changed */
        uint8_t value;
        nb_refusal_kind kind;
        const char *words;
    } cases[] = {
        {HEADER_SIZE - 1, 0, 'N', NB_REFUSED_NOT_A_BUNDLE, "too short"},
        {0, 0, 'X', NB_REFUSED_NOT_A_BUNDLE, "magic"},
        {0, 8, 9, NB_REFUSED_VERSION, "not supported"},
        {0, 24, 1, NB_REFUSED_SIZE, "truncated or extended"},
        {0, 20, 7, NB_REFUSED_TABLE, "do not fit"},
    };
    char message[1024];
    nb_refusal refusal;
    nb_bundle *b = NULL;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        uint8_t *copy = malloc(image_size);
        memcpy(copy, image, image_size);
        copy[cases[i].at] = cases[i].value;
        nb_status status = nb_open_table(copy, cases[i].size ? cases[i].size : image_size, "t", &b, message, sizeof message,
                                         &refusal);
        CHECK(status == NB_ERROR_FORMAT && b == NULL && refusal.kind == cases[i].kind && refusal.section[0] == 0 &&
                  strstr(message, cases[i].words),
              "refusal %zu: %d %d %s", i, status, refusal.kind, message);
        free(copy);
    }
    /* A required section renamed is missing, and named. */
    uint8_t *copy = malloc(image_size);
    memcpy(copy, image, image_size);
    uint32_t count = rd32(copy + 16), header = rd32(copy + 20);
    for (uint32_t i = 0; i < count; i++)
        if (memcmp(copy + header + 32 * (size_t)i, "PLAC", 4) == 0) copy[header + 32 * (size_t)i] = 'X';
    CHECK(nb_open_table(copy, image_size, NULL, &b, message, sizeof message, &refusal) == NB_ERROR_FORMAT &&
              refusal.kind == NB_REFUSED_MISSING_SECTION && strcmp(refusal.section, "PLAC") == 0,
          "a missing section: %d %s %s", refusal.kind, refusal.section, message);
    free(copy);
    CHECK(nb_open_table(image, image_size, NULL, &b, message, sizeof message, NULL) == NB_OK && b, "no refusal asked for");
    nb_close(b);
    CHECK(nb_open_table(image, image_size, NULL, &b, message, sizeof message, &refusal) == NB_OK && b &&
              refusal.kind == NB_REFUSED_NOTHING && nb_open_finish(b) == NB_OK,
          "an intact bundle: %d", refusal.kind);
    nb_close(b);
}

/* The text an endpoint error names: trimmed, and an unknown level's qualifier. */
static void test_endpoint_named(void) {
    struct {
        const char *text;
        int kind;
        const char *named;
    } cases[] = {
        {" \t0,0 @ nowhere\n", NB_ENDPOINT_UNKNOWN_LEVEL, " nowhere"},
        {"0,0@", NB_ENDPOINT_UNKNOWN_LEVEL, ""},
        {" Qwxyzzy@nowhere ", NB_ENDPOINT_UNKNOWN, "Qwxyzzy@nowhere"},
        {"\r Lift \xc3\x9c \f", NB_ENDPOINT_AMBIGUOUS, "Lift \xc3\x9c"},
        {" \v ", NB_ENDPOINT_EMPTY, ""},
        {"", NB_ENDPOINT_EMPTY, ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t start = 99, length = 99;
        nb_endpoint_named(cases[i].text, strlen(cases[i].text), cases[i].kind, &start, &length);
        CHECK(start + length <= strlen(cases[i].text) && length == strlen(cases[i].named) &&
                  memcmp(cases[i].text + start, cases[i].named, length) == 0,
              "endpoint text %zu names %zu bytes at %zu", i, length, start);
    }
}

/* Swift's description of a Double, which level names and climbs are written in. */
static void test_swift_double(void) {
    struct { double value; const char *text; } cases[] = {
        {0.5, "0.5"}, {1.5, "1.5"}, {2, "2.0"}, {-1, "-1.0"}, {100, "100.0"}, {0.1 + 0.2, "0.30000000000000004"},
        {1e-4, "0.0001"}, {1e-5, "1e-05"}, {1.5e-5, "1.5e-05"}, {-2.5e-7, "-2.5e-07"}, {1e16, "1e+16"},
        {1.2345e17, "1.2345e+17"}, {9999999999999998.0, "9999999999999998.0"}, {123456.789, "123456.789"},
        {0.0, "0.0"}, {-0.0, "-0.0"}, {1.0 / 3, "0.3333333333333333"}, {5e-324, "5e-324"}, {1.7976931348623157e308, "1.7976931348623157e+308"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[40];
        size_t length = swift_double(cases[i].value, text);
        CHECK(strcmp(text, cases[i].text) == 0 && length == strlen(text), "%.17g is written '%s', Swift writes '%s'",
              cases[i].value, text, cases[i].text);
    }
    char text[40];
    swift_double(NAN, text);
    CHECK(strcmp(text, "nan") == 0, "NaN is written '%s'", text);
    swift_double(-INFINITY, text);
    CHECK(strcmp(text, "-inf") == 0, "-infinity is written '%s'", text);
}

/* Instructions of steps made by hand, for the words no demo route has: half-landings, unnamed
 * connectors, ramps and thresholds without names. */
static void test_instruction_words(nb_bundle *b, uint32_t lower, uint32_t upper) {
    nb_route_step step;
    memset(&step, 0, sizeof step);
    char text[512];
    size_t length;
    step.action = NB_STEP_STAIRS, step.label = "stairs", step.label_length = 6;
    step.from_level = lower, step.to_level = lower, step.rise = 0.5, step.step_count = 11;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the stairs up, 11 steps, half a level from Ground floor") == 0,
          "to a half-landing: '%s'", text);
    step.rise = -0.5, step.step_count = -1;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the stairs down half a level from Ground floor") == 0,
          "down to a half-landing: '%s'", text);
    step.to_level = upper, step.rise = 1.5;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the stairs up 1.5 levels from Ground floor") == 0,
          "one and a half levels: '%s'", text);
    step.rise = 3;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the stairs up 3 levels from Ground floor") == 0,
          "three levels: '%s'", text);
    step.rise = 0.3;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the stairs up part of a level from Ground floor") == 0,
          "part of a level: '%s'", text);
    step.rise = 1;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the stairs up from Ground floor to First floor") == 0,
          "a level that is reached: '%s'", text);
    step.rise = 0, step.action = NB_STEP_ELEVATOR, step.label = "elevator", step.label_length = 8;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the lift up from Ground floor to First floor") == 0,
          "an unnamed lift: '%s'", text);
    step.from_level = upper, step.to_level = lower, step.label = NULL, step.label_length = 0, step.action = NB_STEP_ESCALATOR;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the escalator down from First floor to Ground floor") == 0,
          "an escalator without a label: '%s'", text);
    step.from_level = step.to_level = lower, step.action = NB_STEP_RAMP, step.label = "Side ramp", step.label_length = 9;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Use Side ramp") == 0, "a level ramp: '%s'", text);
    step.action = NB_STEP_STEPS, step.label = "steps", step.label_length = 5, step.step_count = 3;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Take the steps, 3 steps") == 0, "steps: '%s'", text);
    step.action = NB_STEP_WALK_OUTSIDE, step.label = NULL;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Walk outside") == 0, "an unnamed way outside: '%s'", text);
    step.action = NB_STEP_WALK, step.along_path = 1, step.label = "Platform 1", step.label_length = 10;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Walk along Platform 1") == 0, "along a path: '%s'", text);
    step.action = NB_STEP_ENTER_BUILDING, step.label = NULL;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Enter Main Building through the entrance") == 0,
          "an unnamed entrance: '%s'", text);
    step.action = NB_STEP_LEAVE_BUILDING;
    CHECK(strcmp(instruction_of(b, &step, text, sizeof text), "Leave Main Building through the exit") == 0,
          "an unnamed exit: '%s'", text);
    /* Bad steps and buffers. */
    step.action = NB_STEP_WALK, step.along_path = 0, step.label = "Hall", step.label_length = 4;
    char small[4] = "xyz";
    CHECK(nb_step_instruction(b, &step, small, sizeof small, &length) == NB_ERROR_ARGUMENT && length == strlen("Walk through Hall") &&
              small[0] == '\0' && strstr(nb_last_error(b), "bytes"),
          "a buffer too small: %zu '%s'", length, nb_last_error(b));
    CHECK(nb_step_instruction(b, &step, text, strlen("Walk through Hall"), &length) == NB_ERROR_ARGUMENT,
          "no room for the NUL");
    char none[2] = "x";
    CHECK(nb_step_instruction(b, &step, none, 0, &length) == NB_ERROR_ARGUMENT && none[0] == 'x',
          "a buffer of no bytes is not written to");
    CHECK(nb_step_instruction(b, &step, text, strlen("Walk through Hall") + 1, &length) == NB_OK &&
              strcmp(text, "Walk through Hall") == 0, "room for the NUL exactly: '%s'", text);
    CHECK(nb_step_instruction(b, NULL, text, sizeof text, &length) == NB_ERROR_ARGUMENT, "a NULL step");
    CHECK(nb_step_instruction(b, &step, text, sizeof text, NULL) == NB_ERROR_ARGUMENT, "nowhere for the length");
    CHECK(nb_step_instruction(b, &step, NULL, 10, &length) == NB_ERROR_ARGUMENT, "a NULL buffer with room");
    step.from_level = nb_level_count(b);
    CHECK(nb_step_instruction(b, &step, text, sizeof text, &length) == NB_ERROR_ARGUMENT && strstr(nb_last_error(b), "level"),
          "a level out of range: %s", nb_last_error(b));
    step.from_level = lower, step.action = NB_STEP_STEPS + 1;
    CHECK(nb_step_instruction(b, &step, text, sizeof text, &length) == NB_ERROR_ARGUMENT, "an unknown action");
    step.action = -1;
    CHECK(nb_step_instruction(b, &step, text, sizeof text, &length) == NB_ERROR_ARGUMENT, "a negative action");
    step.action = NB_STEP_WALK, step.label = "\xc3\x28", step.label_length = 2;
    CHECK(nb_step_instruction(b, &step, text, sizeof text, &length) == NB_ERROR_ARGUMENT && strstr(nb_last_error(b), "UTF-8"),
          "a label that is not UTF-8: %s", nb_last_error(b));
}

/* Two short unnamed walks of different kinds at a route's start (half a metre along an indoor path,
 * half a metre outside) both belong to the first step: none of their length or time is lost. */
static void test_short_walks_at_start(void) {
    nb_route_step steps[3];
    memset(steps, 0, sizeof steps);
    steps[0].action = NB_STEP_WALK, steps[0].along_path = 1, steps[0].length = 0.5, steps[0].duration = 0.5;
    steps[0].start_index = 0, steps[0].end_index = 1, steps[0].step_count = -1;
    steps[1].action = NB_STEP_WALK_OUTSIDE, steps[1].length = 0.25, steps[1].duration = 0.25;
    steps[1].start_index = 1, steps[1].end_index = 3, steps[1].step_count = -1;
    steps[2].action = NB_STEP_WALK_OUTSIDE, steps[2].label = "Long Walk", steps[2].label_length = 9;
    steps[2].length = 30, steps[2].duration = 21.5, steps[2].start_index = 3, steps[2].end_index = 4;
    steps[2].step_count = -1;
    size_t kept = absorb_short_walks(steps, 3);
    CHECK(kept == 1 && steps[0].length == 30.75 && steps[0].duration == 22.25 && steps[0].start_index == 0
              && steps[0].end_index == 4 && steps[0].label_length == 9,
          "two short walks at the start: %zu steps, the first %.2f m, %.2f s, arcs %zu..%zu", kept, steps[0].length,
          steps[0].duration, steps[0].start_index, steps[0].end_index);
    /* Short walks alone: one step of all of them. */
    memset(steps, 0, sizeof steps);
    steps[0].action = NB_STEP_WALK, steps[0].along_path = 1, steps[0].length = 0.5, steps[0].end_index = 1;
    steps[1].action = NB_STEP_WALK_OUTSIDE, steps[1].length = 0.25, steps[1].start_index = 1, steps[1].end_index = 2;
    kept = absorb_short_walks(steps, 2);
    CHECK(kept == 1 && steps[0].length == 0.75 && steps[0].start_index == 0 && steps[0].end_index == 2,
          "short walks alone: %zu steps, the first %.2f m, arcs %zu..%zu", kept, steps[0].length, steps[0].start_index,
          steps[0].end_index);
}

static void test_route_steps(nb_bundle *b) {
    test_short_walks_at_start();
    test_swift_double();
    test_binding_rules();
    test_open_table_refusals();
    test_endpoint_named();
    int foot = nb_profile_index(b, "foot");
    CHECK(foot >= 0, "the demo campus has no foot profile");
    if (foot < 0) return;
    char text[512];
    nb_route_step *steps = NULL;
    size_t count = 0;
    /* From the computer lab on the first floor down by Lift A to Student Services. */
    nb_path path = route_between(b, (uint32_t)foot, "A.1.04", "A.0.07");
    CHECK(nb_route_steps(b, (uint32_t)foot, &path, &steps, &count) == NB_OK && count >= 3, "steps by lift: %s",
          nb_last_error(b));
    const char *lift = "Take Lift A down from First floor to Ground floor";
    size_t by_lift = count;
    for (size_t i = 0; i < count; i++)
        if (strcmp(instruction_of(b, &steps[i], text, sizeof text), lift) == 0) by_lift = i;
    CHECK(count > 0 && strcmp(instruction_of(b, &steps[0], text, sizeof text), "Walk through A.1.04 Computer lab") == 0,
          "the first step: '%s'", text);
    CHECK(count > 0 && strcmp(instruction_of(b, &steps[count - 1], text, sizeof text), "Walk through A.0.07 Student Services") == 0,
          "the last step: '%s'", text);
    CHECK(by_lift < count && steps[by_lift].action == NB_STEP_ELEVATOR && steps[by_lift].step_count == -1 &&
              steps[by_lift].from_level != steps[by_lift].to_level && steps[by_lift].rise == -1,
          "no step '%s'", lift);
    uint32_t ground = by_lift < count ? steps[by_lift].to_level : 0, first = by_lift < count ? steps[by_lift].from_level : 0;
    if (count) check_steps_cover(b, (uint32_t)foot, &path, steps, count);
    free(steps);
    /* Without a profile, the same steps take no time. */
    CHECK(nb_route_steps(b, NB_NONE, &path, &steps, &count) == NB_OK && count > 0, "steps without a profile");
    for (size_t i = 0; i < count; i++) CHECK(steps[i].duration == 0, "step %zu takes %f s without a profile", i, steps[i].duration);
    free(steps);
    nb_path_free(&path);

    /* Up the West staircase, whose flights STPC counts, from the ground floor to the second. */
    path = route_between(b, (uint32_t)foot, "A.0.06", "A.2.01");
    CHECK(nb_route_steps(b, (uint32_t)foot, &path, &steps, &count) == NB_OK && count > 0, "steps by stairs: %s", nb_last_error(b));
    int climbed = 0;
    for (size_t i = 0; i < count; i++)
        if (strcmp(instruction_of(b, &steps[i], text, sizeof text), "Take West staircase up, 44 steps, from Ground floor to Second floor") == 0)
            climbed = steps[i].action == NB_STEP_STAIRS && steps[i].step_count == 44 && steps[i].rise == 2;
    CHECK(climbed, "no climb of 44 steps up the West staircase");
    if (count) check_steps_cover(b, (uint32_t)foot, &path, steps, count);
    free(steps);

    /* Bad paths. */
    nb_path bad = path;
    CHECK(nb_route_steps(b, (uint32_t)foot, NULL, &steps, &count) == NB_ERROR_ARGUMENT && steps == NULL && count == 0,
          "a NULL path");
    CHECK(nb_route_steps(b, (uint32_t)foot, &path, NULL, &count) == NB_ERROR_ARGUMENT, "nowhere for the steps");
    CHECK(nb_route_steps(b, nb_profile_count(b), &path, &steps, &count) == NB_ERROR_ARGUMENT && steps == NULL,
          "a profile out of range");
    bad.node_count = path.arc_count;
    CHECK(nb_route_steps(b, (uint32_t)foot, &bad, &steps, &count) == NB_ERROR_ARGUMENT && steps == NULL,
          "nodes that do not fit the arcs");
    bad = path, bad.arcs = NULL;
    CHECK(nb_route_steps(b, (uint32_t)foot, &bad, &steps, &count) == NB_ERROR_ARGUMENT, "arcs missing");
    if (path.arc_count > 0) {
        uint32_t kept = path.arcs[0];
        path.arcs[0] = nb_arc_count(b);
        CHECK(nb_route_steps(b, (uint32_t)foot, &path, &steps, &count) == NB_ERROR_ARGUMENT && strstr(nb_last_error(b), "arc"),
              "an arc out of range: %s", nb_last_error(b));
        path.arcs[0] = kept;
        kept = path.nodes[1];
        path.nodes[1] = nb_node_count(b);
        CHECK(nb_route_steps(b, (uint32_t)foot, &path, &steps, &count) == NB_ERROR_ARGUMENT && strstr(nb_last_error(b), "node"),
              "a node out of range: %s", nb_last_error(b));
        path.nodes[1] = kept;
    }
    if (path.arc_count > 1) { /* arcs in range that do not run between the path's nodes */
        uint32_t first = path.arcs[0];
        path.arcs[0] = path.arcs[path.arc_count - 1], path.arcs[path.arc_count - 1] = first;
        CHECK(nb_route_steps(b, (uint32_t)foot, &path, &steps, &count) == NB_ERROR_ARGUMENT && steps == NULL &&
                  strstr(nb_last_error(b), "join"),
              "arcs that do not join the nodes: %s", nb_last_error(b));
        path.arcs[path.arc_count - 1] = path.arcs[0], path.arcs[0] = first;
    }
    /* Unreachable, and already there: no steps. */
    nb_path none;
    memset(&none, 0, sizeof none);
    none.duration = UINT64_MAX;
    CHECK(nb_route_steps(b, (uint32_t)foot, &none, &steps, &count) == NB_OK && steps == NULL && count == 0, "an unreachable route");
    uint32_t here = path.node_count ? path.nodes[0] : 0;
    none.nodes = &here, none.node_count = 1;
    CHECK(nb_route_steps(b, (uint32_t)foot, &none, &steps, &count) == NB_OK && steps == NULL && count == 0, "a route of no arcs");

    /* STPC damaged: more entries than arcs, and more than the section holds. */
    size_t stpc = SIZE_MAX;
    for (size_t i = 0; i < b->section_count; i++)
        if (memcmp(b->sections[i].tag, "STPC", 4) == 0) stpc = i;
    CHECK(stpc != SIZE_MAX, "the demo campus has no STPC");
    uint32_t counts[] = {nb_arc_count(b) + 1, 0xFFFFFFFFu};
    for (size_t k = 0; stpc != SIZE_MAX && k < 2; k++) {
        uint8_t *copy = unaligned_copy(image, image_size);
        put32(copy + b->sections[stpc].offset, counts[k]);
        nb_bundle *damaged = NULL;
        char message[1024];
        CHECK(nb_open_memory(copy, image_size, "steps", 0, &damaged, message, sizeof message) == NB_OK, "%s", message);
        if (damaged) {
            nb_status status = nb_route_steps(damaged, (uint32_t)foot, &path, &steps, &count);
            CHECK(status == NB_ERROR_FORMAT && steps == NULL && strstr(nb_last_error(damaged), "STPC"),
                  "STPC of %u entries: %d %s", counts[k], status, nb_last_error(damaged));
            nb_close(damaged);
        }
        free_unaligned(copy);
    }
    nb_path_free(&path);
    test_instruction_words(b, ground, first);
}

/* The maneuvers of `path` add up to it: from 0 to its length in centimetres, their times to its
 * duration (or to `expected` milliseconds), depart first and arrive last. */
static void check_maneuvers_cover(const nb_path *path, const nb_maneuver *m, size_t count, uint64_t expected) {
    uint64_t along = 0, duration = 0;
    for (size_t i = 0; i < count; i++) {
        CHECK(m[i].along == along, "maneuver %zu is at %llu cm, not %llu", i, (unsigned long long)m[i].along,
              (unsigned long long)along);
        along += m[i].distance, duration += m[i].duration;
        CHECK(m[i].route_index < path->node_count, "maneuver %zu is at node position %zu", i, m[i].route_index);
    }
    CHECK(count >= 2 && m[0].kind == NB_MANEUVER_DEPART && m[count - 1].kind == NB_MANEUVER_ARRIVE &&
              m[0].bearing_before == -1 && m[count - 1].bearing_after == -1 && m[count - 1].distance == 0,
          "a route's maneuvers do not run from depart to arrive");
    CHECK(along == path->length && duration == expected, "maneuvers add up to %llu cm and %llu ms, the route %llu and %llu",
          (unsigned long long)along, (unsigned long long)duration, (unsigned long long)path->length,
          (unsigned long long)expected);
}

static void test_route_maneuvers(nb_bundle *b) {
    int foot = nb_profile_index(b, "foot");
    if (foot < 0) return;
    nb_maneuver *m = NULL;
    size_t count = 0;
    /* Down by Lift A: one elevator maneuver, which states both levels and names the lift. */
    nb_path path = route_between(b, (uint32_t)foot, "A.1.04", "A.0.07");
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, &path, NULL, &m, &count) == NB_OK, "maneuvers: %s", nb_last_error(b));
    check_maneuvers_cover(&path, m, count, path.duration);
    size_t rides = 0;
    for (size_t i = 0; i < count; i++) {
        if (m[i].kind != NB_MANEUVER_ELEVATOR) {
            CHECK(!m[i].changes_level, "a %d maneuver changes level", m[i].kind);
            continue;
        }
        rides++;
        CHECK(m[i].changes_level && m[i].direction == -1 && m[i].from_level != m[i].to_level && m[i].step_count == -1 &&
                  m[i].rise == -100 && m[i].way && m[i].way_length == 6 && memcmp(m[i].way, "Lift A", 6) == 0,
              "the ride down Lift A is not told as one");
    }
    CHECK(rides == 1, "%zu rides by lift", rides);
    free(m);
    /* Times of the caller's own, one second an arc; and without a profile or costs, none. */
    uint32_t *seconds = malloc(sizeof *seconds * (path.arc_count + 1));
    if (!seconds) { perror("malloc"); exit(2); }
    for (size_t i = 0; i < path.arc_count; i++) seconds[i] = 1000;
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, &path, seconds, &m, &count) == NB_OK, "%s", nb_last_error(b));
    check_maneuvers_cover(&path, m, count, 1000 * (uint64_t)path.arc_count);
    free(m), free(seconds);
    CHECK(nb_route_maneuvers(b, NB_NONE, &path, NULL, &m, &count) == NB_OK, "%s", nb_last_error(b));
    check_maneuvers_cover(&path, m, count, 0);
    free(m);
    /* Refused: no path, nowhere to put them, a profile out of range, arcs that do not join. */
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, NULL, NULL, &m, &count) == NB_ERROR_ARGUMENT && m == NULL && count == 0,
          "a NULL path");
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, &path, NULL, NULL, &count) == NB_ERROR_ARGUMENT, "nowhere for them");
    CHECK(nb_route_maneuvers(b, nb_profile_count(b), &path, NULL, &m, &count) == NB_ERROR_ARGUMENT, "a profile out of range");
    if (path.arc_count > 1) {
        uint32_t first = path.arcs[0];
        path.arcs[0] = path.arcs[path.arc_count - 1], path.arcs[path.arc_count - 1] = first;
        CHECK(nb_route_maneuvers(b, (uint32_t)foot, &path, NULL, &m, &count) == NB_ERROR_ARGUMENT && m == NULL &&
                  strstr(nb_last_error(b), "join"),
              "arcs that do not join the nodes: %s", nb_last_error(b));
        path.arcs[path.arc_count - 1] = path.arcs[0], path.arcs[0] = first;
    }
    /* Unreachable, and already there: none. */
    nb_path none;
    memset(&none, 0, sizeof none);
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, &none, NULL, &m, &count) == NB_OK && m == NULL && count == 0, "unreachable");
    uint32_t here = path.node_count ? path.nodes[0] : 0;
    none.nodes = &here, none.node_count = 1;
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, &none, NULL, &m, &count) == NB_OK && m == NULL && count == 0, "no arcs");
    /* Without GARC there are no bearings to turn by. */
    uint8_t *copy = malloc(image_size);
    if (!copy) { perror("malloc"); exit(2); }
    memcpy(copy, image, image_size);
    copy[HEADER_SIZE + ENTRY_SIZE * table_index(b, "GARC")] = 'X';
    nb_bundle *without = NULL;
    char message[1024];
    CHECK(nb_open_memory(copy, image_size, "without", 0, &without, message, sizeof message) == NB_OK, "%s", message);
    if (without) {
        CHECK(nb_route_maneuvers(without, (uint32_t)foot, &path, NULL, &m, &count) == NB_ERROR_UNAVAILABLE && m == NULL &&
                  error_says(without, "GARC"),
              "maneuvers without GARC: %s", nb_last_error(without));
        nb_close(without);
    }
    free(copy);
    nb_path_free(&path);
}

/* Landmarks of maneuvers (docs/guidance.md): the arrival down Lift A names its destination,
 * A.0.07; every landmark named is its GLMK record, said by a kind that can say it;
 * without GLMK none is named. */
/* A landmark's side against a facing (docs/guidance.md, "Landmarks of maneuvers"): ahead within
 * 22.5 degrees, none within 22.5 degrees of straight behind or within 1 m, else the side it lies
 * on; the cases of the Swift reader's ManeuverLandmarkTests. */
static void test_landmark_sides(void) {
    static const struct { int facing, bearing, distance, side; } cases[] = {
        {64, 192, 50, NB_SIDE_NONE}, {64, 176, 50, NB_SIDE_NONE}, {64, 208, 50, NB_SIDE_NONE},
        {64, 175, 50, NB_SIDE_RIGHT}, {64, 209, 50, NB_SIDE_LEFT}, {16, 144, 50, NB_SIDE_NONE},
        {16, 16, 50, NB_SIDE_AHEAD}, {64, 48, 50, NB_SIDE_AHEAD}, {64, 47, 50, NB_SIDE_LEFT},
        {64, 128, 9, NB_SIDE_NONE}, {-1, 128, 50, NB_SIDE_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nb_landmark_pair_info pair = {0};
        pair.bearing = (uint8_t)cases[i].bearing, pair.distance = (uint16_t)cases[i].distance;
        CHECK(mark_side(&pair, cases[i].facing) == cases[i].side, "a landmark at %d seen facing %d has side %d, not %d",
              cases[i].bearing, cases[i].facing, mark_side(&pair, cases[i].facing), cases[i].side);
    }
}

static void test_maneuver_landmarks(nb_bundle *b) {
    int foot = nb_profile_index(b, "foot");
    if (foot < 0 || nb_landmark_count(b) == 0) return;
    nb_endpoint end = resolve(b, "A.0.07");
    uint32_t place = end.place;
    nb_endpoint_free(&end);
    nb_path path = route_between(b, (uint32_t)foot, "A.1.04", "A.0.07");
    nb_maneuver *m = NULL;
    size_t count = 0;
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, &path, NULL, &m, &count) == NB_OK && count >= 2, "%s", nb_last_error(b));
    for (size_t i = 0; i < count; i++) {
        if (m[i].landmark == NB_NONE) {
            CHECK(m[i].landmark_placement == NB_PLACEMENT_NONE && m[i].landmark_side == NB_SIDE_NONE &&
                      m[i].landmark_name == NULL,
                  "maneuver %zu names no landmark but has its fields", i);
            continue;
        }
        nb_landmark_info info;
        CHECK(nb_landmark(b, m[i].landmark, &info) == NB_OK && info.name.text == m[i].landmark_name &&
                  info.name.length == m[i].landmark_name_length,
              "maneuver %zu names landmark %u by another name", i, m[i].landmark);
        CHECK(m[i].landmark_placement >= NB_PLACEMENT_BEFORE && m[i].landmark_placement <= NB_PLACEMENT_BESIDE &&
                  m[i].landmark_side >= NB_SIDE_NONE && m[i].landmark_side <= NB_SIDE_AHEAD,
              "maneuver %zu places its landmark %d, side %d", i, m[i].landmark_placement, m[i].landmark_side);
        int kind = m[i].kind;
        CHECK(kind == NB_MANEUVER_DEPART || kind == NB_MANEUVER_TURN || kind == NB_MANEUVER_CONTINUE ||
                  kind == NB_MANEUVER_FORK || kind == NB_MANEUVER_ARRIVE || kind == NB_MANEUVER_PLATFORM,
              "a %d maneuver names a landmark", kind);
        /* Its words say a named landmark by its name (docs/guidance.md, "Words of a maneuver"). */
        char words[512];
        size_t length = 0;
        if (kind != NB_MANEUVER_ARRIVE && info.naming == 2 && find_section(b, "GTXT") != NULL) {
            CHECK(nb_maneuver_instruction(b, &m[i], "en", NULL, words, sizeof words, &length) == NB_OK &&
                      info.name.length < 64,
                  "%s", nb_last_error(b));
            char name[64];
            memcpy(name, info.name.text, info.name.length), name[info.name.length] = '\0';
            CHECK(strstr(words, name) != NULL, "\"%s\" does not name %s", words, name);
        }
    }
    const nb_maneuver *arrive = &m[count - 1];
    nb_landmark_info destination;
    /* The route ends on the room's own node, which stands at its point: at it, with no side. */
    CHECK(arrive->landmark != NB_NONE && nb_landmark(b, arrive->landmark, &destination) == NB_OK &&
              destination.place == place && arrive->landmark_placement == NB_PLACEMENT_AT &&
              arrive->landmark_side == NB_SIDE_NONE,
          "the arrival does not name A.0.07, at it");
    free(m);
    uint8_t *copy = malloc(image_size);
    if (!copy) { perror("malloc"); exit(2); }
    memcpy(copy, image, image_size);
    copy[HEADER_SIZE + ENTRY_SIZE * table_index(b, "GLMK")] = 'X';
    nb_bundle *without = NULL;
    char message[1024];
    CHECK(nb_open_memory(copy, image_size, "without", 0, &without, message, sizeof message) == NB_OK, "%s", message);
    if (without) {
        CHECK(nb_route_maneuvers(without, (uint32_t)foot, &path, NULL, &m, &count) == NB_OK, "%s", nb_last_error(without));
        for (size_t i = 0; i < count; i++) CHECK(m[i].landmark == NB_NONE, "a landmark without GLMK");
        free(m);
        nb_close(without);
    }
    free(copy);
    nb_path_free(&path);
}

/* The words of `m` in `language` (NULL destination for none), or the status's name when refused. */
static const char *maneuver_words_of(nb_bundle *b, const nb_maneuver *m, const char *language, const char *destination) {
    static char text[512];
    size_t length = 0;
    nb_status status = nb_maneuver_instruction(b, m, language, destination, text, sizeof text, &length);
    if (status != NB_OK) snprintf(text, sizeof text, "status %d: %.400s", status, nb_last_error(b));
    else CHECK(strlen(text) == length, "the length of \"%s\" is %zu", text, length);
    return text;
}

static const char *spoken_of(nb_bundle *b, uint64_t centimetres, const char *language) {
    static char text[128];
    size_t length = 0;
    if (nb_spoken_distance(b, language, centimetres, text, sizeof text, &length) != NB_OK)
        snprintf(text, sizeof text, "refused: %.100s", nb_last_error(b));
    return text;
}

#define CHECK_WORDS(got, expected) CHECK(strcmp((got), (expected)) == 0, "\"%s\", not \"%s\"", (got), (expected))

/* A route from one platform to another leaves the first and boards the second, naming each
 * (docs/guidance.md, "Platforms"); a route between other places departs and arrives. */
static void test_station_platforms(nb_bundle *b) {
    int foot = nb_profile_index(b, "foot");
    if (foot < 0 || nb_landmark_count(b) == 0 || find_section(b, "GTXT") == NULL) return;
    nb_path path = route_between(b, (uint32_t)foot, "Platform 8a", "Platform 1");
    nb_maneuver *m = NULL;
    size_t count = 0;
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, &path, NULL, &m, &count) == NB_OK && count >= 2, "%s", nb_last_error(b));
    if (count >= 2) {
        nb_landmark_info left, boarded;
        CHECK(m[0].kind == NB_MANEUVER_PLATFORM && m[0].route_index == 0 &&
                  nb_landmark(b, m[0].landmark, &left) == NB_OK && left.kind == 8,
              "the route from Platform 8a departs with kind %d", m[0].kind);
        CHECK(m[count - 1].kind == NB_MANEUVER_PLATFORM && m[count - 1].route_index == path.node_count - 1 &&
                  nb_landmark(b, m[count - 1].landmark, &boarded) == NB_OK && boarded.kind == 8,
              "the route to Platform 1 arrives with kind %d", m[count - 1].kind);
        CHECK_WORDS(maneuver_words_of(b, &m[0], "en", NULL), "Leave platform 8a heading west");
        CHECK_WORDS(maneuver_words_of(b, &m[count - 1], "de", NULL), "Ihr Ziel, Gleis 1, befindet sich auf der rechten Seite");
        CHECK_WORDS(maneuver_words_of(b, &m[count - 1], "en", "Gleis 1"), "Arrive at Gleis 1, on your right");
    }
    free(m);
    nb_path_free(&path);
    path = route_between(b, (uint32_t)foot, "RZ", "Rossmann@S@0");
    CHECK(nb_route_maneuvers(b, (uint32_t)foot, &path, NULL, &m, &count) == NB_OK && count >= 2, "%s", nb_last_error(b));
    if (count >= 2)
        CHECK(m[0].kind == NB_MANEUVER_DEPART && m[count - 1].kind == NB_MANEUVER_ARRIVE,
              "the route from RZ to Rossmann has kinds %d and %d", m[0].kind, m[count - 1].kind);
    free(m);
    nb_path_free(&path);
}

/* Maneuvers in words by the templates of GTXT (docs/guidance.md, "Words of a maneuver"): each key
 * the table chooses, the capital rule, spoken distances at their boundaries, a buffer too small,
 * an unknown language and a damaged template. */
static void test_maneuver_instructions(nb_bundle *b) {
    if (find_section(b, "GTXT") == NULL) return;
    nb_maneuver m;
    memset(&m, 0, sizeof m);
    m.bearing_before = -1, m.bearing_after = 64;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Head east");
    m.bearing_after = 240, m.way = "Hauptstraße", m.way_length = strlen(m.way);
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Head north along Hauptstraße");
    CHECK_WORDS(maneuver_words_of(b, &m, "de", NULL), "Auf Hauptstraße Richtung Norden gehen");
    m.bearing_after = -1;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Continue straight on");
    m.kind = NB_MANEUVER_TURN, m.modifier = NB_MODIFIER_RIGHT;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Turn right onto Hauptstraße");
    /* The modifier opens the German sentence: the language's own word is capitalised, a name is not. */
    CHECK_WORDS(maneuver_words_of(b, &m, "de", NULL), "Rechts abbiegen auf Hauptstraße");
    m.way = NULL, m.way_length = 0, m.modifier = NB_MODIFIER_SLIGHT_LEFT;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Turn slightly left");
    m.modifier = NB_MODIFIER_UTURN;
    CHECK_WORDS(maneuver_words_of(b, &m, "de", NULL), "Wenden");
    m.kind = NB_MANEUVER_FORK, m.modifier = NB_MODIFIER_SHARP_RIGHT;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Keep right at the fork");
    CHECK_WORDS(maneuver_words_of(b, &m, "fr", NULL), "À l'embranchement, restez à droite");
    m.kind = NB_MANEUVER_DOOR, m.modifier = NB_MODIFIER_LEFT;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Turn left through the door");
    m.modifier = NB_MODIFIER_STRAIGHT;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Go through the door");
    m.kind = NB_MANEUVER_ENTER, m.way = "Main entrance", m.way_length = strlen(m.way);
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Enter the building through Main entrance");
    m.kind = NB_MANEUVER_STAIRS, m.way = NULL, m.way_length = 0, m.changes_level = 1, m.direction = 0, m.step_count = 1;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Take the stairs (1 step)");
    m.direction = 1, m.step_count = 12;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Go up 12 steps");
    m.kind = NB_MANEUVER_RAMP, m.direction = -1;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Take the ramp down");
    m.kind = NB_MANEUVER_ELEVATOR, m.changes_level = 0;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "Take the lift");
    m.kind = NB_MANEUVER_ARRIVE;
    CHECK_WORDS(maneuver_words_of(b, &m, "en", NULL), "You have arrived");
    /* A destination is data: inserted as written, never capitalised. */
    CHECK_WORDS(maneuver_words_of(b, &m, "en", "café am Markt"), "Arrive at café am Markt");
    CHECK_WORDS(maneuver_words_of(b, &m, "fr", "Gare"), "Vous voici à Gare");

    /* The buffer: measured, cut (refused, the length still given, the text empty), exact. */
    char small[8];
    size_t length = 0, needed = 0;
    CHECK(nb_maneuver_instruction(b, &m, "en", "café am Markt", NULL, 0, &needed) == NB_OK && needed == 24,
          "measured %zu bytes", needed);
    CHECK(nb_maneuver_instruction(b, &m, "en", "café am Markt", small, sizeof small, &length) == NB_ERROR_ARGUMENT &&
              length == needed && small[0] == '\0' && error_says(b, "needs 24 bytes"),
          "a buffer too small: %zu, %s", length, nb_last_error(b));
    char *exact = malloc(needed + 1);
    CHECK(exact && nb_maneuver_instruction(b, &m, "en", "café am Markt", exact, needed + 1, &length) == NB_OK &&
              strcmp(exact, "Arrive at café am Markt") == 0,
          "room for the text and its NUL");
    free(exact);
    CHECK(nb_maneuver_instruction(b, &m, "en", NULL, NULL, 5, &length) == NB_ERROR_ARGUMENT, "room without a buffer");

    /* Never another language's words. */
    CHECK(nb_maneuver_instruction(b, &m, "it", NULL, small, sizeof small, &length) == NB_ERROR_LANGUAGE &&
              error_says(b, "'it'") && error_says(b, "de, en, es, fr"),
          "an unknown language: %s", nb_last_error(b));
    CHECK(nb_spoken_distance(b, "EN", 500, small, sizeof small, &length) == NB_ERROR_LANGUAGE, "codes are exact bytes");
    CHECK(nb_maneuver_instruction(b, &m, NULL, NULL, small, sizeof small, &length) == NB_ERROR_ARGUMENT, "no language");
    m.kind = NB_MANEUVER_ARRIVE + 1;
    CHECK(nb_maneuver_instruction(b, &m, "en", NULL, small, sizeof small, &length) == NB_ERROR_ARGUMENT, "a kind past arrive");
    m.kind = NB_MANEUVER_TURN, m.modifier = NB_MODIFIER_LEFT, m.way = "\xC3", m.way_length = 1;
    CHECK(nb_maneuver_instruction(b, &m, "en", NULL, small, sizeof small, &length) == NB_ERROR_ARGUMENT, "a way not UTF-8");
    m.way = NULL, m.way_length = 0, m.kind = NB_MANEUVER_STAIRS, m.changes_level = 1, m.from_level = nb_level_count(b);
    CHECK(nb_maneuver_instruction(b, &m, "en", NULL, small, sizeof small, &length) == NB_ERROR_ARGUMENT, "a level out of range");

    /* Spoken distances at their boundaries (docs/guidance.md), and French plurals of kilometres. */
    static const struct { uint64_t centimetres; const char *language, *words; } spoken[] = {
        {0, "en", "a few metres"}, {499, "en", "a few metres"}, {500, "en", "5 metres"}, {749, "en", "5 metres"},
        {750, "en", "10 metres"}, {52500, "en", "550 metres"}, {97499, "en", "950 metres"},
        {97500, "en", "1 kilometre"}, {145000, "en", "1.5 kilometres"}, {145000, "fr", "1,5 kilomètre"},
        {195000, "fr", "2 kilomètres"}, {UINT64_MAX, "en", "184467440737095.5 kilometres"},
    };
    for (size_t i = 0; i < sizeof spoken / sizeof *spoken; i++)
        CHECK_WORDS(spoken_of(b, spoken[i].centimetres, spoken[i].language), spoken[i].words);

    /* The capital rule touches a lower-case letter of ASCII or Latin-1 the language wrote, and nothing else. */
    static const char *const capitals[][2] = {{"été", "Été"}, {"ÿ", "ÿ"}, {"÷x", "÷x"}, {"àb", "Àb"}, {"1a", "1a"}, {"", ""}};
    for (size_t i = 0; i < sizeof capitals / sizeof *capitals; i++) {
        gtxt_words w;
        gtxt_value value;
        char text[16];
        CHECK(gtxt_begin(b, "en", &w) == NB_OK && gtxt_data(&w, capitals[i][0], strlen(capitals[i][0]), &value) == NB_OK,
              "a value");
        value.language_text[0] = 1;
        CHECK(gtxt_finish(&w, &value, 1, text, sizeof text, &length) == NB_OK, "%s", nb_last_error(b));
        CHECK_WORDS(text, capitals[i][1]);
    }
    /* The template grammar: braces doubled, forms and placeholders checked where used. */
    static const char *const templates[][2] = {{"{{a}} {x}", "{a} X"}, {"{x:0}!", "X!"}, {"", ""}, {"{x:1}", NULL},
        {"{x:a}", NULL}, {"{x:00}", NULL}, {"{1}", NULL}, {"a}", NULL}, {"{x", NULL}, {"{y}", NULL}, {"{x:}", NULL}, {"{", NULL}};
    for (size_t i = 0; i < sizeof templates / sizeof *templates; i++) {
        gtxt_words w;
        gtxt_value x, filled;
        CHECK(gtxt_begin(b, "en", &w) == NB_OK && gtxt_data(&w, "X", 1, &x) == NB_OK, "a value");
        gtxt_slot slot = {"x", &x};
        uint8_t flag;
        nb_status status = gtxt_fill(&w, (const uint8_t *)templates[i][0], strlen(templates[i][0]), &slot, 1, "test",
                                     &filled.start[0], &filled.length[0], &flag);
        if (templates[i][1] == NULL) {
            CHECK(status == NB_ERROR_FORMAT && error_says(b, "GTXT"), "template \"%s\" is not refused", templates[i][0]);
        } else {
            CHECK(status == NB_OK && filled.length[0] == strlen(templates[i][1]) &&
                      memcmp(w.arena + filled.start[0], templates[i][1], filled.length[0]) == 0,
                  "template \"%s\": %s", templates[i][0], nb_last_error(b));
        }
        free(w.arena);
    }

    /* Level words (docs/guidance.md, "Levels") of a level with no name: by its ordinal inside a
     * building, street level outside. Level 0 is rewritten in a copy opened without checksums. */
    static const struct { double ordinal; int outdoor; const char *language, *words; } levels[] = {
        {1.5, 0, "en", "Take the lift up from level 1.5 to "}, {1.5, 0, "fr", "Prenez l'ascenseur pour monter du niveau 1,5 "},
        {-0.25, 0, "de", "Mit dem Aufzug nach oben fahren, von Ebene -0,25 "}, {2, 0, "en", "Take the lift up from level 2 to "},
        {1, 0, "fr", "Prenez l'ascenseur pour monter du 1er étage "}, {2, 0, "fr", "Prenez l'ascenseur pour monter du 2e étage "},
        {-1, 0, "en", "Take the lift up from basement level 1 to "}, {0, 0, "en", "Take the lift up from the ground floor to "},
        {3, 1, "en", "Take the lift up from street level to "},
    };
    const section *levl = find_section(b, "LEVL");
    size_t entry = (size_t)(levl->offset + (uint64_t)(b->levels - section_bytes(b, levl)));
    uint32_t building = NB_NONE;
    for (uint32_t l = 0; l < nb_level_count(b) && building == NB_NONE; l++)
        if (rd32(image + entry + 24 * (size_t)l + 8) != NB_NONE) building = rd32(image + entry + 24 * (size_t)l + 8);
    for (size_t i = 0; i < sizeof levels / sizeof *levels && nb_level_count(b) > 1 && building != NB_NONE; i++) {
        uint8_t *changed = malloc(image_size);
        if (!changed) { perror("malloc"); exit(2); }
        memcpy(changed, image, image_size);
        uint64_t bits;
        memcpy(&bits, &levels[i].ordinal, sizeof bits);
        put32(changed + entry + 4, NB_NONE), put32(changed + entry + 8, levels[i].outdoor ? NB_NONE : building);
        put64(changed + entry + 16, bits);
        nb_bundle *unnamed = NULL;
        char message[1024];
        CHECK(nb_open_memory(changed, image_size, "unnamed", 0, &unnamed, message, sizeof message) == NB_OK, "%s", message);
        if (unnamed) {
            nb_maneuver ride;
            memset(&ride, 0, sizeof ride);
            ride.kind = NB_MANEUVER_ELEVATOR, ride.changes_level = 1, ride.direction = 1, ride.from_level = 0;
            ride.to_level = 1, ride.step_count = -1, ride.bearing_before = ride.bearing_after = -1;
            const char *words = maneuver_words_of(unnamed, &ride, levels[i].language, NULL);
            CHECK(strncmp(words, levels[i].words, strlen(levels[i].words)) == 0, "level %g: \"%s\"", levels[i].ordinal, words);
            nb_close(unnamed);
        }
        free(changed);
    }

    /* A template damaged inside GTXT opens (templates are checked where used) and refuses to render. */
    const section *s = find_section(b, "GTXT");
    uint8_t *copy = malloc(image_size);
    if (!copy) { perror("malloc"); exit(2); }
    memcpy(copy, image, image_size);
    size_t found = 0; /* every template that starts so, since strings are not delimited */
    for (size_t at = (size_t)s->offset; at + 15 <= (size_t)(s->offset + s->length); at++)
        if (memcmp(copy + at, "Turn {modifier}", 15) == 0) copy[at + 5] = '}', found++;
    CHECK(found > 0, "no English turn template");
    if (found) {
        reseal(copy, b, table_index(b, "GTXT"), 1);
        nb_bundle *damaged = NULL;
        char message[1024];
        CHECK(nb_open_memory(copy, image_size, "damaged", 1, &damaged, message, sizeof message) == NB_OK, "%s", message);
        if (damaged) {
            m.kind = NB_MANEUVER_TURN, m.modifier = NB_MODIFIER_LEFT, m.changes_level = 0;
            CHECK(nb_maneuver_instruction(damaged, &m, "en", NULL, small, sizeof small, &length) == NB_ERROR_FORMAT &&
                      error_says(damaged, "lone '}'"),
                  "a damaged template: %s", nb_last_error(damaged));
            CHECK_WORDS(maneuver_words_of(damaged, &m, "de", NULL), "Links abbiegen");
            nb_close(damaged);
        }
    }
    free(copy);
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: test_navbundle BUNDLE SCRATCH_FOLDER [STATION_BUNDLE]\n");
        return 2;
    }
    scratch = argv[2];
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 2; }
    fseek(file, 0, SEEK_END);
    image_size = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    image = malloc(image_size);
    if (fread(image, 1, image_size, file) != image_size) { perror(argv[1]); return 2; }
    fclose(file);
    char message[1024];
    nb_bundle *b = NULL;
    if (nb_open(argv[1], 1, &b, message, sizeof message) != NB_OK) {
        fprintf(stderr, "FAIL: %s\n", message);
        return 1;
    }
    test_sha256();
    test_sha256_paths();
    test_checksums_both_paths();
    test_host_digests(b);
    test_json_answers(b);
    test_json();
    test_statements();
    test_public_keys();
    test_release_records(b);
    test_inside();
    test_chords();
    test_routes_and_exits(b, 1);
    test_reference_paths(b);
    test_cch_reference(b);
    test_custom_weights(b);
    test_incremental_customisation(b);
    test_via_points(b);
    test_nearest(b);
    if (getenv("NAVBUNDLE_TEST_ANSWERS")) test_swift_routes(b, getenv("NAVBUNDLE_TEST_ANSWERS"));
    test_search_ranking();
    test_search(b);
    test_snap(b);
    test_geofences(b);
    test_tours(b);
    test_crowds(b);
    test_outlines(b);
    test_damaged_files(b);
    test_open_memory(b);
    test_open_table(b);
    if (has_cch(b)) test_damaged_cch(b);
    else test_damaged_hierarchy(b);
    test_profile_snap(b);
    test_conditions(b, "Toilets", "Lift A");
    test_damaged_conditions(b);
    test_ways_out(b, "demo", "Toilets");
    test_route_steps(b);
    test_route_maneuvers(b);
    test_landmark_sides();
    test_maneuver_landmarks(b);
    test_maneuver_instructions(b);
    test_json_records(b);
    if (find_section(b, "EGRC")) test_damaged_egrc(b);
    if (getenv("NAVBUNDLE_TEST_EGRESS")) test_egress_bundle(getenv("NAVBUNDLE_TEST_EGRESS"));
    test_locate(b, getenv("NAVBUNDLE_TEST_ANSWERS"));
    test_records(b);
    test_damaged_records(b);
    CHECK(test_bearings(b) > 0, "the demo has no corners");
    test_shape_versions(b);
    test_hand_bearings(b);
    test_damaged_bearings(b);
    test_egress_layout(b);
    test_landmarks(b);
    test_damaged_landmarks(b);
    test_guidance_languages(b);
    nb_close(b);
    if (argc == 4) test_station(argv[3]);
    free(image);
    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("C reader: all checks passed\n");
    return 0;
}
