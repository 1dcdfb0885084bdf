/*
 * bench_conditions BUNDLE [PROFILE [REPETITIONS]]: times nb_conditions_apply (parse, resolve,
 * change the costs, bring the profile's metric up to date) on a realistic mix of conditions, and
 * nb_exit_conditions (parse, resolve, the costs of leaving changed, the way out searched) from
 * the node farthest from an exit, and prints the median and other quantiles in microseconds.
 * Meant for the TU Dresden bundle (its
 * lifts Aufzug1 and Aufzug2, rooms E005, 3078, E100, 2026, 1004, a polygon in the foyer); any
 * bundle with a customisable hierarchy and those names will do. Build it optimised:
 *
 *   cc -std=c99 -O2 -o /tmp/bench_conditions readers/c/bench_conditions.c readers/c/navbundle.c -lm
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"
#include "bench_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Applies `json` `repetitions` times (or, when `exit_from` is not NB_NONE, searches the way out
 * from that node under it) and prints its quantiles; 1 when it cannot be applied. */
static int measure(nb_bundle *bundle, uint32_t profile, uint32_t exit_from, const char *label, const char *json,
                   int repetitions) {
    double *times = malloc(sizeof(double) * (size_t)repetitions);
    if (!times) return 1;
    for (int i = 0; i < repetitions; i++) {
        nb_metric *metric = NULL;
        nb_path path = {0};
        nb_conditions_error error;
        double start = now_us();
        nb_status status = exit_from == NB_NONE
                               ? nb_conditions_apply(bundle, profile, json, strlen(json), &metric, &error)
                               : nb_exit_conditions(bundle, profile, exit_from, json, strlen(json), &path, &error);
        times[i] = now_us() - start;
        if (status != NB_OK) {
            fprintf(stderr, "bench_conditions: %s: %s\n", label, error.message ? error.message : nb_last_error(bundle));
            nb_conditions_error_free(&error);
            nb_path_free(&path);
            free(times);
            return 1;
        }
        nb_conditions_error_free(&error);
        nb_metric_free(metric);
        nb_path_free(&path);
    }
    qsort(times, (size_t)repetitions, sizeof(double), ascending);
    printf("%-36s median %7.1f us   p10 %7.1f   p90 %7.1f   max %8.1f   (%d runs)\n", label, times[repetitions / 2],
           times[repetitions / 10], times[repetitions * 9 / 10], times[repetitions - 1], repetitions);
    free(times);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: bench_conditions BUNDLE [PROFILE [REPETITIONS]]\n");
        return 2;
    }
    const char *profile_name = argc > 2 ? argv[2] : "wheelchair";
    int repetitions = argc > 3 ? atoi(argv[3]) : 2000;
    if (repetitions < 10) repetitions = 10;
    char message[1024];
    nb_bundle *bundle;
    if (nb_open(argv[1], 1, &bundle, message, sizeof message) != NB_OK) {
        fprintf(stderr, "bench_conditions: %s\n", message);
        return 1;
    }
    int profile = nb_profile_index(bundle, profile_name);
    if (profile < 0) {
        fprintf(stderr, "bench_conditions: no profile %s\n", profile_name);
        nb_close(bundle);
        return 1;
    }
    /* Ten conditions: two lifts closed, five rooms and a polygon in the foyer slowed, a room
     * closed, a room slowed twice over. */
    static const char mix[] =
        "{\"closed\": [\"Aufzug1\", \"Aufzug2\", {\"ref\": \"2026\"}], \"slow\": ["
        "{\"ref\": \"E005\", \"factor\": 2}, {\"ref\": \"3078\", \"factor\": 1.5}, {\"ref\": \"E100\", \"factor\": 3},"
        "{\"ref\": \"1004\", \"factor\": 2.5}, {\"ref\": \"E023\", \"factor\": 4}, {\"ref\": \"E100\", \"factor\": 5},"
        "{\"polygon\": [[51.02525, 13.72310], [51.02540, 13.72310], [51.02540, 13.72330], [51.02525, 13.72330]],"
        " \"level\": \"0\", \"factor\": 2}]}";
    double start = now_us();
    if (measure(bundle, (uint32_t)profile, NB_NONE, "first (builds indexes, metric)", mix, 10)) return nb_close(bundle), 1;
    printf("  the first call alone took %.1f us of those ten\n", now_us() - start);
    int failed = measure(bundle, (uint32_t)profile, NB_NONE, "mix of 10 conditions", mix, repetitions);
    /* Fewer arcs (no foyer): updated in place rather than customised in full. */
    failed |= measure(bundle, (uint32_t)profile, NB_NONE, "2 lifts, 3 rooms, a small polygon",
                      "{\"closed\": [\"Aufzug1\", \"Aufzug2\"], \"slow\": [{\"ref\": \"E005\", \"factor\": 2}, "
                      "{\"ref\": \"3078\", \"factor\": 1.5}, {\"ref\": \"1004\", \"factor\": 2.5}, {\"polygon\": "
                      "[[51.02530, 13.72315], [51.02535, 13.72315], [51.02535, 13.72322], [51.02530, 13.72322]], "
                      "\"level\": \"0\", \"factor\": 2}]}",
                      repetitions);
    failed |= measure(bundle, (uint32_t)profile, NB_NONE, "two lifts closed", "{\"closed\": [\"Aufzug1\", \"Aufzug2\"]}", repetitions);
    failed |= measure(bundle, (uint32_t)profile, NB_NONE, "nothing (copy of the metric)", "{}", repetitions);
    failed |= measure(bundle, (uint32_t)profile, NB_NONE, "a level closed (full customisation)", "{\"closed\": [{\"level\": \"1\"}]}",
                      repetitions / 10);
    /* The way out from the node the egress table puts farthest from an exit. */
    uint32_t farthest = NB_NONE, longest = 0;
    for (uint32_t node = 0; node < nb_node_count(bundle); node++) {
        uint32_t exit, cost, *nodes;
        size_t count;
        if (nb_nearest_exit(bundle, (uint32_t)profile, node, &exit, &cost, &nodes, &count) != NB_OK) break;
        if (exit != NB_NONE && (farthest == NB_NONE || cost > longest)) farthest = node, longest = cost;
        free(nodes);
    }
    if (farthest == NB_NONE) {
        fprintf(stderr, "bench_conditions: no way out to time: %s\n", nb_last_error(bundle));
        nb_close(bundle);
        return 1;
    }
    printf("ways out from node %u (%u ms from its exit without conditions):\n", farthest, longest);
    failed |= measure(bundle, (uint32_t)profile, farthest, "way out, mix of 10 conditions", mix, repetitions);
    failed |= measure(bundle, (uint32_t)profile, farthest, "way out, two lifts closed", "{\"closed\": [\"Aufzug1\", \"Aufzug2\"]}",
                      repetitions);
    failed |= measure(bundle, (uint32_t)profile, farthest, "way out, nothing", "{}", repetitions);
    nb_close(bundle);
    return failed;
}
