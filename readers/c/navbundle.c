/* navbundle: a C99 reader of navforge bundles. See navbundle.h and docs/bundle-format.md. */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define HEADER_SIZE 64u
#define ENTRY_SIZE 32u
#define SUPPORTED_MAJOR 0u
#define ORIGINAL_ARC 0x80000000u
#define HIERARCHY_MAGIC 0x32764843u /* "CHv2" */

typedef struct {
    char tag[5];
    uint16_t version;
    uint64_t offset, length, checksum;
} section;

/* A CHxx section: `words` is its start, each array an offset in u32 words from it. */
typedef struct {
    int state; /* 0 unchecked, 1 valid, -1 refused */
    const uint8_t *words;
    uint32_t n, u, d;
    size_t rank, node_at_rank, up_first, up_head, up_weight, up_via, down_first, down_tail, down_weight, down_via,
        halves;
} hierarchy;

struct nb_bundle {
    char path[512];
    char error[512];
    const uint8_t *data;
    size_t size;
    uint16_t major, minor;
    section *sections;
    size_t section_count;
    uint32_t nodes, arcs;
    const uint8_t *first_out, *arc_entries;
    uint32_t profiles;
    const uint8_t *prof;
    const uint8_t *strs;
    uint64_t strs_length;
    hierarchy *hierarchies;
};

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

static void fail(char *buffer, size_t size, const char *format, ...) {
    if (buffer == NULL || size == 0) return;
    va_list list;
    va_start(list, format);
    vsnprintf(buffer, size, format, list);
    va_end(list);
}

/* ---- SHA-256 (FIPS 180-4), for the section checksums ---- */

static const uint32_t sha_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

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

/* The first 8 bytes of the SHA-256 of `bytes`, read as a little-endian u64. */
static uint64_t checksum(const uint8_t *bytes, uint64_t length) {
    uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    uint64_t whole = length / 64 * 64;
    for (uint64_t at = 0; at < whole; at += 64) sha_block(state, bytes + at);
    uint8_t tail[128] = {0};
    uint64_t rest = length - whole;
    memcpy(tail, bytes + whole, (size_t)rest);
    tail[rest] = 0x80;
    size_t blocks = rest + 9 <= 64 ? 1 : 2;
    uint64_t bits = length * 8;
    for (int i = 0; i < 8; i++) tail[blocks * 64 - 1 - i] = (uint8_t)(bits >> (8 * i));
    for (size_t i = 0; i < blocks; i++) sha_block(state, tail + 64 * i);
    uint8_t digest[8];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++) digest[4 * i + j] = (uint8_t)(state[i] >> (24 - 8 * j));
    uint64_t value = 0;
    for (int i = 7; i >= 0; i--) value = value << 8 | digest[i];
    return value;
}

/* ---- Opening ---- */

static const section *find_section(const nb_bundle *b, const char *tag) {
    for (size_t i = 0; i < b->section_count; i++)
        if (memcmp(b->sections[i].tag, tag, 4) == 0) return &b->sections[i];
    return NULL;
}

static int compare_offsets(const void *x, const void *y) {
    const section *a = *(const section *const *)x, *c = *(const section *const *)y;
    return a->offset < c->offset ? -1 : a->offset > c->offset;
}

static nb_status read_table(nb_bundle *b) {
    const uint8_t *h = b->data;
    if (memcmp(h, "NAVFBNDL", 8) != 0) return fail(b->error, sizeof b->error, "%s: not a navforge bundle", b->path), NB_ERROR_FORMAT;
    b->major = (uint16_t)(h[8] | h[9] << 8);
    b->minor = (uint16_t)(h[10] | h[11] << 8);
    if (b->major != SUPPORTED_MAJOR)
        return fail(b->error, sizeof b->error, "%s: format %u.%u is not supported; this reader reads %u.x", b->path,
                    b->major, b->minor, SUPPORTED_MAJOR), NB_ERROR_FORMAT;
    uint32_t count = rd32(h + 16), header_size = rd32(h + 20);
    uint64_t file_size = rd64(h + 24);
    if (file_size != b->size)
        return fail(b->error, sizeof b->error, "%s: header says %llu bytes, the file has %llu: truncated or extended",
                    b->path, (unsigned long long)file_size, (unsigned long long)b->size), NB_ERROR_FORMAT;
    uint64_t table_end = (uint64_t)header_size + (uint64_t)count * ENTRY_SIZE;
    if (header_size < HEADER_SIZE || table_end > b->size)
        return fail(b->error, sizeof b->error, "%s: a section table of %u entries does not fit the file", b->path, count),
               NB_ERROR_FORMAT;
    b->sections = calloc(count ? count : 1, sizeof(section));
    section **order = calloc(count ? count : 1, sizeof(section *));
    if (b->sections == NULL || order == NULL) return free(order), NB_ERROR_MEMORY;
    b->section_count = count;
    nb_status status = NB_OK;
    for (uint32_t i = 0; i < count && status == NB_OK; i++) {
        const uint8_t *e = h + header_size + (size_t)i * ENTRY_SIZE;
        section *s = &b->sections[i];
        for (int c = 0; c < 4; c++) s->tag[c] = (e[c] >= 32 && e[c] < 127) ? (char)e[c] : '?';
        s->tag[4] = 0;
        s->version = (uint16_t)(e[4] | e[5] << 8);
        s->offset = rd64(e + 8), s->length = rd64(e + 16), s->checksum = rd64(e + 24);
        if (s->offset % 8 || s->offset < table_end || s->length > b->size || s->offset > b->size - s->length) {
            fail(b->error, sizeof b->error, "%s: section %s lies outside the file's sections", b->path, s->tag);
            status = NB_ERROR_FORMAT;
        }
        for (uint32_t j = 0; j < i && status == NB_OK; j++)
            if (memcmp(b->sections[j].tag, s->tag, 4) == 0) {
                fail(b->error, sizeof b->error, "%s: section %s appears twice", b->path, s->tag);
                status = NB_ERROR_FORMAT;
            }
        order[i] = s;
    }
    if (status == NB_OK) {
        qsort(order, count, sizeof(section *), compare_offsets);
        for (uint32_t i = 1; i < count && status == NB_OK; i++)
            if (order[i]->offset < order[i - 1]->offset + order[i - 1]->length) {
                fail(b->error, sizeof b->error, "%s: sections %s and %s overlap", b->path, order[i - 1]->tag, order[i]->tag);
                status = NB_ERROR_FORMAT;
            }
    }
    free(order);
    return status;
}

static nb_status verify_checksums(nb_bundle *b) {
    for (size_t i = 0; i < b->section_count; i++) {
        const section *s = &b->sections[i];
        if (checksum(b->data + s->offset, s->length) != s->checksum)
            return fail(b->error, sizeof b->error, "%s: checksum mismatch in section %s: the file is corrupt", b->path,
                        s->tag), NB_ERROR_CHECKSUM;
    }
    return NB_OK;
}

/* ARCS, PROF and STRS, checked once on open: every route needs them. */
static nb_status read_graph(nb_bundle *b) {
    const section *arcs = find_section(b, "ARCS"), *prof = find_section(b, "PROF"), *strs = find_section(b, "STRS");
    if (!arcs || !prof || !strs)
        return fail(b->error, sizeof b->error, "%s: ARCS, PROF or STRS is missing", b->path), NB_ERROR_FORMAT;
    const uint8_t *a = b->data + arcs->offset;
    if (arcs->length < 8) return fail(b->error, sizeof b->error, "%s: ARCS is too short", b->path), NB_ERROR_FORMAT;
    uint64_t nodes = rd32(a), count = rd32(a + 4);
    uint64_t table = 8 + 4 * (nodes + 1), entries = (table + 7) / 8 * 8;
    if (entries + 16 * count != arcs->length)
        return fail(b->error, sizeof b->error, "%s: ARCS does not hold %llu nodes and %llu arcs", b->path,
                    (unsigned long long)nodes, (unsigned long long)count), NB_ERROR_FORMAT;
    b->nodes = (uint32_t)nodes, b->arcs = (uint32_t)count;
    b->first_out = a + 8, b->arc_entries = a + entries;
    if (rd32(b->first_out) != 0 || rd32(b->first_out + 4 * nodes) != count)
        return fail(b->error, sizeof b->error, "%s: ARCS offsets do not rise to %u", b->path, b->arcs), NB_ERROR_FORMAT;
    for (uint32_t v = 0; v < b->nodes; v++)
        if (rd32(b->first_out + 4 * v) > rd32(b->first_out + 4 * (v + 1)))
            return fail(b->error, sizeof b->error, "%s: ARCS offsets fall at node %u", b->path, v), NB_ERROR_FORMAT;
    for (uint32_t e = 0; e < b->arcs; e++)
        if (rd32(b->arc_entries + 16 * (size_t)e) >= b->nodes)
            return fail(b->error, sizeof b->error, "%s: arc %u ends outside the nodes", b->path, e), NB_ERROR_FORMAT;
    const uint8_t *p = b->data + prof->offset;
    if (prof->length < 8) return fail(b->error, sizeof b->error, "%s: PROF is too short", b->path), NB_ERROR_FORMAT;
    uint64_t profiles = rd32(p);
    if (rd32(p + 4) != b->arcs || 8 + 8 * profiles + 4 * profiles * (uint64_t)b->arcs != prof->length)
        return fail(b->error, sizeof b->error, "%s: PROF does not hold %llu profiles of %u arcs", b->path,
                    (unsigned long long)profiles, b->arcs), NB_ERROR_FORMAT;
    b->profiles = (uint32_t)profiles, b->prof = p;
    b->strs = b->data + strs->offset, b->strs_length = strs->length;
    b->hierarchies = calloc(profiles ? profiles : 1, sizeof(hierarchy));
    return b->hierarchies ? NB_OK : NB_ERROR_MEMORY;
}

nb_status nb_open(const char *path, int verify, nb_bundle **out, char *message, size_t message_size) {
    *out = NULL;
    nb_bundle *b = calloc(1, sizeof *b);
    if (b == NULL) return NB_ERROR_MEMORY;
    snprintf(b->path, sizeof b->path, "%s", path);
    int fd = open(path, O_RDONLY);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0) {
        fail(message, message_size, "%s: %s", path, strerror(errno));
        if (fd >= 0) close(fd);
        free(b);
        return NB_ERROR_IO;
    }
    b->size = (size_t)info.st_size;
    if (b->size < HEADER_SIZE) {
        fail(message, message_size, "%s: %llu bytes is too short for a bundle header", path, (unsigned long long)b->size);
        close(fd);
        free(b);
        return NB_ERROR_FORMAT;
    }
    void *mapped = mmap(NULL, b->size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (mapped == MAP_FAILED) {
        fail(message, message_size, "%s: %s", path, strerror(errno));
        free(b);
        return NB_ERROR_IO;
    }
    b->data = mapped;
    nb_status status = read_table(b);
    if (status == NB_OK && verify) status = verify_checksums(b);
    if (status == NB_OK) status = read_graph(b);
    if (status != NB_OK) {
        fail(message, message_size, "%s", status == NB_ERROR_MEMORY ? "out of memory" : b->error);
        nb_close(b);
        return status;
    }
    *out = b;
    return NB_OK;
}

void nb_close(nb_bundle *b) {
    if (b == NULL) return;
    if (b->data) munmap((void *)b->data, b->size);
    free(b->sections);
    free(b->hierarchies);
    free(b);
}

const char *nb_last_error(const nb_bundle *b) { return b->error; }
uint16_t nb_format_major(const nb_bundle *b) { return b->major; }
uint16_t nb_format_minor(const nb_bundle *b) { return b->minor; }
size_t nb_section_count(const nb_bundle *b) { return b->section_count; }
uint32_t nb_node_count(const nb_bundle *b) { return b->nodes; }
uint32_t nb_profile_count(const nb_bundle *b) { return b->profiles; }

nb_status nb_section_info(const nb_bundle *b, size_t index, char tag[5], uint64_t *offset, uint64_t *length) {
    if (index >= b->section_count) return NB_ERROR_ARGUMENT;
    memcpy(tag, b->sections[index].tag, 5);
    *offset = b->sections[index].offset, *length = b->sections[index].length;
    return NB_OK;
}

/* String `index` of STRS, or NULL when it lies outside the section. */
static const char *string_at(const nb_bundle *b, uint32_t index, size_t *length) {
    if (b->strs_length < 8) return NULL;
    uint64_t count = rd32(b->strs), table = 8 + 4 * (count + 1);
    if (index >= count || table > b->strs_length) return NULL;
    uint32_t start = rd32(b->strs + 8 + 4 * (size_t)index), end = rd32(b->strs + 12 + 4 * (size_t)index);
    if (start > end || table + end > b->strs_length) return NULL;
    *length = end - start;
    return (const char *)b->strs + table + start;
}

const char *nb_profile_name(const nb_bundle *b, uint32_t index, size_t *length) {
    if (index >= b->profiles) return NULL;
    return string_at(b, rd32(b->prof + 8 + 8 * (size_t)index), length);
}

int nb_profile_index(const nb_bundle *b, const char *name) {
    for (uint32_t i = 0; i < b->profiles; i++) {
        size_t length = 0;
        const char *text = nb_profile_name(b, i, &length);
        if (text && length == strlen(name) && memcmp(text, name, length) == 0) return (int)i;
    }
    return -1;
}

/* ---- Hierarchies ---- */

#define W(h, array, i) rd32((h)->words + 4 * ((h)->array + (size_t)(i)))

static size_t slot_up(const hierarchy *h, uint32_t arc, uint32_t node) { return W(h, down_first, node + 1) + (size_t)arc; }
static size_t slot_down(const hierarchy *h, uint32_t arc, uint32_t node) { return W(h, up_first, node) + (size_t)arc; }

/* Input arcs an arc stands for (bounded), or 0 when the arc is invalid. */
static uint64_t arc_size(const hierarchy *h, uint32_t via, uint32_t first, uint32_t second, uint32_t weight, uint32_t tail,
                         uint32_t head, uint32_t owner, const uint64_t *up_size, const uint64_t *down_size,
                         uint32_t input_arcs, uint64_t limit) {
    if (via & ORIGINAL_ARC) return first == via && second == via && (via & ~ORIGINAL_ARC) < input_arcs ? 1 : 0;
    uint32_t middle = via;
    if (middle >= owner) return 0;
    uint64_t down = (uint64_t)first - W(h, up_first, middle), up = (uint64_t)second - W(h, down_first, middle + 1);
    if (first < W(h, up_first, middle) || second < W(h, down_first, middle + 1)) return 0;
    if (down < W(h, down_first, middle) || down >= W(h, down_first, middle + 1)) return 0;
    if (up < W(h, up_first, middle) || up >= W(h, up_first, middle + 1)) return 0;
    if (W(h, down_tail, down) != tail || W(h, up_head, up) != head) return 0;
    if ((uint64_t)W(h, down_weight, down) + W(h, up_weight, up) != weight) return 0;
    uint64_t total = down_size[down] + up_size[up];
    return total <= limit ? total : 0;
}

static nb_status check_hierarchy(nb_bundle *b, hierarchy *h, const char *tag) {
    uint32_t n = h->n;
    nb_status bad = NB_ERROR_FORMAT;
    uint8_t *seen = calloc(n ? n : 1, 1);
    uint64_t *up_size = calloc(h->u ? h->u : 1, sizeof(uint64_t)), *down_size = calloc(h->d ? h->d : 1, sizeof(uint64_t));
    if (!seen || !up_size || !down_size) { bad = NB_ERROR_MEMORY; goto done; }
    if ((uint64_t)h->u + h->d >= ORIGINAL_ARC) goto refuse;
    for (uint32_t r = 0; r < n; r++) {
        uint32_t node = W(h, node_at_rank, r);
        if (node >= n || seen[node] || W(h, rank, node) != r) goto refuse;
        seen[node] = 1;
    }
    size_t firsts[2] = {h->up_first, h->down_first}, others[2] = {h->up_head, h->down_tail};
    uint32_t counts[2] = {h->u, h->d};
    for (int g = 0; g < 2; g++) {
        if (rd32(h->words + 4 * firsts[g]) != 0 || rd32(h->words + 4 * (firsts[g] + n)) != counts[g]) goto refuse;
        for (uint32_t r = 0; r < n; r++)
            if (rd32(h->words + 4 * (firsts[g] + r)) > rd32(h->words + 4 * (firsts[g] + r + 1))) goto refuse;
        for (uint32_t r = 0; r < n; r++) {
            uint32_t previous = r;
            for (uint32_t a = rd32(h->words + 4 * (firsts[g] + r)); a < rd32(h->words + 4 * (firsts[g] + r + 1)); a++) {
                uint32_t other = rd32(h->words + 4 * (others[g] + a));
                if (other <= previous || other >= n) goto refuse;
                previous = other;
            }
        }
    }
    uint64_t limit = b->arcs ? b->arcs : 1;
    for (uint32_t r = 0; r < n; r++) {
        for (uint32_t a = W(h, up_first, r); a < W(h, up_first, r + 1); a++) {
            size_t at = slot_up(h, a, r);
            up_size[a] = arc_size(h, W(h, up_via, a), W(h, halves, 2 * at), W(h, halves, 2 * at + 1), W(h, up_weight, a), r,
                                  W(h, up_head, a), r, up_size, down_size, b->arcs, limit);
            if (up_size[a] == 0) goto refuse;
        }
        for (uint32_t a = W(h, down_first, r); a < W(h, down_first, r + 1); a++) {
            size_t at = slot_down(h, a, r);
            down_size[a] = arc_size(h, W(h, down_via, a), W(h, halves, 2 * at), W(h, halves, 2 * at + 1),
                                    W(h, down_weight, a), W(h, down_tail, a), r, r, up_size, down_size, b->arcs, limit);
            if (down_size[a] == 0) goto refuse;
        }
    }
    bad = NB_OK;
    goto done;
refuse:
    fail(b->error, sizeof b->error, "%s: %s is not a valid contraction hierarchy", b->path, tag);
done:
    free(seen), free(up_size), free(down_size);
    return bad;
}

static nb_status load_hierarchy(nb_bundle *b, uint32_t profile, hierarchy **out) {
    hierarchy *h = &b->hierarchies[profile];
    char tag[5];
    snprintf(tag, sizeof tag, "CH%02X", profile & 0xFF);
    if (h->state == -1) return fail(b->error, sizeof b->error, "%s: %s is not a valid contraction hierarchy", b->path, tag), NB_ERROR_FORMAT;
    if (h->state == 0) {
        const section *s = find_section(b, tag);
        if (s == NULL) return fail(b->error, sizeof b->error, "%s: no contraction hierarchy %s", b->path, tag), NB_ERROR_FORMAT;
        const uint8_t *w = b->data + s->offset;
        if (s->length < 16 || s->length % 4 || rd32(w) != HIERARCHY_MAGIC)
            return h->state = -1, fail(b->error, sizeof b->error, "%s: %s is not a CHv2 hierarchy", b->path, tag), NB_ERROR_FORMAT;
        uint64_t n = rd32(w + 4), u = rd32(w + 8), d = rd32(w + 12);
        if (s->length / 4 != 4 + 4 * n + 2 + 5 * (u + d))
            return h->state = -1, fail(b->error, sizeof b->error, "%s: %s has the wrong length", b->path, tag), NB_ERROR_FORMAT;
        if (n != b->nodes)
            return h->state = -1, fail(b->error, sizeof b->error, "%s: %s has %llu nodes, ARCS %u", b->path, tag,
                                        (unsigned long long)n, b->nodes), NB_ERROR_FORMAT;
        h->words = w, h->n = (uint32_t)n, h->u = (uint32_t)u, h->d = (uint32_t)d;
        h->rank = 4, h->node_at_rank = 4 + n, h->up_first = 4 + 2 * n, h->up_head = h->up_first + n + 1;
        h->up_weight = h->up_head + u, h->up_via = h->up_weight + u, h->down_first = h->up_via + u;
        h->down_tail = h->down_first + n + 1, h->down_weight = h->down_tail + d, h->down_via = h->down_weight + d;
        h->halves = h->down_via + d;
        nb_status status = check_hierarchy(b, h, tag);
        if (status != NB_OK) { h->state = status == NB_ERROR_MEMORY ? 0 : -1; return status; }
        h->state = 1;
    }
    *out = h;
    return NB_OK;
}

/* One upward search: every node it reaches, with distance, arc and previous node. */
typedef struct {
    uint64_t *distance;
    uint32_t *arc, *previous;
    uint8_t *settled;
} search;

typedef struct { uint64_t key; uint32_t node; } heap_entry;

static int run_search(const hierarchy *h, uint32_t start, int up, search *s) {
    uint32_t n = h->n;
    s->distance = malloc(sizeof(uint64_t) * n), s->arc = malloc(sizeof(uint32_t) * n);
    s->previous = malloc(sizeof(uint32_t) * n), s->settled = calloc(n, 1);
    size_t capacity = 64, count = 0;
    heap_entry *heap = malloc(sizeof(heap_entry) * capacity);
    if (!s->distance || !s->arc || !s->previous || !s->settled || !heap) return free(heap), 0;
    for (uint32_t i = 0; i < n; i++) s->distance[i] = UINT64_MAX, s->arc[i] = NB_NONE, s->previous[i] = NB_NONE;
    size_t first = up ? h->up_first : h->down_first, other = up ? h->up_head : h->down_tail;
    size_t weight = up ? h->up_weight : h->down_weight;
    s->distance[start] = 0;
    heap[count++] = (heap_entry){0, start};
    while (count > 0) {
        heap_entry top = heap[0], last = heap[--count];
        size_t at = 0; /* sift `last` down from the root */
        while (count > 0) {
            size_t child = 2 * at + 1;
            if (child >= count) break;
            if (child + 1 < count && heap[child + 1].key < heap[child].key) child++;
            if (heap[child].key >= last.key) break;
            heap[at] = heap[child], at = child;
        }
        if (count > 0) heap[at] = last;
        if (s->settled[top.node] || top.key != s->distance[top.node]) continue;
        s->settled[top.node] = 1;
        for (uint32_t a = rd32(h->words + 4 * (first + top.node)); a < rd32(h->words + 4 * (first + top.node + 1)); a++) {
            uint32_t next = rd32(h->words + 4 * (other + a));
            uint64_t total = top.key + rd32(h->words + 4 * (weight + a));
            if (total >= s->distance[next]) continue;
            s->distance[next] = total, s->arc[next] = a, s->previous[next] = top.node;
            if (count == capacity) {
                heap_entry *larger = realloc(heap, sizeof(heap_entry) * capacity * 2);
                if (!larger) return free(heap), 0;
                heap = larger, capacity *= 2;
            }
            size_t child = count++; /* sift up */
            while (child > 0 && heap[(child - 1) / 2].key > total) heap[child] = heap[(child - 1) / 2], child = (child - 1) / 2;
            heap[child] = (heap_entry){total, next};
        }
    }
    free(heap);
    return 1;
}

static void free_search(search *s) { free(s->distance), free(s->arc), free(s->previous), free(s->settled); }

nb_status nb_route(nb_bundle *b, uint32_t profile, uint32_t source, uint32_t target, uint32_t *distance,
                   uint32_t **nodes, size_t *node_count) {
    *distance = NB_NONE, *nodes = NULL, *node_count = 0;
    if (profile >= b->profiles || source >= b->nodes || target >= b->nodes)
        return fail(b->error, sizeof b->error, "%s: profile %u or node %u/%u is out of range", b->path, profile, source,
                    target), NB_ERROR_ARGUMENT;
    hierarchy *h;
    nb_status status = load_hierarchy(b, profile, &h);
    if (status != NB_OK) return status;
    search forward = {0}, backward = {0};
    uint32_t *stack = NULL, *path = NULL;
    status = NB_ERROR_MEMORY;
    if (!run_search(h, W(h, rank, source), 1, &forward) || !run_search(h, W(h, rank, target), 0, &backward)) goto done;
    uint64_t best = UINT64_MAX;
    uint32_t meeting = NB_NONE;
    for (uint32_t v = 0; v < h->n; v++) {
        if (forward.distance[v] == UINT64_MAX || backward.distance[v] == UINT64_MAX) continue;
        uint64_t total = forward.distance[v] + backward.distance[v];
        if (total < NB_NONE && total < best) best = total, meeting = v;
    }
    status = NB_OK;
    if (meeting == NB_NONE) goto done;
    /* Slots of the path's hierarchy arcs, the next to walk on top: the descent pushed last arc
     * first, then the climb, whose links run from the meeting node down. */
    size_t depth = 0, capacity = 64, arcs = 0;
    stack = malloc(sizeof(uint32_t) * capacity);
    path = malloc(sizeof(uint32_t) * ((size_t)b->arcs + 1));
    status = NB_ERROR_MEMORY;
    if (!stack || !path) goto done;
    for (uint32_t v = meeting; backward.arc[v] != NB_NONE; v = backward.previous[v]) {
        if (depth == capacity) { uint32_t *l = realloc(stack, sizeof(uint32_t) * capacity * 2); if (!l) goto done; stack = l, capacity *= 2; }
        stack[depth++] = (uint32_t)slot_down(h, backward.arc[v], backward.previous[v]);
    }
    for (size_t i = 0; i < depth / 2; i++) { uint32_t t = stack[i]; stack[i] = stack[depth - 1 - i], stack[depth - 1 - i] = t; }
    for (uint32_t v = meeting; forward.arc[v] != NB_NONE; v = forward.previous[v]) {
        if (depth == capacity) { uint32_t *l = realloc(stack, sizeof(uint32_t) * capacity * 2); if (!l) goto done; stack = l, capacity *= 2; }
        stack[depth++] = (uint32_t)slot_up(h, forward.arc[v], forward.previous[v]);
    }
    path[0] = source;
    while (depth > 0) {
        uint32_t slot = stack[--depth], first = W(h, halves, 2 * (size_t)slot);
        if (first & ORIGINAL_ARC) {
            /* A shortest path uses an input arc at most once; more means a damaged hierarchy. */
            if (arcs >= b->arcs) {
                status = NB_ERROR_FORMAT;
                fail(b->error, sizeof b->error, "%s: a route unpacks to more arcs than ARCS has", b->path);
                goto done;
            }
            path[++arcs] = rd32(b->arc_entries + 16 * (size_t)(first & ~ORIGINAL_ARC));
            continue;
        }
        if (depth + 2 > capacity) { uint32_t *l = realloc(stack, sizeof(uint32_t) * capacity * 2); if (!l) goto done; stack = l, capacity *= 2; }
        stack[depth++] = W(h, halves, 2 * (size_t)slot + 1);
        stack[depth++] = first;
    }
    *distance = (uint32_t)best, *nodes = path, *node_count = arcs + 1, path = NULL;
    status = NB_OK;
done:
    if (status == NB_ERROR_MEMORY) fail(b->error, sizeof b->error, "out of memory");
    free_search(&forward), free_search(&backward), free(stack), free(path);
    return status;
}

nb_status nb_nearest_exit(nb_bundle *b, uint32_t profile, uint32_t node, uint32_t *exit_node, uint32_t *cost,
                          uint32_t **nodes, size_t *node_count) {
    *exit_node = NB_NONE, *cost = NB_NONE, *nodes = NULL, *node_count = 0;
    if (profile >= b->profiles || node >= b->nodes)
        return fail(b->error, sizeof b->error, "%s: profile %u or node %u is out of range", b->path, profile, node),
               NB_ERROR_ARGUMENT;
    const section *s = find_section(b, "EGRS");
    if (s == NULL) return fail(b->error, sizeof b->error, "%s: no EGRS section", b->path), NB_ERROR_FORMAT;
    const uint8_t *e = b->data + s->offset;
    if (s->length < 8 || rd32(e + 4) != b->nodes || profile >= rd32(e) ||
        8 + 12 * (uint64_t)rd32(e) * b->nodes != s->length)
        return fail(b->error, sizeof b->error, "%s: EGRS has no table for profile %u", b->path, profile), NB_ERROR_FORMAT;
    const uint8_t *table = e + 8 + 12 * (size_t)b->nodes * profile;
    uint32_t goal = rd32(table + 12 * (size_t)node);
    if (goal == NB_NONE) return NB_OK;
    uint32_t *path = malloc(sizeof(uint32_t) * ((size_t)b->nodes + 1));
    if (!path) return NB_ERROR_MEMORY;
    size_t count = 0;
    uint32_t current = node;
    path[count++] = current;
    while (current != goal) {
        uint32_t arc = rd32(table + 12 * (size_t)current + 8);
        if (count > b->nodes || arc >= b->arcs || arc < rd32(b->first_out + 4 * (size_t)current) ||
            arc >= rd32(b->first_out + 4 * ((size_t)current + 1))) {
            free(path);
            return fail(b->error, sizeof b->error, "%s: EGRS does not lead from node %u to its exit", b->path, node),
                   NB_ERROR_FORMAT;
        }
        current = rd32(b->arc_entries + 16 * (size_t)arc);
        path[count++] = current;
    }
    *exit_node = goal, *cost = rd32(table + 12 * (size_t)node + 4), *nodes = path, *node_count = count;
    return NB_OK;
}
