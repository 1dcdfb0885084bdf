/*
 * What the C reader's benchmarks (bench_route.c, bench_locate.c, bench_conditions.c,
 * bench_nearest.c, bench_geofence.c, bench_tour.c, bench_crowd.c) share: a monotonic clock, the
 * sorting of their samples and their random numbers. Each benchmark is one program; this header
 * holds static inline functions only, so it needs no file of its own to link.
 */
#ifndef NAVBUNDLE_BENCH_SUPPORT_H
#define NAVBUNDLE_BENCH_SUPPORT_H

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* Microseconds on the monotonic clock (needs _POSIX_C_SOURCE 200809L before the first include), or,
 * built with -DBENCH_CPU_TIME, on the process's CPU clock: on cores shared with other work, wall
 * time also counts the time the others hold the core. */
static inline double now_us(void) {
    struct timespec t;
#ifdef BENCH_CPU_TIME
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
#else
    clock_gettime(CLOCK_MONOTONIC, &t);
#endif
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* xorshift32, as readers/js/bench.mjs has it, so that every benchmark draws the same numbers
 * from a seed; `*state` must not be 0. */
static inline uint32_t xorshift32(uint32_t *state) {
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* qsort's order of doubles, ascending. */
static inline int ascending(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* The median of `count` samples, which it sorts in place. */
static inline double median(double *values, size_t count) {
    qsort(values, count, sizeof(double), ascending);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

#endif
