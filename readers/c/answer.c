/*
 * answer BUNDLE QUERIES: prints the canonical answer line of every query of QUERIES
 * (readers/vectors/README.md), so that the C reader can be compared byte for byte with the
 * others. answer --check BUNDLE...: opens each BUNDLE with every checksum verified and prints a
 * line `ok`, or `refused CLASS` in the readers' shared vocabulary (readers/vectors/README.md,
 * "Damaged bundles"), the reader's message on standard error. Uses only the public API of navbundle.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *queries_path;
static size_t line_number;

static void stop(const char *format, const char *detail) {
    fflush(stdout);
    fprintf(stderr, "answer: %s:%zu: ", queries_path, line_number);
    fprintf(stderr, format, detail);
    fputc('\n', stderr);
    exit(1);
}

/* A decimal number of digits only, at most `maximum`, or -1. */
static long long number(const char *word, long long maximum) {
    if (*word == 0) return -1;
    long long value = 0;
    for (const char *c = word; *c; c++) {
        if (*c < '0' || *c > '9') return -1;
        value = value * 10 + (*c - '0');
        if (value > maximum) return -1;
    }
    return value;
}

static int degrees(const char *word, double *value) {
    if (*word == 0 || !(*word == '-' || *word == '+' || *word == '.' || (*word >= '0' && *word <= '9'))) return 0;
    char *end;
    errno = 0;
    *value = strtod(word, &end);
    return *end == 0 && errno == 0;
}

/* Splits `line` at single spaces into at most `capacity` words; returns how many it found. */
static size_t split(char *line, char **words, size_t capacity) {
    size_t count = 0;
    char *at = line;
    for (;;) {
        char *space = strchr(at, ' ');
        if (count < capacity) words[count] = at;
        count++;
        if (space == NULL) break;
        *space = 0;
        at = space + 1;
    }
    return count;
}

static uint32_t profile(nb_bundle *bundle, const char *name) {
    int index = nb_profile_index(bundle, name);
    if (index < 0) stop("unknown profile '%s'", name);
    return (uint32_t)index;
}

/* `place P: NODES` or `position: NODES` (a node per profile, `-` for none), or the error class
 * with its candidates (readers/vectors/README.md). */
static void endpoint(nb_bundle *bundle, const char *text, FILE *out) {
    static const char *const codes[] = {"place", "position", "empty", "unknown", "ambiguous", "elsewhere",
                                        "needs-level", "unknown-level", "bad-coordinate"};
    nb_endpoint e;
    if (nb_resolve_endpoint(bundle, text, &e) != NB_OK) stop("%s", nb_last_error(bundle));
    if (e.kind == NB_ENDPOINT_PLACE || e.kind == NB_ENDPOINT_POSITION) {
        if (e.kind == NB_ENDPOINT_PLACE) fprintf(out, "place %u:", e.place);
        else fprintf(out, "position:");
        for (uint32_t p = 0; p < nb_profile_count(bundle); p++) {
            uint32_t node;
            if (nb_endpoint_node(bundle, &e, p, &node) != NB_OK) stop("%s", nb_last_error(bundle));
            if (node == NB_NONE) fprintf(out, " -");
            else fprintf(out, " %u", node);
        }
    } else if (e.kind == NB_ENDPOINT_AMBIGUOUS || e.kind == NB_ENDPOINT_ELSEWHERE) {
        fprintf(out, "%s %zu:", codes[e.kind], e.candidate_count);
        for (size_t i = 0; i < e.candidate_count && i < 5; i++) fprintf(out, " %u", e.candidates[i]);
    } else if (e.kind == NB_ENDPOINT_UNKNOWN) {
        fprintf(out, "unknown:");
        for (size_t i = 0; i < e.candidate_count; i++) fprintf(out, " %u", e.candidates[i]);
    } else {
        fprintf(out, "%s", codes[e.kind]);
    }
    nb_endpoint_free(&e);
}

/* `DURATION NODES` or `none`, as a route answers. */
static void path_answer(const nb_path *path, FILE *out) {
    if (path->nodes == NULL) {
        fprintf(out, "none");
        return;
    }
    fprintf(out, "%llu", (unsigned long long)path->duration);
    for (size_t i = 0; i < path->node_count; i++) fprintf(out, " %u", path->nodes[i]);
}

/* Writes why conditions cannot be applied, when `status` says they cannot: `invalid`,
 * `ambiguous: ENTRY` or `unmatched: ENTRY...`, each ENTRY `closed[I]` or `slow[I]`; returns
 * whether it did. Releases `error`; stops on any other failure. */
static int conditions_refused(nb_bundle *bundle, nb_status status, nb_conditions_error *error, FILE *out) {
    static const char *const lists[] = {"closed", "slow"};
    if (status == NB_ERROR_CONDITIONS) {
        if (error->kind == NB_CONDITIONS_INVALID) fprintf(out, "invalid");
        else fprintf(out, error->kind == NB_CONDITIONS_AMBIGUOUS ? "ambiguous:" : "unmatched:");
        for (size_t i = 0; error->kind != NB_CONDITIONS_INVALID && i < error->entry_count; i++)
            fprintf(out, " %s[%zu]", lists[error->entries[i].list], error->entries[i].index);
    }
    nb_conditions_error_free(error);
    if (status != NB_OK && status != NB_ERROR_CONDITIONS) stop("%s", nb_last_error(bundle));
    return status == NB_ERROR_CONDITIONS;
}

/* The route under the conditions `json`, or why they cannot be applied. */
static void conditions_route(nb_bundle *bundle, uint32_t index, uint32_t source, uint32_t target, const char *json, FILE *out) {
    nb_metric *metric;
    nb_conditions_error error;
    nb_status status = nb_conditions_apply(bundle, index, json, strlen(json), &metric, &error);
    if (conditions_refused(bundle, status, &error, out)) return;
    nb_path path;
    status = nb_route_metric(bundle, metric, source, target, &path);
    nb_metric_free(metric);
    if (status != NB_OK) stop("%s", nb_last_error(bundle));
    path_answer(&path, out);
    nb_path_free(&path);
}

/* `EXIT MS` or `none`, as `exit` answers, for the way out under the conditions `json`; or why
 * they cannot be applied. */
static void conditions_exit(nb_bundle *bundle, uint32_t index, uint32_t node, const char *json, FILE *out) {
    nb_path path;
    nb_conditions_error error;
    nb_status status = nb_exit_conditions(bundle, index, node, json, strlen(json), &path, &error);
    if (!conditions_refused(bundle, status, &error, out)) {
        if (path.nodes == NULL) fprintf(out, "none");
        else fprintf(out, "%u %llu", path.nodes[path.node_count - 1], (unsigned long long)path.duration);
    }
    nb_path_free(&path);
}

/* The readings of `text`: `ID:RSSI` pairs joined by commas, the RSSI after the pair's last ':'
 * written as an optional '-', digits and an optional '.' and digits. `text` is cut in place (the
 * ids point into it); returns 0 when it is no such list. */
static int scan_readings(char *text, nb_scan_reading *readings, size_t *count) {
    size_t n = 0;
    for (char *pair = text;; n++) {
        char *end = strchr(pair, ','), *colon = NULL;
        if (end) *end = 0;
        for (char *at = pair; *at; at++)
            if (*at == ':') colon = at;
        if (colon == NULL || colon == pair) return 0;
        const char *number = colon + 1, *digit = number + (*number == '-');
        size_t whole = strspn(digit, "0123456789"), fraction = 0;
        if (digit[whole] == '.') {
            fraction = strspn(digit + whole + 1, "0123456789");
            if (fraction == 0) return 0;
            fraction++;
        }
        if (whole == 0 || digit[whole + fraction] != 0) return 0;
        *colon = 0;
        /* Correctly rounded; a number past the doubles is infinite, as in the other readers. */
        readings[n].id = pair, readings[n].rssi = strtod(number, NULL);
        if (end == NULL) break;
        pair = end + 1;
    }
    *count = n + 1;
    return 1;
}

/* `unknown`, or `B F LEVEL LAT_E7 LON_E7 CONFIDENCE_PPM NEIGHBOURS` (`-` for no venue level), or
 * `invalid` when `text` is no scan. */
static void locate(const nb_bundle *bundle, const char *text, FILE *out) {
    size_t pairs = 1;
    for (const char *at = text; *at; at++) pairs += *at == ',';
    char *copy = malloc(strlen(text) + 1);
    nb_scan_reading *readings = malloc(sizeof *readings * pairs);
    if (copy == NULL || readings == NULL) stop("%s", "out of memory");
    strcpy(copy, text);
    size_t count;
    if (!scan_readings(copy, readings, &count)) {
        fprintf(out, "invalid");
    } else {
        char message[1024];
        nb_fix fix;
        if (nb_locate(bundle, readings, count, &fix, message, sizeof message) != NB_OK) stop("%s", message);
        if (!fix.located) {
            fprintf(out, "unknown");
        } else {
            char level[16] = "-";
            if (fix.venue_level != NB_NONE) snprintf(level, sizeof level, "%u", fix.venue_level);
            fprintf(out, "%u %u %s %d %d %lld %u", fix.building, fix.floor, level, (int)fix.latitude_e7,
                    (int)fix.longitude_e7, (long long)round(fix.confidence * 1e6), fix.neighbours);
        }
    }
    free(readings);
    free(copy);
}

/* The `steps` answer of a route: `none` when unreachable, `empty` without steps, else per step
 * `START-END CENTIMETRES MILLISECONDS INSTRUCTION`, joined by ` | `. */
static void steps_answer(nb_bundle *bundle, uint32_t profile, const nb_path *path, FILE *out) {
    if (path->nodes == NULL) {
        fprintf(out, "none");
        return;
    }
    nb_route_step *steps;
    size_t count, length;
    if (nb_route_steps(bundle, profile, path, &steps, &count) != NB_OK) stop("%s", nb_last_error(bundle));
    if (count == 0) fprintf(out, "empty");
    for (size_t i = 0; i < count; i++) {
        if (nb_step_instruction(bundle, &steps[i], NULL, 0, &length) != NB_OK) stop("%s", nb_last_error(bundle));
        char *text = malloc(length + 1);
        if (text == NULL) stop("%s", "out of memory");
        if (nb_step_instruction(bundle, &steps[i], text, length + 1, &length) != NB_OK) stop("%s", nb_last_error(bundle));
        fprintf(out, "%s%zu-%zu %lld %lld ", i ? " | " : "", steps[i].start_index, steps[i].end_index,
                (long long)llround(steps[i].length * 100), (long long)llround(steps[i].duration * 1000));
        fwrite(text, 1, length, out); /* whole: a label may hold U+0000 */
        free(text);
    }
    free(steps);
}

/* A route's maneuvers for an answer, or NULL after writing `none` (unreachable) or `empty` (no arcs). */
static nb_maneuver *answer_maneuvers(nb_bundle *bundle, uint32_t profile, const nb_path *path, size_t *count, FILE *out) {
    nb_maneuver *maneuvers = NULL;
    *count = 0;
    if (path->nodes == NULL) {
        fprintf(out, "none");
        return NULL;
    }
    if (nb_route_maneuvers(bundle, profile, path, NULL, &maneuvers, count) != NB_OK) stop("%s", nb_last_error(bundle));
    if (*count == 0) fprintf(out, "empty");
    return maneuvers;
}

/* The `maneuvers` answer of a route: `none` when unreachable, `empty` without arcs, else per
 * maneuver `AT KIND MODIFIER BEFORE AFTER CENTIMETRES MILLISECONDS LEVEL CHANGE LANDMARK WAY`, joined by ` | `. */
static void maneuvers_answer(nb_bundle *bundle, uint32_t profile, const nb_path *path, FILE *out) {
    static const char *kinds[] = {"depart", "turn",  "continue", "fork", "door",     "enter", "exit",
                                  "stairs", "escalator", "elevator", "ramp", "platform", "arrive"};
    static const char *modifiers[] = {"-", "uturn", "sharp-right", "right", "slight-right", "straight",
                                      "slight-left", "left", "sharp-left"};
    static const char *placements[] = {"-", "before", "at", "after", "beside"}, *sides[] = {"-", "left", "right", "ahead"};
    size_t count;
    nb_maneuver *maneuvers = answer_maneuvers(bundle, profile, path, &count, out);
    for (size_t i = 0; i < count; i++) {
        const nb_maneuver *m = &maneuvers[i];
        fprintf(out, "%s%zu", i ? " | " : "", m->route_index);
        if (m->corner != NB_NONE) fprintf(out, "+%u", m->corner);
        fprintf(out, " %s %s ", kinds[m->kind], modifiers[m->modifier]);
        if (m->bearing_before < 0) fprintf(out, "- ");
        else fprintf(out, "%d ", m->bearing_before);
        if (m->bearing_after < 0) fprintf(out, "- ");
        else fprintf(out, "%d ", m->bearing_after);
        fprintf(out, "%llu %llu %u ", (unsigned long long)m->distance, (unsigned long long)m->duration, m->level);
        if (!m->changes_level) fprintf(out, "- ");
        else if (m->step_count < 0) fprintf(out, "%u>%u/%d/?/%d ", m->from_level, m->to_level, m->direction, (int)m->rise);
        else fprintf(out, "%u>%u/%d/%lld/%d ", m->from_level, m->to_level, m->direction, (long long)m->step_count, (int)m->rise);
        if (m->landmark == NB_NONE) fprintf(out, "- ");
        else fprintf(out, "%u/%s/%s ", m->landmark, placements[m->landmark_placement], sides[m->landmark_side]);
        if (m->way == NULL) fprintf(out, "-");
        else fwrite(m->way, 1, m->way_length, out); /* whole: a label may hold U+0000 */
    }
    free(maneuvers);
}

/* Writes the words of `maneuver` in `language` (nb_maneuver_instruction), or with `maneuver` NULL
 * those of `centimetres` (nb_spoken_distance), to `out`: measured first, then written. */
static void write_words(nb_bundle *bundle, const nb_maneuver *maneuver, const char *language, const char *destination,
                        uint64_t centimetres, FILE *out) {
    size_t length = 0;
    char *text = NULL;
    for (int pass = 0; pass < 2; pass++) {
        size_t capacity = pass ? length + 1 : 0;
        if (pass && (text = malloc(capacity)) == NULL) stop("%s", "out of memory");
        nb_status status = maneuver ? nb_maneuver_instruction(bundle, maneuver, language, destination, text, capacity, &length)
                                    : nb_spoken_distance(bundle, language, centimetres, text, capacity, &length);
        if (status != NB_OK) stop("%s", nb_last_error(bundle));
    }
    fwrite(text, 1, length, out);
    free(text);
}

/* Whether the bundle has guidance language `language`; `unknown-language` written when not. */
static int knows_language(nb_bundle *bundle, const char *language, FILE *out) {
    size_t length;
    nb_status status = nb_spoken_distance(bundle, language, 0, NULL, 0, &length);
    if (status == NB_ERROR_LANGUAGE) fprintf(out, "unknown-language");
    else if (status != NB_OK) stop("%s", nb_last_error(bundle));
    return status == NB_OK;
}

/* The `instructions` answer of a route: per maneuver its instruction in `language`, the arrival
 * naming `destination` (NULL: none), and but for the last ` (SPOKEN DISTANCE)`, joined by ` | `. */
static void instructions_answer(nb_bundle *bundle, uint32_t profile, const nb_path *path, const char *language,
                                const char *destination, FILE *out) {
    size_t count;
    nb_maneuver *maneuvers = answer_maneuvers(bundle, profile, path, &count, out);
    for (size_t i = 0; i < count; i++) {
        if (i) fprintf(out, " | ");
        write_words(bundle, &maneuvers[i], language, destination, 0, out);
        if (i + 1 == count) continue;
        fprintf(out, " (");
        write_words(bundle, NULL, language, NULL, maneuvers[i].distance, out);
        fprintf(out, ")");
    }
    free(maneuvers);
}

/* The `route-via PROFILE STOP STOP...` answer: the route through the stops as `route` gives one,
 * then ` |` and each leg's `FIRST:MILLISECONDS`. */
static void via_answer(nb_bundle *bundle, const char *query, FILE *out) {
    /* A line of `length` bytes has at most `length + 1` words (each space ends one). */
    size_t length = strlen(query);
    char *copy = malloc(length + 1), **words = malloc(sizeof *words * (length + 1));
    uint32_t *stops = malloc(sizeof *stops * (length + 1));
    size_t *starts = malloc(sizeof *starts * (length + 1));
    uint64_t *durations = malloc(sizeof *durations * (length + 1));
    if (copy == NULL || words == NULL || stops == NULL || starts == NULL || durations == NULL) stop("%s", "out of memory");
    strcpy(copy, query);
    /* Words are split on single spaces, as the other readers split them: an empty one is no node. */
    size_t count = split(copy, words, length + 1) - 2;
    uint32_t index = profile(bundle, words[1]);
    for (size_t i = 0; i < count; i++) {
        long long node = number(words[i + 2], 0xFFFFFFFEll);
        if (node < 0) stop("cannot read query '%s'", query);
        stops[i] = (uint32_t)node;
    }
    nb_path path;
    if (nb_route_via(bundle, index, stops, count, &path, starts, durations) != NB_OK) stop("%s", nb_last_error(bundle));
    path_answer(&path, out);
    if (path.nodes != NULL) {
        fprintf(out, " |");
        for (size_t i = 0; i + 1 < count; i++) fprintf(out, " %zu:%llu", starts[i], (unsigned long long)durations[i]);
    }
    nb_path_free(&path);
    free(copy), free(words), free(stops), free(starts), free(durations);
}

/* The `tour INDEX` answer: `KIND START END CENTIMETRES DURATIONS ARCS SOURCE NAME`, the durations
 * per profile in milliseconds (`-` where the profile may not follow it) and the arcs joined by
 * commas. */
static void tour_answer(nb_bundle *bundle, uint32_t index, FILE *out) {
    static const char *const kinds[] = {"foot", "hiking", "running", "fitness_trail"};
    nb_tour tour;
    if (nb_tour_info(bundle, index, &tour) != NB_OK) stop("%s", nb_last_error(bundle));
    fprintf(out, "%s %u %u %llu ", kinds[tour.kind], tour.start, tour.end, (unsigned long long)tour.length);
    for (uint32_t p = 0; p < nb_profile_count(bundle); p++) {
        uint64_t duration;
        if (nb_tour_duration(bundle, p, index, &duration) != NB_OK) stop("%s", nb_last_error(bundle));
        if (p) fputc(',', out);
        if (duration == UINT64_MAX) fputc('-', out);
        else fprintf(out, "%llu", (unsigned long long)duration);
    }
    uint32_t *arcs = malloc(sizeof *arcs * (tour.arc_count ? tour.arc_count : 1));
    size_t count;
    if (arcs == NULL) stop("%s", "out of memory");
    if (nb_tour_arcs(bundle, index, arcs, tour.arc_count, &count) != NB_OK) stop("%s", nb_last_error(bundle));
    for (size_t i = 0; i < count; i++) fprintf(out, i ? ",%u" : " %u", arcs[i]);
    free(arcs);
    fprintf(out, " %.*s %.*s", (int)tour.source.length, tour.source.text, (int)tour.name.length, tour.name.text);
}

/* `ID:PEOPLE` pairs joined by commas (the count after the last colon, digits only) as the JSON
 * object nb_crowd takes, in `json` (room for twice the text and 3 bytes); 0 when the text is not
 * such a list. */
static int counts_json(const char *text, char *json) {
    char *at = json;
    *at++ = '{';
    for (const char *pair = text; ; ) {
        const char *end = strchr(pair, ','), *stop = end ? end : pair + strlen(pair), *colon = NULL;
        for (const char *c = pair; c < stop; c++) if (*c == ':') colon = c;
        if (colon == NULL || colon + 1 == stop || stop - colon - 1 > 10) return 0;
        for (const char *c = colon + 1; c < stop; c++) if (*c < '0' || *c > '9') return 0;
        if (at > json + 1) *at++ = ',';
        *at++ = '"';
        for (const char *c = pair; c < colon; c++) {
            if (*c == '"' || *c == '\\') *at++ = '\\';
            *at++ = *c;
        }
        at += sprintf(at, "\":%.*s", (int)(stop - colon - 1), colon + 1);
        if (end == NULL) break;
        pair = end + 1;
    }
    *at++ = '}', *at = 0;
    return 1;
}

/* The `crowd COUNTS` answer: per area `OUTLINE:PEOPLE:DENSITY:FACTOR` (density `%.4f`, the
 * factor in thousandths or `-` where walkers stand still), space-separated. */
static void crowd_answer(nb_bundle *bundle, const char *json, FILE *out) {
    nb_crowd_area *areas;
    size_t count;
    if (nb_crowd(bundle, json, strlen(json), &areas, &count) != NB_OK) stop("%s", nb_last_error(bundle));
    for (size_t i = 0; i < count; i++) {
        fprintf(out, "%s%u:%llu:%.4f:", i ? " " : "", areas[i].outline, (unsigned long long)areas[i].people, areas[i].density);
        if (areas[i].factor == NB_NONE) fprintf(out, "-");
        else fprintf(out, "%u", areas[i].factor);
    }
    free(areas);
}

/* The `nearest PROFILE FROM LIMIT [FILTER...]` answer: per place found, `PLACE MILLISECONDS
 * CENTIMETRES NODES...`, joined by ` | `; `none` when none is, `invalid` when the filter is
 * refused. A FILTER is `category=TEXT`, `keyword=TEXT`, `on=TEXT`, `capacity=N` or
 * `among=P,P,...` (an empty list admits no place). */
static void nearest_answer(nb_bundle *bundle, const char *query, FILE *out) {
    size_t length = strlen(query);
    char *copy = malloc(length + 1), **words = malloc(sizeof *words * (length + 1));
    uint32_t *among = malloc(sizeof *among * (length + 1));
    if (copy == NULL || words == NULL || among == NULL) stop("%s", "out of memory");
    strcpy(copy, query);
    size_t count = split(copy, words, length + 1);
    uint32_t index = profile(bundle, words[1]);
    long long from = number(words[2], 0xFFFFFFFEll), limit = number(words[3], 1000);
    if (from < 0 || limit < 0) stop("cannot read query '%s'", query);
    nb_place_filter filter = {0};
    for (size_t i = 4; i < count; i++) {
        char *value = strchr(words[i], '=');
        if (value == NULL) stop("cannot read query '%s'", query);
        *value++ = 0;
        if (strcmp(words[i], "category") == 0) filter.category = value;
        else if (strcmp(words[i], "keyword") == 0) filter.keyword = value;
        else if (strcmp(words[i], "on") == 0) filter.levels = value;
        else if (strcmp(words[i], "capacity") == 0) {
            long long capacity = number(value, 0x7FFFFFFFll);
            if (capacity < 0) stop("cannot read query '%s'", query);
            filter.min_capacity = capacity;
        } else if (strcmp(words[i], "among") == 0) {
            filter.among = among;
            for (char *item = value; *value; item = value) {
                char *comma = strchr(item, ',');
                if (comma) *comma = 0;
                long long place = number(item, 0xFFFFFFFEll);
                if (place < 0) stop("cannot read query '%s'", query);
                among[filter.among_count++] = (uint32_t)place;
                value = comma ? comma + 1 : item + strlen(item);
            }
        } else stop("cannot read query '%s'", query);
    }
    nb_nearby *found = malloc(sizeof *found * (size_t)(limit ? limit : 1));
    nb_path *paths = malloc(sizeof *paths * (size_t)(limit ? limit : 1));
    if (found == NULL || paths == NULL) stop("%s", "out of memory");
    size_t found_count;
    nb_status status = nb_nearest(bundle, index, (uint32_t)from, &filter, (size_t)limit, found, paths, &found_count);
    if (status == NB_ERROR_ARGUMENT) fprintf(out, "invalid");
    else if (status != NB_OK) stop("%s", nb_last_error(bundle));
    else if (found_count == 0) fprintf(out, "none");
    for (size_t i = 0; i < found_count; i++) {
        fprintf(out, "%s%u %llu %llu", i ? " | " : "", found[i].place, (unsigned long long)found[i].duration,
                (unsigned long long)found[i].length);
        for (size_t n = 0; n < paths[i].node_count; n++) fprintf(out, " %u", paths[i].nodes[n]);
    }
    for (size_t i = 0; i < (size_t)limit; i++) nb_path_free(&paths[i]);
    free(copy), free(words), free(among), free(found), free(paths);
}

/* A `LEVEL LATITUDE LONGITUDE` position read from three words; 0 when they are not. */
static int geofence_position(char **words, uint32_t *level, double *latitude, double *longitude) {
    long long index = number(words[0], 0xFFFFFFFEll);
    if (index < 0 || !degrees(words[1], latitude) || !degrees(words[2], longitude)) return 0;
    *level = (uint32_t)index;
    return 1;
}

/* The `geofence LEVEL LATITUDE LONGITUDE` answer: per place `PLACE:in|near:METRES` (`-` without
 * a position), space-separated; `none` when the position is in or near no place. */
static void geofence_answer(nb_bundle *bundle, char **words, const char *query, FILE *out) {
    uint32_t level;
    double latitude, longitude;
    if (!geofence_position(words, &level, &latitude, &longitude)) stop("cannot read query '%s'", query);
    nb_geofence_hit *hits;
    size_t count;
    if (nb_geofence(bundle, latitude, longitude, &level, 1, &hits, &count) != NB_OK) stop("%s", nb_last_error(bundle));
    if (count == 0) fprintf(out, "none");
    for (size_t i = 0; i < count; i++) {
        fprintf(out, "%s%u:%s:", i ? " " : "", hits[i].place, hits[i].inside ? "in" : "near");
        if (hits[i].has_position) fprintf(out, "%.3f", hits[i].metres);
        else fprintf(out, "-");
    }
    free(hits);
}

/* The `geofence-track LEVEL,LATITUDE,LONGITUDE...` answer: per event `POSITION:enter|leave:PLACE`,
 * space-separated; `none` without events. */
static void geofence_track_answer(nb_bundle *bundle, const char *query, FILE *out) {
    size_t length = strlen(query);
    char *copy = malloc(length + 1), **words = malloc(sizeof *words * (length + 1));
    nb_geofence_position *track = malloc(sizeof *track * (length + 1));
    uint32_t *levels = malloc(sizeof *levels * (length + 1));
    if (copy == NULL || words == NULL || track == NULL || levels == NULL) stop("%s", "out of memory");
    strcpy(copy, query);
    size_t count = split(copy, words, length + 1) - 1;
    for (size_t i = 0; i < count; i++) {
        char *parts[3] = {words[i + 1], NULL, NULL};
        for (int k = 1; k < 3; k++) {
            char *comma = parts[k - 1] ? strchr(parts[k - 1], ',') : NULL;
            if (comma == NULL) stop("cannot read query '%s'", query);
            *comma = 0, parts[k] = comma + 1;
        }
        if (strchr(parts[2], ',') || !geofence_position(parts, &levels[i], &track[i].latitude, &track[i].longitude))
            stop("cannot read query '%s'", query);
        track[i].levels = &levels[i], track[i].level_count = 1;
    }
    nb_geofence_event *events;
    size_t event_count;
    if (nb_geofence_events(bundle, track, count, &events, &event_count) != NB_OK) stop("%s", nb_last_error(bundle));
    if (event_count == 0) fprintf(out, "none");
    for (size_t i = 0; i < event_count; i++)
        fprintf(out, "%s%zu:%s:%u", i ? " " : "", events[i].position, events[i].kind == NB_GEOFENCE_ENTER ? "enter" : "leave",
                events[i].place);
    free(events), free(copy), free(words), free(track), free(levels);
}

/* Writes the result part of `query`'s answer to `out`. */
static void answer(nb_bundle *bundle, const char *query, FILE *out) {
    char *copy = malloc(strlen(query) + 1);
    if (copy == NULL) stop("%s", "out of memory");
    strcpy(copy, query);
    char *words[6];
    size_t count = split(copy, words, 6);
    /* `route`, `steps` and `maneuvers` ask the same; they answer with the path, its steps or its
     * maneuvers. */
    int steps = strcmp(words[0], "steps") == 0, maneuvers = strcmp(words[0], "maneuvers") == 0;
    if ((steps || maneuvers || strcmp(words[0], "route") == 0) && count == 4) {
        uint32_t index = profile(bundle, words[1]);
        long long source = number(words[2], 0xFFFFFFFEll), target = number(words[3], 0xFFFFFFFEll);
        if (source < 0 || target < 0) stop("cannot read query '%s'", query);
        nb_path path;
        if (nb_route_path(bundle, index, (uint32_t)source, (uint32_t)target, &path) != NB_OK)
            stop("%s", nb_last_error(bundle));
        if (steps) steps_answer(bundle, index, &path, out);
        else if (maneuvers) maneuvers_answer(bundle, index, &path, out);
        else path_answer(&path, out);
        nb_path_free(&path);
    } else if (strcmp(words[0], "route-via") == 0 && count >= 4) {
        via_answer(bundle, query, out);
    } else if (strcmp(words[0], "nearest") == 0 && count >= 4) {
        nearest_answer(bundle, query, out);
    } else if (strcmp(words[0], "tour") == 0 && count == 2) {
        long long index = number(words[1], 0xFFFFFFFFll);
        if (index < 0) stop("cannot read query '%s'", query);
        tour_answer(bundle, (uint32_t)index, out);
    } else if (strcmp(words[0], "tour-search") == 0 && count >= 2) {
        /* The text is the rest of the line, spaces included. */
        uint32_t total, *tours;
        size_t found;
        if (nb_tour_count(bundle, &total) != NB_OK) stop("%s", nb_last_error(bundle));
        if ((tours = malloc(sizeof *tours * (total ? total : 1))) == NULL) stop("%s", "out of memory");
        if (nb_tour_search(bundle, query + strlen("tour-search "), tours, total, &found) != NB_OK)
            stop("%s", nb_last_error(bundle));
        if (found == 0) fprintf(out, "none");
        for (size_t i = 0; i < found; i++) fprintf(out, i ? " %u" : "%u", tours[i]);
        free(tours);
    } else if (strcmp(words[0], "route-tour") == 0 && count == 5) {
        uint32_t index = profile(bundle, words[1]);
        long long source = number(words[2], 0xFFFFFFFEll), tour = number(words[3], 0xFFFFFFFFll);
        int join = strcmp(words[4], "start") == 0 ? NB_JOIN_START : strcmp(words[4], "nearest") == 0 ? NB_JOIN_NEAREST : -1;
        if (source < 0 || tour < 0 || join < 0) stop("cannot read query '%s'", query);
        nb_path path;
        size_t starts[2];
        uint64_t durations[2];
        if (nb_route_tour(bundle, index, (uint32_t)tour, (uint32_t)source, join, &path, starts, durations) != NB_OK)
            stop("%s", nb_last_error(bundle));
        path_answer(&path, out);
        if (path.nodes != NULL)
            fprintf(out, " | %zu:%llu %zu:%llu", starts[0], (unsigned long long)durations[0], starts[1],
                    (unsigned long long)durations[1]);
        nb_path_free(&path);
    } else if (strcmp(words[0], "instructions") == 0 && count >= 5) {
        if (knows_language(bundle, words[1], out)) {
            uint32_t index = profile(bundle, words[2]);
            long long source = number(words[3], 0xFFFFFFFEll), target = number(words[4], 0xFFFFFFFEll);
            if (source < 0 || target < 0) stop("cannot read query '%s'", query);
            /* The destination is the rest of the line, spaces included. */
            const char *destination = NULL;
            if (count > 5) {
                destination = query;
                for (int space = 0; space < 5; space++) destination = strchr(destination, ' ') + 1;
            }
            nb_path path;
            if (nb_route_path(bundle, index, (uint32_t)source, (uint32_t)target, &path) != NB_OK)
                stop("%s", nb_last_error(bundle));
            instructions_answer(bundle, index, &path, words[1], destination, out);
            nb_path_free(&path);
        }
    } else if (strcmp(words[0], "spoken") == 0 && count == 3) {
        long long centimetres = number(words[2], 999999999999999999ll);
        if (centimetres < 0) stop("cannot read query '%s'", query);
        if (knows_language(bundle, words[1], out)) write_words(bundle, NULL, words[1], NULL, (uint64_t)centimetres, out);
    } else if (strcmp(words[0], "exit") == 0 && count == 3) {
        uint32_t index = profile(bundle, words[1]);
        long long node = number(words[2], 0xFFFFFFFEll);
        if (node < 0) stop("cannot read query '%s'", query);
        uint32_t exit_node, cost, *nodes;
        size_t node_count;
        if (nb_nearest_exit(bundle, index, (uint32_t)node, &exit_node, &cost, &nodes, &node_count) != NB_OK)
            stop("%s", nb_last_error(bundle));
        if (exit_node == NB_NONE) fprintf(out, "none");
        else fprintf(out, "%u %u", exit_node, cost);
        free(nodes);
    } else if (strcmp(words[0], "search") == 0 && count >= 3) {
        long long limit = number(words[1], 0x7FFFFFFFll);
        if (limit < 0) stop("cannot read query '%s'", query);
        /* The text is the rest of the line, spaces included. */
        const char *text = query + strlen("search ") + strlen(words[1]) + 1;
        size_t room = (size_t)limit < nb_place_count(bundle) ? (size_t)limit : nb_place_count(bundle);
        nb_match *matches = malloc(sizeof(nb_match) * (room ? room : 1));
        size_t found;
        if (matches == NULL) stop("%s", "out of memory");
        if (nb_search_prefix(bundle, text, (size_t)limit, matches, room, &found) != NB_OK)
            stop("%s", nb_last_error(bundle));
        if (found == 0) fprintf(out, "none");
        for (size_t i = 0; i < found; i++) fprintf(out, i ? " %u:%u" : "%u:%u", matches[i].place, (unsigned)matches[i].field);
        free(matches);
    } else if (strcmp(words[0], "snap") == 0 && count == 4) {
        long long level = number(words[1], 0xFFFFFFFEll);
        double latitude = 0, longitude = 0;
        if (level < 0 || !degrees(words[2], &latitude) || !degrees(words[3], &longitude))
            stop("cannot read query '%s'", query);
        uint32_t node;
        double metres;
        if (nb_snap(bundle, latitude, longitude, (uint32_t)level, &node, &metres) != NB_OK)
            stop("%s", nb_last_error(bundle));
        if (node == NB_NONE) fprintf(out, "none");
        else fprintf(out, "%u %.3f", node, metres);
    } else if (strcmp(words[0], "geofence") == 0 && count == 4) {
        geofence_answer(bundle, words + 1, query, out);
    } else if (strcmp(words[0], "geofence-track") == 0 && count >= 2) {
        geofence_track_answer(bundle, query, out);
    } else if (strcmp(words[0], "snap-profile") == 0 && count == 5) {
        uint32_t index = profile(bundle, words[1]);
        long long level = number(words[2], 0xFFFFFFFEll);
        double latitude = 0, longitude = 0;
        if (level < 0 || !degrees(words[3], &latitude) || !degrees(words[4], &longitude))
            stop("cannot read query '%s'", query);
        uint32_t node;
        double metres;
        int fallback;
        if (nb_snap_profile(bundle, index, latitude, longitude, (uint32_t)level, &node, &metres, &fallback) != NB_OK)
            stop("%s", nb_last_error(bundle));
        if (node == NB_NONE) fprintf(out, "none");
        else fprintf(out, fallback ? "%u %.3f fallback" : "%u %.3f", node, metres);
    } else if ((strcmp(words[0], "crowd") == 0 || strcmp(words[0], "crowd-conditions") == 0) && count == 2) {
        char *json = malloc(2 * strlen(words[1]) + 3);
        if (json == NULL) stop("%s", "out of memory");
        if (!counts_json(words[1], json)) stop("cannot read query '%s'", query);
        if (words[0][5] == 0) {
            crowd_answer(bundle, json, out);
        } else {
            char *text;
            size_t length;
            if (nb_crowd_conditions_json(bundle, json, strlen(json), &text, &length) != NB_OK) stop("%s", nb_last_error(bundle));
            fprintf(out, "%s", text);
            free(text);
        }
        free(json);
    } else if (strcmp(words[0], "route-crowd") == 0 && count == 5) {
        uint32_t index = profile(bundle, words[1]);
        long long source = number(words[2], 0xFFFFFFFEll), target = number(words[3], 0xFFFFFFFEll);
        char *json = malloc(2 * strlen(words[4]) + 3), *text;
        size_t length;
        if (json == NULL) stop("%s", "out of memory");
        if (source < 0 || target < 0 || !counts_json(words[4], json)) stop("cannot read query '%s'", query);
        if (nb_crowd_conditions_json(bundle, json, strlen(json), &text, &length) != NB_OK) stop("%s", nb_last_error(bundle));
        conditions_route(bundle, index, (uint32_t)source, (uint32_t)target, text, out);
        free(text), free(json);
    } else if (strcmp(words[0], "route-conditions") == 0 && count >= 5) {
        uint32_t index = profile(bundle, words[1]);
        long long source = number(words[2], 0xFFFFFFFEll), target = number(words[3], 0xFFFFFFFEll);
        if (source < 0 || target < 0) stop("cannot read query '%s'", query);
        /* The conditions are the rest of the line, spaces included. */
        conditions_route(bundle, index, (uint32_t)source, (uint32_t)target, query + (words[4] - copy), out);
    } else if (strcmp(words[0], "exit-conditions") == 0 && count >= 4) {
        uint32_t index = profile(bundle, words[1]);
        long long node = number(words[2], 0xFFFFFFFEll);
        if (node < 0) stop("cannot read query '%s'", query);
        conditions_exit(bundle, index, (uint32_t)node, query + (words[3] - copy), out);
    } else if (strcmp(words[0], "endpoint") == 0 && count >= 2) {
        endpoint(bundle, query + strlen("endpoint "), out);
    } else if (strcmp(words[0], "locate") == 0 && count >= 2) {
        locate(bundle, query + strlen("locate "), out);
    } else {
        stop("cannot read query '%s'", query);
    }
    free(copy);
}

/* The shared class of a refusal to open: the statuses nb_open returns for the file itself. */
static const char *refusal_class(nb_status status) {
    switch (status) {
    case NB_ERROR_FORMAT: return "format";
    case NB_ERROR_CHECKSUM: return "checksum";
    case NB_ERROR_IO: return "io";
    default: return NULL;
    }
}

static int check(const char *path) {
    char message[1024];
    nb_bundle *bundle;
    nb_status status = nb_open(path, 1, &bundle, message, sizeof message);
    if (status == NB_OK) {
        nb_close(bundle);
        printf("ok\n");
        return 0;
    }
    const char *refusal = refusal_class(status);
    fprintf(stderr, "answer: %s\n", message);
    if (refusal == NULL) return 1;
    printf("refused %s\n", refusal);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "--check") == 0) {
        for (int i = 2; i < argc; i++)
            if (check(argv[i]) != 0) return 1;
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: answer BUNDLE QUERIES | answer --check BUNDLE...\n");
        return 2;
    }
    queries_path = argv[2];
    char message[1024];
    nb_bundle *bundle;
    if (nb_open(argv[1], 1, &bundle, message, sizeof message) != NB_OK) {
        fprintf(stderr, "answer: %s\n", message);
        return 1;
    }
    FILE *file = fopen(queries_path, "rb");
    if (file == NULL) {
        fprintf(stderr, "answer: %s: %s\n", queries_path, strerror(errno));
        nb_close(bundle);
        return 1;
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, file)) >= 0) {
        line_number++;
        if (length > 0 && line[length - 1] == '\n') line[--length] = 0;
        if (length > 0 && line[length - 1] == '\r') line[--length] = 0;
        if (length == 0 || line[0] == '#') continue;
        /* The API takes text up to a NUL, so a NUL inside the line would silently cut the query. */
        if (strlen(line) != (size_t)length) stop("%s", "the line holds a NUL byte");
        /* Built apart, so that a query that fails leaves no half line on standard output. */
        char *result = NULL;
        size_t result_size = 0;
        FILE *out = open_memstream(&result, &result_size);
        if (out == NULL) stop("%s", strerror(errno));
        answer(bundle, line, out);
        if (fclose(out) != 0) stop("%s", strerror(errno));
        printf("%s => %s\n", line, result);
        free(result);
    }
    int failed = ferror(file);
    free(line);
    fclose(file);
    nb_close(bundle);
    if (failed) {
        fprintf(stderr, "answer: %s: cannot read\n", queries_path);
        return 1;
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "answer: cannot write the answers\n");
        return 1;
    }
    return 0;
}
