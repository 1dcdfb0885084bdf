/*
 * navbundle: read navforge bundles from C99, with no dependencies beyond POSIX mmap.
 *
 * The layout is docs/bundle-format.md; this reader follows that text. Opening checks the
 * header, the section table and (optionally) every section's SHA-256 checksum; the first route
 * of a profile checks its contraction hierarchy in full. Every failure returns a status and
 * writes a message naming the file and the section; nothing reads outside the mapping.
 */
#ifndef NAVBUNDLE_H
#define NAVBUNDLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct nb_bundle nb_bundle;

typedef enum {
    NB_OK = 0,
    NB_ERROR_IO,       /* the file cannot be opened or mapped */
    NB_ERROR_FORMAT,   /* not a bundle, an unsupported version, or a damaged structure */
    NB_ERROR_CHECKSUM, /* a section's bytes do not match its checksum */
    NB_ERROR_ARGUMENT, /* an unknown profile or a node out of range */
    NB_ERROR_MEMORY
} nb_status;

#define NB_NONE 0xFFFFFFFFu

/* Opens and checks `path`. On failure `*out` is NULL and `message` (of `message_size` bytes,
 * may be NULL) says why. `verify_checksums` 0 skips the checksums (for a file verified before). */
nb_status nb_open(const char *path, int verify_checksums, nb_bundle **out, char *message, size_t message_size);
void nb_close(nb_bundle *bundle);

/* The message of the last failure of a call on `bundle`. */
const char *nb_last_error(const nb_bundle *bundle);

uint16_t nb_format_major(const nb_bundle *bundle);
uint16_t nb_format_minor(const nb_bundle *bundle);

/* Section `index` of the table (0 <= index < nb_section_count): its tag (4 characters and a NUL),
 * offset and length. */
size_t nb_section_count(const nb_bundle *bundle);
nb_status nb_section_info(const nb_bundle *bundle, size_t index, char tag[5], uint64_t *offset, uint64_t *length);

uint32_t nb_node_count(const nb_bundle *bundle);
uint32_t nb_profile_count(const nb_bundle *bundle);
/* The name of profile `index`, not NUL-terminated: `*length` bytes of UTF-8. */
const char *nb_profile_name(const nb_bundle *bundle, uint32_t index, size_t *length);
/* The index of the profile named `name`, or -1. */
int nb_profile_index(const nb_bundle *bundle, const char *name);

/* The fastest route from node `source` to node `target` for profile `profile`, on its contraction
 * hierarchy. `*distance` is in milliseconds, or NB_NONE when the target cannot be reached (then
 * `*nodes` is NULL). Otherwise `*nodes` (free() it) holds `*node_count` nodes, source first. */
nb_status nb_route(nb_bundle *bundle, uint32_t profile, uint32_t source, uint32_t target, uint32_t *distance,
                   uint32_t **nodes, size_t *node_count);

/* The way out from `node` by the egress table: the exit node (NB_NONE when none is reachable),
 * its cost in milliseconds and the nodes to it (free() them). */
nb_status nb_nearest_exit(nb_bundle *bundle, uint32_t profile, uint32_t node, uint32_t *exit_node, uint32_t *cost,
                          uint32_t **nodes, size_t *node_count);

#ifdef __cplusplus
}
#endif

#endif
