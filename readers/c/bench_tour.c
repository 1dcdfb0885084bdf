/*
 * bench_tour BUNDLE [ORIGINS [ROUNDS [SEED [PROFILE]]]]: times following a tour in the C core
 * (nb_route_tour) from ORIGINS nodes drawn by xorshift32 from SEED, each onto a tour the profile
 * (foot by default) can follow whole, taken in turn: joined at its start and where it is nearest,
 * against the plain route to its start (nb_route_path) in the same run, which is what joining at
 * the start adds the tour's arcs to. Each origin is timed alone, each way, ROUNDS times after a
 * warm-up; its time is the median of its rounds, and the figures are the median and the 90th
 * percentile over the origins (`start-median`, `nearest-median`, `route-median`, ..., in
 * microseconds) and the ratios of the medians to the plain route's. The way onto the tour at its
 * start must be the plain route, and the nearest join no slower, or it fails. Build it optimised:
 *
 *   cc -std=c99 -O2 -o /tmp/bench_tour readers/c/bench_tour.c readers/c/navbundle.c -lm
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"
#include "bench_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(nb_bundle *b) {
    fprintf(stderr, "bench_tour: %s\n", nb_last_error(b));
    exit(1);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_tour BUNDLE [ORIGINS [ROUNDS [SEED [PROFILE]]]]\n");
        return 2;
    }
    size_t origins = argc > 2 ? strtoul(argv[2], NULL, 10) : 200;
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    uint32_t seed = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 10) : 20261201u;
    const char *profile_name = argc > 5 ? argv[5] : "foot";
    if (origins == 0 || rounds < 1 || seed == 0) {
        fprintf(stderr, "bench_tour: ORIGINS, ROUNDS and SEED must be positive\n");
        return 2;
    }
    nb_bundle *b;
    char message[512];
    if (nb_open(argv[1], 0, &b, message, sizeof message) != NB_OK) {
        fprintf(stderr, "bench_tour: %s\n", message);
        return 1;
    }
    int profile = nb_profile_index(b, profile_name);
    if (profile < 0) {
        fprintf(stderr, "bench_tour: no profile %s\n", profile_name);
        return 1;
    }
    uint32_t count;
    if (nb_tour_count(b, &count) != NB_OK) fail(b);
    /* The tours the profile can follow whole, and their starts. */
    uint32_t *tours = malloc(sizeof *tours * (count ? count : 1)), *starts = malloc(sizeof *starts * (count ? count : 1));
    size_t usable = 0, arcs = 0;
    for (uint32_t t = 0; t < count; t++) {
        uint64_t duration;
        nb_tour tour;
        if (nb_tour_duration(b, (uint32_t)profile, t, &duration) != NB_OK || nb_tour_info(b, t, &tour) != NB_OK) fail(b);
        if (duration == UINT64_MAX) continue;
        tours[usable] = t, starts[usable++] = tour.start;
        arcs += tour.arc_count;
    }
    if (usable == 0) {
        fprintf(stderr, "bench_tour: no tour that %s can follow whole\n", profile_name);
        return 1;
    }
    printf("%u tours, %zu %s can follow whole (%.0f arcs on average)\n", count, usable, profile_name, (double)arcs / usable);
    double *start_times = malloc(sizeof(double) * origins), *nearest_times = malloc(sizeof(double) * origins);
    double *route_times = malloc(sizeof(double) * origins), *samples = malloc(sizeof(double) * (size_t)rounds);
    uint32_t state = seed;
    size_t timed = 0;
    for (size_t i = 0; i < origins; i++) {
        uint32_t origin = xorshift32(&state) % nb_node_count(b);
        size_t which = i % usable;
        nb_path path, route;
        size_t legs[2];
        uint64_t durations[2];
        /* A warm-up, and the answers checked once. */
        if (nb_route_path(b, (uint32_t)profile, origin, starts[which], &route) != NB_OK) fail(b);
        if (route.nodes == NULL) {
            nb_path_free(&route);
            continue;
        }
        if (nb_route_tour(b, (uint32_t)profile, tours[which], origin, NB_JOIN_START, &path, legs, durations) != NB_OK) fail(b);
        if (path.nodes == NULL || durations[0] != route.duration || legs[1] + 1 != route.node_count) {
            fprintf(stderr, "bench_tour: from %u, the way onto tour %u is not the route to its start\n", origin, tours[which]);
            return 1;
        }
        uint64_t to_start = durations[0];
        nb_path_free(&path), nb_path_free(&route);
        if (nb_route_tour(b, (uint32_t)profile, tours[which], origin, NB_JOIN_NEAREST, &path, legs, durations) != NB_OK) fail(b);
        if (path.nodes == NULL || durations[0] > to_start) {
            fprintf(stderr, "bench_tour: from %u, the nearest join of tour %u is slower than its start\n", origin, tours[which]);
            return 1;
        }
        nb_path_free(&path);
        struct { double *out; int kind; } ways[3] = {{start_times, 0}, {nearest_times, 1}, {route_times, 2}};
        for (int w = 0; w < 3; w++) {
            for (int r = 0; r < rounds; r++) {
                double begin = now_us();
                nb_status status = ways[w].kind == 2
                                       ? nb_route_path(b, (uint32_t)profile, origin, starts[which], &path)
                                       : nb_route_tour(b, (uint32_t)profile, tours[which], origin,
                                                       ways[w].kind ? NB_JOIN_NEAREST : NB_JOIN_START, &path, legs, durations);
                samples[r] = now_us() - begin;
                if (status != NB_OK) fail(b);
                nb_path_free(&path);
            }
            ways[w].out[timed] = median(samples, (size_t)rounds);
        }
        timed++;
    }
    if (timed == 0) {
        fprintf(stderr, "bench_tour: no origin reaches a tour\n");
        return 1;
    }
    double start_median = median(start_times, timed), start_p90 = start_times[timed * 9 / 10];
    double nearest_median = median(nearest_times, timed), nearest_p90 = nearest_times[timed * 9 / 10];
    double route_median = median(route_times, timed), route_p90 = route_times[timed * 9 / 10];
    printf("origins %zu (of %zu drawn)\n", timed, origins);
    printf("start-median %.2f us, start-p90 %.2f us\n", start_median, start_p90);
    printf("nearest-median %.2f us, nearest-p90 %.2f us\n", nearest_median, nearest_p90);
    printf("route-median %.2f us, route-p90 %.2f us\n", route_median, route_p90);
    printf("start/route %.2fx, nearest/route %.2fx\n", start_median / route_median, nearest_median / route_median);
    nb_close(b);
    free(tours), free(starts), free(start_times), free(nearest_times), free(route_times), free(samples);
    return 0;
}
