/*
 * bench_route BUNDLE [PAIRS [ROUNDS [SEED [PROFILE|- [SCANS]]]]]: times the C reader as readers/js/bench.mjs
 * times the JavaScript one, so that scripts/benchmark-readers.sh can set them side by side:
 * opening with every checksum verified and without, and routes (nb_route_path: the reference
 * query, the path unpacked to its nodes and arcs) between PAIRS node pairs drawn by xorshift32
 * from SEED, the generator bench.mjs uses; on a customisable hierarchy also a whole customisation
 * of the profile (`customise`, the median of ROUNDS). Each figure is the median of ROUNDS rounds; a route
 * round is the mean over all pairs, after a first round that customises the profile's metric (or
 * checks its hierarchy), and, for a bundle with a radio map and a query file SCANS, nb_locate on
 * each of its valid `locate` lines; then, for a bundle with GARC, nb_route_maneuvers on the same
 * routes (found beforehand), the mean per route and its ratio to `route`, the median over the
 * pairs that have a route (`maneuvers-median-route`, each call timed alone), and once more each
 * route's maneuvers right after that route, the route and the maneuvers timed apart in the same
 * loop (`route-then-maneuvers`, `maneuvers-after-route` and their ratio): the first finds the
 * arcs in no cache, the second as an app meets them. Prints one `name value unit` line per figure
 * and the sums of the route durations and maneuver counts. Build it optimised:
 *
 *   cc -std=c99 -O2 -o /tmp/bench_route readers/c/bench_route.c readers/c/navbundle.c -lm
 *
 * With -DBENCH_CPU_TIME it times by the process's CPU clock instead (bench_support.h), for cores
 * shared with other work.
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"
#include "bench_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) { return now_us() / 1e3; }

/* The scan of a `locate` line's text (`ID:RSSI` pairs joined by commas), as the vectors write it;
 * 0 when the text is no scan. The readings point into `text`, which this cuts in place. */
static size_t scan_of(char *text, nb_scan_reading *readings, size_t capacity) {
    size_t count = 0;
    for (char *pair = text; pair != NULL;) {
        if (count == capacity) return 0; /* more readings than any phone reports: not timed */
        char *comma = strchr(pair, ',');
        if (comma) *comma = '\0';
        char *colon = strrchr(pair, ':');
        if (colon == NULL || colon == pair) return 0;
        *colon = '\0';
        const char *number = colon + 1;
        const char *digit = number + (*number == '-');
        size_t whole = strspn(digit, "0123456789");
        if (whole == 0) return 0;
        if (digit[whole] == '.' && strspn(digit + whole + 1, "0123456789") > 0) whole += 1 + strspn(digit + whole + 1, "0123456789");
        if (digit[whole] != '\0') return 0;
        readings[count].id = pair;
        readings[count].rssi = strtod(number, NULL);
        count++;
        pair = comma ? comma + 1 : NULL;
    }
    return count;
}

/* Times nb_locate on every valid `locate` line of the query file at `path`, as readers/js/bench.mjs
 * does: ROUNDS rounds after a warm-up, the median of the mean time per scan. */
static int time_locate(const nb_bundle *bundle, const char *path, int rounds) {
    FILE *file = fopen(path, "rb");
    if (!file) return perror(path), 1;
    enum { most_readings = 1024 };
    size_t scans = 0, capacity = 0;
    char **lines = NULL, line[65536];
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, "locate ", 7) != 0) continue;
        line[strcspn(line, "\r\n")] = '\0';
        if (scans == capacity) {
            capacity = capacity ? 2 * capacity : 256;
            char **grown = realloc(lines, capacity * sizeof *lines);
            if (!grown) return 1;
            lines = grown;
        }
        lines[scans] = malloc(strlen(line + 7) + 1);
        if (!lines[scans]) return 1;
        strcpy(lines[scans++], line + 7);
    }
    fclose(file);
    nb_scan_reading (*readings)[most_readings] = malloc(scans * sizeof *readings);
    size_t *counts = malloc(scans * sizeof *counts), valid = 0;
    double *per_scan = malloc(sizeof(double) * (size_t)rounds);
    if (!readings || !counts || !per_scan) return 1;
    for (size_t i = 0; i < scans; i++) {
        counts[valid] = scan_of(lines[i], readings[valid], most_readings);
        if (counts[valid] > 0) valid++;
    }
    char message[512];
    nb_fix fix;
    for (int round = 0; round <= rounds; round++) {
        double start = now_ms();
        for (size_t i = 0; i < valid; i++) {
            if (nb_locate(bundle, readings[i], counts[i], &fix, message, sizeof message) != NB_OK) {
                fprintf(stderr, "bench_route: %s\n", message);
                return 1;
            }
        }
        if (round > 0) per_scan[round - 1] = (now_ms() - start) * 1000 / (double)valid;
    }
    printf("locate %.3f us (%zu scans of %s)\n", median(per_scan, (size_t)rounds), valid, path);
    for (size_t i = 0; i < scans; i++) free(lines[i]);
    free(lines), free(readings), free(counts), free(per_scan);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_route BUNDLE [PAIRS [ROUNDS [SEED [PROFILE|- [SCANS]]]]]\n");
        return 2;
    }
    int pairs = argc > 2 ? atoi(argv[2]) : 2000, rounds = argc > 3 ? atoi(argv[3]) : 15;
    uint32_t state = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 10) : 20261125u;
    if (state == 0) state = 1;
    if (pairs < 1 || rounds < 1) {
        fprintf(stderr, "bench_route: PAIRS and ROUNDS must be positive\n");
        return 2;
    }
    char message[1024];
    double *times = malloc(sizeof(double) * (size_t)rounds);
    double *unverified = malloc(sizeof(double) * (size_t)rounds);
    uint32_t *sources = malloc(sizeof(uint32_t) * (size_t)pairs), *targets = malloc(sizeof(uint32_t) * (size_t)pairs);
    if (!times || !unverified || !sources || !targets) return 1;
    nb_bundle *bundle = NULL;
    for (int round = 0; round < rounds; round++) {
        for (int verify = 1; verify >= 0; verify--) {
            double start = now_ms();
            if (nb_open(argv[1], verify, &bundle, message, sizeof message) != NB_OK) {
                fprintf(stderr, "bench_route: %s\n", message);
                return 1;
            }
            (verify ? times : unverified)[round] = now_ms() - start;
            nb_close(bundle);
        }
    }
    printf("open-verified %.3f ms\n", median(times, (size_t)rounds));
    printf("open-unverified %.3f ms\n", median(unverified, (size_t)rounds));
    if (nb_open(argv[1], 1, &bundle, message, sizeof message) != NB_OK) {
        fprintf(stderr, "bench_route: %s\n", message);
        return 1;
    }
    nb_radio_map radio_map;
    if (argc > 6 && strcmp(argv[6], "-") != 0 && nb_radio_map_info(bundle, &radio_map, message, sizeof message) == NB_OK
        && time_locate(bundle, argv[6], rounds) != 0) return 1;
    uint32_t nodes = nb_node_count(bundle);
    if (nodes == 0) {
        /* A radio map alone (a survey compiled without a venue) has no graph to route on. */
        nb_close(bundle);
        free(times), free(unverified), free(sources), free(targets);
        return 0;
    }
    size_t length;
    int profile = argc > 5 && strcmp(argv[5], "-") != 0 ? nb_profile_index(bundle, argv[5]) : 0;
    if (profile < 0 || (uint32_t)profile >= nb_profile_count(bundle)) {
        fprintf(stderr, "bench_route: no such profile\n");
        return 1;
    }
    (void)nb_profile_name(bundle, (uint32_t)profile, &length);
    for (int i = 0; i < pairs; i++) {
        sources[i] = xorshift32(&state) % nodes;
        targets[i] = xorshift32(&state) % nodes;
    }
    nb_path path = {0};
    double start = now_ms();
    if (nb_route_path(bundle, (uint32_t)profile, sources[0], targets[0], &path) != NB_OK) {
        fprintf(stderr, "bench_route: %s\n", nb_last_error(bundle));
        return 1;
    }
    printf("first-route %.3f ms\n", now_ms() - start);
    nb_path_free(&path);
    if (nb_has_section(bundle, "CCHT")) {
        /* A whole customisation of the profile's PROF costs, as conditions that change many arcs
         * ask for; the first route has checked the hierarchy and keeps its own metric. */
        for (int round = 0; round < rounds; round++) {
            nb_metric *metric = NULL;
            start = now_ms();
            if (nb_customise(bundle, (uint32_t)profile, NULL, 0, &metric) != NB_OK) {
                fprintf(stderr, "bench_route: %s\n", nb_last_error(bundle));
                return 1;
            }
            times[round] = now_ms() - start;
            nb_metric_free(metric);
        }
        printf("customise %.3f ms\n", median(times, (size_t)rounds));
    }
    unsigned long long total = 0;
    for (int round = 0; round <= rounds; round++) {
        unsigned long long sum = 0;
        start = now_ms();
        for (int i = 0; i < pairs; i++) {
            if (nb_route_path(bundle, (uint32_t)profile, sources[i], targets[i], &path) != NB_OK) {
                fprintf(stderr, "bench_route: %s\n", nb_last_error(bundle));
                return 1;
            }
            if (path.nodes != NULL) sum += path.duration;
            nb_path_free(&path);
        }
        if (round > 0) times[round - 1] = (now_ms() - start) * 1000 / pairs;
        total = sum;
    }
    double route = median(times, (size_t)rounds);
    printf("route %.3f us\n", route);
    printf("route-duration-sum %llu\n", total);
    /* The maneuvers of the same routes (docs/guidance.md), found once: what guidance adds to a route. */
    nb_path *paths = calloc((size_t)pairs, sizeof *paths);
    if (paths == NULL) return 1;
    for (int i = 0; i < pairs; i++)
        if (nb_route_path(bundle, (uint32_t)profile, sources[i], targets[i], &paths[i]) != NB_OK) return 1;
    if (nb_has_section(bundle, "GARC")) {
        unsigned long long maneuvers = 0;
        for (int round = 0; round <= rounds; round++) {
            unsigned long long made = 0;
            start = now_ms();
            for (int i = 0; i < pairs; i++) {
                nb_maneuver *list = NULL;
                size_t count = 0;
                if (nb_route_maneuvers(bundle, (uint32_t)profile, &paths[i], NULL, &list, &count) != NB_OK) {
                    fprintf(stderr, "bench_route: %s\n", nb_last_error(bundle));
                    return 1;
                }
                made += count;
                free(list);
            }
            if (round > 0) times[round - 1] = (now_ms() - start) * 1000 / pairs;
            maneuvers = made;
        }
        double alone = median(times, (size_t)rounds);
        printf("maneuvers %.3f us\n", alone);
        /* Each call timed alone, in rounds of their own, for the median route (of the pairs that
         * have a route): the clock's reads stay out of the figure above. */
        double *each = malloc(sizeof(double) * (size_t)pairs), *medians = malloc(sizeof(double) * (size_t)rounds);
        if (each == NULL || medians == NULL) return 1;
        for (int round = 0; round <= rounds; round++) {
            size_t routed = 0;
            for (int i = 0; i < pairs; i++) {
                nb_maneuver *list = NULL;
                size_t count = 0;
                double t0 = now_us();
                if (nb_route_maneuvers(bundle, (uint32_t)profile, &paths[i], NULL, &list, &count) != NB_OK) return 1;
                if (paths[i].arc_count > 0) each[routed++] = now_us() - t0;
                free(list);
            }
            if (round > 0) medians[round - 1] = routed > 0 ? median(each, routed) : 0;
        }
        printf("maneuvers-median-route %.3f us\n", median(medians, (size_t)rounds));
        free(each), free(medians);
        printf("maneuvers-count-sum %llu\n", maneuvers);
        printf("maneuvers/route %.3f\n", route > 0 ? alone / route : 0);
        /* As an app asks for them: each route's maneuvers right after the route, on its fresh
         * path, the two timed apart in the same loop. */
        double *routed = malloc(sizeof(double) * (size_t)rounds);
        if (routed == NULL) return 1;
        for (int round = 0; round <= rounds; round++) {
            double route_us = 0, maneuvers_us = 0;
            for (int i = 0; i < pairs; i++) {
                double t0 = now_us();
                if (nb_route_path(bundle, (uint32_t)profile, sources[i], targets[i], &path) != NB_OK) return 1;
                double t1 = now_us();
                nb_maneuver *list = NULL;
                size_t count = 0;
                if (nb_route_maneuvers(bundle, (uint32_t)profile, &path, NULL, &list, &count) != NB_OK) {
                    fprintf(stderr, "bench_route: %s\n", nb_last_error(bundle));
                    return 1;
                }
                route_us += t1 - t0, maneuvers_us += now_us() - t1;
                free(list);
                nb_path_free(&path);
            }
            if (round > 0) routed[round - 1] = route_us / pairs, times[round - 1] = maneuvers_us / pairs;
        }
        double route_then = median(routed, (size_t)rounds), maneuvers_then = median(times, (size_t)rounds);
        printf("route-then-maneuvers %.3f us\n", route_then);
        printf("maneuvers-after-route %.3f us\n", maneuvers_then);
        printf("maneuvers-after-route/route %.3f\n", route_then > 0 ? maneuvers_then / route_then : 0);
        free(routed);
    }
    for (int i = 0; i < pairs; i++) nb_path_free(&paths[i]);
    free(paths);
    nb_close(bundle);
    free(times), free(unverified), free(sources), free(targets);
    return 0;
}
