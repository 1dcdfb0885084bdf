/*
 * bench_open BUNDLE [ROUNDS]: times opening BUNDLE with every checksum verified by each of the C
 * reader's SHA-256 paths in the same run: the CPU's instructions (SHA extensions on x86-64, the
 * cryptographic extension on ARMv8) where this build and CPU have them, and the portable code.
 * Rounds alternate between the paths so that both meet the same cache and clock; each figure is
 * the median of ROUNDS (default 21) after one unmeasured open that brings the file into the page
 * cache. Also times an open without checksums, which is what the checksums add to, and the
 * whole-file digest alone by each path (as MB/s). Durations are the process's CPU time, not the
 * wall clock: on a shared machine the wall clock mostly measures the other processes, and opening
 * never waits on anything once the file is in the page cache. Prints one `name value unit` line
 * per figure.
 * It includes the reader's source, as the tests do, to reach the switch that forces the portable
 * code (sha_portable_only). Build it optimised:
 *
 *   cc -std=c99 -O2 -o /tmp/bench_open readers/c/bench_open.c -lm
 */
#include "navbundle.c"
#include "bench_support.h" /* for median */

/* Microseconds of CPU time this process has used. */
static double cpu_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* Milliseconds to open `path` once, or a negative number (and a message) when it is refused. */
static double open_ms(const char *path, int verify, int portable) {
    char message[1024];
    nb_bundle *bundle = NULL;
    sha_portable_only = portable;
    double start = cpu_us();
    nb_status status = nb_open(path, verify, &bundle, message, sizeof message);
    double elapsed = (cpu_us() - start) / 1e3;
    sha_portable_only = 0;
    if (status != NB_OK) {
        fprintf(stderr, "bench_open: %s\n", message);
        return -1;
    }
    nb_close(bundle);
    return elapsed;
}

/* Milliseconds for the whole-file digest of the opened bundle by one path. */
static double digest_ms(const nb_bundle *bundle, int portable) {
    uint8_t digest[32];
    sha_portable_only = portable;
    double start = cpu_us();
    file_digest(bundle->data, bundle->size, digest);
    double elapsed = (cpu_us() - start) / 1e3;
    sha_portable_only = 0;
    return elapsed;
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: bench_open BUNDLE [ROUNDS]\n");
        return 2;
    }
    int rounds = argc == 3 ? atoi(argv[2]) : 21;
    if (rounds <= 0) {
        fprintf(stderr, "bench_open: ROUNDS must be positive\n");
        return 2;
    }
    const char *path = argv[1];
    if (open_ms(path, 1, 1) < 0) return 1; /* unmeasured: fills the page cache, and checks the file */
    sha256 probe;
    sha_init(&probe);
    int accelerated = probe.blocks != sha_blocks_portable;
    char message[1024];
    nb_bundle *bundle = NULL;
    if (nb_open(path, 0, &bundle, message, sizeof message) != NB_OK) {
        fprintf(stderr, "bench_open: %s\n", message);
        return 1;
    }
    double *fast = malloc(sizeof(double) * (size_t)rounds), *portable = malloc(sizeof(double) * (size_t)rounds);
    double *plain = malloc(sizeof(double) * (size_t)rounds);
    double *fast_digest = malloc(sizeof(double) * (size_t)rounds), *portable_digest = malloc(sizeof(double) * (size_t)rounds);
    if (!fast || !portable || !plain || !fast_digest || !portable_digest) {
        fprintf(stderr, "bench_open: out of memory\n");
        return 1;
    }
    for (int r = 0; r < rounds; r++) {
        /* Alternating which path goes first keeps any drift from favouring one. */
        int first = r % 2;
        for (int k = 0; k < 2; k++) {
            int use_portable = k == first;
            double ms = open_ms(path, 1, use_portable);
            if (ms < 0) return 1;
            (use_portable ? portable : fast)[r] = ms;
            (use_portable ? portable_digest : fast_digest)[r] = digest_ms(bundle, use_portable);
        }
        plain[r] = open_ms(path, 0, 0);
        if (plain[r] < 0) return 1;
    }
    double megabytes = (double)bundle->size / 1e6;
    printf("bundle-size %.1f MB\n", megabytes);
    printf("sha256-path %s\n", accelerated ? "cpu-instructions" : "portable-only");
    printf("open-verified-cpu %.3f ms\n", median(fast, (size_t)rounds));
    printf("open-verified-portable %.3f ms\n", median(portable, (size_t)rounds));
    printf("open-unverified %.3f ms\n", median(plain, (size_t)rounds));
    printf("file-digest-cpu %.0f MB/s\n", megabytes / (median(fast_digest, (size_t)rounds) / 1e3));
    printf("file-digest-portable %.0f MB/s\n", megabytes / (median(portable_digest, (size_t)rounds) / 1e3));
    nb_close(bundle);
    free(fast), free(portable), free(plain), free(fast_digest), free(portable_digest);
    return 0;
}
