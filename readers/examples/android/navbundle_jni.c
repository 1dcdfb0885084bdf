/*
 * navbundle_jni: the JNI surface an Android app needs over the C reader (readers/c/navbundle.h):
 * open a bundle from a path, close it, search places, route between nodes (duration and node
 * path), resolve what a person types to a node, the nearest exit, and a route's turn-by-turn
 * guidance in a language of the bundle. Built with the NDK beside
 * navbundle.c (CMakeLists.txt here); `make test` builds it with the host compiler against a JDK's
 * jni.h and runs NavBundleDemo.java on the demo bundle.
 *
 * Results cross as primitive arrays rather than Java objects: one crossing per call, and no
 * class or field looked up by name from C, which R8 could rename. Texts cross as UTF-8 byte
 * arrays that NavBundle.java encodes: JNI's GetStringUTFChars gives modified UTF-8, whose
 * encoding of characters beyond U+FFFF the reader rightly refuses as invalid UTF-8.
 *
 * A reader error becomes a NavBundle.BundleException carrying the reader's message (which names
 * the file and the section) and its status; a caller's mistake the reader reports
 * (NB_ERROR_ARGUMENT: a node, profile or limit out of range) an IllegalArgumentException.
 * NavBundle.failure, in Java, chooses which. NavBundle.java serialises every call on one bundle,
 * as the reader requires.
 */
#include <jni.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "navbundle.h"

/* Beside the reader's statuses: a text that names no single place or position (NavBundle.java's
 * Reason.ENDPOINT). */
#define ENDPOINT_FAILURE 100

/* Throws the exception NavBundle.failure makes of `status` and `message` (UTF-8): the message is
 * decoded in Java, since JNI's ThrowNew reads modified UTF-8, and the reader's messages quote
 * file names and what a person typed. */
static void throw_failure(JNIEnv *env, nb_status status, const char *message) {
    if ((*env)->ExceptionCheck(env)) return; /* One is pending already (out of memory, say). */
    size_t length = strlen(message);
    jclass type = (*env)->FindClass(env, "navforge/NavBundle");
    if (type == NULL) return; /* NoClassDefFoundError is pending. */
    jmethodID failure = (*env)->GetStaticMethodID(env, type, "failure", "(I[B)Ljava/lang/Throwable;");
    if (failure == NULL) return; /* NoSuchMethodError is pending: a shrinker renamed it (readers/README.md). */
    jbyteArray bytes = (*env)->NewByteArray(env, (jsize)length);
    if (bytes == NULL) return;
    (*env)->SetByteArrayRegion(env, bytes, 0, (jsize)length, (const jbyte *)message);
    jobject error = (*env)->CallStaticObjectMethod(env, type, failure, (jint)status, bytes);
    if (error != NULL && !(*env)->ExceptionCheck(env)) (*env)->Throw(env, (jthrowable)error);
}

/* Throws what the last failure of a call on `bundle` (with `status`) means. */
static void throw_status(JNIEnv *env, nb_bundle *bundle, nb_status status) {
    throw_failure(env, status, nb_last_error(bundle));
}

static nb_bundle *bundle_of(jlong handle) {
    return (nb_bundle *)(intptr_t)handle;
}

/* A NUL-terminated copy of a Java byte array of UTF-8 (free() it), or NULL with an exception
 * thrown: a text with a NUL inside would be cut short in C without a word. */
static char *text_of(JNIEnv *env, jbyteArray bytes) {
    if (bytes == NULL) {
        throw_failure(env, NB_ERROR_ARGUMENT, "text is null");
        return NULL;
    }
    jsize length = (*env)->GetArrayLength(env, bytes);
    char *text = malloc((size_t)length + 1);
    if (text == NULL) {
        throw_failure(env, NB_ERROR_MEMORY, "navbundle: out of memory");
        return NULL;
    }
    (*env)->GetByteArrayRegion(env, bytes, 0, length, (jbyte *)text);
    text[length] = 0;
    if (memchr(text, 0, (size_t)length) != NULL) {
        free(text);
        throw_failure(env, NB_ERROR_ARGUMENT, "text contains a NUL character");
        return NULL;
    }
    return text;
}

/* A Java long[] of `prefix_count` values then `count` nodes, or NULL with an exception thrown. */
static jlongArray long_array(JNIEnv *env, const jlong *prefix, size_t prefix_count, const uint32_t *nodes,
                             size_t count) {
    if (count > (size_t)INT32_MAX - prefix_count) {
        throw_failure(env, NB_ERROR_MEMORY, "navbundle: path too long for a Java array");
        return NULL;
    }
    jlongArray result = (*env)->NewLongArray(env, (jsize)(prefix_count + count));
    if (result == NULL) return NULL;
    jlong *values = (*env)->GetLongArrayElements(env, result, NULL);
    if (values == NULL) return NULL;
    for (size_t i = 0; i < prefix_count; i++) values[i] = prefix[i];
    for (size_t i = 0; i < count; i++) values[prefix_count + i] = (jlong)nodes[i];
    (*env)->ReleaseLongArrayElements(env, result, values, 0);
    return result;
}

JNIEXPORT jlong JNICALL Java_navforge_NavBundle_nativeOpen(JNIEnv *env, jclass type, jbyteArray path_bytes,
                                                           jboolean verify) {
    (void)type;
    char *path = text_of(env, path_bytes);
    if (path == NULL) return 0;
    char message[512];
    nb_bundle *bundle;
    nb_status status = nb_open(path, verify ? 1 : 0, &bundle, message, sizeof message);
    free(path);
    if (status != NB_OK) {
        throw_failure(env, status, message);
        return 0;
    }
    return (jlong)(intptr_t)bundle;
}

JNIEXPORT void JNICALL Java_navforge_NavBundle_nativeClose(JNIEnv *env, jclass type, jlong handle) {
    (void)env, (void)type;
    nb_close(bundle_of(handle));
}

/* The index of the profile named by `name_bytes`; throws for a name the bundle lacks. */
JNIEXPORT jint JNICALL Java_navforge_NavBundle_nativeProfile(JNIEnv *env, jclass type, jlong handle,
                                                             jbyteArray name_bytes) {
    (void)type;
    char *name = text_of(env, name_bytes);
    if (name == NULL) return -1;
    nb_bundle *bundle = bundle_of(handle);
    int index = nb_profile_index(bundle, name);
    if (index < 0) {
        char message[256];
        snprintf(message, sizeof message, "the bundle has no profile '%.160s'", name);
        throw_failure(env, NB_ERROR_ARGUMENT, message);
    }
    free(name);
    return index;
}

/* Up to `limit` matches as (place, field) pairs, best first. */
JNIEXPORT jintArray JNICALL Java_navforge_NavBundle_nativeSearch(JNIEnv *env, jclass type, jlong handle,
                                                                 jbyteArray query_bytes, jint limit) {
    (void)type;
    if (limit < 0) {
        throw_failure(env, NB_ERROR_ARGUMENT, "a search limit cannot be negative");
        return NULL;
    }
    nb_bundle *bundle = bundle_of(handle);
    /* No search answers more places than the bundle has, whatever the limit. */
    size_t room = (size_t)limit < nb_place_count(bundle) ? (size_t)limit : nb_place_count(bundle);
    char *query = text_of(env, query_bytes);
    if (query == NULL) return NULL;
    nb_match *matches = malloc(sizeof(nb_match) * (room ? room : 1));
    if (matches == NULL) {
        free(query);
        throw_failure(env, NB_ERROR_MEMORY, "navbundle: out of memory");
        return NULL;
    }
    size_t found = 0;
    nb_status status = nb_search_prefix(bundle, query, (size_t)limit, matches, room, &found);
    free(query);
    jintArray result = NULL;
    if (status != NB_OK) {
        throw_status(env, bundle, status);
    } else if ((result = (*env)->NewIntArray(env, (jsize)(2 * found))) != NULL) {
        jint *values = (*env)->GetIntArrayElements(env, result, NULL);
        if (values != NULL) {
            for (size_t i = 0; i < found; i++) {
                values[2 * i] = (jint)matches[i].place;
                values[2 * i + 1] = (jint)matches[i].field;
            }
            (*env)->ReleaseIntArrayElements(env, result, values, 0);
        }
    }
    free(matches);
    return result;
}

/* Why an endpoint text names no single place or position, as an exception's message. */
static void endpoint_message(const nb_endpoint *e, const char *text, char *message, size_t size) {
    static const char *const reasons[] = {
        [NB_ENDPOINT_EMPTY] = "is empty",
        [NB_ENDPOINT_UNKNOWN] = "names no place",
        [NB_ENDPOINT_AMBIGUOUS] = "names several places",
        [NB_ENDPOINT_ELSEWHERE] = "names places, none on the level after @",
        [NB_ENDPOINT_NEEDS_LEVEL] = "is a position without @level in a bundle of several levels",
        [NB_ENDPOINT_UNKNOWN_LEVEL] = "names no level or building after @",
        [NB_ENDPOINT_BAD_COORDINATE] = "has a latitude beyond 90 or a longitude beyond 180 degrees",
    };
    int kind = e->kind;
    const char *reason = kind >= NB_ENDPOINT_EMPTY && kind <= NB_ENDPOINT_BAD_COORDINATE ? reasons[kind] : "cannot be resolved";
    int written = snprintf(message, size, "'%.160s' %s", text, reason);
    if (e->candidate_count > 0 && written > 0 && (size_t)written < size) {
        size_t at = (size_t)written;
        const char *lead = kind == NB_ENDPOINT_UNKNOWN ? "; similar places:" : "; places:";
        for (size_t i = 0; i < e->candidate_count && i < 5 && at < size; i++) {
            int more = snprintf(message + at, size - at, "%s %u", i ? "," : lead, e->candidates[i]);
            if (more < 0) break;
            at += (size_t)more;
        }
        if (e->candidate_count > 5 && at < size) snprintf(message + at, size - at, " and %zu more", e->candidate_count - 5);
    }
}

/* The node a route with profile `profile` starts or ends at for what a person typed (a ref, a
 * name, name@level, LAT,LON@level: docs/endpoints.md), or -1 when the place is not on the
 * profile's graph; throws when the text names no single place or position. */
JNIEXPORT jint JNICALL Java_navforge_NavBundle_nativeEndpointNode(JNIEnv *env, jclass type, jlong handle,
                                                                  jbyteArray text_bytes, jint profile) {
    (void)type;
    char *text = text_of(env, text_bytes);
    if (text == NULL) return -1;
    nb_bundle *bundle = bundle_of(handle);
    nb_endpoint e;
    uint32_t node = NB_NONE;
    nb_status status = nb_resolve_endpoint(bundle, text, &e);
    if (status != NB_OK) {
        throw_status(env, bundle, status);
    } else if (e.kind != NB_ENDPOINT_PLACE && e.kind != NB_ENDPOINT_POSITION) {
        char message[512];
        endpoint_message(&e, text, message, sizeof message);
        throw_failure(env, ENDPOINT_FAILURE, message);
    } else if ((status = nb_endpoint_node(bundle, &e, (uint32_t)profile, &node)) != NB_OK) {
        throw_status(env, bundle, status);
    }
    nb_endpoint_free(&e);
    free(text);
    return node == NB_NONE ? -1 : (jint)node;
}

/* The fastest route: {duration in ms, node, node, ...}, source first, or null when the target
 * cannot be reached. */
JNIEXPORT jlongArray JNICALL Java_navforge_NavBundle_nativeRoute(JNIEnv *env, jclass type, jlong handle,
                                                                 jint profile, jint source, jint target) {
    (void)type;
    nb_bundle *bundle = bundle_of(handle);
    if (profile < 0 || source < 0 || target < 0) {
        throw_failure(env, NB_ERROR_ARGUMENT, "profiles and nodes are not negative");
        return NULL;
    }
    nb_path path;
    nb_status status = nb_route_path(bundle, (uint32_t)profile, (uint32_t)source, (uint32_t)target, &path);
    jlongArray result = NULL;
    if (status != NB_OK) {
        throw_status(env, bundle, status);
    } else if (path.nodes != NULL) {
        jlong duration = (jlong)path.duration;
        result = long_array(env, &duration, 1, path.nodes, path.node_count);
    }
    nb_path_free(&path);
    return result;
}

/* The way out by the egress table: {exit node, ms, node, ...} from `node` to the exit, or null
 * when no exit can be reached. */
JNIEXPORT jlongArray JNICALL Java_navforge_NavBundle_nativeNearestExit(JNIEnv *env, jclass type, jlong handle,
                                                                       jint profile, jint node) {
    (void)type;
    nb_bundle *bundle = bundle_of(handle);
    if (profile < 0 || node < 0) {
        throw_failure(env, NB_ERROR_ARGUMENT, "profiles and nodes are not negative");
        return NULL;
    }
    uint32_t exit_node = NB_NONE, cost = 0, *nodes = NULL;
    size_t count = 0;
    nb_status status = nb_nearest_exit(bundle, (uint32_t)profile, (uint32_t)node, &exit_node, &cost, &nodes, &count);
    jlongArray result = NULL;
    if (status != NB_OK) {
        throw_status(env, bundle, status);
    } else if (exit_node != NB_NONE) {
        jlong prefix[2] = {(jlong)exit_node, (jlong)cost};
        result = long_array(env, prefix, 2, nodes, count);
    }
    free(nodes);
    return result;
}

/* The words of `maneuvers[i]` (spoken: of its distance) as a Java byte[] of UTF-8, or NULL with an
 * exception thrown. */
static jbyteArray words_of(JNIEnv *env, nb_bundle *bundle, const nb_maneuver *m, const char *language, int spoken) {
    size_t length = 0;
    nb_status status = spoken ? nb_spoken_distance(bundle, language, m->distance, NULL, 0, &length)
                              : nb_maneuver_instruction(bundle, m, language, NULL, NULL, 0, &length);
    char *text = status == NB_OK ? malloc(length + 1) : NULL;
    if (status == NB_OK && text == NULL) status = NB_ERROR_MEMORY;
    if (status == NB_OK)
        status = spoken ? nb_spoken_distance(bundle, language, m->distance, text, length + 1, &length)
                        : nb_maneuver_instruction(bundle, m, language, NULL, text, length + 1, &length);
    jbyteArray bytes = NULL;
    if (status != NB_OK) {
        throw_status(env, bundle, status);
    } else if (length <= (size_t)INT32_MAX && (bytes = (*env)->NewByteArray(env, (jsize)length)) != NULL) {
        (*env)->SetByteArrayRegion(env, bytes, 0, (jsize)length, (const jbyte *)text);
    }
    free(text);
    return bytes;
}

/* The route's turn-by-turn guidance in `language`: per maneuver its instruction and its spoken
 * distance to the next, as UTF-8 byte arrays (a byte[][] of two per maneuver), or null when no
 * route joins the nodes. A language the bundle lacks throws (NB_ERROR_LANGUAGE). */
JNIEXPORT jobjectArray JNICALL Java_navforge_NavBundle_nativeGuidance(JNIEnv *env, jclass type, jlong handle,
                                                                      jint profile, jint source, jint target,
                                                                      jbyteArray language_bytes) {
    (void)type;
    nb_bundle *bundle = bundle_of(handle);
    if (profile < 0 || source < 0 || target < 0) {
        throw_failure(env, NB_ERROR_ARGUMENT, "profiles and nodes are not negative");
        return NULL;
    }
    char *language = text_of(env, language_bytes);
    if (language == NULL) return NULL;
    nb_path path;
    nb_maneuver *maneuvers = NULL;
    size_t count = 0, length = 0;
    jobjectArray result = NULL;
    /* The language first, so that one the bundle lacks is refused even where no route runs. */
    nb_status status = nb_spoken_distance(bundle, language, 0, NULL, 0, &length);
    if (status == NB_OK) status = nb_route_path(bundle, (uint32_t)profile, (uint32_t)source, (uint32_t)target, &path);
    else memset(&path, 0, sizeof path);
    if (status == NB_OK && path.nodes != NULL)
        status = nb_route_maneuvers(bundle, (uint32_t)profile, &path, NULL, &maneuvers, &count);
    jclass bytes_type = status == NB_OK && path.nodes != NULL ? (*env)->FindClass(env, "[B") : NULL;
    if (status != NB_OK) {
        throw_status(env, bundle, status);
    } else if (bytes_type != NULL && count <= (size_t)INT32_MAX / 2 &&
               (result = (*env)->NewObjectArray(env, (jsize)(2 * count), bytes_type, NULL)) != NULL) {
        for (size_t i = 0; i < 2 * count && !(*env)->ExceptionCheck(env); i++) {
            jbyteArray words = words_of(env, bundle, &maneuvers[i / 2], language, (int)(i % 2));
            if (words != NULL) (*env)->SetObjectArrayElement(env, result, (jsize)i, words);
            (*env)->DeleteLocalRef(env, words);
        }
    }
    free(maneuvers);
    nb_path_free(&path);
    free(language);
    return (*env)->ExceptionCheck(env) ? NULL : result;
}
