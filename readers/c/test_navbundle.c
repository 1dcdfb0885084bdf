/*
 * Tests of the C bundle reader: test_navbundle BUNDLE SCRATCH_FOLDER
 *
 * Routes are compared with a plain Dijkstra over ARCS and PROF for every profile, ways out are
 * followed, and damaged copies of the bundle (written to SCRATCH_FOLDER) must be refused with a
 * status, never a crash. The reader's source is included so the test can reuse its SHA-256 to
 * forge checksums for hostile hierarchies.
 */
#include "navbundle.c"

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

static uint32_t cost_of(const nb_bundle *b, uint32_t profile, uint32_t arc) {
    return rd32(b->prof + 8 + 8 * (size_t)b->profiles + 4 * ((size_t)profile * b->arcs + arc));
}

/* Dijkstra over ARCS with the profile's PROF costs; distances in `best` (NB_NONE unreachable). */
static void dijkstra(const nb_bundle *b, uint32_t profile, uint32_t source, uint64_t *best) {
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
            uint32_t cost = cost_of(b, profile, a), head = rd32(b->arc_entries + 16 * (size_t)a);
            if (cost == NB_NONE) continue;
            uint64_t total = best[node] + cost;
            if (total < NB_NONE && total < best[head]) best[head] = total;
        }
    }
    free(done);
}

/* The cheapest usable arc's cost from `tail` to `head`, or NB_NONE. */
static uint32_t arc_between(const nb_bundle *b, uint32_t profile, uint32_t tail, uint32_t head) {
    uint32_t found = NB_NONE;
    for (uint32_t a = rd32(b->first_out + 4 * tail); a < rd32(b->first_out + 4 * (tail + 1)); a++)
        if (rd32(b->arc_entries + 16 * (size_t)a) == head && cost_of(b, profile, a) < found) found = cost_of(b, profile, a);
    return found;
}

/* Whether ARCS has an arc from `tail` to `head` (egress costs are their own, so any arc counts). */
static int has_arc(const nb_bundle *b, uint32_t tail, uint32_t head) {
    for (uint32_t a = rd32(b->first_out + 4 * tail); a < rd32(b->first_out + 4 * (tail + 1)); a++)
        if (rd32(b->arc_entries + 16 * (size_t)a) == head) return 1;
    return 0;
}

static void test_routes_and_exits(nb_bundle *b) {
    CHECK(nb_format_major(b) == 0, "major %u", nb_format_major(b));
    const char *needed[] = {"META", "STRS", "NODE", "ARCS", "PROF", "EGRS", "CH00"};
    for (size_t i = 0; i < sizeof needed / sizeof *needed; i++) CHECK(find_section(b, needed[i]) != NULL, "no %s", needed[i]);
    CHECK(nb_profile_index(b, "foot") == 0, "foot is not profile 0");
    CHECK(nb_profile_index(b, "hovercraft") == -1, "an unknown profile was found");
    uint32_t distance, exit_node, cost;
    uint32_t *nodes;
    size_t count;
    CHECK(nb_route(b, 0, 0, b->nodes, &distance, &nodes, &count) == NB_ERROR_ARGUMENT, "a node out of range was routed");
    uint64_t *best = malloc(sizeof(uint64_t) * b->nodes);
    uint64_t seed = 7;
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        int reachable = 0;
        for (int s = 0; s < 15; s++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            uint32_t source = (uint32_t)(seed >> 33) % b->nodes;
            dijkstra(b, profile, source, best);
            for (int t = 0; t < 20; t++) {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                uint32_t target = (uint32_t)(seed >> 33) % b->nodes;
                nb_status status = nb_route(b, profile, source, target, &distance, &nodes, &count);
                CHECK(status == NB_OK, "route failed: %s", nb_last_error(b));
                CHECK(distance == best[target], "profile %u %u->%u: %u, Dijkstra %llu", profile, source, target, distance,
                      (unsigned long long)best[target]);
                if (distance == NB_NONE) { CHECK(nodes == NULL, "unreachable with a path"); continue; }
                reachable++;
                CHECK(count >= 1 && nodes[0] == source && nodes[count - 1] == target, "path ends");
                uint64_t total = 0;
                for (size_t i = 1; i < count; i++) {
                    uint32_t step = arc_between(b, profile, nodes[i - 1], nodes[i]);
                    CHECK(step != NB_NONE, "no arc %u->%u", nodes[i - 1], nodes[i]);
                    total += step;
                }
                CHECK(total == distance, "path costs %llu, distance %u", (unsigned long long)total, distance);
                free(nodes);
            }
        }
        CHECK(reachable > 100, "profile %u: only %d of 300 pairs reachable", profile, reachable);
        int ways = 0;
        for (uint32_t node = 0; node < b->nodes; node++) {
            CHECK(nb_nearest_exit(b, profile, node, &exit_node, &cost, &nodes, &count) == NB_OK, "exit: %s", nb_last_error(b));
            if (exit_node == NB_NONE) continue;
            ways++;
            CHECK(nodes[0] == node && nodes[count - 1] == exit_node, "way out ends");
            for (size_t i = 1; i < count; i++) CHECK(has_arc(b, nodes[i - 1], nodes[i]), "no arc %u->%u", nodes[i - 1], nodes[i]);
            free(nodes);
        }
        CHECK(ways > (int)b->nodes / 2, "profile %u: %d ways out", profile, ways);
    }
    free(best);
}

static const char *write_copy(const uint8_t *bytes, size_t size, const char *name) {
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    FILE *file = fopen(path, "wb");
    if (!file) { perror(path); exit(2); }
    if (size) fwrite(bytes, 1, size, file);
    fclose(file);
    return path;
}

static nb_status open_copy(const uint8_t *bytes, size_t size, int verify, char *message, size_t message_size) {
    nb_bundle *b = NULL;
    nb_status status = nb_open(write_copy(bytes, size, "damaged.navbundle"), verify, &b, message, message_size);
    CHECK((status == NB_OK) == (b != NULL), "status and bundle disagree");
    nb_close(b);
    return status;
}

static void put64(uint8_t *p, uint64_t value) { for (int i = 0; i < 8; i++) p[i] = (uint8_t)(value >> (8 * i)); }

static void test_damaged_files(const nb_bundle *original) {
    char message[512];
    uint8_t *copy = malloc(image_size);
    CHECK(open_copy(image, image_size - 1, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "truncated"),
          "truncated: %s", message);
    CHECK(open_copy(image, 0, 1, message, sizeof message) == NB_ERROR_FORMAT, "empty file");
    memcpy(copy, image, image_size), copy[0] = 'X';
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "not a navforge"), "magic");
    memcpy(copy, image, image_size), copy[8] = 9;
    CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_FORMAT && strstr(message, "not supported"), "major");
    nb_bundle *missing = NULL;
    CHECK(nb_open("/nonexistent/bundle.navbundle", 1, &missing, message, sizeof message) == NB_ERROR_IO && !missing, "absent file");
    for (size_t i = 0; i < original->section_count; i++) {
        const section *s = &original->sections[i];
        if (s->length == 0) continue;
        memcpy(copy, image, image_size);
        copy[s->offset + s->length / 2] ^= 0x10;
        CHECK(open_copy(copy, image_size, 1, message, sizeof message) == NB_ERROR_CHECKSUM && strstr(message, s->tag),
              "bit flip in %s: %s", s->tag, message);
    }
    struct { size_t field; uint64_t value; const char *expect; } table_damage[] = {
        {HEADER_SIZE + 8, image_size + 8, "outside"},
        {HEADER_SIZE + 16, (uint64_t)1 << 62, "outside"},
        {HEADER_SIZE + ENTRY_SIZE + 8, original->sections[0].offset, "overlap"},
        {HEADER_SIZE + 8, original->sections[0].offset + 4, "outside"},
    };
    for (size_t i = 0; i < sizeof table_damage / sizeof *table_damage; i++) {
        memcpy(copy, image, image_size);
        put64(copy + table_damage[i].field, table_damage[i].value);
        CHECK(open_copy(copy, image_size, 0, message, sizeof message) == NB_ERROR_FORMAT &&
              strstr(message, table_damage[i].expect), "table damage %zu: %s", i, message);
    }
    memcpy(copy, image, image_size);
    copy[16] = 0xFF, copy[17] = 0xFF, copy[18] = 0x0F;
    CHECK(open_copy(copy, image_size, 0, message, sizeof message) == NB_ERROR_FORMAT, "section count past the file");

    /* Hierarchies damaged with their checksums forged: refused, or still answering safely. */
    size_t index = 0;
    while (memcmp(original->sections[index].tag, "CH00", 4) != 0) index++;
    const section *ch = &original->sections[index];
    uint64_t seed = 11;
    int refused = 0;
    for (int attempt = 0; attempt < 60; attempt++) {
        memcpy(copy, image, image_size);
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        size_t word = 4 + (size_t)(seed >> 33) % (ch->length / 4 - 4);
        copy[ch->offset + 4 * word + (seed >> 20) % 4] ^= (uint8_t)(1u << ((seed >> 10) % 8));
        put64(copy + HEADER_SIZE + ENTRY_SIZE * index + 24, checksum(copy + ch->offset, ch->length));
        nb_bundle *b = NULL;
        CHECK(nb_open(write_copy(copy, image_size, "hostile.navbundle"), 1, &b, message, sizeof message) == NB_OK,
              "forged checksum refused: %s", message);
        if (!b) continue;
        uint32_t distance, *nodes;
        size_t count;
        uint32_t pairs[3][2] = {{0, 1}, {5, 50}, {30, 7}};
        for (int p = 0; p < 3; p++) {
            nb_status status = nb_route(b, 0, pairs[p][0], pairs[p][1], &distance, &nodes, &count);
            if (status == NB_ERROR_FORMAT) { refused++; break; }
            CHECK(status == NB_OK, "hostile route: %s", nb_last_error(b));
            if (nodes) { CHECK(nodes[0] == pairs[p][0], "hostile path start"); free(nodes); }
        }
        nb_close(b);
    }
    CHECK(refused > 30, "only %d of 60 damaged hierarchies were caught", refused);
    free(copy);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: test_navbundle BUNDLE SCRATCH_FOLDER\n");
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
    char message[512];
    nb_bundle *b = NULL;
    if (nb_open(argv[1], 1, &b, message, sizeof message) != NB_OK) {
        fprintf(stderr, "FAIL: %s\n", message);
        return 1;
    }
    test_routes_and_exits(b);
    test_damaged_files(b);
    nb_close(b);
    free(image);
    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("C reader: all checks passed\n");
    return 0;
}
