/* navbundle: a C99 reader of navforge bundles, formats 1.x and 2.x. See navbundle.h and docs/bundle-format.md. */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define HEADER_SIZE 64u
#define ENTRY_SIZE 32u
#define MAX_SECTIONS 4096u
/* 2.0 is 1.2 plus CCHT; its major changed only so that 1.x readers refuse it, so both read alike. */
#define OLDEST_MAJOR 1u
#define NEWEST_MAJOR 2u
#define ORIGINAL_ARC 0x80000000u
#define HIERARCHY_MAGIC 0x32764843u /* "CHv2" */
#define CCH_MAGIC 0x31544343u       /* "CCT1" */
#define INFINITE 0xFFFFFFFFu        /* a CCH weight no path may take */
#define NO_LEVEL 0xFFFFu
#define METRES_PER_UNIT 0.011131949079327357
#define UNREACHED UINT64_MAX
/* What messages call a bundle opened from memory without a name. */
#define MEMORY_NAME "(memory)"

/* A hint that `address` will be read soon; nothing where the compiler has no such hint. */
#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

/* Snapping must reproduce the specification's IEEE binary64 arithmetic bit for bit. */
typedef char double_is_binary64[(sizeof(double) == 8 && DBL_MANT_DIG == 53 && FLT_RADIX == 2) ? 1 : -1];

typedef struct {
    char tag[5];      /* printable, for messages */
    uint32_t raw_tag; /* as stored, for comparisons */
    uint16_t version;
    uint64_t offset, length, checksum;
} section;

/* A CHxx section: `words` is its start, each array an offset in u32 words from it. */
typedef struct {
    int checked;
    const uint8_t *words;
    uint32_t n, u, d;
    size_t rank, node_at_rank, up_first, up_head, up_weight, up_via, down_first, down_tail, down_weight, down_via,
        halves;
} hierarchy;

/* One arc of a customised CCHT metric: its weight upward (from its lower end to its head) and
 * downward, INFINITE for none, and what each comes from: ORIGINAL_ARC plus an ARCS index, the
 * middle rank of a lower triangle, or NB_NONE while infinite. */
typedef struct {
    uint32_t up, down, up_via, down_via;
} cch_weight;

struct nb_metric {
    const nb_bundle *bundle; /* the bundle whose topology it customises; routes refuse any other */
    uint32_t profile;
    cch_weight *arcs;  /* per CCHT arc */
    uint32_t *weights; /* the caller's input weights, one per ARCS arc; NULL for the profile's PROF costs */
};

/* CCHT (format 2.0): one topology for every profile, read in place and checked in full on first
 * use. The slots, the profiles' metrics and the query buffers are the reader's own memory. */
typedef struct {
    int checked;
    const uint8_t *rank, *up_first, *up_head;
    uint32_t n, m;
    uint32_t *slot;      /* per ARCS arc: its CCHT arc << 1, | 1 when it gives the downward weight; NB_NONE */
    nb_metric **metrics; /* per profile: customised from PROF by its first route, else NULL */
    size_t metric_count;
    /* Per rank, for the query: distances (UNREACHED between queries: a query clears each rank of
     * its two chains as it passes it) and parent arcs. */
    uint64_t *forward, *backward;
    uint32_t *forward_parent, *backward_parent;
    /* For updating a metric in place, built by the first update: each arc's lower end, each
     * rank's arcs from below (ascending by lower end), each arc's input arcs (ascending), and the
     * queue of arcs to recompute, with the stamps that put each in it once per update. */
    uint32_t *arc_tail, *down_first, *down_arc, *down_tail, *input_first, *inputs, *stamp, *pending;
    uint32_t generation;
} cch_index;

/* The optional sections below are checked in full on first use; `checked` remembers success only,
 * so a damaged section is refused, with its message, by every call that needs it. */
typedef struct {
    int checked;
    const uint8_t *folds, *keys, *fold_text, *key_text;
    uint32_t fold_count, key_count;
} search_index;

typedef struct {
    int checked;
    const uint8_t *levels, *cell_first, *entries;
    double scale;
} snap_index;

typedef struct {
    int checked;
    const uint8_t *level_first, *ring_first, *point_first, *outlines, *points;
    uint32_t outline_count;
} outline_index;

/* GFNC (formats 2.2 and 1.4): the fences and a grid per level, checked in full on first use. */
typedef struct {
    int checked;
    const uint8_t *grids, *fences, *cell_first, *entries;
    uint32_t fence_count;
    double scale;
} geofence_index;

/* TOUR (formats 2.3 and 1.5): the tours, their arcs and name keys, checked in full on first use. */
typedef struct {
    int checked;
    const uint8_t *entries, *first, *arcs, *keys, *key_text;
    uint32_t count, key_count;
} tour_index;

/* CRWD (formats 2.3 and 1.5): access points, the areas they serve and the factor table, checked in
 * full on first use. */
typedef struct {
    int checked;
    const uint8_t *points, *areas, *factors, *key_text;
    uint32_t point_count, area_count, bin_count, bin_width;
} crowd_index;

/* The place sections of format 1.2, each checked in full on first use. */
typedef struct {
    int checked;
    const uint8_t *first, *aliases, *keys, *key_text;
    uint32_t alias_count, key_count;
} alias_index;

typedef struct {
    int checked_header;
    uint8_t *checked; /* per profile: its counts and bits were checked */
    const uint8_t *headers, *bits;
    uint32_t words; /* u32 words per profile */
} piece_index;

/* EGRC (format 2.0 with egress tables), checked in full on first use: per profile, the ARCS
 * arcs whose cost of leaving differs from PROF's, ascending, with that cost. */
typedef struct {
    int checked;
    const uint8_t *first, *entries;
} leaving_index;

/* What resolving conditions needs, built by their first use (docs/conditions.md): the arcs into
 * each node, the nodes of each level, the arcs between two nodes of one level per level and
 * those between levels, each node's position in degrees, and the folded labels of connector arcs
 * and of doors and entrances, sorted for bisection. */
typedef struct {
    const uint8_t *text; /* folded, in `label_text` (NULL while the index is built) */
    size_t offset, length;
    uint32_t item;       /* an ARCS arc, or a NODE node when `node` */
    uint8_t node;
} named_item;

typedef struct {
    int built;
    uint32_t *arc_tail, *in_first, *in_arcs, *level_first, *level_arcs, *between, between_count;
    uint32_t *node_first, *level_nodes; /* the nodes of each level */
    double *degrees;  /* per node: latitude, longitude */
    uint8_t *node_in; /* per node: whether it is inside the area being resolved (scratch) */
    named_item *names;
    size_t name_count;
    uint8_t *label_text;
} condition_index;

typedef struct ch_memory ch_memory;

struct nb_bundle {
    char path[512];
    char error[1024];
    const uint8_t *data;
    size_t size;
    int mapped; /* 1 when nb_open mapped `data` (nb_close unmaps it), 0 for the caller's buffer */
    uint16_t major, minor;
    section *sections;
    size_t section_count;
    const uint8_t *strs, *string_bytes; /* offsets at strs + 8, bytes after the offset table */
    uint32_t strings;
    const uint8_t *levels, *node_entries, *first_out, *arc_entries, *prof, *places;
    uint32_t level_count, nodes, arcs, profiles, place_count;
    hierarchy *hierarchies;
    ch_memory *ch_memory; /* the classic query's arrays, made by the first classic route */
    cch_index cch;
    search_index search;
    snap_index snap;
    outline_index outline;
    geofence_index geofence;
    tour_index tour;
    crowd_index crowd;
    alias_index alias;
    piece_index piece;
    leaving_index leaving;
    condition_index conditions;
    const uint8_t *sources, *attachments; /* PSRC and ATCH entries once checked, else NULL */
    /* GLMK's landmarks and pairs, checked in full by nb_open; NULL (and counts 0) without it. */
    const uint8_t *landmarks, *landmark_pairs;
    uint32_t landmark_count, landmark_keys, landmark_pair_count;
    /* WIFI (section version 2) as nb_open prepares it (prepare_wifi), so that locating only
     * reads: the weights of every level under each exponent (as doubles and in units of 2^-24),
     * each record's masses (floor and position exponent; spots, then scans) and floor.
     * `wifi_status` is NB_OK when the section is present and sound, else what locating reports,
     * with `wifi_problem`. */
    nb_status wifi_status;
    char wifi_problem[1024];
    double wifi_floor_weight[256], wifi_position_weight[256];
    uint32_t wifi_floor_units[256], wifi_position_units[256]; /* the same in units of 2^-24 */
    double *wifi_mass;
    uint32_t *wifi_floor_of;
    uint32_t *wifi_near_first; /* per floor and kind, where its nearest go in a locate's scratch */
    uint32_t *wifi_floor_records; /* per floor and kind, its first spot or scan; then the counts */
    /* SHAP once checked in full (by the first arc shape): corner offsets and corners, else NULL;
     * at section version 2 also the bent arcs' bits and ranks (shape_range), else NULL. */
    const uint8_t *shape_first, *shape_corners, *shape_bits, *shape_ranks;
    /* GARC (2.1 and 1.3), its header checked by the opening: the arcs' end bearings and the corners'
     * entries, else NULL. */
    const uint8_t *bearing_ends, *bearing_corners;
    /* Each ARCS arc's tail node, filled by nb_open: record readers ask for it arc by arc, and a
     * search of the offsets for every arc made reading a city's arcs twice as slow. */
    uint32_t *tails;
    /* One bit per NODE node, set for doors: built by the first nb_route_maneuvers, whose groups
     * ask it of every node of a route and would otherwise read a 16-byte node entry for one byte. */
    uint8_t *doors;
    /* One bit per STRS string, set once record_text found it UTF-8: a route's maneuvers read the
     * same labels and landmark names call after call, and the check is most of a short route's
     * cost. Allocated by the first check; NULL while none was made or the allocation failed. */
    uint8_t *strings_valid;
    /* What read_table refused, by kind, for nb_open_table's caller. */
    nb_refusal refusal;
    /* GTXT, the instruction languages, checked at opening (read_guidance_texts); NULL without it. */
    const uint8_t *gtxt;
    uint32_t gtxt_languages, gtxt_keys, gtxt_strings;
};

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

/* The set bits of `word`, portably (C99 has no popcount). */
static uint32_t bit_count(uint64_t word) {
    word = word - ((word >> 1) & 0x5555555555555555ull);
    word = (word & 0x3333333333333333ull) + ((word >> 2) & 0x3333333333333333ull);
    word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (uint32_t)((word * 0x0101010101010101ull) >> 56);
}

static double rdf64(const uint8_t *p) {
    uint64_t bits = rd64(p);
    double value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

static void fail(char *buffer, size_t size, const char *format, ...) {
    if (buffer == NULL || size == 0) return;
    va_list list;
    va_start(list, format);
    vsnprintf(buffer, size, format, list);
    va_end(list);
}

/* Records a failure as "FILE: message" and returns `status`. */
static nb_status refuse(nb_bundle *b, nb_status status, const char *format, ...) {
    int used = snprintf(b->error, sizeof b->error, "%s: ", b->path);
    if (used < 0 || (size_t)used >= sizeof b->error) used = 0;
    va_list list;
    va_start(list, format);
    vsnprintf(b->error + used, sizeof b->error - (size_t)used, format, list);
    va_end(list);
    return status;
}

static nb_status out_of_memory(nb_bundle *b) { return refuse(b, NB_ERROR_MEMORY, "out of memory"); }

static uint64_t saturating_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

/* ---- SHA-256 (FIPS 180-4), for the file and section checksums ---- */

static const uint32_t sha_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

typedef struct {
    uint32_t state[8];
    uint8_t block[64];
    size_t used;
    uint64_t length;
    /* How whole blocks are compressed: chosen by sha_init, see "SHA-256 with the CPU's instructions". */
    void (*blocks)(uint32_t state[8], const uint8_t *bytes, size_t count);
} sha256;

static uint32_t rotr(uint32_t x, int n) { return x >> n | x << (32 - n); }

static void sha_block(uint32_t state[8], const uint8_t block[64]) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 | (uint32_t)block[4 * i + 2] << 8 |
               block[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ w[i - 15] >> 3;
        uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ w[i - 2] >> 10;
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6],
             h = state[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + sha_k[i] + w[i];
        uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    state[0] += a, state[1] += b, state[2] += c, state[3] += d;
    state[4] += e, state[5] += f, state[6] += g, state[7] += h;
}

/* ---- SHA-256 with the CPU's instructions ---- */

/* Checksums dominate the time to open a large bundle with every checksum verified, so where the
 * CPU has SHA-256 instructions (x86-64's SHA extensions, ARMv8's cryptographic extension) whole
 * blocks go through them; sha_block above stays the portable fallback and the reference the tests
 * hold them to. Each path is compiled only where the compiler can emit it without global flags
 * (a per-function target attribute) and chosen at run time from what the CPU reports, so one
 * binary runs on every CPU of its architecture. Defining NB_NO_SHA_EXTENSIONS compiles the
 * portable code alone. Each sha_init makes the choice and keeps it in the state; the only shared
 * thing is the CPU's answer, cached in one word written atomically, so concurrent opens need no
 * locking. */

/* When nonzero, sha_init chooses the portable code whatever the CPU has. Only the tests and the
 * open benchmark, which include this file, set it: to compare both paths in one process. */
static int sha_portable_only = 0;

/* `count` consecutive blocks by the portable code. */
static void sha_blocks_portable(uint32_t state[8], const uint8_t *bytes, size_t count) {
    for (; count > 0; count--, bytes += 64) sha_block(state, bytes);
}

#if !defined(NB_NO_SHA_EXTENSIONS) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SHA_X86 1
#include <cpuid.h>
#include <immintrin.h>

/* Whether the CPU has the SHA extensions (CPUID leaf 7, sub-leaf 0, EBX bit 29) and SSSE3 (leaf
 * 1, ECX bit 9), for the byte shuffle that reads the message's big-endian words. They use the
 * XMM registers only, which every x86-64 operating system saves, so no XSAVE check is needed. */
static int sha_cpuid_has_extensions(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 9))) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & (1u << 29)) != 0;
}

/* sha_cpuid_has_extensions, asked once per process: in a virtual machine CPUID traps to the
 * hypervisor (15 µs a question was measured), which twenty checksums an open would pay each time.
 * `known` is 0 before the first answer, then 1 (no) or 2 (yes); threads that race to fill it store
 * the same value, and the relaxed atomic builtins (GCC and clang, the only compilers of this path)
 * make that race well defined without C11. */
static int sha_cpu_has_extensions(void) {
    static int known = 0;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer == 0) {
        answer = sha_cpuid_has_extensions() ? 2 : 1;
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    return answer == 2;
}

/* `count` blocks through SHA256RNDS2 (two rounds), SHA256MSG1 and SHA256MSG2 (the message
 * schedule, four words at a time). SHA256RNDS2 holds the working variables as two registers,
 * (A, B, E, F) and (C, D, G, H), highest lane first; after two rounds the old (A, B, E, F) is
 * the new (C, D, G, H), so the two swap roles at each call. */
__attribute__((target("sha,ssse3"))) static void sha_blocks_x86(uint32_t state[8], const uint8_t *bytes,
                                                               size_t count) {
    /* Reverses the bytes of each 32-bit lane: the message's words are big-endian. */
    const __m128i big_endian = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    /* Lanes (low to high) d c b a and h g f e, then f e b a and h g d c. */
    __m128i dcba = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i hgfe = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(state + 4)), 0x1B);
    __m128i abef = _mm_unpackhi_epi64(hgfe, dcba);
    __m128i cdgh = _mm_unpacklo_epi64(hgfe, dcba);
    for (; count > 0; count--, bytes += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        /* w0..w3 hold message words 4g..4g+15 while rounds 4g..4g+3 run: a window moved by one group
         * per step, named rather than indexed so that it stays in registers without unrolling. */
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)bytes), big_endian);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(bytes + 16)), big_endian);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(bytes + 32)), big_endian);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(bytes + 48)), big_endian);
        for (int g = 0; g < 16; g++) {
            __m128i wk = _mm_add_epi32(w0, _mm_loadu_si128((const __m128i *)(sha_k + 4 * g)));
            __m128i next = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            cdgh = abef, abef = next;
            next = _mm_sha256rnds2_epu32(cdgh, abef, _mm_shuffle_epi32(wk, 0x0E)); /* the upper two */
            cdgh = abef, abef = next;
            /* W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16] for the group after w3: MSG1 gives the
             * last two terms, w2 and w3 shifted by one word the W[t-7], MSG2 the s1 (and needs the
             * words just made for the last two of the four). Computed alongside the rounds above,
             * which do not depend on it. */
            __m128i sum = _mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4));
            w0 = w1, w1 = w2, w2 = w3;
            if (g < 12) w3 = _mm_sha256msg2_epu32(sum, w3);
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(_mm_unpackhi_epi64(cdgh, abef), 0x1B));
    _mm_storeu_si128((__m128i *)(state + 4), _mm_shuffle_epi32(_mm_unpacklo_epi64(cdgh, abef), 0x1B));
}
#endif

/* ARMv8's SHA256H, SHA256H2, SHA256SU0 and SHA256SU1, little-endian only (the message's bytes are
 * reversed per word as loaded). Compiled where the whole target has them (Apple's arm64, or
 * -march=armv8-a+crypto), or where the compiler lets one function use them: GCC 8 and later,
 * clang 16 and later (earlier clang declares the intrinsics only when the target has them). */
#if !defined(NB_NO_SHA_EXTENSIONS) && defined(__aarch64__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#if defined(__ARM_FEATURE_SHA2) || defined(__ARM_FEATURE_CRYPTO)
#define SHA_ARM 1
#define SHA_ARM_TARGET
#elif defined(__linux__) && defined(__clang__) && !defined(__apple_build_version__) && __clang_major__ >= 16
#define SHA_ARM 1
#define SHA_ARM_TARGET __attribute__((target("sha2,neon")))
#elif defined(__linux__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define SHA_ARM 1
#define SHA_ARM_TARGET __attribute__((target("+crypto")))
#endif
#endif

#ifdef SHA_ARM
#include <arm_neon.h>
#if !defined(__ARM_FEATURE_SHA2) && !defined(__ARM_FEATURE_CRYPTO)
#include <sys/auxv.h>
#ifndef HWCAP_SHA2
#define HWCAP_SHA2 (1ul << 6) /* Linux's bit for SHA256H and friends in AT_HWCAP on arm64 */
#endif
#endif

/* Whether the CPU has the instructions: always when the compiler was told every target CPU has
 * them, else as Linux (and Android) report them. */
static int sha_cpu_has_extensions(void) {
#if defined(__ARM_FEATURE_SHA2) || defined(__ARM_FEATURE_CRYPTO)
    return 1;
#else
    return (getauxval(AT_HWCAP) & HWCAP_SHA2) != 0;
#endif
}

/* `count` blocks, four rounds per SHA256H/SHA256H2 pair: SHA256H updates (A, B, C, D) and
 * SHA256H2 (E, F, G, H), each needing the other's value from before the four rounds. */
SHA_ARM_TARGET static void sha_blocks_arm(uint32_t state[8], const uint8_t *bytes, size_t count) {
    uint32x4_t abcd = vld1q_u32(state), efgh = vld1q_u32(state + 4);
    for (; count > 0; count--, bytes += 64) {
        const uint32x4_t abcd_before = abcd, efgh_before = efgh;
        /* As in sha_blocks_x86: words 4g..4g+15 in w0..w3 while rounds 4g..4g+3 run. */
        uint32x4_t w0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(bytes)));
        uint32x4_t w1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(bytes + 16)));
        uint32x4_t w2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(bytes + 32)));
        uint32x4_t w3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(bytes + 48)));
        for (int g = 0; g < 16; g++) {
            uint32x4_t wk = vaddq_u32(w0, vld1q_u32(sha_k + 4 * g));
            uint32x4_t abcd_then = abcd;
            abcd = vsha256hq_u32(abcd, efgh, wk);
            efgh = vsha256h2q_u32(efgh, abcd_then, wk);
            uint32x4_t next = vsha256su1q_u32(vsha256su0q_u32(w0, w1), w2, w3);
            w0 = w1, w1 = w2, w2 = w3, w3 = next;
        }
        abcd = vaddq_u32(abcd, abcd_before);
        efgh = vaddq_u32(efgh, efgh_before);
    }
    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}
#endif

/* The fastest way to compress whole blocks on this CPU, unless the tests ask for the portable one. */
static void (*sha_choose_blocks(void))(uint32_t state[8], const uint8_t *bytes, size_t count) {
    if (sha_portable_only) return sha_blocks_portable;
#if defined(SHA_X86)
    if (sha_cpu_has_extensions()) return sha_blocks_x86;
#elif defined(SHA_ARM)
    if (sha_cpu_has_extensions()) return sha_blocks_arm;
#endif
    return sha_blocks_portable;
}

/* ---- SHA-256 (FIPS 180-4), continued: streaming ---- */

static void sha_init(sha256 *s) {
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(s->state, initial, sizeof initial);
    s->used = 0, s->length = 0;
    s->blocks = sha_choose_blocks();
}

static void sha_update(sha256 *s, const uint8_t *bytes, uint64_t length) {
    s->length += length;
    if (s->used > 0) {
        size_t take = 64 - s->used < length ? 64 - s->used : (size_t)length;
        memcpy(s->block + s->used, bytes, take);
        s->used += take, bytes += take, length -= take;
        if (s->used < 64) return;
        s->blocks(s->state, s->block, 1);
        s->used = 0;
    }
    if (length >= 64) {
        /* All whole blocks in one call, so that the CPU's instructions keep the state in registers. */
        size_t count = (size_t)(length / 64);
        s->blocks(s->state, bytes, count);
        bytes += 64 * count, length -= 64 * (uint64_t)count;
    }
    if (length > 0) memcpy(s->block, bytes, (size_t)length), s->used = (size_t)length;
}

static void sha_final(sha256 *s, uint8_t digest[32]) {
    uint64_t bits = s->length * 8;
    uint8_t pad = 0x80;
    sha_update(s, &pad, 1);
    pad = 0;
    while (s->used != 56) sha_update(s, &pad, 1);
    uint8_t size[8];
    for (int i = 0; i < 8; i++) size[i] = (uint8_t)(bits >> (56 - 8 * i));
    sha_update(s, size, 8);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++) digest[4 * i + j] = (uint8_t)(s->state[i] >> (24 - 8 * j));
}

/* The first 8 bytes of the SHA-256 of `bytes`, read as a little-endian u64: a section's checksum. */
static uint64_t checksum(const uint8_t *bytes, uint64_t length) {
    sha256 s;
    uint8_t digest[32];
    sha_init(&s);
    sha_update(&s, bytes, length);
    sha_final(&s, digest);
    return rd64(digest);
}

/* The whole file's SHA-256, its own header field counted as zeros. */
static void file_digest(const uint8_t *data, size_t size, uint8_t digest[32]) {
    static const uint8_t zeros[32];
    sha256 s;
    sha_init(&s);
    sha_update(&s, data, 32);
    sha_update(&s, zeros, 32);
    sha_update(&s, data + HEADER_SIZE, size - HEADER_SIZE);
    sha_final(&s, digest);
}

/* ---- Opening ---- */

/* The section tagged `tag` in whatever version, or NULL. */
static const section *find_section_any(const nb_bundle *b, const char *tag) {
    uint32_t wanted = rd32((const uint8_t *)tag);
    for (size_t i = 0; i < b->section_count; i++)
        if (b->sections[i].raw_tag == wanted) return &b->sections[i];
    return NULL;
}

/* The section tagged `tag` in exactly `version`, or NULL: a section in another version has a
 * layout this reader cannot read, so it counts as absent. */
static const section *find_section_version(const nb_bundle *b, const char *tag, uint16_t version) {
    const section *s = find_section_any(b, tag);
    return s != NULL && s->version == version ? s : NULL;
}

/* The section tagged `tag` in the version of every section but EGRS (1), or NULL. */
static const section *find_section(const nb_bundle *b, const char *tag) { return find_section_version(b, tag, 1); }

/* The section tagged `tag` at version 1 or 2, or NULL: SHAP, whose version 2 (since 2.5 and 1.7)
 * keeps corner offsets for the bent arcs only, and GARC and GLMK, whose version 2 has version 1's
 * layout and only hides them, with SHAP, from the readers before 2.5. */
static const section *find_section_either(const nb_bundle *b, const char *tag) {
    const section *s = find_section_any(b, tag);
    return s != NULL && (s->version == 1 || s->version == 2) ? s : NULL;
}

static const uint8_t *section_bytes(const nb_bundle *b, const section *s) { return b->data + s->offset; }

static int compare_offsets(const void *x, const void *y) {
    const section *a = *(const section *const *)x, *c = *(const section *const *)y;
    return a->offset < c->offset ? -1 : a->offset > c->offset;
}

static nb_status read_table(nb_bundle *b) {
    const uint8_t *h = b->data;
    b->refusal.kind = NB_REFUSED_NOT_A_BUNDLE;
    if (memcmp(h, "NAVFBNDL", 8) != 0) return refuse(b, NB_ERROR_FORMAT, "not a navforge bundle (its magic is not NAVFBNDL)");
    b->major = rd16(h + 8), b->minor = rd16(h + 10);
    /* The major is checked before anything else: another major may lay out the rest differently. */
    b->refusal.kind = NB_REFUSED_VERSION;
    if (b->major < OLDEST_MAJOR || b->major > NEWEST_MAJOR)
        return refuse(b, NB_ERROR_FORMAT, "format %u.%u is not supported; this reader reads %u.x and %u.x; %s", b->major,
                      b->minor, OLDEST_MAJOR, NEWEST_MAJOR, b->major < OLDEST_MAJOR ? "rebuild the bundle" : "update the reader");
    uint32_t count = rd32(h + 16), header_size = rd32(h + 20);
    uint64_t file_size = rd64(h + 24);
    b->refusal.kind = NB_REFUSED_SIZE;
    if (file_size != b->size)
        return refuse(b, NB_ERROR_FORMAT, "header says %llu bytes, the file has %llu: truncated or extended",
                      (unsigned long long)file_size, (unsigned long long)b->size);
    b->refusal.kind = NB_REFUSED_TABLE;
    if (count > MAX_SECTIONS) return refuse(b, NB_ERROR_FORMAT, "%u sections, more than %u", count, MAX_SECTIONS);
    uint64_t table_end = (uint64_t)header_size + (uint64_t)count * ENTRY_SIZE;
    if (header_size < HEADER_SIZE || header_size % 8 || table_end > b->size)
        return refuse(b, NB_ERROR_FORMAT, "a header of %u bytes and a section table of %u entries do not fit the file",
                      header_size, count);
    b->sections = calloc(count ? count : 1, sizeof(section));
    section **order = calloc(count ? count : 1, sizeof(section *));
    if (b->sections == NULL || order == NULL) return free(order), out_of_memory(b);
    b->section_count = count;
    nb_status status = NB_OK;
    for (uint32_t i = 0; i < count && status == NB_OK; i++) {
        const uint8_t *e = h + header_size + (size_t)i * ENTRY_SIZE;
        section *s = &b->sections[i];
        for (int c = 0; c < 4; c++) s->tag[c] = (e[c] >= 32 && e[c] < 127) ? (char)e[c] : '?';
        s->tag[4] = 0;
        /* Tags are four ASCII characters: a byte above 127 is damage, as every reader agrees. */
        for (int c = 0; c < 4 && status == NB_OK; c++)
            if (e[c] > 127) status = refuse(b, NB_ERROR_FORMAT, "section %u has a tag that is not ASCII", i);
        s->raw_tag = rd32(e);
        s->version = rd16(e + 4);
        s->offset = rd64(e + 8), s->length = rd64(e + 16), s->checksum = rd64(e + 24);
        if (status == NB_OK &&
            (s->offset % 8 || s->offset < table_end || s->length > b->size || s->offset > b->size - s->length))
            status = refuse(b, NB_ERROR_FORMAT, "section %s lies outside the file's sections", s->tag);
        for (uint32_t j = 0; j < i && status == NB_OK; j++)
            if (b->sections[j].raw_tag == s->raw_tag)
                status = refuse(b, NB_ERROR_FORMAT, "section %s appears twice", s->tag);
        order[i] = s;
    }
    if (status == NB_OK) {
        qsort(order, count, sizeof(section *), compare_offsets);
        for (uint32_t i = 1; i < count && status == NB_OK; i++)
            if (order[i]->offset < order[i - 1]->offset + order[i - 1]->length)
                status = refuse(b, NB_ERROR_FORMAT, "sections %s and %s overlap", order[i - 1]->tag, order[i]->tag);
    }
    free(order);
    /* A required section missing (or in a version this reader cannot read) is the table's damage,
     * refused before the checksums as the other readers refuse it. */
    static const char *const required[] = {"META", "STRS", "LEVL", "NODE", "ARCS", "PROF", "PLAC", "EVNT"};
    for (size_t i = 0; i < sizeof required / sizeof *required && status == NB_OK; i++)
        if (find_section(b, required[i]) == NULL) {
            b->refusal.kind = NB_REFUSED_MISSING_SECTION;
            memcpy(b->refusal.section, required[i], 5);
            status = refuse(b, NB_ERROR_FORMAT, "the required section %s (version 1) is missing", required[i]);
        }
    if (status == NB_OK) b->refusal.kind = NB_REFUSED_NOTHING;
    return status;
}

/* Sections first, so that damage inside one is reported by its name; then the whole file, which
 * also covers the header, the table and the padding. */
static nb_status verify_checksums(nb_bundle *b) {
    for (size_t i = 0; i < b->section_count; i++) {
        const section *s = &b->sections[i];
        if (checksum(b->data + s->offset, s->length) != s->checksum)
            return refuse(b, NB_ERROR_CHECKSUM, "checksum mismatch in section %s: the file is corrupt", s->tag);
    }
    uint8_t digest[32];
    file_digest(b->data, b->size, digest);
    if (memcmp(digest, b->data + 32, 32) != 0)
        return refuse(b, NB_ERROR_CHECKSUM, "the whole-file SHA-256 does not match the header: the file is corrupt");
    return NB_OK;
}

nb_status nb_verify_digests(nb_bundle *b, const uint8_t *digests) {
    for (size_t i = 0; i < b->section_count; i++)
        if (rd64(digests + 32 * i) != b->sections[i].checksum)
            return refuse(b, NB_ERROR_CHECKSUM, "checksum mismatch in section %s: the file is corrupt", b->sections[i].tag);
    if (memcmp(digests + 32 * b->section_count, b->data + 32, 32) != 0)
        return refuse(b, NB_ERROR_CHECKSUM, "the whole-file SHA-256 does not match the header: the file is corrupt");
    return NB_OK;
}

/* A section of `count u32, reserved u32`, then entries of `entry_size` bytes: checks they fit. */
static nb_status counted(nb_bundle *b, const section *s, uint64_t entry_size, uint32_t *count, const uint8_t **entries) {
    if (s->length < 8) return refuse(b, NB_ERROR_FORMAT, "%s is too short for its count", s->tag);
    const uint8_t *p = section_bytes(b, s);
    *count = rd32(p);
    if (8 + *count * entry_size > s->length)
        return refuse(b, NB_ERROR_FORMAT, "%s: %u entries of %llu bytes do not fit its %llu bytes", s->tag, *count,
                      (unsigned long long)entry_size, (unsigned long long)s->length);
    *entries = p + 8;
    return NB_OK;
}

static nb_status read_strings(nb_bundle *b, const section *s) {
    if (s->length < 8) return refuse(b, NB_ERROR_FORMAT, "STRS is too short for its count");
    const uint8_t *p = section_bytes(b, s);
    uint64_t count = rd32(p), table = 8 + 4 * (count + 1);
    if (table > s->length)
        return refuse(b, NB_ERROR_FORMAT, "STRS: %llu string offsets do not fit its %llu bytes",
                      (unsigned long long)count + 1, (unsigned long long)s->length);
    for (uint64_t i = 0; i < count; i++)
        if (rd32(p + 8 + 4 * i) > rd32(p + 12 + 4 * i))
            return refuse(b, NB_ERROR_FORMAT, "STRS: string offsets fall at string %llu", (unsigned long long)i);
    if (table + rd32(p + 8 + 4 * count) > s->length)
        return refuse(b, NB_ERROR_FORMAT, "STRS: the strings end outside the section");
    b->strs = p, b->string_bytes = p + table, b->strings = (uint32_t)count;
    return NB_OK;
}

/* ARCS and PROF, which every route and way out needs. */
static nb_status read_graph(nb_bundle *b, const section *arcs, const section *prof) {
    const uint8_t *a = section_bytes(b, arcs);
    if (arcs->length < 8) return refuse(b, NB_ERROR_FORMAT, "ARCS is too short");
    uint64_t nodes = rd32(a), count = rd32(a + 4);
    uint64_t table = 8 + 4 * (nodes + 1), entries = (table + 7) / 8 * 8;
    if (entries + 16 * count != arcs->length)
        return refuse(b, NB_ERROR_FORMAT, "ARCS does not hold %llu nodes and %llu arcs", (unsigned long long)nodes,
                      (unsigned long long)count);
    b->arcs = (uint32_t)count;
    b->first_out = a + 8, b->arc_entries = a + entries;
    if (nodes != b->nodes) return refuse(b, NB_ERROR_FORMAT, "ARCS has %llu nodes, NODE %u", (unsigned long long)nodes, b->nodes);
    if (rd32(b->first_out) != 0 || rd32(b->first_out + 4 * nodes) != count)
        return refuse(b, NB_ERROR_FORMAT, "ARCS offsets do not rise from 0 to %u", b->arcs);
    for (uint32_t v = 0; v < b->nodes; v++)
        if (rd32(b->first_out + 4 * (size_t)v) > rd32(b->first_out + 4 * ((size_t)v + 1)))
            return refuse(b, NB_ERROR_FORMAT, "ARCS offsets fall at node %u", v);
    if ((b->tails = malloc(sizeof(uint32_t) * (b->arcs ? b->arcs : 1))) == NULL) return out_of_memory(b);
    for (uint32_t v = 0; v < b->nodes; v++)
        for (uint32_t e = rd32(b->first_out + 4 * (size_t)v); e < rd32(b->first_out + 4 * ((size_t)v + 1)); e++)
            b->tails[e] = v;
    for (uint32_t e = 0; e < b->arcs; e++)
        if (rd32(b->arc_entries + 16 * (size_t)e) >= b->nodes)
            return refuse(b, NB_ERROR_FORMAT, "ARCS: arc %u ends outside the nodes", e);
    const uint8_t *p = section_bytes(b, prof);
    if (prof->length < 8) return refuse(b, NB_ERROR_FORMAT, "PROF is too short");
    uint64_t profiles = rd32(p);
    if (profiles >= 256) return refuse(b, NB_ERROR_FORMAT, "PROF has %llu profiles, at most 255", (unsigned long long)profiles);
    if (rd32(p + 4) != b->arcs || 8 + 8 * profiles + 4 * profiles * (uint64_t)b->arcs != prof->length)
        return refuse(b, NB_ERROR_FORMAT, "PROF does not hold %llu profiles of %u arcs", (unsigned long long)profiles,
                      b->arcs);
    b->profiles = (uint32_t)profiles, b->prof = p;
    return NB_OK;
}

/* GLMK, when present, checked in full as the Swift reader checks it on opening: the header,
 * a key per node and SHAP corner, counts that fill the section exactly, each landmark's string,
 * place, level and naming, each pair's key and landmark, and the pairs' order (key ascending,
 * salience descending, landmark ascending), which nb_landmark_pairs bisects. */
static nb_status check_landmarks(nb_bundle *b) {
    const section *s = find_section_either(b, "GLMK");
    if (s == NULL) return NB_OK;
    if (s->length < 16) return refuse(b, NB_ERROR_FORMAT, "GLMK is too short for its header");
    const uint8_t *p = section_bytes(b, s);
    uint64_t landmarks = rd32(p), keys = rd32(p + 4), pairs = rd32(p + 8), corners = 0;
    const section *shap = find_section_either(b, "SHAP");
    if (shap != NULL) {
        if (shap->length < 8) return refuse(b, NB_ERROR_FORMAT, "SHAP is too short for its header");
        corners = rd32(section_bytes(b, shap) + 4);
    }
    if (keys != (uint64_t)b->nodes + corners)
        return refuse(b, NB_ERROR_FORMAT, "GLMK has %llu keys for the %u nodes of NODE and %llu corners of SHAP",
                      (unsigned long long)keys, b->nodes, (unsigned long long)corners);
    uint64_t pairs_at = (16 + 24 * landmarks + 7) / 8 * 8;
    if (pairs_at + 12 * pairs != s->length)
        return refuse(b, NB_ERROR_FORMAT, "GLMK: %llu landmarks and %llu pairs do not fill its %llu bytes",
                      (unsigned long long)landmarks, (unsigned long long)pairs, (unsigned long long)s->length);
    for (uint64_t i = 0; i < landmarks; i++) {
        const uint8_t *e = p + 16 + 24 * i;
        uint32_t name = rd32(e), place = rd32(e + 4), level = rd16(e + 16), naming = e[19];
        if (name != NB_NONE && name >= b->strings)
            return refuse(b, NB_ERROR_FORMAT, "GLMK: landmark %llu names string %u, STRS has %u", (unsigned long long)i,
                          name, b->strings);
        if (place != NB_NONE && place >= b->place_count)
            return refuse(b, NB_ERROR_FORMAT, "GLMK: landmark %llu is place %u, PLAC has %u", (unsigned long long)i, place,
                          b->place_count);
        if (level >= b->level_count)
            return refuse(b, NB_ERROR_FORMAT, "GLMK: landmark %llu is on level %u, LEVL has %u", (unsigned long long)i,
                          level, b->level_count);
        if (naming > 2)
            return refuse(b, NB_ERROR_FORMAT, "GLMK: landmark %llu has naming %u, at most 2", (unsigned long long)i, naming);
    }
    const uint8_t *table = p + pairs_at;
    for (uint64_t i = 0; i < pairs; i++) {
        const uint8_t *e = table + 12 * i;
        uint32_t key = rd32(e), landmark = rd32(e + 4);
        if (key >= keys || landmark >= landmarks)
            return refuse(b, NB_ERROR_FORMAT, "GLMK: pair %llu joins key %u and landmark %u of %llu keys and %llu landmarks",
                          (unsigned long long)i, key, landmark, (unsigned long long)keys, (unsigned long long)landmarks);
        if (i > 0) {
            const uint8_t *before = e - 12;
            uint32_t previous_key = rd32(before), previous_landmark = rd32(before + 4);
            int ordered = previous_key != key ? previous_key < key
                          : before[11] != e[11]   ? before[11] > e[11]
                                                  : previous_landmark < landmark;
            if (!ordered) return refuse(b, NB_ERROR_FORMAT, "GLMK: pair %llu is out of order", (unsigned long long)i);
        }
    }
    b->landmarks = p + 16, b->landmark_pairs = table;
    b->landmark_count = (uint32_t)landmarks, b->landmark_keys = (uint32_t)keys, b->landmark_pair_count = (uint32_t)pairs;
    return NB_OK;
}

/* The required sections, checked as far as this reader relies on them. */
static nb_status read_required(nb_bundle *b) {
    static const char *const required[] = {"META", "STRS", "LEVL", "NODE", "ARCS", "PROF", "PLAC", "EVNT"};
    const section *found[8];
    for (int i = 0; i < 8; i++)
        if ((found[i] = find_section(b, required[i])) == NULL)
            return refuse(b, NB_ERROR_FORMAT, "the required section %s (version 1) is missing", required[i]);
    nb_status status = read_strings(b, found[1]);
    if (status != NB_OK) return status;
    if ((status = counted(b, found[2], 24, &b->level_count, &b->levels)) != NB_OK) return status;
    if ((status = counted(b, found[3], 16, &b->nodes, &b->node_entries)) != NB_OK) return status;
    for (uint32_t v = 0; v < b->nodes; v++)
        if (rd16(b->node_entries + 16 * (size_t)v + 8) >= b->level_count)
            return refuse(b, NB_ERROR_FORMAT, "NODE: node %u is on level %u, LEVL has %u", v,
                          rd16(b->node_entries + 16 * (size_t)v + 8), b->level_count);
    if ((status = read_graph(b, found[4], found[5])) != NB_OK) return status;
    if ((status = counted(b, found[6], 64, &b->place_count, &b->places)) != NB_OK) return status;
    for (uint32_t i = 0; i < b->place_count; i++) {
        const uint8_t *p = b->places + 64 * (size_t)i;
        if (rd16(p + 2) != NO_LEVEL && rd16(p + 2) >= b->level_count)
            return refuse(b, NB_ERROR_FORMAT, "PLAC: place %u is on level %u, LEVL has %u", i, rd16(p + 2), b->level_count);
        if (rd32(p + 4) != NB_NONE && rd32(p + 4) >= b->nodes)
            return refuse(b, NB_ERROR_FORMAT, "PLAC: place %u ends at node %u, NODE has %u", i, rd32(p + 4), b->nodes);
    }
    uint32_t events = 0;
    const uint8_t *entries = NULL;
    if ((status = counted(b, found[7], 32, &events, &entries)) != NB_OK) return status;
    for (uint32_t i = 0; i < events; i++)
        if (rd32(entries + 32 * (size_t)i) >= b->place_count)
            return refuse(b, NB_ERROR_FORMAT, "EVNT: event %u names place %u, PLAC has %u", i,
                          rd32(entries + 32 * (size_t)i), b->place_count);
    if ((status = check_landmarks(b)) != NB_OK) return status;
    b->hierarchies = calloc(b->profiles ? b->profiles : 1, sizeof(hierarchy));
    return b->hierarchies ? NB_OK : out_of_memory(b);
}

/* GARC (2.1 and 1.3), optional but checked when the bundle opens, as every reader checks it: as
 * many arcs as ARCS, as many corners as SHAP's header says (none without SHAP), and both tables
 * inside the section. Its values are checked where they are read. */
static nb_status read_arc_bearings(nb_bundle *b) {
    const section *s = find_section_either(b, "GARC");
    if (s == NULL) return NB_OK;
    if (s->length < 16) return refuse(b, NB_ERROR_FORMAT, "GARC is too short for its header");
    const uint8_t *p = section_bytes(b, s);
    uint64_t arcs = rd32(p), corners = rd32(p + 4), shape_corners = 0;
    const section *shapes = find_section_either(b, "SHAP");
    if (shapes != NULL) {
        if (shapes->length < 8) return refuse(b, NB_ERROR_FORMAT, "SHAP is too short for its header");
        shape_corners = rd32(section_bytes(b, shapes) + 4);
    }
    if (arcs != b->arcs || corners != shape_corners)
        return refuse(b, NB_ERROR_FORMAT, "GARC has %llu arcs and %llu corners, but ARCS has %u arcs and SHAP %llu corners",
                      (unsigned long long)arcs, (unsigned long long)corners, b->arcs, (unsigned long long)shape_corners);
    uint64_t corners_at = (16 + 2 * arcs + 7) / 8 * 8;
    if (corners_at + 8 * corners > s->length)
        return refuse(b, NB_ERROR_FORMAT, "GARC: %llu arcs and %llu corners do not fit its %llu bytes",
                      (unsigned long long)arcs, (unsigned long long)corners, (unsigned long long)s->length);
    b->bearing_ends = p + 16, b->bearing_corners = p + corners_at;
    return NB_OK;
}

static void prepare_wifi(nb_bundle *b);
static nb_status read_guidance_texts(nb_bundle *b);

/* Hands `b` over in `*out` when `status` is NB_OK; else reports its error in `message` and
 * releases it. */
static nb_status hand_over(nb_bundle *b, nb_status status, nb_bundle **out, char *message, size_t message_size) {
    if (status != NB_OK) {
        fail(message, message_size, "%s", b->error);
        nb_close(b);
        return status;
    }
    *out = b;
    return NB_OK;
}

/* Checks the bytes `b` holds (data and size set, at least a header's worth) and hands the bundle
 * over, or reports the failure in `message` and releases it. */
static nb_status finish_open(nb_bundle *b, int verify, nb_bundle **out, char *message, size_t message_size) {
    nb_status status = read_table(b);
    if (status == NB_OK && verify) status = verify_checksums(b);
    if (status == NB_OK) status = read_required(b);
    if (status == NB_OK) status = read_arc_bearings(b);
    if (status == NB_OK) status = read_guidance_texts(b);
    if (status == NB_OK) prepare_wifi(b);
    return hand_over(b, status, out, message, message_size);
}

nb_status nb_open(const char *path, int verify, nb_bundle **out, char *message, size_t message_size) {
    *out = NULL;
    nb_bundle *b = calloc(1, sizeof *b);
    if (b == NULL) return fail(message, message_size, "%s: out of memory", path), NB_ERROR_MEMORY;
    snprintf(b->path, sizeof b->path, "%s", path);
    int fd = open(path, O_RDONLY);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0) {
        fail(message, message_size, "%s: %s", path, strerror(errno));
        if (fd >= 0) close(fd);
        free(b);
        return NB_ERROR_IO;
    }
    if (info.st_size < (off_t)HEADER_SIZE) {
        fail(message, message_size, "%s: %llu bytes is too short for a bundle header", path,
             (unsigned long long)info.st_size);
        close(fd);
        free(b);
        return NB_ERROR_FORMAT;
    }
    b->size = (size_t)info.st_size;
    void *mapped = mmap(NULL, b->size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (mapped == MAP_FAILED) {
        fail(message, message_size, "%s: %s", path, strerror(errno));
        free(b);
        return NB_ERROR_IO;
    }
    b->data = mapped;
    b->mapped = 1;
    return finish_open(b, verify, out, message, message_size);
}

/* What nb_open_memory and nb_open_table share: the checks of their arguments, and a bundle over the
 * caller's `size` bytes at `data` that is not read yet, in `*made`. Sets `*out` to NULL until an
 * opening hands a bundle over; a refusal is reported in `message`. */
static nb_status bundle_over_bytes(const void *data, size_t size, const char *name, nb_bundle **out, nb_bundle **made,
                                   char *message, size_t message_size) {
    if (name == NULL) name = MEMORY_NAME;
    if (out == NULL) return fail(message, message_size, "%s: no place for the bundle (out is NULL)", name), NB_ERROR_ARGUMENT;
    *out = NULL;
    if (data == NULL) return fail(message, message_size, "%s: no bytes to open (a NULL buffer)", name), NB_ERROR_ARGUMENT;
    if (size < HEADER_SIZE)
        return fail(message, message_size, "%s: %zu bytes is too short for a bundle header", name, size), NB_ERROR_FORMAT;
    nb_bundle *b = calloc(1, sizeof *b);
    if (b == NULL) return fail(message, message_size, "%s: out of memory", name), NB_ERROR_MEMORY;
    snprintf(b->path, sizeof b->path, "%s", name);
    b->data = data;
    b->size = size;
    *made = b;
    return NB_OK;
}

nb_status nb_open_memory(const void *data, size_t size, const char *name, int verify, nb_bundle **out, char *message,
                         size_t message_size) {
    nb_bundle *b;
    nb_status status = bundle_over_bytes(data, size, name, out, &b, message, message_size);
    if (status != NB_OK) return status;
    return finish_open(b, verify, out, message, message_size);
}

static void cch_release(cch_index *x);
static void ch_memory_free(ch_memory *m);
static void condition_index_release(condition_index *x);

void nb_close(nb_bundle *b) {
    if (b == NULL) return;
    if (b->mapped) munmap((void *)b->data, b->size);
    free(b->sections);
    free(b->hierarchies);
    ch_memory_free(b->ch_memory);
    cch_release(&b->cch);
    condition_index_release(&b->conditions);
    free(b->piece.checked);
    free(b->tails);
    free(b->doors);
    free(b->strings_valid);
    free(b->wifi_mass);
    free(b->wifi_floor_of);
    free(b->wifi_near_first);
    free(b->wifi_floor_records);
    free(b);
}

const char *nb_last_error(const nb_bundle *b) { return b->error; }
uint16_t nb_format_major(const nb_bundle *b) { return b->major; }
uint16_t nb_format_minor(const nb_bundle *b) { return b->minor; }
size_t nb_section_count(const nb_bundle *b) { return b->section_count; }
uint32_t nb_node_count(const nb_bundle *b) { return b->nodes; }
uint32_t nb_level_count(const nb_bundle *b) { return b->level_count; }
uint32_t nb_place_count(const nb_bundle *b) { return b->place_count; }
uint32_t nb_profile_count(const nb_bundle *b) { return b->profiles; }

nb_status nb_section_info(const nb_bundle *b, size_t index, char tag[5], uint64_t *offset, uint64_t *length) {
    if (index >= b->section_count) return NB_ERROR_ARGUMENT;
    memcpy(tag, b->sections[index].tag, 5);
    *offset = b->sections[index].offset, *length = b->sections[index].length;
    return NB_OK;
}

const char *nb_string(const nb_bundle *b, uint32_t index, size_t *length) {
    if (index >= b->strings) return NULL;
    uint32_t start = rd32(b->strs + 8 + 4 * (size_t)index), end = rd32(b->strs + 12 + 4 * (size_t)index);
    *length = end - start;
    return (const char *)b->string_bytes + start;
}

nb_status nb_node_info(const nb_bundle *b, uint32_t node, int32_t *latitude, int32_t *longitude, uint32_t *level) {
    if (node >= b->nodes) return NB_ERROR_ARGUMENT;
    const uint8_t *e = b->node_entries + 16 * (size_t)node;
    *latitude = (int32_t)rd32(e), *longitude = (int32_t)rd32(e + 4), *level = rd16(e + 8);
    return NB_OK;
}

const char *nb_profile_name(const nb_bundle *b, uint32_t index, size_t *length) {
    if (index >= b->profiles) return NULL;
    return nb_string(b, rd32(b->prof + 8 + 8 * (size_t)index), length);
}

int nb_profile_index(const nb_bundle *b, const char *name) {
    for (uint32_t i = 0; i < b->profiles; i++) {
        size_t length = 0;
        const char *text = nb_profile_name(b, i, &length);
        if (text && length == strlen(name) && memcmp(text, name, length) == 0) return (int)i;
    }
    return -1;
}

static uint32_t profile_cost(const nb_bundle *b, uint32_t profile, uint32_t arc) {
    return rd32(b->prof + 8 + 8 * (size_t)b->profiles + 4 * ((size_t)profile * b->arcs + arc));
}

/* Profile `profile`'s PROF costs, 4 bytes per arc, or NULL for NB_NONE (no profile). */
static const uint8_t *profile_costs(const nb_bundle *b, uint32_t profile) {
    return profile == NB_NONE ? NULL : b->prof + 8 + 8 * (size_t)b->profiles + 4 * (size_t)profile * b->arcs;
}

/* ---- records ---- */

/* The plain records of the sections, one call each, so that a binding (JavaScript over
 * WebAssembly, Python) builds its objects from these and reads no byte itself. Strings point
 * into the bundle and are checked as the other readers check them when they read a record: an
 * index past STRS is damage of the section holding it, a string that is not UTF-8 damage of STRS. */

static int utf8_valid(const uint8_t *text, size_t length);

/* String `index` named by section `referrer`: NB_NONE gives no text, anything else must be a
 * string of STRS and UTF-8. */
static nb_status record_text(nb_bundle *b, uint32_t index, const char *referrer, nb_text *out) {
    out->text = NULL, out->length = 0;
    if (index == NB_NONE) return NB_OK;
    if (index >= b->strings)
        return refuse(b, NB_ERROR_FORMAT, "%s names string %u, STRS has %u", referrer, index, b->strings);
    size_t length = 0;
    const char *text = nb_string(b, index, &length);
    uint8_t bit = (uint8_t)(1u << (index & 7));
    if (b->strings_valid == NULL || !(b->strings_valid[index >> 3] & bit)) {
        if (!utf8_valid((const uint8_t *)text, length))
            return refuse(b, NB_ERROR_FORMAT, "STRS: string %u is not UTF-8", index);
        if (b->strings_valid == NULL) b->strings_valid = calloc((size_t)b->strings / 8 + 1, 1); /* NULL: check again */
        if (b->strings_valid) b->strings_valid[index >> 3] |= bit;
    }
    out->text = text, out->length = length;
    return NB_OK;
}

int nb_has_section(const nb_bundle *b, const char *tag) {
    if (tag == NULL || strlen(tag) != 4) return 0;
    /* EGRS and WIFI are read in section version 2, SHAP, GARC and GLMK in 1 and 2, every other
     * section in version 1. */
    if (strcmp(tag, "SHAP") == 0 || strcmp(tag, "GARC") == 0 || strcmp(tag, "GLMK") == 0)
        return find_section_either(b, tag) != NULL;
    uint16_t version = strcmp(tag, "EGRS") == 0 || strcmp(tag, "WIFI") == 0 ? 2 : 1;
    return find_section_version(b, tag, version) != NULL;
}

nb_status nb_section_entry(const nb_bundle *b, size_t index, nb_section *info) {
    memset(info, 0, sizeof *info);
    if (index >= b->section_count) return NB_ERROR_ARGUMENT;
    const section *s = &b->sections[index];
    memcpy(info->tag, s->tag, 5);
    info->version = s->version, info->offset = s->offset, info->length = s->length;
    return NB_OK;
}

nb_status nb_metadata(nb_bundle *b, const char **json, size_t *length) {
    *json = NULL, *length = 0;
    const section *s = find_section(b, "META"); /* required: nb_open refused a bundle without it */
    const uint8_t *p = section_bytes(b, s);
    if (!utf8_valid(p, (size_t)s->length)) return refuse(b, NB_ERROR_FORMAT, "META is not UTF-8");
    *json = (const char *)p, *length = (size_t)s->length;
    return NB_OK;
}

uint32_t nb_event_count(const nb_bundle *b) {
    /* EVNT is required and its count was checked against its length by nb_open. */
    return rd32(section_bytes(b, find_section(b, "EVNT")));
}

nb_status nb_level_info(nb_bundle *b, uint32_t level, nb_level *info) {
    memset(info, 0, sizeof *info);
    if (level >= b->level_count)
        return refuse(b, NB_ERROR_ARGUMENT, "level %u is not one of the %u levels", level, b->level_count);
    const uint8_t *e = b->levels + 24 * (size_t)level;
    nb_text *fields[4] = {&info->id, &info->name, &info->building_id, &info->building_name};
    for (int f = 0; f < 4; f++) {
        nb_status status = record_text(b, rd32(e + 4 * f), "LEVL", fields[f]);
        if (status != NB_OK) return status;
    }
    info->ordinal = rdf64(e + 16);
    return NB_OK;
}

nb_status nb_node_record(nb_bundle *b, uint32_t node, nb_node *info) {
    memset(info, 0, sizeof *info);
    if (node >= b->nodes) return refuse(b, NB_ERROR_ARGUMENT, "node %u is not one of the %u nodes", node, b->nodes);
    const uint8_t *e = b->node_entries + 16 * (size_t)node;
    info->latitude = (int32_t)rd32(e), info->longitude = (int32_t)rd32(e + 4), info->level = rd16(e + 8);
    info->kind = e[10];
    return record_text(b, rd32(e + 12), "NODE", &info->label);
}

nb_status nb_arcs_from(nb_bundle *b, uint32_t node, uint32_t *first, uint32_t *count) {
    *first = 0, *count = 0;
    if (node >= b->nodes) return refuse(b, NB_ERROR_ARGUMENT, "node %u is not one of the %u nodes", node, b->nodes);
    *first = rd32(b->first_out + 4 * (size_t)node);
    *count = rd32(b->first_out + 4 * ((size_t)node + 1)) - *first;
    return NB_OK;
}

/* The tail of `arc`: the last node whose arcs start at or before it (ARCS's offsets rise from 0
 * to the arc count, as nb_open checked, so nodes without arcs are passed over). */
static uint32_t arc_tail(const nb_bundle *b, uint32_t arc) { return b->tails[arc]; }

nb_status nb_arc_info(nb_bundle *b, uint32_t arc, nb_arc *info) {
    memset(info, 0, sizeof *info);
    if (arc >= b->arcs) return refuse(b, NB_ERROR_ARGUMENT, "arc %u is not one of the %u arcs", arc, b->arcs);
    const uint8_t *e = b->arc_entries + 16 * (size_t)arc;
    info->tail = arc_tail(b, arc), info->head = rd32(e), info->length = rd32(e + 4);
    info->kind = e[12], info->indoor = e[13] & 1;
    return record_text(b, rd32(e + 8), "ARCS", &info->label);
}

/* SHAP checked in full by its first use: as many arcs as ARCS, the tables inside the section, the
 * corner offsets rising from 0 to the corner count and, at section version 2, the ranks counting
 * the bits before them, no bit past the last arc, and every bent arc with a corner. Then
 * shape_range trusts it. */
static nb_status load_shapes(nb_bundle *b) {
    if (b->shape_first) return NB_OK;
    const section *s = find_section_either(b, "SHAP");
    if (s == NULL) return NB_OK; /* absent: every arc is straight */
    const uint8_t *p = section_bytes(b, s);
    int bent_only = s->version == 2;
    if (s->length < (bent_only ? 16u : 8u)) return refuse(b, NB_ERROR_FORMAT, "SHAP is too short for its header");
    uint64_t arcs = rd32(p), corners = rd32(p + 4), words = (arcs + 63) / 64;
    if (arcs != b->arcs) return refuse(b, NB_ERROR_FORMAT, "SHAP has %llu arcs, ARCS %u", (unsigned long long)arcs, b->arcs);
    /* Version 1: an offset per arc. Version 2: bits and ranks, then an offset per bent arc. */
    uint64_t offsets = bent_only ? rd32(p + 8) : arcs, first_at = bent_only ? (16 + 12 * words + 7) / 8 * 8 : 8;
    uint64_t corners_at = (first_at + 4 * (offsets + 1) + 7) / 8 * 8;
    if (corners_at + 8 * corners > s->length)
        return refuse(b, NB_ERROR_FORMAT, "SHAP: %llu corners do not fit its %llu bytes", (unsigned long long)corners,
                      (unsigned long long)s->length);
    const uint8_t *first = p + first_at;
    if (rd32(first) != 0 || rd32(first + 4 * offsets) != corners)
        return refuse(b, NB_ERROR_FORMAT, "SHAP: corner offsets do not run from 0 to %llu", (unsigned long long)corners);
    for (uint64_t a = 0; a < offsets; a++)
        if (rd32(first + 4 * a) > rd32(first + 4 * (a + 1)) || (bent_only && rd32(first + 4 * a) == rd32(first + 4 * (a + 1))))
            return refuse(b, NB_ERROR_FORMAT, "SHAP: corner offsets %s at entry %llu", bent_only ? "do not rise" : "fall",
                          (unsigned long long)a);
    if (bent_only) {
        const uint8_t *bits = p + 16, *ranks = p + 16 + 8 * words;
        uint64_t before = 0;
        for (uint64_t w = 0; w < words; w++) {
            uint64_t word = rd64(bits + 8 * w);
            if (rd32(ranks + 4 * w) != before)
                return refuse(b, NB_ERROR_FORMAT, "SHAP: word %llu ranks %u bent arcs before it, not %llu",
                              (unsigned long long)w, rd32(ranks + 4 * w), (unsigned long long)before);
            if (w == words - 1 && arcs % 64 != 0 && word >> (arcs % 64) != 0)
                return refuse(b, NB_ERROR_FORMAT, "SHAP: bits are set past the last arc");
            before += bit_count(word);
        }
        if (before != offsets)
            return refuse(b, NB_ERROR_FORMAT, "SHAP: %llu arcs have bits, the header says %llu are bent",
                          (unsigned long long)before, (unsigned long long)offsets);
        b->shape_bits = bits, b->shape_ranks = ranks;
    }
    b->shape_corners = p + corners_at, b->shape_first = first;
    return NB_OK;
}

/* The corners of `arc` among SHAP's, `*start ..< *stop`, by the tables load_shapes checked; none
 * before it has loaded them or without SHAP. A straight arc's range is empty at the place its
 * corners would take, in either version. */
static void shape_range(const nb_bundle *b, uint32_t arc, uint32_t *start, uint32_t *stop) {
    *start = 0, *stop = 0;
    if (b->shape_first == NULL) return;
    if (b->shape_bits == NULL) {
        *start = rd32(b->shape_first + 4 * (size_t)arc), *stop = rd32(b->shape_first + 4 * ((size_t)arc + 1));
        return;
    }
    /* The bent arcs before this one: their corners come first, as in version 1's offsets. */
    uint64_t word = rd64(b->shape_bits + 8 * (size_t)(arc / 64));
    unsigned bit = arc % 64;
    size_t index = (size_t)rd32(b->shape_ranks + 4 * (size_t)(arc / 64)) + bit_count(word & ((1ull << bit) - 1));
    *start = *stop = rd32(b->shape_first + 4 * index);
    if (word >> bit & 1) *stop = rd32(b->shape_first + 4 * (index + 1));
}

/* Whether `arc` has corners: one bit of SHAP version 2, read before any rank is counted, since
 * almost every arc of a city is straight. */
static int shape_bent(const nb_bundle *b, uint32_t arc) {
    if (b->shape_first == NULL) return 0;
    if (b->shape_bits == NULL) return rd32(b->shape_first + 4 * ((size_t)arc + 1)) != rd32(b->shape_first + 4 * (size_t)arc);
    return (int)(rd64(b->shape_bits + 8 * (size_t)(arc / 64)) >> (arc % 64) & 1);
}

nb_status nb_arc_shape(nb_bundle *b, uint32_t arc, int32_t (*points)[2], size_t capacity, size_t *count) {
    *count = 0;
    if (arc >= b->arcs) return refuse(b, NB_ERROR_ARGUMENT, "arc %u is not one of the %u arcs", arc, b->arcs);
    nb_status status = load_shapes(b);
    if (status != NB_OK) return status;
    uint32_t start, stop;
    shape_range(b, arc, &start, &stop);
    const uint8_t *ends[2] = {b->node_entries + 16 * (size_t)arc_tail(b, arc),
                              b->node_entries + 16 * (size_t)rd32(b->arc_entries + 16 * (size_t)arc)};
    *count = (size_t)(stop - start) + 2;
    for (size_t i = 0; i < *count && i < capacity; i++) {
        const uint8_t *at = i == 0 ? ends[0] : i == *count - 1 ? ends[1] : b->shape_corners + 8 * ((size_t)start + i - 1);
        points[i][0] = (int32_t)rd32(at), points[i][1] = (int32_t)rd32(at + 4);
    }
    return NB_OK;
}

/* Refuses an arc out of range, or a bundle without GARC. */
static nb_status need_bearings(nb_bundle *b, uint32_t arc) {
    if (arc >= b->arcs) return refuse(b, NB_ERROR_ARGUMENT, "arc %u is not one of the %u arcs", arc, b->arcs);
    if (b->bearing_ends == NULL)
        return refuse(b, NB_ERROR_UNAVAILABLE, "the bundle has no arc bearings (GARC, written since format 2.1 and 1.3)");
    return NB_OK;
}

nb_status nb_arc_bearings(nb_bundle *b, uint32_t arc, uint8_t *first, uint8_t *last) {
    *first = 0, *last = 0;
    nb_status status = need_bearings(b, arc);
    if (status != NB_OK) return status;
    *first = b->bearing_ends[2 * (size_t)arc], *last = b->bearing_ends[2 * (size_t)arc + 1];
    return NB_OK;
}

nb_status nb_arc_corners(nb_bundle *b, uint32_t arc, uint32_t *first, uint32_t *count) {
    *first = 0, *count = 0;
    if (arc >= b->arcs) return refuse(b, NB_ERROR_ARGUMENT, "arc %u is not one of the %u arcs", arc, b->arcs);
    nb_status status = load_shapes(b);
    if (status != NB_OK || b->shape_first == NULL) return status;
    uint32_t stop;
    shape_range(b, arc, first, &stop);
    *count = stop - *first;
    return NB_OK;
}

nb_status nb_corner_bearing(nb_bundle *b, uint32_t arc, uint32_t corner, uint32_t *along, uint8_t *bearing) {
    *along = 0, *bearing = 0;
    nb_status status = need_bearings(b, arc);
    uint32_t first, count;
    if (status == NB_OK) status = nb_arc_corners(b, arc, &first, &count);
    if (status != NB_OK) return status;
    if (corner >= count)
        return refuse(b, NB_ERROR_ARGUMENT, "corner %u is not one of the %u corners of arc %u", corner, count, arc);
    /* SHAP's offsets stay within its corners (load_shapes), which are GARC's (the opening). */
    const uint8_t *entry = b->bearing_corners + 8 * ((size_t)first + corner);
    uint32_t value = rd32(entry), length = rd32(b->arc_entries + 16 * (size_t)arc + 4),
             previous = corner > 0 ? rd32(entry - 8) : 0;
    if (value > length || value < previous)
        return refuse(b, NB_ERROR_FORMAT, "GARC: corner %u of arc %u is %u cm from its tail, outside %u..%u", corner, arc,
                      value, previous, length);
    *along = value, *bearing = entry[4];
    return NB_OK;
}

nb_status nb_arc_climb(nb_bundle *b, uint32_t arc, nb_climb *climb) {
    climb->steps = 0, climb->rise = 0;
    if (arc >= b->arcs) return refuse(b, NB_ERROR_ARGUMENT, "arc %u is not one of the %u arcs", arc, b->arcs);
    const section *s = find_section(b, "STPC");
    if (s == NULL) return NB_OK; /* absent: no arc climbs or has counted steps */
    uint32_t count = 0;
    const uint8_t *entries = NULL;
    nb_status status = counted(b, s, 8, &count, &entries);
    if (status != NB_OK) return status;
    if (count > b->arcs) return refuse(b, NB_ERROR_FORMAT, "STPC has %u entries for the %u arcs of ARCS", count, b->arcs);
    /* Entries rise by arc, so bisection finds its entry; entries out of order may hide one but
     * never lead outside the section. */
    uint32_t low = 0, high = count;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        if (rd32(entries + 8 * (size_t)middle) < arc) low = middle + 1;
        else high = middle;
    }
    if (low < count && rd32(entries + 8 * (size_t)low) == arc) {
        const uint8_t *e = entries + 8 * (size_t)low;
        climb->steps = rd16(e + 4), climb->rise = (int16_t)rd16(e + 6);
    }
    return NB_OK;
}

uint32_t nb_landmark_count(const nb_bundle *b) { return b->landmark_count; }
uint32_t nb_landmark_key_count(const nb_bundle *b) { return b->landmark_keys; }

nb_status nb_landmark(nb_bundle *b, uint32_t landmark, nb_landmark_info *info) {
    memset(info, 0, sizeof *info);
    if (landmark >= b->landmark_count)
        return refuse(b, NB_ERROR_ARGUMENT, "landmark %u is not one of the %u landmarks", landmark, b->landmark_count);
    const uint8_t *e = b->landmarks + 24 * (size_t)landmark;
    info->place = rd32(e + 4);
    info->latitude = (int32_t)rd32(e + 8), info->longitude = (int32_t)rd32(e + 12);
    info->level = rd16(e + 16), info->kind = e[18], info->naming = e[19];
    return record_text(b, rd32(e), "GLMK", &info->name);
}

nb_status nb_landmark_pairs(nb_bundle *b, uint32_t key, uint32_t *first, uint32_t *count) {
    *first = 0, *count = 0;
    if (b->landmark_pairs == NULL) return NB_OK; /* no GLMK: nothing is known to be seen */
    if (key >= b->landmark_keys)
        return refuse(b, NB_ERROR_ARGUMENT, "decision point %u is not one of the %u keys", key, b->landmark_keys);
    /* Bisection for the first pair of `key`, then for the first of the next key from there: the
     * pairs are in order of key (nb_open checked), and a key has a few, so that one is mostly
     * found in the first steps. */
    uint32_t bounds[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        uint32_t low = bounds[0], high = b->landmark_pair_count;
        if (k == 1) { /* gallop: `low` moves on only over pairs of `key` or before it */
            uint64_t step = 1;
            for (; (uint64_t)low + step < high && rd32(b->landmark_pairs + 12 * (size_t)(low + step)) <= key; step *= 2) low += (uint32_t)step;
            if ((uint64_t)low + step < high) high = (uint32_t)(low + step); /* a pair after `key` */
        }
        while (low < high) {
            uint32_t middle = low + (high - low) / 2;
            if (rd32(b->landmark_pairs + 12 * (size_t)middle) < key + (uint32_t)k) low = middle + 1;
            else high = middle;
        }
        bounds[k] = low;
    }
    *first = bounds[0], *count = bounds[1] - bounds[0];
    return NB_OK;
}

nb_status nb_landmark_pair(nb_bundle *b, uint32_t pair, nb_landmark_pair_info *info) {
    memset(info, 0, sizeof *info);
    if (pair >= b->landmark_pair_count)
        return refuse(b, NB_ERROR_ARGUMENT, "pair %u is not one of the %u landmark pairs", pair, b->landmark_pair_count);
    const uint8_t *e = b->landmark_pairs + 12 * (size_t)pair;
    info->landmark = rd32(e + 4), info->distance = rd16(e + 8), info->bearing = e[10], info->salience = e[11];
    return NB_OK;
}

nb_status nb_place_info(nb_bundle *b, uint32_t place, nb_place *info) {
    memset(info, 0, sizeof *info);
    if (place >= b->place_count)
        return refuse(b, NB_ERROR_ARGUMENT, "place %u is not one of the %u places", place, b->place_count);
    const uint8_t *e = b->places + 64 * (size_t)place;
    info->kind = e[0], info->positioned = e[1] != 0;
    info->level = rd16(e + 2) == NO_LEVEL ? NB_NONE : rd16(e + 2);
    info->node = rd32(e + 4);
    nb_text *fields[9] = {&info->ref,   &info->name,  &info->category, &info->description, &info->building,
                          &info->opening_hours, &info->phone, &info->email, &info->website};
    for (int f = 0; f < 9; f++) {
        nb_status status = record_text(b, rd32(e + 8 + 4 * f), "PLAC", fields[f]);
        if (status != NB_OK) return status;
    }
    info->capacity = (int32_t)rd32(e + 44);
    if (info->positioned) info->latitude = (int32_t)rd32(e + 48), info->longitude = (int32_t)rd32(e + 52);
    info->geofence_radius = rd32(e + 56);
    return NB_OK;
}

nb_status nb_event_info(nb_bundle *b, uint32_t event, nb_event *info) {
    memset(info, 0, sizeof *info);
    uint32_t count = nb_event_count(b);
    if (event >= count) return refuse(b, NB_ERROR_ARGUMENT, "event %u is not one of the %u events", event, count);
    const uint8_t *e = section_bytes(b, find_section(b, "EVNT")) + 8 + 32 * (size_t)event;
    info->place = rd32(e); /* below the place count, as nb_open checked */
    nb_status status = record_text(b, rd32(e + 4), "EVNT", &info->title);
    if (status == NB_OK) status = record_text(b, rd32(e + 8), "EVNT", &info->description);
    info->start = (int64_t)rd64(e + 16), info->end = (int64_t)rd64(e + 24);
    return status;
}

/* ---- Hierarchies ---- */

#define W(h, array, i) rd32((h)->words + 4 * ((h)->array + (size_t)(i)))

static size_t slot_up(const hierarchy *h, uint32_t arc, uint32_t rank) { return W(h, down_first, rank + 1) + (size_t)arc; }
static size_t slot_down(const hierarchy *h, uint32_t arc, uint32_t rank) { return W(h, up_first, rank) + (size_t)arc; }

/* What the full check of a hierarchy needs besides the hierarchy. */
typedef struct {
    const nb_bundle *b;
    uint32_t profile;
    const uint32_t *arc_tail; /* each ARCS arc's tail node */
    const uint64_t *up_size, *down_size;
} check_context;

/* How many input arcs an arc from rank `tail` to rank `head` stands for (at most ARCS's count),
 * or 0 when it is invalid. `owner` is the rank it is stored at, the lower of its ends. */
static uint64_t arc_size(const check_context *x, const hierarchy *h, uint32_t via, uint32_t first, uint32_t second,
                         uint32_t weight, uint32_t tail, uint32_t head, uint32_t owner) {
    if (via & ORIGINAL_ARC) {
        uint32_t arc = via & ~ORIGINAL_ARC;
        if (first != via || second != via || arc >= x->b->arcs) return 0;
        /* An input arc must be the ARCS arc between the nodes it joins, at its PROF cost, so
         * that every unpacked route chains from source to target and costs what was found. */
        if (x->arc_tail[arc] != W(h, node_at_rank, tail) ||
            rd32(x->b->arc_entries + 16 * (size_t)arc) != W(h, node_at_rank, head))
            return 0;
        uint32_t cost = profile_cost(x->b, x->profile, arc);
        return cost != NB_NONE && cost == weight ? 1 : 0;
    }
    uint32_t middle = via;
    if (middle >= owner) return 0;
    if (first < W(h, up_first, middle) || second < W(h, down_first, middle + 1)) return 0;
    uint64_t down = (uint64_t)first - W(h, up_first, middle), up = (uint64_t)second - W(h, down_first, middle + 1);
    if (down < W(h, down_first, middle) || down >= W(h, down_first, middle + 1)) return 0;
    if (up < W(h, up_first, middle) || up >= W(h, up_first, middle + 1)) return 0;
    if (W(h, down_tail, down) != tail || W(h, up_head, up) != head) return 0;
    if ((uint64_t)W(h, down_weight, down) + W(h, up_weight, up) != weight) return 0;
    uint64_t total = x->down_size[down] + x->up_size[up];
    return total <= (x->b->arcs ? x->b->arcs : 1) ? total : 0;
}

static nb_status check_hierarchy(nb_bundle *b, hierarchy *h, uint32_t profile, const char *tag) {
    uint32_t n = h->n;
    nb_status status = NB_OK;
    uint8_t *seen = calloc(n ? n : 1, 1);
    uint64_t *up_size = calloc(h->u ? h->u : 1, sizeof(uint64_t)), *down_size = calloc(h->d ? h->d : 1, sizeof(uint64_t));
    uint32_t *arc_tail = malloc(sizeof(uint32_t) * (b->arcs ? b->arcs : 1));
    if (!seen || !up_size || !down_size || !arc_tail) { status = out_of_memory(b); goto done; }
    for (uint32_t v = 0; v < b->nodes; v++)
        for (uint32_t a = rd32(b->first_out + 4 * (size_t)v); a < rd32(b->first_out + 4 * ((size_t)v + 1)); a++)
            arc_tail[a] = v;
    if ((uint64_t)h->u + h->d >= ORIGINAL_ARC) goto refused;
    for (uint32_t r = 0; r < n; r++) {
        uint32_t node = W(h, node_at_rank, r);
        if (node >= n || seen[node] || W(h, rank, node) != r) goto refused;
        seen[node] = 1;
    }
    size_t firsts[2] = {h->up_first, h->down_first}, others[2] = {h->up_head, h->down_tail};
    uint32_t counts[2] = {h->u, h->d};
    for (int g = 0; g < 2; g++) {
        if (rd32(h->words + 4 * firsts[g]) != 0 || rd32(h->words + 4 * (firsts[g] + n)) != counts[g]) goto refused;
        for (uint32_t r = 0; r < n; r++)
            if (rd32(h->words + 4 * (firsts[g] + r)) > rd32(h->words + 4 * (firsts[g] + r + 1))) goto refused;
        for (uint32_t r = 0; r < n; r++) {
            uint32_t previous = r;
            for (uint32_t a = rd32(h->words + 4 * (firsts[g] + r)); a < rd32(h->words + 4 * (firsts[g] + r + 1)); a++) {
                uint32_t other = rd32(h->words + 4 * (others[g] + a));
                if (other <= previous || other >= n) goto refused;
                previous = other;
            }
        }
    }
    /* Halves lie at a lower rank than the arc they make up, so rising ranks size them first. */
    check_context x = {b, profile, arc_tail, up_size, down_size};
    for (uint32_t r = 0; r < n; r++) {
        for (uint32_t a = W(h, up_first, r); a < W(h, up_first, r + 1); a++) {
            size_t at = slot_up(h, a, r);
            up_size[a] = arc_size(&x, h, W(h, up_via, a), W(h, halves, 2 * at), W(h, halves, 2 * at + 1),
                                  W(h, up_weight, a), r, W(h, up_head, a), r);
            if (up_size[a] == 0) goto refused;
        }
        for (uint32_t a = W(h, down_first, r); a < W(h, down_first, r + 1); a++) {
            size_t at = slot_down(h, a, r);
            down_size[a] = arc_size(&x, h, W(h, down_via, a), W(h, halves, 2 * at), W(h, halves, 2 * at + 1),
                                    W(h, down_weight, a), W(h, down_tail, a), r, r);
            if (down_size[a] == 0) goto refused;
        }
    }
    goto done;
refused:
    status = refuse(b, NB_ERROR_FORMAT, "%s is not a valid contraction hierarchy", tag);
done:
    free(seen), free(up_size), free(down_size), free(arc_tail);
    return status;
}

static nb_status load_hierarchy(nb_bundle *b, uint32_t profile, hierarchy **out) {
    hierarchy *h = &b->hierarchies[profile];
    char tag[5];
    snprintf(tag, sizeof tag, "CH%02X", profile & 0xFF);
    if (!h->checked) {
        const section *s = find_section(b, tag);
        if (s == NULL) return refuse(b, NB_ERROR_UNAVAILABLE, "no contraction hierarchy %s: routing is not available", tag);
        const uint8_t *w = section_bytes(b, s);
        if (s->length < 16 || s->length % 4 || rd32(w) != HIERARCHY_MAGIC)
            return refuse(b, NB_ERROR_FORMAT, "%s is not a CHv2 hierarchy", tag);
        uint64_t n = rd32(w + 4), u = rd32(w + 8), d = rd32(w + 12);
        if (s->length / 4 != 4 + 4 * n + 2 + 5 * (u + d)) return refuse(b, NB_ERROR_FORMAT, "%s has the wrong length", tag);
        if (n != b->nodes)
            return refuse(b, NB_ERROR_FORMAT, "%s has %llu nodes, NODE %u", tag, (unsigned long long)n, b->nodes);
        h->words = w, h->n = (uint32_t)n, h->u = (uint32_t)u, h->d = (uint32_t)d;
        h->rank = 4, h->node_at_rank = 4 + n, h->up_first = 4 + 2 * n, h->up_head = h->up_first + n + 1;
        h->up_weight = h->up_head + u, h->up_via = h->up_weight + u, h->down_first = h->up_via + u;
        h->down_tail = h->down_first + n + 1, h->down_weight = h->down_tail + d, h->down_via = h->down_weight + d;
        h->halves = h->down_via + d;
        nb_status status = check_hierarchy(b, h, profile, tag);
        if (status != NB_OK) return status;
        h->checked = 1;
    }
    *out = h;
    return NB_OK;
}

/* A lazy priority queue of (distance, rank), smallest first: ties go to the lower rank so that
 * every reader takes nodes out in the same order. */
typedef struct {
    uint64_t key;
    uint32_t rank;
} queue_entry;

typedef struct {
    queue_entry *items;
    size_t count, capacity;
} queue;

static int entry_before(queue_entry a, queue_entry b) { return a.key < b.key || (a.key == b.key && a.rank < b.rank); }

static int queue_push(queue *q, queue_entry e) {
    if (q->count == q->capacity) {
        size_t capacity = q->capacity ? 2 * q->capacity : 64;
        if (capacity > SIZE_MAX / sizeof(queue_entry)) return 0;
        queue_entry *larger = realloc(q->items, capacity * sizeof(queue_entry));
        if (!larger) return 0;
        q->items = larger, q->capacity = capacity;
    }
    size_t at = q->count++;
    while (at > 0 && entry_before(e, q->items[(at - 1) / 2])) q->items[at] = q->items[(at - 1) / 2], at = (at - 1) / 2;
    q->items[at] = e;
    return 1;
}

static void queue_pop(queue *q) {
    queue_entry last = q->items[--q->count];
    size_t at = 0;
    for (;;) {
        size_t child = 2 * at + 1;
        if (child >= q->count) break;
        if (child + 1 < q->count && entry_before(q->items[child + 1], q->items[child])) child++;
        if (!entry_before(q->items[child], last)) break;
        q->items[at] = q->items[child], at = child;
    }
    if (q->count > 0) q->items[at] = last;
}

typedef struct {
    uint32_t *items;
    size_t count, capacity;
} u32_list;

static int list_push(u32_list *l, uint32_t value) {
    if (l->count == l->capacity) {
        size_t capacity = l->capacity ? 2 * l->capacity : 64;
        if (capacity > SIZE_MAX / sizeof(uint32_t)) return 0;
        uint32_t *larger = realloc(l->items, capacity * sizeof(uint32_t));
        if (!larger) return 0;
        l->items = larger, l->capacity = capacity;
    }
    l->items[l->count++] = value;
    return 1;
}

/* One side of the reference query: the forward side climbs upward arcs and stalls on downward
 * ones; the backward side climbs downward arcs (to their tails) and stalls on upward ones. Its
 * arrays are the bundle's (ch_memory), lent for one query. */
typedef struct {
    uint64_t *distance;
    uint32_t *parent_arc, *parent_rank;
    u32_list reached; /* the ranks whose distance this query set: the entries to reset after it */
    queue q;
    size_t first, other, weight;                   /* the arcs this side climbs */
    size_t stall_first, stall_other, stall_weight; /* the other graph's arcs at a node */
} side;

/* The two sides' arrays, kept between classic queries on a bundle (which one thread uses at a
 * time): filling three node-sized arrays per query cost a city route more than its search
 * (docs/contraction.md). Between queries every distance is UNREACHED and every parent NB_NONE;
 * a query resets only the ranks it reached. Sized for the largest hierarchy asked so far. */
struct ch_memory {
    side sides[2];
    uint32_t capacity;
};

static void ch_memory_free(ch_memory *m) {
    if (m == NULL) return;
    for (int i = 0; i < 2; i++) {
        side *s = &m->sides[i];
        free(s->distance), free(s->parent_arc), free(s->parent_rank), free(s->reached.items), free(s->q.items);
    }
    free(m);
}

/* The bundle's query memory with room for `count` ranks or nodes, or NULL when out of memory. */
static ch_memory *ch_memory_for(nb_bundle *b, uint32_t count) {
    ch_memory *m = b->ch_memory;
    if (m != NULL && m->capacity >= count) return m;
    ch_memory_free(m);
    b->ch_memory = m = calloc(1, sizeof *m);
    if (m == NULL) return NULL;
    size_t n = count ? count : 1;
    for (int i = 0; i < 2; i++) {
        side *s = &m->sides[i];
        s->distance = malloc(sizeof(uint64_t) * n);
        s->parent_arc = malloc(sizeof(uint32_t) * n), s->parent_rank = malloc(sizeof(uint32_t) * n);
        if (!s->distance || !s->parent_arc || !s->parent_rank) return ch_memory_free(m), b->ch_memory = NULL;
        for (size_t v = 0; v < n; v++) s->distance[v] = UNREACHED, s->parent_arc[v] = NB_NONE, s->parent_rank[v] = NB_NONE;
    }
    m->capacity = count;
    return m;
}

/* Sets rank `v`'s distance on side `s`, listing it the first time; 0 when out of memory. */
static int side_reach(side *s, uint32_t v, uint64_t distance) {
    if (s->distance[v] == UNREACHED && !list_push(&s->reached, v)) return 0;
    s->distance[v] = distance;
    return 1;
}

static int side_init(side *s, const hierarchy *h, int forward, uint32_t start) {
    s->first = forward ? h->up_first : h->down_first;
    s->other = forward ? h->up_head : h->down_tail;
    s->weight = forward ? h->up_weight : h->down_weight;
    s->stall_first = forward ? h->down_first : h->up_first;
    s->stall_other = forward ? h->down_tail : h->up_head;
    s->stall_weight = forward ? h->down_weight : h->up_weight;
    return side_reach(s, start, 0) && queue_push(&s->q, (queue_entry){0, start});
}

/* Hands the side's arrays back as a query found them: the reached ranks reset, the lists emptied
 * (their room kept for the next query). */
static void side_release(side *s) {
    for (size_t i = 0; i < s->reached.count; i++) {
        uint32_t v = s->reached.items[i];
        s->distance[v] = UNREACHED, s->parent_arc[v] = NB_NONE, s->parent_rank[v] = NB_NONE;
    }
    s->reached.count = 0, s->q.count = 0;
}

/* Drops entries whose rank has since been reached more cheaply, so the top is the true minimum. */
static void discard_outdated(side *s) {
    while (s->q.count > 0 && s->q.items[0].key != s->distance[s->q.items[0].rank]) queue_pop(&s->q);
}

/* Takes the smallest (distance, rank) of `me` out and handles it (steps 1 to 3 of the query). */
static int settle(const hierarchy *h, side *me, const side *other, uint64_t *best, uint32_t *meeting) {
    queue_entry top = me->q.items[0];
    queue_pop(&me->q);
    uint64_t k = top.key;
    uint32_t v = top.rank;
    if (other->distance[v] != UNREACHED && saturating_add(k, other->distance[v]) < *best)
        *best = saturating_add(k, other->distance[v]), *meeting = v;
    const uint8_t *w = h->words;
    for (uint32_t a = rd32(w + 4 * (me->stall_first + v)); a < rd32(w + 4 * (me->stall_first + v + 1)); a++) {
        uint32_t u = rd32(w + 4 * (me->stall_other + a));
        if (me->distance[u] != UNREACHED && me->distance[u] + rd32(w + 4 * (me->stall_weight + a)) < k) return 1;
    }
    for (uint32_t a = rd32(w + 4 * (me->first + v)); a < rd32(w + 4 * (me->first + v + 1)); a++) {
        uint32_t next = rd32(w + 4 * (me->other + a));
        uint64_t total = k + rd32(w + 4 * (me->weight + a));
        if (total >= me->distance[next]) continue;
        if (!side_reach(me, next, total)) return 0;
        me->parent_arc[next] = a, me->parent_rank[next] = v;
        if (!queue_push(&me->q, (queue_entry){total, next})) return 0;
    }
    return 1;
}

void nb_path_free(nb_path *path) {
    if (path == NULL) return;
    free(path->nodes), free(path->arcs);
    path->nodes = NULL, path->arcs = NULL, path->node_count = 0, path->arc_count = 0;
}

/* Fills `path` from the ARCS arcs a hierarchy unpacked to (taking them over), once they chain
 * from `source` to `target` and cost `best`, what the search found, in `weights` (one per ARCS
 * arc) or, when NULL, in the profile's PROF costs. `tag` names the hierarchy in messages. */
static nb_status finish_path(nb_bundle *b, const char *tag, uint32_t profile, const uint32_t *weights, uint32_t source,
                             uint32_t target, u32_list *arcs, uint64_t best, nb_path *path) {
    path->nodes = malloc(sizeof(uint32_t) * (arcs->count + 1));
    if (!path->nodes) return out_of_memory(b);
    /* A route from a node to itself has no arcs; its array is still a valid pointer. */
    if (!arcs->items && !(arcs->items = malloc(sizeof(uint32_t)))) return out_of_memory(b);
    path->nodes[0] = source, path->node_count = 1;
    uint64_t duration = 0, length = 0;
    for (size_t i = 0; i < arcs->count; i++) {
        uint32_t arc = arcs->items[i], tail = path->nodes[i];
        if (arc < rd32(b->first_out + 4 * (size_t)tail) || arc >= rd32(b->first_out + 4 * ((size_t)tail + 1)))
            return refuse(b, NB_ERROR_FORMAT, "%s: a route does not chain at arc %u", tag, arc);
        path->nodes[path->node_count++] = rd32(b->arc_entries + 16 * (size_t)arc);
        duration += weights ? weights[arc] : profile_cost(b, profile, arc);
        length += rd32(b->arc_entries + 16 * (size_t)arc + 4);
    }
    if (path->nodes[arcs->count] != target)
        return refuse(b, NB_ERROR_FORMAT, "%s: a route ends at node %u, not %u", tag, path->nodes[arcs->count], target);
    if (duration != best)
        return refuse(b, NB_ERROR_FORMAT, "%s: a route costs %llu ms in its arcs, %llu in the hierarchy", tag,
                      (unsigned long long)duration, (unsigned long long)best);
    path->duration = duration, path->length = length;
    path->arcs = arcs->items, path->arc_count = arcs->count, arcs->items = NULL;
    return NB_OK;
}

/* Replaces the meeting's hierarchy arcs by their halves, first then second, down to ARCS arcs. */
static nb_status unpack(nb_bundle *b, const hierarchy *h, uint32_t profile, uint32_t source, uint32_t target,
                        const side *forward, const side *backward, uint32_t meeting, uint64_t best, nb_path *path) {
    u32_list stack = {0}, arcs = {0};
    nb_status status = NB_OK;
    /* The stack holds slots, the next to expand on top: the descent from the meeting rank to the
     * target, last arc pushed first, then the climb, whose parents run from the meeting down. */
    u32_list descent = {0};
    for (uint32_t v = meeting; backward->parent_arc[v] != NB_NONE; v = backward->parent_rank[v])
        if (!list_push(&descent, (uint32_t)slot_down(h, backward->parent_arc[v], backward->parent_rank[v]))) goto memory;
    for (size_t i = descent.count; i > 0; i--)
        if (!list_push(&stack, descent.items[i - 1])) goto memory;
    for (uint32_t v = meeting; forward->parent_arc[v] != NB_NONE; v = forward->parent_rank[v])
        if (!list_push(&stack, (uint32_t)slot_up(h, forward->parent_arc[v], forward->parent_rank[v]))) goto memory;
    while (stack.count > 0) {
        uint32_t slot = stack.items[--stack.count], first = W(h, halves, 2 * (size_t)slot);
        if (first & ORIGINAL_ARC) {
            /* A checked hierarchy cannot unpack to more arcs than ARCS has; stop if it tries. */
            if (arcs.count >= b->arcs) {
                status = refuse(b, NB_ERROR_FORMAT, "CH%02X: a route unpacks to more arcs than ARCS has", profile);
                goto done;
            }
            if (!list_push(&arcs, first & ~ORIGINAL_ARC)) goto memory;
            continue;
        }
        if (!list_push(&stack, W(h, halves, 2 * (size_t)slot + 1)) || !list_push(&stack, first)) goto memory;
    }
    char tag[5];
    snprintf(tag, sizeof tag, "CH%02X", profile & 0xFF);
    status = finish_path(b, tag, profile, NULL, source, target, &arcs, best, path);
    goto done;
memory:
    status = out_of_memory(b);
done:
    free(stack.items), free(arcs.items), free(descent.items);
    return status;
}

/* ---- Customisable hierarchy (CCHT, format 2.0) ---- */

static uint32_t cch_first(const cch_index *x, uint32_t rank) { return rd32(x->up_first + 4 * (size_t)rank); }
static uint32_t cch_head(const cch_index *x, uint32_t arc) { return rd32(x->up_head + 4 * (size_t)arc); }
static uint32_t cch_rank(const cch_index *x, uint32_t node) { return rd32(x->rank + 4 * (size_t)node); }

/* The arc joining rank `low` to the higher rank `high`, or NB_NONE; a rank's heads ascend. */
static uint32_t cch_arc(const cch_index *x, uint32_t low, uint32_t high) {
    uint32_t first = cch_first(x, low), end = cch_first(x, low + 1), last = end;
    while (first < last) {
        uint32_t middle = first + (last - first) / 2;
        if (cch_head(x, middle) < high) first = middle + 1;
        else last = middle;
    }
    return first < end && cch_head(x, first) == high ? first : NB_NONE;
}

/* The rank whose list holds `arc` (its lower end): the last rank whose arcs start at or before it. */
static uint32_t cch_tail(const cch_index *x, uint32_t arc) {
    uint32_t low = 0, high = x->n; /* cch_first(low) <= arc < cch_first(high) */
    while (high - low > 1) {
        uint32_t middle = low + (high - low) / 2;
        if (cch_first(x, middle) <= arc) low = middle;
        else high = middle;
    }
    return low;
}

static void cch_release(cch_index *x) {
    if (x->metrics)
        for (size_t p = 0; p < x->metric_count; p++) nb_metric_free(x->metrics[p]);
    free(x->metrics), free(x->slot), free(x->forward), free(x->backward);
    free(x->forward_parent), free(x->backward_parent);
    free(x->arc_tail), free(x->down_first), free(x->down_arc), free(x->down_tail), free(x->input_first), free(x->inputs);
    free(x->stamp);
    free(x->pending);
    memset(x, 0, sizeof *x);
}

/* CCHT's header against NODE and ARCS, and its arrays against its length. */
static nb_status read_cch(nb_bundle *b, const section *s, cch_index *x) {
    const uint8_t *w = section_bytes(b, s);
    if (s->length < 16 || rd32(w) != CCH_MAGIC) return refuse(b, NB_ERROR_FORMAT, "CCHT is not a CCT1 topology");
    uint64_t n = rd32(w + 4), m = rd32(w + 8), inputs = rd32(w + 12);
    if (n != b->nodes) return refuse(b, NB_ERROR_FORMAT, "CCHT has %llu nodes, NODE %u", (unsigned long long)n, b->nodes);
    if (inputs != b->arcs)
        return refuse(b, NB_ERROR_FORMAT, "CCHT was made for %llu input arcs, ARCS has %u", (unsigned long long)inputs, b->arcs);
    if (16 + 4 * (2 * n + 1 + m) > s->length)
        return refuse(b, NB_ERROR_FORMAT, "CCHT: %llu ranks and %llu arcs do not fit its %llu bytes", (unsigned long long)n,
                      (unsigned long long)m, (unsigned long long)s->length);
    /* A via is a middle rank or ORIGINAL_ARC plus an ARCS index, and a slot an arc shifted left
     * by one, so all three counts must stay below 2^31. */
    if (n >= ORIGINAL_ARC || m >= ORIGINAL_ARC || b->arcs >= ORIGINAL_ARC)
        return refuse(b, NB_ERROR_FORMAT, "CCHT: %llu ranks, %llu arcs and %u input arcs do not fit 31 bits",
                      (unsigned long long)n, (unsigned long long)m, b->arcs);
    x->n = (uint32_t)n, x->m = (uint32_t)m;
    x->rank = w + 16, x->up_first = x->rank + 4 * n, x->up_head = x->up_first + 4 * (n + 1);
    return NB_OK;
}

/* The topology, in full: ranks a permutation, offsets rising from 0 to m, heads strictly
 * ascending within a rank and above it. Triangles are customisation's to check. */
static nb_status check_cch(nb_bundle *b, const cch_index *x) {
    uint8_t *seen = calloc(x->n ? x->n : 1, 1);
    if (!seen) return out_of_memory(b);
    for (uint32_t node = 0; node < x->n; node++) {
        uint32_t rank = cch_rank(x, node);
        if (rank >= x->n || seen[rank]) {
            free(seen);
            return refuse(b, NB_ERROR_FORMAT, "CCHT: the ranks are not a permutation (node %u has rank %u)", node, rank);
        }
        seen[rank] = 1;
    }
    free(seen);
    if (cch_first(x, 0) != 0 || cch_first(x, x->n) != x->m)
        return refuse(b, NB_ERROR_FORMAT, "CCHT: the arc offsets do not run from 0 to its %u arcs", x->m);
    /* Every offset first: a fall further on could let an earlier rank's arcs run past the array. */
    for (uint32_t r = 0; r < x->n; r++)
        if (cch_first(x, r) > cch_first(x, r + 1)) return refuse(b, NB_ERROR_FORMAT, "CCHT: the arc offsets fall at rank %u", r);
    for (uint32_t r = 0; r < x->n; r++) {
        uint32_t previous = r;
        for (uint32_t a = cch_first(x, r); a < cch_first(x, r + 1); a++) {
            uint32_t head = cch_head(x, a);
            if (head <= previous || head >= x->n)
                return refuse(b, NB_ERROR_FORMAT,
                              "CCHT: arc %u of rank %u leads to rank %u; heads must ascend above their rank and stay below %u",
                              a, r, head, x->n);
            previous = head;
        }
    }
    return NB_OK;
}

/* Whether some profile may use ARCS arc `arc`: only those have a slot. */
static int usable(const nb_bundle *b, uint32_t arc) {
    for (uint32_t p = 0; p < b->profiles; p++)
        if (profile_cost(b, p, arc) != NB_NONE) return 1;
    return 0;
}

/* Each ARCS arc's slot: the CCHT arc joining its ends' ranks, which a usable arc must have. */
static nb_status cch_slots(nb_bundle *b, cch_index *x) {
    uint32_t *slot = malloc(sizeof(uint32_t) * (b->arcs ? b->arcs : 1));
    if (!slot) return out_of_memory(b);
    for (uint32_t v = 0; v < b->nodes; v++) {
        for (uint32_t i = rd32(b->first_out + 4 * (size_t)v); i < rd32(b->first_out + 4 * ((size_t)v + 1)); i++) {
            uint32_t head = rd32(b->arc_entries + 16 * (size_t)i);
            slot[i] = NB_NONE;
            if (head == v || !usable(b, i)) continue;
            uint32_t from = cch_rank(x, v), to = cch_rank(x, head);
            uint32_t low = from < to ? from : to, high = from < to ? to : from, arc = cch_arc(x, low, high);
            if (arc == NB_NONE) {
                free(slot);
                return refuse(b, NB_ERROR_FORMAT, "CCHT: ARCS arc %u joins ranks %u and %u, which the topology does not join",
                              i, low, high);
            }
            slot[i] = arc << 1 | (from > to);
        }
    }
    x->slot = slot;
    return NB_OK;
}

/* CCHT checked (once per bundle; a refusal is refused again by every later call), with the
 * slots and the memory queries reuse. */
static nb_status load_cch(nb_bundle *b, cch_index **out) {
    cch_index *x = &b->cch;
    if (!x->checked) {
        const section *s = find_section(b, "CCHT");
        if (s == NULL)
            return refuse(b, NB_ERROR_UNAVAILABLE, "no customisable hierarchy CCHT: customisation is not available");
        nb_status status = read_cch(b, s, x);
        if (status == NB_OK) status = check_cch(b, x);
        if (status == NB_OK) status = cch_slots(b, x);
        if (status != NB_OK) return cch_release(x), status;
        size_t n = x->n ? x->n : 1;
        x->metrics = calloc(b->profiles ? b->profiles : 1, sizeof(nb_metric *));
        x->metric_count = b->profiles;
        x->forward = malloc(sizeof(uint64_t) * n), x->backward = malloc(sizeof(uint64_t) * n);
        x->forward_parent = malloc(sizeof(uint32_t) * n), x->backward_parent = malloc(sizeof(uint32_t) * n);
        if (!x->metrics || !x->forward || !x->backward || !x->forward_parent || !x->backward_parent)
            return cch_release(x), out_of_memory(b);
        for (uint32_t r = 0; r < x->n; r++) x->forward[r] = x->backward[r] = UNREACHED;
        x->checked = 1;
    }
    *out = x;
    return NB_OK;
}

/* Step 2 of customisation: rank by rank from the lowest, each pair of a rank's arcs offers the
 * way through it to the arc joining their heads, which must exist (the graph is chordal). A
 * weight takes a way only when strictly lighter, so every via is the canonical one. */
static nb_status customise_triangles(nb_bundle *b, const cch_index *x, cch_weight *w) {
    for (uint32_t v = 0; v < x->n; v++) {
        uint32_t last = cch_first(x, v + 1);
        for (uint32_t i = cch_first(x, v); i < last; i++) {
            uint32_t low = cch_head(x, i), k = cch_first(x, low), k_end = cch_first(x, low + 1);
            /* low → v is arc i's downward weight, v → low its upward one. An infinite part makes
             * a sum of at least INFINITE, which is never below a weight. */
            uint64_t into = w[i].down, out_of = w[i].up;
            for (uint32_t j = i + 1; j < last; j++) {
                uint32_t high = cch_head(x, j);
                /* Both lists ascend, so the arc from low to each next high lies further on. */
                while (k < k_end && cch_head(x, k) < high) k++;
                if (k == k_end || cch_head(x, k) != high)
                    return refuse(b, NB_ERROR_FORMAT,
                                  "CCHT: ranks %u and %u are neighbours of rank %u but not of each other: the topology is "
                                  "not chordal",
                                  low, high, v);
                uint64_t upward = into + w[j].up, downward = w[j].down + out_of;
                if (upward < w[k].up) w[k].up = (uint32_t)upward, w[k].up_via = v;
                if (downward < w[k].down) w[k].down = (uint32_t)downward, w[k].down_via = v;
            }
        }
    }
    return NB_OK;
}

/* The topology customised with `weights` (one per ARCS arc, copied into the metric) or, when
 * NULL, with profile `profile`'s PROF costs. */
/* A metric of `profile` whose arcs are still to be set, holding a copy of `weights` (if any). */
static nb_metric *metric_new(nb_bundle *b, const cch_index *x, uint32_t profile, const uint32_t *weights) {
    nb_metric *metric = calloc(1, sizeof *metric);
    if (!metric) return NULL;
    metric->bundle = b, metric->profile = profile;
    metric->arcs = malloc(sizeof(cch_weight) * (x->m ? x->m : 1));
    if (weights) metric->weights = malloc(sizeof(uint32_t) * (b->arcs ? b->arcs : 1));
    if (!metric->arcs || (weights && !metric->weights)) return nb_metric_free(metric), NULL;
    /* Copied, so that the caller may change or free its array while routes use the metric. */
    if (weights && b->arcs) memcpy(metric->weights, weights, sizeof(uint32_t) * b->arcs);
    return metric;
}

static nb_status customise(nb_bundle *b, const cch_index *x, uint32_t profile, const uint32_t *weights, nb_metric **out) {
    *out = NULL;
    nb_metric *metric = metric_new(b, x, profile, weights);
    if (!metric) return out_of_memory(b);
    cch_weight *w = metric->arcs;
    for (uint32_t a = 0; a < x->m; a++) w[a] = (cch_weight){INFINITE, INFINITE, NB_NONE, NB_NONE};
    /* Step 1: each arc's direction starts at its lightest input arc, the lowest index among equals. */
    for (uint32_t i = 0; i < b->arcs; i++) {
        uint32_t slot = x->slot[i], weight = weights ? weights[i] : profile_cost(b, profile, i);
        if (slot == NB_NONE || weight == INFINITE) continue;
        cch_weight *arc = &w[slot >> 1];
        if (slot & 1) {
            if (weight < arc->down) arc->down = weight, arc->down_via = ORIGINAL_ARC | i;
        } else if (weight < arc->up) {
            arc->up = weight, arc->up_via = ORIGINAL_ARC | i;
        }
    }
    nb_status status = customise_triangles(b, x, w);
    if (status != NB_OK) return nb_metric_free(metric), status;
    *out = metric;
    return NB_OK;
}

/* Profile `profile`'s metric from its PROF costs, customised by its first route and kept. */
static nb_status profile_metric(nb_bundle *b, cch_index *x, uint32_t profile, const nb_metric **out) {
    if (x->metrics[profile] == NULL) {
        nb_status status = customise(b, x, profile, NULL, &x->metrics[profile]);
        if (status != NB_OK) return status;
    }
    *out = x->metrics[profile];
    return NB_OK;
}

/* What updating a metric in place needs besides the topology (once per bundle): the reverse of
 * the slots and the arcs from below each rank with their lower ends beside them (merging two
 * such lists then reads them in order), so that one arc is recomputed without a pass over every
 * input arc or every rank. */
static nb_status cch_prepare_updates(nb_bundle *b, cch_index *x) {
    if (x->stamp) return NB_OK;
    size_t m = x->m ? x->m : 1;
    x->arc_tail = malloc(sizeof(uint32_t) * m), x->down_arc = malloc(sizeof(uint32_t) * m);
    x->down_tail = malloc(sizeof(uint32_t) * m);
    x->down_first = calloc((size_t)x->n + 1, sizeof(uint32_t)), x->input_first = calloc((size_t)x->m + 1, sizeof(uint32_t));
    x->inputs = malloc(sizeof(uint32_t) * (b->arcs ? b->arcs : 1)), x->pending = malloc(sizeof(uint32_t) * m);
    uint32_t *stamp = calloc(m, sizeof(uint32_t));
    if (!x->arc_tail || !x->down_arc || !x->down_tail || !x->down_first || !x->input_first || !x->inputs || !x->pending ||
        !stamp)
        return free(stamp), out_of_memory(b);
    for (uint32_t r = 0; r < x->n; r++)
        for (uint32_t a = cch_first(x, r); a < cch_first(x, r + 1); a++) x->arc_tail[a] = r, x->down_first[cch_head(x, a) + 1]++;
    for (uint32_t r = 0; r < x->n; r++) x->down_first[r + 1] += x->down_first[r];
    /* Arcs in index order come by ascending lower end, so each rank's list ascends. `stamp`
     * serves as the fill counter first. */
    for (uint32_t a = 0; a < x->m; a++) {
        uint32_t head = cch_head(x, a), at = x->down_first[head] + stamp[head]++;
        x->down_arc[at] = a, x->down_tail[at] = x->arc_tail[a];
    }
    memset(stamp, 0, sizeof(uint32_t) * m);
    for (uint32_t i = 0; i < b->arcs; i++)
        if (x->slot[i] != NB_NONE) x->input_first[(x->slot[i] >> 1) + 1]++;
    for (uint32_t a = 0; a < x->m; a++) x->input_first[a + 1] += x->input_first[a];
    for (uint32_t i = 0; i < b->arcs; i++)
        if (x->slot[i] != NB_NONE) {
            uint32_t arc = x->slot[i] >> 1;
            x->inputs[x->input_first[arc] + stamp[arc]++] = i;
        }
    memset(stamp, 0, sizeof(uint32_t) * m);
    x->stamp = stamp, x->generation = 0;
    return NB_OK;
}

/* Sets arc `t`'s weights and vias from scratch by the rule of a full customisation: its lightest
 * input arc of lowest index in each direction, then its lower triangles by ascending middle rank,
 * each taken only when strictly lighter. The triangles of (low, high) are the common lower
 * neighbours v of both, found by merging their lists from below: arcs (v, low) and (v, high). */
static void cch_recompute(const cch_index *x, const uint32_t *weights, cch_weight *w, uint32_t t) {
    cch_weight result = {INFINITE, INFINITE, NB_NONE, NB_NONE};
    for (uint32_t k = x->input_first[t]; k < x->input_first[t + 1]; k++) {
        uint32_t i = x->inputs[k], weight = weights[i];
        if (x->slot[i] & 1) {
            if (weight < result.down) result.down = weight, result.down_via = ORIGINAL_ARC | i;
        } else if (weight < result.up) {
            result.up = weight, result.up_via = ORIGINAL_ARC | i;
        }
    }
    uint32_t low = x->arc_tail[t], high = cch_head(x, t);
    uint32_t i = x->down_first[low], i_end = x->down_first[low + 1], j = x->down_first[high], j_end = x->down_first[high + 1];
    while (i < i_end && j < j_end) {
        uint32_t v = x->down_tail[i], u = x->down_tail[j];
        if (v != u) {
            if (v < u) i++;
            else j++;
            continue;
        }
        uint32_t to_low = x->down_arc[i], to_high = x->down_arc[j];
        /* low → v → high upward, high → v → low downward; a sum reaching INFINITE is never below. */
        uint64_t upward = (uint64_t)w[to_low].down + w[to_high].up, downward = (uint64_t)w[to_high].down + w[to_low].up;
        if (upward < result.up) result.up = (uint32_t)upward, result.up_via = v;
        if (downward < result.down) result.down = (uint32_t)downward, result.down_via = v;
        i++, j++;
    }
    w[t] = result;
}

/* Queues arc `a` for recomputing unless this update queued it already: a min-heap of arc
 * indexes, which ascend with the lower end, so every arc's lower triangles settle before it. */
static void cch_queue(cch_index *x, size_t *count, uint32_t a) {
    if (x->stamp[a] == x->generation) return;
    x->stamp[a] = x->generation;
    size_t at = (*count)++;
    while (at > 0 && a < x->pending[(at - 1) / 2]) x->pending[at] = x->pending[(at - 1) / 2], at = (at - 1) / 2;
    x->pending[at] = a;
}

static uint32_t cch_dequeue(cch_index *x, size_t *count) {
    uint32_t top = x->pending[0], last = x->pending[--*count];
    size_t at = 0;
    for (;;) {
        size_t child = 2 * at + 1;
        if (child >= *count) break;
        if (child + 1 < *count && x->pending[child + 1] < x->pending[child]) child++;
        if (last <= x->pending[child]) break;
        x->pending[at] = x->pending[child], at = child;
    }
    if (*count > 0) x->pending[at] = last;
    return top;
}

/* Brings `w`, a full customisation for weights that differ from `weights` at most at the input
 * arcs whose `changed` flag is set, up to date for `weights`: exactly the full customisation of
 * `weights`, vias included. Only the arcs of changed input arcs are recomputed, then those with
 * a lower side whose weight changed, upward until nothing changes. */
static nb_status cch_update(nb_bundle *b, cch_index *x, const uint32_t *weights, const uint32_t *changed, size_t changed_count,
                            cch_weight *w) {
    nb_status status = cch_prepare_updates(b, x);
    if (status != NB_OK) return status;
    /* A new stamp per update; when they wrap around, every old stamp is cleared first. */
    if (++x->generation == 0) memset(x->stamp, 0, sizeof(uint32_t) * x->m), x->generation = 1;
    size_t count = 0;
    for (size_t k = 0; k < changed_count; k++)
        if (x->slot[changed[k]] != NB_NONE) cch_queue(x, &count, x->slot[changed[k]] >> 1);
    while (count > 0) {
        uint32_t t = cch_dequeue(x, &count);
        cch_weight before = w[t];
        cch_recompute(x, weights, w, t);
        if (w[t].up == before.up && w[t].down == before.down) continue;
        /* Arc (v, low) is a lower side of the triangle through v of the arc joining low to each
         * other upper neighbour z of v; that arc's lower end is above v, so it comes later. */
        uint32_t v = x->arc_tail[t], low = cch_head(x, t);
        for (uint32_t a = cch_first(x, v); a < cch_first(x, v + 1); a++) {
            uint32_t z = cch_head(x, a);
            if (z == low) continue;
            uint32_t top = z < low ? cch_arc(x, z, low) : cch_arc(x, low, z);
            /* A full customisation, which the metric came from, found every triangle. */
            if (top == NB_NONE)
                return refuse(b, NB_ERROR_FORMAT, "CCHT: ranks %u and %u are neighbours of rank %u but not of each other", low,
                              z, v);
            cch_queue(x, &count, top);
        }
    }
    return NB_OK;
}

/* `weights` customised for `profile`, given the input arcs where they differ from its PROF costs
 * (`changed`, any order, those without a slot ignored): by updating the profile's own metric
 * when they are few, else in full; the metric is the same either way. Past one changed arc in
 * sixteen a full pass is the faster, and such a change reaches most arcs anyway. */
static nb_status customise_changes(nb_bundle *b, cch_index *x, uint32_t profile, const uint32_t *weights,
                                   const uint32_t *changed, size_t count, nb_metric **out) {
    *out = NULL;
    if (count > b->arcs / 16) return customise(b, x, profile, weights, out);
    const nb_metric *base;
    nb_status status = profile_metric(b, x, profile, &base);
    if (status != NB_OK) return status;
    nb_metric *metric = metric_new(b, x, profile, weights);
    if (!metric) return out_of_memory(b);
    memcpy(metric->arcs, base->arcs, sizeof(cch_weight) * x->m);
    if ((status = cch_update(b, x, weights, changed, count, metric->arcs)) != NB_OK) return nb_metric_free(metric), status;
    *out = metric;
    return NB_OK;
}

/* `weights` (NULL: the PROF costs) customised for `profile`, updated in place where they differ
 * from its costs at few arcs. */
static nb_status customise_weights(nb_bundle *b, cch_index *x, uint32_t profile, const uint32_t *weights, nb_metric **out) {
    *out = NULL;
    if (weights == NULL) return customise(b, x, profile, NULL, out);
    /* Only whether there are few matters, so the count stops just past the limit. */
    size_t limit = b->arcs / 16, count = 0;
    uint32_t *changed = malloc(sizeof(uint32_t) * (limit + 1));
    if (!changed) return out_of_memory(b);
    for (uint32_t i = 0; i < b->arcs && count <= limit; i++)
        if (x->slot[i] != NB_NONE && weights[i] != profile_cost(b, profile, i)) changed[count++] = i;
    nb_status status = customise_changes(b, x, profile, weights, changed, count, out);
    free(changed);
    return status;
}

/* The parent of `rank` in the elimination tree, its first arc's head, or NB_NONE at a root; heads
 * lie above their rank (checked on loading), so a climb ends. */
static uint32_t cch_parent(const cch_index *x, uint32_t rank) {
    uint32_t first = cch_first(x, rank);
    return first == cch_first(x, rank + 1) ? NB_NONE : cch_head(x, first);
}

/* Offers rank `v`'s arcs to one side: upward weights for the forward side, downward ones for
 * the backward side (`downward`). Ties keep what came first. */
static void cch_relax(const cch_index *x, const cch_weight *w, uint32_t v, int downward, uint64_t *distance,
                      uint32_t *parent) {
    uint64_t at = distance[v];
    for (uint32_t a = cch_first(x, v); a < cch_first(x, v + 1); a++) {
        uint32_t weight = downward ? w[a].down : w[a].up;
        if (weight == INFINITE) continue;
        uint32_t head = cch_head(x, a);
        if (at + weight < distance[head]) distance[head] = at + weight, parent[head] = a;
    }
}

/* One arc of a route in one direction, with its lower end, which unpacking needs. */
typedef struct {
    uint32_t low, arc, downward;
} cch_step;

typedef struct {
    cch_step *items;
    size_t count, capacity;
} step_list;

static int step_push(step_list *l, uint32_t low, uint32_t arc, uint32_t downward) {
    if (l->count == l->capacity) {
        size_t capacity = l->capacity ? 2 * l->capacity : 64;
        if (capacity > SIZE_MAX / sizeof(cch_step)) return 0;
        cch_step *larger = realloc(l->items, capacity * sizeof(cch_step));
        if (!larger) return 0;
        l->items = larger, l->capacity = capacity;
    }
    l->items[l->count++] = (cch_step){low, arc, downward};
    return 1;
}

/* The route through `meeting` as ARCS arcs: the forward parents from the meeting down to the
 * source's rank, taken upward in reverse, then the backward parents down to the target's rank,
 * taken downward; each arc replaced by its via until only ARCS arcs remain. */
static nb_status cch_unpack(nb_bundle *b, const cch_index *x, const nb_metric *metric, uint32_t source, uint32_t target,
                            uint32_t meeting, uint64_t best, nb_path *path) {
    const cch_weight *w = metric->arcs;
    step_list stack = {0}, descent = {0};
    u32_list arcs = {0};
    nb_status status = NB_OK;
    /* The stack holds the next arc on top: the descent pushed last arc first, then the climb,
     * whose parents run from the meeting down. Parents lie on the chains, each below the last. */
    for (uint32_t v = meeting; v != cch_rank(x, target); v = descent.items[descent.count - 1].low)
        if (!step_push(&descent, cch_tail(x, x->backward_parent[v]), x->backward_parent[v], 1)) goto memory;
    for (size_t i = descent.count; i > 0; i--)
        if (!step_push(&stack, descent.items[i - 1].low, descent.items[i - 1].arc, 1)) goto memory;
    for (uint32_t v = meeting; v != cch_rank(x, source); v = stack.items[stack.count - 1].low)
        if (!step_push(&stack, cch_tail(x, x->forward_parent[v]), x->forward_parent[v], 0)) goto memory;
    while (stack.count > 0) {
        cch_step top = stack.items[--stack.count];
        uint32_t via = top.downward ? w[top.arc].down_via : w[top.arc].up_via;
        if (via == NB_NONE) {
            status = refuse(b, NB_ERROR_FORMAT, "CCHT: a route takes an arc without weight");
            goto done;
        }
        if (via & ORIGINAL_ARC) {
            /* Each expansion lowers the lower end, and the arcs are bounded too, so unpacking ends. */
            if (arcs.count >= b->arcs) {
                status = refuse(b, NB_ERROR_FORMAT, "CCHT: a route unpacks to more arcs than ARCS has");
                goto done;
            }
            if (!list_push(&arcs, via & ~ORIGINAL_ARC)) goto memory;
            continue;
        }
        /* The arc from `low` to `high` through the middle rank: upward low → middle → high is
         * the middle's arc to low downward, then its arc to high upward; downward the reverse. */
        uint32_t middle = via, high = cch_head(x, top.arc);
        uint32_t to_low = middle < top.low ? cch_arc(x, middle, top.low) : NB_NONE, to_high = cch_arc(x, middle, high);
        if (to_low == NB_NONE || to_high == NB_NONE) {
            status = refuse(b, NB_ERROR_FORMAT, "CCHT: arc %u has no triangle through rank %u", top.arc, middle);
            goto done;
        }
        int pushed = top.downward ? step_push(&stack, middle, to_low, 0) && step_push(&stack, middle, to_high, 1)
                                  : step_push(&stack, middle, to_high, 0) && step_push(&stack, middle, to_low, 1);
        if (!pushed) goto memory;
    }
    status = finish_path(b, "CCHT", metric->profile, metric->weights, source, target, &arcs, best, path);
    goto done;
memory:
    status = out_of_memory(b);
done:
    free(stack.items), free(descent.items), free(arcs.items);
    return status;
}

/* The specification's query on `metric`: both elimination-tree chains walked together in
 * ascending rank, offering the meeting first at a rank on both, then relaxing each side whose
 * distance there is below the best meeting so far.
 *
 * The chains are climbed parent by parent. A rank's arcs lead to its ancestors (the graph is
 * chordal, as customisation checked), so every entry a query writes lies on its chains, and each
 * is cleared once the walk is past its rank: nothing reads it again, and the arrays are as they
 * were for the next query. Below the lowest common ancestor no rank can be a meeting and the best
 * stays unreached; the two sides read and write apart, so each climbs in a run while it is the
 * lower one, with the same answer as the merged walk. */
static nb_status cch_route(nb_bundle *b, cch_index *x, const nb_metric *metric, uint32_t source, uint32_t target,
                           nb_path *path) {
    const cch_weight *w = metric->arcs;
    uint64_t *forward = x->forward, *backward = x->backward;
    uint32_t start = cch_rank(x, source), goal = cch_rank(x, target);
    forward[start] = 0, backward[goal] = 0;
    uint64_t best = UNREACHED;
    uint32_t meeting = NB_NONE;
    /* NB_NONE, past a chain's root, lies above every rank. */
    uint32_t f = start, g = goal;
    while (f != g) {
        for (; f < g; f = cch_parent(x, f)) {
            if (forward[f] != UNREACHED) cch_relax(x, w, f, 0, forward, x->forward_parent);
            forward[f] = UNREACHED;
        }
        for (; g < f; g = cch_parent(x, g)) {
            if (backward[g] != UNREACHED) cch_relax(x, w, g, 1, backward, x->backward_parent);
            backward[g] = UNREACHED;
        }
    }
    for (uint32_t v = f; v != NB_NONE; v = cch_parent(x, v)) {
        if (forward[v] != UNREACHED && backward[v] != UNREACHED && forward[v] + backward[v] < best)
            best = forward[v] + backward[v], meeting = v;
        if (forward[v] < best) cch_relax(x, w, v, 0, forward, x->forward_parent);
        if (backward[v] < best) cch_relax(x, w, v, 1, backward, x->backward_parent);
        forward[v] = UNREACHED, backward[v] = UNREACHED;
    }
    /* Unpacking reads the parents only. */
    return meeting == NB_NONE ? NB_OK : cch_unpack(b, x, metric, source, target, meeting, best, path);
}

void nb_metric_free(nb_metric *metric) {
    if (metric == NULL) return;
    free(metric->arcs), free(metric->weights), free(metric);
}

uint32_t nb_arc_count(const nb_bundle *b) { return b->arcs; }

nb_status nb_profile_costs(nb_bundle *b, uint32_t profile, uint32_t *costs, size_t capacity) {
    if (profile >= b->profiles) return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range", profile);
    if (costs == NULL || capacity < b->arcs)
        return refuse(b, NB_ERROR_ARGUMENT, "room for %zu costs, ARCS has %u arcs", costs ? capacity : 0, b->arcs);
    for (uint32_t i = 0; i < b->arcs; i++) costs[i] = profile_cost(b, profile, i);
    return NB_OK;
}

nb_status nb_customise(nb_bundle *b, uint32_t profile, const uint32_t *weights, size_t weight_count, nb_metric **out) {
    *out = NULL;
    if (profile >= b->profiles) return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range", profile);
    if (weights != NULL && weight_count != b->arcs)
        return refuse(b, NB_ERROR_ARGUMENT, "%zu weights for the %u arcs of ARCS", weight_count, b->arcs);
    cch_index *x;
    nb_status status = load_cch(b, &x);
    return status == NB_OK ? customise_weights(b, x, profile, weights, out) : status;
}

nb_status nb_customize(nb_bundle *b, uint32_t profile, const uint32_t *weights, size_t weight_count, nb_metric **out) {
    return nb_customise(b, profile, weights, weight_count, out);
}

nb_status nb_route_metric(nb_bundle *b, const nb_metric *metric, uint32_t source, uint32_t target, nb_path *path) {
    memset(path, 0, sizeof *path);
    path->duration = UINT64_MAX;
    if (metric == NULL || metric->bundle != b) return refuse(b, NB_ERROR_ARGUMENT, "the metric was made for another bundle");
    if (source >= b->nodes || target >= b->nodes)
        return refuse(b, NB_ERROR_ARGUMENT, "node %u/%u is out of range", source, target);
    cch_index *x;
    nb_status status = load_cch(b, &x);
    if (status == NB_OK) status = cch_route(b, x, metric, source, target, path);
    if (status != NB_OK) nb_path_free(path), path->duration = UINT64_MAX;
    return status;
}

nb_status nb_route_path(nb_bundle *b, uint32_t profile, uint32_t source, uint32_t target, nb_path *path) {
    memset(path, 0, sizeof *path);
    path->duration = UINT64_MAX;
    if (profile >= b->profiles || source >= b->nodes || target >= b->nodes)
        return refuse(b, NB_ERROR_ARGUMENT, "profile %u or node %u/%u is out of range", profile, source, target);
    /* A bundle with CCHT (format 2.0) routes every profile on it and has no CHxx. */
    if (find_section(b, "CCHT") != NULL) {
        cch_index *x;
        const nb_metric *metric = NULL;
        nb_status status = load_cch(b, &x);
        if (status == NB_OK) status = profile_metric(b, x, profile, &metric);
        if (status == NB_OK) status = cch_route(b, x, metric, source, target, path);
        if (status != NB_OK) nb_path_free(path), path->duration = UINT64_MAX;
        return status;
    }
    hierarchy *h = NULL; /* set by load_hierarchy; GCC at -O2 cannot see that */
    nb_status status = load_hierarchy(b, profile, &h);
    if (status != NB_OK) return status;
    ch_memory *memory = ch_memory_for(b, h->n);
    if (memory == NULL) return out_of_memory(b);
    side *sides = memory->sides;
    if (!side_init(&sides[0], h, 1, W(h, rank, source)) || !side_init(&sides[1], h, 0, W(h, rank, target))) {
        status = out_of_memory(b);
        goto done;
    }
    uint64_t best = UNREACHED;
    uint32_t meeting = NB_NONE;
    int turn = 0; /* forward first */
    for (;;) {
        discard_outdated(&sides[0]), discard_outdated(&sides[1]);
        int open[2];
        for (int i = 0; i < 2; i++) open[i] = sides[i].q.count > 0 && sides[i].q.items[0].key < best;
        if (!open[0] && !open[1]) break;
        int who = open[turn] ? turn : 1 - turn;
        turn = 1 - who;
        if (!settle(h, &sides[who], &sides[1 - who], &best, &meeting)) {
            status = out_of_memory(b);
            goto done;
        }
    }
    if (meeting != NB_NONE)
        status = unpack(b, h, profile, source, target, &sides[0], &sides[1], meeting, best, path);
    if (status != NB_OK) nb_path_free(path), path->duration = UINT64_MAX;
done:
    side_release(&sides[0]), side_release(&sides[1]);
    return status;
}

/* ---- Via points (docs/endpoints.md, "Via points") ---- */

/* The legs from stops[0] through the others in order, each found as nb_route_path (metric NULL)
 * or nb_route_metric finds it, joined: a via is one node of the path, the end of one leg and the
 * start of the next. */
static nb_status route_via(nb_bundle *b, uint32_t profile, const nb_metric *metric, const uint32_t *stops,
                           size_t stop_count, nb_path *path, size_t *leg_starts, uint64_t *leg_durations) {
    memset(path, 0, sizeof *path);
    path->duration = UINT64_MAX;
    if (stops == NULL || stop_count < 2)
        return refuse(b, NB_ERROR_ARGUMENT, "a route through stops takes at least two stops, not %zu", stop_count);
    u32_list nodes = {0}, arcs = {0};
    uint64_t duration = 0, length = 0;
    nb_status status = NB_OK;
    for (size_t i = 0; i + 1 < stop_count; i++) {
        nb_path leg;
        status = metric ? nb_route_metric(b, metric, stops[i], stops[i + 1], &leg)
                        : nb_route_path(b, profile, stops[i], stops[i + 1], &leg);
        /* A leg that fails fails the route; one that is unreachable makes it unreachable. */
        if (status != NB_OK || leg.nodes == NULL) {
            nb_path_free(&leg);
            goto unrouted;
        }
        /* The first leg brings its start; each later one starts on the node the last one ended on. */
        size_t skip = nodes.count > 0;
        if (leg_starts) leg_starts[i] = nodes.count - skip;
        if (leg_durations) leg_durations[i] = leg.duration;
        int kept = 1;
        for (size_t k = skip; k < leg.node_count && kept; k++) kept = list_push(&nodes, leg.nodes[k]);
        for (size_t k = 0; k < leg.arc_count && kept; k++) kept = list_push(&arcs, leg.arcs[k]);
        duration += leg.duration, length += leg.length;
        nb_path_free(&leg);
        if (!kept) goto no_memory;
    }
    /* A route of one node keeps an empty arc list, as nb_route_path's does. */
    if (arcs.items == NULL && (arcs.items = malloc(sizeof *arcs.items)) == NULL) goto no_memory;
    path->nodes = nodes.items, path->node_count = nodes.count, path->arcs = arcs.items, path->arc_count = arcs.count;
    path->duration = duration, path->length = length;
    return NB_OK;
no_memory:
    status = out_of_memory(b);
unrouted:
    free(nodes.items), free(arcs.items);
    return status;
}

nb_status nb_route_via(nb_bundle *b, uint32_t profile, const uint32_t *stops, size_t stop_count, nb_path *path,
                       size_t *leg_starts, uint64_t *leg_durations) {
    return route_via(b, profile, NULL, stops, stop_count, path, leg_starts, leg_durations);
}

nb_status nb_route_metric_via(nb_bundle *b, const nb_metric *metric, const uint32_t *stops, size_t stop_count,
                              nb_path *path, size_t *leg_starts, uint64_t *leg_durations) {
    if (metric == NULL) {
        memset(path, 0, sizeof *path);
        path->duration = UINT64_MAX;
        return refuse(b, NB_ERROR_ARGUMENT, "the metric was made for another bundle");
    }
    return route_via(b, 0, metric, stops, stop_count, path, leg_starts, leg_durations);
}

nb_status nb_route(nb_bundle *b, uint32_t profile, uint32_t source, uint32_t target, uint32_t *distance,
                   uint32_t **nodes, size_t *node_count) {
    *distance = NB_NONE, *nodes = NULL, *node_count = 0;
    nb_path path;
    nb_status status = nb_route_path(b, profile, source, target, &path);
    if (status != NB_OK || path.nodes == NULL) return nb_path_free(&path), status;
    if (path.duration >= NB_NONE) {
        nb_path_free(&path);
        return refuse(b, NB_ERROR_FORMAT, "a route of %llu ms does not fit 32 bits; use nb_route_path",
                      (unsigned long long)path.duration);
    }
    *distance = (uint32_t)path.duration, *nodes = path.nodes, *node_count = path.node_count;
    free(path.arcs);
    return NB_OK;
}

/* ---- route steps ---- */

/* Route steps and their instructions by the rules the Swift reader (VenueBundle.steps(of:) and
 * instruction(for:)) and the JavaScript reader follow, with STPC as docs/bundle-format.md gives
 * it: the same grouping of arcs and, byte for byte, the same words, so that the vectors can
 * compare them. */

/* Level `level`'s words: its short name ("level 2" when the data names none) and building. */
typedef struct {
    const uint8_t *name, *building_name;
    size_t name_length, building_name_length;
    char ordinal_name[48]; /* "level 2", when the level has no name of its own */
    int has_building;
    double ordinal;
} step_level;

static size_t swift_double(double value, char out[40]);

static nb_status step_level_info(nb_bundle *b, uint32_t level, step_level *out) {
    memset(out, 0, sizeof *out);
    nb_level record;
    nb_status status = nb_level_info(b, level, &record);
    if (status != NB_OK) return status;
    out->name = (const uint8_t *)record.name.text, out->name_length = record.name.length;
    out->building_name = (const uint8_t *)record.building_name.text, out->building_name_length = record.building_name.length;
    out->ordinal = record.ordinal;
    out->has_building = record.building_id.text != NULL;
    /* A level without a name is called by its id outdoors and by its ordinal in a building. */
    if (out->name == NULL && !out->has_building) {
        out->name = record.id.text ? (const uint8_t *)record.id.text : (const uint8_t *)"";
        out->name_length = record.id.length;
    } else if (out->name == NULL) {
        double o = out->ordinal;
        int whole = floor(o) == o && fabs(o) < 1e6;
        char number[40];
        if (whole) snprintf(number, sizeof number, "%lld", (long long)o);
        else swift_double(o, number);
        snprintf(out->ordinal_name, sizeof out->ordinal_name, "level %s", number);
        out->name = (const uint8_t *)out->ordinal_name, out->name_length = strlen(out->ordinal_name);
    }
    return NB_OK;
}

/* `value` as Swift's description of a Double writes it (and the JavaScript reader's swiftDouble):
 * the shortest digits that read back to the same value, in positional notation from 1e-4 up to
 * 1e16 and as "1.5e-05" beyond. Returns the length written to `out`, NUL-terminated. */
static size_t swift_double(double value, char out[40]) {
    if (isnan(value)) return (size_t)snprintf(out, 40, "nan");
    if (isinf(value)) return (size_t)snprintf(out, 40, value > 0 ? "inf" : "-inf");
    if (value == 0) return (size_t)snprintf(out, 40, signbit(value) ? "-0.0" : "0.0");
    char text[48], digits[24];
    int exponent = 0;
    size_t digit_count = 0;
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(text, sizeof text, "%.*e", precision - 1, fabs(value));
        if (strtod(text, NULL) == fabs(value) || precision == 17) break;
    }
    /* "d.ddde±x" in whatever decimal point the locale has: keep the digits, read the exponent. */
    const char *p = text;
    for (; *p && *p != 'e' && *p != 'E'; p++)
        if (*p >= '0' && *p <= '9' && digit_count < sizeof digits - 1) digits[digit_count++] = *p;
    digits[digit_count] = '\0';
    if (*p) exponent = (int)strtol(p + 1, NULL, 10);
    while (digit_count > 1 && digits[digit_count - 1] == '0') digits[--digit_count] = '\0';
    size_t n = 0;
    if (value < 0) out[n++] = '-';
    double magnitude = fabs(value);
    if (magnitude < 1e-4 || magnitude >= 1e16) {
        out[n++] = digits[0];
        if (digit_count > 1) {
            out[n++] = '.';
            for (size_t i = 1; i < digit_count; i++) out[n++] = digits[i];
        }
        n += (size_t)snprintf(out + n, 40 - n, "e%c%02d", exponent < 0 ? '-' : '+', exponent < 0 ? -exponent : exponent);
        return n;
    }
    if (exponent < 0) {
        out[n++] = '0', out[n++] = '.';
        for (int i = 0; i < -exponent - 1; i++) out[n++] = '0';
        for (size_t i = 0; i < digit_count; i++) out[n++] = digits[i];
    } else {
        for (int i = 0; i <= exponent; i++) out[n++] = (size_t)i < digit_count ? digits[i] : '0';
        out[n++] = '.';
        if (digit_count > (size_t)exponent + 1)
            for (size_t i = (size_t)exponent + 1; i < digit_count; i++) out[n++] = digits[i];
        else
            out[n++] = '0';
    }
    out[n] = '\0';
    return n;
}

static int same_label(const nb_route_step *a, const void *label, size_t length) {
    if (a->label == NULL || label == NULL) return a->label == NULL && label == NULL;
    return a->label_length == length && memcmp(a->label, label, length) == 0;
}

/* Crossing a threshold is one event even when two entrances follow each other. */
static int stands_alone(int action) { return action == NB_STEP_ENTER_BUILDING || action == NB_STEP_LEAVE_BUILDING; }

/* Adds `from` (a step or a link of the route) to the step `into`, which then ends where it does. */
static void step_extend(nb_route_step *into, const nb_route_step *from) {
    into->to_level = from->to_level;
    into->length += from->length;
    into->duration += from->duration;
    if (from->step_count >= 0) into->step_count = (into->step_count < 0 ? 0 : into->step_count) + from->step_count;
    into->rise += from->rise;
    into->end_index = from->end_index;
}

static nb_status step_action(nb_bundle *b, uint32_t arc, uint8_t kind, uint32_t from_level, uint32_t to_level, int *action) {
    static const int actions[] = {NB_STEP_WALK,     NB_STEP_WALK_OUTSIDE, NB_STEP_WALK, NB_STEP_STAIRS, NB_STEP_ELEVATOR,
                                  NB_STEP_ESCALATOR, NB_STEP_RAMP,        NB_STEP_STEPS};
    if (kind < 8) return *action = actions[kind], NB_OK;
    if (kind > 8) return refuse(b, NB_ERROR_FORMAT, "ARCS: arc %u has unknown kind %u", arc, kind);
    step_level from, to;
    nb_status status = step_level_info(b, to_level, &to);
    if (status == NB_OK) status = step_level_info(b, from_level, &from);
    if (status != NB_OK) return status;
    *action = to.has_building && !from.has_building ? NB_STEP_ENTER_BUILDING : NB_STEP_LEAVE_BUILDING;
    return NB_OK;
}

/* An unnamed walk of less than a metre (where two walkways or a door meet) becomes part of the
 * step before it or, at the start, of the one after; steps that then meet and are alike merge.
 * Works in place: the result is never longer than what has been read. */
static size_t absorb_short_walks(nb_route_step *steps, size_t count) {
    size_t kept = 0;
    int has_leading = 0;
    nb_route_step leading;
    memset(&leading, 0, sizeof leading);
    for (size_t i = 0; i < count; i++) {
        nb_route_step step = steps[i];
        int short_walk = (step.action == NB_STEP_WALK || step.action == NB_STEP_WALK_OUTSIDE) && step.label == NULL
                         && step.length < 1 && step.from_level == step.to_level;
        if (short_walk && kept > 0) {
            nb_route_step *last = &steps[kept - 1];
            last->length += step.length;
            last->duration += step.duration;
            last->end_index = step.end_index;
        } else if (short_walk && has_leading) {
            /* Two short walks of different kinds at the start: both wait for the first step. */
            leading.length += step.length;
            leading.duration += step.duration;
            leading.end_index = step.end_index;
        } else if (short_walk) {
            leading = step, has_leading = 1;
        } else {
            if (has_leading && kept == 0) {
                step.length += leading.length;
                step.duration += leading.duration;
                step.start_index = leading.start_index;
                has_leading = 0;
            }
            nb_route_step *last = kept > 0 ? &steps[kept - 1] : NULL;
            if (last && last->action == step.action && same_label(last, step.label, step.label_length)
                && last->along_path == step.along_path && !stands_alone(step.action))
                step_extend(last, &step);
            else
                steps[kept++] = step;
        }
    }
    if (kept == 0 && has_leading) steps[kept++] = leading;
    return kept;
}

/* Refuses a profile out of range (NB_NONE is none), or a path whose nodes and arcs do not fit
 * together or lie out of range; an unreachable path, or one of a single node, is fine. */
static nb_status check_route_path(nb_bundle *b, uint32_t profile, const nb_path *path) {
    if (profile != NB_NONE && profile >= b->profiles)
        return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range (%u profiles)", profile, b->profiles);
    if (path->arc_count == 0 && path->node_count <= 1) return NB_OK;
    if (path->nodes == NULL || path->arcs == NULL || path->node_count != path->arc_count + 1)
        return refuse(b, NB_ERROR_ARGUMENT, "a path of %zu nodes and %zu arcs is not a route", path->node_count,
                      path->arc_count);
    /* Arcs in range that each join their two nodes name nodes in range, since the opening
     * checked every arc's tail and head: a sound path takes one loop, and a faulty one the
     * checks below, in the order that names its first fault. */
    size_t joined = 0;
    while (joined < path->arc_count && path->arcs[joined] < b->arcs && b->tails[path->arcs[joined]] == path->nodes[joined]
           && rd32(b->arc_entries + 16 * (size_t)path->arcs[joined]) == path->nodes[joined + 1])
        joined++;
    if (joined == path->arc_count) return NB_OK;
    for (size_t i = 0; i < path->node_count; i++)
        if (path->nodes[i] >= b->nodes)
            return refuse(b, NB_ERROR_ARGUMENT, "the path's node %u is out of range (NODE has %u)", path->nodes[i], b->nodes);
    for (size_t i = 0; i < path->arc_count; i++) {
        if (path->arcs[i] >= b->arcs)
            return refuse(b, NB_ERROR_ARGUMENT, "the path's arc %u is out of range (ARCS has %u)", path->arcs[i], b->arcs);
        if (b->tails[path->arcs[i]] != path->nodes[i] || rd32(b->arc_entries + 16 * (size_t)path->arcs[i]) != path->nodes[i + 1])
            return refuse(b, NB_ERROR_ARGUMENT, "the path's arc %u does not join its nodes %u and %u", path->arcs[i],
                          path->nodes[i], path->nodes[i + 1]);
    }
    return NB_OK;
}

nb_status nb_route_steps(nb_bundle *b, uint32_t profile, const nb_path *path, nb_route_step **steps, size_t *count) {
    if (steps) *steps = NULL;
    if (count) *count = 0;
    if (path == NULL || steps == NULL || count == NULL)
        return refuse(b, NB_ERROR_ARGUMENT, "nb_route_steps takes a path and where to put its steps");
    nb_status checked = check_route_path(b, profile, path);
    if (checked != NB_OK || path->arc_count == 0) return checked; /* unreachable, or already there */
    if (path->arc_count > SIZE_MAX / sizeof(nb_route_step) - 1) return out_of_memory(b);
    nb_route_step *list = malloc(sizeof(nb_route_step) * (path->arc_count + 1));
    if (list == NULL) return out_of_memory(b);
    size_t made = 0;
    /* Unnamed links at the start, waiting for the first step. */
    int has_leading = 0;
    double leading_length = 0, leading_duration = 0;
    nb_status status = NB_OK;
    for (size_t position = 0; position < path->arc_count && status == NB_OK; position++) {
        uint32_t arc = path->arcs[position];
        nb_arc record;
        nb_climb climb;
        if ((status = nb_arc_info(b, arc, &record)) != NB_OK) break;
        if ((status = nb_arc_climb(b, arc, &climb)) != NB_OK) break;
        double length = (double)record.length / 100, rise = (double)climb.rise / 100;
        uint8_t kind = record.kind;
        const uint8_t *label = (const uint8_t *)record.label.text;
        size_t label_length = record.label.length;
        int64_t flight = climb.steps > 0 ? (int64_t)climb.steps : -1;
        uint32_t from_level = rd16(b->node_entries + 16 * (size_t)path->nodes[position] + 8);
        uint32_t to_level = rd16(b->node_entries + 16 * (size_t)path->nodes[position + 1] + 8);
        int action = NB_STEP_WALK;
        if ((status = step_action(b, arc, kind, from_level, to_level, &action)) != NB_OK) break;
        double seconds = profile == NB_NONE ? 0 : (double)profile_cost(b, profile, arc) / 1000;
        /* Unnamed links (a door meeting a walkway, walkways of two ways meeting at one spot, even
         * where an unlevelled way meets a level) are no step of their own. */
        if (kind == 0 && label == NULL && (from_level == to_level || length < 1)) {
            if (made > 0) {
                list[made - 1].length += length;
                list[made - 1].duration += seconds;
                list[made - 1].end_index = position + 1;
            } else {
                leading_length = (has_leading ? leading_length : 0) + length;
                leading_duration = (has_leading ? leading_duration : 0) + seconds;
                has_leading = 1;
            }
            continue;
        }
        nb_route_step step;
        memset(&step, 0, sizeof step);
        step.action = action, step.label = (const char *)label, step.label_length = label_length;
        step.from_level = from_level, step.to_level = to_level, step.length = length, step.duration = seconds;
        step.step_count = flight, step.rise = rise, step.along_path = kind == 2;
        step.start_index = position, step.end_index = position + 1;
        nb_route_step *last = made > 0 ? &list[made - 1] : NULL;
        if (last && last->action == action && same_label(last, label, label_length) && last->along_path == step.along_path
            && !stands_alone(action)) {
            step_extend(last, &step);
        } else {
            if (made == 0 && has_leading) {
                step.length += leading_length;
                step.duration += leading_duration;
                step.start_index = 0;
            }
            list[made++] = step;
        }
    }
    if (status != NB_OK) return free(list), status;
    /* A route of unnamed links alone (two nodes at one spot) is still one step. */
    if (made == 0 && has_leading) {
        nb_route_step step;
        memset(&step, 0, sizeof step);
        step.action = NB_STEP_WALK;
        step.from_level = rd16(b->node_entries + 16 * (size_t)path->nodes[0] + 8);
        step.to_level = rd16(b->node_entries + 16 * (size_t)path->nodes[path->node_count - 1] + 8);
        step.length = leading_length, step.duration = leading_duration, step.step_count = -1;
        step.start_index = 0, step.end_index = path->arc_count;
        list[made++] = step;
    }
    made = absorb_short_walks(list, made);
    if (made == 0) return free(list), NB_OK;
    *steps = list, *count = made;
    return NB_OK;
}

/* Text written piece by piece into a caller's buffer of `capacity` bytes (an instruction, a
 * message): what fits is written and kept NUL-terminated, while `length` counts every byte asked
 * for, so that a caller can tell the text was cut and how much room it needs. */
typedef struct {
    char *text;
    size_t capacity, length;
} text_out;

static void put_bytes(text_out *t, const void *bytes, size_t count) {
    if (t->text != NULL && t->capacity > 0 && t->length < t->capacity - 1) {
        size_t room = t->capacity - 1 - t->length, written = count < room ? count : room;
        memcpy(t->text + t->length, bytes, written);
        t->text[t->length + written] = '\0';
    }
    t->length += count;
}

static void put(text_out *t, const char *text) { put_bytes(t, text, strlen(text)); }

/* "half a level", "a level", "2 levels": how far a step climbs, in words. */
static void put_part(text_out *t, double levels) {
    char number[40];
    if (fabs(levels - 0.5) < 0.01) {
        put(t, "half a level");
        return;
    }
    if (fabs(levels - 1) < 0.01) {
        put(t, "a level");
        return;
    }
    if (levels < 1) {
        put(t, "part of a level");
        return;
    }
    if (floor(levels) == levels && fabs(levels) < 1e15) snprintf(number, sizeof number, "%lld", (long long)levels);
    else swift_double(levels, number);
    put(t, number);
    put(t, " levels");
}

/* The connector or way a step uses: its own name, or what it is ("the stairs", "the lift").
 * Unnamed connectors carry their kind as their label (`stairs`, `elevator`). */
static void put_means(text_out *t, const nb_route_step *step) {
    static const char *const kinds[] = {"stairs", "escalator", "elevator", "ramp", "steps"};
    const char *noun = step->action == NB_STEP_STAIRS      ? "the stairs"
                       : step->action == NB_STEP_ESCALATOR ? "the escalator"
                       : step->action == NB_STEP_ELEVATOR  ? "the lift"
                       : step->action == NB_STEP_RAMP      ? "the ramp"
                       : step->action == NB_STEP_STEPS     ? "the steps"
                                                           : "the way";
    int named = step->label != NULL;
    for (size_t i = 0; named && i < sizeof kinds / sizeof kinds[0]; i++)
        if (step->label_length == strlen(kinds[i]) && memcmp(step->label, kinds[i], step->label_length) == 0) named = 0;
    if (named) put_bytes(t, step->label, step->label_length);
    else put(t, noun);
}

static void put_count(text_out *t, int64_t count) {
    char number[32];
    snprintf(number, sizeof number, ", %lld steps", (long long)count);
    put(t, number);
}

nb_status nb_step_instruction(nb_bundle *b, const nb_route_step *step, char *text, size_t capacity, size_t *length) {
    if (length) *length = 0;
    if (text && capacity > 0) text[0] = '\0';
    if (step == NULL || length == NULL || (text == NULL && capacity > 0))
        return refuse(b, NB_ERROR_ARGUMENT, "nb_step_instruction takes a step and room for its text");
    if (step->from_level >= b->level_count || step->to_level >= b->level_count)
        return refuse(b, NB_ERROR_ARGUMENT, "level %u/%u is out of range (LEVL has %u)", step->from_level, step->to_level,
                      b->level_count);
    if (step->action < NB_STEP_WALK || step->action > NB_STEP_STEPS)
        return refuse(b, NB_ERROR_ARGUMENT, "unknown step action %d", step->action);
    if (step->label != NULL && !utf8_valid((const uint8_t *)step->label, step->label_length))
        return refuse(b, NB_ERROR_ARGUMENT, "the step's label is not UTF-8");
    step_level from, to;
    nb_status status = step_level_info(b, step->from_level, &from);
    if (status == NB_OK) status = step_level_info(b, step->to_level, &to);
    if (status != NB_OK) return status;
    double rise = step->rise;
    /* The climb says the way when the bundle has it; otherwise the levels do. */
    int climbs = rise != 0 ? rise > 0 : to.ordinal > from.ordinal;
    const char *direction = climbs ? "up" : "down";
    /* A step that ends on a half-landing does not reach the level its node is drawn on: say how
     * far it climbs instead. */
    int reaches_level = rise == 0 || fabs(rise - (to.ordinal - from.ordinal)) < 0.01;
    text_out t = {text, capacity, 0};
    switch (step->action) {
    case NB_STEP_WALK:
        if (step->label == NULL) put(&t, "Walk");
        else put(&t, step->along_path ? "Walk along " : "Walk through "), put_bytes(&t, step->label, step->label_length);
        break;
    case NB_STEP_WALK_OUTSIDE:
        if (step->label == NULL) put(&t, "Walk outside");
        else put(&t, "Walk outside along "), put_bytes(&t, step->label, step->label_length);
        break;
    case NB_STEP_ENTER_BUILDING:
    case NB_STEP_LEAVE_BUILDING: {
        int enter = step->action == NB_STEP_ENTER_BUILDING;
        const step_level *building = enter ? &to : &from;
        put(&t, enter ? "Enter " : "Leave ");
        if (building->building_name) put_bytes(&t, building->building_name, building->building_name_length);
        else put(&t, "the building");
        put(&t, " through ");
        if (step->label) put_bytes(&t, step->label, step->label_length);
        else put(&t, enter ? "the entrance" : "the exit");
        break;
    }
    case NB_STEP_STEPS:
        put(&t, "Take "), put_means(&t, step);
        if (step->step_count >= 0) put_count(&t, step->step_count);
        break;
    default: /* stairs, lift, escalator, ramp */
        if (step->from_level == step->to_level && rise == 0) {
            put(&t, "Use "), put_means(&t, step);
            if (step->step_count >= 0) put_count(&t, step->step_count);
            break;
        }
        put(&t, "Take "), put_means(&t, step), put(&t, " "), put(&t, direction);
        if (step->step_count >= 0) put_count(&t, step->step_count), put(&t, ",");
        put(&t, " ");
        if (reaches_level) {
            put(&t, "from "), put_bytes(&t, from.name, from.name_length);
            put(&t, " to "), put_bytes(&t, to.name, to.name_length);
        } else {
            put_part(&t, fabs(rise)), put(&t, " from "), put_bytes(&t, from.name, from.name_length);
        }
        break;
    }
    *length = t.length;
    if (text == NULL && capacity == 0) return NB_OK;
    if (t.length >= capacity) {
        if (capacity > 0) text[0] = '\0'; /* a buffer of no bytes has no room even for the NUL */
        return refuse(b, NB_ERROR_ARGUMENT, "the instruction needs %zu bytes and a NUL, the buffer has %zu", t.length,
                      capacity);
    }
    text[t.length] = '\0';
    return NB_OK;
}

/* ---- route maneuvers (docs/guidance.md, "Maneuvers") ----
 *
 * The rules of the Swift reader's ManeuverPlanner, line for line: bearings are bytes, lengths
 * centimetres and times milliseconds, so both give the same maneuvers to the bit. */

enum { GUIDE_SHORT_ARC = 100, GUIDE_WINDOW = 300, GUIDE_TURN = 33 };

/* One arc of the route as the rules read it, in 40 bytes: the rules pass over the route's arcs
 * several times, and a city route's arcs then stay in the first-level cache. */
typedef struct {
    uint32_t length, corner_first, corner_count;
    uint8_t kind, first, last;
    uint8_t climb;         /* a connector climbed or ridden: not stairs or steps with both ends on one level */
    const char *label;     /* NULL when unnamed */
    uint32_t label_length; /* STRS offsets are 32-bit */
    uint32_t cost;         /* PROF's, or the caller's */
    int32_t steps;         /* -1 when uncounted (STPC counts in 16 bits) */
    int32_t rise;          /* hundredths of a level */
} guide_arc;

/* A point where the heading may change: route nodes joined by short links, or a corner. */
typedef struct {
    size_t arc;       /* the arc taken next, whose tail is the cluster's first node; for a corner, the arc it lies on */
    size_t last_node; /* route position of the cluster's last node (at nodes) */
    uint64_t position;
    const guide_arc *before, *after; /* the long arcs on either side (the arc itself at a corner) */
    uint32_t corner;                 /* the corner's index within its arc; NB_NONE at nodes */
    int16_t has_choice, closest;     /* another usable way out, and the smallest |delta| of those */
    uint8_t in, out;
    uint8_t loud; /* a choice, a change of label, or a break from the point before (guide_groups) */
} guide_point;

/* A place whose change is a turn (docs/guidance.md, "Looks" and "Turns"). Only these are kept:
 * most places change by a few units, and a place that is no turn breaks any run of turns. */
typedef struct {
    uint64_t position;
    int64_t back, ahead; /* the looks back and ahead */
    size_t arc;          /* the arc taken next; for a corner, the arc it lies on */
    size_t ordinal;      /* its number among all the route's places: a run takes consecutive ones */
    size_t stretch;      /* the first arc of its stretch */
    uint32_t corner;     /* the corner's index within its arc; NB_NONE at nodes */
    uint8_t in, out;
} guide_place;

typedef struct {
    int rank, kind, modifier;
    size_t order; /* creation order: the last tie-break, as in the Swift reader */
    size_t arc;
    uint32_t corner; /* within its arc; NB_NONE at nodes */
    uint64_t position;
    int before, after; /* bearings, -1 for none */
    int has_run;       /* a flight, lift, escalator, ramp or threshold over arcs run_start ..< run_end */
    size_t run_start, run_end;
    int changes_level, direction;
    uint32_t from_level, to_level;
    int64_t step_count;
    int32_t rise;
    int has_span, side;               /* a turn over points span_first ..< span_end, to side +1 or -1 */
    size_t span_first, span_end;
    int walked;                       /* stairs or steps on one level: no passage */
} guide_candidate;

static int bearing_delta(uint8_t from, uint8_t to) { return (int)(int8_t)(uint8_t)(to - from); }

static int maneuver_modifier(int delta) {
    int size = delta < 0 ? -delta : delta, right = delta > 0;
    if (size <= 7) return NB_MODIFIER_STRAIGHT;
    if (size >= 114) return NB_MODIFIER_UTURN;
    if (size <= 32) return right ? NB_MODIFIER_SLIGHT_RIGHT : NB_MODIFIER_SLIGHT_LEFT;
    if (size <= 96) return right ? NB_MODIFIER_RIGHT : NB_MODIFIER_LEFT;
    return right ? NB_MODIFIER_SHARP_RIGHT : NB_MODIFIER_SHARP_LEFT;
}

/* The maneuver kind of a flight, lift, escalator or ramp arc (stairs and steps alike), else -1. */
static int connector_kind(uint8_t kind) {
    switch (kind) {
    case 3: case 7: return NB_MANEUVER_STAIRS;
    case 4: return NB_MANEUVER_ELEVATOR;
    case 5: return NB_MANEUVER_ESCALATOR;
    case 6: return NB_MANEUVER_RAMP;
    default: return -1;
    }
}

static int is_way_kind(uint8_t kind) { return kind <= 2; }

/* Labels point into STRS, so one string index gives one pointer: the bytes are compared only
 * between different strings (which a hostile STRS may repeat). */
static inline int same_text(const char *a, size_t a_length, const char *b, size_t b_length) {
    /* One string, or both unnamed, as most neighbouring arcs are (an empty string starts where
     * the next one does, hence the lengths). */
    if (a == b) return a == NULL || a_length == b_length;
    if (a == NULL || b == NULL) return 0;
    return a_length == b_length && memcmp(a, b, a_length) == 0;
}

/* The bundle's door bits (NODE kind 1), once per bundle: 22 KB for a city of 175,000 nodes, read
 * in a millisecond, against a cache line fetched per node of every route. */
static nb_status load_doors(nb_bundle *b) {
    if (b->doors) return NB_OK;
    uint8_t *doors = calloc((size_t)b->nodes / 8 + 1, 1);
    if (doors == NULL) return out_of_memory(b);
    for (uint32_t v = 0; v < b->nodes; v++)
        if (b->node_entries[16 * (size_t)v + 10] == 1) doors[v >> 3] |= (uint8_t)(1u << (v & 7));
    b->doors = doors;
    return NB_OK;
}

/* Asks for what the rules read of each route node and arc in other sections than ARCS (its first
 * arc, the arc's GARC bearings and its PROF cost) before they read it. These reads are scattered
 * over a city's arrays, and each pass over the route does enough work per arc that the processor
 * overlaps few of them on its own; asked for together, they arrive together. */
static void guide_prefetch(const nb_bundle *b, uint32_t profile, const nb_path *path) {
    const uint8_t *costs = profile_costs(b, profile);
    for (size_t i = 0; i < path->arc_count; i++) {
        uint32_t arc = path->arcs[i];
        PREFETCH(b->first_out + 4 * (size_t)path->nodes[i]);
        PREFETCH(b->bearing_ends + 2 * (size_t)arc);
        if (costs) PREFETCH(costs + 4 * (size_t)arc);
    }
}

/* What the rules need of a route and its bundle, and the lists they build. */
typedef struct {
    nb_bundle *b;
    const nb_path *path;
    uint32_t profile;
    const uint32_t *costs; /* per arc of the path, or NULL for the profile's */
    const uint8_t *profile_costs; /* PROF's costs of the profile (guide_read_arcs), or NULL */
    guide_arc *arcs;
    uint64_t *starts, *times; /* centimetres and milliseconds from the start to each arc's tail */
    guide_point *points;
    guide_place *places; /* the places that turn (guide_looks) */
    size_t point_count, place_count;
    guide_candidate *candidates, *spare; /* spare: room to reorder them (guide_space) */
    size_t *sort_index;                  /* two index lists of the candidates' capacity (guide_space) */
    uint64_t *marks;                     /* four position lists of that capacity, in sort_index's block */
    size_t candidate_count;
    size_t stairs, connectors, thresholds; /* arcs of each (guide_read_arcs): most routes have none */
    size_t corners;                        /* the corners of the path's arcs (guide_read_arcs) */
} guide;

static void guide_free(guide *g) {
    free(g->arcs), free(g->starts), free(g->times), free(g->points), free(g->places), free(g->candidates),
        free(g->spare), free(g->sort_index);
}

/* The arcs' fields straight from ARCS, GARC, SHAP and PROF (check_route_path and
 * nb_route_maneuvers checked the arcs, GARC and SHAP), and STPC for the arcs that climb. A route
 * follows one way over many arcs, so a label is checked (in range, UTF-8) once per run of arcs
 * that share it, with nb_arc_info's refusal when it fails. */
static nb_status guide_read_arcs(guide *g) {
    nb_bundle *b = g->b;
    size_t n = g->path->arc_count;
    const uint8_t *costs = g->profile_costs = profile_costs(b, g->profile);
    uint32_t label = NB_NONE; /* the last label checked, NB_NONE (no text) before the first */
    nb_text text = {NULL, 0};
    const uint32_t *arcs = g->path->arcs, *given = g->costs;
    uint64_t start = 0, time = 0;
    /* Counted in locals: stores through `a` could otherwise alias the guide's counters. */
    size_t connectors = 0, stairs = 0, thresholds = 0, corners = 0;
    g->starts[0] = 0, g->times[0] = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t arc = arcs[i];
        guide_arc *a = &g->arcs[i];
        const uint8_t *e = b->arc_entries + 16 * (size_t)arc;
        uint32_t index = rd32(e + 8);
        if (index != label) {
            nb_status status = record_text(b, index, "ARCS", &text);
            if (status != NB_OK) return status;
            label = index;
        }
        a->length = rd32(e + 4), a->kind = e[12];
        a->label = text.text, a->label_length = (uint32_t)text.length;
        /* Only flights, lifts, escalators and ramps climb in the rules: the others need no STPC. */
        a->steps = -1, a->rise = 0, a->climb = 0;
        thresholds += a->kind == 8;
        if (a->kind >= 3 && a->kind <= 7) {
            int connector = connector_kind(a->kind);
            a->climb = connector >= 0;
            connectors += connector >= 0, stairs += connector == NB_MANEUVER_STAIRS;
            if (connector >= 0) {
                nb_climb climb;
                nb_status status = nb_arc_climb(b, arc, &climb);
                if (status != NB_OK) return status;
                a->steps = climb.steps > 0 ? (int32_t)climb.steps : -1;
                a->rise = climb.rise;
            }
        }
        a->first = b->bearing_ends[2 * (size_t)arc], a->last = b->bearing_ends[2 * (size_t)arc + 1];
        a->corner_first = 0, a->corner_count = 0;
        if (shape_bent(b, arc)) {
            uint32_t stop;
            shape_range(b, arc, &a->corner_first, &stop);
            a->corner_count = stop - a->corner_first;
            corners += a->corner_count;
        }
        a->cost = given ? given[i] : costs ? rd32(costs + 4 * (size_t)arc) : 0;
        start += a->length, time += a->cost;
        g->starts[i + 1] = start, g->times[i + 1] = time;
    }
    g->connectors = connectors, g->stairs = stairs, g->thresholds = thresholds, g->corners = corners;
    return NB_OK;
}

/* Marks the climbs: connectors, except a run of stairs and steps that ends on the level it
 * starts on, which is walked like a path (docs/guidance.md, "Points"). */
static void guide_mark_climbs(guide *g) {
    size_t n = g->stairs > 0 ? g->path->arc_count : 0; /* guide_read_arcs marked the connectors */
    for (size_t i = 0; i < n;) {
        if (connector_kind(g->arcs[i].kind) != NB_MANEUVER_STAIRS) { i++; continue; }
        size_t end = i + 1;
        while (end < n && connector_kind(g->arcs[end].kind) == NB_MANEUVER_STAIRS) end++;
        if (rd16(g->b->node_entries + 16 * (size_t)g->path->nodes[i] + 8)
            == rd16(g->b->node_entries + 16 * (size_t)g->path->nodes[end] + 8))
            for (size_t k = i; k < end; k++) g->arcs[k].climb = 0;
        i = end;
    }
}

/* Whether route node `node` lies among the path's nodes first - 1 ..= last + 1. */
static int guide_along(const guide *g, size_t first, size_t last, uint32_t node) {
    for (size_t i = first - 1; i <= last + 1; i++)
        if (g->path->nodes[i] == node) return 1;
    return 0;
}

/* Whether the profile may take arc `arc`. */
static int guide_usable(const guide *g, uint32_t arc) {
    return !(g->profile_costs && rd32(g->profile_costs + 4 * (size_t)arc) == NB_NONE);
}

/* Counts arc `arc` as another way out of point `p`: its bearing's difference from the heading
 * coming in. */
static void guide_way_out(const guide *g, const guide_point *p, uint32_t arc, int *has_choice, int *closest) {
    int delta = bearing_delta(p->in, g->b->bearing_ends[2 * (size_t)arc]);
    int size = delta < 0 ? -delta : delta;
    *has_choice = 1;
    if (size < *closest) *closest = size;
}

/* The other usable ways out of a point of one node, as most are: the arc taken next leads on
 * along the route, and the head of any other is compared with the three route nodes around the
 * point, all four read once for the node's arcs. */
static void guide_choice_one(const guide *g, guide_point *p) {
    const nb_bundle *b = g->b;
    const uint32_t *nodes = g->path->nodes;
    size_t position = p->arc;
    uint32_t taken = g->path->arcs[position], previous = nodes[position - 1], node = nodes[position],
             next = nodes[position + 1];
    uint32_t first = rd32(b->first_out + 4 * (size_t)node), stop = rd32(b->first_out + 4 * ((size_t)node + 1));
    int has_choice = 0, closest = 1000;
    for (uint32_t arc = first; arc < stop; arc++) {
        if (arc == taken) continue;
        uint32_t head = rd32(b->arc_entries + 16 * (size_t)arc);
        if (head == previous || head == node || head == next || !guide_usable(g, arc)) continue;
        guide_way_out(g, p, arc, &has_choice, &closest);
    }
    p->has_choice = (int16_t)has_choice, p->closest = (int16_t)closest;
}

/* The other usable ways out of a node point, relative to the heading coming in: each node's arcs
 * in ARCS order, read straight from ARCS, PROF and GARC; a way out of a cluster of nodes is one
 * whose head is not on the route next to the cluster. */
static void guide_choice(const guide *g, guide_point *p) {
    if (p->arc == p->last_node) { guide_choice_one(g, p); return; }
    const nb_bundle *b = g->b;
    int has_choice = 0, closest = 1000;
    for (size_t position = p->arc; position <= p->last_node; position++) {
        uint32_t node = g->path->nodes[position];
        uint32_t first = rd32(b->first_out + 4 * (size_t)node), stop = rd32(b->first_out + 4 * ((size_t)node + 1));
        for (uint32_t arc = first; arc < stop; arc++)
            if (!guide_along(g, p->arc, p->last_node, rd32(b->arc_entries + 16 * (size_t)arc)) && guide_usable(g, arc))
                guide_way_out(g, p, arc, &has_choice, &closest);
    }
    p->has_choice = (int16_t)has_choice, p->closest = (int16_t)closest;
}

/* The route's points in order (docs/guidance.md, "Points"). */
static nb_status guide_points(guide *g) {
    nb_bundle *b = g->b;
    const guide_arc *incoming = NULL;
    const guide_arc *joined = NULL; /* the last point's arc after it, NULL before the first */
    size_t cluster_first = 0, cluster_count = 0;
    int cluster_has_connector = 0;
    for (size_t i = 0; i < g->path->arc_count; i++) {
        const guide_arc *a = &g->arcs[i];
        int connector = a->climb;
        if (i > 0) {
            if (cluster_count == 0) cluster_first = i;
            cluster_count++;
        }
        if (a->length < GUIDE_SHORT_ARC) {
            cluster_has_connector |= connector;
            continue;
        }
        if (incoming && cluster_count > 0 && !cluster_has_connector && !connector && !incoming->climb) {
            guide_point *p = &g->points[g->point_count++];
            p->arc = cluster_first, p->corner = NB_NONE;
            p->last_node = cluster_first + cluster_count - 1;
            p->position = g->starts[cluster_first], p->in = incoming->last, p->out = a->first;
            p->before = incoming, p->after = a;
            guide_choice(g, p);
            p->loud = p->has_choice || incoming != joined
                      || !same_text(incoming->label, incoming->label_length, a->label, a->label_length);
            joined = a;
        }
        cluster_count = 0, cluster_has_connector = 0;
        uint8_t bearing = a->first;
        for (uint32_t c = 0; c < a->corner_count && !connector; c++) {
            uint32_t along;
            uint8_t out;
            nb_status status = nb_corner_bearing(b, g->path->arcs[i], c, &along, &out);
            if (status != NB_OK) return status;
            guide_point *p = &g->points[g->point_count++];
            p->arc = i, p->corner = c, p->last_node = 0, p->has_choice = 0, p->closest = 1000;
            p->position = g->starts[i] + (along < a->length ? along : a->length);
            p->in = bearing, p->out = out, p->before = a, p->after = a;
            p->loud = a != joined;
            joined = a, bearing = out;
        }
        incoming = a;
    }
    return NB_OK;
}

/* The bearing arriving at arc `arc`'s tail (of the last long arc before it), or -1. */
static int guide_bearing_before(const guide *g, size_t arc) {
    for (size_t i = arc; i-- > 0;)
        if (g->arcs[i].length >= GUIDE_SHORT_ARC) return g->arcs[i].last;
    return -1;
}

/* The bearing leaving along the first long arc from `arc` on, or -1. */
static int guide_bearing_from(const guide *g, size_t arc) {
    for (size_t i = arc; i < g->path->arc_count; i++)
        if (g->arcs[i].length >= GUIDE_SHORT_ARC) return g->arcs[i].first;
    return -1;
}

static guide_candidate *guide_add(guide *g, int rank, int kind, size_t arc, uint64_t position) {
    guide_candidate *c = &g->candidates[g->candidate_count];
    memset(c, 0, sizeof *c);
    c->rank = rank, c->kind = kind, c->modifier = NB_MODIFIER_NONE, c->order = g->candidate_count++;
    c->arc = arc, c->corner = NB_NONE, c->position = position, c->before = -1, c->after = -1, c->step_count = -1;
    return c;
}

/* Flights, lifts, escalators and ramps; then thresholds (docs/guidance.md, candidates 1 and 2). */
static nb_status guide_runs(guide *g) {
    nb_bundle *b = g->b;
    size_t n = g->path->arc_count;
    for (size_t i = 0; i < n && g->connectors > 0;) {
        int kind = connector_kind(g->arcs[i].kind);
        if (kind < 0) { i++; continue; }
        size_t end = i + 1;
        while (end < n && connector_kind(g->arcs[end].kind) == kind) end++;
        int32_t rise = 0;
        int64_t steps = -1;
        for (size_t j = i; j < end; j++) {
            rise += g->arcs[j].rise;
            if (g->arcs[j].steps >= 0) steps = (steps < 0 ? 0 : steps) + g->arcs[j].steps;
        }
        nb_level from, to;
        uint32_t from_level = rd16(b->node_entries + 16 * (size_t)g->path->nodes[i] + 8);
        uint32_t to_level = rd16(b->node_entries + 16 * (size_t)g->path->nodes[end] + 8);
        nb_status status = nb_level_info(b, from_level, &from);
        if (status == NB_OK) status = nb_level_info(b, to_level, &to);
        if (status != NB_OK) return status;
        guide_candidate *c = guide_add(g, 1, kind, i, g->starts[i]);
        c->before = guide_bearing_before(g, i), c->after = guide_bearing_from(g, end);
        c->has_run = 1, c->run_start = i, c->run_end = end;
        c->changes_level = 1, c->from_level = from_level, c->to_level = to_level;
        c->direction = rise != 0 ? (rise > 0 ? 1 : -1) : to.ordinal > from.ordinal ? 1 : to.ordinal < from.ordinal ? -1 : 0;
        c->step_count = steps, c->rise = rise, c->walked = !g->arcs[i].climb;
        i = end;
    }
    for (size_t i = 0; i < n && g->thresholds > 0;) {
        if (g->arcs[i].kind != 8) { i++; continue; }
        size_t end = i + 1;
        while (end < n && g->arcs[end].kind == 8) end++;
        nb_level from, to;
        nb_status status = nb_level_info(b, rd16(b->node_entries + 16 * (size_t)g->path->nodes[i] + 8), &from);
        if (status == NB_OK) status = nb_level_info(b, rd16(b->node_entries + 16 * (size_t)g->path->nodes[end] + 8), &to);
        if (status != NB_OK) return status;
        int entering = to.building_id.text != NULL && from.building_id.text == NULL;
        guide_candidate *c = guide_add(g, 2, entering ? NB_MANEUVER_ENTER : NB_MANEUVER_EXIT, i, g->starts[i]);
        c->before = guide_bearing_before(g, i), c->after = guide_bearing_from(g, end);
        c->has_run = 1, c->run_start = i, c->run_end = end;
        i = end;
    }
    return NB_OK;
}

/* One stretch of way of non-zero length, with its heading unwrapped along the stretch. */
typedef struct {
    int64_t start, end, heading;
} guide_segment;

/* A stretch's segments, which cover it end to end, and the cursor its places move on (places
 * come in route order, so every window starts no earlier than the one before). */
typedef struct {
    const guide_segment *segments;
    size_t count;
    int64_t low, high; /* where it starts and ends, centimetres from the route's start */
    size_t quiet;      /* the first segment ending after the last window's start (guide_quiet) */
} guide_stretch;

/* round(16384 * sin(2 pi b / 256)) for the byte bearings b of a quarter turn, 0 to 64: the table
 * the Swift runtime holds too (ManeuverPlanner.quarterSines), so that chords agree to the bit. */
static const int32_t guide_sines[65] = {
    0,     402,   804,   1205,  1606,  2006,  2404,  2801,  3196,  3590,  3981,  4370,  4756,  5139,  5520,  5897,
    6270,  6639,  7005,  7366,  7723,  8076,  8423,  8765,  9102,  9434,  9760,  10080, 10394, 10702, 11003, 11297,
    11585, 11866, 12140, 12406, 12665, 12916, 13160, 13395, 13623, 13842, 14053, 14256, 14449, 14635, 14811, 14978,
    15137, 15286, 15426, 15557, 15679, 15791, 15893, 15986, 16069, 16143, 16207, 16261, 16305, 16340, 16364, 16379,
    16384};

/* The sine of a byte bearing times 16384: a step's east component (its north one is the sine a
 * quarter turn on). */
static int64_t guide_sine(uint8_t bearing) {
    /* The second and fourth quarters mirror the first (64 - b within the quarter), the last two
     * negate the first two: an index and a sign, without a branch per quarter. */
    int within = bearing & 63, index = bearing & 64 ? 64 - within : within;
    int64_t sine = guide_sines[index];
    return bearing & 128 ? -sine : sine;
}

/* The byte bearing nearest the direction of the vector (east, north), or -1 for the zero vector:
 * turned back by quarter turns into the first quarter, the last bearing b of 0 to 63 it lies at or
 * clockwise of (east cos b - north sin b >= 0, falling as b grows), then the nearer of b and b + 1
 * by the larger dot product, b on a tie (docs/guidance.md, "Looks"). */
static int guide_chord_direction(int64_t east, int64_t north) {
    if (east == 0 && north == 0) return -1;
    int quarter = 0;
    while (!(east >= 0 && north > 0)) {
        int64_t turned = -north;
        north = east, east = turned, quarter++;
    }
    int low = 0, high = 63;
    while (low < high) {
        int middle = (low + high + 1) / 2;
        if (east * guide_sines[64 - middle] - north * guide_sines[middle] >= 0) low = middle;
        else high = middle - 1;
    }
    int64_t dot = east * guide_sines[low] + north * guide_sines[64 - low];
    int64_t next = east * guide_sines[low + 1] + north * guide_sines[63 - low];
    return (quarter * 64 + (next > dot ? low + 1 : low)) & 255;
}

/* A look's heading: its chord's direction, unwrapped to within half a turn of the look's mean
 * heading (which carries the stretch's whole turns); the mean when the chord is zero. */
static int64_t guide_look_heading(int64_t east, int64_t north, int64_t mean) {
    int direction = guide_chord_direction(east, north);
    if (direction < 0) return mean;
    return mean + bearing_delta((uint8_t)((uint64_t)mean & 255), (uint8_t)direction);
}

/* The segments of the stretch of arcs first ..< end into `segments` (docs/guidance.md, "Looks",
 * rule 2). Neighbours of one heading become one segment: a look's sums are linear, so every sum
 * comes out the same, and a straight way is one segment however many arcs draw it. */
static nb_status guide_segments(guide *g, size_t first, size_t end, guide_segment *segments, guide_stretch *s) {
    size_t count = 0;
    int previous = -1;
    int64_t heading = 0;
    for (size_t i = first; i < end; i++) {
        const guide_arc *a = &g->arcs[i];
        int64_t tail = (int64_t)g->starts[i], length = a->length, along = 0;
        uint8_t bearing = a->first;
        if (a->corner_count == 0) {
            /* A straight arc, as almost all are: one heading over its whole length. */
            if (length == 0) continue;
            heading = previous >= 0 ? heading + bearing_delta((uint8_t)previous, bearing) : bearing;
            previous = bearing;
            if (count > 0 && segments[count - 1].heading == heading) segments[count - 1].end = tail + length;
            else segments[count++] = (guide_segment){tail, tail + length, heading};
            continue;
        }
        for (uint32_t c = 0; c <= a->corner_count; c++) {
            int64_t stop = length;
            uint32_t corner_along = 0;
            uint8_t corner_bearing = 0;
            if (c < a->corner_count) {
                nb_status status = nb_corner_bearing(g->b, g->path->arcs[i], c, &corner_along, &corner_bearing);
                if (status != NB_OK) return status;
                stop = corner_along < a->length ? corner_along : a->length;
            }
            if (stop > along) {
                /* The first heading is its bearing, so every heading is its bearing modulo 256. */
                if (previous >= 0) heading += bearing_delta((uint8_t)previous, bearing);
                else heading = bearing;
                previous = bearing;
                if (count > 0 && segments[count - 1].heading == heading) {
                    segments[count - 1].end = tail + stop;
                } else {
                    segments[count] = (guide_segment){tail + along, tail + stop, heading};
                    count++;
                }
            }
            along = stop, bearing = corner_bearing;
        }
    }
    *s = (guide_stretch){.segments = segments, .count = count, .low = (int64_t)g->starts[first],
                         .high = (int64_t)g->starts[end]};
    return NB_OK;
}

/* Whether the headings of the segments within from ..= to (those a look from a place there
 * weighs, and the first or last segment an empty look takes) differ by less than a turn: each
 * look's chord points between the least and the most of them, so the change between the two
 * looks is less than a turn too, and the looks need not be taken. Most places lie on such a quiet
 * window. The margin of two units keeps the test safe from the sine table's rounding, which could
 * put a chord's nearest bearing one unit outside; a stricter test only takes more looks. It runs
 * once a place, hence inline. */
static inline int guide_quiet(guide_stretch *s, int64_t from, int64_t to) {
    while (s->quiet < s->count && s->segments[s->quiet].end <= from) s->quiet++;
    if (s->quiet == s->count) return 1;
    int64_t least = s->segments[s->quiet].heading, most = least;
    for (size_t k = s->quiet + 1; k < s->count && s->segments[k].start < to; k++) {
        int64_t heading = s->segments[k].heading;
        if (heading < least) least = heading;
        if (heading > most) most = heading;
        if (most - least >= GUIDE_TURN - 2) return 0;
    }
    return 1;
}

/* A look over low ..= high (low < high), from segment `k` on, the first that ends after `low`:
 * the direction of its chord, the vector sum of its segments' sines and cosines weighted by the
 * length of each within the look (east, north, centimetres times 16384), unwrapped near its mean
 * heading weighted the same way (docs/guidance.md, "Looks", rule 4). A look is 3 m at most, so
 * it sums a few segments, and every sum is exact in 64 bits. */
static int64_t guide_look_over(const guide_stretch *s, size_t k, int64_t low, int64_t high) {
    int64_t weighted = 0, east = 0, north = 0;
    for (; k < s->count && s->segments[k].start < high; k++) {
        const guide_segment *segment = &s->segments[k];
        int64_t from = segment->start > low ? segment->start : low, to = segment->end < high ? segment->end : high;
        /* A centimetre of the segment is the sine and cosine of its bearing, its heading modulo 256. */
        uint8_t bearing = (uint8_t)((uint64_t)segment->heading & 255);
        weighted += segment->heading * (to - from);
        east += guide_sine(bearing) * (to - from);
        north += guide_sine((uint8_t)(bearing + 64)) * (to - from);
    }
    return guide_look_heading(east, north, weighted / (high - low));
}

/* The looks back over from ..= here and ahead over here ..= to (docs/guidance.md, "Looks", rule
 * 4); an empty look takes the stretch's first or last segment's heading, and a look within one
 * segment that segment's heading (the direction of any multiple of a bearing's sine and cosine
 * is that bearing), with no search. guide_quiet has moved its cursor to the first segment ending
 * after `from`. */
static void guide_look(const guide_stretch *s, int64_t from, int64_t here, int64_t to, int64_t *back, int64_t *ahead) {
    size_t at_from = s->quiet, at_here = at_from;
    while (at_here < s->count && s->segments[at_here].end <= here) at_here++;
    if (here <= from) *back = s->count > 0 ? s->segments[0].heading : 0;
    else if (at_from < s->count && s->segments[at_from].end >= here) *back = s->segments[at_from].heading;
    else *back = guide_look_over(s, at_from, from, here);
    if (to <= here) *ahead = s->count > 0 ? s->segments[s->count - 1].heading : 0;
    else if (at_here < s->count && s->segments[at_here].end >= to) *ahead = s->segments[at_here].heading;
    else *ahead = guide_look_over(s, at_here, here, to);
}

/* Where the walk over the route's places stands (guide_looks). */
typedef struct {
    size_t ordinal;         /* places passed so far */
    size_t before, after;   /* the arcs up to which the bearings before and after have been sought */
    int in;                 /* guide_bearing_before(g, before), -1 for none */
} guide_walk;

/* Counts a place at `position` on stretch `s`, and says whether its window (from ..= to) is
 * quiet (guide_quiet). Most places are: this test is small enough to be inlined into the walk
 * over the places, and only the others pay a call for their looks (guide_place_at). */
static int guide_place_quiet(guide_stretch *s, guide_walk *w, uint64_t position, int64_t *from, int64_t *to) {
    int64_t here = (int64_t)position;
    w->ordinal++;
    *from = here - GUIDE_WINDOW > s->low ? here - GUIDE_WINDOW : s->low;
    *to = here + GUIDE_WINDOW < s->high ? here + GUIDE_WINDOW : s->high;
    return guide_quiet(s, *from, *to);
}

/* Takes the looks at a place at `position` on stretch `s`, the `ordinal`th of the route, over
 * from ..= to, and keeps it when its change is a turn; returns the place kept, else NULL. */
static guide_place *guide_place_at(guide *g, guide_stretch *s, size_t ordinal, size_t stretch, size_t arc,
                                   uint32_t corner, uint64_t position, int64_t from, int64_t to) {
    int64_t here = (int64_t)position, back, ahead;
    guide_look(s, from, here, to, &back, &ahead);
    if (ahead - back < GUIDE_TURN && ahead - back > -GUIDE_TURN) return NULL;
    guide_place *p = &g->places[g->place_count++];
    *p = (guide_place){.position = position, .back = back, .ahead = ahead, .arc = arc, .ordinal = ordinal,
                       .stretch = stretch, .corner = corner};
    return p;
}

/* A node place's bearings in and out: of the long arcs on either side, else of its own arcs. */
static void guide_node_bearings(const guide *g, guide_walk *w, size_t i, guide_place *p) {
    for (; w->before < i; w->before++)
        if (g->arcs[w->before].length >= GUIDE_SHORT_ARC) w->in = g->arcs[w->before].last;
    if (w->after < i) w->after = i;
    while (w->after < g->path->arc_count && g->arcs[w->after].length < GUIDE_SHORT_ARC) w->after++;
    p->in = (uint8_t)(w->in >= 0 ? w->in : g->arcs[i - 1].last);
    p->out = w->after < g->path->arc_count ? g->arcs[w->after].first : g->arcs[i].first;
}

/* Whether the node place between arcs `before` and `after` of one stretch is quiet by its two
 * arcs alone: when each is straight and at least a window (3 m) long, the window covers one
 * arc on either side, so its segments are those two arcs' (one, when they share a heading), and
 * guide_quiet would compare just their headings. Most places of a city route are such, and this
 * spares them the search over the segments. */
static inline int guide_quiet_between_straights(const guide_arc *before, const guide_arc *after) {
    if (before->length < GUIDE_WINDOW || after->length < GUIDE_WINDOW || before->corner_count > 0
        || after->corner_count > 0)
        return 0;
    int delta = bearing_delta(before->first, after->first);
    return delta < GUIDE_TURN - 2 && delta > 2 - GUIDE_TURN;
}

/* The places of the stretch first ..< end, in order: every route node between two of its arcs,
 * links included, and every corner of its arcs (docs/guidance.md, "Looks", rule 3). */
static nb_status guide_stretch_places(guide *g, guide_stretch *s, guide_walk *w, size_t first, size_t end) {
    for (size_t i = first; i < end; i++) {
        const guide_arc *a = &g->arcs[i];
        int64_t from, to;
        if (i == first) {
            /* The stretch's first node is no place of it. */
        } else if (guide_quiet_between_straights(a - 1, a)) {
            w->ordinal++;
        } else if (!guide_place_quiet(s, w, g->starts[i], &from, &to)) {
            guide_place *p = guide_place_at(g, s, w->ordinal - 1, first, i, NB_NONE, g->starts[i], from, to);
            if (p) guide_node_bearings(g, w, i, p);
        }
        uint8_t bearing = a->first;
        for (uint32_t c = 0; c < a->corner_count; c++) {
            uint32_t along;
            uint8_t out;
            nb_status status = nb_corner_bearing(g->b, g->path->arcs[i], c, &along, &out);
            if (status != NB_OK) return status;
            uint64_t position = g->starts[i] + (along < a->length ? along : a->length);
            if (!guide_place_quiet(s, w, position, &from, &to)) {
                guide_place *p = guide_place_at(g, s, w->ordinal - 1, first, i, c, position, from, to);
                if (p) p->in = bearing, p->out = out;
            }
            bearing = out;
        }
    }
    return NB_OK;
}

/* The looks back and ahead at each place, one stretch at a time (docs/guidance.md, "Looks"),
 * keeping the places that turn. */
static nb_status guide_looks(guide *g, size_t corners) {
    size_t n = g->path->arc_count;
    guide_segment *segments = malloc((n + corners + 1) * sizeof *segments);
    if (segments == NULL) return out_of_memory(g->b);
    guide_walk w = {0, 0, 0, -1};
    for (size_t first = 0; first < n;) {
        if (g->arcs[first].climb) { first++; continue; }
        size_t end = first + 1;
        while (end < n && !g->arcs[end].climb) end++;
        guide_stretch s;
        nb_status status = guide_segments(g, first, end, segments, &s);
        if (status == NB_OK) status = guide_stretch_places(g, &s, &w, first, end);
        if (status != NB_OK) return free(segments), status;
        first = end;
    }
    free(segments);
    return NB_OK;
}

/* Turns: runs of places whose look changes by a turn to one side (candidate 3). Only the places
 * that turn are kept, so a run's places are consecutive in number as well. */
static void guide_turns(guide *g) {
    for (size_t i = 0; i < g->place_count;) {
        const guide_place *p = &g->places[i];
        int64_t change = p->ahead - p->back;
        int side = change > 0 ? 1 : -1;
        size_t end = i + 1, peak = i;
        int64_t most = change * side;
        while (end < g->place_count && g->places[end].ordinal == g->places[end - 1].ordinal + 1
               && g->places[end].stretch == p->stretch
               && (g->places[end].ahead - g->places[end].back) * side >= GUIDE_TURN
               && g->places[end].position - g->places[end - 1].position <= GUIDE_WINDOW) {
            if ((g->places[end].ahead - g->places[end].back) * side > most)
                most = (g->places[end].ahead - g->places[end].back) * side, peak = end;
            end++;
        }
        int64_t total = g->places[end - 1].ahead - p->back;
        if (total * side < GUIDE_TURN) total = most * side;
        const guide_place *anchor = &g->places[peak];
        guide_candidate *c = guide_add(g, 4, NB_MANEUVER_TURN, anchor->arc, anchor->position);
        c->modifier = maneuver_modifier(total > 1000 ? 1000 : total < -1000 ? -1000 : (int)total);
        c->corner = anchor->corner, c->before = anchor->in, c->after = anchor->out;
        c->has_span = 1, c->side = side, c->span_first = i, c->span_end = end;
        i = end;
    }
}

/* Whether one of a node point's nodes is a door. */
static int guide_at_door(const guide *g, const guide_point *p) {
    if (p->corner != NB_NONE) return 0;
    for (size_t position = p->arc; position <= p->last_node; position++) {
        uint32_t node = g->path->nodes[position];
        if (g->b->doors[node >> 3] >> (node & 7) & 1) return 1;
    }
    return 0;
}

/* Forks, doors and name changes of the groups of points (candidates 4 to 6). */
static void guide_groups(guide *g) {
    for (size_t start = 0; start < g->point_count;) {
        size_t end = start + 1;
        int loud = g->points[start].loud;
        while (end < g->point_count && g->points[end].position - g->points[start].position <= GUIDE_WINDOW)
            loud |= g->points[end++].loud;
        /* A group of quiet points (no choice, one label throughout, each joined to the one before)
         * is none of the kinds below: no choice rules out a fork or a continue by choice, and one
         * label rules out a door and a continue onto another way. Most groups of a city route are. */
        if (!loud) { start = end; continue; }
        const guide_point *first = &g->points[start], *last = &g->points[end - 1], *anchor = NULL, *door = NULL;
        int delta = 0, closest = 1000;
        for (size_t i = start; i < end; i++) {
            const guide_point *p = &g->points[i];
            delta += bearing_delta(p->in, p->out);
            if (p->has_choice && anchor == NULL) anchor = p;
            if (p->has_choice && p->closest < closest) closest = p->closest;
            /* The labels first: they are mostly one pointer, where the doors are a read elsewhere. */
            if (door == NULL
                && !same_text(p->before->label, p->before->label_length, p->after->label, p->after->label_length)
                && guide_at_door(g, p))
                door = p;
        }
        if (anchor == NULL) anchor = first;
        int size = delta < 0 ? -delta : delta, kind = -1, rank = 0;
        if (size >= 8 && size < GUIDE_TURN && closest <= 32) kind = NB_MANEUVER_FORK, rank = 5;
        else if (door) kind = NB_MANEUVER_DOOR, rank = 6;
        else if (size <= 7 && closest <= 7) kind = NB_MANEUVER_CONTINUE, rank = 7;
        else if (first->before->label && last->after->label
                 && !same_text(first->before->label, first->before->label_length, last->after->label,
                               last->after->label_length)
                 && is_way_kind(first->before->kind) && is_way_kind(last->after->kind))
            kind = NB_MANEUVER_CONTINUE, rank = 7;
        if (kind >= 0) {
            guide_candidate *c = guide_add(g, rank, kind, anchor->arc, anchor->position);
            c->modifier = maneuver_modifier(delta), c->corner = anchor->corner;
            c->before = anchor->in, c->after = anchor->out;
        }
        start = end;
    }
}

/* Route order: by position, then arc, rank and creation order (a total order). */
static inline int by_position(const guide_candidate *a, const guide_candidate *b) {
    if (a->position != b->position) return a->position < b->position ? -1 : 1;
    if (a->arc != b->arc) return a->arc < b->arc ? -1 : 1;
    if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

/* Sorts the `count` candidate indices `from` into route order (by_position), with `to` as room
 * of as many; returns whichever of the two holds the answer. The order is total, so any sort
 * gives the one answer. Each rank's candidates are made in route order, so the list is a few
 * ascending runs: a natural merge sort takes a pass or two. */
static size_t *guide_sort(const guide_candidate *c, size_t *from, size_t *to, size_t count) {
    for (;;) {
        size_t runs = 0;
        for (size_t start = 0; start < count;) {
            size_t middle = start + 1;
            while (middle < count && by_position(&c[from[middle - 1]], &c[from[middle]]) < 0) middle++;
            size_t end = middle;
            if (end < count) {
                end++;
                while (end < count && by_position(&c[from[end - 1]], &c[from[end]]) < 0) end++;
            }
            size_t i = start, j = middle, k = start;
            while (i < middle && j < end) to[k++] = by_position(&c[from[j]], &c[from[i]]) < 0 ? from[j++] : from[i++];
            while (i < middle) to[k++] = from[i++];
            while (j < end) to[k++] = from[j++];
            runs++;
            start = end;
        }
        size_t *swap = from;
        from = to, to = swap;
        if (runs <= 1) return from;
    }
}

/* Positions in ascending order, to ask whether any lies within the window of a position by
 * bisection rather than by a look at each (guide_space). */
typedef struct {
    uint64_t *at;
    size_t count;
} guide_marks;

/* Whether a position of `m` lies within the window of `at` (|a - at| <= GUIDE_WINDOW). */
static int marks_near(const guide_marks *m, uint64_t at) {
    uint64_t low = at > GUIDE_WINDOW ? at - GUIDE_WINDOW : 0;
    size_t first = 0, end = m->count;
    while (first < end) {
        size_t middle = first + (end - first) / 2;
        if (m->at[middle] < low) first = middle + 1;
        else end = middle;
    }
    return first < m->count && m->at[first] <= at + GUIDE_WINDOW;
}

/* Adds `at`, keeping the order: kept candidates are few, and each rank's come in route order, so
 * most land at the end. */
static void marks_add(guide_marks *m, uint64_t at) {
    size_t k = m->count++;
    for (; k > 0 && m->at[k - 1] > at; k--) m->at[k] = m->at[k - 1];
    m->at[k] = at;
}

static int guide_near(uint64_t a, uint64_t b) { return (a > b ? a - b : b - a) <= GUIDE_WINDOW; }

/* Takes the candidates by rank, then position and creation order: keeps connectors and
 * thresholds; turns unless each of their points is covered, that is part of departing, arriving
 * or reaching a climb or threshold, or near a turn to the same side kept already; and every
 * other candidate with nothing kept, nor the start or the end, within the window
 * (docs/guidance.md, "Spacing"); leaves the kept ones in route order. Each rank's candidates are
 * made in one pass along the route, so they come in position order already: a stable count by
 * rank puts them in order. What is kept is marked by position in four lists (climbs and
 * thresholds not walked, turns to the left, turns to the right, everything), so that each
 * question is a bisection. */
static void guide_space(guide *g) {
    size_t n = g->candidate_count, *by_rank = g->sort_index, *kept = by_rank + n, count = 0;
    size_t first[9] = {0}; /* ranks run from 1 to 7 here (depart and arrive, 0, come later) */
    for (size_t i = 0; i < n; i++) first[g->candidates[i].rank + 1]++;
    for (size_t r = 1; r < 9; r++) first[r] += first[r - 1];
    for (size_t i = 0; i < n; i++) by_rank[first[g->candidates[i].rank]++] = i;
    uint64_t length = g->starts[g->path->arc_count];
    guide_marks all = {g->marks, 0}, climbs = {g->marks + n, 0}, turns[2] = {{g->marks + 2 * n, 0}, {g->marks + 3 * n, 0}};
    for (size_t i = 0; i < n; i++) {
        const guide_candidate *c = &g->candidates[by_rank[i]];
        int keep = 1;
        if (c->has_span) {
            keep = 0;
            const guide_marks *same_side = &turns[c->side > 0];
            for (size_t k = c->span_first; k < c->span_end && !keep; k++) {
                uint64_t at = g->places[k].position;
                if (!(guide_near(at, 0) || guide_near(at, length) || marks_near(&climbs, at) || marks_near(same_side, at)))
                    keep = 1;
            }
        } else if (c->rank > 2) {
            keep = !(guide_near(c->position, 0) || guide_near(c->position, length) || marks_near(&all, c->position));
        }
        if (!keep) continue;
        kept[count++] = by_rank[i];
        marks_add(&all, c->position);
        if (c->rank <= 2 && !c->walked) marks_add(&climbs, c->position);
        if (c->has_span) marks_add(&turns[c->side > 0], c->position);
    }
    const size_t *order = guide_sort(g->candidates, kept, by_rank, count);
    for (size_t i = 0; i < count; i++) g->spare[i] = g->candidates[order[i]];
    guide_candidate *swap = g->candidates;
    g->candidates = g->spare, g->spare = swap;
    g->candidate_count = count;
}

/* Milliseconds from the start to a candidate: the arcs before its arc, and at a corner the share
 * of its arc's cost up to the corner (rounded down). */
static uint64_t guide_time(const guide *g, const guide_candidate *c) {
    uint64_t total = g->times[c->arc];
    if (c->corner != NB_NONE) {
        const guide_arc *a = &g->arcs[c->arc];
        uint64_t along = c->position - g->starts[c->arc];
        if (a->length > 0) total += a->cost * along / a->length;
    }
    return total;
}

/* The way a candidate leads along (docs/guidance.md, "Fields"). */
static void guide_way(const guide *g, const guide_candidate *c, const guide_candidate *next, nb_maneuver *m) {
    if (c->has_run)
        for (size_t i = c->run_start; i < c->run_end; i++)
            if (g->arcs[i].label) { m->way = g->arcs[i].label, m->way_length = g->arcs[i].label_length; return; }
    size_t end = next->arc + (next->corner == NB_NONE ? 0 : 1);
    if (end < c->arc + 1) end = c->arc + 1;
    if (end > g->path->arc_count) end = g->path->arc_count;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = c->arc; i < end; i++)
            if (g->arcs[i].label && (pass == 1 || g->arcs[i].length >= GUIDE_SHORT_ARC)) {
                m->way = g->arcs[i].label, m->way_length = g->arcs[i].label_length;
                return;
            }
}

static void guide_fill(const guide *g, const guide_candidate *c, const guide_candidate *next, nb_maneuver *m) {
    nb_bundle *b = g->b;
    size_t n = g->path->arc_count;
    memset(m, 0, sizeof *m);
    m->kind = c->kind, m->modifier = c->modifier, m->route_index = c->arc;
    const uint8_t *node = b->node_entries + 16 * (size_t)g->path->nodes[c->arc < n ? c->arc : n];
    m->level = rd16(node + 8);
    m->latitude = (int32_t)rd32(node), m->longitude = (int32_t)rd32(node + 4);
    m->corner = NB_NONE;
    if (c->corner != NB_NONE) {
        m->corner = g->arcs[c->arc].corner_first + c->corner;
        const uint8_t *at = b->shape_corners + 8 * (size_t)m->corner;
        m->latitude = (int32_t)rd32(at), m->longitude = (int32_t)rd32(at + 4);
    }
    m->along = c->position;
    m->bearing_before = c->before, m->bearing_after = c->after;
    m->changes_level = c->changes_level, m->from_level = c->from_level, m->to_level = c->to_level;
    m->direction = c->direction, m->step_count = c->step_count, m->rise = c->rise;
    if (next) {
        m->distance = next->position - c->position;
        m->duration = guide_time(g, next) - guide_time(g, c);
        guide_way(g, c, next, m);
    }
}

/* ---- landmarks of maneuvers (docs/guidance.md, "Landmarks of maneuvers") ----
 *
 * The Swift reader's ManeuverLandmarkRule, line for line, run on the finished maneuvers: it
 * reads their bearings and distances and the GLMK pairs of their decision points, and changes
 * nothing the rules above decided. */

enum { MARK_AT = 30, MARK_BESIDE = 80, MARK_SIDE = 10, MARK_CONE = 32, MARK_AHEAD = 16, MARK_BEHIND = 16 };

static int bearing_gap(int from, uint8_t to) {
    int d = bearing_delta((uint8_t)from, to);
    return d < 0 ? -d : d;
}

/* Where pair `p` lies from a maneuver facing `before` and `after` (-1 for none), `behind`
 * centimetres after the previous maneuver and `ahead` before the next; NONE when too far. */
static int mark_placement(const nb_landmark_pair_info *p, int before, int after, uint64_t behind, uint64_t ahead) {
    if (p->distance <= MARK_AT) return NB_PLACEMENT_AT;
    uint64_t reach = (uint64_t)p->distance * 10;
    if (before >= 0 && bearing_gap(before + 128, p->bearing) <= MARK_CONE && reach <= behind) return NB_PLACEMENT_BEFORE;
    if (after >= 0 && bearing_gap(after, p->bearing) <= MARK_CONE && reach <= ahead) return NB_PLACEMENT_AFTER;
    return p->distance <= MARK_BESIDE ? NB_PLACEMENT_BESIDE : NB_PLACEMENT_NONE;
}

/* The side of pair `p` for a walker facing `facing` (-1 for none): none within 22.5 degrees of
 * straight behind, where a few degrees of heading would swap left and right. */
static int mark_side(const nb_landmark_pair_info *p, int facing) {
    if (facing < 0 || p->distance < MARK_SIDE) return NB_SIDE_NONE;
    int d = bearing_delta((uint8_t)facing, p->bearing), size = d < 0 ? -d : d;
    if (size <= MARK_AHEAD) return NB_SIDE_AHEAD;
    if (size >= 128 - MARK_BEHIND) return NB_SIDE_NONE;
    return d > 0 ? NB_SIDE_RIGHT : NB_SIDE_LEFT;
}

/* Whether a maneuver of kind `kind` can name a landmark placed `placement` on side `side`. */
static int mark_says(int kind, int modifier, int placement, int side) {
    switch (kind) {
    case NB_MANEUVER_DEPART: return placement == NB_PLACEMENT_AFTER && side == NB_SIDE_AHEAD;
    case NB_MANEUVER_TURN: return modifier != NB_MODIFIER_UTURN || placement == NB_PLACEMENT_AT;
    case NB_MANEUVER_FORK: return placement == NB_PLACEMENT_AFTER;
    case NB_MANEUVER_CONTINUE: return placement != NB_PLACEMENT_BEFORE;
    default: return 0;
    }
}

/* The landmark kind (1 lift, 2 stairs, 3 escalator, 4 ramp) of a connector maneuver's kind, else -1. */
static int mark_ridden(int kind) {
    switch (kind) {
    case NB_MANEUVER_ELEVATOR: return 1;
    case NB_MANEUVER_STAIRS: return 2;
    case NB_MANEUVER_ESCALATOR: return 3;
    case NB_MANEUVER_RAMP: return 4;
    default: return -1;
    }
}

/* Whether landmark `info` is a place whose node for `profile` (PLAC's for NB_NONE) is `end`. */
static nb_status mark_destination(nb_bundle *b, uint32_t profile, const nb_landmark_info *info, uint32_t end,
                                  int *is) {
    *is = 0;
    if (info->place == NB_NONE) return NB_OK;
    uint32_t node;
    nb_status status;
    if (profile == NB_NONE) {
        nb_place place;
        status = nb_place_info(b, info->place, &place);
        node = place.node;
    } else {
        status = nb_place_node(b, profile, info->place, &node);
    }
    *is = status == NB_OK && node == end;
    return status;
}

/* Names the landmark of each maneuver in `list`, and at arrive the destination and its side. */
enum { MARK_KIND_PLATFORM = 8 }; /* GLMK's kind of a platform or stop */

/* A route that starts at a platform's place leaves the platform: the first of the depart's pairs
 * `first` ..< `first + pairs` that is a platform whose place is attached to `start` turns the
 * depart into `platform` naming it, at it within 3 m, else beside, its side against the way out
 * (ManeuverLandmarkRule.origin). `*found` says whether one did. */
static nb_status guide_platform_origin(nb_bundle *b, uint32_t profile, uint32_t start, nb_maneuver *m, uint32_t first,
                                       uint32_t pairs, int *found) {
    *found = 0;
    for (uint32_t k = first; k < first + pairs; k++) {
        nb_landmark_pair_info pair;
        nb_landmark_info info;
        int is;
        nb_status status;
        if ((status = nb_landmark_pair(b, k, &pair)) != NB_OK || (status = nb_landmark(b, pair.landmark, &info)) != NB_OK)
            return status;
        if (info.kind != MARK_KIND_PLATFORM) continue;
        if ((status = mark_destination(b, profile, &info, start, &is)) != NB_OK) return status;
        if (!is) continue;
        m->kind = NB_MANEUVER_PLATFORM;
        m->landmark = pair.landmark, m->landmark_placement = pair.distance <= MARK_AT ? NB_PLACEMENT_AT : NB_PLACEMENT_BESIDE;
        m->landmark_side = mark_side(&pair, m->bearing_after);
        m->landmark_name = info.name.text, m->landmark_name_length = info.name.length;
        *found = 1;
        return NB_OK;
    }
    return NB_OK;
}

/* `standing` is the bearing out of the route's first node along its first long arc (-1 for
 * none): depart heads towards a landmark only when it lies ahead from there as well as along the
 * depart's own bearing, which may be a few metres on (ManeuverLandmarkRule.choice). */
static nb_status guide_landmarks(nb_bundle *b, uint32_t profile, const nb_path *path, nb_maneuver *list, size_t count,
                                 int standing) {
    for (size_t i = 0; i < count; i++) list[i].landmark = NB_NONE;
    if (b->landmark_pairs == NULL) return NB_OK; /* no GLMK: nothing is known to be seen */
    uint32_t end = path->nodes[path->node_count - 1];
    for (size_t i = 0; i < count; i++) {
        nb_maneuver *m = &list[i];
        /* Doors, thresholds and connectors name none: their pairs need not be read. */
        if (m->kind != NB_MANEUVER_ARRIVE && !mark_says(m->kind, m->modifier, NB_PLACEMENT_AT, NB_SIDE_NONE) &&
            !mark_says(m->kind, m->modifier, NB_PLACEMENT_AFTER, NB_SIDE_AHEAD))
            continue;
        /* Decision points are keyed by node, then by node count plus the global corner. */
        uint32_t key = m->corner != NB_NONE ? b->nodes + m->corner : path->nodes[m->route_index], first, pairs;
        nb_status status = nb_landmark_pairs(b, key, &first, &pairs);
        if (status != NB_OK) return status;
        if (m->kind == NB_MANEUVER_DEPART) {
            int found;
            if ((status = guide_platform_origin(b, profile, path->nodes[0], m, first, pairs, &found)) != NB_OK) return status;
            if (found) continue;
        }
        uint64_t behind = i > 0 ? m->along - list[i - 1].along : 0;
        /* The connectors just before and after: their own maneuvers name them. */
        int ridden[2] = {i > 0 ? mark_ridden(list[i - 1].kind) : -1, i + 1 < count ? mark_ridden(list[i + 1].kind) : -1};
        for (uint32_t k = first; k < first + pairs; k++) {
            nb_landmark_pair_info pair;
            nb_landmark_info info;
            int placement, side;
            if ((status = nb_landmark_pair(b, k, &pair)) != NB_OK) return status;
            if (m->kind == NB_MANEUVER_ARRIVE) {
                int is;
                if ((status = nb_landmark(b, pair.landmark, &info)) != NB_OK ||
                    (status = mark_destination(b, profile, &info, end, &is)) != NB_OK)
                    return status;
                if (!is) continue;
                placement = pair.distance <= MARK_AT ? NB_PLACEMENT_AT : NB_PLACEMENT_BESIDE;
                side = mark_side(&pair, m->bearing_before);
            } else {
                placement = mark_placement(&pair, m->bearing_before, m->bearing_after, behind, m->distance);
                if (placement == NB_PLACEMENT_NONE) continue;
                /* The side is told against the way out for a landmark ahead, else against the way in. */
                side = mark_side(&pair, placement == NB_PLACEMENT_AFTER || m->bearing_before < 0 ? m->bearing_after
                                                                                                  : m->bearing_before);
                if (!mark_says(m->kind, m->modifier, placement, side)) continue;
                if (m->kind == NB_MANEUVER_DEPART && mark_side(&pair, standing >= 0 ? standing : m->bearing_after) != NB_SIDE_AHEAD)
                    continue;
                /* The record only for a landmark that fits: its name is checked as it is read. */
                if ((status = nb_landmark(b, pair.landmark, &info)) != NB_OK) return status;
                if (info.kind == ridden[0] || info.kind == ridden[1]) continue;
            }
            m->landmark = pair.landmark, m->landmark_placement = placement, m->landmark_side = side;
            m->landmark_name = info.name.text, m->landmark_name_length = info.name.length;
            /* A route that ends at a platform's place boards there. */
            if (m->kind == NB_MANEUVER_ARRIVE && info.kind == MARK_KIND_PLATFORM) m->kind = NB_MANEUVER_PLATFORM;
            break;
        }
    }
    return NB_OK;
}

nb_status nb_route_maneuvers(nb_bundle *b, uint32_t profile, const nb_path *path, const uint32_t *costs,
                             nb_maneuver **maneuvers, size_t *count) {
    if (maneuvers) *maneuvers = NULL;
    if (count) *count = 0;
    if (path == NULL || maneuvers == NULL || count == NULL)
        return refuse(b, NB_ERROR_ARGUMENT, "nb_route_maneuvers takes a path and where to put its maneuvers");
    nb_status status = check_route_path(b, profile, path);
    if (status != NB_OK || path->arc_count == 0) return status;
    if (b->bearing_ends == NULL)
        return refuse(b, NB_ERROR_UNAVAILABLE, "the bundle has no arc bearings (GARC, written since format 2.1 and 1.3)");
    if ((status = load_shapes(b)) != NB_OK || (status = load_doors(b)) != NB_OK) return status;
    size_t n = path->arc_count, corners = 0;
    guide_prefetch(b, profile, path);
    guide g;
    memset(&g, 0, sizeof g);
    g.b = b, g.path = path, g.profile = profile, g.costs = costs;
    if (n > SIZE_MAX / sizeof(guide_candidate) / 8) return out_of_memory(b);
    g.arcs = malloc(n * sizeof *g.arcs);
    g.starts = malloc((n + 1) * sizeof *g.starts), g.times = malloc((n + 1) * sizeof *g.times);
    if (!g.arcs || !g.starts || !g.times) return guide_free(&g), out_of_memory(b);
    if ((status = guide_read_arcs(&g)) != NB_OK) return guide_free(&g), status;
    guide_mark_climbs(&g);
    corners = g.corners;
    g.points = malloc((n + corners) * sizeof *g.points), g.places = malloc((n + corners) * sizeof *g.places);
    /* Connectors and thresholds at most one per arc each, turns and groups at most one per point
     * each, and the depart and arrive maneuvers. */
    size_t capacity = 2 * n + 2 * (n + corners) + 2;
    g.candidates = malloc(capacity * sizeof *g.candidates), g.spare = malloc(capacity * sizeof *g.spare);
    /* The spacing's index lists and position marks in one block: the marks start at a multiple
     * of 8 bytes, since 2 * capacity size_t values take a multiple of 8 on 32 and 64 bits. */
    g.sort_index = malloc(2 * capacity * sizeof *g.sort_index + 4 * capacity * sizeof(uint64_t));
    if (!g.points || !g.places || !g.candidates || !g.spare || !g.sort_index) return guide_free(&g), out_of_memory(b);
    g.marks = (uint64_t *)(void *)(g.sort_index + 2 * capacity);
    if ((status = guide_points(&g)) != NB_OK || (status = guide_runs(&g)) != NB_OK
        || (status = guide_looks(&g, corners)) != NB_OK)
        return guide_free(&g), status;
    guide_turns(&g);
    guide_groups(&g);
    guide_space(&g);
    /* Depart faces the way out of the last point within the window of the start and before
     * everything kept says (a kept turn from the first place of its run on). */
    uint64_t limit = GUIDE_WINDOW;
    for (size_t i = 0; i < g.candidate_count; i++) {
        const guide_candidate *c = &g.candidates[i];
        uint64_t said = c->has_span ? g.places[c->span_first].position : c->position;
        if (said < limit) limit = said;
    }
    int depart_bearing = guide_bearing_from(&g, 0);
    for (size_t i = 0; i < g.point_count && g.points[i].position < limit; i++) depart_bearing = g.points[i].out;
    size_t kept = g.candidate_count;
    memmove(g.candidates + 1, g.candidates, kept * sizeof *g.candidates);
    g.candidate_count = 0;
    guide_candidate *depart = guide_add(&g, 0, NB_MANEUVER_DEPART, 0, 0);
    depart->after = depart_bearing;
    g.candidate_count = kept + 1;
    guide_candidate *arrive = guide_add(&g, 0, NB_MANEUVER_ARRIVE, n, g.starts[n]);
    arrive->before = guide_bearing_before(&g, n);
    nb_maneuver *list = malloc(g.candidate_count * sizeof *list);
    if (list == NULL) return guide_free(&g), out_of_memory(b);
    for (size_t i = 0; i < g.candidate_count; i++)
        guide_fill(&g, &g.candidates[i], i + 1 < g.candidate_count ? &g.candidates[i + 1] : NULL, &list[i]);
    status = guide_landmarks(b, profile, path, list, g.candidate_count, guide_bearing_from(&g, 0));
    if (status != NB_OK) return free(list), guide_free(&g), status;
    *maneuvers = list, *count = g.candidate_count;
    guide_free(&g);
    return NB_OK;
}

/* ---- Nearest exit ---- */

/* EGRS, section version 2 (docs/bundle-format.md): a bit per node, set where the node has
 * entries, the count of entries before each 64-bit word of bits, and per profile the entries of 12
 * bytes. A node without an entry (an entrance, or outdoors) is its own exit at no cost. Version 1,
 * an entry for every node, is not read. */
typedef struct {
    const uint8_t *bits, *ranks, *tables;
    uint32_t count;
} egress_index;

/* The egress tables, checked to fit their section: NB_ERROR_UNAVAILABLE without any. `quiet`
 * only says so, leaving the bundle's last error as it was (a search asking whether there are any). */
static nb_status egress_tables(nb_bundle *b, egress_index *x, int quiet) {
    const section *s = find_section_version(b, "EGRS", 2);
    if (s == NULL) {
        const section *other = find_section_any(b, "EGRS");
        if (quiet) return NB_ERROR_UNAVAILABLE;
        if (other != NULL)
            return refuse(b, NB_ERROR_UNAVAILABLE, "EGRS is in section version %u, which this reader does not read: "
                          "rebuild the bundle for its ways out", other->version);
        return refuse(b, NB_ERROR_UNAVAILABLE, "no EGRS section: ways out are not available");
    }
    const uint8_t *e = section_bytes(b, s);
    if (s->length < 16 || rd32(e + 4) != b->nodes || (rd32(e) != 0 && rd32(e) != b->profiles))
        return quiet ? NB_ERROR_FORMAT
                     : refuse(b, NB_ERROR_FORMAT, "EGRS does not hold 0 or %u tables of %u nodes", b->profiles, b->nodes);
    uint64_t words = ((uint64_t)b->nodes + 63) / 64, count = rd32(e + 8);
    uint64_t ranks_at = 16 + 8 * words, tables_at = (ranks_at + 4 * words + 7) / 8 * 8;
    if (tables_at + 12 * count * rd32(e) > s->length)
        return quiet ? NB_ERROR_FORMAT
                     : refuse(b, NB_ERROR_FORMAT, "EGRS: %u tables of %llu entries do not fit its %llu bytes", rd32(e),
                              (unsigned long long)count, (unsigned long long)s->length);
    if (rd32(e) == 0)
        return quiet ? NB_ERROR_UNAVAILABLE : refuse(b, NB_ERROR_UNAVAILABLE, "EGRS has no tables: ways out are not available");
    x->bits = e + 16, x->ranks = e + ranks_at, x->tables = e + tables_at, x->count = (uint32_t)count;
    return NB_OK;
}

/* Whether `node` has entries (its bit is set; the words are little-endian, so byte node / 8); a
 * node without is its own exit. Reads the bit only, so a damaged rank elsewhere cannot fail it, as
 * in the Swift reader. */
static int egress_has(const egress_index *x, uint32_t node) { return x->bits[node / 8] >> (node % 8) & 1; }

/* The index of `node`'s entries, NB_NONE for a node that is its own exit, or EGRS_DAMAGED when the
 * rank of its word points past the entries: its word's rank plus the set bits below its own. */
#define EGRS_DAMAGED 0xFFFFFFFEu
static uint32_t egress_find(const egress_index *x, uint32_t node) {
    uint64_t word = rd64(x->bits + 8 * (size_t)(node / 64));
    unsigned bit = node % 64;
    if (!(word >> bit & 1)) return NB_NONE;
    uint64_t index = (uint64_t)rd32(x->ranks + 4 * (size_t)(node / 64)) + bit_count(word & ((1ull << bit) - 1));
    return index < x->count ? (uint32_t)index : EGRS_DAMAGED;
}

/* `node`'s exit, cost and first arc for `profile`: itself, 0 and NB_NONE without an entry.
 * NB_ERROR_FORMAT, refused, for a rank past the entries. */
static nb_status egress_entry(nb_bundle *b, const egress_index *x, uint32_t profile, uint32_t node, uint32_t out[3]) {
    uint32_t index = egress_find(x, node);
    if (index == EGRS_DAMAGED) return refuse(b, NB_ERROR_FORMAT, "EGRS: node %u ranks an entry past the %u entries", node, x->count);
    if (index == NB_NONE) {
        out[0] = node, out[1] = 0, out[2] = NB_NONE;
        return NB_OK;
    }
    const uint8_t *e = x->tables + 12 * ((size_t)profile * x->count + index);
    out[0] = rd32(e), out[1] = rd32(e + 4), out[2] = rd32(e + 8);
    return NB_OK;
}

nb_status nb_nearest_exit(nb_bundle *b, uint32_t profile, uint32_t node, uint32_t *exit_node, uint32_t *cost,
                          uint32_t **nodes, size_t *node_count) {
    *exit_node = NB_NONE, *cost = NB_NONE, *nodes = NULL, *node_count = 0;
    if (profile >= b->profiles || node >= b->nodes)
        return refuse(b, NB_ERROR_ARGUMENT, "profile %u or node %u is out of range", profile, node);
    egress_index x;
    uint32_t first[3], entry[3];
    nb_status status = egress_tables(b, &x, 0);
    if (status == NB_OK) status = egress_entry(b, &x, profile, node, first);
    if (status != NB_OK) return status;
    uint32_t goal = first[0];
    if (goal == NB_NONE) return NB_OK;
    /* The path grows as it is followed: as long as the way out, not the graph. */
    u32_list path = {0};
    uint32_t current = node;
    if (!list_push(&path, current)) return out_of_memory(b);
    memcpy(entry, first, sizeof entry);
    /* At most one step per node, so a corrupt table that loops is refused rather than followed. */
    while (current != goal) {
        uint32_t arc = entry[2];
        if (path.count > b->nodes || arc >= b->arcs || arc < rd32(b->first_out + 4 * (size_t)current) ||
            arc >= rd32(b->first_out + 4 * ((size_t)current + 1))) {
            free(path.items);
            return refuse(b, NB_ERROR_FORMAT, "EGRS does not lead from node %u to its exit", node);
        }
        current = rd32(b->arc_entries + 16 * (size_t)arc);
        if (!list_push(&path, current)) return free(path.items), out_of_memory(b);
        if ((status = egress_entry(b, &x, profile, current, entry)) != NB_OK) return free(path.items), status;
    }
    *exit_node = goal, *cost = first[1], *nodes = path.items, *node_count = path.count;
    return NB_OK;
}

/* ---- Text ---- */

/* The code point at `text[*at]`, advancing `*at`, or -1 when the bytes there are not UTF-8
 * (overlong forms, surrogates and values above U+10FFFF included). */
static int32_t utf8_next(const uint8_t *text, size_t length, size_t *at) {
    size_t i = *at;
    uint8_t c = text[i];
    if (c < 0x80) return *at = i + 1, c;
    int extra;
    uint32_t value, low = 0x80, high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) extra = 1, value = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) {
        extra = 2, value = c & 0x0F;
        if (c == 0xE0) low = 0xA0;
        if (c == 0xED) high = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        extra = 3, value = c & 0x07;
        if (c == 0xF0) low = 0x90;
        if (c == 0xF4) high = 0x8F;
    } else
        return -1;
    if (length - i <= (size_t)extra) return -1;
    for (int k = 1; k <= extra; k++) {
        uint8_t next = text[i + (size_t)k];
        if (next < low || next > high) return -1;
        low = 0x80, high = 0xBF;
        value = value << 6 | (next & 0x3F);
    }
    *at = i + 1 + (size_t)extra;
    return (int32_t)value;
}

static int utf8_valid(const uint8_t *text, size_t length) {
    for (size_t at = 0; at < length;)
        if (utf8_next(text, length, &at) < 0) return 0;
    return 1;
}

/* ---- Place search ---- */

#define FOLD(x, i) ((x)->folds + 12 * (size_t)(i))
#define KEY(x, i) ((x)->keys + 12 * (size_t)(i))

/* The fold entry of code point `c`, or -1. */
static int64_t fold_entry(const search_index *x, uint32_t c) {
    uint32_t low = 0, high = x->fold_count;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        uint32_t found = rd32(FOLD(x, middle));
        if (found == c) return middle;
        if (found < c) low = middle + 1;
        else high = middle;
    }
    return -1;
}

static int compare_bytes(const uint8_t *a, size_t a_length, const uint8_t *b, size_t b_length) {
    int c = memcmp(a, b, a_length < b_length ? a_length : b_length);
    if (c != 0) return c;
    return a_length < b_length ? -1 : a_length > b_length;
}

static nb_status load_search(nb_bundle *b) {
    search_index *x = &b->search;
    if (x->checked) return NB_OK;
    const section *s = find_section(b, "SRCH");
    if (s == NULL) return refuse(b, NB_ERROR_UNAVAILABLE, "no SRCH section: place search is not available");
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 16) return refuse(b, NB_ERROR_FORMAT, "SRCH is too short for its header");
    uint64_t folds = rd32(p), keys = rd32(p + 4), fold_bytes = rd32(p + 8), key_bytes = rd32(p + 12);
    if (16 + 12 * folds + 12 * keys + fold_bytes + key_bytes > s->length)
        return refuse(b, NB_ERROR_FORMAT, "SRCH: %llu fold entries, %llu keys and %llu text bytes do not fit its %llu bytes",
                      (unsigned long long)folds, (unsigned long long)keys,
                      (unsigned long long)(fold_bytes + key_bytes), (unsigned long long)s->length);
    x->fold_count = (uint32_t)folds, x->key_count = (uint32_t)keys;
    x->folds = p + 16, x->keys = x->folds + 12 * folds;
    x->fold_text = x->keys + 12 * keys, x->key_text = x->fold_text + fold_bytes;
    for (uint32_t i = 0; i < x->fold_count; i++) {
        uint32_t c = rd32(FOLD(x, i)), offset = rd32(FOLD(x, i) + 4), length = rd32(FOLD(x, i) + 8);
        if (c < 0x80 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            return refuse(b, NB_ERROR_FORMAT, "SRCH: fold entry %u maps U+%04X, which is ASCII or no code point", i, c);
        if (i > 0 && c <= rd32(FOLD(x, i - 1)))
            return refuse(b, NB_ERROR_FORMAT, "SRCH: fold entries are not sorted by code point at entry %u", i);
        if ((uint64_t)offset + length > fold_bytes)
            return refuse(b, NB_ERROR_FORMAT, "SRCH: fold entry %u lies outside the fold text", i);
        if (!utf8_valid(x->fold_text + offset, length))
            return refuse(b, NB_ERROR_FORMAT, "SRCH: fold entry %u's replacement is not UTF-8", i);
    }
    /* Folding is applied once, so a replacement must already be folded: no capital ASCII, no
     * control spaces, and no code point that folds to something else. */
    for (uint32_t i = 0; i < x->fold_count; i++) {
        const uint8_t *text = x->fold_text + rd32(FOLD(x, i) + 4);
        size_t length = rd32(FOLD(x, i) + 8);
        for (size_t at = 0; at < length;) {
            size_t start = at;
            int32_t c = utf8_next(text, length, &at);
            int64_t entry = c >= 0x80 ? fold_entry(x, (uint32_t)c) : -1;
            int folded = !(c >= 'A' && c <= 'Z') && !(c >= 0x09 && c <= 0x0D);
            if (entry >= 0)
                folded = rd32(FOLD(x, entry) + 8) == at - start &&
                         memcmp(x->fold_text + rd32(FOLD(x, entry) + 4), text + start, at - start) == 0;
            if (!folded) return refuse(b, NB_ERROR_FORMAT, "SRCH: fold entry %u's replacement is not folded", i);
        }
    }
    for (uint32_t i = 0; i < x->key_count; i++) {
        const uint8_t *k = KEY(x, i);
        uint32_t offset = rd32(k), length = rd16(k + 4), field = k[6], place = rd32(k + 8);
        if (length == 0) return refuse(b, NB_ERROR_FORMAT, "SRCH: key %u is empty", i);
        if ((uint64_t)offset + length > key_bytes)
            return refuse(b, NB_ERROR_FORMAT, "SRCH: key %u lies outside the key text", i);
        if (field > NB_FIELD_CATEGORY) return refuse(b, NB_ERROR_FORMAT, "SRCH: key %u has field %u", i, field);
        if (place >= b->place_count)
            return refuse(b, NB_ERROR_FORMAT, "SRCH: key %u names place %u, PLAC has %u", i, place, b->place_count);
        if (!utf8_valid(x->key_text + offset, length)) return refuse(b, NB_ERROR_FORMAT, "SRCH: key %u is not UTF-8", i);
        if (i > 0) {
            /* Bisection needs keys in order, and a repeated key would report a place twice. */
            const uint8_t *q = KEY(x, i - 1);
            int order = compare_bytes(x->key_text + rd32(q), rd16(q + 4), x->key_text + offset, length);
            if (order == 0) order = q[6] < field ? -1 : q[6] > field;
            if (order == 0) order = rd32(q + 8) < place ? -1 : rd32(q + 8) > place;
            if (order >= 0) return refuse(b, NB_ERROR_FORMAT, "SRCH: keys are not sorted at key %u", i);
        }
    }
    x->checked = 1;
    return NB_OK;
}

typedef struct {
    uint8_t *bytes;
    size_t length, capacity;
    int space; /* a space is owed before the next byte */
} text_buffer;

/* Appends `bytes`, turning each run of spaces into one and dropping those at the start (the
 * caller drops the end's by not paying what is owed). */
static int text_append(text_buffer *t, const uint8_t *bytes, size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (bytes[i] == ' ') {
            if (t->length > 0) t->space = 1;
            continue;
        }
        if (t->length + 2 > t->capacity) {
            size_t capacity = t->capacity ? 2 * t->capacity : 64;
            uint8_t *larger = capacity > t->capacity ? realloc(t->bytes, capacity) : NULL;
            if (!larger) return 0;
            t->bytes = larger, t->capacity = capacity;
        }
        if (t->space) t->bytes[t->length++] = ' ', t->space = 0;
        t->bytes[t->length++] = bytes[i];
    }
    return 1;
}

/* Folds `text` with the bundle's table into `*out` (free() it). */
static nb_status fold_text(nb_bundle *b, const uint8_t *text, size_t length, uint8_t **out, size_t *out_length) {
    *out = NULL, *out_length = 0;
    const search_index *x = &b->search;
    text_buffer t = {0};
    for (size_t at = 0; at < length;) {
        size_t start = at;
        int32_t c = utf8_next(text, length, &at);
        if (c < 0) {
            free(t.bytes);
            return refuse(b, NB_ERROR_ARGUMENT, "the search text is not valid UTF-8 (at byte %zu)", start);
        }
        int ok;
        if (c < 0x80) {
            uint8_t byte = (uint8_t)c;
            if (byte >= 'A' && byte <= 'Z') byte = (uint8_t)(byte - 'A' + 'a');
            else if (byte >= 0x09 && byte <= 0x0D) byte = ' ';
            ok = text_append(&t, &byte, 1);
        } else {
            int64_t entry = fold_entry(x, (uint32_t)c);
            if (entry >= 0)
                ok = text_append(&t, x->fold_text + rd32(FOLD(x, entry) + 4), rd32(FOLD(x, entry) + 8));
            else
                ok = text_append(&t, text + start, at - start);
        }
        if (!ok) return free(t.bytes), out_of_memory(b);
    }
    *out = t.bytes, *out_length = t.length;
    return NB_OK;
}

typedef struct {
    uint64_t position; /* the key's index in its table, plus the table's offset */
    uint32_t item;     /* the key's place (or tour) */
    uint8_t field;
} ranked;

static int compare_ranked(const void *x, const void *y) {
    const ranked *a = x, *c = y;
    if (a->field != c->field) return a->field < c->field ? -1 : 1;
    return a->position < c->position ? -1 : a->position > c->position;
}

static nb_status load_aliases(nb_bundle *b);

/* The first key of `keys` (`count` entries into `key_text`) not below `text`, by bisection. */
static uint32_t lower_bound(const uint8_t *keys, const uint8_t *key_text, uint32_t count, const uint8_t *text,
                            size_t length) {
    uint32_t low = 0, high = count;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        const uint8_t *k = keys + 12 * (size_t)middle;
        if (compare_bytes(key_text + rd32(k), rd16(k + 4), text, length) < 0) low = middle + 1;
        else high = middle;
    }
    return low;
}

/* Whether key `k` of `key_text` starts with `text`. */
static int key_starts_with(const uint8_t *k, const uint8_t *key_text, const uint8_t *text, size_t length) {
    return rd16(k + 4) >= length && memcmp(key_text + rd32(k), text, length) == 0;
}

/* A sorted table of keys in SRCH's layout (SRCH, ALIA, TOUR): `count` keys into `text`, whose
 * positions count from `offset` when several tables rank together. */
typedef struct {
    const uint8_t *keys, *text;
    uint32_t count;
    uint64_t offset;
} key_table;

/* The items (below `items`, each key's `place`) with a key of `tables` starting with the folded
 * text: each by its best key, the smallest field and within it the first position, ranked by
 * that field and then that position, in `*found` (free() it) and `*found_count`. Every key's
 * item was checked to be below `items` when its table was loaded. */
static nb_status rank_prefix(nb_bundle *b, const key_table *tables, int table_count, uint32_t items,
                             const uint8_t *folded, size_t length, ranked **found, size_t *found_count) {
    *found = NULL, *found_count = 0;
    uint8_t *best_field = malloc(items ? items : 1);
    uint64_t *best_position = malloc(sizeof(uint64_t) * (items ? items : 1));
    if (!best_field || !best_position) return free(best_field), free(best_position), out_of_memory(b);
    memset(best_field, 0xFF, items);
    size_t count = 0;
    for (int t = 0; t < table_count; t++) {
        for (uint32_t i = lower_bound(tables[t].keys, tables[t].text, tables[t].count, folded, length);
             i < tables[t].count && key_starts_with(tables[t].keys + 12 * (size_t)i, tables[t].text, folded, length); i++) {
            const uint8_t *k = tables[t].keys + 12 * (size_t)i;
            uint32_t item = rd32(k + 8);
            if (best_field[item] == 0xFF) count++;
            if (k[6] < best_field[item]) best_field[item] = k[6], best_position[item] = tables[t].offset + i;
        }
    }
    ranked *list = malloc(sizeof(ranked) * (count ? count : 1));
    if (list == NULL) return free(best_field), free(best_position), out_of_memory(b);
    count = 0;
    for (uint32_t item = 0; item < items; item++)
        if (best_field[item] != 0xFF) list[count++] = (ranked){best_position[item], item, best_field[item]};
    qsort(list, count, sizeof(ranked), compare_ranked);
    free(best_field), free(best_position);
    *found = list, *found_count = count;
    return NB_OK;
}

nb_status nb_search_prefix(nb_bundle *b, const char *query, size_t limit, nb_match *results, size_t capacity,
                           size_t *count) {
    *count = 0;
    if (query == NULL || (results == NULL && capacity > 0))
        return refuse(b, NB_ERROR_ARGUMENT, "no query or no room for results");
    size_t query_length = strlen(query);
    if (!utf8_valid((const uint8_t *)query, query_length))
        return refuse(b, NB_ERROR_ARGUMENT, "the search text is not valid UTF-8");
    nb_status status = load_search(b);
    if (status != NB_OK) return status;
    int aliases = find_section(b, "ALIA") != NULL;
    if (aliases && (status = load_aliases(b)) != NB_OK) return status;
    const search_index *x = &b->search;
    uint8_t *folded;
    size_t length;
    if ((status = fold_text(b, (const uint8_t *)query, query_length, &folded, &length)) != NB_OK) return status;
    if (length == 0) return free(folded), NB_OK;
    /* SRCH's keys before ALIA's. */
    key_table tables[2] = {
        {x->keys, x->key_text, x->key_count, 0},
        {b->alias.keys, b->alias.key_text, aliases ? b->alias.key_count : 0, x->key_count},
    };
    ranked *found;
    size_t found_count;
    status = rank_prefix(b, tables, 2, b->place_count, folded, length, &found, &found_count);
    free(folded);
    if (status != NB_OK) return status;
    size_t room = limit < capacity ? limit : capacity;
    for (size_t i = 0; i < found_count && i < room; i++) results[i] = (nb_match){found[i].item, found[i].field};
    *count = found_count < room ? found_count : room;
    free(found);
    return NB_OK;
}

/* ---- Snapping ---- */

#define SNAP_LEVEL(x, l) ((x)->levels + 32 * (size_t)(l))

static nb_status load_snap(nb_bundle *b) {
    snap_index *x = &b->snap;
    if (x->checked) return NB_OK;
    const section *s = find_section(b, "SNAP");
    if (s == NULL) return refuse(b, NB_ERROR_UNAVAILABLE, "no SNAP section: snapping is not available");
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 24) return refuse(b, NB_ERROR_FORMAT, "SNAP is too short for its header");
    uint64_t levels = rd32(p), nodes = rd32(p + 4), cells = rd32(p + 8), entries = rd32(p + 12);
    double scale = rdf64(p + 16);
    if (levels != b->level_count)
        return refuse(b, NB_ERROR_FORMAT, "SNAP has %llu levels, LEVL %u", (unsigned long long)levels, b->level_count);
    if (nodes != b->nodes)
        return refuse(b, NB_ERROR_FORMAT, "SNAP has %llu nodes, NODE %u", (unsigned long long)nodes, b->nodes);
    if (!(scale > 0 && scale <= 1)) return refuse(b, NB_ERROR_FORMAT, "SNAP: the longitude scale %g is not a cosine", scale);
    if (24 + 32 * levels + 4 * (cells + 1) + 4 * entries > s->length)
        return refuse(b, NB_ERROR_FORMAT, "SNAP: %llu levels, %llu cells and %llu entries do not fit its %llu bytes",
                      (unsigned long long)levels, (unsigned long long)cells, (unsigned long long)entries,
                      (unsigned long long)s->length);
    x->levels = p + 24, x->cell_first = x->levels + 32 * levels, x->entries = x->cell_first + 4 * (cells + 1);
    x->scale = scale;
    for (uint64_t c = 0; c < cells; c++)
        if (rd32(x->cell_first + 4 * c) > rd32(x->cell_first + 4 * (c + 1)))
            return refuse(b, NB_ERROR_FORMAT, "SNAP: cell offsets fall at cell %llu", (unsigned long long)c);
    if (rd32(x->cell_first + 4 * cells) > entries)
        return refuse(b, NB_ERROR_FORMAT, "SNAP: cell offsets end past the %llu entries", (unsigned long long)entries);
    for (uint64_t e = 0; e < entries; e++)
        if (rd32(x->entries + 4 * e) >= b->nodes)
            return refuse(b, NB_ERROR_FORMAT, "SNAP: entry %llu names node %u, NODE has %u", (unsigned long long)e,
                          rd32(x->entries + 4 * e), b->nodes);
    uint32_t *on_level = calloc(levels ? levels : 1, sizeof(uint32_t));
    if (!on_level) return out_of_memory(b);
    for (uint32_t v = 0; v < b->nodes; v++) on_level[rd16(b->node_entries + 16 * (size_t)v + 8)]++;
    /* Every node of a level must sit in exactly one cell, the one its position gives, or the
     * ring walk could miss the nearest. Grids together within cell_count also bound this work. */
    nb_status status = NB_OK;
    uint64_t total_cells = 0;
    for (uint32_t l = 0; l < levels && status == NB_OK; l++) {
        const uint8_t *g = SNAP_LEVEL(x, l);
        int64_t min_lat = (int32_t)rd32(g), min_lon = (int32_t)rd32(g + 4);
        uint32_t cell_lat = rd32(g + 8), cell_lon = rd32(g + 12), rows = rd32(g + 16), columns = rd32(g + 20);
        uint64_t first = rd32(g + 24), count = (uint64_t)rows * columns, held = 0;
        if (count == 0) {
            if (on_level[l] > 0) status = refuse(b, NB_ERROR_FORMAT, "SNAP: level %u has nodes but no grid", l);
            continue;
        }
        total_cells += count;
        if (cell_lat == 0 || cell_lon == 0)
            status = refuse(b, NB_ERROR_FORMAT, "SNAP: level %u has cells of size 0", l);
        else if (first + count > cells || total_cells > cells)
            status = refuse(b, NB_ERROR_FORMAT, "SNAP: level %u's %llu cells from %llu exceed the %llu cells", l,
                            (unsigned long long)count, (unsigned long long)first, (unsigned long long)cells);
        for (uint64_t c = 0; c < count && status == NB_OK; c++) {
            uint64_t row = c / columns, column = c % columns;
            uint32_t start = rd32(x->cell_first + 4 * (first + c)), stop = rd32(x->cell_first + 4 * (first + c + 1));
            for (uint32_t e = start; e < stop && status == NB_OK; e++) {
                uint32_t v = rd32(x->entries + 4 * (size_t)e);
                const uint8_t *node = b->node_entries + 16 * (size_t)v;
                int64_t dlat = (int64_t)(int32_t)rd32(node) - min_lat, dlon = (int64_t)(int32_t)rd32(node + 4) - min_lon;
                if (rd16(node + 8) != l || dlat < 0 || dlon < 0 || (uint64_t)dlat / cell_lat != row ||
                    (uint64_t)dlon / cell_lon != column)
                    status = refuse(b, NB_ERROR_FORMAT, "SNAP: node %u is not in level %u's cell %llu", v, l,
                                    (unsigned long long)(first + c));
                else if (e > start && rd32(x->entries + 4 * ((size_t)e - 1)) >= v)
                    status = refuse(b, NB_ERROR_FORMAT, "SNAP: cell %llu's nodes are not ascending",
                                    (unsigned long long)(first + c));
                held++;
            }
        }
        if (status == NB_OK && held != on_level[l])
            status = refuse(b, NB_ERROR_FORMAT, "SNAP: level %u's grid holds %llu nodes, NODE has %u on it", l,
                            (unsigned long long)held, on_level[l]);
    }
    free(on_level);
    if (status == NB_OK) x->checked = 1;
    return status;
}

/* Degrees to 1e-7 degree, rounding half away from zero. The product is rounded to double once,
 * as the specification multiplies; the fraction `value - whole` is exact. */
static int64_t to_units(double degrees) {
    double value = degrees * 1e7;
    int64_t whole = (int64_t)value; /* toward zero; |value| <= 1.8e9 */
    double fraction = value - (double)whole;
    if (fraction >= 0.5) whole++;
    else if (fraction <= -0.5) whole--;
    return whole;
}

/* d² of the specification. Each product is stored before the sum so that no compiler fuses them
 * into one multiply-add (clang contracts within an expression by default, GCC in GNU mode across
 * statements): every reader must round after each operation to agree on ties. */
static double squared_distance(int64_t dy, int64_t dlon, double scale) {
    volatile double dx = (double)dlon * scale;
    volatile double xx = dx * dx;
    volatile double yy = (double)dy * (double)dy;
    return xx + yy;
}

typedef struct {
    const nb_bundle *b;
    const snap_index *x;
    uint64_t first, columns;
    int64_t latitude, longitude; /* the query, in 1e-7 degree */
    double best;
    uint32_t found;
    const uint8_t *bits; /* a profile's PIEC bits: only nodes with theirs set count; NULL for all */
} snap_walk;

/* Considers the nodes of cell (row, column), keeping the smallest (d², node). */
static void visit_cell(snap_walk *w, int64_t row, int64_t column) {
    uint64_t c = w->first + (uint64_t)row * w->columns + (uint64_t)column;
    uint32_t start = rd32(w->x->cell_first + 4 * c), stop = rd32(w->x->cell_first + 4 * (c + 1));
    for (uint32_t e = start; e < stop; e++) {
        uint32_t v = rd32(w->x->entries + 4 * (size_t)e);
        const uint8_t *n = w->b->node_entries + 16 * (size_t)v;
        double d2 = squared_distance(w->latitude - (int32_t)rd32(n), w->longitude - (int32_t)rd32(n + 4), w->x->scale);
        if (w->bits != NULL && !(rd32(w->bits + 4 * (size_t)(v >> 5)) >> (v & 31) & 1)) continue;
        if (w->found == NB_NONE || d2 < w->best || (d2 == w->best && v < w->found)) w->best = d2, w->found = v;
    }
}

/* The nearest node of `level` among those whose bit in `bits` is set (every node for NULL). */
static nb_status nearest(nb_bundle *b, double latitude, double longitude, uint32_t level, const uint8_t *bits,
                         uint32_t *node, double *metres) {
    *node = NB_NONE, *metres = 0;
    if (level >= b->level_count) return refuse(b, NB_ERROR_ARGUMENT, "level %u is out of range", level);
    if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180))
        return refuse(b, NB_ERROR_ARGUMENT, "(%g, %g) is not a position in degrees", latitude, longitude);
    nb_status status = load_snap(b);
    if (status != NB_OK) return status;
    const snap_index *x = &b->snap;
    const uint8_t *g = SNAP_LEVEL(x, level);
    int64_t min_lat = (int32_t)rd32(g), min_lon = (int32_t)rd32(g + 4);
    int64_t cell_lat = rd32(g + 8), cell_lon = rd32(g + 12), rows = rd32(g + 16), columns = rd32(g + 20);
    uint64_t first = rd32(g + 24);
    if (rows == 0 || columns == 0) return NB_OK;
    int64_t lat = to_units(latitude), lon = to_units(longitude);
    int64_t row = lat < min_lat ? 0 : (lat - min_lat) / cell_lat, column = lon < min_lon ? 0 : (lon - min_lon) / cell_lon;
    if (row >= rows) row = rows - 1;
    if (column >= columns) column = columns - 1;
    snap_walk walk = {b, x, first, columns, lat, lon, 0, NB_NONE, bits};
    for (int64_t r = 0;; r++) {
        int64_t top = row - r < 0 ? 0 : row - r, bottom = row + r >= rows ? rows - 1 : row + r;
        int64_t left = column - r < 0 ? 0 : column - r, right = column + r >= columns ? columns - 1 : column + r;
        for (int64_t i = top; i <= bottom; i++) {
            if (i == row - r || i == row + r) {
                for (int64_t j = left; j <= right; j++) visit_cell(&walk, i, j);
            } else {
                if (column - r >= 0) visit_cell(&walk, i, column - r);
                if (r > 0 && column + r < columns) visit_cell(&walk, i, column + r);
            }
        }
        if (top == 0 && left == 0 && bottom == rows - 1 && right == columns - 1) break;
        /* Cells not yet visited lie beyond a side of the block that has more grid behind it;
         * a node there is at least that side's distance away. */
        double bound = -1;
        if (top > 0) {
            double d = (double)(lat - (min_lat + top * cell_lat));
            if (bound < 0 || d < bound) bound = d;
        }
        if (bottom < rows - 1) {
            double d = (double)(min_lat + (bottom + 1) * cell_lat - lat);
            if (bound < 0 || d < bound) bound = d;
        }
        if (left > 0) {
            double d = (double)(lon - (min_lon + left * cell_lon)) * x->scale;
            if (bound < 0 || d < bound) bound = d;
        }
        if (right < columns - 1) {
            double d = (double)(min_lon + (right + 1) * cell_lon - lon) * x->scale;
            if (bound < 0 || d < bound) bound = d;
        }
        if (walk.found != NB_NONE && walk.best < bound * bound) break;
    }
    *node = walk.found;
    if (walk.found != NB_NONE) *metres = sqrt(walk.best) * METRES_PER_UNIT; /* IEEE: correctly rounded everywhere */
    return NB_OK;
}

nb_status nb_snap(nb_bundle *b, double latitude, double longitude, uint32_t level, uint32_t *node, double *metres) {
    return nearest(b, latitude, longitude, level, NULL, node, metres);
}

/* ---- Outlines ---- */

static nb_status load_outlines(nb_bundle *b) {
    outline_index *x = &b->outline;
    if (x->checked) return NB_OK;
    const section *s = find_section(b, "OUTL");
    if (s == NULL) return refuse(b, NB_ERROR_UNAVAILABLE, "no OUTL section: outlines are not available");
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 16) return refuse(b, NB_ERROR_FORMAT, "OUTL is too short for its header");
    uint64_t levels = rd32(p), outlines = rd32(p + 4), rings = rd32(p + 8), points = rd32(p + 12);
    if (levels != b->level_count)
        return refuse(b, NB_ERROR_FORMAT, "OUTL has %llu levels, LEVL %u", (unsigned long long)levels, b->level_count);
    uint64_t at = 16 + 4 * (levels + 1) + 4 * (outlines + 1) + 4 * (rings + 1);
    uint64_t outline_at = (at + 7) / 8 * 8, point_at = (outline_at + 12 * outlines + 7) / 8 * 8;
    if (point_at + 8 * points > s->length)
        return refuse(b, NB_ERROR_FORMAT, "OUTL: %llu outlines, %llu rings and %llu corners do not fit its %llu bytes",
                      (unsigned long long)outlines, (unsigned long long)rings, (unsigned long long)points,
                      (unsigned long long)s->length);
    x->level_first = p + 16, x->ring_first = x->level_first + 4 * (levels + 1);
    x->point_first = x->ring_first + 4 * (outlines + 1);
    x->outlines = p + outline_at, x->points = p + point_at, x->outline_count = (uint32_t)outlines;
    struct { const uint8_t *offsets; uint64_t count, limit, least; const char *what, *of; } tables[3] = {
        {x->level_first, levels, outlines, 0, "outline", "level"},
        {x->ring_first, outlines, rings, 1, "ring", "outline"},
        {x->point_first, rings, points, 3, "corner", "ring"},
    };
    for (int t = 0; t < 3; t++) {
        for (uint64_t i = 0; i < tables[t].count; i++)
            if ((uint64_t)rd32(tables[t].offsets + 4 * i) + tables[t].least > rd32(tables[t].offsets + 4 * (i + 1)))
                return refuse(b, NB_ERROR_FORMAT, "OUTL: %s offsets do not rise by at least %llu at %s %llu", tables[t].what,
                              (unsigned long long)tables[t].least, tables[t].of, (unsigned long long)i);
        if (rd32(tables[t].offsets + 4 * tables[t].count) > tables[t].limit)
            return refuse(b, NB_ERROR_FORMAT, "OUTL: %s offsets end past the %llu %ss", tables[t].what,
                          (unsigned long long)tables[t].limit, tables[t].what);
    }
    for (uint32_t o = 0; o < x->outline_count; o++) {
        const uint8_t *e = x->outlines + 12 * (size_t)o;
        if (rd32(e) != NB_NONE && rd32(e) >= b->strings)
            return refuse(b, NB_ERROR_FORMAT, "OUTL: outline %u's label is string %u, STRS has %u", o, rd32(e), b->strings);
        if (rd32(e + 4) != NB_NONE && rd32(e + 4) >= b->place_count)
            return refuse(b, NB_ERROR_FORMAT, "OUTL: outline %u names place %u, PLAC has %u", o, rd32(e + 4), b->place_count);
        if (e[8] > 6) return refuse(b, NB_ERROR_FORMAT, "OUTL: outline %u has kind %u", o, e[8]);
    }
    x->checked = 1;
    return NB_OK;
}

nb_status nb_level_outlines(nb_bundle *b, uint32_t level, uint32_t *first, uint32_t *count) {
    *first = 0, *count = 0;
    if (level >= b->level_count) return refuse(b, NB_ERROR_ARGUMENT, "level %u is out of range", level);
    nb_status status = load_outlines(b);
    if (status != NB_OK) return status;
    *first = rd32(b->outline.level_first + 4 * (size_t)level);
    *count = rd32(b->outline.level_first + 4 * ((size_t)level + 1)) - *first;
    return NB_OK;
}

nb_status nb_outline_info(nb_bundle *b, uint32_t outline, nb_outline *info) {
    memset(info, 0, sizeof *info);
    nb_status status = load_outlines(b);
    if (status != NB_OK) return status;
    if (outline >= b->outline.outline_count) return refuse(b, NB_ERROR_ARGUMENT, "outline %u is out of range", outline);
    const uint8_t *e = b->outline.outlines + 12 * (size_t)outline;
    info->label = nb_string(b, rd32(e), &info->label_length);
    info->place = rd32(e + 4), info->kind = e[8];
    info->ring_count = rd32(b->outline.ring_first + 4 * ((size_t)outline + 1)) - rd32(b->outline.ring_first + 4 * (size_t)outline);
    return NB_OK;
}

nb_status nb_outline_ring(nb_bundle *b, uint32_t outline, uint32_t ring, int32_t (*corners)[2], size_t capacity,
                          size_t *count) {
    *count = 0;
    nb_status status = load_outlines(b);
    if (status != NB_OK) return status;
    const outline_index *x = &b->outline;
    if (outline >= x->outline_count) return refuse(b, NB_ERROR_ARGUMENT, "outline %u is out of range", outline);
    uint32_t first_ring = rd32(x->ring_first + 4 * (size_t)outline), rings = rd32(x->ring_first + 4 * ((size_t)outline + 1)) - first_ring;
    if (ring >= rings) return refuse(b, NB_ERROR_ARGUMENT, "outline %u has no ring %u", outline, ring);
    uint32_t start = rd32(x->point_first + 4 * ((size_t)first_ring + ring));
    uint32_t stop = rd32(x->point_first + 4 * ((size_t)first_ring + ring + 1));
    *count = stop - start;
    for (size_t i = 0; i < *count && i < capacity; i++) {
        corners[i][0] = (int32_t)rd32(x->points + 8 * ((size_t)start + i));
        corners[i][1] = (int32_t)rd32(x->points + 8 * ((size_t)start + i) + 4);
    }
    return NB_OK;
}

/* ---- Places of format 1.2 ---- */

static nb_status load_sources(nb_bundle *b) {
    if (b->sources) return NB_OK;
    const section *s = find_section(b, "PSRC");
    if (s == NULL) return NB_OK; /* absent: no place has a source */
    const uint8_t *entries = NULL;
    uint32_t count = 0;
    nb_status status = counted(b, s, 4, &count, &entries);
    if (status != NB_OK) return status;
    if (count != b->place_count) return refuse(b, NB_ERROR_FORMAT, "PSRC has %u sources, PLAC %u places", count, b->place_count);
    for (uint32_t i = 0; i < count; i++)
        if (rd32(entries + 4 * (size_t)i) != NB_NONE && rd32(entries + 4 * (size_t)i) >= b->strings)
            return refuse(b, NB_ERROR_FORMAT, "PSRC: place %u's source is string %u, STRS has %u", i,
                          rd32(entries + 4 * (size_t)i), b->strings);
    b->sources = entries;
    return NB_OK;
}

nb_status nb_place_source(nb_bundle *b, uint32_t place, const char **text, size_t *length) {
    *text = NULL, *length = 0;
    if (place >= b->place_count) return refuse(b, NB_ERROR_ARGUMENT, "place %u is out of range", place);
    nb_status status = load_sources(b);
    if (status != NB_OK || b->sources == NULL) return status;
    *text = nb_string(b, rd32(b->sources + 4 * (size_t)place), length);
    return NB_OK;
}

static nb_status load_aliases(nb_bundle *b) {
    alias_index *x = &b->alias;
    if (x->checked) return NB_OK;
    const section *s = find_section(b, "ALIA");
    if (s == NULL) return refuse(b, NB_ERROR_UNAVAILABLE, "no ALIA section: aliases are not available");
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 16) return refuse(b, NB_ERROR_FORMAT, "ALIA is too short for its header");
    uint64_t places = rd32(p), aliases = rd32(p + 4), keys = rd32(p + 8), key_bytes = rd32(p + 12);
    if (places != b->place_count)
        return refuse(b, NB_ERROR_FORMAT, "ALIA has %llu places, PLAC %u", (unsigned long long)places, b->place_count);
    if (16 + 4 * (places + 1) + 12 * aliases + 12 * keys + key_bytes > s->length)
        return refuse(b, NB_ERROR_FORMAT, "ALIA: %llu aliases and %llu keys do not fit its %llu bytes",
                      (unsigned long long)aliases, (unsigned long long)keys, (unsigned long long)s->length);
    x->first = p + 16, x->aliases = x->first + 4 * (places + 1), x->keys = x->aliases + 12 * aliases;
    x->key_text = x->keys + 12 * keys, x->alias_count = (uint32_t)aliases, x->key_count = (uint32_t)keys;
    if (rd32(x->first) != 0 || rd32(x->first + 4 * places) != aliases)
        return refuse(b, NB_ERROR_FORMAT, "ALIA: alias offsets do not run from 0 to %llu", (unsigned long long)aliases);
    for (uint64_t i = 0; i < places; i++)
        if (rd32(x->first + 4 * i) > rd32(x->first + 4 * (i + 1)))
            return refuse(b, NB_ERROR_FORMAT, "ALIA: alias offsets fall at place %llu", (unsigned long long)i);
    for (uint32_t i = 0; i < x->alias_count; i++) {
        const uint8_t *e = x->aliases + 12 * (size_t)i;
        size_t length = 0;
        if (rd32(e) >= b->strings || (rd32(e + 4) != NB_NONE && rd32(e + 4) >= b->strings))
            return refuse(b, NB_ERROR_FORMAT, "ALIA: alias %u names string %u or %u, STRS has %u", i, rd32(e), rd32(e + 4),
                          b->strings);
        if (nb_string(b, rd32(e), &length) == NULL || length == 0)
            return refuse(b, NB_ERROR_FORMAT, "ALIA: alias %u is empty", i);
    }
    for (uint32_t i = 0; i < x->key_count; i++) {
        const uint8_t *k = x->keys + 12 * (size_t)i;
        uint32_t offset = rd32(k), length = rd16(k + 4), place = rd32(k + 8);
        if (length == 0 || (uint64_t)offset + length > key_bytes)
            return refuse(b, NB_ERROR_FORMAT, "ALIA: key %u is empty or lies outside the key text", i);
        if (k[6] != NB_FIELD_ALIAS) return refuse(b, NB_ERROR_FORMAT, "ALIA: key %u has field %u", i, k[6]);
        if (place >= b->place_count)
            return refuse(b, NB_ERROR_FORMAT, "ALIA: key %u names place %u, PLAC has %u", i, place, b->place_count);
        if (!utf8_valid(x->key_text + offset, length)) return refuse(b, NB_ERROR_FORMAT, "ALIA: key %u is not UTF-8", i);
        if (i > 0) {
            const uint8_t *q = k - 12;
            int order = compare_bytes(x->key_text + rd32(q), rd16(q + 4), x->key_text + offset, length);
            if (order == 0) order = rd32(q + 8) < place ? -1 : rd32(q + 8) > place;
            if (order >= 0) return refuse(b, NB_ERROR_FORMAT, "ALIA: keys are not sorted at key %u", i);
        }
    }
    x->checked = 1;
    return NB_OK;
}

nb_status nb_place_aliases(nb_bundle *b, uint32_t place, uint32_t *first, uint32_t *count) {
    *first = 0, *count = 0;
    if (place >= b->place_count) return refuse(b, NB_ERROR_ARGUMENT, "place %u is out of range", place);
    if (find_section(b, "ALIA") == NULL) return NB_OK;
    nb_status status = load_aliases(b);
    if (status != NB_OK) return status;
    *first = rd32(b->alias.first + 4 * (size_t)place);
    *count = rd32(b->alias.first + 4 * ((size_t)place + 1)) - *first;
    return NB_OK;
}

nb_status nb_alias_info(nb_bundle *b, uint32_t alias, nb_alias *info) {
    memset(info, 0, sizeof *info);
    nb_status status = load_aliases(b);
    if (status != NB_OK) return status;
    if (alias >= b->alias.alias_count) return refuse(b, NB_ERROR_ARGUMENT, "alias %u is out of range", alias);
    const uint8_t *e = b->alias.aliases + 12 * (size_t)alias;
    info->text = nb_string(b, rd32(e), &info->text_length);
    info->language = nb_string(b, rd32(e + 4), &info->language_length);
    info->kind = e[8];
    return NB_OK;
}

static nb_status load_attachments(nb_bundle *b) {
    if (b->attachments) return NB_OK;
    const section *s = find_section(b, "ATCH");
    if (s == NULL) return NB_OK;
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 8) return refuse(b, NB_ERROR_FORMAT, "ATCH is too short for its header");
    uint64_t profiles = rd32(p), places = rd32(p + 4);
    if (profiles != b->profiles || places != b->place_count)
        return refuse(b, NB_ERROR_FORMAT, "ATCH holds %llu profiles of %llu places, PROF has %u and PLAC %u",
                      (unsigned long long)profiles, (unsigned long long)places, b->profiles, b->place_count);
    if (8 + 4 * profiles * places > s->length)
        return refuse(b, NB_ERROR_FORMAT, "ATCH: %llu nodes do not fit its %llu bytes",
                      (unsigned long long)(profiles * places), (unsigned long long)s->length);
    for (uint64_t i = 0; i < profiles * places; i++)
        if (rd32(p + 8 + 4 * i) != NB_NONE && rd32(p + 8 + 4 * i) >= b->nodes)
            return refuse(b, NB_ERROR_FORMAT, "ATCH: entry %llu names node %u, NODE has %u", (unsigned long long)i,
                          rd32(p + 8 + 4 * i), b->nodes);
    b->attachments = p + 8;
    return NB_OK;
}

nb_status nb_place_node(nb_bundle *b, uint32_t profile, uint32_t place, uint32_t *node) {
    *node = NB_NONE;
    if (profile >= b->profiles || place >= b->place_count)
        return refuse(b, NB_ERROR_ARGUMENT, "profile %u or place %u is out of range", profile, place);
    nb_status status = load_attachments(b);
    if (status != NB_OK) return status;
    *node = b->attachments ? rd32(b->attachments + 4 * ((size_t)profile * b->place_count + place))
                           : rd32(b->places + 64 * (size_t)place + 4);
    return NB_OK;
}

/* Profile `profile`'s bits of PIEC, checked; `*bits` is NULL when the bundle has no PIEC. */
static nb_status load_pieces(nb_bundle *b, uint32_t profile, const uint8_t **bits) {
    *bits = NULL;
    piece_index *x = &b->piece;
    const section *s = find_section(b, "PIEC");
    if (s == NULL) return NB_OK;
    if (!x->checked_header) {
        const uint8_t *p = section_bytes(b, s);
        if (s->length < 8) return refuse(b, NB_ERROR_FORMAT, "PIEC is too short for its header");
        uint64_t profiles = rd32(p), nodes = rd32(p + 4), words = (nodes + 31) / 32;
        if (profiles != b->profiles || nodes != b->nodes)
            return refuse(b, NB_ERROR_FORMAT, "PIEC holds %llu profiles of %llu nodes, PROF has %u and NODE %u",
                          (unsigned long long)profiles, (unsigned long long)nodes, b->profiles, b->nodes);
        if (8 + 16 * profiles + 4 * words * profiles > s->length)
            return refuse(b, NB_ERROR_FORMAT, "PIEC: %llu tables do not fit its %llu bytes", (unsigned long long)profiles,
                          (unsigned long long)s->length);
        free(x->checked);
        if ((x->checked = calloc(profiles ? profiles : 1, 1)) == NULL) return out_of_memory(b);
        x->headers = p + 8, x->bits = p + 8 + 16 * profiles, x->words = (uint32_t)words;
        x->checked_header = 1;
    }
    const uint8_t *table = x->bits + 4 * (size_t)x->words * profile;
    if (!x->checked[profile]) {
        const uint8_t *h = x->headers + 16 * (size_t)profile;
        uint32_t pieces = rd32(h), main = rd32(h + 4), main_nodes = rd32(h + 8);
        if (main > pieces || pieces > b->nodes || (b->nodes > 0 && main == 0))
            return refuse(b, NB_ERROR_FORMAT, "PIEC: profile %u counts %u main of %u pieces for %u nodes", profile, main,
                          pieces, b->nodes);
        uint64_t set = 0;
        for (uint32_t w = 0; w < x->words; w++)
            for (uint32_t word = rd32(table + 4 * (size_t)w); word; word &= word - 1) set++;
        if (b->nodes % 32 && rd32(table + 4 * ((size_t)x->words - 1)) >> (b->nodes % 32))
            return refuse(b, NB_ERROR_FORMAT, "PIEC: profile %u sets bits past its %u nodes", profile, b->nodes);
        if (set != main_nodes)
            return refuse(b, NB_ERROR_FORMAT, "PIEC: profile %u says %u nodes are in main pieces, its bits %llu", profile,
                          main_nodes, (unsigned long long)set);
        x->checked[profile] = 1;
    }
    *bits = table;
    return NB_OK;
}

nb_status nb_in_main_piece(nb_bundle *b, uint32_t profile, uint32_t node, int *in_main) {
    *in_main = 0;
    if (profile >= b->profiles || node >= b->nodes)
        return refuse(b, NB_ERROR_ARGUMENT, "profile %u or node %u is out of range", profile, node);
    const uint8_t *bits;
    nb_status status = load_pieces(b, profile, &bits);
    if (status != NB_OK) return status;
    *in_main = bits == NULL || (rd32(bits + 4 * (size_t)(node >> 5)) >> (node & 31) & 1);
    return NB_OK;
}

nb_status nb_snap_profile(nb_bundle *b, uint32_t profile, double latitude, double longitude, uint32_t level,
                          uint32_t *node, double *metres, int *fallback) {
    *node = NB_NONE, *metres = 0, *fallback = 0;
    if (profile >= b->profiles) return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range", profile);
    const uint8_t *bits;
    nb_status status = load_pieces(b, profile, &bits);
    if (status != NB_OK) return status;
    if ((status = nearest(b, latitude, longitude, level, bits, node, metres)) != NB_OK || *node != NB_NONE || !bits)
        return status;
    status = nearest(b, latitude, longitude, level, NULL, node, metres);
    *fallback = *node != NB_NONE;
    return status;
}

/* ---- Route endpoints ---- */

void nb_endpoint_free(nb_endpoint *e) {
    if (e == NULL) return;
    free(e->levels), free(e->candidates);
    e->levels = NULL, e->candidates = NULL, e->level_count = 0, e->candidate_count = 0;
}

static int is_space(uint8_t c) { return c == ' ' || (c >= 0x09 && c <= 0x0D); }
static int is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

/* The length of `-?[0-9]+(\.[0-9]+)?` at `text`, or 0. */
static size_t decimal_length(const uint8_t *text, size_t length) {
    size_t at = 0;
    if (at < length && text[at] == '-') at++;
    size_t digits = at;
    while (at < length && is_digit(text[at])) at++;
    if (at == digits) return 0;
    if (at < length && text[at] == '.') {
        size_t fraction = ++at;
        while (at < length && is_digit(text[at])) at++;
        if (at == fraction) return 0;
    }
    return at;
}

/* The decimal number `text[0 ..< length]` as the nearest double. */
static double decimal_value(const uint8_t *text, size_t length) {
    char buffer[64];
    if (length >= sizeof buffer) return strtod("nan", NULL); /* too long to be a coordinate or ordinal */
    memcpy(buffer, text, length);
    buffer[length] = 0;
    return strtod(buffer, NULL);
}

/* Appends `value` to a list of u32, or fails for memory. */
static int append(uint32_t **items, size_t *count, uint32_t value) {
    uint32_t *larger = realloc(*items, sizeof(uint32_t) * (*count + 1));
    if (!larger) return 0;
    *items = larger, (*items)[(*count)++] = value;
    return 1;
}

/* Whether string `index` of STRS (NB_NONE for absent) folds to `folded`. */
static nb_status string_folds_to(nb_bundle *b, uint32_t index, const uint8_t *folded, size_t length, int *equal) {
    *equal = 0;
    if (index == NB_NONE) return NB_OK;
    size_t text_length;
    const char *text = nb_string(b, index, &text_length);
    if (text == NULL) return refuse(b, NB_ERROR_FORMAT, "string %u does not exist (STRS has %u)", index, b->strings);
    if (!utf8_valid((const uint8_t *)text, text_length))
        return refuse(b, NB_ERROR_FORMAT, "STRS: string %u is not UTF-8", index);
    uint8_t *mine;
    size_t mine_length;
    nb_status status = fold_text(b, (const uint8_t *)text, text_length, &mine, &mine_length);
    if (status != NB_OK) return status;
    *equal = mine_length == length && (length == 0 || memcmp(mine, folded, length) == 0);
    free(mine);
    return NB_OK;
}

/* The levels a qualifier names (docs/endpoints.md), ascending, into `*levels`. */
static nb_status levels_named(nb_bundle *b, const uint8_t *qualifier, size_t length, uint32_t **levels, size_t *count) {
    *levels = NULL, *count = 0;
    uint8_t *folded;
    size_t folded_length;
    nb_status status = fold_text(b, qualifier, length, &folded, &folded_length);
    if (status != NB_OK || folded_length == 0) return free(folded), status;
    int is_number = decimal_length(folded, folded_length) == folded_length;
    double number = is_number ? decimal_value(folded, folded_length) : 0;
    for (uint32_t l = 0; l < b->level_count && status == NB_OK; l++) {
        const uint8_t *e = b->levels + 24 * (size_t)l;
        int match = is_number && number == rdf64(e + 16);
        for (int f = 0; f < 4 && !match && status == NB_OK; f++)
            status = string_folds_to(b, rd32(e + 4 * f), folded, folded_length, &match);
        if (status == NB_OK && match && !append(levels, count, l)) status = out_of_memory(b);
    }
    free(folded);
    return status;
}

/* The places with a key of `field` in `keys` whose text is exactly `key`, ascending. */
static nb_status exact_keys(nb_bundle *b, const uint8_t *keys, const uint8_t *key_text, uint32_t count, uint8_t field,
                            const uint8_t *key, size_t length, uint32_t **places, size_t *found) {
    for (uint32_t i = lower_bound(keys, key_text, count, key, length); i < count; i++) {
        const uint8_t *k = keys + 12 * (size_t)i;
        if (compare_bytes(key_text + rd32(k), rd16(k + 4), key, length) != 0) break;
        if (k[6] == field && !append(places, found, rd32(k + 8))) return out_of_memory(b);
    }
    return NB_OK;
}

static int compare_u32(const void *x, const void *y) {
    uint32_t a = *(const uint32_t *)x, c = *(const uint32_t *)y;
    return a < c ? -1 : a > c;
}

/* The places of the first tier matching the folded `key` exactly: refs, names, aliases,
 * source ids; ascending. */
static nb_status tiers(nb_bundle *b, const uint8_t *key, size_t length, uint32_t **places, size_t *found) {
    *places = NULL, *found = 0;
    const search_index *x = &b->search;
    nb_status status = NB_OK;
    for (uint8_t field = NB_FIELD_REF; field <= NB_FIELD_NAME && *found == 0 && status == NB_OK; field++)
        status = exact_keys(b, x->keys, x->key_text, x->key_count, field, key, length, places, found);
    if (status == NB_OK && *found == 0 && find_section(b, "ALIA") != NULL) {
        if ((status = load_aliases(b)) != NB_OK) return status;
        status = exact_keys(b, b->alias.keys, b->alias.key_text, b->alias.key_count, NB_FIELD_ALIAS, key, length, places,
                            found);
    }
    if (status == NB_OK && *found == 0 && (status = load_sources(b)) == NB_OK && b->sources) {
        for (uint32_t p = 0; p < b->place_count && status == NB_OK; p++) {
            int equal;
            status = string_folds_to(b, rd32(b->sources + 4 * (size_t)p), key, length, &equal);
            if (status == NB_OK && equal && !append(places, found, p)) status = out_of_memory(b);
        }
    }
    if (*found > 1) qsort(*places, *found, sizeof(uint32_t), compare_u32);
    return status;
}

/* `text` as code points into `*points` (the text is valid UTF-8). */
static int code_points(const uint8_t *text, size_t length, int32_t **points, size_t *count) {
    *points = malloc(sizeof(int32_t) * (length ? length : 1)), *count = 0;
    if (!*points) return 0;
    for (size_t at = 0; at < length;) (*points)[(*count)++] = utf8_next(text, length, &at);
    return 1;
}

static size_t edit_distance(const int32_t *a, size_t n, const int32_t *c, size_t m, size_t *row) {
    for (size_t j = 0; j <= m; j++) row[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t above = row[j], best = diagonal + (a[i - 1] != c[j - 1]);
            if (above + 1 < best) best = above + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            diagonal = above, row[j] = best;
        }
    }
    return row[m];
}

/* Up to three places within max(2, n / 3) edits of the folded query, nearest first. */
static nb_status suggestions(nb_bundle *b, const uint8_t *folded, size_t length, nb_endpoint *out) {
    int32_t *query = NULL, *other = NULL;
    size_t n, m;
    size_t *row = NULL;
    uint32_t best_place[3];
    size_t best_distance[3], kept = 0;
    nb_status status = NB_OK;
    if (!code_points(folded, length, &query, &n)) return out_of_memory(b);
    size_t limit = n / 3 > 2 ? n / 3 : 2;
    for (uint32_t p = 0; p < b->place_count && status == NB_OK; p++) {
        const uint8_t *e = b->places + 64 * (size_t)p;
        size_t best = SIZE_MAX;
        for (int f = 0; f < 2 && status == NB_OK; f++) {
            size_t text_length;
            const char *text = nb_string(b, rd32(e + 8 + 4 * f), &text_length);
            if (text == NULL) {
                if (rd32(e + 8 + 4 * f) != NB_NONE) status = refuse(b, NB_ERROR_FORMAT, "PLAC: place %u names a missing string", p);
                continue;
            }
            if (!utf8_valid((const uint8_t *)text, text_length)) {
                status = refuse(b, NB_ERROR_FORMAT, "STRS: a string of place %u is not UTF-8", p);
                break;
            }
            uint8_t *mine;
            size_t mine_length;
            if ((status = fold_text(b, (const uint8_t *)text, text_length, &mine, &mine_length)) != NB_OK) break;
            if (mine_length > 0) {
                size_t *larger = realloc(row, sizeof(size_t) * (mine_length + 1));
                if (!larger || !code_points(mine, mine_length, &other, &m)) {
                    if (larger) row = larger;
                    free(mine);
                    status = out_of_memory(b);
                    break;
                }
                row = larger;
                size_t distance = edit_distance(query, n, other, m, row);
                if (distance < best) best = distance;
                free(other), other = NULL;
            }
            free(mine);
        }
        if (status != NB_OK || best > limit) continue;
        /* Insert into the three best by (distance, place); places come in ascending order. */
        size_t at = kept < 3 ? kept++ : 3;
        while (at > 0 && best_distance[at - 1] > best) {
            if (at < 3) best_distance[at] = best_distance[at - 1], best_place[at] = best_place[at - 1];
            at--;
        }
        if (at < 3) best_distance[at] = best, best_place[at] = p;
    }
    for (size_t i = 0; i < kept && status == NB_OK; i++)
        if (!append(&out->candidates, &out->candidate_count, best_place[i])) status = out_of_memory(b);
    free(query), free(other), free(row);
    return status;
}

static nb_status decide(nb_bundle *b, uint32_t *places, size_t count, nb_endpoint *out) {
    if (count == 1) {
        out->kind = NB_ENDPOINT_PLACE, out->place = places[0];
        free(places);
        return NB_OK;
    }
    (void)b;
    out->kind = NB_ENDPOINT_AMBIGUOUS, out->candidates = places, out->candidate_count = count;
    return NB_OK;
}

/* A position `LAT,LON` or `LAT,LON@Q` (docs/endpoints.md); 0 when `text` is not one. */
static int parse_position(const uint8_t *text, size_t length, double *latitude, double *longitude,
                          const uint8_t **qualifier, size_t *qualifier_length) {
    size_t at = decimal_length(text, length);
    if (at == 0) return 0;
    *latitude = decimal_value(text, at);
    while (at < length && text[at] == ' ') at++;
    if (at == length || text[at] != ',') return 0;
    at++;
    while (at < length && text[at] == ' ') at++;
    size_t digits = decimal_length(text + at, length - at);
    if (digits == 0) return 0;
    *longitude = decimal_value(text + at, digits);
    at += digits;
    while (at < length && text[at] == ' ') at++;
    *qualifier = NULL, *qualifier_length = 0;
    if (at == length) return 1;
    if (text[at] != '@') return 0;
    *qualifier = text + at + 1, *qualifier_length = length - at - 1;
    return 1;
}

/* `length` bytes of UTF-8 resolved as an endpoint; an unknown one gets its suggestions only when
 * `suggest` is set (conditions need not pay for them). */
static nb_status resolve_endpoint(nb_bundle *b, const uint8_t *text, size_t length, int suggest, nb_endpoint *out) {
    memset(out, 0, sizeof *out);
    if (!utf8_valid(text, length)) return refuse(b, NB_ERROR_ARGUMENT, "the endpoint text is not valid UTF-8");
    while (length > 0 && is_space(text[0])) text++, length--;
    while (length > 0 && is_space(text[length - 1])) length--;
    nb_status status = load_search(b);
    if (status != NB_OK) return status;
    const uint8_t *qualifier;
    size_t qualifier_length;
    if (parse_position(text, length, &out->latitude, &out->longitude, &qualifier, &qualifier_length)) {
        if (!(fabs(out->latitude) <= 90 && fabs(out->longitude) <= 180)) return out->kind = NB_ENDPOINT_BAD_COORDINATE, NB_OK;
        if (qualifier == NULL) {
            if (b->level_count != 1) return out->kind = NB_ENDPOINT_NEEDS_LEVEL, NB_OK;
            if (!append(&out->levels, &out->level_count, 0)) return out_of_memory(b);
        } else {
            if ((status = levels_named(b, qualifier, qualifier_length, &out->levels, &out->level_count)) != NB_OK) return status;
            if (out->level_count == 0) return out->kind = NB_ENDPOINT_UNKNOWN_LEVEL, NB_OK;
        }
        out->kind = NB_ENDPOINT_POSITION;
        return NB_OK;
    }
    uint8_t *folded = NULL, *qualified = NULL;
    size_t folded_length, qualified_length = 0;
    uint32_t *tier = NULL, *levels = NULL;
    size_t tier_count = 0, level_count = 0;
    if ((status = fold_text(b, text, length, &folded, &folded_length)) != NB_OK) return status;
    if (folded_length == 0) {
        free(folded);
        out->kind = NB_ENDPOINT_EMPTY;
        return NB_OK;
    }
    if ((status = tiers(b, folded, folded_length, &tier, &tier_count)) != NB_OK) goto done;
    if (tier_count > 0) {
        status = decide(b, tier, tier_count, out), tier = NULL;
        goto done;
    }
    for (size_t at = 0; at < length; at++) {
        if (text[at] != '@') continue;
        uint8_t *name;
        size_t name_length;
        if ((status = fold_text(b, text, at, &name, &name_length)) != NB_OK) goto done;
        free(levels), levels = NULL, level_count = 0;
        if (name_length == 0 ||
            (status = levels_named(b, text + at + 1, length - at - 1, &levels, &level_count)) != NB_OK || level_count == 0) {
            free(name);
            if (status != NB_OK) goto done;
            continue;
        }
        if (qualified == NULL) qualified = name, qualified_length = name_length;
        free(tier), tier = NULL;
        status = tiers(b, name, name_length, &tier, &tier_count);
        if (name != qualified) free(name);
        if (status != NB_OK) goto done;
        if (tier_count == 0) continue;
        uint32_t *on_levels = NULL;
        size_t on_count = 0;
        for (size_t i = 0; i < tier_count; i++) {
            uint16_t level = rd16(b->places + 64 * (size_t)tier[i] + 2);
            int found = 0;
            for (size_t l = 0; l < level_count && !found; l++) found = levels[l] == level;
            if (found && !append(&on_levels, &on_count, tier[i])) {
                free(on_levels);
                status = out_of_memory(b);
                goto done;
            }
        }
        if (on_count == 0) {
            out->kind = NB_ENDPOINT_ELSEWHERE, out->candidates = tier, out->candidate_count = tier_count, tier = NULL;
        } else {
            status = decide(b, on_levels, on_count, out);
        }
        goto done;
    }
    out->kind = NB_ENDPOINT_UNKNOWN;
    if (suggest) status = qualified ? suggestions(b, qualified, qualified_length, out) : suggestions(b, folded, folded_length, out);
done:
    free(folded), free(qualified), free(tier), free(levels);
    if (status != NB_OK) nb_endpoint_free(out);
    return status;
}

nb_status nb_resolve_endpoint(nb_bundle *b, const char *query, nb_endpoint *out) {
    memset(out, 0, sizeof *out);
    if (query == NULL) return refuse(b, NB_ERROR_ARGUMENT, "no endpoint text");
    return resolve_endpoint(b, (const uint8_t *)query, strlen(query), 1, out);
}

nb_status nb_endpoint_node(nb_bundle *b, const nb_endpoint *e, uint32_t profile, uint32_t *node) {
    *node = NB_NONE;
    if (e->kind == NB_ENDPOINT_PLACE) return nb_place_node(b, profile, e->place, node);
    if (e->kind != NB_ENDPOINT_POSITION) return refuse(b, NB_ERROR_ARGUMENT, "the endpoint names no place or position");
    double best = 0;
    for (size_t i = 0; i < e->level_count; i++) {
        uint32_t found;
        double metres;
        int fallback;
        nb_status status = nb_snap_profile(b, profile, e->latitude, e->longitude, e->levels[i], &found, &metres, &fallback);
        if (status != NB_OK) return status;
        if (found != NB_NONE && (*node == NB_NONE || metres < best || (metres == best && found < *node)))
            *node = found, best = metres;
    }
    return NB_OK;
}

/* ---- JSON (RFC 8259), for conditions ---- */

/* Conditions nest five deep (object, list, target, polygon, corner); far deeper text is hostile,
 * and the parser recurses once per level. */
#define JSON_MAX_DEPTH 64
#define JSON_END SIZE_MAX

enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

/* One value. Strings (and members' names) are decoded into the parser's byte buffer; a
 * container's children are a list through `next`. */
typedef struct {
    uint8_t type;
    double number;
    size_t text, length;         /* a string's bytes */
    size_t name, name_length;    /* an object member's name */
    size_t first, next, count;   /* a container's first child and child count; the next sibling */
} json_value;

/* A member's decoded name, for finding names twice in one object. */
typedef struct {
    const uint8_t *text;
    size_t length;
} json_name;

typedef struct {
    const uint8_t *text;
    size_t length, at;
    json_value *values;
    size_t value_count, value_capacity;
    uint8_t *bytes; /* decoded strings: never longer than the text they come from */
    size_t byte_count;
    json_name *names; /* scratch for one object's names at a time */
    size_t name_capacity;
    int out_of_memory;
    char error[96]; /* why the text is not JSON */
} json_parser;

static int json_fail(json_parser *p, const char *why) {
    if (p->error[0] == 0) snprintf(p->error, sizeof p->error, "%s at byte %zu", why, p->at);
    return 0;
}

static void json_space(json_parser *p) {
    while (p->at < p->length &&
           (p->text[p->at] == ' ' || p->text[p->at] == '\t' || p->text[p->at] == '\n' || p->text[p->at] == '\r'))
        p->at++;
}

/* A new value, or JSON_END for no memory. */
static size_t json_new(json_parser *p, uint8_t type) {
    if (p->value_count == p->value_capacity) {
        size_t capacity = p->value_capacity ? 2 * p->value_capacity : 16;
        json_value *larger = capacity < SIZE_MAX / sizeof(json_value) ? realloc(p->values, capacity * sizeof(json_value)) : NULL;
        if (!larger) return p->out_of_memory = 1, JSON_END;
        p->values = larger, p->value_capacity = capacity;
    }
    json_value *v = &p->values[p->value_count];
    memset(v, 0, sizeof *v);
    v->type = type, v->first = v->next = JSON_END;
    return p->value_count++;
}

static int hex_digit(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The four hex digits of a \u escape whose `u` is at `p->at`, or -1. */
static int32_t json_hex4(json_parser *p) {
    if (p->length - p->at < 5) return -1;
    int32_t value = 0;
    for (size_t k = 1; k <= 4; k++) {
        int digit = hex_digit(p->text[p->at + k]);
        if (digit < 0) return -1;
        value = value << 4 | digit;
    }
    p->at += 5;
    return value;
}

static void json_put_utf8(json_parser *p, uint32_t c) {
    uint8_t *out = p->bytes + p->byte_count;
    if (c < 0x80) out[0] = (uint8_t)c, p->byte_count += 1;
    else if (c < 0x800) out[0] = (uint8_t)(0xC0 | c >> 6), out[1] = (uint8_t)(0x80 | (c & 0x3F)), p->byte_count += 2;
    else if (c < 0x10000) {
        out[0] = (uint8_t)(0xE0 | c >> 12), out[1] = (uint8_t)(0x80 | (c >> 6 & 0x3F)), out[2] = (uint8_t)(0x80 | (c & 0x3F));
        p->byte_count += 3;
    } else {
        out[0] = (uint8_t)(0xF0 | c >> 18), out[1] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
        out[2] = (uint8_t)(0x80 | (c >> 6 & 0x3F)), out[3] = (uint8_t)(0x80 | (c & 0x3F));
        p->byte_count += 4;
    }
}

/* The string at `p->at` (its opening quote), decoded: valid UTF-8, escapes resolved, a surrogate
 * pair to its code point; a lone surrogate, a raw control character, an unknown escape or a
 * missing closing quote is not JSON. Each escape decodes to no more bytes than it takes, and
 * other bytes are copied, so the buffer of the text's length always has room. */
static int json_string(json_parser *p, size_t *text, size_t *length) {
    p->at++;
    *text = p->byte_count;
    for (;;) {
        if (p->at >= p->length) return json_fail(p, "a string without its closing quote");
        uint8_t c = p->text[p->at];
        if (c == '"') break;
        if (c < 0x20) return json_fail(p, "a control character in a string");
        if (c >= 0x80) {
            size_t start = p->at;
            if (utf8_next(p->text, p->length, &p->at) < 0) return json_fail(p, "text that is not UTF-8");
            memcpy(p->bytes + p->byte_count, p->text + start, p->at - start);
            p->byte_count += p->at - start;
            continue;
        }
        if (c != '\\') {
            p->bytes[p->byte_count++] = c, p->at++;
            continue;
        }
        if (++p->at >= p->length) return json_fail(p, "a string without its closing quote");
        static const char escapes[] = "\"\\/bfnrt", meanings[] = "\"\\/\b\f\n\r\t";
        const char *known = p->text[p->at] != 0 ? strchr(escapes, p->text[p->at]) : NULL;
        if (known) {
            p->bytes[p->byte_count++] = (uint8_t)meanings[known - escapes], p->at++;
            continue;
        }
        if (p->text[p->at] != 'u') return json_fail(p, "an unknown escape in a string");
        int32_t unit = json_hex4(p);
        if (unit < 0) return json_fail(p, "a \\u escape without four hex digits");
        if (unit >= 0xDC00 && unit <= 0xDFFF) return json_fail(p, "a lone low surrogate");
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            if (p->length - p->at < 2 || p->text[p->at] != '\\' || p->text[p->at + 1] != 'u')
                return json_fail(p, "a high surrogate without its low surrogate");
            p->at++;
            int32_t low = json_hex4(p);
            if (low < 0xDC00 || low > 0xDFFF) return json_fail(p, "a high surrogate without its low surrogate");
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
        }
        json_put_utf8(p, (uint32_t)unit);
    }
    p->at++;
    *length = p->byte_count - *text;
    return 1;
}

/* A number by RFC 8259's grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, then
 * read by strtod (correctly rounded; beyond the doubles it is infinite, which no condition
 * accepts). NaN and Infinity are not JSON. */
static int json_number(json_parser *p, double *value) {
    size_t start = p->at;
    const uint8_t *t = p->text;
    if (p->at < p->length && t[p->at] == '-') p->at++;
    if (p->at < p->length && t[p->at] == '0') p->at++;
    else if (p->at < p->length && t[p->at] >= '1' && t[p->at] <= '9')
        while (p->at < p->length && is_digit(t[p->at])) p->at++;
    else
        return json_fail(p, "a number without digits");
    if (p->at < p->length && t[p->at] == '.') {
        size_t digits = ++p->at;
        while (p->at < p->length && is_digit(t[p->at])) p->at++;
        if (p->at == digits) return json_fail(p, "a number without digits after its point");
    }
    if (p->at < p->length && (t[p->at] == 'e' || t[p->at] == 'E')) {
        p->at++;
        if (p->at < p->length && (t[p->at] == '+' || t[p->at] == '-')) p->at++;
        size_t digits = p->at;
        while (p->at < p->length && is_digit(t[p->at])) p->at++;
        if (p->at == digits) return json_fail(p, "a number without digits in its exponent");
    }
    /* strtod needs a terminated copy; the text may end right after the number. */
    size_t length = p->at - start;
    char small[64], *copy = length < sizeof small ? small : malloc(length + 1);
    if (!copy) return p->out_of_memory = 1, 0;
    memcpy(copy, t + start, length);
    copy[length] = 0;
    *value = strtod(copy, NULL);
    if (copy != small) free(copy);
    return 1;
}

static int json_literal(json_parser *p, const char *word) {
    size_t length = strlen(word);
    if (p->length - p->at < length || memcmp(p->text + p->at, word, length) != 0) return json_fail(p, "an unknown word");
    p->at += length;
    return 1;
}

static int compare_json_names(const void *l, const void *r) {
    const json_name *a = l, *c = r;
    int order = memcmp(a->text, c->text, a->length < c->length ? a->length : c->length);
    return order ? order : (a->length > c->length) - (a->length < c->length);
}

/* Whether `object`'s members have distinct names once decoded (so "a" and "\u0061" are one
 * name): the format refuses a name twice, whose meaning RFC 8259 leaves open. Sorting keeps a
 * hostile object of many members from costing the square of their number. */
static int json_names_distinct(json_parser *p, const json_value *object) {
    if (object->count < 2) return 1;
    if (object->count > p->name_capacity) {
        json_name *larger = object->count < SIZE_MAX / sizeof(json_name) ? realloc(p->names, object->count * sizeof(json_name)) : NULL;
        if (!larger) return p->out_of_memory = 1, 0;
        p->names = larger, p->name_capacity = object->count;
    }
    size_t count = 0;
    for (size_t k = object->first; k != JSON_END; k = p->values[k].next)
        p->names[count].text = p->bytes + p->values[k].name, p->names[count++].length = p->values[k].name_length;
    qsort(p->names, count, sizeof(json_name), compare_json_names);
    for (size_t i = 1; i < count; i++)
        if (compare_json_names(&p->names[i - 1], &p->names[i]) == 0) return json_fail(p, "a name twice in one object");
    return 1;
}

/* The value at `p->at` (after white space) into `*out`, at nesting `depth`. */
static int json_parse_value(json_parser *p, size_t depth, size_t *out) {
    if (p->at >= p->length) return json_fail(p, "the text ends before a value");
    uint8_t c = p->text[p->at];
    if (c == '{' || c == '[') {
        if (depth >= JSON_MAX_DEPTH) return json_fail(p, "nesting deeper than 64");
        int object = c == '{';
        uint8_t close = object ? '}' : ']';
        size_t container = json_new(p, object ? JSON_OBJECT : JSON_ARRAY), last = JSON_END;
        if (container == JSON_END) return 0;
        p->at++;
        json_space(p);
        if (p->at < p->length && p->text[p->at] == close) return p->at++, *out = container, 1;
        for (;;) {
            size_t name = 0, name_length = 0, child;
            if (object) {
                if (p->at >= p->length || p->text[p->at] != '"') return json_fail(p, "an object member without a name");
                if (!json_string(p, &name, &name_length)) return 0;
                json_space(p);
                if (p->at >= p->length || p->text[p->at] != ':') return json_fail(p, "a member name without a colon");
                p->at++;
                json_space(p);
            }
            if (!json_parse_value(p, depth + 1, &child)) return 0;
            p->values[child].name = name, p->values[child].name_length = name_length;
            if (last == JSON_END) p->values[container].first = child;
            else p->values[last].next = child;
            last = child;
            p->values[container].count++;
            json_space(p);
            if (p->at >= p->length) return json_fail(p, object ? "an object without its closing brace" : "a list without its closing bracket");
            if (p->text[p->at] == close) break;
            if (p->text[p->at] != ',') return json_fail(p, "a missing comma");
            p->at++;
            json_space(p);
        }
        if (object && !json_names_distinct(p, &p->values[container])) return 0;
        p->at++;
        *out = container;
        return 1;
    }
    size_t value;
    if (c == '"') {
        if ((value = json_new(p, JSON_STRING)) == JSON_END) return 0;
        size_t text, length;
        if (!json_string(p, &text, &length)) return 0;
        p->values[value].text = text, p->values[value].length = length;
    } else if (c == '-' || is_digit(c)) {
        if ((value = json_new(p, JSON_NUMBER)) == JSON_END) return 0;
        double number = 0;
        if (!json_number(p, &number)) return 0;
        p->values[value].number = number;
    } else if (c == 't' || c == 'f' || c == 'n') {
        uint8_t type = c == 't' ? JSON_TRUE : c == 'f' ? JSON_FALSE : JSON_NULL;
        if (!json_literal(p, type == JSON_TRUE ? "true" : type == JSON_FALSE ? "false" : "null")) return 0;
        if ((value = json_new(p, type)) == JSON_END) return 0;
    } else {
        return json_fail(p, "no value");
    }
    *out = value;
    return 1;
}

static void json_free(json_parser *p) { free(p->values), free(p->bytes), free(p->names); }

/* Parses `length` bytes as exactly one JSON value, white space around it allowed: 1 and the root
 * value's index in `*root`, or 0 with `p->error` (or `p->out_of_memory`). Nothing is read past
 * `length`; the text need not be terminated. Release `p` with json_free either way. */
static int json_parse(json_parser *p, const uint8_t *text, size_t length, size_t *root) {
    memset(p, 0, sizeof *p);
    p->text = text, p->length = length;
    if ((p->bytes = malloc(length ? length : 1)) == NULL) return p->out_of_memory = 1, 0;
    json_space(p);
    if (!json_parse_value(p, 0, root)) return 0;
    json_space(p);
    if (p->at != p->length) return json_fail(p, "more text after the value");
    return 1;
}

/* ---- Conditions (docs/conditions.md) ---- */

enum { TARGET_NAME, TARGET_LEVEL, TARGET_AREA };

/* One target of the text: its entry, a name or a level (bytes in the parser's buffer), an area's
 * corners (latitude, longitude pairs in `corners`), a slow-down's factor. */
typedef struct {
    uint8_t kind, list;
    size_t index;
    const uint8_t *text;
    size_t length;
    size_t first_corner, corner_count;
    double factor;
} condition_target;

typedef struct {
    json_parser json;
    condition_target *targets;
    size_t count;
    double *corners;
    size_t corner_count;
} conditions;

static void conditions_free(conditions *c) { json_free(&c->json), free(c->targets), free(c->corners); }

/* A message built piece by piece; `failed` once memory ran out. */
typedef struct {
    char *text;
    size_t length, capacity;
    int failed;
} message;

static void say(message *m, const char *format, ...) {
    for (int attempt = 0; attempt < 2 && !m->failed; attempt++) {
        va_list list;
        va_start(list, format);
        int needed = vsnprintf(m->text ? m->text + m->length : NULL, m->text ? m->capacity - m->length : 0, format, list);
        va_end(list);
        if (needed < 0) m->failed = 1;
        else if (m->text && (size_t)needed < m->capacity - m->length) {
            m->length += (size_t)needed;
            return;
        } else {
            size_t capacity = 2 * (m->length + (size_t)needed + 1);
            char *larger = realloc(m->text, capacity);
            if (!larger) m->failed = 1;
            else m->text = larger, m->capacity = capacity;
        }
    }
}

/* Text from the conditions, quoted: at most 80 bytes (cut where a character starts), quotes,
 * backslashes and control characters escaped as JSON writes them. */
static void say_quoted(message *m, const uint8_t *text, size_t length) {
    size_t shown = length;
    if (shown > 80) {
        shown = 80;
        while (shown > 0 && (text[shown] & 0xC0) == 0x80) shown--;
    }
    say(m, "\"");
    for (size_t i = 0; i < shown; i++) {
        if (text[i] == '"' || text[i] == '\\') say(m, "\\%c", text[i]);
        else if (text[i] < 0x20) say(m, "\\u%04x", text[i]);
        else say(m, "%c", text[i]);
    }
    say(m, shown < length ? "...\"" : "\"");
}

static void say_entry(message *m, const condition_target *t) {
    say(m, "%s[%zu] ", t->list == NB_CONDITIONS_CLOSED ? "closed" : "slow", t->index);
    if (t->kind != TARGET_NAME) say(m, t->kind == TARGET_LEVEL ? "level " : "polygon on level ");
    say_quoted(m, t->text, t->length);
}

static void conditions_error_init(nb_conditions_error *e) {
    if (e) memset(e, 0, sizeof *e);
}

void nb_conditions_error_free(nb_conditions_error *e) {
    if (e == NULL) return;
    free(e->message), free(e->entries), free(e->candidates);
    memset(e, 0, sizeof *e);
}

/* Refuses the conditions: `kind` and the message (taken over) into `*error` when given and into
 * the bundle's last error; `entries` (taken over) name the targets at fault. */
static nb_status refuse_conditions(nb_bundle *b, nb_conditions_error *error, int kind, message *m,
                                   nb_conditions_entry *entries, size_t entry_count) {
    if (m->failed) return free(m->text), free(entries), out_of_memory(b);
    refuse(b, NB_ERROR_CONDITIONS, "conditions: %s", m->text);
    if (error) {
        error->kind = kind, error->message = m->text, error->entries = entries, error->entry_count = entry_count;
    } else {
        free(m->text), free(entries);
    }
    return NB_ERROR_CONDITIONS;
}

/* Invalid conditions, the entry at fault (when there is one) as `list` and `index` (list < 0: none). */
static nb_status invalid(nb_bundle *b, nb_conditions_error *error, int list, size_t index, const char *format, ...) {
    message m = {0};
    char why[256];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(why, sizeof why, format, arguments);
    va_end(arguments);
    say(&m, "%s", why);
    nb_conditions_entry *entry = NULL;
    if (list >= 0) {
        if ((entry = malloc(sizeof *entry)) == NULL) m.failed = 1;
        else entry->list = (uint8_t)list, entry->index = index;
    }
    return refuse_conditions(b, error, NB_CONDITIONS_INVALID, &m, entry, entry ? 1 : 0);
}

/* Whether `length` bytes hold something besides ASCII white space (0x09-0x0D, 0x20). */
static int has_text(const uint8_t *text, size_t length) {
    for (size_t i = 0; i < length; i++)
        if (!is_space(text[i])) return 1;
    return 0;
}

static const json_value *json_at(const json_parser *p, size_t index) { return &p->values[index]; }

static int json_name_is(const json_parser *p, const json_value *v, const char *name) {
    return v->name_length == strlen(name) && memcmp(p->bytes + v->name, name, v->name_length) == 0;
}

/* Entry `index` of `list` as a target (for a slow-down, `factor` is its member, checked already). */
static nb_status read_target(nb_bundle *b, conditions *c, const json_value *entry, uint8_t list, size_t index,
                             nb_conditions_error *error, condition_target *out) {
    const json_parser *p = &c->json;
    const char *where = list == NB_CONDITIONS_CLOSED ? "closed" : "slow";
    memset(out, 0, sizeof *out);
    out->list = list, out->index = index, out->factor = 1;
    if (entry->type == JSON_STRING) {
        if (!has_text(p->bytes + entry->text, entry->length)) return invalid(b, error, list, index, "%s[%zu] is empty", where, index);
        out->kind = TARGET_NAME, out->text = p->bytes + entry->text, out->length = entry->length;
        return NB_OK;
    }
    if (entry->type != JSON_OBJECT)
        return invalid(b, error, list, index, "%s[%zu] must be a string or an object with \"ref\", \"level\" or \"polygon\"",
                       where, index);
    static const char *const names[] = {"ref", "level", "polygon", "factor"};
    const json_value *member[4] = {NULL, NULL, NULL, NULL};
    for (size_t k = entry->first; k != JSON_END; k = json_at(p, k)->next) {
        const json_value *v = json_at(p, k);
        int known = -1;
        for (int n = 0; n < 4 && known < 0; n++)
            if (json_name_is(p, v, names[n]) && (n < 3 || list == NB_CONDITIONS_SLOW)) known = n;
        /* The parser refused names twice, so each known member is met once. */
        if (known < 0)
            return invalid(b, error, list, index,
                           "%s[%zu] must have \"ref\", \"level\", or \"polygon\" with \"level\"%s, and nothing else", where,
                           index, list == NB_CONDITIONS_SLOW ? " besides \"factor\"" : "");
        member[known] = v;
    }
    int shape = (member[0] != NULL) << 2 | (member[1] != NULL) << 1 | (member[2] != NULL);
    if (shape != 4 && shape != 2 && shape != 3)
        return invalid(b, error, list, index, "%s[%zu] must have \"ref\", \"level\", or \"polygon\" with \"level\"%s", where,
                       index, list == NB_CONDITIONS_SLOW ? " besides \"factor\"" : "");
    const json_value *text = member[0] ? member[0] : member[1];
    if (text->type != JSON_STRING || !has_text(p->bytes + text->text, text->length))
        return invalid(b, error, list, index, "%s[%zu].%s must be a non-empty string", where, index, member[0] ? "ref" : "level");
    out->kind = member[0] ? TARGET_NAME : member[2] ? TARGET_AREA : TARGET_LEVEL;
    out->text = p->bytes + text->text, out->length = text->length;
    if (out->kind != TARGET_AREA) return NB_OK;
    const json_value *polygon = member[2];
    if (polygon->type != JSON_ARRAY || polygon->count < 3)
        return invalid(b, error, list, index, "%s[%zu].polygon must list at least three [latitude, longitude] pairs", where,
                       index);
    out->first_corner = c->corner_count;
    size_t corner = 0;
    for (size_t k = polygon->first; k != JSON_END; k = json_at(p, k)->next, corner++) {
        const json_value *pair = json_at(p, k), *latitude = NULL, *longitude = NULL;
        if (pair->type == JSON_ARRAY && pair->count == 2)
            latitude = json_at(p, pair->first), longitude = json_at(p, latitude->next);
        if (!latitude || latitude->type != JSON_NUMBER || longitude->type != JSON_NUMBER ||
            !(latitude->number >= -90 && latitude->number <= 90) || !(longitude->number >= -180 && longitude->number <= 180))
            return invalid(b, error, list, index, "%s[%zu].polygon[%zu] must be [latitude, longitude] in degrees", where,
                           index, corner);
        /* Corners are fewer than the parser's values, for which `corners` has room. */
        c->corners[2 * c->corner_count] = latitude->number, c->corners[2 * c->corner_count + 1] = longitude->number;
        c->corner_count++;
    }
    out->corner_count = corner;
    return NB_OK;
}

/* Parses and checks `length` bytes of conditions into `*c` (release with conditions_free). */
static nb_status read_conditions(nb_bundle *b, const uint8_t *text, size_t length, conditions *c,
                                 nb_conditions_error *error) {
    memset(c, 0, sizeof *c);
    size_t root;
    if (!json_parse(&c->json, text, length, &root)) {
        if (c->json.out_of_memory) return out_of_memory(b);
        return invalid(b, error, -1, 0, "not JSON: %s", c->json.error);
    }
    const json_parser *p = &c->json;
    if (json_at(p, root)->type != JSON_OBJECT) return invalid(b, error, -1, 0, "the conditions must be a JSON object");
    const json_value *lists[2] = {NULL, NULL};
    for (size_t k = json_at(p, root)->first; k != JSON_END; k = json_at(p, k)->next) {
        const json_value *v = json_at(p, k);
        int list = json_name_is(p, v, "closed") ? NB_CONDITIONS_CLOSED : json_name_is(p, v, "slow") ? NB_CONDITIONS_SLOW : -1;
        if (list < 0) {
            message m = {0};
            say(&m, "unknown key ");
            say_quoted(&m, p->bytes + v->name, v->name_length);
            say(&m, "; the keys are \"closed\" and \"slow\"");
            return refuse_conditions(b, error, NB_CONDITIONS_INVALID, &m, NULL, 0);
        }
        if (v->type != JSON_ARRAY) return invalid(b, error, -1, 0, "\"%s\" must be a list", list ? "slow" : "closed");
        lists[list] = v;
    }
    size_t count = (lists[0] ? lists[0]->count : 0) + (lists[1] ? lists[1]->count : 0);
    c->targets = malloc(sizeof(condition_target) * (count ? count : 1));
    c->corners = malloc(sizeof(double) * 2 * p->value_count);
    if (!c->targets || !c->corners) return out_of_memory(b);
    for (uint8_t list = 0; list < 2; list++) {
        if (!lists[list]) continue;
        size_t index = 0;
        for (size_t k = lists[list]->first; k != JSON_END; k = json_at(p, k)->next, index++) {
            const json_value *entry = json_at(p, k);
            double factor = 1;
            if (list == NB_CONDITIONS_SLOW) {
                if (entry->type != JSON_OBJECT)
                    return invalid(b, error, list, index, "slow[%zu] must be an object with \"factor\" and a target", index);
                const json_value *found = NULL;
                for (size_t f = entry->first; f != JSON_END; f = json_at(p, f)->next)
                    if (json_name_is(p, json_at(p, f), "factor")) found = json_at(p, f);
                if (!found || found->type != JSON_NUMBER || !(found->number >= 1 && found->number <= 1000))
                    return invalid(b, error, list, index, "slow[%zu] needs a \"factor\" from 1 to 1000", index);
                factor = found->number;
            }
            nb_status status = read_target(b, c, entry, list, index, error, &c->targets[c->count]);
            if (status != NB_OK) return status;
            c->targets[c->count++].factor = factor;
        }
    }
    return NB_OK;
}

/* ---- Resolving conditions to arcs ---- */

/* A crossing's longitude is within a few units in the last place of its edge's corners, so a
 * point this far (in degrees) beyond every corner's longitude is beyond every crossing. */
#define AREA_MARGIN 1e-9

static void condition_index_release(condition_index *x) {
    free(x->arc_tail), free(x->in_first), free(x->in_arcs), free(x->level_first), free(x->level_arcs), free(x->between);
    free(x->node_first), free(x->level_nodes), free(x->degrees), free(x->node_in), free(x->names), free(x->label_text);
    memset(x, 0, sizeof *x);
}

static int compare_names(const void *l, const void *r) {
    const named_item *a = l, *c = r;
    return compare_bytes(a->text, a->length, c->text, c->length);
}

static uint16_t node_level(const nb_bundle *b, uint32_t node) { return rd16(b->node_entries + 16 * (size_t)node + 8); }
static uint32_t arc_head(const nb_bundle *b, uint32_t arc) { return rd32(b->arc_entries + 16 * (size_t)arc); }

/* Appends the folded label `label` (a STRS index; none is skipped) of `item` to the index,
 * whose `*capacity` items and `*text_capacity` bytes of text are allocated. */
static nb_status add_label(nb_bundle *b, uint32_t label, uint32_t item, uint8_t node, size_t *capacity, size_t *text_used,
                           size_t *text_capacity) {
    condition_index *x = &b->conditions;
    if (label == NB_NONE) return NB_OK;
    size_t length;
    const char *text = nb_string(b, label, &length);
    if (text == NULL)
        return refuse(b, NB_ERROR_FORMAT, "%s: %s %u's label is string %u, STRS has %u", node ? "NODE" : "ARCS",
                      node ? "node" : "arc", item, label, b->strings);
    if (!utf8_valid((const uint8_t *)text, length)) return refuse(b, NB_ERROR_FORMAT, "STRS: string %u is not UTF-8", label);
    uint8_t *folded;
    size_t folded_length;
    nb_status status = fold_text(b, (const uint8_t *)text, length, &folded, &folded_length);
    if (status != NB_OK) return status;
    if (x->name_count == *capacity) {
        size_t larger_capacity = *capacity ? 2 * *capacity : 64;
        named_item *larger = realloc(x->names, larger_capacity * sizeof(named_item));
        if (!larger) return free(folded), out_of_memory(b);
        x->names = larger, *capacity = larger_capacity;
    }
    if (*text_used + folded_length > *text_capacity) {
        size_t larger_capacity = 2 * (*text_used + folded_length) + 64;
        uint8_t *larger = realloc(x->label_text, larger_capacity);
        if (!larger) return free(folded), out_of_memory(b);
        x->label_text = larger, *text_capacity = larger_capacity;
    }
    if (folded_length) memcpy(x->label_text + *text_used, folded, folded_length);
    free(folded);
    x->names[x->name_count++] = (named_item){NULL, *text_used, folded_length, item, node};
    *text_used += folded_length;
    return NB_OK;
}

/* The index resolving conditions needs, built once per bundle (a failure is refused again by
 * the next call, which builds it anew). */
static nb_status load_condition_index(nb_bundle *b, condition_index **out) {
    condition_index *x = &b->conditions;
    *out = x;
    if (x->built) return NB_OK;
    nb_status status = load_search(b);
    if (status != NB_OK) return status;
    size_t n = b->nodes, m = b->arcs ? b->arcs : 1, levels = b->level_count;
    x->arc_tail = malloc(sizeof(uint32_t) * m), x->in_arcs = malloc(sizeof(uint32_t) * m);
    x->level_arcs = malloc(sizeof(uint32_t) * m), x->between = malloc(sizeof(uint32_t) * m);
    x->in_first = calloc(n + 1, sizeof(uint32_t)), x->level_first = calloc(levels + 1, sizeof(uint32_t));
    x->node_first = calloc(levels + 1, sizeof(uint32_t)), x->level_nodes = malloc(sizeof(uint32_t) * (n ? n : 1));
    x->degrees = malloc(sizeof(double) * 2 * (n ? n : 1)), x->node_in = malloc(n ? n : 1);
    uint32_t *fill = calloc((n > levels ? n : levels) + 1, sizeof(uint32_t));
    if (!x->arc_tail || !x->in_arcs || !x->level_arcs || !x->between || !x->in_first || !x->level_first || !x->node_first ||
        !x->level_nodes || !x->degrees || !x->node_in || !fill) {
        status = out_of_memory(b);
        goto done;
    }
    x->between_count = 0;
    for (uint32_t v = 0; v < b->nodes; v++) {
        const uint8_t *e = b->node_entries + 16 * (size_t)v;
        x->degrees[2 * (size_t)v] = (int32_t)rd32(e) / 1e7, x->degrees[2 * (size_t)v + 1] = (int32_t)rd32(e + 4) / 1e7;
        x->node_first[node_level(b, v) + 1]++;
        for (uint32_t a = rd32(b->first_out + 4 * (size_t)v); a < rd32(b->first_out + 4 * ((size_t)v + 1)); a++) {
            uint32_t head = arc_head(b, a);
            x->arc_tail[a] = v, x->in_first[head + 1]++;
            if (node_level(b, v) == node_level(b, head)) x->level_first[node_level(b, v) + 1]++;
            else x->between[x->between_count++] = a;
        }
    }
    for (size_t v = 0; v < n; v++) x->in_first[v + 1] += x->in_first[v];
    for (size_t l = 0; l < levels; l++) x->level_first[l + 1] += x->level_first[l], x->node_first[l + 1] += x->node_first[l];
    for (uint32_t v = 0; v < b->nodes; v++) x->level_nodes[x->node_first[node_level(b, v)] + fill[node_level(b, v)]++] = v;
    memset(fill, 0, sizeof(uint32_t) * ((n > levels ? n : levels) + 1));
    for (uint32_t a = 0; a < b->arcs; a++) {
        uint32_t head = arc_head(b, a);
        x->in_arcs[x->in_first[head] + fill[head]++] = a;
    }
    memset(fill, 0, sizeof(uint32_t) * ((n > levels ? n : levels) + 1));
    for (uint32_t a = 0; a < b->arcs; a++) {
        uint16_t level = node_level(b, x->arc_tail[a]);
        if (level == node_level(b, arc_head(b, a))) x->level_arcs[x->level_first[level] + fill[level]++] = a;
    }
    /* Connector arcs (stairs, lift, escalator, ramp, steps) and doors and entrances, by label. */
    size_t capacity = 0, text_used = 0, text_capacity = 0;
    for (uint32_t a = 0; a < b->arcs && status == NB_OK; a++) {
        const uint8_t *e = b->arc_entries + 16 * (size_t)a;
        if (e[12] >= 3 && e[12] <= 7) status = add_label(b, rd32(e + 8), a, 0, &capacity, &text_used, &text_capacity);
    }
    for (uint32_t v = 0; v < b->nodes && status == NB_OK; v++) {
        const uint8_t *e = b->node_entries + 16 * (size_t)v;
        if (e[10] == 1 || e[10] == 2) status = add_label(b, rd32(e + 12), v, 1, &capacity, &text_used, &text_capacity);
    }
    if (status != NB_OK) goto done;
    for (size_t i = 0; i < x->name_count; i++) x->names[i].text = x->label_text + x->names[i].offset;
    if (x->name_count > 1) qsort(x->names, x->name_count, sizeof(named_item), compare_names);
    x->built = 1;
done:
    free(fill);
    if (status != NB_OK) condition_index_release(x);
    return status;
}

/* The arcs one target covers are marked in `closed` (a closure) or raise `factor` to its factor
 * (a slow-down); `covered` counts them, so that a target covering nothing is reported. */
typedef struct {
    uint8_t *closed;   /* per ARCS arc */
    double *factor;    /* per ARCS arc: the largest factor of the slow-downs covering it, 0 for none */
    uint32_t *touched; /* the arcs any target covers, each once, in no order */
    size_t touched_count;
} arc_marks;

static void arc_marks_free(arc_marks *marks) {
    free(marks->closed), free(marks->factor), free(marks->touched);
    memset(marks, 0, sizeof *marks);
}

typedef struct {
    const nb_bundle *b;
    condition_index *x; /* its node_in is the areas' scratch */
    arc_marks *marks;
    const condition_target *target;
    size_t covered;
} coverage;

static void cover(coverage *s, uint32_t arc) {
    arc_marks *k = s->marks;
    s->covered++;
    if (!k->closed[arc] && k->factor[arc] == 0) k->touched[k->touched_count++] = arc;
    if (s->target->list == NB_CONDITIONS_CLOSED) k->closed[arc] = 1;
    else if (k->factor[arc] < s->target->factor) k->factor[arc] = s->target->factor;
}

/* Every arc into or out of `node`. */
static void cover_node(coverage *s, uint32_t node) {
    const nb_bundle *b = s->b;
    for (uint32_t a = rd32(b->first_out + 4 * (size_t)node); a < rd32(b->first_out + 4 * ((size_t)node + 1)); a++) cover(s, a);
    for (uint32_t k = s->x->in_first[node]; k < s->x->in_first[node + 1]; k++) cover(s, s->x->in_arcs[k]);
}

/* Rings of corners in degrees (latitude, longitude pairs; ring r is corners ring_first[r] ..<
 * ring_first[r + 1]), the bounds of all corners, and their edges by latitude band: band k of
 * `band_count` equal ones from `south` lists the edges (corner, corner before it) whose
 * latitudes reach into it, so that a point's test reads only the edges its latitude can meet. */
typedef struct {
    const double *corners;
    const size_t *ring_first;
    size_t ring_count;
    double south, north, west, east, band_height;
    size_t band_count;
    size_t *band_first;
    size_t (*band_edges)[2];
} area;

/* The band of latitude `y`: never falling as `y` rises, which is all the bands rely on. */
static size_t band_of(const area *r, double y) {
    if (r->band_count == 1) return 0;
    double k = floor((y - r->south) / r->band_height);
    return k <= 0 ? 0 : k >= (double)(r->band_count - 1) ? r->band_count - 1 : (size_t)k;
}

static void area_free(area *r) { free(r->band_first), free(r->band_edges); }

/* Sets the bounds and the bands of `r` (its corners and rings given); 0 when memory ran out.
 * An edge whose ends share a latitude never counts, so it is left out. */
static int area_prepare(area *r) {
    size_t corners = r->ring_first[r->ring_count], edges = 0;
    r->south = r->west = INFINITY, r->north = r->east = -INFINITY;
    r->band_first = NULL, r->band_edges = NULL, r->band_count = 1, r->band_height = 0;
    for (size_t i = 0; i < corners; i++) {
        double y = r->corners[2 * i], x = r->corners[2 * i + 1];
        if (y < r->south) r->south = y;
        if (y > r->north) r->north = y;
        if (x < r->west) r->west = x;
        if (x > r->east) r->east = x;
    }
    /* About one band per edge, fewer while the edges' entries would pass four per edge (long
     * edges of a hostile polygon reach into many bands). */
    size_t bands = corners < 1024 ? corners : 1024, entries = 0;
    for (; bands >= 1; bands /= 2) {
        r->band_count = bands > 1 && r->north > r->south ? bands : 1;
        r->band_height = (r->north - r->south) / (double)r->band_count;
        if (r->band_count > 1 && !(r->band_height > 0)) r->band_count = 1;
        entries = 0, edges = 0;
        for (size_t ring = 0; ring < r->ring_count; ring++)
            for (size_t i = r->ring_first[ring], p = r->ring_first[ring + 1] - 1; i < r->ring_first[ring + 1]; p = i++) {
                double yc = r->corners[2 * i], yp = r->corners[2 * p];
                if (yc == yp) continue;
                edges++;
                entries += band_of(r, yc < yp ? yp : yc) - band_of(r, yc < yp ? yc : yp) + 1;
            }
        if (r->band_count == 1 || entries <= 4 * edges + r->band_count) break;
    }
    r->band_first = calloc(r->band_count + 1, sizeof(size_t));
    r->band_edges = malloc(sizeof *r->band_edges * (entries ? entries : 1));
    if (!r->band_first || !r->band_edges) return area_free(r), r->band_first = NULL, r->band_edges = NULL, 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t ring = 0; ring < r->ring_count; ring++)
            for (size_t i = r->ring_first[ring], p = r->ring_first[ring + 1] - 1; i < r->ring_first[ring + 1]; p = i++) {
                double yc = r->corners[2 * i], yp = r->corners[2 * p];
                if (yc == yp) continue;
                for (size_t k = band_of(r, yc < yp ? yc : yp), last = band_of(r, yc < yp ? yp : yc); k <= last; k++) {
                    if (pass == 0) r->band_first[k + 1]++;
                    else r->band_edges[r->band_first[k]++][0] = i, r->band_edges[r->band_first[k] - 1][1] = p;
                }
            }
        /* The first pass counts; the second fills, moving each band's start to its end, so the
         * starts are recomputed from the counts once more after it. */
        if (pass == 0)
            for (size_t k = 0; k < r->band_count; k++) r->band_first[k + 1] += r->band_first[k];
        else
            for (size_t k = r->band_count; k > 0; k--) r->band_first[k] = r->band_first[k - 1];
    }
    r->band_first[0] = 0;
    return 1;
}

/* Whether (y, x) is inside the rings by the specification's even-odd rule, in its order of
 * operations (no multiply there feeds an add, so no contraction into a fused multiply-add can
 * change it). An edge counts only where `y` lies between its ends' latitudes, so only its band's
 * edges are read; and a point south of every corner, or not south of the northernmost, meets no
 * edge, while one beyond every corner's longitude (with AREA_MARGIN) is east of every crossing or
 * west of all it meets, an even number per ring: the bounds decide those points alike, faster. */
static int inside(const area *r, double y, double x) {
    if (y < r->south || y >= r->north || x < r->west - AREA_MARGIN || x > r->east + AREA_MARGIN) return 0;
    size_t band = band_of(r, y);
    int in = 0;
    for (size_t k = r->band_first[band]; k < r->band_first[band + 1]; k++) {
        const double *c = r->corners + 2 * r->band_edges[k][0], *p = r->corners + 2 * r->band_edges[k][1];
        if ((c[0] > y) != (p[0] > y) && x < (p[1] - c[1]) * (y - c[0]) / (p[0] - c[0]) + c[1]) in = !in;
    }
    return in;
}

/* An arc (both of whose ends were judged into `node_in`) whose tail, head or middle is inside. */
static void cover_if_inside(coverage *s, const area *r, uint32_t a) {
    uint32_t tail = s->x->arc_tail[a], head = arc_head(s->b, a);
    if (s->x->node_in[tail] || s->x->node_in[head]) {
        cover(s, a);
        return;
    }
    const double *from = s->x->degrees + 2 * (size_t)tail, *to = s->x->degrees + 2 * (size_t)head;
    if (inside(r, (from[0] + to[0]) / 2, (from[1] + to[1]) / 2)) cover(s, a);
}

/* Rule 3: every arc whose tail and head lie on levels `on_level` marks and whose tail, head or
 * middle is inside the rings. Each node of those levels is judged once, not once per arc. */
static void cover_area(coverage *s, const area *r, const uint8_t *on_level) {
    const nb_bundle *b = s->b;
    condition_index *x = s->x;
    for (uint32_t l = 0; l < b->level_count; l++)
        for (uint32_t k = x->node_first[l]; on_level[l] && k < x->node_first[l + 1]; k++) {
            uint32_t v = x->level_nodes[k];
            x->node_in[v] = (uint8_t)inside(r, x->degrees[2 * (size_t)v], x->degrees[2 * (size_t)v + 1]);
        }
    for (uint32_t l = 0; l < b->level_count; l++)
        if (on_level[l])
            for (uint32_t k = x->level_first[l]; k < x->level_first[l + 1]; k++) cover_if_inside(s, r, x->level_arcs[k]);
    for (uint32_t k = 0; k < x->between_count; k++) {
        uint32_t a = x->between[k];
        if (on_level[node_level(b, x->arc_tail[a])] && on_level[node_level(b, arc_head(b, a))]) cover_if_inside(s, r, a);
    }
}

/* levels(text) of docs/endpoints.md as a mark per level. */
static nb_status level_marks(nb_bundle *b, const uint8_t *text, size_t length, uint8_t **on_level) {
    uint32_t *levels;
    size_t count;
    *on_level = calloc(b->level_count ? b->level_count : 1, 1);
    if (!*on_level) return out_of_memory(b);
    nb_status status = levels_named(b, text, length, &levels, &count);
    for (size_t i = 0; i < count && status == NB_OK; i++) (*on_level)[levels[i]] = 1;
    free(levels);
    return status;
}

/* Rule 1's outlines: the arcs within the rings of every outline of place `place` on its level. */
static nb_status cover_outlines(nb_bundle *b, coverage *s, uint32_t place) {
    uint16_t level = rd16(b->places + 64 * (size_t)place + 2);
    if (level == NO_LEVEL || find_section(b, "OUTL") == NULL) return NB_OK;
    nb_status status = load_outlines(b);
    if (status != NB_OK) return status;
    const outline_index *o = &b->outline;
    uint32_t first = rd32(o->level_first + 4 * (size_t)level), last = rd32(o->level_first + 4 * ((size_t)level + 1));
    size_t rings = 0, corners = 0;
    for (uint32_t k = first; k < last; k++)
        if (rd32(o->outlines + 12 * (size_t)k + 4) == place) {
            uint32_t ring = rd32(o->ring_first + 4 * (size_t)k), ring_end = rd32(o->ring_first + 4 * ((size_t)k + 1));
            rings += ring_end - ring;
            corners += rd32(o->point_first + 4 * (size_t)ring_end) - rd32(o->point_first + 4 * (size_t)ring);
        }
    if (rings == 0) return NB_OK;
    double *degrees = malloc(sizeof(double) * 2 * corners);
    size_t *ring_first = malloc(sizeof(size_t) * (rings + 1));
    uint8_t *on_level = calloc(b->level_count, 1);
    if (!degrees || !ring_first || !on_level) {
        free(degrees), free(ring_first), free(on_level);
        return out_of_memory(b);
    }
    size_t ring_count = 0, used = 0;
    ring_first[0] = 0;
    for (uint32_t k = first; k < last; k++) {
        if (rd32(o->outlines + 12 * (size_t)k + 4) != place) continue;
        for (uint32_t ring = rd32(o->ring_first + 4 * (size_t)k); ring < rd32(o->ring_first + 4 * ((size_t)k + 1)); ring++) {
            for (uint32_t point = rd32(o->point_first + 4 * (size_t)ring); point < rd32(o->point_first + 4 * ((size_t)ring + 1));
                 point++, used++) {
                degrees[2 * used] = (int32_t)rd32(o->points + 8 * (size_t)point) / 1e7;
                degrees[2 * used + 1] = (int32_t)rd32(o->points + 8 * (size_t)point + 4) / 1e7;
            }
            ring_first[++ring_count] = used;
        }
    }
    area r = {degrees, ring_first, ring_count, 0, 0, 0, 0, 0, 0, NULL, NULL};
    int prepared = area_prepare(&r);
    on_level[level] = 1;
    if (prepared) cover_area(s, &r, on_level);
    area_free(&r);
    free(degrees), free(ring_first), free(on_level);
    return prepared ? NB_OK : out_of_memory(b);
}

/* Rule 1, a name: connector arcs and doors or entrances of that folded label, and the place it
 * names as an endpoint. An endpoint that is ambiguous while nothing else matched makes the
 * target ambiguous: `*candidates` (free() them) are then the places. */
static nb_status cover_name(nb_bundle *b, coverage *s, uint32_t **candidates, size_t *candidate_count) {
    const condition_target *t = s->target;
    const uint8_t *text = t->text;
    size_t length = t->length;
    while (length > 0 && is_space(text[0])) text++, length--;
    while (length > 0 && is_space(text[length - 1])) length--;
    uint8_t *folded;
    size_t folded_length;
    nb_status status = fold_text(b, text, length, &folded, &folded_length);
    if (status != NB_OK) return status;
    const condition_index *x = s->x;
    size_t low = 0, high = x->name_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (compare_bytes(x->names[middle].text, x->names[middle].length, folded, folded_length) < 0) low = middle + 1;
        else high = middle;
    }
    for (size_t i = low; i < x->name_count && compare_bytes(x->names[i].text, x->names[i].length, folded, folded_length) == 0; i++) {
        if (x->names[i].node) cover_node(s, x->names[i].item);
        else cover(s, x->names[i].item);
    }
    free(folded);
    nb_endpoint e;
    if ((status = resolve_endpoint(b, text, length, 0, &e)) != NB_OK) return status;
    if (e.kind == NB_ENDPOINT_PLACE) {
        uint32_t node = rd32(b->places + 64 * (size_t)e.place + 4);
        if (node != NB_NONE) cover_node(s, node);
        status = cover_outlines(b, s, e.place);
    } else if (e.kind == NB_ENDPOINT_AMBIGUOUS && s->covered == 0) {
        *candidates = e.candidates, *candidate_count = e.candidate_count, e.candidates = NULL;
    }
    nb_endpoint_free(&e);
    return status;
}

/* Rule 2, a level: every arc whose tail or head lies on one of the levels. */
static void cover_levels(coverage *s, const uint8_t *on_level) {
    for (uint32_t a = 0; a < s->b->arcs; a++)
        if (on_level[node_level(s->b, s->x->arc_tail[a])] || on_level[node_level(s->b, arc_head(s->b, a))]) cover(s, a);
}

/* Resolves every target in file order into `marks` (allocated, none set): the first
 * ambiguous target refuses the conditions, then every target covering nothing does. */
static nb_status resolve_conditions(nb_bundle *b, const conditions *c, arc_marks *marks, nb_conditions_error *error) {
    condition_index *x;
    nb_status status = load_condition_index(b, &x);
    if (status != NB_OK) return status;
    nb_conditions_entry *unmatched = malloc(sizeof(nb_conditions_entry) * (c->count ? c->count : 1));
    if (!unmatched) return out_of_memory(b);
    size_t unmatched_count = 0;
    for (size_t i = 0; i < c->count && status == NB_OK; i++) {
        const condition_target *t = &c->targets[i];
        coverage s = {b, x, marks, t, 0};
        if (t->kind == TARGET_NAME) {
            uint32_t *candidates = NULL;
            size_t candidate_count = 0;
            status = cover_name(b, &s, &candidates, &candidate_count);
            if (status == NB_OK && candidates) {
                message m = {0};
                say_entry(&m, t);
                say(&m, " names %zu places and nothing else does; use a ref or source id", candidate_count);
                nb_conditions_entry *entry = malloc(sizeof *entry);
                if (!entry) m.failed = 1;
                else entry->list = t->list, entry->index = t->index;
                status = refuse_conditions(b, error, NB_CONDITIONS_AMBIGUOUS, &m, entry, 1);
                if (status == NB_ERROR_CONDITIONS && error) error->candidates = candidates, error->candidate_count = candidate_count;
                else free(candidates);
                break;
            }
        } else {
            uint8_t *on_level;
            status = level_marks(b, t->text, t->length, &on_level);
            if (status == NB_OK && t->kind == TARGET_LEVEL) cover_levels(&s, on_level);
            if (status == NB_OK && t->kind == TARGET_AREA) {
                size_t ring_first[2] = {0, t->corner_count};
                area r = {c->corners + 2 * t->first_corner, ring_first, 1, 0, 0, 0, 0, 0, 0, NULL, NULL};
                if (area_prepare(&r)) cover_area(&s, &r, on_level);
                else status = out_of_memory(b);
                area_free(&r);
            }
            free(on_level);
        }
        if (status == NB_OK && s.covered == 0) unmatched[unmatched_count++] = (nb_conditions_entry){t->list, t->index};
    }
    if (status == NB_OK && unmatched_count > 0) {
        message m = {0};
        say(&m, "nothing in the bundle matches ");
        for (size_t k = 0, i = 0; k < unmatched_count; i++) {
            const condition_target *t = &c->targets[i];
            if (t->list != unmatched[k].list || t->index != unmatched[k].index) continue;
            if (k++ > 0) say(&m, ", ");
            say_entry(&m, t);
        }
        return refuse_conditions(b, error, NB_CONDITIONS_UNMATCHED, &m, unmatched, unmatched_count);
    }
    free(unmatched);
    return status;
}

/* `cost` slowed by `factor`: the double product rounded half away from zero, below impassable. */
static uint32_t slowed_cost(uint32_t cost, double factor) {
    if (cost == INFINITE) return INFINITE;
    double product = (double)cost * factor, rounded = round(product);
    return rounded >= (double)(INFINITE - 1) ? INFINITE - 1 : (uint32_t)rounded;
}

/* The conditions of `json` resolved into `*marks` (release with arc_marks_free). */
static nb_status conditions_arcs(nb_bundle *b, const char *json, size_t length, arc_marks *marks,
                                 nb_conditions_error *error) {
    memset(marks, 0, sizeof *marks);
    if (json == NULL && length > 0) return refuse(b, NB_ERROR_ARGUMENT, "no conditions text");
    conditions c;
    nb_status status = read_conditions(b, json ? (const uint8_t *)json : (const uint8_t *)"", length, &c, error);
    if (status == NB_OK) {
        size_t arcs = b->arcs ? b->arcs : 1;
        marks->closed = calloc(arcs, 1), marks->factor = calloc(arcs, sizeof(double));
        marks->touched = malloc(sizeof(uint32_t) * arcs);
        status = marks->closed && marks->factor && marks->touched ? resolve_conditions(b, &c, marks, error) : out_of_memory(b);
    }
    conditions_free(&c);
    if (status != NB_OK) arc_marks_free(marks);
    return status;
}

void nb_arc_conditions_free(nb_arc_conditions *c) {
    if (c == NULL) return;
    free(c->closed), free(c->slowed), free(c->factors);
    memset(c, 0, sizeof *c);
}

nb_status nb_conditions_resolve(nb_bundle *b, const char *json, size_t length, nb_arc_conditions *out,
                                nb_conditions_error *error) {
    memset(out, 0, sizeof *out);
    conditions_error_init(error);
    arc_marks marks;
    nb_status status = conditions_arcs(b, json, length, &marks, error);
    if (status != NB_OK) return status;
    size_t count = marks.touched_count ? marks.touched_count : 1;
    out->closed = malloc(sizeof(uint32_t) * count), out->slowed = malloc(sizeof(uint32_t) * count);
    out->factors = malloc(sizeof(double) * count);
    if (!out->closed || !out->slowed || !out->factors) status = out_of_memory(b);
    if (status == NB_OK) qsort(marks.touched, marks.touched_count, sizeof(uint32_t), compare_u32);
    for (size_t i = 0; i < marks.touched_count && status == NB_OK; i++) {
        uint32_t a = marks.touched[i];
        if (marks.closed[a]) out->closed[out->closed_count++] = a;
        if (marks.factor[a] > 0) out->slowed[out->slowed_count] = a, out->factors[out->slowed_count++] = marks.factor[a];
    }
    arc_marks_free(&marks);
    if (status != NB_OK) nb_arc_conditions_free(out);
    return status;
}

/* Applies resolved conditions, which the caller may have made, to `costs` (one per ARCS arc)
 * once they are checked to name arcs with factors of at least 1. */
static nb_status apply_arc_conditions(nb_bundle *b, const nb_arc_conditions *c, uint32_t *costs) {
    for (size_t i = 0; i < c->slowed_count; i++)
        if (c->slowed[i] >= b->arcs || !(c->factors[i] >= 1))
            return refuse(b, NB_ERROR_ARGUMENT, "slowed arc %u (factor %g) is not an arc with a factor of at least 1", c->slowed[i],
                          c->factors[i]);
    for (size_t i = 0; i < c->closed_count; i++)
        if (c->closed[i] >= b->arcs) return refuse(b, NB_ERROR_ARGUMENT, "closed arc %u is out of range", c->closed[i]);
    for (size_t i = 0; i < c->slowed_count; i++) costs[c->slowed[i]] = slowed_cost(costs[c->slowed[i]], c->factors[i]);
    for (size_t i = 0; i < c->closed_count; i++) costs[c->closed[i]] = INFINITE;
    return NB_OK;
}

nb_status nb_conditions_costs(nb_bundle *b, uint32_t profile, const nb_arc_conditions *c, uint32_t *costs, size_t capacity) {
    nb_status status = nb_profile_costs(b, profile, costs, capacity);
    return status == NB_OK ? apply_arc_conditions(b, c, costs) : status;
}

nb_status nb_conditions_apply(nb_bundle *b, uint32_t profile, const char *json, size_t length, nb_metric **metric,
                              nb_conditions_error *error) {
    *metric = NULL;
    conditions_error_init(error);
    if (profile >= b->profiles) return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range", profile);
    /* Without CCHT nothing can be applied, so that is said before anything about the text. */
    cch_index *x;
    nb_status status = load_cch(b, &x);
    if (status != NB_OK) return status;
    arc_marks marks;
    if ((status = conditions_arcs(b, json, length, &marks, error)) != NB_OK) return status;
    uint32_t *costs = malloc(sizeof(uint32_t) * (b->arcs ? b->arcs : 1));
    if (!costs) status = out_of_memory(b);
    for (uint32_t a = 0; a < b->arcs && costs; a++) costs[a] = profile_cost(b, profile, a);
    /* The arcs the conditions touch are the only ones whose costs can change; `touched` keeps
     * those that did and have a slot, which the update starts from. */
    size_t changed = 0;
    for (size_t i = 0; i < marks.touched_count && costs; i++) {
        uint32_t a = marks.touched[i], cost = marks.closed[a] ? INFINITE : slowed_cost(costs[a], marks.factor[a]);
        if (cost != costs[a] && x->slot[a] != NB_NONE) marks.touched[changed++] = a;
        costs[a] = cost;
    }
    if (status == NB_OK) status = customise_changes(b, x, profile, costs, marks.touched, changed, metric);
    arc_marks_free(&marks);
    free(costs);
    return status;
}

/* ---- The way out under conditions (EGRC; docs/conditions.md, "The way out") ---- */

#define NODE_KIND_ENTRANCE 2

/* Checks EGRC in full once: its profiles those of PROF, the entries inside the section, the
 * offsets rising from 0 to the entry count, and each profile's arcs strictly ascending ARCS arcs,
 * so that a cost of leaving never lands outside the costs. */
static nb_status load_leaving(nb_bundle *b) {
    if (b->leaving.checked) return NB_OK;
    const section *s = find_section(b, "EGRC");
    if (s == NULL)
        return refuse(b, NB_ERROR_UNAVAILABLE, "no EGRC section: the way out under conditions needs the costs of leaving, "
                                               "which bundles of format 2.0 with egress tables carry");
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 8) return refuse(b, NB_ERROR_FORMAT, "EGRC is too short for its counts");
    uint64_t profiles = rd32(p), count = rd32(p + 4), entries = (8 + 4 * (profiles + 1) + 7) / 8 * 8;
    if (profiles != b->profiles)
        return refuse(b, NB_ERROR_FORMAT, "EGRC has %llu profiles, PROF %u", (unsigned long long)profiles, b->profiles);
    if (entries + 8 * count > s->length)
        return refuse(b, NB_ERROR_FORMAT, "EGRC: %llu entries do not fit its %llu bytes", (unsigned long long)count,
                      (unsigned long long)s->length);
    const uint8_t *first = p + 8, *entry = p + entries;
    if (rd32(first) != 0 || rd32(first + 4 * profiles) != count)
        return refuse(b, NB_ERROR_FORMAT, "EGRC offsets do not rise from 0 to %llu", (unsigned long long)count);
    for (uint32_t profile = 0; profile < b->profiles; profile++)
        if (rd32(first + 4 * (size_t)profile) > rd32(first + 4 * ((size_t)profile + 1)))
            return refuse(b, NB_ERROR_FORMAT, "EGRC offsets fall at profile %u", profile);
    for (uint32_t profile = 0; profile < b->profiles; profile++) {
        uint32_t start = rd32(first + 4 * (size_t)profile), end = rd32(first + 4 * ((size_t)profile + 1));
        for (uint32_t e = start; e < end; e++) {
            uint32_t arc = rd32(entry + 8 * (size_t)e);
            if (arc >= b->arcs || (e > start && arc <= rd32(entry + 8 * ((size_t)e - 1))))
                return refuse(b, NB_ERROR_FORMAT, "EGRC: arc %u of profile %u is not an ARCS arc above the one before it", arc,
                              profile);
        }
    }
    b->leaving.first = first, b->leaving.entries = entry, b->leaving.checked = 1;
    return NB_OK;
}

/* Profile `profile`'s costs of leaving into `costs` (one per ARCS arc): PROF's, with EGRC's
 * replacing them where they differ (emergency exits, open on the way out). EGRC is checked. */
static void leaving_costs(const nb_bundle *b, uint32_t profile, uint32_t *costs) {
    for (uint32_t a = 0; a < b->arcs; a++) costs[a] = profile_cost(b, profile, a);
    const leaving_index *x = &b->leaving;
    for (uint32_t e = rd32(x->first + 4 * (size_t)profile); e < rd32(x->first + 4 * ((size_t)profile + 1)); e++)
        costs[rd32(x->entries + 8 * (size_t)e)] = rd32(x->entries + 8 * (size_t)e + 4);
}

nb_status nb_leaving_costs(nb_bundle *b, uint32_t profile, const nb_arc_conditions *conditions, uint32_t *costs,
                           size_t capacity) {
    if (profile >= b->profiles) return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range", profile);
    if (costs == NULL || capacity < b->arcs)
        return refuse(b, NB_ERROR_ARGUMENT, "room for %zu costs, ARCS has %u arcs", costs ? capacity : 0, b->arcs);
    nb_status status = load_leaving(b);
    if (status != NB_OK) return status;
    leaving_costs(b, profile, costs);
    return conditions ? apply_arc_conditions(b, conditions, costs) : NB_OK;
}

/* Dijkstra from `node` over `costs` until the first exit (a NODE of kind entrance, or a node
 * without an EGRS entry) is settled.
 * Nodes settle in (distance, node) order, so that exit is the nearest and, of equals, the
 * lowest; the way to it is the tree the search grew. */
static nb_status exit_search(nb_bundle *b, const uint32_t *costs, uint32_t node, nb_path *path) {
    /* Exits are entrances and the nodes without an EGRS entry, which are outdoors; a damaged
     * EGRS is refused as nb_nearest_exit refuses it. */
    egress_index x;
    nb_status egress = egress_tables(b, &x, 1);
    if (egress == NB_ERROR_FORMAT) return egress_tables(b, &x, 0);
    int has_egress = egress == NB_OK;
    /* The classic query's kept arrays, one side of them, so that a search costs what it visits
     * (ch_memory): distances, the arc into each node and its tail. */
    ch_memory *memory = ch_memory_for(b, b->nodes);
    if (memory == NULL) return out_of_memory(b);
    side *s = &memory->sides[0];
    uint64_t *distance = s->distance;
    uint32_t *parent_arc = s->parent_arc, *parent = s->parent_rank;
    queue *q = &s->q;
    u32_list arcs = {0};
    nb_status status = NB_OK;
    uint32_t exit = NB_NONE;
    if (!side_reach(s, node, 0) || !queue_push(q, (queue_entry){0, node})) goto no_memory;
    while (q->count > 0) {
        queue_entry top = q->items[0];
        queue_pop(q);
        uint32_t v = top.rank;
        /* An entry outdated by a shorter way in; each node is settled by one entry only, since a
         * node is queued again only at a strictly smaller distance. */
        if (top.key != distance[v]) continue;
        if (b->node_entries[16 * (size_t)v + 10] == NODE_KIND_ENTRANCE || (has_egress && !egress_has(&x, v))) {
            exit = v;
            break;
        }
        for (uint32_t a = rd32(b->first_out + 4 * (size_t)v); a < rd32(b->first_out + 4 * ((size_t)v + 1)); a++) {
            if (costs[a] == INFINITE) continue;
            uint32_t head = arc_head(b, a);
            uint64_t total = top.key + costs[a];
            if (total >= distance[head]) continue;
            if (!side_reach(s, head, total)) goto no_memory;
            parent_arc[head] = a, parent[head] = v;
            if (!queue_push(q, (queue_entry){total, head})) goto no_memory;
        }
    }
    if (exit == NB_NONE) goto done;
    /* A node's parent was settled before it, so the walk back ends at `node`. */
    for (uint32_t v = exit; v != node; v = parent[v])
        if (!list_push(&arcs, parent_arc[v])) goto no_memory;
    for (size_t i = 0; i < arcs.count / 2; i++) {
        uint32_t swap = arcs.items[i];
        arcs.items[i] = arcs.items[arcs.count - 1 - i], arcs.items[arcs.count - 1 - i] = swap;
    }
    status = finish_path(b, "EGRC", 0, costs, node, exit, &arcs, distance[exit], path);
    goto done;
no_memory:
    status = out_of_memory(b);
done:
    side_release(s);
    free(arcs.items);
    if (status != NB_OK) nb_path_free(path), path->duration = UINT64_MAX;
    return status;
}

nb_status nb_exit_search(nb_bundle *b, const uint32_t *costs, size_t cost_count, uint32_t node, nb_path *path) {
    memset(path, 0, sizeof *path);
    path->duration = UINT64_MAX;
    if (node >= b->nodes) return refuse(b, NB_ERROR_ARGUMENT, "node %u is out of range", node);
    if (costs == NULL || cost_count != b->arcs)
        return refuse(b, NB_ERROR_ARGUMENT, "%zu costs for the %u arcs of ARCS", costs ? cost_count : 0, b->arcs);
    return exit_search(b, costs, node, path);
}

nb_status nb_exit_conditions(nb_bundle *b, uint32_t profile, uint32_t node, const char *json, size_t length, nb_path *path,
                             nb_conditions_error *error) {
    memset(path, 0, sizeof *path);
    path->duration = UINT64_MAX;
    conditions_error_init(error);
    if (profile >= b->profiles || node >= b->nodes)
        return refuse(b, NB_ERROR_ARGUMENT, "profile %u or node %u is out of range", profile, node);
    /* Without EGRC there is no way out to search, so that is said before anything about the text. */
    nb_status status = load_leaving(b);
    if (status != NB_OK) return status;
    nb_arc_conditions resolved;
    if ((status = nb_conditions_resolve(b, json, length, &resolved, error)) != NB_OK) return status;
    uint32_t *costs = malloc(sizeof(uint32_t) * (b->arcs ? b->arcs : 1));
    if (costs) {
        leaving_costs(b, profile, costs);
        status = apply_arc_conditions(b, &resolved, costs);
        if (status == NB_OK) status = exit_search(b, costs, node, path);
    } else {
        status = out_of_memory(b);
    }
    nb_arc_conditions_free(&resolved);
    free(costs);
    return status;
}

/* ---- Nearest of a kind (docs/nearest.md) ---- */

/* Marks (sets to `mark`) the places with a key in `keys` of a field in `lowest ..= highest` that
 * starts with `prefix`; only places already at `mark - 1` move on, so criteria chain. */
static void mark_prefix(const uint8_t *keys, const uint8_t *key_text, uint32_t count, const uint8_t *prefix,
                        size_t length, uint8_t lowest, uint8_t highest, uint8_t *marks, uint8_t mark) {
    for (uint32_t i = lower_bound(keys, key_text, count, prefix, length);
         i < count && key_starts_with(keys + 12 * (size_t)i, key_text, prefix, length); i++) {
        const uint8_t *k = keys + 12 * (size_t)i;
        uint32_t place = rd32(k + 8);
        if (k[6] >= lowest && k[6] <= highest && marks[place] == mark - 1) marks[place] = mark;
    }
}

/* Applies one text criterion: the places at `*mark` with a matching key move to `*mark + 1`. */
static nb_status filter_by_keys(nb_bundle *b, const char *text, const char *what, int keyword, uint8_t *marks,
                                uint8_t *mark) {
    size_t text_length = strlen(text);
    if (!utf8_valid((const uint8_t *)text, text_length))
        return refuse(b, NB_ERROR_ARGUMENT, "the %s filter is not valid UTF-8", what);
    nb_status status = load_search(b);
    if (status != NB_OK) return status;
    int aliases = keyword && find_section(b, "ALIA") != NULL;
    if (aliases && (status = load_aliases(b)) != NB_OK) return status;
    uint8_t *folded;
    size_t length;
    if ((status = fold_text(b, (const uint8_t *)text, text_length, &folded, &length)) != NB_OK) return status;
    if (length == 0) return free(folded), refuse(b, NB_ERROR_ARGUMENT, "the %s filter '%s' folds to nothing", what, text);
    const search_index *x = &b->search;
    uint8_t next = (uint8_t)(*mark + 1);
    mark_prefix(x->keys, x->key_text, x->key_count, folded, length, keyword ? NB_FIELD_REF : NB_FIELD_CATEGORY,
                NB_FIELD_CATEGORY, marks, next);
    if (aliases)
        mark_prefix(b->alias.keys, b->alias.key_text, b->alias.key_count, folded, length, NB_FIELD_ALIAS, NB_FIELD_ALIAS,
                    marks, next);
    free(folded);
    *mark = next;
    return NB_OK;
}

/* The places `filter` admits, as `marks[place] == *admitted`: each criterion given moves the
 * places meeting it one mark up, so only those meeting all of them reach the last mark. */
static nb_status filter_places(nb_bundle *b, const nb_place_filter *filter, uint8_t *marks, uint8_t *admitted) {
    uint8_t mark = 1;
    memset(marks, 1, b->place_count);
    *admitted = 1;
    if (filter == NULL) return NB_OK;
    nb_status status = NB_OK;
    if (filter->among) {
        for (size_t i = 0; i < filter->among_count; i++)
            if (filter->among[i] >= b->place_count)
                return refuse(b, NB_ERROR_ARGUMENT, "place %u is not one of the %u places", filter->among[i],
                              b->place_count);
        for (size_t i = 0; i < filter->among_count; i++) marks[filter->among[i]] = 2;
        mark = 2;
    }
    if (filter->category && (status = filter_by_keys(b, filter->category, "category", 0, marks, &mark)) != NB_OK)
        return status;
    if (filter->keyword && (status = filter_by_keys(b, filter->keyword, "keyword", 1, marks, &mark)) != NB_OK)
        return status;
    if (filter->levels) {
        uint32_t *levels;
        size_t level_count;
        size_t length = strlen(filter->levels);
        if (!utf8_valid((const uint8_t *)filter->levels, length))
            return refuse(b, NB_ERROR_ARGUMENT, "the level filter is not valid UTF-8");
        if ((status = levels_named(b, (const uint8_t *)filter->levels, length, &levels, &level_count)) != NB_OK)
            return status;
        if (level_count == 0)
            return free(levels), refuse(b, NB_ERROR_ARGUMENT, "the level filter '%s' names no level", filter->levels);
        for (uint32_t p = 0; p < b->place_count; p++) {
            if (marks[p] != mark) continue;
            uint16_t level = rd16(b->places + 64 * (size_t)p + 2);
            for (size_t i = 0; i < level_count; i++)
                if (levels[i] == level) marks[p] = (uint8_t)(mark + 1);
        }
        free(levels);
        mark++;
    }
    if (filter->min_capacity > 0) {
        for (uint32_t p = 0; p < b->place_count; p++)
            if (marks[p] == mark && (int32_t)rd32(b->places + 64 * (size_t)p + 44) >= filter->min_capacity)
                marks[p] = (uint8_t)(mark + 1);
        mark++;
    }
    *admitted = mark;
    return NB_OK;
}

typedef struct {
    uint32_t node, place;
} node_place;

static int compare_node_place(const void *x, const void *y) {
    const node_place *a = x, *c = y;
    if (a->node != c->node) return a->node < c->node ? -1 : 1;
    return a->place < c->place ? -1 : a->place > c->place;
}

/* The ranking of places found: by time, then node, then place. */
static int compare_nearby(const void *x, const void *y) {
    const nb_nearby *a = x, *c = y;
    if (a->duration != c->duration) return a->duration < c->duration ? -1 : 1;
    if (a->node != c->node) return a->node < c->node ? -1 : 1;
    return a->place < c->place ? -1 : a->place > c->place;
}

/* A search that settles more than this many nodes per candidate node gives way to a route to
 * each candidate: a few places in a city are found sooner by the hierarchy than by a search
 * that reaches half the city (docs/nearest.md, "Cost"). Both ways give the same answer. */
#define NEAREST_SETTLED_PER_CANDIDATE 64u

/* The route query's path from `from` to `to`: on `metric`, else on the profile's hierarchy. */
static nb_status nearest_route(nb_bundle *b, uint32_t profile, const nb_metric *metric, uint32_t from, uint32_t to,
                               nb_path *path) {
    return metric ? nb_route_metric(b, metric, from, to, path) : nb_route_path(b, profile, from, to, path);
}

/* Ranks the places of `targets` (sorted by node, then place) by time from `from` with Dijkstra,
 * settling nodes in (time, node) order, into `results` (place, node and time); at most `budget`
 * nodes are settled. `*finished` is 0 when the budget ran out first. */
static nb_status nearest_dijkstra(nb_bundle *b, uint32_t profile, const uint32_t *weights, uint32_t from,
                                  const node_place *targets, size_t target_count, size_t limit, uint64_t budget,
                                  nb_nearby *results, size_t *found, int *finished) {
    *found = 0, *finished = 1;
    ch_memory *memory = ch_memory_for(b, b->nodes);
    if (memory == NULL) return out_of_memory(b);
    side *s = &memory->sides[0];
    uint64_t *distance = s->distance, settled = 0;
    const uint8_t *costs = profile_costs(b, profile);
    size_t remaining = target_count;
    nb_status status = NB_OK;
    if (!side_reach(s, from, 0) || !queue_push(&s->q, (queue_entry){0, from})) goto no_memory;
    while (s->q.count > 0 && *found < limit && remaining > 0) {
        queue_entry top = s->q.items[0];
        queue_pop(&s->q);
        uint32_t v = top.rank;
        /* An entry outdated by a shorter way in (a node is queued again only when strictly
         * nearer, so one entry settles it). */
        if (top.key != distance[v]) continue;
        if (++settled > budget) {
            *finished = 0;
            break;
        }
        size_t low = 0, high = target_count;
        while (low < high) {
            size_t middle = low + (high - low) / 2;
            if (targets[middle].node < v) low = middle + 1;
            else high = middle;
        }
        for (; low < target_count && targets[low].node == v && *found < limit; low++, remaining--)
            results[(*found)++] = (nb_nearby){targets[low].place, v, top.key, 0};
        for (uint32_t a = rd32(b->first_out + 4 * (size_t)v); a < rd32(b->first_out + 4 * ((size_t)v + 1)); a++) {
            uint32_t cost = weights ? weights[a] : rd32(costs + 4 * (size_t)a);
            if (cost == INFINITE) continue;
            uint32_t head = arc_head(b, a);
            uint64_t total = top.key + cost;
            if (total >= distance[head]) continue;
            if (!side_reach(s, head, total) || !queue_push(&s->q, (queue_entry){total, head})) goto no_memory;
        }
    }
    goto done;
no_memory:
    status = out_of_memory(b);
done:
    side_release(s);
    return status;
}

/* A place reached by its node's route: the route is kept for the answer. */
typedef struct {
    nb_nearby place;
    size_t route; /* index of its node's route */
} routed_place;

static int compare_routed(const void *x, const void *y) {
    return compare_nearby(&((const routed_place *)x)->place, &((const routed_place *)y)->place);
}

/* Ranks the places of `targets` by a route to each of their nodes, as nearest_dijkstra ranks
 * them (by time, then node, then place), with their lengths and, when `paths` is not NULL,
 * their routes. */
static nb_status nearest_by_routes(nb_bundle *b, uint32_t profile, const nb_metric *metric, uint32_t from,
                                   const node_place *targets, size_t target_count, size_t limit, nb_nearby *results,
                                   nb_path *paths, size_t *found) {
    *found = 0;
    routed_place *reached = malloc(sizeof *reached * (target_count ? target_count : 1));
    nb_path *routes = calloc(target_count ? target_count : 1, sizeof *routes);
    if (reached == NULL || routes == NULL) return free(reached), free(routes), out_of_memory(b);
    size_t count = 0, route_count = 0;
    nb_status status = NB_OK;
    for (size_t i = 0; i < target_count && status == NB_OK; route_count++) {
        nb_path *path = &routes[route_count];
        status = nearest_route(b, profile, metric, from, targets[i].node, path);
        /* Every place at the node takes the node's route. */
        for (uint32_t node = targets[i].node; i < target_count && targets[i].node == node; i++)
            if (path->nodes) reached[count++] = (routed_place){{targets[i].place, node, path->duration, path->length}, route_count};
    }
    if (status == NB_OK) {
        qsort(reached, count, sizeof *reached, compare_routed);
        *found = count < limit ? count : limit;
        for (size_t i = 0; i < *found && status == NB_OK; i++) {
            results[i] = reached[i].place;
            if (paths == NULL) continue;
            nb_path *route = &routes[reached[i].route];
            /* Two places at one node share its route: the second gets a route of its own. */
            if (route->nodes) paths[i] = *route, memset(route, 0, sizeof *route);
            else status = nearest_route(b, profile, metric, from, results[i].node, &paths[i]);
        }
    }
    for (size_t i = 0; i < route_count; i++) nb_path_free(&routes[i]);
    free(reached), free(routes);
    return status;
}

/* The search of nb_nearest, on `metric` or, when NULL, on profile `profile`'s PROF costs. */
static nb_status nearest_search(nb_bundle *b, uint32_t profile, const nb_metric *metric, uint32_t from,
                                const nb_place_filter *filter, size_t limit, nb_nearby *results, nb_path *paths,
                                size_t *count) {
    uint8_t *marks = malloc(b->place_count ? b->place_count : 1);
    node_place *targets = NULL;
    size_t target_count = 0, target_nodes = 0, found = 0;
    uint8_t admitted;
    int finished = 1;
    nb_status status = NB_OK;
    if (marks == NULL) goto no_memory;
    if ((status = filter_places(b, filter, marks, &admitted)) != NB_OK) goto done;
    if ((status = load_attachments(b)) != NB_OK) goto done;
    /* The admitted places by the node a route to them ends at, so that a settled node finds its
     * places by bisection, in place order. */
    if ((targets = malloc(sizeof(node_place) * (b->place_count ? b->place_count : 1))) == NULL) goto no_memory;
    for (uint32_t p = 0; p < b->place_count; p++) {
        if (marks[p] != admitted) continue;
        uint32_t node = b->attachments ? rd32(b->attachments + 4 * ((size_t)profile * b->place_count + p))
                                       : rd32(b->places + 64 * (size_t)p + 4);
        if (node < b->nodes) targets[target_count++] = (node_place){node, p};
    }
    if (target_count == 0 || limit == 0) goto done;
    qsort(targets, target_count, sizeof(node_place), compare_node_place);
    for (size_t i = 0; i < target_count; i++) target_nodes += i == 0 || targets[i].node != targets[i - 1].node;
    status = nearest_dijkstra(b, profile, metric ? metric->weights : NULL, from, targets, target_count, limit,
                              (uint64_t)NEAREST_SETTLED_PER_CANDIDATE * target_nodes, results, &found, &finished);
    if (status == NB_OK && !finished) {
        status = nearest_by_routes(b, profile, metric, from, targets, target_count, limit, results, paths, &found);
        goto done;
    }
    /* Each place's route is the one the route query gives, of the time found. */
    for (size_t i = 0; i < found && status == NB_OK; i++) {
        nb_path path;
        status = nearest_route(b, profile, metric, from, results[i].node, &path);
        if (status == NB_OK && (path.nodes == NULL || path.duration != results[i].duration))
            status = refuse(b, NB_ERROR_FORMAT, "the route to node %u takes %llu ms, the search found %llu", results[i].node,
                            (unsigned long long)path.duration, (unsigned long long)results[i].duration);
        results[i].length = path.length;
        if (paths && status == NB_OK) paths[i] = path;
        else nb_path_free(&path);
    }
    goto done;
no_memory:
    status = out_of_memory(b);
done:
    free(marks), free(targets);
    if (status != NB_OK) {
        if (paths)
            for (size_t i = 0; i < limit; i++) nb_path_free(&paths[i]), paths[i].duration = UINT64_MAX;
        found = 0;
    }
    *count = found;
    return status;
}

/* The checks both entries share: arguments in range, the outputs cleared. */
static nb_status nearest_start(nb_bundle *b, uint32_t from, size_t limit, nb_nearby *results, nb_path *paths,
                               size_t *count) {
    *count = 0;
    if (paths)
        for (size_t i = 0; i < limit; i++) memset(&paths[i], 0, sizeof paths[i]), paths[i].duration = UINT64_MAX;
    if (from >= b->nodes) return refuse(b, NB_ERROR_ARGUMENT, "node %u is out of range", from);
    if (results == NULL && limit > 0) return refuse(b, NB_ERROR_ARGUMENT, "no room for results");
    return NB_OK;
}

nb_status nb_nearest(nb_bundle *b, uint32_t profile, uint32_t from, const nb_place_filter *filter, size_t limit,
                     nb_nearby *results, nb_path *paths, size_t *count) {
    nb_status status = nearest_start(b, from, limit, results, paths, count);
    if (status != NB_OK) return status;
    if (profile >= b->profiles) return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range", profile);
    return nearest_search(b, profile, NULL, from, filter, limit, results, paths, count);
}

nb_status nb_nearest_metric(nb_bundle *b, const nb_metric *metric, uint32_t from, const nb_place_filter *filter,
                            size_t limit, nb_nearby *results, nb_path *paths, size_t *count) {
    nb_status status = nearest_start(b, from, limit, results, paths, count);
    if (status != NB_OK) return status;
    if (metric == NULL || metric->bundle != b) return refuse(b, NB_ERROR_ARGUMENT, "the metric was made for another bundle");
    return nearest_search(b, metric->profile, metric, from, filter, limit, results, paths, count);
}

/* ---- Tours (TOUR, docs/tours.md) ---- */

/* TOUR, checked in full on first use as the Swift reader checks each tour it reads: the header
 * and tables inside the section, each tour's name, source and kind, its arcs within ARCS and
 * each leaving the node the one before reaches, and each key inside the key text naming a tour
 * by its name (field 1) or a later word (field 2). */
static nb_status load_tours(nb_bundle *b) {
    tour_index *x = &b->tour;
    if (x->checked) return NB_OK;
    const section *s = find_section(b, "TOUR");
    if (s == NULL) return NB_OK;
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 16) return refuse(b, NB_ERROR_FORMAT, "TOUR is too short for its header");
    uint64_t tours = rd32(p), arcs = rd32(p + 4), keys = rd32(p + 8), key_bytes = rd32(p + 12);
    uint64_t first_at = 16 + 12 * tours, arcs_at = first_at + 4 * (tours + 1), keys_at = arcs_at + 4 * arcs;
    uint64_t text_at = keys_at + 12 * keys;
    if (text_at + key_bytes > s->length)
        return refuse(b, NB_ERROR_FORMAT, "TOUR: %llu tours, %llu arcs and %llu keys do not fit its %llu bytes",
                      (unsigned long long)tours, (unsigned long long)arcs, (unsigned long long)keys,
                      (unsigned long long)s->length);
    for (uint64_t t = 0; t < tours; t++) {
        const uint8_t *e = p + 16 + 12 * t;
        uint32_t name = rd32(e), source = rd32(e + 4), start = rd32(p + first_at + 4 * t), end = rd32(p + first_at + 4 * (t + 1));
        if (name >= b->strings || source >= b->strings || e[8] > NB_TOUR_FITNESS_TRAIL)
            return refuse(b, NB_ERROR_FORMAT, "TOUR: tour %llu names strings %u and %u (STRS has %u) and kind %u",
                          (unsigned long long)t, name, source, b->strings, e[8]);
        if (start >= end || end > arcs)
            return refuse(b, NB_ERROR_FORMAT, "TOUR: the arcs of tour %llu are %u..<%u of %llu", (unsigned long long)t,
                          start, end, (unsigned long long)arcs);
        for (uint32_t i = start; i < end; i++) {
            uint32_t arc = rd32(p + arcs_at + 4 * (size_t)i);
            if (arc >= b->arcs)
                return refuse(b, NB_ERROR_FORMAT, "TOUR: tour %llu follows arc %u, ARCS has %u", (unsigned long long)t, arc,
                              b->arcs);
            if (i > start && b->tails[arc] != arc_head(b, rd32(p + arcs_at + 4 * ((size_t)i - 1))))
                return refuse(b, NB_ERROR_FORMAT, "TOUR: arc %u of tour %llu does not leave the node the one before reaches",
                              arc, (unsigned long long)t);
        }
    }
    if (tours > 0 && rd32(p + first_at) != 0)
        return refuse(b, NB_ERROR_FORMAT, "TOUR: the first tour's arcs do not start the table");
    for (uint64_t k = 0; k < keys; k++) {
        const uint8_t *e = p + keys_at + 12 * k;
        if ((uint64_t)rd32(e) + rd16(e + 4) > key_bytes || (e[6] != NB_FIELD_NAME && e[6] != NB_FIELD_WORD) || rd32(e + 8) >= tours)
            return refuse(b, NB_ERROR_FORMAT, "TOUR: key %llu lies outside the key text or names field %u, tour %u",
                          (unsigned long long)k, e[6], rd32(e + 8));
    }
    x->entries = p + 16, x->first = p + first_at, x->arcs = p + arcs_at, x->keys = p + keys_at, x->key_text = p + text_at;
    x->count = (uint32_t)tours, x->key_count = (uint32_t)keys;
    x->checked = 1;
    return NB_OK;
}

nb_status nb_tour_count(nb_bundle *b, uint32_t *count) {
    *count = 0;
    nb_status status = load_tours(b);
    if (status == NB_OK) *count = b->tour.count;
    return status;
}

/* Refuses a tour index past TOUR (none without it), once TOUR is checked. */
static nb_status check_tour(nb_bundle *b, uint32_t tour) {
    nb_status status = load_tours(b);
    if (status != NB_OK) return status;
    if (tour >= b->tour.count)
        return refuse(b, NB_ERROR_ARGUMENT, "tour %u is out of range (the bundle has %u)", tour, b->tour.count);
    return NB_OK;
}

nb_status nb_tour_info(nb_bundle *b, uint32_t tour, nb_tour *info) {
    memset(info, 0, sizeof *info);
    nb_status status = check_tour(b, tour);
    if (status != NB_OK) return status;
    const tour_index *x = &b->tour;
    const uint8_t *e = x->entries + 12 * (size_t)tour;
    if ((status = record_text(b, rd32(e), "TOUR", &info->name)) != NB_OK) return status;
    if ((status = record_text(b, rd32(e + 4), "TOUR", &info->source)) != NB_OK) return status;
    uint32_t start = rd32(x->first + 4 * (size_t)tour), end = rd32(x->first + 4 * ((size_t)tour + 1));
    info->kind = e[8];
    info->arc_count = end - start;
    info->start = b->tails[rd32(x->arcs + 4 * (size_t)start)];
    info->end = arc_head(b, rd32(x->arcs + 4 * ((size_t)end - 1)));
    for (uint32_t i = start; i < end; i++) info->length += rd32(b->arc_entries + 16 * (size_t)rd32(x->arcs + 4 * (size_t)i) + 4);
    return NB_OK;
}

nb_status nb_tour_arcs(nb_bundle *b, uint32_t tour, uint32_t *arcs, size_t capacity, size_t *count) {
    *count = 0;
    nb_status status = check_tour(b, tour);
    if (status != NB_OK) return status;
    uint32_t start = rd32(b->tour.first + 4 * (size_t)tour), end = rd32(b->tour.first + 4 * ((size_t)tour + 1));
    if (arcs == NULL && capacity > 0) return refuse(b, NB_ERROR_ARGUMENT, "no room for the arcs");
    for (uint32_t i = start; i < end && *count < capacity; i++) arcs[(*count)++] = rd32(b->tour.arcs + 4 * (size_t)i);
    return NB_OK;
}

nb_status nb_tour_duration(nb_bundle *b, uint32_t profile, uint32_t tour, uint64_t *duration) {
    *duration = UINT64_MAX;
    nb_status status = check_tour(b, tour);
    if (status != NB_OK) return status;
    if (profile >= b->profiles) return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range", profile);
    const uint8_t *costs = profile_costs(b, profile);
    uint32_t start = rd32(b->tour.first + 4 * (size_t)tour), end = rd32(b->tour.first + 4 * ((size_t)tour + 1));
    uint64_t total = 0;
    for (uint32_t i = start; i < end; i++) {
        uint32_t cost = rd32(costs + 4 * (size_t)rd32(b->tour.arcs + 4 * (size_t)i));
        if (cost == INFINITE) return NB_OK;
        total += cost;
    }
    *duration = total;
    return NB_OK;
}

nb_status nb_tour_search(nb_bundle *b, const char *query, uint32_t *tours, size_t capacity, size_t *count) {
    *count = 0;
    if (query == NULL || (tours == NULL && capacity > 0)) return refuse(b, NB_ERROR_ARGUMENT, "no query or no room for tours");
    size_t query_length = strlen(query);
    if (!utf8_valid((const uint8_t *)query, query_length))
        return refuse(b, NB_ERROR_ARGUMENT, "the search text is not valid UTF-8");
    nb_status status = load_tours(b);
    if (status != NB_OK || b->tour.count == 0 || find_section(b, "SRCH") == NULL) return status;
    if ((status = load_search(b)) != NB_OK) return status;
    uint8_t *folded;
    size_t length;
    if ((status = fold_text(b, (const uint8_t *)query, query_length, &folded, &length)) != NB_OK) return status;
    if (length == 0) return free(folded), NB_OK;
    /* Ranked as place search ranks places: the name before a later word, then by key. */
    key_table table = {b->tour.keys, b->tour.key_text, b->tour.key_count, 0};
    ranked *found;
    size_t found_count;
    status = rank_prefix(b, &table, 1, b->tour.count, folded, length, &found, &found_count);
    free(folded);
    if (status != NB_OK) return status;
    for (size_t i = 0; i < found_count && i < capacity; i++) tours[i] = found[i].item;
    *count = found_count < capacity ? found_count : capacity;
    free(found);
    return NB_OK;
}

nb_status nb_route_tour(nb_bundle *b, uint32_t profile, uint32_t tour, uint32_t from, int join, nb_path *path,
                        size_t leg_starts[2], uint64_t leg_durations[2]) {
    memset(path, 0, sizeof *path);
    path->duration = UINT64_MAX;
    nb_status status = check_tour(b, tour);
    if (status != NB_OK) return status;
    if (profile >= b->profiles) return refuse(b, NB_ERROR_ARGUMENT, "profile %u is out of range", profile);
    if (from >= b->nodes) return refuse(b, NB_ERROR_ARGUMENT, "node %u is out of range", from);
    if (join != NB_JOIN_START && join != NB_JOIN_NEAREST) return refuse(b, NB_ERROR_ARGUMENT, "join %d is neither start nor nearest", join);
    uint64_t whole;
    if ((status = nb_tour_duration(b, profile, tour, &whole)) != NB_OK || whole == UINT64_MAX) return status;
    const tour_index *x = &b->tour;
    uint32_t start = rd32(x->first + 4 * (size_t)tour), count = rd32(x->first + 4 * ((size_t)tour + 1)) - start;
    const uint8_t *arcs = x->arcs + 4 * (size_t)start;
    uint32_t first = b->tails[rd32(arcs)], last = arc_head(b, rd32(arcs + 4 * ((size_t)count - 1)));
    size_t position = 0;
    if (join == NB_JOIN_NEAREST) {
        /* The node of the tour's arcs settled first, in (time, node) order; where the tour passes
         * it more than once, its first pass (the targets sort by node, then position). */
        node_place *targets = malloc(sizeof *targets * count);
        if (targets == NULL) return out_of_memory(b);
        for (uint32_t i = 0; i < count; i++) targets[i] = (node_place){b->tails[rd32(arcs + 4 * (size_t)i)], i};
        qsort(targets, count, sizeof *targets, compare_node_place);
        nb_nearby reached;
        size_t found = 0;
        int finished;
        status = nearest_dijkstra(b, profile, NULL, from, targets, count, 1, UINT64_MAX, &reached, &found, &finished);
        free(targets);
        if (status != NB_OK || found == 0) return status;
        position = reached.place;
    }
    uint32_t joined = b->tails[rd32(arcs + 4 * position)];
    nb_path approach = {0};
    if (joined != from) {
        if ((status = nb_route_path(b, profile, from, joined, &approach)) != NB_OK || approach.nodes == NULL)
            return nb_path_free(&approach), status;
    }
    int loop = first == last;
    size_t along = loop ? count : count - position, before = joined != from ? approach.node_count : 1;
    path->nodes = malloc(sizeof(uint32_t) * (before + along));
    path->arcs = malloc(sizeof(uint32_t) * (before - 1 + along));
    if (path->nodes == NULL || path->arcs == NULL) {
        nb_path_free(&approach), nb_path_free(path);
        path->duration = UINT64_MAX;
        return out_of_memory(b);
    }
    if (joined != from) {
        memcpy(path->nodes, approach.nodes, sizeof(uint32_t) * approach.node_count);
        memcpy(path->arcs, approach.arcs, sizeof(uint32_t) * approach.arc_count);
    } else {
        path->nodes[0] = from;
    }
    path->node_count = before, path->arc_count = before - 1;
    uint64_t duration = 0, length = 0;
    const uint8_t *costs = profile_costs(b, profile);
    for (size_t step = 0; step < along; step++) {
        uint32_t arc = rd32(arcs + 4 * ((position + step) % count));
        path->arcs[path->arc_count++] = arc;
        path->nodes[path->node_count++] = arc_head(b, arc);
        duration += rd32(costs + 4 * (size_t)arc);
        length += rd32(b->arc_entries + 16 * (size_t)arc + 4);
    }
    if (leg_starts) leg_starts[0] = 0, leg_starts[1] = before - 1;
    if (leg_durations) leg_durations[0] = joined != from ? approach.duration : 0, leg_durations[1] = duration;
    path->duration = (joined != from ? approach.duration : 0) + duration;
    path->length = (joined != from ? approach.length : 0) + length;
    nb_path_free(&approach);
    return NB_OK;
}

/* ---- Crowds (CRWD, docs/crowds.md) ---- */

/* CRWD, checked in full on first use: the header and tables inside the section, each access
 * point's key inside the key text, level within LEVL and a served area above 0, each area's
 * outline within OUTL and access point within the table, and every factor 1000 or more (or
 * NB_NONE, standing still). */
static nb_status load_crowds(nb_bundle *b) {
    crowd_index *x = &b->crowd;
    if (x->checked) return NB_OK;
    const section *s = find_section(b, "CRWD");
    if (s == NULL) return refuse(b, NB_ERROR_UNAVAILABLE, "no CRWD section: crowds are not available");
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 24) return refuse(b, NB_ERROR_FORMAT, "CRWD is too short for its header");
    uint64_t points = rd32(p), areas = rd32(p + 4), bins = rd32(p + 8), width = rd32(p + 12), key_bytes = rd32(p + 16);
    uint64_t areas_at = 24 + 24 * points, factors_at = areas_at + 12 * areas, text_at = factors_at + 4 * bins;
    if (bins == 0 || width == 0 || text_at + key_bytes > s->length)
        return refuse(b, NB_ERROR_FORMAT, "CRWD: %llu access points, %llu areas and %llu bins of %llu do not fit its %llu bytes",
                      (unsigned long long)points, (unsigned long long)areas, (unsigned long long)bins,
                      (unsigned long long)width, (unsigned long long)s->length);
    nb_status status = load_outlines(b);
    if (status != NB_OK) return status;
    for (uint64_t i = 0; i < points; i++) {
        const uint8_t *e = p + 24 + 24 * i;
        if ((uint64_t)rd32(e) + rd32(e + 4) > key_bytes || rd32(e + 8) >= b->level_count || rd32(e + 12) == 0)
            return refuse(b, NB_ERROR_FORMAT, "CRWD: access point %llu has key %u+%u, level %u or no area", (unsigned long long)i,
                          rd32(e), rd32(e + 4), rd32(e + 8));
    }
    for (uint64_t i = 0; i < areas; i++) {
        const uint8_t *e = p + areas_at + 12 * i;
        if (rd32(e) >= b->outline.outline_count || rd32(e + 4) >= points)
            return refuse(b, NB_ERROR_FORMAT, "CRWD: area %llu names outline %u and access point %u", (unsigned long long)i,
                          rd32(e), rd32(e + 4));
    }
    for (uint64_t i = 0; i < bins; i++)
        if (rd32(p + factors_at + 4 * i) < 1000)
            return refuse(b, NB_ERROR_FORMAT, "CRWD: bin %llu speeds walkers up (%u)", (unsigned long long)i, rd32(p + factors_at + 4 * i));
    x->points = p + 24, x->areas = p + areas_at, x->factors = p + factors_at, x->key_text = p + text_at;
    x->point_count = (uint32_t)points, x->area_count = (uint32_t)areas, x->bin_count = (uint32_t)bins;
    x->bin_width = (uint32_t)width;
    x->checked = 1;
    return NB_OK;
}

static int normalised_bssid(const uint8_t *id, size_t length, char out[17]);

/* The access point of CRWD whose key is `key`, by bisection over the sorted keys; -1 for none. */
static int64_t crowd_access_point(const crowd_index *x, const uint8_t *key, size_t length) {
    uint32_t low = 0, high = x->point_count;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        const uint8_t *e = x->points + 24 * (size_t)middle;
        int order = compare_bytes(x->key_text + rd32(e), rd32(e + 4), key, length);
        if (order == 0) return middle;
        if (order < 0) low = middle + 1;
        else high = middle;
    }
    return -1;
}

nb_status nb_crowd(nb_bundle *b, const char *counts, size_t length, nb_crowd_area **areas, size_t *area_count) {
    *areas = NULL, *area_count = 0;
    nb_status status = load_crowds(b);
    if (status != NB_OK) return status;
    const crowd_index *x = &b->crowd;
    if (counts == NULL && length > 0) return refuse(b, NB_ERROR_ARGUMENT, "no counts");
    json_parser p;
    size_t root;
    if (!json_parse(&p, (const uint8_t *)counts, length, &root)) {
        int memory = p.out_of_memory;
        status = memory ? out_of_memory(b) : refuse(b, NB_ERROR_ARGUMENT, "crowd counts: %s", p.error);
        json_free(&p);
        return status;
    }
    uint64_t *people = calloc(x->point_count ? x->point_count : 1, sizeof *people);
    if (people == NULL) return json_free(&p), out_of_memory(b);
    const json_value *object = json_at(&p, root);
    if (object->type != JSON_OBJECT) {
        status = refuse(b, NB_ERROR_ARGUMENT, "crowd counts: not an object from access point to count");
        goto done;
    }
    for (size_t child = object->first; child != JSON_END; child = json_at(&p, child)->next) {
        const json_value *v = json_at(&p, child);
        const uint8_t *name = p.bytes + v->name;
        if (v->type != JSON_NUMBER || !(v->number >= 0 && v->number <= 1e9) || floor(v->number) != v->number) {
            status = refuse(b, NB_ERROR_ARGUMENT, "crowd counts: '%.*s' is not a count of people from 0 to 1000000000",
                            (int)(v->name_length < 64 ? v->name_length : 64), (const char *)name);
            goto done;
        }
        char normal[18];
        int64_t point = normalised_bssid(name, v->name_length, normal) ? crowd_access_point(x, (const uint8_t *)normal, 17)
                                                                      : crowd_access_point(x, name, v->name_length);
        if (point >= 0) people[point] += (uint64_t)v->number;
    }
    if ((*areas = malloc(sizeof **areas * (x->area_count ? x->area_count : 1))) == NULL) {
        status = out_of_memory(b);
        goto done;
    }
    for (uint32_t i = 0; i < x->area_count; i++) {
        const uint8_t *area = x->areas + 12 * (size_t)i, *point = x->points + 24 * (size_t)rd32(area + 4);
        uint64_t count = people[rd32(area + 4)], served = rd32(point + 12);
        /* Integers to the bin, so that every reader bins alike. */
        uint64_t bin = count * 100000 / (served * x->bin_width);
        if (bin >= x->bin_count) bin = x->bin_count - 1;
        (*areas)[i] = (nb_crowd_area){rd32(area), rd32(point + 8),
                                      {(const char *)x->key_text + rd32(point), rd32(point + 4)},
                                      count, (double)count * 100 / (double)served, rd32(x->factors + 4 * bin)};
    }
    *area_count = x->area_count;
done:
    free(people);
    json_free(&p);
    return status;
}

/* ---- Geofences (GFNC, docs/geofences.md) ---- */

#define GEOFENCE_GRID(x, l) ((x)->grids + 32 * (size_t)(l))

static int compare_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, c = *(const uint64_t *)y;
    return a < c ? -1 : a > c;
}

static nb_status load_geofences(nb_bundle *b) {
    geofence_index *x = &b->geofence;
    if (x->checked) return NB_OK;
    const section *s = find_section(b, "GFNC");
    if (s == NULL) return refuse(b, NB_ERROR_UNAVAILABLE, "no GFNC section: geofences are not available");
    const uint8_t *p = section_bytes(b, s);
    if (s->length < 32) return refuse(b, NB_ERROR_FORMAT, "GFNC is too short for its header");
    uint64_t levels = rd32(p), fences = rd32(p + 4), cells = rd32(p + 8), entries = rd32(p + 12);
    double scale = rdf64(p + 16);
    if (levels != b->level_count)
        return refuse(b, NB_ERROR_FORMAT, "GFNC has %llu levels, LEVL %u", (unsigned long long)levels, b->level_count);
    if (!(scale > 0 && scale <= 1)) return refuse(b, NB_ERROR_FORMAT, "GFNC: the longitude scale %g is not a cosine", scale);
    if (32 + 32 * levels + 16 * fences + 4 * (cells + 1) + 4 * entries > s->length)
        return refuse(b, NB_ERROR_FORMAT, "GFNC: %llu levels, %llu fences, %llu cells and %llu entries do not fit its %llu bytes",
                      (unsigned long long)levels, (unsigned long long)fences, (unsigned long long)cells,
                      (unsigned long long)entries, (unsigned long long)s->length);
    uint32_t outline_count = 0;
    if (find_section(b, "OUTL")) {
        nb_status status = load_outlines(b);
        if (status != NB_OK) return status;
        outline_count = b->outline.outline_count;
    }
    x->grids = p + 32, x->fences = x->grids + 32 * levels, x->cell_first = x->fences + 16 * fences;
    x->entries = x->cell_first + 4 * (cells + 1), x->fence_count = (uint32_t)fences, x->scale = scale;
    for (uint64_t f = 0; f < fences; f++) {
        const uint8_t *e = x->fences + 16 * f;
        uint32_t place = rd32(e), outline = rd32(e + 4), radius = rd32(e + 8), level = rd32(e + 12);
        int circle = outline == NB_NONE;
        if (place >= b->place_count || level >= b->level_count || (circle ? radius == 0 : radius != 0 || outline >= outline_count))
            return refuse(b, NB_ERROR_FORMAT, "GFNC: fence %llu names place %u, outline %u, radius %u, level %u",
                          (unsigned long long)f, place, outline, radius, level);
        /* A circle is around its place's position. */
        if (circle && b->places[64 * (size_t)place + 1] == 0)
            return refuse(b, NB_ERROR_FORMAT, "GFNC: fence %llu circles place %u, which has no position", (unsigned long long)f,
                          place);
    }
    for (uint64_t c = 0; c < cells; c++)
        if (rd32(x->cell_first + 4 * c) > rd32(x->cell_first + 4 * (c + 1)))
            return refuse(b, NB_ERROR_FORMAT, "GFNC: cell offsets fall at cell %llu", (unsigned long long)c);
    if (rd32(x->cell_first + 4 * cells) > entries)
        return refuse(b, NB_ERROR_FORMAT, "GFNC: cell offsets end past the %llu entries", (unsigned long long)entries);
    for (uint64_t e = 0; e < entries; e++)
        if (rd32(x->entries + 4 * e) >= fences)
            return refuse(b, NB_ERROR_FORMAT, "GFNC: entry %llu names fence %u of %llu", (unsigned long long)e,
                          rd32(x->entries + 4 * e), (unsigned long long)fences);
    for (uint32_t l = 0; l < levels; l++) {
        const uint8_t *g = GEOFENCE_GRID(x, l);
        uint64_t rows = rd32(g + 16), columns = rd32(g + 20), first = rd32(g + 24);
        if (rows == 0) continue;
        if (rd32(g + 8) == 0 || rd32(g + 12) == 0 || columns == 0 || rows > cells || columns > cells || first + rows * columns > cells)
            return refuse(b, NB_ERROR_FORMAT, "GFNC: the grid of level %u lies outside the cell table", l);
    }
    x->checked = 1;
    return NB_OK;
}

/* Corner `point` of OUTL in 1e-7 degree, refused off the Earth so that the products of
 * outline_contains fit 64 bits. */
static nb_status outline_corner(nb_bundle *b, uint32_t point, int64_t *latitude, int64_t *longitude) {
    const uint8_t *c = b->outline.points + 8 * (size_t)point;
    *latitude = (int32_t)rd32(c), *longitude = (int32_t)rd32(c + 4);
    if (*latitude < -900000000 || *latitude > 900000000 || *longitude < -1800000000 || *longitude > 1800000000)
        return refuse(b, NB_ERROR_FORMAT, "OUTL: corner %u lies at %lld, %lld, off the Earth", point, (long long)*latitude,
                      (long long)*longitude);
    return NB_OK;
}

/* Whether outline `outline` contains the point (1e-7 degree): an odd number of its rings' edges
 * cross the ray towards growing longitude, an edge counting when one end lies strictly above the
 * point's latitude and the other not, compared by exact integer products. */
static nb_status outline_contains(nb_bundle *b, uint32_t outline, int64_t latitude, int64_t longitude, int *inside) {
    const outline_index *x = &b->outline;
    int crossings = 0;
    for (uint32_t r = rd32(x->ring_first + 4 * (size_t)outline); r < rd32(x->ring_first + 4 * ((size_t)outline + 1)); r++) {
        uint32_t first = rd32(x->point_first + 4 * (size_t)r), end = rd32(x->point_first + 4 * ((size_t)r + 1));
        if (first == end) continue;
        int64_t previous_lat, previous_lon;
        nb_status status = outline_corner(b, end - 1, &previous_lat, &previous_lon);
        for (uint32_t point = first; point < end && status == NB_OK; point++) {
            int64_t lat, lon;
            if ((status = outline_corner(b, point, &lat, &lon)) != NB_OK) break;
            if ((lat > latitude) != (previous_lat > latitude)) {
                int64_t rise = lat - previous_lat;
                int64_t left = (longitude - previous_lon) * rise, right = (latitude - previous_lat) * (lon - previous_lon);
                if (rise > 0 ? left < right : left > right) crossings++;
            }
            previous_lat = lat, previous_lon = lon;
        }
        if (status != NB_OK) return status;
    }
    *inside = crossings % 2 == 1;
    return NB_OK;
}

/* Metres from place `place`'s position to the point by the format's metric; 0 when it has none
 * (`*has` then 0). */
static double place_metres(const nb_bundle *b, uint32_t place, int64_t latitude, int64_t longitude, double scale, int *has) {
    const uint8_t *e = b->places + 64 * (size_t)place;
    *has = e[1] != 0;
    if (!*has) return 0;
    double dy = (double)(latitude - (int32_t)rd32(e + 48));
    double dx = (double)(longitude - (int32_t)rd32(e + 52)) * scale;
    return sqrt(dx * dx + dy * dy) * METRES_PER_UNIT;
}

nb_status nb_geofence(nb_bundle *b, double latitude, double longitude, const uint32_t *levels, size_t level_count,
                      nb_geofence_hit **hits, size_t *count) {
    *hits = NULL, *count = 0;
    if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180))
        return refuse(b, NB_ERROR_ARGUMENT, "%g, %g is not a position: latitude must lie within ±90 and longitude within ±180 degrees",
                      latitude, longitude);
    for (size_t i = 0; i < level_count; i++)
        if (levels[i] >= b->level_count) return refuse(b, NB_ERROR_ARGUMENT, "level %u is out of range", levels[i]);
    nb_status status = load_geofences(b);
    if (status != NB_OK) return status;
    const geofence_index *x = &b->geofence;
    /* 1e-7 degree, rounded half away from zero, as every position is. */
    int64_t lat = (int64_t)round(latitude * 1e7), lon = (int64_t)round(longitude * 1e7);
    /* Each fence reached as place × 4 + 1 for a circle, + 2 for an outline: a cell holds a
     * handful, so the answer costs what the cells hold, not what the venue does. */
    uint64_t *reached = NULL;
    size_t reached_count = 0, capacity = 0;
    for (size_t i = 0; i < level_count && status == NB_OK; i++) {
        const uint8_t *g = GEOFENCE_GRID(x, levels[i]);
        int64_t min_lat = (int32_t)rd32(g), min_lon = (int32_t)rd32(g + 4);
        uint32_t rows = rd32(g + 16), columns = rd32(g + 20);
        if (rows == 0 || lat < min_lat || lon < min_lon) continue;
        uint64_t row = (uint64_t)(lat - min_lat) / rd32(g + 8), column = (uint64_t)(lon - min_lon) / rd32(g + 12);
        if (row >= rows || column >= columns) continue;
        uint64_t cell = rd32(g + 24) + row * columns + column;
        for (uint32_t e = rd32(x->cell_first + 4 * cell); e < rd32(x->cell_first + 4 * (cell + 1)) && status == NB_OK; e++) {
            const uint8_t *f = x->fences + 16 * (size_t)rd32(x->entries + 4 * (size_t)e);
            uint32_t place = rd32(f), outline = rd32(f + 4), radius = rd32(f + 8);
            int flag = 0;
            if (outline != NB_NONE) {
                int inside = 0;
                status = outline_contains(b, outline, lat, lon, &inside);
                flag = inside ? 2 : 0;
            } else {
                int has;
                flag = place_metres(b, place, lat, lon, x->scale, &has) <= (double)radius / 100 ? 1 : 0;
            }
            if (!flag) continue;
            if (reached_count == capacity) {
                capacity = capacity ? 2 * capacity : 16;
                uint64_t *larger = realloc(reached, sizeof *reached * capacity);
                if (larger == NULL) {
                    status = out_of_memory(b);
                    break;
                }
                reached = larger;
            }
            reached[reached_count++] = (uint64_t)place << 2 | (uint64_t)flag;
        }
    }
    if (status == NB_OK && reached_count > 0) {
        qsort(reached, reached_count, sizeof *reached, compare_u64);
        if ((*hits = malloc(sizeof **hits * reached_count)) == NULL) status = out_of_memory(b);
    }
    /* Sorted, a place's fences lie together: one hit each, inside when any outline holds it. */
    for (size_t i = 0; status == NB_OK && i < reached_count; i++) {
        uint32_t place = (uint32_t)(reached[i] >> 2);
        if (*count > 0 && (*hits)[*count - 1].place == place) {
            (*hits)[*count - 1].inside |= (reached[i] & 2) != 0;
            continue;
        }
        nb_geofence_hit *h = &(*hits)[(*count)++];
        h->place = place, h->inside = (reached[i] & 2) != 0;
        h->metres = place_metres(b, place, lat, lon, x->scale, &h->has_position);
    }
    free(reached);
    if (status != NB_OK) free(*hits), *hits = NULL, *count = 0;
    return status;
}

nb_status nb_geofence_events(nb_bundle *b, const nb_geofence_position *track, size_t count, nb_geofence_event **events,
                             size_t *event_count) {
    *events = NULL, *event_count = 0;
    size_t capacity = 0, before_count = 0;
    uint32_t *before = NULL;
    nb_status status = NB_OK;
    for (size_t i = 0; i < count && status == NB_OK; i++) {
        nb_geofence_hit *hits;
        size_t hit_count;
        status = nb_geofence(b, track[i].latitude, track[i].longitude, track[i].levels, track[i].level_count, &hits,
                             &hit_count);
        if (status != NB_OK) break;
        /* Both lists ascend by place: leaving is in the last and not this one, entering the
         * reverse; the leaves of a position come before its enters. */
        for (int kind = NB_GEOFENCE_LEAVE; kind >= NB_GEOFENCE_ENTER && status == NB_OK; kind--) {
            size_t a = 0, h = 0;
            while ((a < before_count || h < hit_count) && status == NB_OK) {
                uint32_t old = a < before_count ? before[a] : NB_NONE, now = h < hit_count ? hits[h].place : NB_NONE;
                uint32_t place = NB_NONE;
                if (old == now) a++, h++;
                else if (old < now) { if (kind == NB_GEOFENCE_LEAVE) place = old; a++; }
                else { if (kind == NB_GEOFENCE_ENTER) place = now; h++; }
                if (place == NB_NONE) continue;
                if (*event_count == capacity) {
                    capacity = capacity ? 2 * capacity : 16;
                    nb_geofence_event *larger = realloc(*events, sizeof **events * capacity);
                    if (larger == NULL) { status = out_of_memory(b); break; }
                    *events = larger;
                }
                (*events)[(*event_count)++] = (nb_geofence_event){i, (nb_geofence_kind)kind, place};
            }
        }
        uint32_t *now_places = malloc(sizeof(uint32_t) * (hit_count ? hit_count : 1));
        if (now_places == NULL && status == NB_OK) status = out_of_memory(b);
        for (size_t h = 0; now_places && h < hit_count; h++) now_places[h] = hits[h].place;
        free(before), free(hits);
        before = now_places, before_count = hit_count;
    }
    free(before);
    if (status != NB_OK) free(*events), *events = NULL, *event_count = 0;
    return status;
}

/* ---- Wi-Fi positioning (WIFI) ---- */

/* Locating reproduces the specification's double arithmetic bit for bit, so no product may be
 * fused with the sum it feeds into one multiply-add. Clang honours this pragma (unless told
 * -ffp-contract=fast); GCC has no such pragma but does not contract in its ISO modes (-std=c99);
 * and whatever the compiler and its flags, every product that feeds a sum is stored through a
 * volatile first (exact_product). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#define WIFI_VERSION 2
#define WIFI_HEADER 80u
#define WIFI_NO_LEVEL 0xFFFFu
#define WIFI_MAX_ACCESS_POINTS 65534u /* fewer than a u16 counts, as the writer keeps them */
#define WIFI_MAX_RECORDS 16777215u    /* a posting names its spot or scan in 24 bits */
#define WIFI_WEIGHT_SCALE 16777216.0  /* weights are whole multiples of 2^-24 */
#define WIFI_VOTE_OFFSET 1e-6         /* keeps the weight of an exact match finite */

/* `a * b` rounded to a double before anything is added to it. WebAssembly has no fused
 * multiply-add (f64.mul always rounds), so there the volatile store, which costs a trip through
 * the stack in memory on every product, is not needed. */
static double exact_product(double a, double b) {
#if defined(__wasm__)
    return a * b;
#else
    volatile double product = a * b;
    return product;
#endif
}

/* The signal weight of `rssi` (step 1): 0 at or below `weakest`, 1 at 0 dBm, in steps of 2^-24. */
static double wifi_weight(double rssi, double weakest, double exponent) {
    if (!(rssi > weakest)) return 0;
    double ratio = (rssi - weakest) / -weakest;
    if (ratio > 1) ratio = 1;
    return round(pow(ratio, exponent) * WIFI_WEIGHT_SCALE) / WIFI_WEIGHT_SCALE;
}

static int wifi_count_valid(uint32_t count) { return count >= 1 && count <= 1000; }
static int wifi_exponent_valid(double exponent) { return isfinite(exponent) && exponent > 0 && exponent <= 16; }

/* WIFI as its header lays it out (offsets in bytes from the section's start), and where a call's
 * failure is reported. */
typedef struct {
    const nb_bundle *bundle;
    char *message;
    size_t message_size;
    const uint8_t *p;
    uint64_t length;
    uint32_t access_points, buildings, floors, spots, scans, spot_postings, scan_postings, strings, text_length;
    double floor_exponent, position_exponent, weakest, certain_ratio;
    uint32_t floor_scans, floor_spots, neighbours, source, inverse;
    uint64_t ids_at, first_at[2], buildings_at, floors_at, spots_at, scans_at, postings_at[2], offsets_at, text_at;
} radio_map;

static uint64_t aligned8(uint64_t offset) { return (offset + 7) / 8 * 8; }

/* Writes "FILE: WIFI: message" to the caller's buffer and returns `status`. */
static nb_status wifi_refuse(const radio_map *m, nb_status status, const char *format, ...) {
    if (m->message == NULL || m->message_size == 0) return status;
    int used = snprintf(m->message, m->message_size, "%s: WIFI: ", m->bundle->path);
    if (used < 0 || (size_t)used >= m->message_size) return status;
    va_list list;
    va_start(list, format);
    vsnprintf(m->message + used, m->message_size - (size_t)used, format, list);
    va_end(list);
    return status;
}

/* The header, checked: the parameters in range, the counts within what the tables can name, and
 * the tables inside the section. The postings and records are checked once, by nb_open
 * (prepare_wifi); names and floors where they are read. */
static nb_status read_radio_map(const nb_bundle *b, radio_map *m, char *message, size_t message_size) {
    memset(m, 0, sizeof *m);
    m->bundle = b, m->message = message, m->message_size = message_size;
    const section *s = find_section_version(b, "WIFI", WIFI_VERSION);
    if (s == NULL) {
        const section *other = find_section_any(b, "WIFI");
        if (other != NULL)
            fail(message, message_size, "%s: its WIFI is in section version %u, which this reader does not read: "
                 "rebuild the bundle to locate on it", b->path, other->version);
        else
            fail(message, message_size, "%s: no WIFI section: locating is not available", b->path);
        return NB_ERROR_UNAVAILABLE;
    }
    m->p = section_bytes(b, s), m->length = s->length;
    if (s->length < WIFI_HEADER)
        return wifi_refuse(m, NB_ERROR_FORMAT, "%llu bytes is too short for its header", (unsigned long long)s->length);
    const uint8_t *p = m->p;
    m->access_points = rd32(p), m->buildings = rd32(p + 4), m->floors = rd32(p + 8), m->spots = rd32(p + 12);
    m->scans = rd32(p + 16), m->spot_postings = rd32(p + 20), m->scan_postings = rd32(p + 24);
    m->strings = rd32(p + 28), m->text_length = rd32(p + 32);
    m->floor_exponent = rdf64(p + 40), m->position_exponent = rdf64(p + 48), m->weakest = rdf64(p + 56);
    m->certain_ratio = rdf64(p + 64);
    m->floor_scans = rd16(p + 72), m->floor_spots = rd16(p + 74), m->neighbours = rd16(p + 76);
    m->source = p[78], m->inverse = p[79];
    if (!wifi_exponent_valid(m->floor_exponent) || !wifi_exponent_valid(m->position_exponent) || !isfinite(m->weakest) ||
        !(m->weakest < -1 && m->weakest >= -150) || !isfinite(m->certain_ratio) ||
        !(m->certain_ratio > 1 && m->certain_ratio <= 100) || !wifi_count_valid(m->floor_scans) ||
        !wifi_count_valid(m->floor_spots) || !wifi_count_valid(m->neighbours) || m->source < 1 || m->source > 3 ||
        m->inverse > 1)
        return wifi_refuse(m, NB_ERROR_FORMAT,
                           "the locator parameters are out of range (exponents %g and %g, weakest RSSI %g dBm, "
                           "certain ratio %g, floor scans %u, floor spots %u, neighbours %u, source %u, weights %u): "
                           "counts lie in 1...1000, exponents in (0, 16], the weakest RSSI in [-150, -1), the certain "
                           "ratio in (1, 100], the source in 1...3 and the weights in 0...1",
                           m->floor_exponent, m->position_exponent, m->weakest, m->certain_ratio, m->floor_scans,
                           m->floor_spots, m->neighbours, m->source, m->inverse);
    if (m->access_points > WIFI_MAX_ACCESS_POINTS)
        return wifi_refuse(m, NB_ERROR_FORMAT, "%u access points, more than the section allows (%u)", m->access_points,
                           WIFI_MAX_ACCESS_POINTS);
    if (m->spots > WIFI_MAX_RECORDS || m->scans > WIFI_MAX_RECORDS)
        return wifi_refuse(m, NB_ERROR_FORMAT, "%u spots and %u scans, more than a posting can name", m->spots, m->scans);
    /* Counts are u32, so none of these sums can overflow 64 bits. */
    m->ids_at = WIFI_HEADER;
    m->first_at[0] = aligned8(m->ids_at + 4 * (uint64_t)m->access_points);
    m->first_at[1] = aligned8(m->first_at[0] + 4 * ((uint64_t)m->access_points + 1));
    m->buildings_at = aligned8(m->first_at[1] + 4 * ((uint64_t)m->access_points + 1));
    m->floors_at = aligned8(m->buildings_at + 4 * (uint64_t)m->buildings);
    m->spots_at = m->floors_at + 16 * (uint64_t)m->floors;
    m->scans_at = aligned8(m->spots_at + 12 * (uint64_t)m->spots);
    m->postings_at[0] = aligned8(m->scans_at + 4 * (uint64_t)m->scans);
    m->postings_at[1] = aligned8(m->postings_at[0] + 4 * (uint64_t)m->spot_postings);
    m->offsets_at = aligned8(m->postings_at[1] + 4 * (uint64_t)m->scan_postings);
    m->text_at = m->offsets_at + 4 * ((uint64_t)m->strings + 1);
    uint64_t size = aligned8(m->text_at + m->text_length);
    if (size > m->length)
        return wifi_refuse(m, NB_ERROR_FORMAT, "its tables need %llu bytes, the section has %llu", (unsigned long long)size,
                           (unsigned long long)m->length);
    return NB_OK;
}

/* The postings of access point `a` of kind `kind` (0 spots, 1 scans), checked to lie within
 * their table. */
static nb_status wifi_postings(const radio_map *m, int kind, uint32_t a, uint32_t *first, uint32_t *last) {
    uint32_t count = kind ? m->scan_postings : m->spot_postings;
    *first = rd32(m->p + m->first_at[kind] + 4 * (uint64_t)a);
    *last = rd32(m->p + m->first_at[kind] + 4 * ((uint64_t)a + 1));
    if (*first > *last || *last > count)
        return wifi_refuse(m, NB_ERROR_FORMAT, "access point %u lists %s postings %u..%u of %u", a, kind ? "scan" : "spot",
                           *first, *last, count);
    return NB_OK;
}

/* What nb_open prepares for locating, checked once: the weights of the 256 levels under both
 * exponents, each record's floor (spots first, then scans), each scan's spot, and each record's
 * masses (the sums of its weights, exact in any order). With these in hand, a locate reads the
 * postings without further checks. Locating is refused with the reason when any check fails. */
static void prepare_wifi(nb_bundle *b) {
    char message[sizeof b->wifi_problem];
    radio_map m;
    b->wifi_status = read_radio_map(b, &m, message, sizeof message);
    if (b->wifi_status != NB_OK) goto done;
    for (int level = 0; level < 256; level++) {
        double dbm = (double)level / 2 - 128;
        b->wifi_floor_weight[level] = wifi_weight(dbm, m.weakest, m.floor_exponent);
        b->wifi_position_weight[level] = wifi_weight(dbm, m.weakest, m.position_exponent);
        b->wifi_floor_units[level] = (uint32_t)(b->wifi_floor_weight[level] * WIFI_WEIGHT_SCALE);
        b->wifi_position_units[level] = (uint32_t)(b->wifi_position_weight[level] * WIFI_WEIGHT_SCALE);
    }
    size_t records = (size_t)m.spots + m.scans;
    b->wifi_mass = calloc(2 * records + 1, sizeof *b->wifi_mass);
    b->wifi_floor_of = malloc(sizeof *b->wifi_floor_of * (records + 1));
    if (b->wifi_mass == NULL || b->wifi_floor_of == NULL) {
        b->wifi_status = NB_ERROR_MEMORY;
        fail(message, sizeof message, "%s: out of memory for the radio map", b->path);
        goto done;
    }
    for (uint32_t r = 0; r < m.spots; r++) {
        uint32_t floor = rd16(m.p + m.spots_at + 12 * (uint64_t)r + 8);
        if (floor >= m.floors || (r > 0 && floor < b->wifi_floor_of[r - 1])) {
            b->wifi_status = wifi_refuse(&m, NB_ERROR_FORMAT, "spot %u is on floor %u of %u, %s", r, floor, m.floors,
                                         floor >= m.floors ? "past them" : "before the spot ahead of it");
            goto done;
        }
        b->wifi_floor_of[r] = floor;
    }
    for (uint32_t c = 0; c < m.scans; c++) {
        uint32_t spot = rd32(m.p + m.scans_at + 4 * (uint64_t)c);
        if (spot >= m.spots || (c > 0 && spot < rd32(m.p + m.scans_at + 4 * (uint64_t)(c - 1)))) {
            b->wifi_status = wifi_refuse(&m, NB_ERROR_FORMAT, "scan %u names spot %u of %u, %s", c, spot, m.spots,
                                         spot >= m.spots ? "past them" : "before the scan ahead of it");
            goto done;
        }
        b->wifi_floor_of[m.spots + c] = b->wifi_floor_of[spot];
    }
    /* Each floor's spots and scans (by index within their kind): 2f and 2f + 1 start floor f's. */
    b->wifi_floor_records = calloc(2 * ((size_t)m.floors + 1), sizeof *b->wifi_floor_records);
    if (b->wifi_floor_records == NULL) {
        b->wifi_status = NB_ERROR_MEMORY;
        fail(message, sizeof message, "%s: out of memory for the radio map", b->path);
        goto done;
    }
    for (uint32_t f = 0, r = 0, c = 0; f <= m.floors; f++) {
        while (r < m.spots && b->wifi_floor_of[r] < f) r++;
        while (c < m.scans && b->wifi_floor_of[m.spots + c] < f) c++;
        b->wifi_floor_records[2 * (size_t)f] = r, b->wifi_floor_records[2 * (size_t)f + 1] = c;
    }
    /* Where each floor's nearest spots (slot 2f) and scans (2f + 1) go in a locate's scratch: a
     * floor keeps at most as many as it has, so there are at most as many places as records. */
    b->wifi_near_first = calloc(2 * (size_t)m.floors + 1, sizeof *b->wifi_near_first);
    if (b->wifi_near_first == NULL) {
        b->wifi_status = NB_ERROR_MEMORY;
        fail(message, sizeof message, "%s: out of memory for the radio map", b->path);
        goto done;
    }
    for (size_t r = 0; r < records; r++) b->wifi_near_first[2 * (size_t)b->wifi_floor_of[r] + (r >= m.spots) + 1]++;
    for (size_t slot = 0; slot < 2 * (size_t)m.floors; slot++) {
        uint32_t wanted = slot % 2 ? m.floor_scans : m.floor_spots, held = b->wifi_near_first[slot + 1];
        b->wifi_near_first[slot + 1] = b->wifi_near_first[slot] + (held < wanted ? held : wanted);
    }
    for (int kind = 0; kind < 2; kind++) {
        uint32_t count = kind ? m.scans : m.spots;
        size_t base = kind ? m.spots : 0;
        for (uint32_t a = 0; a < m.access_points; a++) {
            uint32_t first, last;
            if ((b->wifi_status = wifi_postings(&m, kind, a, &first, &last)) != NB_OK) goto done;
            for (uint32_t k = first; k < last; k++) {
                uint32_t posting = rd32(m.p + m.postings_at[kind] + 4 * (uint64_t)k), record = posting >> 8;
                if (record >= count) {
                    b->wifi_status = wifi_refuse(&m, NB_ERROR_FORMAT, "%s posting %u names %s %u of %u",
                                                 kind ? "scan" : "spot", k, kind ? "scan" : "spot", record, count);
                    goto done;
                }
                /* Ascending, so that a floor's records are one run of the list (nb_locate). */
                if (k > first && record <= rd32(m.p + m.postings_at[kind] + 4 * (uint64_t)(k - 1)) >> 8) {
                    b->wifi_status = wifi_refuse(&m, NB_ERROR_FORMAT, "the %s postings of access point %u do not ascend at posting %u",
                                                 kind ? "scan" : "spot", a, k);
                    goto done;
                }
                b->wifi_mass[2 * (base + record)] += b->wifi_floor_weight[posting & 0xFF];
                b->wifi_mass[2 * (base + record) + 1] += b->wifi_position_weight[posting & 0xFF];
            }
        }
    }
done:
    if (b->wifi_status != NB_OK) {
        free(b->wifi_mass), free(b->wifi_floor_of), free(b->wifi_near_first), free(b->wifi_floor_records);
        b->wifi_mass = NULL, b->wifi_floor_of = NULL, b->wifi_near_first = NULL, b->wifi_floor_records = NULL;
        snprintf(b->wifi_problem, sizeof b->wifi_problem, "%s", message);
    }
}

/* The radio map read for a call: its header as read_radio_map gives it, or the failure nb_open
 * found while preparing it. */
static nb_status prepared_radio_map(const nb_bundle *b, radio_map *m, char *message, size_t message_size) {
    if (b->wifi_status != NB_OK) {
        memset(m, 0, sizeof *m);
        fail(message, message_size, "%s", b->wifi_problem);
        return b->wifi_status;
    }
    return read_radio_map(b, m, message, message_size);
}

nb_status nb_radio_map_info(const nb_bundle *b, nb_radio_map *info, char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    radio_map m;
    nb_status status = prepared_radio_map(b, &m, message, message_size);
    if (status != NB_OK) return status;
    info->access_points = m.access_points, info->buildings = m.buildings, info->floors = m.floors;
    info->spots = m.spots, info->scans = m.scans, info->spot_postings = m.spot_postings;
    info->scan_postings = m.scan_postings;
    info->floor_exponent = m.floor_exponent, info->position_exponent = m.position_exponent, info->weakest_rssi = m.weakest;
    info->certain_ratio = m.certain_ratio, info->floor_scans = m.floor_scans, info->floor_spots = m.floor_spots;
    info->neighbours = m.neighbours, info->position_source = m.source, info->inverse_distance = m.inverse;
    return NB_OK;
}

/* String `index` of the section's own strings: below the count, its offsets rising within the
 * string bytes. */
static nb_status wifi_string(const radio_map *m, uint32_t index, const uint8_t **text, uint32_t *length) {
    if (index >= m->strings) return wifi_refuse(m, NB_ERROR_FORMAT, "names string %u of %u", index, m->strings);
    uint32_t start = rd32(m->p + m->offsets_at + 4 * (uint64_t)index);
    uint32_t end = rd32(m->p + m->offsets_at + 4 * ((uint64_t)index + 1));
    if (start > end || end > m->text_length)
        return wifi_refuse(m, NB_ERROR_FORMAT, "string %u lies at %u..%u, outside its %u string bytes", index, start, end,
                           m->text_length);
    *text = m->p + m->text_at + start, *length = end - start;
    return NB_OK;
}

/* A name, which must also be UTF-8; an access point's id is only compared, byte for byte. */
static nb_status wifi_name(const radio_map *m, uint32_t index, const char **text, size_t *length) {
    const uint8_t *bytes = NULL;
    uint32_t count = 0;
    nb_status status = wifi_string(m, index, &bytes, &count);
    if (status != NB_OK) return status;
    if (!utf8_valid(bytes, count)) return wifi_refuse(m, NB_ERROR_FORMAT, "string %u is not UTF-8", index);
    *text = (const char *)bytes, *length = count;
    return NB_OK;
}

/* The access point whose id is `key` (binary search over the sorted ids), or NB_NONE. */
static nb_status wifi_access_point(const radio_map *m, const uint8_t *key, size_t length, uint32_t *index) {
    uint32_t low = 0, high = m->access_points;
    *index = NB_NONE;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2, found_length = 0;
        const uint8_t *found = NULL;
        nb_status status = wifi_string(m, rd32(m->p + m->ids_at + 4 * (uint64_t)middle), &found, &found_length);
        if (status != NB_OK) return status;
        int order = compare_bytes(found, found_length, key, length);
        if (order == 0) return *index = middle, NB_OK;
        if (order < 0) low = middle + 1;
        else high = middle;
    }
    return NB_OK;
}

/* `id` as WIFI stores a BSSID, six lower-case hex pairs joined by ':', written to `out`: from
 * twelve hex digits, or from six groups of one or two hex digits all joined by ':' or all by '-'.
 * Returns 0 (and `out` is unused) when `id` is no such spelling and is searched as it is. */
static int normalised_bssid(const uint8_t *id, size_t length, char out[17]) {
    const uint8_t *group[6];
    size_t group_length[6];
    int all_hex = length == 12;
    for (size_t i = 0; all_hex && i < 12; i++) all_hex = hex_digit(id[i]) >= 0;
    if (all_hex) {
        for (int g = 0; g < 6; g++) group[g] = id + 2 * g, group_length[g] = 2;
    } else {
        size_t colons = 0, dashes = 0;
        for (size_t i = 0; i < length; i++) colons += id[i] == ':', dashes += id[i] == '-';
        uint8_t separator = colons == 5 ? ':' : '-';
        if ((separator == ':' ? colons : dashes) != 5) return 0;
        int g = 0;
        group[0] = id;
        for (size_t i = 0; i < length; i++)
            if (id[i] == separator) group_length[g] = (size_t)(id + i - group[g]), group[++g] = id + i + 1;
        group_length[5] = (size_t)(id + length - group[5]);
    }
    static const char digits[] = "0123456789abcdef";
    for (int g = 0; g < 6; g++) {
        if (group_length[g] < 1 || group_length[g] > 2) return 0;
        int high = group_length[g] == 2 ? hex_digit(group[g][0]) : 0, low = hex_digit(group[g][group_length[g] - 1]);
        if (high < 0 || low < 0) return 0;
        out[3 * g] = digits[high], out[3 * g + 1] = digits[low];
        if (g < 5) out[3 * g + 2] = ':';
    }
    return 1;
}

typedef struct {
    uint32_t access_point;
    double rssi;
} wifi_heard;

/* By access point, the stronger reading first: the first of each access point is the one kept. */
static int heard_by_access_point(const void *x, const void *y) {
    const wifi_heard *a = x, *c = y;
    if (a->access_point != c->access_point) return a->access_point < c->access_point ? -1 : 1;
    return a->rssi > c->rssi ? -1 : a->rssi < c->rssi;
}

/* Step 2: the scan's known access points, each once with its stronger reading, by access point. */
static nb_status read_scan(const radio_map *m, const nb_scan_reading *readings, size_t count, wifi_heard *heard,
                           size_t *heard_count) {
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        if (readings[i].id == NULL) {
            fail(m->message, m->message_size, "%s: reading %zu of the scan has no access point id", m->bundle->path, i);
            return NB_ERROR_ARGUMENT;
        }
        double rssi = readings[i].rssi;
        if (!isfinite(rssi) || !(rssi > m->weakest)) continue;
        const uint8_t *id = (const uint8_t *)readings[i].id;
        size_t length = strlen(readings[i].id);
        char bssid[17];
        if (normalised_bssid(id, length, bssid)) id = (const uint8_t *)bssid, length = sizeof bssid;
        uint32_t index;
        nb_status status = wifi_access_point(m, id, length, &index);
        if (status != NB_OK) return status;
        if (index != NB_NONE) heard[n].access_point = index, heard[n].rssi = rssi, n++;
    }
    qsort(heard, n, sizeof *heard, heard_by_access_point);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (kept == 0 || heard[i].access_point != heard[kept - 1].access_point) heard[kept++] = heard[i];
    *heard_count = kept;
    return NB_OK;
}

/* The Sørensen distance (T + M - 2C) / (T + M), 1 when there is no weight at all: exact but for
 * the division, its terms being multiples of 2^-24 far below 2^53 (step 4). */
static double wifi_sorensen(double total, double mass, double common) {
    double both = total + mass;
    return both > 0 ? (both - 2 * common) / both : 1;
}

/* Inserts `distance` into the ascending `list` of `*count` values, which keeps its `limit` smallest. */
static void keep_nearest(double *list, uint32_t *count, uint32_t limit, double distance) {
    if (limit == 0) return;
    if (*count == limit) {
        if (!(distance < list[limit - 1])) return;
        --*count;
    }
    uint32_t at = *count;
    while (at > 0 && list[at - 1] > distance) list[at] = list[at - 1], at--;
    list[at] = distance, ++*count;
}

/* The mean of a floor's `count` nearest, each missing one counting 1: summed from the smallest,
 * then the ones, then divided (step 5). */
static double nearest_mean(const double *list, uint32_t count, uint32_t wanted) {
    double sum = 0;
    for (uint32_t i = 0; i < count; i++) sum += list[i];
    for (uint32_t i = count; i < wanted; i++) sum += 1;
    return sum / (double)wanted;
}

typedef struct {
    uint32_t record; /* spots first, then scans */
    double distance;
} wifi_neighbour;

/* Nearer first; at equal distance scans before spots, then by index (step 7). */
static int neighbour_before(const wifi_neighbour *a, const wifi_neighbour *c, uint32_t spots) {
    if (a->distance != c->distance) return a->distance < c->distance;
    int a_scan = a->record >= spots, c_scan = c->record >= spots;
    if (a_scan != c_scan) return a_scan;
    return a->record < c->record;
}

/* Inserts `n` into `list` (`*count` long, sorted by neighbour_before), which keeps its `limit` first. */
static void keep_neighbour(wifi_neighbour *list, uint32_t *count, uint32_t limit, wifi_neighbour n, uint32_t spots) {
    if (*count == limit) {
        if (!neighbour_before(&n, &list[limit - 1], spots)) return;
        --*count;
    }
    uint32_t at = *count;
    while (at > 0 && neighbour_before(&n, &list[at - 1], spots)) list[at] = list[at - 1], at--;
    list[at] = n, ++*count;
}

/* Floor `floor`'s building, checked, and (when `fix` is given) its name, ordinal and venue level. */
static nb_status wifi_floor(const radio_map *m, uint32_t floor, uint32_t *building, nb_fix *fix) {
    const uint8_t *entry = m->p + m->floors_at + 16 * (uint64_t)floor;
    uint32_t level = rd16(entry + 6);
    *building = rd16(entry + 4);
    if (*building >= m->buildings)
        return wifi_refuse(m, NB_ERROR_FORMAT, "floor %u is in building %u of %u", floor, *building, m->buildings);
    if (level != WIFI_NO_LEVEL && level >= m->bundle->level_count)
        return wifi_refuse(m, NB_ERROR_FORMAT, "floor %u joins level %u, LEVL has %u", floor, level,
                           m->bundle->level_count);
    if (fix == NULL) return NB_OK;
    fix->venue_level = level == WIFI_NO_LEVEL ? NB_NONE : level;
    fix->ordinal = (double)(int32_t)rd32(entry + 8) / 1000;
    return wifi_name(m, rd32(entry), &fix->floor_name, &fix->floor_name_length);
}

/* A record's spot: itself, or the spot a scan was taken at (checked by prepare_wifi). */
static uint32_t record_spot(const radio_map *m, uint32_t record) {
    return record < m->spots ? record : rd32(m->p + m->scans_at + 4 * (uint64_t)(record - m->spots));
}

/* Scratch memory of one call. */
typedef struct {
    wifi_heard *heard;
    /* Per record, the common weight under the floor exponent, then per record under the position
     * one: in `units` of 2^-24 while the scan hears fewer than 256 access points (every sum then
     * stays below 2^32), else in `common`; only the one in use is allocated. */
    double *common;
    double least[256];  /* per level, min(q, w) under the floor exponent for the access point at hand */
    uint32_t least_units[256]; /* the same in units of 2^-24 */
    uint32_t *units;
    uint32_t *near_count; /* per floor and kind (wifi_near_first's slots): how many nearest kept */
    uint8_t *reached;   /* per floor and kind: whether a posting of the scan's may lie there */
    double *near;
    wifi_neighbour *neighbours; /* the rule's kind, then any kind */
} wifi_scratch;

static void wifi_scratch_free(wifi_scratch *s) {
    free(s->heard), free(s->common), free(s->units), free(s->near_count), free(s->reached);
    free(s->near), free(s->neighbours);
}

/* Steps 3 to 8 on the scan's `heard` access points (by access point, each once). */
static nb_status decide_fix(const radio_map *m, const wifi_heard *heard, size_t heard_count, wifi_scratch *s,
                            nb_fix *fix) {
    const nb_bundle *b = m->bundle;
    uint32_t records = m->spots + m->scans;
    double totals[2] = {0, 0};
    /* Steps 3 and 4 under the floor exponent: the common weight of every record sharing an
     * access point with the scan (the loop over the postings only adds; step 5 finds the
     * records whose weight is positive). The position exponent's are needed on the winning
     * floor only (below). Weights are whole multiples of 2^-24 at most 1, so while the scan
     * hears fewer than 256 access points every sum is a whole number of 2^-24 below 2^32:
     * summed in a u32 (half the memory the loop touches), then converted, which is exact. */
    int narrow = heard_count < 256;
    if (narrow) memset(s->units, 0, sizeof *s->units * (size_t)records);
    else memset(s->common, 0, sizeof *s->common * (size_t)records);
    for (size_t i = 0; i < heard_count; i++) {
        double q = wifi_weight(heard[i].rssi, m->weakest, m->floor_exponent);
        totals[0] += q, totals[1] += wifi_weight(heard[i].rssi, m->weakest, m->position_exponent);
        /* min(q, w(level)) for every level, so that the loop over the postings only adds. */
        if (narrow) {
            uint32_t q_units = (uint32_t)(q * WIFI_WEIGHT_SCALE);
            for (int level = 0; level < 256; level++)
                s->least_units[level] = q_units < b->wifi_floor_units[level] ? q_units : b->wifi_floor_units[level];
        } else
            for (int level = 0; level < 256; level++)
                s->least[level] = q < b->wifi_floor_weight[level] ? q : b->wifi_floor_weight[level];
        for (int kind = 0; kind < 2; kind++) {
            uint32_t base = kind ? m->spots : 0, a = heard[i].access_point;
            /* Ranges and records were checked by prepare_wifi. */
            uint32_t first = rd32(m->p + m->first_at[kind] + 4 * (uint64_t)a);
            uint32_t last = rd32(m->p + m->first_at[kind] + 4 * ((uint64_t)a + 1));
            const uint8_t *posting = m->p + m->postings_at[kind] + 4 * (uint64_t)first;
            /* The floors between the first posting's and the last's (records lie sorted by floor):
             * a run of records outside every access point's span shares nothing with the scan. */
            if (first < last) {
                uint32_t low = b->wifi_floor_of[base + (rd32(posting) >> 8)];
                uint32_t high = b->wifi_floor_of[base + (rd32(posting + 4 * (uint64_t)(last - 1 - first)) >> 8)];
                for (uint32_t f = low; f <= high; f++) s->reached[2 * (size_t)f + (size_t)kind] = 1;
            }
            if (narrow) {
                uint32_t *units = s->units + base;
                for (uint32_t k = first; k < last; k++, posting += 4) {
                    uint32_t value = rd32(posting);
                    units[value >> 8] += s->least_units[value & 0xFF];
                }
            } else {
                double *common = s->common + base;
                for (uint32_t k = first; k < last; k++, posting += 4) {
                    uint32_t value = rd32(posting);
                    common[value >> 8] += s->least[value & 0xFF];
                }
            }
        }
    }
    /* Step 5: each floor's nearest scans and spots, and its score. The records sharing an access
     * point with the scan are those whose common weight is positive; a floor's records of one
     * kind are one run (records lie sorted by floor), so each run is read in order with its
     * floor's list at hand. */
    int any = 0;
    for (uint32_t f = 0; f < m->floors; f++)
        for (int kind = 0; kind < 2; kind++) {
            size_t slot = 2 * (size_t)f + (size_t)kind;
            if (!s->reached[slot]) continue; /* every record of the run shares nothing */
            uint32_t base = kind ? m->spots : 0;
            uint32_t low = base + b->wifi_floor_records[slot], high = base + b->wifi_floor_records[slot + 2];
            double *list = s->near + b->wifi_near_first[slot];
            uint32_t limit = b->wifi_near_first[slot + 1] - b->wifi_near_first[slot], *count = &s->near_count[slot];
            for (uint32_t r = low; r < high; r++) {
                /* Most records share nothing with the scan: passed over on the integer sum, before
                 * any conversion (a sum is zero exactly when its conversion is). */
                if (narrow ? s->units[r] == 0 : s->common[r] == 0) continue;
                double common = narrow ? (double)s->units[r] / WIFI_WEIGHT_SCALE : s->common[r];
                any = 1;
                /* Most records are far from the scan: one whose distance clearly exceeds the
                 * floor's farthest kept is passed over without the division (the margin is far
                 * wider than the rounding of the product, so no record that would be kept is
                 * passed over). */
                double both = totals[0] + b->wifi_mass[2 * (size_t)r];
                if (*count == limit && limit > 0 && both - 2 * common > list[limit - 1] * both * (1 + 0x1p-40)) continue;
                keep_nearest(list, count, limit, wifi_sorensen(totals[0], b->wifi_mass[2 * (size_t)r], common));
            }
        }
    if (!any) return NB_OK; /* nothing in common: unknown */
    uint32_t best = 0;
    double best_score = INFINITY, second_score = INFINITY;
    for (uint32_t f = 0; f < m->floors; f++) {
        double score = nearest_mean(s->near + b->wifi_near_first[2 * (size_t)f + 1], s->near_count[2 * (size_t)f + 1],
                                    m->floor_scans) +
                       nearest_mean(s->near + b->wifi_near_first[2 * (size_t)f], s->near_count[2 * (size_t)f], m->floor_spots);
        if (score < best_score) second_score = best_score, best = f, best_score = score;
        else if (score < second_score) second_score = score;
    }
    /* Step 6: the confidence. */
    double confidence;
    if (!isfinite(second_score)) confidence = 1;
    else if (!(best_score > 0)) confidence = second_score > 0 ? 1 : 0;
    else {
        double lead = 9 * (second_score / best_score - 1) / (m->certain_ratio - 1);
        confidence = lead / (1 + lead);
    }
    /* Steps 3 and 4 under the position exponent, for the winning floor's records: records lie
     * sorted by floor and each access point's postings by record, so the floor's postings are
     * one run within each access point's, found by binary search. */
    uint32_t lows[2] = {b->wifi_floor_records[2 * (size_t)best], b->wifi_floor_records[2 * (size_t)best + 1]};
    uint32_t highs[2] = {b->wifi_floor_records[2 * (size_t)best + 2], b->wifi_floor_records[2 * (size_t)best + 3]};
    /* As under the floor exponent, the sums are whole numbers of 2^-24 (in a u32 while the scan
     * hears fewer than 256 access points), and each access point adds min(q, w) by level. */
    double *position_common = narrow ? NULL : s->common + records;
    uint32_t *position_units = narrow ? s->units + records : NULL;
    for (int kind = 0; kind < 2; kind++) {
        uint32_t from = (kind ? m->spots : 0) + lows[kind], count = highs[kind] - lows[kind];
        if (narrow) memset(position_units + from, 0, sizeof *position_units * count);
        else memset(position_common + from, 0, sizeof *position_common * count);
    }
    for (size_t i = 0; i < heard_count; i++) {
        double q = wifi_weight(heard[i].rssi, m->weakest, m->position_exponent);
        uint32_t q_units = narrow ? (uint32_t)(q * WIFI_WEIGHT_SCALE) : 0;
        for (int kind = 0; kind < 2; kind++) {
            uint32_t base = kind ? m->spots : 0, a = heard[i].access_point, low = lows[kind], high = highs[kind];
            uint32_t first = rd32(m->p + m->first_at[kind] + 4 * (uint64_t)a);
            uint32_t end = rd32(m->p + m->first_at[kind] + 4 * ((uint64_t)a + 1)), last = end;
            const uint8_t *postings = m->p + m->postings_at[kind];
            while (first < last) {
                uint32_t middle = first + (last - first) / 2;
                if (rd32(postings + 4 * (uint64_t)middle) >> 8 < low) first = middle + 1;
                else last = middle;
            }
            const uint8_t *posting = postings + 4 * (uint64_t)first;
            if (narrow) {
                uint32_t *units = position_units + base;
                for (uint32_t k = first; k < end; k++, posting += 4) {
                    uint32_t value = rd32(posting), w = b->wifi_position_units[value & 0xFF];
                    if (value >> 8 >= high) break;
                    units[value >> 8] += q_units < w ? q_units : w;
                }
            } else
                for (uint32_t k = first; k < end; k++, posting += 4) {
                    uint32_t value = rd32(posting);
                    if (value >> 8 >= high) break;
                    double w = b->wifi_position_weight[value & 0xFF];
                    position_common[base + (value >> 8)] += q < w ? q : w;
                }
        }
    }
    /* Step 7: the position from the nearest of the rule's kind on the floor, else of any kind. */
    wifi_neighbour *admitted = s->neighbours, *any_kind = s->neighbours + m->neighbours;
    uint32_t admitted_count = 0, any_count = 0;
    for (int kind = 0; kind < 2; kind++) {
        uint32_t base = kind ? m->spots : 0;
        int admits = m->source == 3 || (m->source == 1) == kind;
        for (uint32_t r = base + lows[kind]; r < base + highs[kind]; r++) {
            if (narrow ? s->units[r] == 0 : s->common[r] == 0) continue; /* shares no access point */
            /* As in step 5, a record clearly behind the last kept of every list it could join is
             * passed over without the division (the any-kind list is full whenever the rule's
             * is, and its last is never farther). */
            double common = narrow ? (double)position_units[r] / WIFI_WEIGHT_SCALE : position_common[r];
            double both = totals[1] + b->wifi_mass[2 * (size_t)r + 1], apart = both - 2 * common;
            if (any_count == m->neighbours && apart > any_kind[any_count - 1].distance * both * (1 + 0x1p-40) &&
                (!admits || (admitted_count == m->neighbours &&
                             apart > admitted[admitted_count - 1].distance * both * (1 + 0x1p-40))))
                continue;
            wifi_neighbour n = {r, wifi_sorensen(totals[1], b->wifi_mass[2 * (size_t)r + 1], common)};
            if (admits) keep_neighbour(admitted, &admitted_count, m->neighbours, n, m->spots);
            keep_neighbour(any_kind, &any_count, m->neighbours, n, m->spots);
        }
    }
    const wifi_neighbour *used = admitted_count ? admitted : any_kind;
    uint32_t used_count = admitted_count ? admitted_count : any_count;
    double latitude = 0, longitude = 0, total = 0;
    for (uint32_t i = 0; i < used_count; i++) {
        const uint8_t *spot = m->p + m->spots_at + 12 * (uint64_t)record_spot(m, used[i].record);
        double v = m->inverse ? 1 / (used[i].distance + WIFI_VOTE_OFFSET) : 1;
        latitude += exact_product((double)(int32_t)rd32(spot), v);
        longitude += exact_product((double)(int32_t)rd32(spot + 4), v);
        total += v;
    }
    /* A mean weighted by positive weights lies within its points' i32 range, give or take a few
     * units in the last place, so the rounded value fits an int32. */
    fix->latitude_e7 = (int32_t)round(latitude / total), fix->longitude_e7 = (int32_t)round(longitude / total);
    fix->latitude = (double)fix->latitude_e7 / 1e7, fix->longitude = (double)fix->longitude_e7 / 1e7;
    fix->floor = best, fix->neighbours = used_count, fix->confidence = confidence;
    nb_status status = wifi_floor(m, best, &fix->building, fix);
    if (status == NB_OK)
        status = wifi_name(m, rd32(m->p + m->buildings_at + 4 * (uint64_t)fix->building), &fix->building_name,
                           &fix->building_name_length);
    if (status == NB_OK) fix->located = 1;
    return status;
}

nb_status nb_locate(const nb_bundle *b, const nb_scan_reading *readings, size_t count, nb_fix *fix, char *message,
                    size_t message_size) {
    memset(fix, 0, sizeof *fix);
    fix->venue_level = NB_NONE;
    radio_map m;
    nb_status status = prepared_radio_map(b, &m, message, message_size);
    if (status != NB_OK) return status;
    if (readings == NULL && count > 0) {
        fail(message, message_size, "%s: a scan of %zu readings without them", b->path, count);
        return NB_ERROR_ARGUMENT;
    }
    if (count > SIZE_MAX / sizeof(wifi_heard)) {
        fail(message, message_size, "%s: a scan of %zu readings is too long", b->path, count);
        return NB_ERROR_MEMORY;
    }
    wifi_scratch s;
    memset(&s, 0, sizeof s);
    size_t heard_count = 0, records = (size_t)m.spots + m.scans;
    s.heard = malloc(sizeof *s.heard * (count ? count : 1));
    if (s.heard == NULL) status = NB_ERROR_MEMORY;
    if (status == NB_OK) status = read_scan(&m, readings, count, s.heard, &heard_count);
    if (status == NB_OK && heard_count > 0) {
        /* Each floor keeps at most as many of its nearest as it has records of the kind: at most
         * as many places as records in all. */
        if (heard_count < 256) s.units = malloc(sizeof *s.units * (2 * records + 1)); /* as decide_fix sums */
        else s.common = malloc(sizeof *s.common * (2 * records + 1));
        s.near_count = calloc(2 * (size_t)m.floors + 1, sizeof *s.near_count);
        s.reached = calloc(2 * (size_t)m.floors + 1, 1);
        s.neighbours = malloc(sizeof *s.neighbours * 2 * (size_t)m.neighbours);
        if ((s.common == NULL && s.units == NULL) || s.near_count == NULL || s.reached == NULL ||
            s.neighbours == NULL)
            status = NB_ERROR_MEMORY;
        if (status == NB_OK && (s.near = malloc(sizeof *s.near * ((size_t)b->wifi_near_first[2 * (size_t)m.floors] + 1))) == NULL)
            status = NB_ERROR_MEMORY;
        if (status == NB_OK) status = decide_fix(&m, s.heard, heard_count, &s, fix);
    }
    if (status == NB_ERROR_MEMORY) fail(message, message_size, "%s: out of memory", b->path);
    if (status != NB_OK || !fix->located) {
        memset(fix, 0, sizeof *fix);
        fix->venue_level = NB_NONE;
    }
    wifi_scratch_free(&s);
    return status;
}

/* ---- Radio map samples (WIFI) ---- */

/* The spots and what they hear as plain records, so that a viewer can offer scans to locate (the
 * JavaScript reader's radioMapSamples). Like the other Wi-Fi calls they only read the bundle and
 * report failures in the caller's `message`. */

nb_status nb_radio_map_samples(const nb_bundle *b, size_t limit, uint32_t *points, size_t capacity, size_t *count,
                               char *message, size_t message_size) {
    *count = 0;
    if (find_section_version(b, "WIFI", WIFI_VERSION) == NULL) return NB_OK; /* no radio map: no samples */
    radio_map m;
    nb_status status = prepared_radio_map(b, &m, message, message_size);
    if (status != NB_OK) return status;
    size_t wanted = limit < m.spots ? limit : m.spots;
    /* Spread evenly: the first spot, then every (R / wanted)-th; i × R stays below 2^64. */
    for (size_t i = 0; i < wanted && i < capacity; i++) points[i] = (uint32_t)((uint64_t)i * m.spots / wanted);
    *count = wanted;
    return NB_OK;
}

/* Spot `point` of the radio map of `b`, read into `m`, checked to be one of its spots. */
static nb_status wifi_spot(const nb_bundle *b, uint32_t point, radio_map *m, char *message, size_t message_size) {
    nb_status status = prepared_radio_map(b, m, message, message_size);
    if (status != NB_OK) return status;
    if (point >= m->spots) return wifi_refuse(m, NB_ERROR_ARGUMENT, "spot %u is not one of the %u", point, m->spots);
    return NB_OK;
}

/* The `reading`-th access point (by index) whose spot postings list spot `point`, and its level;
 * `*found` how many there are when `reading` is past them. */
static void spot_reading(const radio_map *m, uint32_t point, uint32_t reading, uint32_t *access_point, uint32_t *level,
                         uint32_t *found) {
    *found = 0, *access_point = NB_NONE;
    for (uint32_t a = 0; a < m->access_points; a++) {
        uint32_t first = rd32(m->p + m->first_at[0] + 4 * (uint64_t)a), last = rd32(m->p + m->first_at[0] + 4 * ((uint64_t)a + 1));
        for (uint32_t k = first; k < last; k++) {
            uint32_t value = rd32(m->p + m->postings_at[0] + 4 * (uint64_t)k);
            if (value >> 8 != point) continue;
            if (*found == reading) {
                *access_point = a, *level = value & 0xFF;
                return;
            }
            ++*found;
            break;
        }
    }
}

nb_status nb_radio_map_point(const nb_bundle *b, uint32_t point, nb_reference_point *info, char *message,
                             size_t message_size) {
    memset(info, 0, sizeof *info);
    radio_map m;
    nb_status status = wifi_spot(b, point, &m, message, message_size);
    if (status != NB_OK) return status;
    const uint8_t *e = m.p + m.spots_at + 12 * (uint64_t)point;
    info->latitude = (int32_t)rd32(e), info->longitude = (int32_t)rd32(e + 4);
    info->floor = rd16(e + 8), info->scan_count = rd16(e + 10);
    uint32_t access_point, level;
    spot_reading(&m, point, UINT32_MAX, &access_point, &level, &info->reading_count);
    status = wifi_floor(&m, info->floor, &info->building, NULL);
    if (status == NB_OK)
        status = wifi_name(&m, rd32(m.p + m.buildings_at + 4 * (uint64_t)info->building), &info->building_name.text,
                           &info->building_name.length);
    if (status == NB_OK)
        status = wifi_name(&m, rd32(m.p + m.floors_at + 16 * (uint64_t)info->floor), &info->floor_name.text,
                           &info->floor_name.length);
    if (status != NB_OK) memset(info, 0, sizeof *info);
    return status;
}

nb_status nb_radio_map_reading(const nb_bundle *b, uint32_t point, uint32_t reading, nb_point_reading *info,
                               char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    radio_map m;
    nb_status status = wifi_spot(b, point, &m, message, message_size);
    if (status != NB_OK) return status;
    uint32_t access_point, level = 0, found;
    spot_reading(&m, point, reading, &access_point, &level, &found);
    if (access_point == NB_NONE)
        return wifi_refuse(&m, NB_ERROR_ARGUMENT, "spot %u lists %u access points, not %u", point, found, reading + 1);
    status = wifi_name(&m, rd32(m.p + m.ids_at + 4 * (uint64_t)access_point), &info->id.text, &info->id.length);
    if (status != NB_OK) return memset(info, 0, sizeof *info), status;
    info->access_point = access_point, info->rssi = (double)level / 2 - 128;
    return NB_OK;
}

/* ---- For bindings: metric arrays, folding, conditions parsed to targets ---- */

/* What the Python binding (readers/python) shows of a metric and of folding, which the other
 * calls keep inside: the Python API hands out a metric's arrays and folds text on request. */

nb_status nb_metric_arrays(nb_bundle *b, const nb_metric *metric, uint32_t *up, uint32_t *down, uint32_t *up_via,
                           uint32_t *down_via, size_t capacity, size_t *count) {
    *count = 0;
    if (metric == NULL || metric->bundle != b) return refuse(b, NB_ERROR_ARGUMENT, "the metric was made for another bundle");
    uint32_t m = b->cch.m;
    *count = m;
    if (capacity < m) return refuse(b, NB_ERROR_ARGUMENT, "room for %zu arcs, CCHT has %u", capacity, m);
    for (uint32_t a = 0; a < m; a++) {
        up[a] = metric->arcs[a].up, down[a] = metric->arcs[a].down;
        up_via[a] = metric->arcs[a].up_via, down_via[a] = metric->arcs[a].down_via;
    }
    return NB_OK;
}

nb_status nb_metric_weights(nb_bundle *b, const nb_metric *metric, uint32_t *weights, size_t capacity) {
    if (metric == NULL || metric->bundle != b) return refuse(b, NB_ERROR_ARGUMENT, "the metric was made for another bundle");
    if (metric->weights == NULL) return nb_profile_costs(b, metric->profile, weights, capacity);
    if (capacity < b->arcs) return refuse(b, NB_ERROR_ARGUMENT, "room for %zu weights, ARCS has %u arcs", capacity, b->arcs);
    memcpy(weights, metric->weights, sizeof(uint32_t) * b->arcs);
    return NB_OK;
}

uint32_t nb_metric_profile(const nb_metric *metric) { return metric->profile; }

nb_status nb_fold(nb_bundle *b, const char *text, size_t length, char **folded, size_t *folded_length) {
    *folded = NULL, *folded_length = 0;
    if (!utf8_valid((const uint8_t *)text, length)) return refuse(b, NB_ERROR_ARGUMENT, "the text is not valid UTF-8");
    nb_status status = load_search(b);
    if (status != NB_OK) return status;
    uint8_t *out;
    if ((status = fold_text(b, (const uint8_t *)text, length, &out, folded_length)) != NB_OK) return status;
    *folded = (char *)out;
    return NB_OK;
}

nb_status nb_conditions_parse(const char *json, size_t length, nb_condition_target **targets, size_t *count,
                              nb_conditions_error *error) {
    *targets = NULL, *count = 0;
    if (error) memset(error, 0, sizeof *error);
    /* Reading the text needs no bundle; a blank one holds the messages the reading writes. */
    nb_bundle *b = calloc(1, sizeof *b);
    if (b == NULL) return NB_ERROR_MEMORY;
    conditions c;
    nb_status status = json == NULL && length > 0 ? NB_ERROR_ARGUMENT
                       : read_conditions(b, json ? (const uint8_t *)json : (const uint8_t *)"", length, &c, error);
    if (status == NB_OK || status == NB_ERROR_CONDITIONS || status == NB_ERROR_MEMORY) {
        if (status == NB_OK && (*targets = calloc(c.count ? c.count : 1, sizeof **targets)) == NULL) status = NB_ERROR_MEMORY;
        for (size_t i = 0; status == NB_OK && i < c.count; i++) {
            const condition_target *t = &c.targets[i];
            nb_condition_target *out = &(*targets)[i];
            *count = i + 1;
            out->kind = t->kind, out->list = t->list, out->index = t->index, out->factor = t->factor;
            out->length = t->length, out->corner_count = t->corner_count;
            out->text = malloc(t->length ? t->length : 1);
            out->corners = malloc(sizeof(double) * 2 * (t->corner_count ? t->corner_count : 1));
            if (!out->text || !out->corners) {
                status = NB_ERROR_MEMORY;
                break;
            }
            memcpy(out->text, t->text, t->length);
            memcpy(out->corners, c.corners + 2 * t->first_corner, sizeof(double) * 2 * t->corner_count);
        }
        conditions_free(&c);
    }
    if (status != NB_OK) nb_condition_targets_free(*targets, *count), *targets = NULL, *count = 0;
    free(b);
    return status;
}

void nb_condition_targets_free(nb_condition_target *targets, size_t count) {
    for (size_t i = 0; targets && i < count; i++) free(targets[i].text), free(targets[i].corners);
    free(targets);
}

/* ---- Instruction languages (GTXT) ---- */

/* GTXT as docs/bundle-format.md lays it out: a 16-byte header, keys of 8 bytes, languages of 16,
 * the values, the string offsets (8-aligned) and the bytes. */
#define GTXT_HEADER 16u
#define GTXT_FORMED 1u
#define GTXT_OPTIONAL 2u
#define GTXT_ABSENT 0xFFFFFFFFu

static uint64_t gtxt_languages_at(uint64_t keys) { return GTXT_HEADER + 8 * keys; }
static uint64_t gtxt_values_at(uint64_t languages, uint64_t keys) { return gtxt_languages_at(keys) + 16 * languages; }
static uint64_t gtxt_offsets_at(uint64_t languages, uint64_t keys) {
    return (gtxt_values_at(languages, keys) + 4 * languages * keys + 7) / 8 * 8;
}

/* String `index` of GTXT's own table, or 0 when it lies outside. */
static int gtxt_string(const nb_bundle *b, uint32_t index, const uint8_t **text, size_t *length) {
    if (index >= b->gtxt_strings) return 0;
    const uint8_t *offsets = b->gtxt + gtxt_offsets_at(b->gtxt_languages, b->gtxt_keys);
    const uint8_t *bytes = offsets + 4 * ((size_t)b->gtxt_strings + 1);
    uint32_t start = rd32(offsets + 4 * (size_t)index), end = rd32(offsets + 4 * ((size_t)index + 1));
    *text = bytes + start, *length = end - start;
    return 1;
}

/* Bytewise order of two texts, as GTXT sorts its keys and codes. */
static int gtxt_compare(const uint8_t *x, size_t x_length, const uint8_t *y, size_t y_length) {
    int order = memcmp(x, y, x_length < y_length ? x_length : y_length);
    return order != 0 ? order : (x_length > y_length) - (x_length < y_length);
}

/* Checks GTXT's structure as the Swift reader does when it opens: the tables fit, the offsets rise
 * from 0 to the byte count, keys and codes are sorted and unique, flags have no unknown bits, values
 * name strings that exist, and only optional keys lack one. Templates are checked where used. */
static nb_status read_guidance_texts(nb_bundle *b) {
    const section *s = find_section(b, "GTXT");
    if (s == NULL) return NB_OK;
    const uint8_t *p = section_bytes(b, s);
    if (s->length < GTXT_HEADER) return refuse(b, NB_ERROR_FORMAT, "GTXT is too short for its header");
    uint64_t languages = rd32(p), keys = rd32(p + 4), strings = rd32(p + 8), bytes = rd32(p + 12);
    if (languages == 0 || keys == 0 || languages >= 1u << 16 || keys >= 1u << 16 || strings >= 1u << 24)
        return refuse(b, NB_ERROR_FORMAT, "GTXT: %llu languages, %llu keys and %llu strings are out of range",
                      (unsigned long long)languages, (unsigned long long)keys, (unsigned long long)strings);
    uint64_t offsets = gtxt_offsets_at(languages, keys);
    if (offsets + 4 * (strings + 1) + bytes > s->length)
        return refuse(b, NB_ERROR_FORMAT, "GTXT: %llu languages, %llu keys and %llu strings of %llu bytes do not fit the section",
                      (unsigned long long)languages, (unsigned long long)keys, (unsigned long long)strings,
                      (unsigned long long)bytes);
    for (uint64_t i = 0; i <= strings; i++) {
        uint32_t offset = rd32(p + offsets + 4 * i);
        if (i == 0 ? offset != 0 : offset < rd32(p + offsets + 4 * (i - 1)))
            return refuse(b, NB_ERROR_FORMAT, "GTXT: string offset %llu is out of order", (unsigned long long)i);
    }
    if (rd32(p + offsets + 4 * strings) != bytes)
        return refuse(b, NB_ERROR_FORMAT, "GTXT: the string offsets do not end at the %llu bytes", (unsigned long long)bytes);
    b->gtxt = p, b->gtxt_languages = (uint32_t)languages, b->gtxt_keys = (uint32_t)keys, b->gtxt_strings = (uint32_t)strings;
    const uint8_t *last = NULL, *text;
    size_t last_length = 0, length;
    for (uint32_t k = 0; k < keys; k++) {
        uint32_t flags = rd32(p + GTXT_HEADER + 8 * (size_t)k + 4);
        if ((flags & ~(GTXT_FORMED | GTXT_OPTIONAL)) != 0 || !gtxt_string(b, rd32(p + GTXT_HEADER + 8 * (size_t)k), &text, &length))
            return b->gtxt = NULL, refuse(b, NB_ERROR_FORMAT, "GTXT: key %u has a bad name or flags", k);
        if (last != NULL && gtxt_compare(last, last_length, text, length) >= 0)
            return b->gtxt = NULL, refuse(b, NB_ERROR_FORMAT, "GTXT: key %u is out of order", k);
        last = text, last_length = length;
    }
    last = NULL;
    for (uint32_t n = 0; n < languages; n++) {
        const uint8_t *e = p + gtxt_languages_at(keys) + 16 * (size_t)n;
        uint32_t flags = rd32(e + 8), forms = (flags >> 16) & 0xF, separator = (flags >> 8) & 0xFF;
        const uint8_t *endonym;
        size_t endonym_length;
        if ((flags & 3) > 1 || (flags & 0xFFF000FCu) != 0 || separator < 0x21 || separator > 0x7E || forms < 1 || forms > 9 ||
            !gtxt_string(b, rd32(e), &text, &length) || !gtxt_string(b, rd32(e + 4), &endonym, &endonym_length) ||
            !utf8_valid(text, length) || !utf8_valid(endonym, endonym_length))
            return b->gtxt = NULL, refuse(b, NB_ERROR_FORMAT, "GTXT: language %u has a bad code, name or flags", n);
        if (last != NULL && gtxt_compare(last, last_length, text, length) >= 0)
            return b->gtxt = NULL, refuse(b, NB_ERROR_FORMAT, "GTXT: language %u is out of order", n);
        last = text, last_length = length;
        for (uint32_t k = 0; k < keys; k++) {
            uint32_t value = rd32(p + gtxt_values_at(languages, keys) + 4 * ((size_t)n * keys + k));
            uint32_t key_flags = rd32(p + GTXT_HEADER + 8 * (size_t)k + 4);
            if (value == GTXT_ABSENT) {
                if (!(key_flags & GTXT_OPTIONAL))
                    return b->gtxt = NULL, refuse(b, NB_ERROR_FORMAT, "GTXT: language %u lacks required key %u", n, k);
                continue;
            }
            if ((uint64_t)value + (key_flags & GTXT_FORMED ? forms : 1) > strings)
                return b->gtxt = NULL, refuse(b, NB_ERROR_FORMAT, "GTXT: value %u of language %u names a missing string", k, n);
        }
    }
    return NB_OK;
}

uint32_t nb_guidance_language_count(const nb_bundle *b) { return b->gtxt != NULL ? b->gtxt_languages : 0; }

nb_status nb_guidance_language(nb_bundle *b, uint32_t index, nb_text *code, nb_text *endonym) {
    memset(code, 0, sizeof *code), memset(endonym, 0, sizeof *endonym);
    if (b->gtxt == NULL) return refuse(b, NB_ERROR_UNAVAILABLE, "this bundle has no GTXT section (version 1): it has no guidance languages");
    if (index >= b->gtxt_languages)
        return refuse(b, NB_ERROR_ARGUMENT, "guidance language %u is not one of the %u languages", index, b->gtxt_languages);
    const uint8_t *e = b->gtxt + gtxt_languages_at(b->gtxt_keys) + 16 * (size_t)index;
    const uint8_t *text;
    size_t length;
    /* Checked when the bundle opened. */
    gtxt_string(b, rd32(e), &text, &length);
    code->text = (const char *)text, code->length = length;
    gtxt_string(b, rd32(e + 4), &text, &length);
    endonym->text = (const char *)text, endonym->length = length;
    return NB_OK;
}

/* ---- Words of maneuvers (docs/guidance.md, "Words of a maneuver" and "Rendering") ----
 *
 * The Swift reader's GuidanceLanguage and instruction(for:language:destination:), byte for byte:
 * templates are filled bytewise, values carry one text or one per form with whether each starts
 * with the language's own words, and one capitalisation rule touches the first letter. Filled
 * texts go to one growing arena per call, referred to by offset since the arena moves as it grows. */

#define GTXT_FORM_LIMIT 9u

/* A value for a placeholder: one text for every form, or one per form of the language. */
typedef struct {
    uint32_t count;
    size_t start[GTXT_FORM_LIMIT], length[GTXT_FORM_LIMIT];
    uint8_t language_text[GTXT_FORM_LIMIT]; /* starts with the language's words, not bundle data */
} gtxt_value;

typedef struct {
    const char *name;
    const gtxt_value *value;
} gtxt_slot;

/* One language at work, and the arena its filled texts go to. */
typedef struct {
    nb_bundle *b;
    uint32_t language, forms, flags;
    char *arena;
    size_t used, room;
} gtxt_words;

/* `count` more bytes of room in the arena, or NB_ERROR_MEMORY. */
static nb_status gtxt_reserve(gtxt_words *w, size_t count) {
    if (count <= w->room - w->used) return NB_OK;
    size_t room = w->room ? w->room : 256;
    while (room - w->used < count) {
        if (room > SIZE_MAX / 2) return refuse(w->b, NB_ERROR_MEMORY, "an instruction does not fit in memory");
        room *= 2;
    }
    char *arena = realloc(w->arena, room);
    if (arena == NULL) return refuse(w->b, NB_ERROR_MEMORY, "an instruction does not fit in memory");
    w->arena = arena, w->room = room;
    return NB_OK;
}

/* Bundle data (a name, a ref, digits) as a value: one text, never capitalised. */
static nb_status gtxt_data(gtxt_words *w, const void *text, size_t length, gtxt_value *value) {
    nb_status status = gtxt_reserve(w, length);
    if (status != NB_OK) return status;
    if (length) memcpy(w->arena + w->used, text, length);
    memset(value, 0, sizeof *value);
    value->count = 1, value->start[0] = w->used, value->length[0] = length;
    w->used += length;
    return NB_OK;
}

/* The index of key `name` by bisection over the sorted names, or -1. */
static long gtxt_key(const nb_bundle *b, const char *name) {
    size_t name_length = strlen(name);
    uint32_t low = 0, high = b->gtxt_keys;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        const uint8_t *text = NULL;
        size_t length = 0;
        gtxt_string(b, rd32(b->gtxt + GTXT_HEADER + 8 * (size_t)middle), &text, &length); /* checked at opening */
        int order = gtxt_compare(text, length, (const uint8_t *)name, name_length);
        if (order == 0) return (long)middle;
        if (order < 0) low = middle + 1;
        else high = middle;
    }
    return -1;
}

/* The first string of `key` in the language and how many it has (the form count for a formed
 * key), or 0 when the language lacks the key. */
static int gtxt_value_of(const gtxt_words *w, const char *key, uint32_t *first, uint32_t *count) {
    long k = gtxt_key(w->b, key);
    if (k < 0) return 0;
    const nb_bundle *b = w->b;
    uint32_t value = rd32(b->gtxt + gtxt_values_at(b->gtxt_languages, b->gtxt_keys) +
                          4 * ((size_t)w->language * b->gtxt_keys + (size_t)k));
    if (value == GTXT_ABSENT) return 0;
    *first = value, *count = rd32(b->gtxt + GTXT_HEADER + 8 * (size_t)k + 4) & GTXT_FORMED ? w->forms : 1;
    return 1;
}

/* Whether the language has a value for `key`: numbered levels and ordinals are optional. */
static int gtxt_has(const gtxt_words *w, const char *key) {
    uint32_t first, count;
    return gtxt_value_of(w, key, &first, &count);
}

/* The language's code, for messages: checked when the bundle opened. */
static nb_text gtxt_code(const gtxt_words *w) {
    nb_text code = {NULL, 0};
    const uint8_t *text;
    if (gtxt_string(w->b, rd32(w->b->gtxt + gtxt_languages_at(w->b->gtxt_keys) + 16 * (size_t)w->language), &text,
                    &code.length))
        code.text = (const char *)text;
    return code;
}

static int gtxt_letter(uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
static int gtxt_digit(uint8_t c) { return c >= '0' && c <= '9'; }

/* The end of the name or form starting at `at` (`at` itself for none): a letter, then letters,
 * digits and '_'; a form may also be digits alone (TemplateSyntax). */
static size_t gtxt_identifier(const uint8_t *t, size_t n, size_t at, int digits_alone) {
    if (at >= n || !(gtxt_letter(t[at]) || (digits_alone && gtxt_digit(t[at])))) return at;
    int all_digits = gtxt_digit(t[at]);
    for (at++; at < n; at++)
        if (!(all_digits ? gtxt_digit(t[at]) : gtxt_letter(t[at]) || gtxt_digit(t[at]) || t[at] == '_')) break;
    return at;
}

/* Template `t` (`n` bytes of UTF-8) of `key` filled from `slots` onto the arena: its text is
 * `*start` ..< `*start + *length`; `*language_text` whether its first token is the language's own
 * (a literal, or a placeholder whose chosen text is). Braces out of place, a form that is not a
 * digit below the form count, and a placeholder the key has no value for are GTXT's damage. */
static nb_status gtxt_fill(gtxt_words *w, const uint8_t *t, size_t n, const gtxt_slot *slots, size_t slot_count,
                           const char *key, size_t *start, size_t *length, uint8_t *language_text) {
    nb_bundle *b = w->b;
    nb_text code_text = gtxt_code(w);
    *start = w->used, *language_text = 0;
    int first_token = 1;
    nb_status status;
    for (size_t i = 0; i < n;) {
        if (t[i] == '}' || (t[i] == '{' && i + 1 < n && t[i + 1] == '{')) {
            if (t[i] == '}' && (i + 1 >= n || t[i + 1] != '}'))
                return refuse(b, NB_ERROR_FORMAT, "GTXT: %.*s %s: a lone '}' at byte %zu", (int)code_text.length,
                              code_text.text, key, i);
            if ((status = gtxt_reserve(w, 1)) != NB_OK) return status;
            w->arena[w->used++] = (char)t[i];
            i += 2;
            if (first_token) *language_text = 1, first_token = 0;
            continue;
        }
        if (t[i] != '{') {
            size_t run = i;
            while (run < n && t[run] != '{' && t[run] != '}') run++;
            if ((status = gtxt_reserve(w, run - i)) != NB_OK) return status;
            memcpy(w->arena + w->used, t + i, run - i);
            w->used += run - i, i = run;
            if (first_token) *language_text = 1, first_token = 0;
            continue;
        }
        size_t name = i + 1, name_end = gtxt_identifier(t, n, name, 0), form_at = name_end, form_end = name_end;
        if (name_end == name)
            return refuse(b, NB_ERROR_FORMAT, "GTXT: %.*s %s: a '{' not followed by a placeholder name at byte %zu",
                          (int)code_text.length, code_text.text, key, i);
        if (name_end < n && t[name_end] == ':') {
            form_at = name_end + 1, form_end = gtxt_identifier(t, n, form_at, 1);
            if (form_end == form_at)
                return refuse(b, NB_ERROR_FORMAT, "GTXT: %.*s %s: a ':' not followed by a form at byte %zu",
                              (int)code_text.length, code_text.text, key, form_at);
        }
        if (form_end >= n || t[form_end] != '}')
            return refuse(b, NB_ERROR_FORMAT, "GTXT: %.*s %s: a placeholder that does not end with '}' at byte %zu",
                          (int)code_text.length, code_text.text, key, i);
        i = form_end + 1;
        uint32_t form = 0;
        if (form_end > form_at) {
            if (form_end - form_at != 1 || !gtxt_digit(t[form_at]) || (uint32_t)(t[form_at] - '0') >= w->forms)
                return refuse(b, NB_ERROR_FORMAT, "GTXT: %.*s %s: form '%.*s' of {%.*s} is not one of its %u forms",
                              (int)code_text.length, code_text.text, key, (int)(form_end - form_at), (const char *)t + form_at,
                              (int)(name_end - name), (const char *)t + name, w->forms);
            form = (uint32_t)(t[form_at] - '0');
        }
        const gtxt_value *value = NULL;
        for (size_t s = 0; s < slot_count && value == NULL; s++)
            if (strlen(slots[s].name) == name_end - name && memcmp(slots[s].name, t + name, name_end - name) == 0)
                value = slots[s].value;
        uint32_t chosen = value != NULL && value->count == 1 ? 0 : form;
        if (value == NULL || chosen >= value->count || (value->count != 1 && value->count != w->forms))
            return refuse(b, NB_ERROR_FORMAT, "GTXT: %.*s %s: no value for {%.*s}", (int)code_text.length, code_text.text,
                          key, (int)(form_end - name), (const char *)t + name);
        if ((status = gtxt_reserve(w, value->length[chosen])) != NB_OK) return status;
        if (value->length[chosen]) memcpy(w->arena + w->used, w->arena + value->start[chosen], value->length[chosen]);
        w->used += value->length[chosen];
        if (first_token) *language_text = value->language_text[chosen], first_token = 0;
    }
    *length = w->used - *start;
    return NB_OK;
}

/* Every form of `key` filled from `slots`, as a value for another template; with `first_only`
 * its first form alone, as a template is rendered. */
static nb_status gtxt_fill_key(gtxt_words *w, const char *key, const gtxt_slot *slots, size_t slot_count,
                               gtxt_value *value, int first_only) {
    uint32_t first, count;
    memset(value, 0, sizeof *value);
    if (!gtxt_value_of(w, key, &first, &count)) {
        nb_text code = gtxt_code(w);
        return refuse(w->b, NB_ERROR_FORMAT, "GTXT: language %.*s has no text for '%s'", (int)code.length, code.text, key);
    }
    /* Every form is read and checked, as the Swift reader reads a key's strings. */
    for (uint32_t f = 0; f < count; f++) {
        const uint8_t *text;
        size_t length;
        if (!gtxt_string(w->b, first + f, &text, &length) || !utf8_valid(text, length))
            return refuse(w->b, NB_ERROR_FORMAT, "GTXT: string %u is missing or not UTF-8", first + f);
    }
    if (first_only) count = 1;
    for (uint32_t f = 0; f < count; f++) {
        const uint8_t *text;
        size_t length;
        gtxt_string(w->b, first + f, &text, &length);
        nb_status status = gtxt_fill(w, text, length, slots, slot_count, key, &value->start[f], &value->length[f],
                                     &value->language_text[f]);
        if (status != NB_OK) return status;
    }
    value->count = count;
    return NB_OK;
}

static nb_status gtxt_filled(gtxt_words *w, const char *key, const gtxt_slot *slots, size_t slot_count, gtxt_value *value) {
    return gtxt_fill_key(w, key, slots, slot_count, value, 0);
}

/* A key with one value `{name}` = `data` (`length` bytes of bundle text or digits). */
static nb_status gtxt_filled_with(gtxt_words *w, const char *key, const char *name, const void *data, size_t length,
                                  gtxt_value *value) {
    gtxt_value datum;
    nb_status status = gtxt_data(w, data, length, &datum);
    gtxt_slot slot = {name, &datum};
    return status != NB_OK ? status : gtxt_filled(w, key, &slot, 1, value);
}

/* The ordinal of `number`: `ordinal.N` when the language has it, else `ordinal.other`. */
static nb_status gtxt_ordinal(gtxt_words *w, long long number, gtxt_value *value) {
    char key[40], digits[24];
    snprintf(key, sizeof key, "ordinal.%lld", number);
    snprintf(digits, sizeof digits, "%lld", number);
    return gtxt_filled_with(w, gtxt_has(w, key) ? key : "ordinal.other", "n", digits, strlen(digits), value);
}

/* Whether `count` takes the `.one` form by the language's plural rule. */
static int gtxt_one(const gtxt_words *w, uint64_t count) { return (w->flags & 3) == 0 ? count == 1 : count <= 1; }

/* `count` of `unit` (`steps`, `metres`) with the plural form the language's rule picks. */
static nb_status gtxt_count(gtxt_words *w, uint64_t count, const char *unit, gtxt_value *value) {
    char key[40], digits[24];
    snprintf(key, sizeof key, "unit.%s.%s", unit, gtxt_one(w, count) ? "one" : "other");
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)count);
    return gtxt_filled_with(w, key, "n", digits, strlen(digits), value);
}

/* A distance as people say it (docs/guidance.md, "Spoken distances"), in integers, half up;
 * the tenths are summed in two parts so that no distance overflows. */
static nb_status gtxt_spoken(gtxt_words *w, uint64_t d, gtxt_value *value) {
    if (d < 500) return gtxt_filled(w, "unit.few_metres", NULL, 0, value);
    uint64_t metres = d < 10000 ? (d + 250) / 500 * 5 : d < 50000 ? (d + 500) / 1000 * 10
                      : d < 100000 ? (d + 2500) / 5000 * 50 : 1000;
    if (metres < 1000) return gtxt_count(w, metres, "metres", value);
    uint64_t tenths = d / 10000 + (d % 10000 + 5000) / 10000;
    char digits[48];
    if (tenths % 10 == 0) snprintf(digits, sizeof digits, "%llu", (unsigned long long)(tenths / 10));
    else snprintf(digits, sizeof digits, "%llu%c%llu", (unsigned long long)(tenths / 10), (char)((w->flags >> 8) & 0xFF),
                  (unsigned long long)(tenths % 10));
    int one = (w->flags & 3) == 0 ? tenths == 10 : tenths < 20;
    return gtxt_filled_with(w, one ? "unit.kilometres.one" : "unit.kilometres.other", "n", digits, strlen(digits), value);
}

/* Level `level`'s words (docs/guidance.md, "Levels"): its own name, else street level outside
 * buildings, else by its ordinal. */
static nb_status gtxt_level(gtxt_words *w, uint32_t level, gtxt_value *value) {
    nb_level info;
    nb_status status = nb_level_info(w->b, level, &info);
    if (status != NB_OK) return status;
    if (info.name.text != NULL && info.name.length > 0)
        return gtxt_filled_with(w, "level.named", "name", info.name.text, info.name.length, value);
    if (info.building_id.text == NULL) return gtxt_filled(w, "level.outdoor", NULL, 0, value);
    double ordinal = info.ordinal;
    if (!(fabs(ordinal) < 1000000)) return refuse(w->b, NB_ERROR_FORMAT, "LEVL: ordinal %g is not a level number", ordinal);
    char key[40], digits[48];
    if (ordinal != round(ordinal)) {
        /* Thousandths, half away from zero, without trailing zeros, with the language's separator. */
        long long thousandths = llround(ordinal * 1000);
        unsigned long long magnitude = (unsigned long long)(thousandths < 0 ? -thousandths : thousandths);
        unsigned fraction = (unsigned)(magnitude % 1000), places = 3;
        while (places > 0 && fraction % 10 == 0) fraction /= 10, places--;
        int length = places == 0 ? snprintf(digits, sizeof digits, "%s%llu", thousandths < 0 ? "-" : "", magnitude / 1000)
                                  : snprintf(digits, sizeof digits, "%s%llu%c%0*u", thousandths < 0 ? "-" : "",
                                             magnitude / 1000, (char)((w->flags >> 8) & 0xFF), (int)places, fraction);
        return gtxt_filled_with(w, "level.half", "n", digits, (size_t)length, value);
    }
    long long number = (long long)ordinal, magnitude = number < 0 ? -number : number;
    snprintf(key, sizeof key, "level.%lld", number);
    int numbered = gtxt_has(w, key);
    if (!numbered && number == 0) return gtxt_filled(w, "level.0", NULL, 0, value);
    gtxt_value n, nth;
    snprintf(digits, sizeof digits, "%lld", magnitude);
    if ((status = gtxt_data(w, digits, strlen(digits), &n)) != NB_OK) return status;
    if ((status = gtxt_ordinal(w, magnitude, &nth)) != NB_OK) return status;
    gtxt_slot slots[2] = {{"n", &n}, {"ordinal", &nth}};
    return gtxt_filled(w, numbered ? key : number > 0 ? "level.positive" : "level.negative", slots, 2, value);
}

/* The language `code` names, ready to fill, or NB_ERROR_LANGUAGE listing the bundle's codes. */
static nb_status gtxt_begin(nb_bundle *b, const char *code, gtxt_words *w) {
    memset(w, 0, sizeof *w);
    w->b = b;
    if (code == NULL) return refuse(b, NB_ERROR_ARGUMENT, "an instruction needs a language code");
    if (b->gtxt == NULL)
        return refuse(b, NB_ERROR_UNAVAILABLE, "this bundle has no GTXT section (version 1): it has no guidance languages");
    char listed[256] = "";
    size_t listed_length = 0;
    for (uint32_t n = 0; n < b->gtxt_languages; n++) {
        nb_text text, endonym;
        nb_guidance_language(b, n, &text, &endonym);
        if (text.length == strlen(code) && memcmp(text.text, code, text.length) == 0) {
            uint32_t flags = rd32(b->gtxt + gtxt_languages_at(b->gtxt_keys) + 16 * (size_t)n + 8);
            w->language = n, w->flags = flags, w->forms = (flags >> 16) & 0xF;
            return NB_OK;
        }
        if (listed_length < sizeof listed)
            listed_length += (size_t)snprintf(listed + listed_length, sizeof listed - listed_length, "%s%.*s",
                                              n ? ", " : "", (int)text.length, text.text);
    }
    return refuse(b, NB_ERROR_LANGUAGE, "no guidance language '%s' (available: %s)", code, listed);
}

/* The text of `value`'s first form into the caller's buffer, its first letter made upper case
 * when `capitalise` and it is the language's own (docs/guidance.md, "Capitals"); then the
 * buffer's rules of nb_maneuver_instruction. */
static nb_status gtxt_finish(gtxt_words *w, const gtxt_value *value, int capitalise, char *text, size_t capacity,
                             size_t *length) {
    char *t = w->arena + value->start[0];
    size_t n = value->length[0];
    if (capitalise && value->language_text[0] && n > 0) {
        uint8_t c = (uint8_t)t[0];
        if (c >= 'a' && c <= 'z') t[0] = (char)(c - 0x20);
        else if (c == 0xC3 && n > 1 && (uint8_t)t[1] >= 0xA0 && (uint8_t)t[1] <= 0xBE && (uint8_t)t[1] != 0xB7)
            t[1] = (char)((uint8_t)t[1] - 0x20);
    }
    text_out out = {text, capacity, 0};
    if (n > 0) put_bytes(&out, t, n);
    *length = n;
    free(w->arena);
    w->arena = NULL;
    if (text == NULL && capacity == 0) return NB_OK;
    if (n >= capacity) {
        if (capacity > 0) text[0] = '\0';
        return refuse(w->b, NB_ERROR_ARGUMENT, "the text needs %zu bytes and a NUL, the buffer has %zu", n, capacity);
    }
    text[n] = '\0';
    return NB_OK;
}

/* The `modifier.*` phrase of modifier `modifier` (NB_MODIFIER_*). */
static const char *const gtxt_modifier_keys[] = {"modifier.none", "modifier.uturn", "modifier.sharp_right",
    "modifier.right", "modifier.slight_right", "modifier.straight", "modifier.slight_left", "modifier.left",
    "modifier.sharp_left"};

/* A maneuver's landmark in words (docs/guidance.md, "Words of a maneuver"): named, its name;
 * ref only, `noun.KIND.ref` with the ref; unnamed, `noun.KIND`. */
static nb_status gtxt_landmark(gtxt_words *w, uint32_t landmark, gtxt_value *value) {
    static const char *const nouns[] = {"entrance", "elevator", "stairs", "escalator", "ramp", "door", "information",
        "toilets", "platform", "ticket_machine", "shop", "food", "room", "place"};
    nb_landmark_info info;
    nb_status status = nb_landmark(w->b, landmark, &info);
    if (status != NB_OK) return status;
    const char *noun = info.kind < sizeof nouns / sizeof *nouns ? nouns[info.kind] : "place"; /* a later kind */
    char key[40];
    if (info.naming == 2 && info.name.text != NULL)
        return gtxt_filled_with(w, "name", "name", info.name.text, info.name.length, value);
    if (info.naming == 1 && info.name.text != NULL) {
        snprintf(key, sizeof key, "noun.%s.ref", noun);
        return gtxt_filled_with(w, key, "ref", info.name.text, info.name.length, value);
    }
    snprintf(key, sizeof key, "noun.%s", noun);
    return gtxt_filled(w, key, NULL, 0, value);
}

/* The landmark and side keys of a maneuver that names a landmark or its destination's side, as
 * the Swift reader's landmarkInstruction: `*key` stays NULL when none applies. Values 0-2. */
/* The compass points of a bearing's sector of 45° from north (bearing + 16) / 32 % 8. */
static const char *const gtxt_compass[] = {"compass.n", "compass.ne", "compass.e", "compass.se", "compass.s",
    "compass.sw", "compass.w", "compass.nw"};

/* A platform maneuver's words: leaving it at the start (heading when there is a way out to head
 * by), boarding it at the end (with its side when known). `platform` is the platform's words. */
static nb_status maneuver_platform_words(gtxt_words *w, const nb_maneuver *m, int side, gtxt_value *platform,
                                         const char **key, gtxt_slot *slots, size_t *slot_count, gtxt_value *values) {
    static const char *const sides[] = {NULL, "side.left", "side.right", "side.ahead"};
    nb_status status;
    slots[*slot_count].name = "platform", slots[(*slot_count)++].value = platform;
    if (m->route_index == 0) {
        if (m->bearing_after < 0) return *key = "platform.leave", NB_OK;
        if ((status = gtxt_filled(w, gtxt_compass[(m->bearing_after + 16) / 32 % 8], NULL, 0, &values[1])) != NB_OK)
            return status;
        slots[*slot_count].name = "heading", slots[(*slot_count)++].value = &values[1];
        return *key = "platform.leave.heading", NB_OK;
    }
    if (side < NB_SIDE_LEFT || side > NB_SIDE_AHEAD) return *key = "platform.arrive", NB_OK;
    if ((status = gtxt_filled(w, sides[side], NULL, 0, &values[1])) != NB_OK) return status;
    slots[*slot_count].name = "side", slots[(*slot_count)++].value = &values[1];
    return *key = "platform.arrive.side", NB_OK;
}

static nb_status maneuver_landmark_words(gtxt_words *w, const nb_maneuver *m, const char *destination, const char **key,
                                         gtxt_slot *slots, size_t *slot_count, gtxt_value *values) {
    static const char *const turns[] = {NULL, "turn.landmark.before", "turn.landmark.at", "turn.landmark.after",
        "turn.landmark.beside"};
    static const char *const sides[] = {NULL, "side.left", "side.right", "side.ahead"};
    nb_status status = NB_OK;
    int kind = m->kind, placement = m->landmark_placement;
    if (placement < NB_PLACEMENT_BEFORE || placement > NB_PLACEMENT_BESIDE) return NB_OK;
    if (kind == NB_MANEUVER_PLATFORM) {
        /* Boarding names the platform as the caller calls it, as arrive names its destination. */
        if (m->route_index > 0 && destination != NULL)
            status = gtxt_filled_with(w, "name", "name", destination, strlen(destination), &values[0]);
        else
            status = gtxt_landmark(w, m->landmark, &values[0]);
        if (status != NB_OK) return status;
        return maneuver_platform_words(w, m, m->landmark_side, &values[0], key, slots, slot_count, values);
    }
    if (kind == NB_MANEUVER_ARRIVE) {
        if (m->landmark_side < NB_SIDE_LEFT || m->landmark_side > NB_SIDE_AHEAD) return NB_OK;
        if ((status = gtxt_filled(w, sides[m->landmark_side], NULL, 0, &values[1])) != NB_OK) return status;
        slots[*slot_count].name = "side", slots[(*slot_count)++].value = &values[1];
        if (destination == NULL) return *key = "arrive.side", NB_OK;
        if ((status = gtxt_filled_with(w, "name", "name", destination, strlen(destination), &values[2])) != NB_OK)
            return status;
        slots[*slot_count].name = "destination", slots[(*slot_count)++].value = &values[2];
        return *key = "arrive.destination.side", NB_OK;
    }
    if (kind != NB_MANEUVER_DEPART && kind != NB_MANEUVER_TURN && kind != NB_MANEUVER_CONTINUE && kind != NB_MANEUVER_FORK)
        return NB_OK;
    if ((status = gtxt_landmark(w, m->landmark, &values[0])) != NB_OK) return status;
    slots[*slot_count].name = "landmark", slots[(*slot_count)++].value = &values[0];
    if (kind == NB_MANEUVER_DEPART) return *key = "depart.landmark", NB_OK;
    if (kind == NB_MANEUVER_CONTINUE) return *key = "continue.landmark", NB_OK;
    if (kind == NB_MANEUVER_TURN && m->modifier == NB_MODIFIER_UTURN) return *key = "uturn.landmark", NB_OK;
    int modifier = m->modifier;
    /* "Keep left": a fork's side, however slight. */
    if (kind == NB_MANEUVER_FORK)
        modifier = modifier == NB_MODIFIER_SLIGHT_RIGHT || modifier == NB_MODIFIER_RIGHT ||
                   modifier == NB_MODIFIER_SHARP_RIGHT ? NB_MODIFIER_RIGHT : NB_MODIFIER_LEFT;
    if ((status = gtxt_filled(w, gtxt_modifier_keys[modifier], NULL, 0, &values[1])) != NB_OK) return status;
    slots[*slot_count].name = "modifier", slots[(*slot_count)++].value = &values[1];
    *key = kind == NB_MANEUVER_FORK ? "fork.landmark" : turns[placement];
    return NB_OK;
}

/* The key and the values of a maneuver's words (docs/guidance.md, "Words of a maneuver"): the
 * first key of the table that applies, into `*key`, and up to 4 slots over `values`; a landmark
 * or the destination's side first (maneuver_landmark_words). */
static nb_status maneuver_words(gtxt_words *w, const nb_maneuver *m, const char *destination, const char **key,
                                gtxt_slot *slots, size_t *slot_count, gtxt_value *values) {
    static const char *const connectors[] = {"stairs", "escalator", "elevator", "ramp"};
    static const char *const nouns[] = {"noun.stairs", "noun.escalator", "noun.elevator", "noun.ramp"};
    static const char *const short_keys[] = {"stairs.short", NULL, NULL, "ramp.short"};
    nb_status status = NB_OK;
    gtxt_value *way = m->way != NULL ? &values[3] : NULL;
    if (way != NULL && (status = gtxt_filled_with(w, "name", "name", m->way, m->way_length, way)) != NB_OK) return status;
    *slot_count = 0;
    *key = NULL;
    if (m->landmark != NB_NONE &&
        ((status = maneuver_landmark_words(w, m, destination, key, slots, slot_count, values)) != NB_OK || *key != NULL))
        return status;
    *slot_count = 0;
#define SLOT(slot_name, slot_value) (slots[*slot_count].name = (slot_name), slots[(*slot_count)++].value = (slot_value))
    switch (m->kind) {
    case NB_MANEUVER_DEPART:
        /* A route of links alone has no bearing to head by. */
        if (m->bearing_after < 0) return *key = "continue", NB_OK;
        if ((status = gtxt_filled(w, gtxt_compass[(m->bearing_after + 16) / 32 % 8], NULL, 0, &values[0])) != NB_OK)
            return status;
        SLOT("heading", &values[0]);
        if (way) SLOT("way", way);
        *key = way ? "depart.way" : "depart";
        return NB_OK;
    case NB_MANEUVER_TURN:
        if (m->modifier == NB_MODIFIER_UTURN) return *key = "uturn", NB_OK;
        /* fall through */
    case NB_MANEUVER_FORK: {
        int modifier = m->modifier;
        /* "Keep left": a fork's side, however slight. */
        if (m->kind == NB_MANEUVER_FORK)
            modifier = modifier == NB_MODIFIER_SLIGHT_RIGHT || modifier == NB_MODIFIER_RIGHT ||
                       modifier == NB_MODIFIER_SHARP_RIGHT ? NB_MODIFIER_RIGHT : NB_MODIFIER_LEFT;
        if ((status = gtxt_filled(w, gtxt_modifier_keys[modifier], NULL, 0, &values[0])) != NB_OK) return status;
        SLOT("modifier", &values[0]);
        if (way) SLOT("way", way);
        int fork = m->kind == NB_MANEUVER_FORK;
        *key = way ? (fork ? "fork.way" : "turn.way") : (fork ? "fork" : "turn");
        return NB_OK;
    }
    case NB_MANEUVER_CONTINUE:
        if (way) SLOT("way", way);
        *key = way ? "continue.way" : "continue";
        return NB_OK;
    case NB_MANEUVER_DOOR:
        if ((status = gtxt_filled(w, "noun.door", NULL, 0, &values[0])) != NB_OK) return status;
        SLOT("door", &values[0]);
        if (m->modifier != NB_MODIFIER_STRAIGHT && m->modifier != NB_MODIFIER_NONE) {
            if ((status = gtxt_filled(w, gtxt_modifier_keys[m->modifier], NULL, 0, &values[1])) != NB_OK) return status;
            SLOT("modifier", &values[1]);
            return *key = "door.turn", NB_OK;
        }
        if (way) SLOT("way", way);
        *key = way ? "door.way" : "door";
        return NB_OK;
    case NB_MANEUVER_ENTER:
    case NB_MANEUVER_EXIT: {
        int enter = m->kind == NB_MANEUVER_ENTER;
        if (way) SLOT("door", way);
        *key = way ? (enter ? "enter.door" : "exit.door") : (enter ? "enter" : "exit");
        return NB_OK;
    }
    case NB_MANEUVER_PLATFORM: {
        /* Without its landmark (a maneuver an app made): the way names the platform. */
        gtxt_value *platform = way ? way : &values[0];
        if (!way && (status = gtxt_filled(w, "noun.platform", NULL, 0, &values[0])) != NB_OK) return status;
        if (m->route_index > 0 && destination != NULL) {
            if ((status = gtxt_filled_with(w, "name", "name", destination, strlen(destination), &values[2])) != NB_OK)
                return status;
            platform = &values[2];
        }
        return maneuver_platform_words(w, m, NB_SIDE_NONE, platform, key, slots, slot_count, values);
    }
    case NB_MANEUVER_ARRIVE:
        if (destination == NULL) return *key = "arrive", NB_OK;
        if ((status = gtxt_filled_with(w, "name", "name", destination, strlen(destination), &values[0])) != NB_OK)
            return status;
        SLOT("destination", &values[0]);
        return *key = "arrive.destination", NB_OK;
    default: /* a flight, escalator, lift or ramp */
        break;
    }
    size_t c = (size_t)(m->kind - NB_MANEUVER_STAIRS);
    gtxt_value *means = way ? way : &values[0];
    if (!way && (status = gtxt_filled(w, nouns[c], NULL, 0, means)) != NB_OK) return status;
    SLOT("means", means);
    int has_change = m->changes_level != 0, counted = 0;
    if (has_change && m->step_count >= 0) {
        if ((status = gtxt_count(w, (uint64_t)m->step_count, "steps", &values[1])) != NB_OK) return status;
        counted = m->kind == NB_MANEUVER_STAIRS;
    }
    if (counted) SLOT("steps", &values[1]);
    /* Neither up nor down: the means alone. */
    if (!has_change || m->direction == 0) return *key = counted ? "take.steps" : "take", NB_OK;
    if ((status = gtxt_filled(w, m->direction > 0 ? "direction.up" : "direction.down", NULL, 0, &values[2])) != NB_OK)
        return status;
    SLOT("direction", &values[2]);
    if (m->from_level == m->to_level && short_keys[c] != NULL)
        return *key = counted ? "stairs.short.steps" : short_keys[c], NB_OK;
    if ((status = gtxt_level(w, m->from_level, &values[4])) != NB_OK) return status;
    if ((status = gtxt_level(w, m->to_level, &values[5])) != NB_OK) return status;
    SLOT("fromLevel", &values[4]);
    SLOT("toLevel", &values[5]);
    *key = counted ? "stairs.steps" : connectors[c];
    return NB_OK;
#undef SLOT
}

nb_status nb_maneuver_instruction(nb_bundle *b, const nb_maneuver *maneuver, const char *language,
                                  const char *destination, char *text, size_t capacity, size_t *length) {
    if (length) *length = 0;
    if (text && capacity > 0) text[0] = '\0';
    if (maneuver == NULL || length == NULL || (text == NULL && capacity > 0))
        return refuse(b, NB_ERROR_ARGUMENT, "nb_maneuver_instruction takes a maneuver and room for its text");
    if (maneuver->kind < NB_MANEUVER_DEPART || maneuver->kind > NB_MANEUVER_ARRIVE)
        return refuse(b, NB_ERROR_ARGUMENT, "unknown maneuver kind %d", maneuver->kind);
    if (maneuver->modifier < NB_MODIFIER_NONE || maneuver->modifier > NB_MODIFIER_SHARP_LEFT)
        return refuse(b, NB_ERROR_ARGUMENT, "unknown maneuver modifier %d", maneuver->modifier);
    if (maneuver->way != NULL && !utf8_valid((const uint8_t *)maneuver->way, maneuver->way_length))
        return refuse(b, NB_ERROR_ARGUMENT, "the maneuver's way is not UTF-8");
    if (destination != NULL && !utf8_valid((const uint8_t *)destination, strlen(destination)))
        return refuse(b, NB_ERROR_ARGUMENT, "the destination is not UTF-8");
    gtxt_words w;
    nb_status status = gtxt_begin(b, language, &w);
    /* way (3), three words of the maneuver (0-2) and two levels (4, 5) */
    gtxt_value values[6], rendered;
    gtxt_slot slots[6];
    size_t slot_count = 0;
    const char *key = NULL;
    if (status == NB_OK) status = maneuver_words(&w, maneuver, destination, &key, slots, &slot_count, values);
    /* Render: the key's template (its first string) filled, then capitalised. */
    if (status == NB_OK) status = gtxt_fill_key(&w, key, slots, slot_count, &rendered, 1);
    if (status != NB_OK) return free(w.arena), status;
    return gtxt_finish(&w, &rendered, 1, text, capacity, length);
}

nb_status nb_spoken_distance(nb_bundle *b, const char *language, uint64_t centimetres, char *text, size_t capacity,
                             size_t *length) {
    if (length) *length = 0;
    if (text && capacity > 0) text[0] = '\0';
    if (length == NULL || (text == NULL && capacity > 0))
        return refuse(b, NB_ERROR_ARGUMENT, "nb_spoken_distance takes room for its text");
    gtxt_words w;
    gtxt_value value;
    nb_status status = gtxt_begin(b, language, &w);
    if (status == NB_OK) status = gtxt_spoken(&w, centimetres, &value);
    if (status != NB_OK) return free(w.arena), status;
    return gtxt_finish(&w, &value, 0, text, capacity, length);
}

/* ---- For bindings: opening in two steps, exits with times, text and number formats ---- */

/* Opening in two steps, for a host that checks the checksums itself between them (JavaScript,
 * whose WebCrypto hashes far faster than this file's SHA-256 compiled to WebAssembly). */

nb_status nb_open_table(const void *data, size_t size, const char *name, nb_bundle **out, char *message,
                        size_t message_size, nb_refusal *refusal) {
    nb_refusal ignored;
    if (refusal == NULL) refusal = &ignored;
    memset(refusal, 0, sizeof *refusal);
    refusal->kind = NB_REFUSED_OTHER;
    nb_bundle *b;
    nb_status status = bundle_over_bytes(data, size, name, out, &b, message, message_size);
    if (status == NB_ERROR_FORMAT) refusal->kind = NB_REFUSED_NOT_A_BUNDLE; /* too short for a header */
    if (status != NB_OK) return status;
    status = read_table(b);
    /* read_table says what it refused but for lack of memory, which is no refusal of the bytes. */
    *refusal = b->refusal;
    if (status == NB_ERROR_MEMORY) refusal->kind = NB_REFUSED_OTHER;
    return hand_over(b, status, out, message, message_size);
}

uint64_t nb_section_checksum(const nb_bundle *b, size_t index) {
    return index < b->section_count ? b->sections[index].checksum : 0;
}

nb_status nb_open_finish(nb_bundle *b) {
    nb_status status = read_required(b);
    if (status == NB_OK) status = read_arc_bearings(b);
    if (status == NB_OK) status = read_guidance_texts(b);
    if (status == NB_OK) prepare_wifi(b);
    return status;
}

/* nb_nearest_exit with the arcs of the way and what each takes: `path->duration` is the table's
 * cost, and `times[i]` (free() it) the drop of the table's time to exit along arc i, the time of
 * leaving the table itself gives; a table whose time rises along its way is refused. */
nb_status nb_nearest_exit_path(nb_bundle *b, uint32_t profile, uint32_t node, nb_path *path, uint32_t **times) {
    memset(path, 0, sizeof *path);
    path->duration = UINT64_MAX;
    *times = NULL;
    uint32_t exit_node, cost, *nodes;
    size_t count;
    nb_status status = nb_nearest_exit(b, profile, node, &exit_node, &cost, &nodes, &count);
    if (status != NB_OK || nodes == NULL) return status;
    egress_index x;
    if ((status = egress_tables(b, &x, 0)) != NB_OK) return free(nodes), status; /* nb_nearest_exit found them */
    uint32_t *arcs = malloc(sizeof(uint32_t) * (count > 1 ? count - 1 : 1));
    uint32_t *drops = malloc(sizeof(uint32_t) * (count > 1 ? count - 1 : 1));
    if (arcs == NULL || drops == NULL) return free(nodes), free(arcs), free(drops), out_of_memory(b);
    uint64_t length = 0; /* centimetres, as every path states it */
    /* nb_nearest_exit read every node's entry already, so none refuses here; each is read once. */
    uint32_t entry[3], following[3];
    (void)egress_entry(b, &x, profile, nodes[0], entry);
    for (size_t i = 0; i + 1 < count; i++, memcpy(entry, following, sizeof entry)) {
        (void)egress_entry(b, &x, profile, nodes[i + 1], following);
        uint32_t here = entry[1], next = following[1];
        if (next > here) {
            uint32_t longer_at = nodes[i + 1]; /* named in the message after the nodes are freed */
            free(nodes), free(arcs), free(drops);
            return refuse(b, NB_ERROR_FORMAT, "EGRS: the way out from node %u gets longer at node %u", node, longer_at);
        }
        arcs[i] = entry[2], drops[i] = here - next;
        length += rd32(b->arc_entries + 16 * (size_t)arcs[i] + 4);
    }
    path->duration = cost, path->length = length;
    path->nodes = nodes, path->node_count = count, path->arcs = arcs, path->arc_count = count - 1;
    *times = drops;
    return NB_OK;
}

/* Whether `length` bytes are one strict JSON value (RFC 8259: UTF-8, no names twice in an object,
 * at most 64 deep), as conditions are parsed: 1, or 0 with the reason in `message`. For hosts
 * whose own JSON parser is lenient (JavaScript keeps the last of two equal names). */
int nb_json_check(const char *text, size_t length, char *message, size_t message_size) {
    json_parser p;
    size_t root;
    int valid = json_parse(&p, (const uint8_t *)text, length, &root);
    if (!valid) fail(message, message_size, "%s", p.out_of_memory ? "out of memory" : p.error);
    json_free(&p);
    return valid;
}

/* `value` written as printf("%.*f", digits, value) writes it (the exact binary value rounded half
 * to even) into `out` of `size` bytes: the length it needs, as snprintf returns it. The answer
 * programs print numbers so, and a host language's own formatting rounds ties otherwise. */
int nb_format_fixed(double value, int digits, char *out, size_t size) {
    return snprintf(out, size, "%.*f", digits, value);
}

/* `value` as Swift's description of a Double writes it, NUL-terminated in `out` (40 bytes): its
 * length. Level names and instructions spell ordinals so. */
size_t nb_swift_double(double value, char *out) { return swift_double(value, out); }

/* `id` (`length` bytes) as WIFI stores a BSSID, written NUL-terminated to `out` (18 bytes): 1, or
 * 0 when it is no BSSID spelling and is looked up as it is. */
int nb_normalised_access_point(const char *id, size_t length, char *out) {
    if (!normalised_bssid((const uint8_t *)id, length, out)) return 0;
    out[17] = 0;
    return 1;
}

/* The part of an endpoint text an error names, so that every binding's error names the same
 * text: the text trimmed as nb_resolve_endpoint trims it, and for an unknown level the qualifier
 * after the position's '@' that named none. */
void nb_endpoint_named(const char *text, size_t length, int kind, size_t *start, size_t *named_length) {
    const uint8_t *bytes = (const uint8_t *)text, *qualifier;
    size_t first = 0, qualifier_length;
    double latitude, longitude;
    while (first < length && is_space(bytes[first])) first++;
    while (length > first && is_space(bytes[length - 1])) length--;
    *start = first, *named_length = length - first;
    if (kind == NB_ENDPOINT_UNKNOWN_LEVEL &&
        parse_position(bytes + first, length - first, &latitude, &longitude, &qualifier, &qualifier_length) && qualifier)
        *start = (size_t)(qualifier - bytes), *named_length = qualifier_length;
}

/* nb_step_instruction for a step given field by field, its words in `*text` (`*length` bytes,
 * NUL-terminated; free() it): a host that keeps steps as its own objects (JavaScript) passes
 * their fields rather than laying out an nb_route_step in this module's memory. */
nb_status nb_step_words(nb_bundle *b, int action, const char *label, size_t label_length, uint32_t from_level,
                        uint32_t to_level, int64_t step_count, double rise, int along_path, char **text, size_t *length) {
    *text = NULL, *length = 0;
    nb_route_step step;
    memset(&step, 0, sizeof step);
    step.action = action, step.label = label, step.label_length = label ? label_length : 0;
    step.from_level = from_level, step.to_level = to_level;
    step.step_count = step_count, step.rise = rise, step.along_path = along_path;
    nb_status status = nb_step_instruction(b, &step, NULL, 0, length);
    if (status != NB_OK) return status;
    if ((*text = malloc(*length + 1)) == NULL) return out_of_memory(b);
    status = nb_step_instruction(b, &step, *text, *length + 1, length);
    if (status != NB_OK) free(*text), *text = NULL;
    return status;
}

/* Level `level`'s short name as route instructions give it (its own name; else its id outdoors,
 * "level 2" by its ordinal in a building), `*length` bytes NUL-terminated in `*text` (free() it):
 * a host names levels so without a second copy of the rule. */
nb_status nb_level_short_name(nb_bundle *b, uint32_t level, char **text, size_t *length) {
    *text = NULL, *length = 0;
    step_level words;
    nb_status status = step_level_info(b, level, &words);
    if (status != NB_OK) return status;
    if ((*text = malloc(words.name_length + 1)) == NULL) return out_of_memory(b);
    if (words.name_length) memcpy(*text, words.name, words.name_length);
    (*text)[words.name_length] = 0, *length = words.name_length;
    return NB_OK;
}

/* ---- For bindings: the core's rules (slowed costs, signal weights, conditions overlay) ---- */

/* The rules below are the ones the core applies inside; the JavaScript and Python readers show
 * them to their users through these calls instead of restating them, so that they cannot drift. */

uint32_t nb_slowed_cost(uint32_t cost, double factor) {
    return slowed_cost(cost, factor);
}

double nb_signal_weight(double rssi, double weakest, double exponent) {
    return wifi_weight(rssi, weakest, exponent);
}

/* Per entry, each target is resolved alone, as if it were the whole text, so that a viewer can
 * draw what every entry covers even when the whole cannot be applied. The marks are cleared after
 * each target by the arcs it touched, not allocated again: a city has far more arcs than entries. */
nb_status nb_conditions_overlay(nb_bundle *b, const char *json, size_t length, nb_overlay *out,
                                nb_conditions_error *error) {
    memset(out, 0, sizeof *out);
    conditions_error_init(error);
    if (json == NULL && length > 0) return refuse(b, NB_ERROR_ARGUMENT, "no conditions text");
    conditions c;
    nb_status status = read_conditions(b, json ? (const uint8_t *)json : (const uint8_t *)"", length, &c, error);
    if (status != NB_OK) {
        conditions_free(&c);
        return status == NB_ERROR_CONDITIONS ? NB_OK : status; /* invalid: no entry is listed */
    }
    size_t arcs = b->arcs ? b->arcs : 1;
    arc_marks marks = {calloc(arcs, 1), calloc(arcs, sizeof(double)), malloc(sizeof(uint32_t) * arcs), 0};
    out->entry_first = calloc(c.count + 1, sizeof(size_t));
    size_t capacity = 0;
    if (!marks.closed || !marks.factor || !marks.touched || !out->entry_first) status = out_of_memory(b);
    for (size_t i = 0; i < c.count && status == NB_OK; i++) {
        conditions one = c;
        one.targets = &c.targets[i], one.count = 1;
        nb_conditions_error alone;
        conditions_error_init(&alone);
        status = resolve_conditions(b, &one, &marks, &alone);
        int kind = alone.kind;
        nb_conditions_error_free(&alone);
        if (status == NB_ERROR_CONDITIONS && kind == NB_CONDITIONS_AMBIGUOUS) {
            status = NB_OK; /* the whole text fails here too: no entry after it is listed */
            break;
        }
        if (status == NB_ERROR_CONDITIONS) status = NB_OK, marks.touched_count = 0; /* unmatched: it covers nothing */
        if (status == NB_OK && out->entry_first[i] + marks.touched_count > capacity) {
            size_t grown = (out->entry_first[i] + marks.touched_count) * 2;
            uint32_t *more = realloc(out->arcs, sizeof(uint32_t) * grown);
            if (more) out->arcs = more, capacity = grown;
            else status = out_of_memory(b);
        }
        if (status == NB_OK) {
            qsort(marks.touched, marks.touched_count, sizeof(uint32_t), compare_u32);
            if (marks.touched_count)
                memcpy(out->arcs + out->entry_first[i], marks.touched, sizeof(uint32_t) * marks.touched_count);
            out->entry_first[i + 1] = out->entry_first[i] + marks.touched_count;
            out->entry_count = i + 1;
        }
        for (size_t k = 0; k < marks.touched_count; k++) marks.closed[marks.touched[k]] = 0, marks.factor[marks.touched[k]] = 0;
        marks.touched_count = 0;
    }
    arc_marks_free(&marks);
    conditions_free(&c);
    if (status == NB_OK) status = nb_conditions_resolve(b, json, length, &out->whole, error);
    if (status == NB_ERROR_CONDITIONS) status = NB_OK;
    if (status != NB_OK) nb_conditions_overlay_free(out), nb_conditions_error_free(error);
    return status;
}

void nb_conditions_overlay_free(nb_overlay *overlay) {
    if (overlay == NULL) return;
    free(overlay->entry_first), free(overlay->arcs);
    nb_arc_conditions_free(&overlay->whole);
    memset(overlay, 0, sizeof *overlay);
}

/* ---- Published versions: statements and public keys ---- */

/* A published version's signature covers its statement's exact bytes; the host checks the
 * signature with its own Ed25519 (WebCrypto, a C or Python library) and reads the statement and
 * the key here, so that every reader refuses the same statements and keys in the same words. */

#define STATEMENT_FORMAT "navforge-statement/1"
#define MAX_SAFE_INTEGER 9007199254740991.0 /* 2^53 - 1: the sizes a JSON number holds exactly */

/* A JSON number as JavaScript's Number#toString writes it (ECMA-262, Number::toString): the
 * shortest digits that read back as the same double, in fixed notation from 1e-7 to 1e21. */
static void message_number(text_out *m, double value) {
    char exponential[40], digits[24], out[48];
    int precision = 0;
    if (!isfinite(value) || value == 0) {
        put(m, isfinite(value) ? "0" : "null"); /* beyond the doubles: JSON.parse's Infinity */
        return;
    }
    do snprintf(exponential, sizeof exponential, "%.*e", precision, value);
    while (strtod(exponential, NULL) != value && ++precision < 17);
    size_t count = 0, at = value < 0 ? 1 : 0;
    for (; exponential[at] != 'e'; at++)
        if (is_digit((uint8_t)exponential[at])) digits[count++] = exponential[at];
    while (count > 1 && digits[count - 1] == '0') count--;
    int point = atoi(exponential + at + 1) + 1, k = (int)count, used = 0; /* value = 0.DIGITS x 10^point */
    if (value < 0) out[used++] = '-';
    if (k <= point && point <= 21) {
        memcpy(out + used, digits, count), used += k;
        for (int i = k; i < point; i++) out[used++] = '0';
    } else if (0 < point && point <= 21) {
        memcpy(out + used, digits, (size_t)point), used += point, out[used++] = '.';
        memcpy(out + used, digits + point, count - (size_t)point), used += k - point;
    } else if (-6 < point && point <= 0) {
        out[used++] = '0', out[used++] = '.';
        for (int i = point; i < 0; i++) out[used++] = '0';
        memcpy(out + used, digits, count), used += k;
    } else {
        out[used++] = digits[0];
        if (k > 1) out[used++] = '.', memcpy(out + used, digits + 1, count - 1), used += k - 1;
        used += snprintf(out + used, sizeof out - (size_t)used, "e%c%d", point > 0 ? '+' : '-', abs(point - 1));
    }
    put_bytes(m, out, (size_t)used);
}

/* Decoded string bytes quoted as JavaScript's JSON.stringify quotes them. */
static void message_quoted(text_out *m, const uint8_t *bytes, size_t length) {
    static const char escapes[] = "\"\\\b\f\n\r\t", letters[] = "\"\\bfnrt";
    put(m, "\"");
    for (size_t i = 0; i < length; i++) {
        const char *escape = bytes[i] != 0 ? strchr(escapes, bytes[i]) : NULL;
        char written[8];
        if (escape) written[0] = '\\', written[1] = letters[escape - escapes], put_bytes(m, written, 2);
        else if (bytes[i] < 0x20) put_bytes(m, written, (size_t)snprintf(written, sizeof written, "\\u%04x", bytes[i]));
        else put_bytes(m, (const char *)bytes + i, 1);
    }
    put(m, "\"");
}

/* A member name's value as an array index (a canonical decimal from 0 to 2^32 - 2), or -1. */
static int64_t json_array_index(const uint8_t *name, size_t length) {
    if (length == 0 || length > 10 || (length > 1 && name[0] == '0')) return -1;
    int64_t value = 0;
    for (size_t i = 0; i < length; i++) {
        if (!is_digit(name[i])) return -1;
        value = value * 10 + (name[i] - '0');
    }
    return value <= 4294967294 ? value : -1;
}

/* A member in the order JavaScript keeps an object's keys: array indexes ascending, then the
 * other names in file order. */
typedef struct {
    int64_t index; /* -1 for a name that is no array index */
    size_t at, value;
} json_key_order;

static int compare_json_keys(const void *l, const void *r) {
    const json_key_order *a = l, *c = r;
    if ((a->index < 0) != (c->index < 0)) return a->index < 0 ? 1 : -1;
    if (a->index != c->index) return a->index < c->index ? -1 : 1;
    return (a->at > c->at) - (a->at < c->at);
}

/* A parsed JSON value as JSON.stringify writes it again: compact, an object's members in the
 * order of its keys in JavaScript (file order when there is no memory to sort them). */
static void message_json(text_out *m, const json_parser *p, const json_value *v) {
    if (v->type == JSON_NULL || v->type == JSON_FALSE || v->type == JSON_TRUE) {
        put(m, v->type == JSON_NULL ? "null" : v->type == JSON_FALSE ? "false" : "true");
        return;
    }
    if (v->type == JSON_NUMBER || v->type == JSON_STRING) {
        if (v->type == JSON_NUMBER) message_number(m, v->number);
        else message_quoted(m, p->bytes + v->text, v->length);
        return;
    }
    json_key_order *order = v->type == JSON_OBJECT && v->count ? malloc(v->count * sizeof *order) : NULL;
    size_t count = 0;
    for (size_t k = v->first; k != JSON_END; k = p->values[k].next, count++) {
        if (order == NULL) continue;
        order[count].index = json_array_index(p->bytes + p->values[k].name, p->values[k].name_length);
        order[count].at = count, order[count].value = k;
    }
    if (order) qsort(order, count, sizeof *order, compare_json_keys);
    put(m, v->type == JSON_OBJECT ? "{" : "[");
    size_t i = 0;
    for (size_t k = v->first; k != JSON_END; k = p->values[k].next, i++) {
        const json_value *member = &p->values[order ? order[i].value : k];
        if (i > 0) put(m, ",");
        if (v->type == JSON_OBJECT) message_quoted(m, p->bytes + member->name, member->name_length), put(m, ":");
        message_json(m, p, member);
    }
    free(order);
    put(m, v->type == JSON_OBJECT ? "}" : "]");
}

/* The member of `object` named `name`, or NULL. */
static const json_value *json_member(const json_parser *p, const json_value *object, const char *name) {
    for (size_t k = object->first; k != JSON_END; k = p->values[k].next)
        if (json_name_is(p, &p->values[k], name)) return &p->values[k];
    return NULL;
}

static int json_string_is(const json_parser *p, const json_value *v, const char *text) {
    return v->type == JSON_STRING && v->length == strlen(text) && memcmp(p->bytes + v->text, text, v->length) == 0;
}

/* The fields of a parsed statement object checked in the order the message names the first
 * broken one: NB_OK, or NB_ERROR_FORMAT with the message written. */
static nb_status statement_fields(const json_parser *p, const json_value *root, nb_statement *out, text_out *m) {
    if (root->type != JSON_OBJECT) return put(m, "the statement is not a JSON object"), NB_ERROR_FORMAT;
    const json_value *format = json_member(p, root, "format");
    if (format == NULL) {
        put(m, "the statement has no \"format\"; this reader reads " STATEMENT_FORMAT);
        return NB_ERROR_FORMAT;
    }
    if (!json_string_is(p, format, STATEMENT_FORMAT)) {
        put(m, "the statement's format is "), message_json(m, p, format), put(m, ", not " STATEMENT_FORMAT);
        return NB_ERROR_FORMAT;
    }
    static const char *const names[] = {"venue", "version", "bundle"};
    const json_value *texts[3];
    for (int i = 0; i < 3; i++) {
        texts[i] = json_member(p, root, names[i]);
        if (texts[i] == NULL || texts[i]->type != JSON_STRING || texts[i]->length == 0) {
            put(m, "the statement's \""), put(m, names[i]), put(m, "\" must be a non-empty string");
            return NB_ERROR_FORMAT;
        }
    }
    const json_value *size = json_member(p, root, "size");
    /* A whole number no larger than a double counts exactly, as JavaScript's Number.isSafeInteger. */
    if (size == NULL || size->type != JSON_NUMBER || !(size->number >= 0 && size->number <= MAX_SAFE_INTEGER) ||
        size->number != floor(size->number)) {
        put(m, "the statement's \"size\" must be a whole number of bytes");
        return NB_ERROR_FORMAT;
    }
    const json_value *sha256 = json_member(p, root, "sha256");
    int hex = sha256 != NULL && sha256->type == JSON_STRING && sha256->length == 64;
    for (size_t i = 0; hex && i < 64; i++) {
        uint8_t c = p->bytes[sha256->text + i];
        hex = is_digit(c) || (c >= 'a' && c <= 'f');
    }
    if (!hex) return put(m, "the statement's \"sha256\" must be 64 lowercase hex digits"), NB_ERROR_FORMAT;
    /* One allocation holds the four texts, each NUL-terminated. */
    size_t total = texts[0]->length + texts[1]->length + texts[2]->length + 64 + 4;
    char *copy = malloc(total), **fields[4] = {&out->venue, &out->version, &out->bundle, &out->sha256};
    size_t *lengths[4] = {&out->venue_length, &out->version_length, &out->bundle_length, &out->sha256_length};
    const json_value *values[4] = {texts[0], texts[1], texts[2], sha256};
    if (copy == NULL) return put(m, "out of memory"), NB_ERROR_MEMORY;
    for (int i = 0; i < 4; i++) {
        memcpy(copy, p->bytes + values[i]->text, values[i]->length);
        copy[values[i]->length] = 0;
        *fields[i] = copy, *lengths[i] = values[i]->length;
        copy += values[i]->length + 1;
    }
    out->size = (uint64_t)size->number;
    return NB_OK;
}

nb_status nb_statement_read(const void *bytes, size_t length, nb_statement *out, char *message, size_t message_size) {
    text_out m = {message, message_size, 0};
    if (message && message_size) message[0] = 0;
    memset(out, 0, sizeof *out);
    if (bytes == NULL && length > 0) return put(&m, "no statement bytes"), NB_ERROR_ARGUMENT;
    const uint8_t *text = bytes ? bytes : (const uint8_t *)"";
    for (size_t at = 0; at < length;)
        if (utf8_next(text, length, &at) < 0) return put(&m, "the statement is not UTF-8 text"), NB_ERROR_FORMAT;
    json_parser p;
    size_t root;
    nb_status status;
    if (json_parse(&p, text, length, &root)) {
        status = statement_fields(&p, &p.values[root], out, &m);
    } else if (p.out_of_memory) {
        status = NB_ERROR_MEMORY, put(&m, "out of memory");
    } else {
        status = NB_ERROR_FORMAT;
        if (strstr(p.error, "deeper than")) {
            char deep[80];
            snprintf(deep, sizeof deep, "the statement nests more than %d arrays and objects deep", JSON_MAX_DEPTH);
            put(&m, deep);
        } else {
            put(&m, "the statement is not JSON: "), put(&m, p.error);
        }
    }
    json_free(&p);
    return status;
}

void nb_statement_free(nb_statement *statement) {
    if (statement == NULL) return;
    free(statement->venue); /* the start of the one allocation */
    memset(statement, 0, sizeof *statement);
}

/* Strict standard base64 (RFC 4648, section 4): whole groups of four, padding only at the end;
 * with `pem`, white space anywhere is skipped, as RFC 7468 lets a PEM block wrap its text. The
 * bits a padded group leaves over are ignored, as the browsers' atob ignores them. */
static int base64_read(const uint8_t *text, size_t length, int pem, uint8_t *out, size_t *out_length) {
    size_t count = 0, padding = 0, written = 0;
    uint32_t bits = 0;
    for (size_t i = 0; i < length; i++) {
        uint8_t c = text[i];
        if (pem && is_space(c)) continue;
        count++;
        if (c == '=') {
            padding++;
            continue;
        }
        const char *digit = c != 0 ? strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", c) : NULL;
        if (digit == NULL || padding) return 0;
        bits = bits << 6 | (uint32_t)(digit - "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");
        if (count % 4 == 0) {
            out[written++] = (uint8_t)(bits >> 16), out[written++] = (uint8_t)(bits >> 8), out[written++] = (uint8_t)bits;
            bits = 0;
        }
    }
    if (count % 4 != 0 || padding > 2) return 0;
    if (padding) {
        bits <<= 6 * padding;
        out[written++] = (uint8_t)(bits >> 16);
        if (padding == 1) out[written++] = (uint8_t)(bits >> 8);
    }
    *out_length = written;
    return 1;
}

int nb_base64_read(const char *text, size_t length, uint8_t *out, size_t *out_length) {
    *out_length = 0;
    return text != NULL || length == 0 ? base64_read((const uint8_t *)(text ? text : ""), length, 0, out, out_length) : 0;
}

/* RFC 8410, section 4: an Ed25519 SubjectPublicKeyInfo is SEQUENCE { SEQUENCE { OID 1.3.101.112 },
 * BIT STRING (no unused bits, the 32-byte key) }, whose DER is these 12 bytes and the key. DER has
 * one encoding, so any other bytes are not an Ed25519 public key. */
static const uint8_t ed25519_spki_prefix[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

/* Keys of other kinds a PEM may hold, by the DER of their algorithm's OID: named in the error. */
static const struct {
    uint8_t length, oid[9];
    const char *kind;
} key_algorithms[] = {
    {3, {0x2b, 0x65, 0x70}, "an Ed25519 key not encoded as RFC 8410 says"},
    {9, {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01}, "an RSA key, not an Ed25519 key"},
    {7, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01}, "an elliptic-curve (ECDSA) key, not an Ed25519 key"},
    {3, {0x2b, 0x65, 0x71}, "an Ed448 key, not an Ed25519 key"},
    {3, {0x2b, 0x65, 0x6e}, "an X25519 key, not an Ed25519 key"},
    {3, {0x2b, 0x65, 0x6f}, "an X448 key, not an Ed25519 key"},
};

/* The DER header at `*at` of tag `tag`: its length (past it `*at`), or -1. SEQUENCE lengths are
 * read past, not checked, so that a cut key is still named; an OID must fit in the bytes. */
static long der_header(const uint8_t *der, size_t length, size_t *at, uint8_t tag) {
    if (*at + 2 > length || der[*at] != tag) return -1;
    long value = der[*at + 1];
    *at += 2;
    if (value & 0x80) {
        size_t digits = (size_t)value & 0x7f;
        if (digits == 0 || digits > 3 || *at + digits > length) return -1;
        value = 0;
        for (size_t i = 0; i < digits; i++) value = value * 256 + der[(*at)++];
    }
    return tag != 0x06 || *at + (size_t)value <= length ? value : -1;
}

/* What kind of key DER bytes that are no Ed25519 SubjectPublicKeyInfo hold, for the error. */
static const char *spki_kind(const uint8_t *der, size_t length) {
    size_t at = 0;
    if (der_header(der, length, &at, 0x30) < 0 || der_header(der, length, &at, 0x30) < 0) return NULL;
    long oid = der_header(der, length, &at, 0x06);
    if (oid < 0) return NULL;
    for (size_t i = 0; i < sizeof key_algorithms / sizeof key_algorithms[0]; i++)
        if (oid == key_algorithms[i].length && memcmp(der + at, key_algorithms[i].oid, (size_t)oid) == 0)
            return key_algorithms[i].kind;
    return "a key of another algorithm, not an Ed25519 key";
}

/* Where `word` first occurs in `length` bytes at or after `from`, or SIZE_MAX. */
static size_t find_text(const uint8_t *text, size_t length, size_t from, const char *word) {
    size_t n = strlen(word);
    for (size_t at = from; at + n <= length; at++)
        if (memcmp(text + at, word, n) == 0) return at;
    return SIZE_MAX;
}

/* The first "-----BEGIN NAME-----" label of another block (NAME of capitals, digits and spaces,
 * RFC 7468's labels), to name it in the error: 1 with where NAME is, or 0. */
static int pem_label(const uint8_t *text, size_t length, size_t *name, size_t *name_length) {
    for (size_t at = 0; (at = find_text(text, length, at, "-----BEGIN ")) != SIZE_MAX; at++) {
        size_t end = at + 11;
        while (end < length && (text[end] == ' ' || is_digit(text[end]) || (text[end] >= 'A' && text[end] <= 'Z'))) end++;
        if (end > at + 11 && length - end >= 5 && memcmp(text + end, "-----", 5) == 0) {
            *name = at + 11, *name_length = end - *name;
            return 1;
        }
    }
    return 0;
}

/* The DER of a PEM text's PUBLIC KEY block (RFC 7468, section 13) into `der` (room for the text's
 * length): NB_OK, or NB_ERROR_FORMAT saying what the text holds instead. */
static nb_status pem_public_key(const uint8_t *text, size_t length, uint8_t *der, size_t *der_length, text_out *m) {
    static const char begin[] = "-----BEGIN PUBLIC KEY-----", end[] = "-----END PUBLIC KEY-----";
    size_t start = find_text(text, length, 0, begin);
    if (start != SIZE_MAX) {
        size_t stop = find_text(text, length, start + strlen(begin), end);
        if (stop == SIZE_MAX) return put(m, "the PUBLIC KEY block has no -----END PUBLIC KEY----- line"), NB_ERROR_FORMAT;
        start += strlen(begin);
        if (base64_read(text + start, stop - start, 1, der, der_length)) return NB_OK;
        return put(m, "the PUBLIC KEY block is not base64"), NB_ERROR_FORMAT;
    }
    size_t name, name_length;
    if (!pem_label(text, length, &name, &name_length)) {
        put(m, "the key text is not PEM (it has no -----BEGIN PUBLIC KEY----- line)");
    } else if (find_text(text + name, name_length, 0, "PRIVATE") != SIZE_MAX) {
        put(m, "the key is a "), put_bytes(m, (const char *)text + name, name_length);
        put(m, ", not a PUBLIC KEY: verify with the public key (NAME.pub beside the NAME.key `navforge keygen` "
                       "writes); the private key stays with whoever signs");
    } else {
        put(m, "the key is a "), put_bytes(m, (const char *)text + name, name_length);
        put(m, " block, not a PUBLIC KEY");
    }
    return NB_ERROR_FORMAT;
}

nb_status nb_public_key_read(const void *key, size_t length, int pem, uint8_t spki[NB_ED25519_SPKI_BYTES], char *message,
                             size_t message_size) {
    text_out m = {message, message_size, 0};
    if (message && message_size) message[0] = 0;
    if (key == NULL && length > 0) return put(&m, "no key bytes"), NB_ERROR_ARGUMENT;
    const uint8_t *der = key ? key : (const uint8_t *)"";
    uint8_t *decoded = NULL;
    size_t der_length = length;
    if (pem) {
        if ((decoded = malloc(length ? length : 1)) == NULL) return put(&m, "out of memory"), NB_ERROR_MEMORY;
        nb_status status = pem_public_key(der, length, decoded, &der_length, &m);
        if (status != NB_OK) return free(decoded), status;
        der = decoded;
    }
    int ed25519 = der_length == NB_ED25519_SPKI_BYTES && memcmp(der, ed25519_spki_prefix, sizeof ed25519_spki_prefix) == 0;
    if (ed25519) {
        memcpy(spki, der, NB_ED25519_SPKI_BYTES);
    } else {
        const char *kind = spki_kind(der, der_length);
        put(&m, "the public key is "), put(&m, kind ? kind : "not a SubjectPublicKeyInfo (RFC 5280)");
        put(&m, ": navforge signs with Ed25519 (`navforge keygen`, or `openssl genpkey -algorithm ed25519`)");
    }
    free(decoded);
    return ed25519 ? NB_OK : NB_ERROR_FORMAT;
}

/* ---- Published versions: release records ---- */

/* catalog.json's versions and VENUE/latest.json carry a release record: the statement (base64),
 * its signature and the fields a client shows before downloading, which are not signed. Reading
 * one, hosts refuse the same records in the same words as the JavaScript reader always has: a
 * record is JSON as JSON.stringify writes the host's object, and the messages quote its values
 * as JavaScript writes them (JSON.stringify, String), `undefined` for a member it lacks. */

#define LATEST_FORMAT "navforge-latest/1"
#define SIGNATURE_ALGORITHM "ed25519"

/* Whether `v` (NULL for none) is what JavaScript calls an object: an object or an array. */
static int json_is_object(const json_value *v) { return v != NULL && (v->type == JSON_OBJECT || v->type == JSON_ARRAY); }

/* Member `name` of `v` when `v` is an object, else NULL, as JavaScript reads `v.name`. */
static const json_value *json_get(const json_parser *p, const json_value *v, const char *name) {
    return v != NULL && v->type == JSON_OBJECT ? json_member(p, v, name) : NULL;
}

/* Whether two values are equal by JavaScript's `===` on what JSON.parse makes of them: none,
 * null, true and false each alike, numbers and strings by value, two objects never. */
static int json_same(const json_parser *p, const json_value *a, const json_value *b) {
    if (a == NULL || b == NULL || a->type != b->type) return a == b;
    if (a->type == JSON_NUMBER) return a->number == b->number;
    if (a->type == JSON_STRING)
        return a->length == b->length && memcmp(p->bytes + a->text, p->bytes + b->text, a->length) == 0;
    return a->type <= JSON_TRUE;
}

static int json_text_is(const json_parser *p, const json_value *v, const char *text, size_t length) {
    return v != NULL && v->type == JSON_STRING && v->length == length && memcmp(p->bytes + v->text, text, length) == 0;
}

/* `v` as JSON.stringify writes it, `undefined` for none. */
static void message_value(text_out *m, const json_parser *p, const json_value *v) {
    if (v == NULL) put(m, "undefined");
    else message_json(m, p, v);
}

/* `v` as JavaScript's String() writes it: a string as it is, an array's items joined by commas
 * (null as nothing), an object as "[object Object]". */
static void message_string(text_out *m, const json_parser *p, const json_value *v) {
    if (v != NULL && v->type == JSON_STRING) {
        put_bytes(m, p->bytes + v->text, v->length);
    } else if (v != NULL && v->type == JSON_OBJECT) {
        put(m, "[object Object]");
    } else if (v != NULL && v->type == JSON_ARRAY) {
        for (size_t k = v->first; k != JSON_END; k = p->values[k].next) {
            if (k != v->first) put(m, ",");
            if (p->values[k].type != JSON_NULL) message_string(m, p, &p->values[k]);
        }
    } else {
        message_value(m, p, v);
    }
}

/* "version \"2.1.0\" of \"campus\"": the version a record names, for its messages. */
static void message_release(text_out *m, const json_parser *p, const json_value *release) {
    put(m, "version "), message_value(m, p, json_get(p, release, "version"));
    put(m, " of "), message_value(m, p, json_get(p, release, "venue"));
}

/* Parses a release record into `p` and finds the record in it: the JSON itself, or its `release`
 * (a catalog version, `{pinned, release}`) when it has no statementBase64. NB_OK with `*release`;
 * NB_ERROR_ARGUMENT for JSON that is no release record; NB_ERROR_FORMAT (`*refused` the
 * statement) for a latest.json whose venue or version is not its record's. */
static nb_status release_record(json_parser *p, const char *json, size_t length, const json_value **release,
                                nb_release_fault *refused, text_out *m) {
    size_t root;
    if (!json_parse(p, (const uint8_t *)(json ? json : ""), json ? length : 0, &root)) {
        if (p->out_of_memory) return put(m, "out of memory"), NB_ERROR_MEMORY;
        return put(m, "the release record is not JSON: "), put(m, p->error), NB_ERROR_ARGUMENT;
    }
    const json_value *record = &p->values[root], *inner = json_get(p, record, "release");
    if (!json_is_object(record)) {
        put(m, "a release record is an object (a catalog version's \"release\", or latest.json)");
        return NB_ERROR_ARGUMENT;
    }
    *release = json_get(p, record, "statementBase64") == NULL && json_is_object(inner) ? inner : record;
    if (json_get(p, *release, "statementBase64") == NULL) {
        put(m, "not a release record (it has no statementBase64): give a catalog version's \"release\", or latest.json");
        return NB_ERROR_ARGUMENT;
    }
    if (*release == record || !json_text_is(p, json_get(p, record, "format"), LATEST_FORMAT, strlen(LATEST_FORMAT)))
        return NB_OK;
    const char *names[2] = {"venue", "version"};
    for (int i = 0; i < 2; i++) {
        if (json_same(p, json_get(p, record, names[i]), json_get(p, *release, names[i]))) continue;
        put(m, "latest.json names "), message_string(m, p, json_get(p, record, "venue"));
        put(m, " "), message_string(m, p, json_get(p, record, "version"));
        put(m, " and holds the record of "), message_string(m, p, json_get(p, *release, "venue"));
        put(m, " "), message_string(m, p, json_get(p, *release, "version"));
        *refused = NB_RELEASE_STATEMENT;
        return NB_ERROR_FORMAT;
    }
    return NB_OK;
}

/* The record's signature checked, then its statement and signature decoded into `out`. */
static nb_status release_signature(const json_parser *p, const json_value *release, const char *key_id,
                                   nb_release *out, text_out *m) {
    const json_value *signature = json_get(p, release, "signature"), *algorithm = json_get(p, signature, "algorithm");
    out->refused = NB_RELEASE_SIGNATURE;
    if (signature == NULL || signature->type == JSON_NULL) {
        message_release(m, p, release), put(m, " is not signed (its record has no signature), so it cannot be verified");
        return NB_ERROR_FORMAT;
    }
    if (!json_is_object(signature)) {
        put(m, "the signature of "), message_release(m, p, release), put(m, " is not an object");
        return NB_ERROR_FORMAT;
    }
    if (!json_text_is(p, algorithm, SIGNATURE_ALGORITHM, strlen(SIGNATURE_ALGORITHM))) {
        message_release(m, p, release), put(m, " is signed by "), message_value(m, p, algorithm);
        put(m, "; this reader verifies " SIGNATURE_ALGORITHM);
        return NB_ERROR_FORMAT;
    }
    if (key_id == NULL) return out->refused = NB_RELEASE_NOTHING, NB_OK;
    const json_value *key = json_get(p, signature, "keyID");
    if (!json_text_is(p, key, key_id, strlen(key_id))) {
        message_release(m, p, release), put(m, " is signed with key "), message_value(m, p, key);
        put(m, ", not with the key given ("), put(m, key_id), put(m, ")");
        return NB_ERROR_FORMAT;
    }
    const json_value *texts[2] = {json_get(p, release, "statementBase64"), json_get(p, signature, "value")};
    size_t room = 2;
    for (int i = 0; i < 2; i++) room += texts[i] != NULL && texts[i]->type == JSON_STRING ? texts[i]->length : 0;
    uint8_t *decoded = malloc(room);
    if (decoded == NULL) return put(m, "out of memory"), NB_ERROR_MEMORY;
    out->statement = decoded;
    for (int i = 0; i < 2; i++) {
        size_t *length = i == 0 ? &out->statement_length : &out->signature_length;
        if (i == 1) out->signature = out->statement + out->statement_length;
        if (texts[i] != NULL && texts[i]->type == JSON_STRING &&
            base64_read(p->bytes + texts[i]->text, texts[i]->length, 0, i == 0 ? out->statement : out->signature, length))
            continue;
        put(m, i == 0 ? "the statementBase64 of " : "the signature value of "), message_release(m, p, release);
        put(m, " is not base64");
        nb_release_free(out);
        out->refused = i == 0 ? NB_RELEASE_STATEMENT : NB_RELEASE_SIGNATURE;
        return NB_ERROR_FORMAT;
    }
    out->refused = NB_RELEASE_NOTHING;
    return NB_OK;
}

nb_status nb_release_read(const char *json, size_t length, const char *key_id, nb_release *out, char *message,
                          size_t message_size) {
    text_out m = {message, message_size, 0};
    if (message && message_size) message[0] = 0;
    memset(out, 0, sizeof *out);
    json_parser p;
    const json_value *release = NULL;
    nb_status status = release_record(&p, json, length, &release, &out->refused, &m);
    if (status == NB_OK) status = release_signature(&p, release, key_id, out, &m);
    json_free(&p);
    return status;
}

void nb_release_free(nb_release *release) {
    if (release == NULL) return;
    free(release->statement); /* the start of the one allocation */
    release->statement = release->signature = NULL;
    release->statement_length = release->signature_length = 0;
}

/* The record's unsigned fields against the statement's: NB_OK, or NB_ERROR_FORMAT with the first
 * that differs named. */
static nb_status release_fields(const json_parser *p, const json_value *release, const nb_statement *statement,
                                text_out *m) {
    static const char *const names[] = {"venue", "version", "bundle", "size", "sha256"};
    const json_value *file = json_get(p, release, "bundle");
    const char *texts[] = {statement->venue, statement->version, statement->bundle, NULL, statement->sha256};
    size_t lengths[] = {statement->venue_length, statement->version_length, statement->bundle_length, 0,
                        statement->sha256_length};
    for (int i = 0; i < 5; i++) {
        const json_value *value = json_get(p, i < 2 ? release : file, i < 2 ? names[i] : i == 2 ? "path" : names[i]);
        const uint8_t *name = value != NULL && value->type == JSON_STRING ? p->bytes + value->text : NULL;
        size_t length = name ? value->length : 0;
        for (size_t at = 0; i == 2 && name && at < value->length; at++) /* the path's file name */
            if (p->bytes[value->text + at] == '/') name = p->bytes + value->text + at + 1, length = value->length - at - 1;
        int same = i == 3 ? value != NULL && value->type == JSON_NUMBER && value->number == (double)statement->size
                          : name != NULL && length == lengths[i] && memcmp(name, texts[i], length) == 0;
        if (same) continue;
        put(m, "the record of "), message_release(m, p, release), put(m, " says "), put(m, names[i]), put(m, " ");
        if (i == 2 && name) message_quoted(m, name, length);
        else message_value(m, p, value);
        put(m, ", its signed statement ");
        if (i == 3) message_number(m, (double)statement->size);
        else message_quoted(m, (const uint8_t *)texts[i], lengths[i]);
        put(m, ": the record was changed after signing");
        return NB_ERROR_FORMAT;
    }
    return NB_OK;
}

nb_status nb_statement_check(const nb_statement *statement, const char *record, size_t record_length, const char *venue,
                             size_t venue_length, const char *version, size_t version_length, char *message,
                             size_t message_size) {
    text_out m = {message, message_size, 0};
    if (message && message_size) message[0] = 0;
    if (statement == NULL || statement->venue == NULL) return put(&m, "no statement"), NB_ERROR_ARGUMENT;
    nb_status status = NB_OK;
    if (record != NULL) {
        json_parser p;
        const json_value *release = NULL;
        nb_release_fault refused = NB_RELEASE_NOTHING;
        status = release_record(&p, record, record_length, &release, &refused, &m);
        if (status == NB_OK) status = release_fields(&p, release, statement, &m);
        json_free(&p);
    }
    const char *expected[2] = {venue, version}, *names[2] = {"venue", "version"};
    const char *signed_texts[2] = {statement->venue, statement->version};
    size_t lengths[2] = {venue_length, version_length}, signed_lengths[2] = {statement->venue_length,
                                                                             statement->version_length};
    for (int i = 0; status == NB_OK && i < 2; i++) {
        if (expected[i] == NULL || (lengths[i] == signed_lengths[i] && memcmp(expected[i], signed_texts[i], lengths[i]) == 0))
            continue;
        put(&m, "the signed statement is for "), put(&m, names[i]), put(&m, " ");
        message_quoted(&m, (const uint8_t *)signed_texts[i], signed_lengths[i]), put(&m, ", not ");
        message_quoted(&m, (const uint8_t *)expected[i], lengths[i]);
        status = NB_ERROR_FORMAT;
    }
    return status;
}

nb_status nb_statement_matches(const nb_statement *statement, uint64_t size, const uint8_t *sha256, nb_bundle *bundle,
                               int *same, char *message, size_t message_size) {
    text_out m = {message, message_size, 0};
    if (message && message_size) message[0] = 0;
    *same = 0;
    if (statement == NULL || statement->sha256 == NULL) return put(&m, "no statement"), NB_ERROR_ARGUMENT;
    char text[160], hex[65];
    if (size != statement->size) {
        snprintf(text, sizeof text, "the bundle has %llu bytes, the signed statement says %llu", (unsigned long long)size,
                 (unsigned long long)statement->size);
        return put(&m, text), put(&m, ": it is not the bundle that was signed"), NB_OK;
    }
    for (int i = 0; sha256 && i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", sha256[i]);
    if (sha256 && memcmp(hex, statement->sha256, 64) != 0) {
        put(&m, "the bundle's SHA-256 is "), put(&m, hex), put(&m, ", the signed statement's "), put(&m, statement->sha256);
        return put(&m, ": it is not the bundle that was signed"), NB_OK;
    }
    if (bundle != NULL) {
        const char *json;
        size_t length, root;
        nb_status status = nb_metadata(bundle, &json, &length);
        if (status != NB_OK) return status;
        json_parser p;
        if (!json_parse(&p, (const uint8_t *)json, length, &root) || p.values[root].type != JSON_OBJECT) {
            status = p.out_of_memory ? out_of_memory(bundle)
                     : p.error[0]    ? refuse(bundle, NB_ERROR_FORMAT, "section META: is not JSON: %s", p.error)
                                     : refuse(bundle, NB_ERROR_FORMAT, "section META: is not a JSON object");
            return json_free(&p), status;
        }
        static const char *const keys[] = {"venueID", "bundleVersion"}, *const fields[] = {"venue", "version"};
        const char *texts[] = {statement->venue, statement->version};
        size_t lengths[] = {statement->venue_length, statement->version_length};
        for (int i = 0; i < 2; i++) {
            const json_value *value = json_get(&p, &p.values[root], keys[i]);
            if (json_text_is(&p, value, texts[i], lengths[i])) continue;
            put(&m, "the bundle's META "), put(&m, keys[i]), put(&m, " is "), message_value(&m, &p, value);
            put(&m, ", the signed statement's "), put(&m, fields[i]), put(&m, " ");
            message_quoted(&m, (const uint8_t *)texts[i], lengths[i]);
            return json_free(&p), NB_OK;
        }
        json_free(&p);
    }
    *same = 1;
    return NB_OK;
}

void nb_public_key_id(const uint8_t spki[NB_ED25519_SPKI_BYTES], char id[17]) {
    sha256 s;
    uint8_t digest[32];
    sha_init(&s);
    sha_update(&s, spki + sizeof ed25519_spki_prefix, NB_ED25519_SPKI_BYTES - sizeof ed25519_spki_prefix);
    sha_final(&s, digest);
    for (int i = 0; i < 8; i++) snprintf(id + 2 * i, 3, "%02x", digest[i]);
}

/* ---- Answers as JSON, for bindings whose languages read JSON natively ---- */

/* Outlines and conditions come back as trees of lists; a binding in a language with JSON in its
 * standard library (JavaScript, Python) reads the tree from one text instead of walking the
 * structs call by call. Numbers are written in the fewest digits that read back as the same double,
 * so a JSON reader gives the struct's values to the bit. */

/* `length` bytes of UTF-8 escaped as inside a JSON string, without the quotes. */
static void say_json_chars(message *m, const uint8_t *text, size_t length) {
    for (size_t i = 0, plain = 0; i <= length; i++) {
        if (i < length && text[i] != '"' && text[i] != '\\' && text[i] >= 0x20) continue;
        if (i > plain) say(m, "%.*s", (int)(i - plain), (const char *)text + plain);
        if (i < length) say(m, text[i] < 0x20 ? "\\u%04x" : "\\%c", text[i]);
        plain = i + 1;
    }
}

/* `length` bytes of UTF-8 as a JSON string. */
static void say_json_text(message *m, const uint8_t *text, size_t length) {
    say(m, "\""), say_json_chars(m, text, length), say(m, "\"");
}

/* A double in the fewest significant digits that read back as it, with a point or an exponent
 * (2.0, not 2), so that a reader that tells integers apart (Python's json) reads a float; JSON has
 * no infinity or NaN, which the answers never hold, so those would be null. */
static void say_json_number(message *m, double value) {
    char digits[40];
    if (!isfinite(value)) {
        say(m, "null");
        return;
    }
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(digits, sizeof digits, "%.*g", precision, value);
        if (strtod(digits, NULL) == value) break;
    }
    say(m, strpbrk(digits, ".e") ? "%s" : "%s.0", digits);
}

/* The text `m` holds as the answer `*json` (`*length` bytes), or NB_ERROR_MEMORY. */
static nb_status json_answer(nb_bundle *b, message *m, char **json, size_t *length) {
    if (m->failed) return free(m->text), b ? out_of_memory(b) : NB_ERROR_MEMORY;
    *json = m->text, *length = m->length;
    return NB_OK;
}

nb_status nb_level_outlines_json(nb_bundle *b, uint32_t level, char **json, size_t *length) {
    *json = NULL, *length = 0;
    uint32_t first, count;
    nb_status status = nb_level_outlines(b, level, &first, &count);
    if (status != NB_OK) return status;
    const outline_index *x = &b->outline;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (uint32_t o = first; o < first + count; o++) {
        nb_outline info;
        nb_outline_info(b, o, &info);
        if (info.label != NULL && !utf8_valid((const uint8_t *)info.label, info.label_length)) {
            free(m.text);
            return refuse(b, NB_ERROR_FORMAT, "section STRS: the label of outline %u is not UTF-8", o);
        }
        say(&m, "%s{\"kind\":%u,\"label\":", o > first ? "," : "", info.kind);
        if (info.label != NULL) say_json_text(&m, (const uint8_t *)info.label, info.label_length);
        else say(&m, "null");
        if (info.place == NB_NONE) say(&m, ",\"place\":null,\"rings\":[");
        else say(&m, ",\"place\":%u,\"rings\":[", info.place);
        uint32_t first_ring = rd32(x->ring_first + 4 * (size_t)o);
        for (uint32_t ring = first_ring; ring < first_ring + info.ring_count; ring++) {
            uint32_t start = rd32(x->point_first + 4 * (size_t)ring), stop = rd32(x->point_first + 4 * ((size_t)ring + 1));
            say(&m, ring > first_ring ? ",[" : "[");
            for (uint32_t point = start; point < stop; point++) {
                say(&m, point > start ? ",[" : "["), say_json_number(&m, (int32_t)rd32(x->points + 8 * (size_t)point) / 1e7);
                say(&m, ","), say_json_number(&m, (int32_t)rd32(x->points + 8 * (size_t)point + 4) / 1e7), say(&m, "]");
            }
            say(&m, "]");
        }
        say(&m, "]}");
    }
    say(&m, "]");
    return json_answer(b, &m, json, length);
}

/* The entries of parsed conditions, `[{"position", "target": {"kind", "text", "polygon"?},
 * "factor"}, ...]`, each with its arcs when `arcs` is given (the overlay's). */
static void say_conditions_entries(message *m, const nb_condition_target *targets, size_t count, const nb_overlay *arcs) {
    static const char *const kinds[] = {"name", "level", "polygon"};
    say(m, "[");
    for (size_t i = 0; i < count; i++) {
        const nb_condition_target *t = &targets[i];
        say(m, "%s{\"position\":\"%s[%zu]\",\"target\":{\"kind\":\"%s\",\"text\":", i ? "," : "",
            t->list == NB_CONDITIONS_CLOSED ? "closed" : "slow", t->index, kinds[t->kind]);
        say_json_text(m, (const uint8_t *)t->text, t->length);
        if (t->kind == TARGET_AREA) say(m, ",\"polygon\":[");
        for (size_t c = 0; t->kind == TARGET_AREA && c < t->corner_count; c++) {
            say(m, c ? ",[" : "["), say_json_number(m, t->corners[2 * c]), say(m, ",");
            say_json_number(m, t->corners[2 * c + 1]), say(m, "]");
        }
        say(m, t->kind == TARGET_AREA ? "]},\"factor\":" : "},\"factor\":");
        if (t->list == NB_CONDITIONS_CLOSED) say(m, "null");
        else say_json_number(m, t->factor);
        if (arcs) say(m, ",\"arcs\":[");
        for (size_t a = arcs ? arcs->entry_first[i] : 0; arcs && a < arcs->entry_first[i + 1]; a++)
            say(m, a > arcs->entry_first[i] ? ",%u" : "%u", arcs->arcs[a]);
        say(m, arcs ? "]}" : "}");
    }
    say(m, "]");
}

nb_status nb_conditions_parse_json(const char *json, size_t length, char **out, size_t *out_length,
                                   nb_conditions_error *error) {
    *out = NULL, *out_length = 0;
    nb_condition_target *targets;
    size_t count;
    nb_status status = nb_conditions_parse(json, length, &targets, &count, error);
    if (status != NB_OK) return status;
    message m = {NULL, 0, 0, 0};
    say_conditions_entries(&m, targets, count, NULL);
    nb_condition_targets_free(targets, count);
    return json_answer(NULL, &m, out, out_length);
}

/* Why conditions cannot be applied: `{"code", "message", "entries" (positions), "candidates"}`. */
static void say_conditions_error(message *m, const nb_conditions_error *error) {
    static const char *const codes[] = {"invalid", "invalid", "ambiguous", "unmatched"};
    say(m, "{\"code\":\"%s\",\"message\":", codes[error->kind]);
    say_json_text(m, (const uint8_t *)error->message, error->message ? strlen(error->message) : 0);
    say(m, ",\"entries\":[");
    for (size_t i = 0; i < error->entry_count; i++)
        say(m, "%s\"%s[%zu]\"", i ? "," : "", error->entries[i].list == NB_CONDITIONS_CLOSED ? "closed" : "slow",
            error->entries[i].index);
    say(m, "],\"candidates\":[");
    for (size_t i = 0; i < error->candidate_count; i++) say(m, i ? ",%u" : "%u", error->candidates[i]);
    say(m, "]}");
}

nb_status nb_conditions_error_json(nb_conditions_error *error, char **json, size_t *length) {
    message m = {NULL, 0, 0, 0};
    say_conditions_error(&m, error);
    nb_conditions_error_free(error);
    *json = NULL, *length = 0;
    return json_answer(NULL, &m, json, length);
}

nb_status nb_conditions_overlay_json(nb_bundle *b, const char *json, size_t length, char **out, size_t *out_length) {
    *out = NULL, *out_length = 0;
    nb_condition_target *targets = NULL;
    size_t count = 0;
    nb_overlay overlay;
    memset(&overlay, 0, sizeof overlay);
    nb_conditions_error error;
    nb_status status = nb_conditions_parse(json, length, &targets, &count, &error);
    if (status == NB_OK) nb_conditions_error_free(&error), status = nb_conditions_overlay(b, json, length, &overlay, &error);
    if (status != NB_OK && status != NB_ERROR_CONDITIONS) return nb_condition_targets_free(targets, count), status;
    message m = {NULL, 0, 0, 0};
    say(&m, "{\"entries\":");
    say_conditions_entries(&m, targets, overlay.entry_count, &overlay);
    const nb_arc_conditions *whole = &overlay.whole;
    say(&m, ",\"closed\":[");
    for (size_t i = 0; error.kind == NB_CONDITIONS_APPLIED && i < whole->closed_count; i++)
        say(&m, i ? ",%u" : "%u", whole->closed[i]);
    say(&m, "],\"slowed\":[");
    for (size_t i = 0, said = 0; error.kind == NB_CONDITIONS_APPLIED && i < whole->slowed_count; i++) {
        if (bsearch(&whole->slowed[i], whole->closed, whole->closed_count, sizeof(uint32_t), compare_u32)) continue;
        say(&m, "%s{\"arc\":%u,\"factor\":", said++ ? "," : "", whole->slowed[i]);
        say_json_number(&m, whole->factors[i]), say(&m, "}");
    }
    say(&m, "],\"error\":");
    if (error.kind == NB_CONDITIONS_APPLIED) say(&m, "null}");
    else say_conditions_error(&m, &error), say(&m, "}");
    nb_condition_targets_free(targets, count), nb_conditions_overlay_free(&overlay), nb_conditions_error_free(&error);
    return json_answer(b, &m, out, out_length);
}

nb_status nb_place_aliases_json(nb_bundle *b, uint32_t place, char **json, size_t *length) {
    *json = NULL, *length = 0;
    uint32_t first, count;
    nb_status status = nb_place_aliases(b, place, &first, &count);
    if (status != NB_OK) return status;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (uint32_t alias = first; alias < first + count && status == NB_OK; alias++) {
        nb_alias info;
        status = nb_alias_info(b, alias, &info);
        const char *texts[2] = {info.text, info.language};
        size_t lengths[2] = {info.text_length, info.language_length};
        say(&m, alias > first ? ",{\"text\":" : "{\"text\":");
        for (int i = 0; i < 2 && status == NB_OK; i++) {
            if (i == 1) say(&m, ",\"language\":");
            if (texts[i] != NULL && !utf8_valid((const uint8_t *)texts[i], lengths[i]))
                status = refuse(b, NB_ERROR_FORMAT, "section ALIA: alias %u is not UTF-8", alias);
            else if (texts[i] != NULL) say_json_text(&m, (const uint8_t *)texts[i], lengths[i]);
            else say(&m, "null");
        }
        say(&m, ",\"kind\":%u}", info.kind);
    }
    say(&m, "]");
    if (status != NB_OK) return free(m.text), status;
    return json_answer(b, &m, json, length);
}

nb_status nb_resolve_endpoint_json(nb_bundle *b, const char *text, size_t length, char **json, size_t *json_length) {
    static const char *const codes[] = {"place", "position", "empty", "unknown", "ambiguous", "elsewhere", "needs-level",
                                        "unknown-level", "bad-coordinate"};
    *json = NULL, *json_length = 0;
    nb_endpoint endpoint;
    nb_status status = nb_resolve_endpoint(b, text, &endpoint);
    if (status != NB_OK) return nb_endpoint_free(&endpoint), status;
    message m = {NULL, 0, 0, 0};
    say(&m, "{\"%s\":\"%s\"", endpoint.kind > NB_ENDPOINT_POSITION ? "code" : "kind", codes[endpoint.kind]);
    if (endpoint.kind == NB_ENDPOINT_PLACE) {
        say(&m, ",\"place\":%u}", endpoint.place);
    } else if (endpoint.kind == NB_ENDPOINT_POSITION) {
        say(&m, ",\"latitude\":"), say_json_number(&m, endpoint.latitude);
        say(&m, ",\"longitude\":"), say_json_number(&m, endpoint.longitude), say(&m, ",\"levels\":[");
        for (size_t i = 0; i < endpoint.level_count; i++) say(&m, i ? ",%u" : "%u", endpoint.levels[i]);
        say(&m, "]}");
    } else {
        size_t start, named;
        nb_endpoint_named(text, length, endpoint.kind, &start, &named);
        say(&m, ",\"text\":"), say_json_text(&m, (const uint8_t *)text + start, named), say(&m, ",\"candidates\":[");
        for (size_t i = 0; i < endpoint.candidate_count; i++) say(&m, i ? ",%u" : "%u", endpoint.candidates[i]);
        say(&m, "]}");
    }
    nb_endpoint_free(&endpoint);
    return json_answer(b, &m, json, json_length);
}

nb_status nb_profiles_json(nb_bundle *b, char **json, size_t *length) {
    *json = NULL, *length = 0;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (uint32_t index = 0; index < b->profiles; index++) {
        size_t name_length = 0;
        const char *name = nb_profile_name(b, index, &name_length);
        if (name == NULL || !utf8_valid((const uint8_t *)name, name_length)) {
            free(m.text);
            return refuse(b, NB_ERROR_FORMAT, "section PROF: profile %u has no name that is UTF-8", index);
        }
        if (index > 0) say(&m, ",");
        say_json_text(&m, (const uint8_t *)name, name_length);
    }
    say(&m, "]");
    return json_answer(b, &m, json, length);
}

nb_status nb_position_node(nb_bundle *b, uint32_t profile, double latitude, double longitude, const uint32_t *levels,
                           size_t level_count, uint32_t *node) {
    nb_endpoint position;
    memset(&position, 0, sizeof position);
    position.kind = NB_ENDPOINT_POSITION, position.latitude = latitude, position.longitude = longitude;
    position.levels = (uint32_t *)levels, position.level_count = level_count;
    return nb_endpoint_node(b, &position, profile, node);
}

/* A text of the bundle's as a JSON string, or null when there is none or it is not UTF-8 (as the
 * record calls leave a binding to find). */
static void say_json_nb_text(message *m, const char *text, size_t length) {
    if (text == NULL || !utf8_valid((const uint8_t *)text, length)) say(m, "null");
    else say_json_text(m, (const uint8_t *)text, length);
}

nb_status nb_levels_json(nb_bundle *b, char **json, size_t *length) {
    *json = NULL, *length = 0;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (uint32_t index = 0; index < nb_level_count(b); index++) {
        nb_level level;
        char *short_name = NULL;
        size_t short_length = 0;
        nb_status status = nb_level_info(b, index, &level);
        if (status == NB_OK) status = nb_level_short_name(b, index, &short_name, &short_length);
        if (status != NB_OK) return free(m.text), status;
        say(&m, "%s{\"index\":%u,\"id\":", index ? "," : "", index);
        say_json_nb_text(&m, level.id.text, level.id.length);
        say(&m, ",\"name\":"), say_json_nb_text(&m, level.name.text, level.name.length);
        say(&m, ",\"buildingId\":"), say_json_nb_text(&m, level.building_id.text, level.building_id.length);
        say(&m, ",\"buildingName\":"), say_json_nb_text(&m, level.building_name.text, level.building_name.length);
        say(&m, ",\"ordinal\":"), say_json_number(&m, level.ordinal);
        say(&m, ",\"shortName\":"), say_json_text(&m, (const uint8_t *)short_name, short_length);
        /* As the Swift reader names a level for display: its short name, then its building's. */
        int in_building = level.building_name.text != NULL && utf8_valid((const uint8_t *)level.building_name.text,
                                                                          level.building_name.length);
        size_t display_length = short_length + (in_building ? 2 + level.building_name.length : 0);
        char *display = malloc(display_length + 1);
        if (display == NULL) return free(m.text), free(short_name), out_of_memory(b);
        memcpy(display, short_name, short_length);
        if (in_building) memcpy(display + short_length, ", ", 2);
        if (in_building) memcpy(display + short_length + 2, level.building_name.text, level.building_name.length);
        say(&m, ",\"displayName\":"), say_json_text(&m, (const uint8_t *)display, display_length), say(&m, "}");
        free(display), free(short_name);
    }
    say(&m, "]");
    return json_answer(b, &m, json, length);
}

nb_status nb_conditions_exit_path(nb_bundle *b, uint32_t profile, const nb_arc_conditions *conditions, uint32_t node,
                                  nb_path *path, uint32_t **times) {
    memset(path, 0, sizeof *path);
    path->duration = UINT64_MAX;
    *times = NULL;
    uint32_t *costs = malloc(sizeof(uint32_t) * (b->arcs ? b->arcs : 1));
    if (costs == NULL) return out_of_memory(b);
    nb_status status = nb_leaving_costs(b, profile, conditions, costs, b->arcs);
    if (status == NB_OK) status = nb_exit_search(b, costs, b->arcs, node, path);
    if (status == NB_OK && path->nodes != NULL && (*times = malloc(sizeof(uint32_t) * (path->arc_count + 1))) == NULL)
        status = out_of_memory(b);
    for (size_t i = 0; status == NB_OK && *times != NULL && i < path->arc_count; i++)
        (*times)[i] = costs[path->arcs[i]];
    if (status != NB_OK) nb_path_free(path), path->duration = UINT64_MAX;
    free(costs);
    return status;
}

nb_status nb_radio_map_samples_json(const nb_bundle *b, size_t limit, char **json, size_t *length, char *message_text,
                                    size_t message_size) {
    *json = NULL, *length = 0;
    size_t count;
    nb_status status = nb_radio_map_samples(b, limit, NULL, 0, &count, message_text, message_size);
    uint32_t *points = status == NB_OK ? malloc(sizeof(uint32_t) * (count ? count : 1)) : NULL;
    if (status == NB_OK && points == NULL) return NB_ERROR_MEMORY;
    if (status == NB_OK) status = nb_radio_map_samples(b, limit, points, count, &count, message_text, message_size);
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (size_t i = 0; i < count && status == NB_OK; i++) {
        nb_reference_point point;
        status = nb_radio_map_point(b, points[i], &point, message_text, message_size);
        if (status != NB_OK) break;
        const nb_text *building = &point.building_name, *floor = &point.floor_name;
        say(&m, "%s{\"label\":\"", i ? "," : "");
        if (building->text == NULL) say(&m, "null");
        say_json_chars(&m, (const uint8_t *)building->text, building->length), say(&m, ", ");
        if (floor->text == NULL) say(&m, "null");
        say_json_chars(&m, (const uint8_t *)floor->text, floor->length);
        say(&m, ": reference point %u\",\"buildingName\":", points[i]);
        say_json_nb_text(&m, building->text, building->length), say(&m, ",\"floorName\":");
        say_json_nb_text(&m, floor->text, floor->length);
        say(&m, ",\"floor\":%u,\"referencePoint\":%u,\"latitude\":", point.floor, points[i]);
        say_json_number(&m, point.latitude / 1e7), say(&m, ",\"longitude\":");
        say_json_number(&m, point.longitude / 1e7), say(&m, ",\"scan\":[");
        for (uint32_t r = 0; r < point.reading_count && status == NB_OK; r++) {
            nb_point_reading reading;
            status = nb_radio_map_reading(b, points[i], r, &reading, message_text, message_size);
            if (status != NB_OK) break;
            say(&m, r ? ",{\"id\":" : "{\"id\":"), say_json_nb_text(&m, reading.id.text, reading.id.length);
            say(&m, ",\"rssi\":"), say_json_number(&m, reading.rssi), say(&m, "}");
        }
        say(&m, "]}");
    }
    say(&m, "]");
    free(points);
    if (status != NB_OK) return free(m.text), status;
    return json_answer(NULL, &m, json, length);
}

nb_status nb_metadata_object(nb_bundle *b, const char **json, size_t *length) {
    nb_status status = nb_metadata(b, json, length);
    if (status != NB_OK) return status;
    json_parser p;
    size_t root;
    if (!json_parse(&p, (const uint8_t *)*json, *length, &root) || p.values[root].type != JSON_OBJECT) {
        status = p.out_of_memory                  ? out_of_memory(b)
                 : strstr(p.error, "deeper than") ? refuse(b, NB_ERROR_FORMAT, "section META: nests deeper than 64")
                 : p.error[0] ? refuse(b, NB_ERROR_FORMAT, "section META: is not JSON: %s", p.error)
                              : refuse(b, NB_ERROR_FORMAT, "section META: is not a JSON object");
        *json = NULL, *length = 0;
    }
    json_free(&p);
    return status;
}

nb_status nb_place_json(nb_bundle *b, uint32_t place, char **json, size_t *length) {
    static const char *const names[] = {"ref", "name", "category", "description", "building", "openingHours", "phone",
                                        "email", "website"};
    *json = NULL, *length = 0;
    nb_place info;
    nb_status status = nb_place_info(b, place, &info);
    if (status != NB_OK) return status;
    const nb_text *texts[] = {&info.ref, &info.name, &info.category, &info.description, &info.building,
                              &info.opening_hours, &info.phone, &info.email, &info.website};
    message m = {NULL, 0, 0, 0};
    say(&m, "{\"index\":%u,\"kind\":%u", place, info.kind);
    for (int i = 0; i < 9; i++) say(&m, ",\"%s\":", names[i]), say_json_nb_text(&m, texts[i]->text, texts[i]->length);
    say(&m, info.level == NB_NONE ? ",\"level\":null" : ",\"level\":%u", info.level);
    say(&m, info.node == NB_NONE ? ",\"node\":null" : ",\"node\":%u", info.node);
    say(&m, info.capacity < 0 ? ",\"capacity\":null" : ",\"capacity\":%d", (int)info.capacity);
    if (info.positioned) {
        say(&m, ",\"latitude\":"), say_json_number(&m, info.latitude / 1e7);
        say(&m, ",\"longitude\":"), say_json_number(&m, info.longitude / 1e7);
    } else {
        say(&m, ",\"latitude\":null,\"longitude\":null");
    }
    say(&m, ",\"geofenceRadius\":"), say_json_number(&m, info.geofence_radius / 100.0), say(&m, "}");
    return json_answer(b, &m, json, length);
}

nb_status nb_event_json(nb_bundle *b, uint32_t event, char **json, size_t *length) {
    *json = NULL, *length = 0;
    nb_event info;
    nb_status status = nb_event_info(b, event, &info);
    if (status != NB_OK) return status;
    message m = {NULL, 0, 0, 0};
    say(&m, "{\"index\":%u,\"place\":%u,\"title\":", event, info.place);
    say_json_nb_text(&m, info.title.text, info.title.length), say(&m, ",\"description\":");
    say_json_nb_text(&m, info.description.text, info.description.length);
    say(&m, ",\"start\":%lld,\"end\":%lld}", (long long)info.start, (long long)info.end);
    return json_answer(b, &m, json, length);
}

nb_status nb_sections_json(nb_bundle *b, char **json, size_t *length) {
    *json = NULL, *length = 0;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (size_t i = 0; i < nb_section_count(b); i++) {
        nb_section entry;
        nb_section_entry(b, i, &entry);
        say(&m, i ? ",{\"tag\":" : "{\"tag\":"), say_json_nb_text(&m, entry.tag, 4);
        say(&m, ",\"version\":%u,\"offset\":%llu,\"length\":%llu}", (unsigned)entry.version,
            (unsigned long long)entry.offset, (unsigned long long)entry.length);
    }
    say(&m, "]");
    return json_answer(b, &m, json, length);
}

nb_status nb_guidance_languages_json(nb_bundle *b, char **json, size_t *length) {
    *json = NULL, *length = 0;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (uint32_t i = 0; i < nb_guidance_language_count(b); i++) {
        nb_text code, endonym;
        nb_status status = nb_guidance_language(b, i, &code, &endonym);
        if (status != NB_OK) return free(m.text), status;
        say(&m, i ? "," : ""), say_json_nb_text(&m, code.text, code.length);
    }
    say(&m, "]");
    return json_answer(b, &m, json, length);
}

nb_status nb_search_prefix_json(nb_bundle *b, const char *query, size_t limit, char **json, size_t *length) {
    *json = NULL, *length = 0;
    size_t capacity = limit < nb_place_count(b) ? limit : nb_place_count(b), count = 0;
    nb_match *matches = malloc(sizeof *matches * (capacity ? capacity : 1));
    if (matches == NULL) return out_of_memory(b);
    nb_status status = nb_search_prefix(b, query, limit, matches, capacity, &count);
    if (status != NB_OK) return free(matches), status;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (size_t i = 0; i < count && i < capacity; i++)
        say(&m, "%s{\"place\":%u,\"field\":%u}", i ? "," : "", matches[i].place, (unsigned)matches[i].field);
    say(&m, "]");
    free(matches);
    return json_answer(b, &m, json, length);
}

nb_status nb_crowd_json(nb_bundle *b, const char *counts, size_t count_length, char **json, size_t *length) {
    *json = NULL, *length = 0;
    nb_crowd_area *areas;
    size_t count;
    nb_status status = nb_crowd(b, counts, count_length, &areas, &count);
    if (status != NB_OK) return status;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (size_t i = 0; i < count; i++) {
        say(&m, "%s{\"outline\":%u,\"level\":%u,\"accessPoint\":", i ? "," : "", areas[i].outline, areas[i].level);
        say_json_nb_text(&m, areas[i].access_point.text, areas[i].access_point.length);
        say(&m, ",\"people\":%llu,\"density\":", (unsigned long long)areas[i].people);
        say_json_number(&m, areas[i].density);
        if (areas[i].factor == NB_NONE) say(&m, ",\"factor\":null}");
        else say(&m, ",\"factor\":%u}", areas[i].factor);
    }
    say(&m, "]");
    free(areas);
    return json_answer(b, &m, json, length);
}

/* 1e-7 degrees as a decimal with seven places, as the Swift reader writes them. */
static void say_degrees(message *m, int32_t fixed) {
    int64_t magnitude = fixed < 0 ? -(int64_t)fixed : fixed;
    say(m, "%s%lld.%07lld", fixed < 0 ? "-" : "", (long long)(magnitude / 10000000), (long long)(magnitude % 10000000));
}

nb_status nb_crowd_conditions_json(nb_bundle *b, const char *counts, size_t count_length, char **json, size_t *length) {
    *json = NULL, *length = 0;
    nb_crowd_area *areas;
    size_t count;
    nb_status status = nb_crowd(b, counts, count_length, &areas, &count);
    if (status != NB_OK) return status;
    message m = {NULL, 0, 0, 0};
    const outline_index *x = &b->outline;
    /* The closed areas, then the slowed ones, each in area order. */
    for (int slow = 0; slow <= 1 && status == NB_OK; slow++) {
        say(&m, slow ? "],\"slow\":[" : "{\"closed\":[");
        int first = 1;
        for (size_t i = 0; i < count && status == NB_OK; i++) {
            if (areas[i].factor == 1000 || (areas[i].factor == NB_NONE) == slow) continue;
            /* The exterior ring: OUTL's check gives every outline one at least. */
            uint32_t ring = rd32(x->ring_first + 4 * (size_t)areas[i].outline), start = 0, end = 0;
            if (ring < rd32(x->ring_first + 4 * ((size_t)areas[i].outline + 1)))
                start = rd32(x->point_first + 4 * (size_t)ring), end = rd32(x->point_first + 4 * ((size_t)ring + 1));
            say(&m, "%s{\"polygon\":[", first ? "" : ",");
            first = 0;
            for (uint32_t point = start; point < end; point++) {
                say(&m, point > start ? ",[" : "[");
                say_degrees(&m, (int32_t)rd32(x->points + 8 * (size_t)point));
                say(&m, ",");
                say_degrees(&m, (int32_t)rd32(x->points + 8 * (size_t)point + 4));
                say(&m, "]");
            }
            nb_level level;
            if ((status = nb_level_info(b, areas[i].level, &level)) != NB_OK) break;
            say(&m, "],\"level\":");
            say_json_text(&m, (const uint8_t *)level.id.text, level.id.length);
            if (slow) say(&m, ",\"factor\":%u.%03u}", areas[i].factor / 1000, areas[i].factor % 1000);
            else say(&m, "}");
        }
    }
    say(&m, "]}");
    free(areas);
    if (status != NB_OK) return free(m.text), status;
    return json_answer(b, &m, json, length);
}

static const char *const tour_kind_words[] = {"foot", "hiking", "running", "fitness_trail"};

nb_status nb_tours_json(nb_bundle *b, char **json, size_t *length) {
    *json = NULL, *length = 0;
    uint32_t count;
    nb_status status = nb_tour_count(b, &count);
    if (status != NB_OK) return status;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (uint32_t t = 0; t < count && status == NB_OK; t++) {
        nb_tour tour;
        if ((status = nb_tour_info(b, t, &tour)) != NB_OK) break;
        say(&m, "%s{\"name\":", t ? "," : "");
        say_json_nb_text(&m, tour.name.text, tour.name.length);
        say(&m, ",\"source\":");
        say_json_nb_text(&m, tour.source.text, tour.source.length);
        say(&m, ",\"kind\":\"%s\",\"start\":%u,\"end\":%u,\"length\":%llu,\"arcs\":[", tour_kind_words[tour.kind],
            tour.start, tour.end, (unsigned long long)tour.length);
        uint32_t first = rd32(b->tour.first + 4 * (size_t)t);
        for (size_t i = 0; i < tour.arc_count; i++) say(&m, i ? ",%u" : "%u", rd32(b->tour.arcs + 4 * (first + i)));
        say(&m, "],\"durations\":[");
        for (uint32_t p = 0; p < b->profiles && status == NB_OK; p++) {
            uint64_t duration;
            if ((status = nb_tour_duration(b, p, t, &duration)) != NB_OK) break;
            if (duration == UINT64_MAX) say(&m, p ? ",null" : "null");
            else say(&m, p ? ",%llu" : "%llu", (unsigned long long)duration);
        }
        say(&m, "]}");
    }
    say(&m, "]");
    if (status != NB_OK) return free(m.text), status;
    return json_answer(b, &m, json, length);
}

nb_status nb_tour_search_json(nb_bundle *b, const char *query, char **json, size_t *length) {
    *json = NULL, *length = 0;
    uint32_t count;
    nb_status status = nb_tour_count(b, &count);
    if (status != NB_OK) return status;
    uint32_t *tours = malloc(sizeof *tours * (count ? count : 1));
    if (tours == NULL) return out_of_memory(b);
    size_t found;
    if ((status = nb_tour_search(b, query, tours, count, &found)) != NB_OK) return free(tours), status;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (size_t i = 0; i < found; i++) say(&m, i ? ",%u" : "%u", tours[i]);
    say(&m, "]");
    free(tours);
    return json_answer(b, &m, json, length);
}

nb_status nb_nearest_json(nb_bundle *b, uint32_t profile, const nb_metric *metric, uint32_t from, const char *category,
                          const char *keyword, const char *levels, int32_t min_capacity, const uint32_t *among,
                          size_t among_count, int has_among, size_t limit, char **json, size_t *length) {
    *json = NULL, *length = 0;
    nb_place_filter filter = {category, keyword, levels, min_capacity, has_among ? among : NULL, has_among ? among_count : 0};
    /* An empty list admits no place, so it needs an address that is not NULL. */
    static const uint32_t none = 0;
    if (has_among && filter.among == NULL) filter.among = &none, filter.among_count = 0;
    size_t room = limit < nb_place_count(b) ? limit : nb_place_count(b), count = 0;
    nb_nearby *found = malloc(sizeof *found * (room ? room : 1));
    nb_path *paths = malloc(sizeof *paths * (room ? room : 1));
    if (found == NULL || paths == NULL) return free(found), free(paths), out_of_memory(b);
    nb_status status = metric ? nb_nearest_metric(b, metric, from, &filter, room, found, paths, &count)
                              : nb_nearest(b, profile, from, &filter, room, found, paths, &count);
    message m = {NULL, 0, 0, 0};
    if (status == NB_OK) {
        say(&m, "[");
        for (size_t i = 0; i < count; i++) {
            say(&m, "%s{\"place\":%u,\"node\":%u,\"duration\":%llu,\"length\":%llu,\"nodes\":[", i ? "," : "",
                found[i].place, found[i].node, (unsigned long long)found[i].duration, (unsigned long long)found[i].length);
            for (size_t n = 0; n < paths[i].node_count; n++) say(&m, n ? ",%u" : "%u", paths[i].nodes[n]);
            say(&m, "]}");
        }
        say(&m, "]");
    }
    for (size_t i = 0; i < room; i++) nb_path_free(&paths[i]);
    free(found), free(paths);
    if (status != NB_OK) return free(m.text), status;
    return json_answer(b, &m, json, length);
}

nb_status nb_geofence_json(nb_bundle *b, double latitude, double longitude, const uint32_t *levels, size_t level_count,
                           char **json, size_t *length) {
    *json = NULL, *length = 0;
    nb_geofence_hit *hits;
    size_t count;
    nb_status status = nb_geofence(b, latitude, longitude, levels, level_count, &hits, &count);
    if (status != NB_OK) return status;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (size_t i = 0; i < count; i++) {
        say(&m, "%s{\"place\":%u,\"inside\":%s,\"metres\":", i ? "," : "", hits[i].place, hits[i].inside ? "true" : "false");
        if (hits[i].has_position) say_json_number(&m, hits[i].metres);
        else say(&m, "null");
        say(&m, "}");
    }
    say(&m, "]");
    free(hits);
    return json_answer(b, &m, json, length);
}

nb_status nb_geofence_events_json(nb_bundle *b, const double *latitudes, const double *longitudes,
                                  const uint32_t *level_first, const uint32_t *levels, size_t count, char **json,
                                  size_t *length) {
    *json = NULL, *length = 0;
    nb_geofence_position *track = malloc(sizeof *track * (count ? count : 1));
    if (track == NULL) return out_of_memory(b);
    for (size_t i = 0; i < count; i++) {
        if (level_first[i] > level_first[i + 1]) {
            free(track);
            return refuse(b, NB_ERROR_ARGUMENT, "the levels of position %zu run backwards", i);
        }
        track[i] = (nb_geofence_position){latitudes[i], longitudes[i], levels + level_first[i],
                                          level_first[i + 1] - level_first[i]};
    }
    nb_geofence_event *events;
    size_t event_count;
    nb_status status = nb_geofence_events(b, track, count, &events, &event_count);
    free(track);
    if (status != NB_OK) return status;
    message m = {NULL, 0, 0, 0};
    say(&m, "[");
    for (size_t i = 0; i < event_count; i++)
        say(&m, "%s{\"position\":%zu,\"kind\":\"%s\",\"place\":%u}", i ? "," : "", events[i].position,
            events[i].kind == NB_GEOFENCE_ENTER ? "enter" : "leave", events[i].place);
    say(&m, "]");
    free(events);
    return json_answer(b, &m, json, length);
}

/* `write`'s words (nb_maneuver_instruction's or nb_spoken_distance's) in a buffer of the caller's:
 * on the stack when they fit, as they nearly always do, else measured and written again. */
typedef nb_status (*words_writer)(nb_bundle *b, const nb_maneuver *maneuver, const char *language,
                                  const char *destination, uint64_t centimetres, char *text, size_t capacity,
                                  size_t *length);

static nb_status allocated_words(nb_bundle *b, words_writer write, const nb_maneuver *maneuver, const char *language,
                                 const char *destination, uint64_t centimetres, char **text, size_t *length) {
    char buffer[512];
    *text = NULL, *length = 0;
    nb_status status = write(b, maneuver, language, destination, centimetres, buffer, sizeof buffer, length);
    int larger = status == NB_ERROR_ARGUMENT && *length >= sizeof buffer;
    if (status != NB_OK && !larger) return *length = 0, status;
    if ((*text = malloc(*length + 1)) == NULL) return *length = 0, out_of_memory(b);
    if (!larger) return memcpy(*text, buffer, *length + 1), NB_OK;
    status = write(b, maneuver, language, destination, centimetres, *text, *length + 1, length);
    if (status != NB_OK) free(*text), *text = NULL, *length = 0;
    return status;
}

static nb_status instruction_words(nb_bundle *b, const nb_maneuver *maneuver, const char *language,
                                   const char *destination, uint64_t centimetres, char *text, size_t capacity,
                                   size_t *length) {
    (void)centimetres;
    return nb_maneuver_instruction(b, maneuver, language, destination, text, capacity, length);
}

static nb_status distance_words(nb_bundle *b, const nb_maneuver *maneuver, const char *language,
                                const char *destination, uint64_t centimetres, char *text, size_t capacity,
                                size_t *length) {
    (void)maneuver, (void)destination;
    return nb_spoken_distance(b, language, centimetres, text, capacity, length);
}

nb_status nb_maneuver_instruction_text(nb_bundle *b, const nb_maneuver *maneuver, const char *language,
                                       const char *destination, char **text, size_t *length) {
    return allocated_words(b, instruction_words, maneuver, language, destination, 0, text, length);
}

nb_status nb_spoken_distance_text(nb_bundle *b, const char *language, uint64_t centimetres, char **text,
                                  size_t *length) {
    return allocated_words(b, distance_words, NULL, language, NULL, centimetres, text, length);
}

double nb_round_half_away(double value) { return round(value); }
