/*
 * bench_crowd BUNDLE [ROUNDS [SEED [PROFILE]]]: times a live crowd update in the C core, from
 * counts for every access point of CRWD (random people from 0 to 2000 each, drawn by xorshift32
 * from SEED) to a route around the crowd: the densities (nb_crowd), the conditions text
 * (nb_crowd_conditions_json), resolving and applying it to the profile (foot by default;
 * nb_conditions_apply, which customises the hierarchy), and a route on the result
 * (nb_route_metric) beside the plain route (nb_route_path) between the same random nodes. Each
 * step is timed ROUNDS times with new counts; the figures are medians in microseconds. Build it
 * optimised:
 *
 *   cc -std=c99 -O2 -o /tmp/bench_crowd readers/c/bench_crowd.c readers/c/navbundle.c -lm
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"
#include "bench_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(nb_bundle *b) {
    fprintf(stderr, "bench_crowd: %s\n", nb_last_error(b));
    exit(1);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_crowd BUNDLE [ROUNDS [SEED [PROFILE]]]\n");
        return 2;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 50;
    uint32_t state = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 20261202u;
    const char *profile_name = argc > 4 ? argv[4] : "foot";
    if (rounds < 1 || state == 0) {
        fprintf(stderr, "bench_crowd: ROUNDS and SEED must be positive\n");
        return 2;
    }
    nb_bundle *b;
    char message[512];
    if (nb_open(argv[1], 0, &b, message, sizeof message) != NB_OK) {
        fprintf(stderr, "bench_crowd: %s\n", message);
        return 1;
    }
    int profile = nb_profile_index(b, profile_name);
    if (profile < 0) {
        fprintf(stderr, "bench_crowd: no profile %s\n", profile_name);
        return 1;
    }
    /* The access points, from a crowd of nobody. */
    nb_crowd_area *areas;
    size_t area_count;
    if (nb_crowd(b, "{}", 2, &areas, &area_count) != NB_OK) fail(b);
    char (*keys)[64] = malloc(sizeof *keys * area_count);
    size_t key_count = 0;
    for (size_t i = 0; i < area_count; i++) {
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)areas[i].access_point.length, areas[i].access_point.text);
        int seen = 0;
        for (size_t k = 0; k < key_count && !seen; k++) seen = strcmp(keys[k], key) == 0;
        if (!seen) strcpy(keys[key_count++], key);
    }
    free(areas);
    printf("%zu areas served by %zu access points\n", area_count, key_count);
    double *crowd = malloc(sizeof(double) * rounds), *text = malloc(sizeof(double) * rounds);
    double *apply = malloc(sizeof(double) * rounds), *routed = malloc(sizeof(double) * rounds);
    double *plain = malloc(sizeof(double) * rounds);
    char *counts = malloc(key_count * 80 + 3);
    for (int r = 0; r < rounds; r++) {
        char *at = counts;
        at += sprintf(at, "{");
        for (size_t k = 0; k < key_count; k++) at += sprintf(at, "%s\"%s\":%u", k ? "," : "", keys[k], xorshift32(&state) % 2001);
        sprintf(at, "}");
        size_t length = strlen(counts);
        double begin = now_us();
        if (nb_crowd(b, counts, length, &areas, &area_count) != NB_OK) fail(b);
        crowd[r] = now_us() - begin;
        free(areas);
        char *json;
        size_t json_length;
        begin = now_us();
        if (nb_crowd_conditions_json(b, counts, length, &json, &json_length) != NB_OK) fail(b);
        text[r] = now_us() - begin;
        nb_metric *metric = NULL;
        nb_conditions_error error;
        begin = now_us();
        nb_status status = nb_conditions_apply(b, (uint32_t)profile, json, json_length, &metric, &error);
        apply[r] = now_us() - begin;
        if (status != NB_OK) fail(b);
        free(json);
        uint32_t from = xorshift32(&state) % nb_node_count(b), to = xorshift32(&state) % nb_node_count(b);
        nb_path path;
        begin = now_us();
        if (nb_route_metric(b, metric, from, to, &path) != NB_OK) fail(b);
        routed[r] = now_us() - begin;
        nb_path_free(&path);
        begin = now_us();
        if (nb_route_path(b, (uint32_t)profile, from, to, &path) != NB_OK) fail(b);
        plain[r] = now_us() - begin;
        nb_path_free(&path);
        nb_metric_free(metric);
    }
    double c = median(crowd, (size_t)rounds), t = median(text, (size_t)rounds), a = median(apply, (size_t)rounds);
    double m = median(routed, (size_t)rounds), p = median(plain, (size_t)rounds);
    printf("crowd-median %.2f us, conditions-text-median %.2f us, apply-median %.2f us\n", c, t, a);
    printf("route-under-crowd-median %.2f us, plain-route-median %.2f us\n", m, p);
    printf("a whole update (crowd, text, apply) %.2f us; route under it / plain route %.2fx\n", c + t + a, m / p);
    nb_close(b);
    free(keys), free(crowd), free(text), free(apply), free(routed), free(plain), free(counts);
    return 0;
}
