/*
 * bench_nearest BUNDLE [ORIGINS [ROUNDS [SEED [PROFILE [CATEGORY [LIMIT]]]]]]: times nb_nearest, the
 * LIMIT places of CATEGORY nearest by PROFILE (wheelchair, toilet and 3 by default) from ORIGINS
 * nodes drawn by xorshift32 from SEED, against what an app would do without it in the same run:
 * a route (nb_route_path) to every place of the category, ranked. Each origin is timed alone,
 * each way, ROUNDS times after a warm-up; its time is the median of its rounds, and the figures
 * are the median and the 90th percentile over the origins (`nearest-median`, `nearest-p90`,
 * `all-routes-median`, `all-routes-p90`, in microseconds) and the ratio of the medians. Both ways
 * must find the same places in the same times, or it fails. Build it optimised:
 *
 *   cc -std=c99 -O2 -o /tmp/bench_nearest readers/c/bench_nearest.c readers/c/navbundle.c -lm
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"
#include "bench_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t duration;
    uint32_t node, place;
} ranked;

static int by_rank(const void *x, const void *y) {
    const ranked *a = x, *b = y;
    if (a->duration != b->duration) return a->duration < b->duration ? -1 : 1;
    if (a->node != b->node) return a->node < b->node ? -1 : 1;
    return a->place < b->place ? -1 : a->place > b->place;
}

/* The places of the category and their nodes, found once: what the app would search. */
typedef struct {
    uint32_t *places, *nodes;
    size_t count;
} candidates;

/* The brute force: a route to every candidate, ranked; returns how many were reached. */
static size_t route_to_each(nb_bundle *b, uint32_t profile, uint32_t origin, const candidates *c, ranked *out) {
    size_t reached = 0;
    for (size_t i = 0; i < c->count; i++) {
        nb_path path;
        if (nb_route_path(b, profile, origin, c->nodes[i], &path) != NB_OK) {
            fprintf(stderr, "bench_nearest: %s\n", nb_last_error(b));
            exit(1);
        }
        if (path.nodes) out[reached++] = (ranked){path.duration, c->nodes[i], c->places[i]};
        nb_path_free(&path);
    }
    qsort(out, reached, sizeof *out, by_rank);
    return reached;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_nearest BUNDLE [ORIGINS [ROUNDS [SEED [PROFILE [CATEGORY [LIMIT]]]]]]\n");
        return 2;
    }
    size_t origins = argc > 2 ? strtoul(argv[2], NULL, 10) : 200;
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    uint32_t seed = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 10) : 20261130u;
    const char *profile_name = argc > 5 ? argv[5] : "wheelchair", *category = argc > 6 ? argv[6] : "toilet";
    size_t limit = argc > 7 ? strtoul(argv[7], NULL, 10) : 3;
    if (origins == 0 || rounds < 1 || limit == 0 || limit > 64) {
        fprintf(stderr, "bench_nearest: ORIGINS and ROUNDS must be positive, LIMIT from 1 to 64\n");
        return 2;
    }
    nb_bundle *b;
    char message[512];
    if (nb_open(argv[1], 0, &b, message, sizeof message) != NB_OK) {
        fprintf(stderr, "bench_nearest: %s\n", message);
        return 1;
    }
    int profile = nb_profile_index(b, profile_name);
    if (profile < 0) {
        fprintf(stderr, "bench_nearest: no profile %s\n", profile_name);
        return 1;
    }
    /* The candidates as the filter defines them: the places whose folded category starts with
     * the folded text. */
    nb_place_filter filter = {.category = category};
    uint32_t places = nb_place_count(b);
    candidates c = {malloc(sizeof(uint32_t) * (places + 1)), malloc(sizeof(uint32_t) * (places + 1)), 0};
    char *prefix, *folded;
    size_t prefix_length, folded_length;
    if (nb_fold(b, category, strlen(category), &prefix, &prefix_length) != NB_OK) {
        fprintf(stderr, "bench_nearest: %s\n", nb_last_error(b));
        return 1;
    }
    for (uint32_t p = 0; p < places; p++) {
        nb_place info;
        uint32_t node;
        if (nb_place_info(b, p, &info) != NB_OK || nb_place_node(b, (uint32_t)profile, p, &node) != NB_OK) {
            fprintf(stderr, "bench_nearest: %s\n", nb_last_error(b));
            return 1;
        }
        if (info.category.text == NULL || node == NB_NONE) continue;
        if (nb_fold(b, info.category.text, info.category.length, &folded, &folded_length) != NB_OK) return 1;
        if (folded_length >= prefix_length && memcmp(folded, prefix, prefix_length) == 0)
            c.places[c.count] = p, c.nodes[c.count++] = node;
        free(folded);
    }
    free(prefix);
    uint32_t state = seed ? seed : 1, *from = malloc(sizeof(uint32_t) * origins);
    for (size_t i = 0; i < origins; i++) from[i] = xorshift32(&state) % nb_node_count(b);
    double *near_times = malloc(sizeof(double) * origins), *all_times = malloc(sizeof(double) * origins);
    double *samples = malloc(sizeof(double) * (size_t)rounds);
    ranked *expected = malloc(sizeof *expected * (c.count + 1));
    nb_nearby results[64];
    size_t answered = 0;
    /* A warm-up: the profile's metric is customised by the first route, the sections checked. */
    nb_path warm;
    nb_route_path(b, (uint32_t)profile, from[0], from[0], &warm);
    nb_path_free(&warm);
    for (size_t o = 0; o < origins; o++) {
        nb_path paths[64];
        size_t count = 0;
        for (int r = 0; r <= rounds; r++) {
            double start = now_us();
            nb_status status = nb_nearest(b, (uint32_t)profile, from[o], &filter, limit, results, paths, &count);
            double took = now_us() - start;
            for (size_t i = 0; i < limit; i++) nb_path_free(&paths[i]);
            if (status != NB_OK) {
                fprintf(stderr, "bench_nearest: %s\n", nb_last_error(b));
                return 1;
            }
            if (r > 0) samples[r - 1] = took;
        }
        near_times[o] = median(samples, (size_t)rounds);
        size_t reached = 0;
        for (int r = 0; r <= rounds; r++) {
            double start = now_us();
            reached = route_to_each(b, (uint32_t)profile, from[o], &c, expected);
            double took = now_us() - start;
            if (r > 0) samples[r - 1] = took;
        }
        all_times[o] = median(samples, (size_t)rounds);
        size_t want = reached < limit ? reached : limit;
        int same = count == want;
        for (size_t i = 0; same && i < count; i++)
            same = results[i].place == expected[i].place && results[i].duration == expected[i].duration;
        if (!same) {
            fprintf(stderr, "bench_nearest: from node %u the search and the routes disagree\n", from[o]);
            return 1;
        }
        answered += count > 0;
    }
    double near_median = median(near_times, origins), near_p90 = near_times[(origins * 9) / 10 < origins ? (origins * 9) / 10 : origins - 1];
    double all_median = median(all_times, origins), all_p90 = all_times[(origins * 9) / 10 < origins ? (origins * 9) / 10 : origins - 1];
    printf("candidates %zu places\n", c.count);
    printf("origins-answered %zu of-%zu\n", answered, origins);
    printf("nearest-median %.1f us\n", near_median);
    printf("nearest-p90 %.1f us\n", near_p90);
    printf("all-routes-median %.1f us\n", all_median);
    printf("all-routes-p90 %.1f us\n", all_p90);
    printf("all-routes/nearest %.2f x\n", all_median / near_median);
    nb_close(b);
    free(c.places), free(c.nodes), free(from), free(near_times), free(all_times), free(samples), free(expected);
    return 0;
}
