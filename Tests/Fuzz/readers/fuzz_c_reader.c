/*
 * libFuzzer harness of the C bundle reader (readers/c): every input is opened from memory with
 * nb_open_memory, checksums off, so that mutations reach the section checks and the queries
 * rather than stopping at a checksum, and whatever opens is asked everything the API answers.
 *
 * An input is a bundle, optionally followed by a tail: when the header's file size (bytes 24..32)
 * is at least a header and less than the input, the bundle is that many bytes and the rest is the
 * tail, which is used as conditions JSON, as search and endpoint text and as Wi-Fi ids, so that
 * the fuzzer can vary the questions without breaking the bundle. Otherwise the whole input is
 * the bundle and the questions are fixed ones.
 *
 * The reader promises a status for any bytes, never a crash, a read outside the buffer or a
 * hang; the harness adds the promises of navbundle.h it can check cheaply (indexes in range,
 * paths from source to target over arcs that exist, sorted conditions, route steps that cover
 * their routes with instructions as long as measured, and the calls one binding uses in place of
 * another's agreeing: opening in two steps, step words, ways out as paths, conditions parsed
 * without a bundle; the input read as a signed statement, a public key, base64 and an endpoint
 * error's text too) and aborts, naming the broken promise, when one fails. It calls what the
 * Python and JavaScript readers call, so that fuzzing it covers the reading they share. Built by
 * Tests/Fuzz/readers/run.sh with libFuzzer, ASan and UBSan; replay.c runs it on saved inputs
 * without libFuzzer (make test).
 */
#include "navbundle.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Loops over what a damaged bundle counts are cut here, so that one input stays quick. */
#define MAX_LEVELS 16u
#define MAX_PLACES 24u
#define MAX_PROFILES 6u
#define MAX_OUTLINES 8u
#define MAX_ALIASES 4u
#define MAX_SAMPLES 8u
#define MAX_READINGS 16u
#define TEXT_SIZE 256u

#define EXPECT(condition)                                                                                     \
    do {                                                                                                      \
        if (!(condition)) {                                                                                   \
            fprintf(stderr, "fuzz_c_reader: broken promise at %s:%d: %s\n", __FILE__, __LINE__, #condition); \
            abort();                                                                                          \
        }                                                                                                     \
    } while (0)

#include "conditions_parse_check.h"

static const char *const fixed_texts[] = {"A.2.04", "B.1.G5", "Lift A", "lecture h", "caf\xc3\xa9", "Gleis 1", "node/1",
                                          "48.1495,11.5805@0", "1@0", "x@y@z", "Rossmann@-1", "  ", "c.1"};
static const char *const fixed_conditions[] = {
    "{\"closed\": [\"Lift A\"]}",
    "{\"closed\": [{\"level\": \"1\"}], \"slow\": [{\"ref\": \"A.2.04\", \"factor\": 3}]}",
    "{\"closed\": [{\"polygon\": [[48.1495, 11.58], [48.1505, 11.58], [48.15, 11.581]], \"level\": \"0\"}]}",
    "{\"slow\": [{\"level\": \"EG\", \"factor\": 1000}], \"closed\": [\"Toilets\"]}",
    "{}",
};

/* The question an input asks beyond the fixed ones: its tail, cut to a NUL-terminated text. */
typedef struct {
    const uint8_t *bytes;
    size_t length;
    char text[TEXT_SIZE];
} tail;

/* Reads every byte of text the reader hands out, so that ASan sees a pointer outside the buffer. */
static volatile unsigned sink;

static void touch(const char *text, size_t length) {
    unsigned sum = 0;
    for (size_t i = 0; text && i < length; i++) sum += (unsigned char)text[i];
    sink += sum;
}

static void check_status(nb_status status) { EXPECT(status >= NB_OK && status <= NB_ERROR_LANGUAGE); }

/* An answer as JSON (the bindings' way in): a status, and on NB_OK NUL-terminated text of the
 * length promised, which the caller frees. */
static void check_json(nb_status status, char *json, size_t length) {
    check_status(status);
    EXPECT(status == NB_OK ? json != NULL && strlen(json) == length : json == NULL);
    touch(json, length);
    free(json);
}

/* A path's promises: source first, target last, nodes and arcs in range, one arc fewer than
 * nodes, and (given the weights it was found on: a profile's costs or a metric's weights) a
 * duration that is the sum of its arcs' weights, none of them closed. */
static void check_path(nb_bundle *b, const nb_path *path, uint32_t source, uint32_t target, const uint32_t *weights) {
    if (path->nodes == NULL) {
        EXPECT(path->node_count == 0 && path->duration == UINT64_MAX);
        return;
    }
    EXPECT(path->node_count >= 1 && path->nodes[0] == source && path->nodes[path->node_count - 1] == target);
    EXPECT(path->arcs == NULL ? path->arc_count == 0 : path->arc_count == path->node_count - 1);
    for (size_t i = 0; i < path->node_count; i++) EXPECT(path->nodes[i] < nb_node_count(b));
    uint64_t sum = 0;
    for (size_t i = 0; i < path->arc_count; i++) {
        EXPECT(path->arcs[i] < nb_arc_count(b));
        if (weights) {
            EXPECT(weights[path->arcs[i]] != NB_NONE);
            sum += weights[path->arcs[i]];
        }
    }
    if (weights) EXPECT(path->duration == sum);
}

/* A maneuver in the words of each of the bundle's first languages (and one it lacks): measured,
 * then written to the length measured, or refused with a status of the API; its spoken distance too. */
static void describe_in_words(nb_bundle *b, const nb_maneuver *m) {
    uint32_t languages = nb_guidance_language_count(b);
    for (uint32_t n = 0; n <= languages && n < 3; n++) {
        char code[16] = "zz";
        nb_text text, endonym;
        if (n < languages && nb_guidance_language(b, n, &text, &endonym) == NB_OK && text.length < sizeof code) {
            memcpy(code, text.text, text.length);
            code[text.length] = '\0';
        }
        size_t length = 0, written = 0;
        nb_status status = nb_maneuver_instruction(b, m, code, n % 2 ? "Ziel" : NULL, NULL, 0, &length);
        check_status(status);
        if (status == NB_OK) {
            char *words = malloc(length + 1);
            if (words == NULL) continue;
            status = nb_maneuver_instruction(b, m, code, n % 2 ? "Ziel" : NULL, words, length + 1, &written);
            EXPECT(status == NB_OK && written == length && words[length] == '\0');
            touch(words, length);
            free(words);
        }
        char spoken[64];
        status = nb_spoken_distance(b, code, m->distance, spoken, sizeof spoken, &length);
        check_status(status);
        if (status == NB_OK) EXPECT(length < sizeof spoken && spoken[length] == '\0');
        /* The same words in memory of their own, as the JavaScript reader takes them. */
        for (int which = 0; which < 2; which++) {
            char *own = NULL;
            status = which ? nb_spoken_distance_text(b, code, m->distance, &own, &length)
                           : nb_maneuver_instruction_text(b, m, code, n % 2 ? "Ziel" : NULL, &own, &length);
            check_status(status);
            EXPECT(status == NB_OK ? own != NULL && own[length] == '\0' : own == NULL);
            touch(own, length);
            free(own);
        }
    }
}

/* A route's maneuvers: from depart to arrive (or a platform left or boarded at either end, and
 * only there, docs/guidance.md "Platforms"), each where the one before ends, their distances
 * adding up to the path's length, kinds, modifiers, levels and bearings in range. Without GARC
 * they are unavailable. `profile` may be NB_NONE. */
static void describe_maneuvers(nb_bundle *b, uint32_t profile, const nb_path *path) {
    nb_maneuver *m = NULL;
    size_t count = 0;
    nb_status status = nb_route_maneuvers(b, profile, path, NULL, &m, &count);
    check_status(status);
    if (status != NB_OK) {
        EXPECT(m == NULL && count == 0);
        return;
    }
    EXPECT((count == 0) == (m == NULL));
    EXPECT(path->arc_count == 0 ||
           (count >= 2 && (m[0].kind == NB_MANEUVER_DEPART || m[0].kind == NB_MANEUVER_PLATFORM) &&
            (m[count - 1].kind == NB_MANEUVER_ARRIVE || m[count - 1].kind == NB_MANEUVER_PLATFORM)));
    uint64_t along = 0;
    for (size_t i = 0; i < count; i++) {
        EXPECT(m[i].along == along);
        EXPECT(m[i].kind != NB_MANEUVER_PLATFORM || i == 0 || i + 1 == count);
        along += m[i].distance;
        EXPECT(m[i].kind >= NB_MANEUVER_DEPART && m[i].kind <= NB_MANEUVER_ARRIVE);
        EXPECT(m[i].modifier >= NB_MODIFIER_NONE && m[i].modifier <= NB_MODIFIER_SHARP_LEFT);
        EXPECT(m[i].route_index < path->node_count && m[i].level < nb_level_count(b));
        EXPECT(m[i].bearing_before >= -1 && m[i].bearing_before <= 255 && m[i].bearing_after >= -1 && m[i].bearing_after <= 255);
        if (m[i].changes_level) EXPECT(m[i].from_level < nb_level_count(b) && m[i].to_level < nb_level_count(b));
        touch(m[i].way, m[i].way_length);
        /* The landmark named, if any: one of GLMK's, placed and sided in range, its name in the bundle. */
        EXPECT(m[i].landmark == NB_NONE
                   ? m[i].landmark_placement == NB_PLACEMENT_NONE && m[i].landmark_name == NULL
                   : m[i].landmark < nb_landmark_count(b) && m[i].landmark_placement >= NB_PLACEMENT_BEFORE &&
                         m[i].landmark_placement <= NB_PLACEMENT_BESIDE);
        EXPECT(m[i].landmark_side >= NB_SIDE_NONE && m[i].landmark_side <= NB_SIDE_AHEAD);
        touch(m[i].landmark_name, m[i].landmark_name_length);
        describe_in_words(b, &m[i]);
    }
    EXPECT(count == 0 || along == path->length);
    free(m);
}

/* A route described: steps that cover the path in order with levels and actions in range, each
 * with an instruction whose measured length is the length written. `profile` may be NB_NONE. */
static void describe_path(nb_bundle *b, uint32_t profile, const nb_path *path) {
    nb_route_step *steps = NULL;
    size_t count = 0;
    nb_status status = nb_route_steps(b, profile, path, &steps, &count);
    check_status(status);
    if (status != NB_OK) {
        EXPECT(steps == NULL && count == 0);
        return;
    }
    EXPECT((count == 0) == (steps == NULL));
    if (path->arc_count > 0) EXPECT(count > 0 && steps[count - 1].end_index == path->arc_count);
    for (size_t i = 0; i < count; i++) {
        const nb_route_step *step = &steps[i];
        /* The first step may start after 0: of two short unnamed walks of different actions at
         * the start, the Swift rules keep only the second to add to the step after them. */
        EXPECT(i == 0 || step->start_index == steps[i - 1].end_index);
        EXPECT(step->end_index > step->start_index);
        EXPECT(step->action >= NB_STEP_WALK && step->action <= NB_STEP_STEPS);
        EXPECT(step->from_level < nb_level_count(b) && step->to_level < nb_level_count(b));
        EXPECT(step->step_count >= -1 && step->length >= 0 && step->duration >= 0);
        touch(step->label, step->label_length);
        size_t length = 0, written = 0;
        status = nb_step_instruction(b, step, NULL, 0, &length);
        check_status(status);
        if (status != NB_OK) continue;
        char *text = malloc(length + 1);
        if (text == NULL) continue;
        status = nb_step_instruction(b, step, text, length + 1, &written);
        /* Not strlen: a label may hold U+0000, which the text then holds too. */
        EXPECT(status == NB_OK && written == length && text[length] == '\0');
        touch(text, length);
        /* The step given field by field, as the JavaScript reader asks for its words: the same words. */
        char *words = NULL;
        size_t words_length = 0;
        status = nb_step_words(b, step->action, step->label, step->label_length, step->from_level, step->to_level,
                               step->step_count, step->rise, step->along_path, &words, &words_length);
        EXPECT(status == NB_ERROR_MEMORY ||
               (status == NB_OK && words_length == length && memcmp(words, text, length) == 0 && words[length] == '\0'));
        free(words);
        free(text);
    }
    free(steps);
    describe_maneuvers(b, profile, path);
}

static void check_endpoint(nb_bundle *b, const nb_endpoint *e) {
    EXPECT(e->kind >= NB_ENDPOINT_PLACE && e->kind <= NB_ENDPOINT_BAD_COORDINATE);
    if (e->kind == NB_ENDPOINT_PLACE) EXPECT(e->place < nb_place_count(b));
    for (size_t i = 0; i < e->candidate_count; i++) EXPECT(e->candidates[i] < nb_place_count(b));
    for (size_t i = 0; i < e->level_count; i++) EXPECT(e->levels[i] < nb_level_count(b));
}

static void check_conditions_error(const nb_conditions_error *e, nb_status status) {
    if (status != NB_ERROR_CONDITIONS) return;
    EXPECT(e->kind >= NB_CONDITIONS_INVALID && e->kind <= NB_CONDITIONS_UNMATCHED && e->message != NULL);
    for (size_t i = 0; i < e->entry_count; i++)
        EXPECT(e->entries[i].list == NB_CONDITIONS_CLOSED || e->entries[i].list == NB_CONDITIONS_SLOW);
}

static void check_arc_conditions(nb_bundle *b, const nb_arc_conditions *c) {
    for (size_t i = 0; i < c->closed_count; i++) EXPECT(c->closed[i] < nb_arc_count(b) && (i == 0 || c->closed[i - 1] < c->closed[i]));
    for (size_t i = 0; i < c->slowed_count; i++) {
        EXPECT(c->slowed[i] < nb_arc_count(b) && (i == 0 || c->slowed[i - 1] < c->slowed[i]));
        EXPECT(c->factors[i] >= 1 && c->factors[i] <= 1000);
    }
}

/* `length` bytes (any, UTF-8 or not) folded by SRCH's table, as search keys were. */
static void exercise_fold(nb_bundle *b, const char *text, size_t length) {
    char *folded = NULL;
    size_t folded_length = 0;
    nb_status status = nb_fold(b, text, length, &folded, &folded_length);
    check_status(status);
    if (status != NB_OK) EXPECT(folded == NULL && folded_length == 0);
    touch(folded, folded_length);
    free(folded);
}

static void exercise_text(nb_bundle *b, const char *text, uint32_t *node_out) {
    exercise_fold(b, text, strlen(text));
    nb_match matches[16];
    size_t count = 0;
    nb_status status = nb_search_prefix(b, text, 16, matches, 16, &count);
    check_status(status);
    if (status == NB_OK) {
        EXPECT(count <= 16);
        for (size_t i = 0; i < count; i++) EXPECT(matches[i].place < nb_place_count(b) && matches[i].field <= NB_FIELD_ALIAS);
    }
    char *json = NULL;
    size_t json_length = 0;
    status = nb_search_prefix_json(b, text, 16, &json, &json_length);
    check_json(status, json, json_length);
    json = NULL, json_length = 0;
    status = nb_resolve_endpoint_json(b, text, strlen(text), &json, &json_length);
    check_json(status, json, json_length);
    nb_endpoint e;
    status = nb_resolve_endpoint(b, text, &e);
    check_status(status);
    if (status == NB_OK) {
        check_endpoint(b, &e);
        for (uint32_t p = 0; p < nb_profile_count(b) && p < MAX_PROFILES; p++) {
            uint32_t node = NB_NONE;
            status = nb_endpoint_node(b, &e, p, &node);
            check_status(status);
            if (status == NB_OK && node != NB_NONE) {
                EXPECT(node < nb_node_count(b));
                *node_out = node;
            }
        }
    }
    nb_endpoint_free(&e);
}

static void exercise_records(nb_bundle *b) {
    (void)nb_format_major(b), (void)nb_format_minor(b), (void)nb_last_error(b);
    for (size_t i = 0; i <= nb_section_count(b); i++) {
        char tag[5];
        uint64_t offset, length;
        nb_status status = nb_section_info(b, i, tag, &offset, &length);
        EXPECT((status == NB_OK) == (i < nb_section_count(b)));
        if (status == NB_OK) EXPECT(tag[4] == 0);
    }
    uint32_t picks[] = {0, 1, 2, NB_NONE, 0x7FFFFFFF, nb_node_count(b) / 2, nb_node_count(b) - 1, nb_node_count(b)};
    for (size_t i = 0; i < sizeof picks / sizeof *picks; i++) {
        size_t length = 0;
        const char *text = nb_string(b, picks[i], &length);
        touch(text, length);
        int32_t latitude, longitude;
        uint32_t level;
        nb_status status = nb_node_info(b, picks[i], &latitude, &longitude, &level);
        check_status(status);
        if (status == NB_OK) EXPECT(picks[i] < nb_node_count(b) && level < nb_level_count(b));
    }
    char *names = NULL;
    size_t names_length = 0;
    nb_status named = nb_profiles_json(b, &names, &names_length);
    check_json(named, names, names_length);
    for (uint32_t p = 0; p <= nb_profile_count(b) && p < MAX_PROFILES; p++) {
        size_t length = 0;
        const char *name = nb_profile_name(b, p, &length);
        touch(name, length);
        if (name && length < 64) {
            char copy[64];
            memcpy(copy, name, length), copy[length] = 0;
            int index = nb_profile_index(b, copy);
            EXPECT(index >= -1 && index < (int)nb_profile_count(b));
        }
    }
    EXPECT(nb_profile_index(b, "no such profile") == -1 || nb_profile_count(b) > 0);
}

/* Every record at every index (an index past the last must be refused): texts are read to the
 * last byte, indexes they give checked against the counts, shapes and readings filled. */
static void exercise_all_records(nb_bundle *b) {
    EXPECT(nb_has_section(b, "META") && nb_has_section(b, "EVNT") && !nb_has_section(b, "ME"));
    for (size_t i = 0; i <= nb_section_count(b); i++) {
        nb_section s;
        nb_status status = nb_section_entry(b, i, &s);
        EXPECT((status == NB_OK) == (i < nb_section_count(b)));
        if (status == NB_OK) EXPECT(s.tag[4] == 0);
    }
    const char *json = NULL;
    size_t length = 0;
    nb_status status = nb_metadata(b, &json, &length);
    check_status(status);
    if (status == NB_OK) {
        touch(json, length);
        /* As the JavaScript reader checks META before it parses it. */
        char reason[256];
        int strict = nb_json_check(json, length, reason, sizeof reason);
        EXPECT(strict == 1 || (strict == 0 && memchr(reason, 0, sizeof reason) != NULL));
    }
    for (uint32_t l = 0; l <= nb_level_count(b); l++) {
        nb_level level;
        status = nb_level_info(b, l, &level);
        check_status(status);
        EXPECT(l < nb_level_count(b) || status == NB_ERROR_ARGUMENT);
        if (status == NB_OK)
            touch(level.id.text, level.id.length), touch(level.name.text, level.name.length),
                touch(level.building_id.text, level.building_id.length),
                touch(level.building_name.text, level.building_name.length);
    }
    for (uint32_t v = 0; v <= nb_node_count(b); v++) {
        nb_node node;
        status = nb_node_record(b, v, &node);
        check_status(status);
        EXPECT(v < nb_node_count(b) || status == NB_ERROR_ARGUMENT);
        if (status == NB_OK) {
            EXPECT(node.level < nb_level_count(b));
            touch(node.label.text, node.label.length);
        }
        uint32_t first = 0, count = 0;
        status = nb_arcs_from(b, v, &first, &count);
        EXPECT((status == NB_OK) == (v < nb_node_count(b)));
        if (status == NB_OK) EXPECT(first <= nb_arc_count(b) && count <= nb_arc_count(b) - first);
    }
    for (uint32_t a = 0; a <= nb_arc_count(b); a++) {
        nb_arc arc;
        status = nb_arc_info(b, a, &arc);
        check_status(status);
        EXPECT(a < nb_arc_count(b) || status == NB_ERROR_ARGUMENT);
        if (status == NB_OK) {
            EXPECT(arc.tail < nb_node_count(b) && arc.head < nb_node_count(b) && arc.indoor <= 1);
            touch(arc.label.text, arc.label.length);
        }
        int32_t points[8][2];
        size_t count = 0;
        status = nb_arc_shape(b, a, points, 8, &count);
        check_status(status);
        EXPECT(a < nb_arc_count(b) || status == NB_ERROR_ARGUMENT);
        if (status == NB_OK) EXPECT(count >= 2);
        nb_climb climb;
        status = nb_arc_climb(b, a, &climb);
        check_status(status);
        EXPECT(a < nb_arc_count(b) || status == NB_ERROR_ARGUMENT);
        /* GARC's bearings and corners: unavailable without it, its corners SHAP's. */
        uint8_t tail_bearing = 0, head_bearing = 0, bearing = 0;
        status = nb_arc_bearings(b, a, &tail_bearing, &head_bearing);
        check_status(status);
        EXPECT(a < nb_arc_count(b) ? status == NB_OK || (status == NB_ERROR_UNAVAILABLE && !nb_has_section(b, "GARC"))
                                   : status == NB_ERROR_ARGUMENT);
        uint32_t first_corner = 0, corners = 0, along = 0;
        status = nb_arc_corners(b, a, &first_corner, &corners);
        check_status(status);
        EXPECT(a < nb_arc_count(b) || status == NB_ERROR_ARGUMENT);
        for (uint32_t k = 0; status == NB_OK && k <= corners && k < 8; k++) {
            nb_status corner = nb_corner_bearing(b, a, k, &along, &bearing);
            check_status(corner);
            EXPECT(k < corners || corner == NB_ERROR_ARGUMENT || corner == NB_ERROR_UNAVAILABLE);
        }
    }
    for (uint32_t p = 0; p <= nb_place_count(b); p++) {
        nb_place place;
        char *json = NULL;
        size_t json_length = 0;
        nb_status answered = nb_place_json(b, p, &json, &json_length);
        check_json(answered, json, json_length);
        status = nb_place_info(b, p, &place);
        EXPECT(answered == status);
        EXPECT(p < nb_place_count(b) || status == NB_ERROR_ARGUMENT);
        if (status != NB_OK) continue;
        EXPECT((place.level == NB_NONE || place.level < nb_level_count(b)) &&
               (place.node == NB_NONE || place.node < nb_node_count(b)));
        const nb_text *texts[] = {&place.ref, &place.name, &place.category, &place.description, &place.building,
                                  &place.opening_hours, &place.phone, &place.email, &place.website};
        for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) touch(texts[i]->text, texts[i]->length);
    }
    for (uint32_t e = 0; e <= nb_event_count(b); e++) {
        nb_event event;
        char *json = NULL;
        size_t json_length = 0;
        nb_status answered = nb_event_json(b, e, &json, &json_length);
        check_json(answered, json, json_length);
        status = nb_event_info(b, e, &event);
        EXPECT(answered == status);
        EXPECT(e < nb_event_count(b) || status == NB_ERROR_ARGUMENT);
        if (status == NB_OK) {
            EXPECT(event.place < nb_place_count(b));
            touch(event.title.text, event.title.length), touch(event.description.text, event.description.length);
        }
    }
    /* GLMK, checked in full on opening: every landmark and pair it lets through is in range. */
    for (uint32_t l = 0; l <= nb_landmark_count(b); l++) {
        nb_landmark_info landmark;
        status = nb_landmark(b, l, &landmark);
        check_status(status);
        EXPECT(l < nb_landmark_count(b) || status == NB_ERROR_ARGUMENT);
        if (status == NB_OK) {
            EXPECT((landmark.place == NB_NONE || landmark.place < nb_place_count(b)) && landmark.level < nb_level_count(b));
            touch(landmark.name.text, landmark.name.length);
        }
    }
    for (uint32_t key = 0; key <= nb_landmark_key_count(b) && key < 4096; key++) {
        uint32_t first = 0, count = 0;
        status = nb_landmark_pairs(b, key, &first, &count);
        check_status(status);
        for (uint32_t i = first; status == NB_OK && i < first + count; i++) {
            nb_landmark_pair_info pair;
            EXPECT(nb_landmark_pair(b, i, &pair) == NB_OK && pair.landmark < nb_landmark_count(b));
        }
    }
    char message[256];
    uint32_t samples[MAX_SAMPLES];
    size_t sample_count = 0;
    char *samples_json = NULL;
    size_t samples_length = 0;
    status = nb_radio_map_samples_json(b, MAX_SAMPLES, &samples_json, &samples_length, message, sizeof message);
    check_json(status, samples_json, samples_length);
    status = nb_radio_map_samples(b, MAX_SAMPLES, samples, MAX_SAMPLES, &sample_count, message, sizeof message);
    check_status(status);
    nb_radio_map map;
    nb_status mapped = nb_radio_map_info(b, &map, message, sizeof message);
    if (status == NB_OK) {
        EXPECT(sample_count <= MAX_SAMPLES && (sample_count == 0 || mapped == NB_OK));
        for (size_t i = 0; i < sample_count; i++) EXPECT(samples[i] < map.spots && (i == 0 || samples[i - 1] < samples[i]));
    }
    uint32_t points = mapped == NB_OK ? map.spots : 0;
    for (uint32_t r = 0; r <= points; r++) {
        nb_reference_point point;
        status = nb_radio_map_point(b, r, &point, message, sizeof message);
        check_status(status);
        EXPECT(mapped != NB_OK || r < points || status == NB_ERROR_ARGUMENT);
        if (status != NB_OK) continue;
        EXPECT(point.floor < map.floors && point.building < map.buildings);
        touch(point.building_name.text, point.building_name.length), touch(point.floor_name.text, point.floor_name.length);
        for (uint32_t k = 0; k <= point.reading_count; k++) {
            nb_point_reading reading;
            status = nb_radio_map_reading(b, r, k, &reading, message, sizeof message);
            check_status(status);
            EXPECT(k < point.reading_count || status == NB_ERROR_ARGUMENT);
            if (status == NB_OK) {
                EXPECT(reading.access_point < map.access_points);
                touch(reading.id.text, reading.id.length);
            }
        }
    }
}

static void exercise_levels(nb_bundle *b) {
    /* What the JavaScript reader reads whole: the levels, the section table, the languages, META. */
    char *whole = NULL;
    size_t whole_length = 0;
    nb_status answered = nb_levels_json(b, &whole, &whole_length);
    check_json(answered, whole, whole_length);
    answered = nb_sections_json(b, &whole, &whole_length);
    check_json(answered, whole, whole_length);
    answered = nb_guidance_languages_json(b, &whole, &whole_length);
    check_json(answered, whole, whole_length);
    const char *meta = NULL;
    nb_status checked = nb_metadata_object(b, &meta, &whole_length);
    check_status(checked);
    EXPECT(checked == NB_OK ? meta != NULL : meta == NULL);
    touch(meta, whole_length);
    for (uint32_t level = 0; level <= nb_level_count(b) && level < MAX_LEVELS; level++) {
        char *json = NULL;
        size_t json_length = 0;
        nb_status answered = nb_level_outlines_json(b, level, &json, &json_length);
        check_json(answered, json, json_length);
        uint32_t first = 0, count = 0;
        nb_status status = nb_level_outlines(b, level, &first, &count);
        check_status(status);
        for (uint32_t o = first; status == NB_OK && o < first + count && o < first + MAX_OUTLINES; o++) {
            nb_outline info;
            status = nb_outline_info(b, o, &info);
            check_status(status);
            if (status != NB_OK) break;
            EXPECT(info.place == NB_NONE || info.place < nb_place_count(b));
            touch(info.label, info.label_length);
            for (uint32_t r = 0; r <= info.ring_count && r < 4; r++) {
                /* Counted first with no room, as the Python reader sizes its buffer, then copied. */
                int32_t corners[16][2];
                size_t needed = 0, corner_count = 0;
                nb_status counted = nb_outline_ring(b, o, r, NULL, 0, &needed);
                check_status(counted);
                nb_status copied = nb_outline_ring(b, o, r, corners, 16, &corner_count);
                EXPECT(copied == counted && (copied != NB_OK || (corner_count == needed && needed >= 3)));
                EXPECT(r < info.ring_count || copied == NB_ERROR_ARGUMENT);
            }
        }
        char *short_name = NULL;
        size_t short_length = 0;
        status = nb_level_short_name(b, level, &short_name, &short_length);
        check_status(status);
        EXPECT(level < nb_level_count(b) || status == NB_ERROR_ARGUMENT);
        if (status == NB_OK) EXPECT(short_name != NULL && short_name[short_length] == '\0');
        touch(short_name, short_length);
        free(short_name);
        /* Snap at a node of the level, or at the demo's campus when it has none in reach. */
        double latitude = 48.1495, longitude = 11.5805;
        for (uint32_t v = 0; v < nb_node_count(b) && v < 64; v++) {
            int32_t lat, lon;
            uint32_t on;
            if (nb_node_info(b, v, &lat, &lon, &on) == NB_OK && on == level && lat >= -900000000 && lat <= 900000000 &&
                lon >= -1800000000 && lon <= 1800000000) {
                latitude = lat / 1e7 + 0.00001, longitude = lon / 1e7 - 0.00001;
                break;
            }
        }
        uint32_t node;
        double metres;
        status = nb_snap(b, latitude, longitude, level, &node, &metres);
        check_status(status);
        if (status == NB_OK) EXPECT(node == NB_NONE || node < nb_node_count(b));
        for (uint32_t p = 0; p < nb_profile_count(b) && p < MAX_PROFILES; p++) {
            int fallback = 0;
            status = nb_snap_profile(b, p, latitude, longitude, level, &node, &metres, &fallback);
            check_status(status);
            if (status == NB_OK) EXPECT(node == NB_NONE || node < nb_node_count(b));
        }
    }
    uint32_t node;
    double metres;
    check_status(nb_snap(b, NAN, 0, 0, &node, &metres));
    check_status(nb_snap(b, 91, 181, 0, &node, &metres));
}

static void exercise_places(nb_bundle *b) {
    uint32_t places = nb_place_count(b);
    for (uint32_t i = 0; i < MAX_PLACES; i++) {
        uint32_t place = i < MAX_PLACES - 2 ? i : (i == MAX_PLACES - 2 ? places - 1 : places);
        const char *text = NULL;
        size_t length = 0;
        nb_status source = nb_place_source(b, place, &text, &length);
        check_status(source);
        if (source == NB_OK) touch(text, length);
        char *json = NULL;
        size_t json_length = 0;
        nb_status answered = nb_place_aliases_json(b, place, &json, &json_length);
        check_json(answered, json, json_length);
        uint32_t first = 0, count = 0;
        nb_status status = nb_place_aliases(b, place, &first, &count);
        check_status(status);
        for (uint32_t a = first; status == NB_OK && a < first + count && a < first + MAX_ALIASES; a++) {
            nb_alias alias;
            nb_status found = nb_alias_info(b, a, &alias);
            check_status(found);
            if (found == NB_OK) touch(alias.text, alias.text_length), touch(alias.language, alias.language_length);
        }
        for (uint32_t p = 0; p <= nb_profile_count(b) && p < MAX_PROFILES; p++) {
            uint32_t node;
            status = nb_place_node(b, p, place, &node);
            check_status(status);
            if (status == NB_OK) EXPECT(node == NB_NONE || node < nb_node_count(b));
            int in_main;
            if (status == NB_OK && node != NB_NONE) check_status(nb_in_main_piece(b, p, node, &in_main));
            check_status(nb_in_main_piece(b, p, place, &in_main));
        }
        if (places == 0 || i >= places) break;
    }
}

static void exercise_routes(nb_bundle *b, uint32_t chosen) {
    uint32_t n = nb_node_count(b);
    if (n == 0) return;
    uint32_t pairs[][2] = {{0, n - 1}, {n / 2, 0}, {chosen % n, n / 3}, {n - 1, n - 1}, {0, n}};
    uint32_t arcs = nb_arc_count(b), *costs = malloc(sizeof(uint32_t) * (arcs ? arcs : 1));
    for (uint32_t p = 0; p <= nb_profile_count(b) && p < MAX_PROFILES; p++) {
        int costed = costs && nb_profile_costs(b, p, costs, arcs) == NB_OK;
        for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
            nb_path path;
            nb_status status = nb_route_path(b, p, pairs[i][0], pairs[i][1], &path);
            check_status(status);
            if (status == NB_OK) check_path(b, &path, pairs[i][0], pairs[i][1], costed ? costs : NULL);
            if (status == NB_OK) describe_path(b, p, &path);
            nb_path_free(&path);
            uint32_t distance, *nodes = NULL;
            size_t count = 0;
            status = nb_route(b, p, pairs[i][0], pairs[i][1], &distance, &nodes, &count);
            check_status(status);
            if (status == NB_OK && nodes) EXPECT(count >= 1 && nodes[0] == pairs[i][0] && nodes[count - 1] == pairs[i][1]);
            free(nodes);
        }
        uint32_t exit_node, cost, *nodes = NULL;
        size_t count = 0;
        nb_status status = nb_nearest_exit(b, p, chosen % n, &exit_node, &cost, &nodes, &count);
        check_status(status);
        if (status == NB_OK && exit_node != NB_NONE) EXPECT(exit_node < n && nodes && nodes[0] == chosen % n && nodes[count - 1] == exit_node);
        /* The same way out as a path with each arc's time (the JavaScript reader's nearestExit),
         * described as steps: the same nodes and cost wherever both answer. */
        nb_path way;
        uint32_t *times = NULL;
        nb_status traced = nb_nearest_exit_path(b, p, chosen % n, &way, &times);
        check_status(traced);
        if (status != NB_OK) EXPECT(traced != NB_OK);
        if (traced == NB_OK) {
            EXPECT(status == NB_OK && (way.nodes == NULL) == (exit_node == NB_NONE));
            if (way.nodes) {
                EXPECT(way.node_count == count && memcmp(way.nodes, nodes, sizeof *nodes * count) == 0 && way.duration == cost);
                check_path(b, &way, chosen % n, exit_node, NULL);
                EXPECT(way.arc_count == 0 || times != NULL);
                for (size_t i = 0; i < way.arc_count; i++) sink += times[i];
                describe_path(b, p, &way);
            }
        }
        nb_path_free(&way);
        free(times);
        free(nodes);
        /* Leaving costs without conditions, as the bindings' leaving_costs asks for them. */
        if (costs) check_status(nb_leaving_costs(b, p, NULL, costs, arcs));
    }
    free(costs);
}

/* What the Python reader's Metric copies out: its profile, its input weights (closed where a
 * profile may not go) and its customised arrays, counted first with no room. */
static void exercise_metric_arrays(nb_bundle *b, const nb_metric *metric, uint32_t profile) {
    EXPECT(nb_metric_profile(metric) == profile);
    uint32_t arcs = nb_arc_count(b), *weights = malloc(sizeof(uint32_t) * (arcs ? arcs : 1));
    if (weights) check_status(nb_metric_weights(b, metric, weights, arcs));
    free(weights);
    size_t count = 0, copied = 0;
    nb_status status = nb_metric_arrays(b, metric, NULL, NULL, NULL, NULL, 0, &count);
    check_status(status);
    uint32_t *columns = malloc(sizeof(uint32_t) * 4 * (count ? count : 1));
    if (columns == NULL) return;
    status = nb_metric_arrays(b, metric, columns, columns + count, columns + 2 * count, columns + 3 * count, count, &copied);
    EXPECT(status == NB_OK && copied == count);
    for (size_t i = 0; i < 4 * count; i++) sink += columns[i];
    free(columns);
}

/* Metrics of CCHT from the profiles' own costs, from costs with arcs closed and slowed (a few,
 * which updates the kept metric, and many, which customises in full), and from no weights. */
static void exercise_metrics(nb_bundle *b, uint32_t chosen) {
    uint32_t arcs = nb_arc_count(b), n = nb_node_count(b);
    uint32_t *costs = malloc(sizeof(uint32_t) * (arcs ? arcs : 1));
    if (costs == NULL || n == 0) {
        free(costs);
        return;
    }
    for (uint32_t p = 0; p < nb_profile_count(b) && p < 2; p++) {
        nb_status status = nb_profile_costs(b, p, costs, arcs);
        check_status(status);
        if (status != NB_OK) break;
        for (int variant = 0; variant < 3; variant++) {
            if (variant == 1 && arcs) costs[chosen % arcs] = NB_NONE, costs[(chosen / 2) % arcs] = 7;
            if (variant == 2)
                for (uint32_t a = 0; a < arcs; a += 3) costs[a] = costs[a] == NB_NONE ? 1 : NB_NONE;
            nb_metric *metric = NULL;
            status = nb_customise(b, p, variant == 0 ? NULL : costs, arcs, &metric);
            check_status(status);
            EXPECT((status == NB_OK) == (metric != NULL));
            if (status != NB_OK) continue;
            uint32_t source = chosen % n, target = (chosen * 7 + 3) % n;
            nb_path path;
            status = nb_route_metric(b, metric, source, target, &path);
            check_status(status);
            /* Arcs no profile may use have no place in CCHT and stay closed whatever their weight,
             * so a route never takes one; its duration is then the sum of the weights given. */
            if (status == NB_OK) check_path(b, &path, source, target, costs);
            if (status == NB_OK) describe_path(b, NB_NONE, &path);
            nb_path_free(&path);
            exercise_metric_arrays(b, metric, p);
            nb_metric_free(metric);
        }
    }
    free(costs);
}

static void exercise_conditions(nb_bundle *b, const char *json, size_t length, uint32_t chosen) {
    uint32_t arcs = nb_arc_count(b), n = nb_node_count(b);
    nb_status parsed = checked_conditions_parse(json, length, &sink);
    nb_arc_conditions resolved;
    nb_conditions_error error;
    nb_status status = nb_conditions_resolve(b, json, length, &resolved, &error);
    check_status(status);
    check_conditions_error(&error, status);
    /* What cannot be read cannot be resolved either. */
    if (parsed == NB_ERROR_CONDITIONS) EXPECT(status == NB_ERROR_CONDITIONS && error.kind == NB_CONDITIONS_INVALID);
    nb_conditions_error_free(&error);
    /* The overlay agrees with the resolution: the same whole, or the same refusal; arcs in range. */
    nb_overlay overlay;
    nb_conditions_error overlay_error;
    nb_status drawn = nb_conditions_overlay(b, json, length, &overlay, &overlay_error);
    check_status(drawn);
    if (drawn == NB_OK) {
        EXPECT((status == NB_OK) == (overlay_error.kind == NB_CONDITIONS_APPLIED));
        check_arc_conditions(b, &overlay.whole);
        if (status == NB_OK)
            EXPECT(overlay.whole.closed_count == resolved.closed_count && overlay.whole.slowed_count == resolved.slowed_count);
        for (size_t i = 0; i < overlay.entry_count; i++) {
            EXPECT(overlay.entry_first[i] <= overlay.entry_first[i + 1]);
            for (size_t k = overlay.entry_first[i]; k < overlay.entry_first[i + 1]; k++)
                EXPECT(overlay.arcs[k] < arcs && (k == overlay.entry_first[i] || overlay.arcs[k - 1] < overlay.arcs[k]));
        }
    }
    nb_conditions_overlay_free(&overlay);
    nb_conditions_error_free(&overlay_error);
    char *answer = NULL;
    size_t answer_length = 0;
    nb_status answered = nb_conditions_overlay_json(b, json, length, &answer, &answer_length);
    check_json(answered, answer, answer_length);
    nb_conditions_error parse_error;
    answered = nb_conditions_parse_json(json, length, &answer, &answer_length, &parse_error);
    check_json(answered, answer, answer_length);
    if (answered == NB_ERROR_CONDITIONS) {
        answered = nb_conditions_error_json(&parse_error, &answer, &answer_length);
        check_json(answered, answer, answer_length);
    }
    nb_conditions_error_free(&parse_error);
    uint32_t *costs = malloc(sizeof(uint32_t) * (arcs ? arcs : 1));
    if (status == NB_OK) {
        check_arc_conditions(b, &resolved);
        for (uint32_t p = 0; costs && p < nb_profile_count(b) && p < 2; p++) {
            check_status(nb_conditions_costs(b, p, &resolved, costs, arcs));
            nb_status leaving = nb_leaving_costs(b, p, &resolved, costs, arcs);
            check_status(leaving);
            if (leaving == NB_OK && n) {
                nb_path path;
                status = nb_exit_search(b, costs, arcs, chosen % n, &path);
                check_status(status);
                if (status == NB_OK && path.nodes) EXPECT(path.nodes[0] == chosen % n && path.nodes[path.node_count - 1] < n);
                if (status == NB_OK) describe_path(b, p, &path);
                nb_path_free(&path);
                uint32_t *times = NULL;
                status = nb_conditions_exit_path(b, p, &resolved, chosen % n, &path, &times);
                check_status(status);
                EXPECT(status == NB_OK && path.nodes ? times != NULL && path.nodes[0] == chosen % n : times == NULL);
                free(times);
                nb_path_free(&path);
            }
        }
        nb_arc_conditions_free(&resolved);
    }
    free(costs);
    for (uint32_t p = 0; p < nb_profile_count(b) && p < 2 && n; p++) {
        nb_metric *metric = NULL;
        status = nb_conditions_apply(b, p, json, length, &metric, &error);
        check_status(status);
        check_conditions_error(&error, status);
        nb_conditions_error_free(&error);
        if (status == NB_OK) {
            nb_path path;
            uint32_t source = (chosen * 3) % n, target = (chosen + n / 2) % n;
            status = nb_route_metric(b, metric, source, target, &path);
            check_status(status);
            if (status == NB_OK) check_path(b, &path, source, target, NULL);
            nb_path_free(&path);
        }
        nb_metric_free(metric);
        nb_path path;
        status = nb_exit_conditions(b, p, chosen % n, json, length, &path, &error);
        check_status(status);
        check_conditions_error(&error, status);
        if (status == NB_OK && path.nodes) EXPECT(path.nodes[0] == chosen % n && path.nodes[path.node_count - 1] < n);
        nb_conditions_error_free(&error);
        nb_path_free(&path);
    }
}

static void exercise_wifi(nb_bundle *b, const tail *t) {
    char message[256];
    nb_radio_map map;
    nb_status status = nb_radio_map_info(b, &map, message, sizeof message);
    check_status(status);
    const nb_status mapped = status;
    nb_scan_reading scans[][4] = {
        {{"00:0b:86:01:09:01", -50}, {"00-0B-86-01-09-02", -70}, {"000b86010801", -68}, {"WAP001", -60}},
        {{"00:0b:86:01:09:01", -50}, {"00:0b:86:01:09:01", -40}, {"zz", NAN}, {"", -200}},
        {{t->text, -55}, {"00:0b:86:01:08:02", -61}, {t->text, INFINITY}, {"00:0b:86:01:0a:01", -75}},
    };
    for (size_t i = 0; i < sizeof scans / sizeof *scans; i++) {
        nb_fix fix;
        status = nb_locate(b, scans[i], 4, &fix, message, sizeof message);
        check_status(status);
        if (status == NB_OK && fix.located) {
            EXPECT(fix.venue_level == NB_NONE || fix.venue_level < nb_level_count(b));
            EXPECT(fix.confidence >= 0 && fix.confidence <= 1);
            touch(fix.building_name, fix.building_name_length), touch(fix.floor_name, fix.floor_name_length);
        }
    }
    nb_fix fix;
    check_status(nb_locate(b, scans[0], 0, &fix, message, sizeof message));
    /* Scans made of the map's own reference points (what the JavaScript reader's radioMapSamples
     * gives), which reach the neighbours, the floors and the position rather than "not heard". */
    uint32_t samples[3];
    size_t sample_count = 0;
    if (mapped != NB_OK || nb_radio_map_samples(b, 3, samples, 3, &sample_count, message, sizeof message) != NB_OK) return;
    for (size_t i = 0; i < sample_count; i++) {
        nb_reference_point point;
        if (nb_radio_map_point(b, samples[i], &point, message, sizeof message) != NB_OK) continue;
        char ids[MAX_READINGS][TEXT_SIZE];
        nb_scan_reading scan[MAX_READINGS];
        size_t count = 0;
        for (uint32_t k = 0; k < point.reading_count && count < MAX_READINGS; k++) {
            nb_point_reading reading;
            if (nb_radio_map_reading(b, samples[i], k, &reading, message, sizeof message) != NB_OK) continue;
            size_t length = reading.id.length < TEXT_SIZE - 1 ? reading.id.length : TEXT_SIZE - 1;
            memcpy(ids[count], reading.id.text, length), ids[count][length] = 0;
            scan[count].id = ids[count], scan[count].rssi = reading.rssi, count++;
        }
        status = nb_locate(b, scan, count, &fix, message, sizeof message);
        check_status(status);
        if (status == NB_OK && fix.located) {
            EXPECT(fix.venue_level == NB_NONE || fix.venue_level < nb_level_count(b));
            EXPECT(fix.confidence >= 0 && fix.confidence <= 1 && fix.building < map.buildings && fix.floor < map.floors);
            touch(fix.building_name, fix.building_name_length), touch(fix.floor_name, fix.floor_name_length);
        }
    }
}

/* The bindings' other ways of opening agree with nb_open_memory's `unchecked` status (checksums
 * off): the JavaScript reader's two steps (nb_open_table, the sections' checksums, which it
 * verifies itself, nb_open_finish) refuse alike with the same message, and opening with every
 * checksum verified (`verify` in Python and JavaScript) refuses whatever opens no further, and
 * refuses what does only for a checksum. */
static void exercise_opening(const uint8_t *data, size_t size, nb_status unchecked, const char *unchecked_message) {
    nb_bundle *b = NULL;
    char message[512];
    nb_refusal refusal;
    nb_status status = nb_open_table(data, size, "fuzz", &b, message, sizeof message, &refusal);
    check_status(status);
    EXPECT((status == NB_OK) == (b != NULL));
    /* A refusal is reported exactly when the table is refused; only a missing section names one. */
    EXPECT((status == NB_OK) == (refusal.kind == NB_REFUSED_NOTHING));
    EXPECT((refusal.kind == NB_REFUSED_MISSING_SECTION) == (refusal.section[0] != '\0'));
    if (status != NB_OK) EXPECT(strcmp(message, unchecked_message) == 0);
    if (status == NB_OK) {
        for (size_t i = 0; i <= nb_section_count(b); i++) {
            nb_section s;
            EXPECT((nb_section_entry(b, i, &s) == NB_OK) == (i < nb_section_count(b)));
            if (i < nb_section_count(b)) sink += (unsigned)nb_section_checksum(b, i);
        }
        status = nb_open_finish(b);
        check_status(status);
        if (status != NB_OK) EXPECT(strcmp(nb_last_error(b), unchecked_message) == 0);
        nb_close(b);
    }
    EXPECT(status == unchecked);
    b = NULL;
    status = nb_open_memory(data, size, "fuzz", 1, &b, message, sizeof message);
    check_status(status);
    EXPECT((status == NB_OK) == (b != NULL));
    if (unchecked != NB_OK) EXPECT(status != NB_OK);
    else EXPECT(status == NB_OK || status == NB_ERROR_CHECKSUM || status == NB_ERROR_MEMORY);
    nb_close(b);
}

/* The bytes as a published version's statement and as an Ed25519 public key (PEM and DER), as the
 * JavaScript reader reads them: a status, a terminated message, and what is read as promised. */
static void exercise_published(const uint8_t *bytes, size_t length) {
    char message[512];
    nb_statement statement;
    nb_status status = nb_statement_read(bytes, length, &statement, message, sizeof message);
    check_status(status);
    EXPECT(status == NB_OK || memchr(message, 0, sizeof message) != NULL);
    if (status == NB_OK) {
        touch(statement.venue, statement.venue_length + 1), touch(statement.version, statement.version_length + 1);
        touch(statement.bundle, statement.bundle_length + 1), touch(statement.sha256, statement.sha256_length + 1);
        EXPECT(statement.venue_length && statement.version_length && statement.bundle_length);
        EXPECT(statement.sha256_length == 64 && statement.size <= 9007199254740991u);
        nb_statement_free(&statement);
    }
    uint8_t spki[NB_ED25519_SPKI_BYTES];
    for (int pem = 0; pem <= 1; pem++) {
        status = nb_public_key_read(bytes, length, pem, spki, message, sizeof message);
        check_status(status);
        EXPECT(status != NB_OK || (spki[0] == 0x30 && spki[1] == 0x2a && spki[11] == 0x00));
        EXPECT(status == NB_OK || memchr(message, 0, sizeof message) != NULL);
    }
    /* As a release record, without and with a key id; what it holds read and checked against it. */
    nb_release release;
    for (int keyed = 0; keyed <= 1; keyed++) {
        status = nb_release_read((const char *)bytes, length, keyed ? "0123456789abcdef" : NULL, &release, message,
                                 sizeof message);
        check_status(status);
        EXPECT(status == NB_OK || (memchr(message, 0, sizeof message) != NULL && release.statement == NULL));
        if (status != NB_OK || !keyed) continue;
        touch((const char *)release.statement, release.statement_length);
        touch((const char *)release.signature, release.signature_length);
        if (nb_statement_read(release.statement, release.statement_length, &statement, message, sizeof message) == NB_OK) {
            check_status(nb_statement_check(&statement, (const char *)bytes, length, "v", 1, NULL, 0, message, sizeof message));
            int same = -1;
            check_status(nb_statement_matches(&statement, length, NULL, NULL, &same, message, sizeof message));
            EXPECT(same == 0 || same == 1);
            nb_statement_free(&statement);
        }
        nb_release_free(&release);
    }
    /* As base64 (a release record's statement and signature), into exactly the room promised. */
    uint8_t *decoded = malloc(3 * (length / 4) + 1);
    size_t decoded_length = 0;
    if (decoded && nb_base64_read((const char *)bytes, length, decoded, &decoded_length)) {
        EXPECT(decoded_length <= 3 * (length / 4));
        touch((const char *)decoded, decoded_length);
    }
    free(decoded);
    /* As an endpoint text refused with each kind: what the error names lies inside the text. */
    for (int kind = 0; kind <= 8; kind++) {
        size_t start = SIZE_MAX, named = SIZE_MAX;
        nb_endpoint_named((const char *)bytes, length, kind, &start, &named);
        EXPECT(start <= length && named <= length - start);
    }
}

/* The nearest places of a kind from `chosen` with each kind of filter (the tail's text as the
 * keyword), and the geofences at a place's position on each level and along a short walk. */
static void exercise_nearest_and_geofences(nb_bundle *b, uint32_t chosen, const char *text) {
    uint32_t nodes = nb_node_count(b), places = nb_place_count(b);
    if (nodes > 0) {
        uint32_t among[2] = {0, places ? places - 1 : 0};
        nb_place_filter filters[5] = {{0}, {.category = "toilet"}, {.keyword = text[0] ? text : "a"}, {.levels = "0"},
                                      {.min_capacity = 8, .among = among, .among_count = places ? 2 : 0}};
        for (uint32_t p = 0; p < nb_profile_count(b) && p < MAX_PROFILES; p++) {
            for (int f = 0; f < 5; f++) {
                nb_nearby found[3];
                nb_path paths[3];
                size_t count = 0;
                nb_status status = nb_nearest(b, p, chosen % nodes, &filters[f], 3, found, paths, &count);
                check_status(status);
                EXPECT(count <= 3 && (status == NB_OK || count == 0));
                for (size_t i = 0; i < count; i++) {
                    EXPECT(found[i].place < places && found[i].node < nodes && paths[i].nodes != NULL);
                    check_path(b, &paths[i], chosen % nodes, found[i].node, NULL);
                }
                for (size_t i = 0; i < 3; i++) nb_path_free(&paths[i]);
                char *json = NULL;
                size_t json_length = 0;
                status = nb_nearest_json(b, p, NULL, chosen % nodes, filters[f].category, filters[f].keyword,
                                         filters[f].levels, 0, NULL, 0, 0, 3, &json, &json_length);
                check_json(status, json, json_length);
            }
        }
    }
    for (uint32_t level = 0; level < nb_level_count(b) && level < MAX_LEVELS; level++) {
        double latitude = 48.1495, longitude = 11.5805;
        for (uint32_t i = 0; i < places && i < MAX_PLACES; i++) {
            nb_place info;
            if (nb_place_info(b, i, &info) == NB_OK && info.positioned && info.level == level) {
                latitude = info.latitude / 1e7, longitude = info.longitude / 1e7;
                break;
            }
        }
        nb_geofence_hit *hits = NULL;
        size_t count = 0;
        nb_status status = nb_geofence(b, latitude, longitude, &level, 1, &hits, &count);
        check_status(status);
        for (size_t i = 0; status == NB_OK && i < count; i++) EXPECT(hits[i].place < places && (i == 0 || hits[i - 1].place < hits[i].place));
        free(hits);
        nb_geofence_position walk[3] = {{latitude, longitude, &level, 1}, {latitude + 0.0001, longitude, &level, 1},
                                        {0, 0, &level, 1}};
        nb_geofence_event *events = NULL;
        size_t event_count = 0;
        status = nb_geofence_events(b, walk, 3, &events, &event_count);
        check_status(status);
        for (size_t i = 0; status == NB_OK && i < event_count; i++) EXPECT(events[i].place < places && events[i].position < 3);
        free(events);
        char *json = NULL;
        size_t json_length = 0;
        /* The call first: arguments are evaluated in no set order, so json is read after it writes. */
        status = nb_geofence_json(b, latitude, longitude, &level, 1, &json, &json_length);
        check_json(status, json, json_length);
    }
}

/* Every tour (up to MAX_PLACES): its record, arcs and times, a search by the tail's text, and
 * the route onto it from `chosen`, joined at its start and where it is nearest. */
static void exercise_tours(nb_bundle *b, uint32_t chosen, const char *text) {
    uint32_t count = 0, nodes = nb_node_count(b);
    nb_status status = nb_tour_count(b, &count);
    check_status(status);
    if (status != NB_OK) return;
    for (uint32_t t = 0; t < count && t < MAX_PLACES; t++) {
        nb_tour tour;
        status = nb_tour_info(b, t, &tour);
        check_status(status);
        if (status != NB_OK) continue;
        EXPECT(tour.arc_count > 0 && tour.start < nodes && tour.end < nodes);
        uint32_t arcs[8];
        size_t written = 0;
        check_status(nb_tour_arcs(b, t, arcs, 8, &written));
        EXPECT(written <= 8);
        for (uint32_t p = 0; p < nb_profile_count(b) && p < MAX_PROFILES; p++) {
            uint64_t duration;
            check_status(nb_tour_duration(b, p, t, &duration));
            for (int join = NB_JOIN_START; join <= NB_JOIN_NEAREST && nodes > 0; join++) {
                nb_path path;
                size_t starts[2];
                uint64_t durations[2];
                status = nb_route_tour(b, p, t, chosen % nodes, join, &path, starts, durations);
                check_status(status);
                if (status == NB_OK && path.nodes != NULL) {
                    EXPECT(starts[0] == 0 && starts[1] < path.node_count && path.node_count == path.arc_count + 1);
                    EXPECT(path.nodes[0] == chosen % nodes && path.duration == durations[0] + durations[1]);
                }
                nb_path_free(&path);
            }
        }
    }
    uint32_t found[4];
    size_t matched = 0;
    check_status(nb_tour_search(b, text[0] ? text : "a", found, 4, &matched));
    for (size_t i = 0; i < matched; i++) EXPECT(found[i] < count);
    char *json = NULL;
    size_t json_length = 0;
    status = nb_tours_json(b, &json, &json_length);
    check_json(status, json, json_length);
    /* Crowds (CRWD, checked on first use): the tail's text as an access point with a count. */
    char counts[TEXT_SIZE + 64];
    snprintf(counts, sizeof counts, "{\"%s\": %u, \"00:0b:86:01:08:01\": 2000}", text[0] && !strpbrk(text, "\"\\") ? text : "a",
             chosen % 100000);
    nb_crowd_area *areas = NULL;
    size_t area_count = 0;
    status = nb_crowd(b, counts, strlen(counts), &areas, &area_count);
    check_status(status);
    for (size_t i = 0; status == NB_OK && i < area_count; i++) EXPECT(areas[i].factor >= 1000 && areas[i].density >= 0);
    free(areas);
    json = NULL, json_length = 0;
    status = nb_crowd_conditions_json(b, counts, strlen(counts), &json, &json_length);
    check_json(status, json, json_length);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t bundle_size = size;
    tail t = {NULL, 0, ""};
    if (size >= 32) {
        uint64_t said = 0;
        for (int i = 7; i >= 0; i--) said = said << 8 | data[24 + i];
        if (said >= 64 && said < size) bundle_size = (size_t)said, t.bytes = data + said, t.length = size - (size_t)said;
    }
    /* The tail as text: up to its first NUL, cut to fit. */
    size_t text_length = 0;
    while (text_length < t.length && text_length < TEXT_SIZE - 1 && t.bytes[text_length]) text_length++;
    if (text_length) memcpy(t.text, t.bytes, text_length);
    t.text[text_length] = 0;
    exercise_published(data, size);
    if (t.length) exercise_published(t.bytes, t.length);

    nb_bundle *b = NULL;
    char message[512];
    nb_status status = nb_open_memory(data, bundle_size, "fuzz", 0, &b, message, sizeof message);
    check_status(status);
    EXPECT((status == NB_OK) == (b != NULL));
    exercise_opening(data, bundle_size, status, message);
    if (status != NB_OK) return 0;

    uint32_t chosen = (uint32_t)(size * 2654435761u);
    exercise_records(b);
    exercise_all_records(b);
    for (size_t i = 0; i < sizeof fixed_texts / sizeof *fixed_texts; i++) exercise_text(b, fixed_texts[i], &chosen);
    if (text_length) exercise_text(b, t.text, &chosen);
    if (t.length) exercise_fold(b, (const char *)t.bytes, t.length);
    exercise_levels(b);
    exercise_places(b);
    exercise_nearest_and_geofences(b, chosen, t.text);
    exercise_tours(b, chosen, t.text);
    exercise_routes(b, chosen);
    exercise_metrics(b, chosen);
    if (t.length) exercise_conditions(b, (const char *)t.bytes, t.length, chosen);
    else
        for (size_t i = 0; i < sizeof fixed_conditions / sizeof *fixed_conditions; i++)
            exercise_conditions(b, fixed_conditions[i], strlen(fixed_conditions[i]), chosen);
    exercise_wifi(b, &t);
    nb_close(b);
    return 0;
}
