/*
 * libFuzzer harness of the C reader's conditions (docs/conditions.md): every input is the JSON
 * text, parsed to targets without a bundle (as the bindings' parse_conditions), then resolved, drawn
 * as an overlay and applied on intact bundles that stay open from input to input, as an app keeps
 * its bundle while conditions arrive from a server. The JSON parser, the resolution of names,
 * levels and polygons, the costs, the incremental metric updates and the way out under conditions
 * all take the fuzzer's text; the bundles are the ones NAVBUNDLE_FUZZ_BUNDLES names
 * (colon-separated paths, opened with every checksum verified). Tests/Fuzz/readers/run.sh builds
 * the demo campus (2.0, CCHT and EGRC) and the station (1.2) for it.
 *
 * Beyond no crash, no read outside a buffer and no hang, it checks what navbundle.h promises
 * about the answer (statuses, sorted arcs in range, factors from 1 to 1000, an error kind and a
 * message for every refusal, paths from their source) and aborts naming the broken promise.
 */
#include "navbundle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_BUNDLES 4

#define EXPECT(condition)                                                                                         \
    do {                                                                                                          \
        if (!(condition)) {                                                                                       \
            fprintf(stderr, "fuzz_c_conditions: broken promise at %s:%d: %s\n", __FILE__, __LINE__, #condition); \
            abort();                                                                                              \
        }                                                                                                         \
    } while (0)

#include "conditions_parse_check.h"

static nb_bundle *bundles[MAX_BUNDLES];
/* Every byte of text the reader hands out is read into this, so that ASan sees a bad pointer. */
static volatile unsigned touched;
static uint8_t *buffers[MAX_BUNDLES];
static size_t bundle_count;

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    uint8_t *bytes = NULL;
    if (fseek(file, 0, SEEK_END) == 0) {
        long end = ftell(file);
        if (end >= 0 && fseek(file, 0, SEEK_SET) == 0 && (bytes = malloc((size_t)end + 1)) != NULL) {
            *size = fread(bytes, 1, (size_t)end, file);
            if (*size != (size_t)end) free(bytes), bytes = NULL;
        }
    }
    fclose(file);
    return bytes;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    const char *paths = getenv("NAVBUNDLE_FUZZ_BUNDLES");
    if (paths == NULL || *paths == 0) {
        fprintf(stderr, "fuzz_c_conditions: NAVBUNDLE_FUZZ_BUNDLES must name the bundles to apply conditions to "
                        "(Tests/Fuzz/readers/run.sh c-conditions builds them)\n");
        exit(2);
    }
    char *list = malloc(strlen(paths) + 1);
    if (list == NULL) exit(2);
    strcpy(list, paths);
    for (char *path = strtok(list, ":"); path && bundle_count < MAX_BUNDLES; path = strtok(NULL, ":")) {
        size_t size = 0;
        uint8_t *bytes = read_file(path, &size);
        char message[1024];
        if (bytes == NULL || nb_open_memory(bytes, size, path, 1, &bundles[bundle_count], message, sizeof message) != NB_OK) {
            fprintf(stderr, "fuzz_c_conditions: cannot open %s: %s\n", path, bytes ? message : "unreadable");
            exit(2);
        }
        buffers[bundle_count++] = bytes;
    }
    free(list);
    return 0;
}

static void check_error(const nb_conditions_error *e, nb_status status) {
    EXPECT(status >= NB_OK && status <= NB_ERROR_CONDITIONS);
    if (status == NB_ERROR_CONDITIONS) {
        EXPECT(e->kind >= NB_CONDITIONS_INVALID && e->kind <= NB_CONDITIONS_UNMATCHED && e->message && e->message[0]);
        if (e->kind != NB_CONDITIONS_INVALID) EXPECT(e->entry_count >= 1);
        if (e->kind == NB_CONDITIONS_AMBIGUOUS) EXPECT(e->entry_count == 1 && e->candidate_count >= 2);
        for (size_t i = 0; i < e->entry_count; i++)
            EXPECT(e->entries[i].list == NB_CONDITIONS_CLOSED || e->entries[i].list == NB_CONDITIONS_SLOW);
    } else {
        EXPECT(e->kind == NB_CONDITIONS_APPLIED && e->message == NULL);
    }
}

static void apply(nb_bundle *b, const char *json, size_t length, uint32_t chosen, nb_status parsed) {
    uint32_t arcs = nb_arc_count(b), nodes = nb_node_count(b);
    nb_arc_conditions resolved;
    nb_conditions_error error;
    nb_status status = nb_conditions_resolve(b, json, length, &resolved, &error);
    check_error(&error, status);
    if (parsed == NB_ERROR_CONDITIONS) EXPECT(status == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_INVALID);
    nb_conditions_error_free(&error);
    /* The overlay for drawing them judges the whole text as the resolution does. */
    nb_overlay overlay;
    nb_status drawn = nb_conditions_overlay(b, json, length, &overlay, &error);
    EXPECT(drawn >= NB_OK && drawn <= NB_ERROR_CONDITIONS);
    if (drawn == NB_OK) {
        EXPECT((status == NB_OK) == (error.kind == NB_CONDITIONS_APPLIED));
        for (size_t i = 0; i < overlay.entry_count; i++) {
            EXPECT(overlay.entry_first[i] <= overlay.entry_first[i + 1]);
            for (size_t k = overlay.entry_first[i]; k < overlay.entry_first[i + 1]; k++) EXPECT(overlay.arcs[k] < arcs);
        }
    }
    nb_conditions_overlay_free(&overlay);
    nb_conditions_error_free(&error);
    if (status == NB_OK) {
        for (size_t i = 0; i < resolved.closed_count; i++)
            EXPECT(resolved.closed[i] < arcs && (i == 0 || resolved.closed[i - 1] < resolved.closed[i]));
        for (size_t i = 0; i < resolved.slowed_count; i++) {
            EXPECT(resolved.slowed[i] < arcs && (i == 0 || resolved.slowed[i - 1] < resolved.slowed[i]));
            EXPECT(resolved.factors[i] >= 1 && resolved.factors[i] <= 1000);
        }
        uint32_t *costs = malloc(sizeof(uint32_t) * (arcs ? arcs : 1));
        EXPECT(costs != NULL);
        EXPECT(nb_conditions_costs(b, 0, &resolved, costs, arcs) == NB_OK);
        for (size_t i = 0; i < resolved.closed_count; i++) EXPECT(costs[resolved.closed[i]] == NB_NONE);
        free(costs);
        nb_arc_conditions_free(&resolved);
    }
    /* Applied to two profiles (a few arcs update the kept metric, many customise in full). */
    for (uint32_t p = 0; p < nb_profile_count(b) && p < 2; p++) {
        nb_metric *metric = NULL;
        nb_status applied = nb_conditions_apply(b, p, json, length, &metric, &error);
        check_error(&error, applied);
        nb_conditions_error_free(&error);
        if (status != NB_OK) EXPECT(applied == status || applied == NB_ERROR_UNAVAILABLE);
        if (applied == NB_OK) {
            uint32_t source = chosen % nodes, target = (chosen / 7 + 11) % nodes;
            nb_path path;
            EXPECT(nb_route_metric(b, metric, source, target, &path) == NB_OK);
            if (path.nodes) EXPECT(path.nodes[0] == source && path.nodes[path.node_count - 1] == target);
            nb_path_free(&path);
        }
        nb_metric_free(metric);
        nb_path path;
        nb_status out = nb_exit_conditions(b, p, chosen % nodes, json, length, &path, &error);
        check_error(&error, out);
        nb_conditions_error_free(&error);
        if (out == NB_OK && path.nodes) EXPECT(path.nodes[0] == chosen % nodes && path.nodes[path.node_count - 1] < nodes);
        nb_path_free(&path);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint32_t chosen = (uint32_t)(size * 2654435761u);
    nb_status parsed = checked_conditions_parse((const char *)data, size, &touched);
    for (size_t i = 0; i < bundle_count; i++) apply(bundles[i], (const char *)data, size, chosen, parsed);
    return 0;
}
