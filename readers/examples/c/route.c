/*
 * route BUNDLE FROM TO [PROFILE]: the C reader as a server uses it (readers/README.md, "Servers").
 *
 * The bundle is verified once, then each worker thread opens it for itself without checksums:
 * an nb_bundle keeps per-call state and must not be shared by threads, while opening again maps
 * the same pages of the file and checks the structure of the required sections, hashing nothing
 * (sections a call needs are checked on that bundle's first such call). One worker routes from
 * FROM to TO and words its maneuvers, the other finds the way out from FROM. The answers are
 * printed in the form of readers/vectors/README.md, so that `make test` compares them with the C
 * reader's own answer program.
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const char *path, *from, *to, *profile; /* to NULL: the way out from `from` */
    char answer[4096];                      /* the answer line, or the error */
    char guidance[4096];                    /* the route's turn-by-turn guidance line, for a route */
    int failed;
} job;

/* The route's maneuvers in English, each but the last with the spoken distance to the next, as
 * the `instructions` line of readers/vectors/README.md; 0 when the line does not fit. */
static int guidance_line(nb_bundle *bundle, uint32_t profile, const nb_path *path, job *j) {
    nb_maneuver *m = NULL;
    size_t count = 0, length = 0;
    int at = snprintf(j->guidance, sizeof j->guidance, "instructions en %s %u %u =>", j->profile, path->nodes[0],
                      path->nodes[path->node_count - 1]);
    if (nb_route_maneuvers(bundle, profile, path, NULL, &m, &count) != NB_OK) {
        snprintf(j->answer, sizeof j->answer, "%s", nb_last_error(bundle));
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        /* The words go straight into the line; a buffer too small is NB_ERROR_ARGUMENT. */
        const char *separator = i ? " | " : " ";
        at += snprintf(j->guidance + at, sizeof j->guidance - (size_t)at, "%s", separator);
        if ((size_t)at >= sizeof j->guidance ||
            nb_maneuver_instruction(bundle, &m[i], "en", NULL, j->guidance + at, sizeof j->guidance - (size_t)at,
                                    &length) != NB_OK)
            break;
        at += (int)length;
        if (i + 1 == count) continue;
        at += snprintf(j->guidance + at, sizeof j->guidance - (size_t)at, " (");
        if ((size_t)at >= sizeof j->guidance ||
            nb_spoken_distance(bundle, "en", m[i].distance, j->guidance + at, sizeof j->guidance - (size_t)at,
                               &length) != NB_OK)
            break;
        at += (int)length;
        at += snprintf(j->guidance + at, sizeof j->guidance - (size_t)at, ")");
    }
    free(m);
    return (size_t)at < sizeof j->guidance;
}

/* The node `text` names for `profile`, or NB_NONE with the reason in `j->answer`. */
static uint32_t endpoint_node(nb_bundle *bundle, uint32_t profile, const char *text, job *j) {
    nb_endpoint e;
    uint32_t node = NB_NONE;
    if (nb_resolve_endpoint(bundle, text, &e) != NB_OK)
        snprintf(j->answer, sizeof j->answer, "%s", nb_last_error(bundle));
    else if (e.kind != NB_ENDPOINT_PLACE && e.kind != NB_ENDPOINT_POSITION)
        snprintf(j->answer, sizeof j->answer, "'%s' names no single place (endpoint kind %d)", text, e.kind);
    else if (nb_endpoint_node(bundle, &e, profile, &node) != NB_OK || node == NB_NONE)
        snprintf(j->answer, sizeof j->answer, "'%s' is not on the %s graph", text, j->profile);
    nb_endpoint_free(&e);
    return node;
}

static void *work(void *argument) {
    job *j = argument;
    char message[512];
    nb_bundle *bundle;
    j->failed = 1;
    if (nb_open(j->path, 0, &bundle, message, sizeof message) != NB_OK) {
        snprintf(j->answer, sizeof j->answer, "%s", message);
        return NULL;
    }
    int profile = nb_profile_index(bundle, j->profile);
    uint32_t source = NB_NONE, target = NB_NONE;
    if (profile < 0) {
        snprintf(j->answer, sizeof j->answer, "no profile '%s'", j->profile);
    } else if ((source = endpoint_node(bundle, (uint32_t)profile, j->from, j)) == NB_NONE) {
        /* The reason is in the answer. */
    } else if (j->to != NULL && (target = endpoint_node(bundle, (uint32_t)profile, j->to, j)) == NB_NONE) {
        /* Likewise. */
    } else if (j->to != NULL) {
        nb_path path;
        if (nb_route_path(bundle, (uint32_t)profile, source, target, &path) != NB_OK) {
            snprintf(j->answer, sizeof j->answer, "%s", nb_last_error(bundle));
        } else {
            int at = snprintf(j->answer, sizeof j->answer, "route %s %u %u =>", j->profile, source, target);
            if (path.nodes == NULL) snprintf(j->answer + at, sizeof j->answer - (size_t)at, " none");
            else at += snprintf(j->answer + at, sizeof j->answer - (size_t)at, " %llu", (unsigned long long)path.duration);
            for (size_t i = 0; i < path.node_count && (size_t)at < sizeof j->answer; i++)
                at += snprintf(j->answer + at, sizeof j->answer - (size_t)at, " %u", path.nodes[i]);
            j->failed = (size_t)at >= sizeof j->answer; /* a path too long for the line is no answer */
            if (path.nodes != NULL && !j->failed && !guidance_line(bundle, (uint32_t)profile, &path, j)) j->failed = 1;
        }
        nb_path_free(&path);
    } else {
        uint32_t exit_node, cost, *nodes = NULL;
        size_t count;
        if (nb_nearest_exit(bundle, (uint32_t)profile, source, &exit_node, &cost, &nodes, &count) != NB_OK) {
            snprintf(j->answer, sizeof j->answer, "%s", nb_last_error(bundle));
        } else {
            if (exit_node == NB_NONE) snprintf(j->answer, sizeof j->answer, "exit %s %u => none", j->profile, source);
            else snprintf(j->answer, sizeof j->answer, "exit %s %u => %u %u", j->profile, source, exit_node, cost);
            j->failed = 0;
        }
        free(nodes);
    }
    nb_close(bundle);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: route BUNDLE FROM TO [PROFILE]\n");
        return 64;
    }
    const char *profile = argc == 5 ? argv[4] : "foot";
    /* Once, at start-up or after a download: every checksum. */
    char message[512];
    nb_bundle *checked;
    if (nb_open(argv[1], 1, &checked, message, sizeof message) != NB_OK) {
        fprintf(stderr, "error: %s\n", message);
        return 1;
    }
    nb_close(checked);

    job jobs[2] = {{argv[1], argv[2], argv[3], profile, "", "", 1}, {argv[1], argv[2], NULL, profile, "", "", 1}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        if (pthread_create(&threads[i], NULL, work, &jobs[i]) != 0) {
            fprintf(stderr, "error: cannot start a thread\n");
            return 1;
        }
    }
    int status = 0;
    for (int i = 0; i < 2; i++) {
        pthread_join(threads[i], NULL);
        fprintf(jobs[i].failed ? stderr : stdout, jobs[i].failed ? "error: %s\n" : "%s\n", jobs[i].answer);
        if (!jobs[i].failed && jobs[i].guidance[0]) printf("%s\n", jobs[i].guidance);
        status |= jobs[i].failed;
    }
    return status;
}
