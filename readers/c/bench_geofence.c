/*
 * bench_geofence BUNDLE [POSITIONS [ROUNDS [SEED]]]: times nb_geofence at POSITIONS positions
 * drawn by xorshift32 from SEED within about 10 m of the bundle's places (on each place's level),
 * against nb_snap at the same positions in the same run, a query every app already makes per
 * fix. Each position is timed alone ROUNDS times after a warm-up; its time is the median of its
 * rounds, and the figures are the median and the 90th percentile over the positions, in
 * microseconds, with the ratio of the medians and how many positions reached a place. Build it
 * optimised:
 *
 *   cc -std=c99 -O2 -o /tmp/bench_geofence readers/c/bench_geofence.c readers/c/navbundle.c -lm
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"
#include "bench_support.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_geofence BUNDLE [POSITIONS [ROUNDS [SEED]]]\n");
        return 2;
    }
    size_t positions = argc > 2 ? strtoul(argv[2], NULL, 10) : 1000;
    int rounds = argc > 3 ? atoi(argv[3]) : 7;
    uint32_t state = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 10) : 20261130u;
    if (positions == 0 || rounds < 1 || state == 0) {
        fprintf(stderr, "bench_geofence: POSITIONS, ROUNDS and SEED must be positive\n");
        return 2;
    }
    nb_bundle *b;
    char message[512];
    if (nb_open(argv[1], 0, &b, message, sizeof message) != NB_OK) {
        fprintf(stderr, "bench_geofence: %s\n", message);
        return 1;
    }
    /* The places with a position on a level, around which positions are drawn. */
    uint32_t places = nb_place_count(b), located = 0, *chosen = malloc(sizeof(uint32_t) * (places + 1));
    for (uint32_t p = 0; p < places; p++) {
        nb_place info;
        if (nb_place_info(b, p, &info) == NB_OK && info.positioned && info.level != NB_NONE) chosen[located++] = p;
    }
    if (located == 0) {
        fprintf(stderr, "bench_geofence: no place has a position on a level\n");
        return 1;
    }
    double *fence_times = malloc(sizeof(double) * positions), *snap_times = malloc(sizeof(double) * positions);
    double *samples = malloc(sizeof(double) * (size_t)rounds);
    size_t reached = 0, hits_total = 0;
    for (size_t i = 0; i < positions; i++) {
        nb_place info;
        nb_place_info(b, chosen[xorshift32(&state) % located], &info);
        /* Within about ±10 m: 900 units of 1e-7 degree of latitude, 1,300 of longitude. */
        double latitude = (info.latitude + (int32_t)(xorshift32(&state) % 1801) - 900) / 1e7;
        double longitude = (info.longitude + (int32_t)(xorshift32(&state) % 2601) - 1300) / 1e7;
        uint32_t level = info.level;
        size_t count = 0;
        for (int r = 0; r <= rounds; r++) {
            nb_geofence_hit *hits;
            double start = now_us();
            nb_status status = nb_geofence(b, latitude, longitude, &level, 1, &hits, &count);
            double took = now_us() - start;
            free(hits);
            if (status != NB_OK) {
                fprintf(stderr, "bench_geofence: %s\n", nb_last_error(b));
                return 1;
            }
            if (r > 0) samples[r - 1] = took;
        }
        fence_times[i] = median(samples, (size_t)rounds);
        reached += count > 0, hits_total += count;
        for (int r = 0; r <= rounds; r++) {
            uint32_t node;
            double metres, start = now_us();
            nb_status status = nb_snap(b, latitude, longitude, level, &node, &metres);
            double took = now_us() - start;
            if (status != NB_OK) {
                fprintf(stderr, "bench_geofence: %s\n", nb_last_error(b));
                return 1;
            }
            if (r > 0) samples[r - 1] = took;
        }
        snap_times[i] = median(samples, (size_t)rounds);
    }
    size_t p90 = positions * 9 / 10 < positions ? positions * 9 / 10 : positions - 1;
    double fence_median = median(fence_times, positions), snap_median = median(snap_times, positions);
    printf("positions-reaching-a-place %zu of-%zu\n", reached, positions);
    printf("places-per-position %.2f mean\n", (double)hits_total / (double)positions);
    printf("geofence-median %.2f us\n", fence_median);
    printf("geofence-p90 %.2f us\n", fence_times[p90]);
    printf("snap-median %.2f us\n", snap_median);
    printf("snap-p90 %.2f us\n", snap_times[p90]);
    printf("geofence/snap %.2f x\n", fence_median / snap_median);
    nb_close(b);
    free(chosen), free(fence_times), free(snap_times), free(samples);
    return 0;
}
