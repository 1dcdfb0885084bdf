/*
 * navbundle: read navforge bundles (formats 1.x and 2.x) from C99, with no dependencies beyond
 * POSIX mmap.
 *
 * The layout is docs/bundle-format.md; this reader follows that text. Opening checks the
 * header, the section table and the required sections, and (optionally) the whole-file and
 * per-section SHA-256 checksums. Optional sections are checked in full the first time a call
 * needs them: the first route of a profile checks its contraction hierarchy (or, once per
 * bundle, the customisable hierarchy CCHT of format 2.0), the first search SRCH, the first snap
 * SNAP, the first outline call OUTL, the first conditions the labels they look up, the first way
 * out under conditions the costs of leaving EGRC. GARC, optional too, is checked when the bundle
 * opens, as its header is all there is to check in advance. Every failure returns a status and
 * writes a message naming the file and the section; nothing reads outside the mapping (or the
 * buffer of nb_open_memory).
 *
 * A bundle keeps per-call state (the last error, what it has checked), so one nb_bundle must not
 * be used from two threads at once; open it once per thread instead. The Wi-Fi calls are the
 * exception: they only read the bundle, so threads may locate on one nb_bundle concurrently.
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
    NB_ERROR_IO,         /* the file cannot be opened or mapped */
    NB_ERROR_FORMAT,     /* not a bundle, an unsupported version, or a damaged structure */
    NB_ERROR_CHECKSUM,   /* the file's or a section's bytes do not match its checksum */
    NB_ERROR_ARGUMENT,   /* an unknown profile, a node or level out of range, text that is not UTF-8 */
    NB_ERROR_MEMORY,
    NB_ERROR_UNAVAILABLE, /* the bundle lacks the optional section the call needs */
    NB_ERROR_CONDITIONS,  /* conditions that cannot be applied: their nb_conditions_error says why */
    NB_ERROR_LANGUAGE     /* a guidance language the bundle does not have: nb_last_error lists those it has */
} nb_status;

#define NB_NONE 0xFFFFFFFFu

/* Opens and checks `path`. On failure `*out` is NULL and `message` (of `message_size` bytes,
 * may be NULL) says why. `verify_checksums` 0 skips the whole-file and section checksums (for a
 * file verified before); they read every byte, the other checks do not. */
nb_status nb_open(const char *path, int verify_checksums, nb_bundle **out, char *message, size_t message_size);

/* Opens and checks the `size` bytes at `data`, a bundle the caller already holds in memory (an
 * Android asset buffer, a download): the same checks as nb_open, the same `verify_checksums`
 * flag, the same statuses and messages, which start with `name` (may be NULL: "(memory)") where
 * nb_open's start with the path. The bytes are not copied: the caller keeps them alive and
 * unchanged until nb_close (a metric may outlive both). The reader never writes to them and never
 * reads outside them, and it needs no alignment: every field is read byte by byte, so a buffer
 * may start at any address. A NULL `data` (or `out`) gives NB_ERROR_ARGUMENT; fewer bytes than a
 * header NB_ERROR_FORMAT, as a truncated file does. */
nb_status nb_open_memory(const void *data, size_t size, const char *name, int verify_checksums, nb_bundle **out,
                         char *message, size_t message_size);
/* Releases the bundle: unmaps what nb_open mapped; leaves the buffer of nb_open_memory to its owner. */
void nb_close(nb_bundle *bundle);

/* The message of the last failure of a call on `bundle`. */
const char *nb_last_error(const nb_bundle *bundle);

uint16_t nb_format_major(const nb_bundle *bundle);
uint16_t nb_format_minor(const nb_bundle *bundle);

/* Section `index` of the table (0 <= index < nb_section_count): its tag (4 characters and a NUL),
 * offset and length. Sections this reader does not know are listed too. */
size_t nb_section_count(const nb_bundle *bundle);
nb_status nb_section_info(const nb_bundle *bundle, size_t index, char tag[5], uint64_t *offset, uint64_t *length);

uint32_t nb_node_count(const nb_bundle *bundle);
uint32_t nb_level_count(const nb_bundle *bundle);
uint32_t nb_place_count(const nb_bundle *bundle);
uint32_t nb_profile_count(const nb_bundle *bundle);

/* String `index` of STRS, not NUL-terminated: `*length` bytes of UTF-8; NULL for NB_NONE or an
 * index out of range. */
const char *nb_string(const nb_bundle *bundle, uint32_t index, size_t *length);

/* Node `node`'s position (1e-7 degree) and level (index into LEVL). */
nb_status nb_node_info(const nb_bundle *bundle, uint32_t node, int32_t *latitude, int32_t *longitude,
                       uint32_t *level);

/* The name of profile `index`, not NUL-terminated: `*length` bytes of UTF-8. */
const char *nb_profile_name(const nb_bundle *bundle, uint32_t index, size_t *length);
/* The index of the profile named `name`, or -1. */
int nb_profile_index(const nb_bundle *bundle, const char *name);

/* ---- records ---- */

/* The plain records every binding exposes, read by docs/bundle-format.md. Texts point into the
 * bundle (valid until nb_close), are UTF-8 and not NUL-terminated; a record naming a string past
 * STRS, or one that is not UTF-8, gives NB_ERROR_FORMAT. An index out of range gives
 * NB_ERROR_ARGUMENT; nb_last_error says why (the radio map's calls write `message` instead). */

/* A text inside the bundle: `length` bytes of UTF-8; `text` NULL (and `length` 0) for none. */
typedef struct {
    const char *text;
    size_t length;
} nb_text;

/* Whether section `tag` (4 characters) is present in the section version this reader reads: 2 for
 * EGRS and WIFI, 1 for every other. */
int nb_has_section(const nb_bundle *bundle, const char *tag);

/* One entry of the section table, as nb_section_info gives it, with the section's version. */
typedef struct {
    char tag[5];      /* NUL-terminated; a byte outside printable ASCII shows as '?' */
    uint16_t version;
    uint64_t offset, length;
} nb_section;

/* Section `index` of the table (0 <= index < nb_section_count), in table order. */
nb_status nb_section_entry(const nb_bundle *bundle, size_t index, nb_section *info);

/* META's JSON text (`*length` bytes of UTF-8, not NUL-terminated), for the caller to parse. */
nb_status nb_metadata(nb_bundle *bundle, const char **json, size_t *length);

/* The number of events in EVNT. */
uint32_t nb_event_count(const nb_bundle *bundle);

typedef struct {
    nb_text id, name, building_id, building_name;
    double ordinal;
} nb_level;

/* Level `level` of LEVL. */
nb_status nb_level_info(nb_bundle *bundle, uint32_t level, nb_level *info);

typedef struct {
    int32_t latitude, longitude; /* 1e-7 degree */
    uint32_t level;              /* index into LEVL */
    uint8_t kind;                /* 0 junction, 1 door, 2 entrance, 3 room, 4 connector landing, 5 point of interest */
    nb_text label;
} nb_node;

/* Node `node` of NODE with its kind and label (nb_node_info gives its position alone). */
nb_status nb_node_record(nb_bundle *bundle, uint32_t node, nb_node *info);

/* The arcs leaving `node` are `*first` ..< `*first + *count`. */
nb_status nb_arcs_from(nb_bundle *bundle, uint32_t node, uint32_t *first, uint32_t *count);

typedef struct {
    uint32_t tail, head; /* nodes */
    uint32_t length;     /* centimetres */
    uint8_t kind;        /* 0 walk, 1 outdoor path, 2 indoor path, 3 stairs, 4 lift, 5 escalator, 6 ramp, 7 steps,
                            8 entrance threshold */
    uint8_t indoor;      /* 1 indoors (flags bit 0), else 0 */
    nb_text label;
} nb_arc;

/* Arc `arc` of ARCS. */
nb_status nb_arc_info(nb_bundle *bundle, uint32_t arc, nb_arc *info);

/* Arc `arc`'s polyline from tail to head has `*count` points: its tail, the corners SHAP gives it
 * (none without SHAP) and its head; the first min(*count, capacity) are copied to `points` as
 * (latitude, longitude) in 1e-7 degree. SHAP is checked in full on first use. */
nb_status nb_arc_shape(nb_bundle *bundle, uint32_t arc, int32_t (*points)[2], size_t capacity, size_t *count);

typedef struct {
    uint32_t steps; /* the flight's step count, 0 when unknown */
    int32_t rise;   /* the change of level ordinal from tail to head in hundredths, positive up */
} nb_climb;

/* How arc `arc` climbs, by its STPC entry; level and uncounted (0, 0) without one. */
nb_status nb_arc_climb(nb_bundle *bundle, uint32_t arc, nb_climb *climb);

/* ---- guidance data (GARC, since formats 2.1 and 1.3) ----
 *
 * A bearing is a uint8_t in 1/256 of a turn clockwise from north (0 north, 64 east, 128 south,
 * 192 west), the direction of one polyline segment between the stored positions, measured in
 * SNAP's local plane (docs/bundle-format.md, "GARC"). nb_open checks GARC's header when the bundle
 * has one (its counts against ARCS and SHAP, its tables inside the section) and refuses a damaged
 * one; without GARC the calls below that need it give NB_ERROR_UNAVAILABLE
 * (nb_has_section(bundle, "GARC") says beforehand). */

/* Arc `arc`'s bearing leaving its tail (`*first`, of its first segment) and arriving at its head
 * (`*last`, of its last segment); both 0 on an arc of length 0. */
nb_status nb_arc_bearings(nb_bundle *bundle, uint32_t arc, uint8_t *first, uint8_t *last);

/* Arc `arc`'s SHAP corners are the bundle's corners `*first` ..< `*first + *count` (global
 * indexes, as landmark keys name them); none without SHAP. SHAP is checked in full on first use. */
nb_status nb_arc_corners(nb_bundle *bundle, uint32_t arc, uint32_t *first, uint32_t *count);

/* Corner `corner` (0 ..< the count nb_arc_corners gives) of arc `arc`: `*along` centimetres from
 * the arc's tail and the `*bearing` of the segment leaving it. A distance beyond the arc's length,
 * or shorter than the corner's before it, is GARC's damage (NB_ERROR_FORMAT). */
nb_status nb_corner_bearing(nb_bundle *bundle, uint32_t arc, uint32_t corner, uint32_t *along, uint8_t *bearing);

/* ---- landmarks: GLMK, optional (docs/bundle-format.md; the rules in docs/guidance.md, "Landmarks") ----
 * nb_open checks GLMK in full when present: a key per node and SHAP corner, counts that fill the
 * section exactly, every landmark's string, place, level and naming in range, every pair's key
 * and landmark in range and the pairs in order. A bundle without GLMK has no landmarks and no pairs. */

typedef struct {
    nb_text name;                /* the name, else the ref; none for an unnamed door or landing */
    uint32_t place;              /* index into PLAC, NB_NONE for a door, entrance or landing */
    int32_t latitude, longitude; /* 1e-7 degree */
    uint32_t level;              /* index into LEVL */
    uint8_t kind;   /* 0 entrance, 1 lift, 2 stairs, 3 escalator, 4 ramp, 5 door, 6 information desk, 7 toilets,
                       8 platform, 9 ticket machine, 10 shop, 11 food and drink, 12 room, 13 other point; a later
                       writer may add kinds, which rank lowest */
    uint8_t naming; /* 0 unnamed, 1 ref only, 2 named */
} nb_landmark_info;

typedef struct {
    uint32_t landmark; /* index for nb_landmark */
    uint16_t distance; /* decimetres from the decision point, 65535 for that or more */
    uint8_t bearing;   /* from the decision point to the landmark, 1/256 turn clockwise from north */
    uint8_t salience;  /* naming * 64 + kind rank * 4 + nearness: higher stands out more */
} nb_landmark_pair_info;

/* Landmarks in GLMK; 0 without it. */
uint32_t nb_landmark_count(const nb_bundle *bundle);

/* Decision points GLMK keys: the nodes (key = node), then every SHAP corner (key = node count +
 * the corner's global SHAP index); 0 without GLMK. */
uint32_t nb_landmark_key_count(const nb_bundle *bundle);

/* Landmark `landmark` of GLMK. */
nb_status nb_landmark(nb_bundle *bundle, uint32_t landmark, nb_landmark_info *info);

/* The pairs of decision point `key` are `*first` ..< `*first + *count`, most salient first (ties:
 * lower landmark first); none without GLMK. A key at or past nb_landmark_key_count gives
 * NB_ERROR_ARGUMENT when GLMK is present. */
nb_status nb_landmark_pairs(nb_bundle *bundle, uint32_t key, uint32_t *first, uint32_t *count);

/* Pair `pair` (below the sum of all keys' counts) of GLMK. */
nb_status nb_landmark_pair(nb_bundle *bundle, uint32_t pair, nb_landmark_pair_info *info);

typedef struct {
    uint8_t kind;        /* 0 room, 1 point of interest */
    uint8_t positioned;  /* 1 when latitude and longitude are set (else both 0) */
    uint32_t level;      /* index into LEVL, or NB_NONE */
    uint32_t node;       /* the node a route to it ends at, or NB_NONE when it is not on the graph */
    nb_text ref, name, category, description, building, opening_hours, phone, email, website;
    int32_t capacity;    /* negative when unknown */
    int32_t latitude, longitude; /* 1e-7 degree */
    uint32_t geofence_radius;    /* centimetres, 0 none */
} nb_place;

/* Place `place` of PLAC. */
nb_status nb_place_info(nb_bundle *bundle, uint32_t place, nb_place *info);

typedef struct {
    uint32_t place; /* index into PLAC */
    nb_text title, description;
    int64_t start, end; /* seconds since 1970-01-01 UTC */
} nb_event;

/* Event `event` of EVNT (0 <= event < nb_event_count). */
nb_status nb_event_info(nb_bundle *bundle, uint32_t event, nb_event *info);

/* The spots (reference points) the radio map's samples are made from: min(limit, R) of the R spots,
 * spread evenly (sample i is point floor(i × R / count)), written up to `capacity` to `points`,
 * their number to `*count`; none without WIFI. A damaged header gives NB_ERROR_FORMAT. */
nb_status nb_radio_map_samples(const nb_bundle *bundle, size_t limit, uint32_t *points, size_t capacity, size_t *count,
                               char *message, size_t message_size);

typedef struct {
    int32_t latitude, longitude; /* 1e-7 degree */
    uint32_t floor;              /* index into the radio map's floors */
    uint32_t building;           /* index into the radio map's buildings */
    nb_text building_name, floor_name;
    uint32_t scan_count;
    uint32_t reading_count;      /* its readings are 0 ..< reading_count for nb_radio_map_reading */
} nb_reference_point;

/* Spot `point` of the radio map (NB_ERROR_UNAVAILABLE without WIFI). */
nb_status nb_radio_map_point(const nb_bundle *bundle, uint32_t point, nb_reference_point *info, char *message,
                             size_t message_size);

typedef struct {
    nb_text id;            /* the access point's id as WIFI stores it */
    uint32_t access_point; /* index into the radio map's access points */
    double rssi;           /* its mean RSSI in dBm (level / 2 - 128) over the spot's scans that heard it */
} nb_point_reading;

/* Reading `reading` of spot `point`: the access points its postings list (those at least half its
 * scans heard), by access point index. */
nb_status nb_radio_map_reading(const nb_bundle *bundle, uint32_t point, uint32_t reading, nb_point_reading *info,
                               char *message, size_t message_size);

/* ---- Routing (CHxx or CCHT, by the reference queries of the specification) ---- */

/* The fastest route from node `source` to node `target` for profile `profile`: on the bundle's
 * customisable hierarchy when it has one (CCHT, format 2.0; the profile's metric is customised
 * from its PROF costs by its first route and kept until nb_close), else on the profile's
 * contraction hierarchy. `*distance` is the duration (ETA) in milliseconds, or NB_NONE when the
 * target cannot be reached (then `*nodes` is NULL). Otherwise `*nodes` (free() it) holds
 * `*node_count` nodes, source first. A bundle without a hierarchy for the profile gives
 * NB_ERROR_UNAVAILABLE. */
nb_status nb_route(nb_bundle *bundle, uint32_t profile, uint32_t source, uint32_t target, uint32_t *distance,
                   uint32_t **nodes, size_t *node_count);

/* The same route with its arcs and length. */
typedef struct {
    uint64_t duration;  /* milliseconds, the sum of the arcs' PROF costs (or of a metric's weights);
                           UINT64_MAX when unreachable */
    uint64_t length;    /* centimetres, the sum of the arcs' ARCS lengths */
    uint32_t *nodes;    /* node_count nodes, source first; NULL (and node_count 0) when unreachable */
    size_t node_count;
    uint32_t *arcs;     /* arc_count = node_count - 1 indexes into ARCS, in order */
    size_t arc_count;
} nb_path;

/* Fills `*path` (release it with nb_path_free, also after a failure). */
nb_status nb_route_path(nb_bundle *bundle, uint32_t profile, uint32_t source, uint32_t target, nb_path *path);
void nb_path_free(nb_path *path);
/* The route from stops[0] through stops[1 .. stop_count - 2] in order to stops[stop_count - 1]
 * (docs/endpoints.md, "Via points"): each leg as nb_route_path finds it, joined, so its duration
 * and length are the legs' sums and each via is one node of the path. A round trip names its
 * start again as its last stop. Unreachable (nodes NULL) when any leg is. `leg_starts` and
 * `leg_durations` (stop_count - 1 entries each, either may be NULL) receive where each leg starts
 * in `path->nodes` and its milliseconds: leg i runs over nodes leg_starts[i] ..= leg_starts[i + 1]
 * (the last to the path's end) and the arcs between, a view nb_route_maneuvers takes as a path of
 * its own. Fewer than two stops give NB_ERROR_ARGUMENT. */
nb_status nb_route_via(nb_bundle *bundle, uint32_t profile, const uint32_t *stops, size_t stop_count, nb_path *path,
                       size_t *leg_starts, uint64_t *leg_durations);

/* ---- route steps ---- */

/* What a person does in a step. */
typedef enum {
    NB_STEP_WALK = 0,        /* through a room, corridor or hall, or along an indoor path */
    NB_STEP_WALK_OUTSIDE,
    NB_STEP_ENTER_BUILDING,
    NB_STEP_LEAVE_BUILDING,
    NB_STEP_STAIRS,
    NB_STEP_ELEVATOR,
    NB_STEP_ESCALATOR,
    NB_STEP_RAMP,
    NB_STEP_STEPS            /* steps on one level */
} nb_step_action;

/* One step of a route: a stretch of arcs of one action through one place. */
typedef struct {
    int action;            /* NB_STEP_* */
    const char *label;     /* the space, path or connector ("Corridor A.1"), UTF-8 inside the bundle, not
                              NUL-terminated, valid until nb_close; NULL when unnamed */
    size_t label_length;
    uint32_t from_level;   /* LEVL indexes where the step starts and ends */
    uint32_t to_level;
    double length;         /* metres */
    double duration;       /* seconds, from the profile's PROF costs; 0 without a profile */
    int64_t step_count;    /* steps climbed or descended as STPC counts them; -1 when the data does not say */
    double rise;           /* change of level ordinal climbed, positive up (STPC); 0.5 to a half-landing */
    int along_path;        /* 1 along a walkway drawn as a line (an indoor path), 0 through a space */
    size_t start_index;    /* positions in the path's nodes where the step starts and ends */
    size_t end_index;
} nb_route_step;

/* Groups the arcs of `path` (from nb_route_path, nb_route_metric or nb_exit_search) into steps a
 * person can follow, exactly as the Swift and JavaScript readers do: arcs of one action through
 * one place are one step, a building's threshold is one step of its own, and unnamed links
 * (where a door meets a walkway) and unnamed walks under a metre join the step before them or, at
 * the start, the one after. Durations are `profile`'s PROF costs (NB_NONE: 0 seconds). An
 * unreachable path, or one of no arcs, has no steps. On NB_OK `*steps` holds `*count` steps
 * (free() it; NULL when there are none); on failure it is NULL. A path whose nodes and arcs do
 * not fit together or lie out of range gives NB_ERROR_ARGUMENT; a damaged STPC, ARCS label or
 * LEVL string NB_ERROR_FORMAT. */
nb_status nb_route_steps(nb_bundle *bundle, uint32_t profile, const nb_path *path, nb_route_step **steps,
                         size_t *count);

/* What to tell a person for `step`, in the words of the Swift reader: "Walk through Corridor
 * A.1", "Take the stairs down, 24 steps, from level 0 to level -1", "Take the lift up half a
 * level from Ground floor". Writes the UTF-8 text and a NUL into the caller's `text` of
 * `capacity` bytes, and its length (without the NUL) to `*length`; a label may hold U+0000, which
 * the text then holds too, so use the length rather than strlen. With `text` NULL and `capacity`
 * 0 it only measures; a buffer too small gives NB_ERROR_ARGUMENT with `*length` still the length
 * needed (and `text` the empty string), so the caller can retry with `*length + 1` bytes. A step
 * whose levels are out of range, whose action is unknown or whose label is not UTF-8 gives
 * NB_ERROR_ARGUMENT. */
nb_status nb_step_instruction(nb_bundle *bundle, const nb_route_step *step, char *text, size_t capacity,
                              size_t *length);

/* ---- route maneuvers (GARC, since formats 2.1 and 1.3; docs/guidance.md) ---- */

/* What a walker does at a maneuver; the values are the Swift reader's Maneuver.Kind. */
typedef enum {
    NB_MANEUVER_DEPART = 0,
    NB_MANEUVER_TURN,
    NB_MANEUVER_CONTINUE,  /* on where another way leaves almost as straight, or the way's name changes */
    NB_MANEUVER_FORK,      /* keep to one side where the way splits into two nearly alike */
    NB_MANEUVER_DOOR,      /* through a door between two differently named spaces */
    NB_MANEUVER_ENTER,
    NB_MANEUVER_EXIT,
    NB_MANEUVER_STAIRS,
    NB_MANEUVER_ESCALATOR,
    NB_MANEUVER_ELEVATOR,
    NB_MANEUVER_RAMP,
    NB_MANEUVER_PLATFORM,  /* leaving the platform a route starts on (first), boarding the one it ends on (last) */
    NB_MANEUVER_ARRIVE
} nb_maneuver_kind;

/* Which way, in OSRM's words; the values are the Swift reader's Maneuver.Modifier. */
typedef enum {
    NB_MODIFIER_NONE = 0,
    NB_MODIFIER_UTURN,
    NB_MODIFIER_SHARP_RIGHT,
    NB_MODIFIER_RIGHT,
    NB_MODIFIER_SLIGHT_RIGHT,
    NB_MODIFIER_STRAIGHT,
    NB_MODIFIER_SLIGHT_LEFT,
    NB_MODIFIER_LEFT,
    NB_MODIFIER_SHARP_LEFT
} nb_maneuver_modifier;

/* Where a maneuver's landmark lies; the values are the Swift reader's Maneuver.Landmark.Placement. */
typedef enum {
    NB_PLACEMENT_NONE = 0,
    NB_PLACEMENT_BEFORE,   /* passed on the way in: "turn left after the lift" */
    NB_PLACEMENT_AT,       /* within 3 m: "turn left at the lift" */
    NB_PLACEMENT_AFTER,    /* ahead on the way out: "turn left towards the lift" */
    NB_PLACEMENT_BESIDE    /* near, neither passed nor ahead: "turn left by the lift" */
} nb_landmark_placement;

/* Which side of the walker a landmark or destination is on (Maneuver.Landmark.Side). */
typedef enum { NB_SIDE_NONE = 0, NB_SIDE_LEFT, NB_SIDE_RIGHT, NB_SIDE_AHEAD } nb_landmark_side;

/* One decision along a route. Bearings are in 1/256 of a turn clockwise from north (GARC's unit). */
typedef struct {
    int kind;                   /* NB_MANEUVER_* */
    int modifier;               /* NB_MODIFIER_* */
    size_t route_index;         /* position in the path's nodes of the node it is at, or of the tail of
                                   the arc whose corner it is at */
    uint32_t corner;            /* the global SHAP corner it is at, or NB_NONE at a node */
    int32_t latitude, longitude; /* 1e-7 degree */
    uint32_t level;             /* LEVL index */
    uint64_t along;             /* centimetres from the start */
    uint64_t distance;          /* centimetres and milliseconds to the next maneuver (0 for the last);
                                   they add up to the path's length and its profile's duration */
    uint64_t duration;
    int bearing_before;         /* 0..255 facing on reaching it, -1 for none (depart) */
    int bearing_after;          /* 0..255 facing on leaving it, -1 for none (arrive) */
    const char *way;            /* the way, space or connector followed after it, UTF-8 inside the bundle,
                                   not NUL-terminated, valid until nb_close; NULL when unnamed */
    size_t way_length;
    int changes_level;          /* 1 for stairs, escalator, elevator and ramp: the fields below are set */
    uint32_t from_level;        /* LEVL indexes where the flight, lift or ramp starts and ends */
    uint32_t to_level;
    int direction;              /* +1 up, -1 down, 0 level */
    int64_t step_count;         /* steps as STPC counts them; -1 when uncounted */
    int32_t rise;               /* change of level ordinal in hundredths, positive up */
    uint32_t landmark;          /* the GLMK landmark it names, for arrive its destination (docs/guidance.md,
                                   "Landmarks of maneuvers"); NB_NONE for none */
    int landmark_placement;     /* NB_PLACEMENT_*: where the landmark lies along the way */
    int landmark_side;          /* NB_SIDE_*: on which side of the walker; NONE within 1 m */
    const char *landmark_name;  /* its name, else its ref, UTF-8 inside the bundle, not NUL-terminated,
                                   valid until nb_close; NULL when unnamed (nb_landmark gives its kind) */
    size_t landmark_name_length;
} nb_maneuver;

/* The maneuvers of `path` (from nb_route_path, nb_route_metric or nb_exit_search), by the integer
 * rules of docs/guidance.md, exactly as the Swift reader derives them: `depart` (or `platform`,
 * leaving one) first, `arrive` (or `platform`, boarding one) last; a path of no arcs has none. Another way counts as a choice where `profile` may use it
 * (NB_NONE: every arc). Times are `costs`, milliseconds per arc of the path (a way out's, or a
 * conditioned route's), or with `costs` NULL the profile's PROF costs (0 for NB_NONE). On NB_OK `*maneuvers` holds `*count` of them (free() it; NULL when
 * there are none). A path whose nodes and arcs do not fit together gives NB_ERROR_ARGUMENT, a
 * bundle without GARC NB_ERROR_UNAVAILABLE, damage NB_ERROR_FORMAT. */
nb_status nb_route_maneuvers(nb_bundle *bundle, uint32_t profile, const nb_path *path, const uint32_t *costs,
                             nb_maneuver **maneuvers, size_t *count);

/* ---- Metrics of the customisable hierarchy (CCHT), for conditions applied at run time ---- */

/* A profile's weights customised onto the bundle's CCHT: reader-owned memory, about 16 bytes per
 * CCHT arc (and 4 per ARCS arc for the weights). It belongs to the bundle it was made with and
 * is only read by routes, so it may be kept for many; release it with nb_metric_free, before or
 * after nb_close. */
typedef struct nb_metric nb_metric;

/* The number of arcs in ARCS: the length of a profile's costs and of a metric's weights. */
uint32_t nb_arc_count(const nb_bundle *bundle);

/* Copies profile `profile`'s PROF costs (milliseconds per ARCS arc, NB_NONE where the profile may
 * not go) into `costs`, which has room for `capacity` >= nb_arc_count(bundle) values: the start
 * from which conditions close arcs or slow them down. */
nb_status nb_profile_costs(nb_bundle *bundle, uint32_t profile, uint32_t *costs, size_t capacity);

/* Customises the bundle's CCHT for profile `profile` with `weights`, one per ARCS arc
 * (`weight_count` must be nb_arc_count(bundle)), in milliseconds, NB_NONE (0xFFFFFFFF) for an arc
 * that is closed; NULL `weights` takes the profile's PROF costs. The weights are copied. An arc
 * that no profile of the bundle may use has no place in the hierarchy, so it stays closed
 * whatever its weight; a loop never helps a route. When the weights differ from the profile's
 * PROF costs at few arcs (at most one in sixteen), the profile's own metric (customised once and
 * kept, as nb_route keeps it) is updated incrementally, else the topology is customised in full;
 * both give exactly the same metric. On the first use of CCHT the topology is
 * checked in full; a damaged one gives NB_ERROR_FORMAT naming CCHT, a bundle without CCHT
 * NB_ERROR_UNAVAILABLE. On success `*metric` (NULL otherwise) is released with nb_metric_free. */
nb_status nb_customise(nb_bundle *bundle, uint32_t profile, const uint32_t *weights, size_t weight_count,
                       nb_metric **metric);

/* nb_customise under its earlier spelling, kept for programs built against it. */
nb_status nb_customize(nb_bundle *bundle, uint32_t profile, const uint32_t *weights, size_t weight_count,
                       nb_metric **metric);

/* The fastest route from `source` to `target` under `metric`, by the specification's CCHT query,
 * exactly as nb_route_path answers it for the profile's own metric; `path->duration` is the sum
 * of the metric's weights along it. A metric of another bundle gives NB_ERROR_ARGUMENT. */
nb_status nb_route_metric(nb_bundle *bundle, const nb_metric *metric, uint32_t source, uint32_t target, nb_path *path);
/* nb_route_via under `metric`: each leg as nb_route_metric finds it. */
nb_status nb_route_metric_via(nb_bundle *bundle, const nb_metric *metric, const uint32_t *stops, size_t stop_count,
                              nb_path *path, size_t *leg_starts, uint64_t *leg_durations);
void nb_metric_free(nb_metric *metric);

/* ---- Conditions: closures and slow-downs applied at run time (docs/conditions.md) ---- */

/* The JSON text of docs/conditions.md, e.g. {"closed": ["Lift A"], "slow": [{"ref": "E100",
 * "factor": 3}]}: `length` bytes of UTF-8, not necessarily NUL-terminated, never read past. Its
 * targets resolve to ARCS arcs by the document's "Resolution, exactly", which needs SRCH (and
 * uses OUTL, ALIA, PSRC when the bundle has them), not CCHT. */

enum { NB_CONDITIONS_CLOSED = 0, NB_CONDITIONS_SLOW = 1 };

/* Where a target stands in the text: closed[index] or slow[index]. */
typedef struct {
    uint8_t list; /* NB_CONDITIONS_CLOSED or NB_CONDITIONS_SLOW */
    size_t index;
} nb_conditions_entry;

enum {
    NB_CONDITIONS_APPLIED = 0, /* nothing is wrong */
    NB_CONDITIONS_INVALID,     /* the text breaks the format; `entries` holds the entry at fault when one is */
    NB_CONDITIONS_AMBIGUOUS,   /* entries[0], the first such in file order, names several places and
                                  nothing else; `candidates` are the places */
    NB_CONDITIONS_UNMATCHED    /* `entries`, in file order, match nothing in the bundle */
};

/* Why conditions cannot be applied; release it with nb_conditions_error_free (also when kind is
 * NB_CONDITIONS_APPLIED, and after any status). */
typedef struct {
    int kind;          /* NB_CONDITIONS_* */
    char *message;     /* NUL-terminated, naming the entries: "slow[0] needs a \"factor\" from 1 to 1000";
                          NULL when applied */
    nb_conditions_entry *entries;
    size_t entry_count;
    uint32_t *candidates; /* NB_CONDITIONS_AMBIGUOUS: places, ascending */
    size_t candidate_count;
} nb_conditions_error;

/* Conditions resolved to ARCS arcs; release with nb_arc_conditions_free. */
typedef struct {
    uint32_t *closed;     /* arcs no route may use, ascending */
    size_t closed_count;
    uint32_t *slowed;     /* arcs some slow-down covers, ascending (closed ones too: closing wins) */
    double *factors;      /* per slowed arc: the largest factor of the slow-downs covering it */
    size_t slowed_count;
} nb_arc_conditions;

/* Parses `json` and resolves its targets. NB_OK with `*out` filled when they apply;
 * NB_ERROR_CONDITIONS with `*error` (may be NULL; nb_last_error has its message too) saying why
 * not; another status for a damaged bundle (NB_ERROR_FORMAT), one without SRCH
 * (NB_ERROR_UNAVAILABLE) or no memory. */
nb_status nb_conditions_resolve(nb_bundle *bundle, const char *json, size_t length, nb_arc_conditions *out,
                                nb_conditions_error *error);
void nb_arc_conditions_free(nb_arc_conditions *conditions);
void nb_conditions_error_free(nb_conditions_error *error);

/* Profile `profile`'s PROF costs with `conditions` applied, into `costs` (room for `capacity` >=
 * nb_arc_count(bundle)): a closed arc NB_NONE, an arc the profile may not use stays NB_NONE, a
 * slowed one its cost times its factor rounded half away from zero, at most 0xFFFFFFFE. */
nb_status nb_conditions_costs(nb_bundle *bundle, uint32_t profile, const nb_arc_conditions *conditions, uint32_t *costs,
                              size_t capacity);

/* nb_conditions_resolve, nb_conditions_costs and nb_customise in one: the metric of profile
 * `profile` with the conditions of `json` applied, for nb_route_metric (whose durations are then
 * in the changed costs). It always starts from the profile's own costs, never from earlier
 * conditions. Statuses as nb_conditions_resolve and nb_customise give them (NB_ERROR_UNAVAILABLE
 * for a bundle without CCHT); `*metric` is NULL unless NB_OK. */
nb_status nb_conditions_apply(nb_bundle *bundle, uint32_t profile, const char *json, size_t length, nb_metric **metric,
                              nb_conditions_error *error);

/* ---- Nearest exit (EGRS) ---- */

/* The way out from `node` by the egress table: the exit node (NB_NONE when none is reachable),
 * its cost in milliseconds and the nodes to it (free() them). An exit (an entrance, or a node
 * outdoors, which EGRS gives no entry) is its own way out: itself, 0 ms. NB_ERROR_UNAVAILABLE
 * without EGRS of section version 2 (a bundle built before it says to rebuild). */
nb_status nb_nearest_exit(nb_bundle *bundle, uint32_t profile, uint32_t node, uint32_t *exit_node, uint32_t *cost,
                          uint32_t **nodes, size_t *node_count);

/* ---- The way out under conditions (EGRC, format 2.0 with egress tables) ---- */

/* The egress table was computed without conditions, so under them the way out is searched again
 * (docs/conditions.md, "The way out"): over the profile's costs of leaving (its PROF costs with
 * EGRC's replacing them: emergency-exit doors are open on the way out), with the conditions
 * applied as nb_conditions_costs applies them, from the node to the nearest exit (a NODE of kind
 * entrance, or a node EGRS gives no entry, which is outdoors). Of exits equally near, the lowest node. Without conditions the answer is EGRS's. A
 * bundle without EGRC (before 2.0, or built without egress tables) gives NB_ERROR_UNAVAILABLE;
 * EGRC is checked in full on first use, a damaged one giving NB_ERROR_FORMAT naming it. */

/* Profile `profile`'s costs of leaving into `costs` (room for `capacity` >= nb_arc_count(bundle)),
 * with `conditions` (NULL for none; from nb_conditions_resolve) applied. */
nb_status nb_leaving_costs(nb_bundle *bundle, uint32_t profile, const nb_arc_conditions *conditions, uint32_t *costs,
                           size_t capacity);

/* The nearest exit from `node` over `costs` (`cost_count` = nb_arc_count(bundle) values in
 * milliseconds, NB_NONE for an arc no one may take), by Dijkstra settling nodes in (distance,
 * node index) order until the first exit. `*path` (release it with nb_path_free, also after a
 * failure) runs from `node` to the exit, its last node, with `duration` the sum of `costs` along
 * it; no exit can be reached when `path->nodes` is NULL (`duration` UINT64_MAX). An exit is its
 * own way out, of no arcs. */
nb_status nb_exit_search(nb_bundle *bundle, const uint32_t *costs, size_t cost_count, uint32_t node, nb_path *path);

/* The two in one: the conditions of `json` (as for nb_conditions_apply) resolved, applied to
 * profile `profile`'s costs of leaving, and the way out from `node` searched on them. Statuses
 * as nb_conditions_resolve gives them, NB_ERROR_UNAVAILABLE for a bundle without EGRC (said
 * before anything about the text). */
nb_status nb_exit_conditions(nb_bundle *bundle, uint32_t profile, uint32_t node, const char *json, size_t length,
                             nb_path *path, nb_conditions_error *error);

/* ---- Nearest of a kind (docs/nearest.md) ---- */

/* Which places a nearest-of-a-kind search may answer with. Every criterion given must hold;
 * NULL texts, `min_capacity` 0 or less and NULL `among` leave a criterion out. */
typedef struct {
    const char *category; /* NUL-terminated UTF-8: the place's folded category starts with it folded (SRCH field 3) */
    const char *keyword;  /* one of the place's search keys starts with it folded, as nb_search_prefix matches */
    const char *levels;   /* a level qualifier (docs/endpoints.md, step 6): the place lies on a level it names */
    int64_t min_capacity; /* the place's capacity is known and at least this */
    const uint32_t *among; /* only these places (PLAC indexes, in any order): those an app knows are free */
    size_t among_count;
} nb_place_filter;

/* One place a nearest-of-a-kind search found. */
typedef struct {
    uint32_t place;    /* index into PLAC */
    uint32_t node;     /* the node the route ends at: the place's node for the profile (nb_place_node) */
    uint64_t duration; /* milliseconds, the least there is */
    uint64_t length;   /* centimetres along the route nb_route_path (or nb_route_metric) gives */
} nb_nearby;

/* The `limit` places nearest to node `from` by travel time for profile `profile` among those
 * `filter` (NULL for every place) admits: places rank by their least time, then by the node
 * they attach to (nb_place_node), then by place index; a place not on the graph for the profile,
 * or not reached, is never found. `results` has room for `limit` places and `*count` says how
 * many were found; each one's length is that of the route nb_route_path gives to its node, and
 * `paths`, NULL or room for `limit` paths (release each with nb_path_free, also after a
 * failure), receives those routes. One Dijkstra search finds them, or, when it would settle
 * many nodes for few places, a route to each (docs/nearest.md, "Cost"); the answer is the same.
 * A text that folds to nothing or a qualifier that names no level gives NB_ERROR_ARGUMENT,
 * a category or keyword in a bundle without SRCH NB_ERROR_UNAVAILABLE. */
nb_status nb_nearest(nb_bundle *bundle, uint32_t profile, uint32_t from, const nb_place_filter *filter, size_t limit,
                     nb_nearby *results, nb_path *paths, size_t *count);
/* nb_nearest over `metric`'s weights (conditions applied, nb_conditions_apply), for its profile;
 * the routes are nb_route_metric's. */
nb_status nb_nearest_metric(nb_bundle *bundle, const nb_metric *metric, uint32_t from, const nb_place_filter *filter,
                            size_t limit, nb_nearby *results, nb_path *paths, size_t *count);

/* ---- Geofences (GFNC, formats 2.2 and 1.4; docs/geofences.md) ---- */

/* A place a position is in or near. */
typedef struct {
    uint32_t place;   /* index into PLAC */
    int inside;       /* one of its outlines contains the position; else its circle reaches it */
    int has_position; /* the place has a position, which `metres` is measured from */
    double metres;    /* by the format's metric (SNAP's), 0 without a position */
} nb_geofence_hit;

/* The places a position (degrees) on any of `levels` (LEVL indexes) is in or near, in place
 * order: an outline of the place on one of the levels contains it, or its circle (GFNC's
 * radius around its position) on one of them reaches it. `*hits` (free() it) holds `*count`.
 * A latitude outside ±90 or longitude outside ±180, or a level out of range, gives
 * NB_ERROR_ARGUMENT; a bundle without GFNC NB_ERROR_UNAVAILABLE. */
nb_status nb_geofence(nb_bundle *bundle, double latitude, double longitude, const uint32_t *levels, size_t level_count,
                      nb_geofence_hit **hits, size_t *count);

/* One position of a track. */
typedef struct {
    double latitude, longitude;
    const uint32_t *levels;
    size_t level_count;
} nb_geofence_position;

typedef enum { NB_GEOFENCE_ENTER = 0, NB_GEOFENCE_LEAVE = 1 } nb_geofence_kind;

typedef struct {
    size_t position; /* index into the track */
    nb_geofence_kind kind;
    uint32_t place;
} nb_geofence_event;

/* The places entered and left along `track` (`count` positions): at each position the places
 * left since the one before, in place order, then those entered, in place order; the first
 * position enters every place nb_geofence gives for it. `*events` (free() it) holds
 * `*event_count`. Statuses as nb_geofence's, for the first position that fails. */
nb_status nb_geofence_events(nb_bundle *bundle, const nb_geofence_position *track, size_t count,
                             nb_geofence_event **events, size_t *event_count);

/* ---- Tours (TOUR, formats 2.3 and 1.5; docs/tours.md) ---- */

enum { NB_TOUR_FOOT = 0, NB_TOUR_HIKING = 1, NB_TOUR_RUNNING = 2, NB_TOUR_FITNESS_TRAIL = 3 };

/* A named route to follow on foot. */
typedef struct {
    nb_text name;     /* what people search for */
    nb_text source;   /* the source's id: relation/123, a GeoJSON id, a CSV tour */
    int kind;         /* NB_TOUR_* */
    size_t arc_count; /* its arcs, nb_tour_arcs */
    uint32_t start;   /* the node its first arc leaves */
    uint32_t end;     /* the node its last arc reaches; start again for a loop */
    uint64_t length;  /* centimetres, the sum of its arcs' ARCS lengths */
} nb_tour;

/* How many tours the bundle has: 0 without TOUR. TOUR is checked in full by the first call of
 * any tour function (a damaged one gives NB_ERROR_FORMAT). */
nb_status nb_tour_count(nb_bundle *bundle, uint32_t *count);
/* Tour `tour`; NB_ERROR_ARGUMENT for one out of range. */
nb_status nb_tour_info(nb_bundle *bundle, uint32_t tour, nb_tour *info);
/* The first `capacity` of the tour's arcs (ARCS indexes, in walking order, each leaving the node
 * the one before reaches) into `arcs`; `*count` how many were written. */
nb_status nb_tour_arcs(nb_bundle *bundle, uint32_t tour, uint32_t *arcs, size_t capacity, size_t *count);
/* Milliseconds for `profile` to follow the whole tour (its arcs' PROF costs summed), or
 * UINT64_MAX when the profile may not use one of its arcs. */
nb_status nb_tour_duration(nb_bundle *bundle, uint32_t profile, uint32_t tour, uint64_t *duration);
/* The tours whose name or a later word of it starts with `query` (folded as place search folds
 * it), best first as nb_search_prefix ranks places: the name before a later word, then by key.
 * The first `capacity` go into `tours`; `*count` how many were written. */
nb_status nb_tour_search(nb_bundle *bundle, const char *query, uint32_t *tours, size_t capacity, size_t *count);

enum { NB_JOIN_START = 0, NB_JOIN_NEAREST = 1 };

/* The route from node `from` onto tour `tour` and along it (docs/tours.md, "Following a tour"),
 * as two legs: nb_route_path's route to where the person joins, then the tour's arcs from there
 * to its end, or for a loop round to where they joined. NB_JOIN_START joins at its start;
 * NB_JOIN_NEAREST at the node of its arcs the profile's Dijkstra search settles first, in (time,
 * node) order (the first pass where the tour passes it again). Unreachable (nodes NULL) when the
 * profile may not use every arc of the tour or cannot reach it. `leg_starts` and
 * `leg_durations` (2 entries each, either may be NULL) receive each leg's first index into
 * `path->nodes` and its milliseconds, as nb_route_via gives them. */
nb_status nb_route_tour(nb_bundle *bundle, uint32_t profile, uint32_t tour, uint32_t from, int join, nb_path *path,
                        size_t leg_starts[2], uint64_t leg_durations[2]);

/* ---- Crowds (CRWD, formats 2.3 and 1.5; docs/crowds.md) ---- */

/* The crowd in one walkable area, from the people its access point counts. */
typedef struct {
    uint32_t outline;     /* index into OUTL */
    uint32_t level;       /* index into LEVL */
    nb_text access_point; /* the key of the access point that serves it */
    uint64_t people;      /* the access point's people (0 when the counts leave it out) */
    double density;       /* people per square metre over the area the access point serves */
    uint32_t factor;      /* time factor in thousandths (1000: unchanged); NB_NONE where walkers stand still */
} nb_crowd_area;

/* The crowd in every walkable area CRWD lists, in its order, from `counts` (`length` bytes of
 * JSON: an object from access point, a BSSID in any spelling or a label, to the people it counts,
 * a whole number from 0 to 10^9; two spellings of one access point add up, an access point the
 * bundle lacks is left out). `*areas` (free() it) holds `*area_count`. Counts that are not such
 * an object give NB_ERROR_ARGUMENT; a bundle without CRWD NB_ERROR_UNAVAILABLE. */
nb_status nb_crowd(nb_bundle *bundle, const char *counts, size_t length, nb_crowd_area **areas, size_t *area_count);

/* ---- Place search (SRCH) ---- */

enum { NB_FIELD_REF = 0, NB_FIELD_NAME = 1, NB_FIELD_WORD = 2, NB_FIELD_CATEGORY = 3, NB_FIELD_ALIAS = 4 };

typedef struct {
    uint32_t place; /* index into PLAC */
    uint8_t field;  /* the field of the place's best matching key: NB_FIELD_* */
} nb_match;

/* The places whose keys (SRCH's, and ALIA's aliases in bundles of format 1.2) start with the
 * NUL-terminated UTF-8 `query` once folded, best first, as the specification ranks them. Writes the first min(limit, capacity) matches to `results` and
 * their number to `*count`; a query that folds to nothing matches nothing. Text that is not
 * valid UTF-8 gives NB_ERROR_ARGUMENT. */
nb_status nb_search_prefix(nb_bundle *bundle, const char *query, size_t limit, nb_match *results, size_t capacity,
                           size_t *count);

/* ---- Snapping (SNAP) ---- */

/* The node of level `level` nearest to (latitude, longitude) in degrees, by the specification's
 * metric (ties to the lower node index), and its distance in metres. `*node` is NB_NONE (and
 * `*metres` 0) when the level has no nodes. Positions must be finite, latitudes within ±90 and
 * longitudes within ±180 degrees. */
nb_status nb_snap(nb_bundle *bundle, double latitude, double longitude, uint32_t level, uint32_t *node,
                  double *metres);

/* The same among the nodes in the main pieces of profile `profile`'s usable graph (PIEC); when
 * the level has none of them, the nearest node of any piece and `*fallback` 1. Without PIEC
 * every node counts as in a main piece (docs/endpoints.md). */
nb_status nb_snap_profile(nb_bundle *bundle, uint32_t profile, double latitude, double longitude, uint32_t level,
                          uint32_t *node, double *metres, int *fallback);

/* ---- Places of format 1.2 (PSRC, ALIA, ATCH, PIEC) ---- */

/* The source feature id of place `place` (`node/123`), not NUL-terminated; `*text` is NULL
 * when the place has none or the bundle has no PSRC. */
nb_status nb_place_source(nb_bundle *bundle, uint32_t place, const char **text, size_t *length);

typedef struct {
    const char *text;     /* not NUL-terminated */
    size_t text_length;
    const char *language; /* a language code, or NULL */
    size_t language_length;
    uint8_t kind;         /* 0 name in another language, 1 alternative name, 2 keyword, 3 platform synonym */
} nb_alias;

/* Place `place`'s aliases are `*first` ..< `*first + *count` (none without ALIA). */
nb_status nb_place_aliases(nb_bundle *bundle, uint32_t place, uint32_t *first, uint32_t *count);
nb_status nb_alias_info(nb_bundle *bundle, uint32_t alias, nb_alias *info);

/* The node place `place` attaches to for profile `profile` (ATCH; PLAC's node without it);
 * NB_NONE when the place is not on the graph. */
nb_status nb_place_node(nb_bundle *bundle, uint32_t profile, uint32_t place, uint32_t *node);

/* Whether `node` lies in a main piece of profile `profile`'s usable graph (1 without PIEC). */
nb_status nb_in_main_piece(nb_bundle *bundle, uint32_t profile, uint32_t node, int *in_main);

/* ---- Route endpoints (docs/endpoints.md) ---- */

enum {
    NB_ENDPOINT_PLACE = 0,      /* `place` */
    NB_ENDPOINT_POSITION,       /* `latitude`, `longitude` on `levels` */
    NB_ENDPOINT_EMPTY,          /* the text folds to nothing */
    NB_ENDPOINT_UNKNOWN,        /* nothing matches; `candidates` are up to three suggestions */
    NB_ENDPOINT_AMBIGUOUS,      /* several places match; `candidates` are all of them */
    NB_ENDPOINT_ELSEWHERE,      /* places match, none on the levels after @; `candidates` are they */
    NB_ENDPOINT_NEEDS_LEVEL,    /* a position without @level in a bundle of several levels */
    NB_ENDPOINT_UNKNOWN_LEVEL,  /* the text after @ names no level or building */
    NB_ENDPOINT_BAD_COORDINATE  /* latitude beyond ±90 or longitude beyond ±180 */
};

typedef struct {
    int kind;                 /* NB_ENDPOINT_* */
    uint32_t place;           /* NB_ENDPOINT_PLACE: index into PLAC */
    double latitude, longitude;
    uint32_t *levels;         /* NB_ENDPOINT_POSITION: LEVL indexes, ascending */
    size_t level_count;
    uint32_t *candidates;     /* places, in the order the specification gives */
    size_t candidate_count;
} nb_endpoint;

/* Resolves the NUL-terminated UTF-8 `text` by the specification's order. NB_OK whenever the text
 * could be judged, whatever `out->kind` says; an error status for a damaged bundle, text that is
 * not UTF-8, or no memory. Release `out` with nb_endpoint_free, also after a failure. */
nb_status nb_resolve_endpoint(nb_bundle *bundle, const char *text, nb_endpoint *out);
void nb_endpoint_free(nb_endpoint *endpoint);

/* The node a resolved endpoint (a place or a position) starts or ends at for `profile`, or
 * NB_NONE. */
nb_status nb_endpoint_node(nb_bundle *bundle, const nb_endpoint *endpoint, uint32_t profile, uint32_t *node);
/* nb_endpoint_node for a position given as it is: the nearest of `profile`'s snaps at (`latitude`,
 * `longitude`) on the `level_count` `levels` (ties to the lower node), NB_NONE when none. */
nb_status nb_position_node(nb_bundle *bundle, uint32_t profile, double latitude, double longitude,
                           const uint32_t *levels, size_t level_count, uint32_t *node);

/* ---- Space outlines (OUTL) ---- */

typedef struct {
    const char *label;   /* the space's label, not NUL-terminated; NULL when it has none */
    size_t label_length;
    uint32_t place;      /* index into PLAC, or NB_NONE */
    uint8_t kind;        /* 0 room, 1 corridor, 2 area, 3 stairwell, 4 lift, 5 outdoor area, 6 obstacle */
    uint32_t ring_count; /* ring 0 is the exterior, the others holes */
} nb_outline;

/* Level `level`'s outlines are `*first` ..< `*first + *count`. */
nb_status nb_level_outlines(nb_bundle *bundle, uint32_t level, uint32_t *first, uint32_t *count);
nb_status nb_outline_info(nb_bundle *bundle, uint32_t outline, nb_outline *info);
/* Ring `ring` of outline `outline` has `*count` corners (stored open, at least 3); the first
 * min(*count, capacity) are copied to `corners` as (latitude, longitude) in 1e-7 degree. */
nb_status nb_outline_ring(nb_bundle *bundle, uint32_t outline, uint32_t ring, int32_t (*corners)[2], size_t capacity,
                          size_t *count);

/* ---- Wi-Fi positioning (WIFI, since 1.1; docs/wifi.md) ---- */

/* These calls only read the bundle (the signal weights are tabulated by nb_open), so any number of
 * threads may locate on one nb_bundle at once, also while another thread uses the rest of the
 * API. For the same reason they report failures in the caller's `message` (of `message_size`
 * bytes; may be NULL), as nb_open does, not through nb_last_error. */

/* The radio map's counts and the locator's parameters, which it was compiled with. */
typedef struct {
    uint32_t access_points, buildings, floors, spots, scans, spot_postings, scan_postings;
    double floor_exponent, position_exponent; /* `e` of the signal weights of the floor scores and of the position */
    double weakest_rssi;                      /* dBm: weaker readings count as not heard */
    double certain_ratio;                     /* the floors' score ratio at which the confidence is 0.9 */
    uint32_t floor_scans, floor_spots;        /* nearest scans and spots a floor's score averages */
    uint32_t neighbours;                      /* neighbours averaged into the position */
    uint32_t position_source;                 /* they are 1 scans, 2 spots, 3 either */
    uint32_t inverse_distance;                /* 1: weighted by inverse distance; 0: equally */
} nb_radio_map;

/* NB_ERROR_UNAVAILABLE without WIFI (or with it in a section version this reader does not know:
 * this reader locates on version 2), NB_ERROR_FORMAT when nb_open found it damaged. */
nb_status nb_radio_map_info(const nb_bundle *bundle, nb_radio_map *info, char *message, size_t message_size);

typedef struct {
    const char *id; /* NUL-terminated: a BSSID in any common spelling (00:0B:86:1A:2B:3C, 0-b-86-1a-2b-3c,
                       000b861a2b3c), which is normalised, or an anonymised survey's label (WAP012) */
    double rssi;    /* dBm */
} nb_scan_reading;

typedef struct {
    int located;                /* 1, or 0 for an unknown scan: then the rest is 0 (NULL names, NB_NONE level) */
    uint32_t building;          /* index into the radio map's buildings */
    const char *building_name;  /* UTF-8 inside the mapping, not NUL-terminated; valid until nb_close */
    size_t building_name_length;
    uint32_t floor;             /* index into the radio map's floors */
    const char *floor_name;     /* the survey's name of the floor, as building_name */
    size_t floor_name_length;
    double ordinal;             /* the floor's ordinal, as the survey or the joined venue level gives it */
    uint32_t venue_level;       /* index into LEVL when the survey joined the venue's levels, else NB_NONE */
    int32_t latitude_e7, longitude_e7; /* the position in 1e-7 degree, as every reader rounds it */
    double latitude, longitude;        /* the same in degrees */
    double confidence;          /* in [0, 1]: how far the chosen floor leads the next; 0.9 at the certain ratio */
    uint32_t neighbours;        /* scans or spots averaged into the position */
} nb_fix;

/* Locates a scan of `count` readings by the exact steps of docs/bundle-format.md ("Locating a
 * scan"), so that every reader gives the same fix to the bit. NB_OK with `fix->located` 1, or 0
 * when the scan hears no access point of the map above its weakest signal (nothing to compare:
 * no guess is made). An access point listed twice keeps its stronger reading; readings whose
 * RSSI is not finite are left out. The values of WIFI the call reads are checked as the
 * specification lists: a damaged map gives NB_ERROR_FORMAT with a message naming the file and
 * WIFI. A NULL `id` gives NB_ERROR_ARGUMENT. Scratch memory (about 24 bytes per scan and spot of
 * the map) is allocated per call; nb_open prepared the rest (12 bytes per scan and spot). */
nb_status nb_locate(const nb_bundle *bundle, const nb_scan_reading *readings, size_t count, nb_fix *fix, char *message,
                    size_t message_size);

/* ---- Instruction languages (GTXT, since 1.3/2.1; docs/guidance.md) ---- */

/* The bundle's instruction languages, checked when it opens (a damaged GTXT refuses the bundle):
 * how many there are, 0 without GTXT. */
uint32_t nb_guidance_language_count(const nb_bundle *bundle);
/* Language `index`'s code ("de") and its name in itself ("Deutsch"), in code order; texts point
 * into the bundle. NB_ERROR_UNAVAILABLE without GTXT, NB_ERROR_ARGUMENT for an index out of range. */
nb_status nb_guidance_language(nb_bundle *bundle, uint32_t index, nb_text *code, nb_text *endonym);

/* What to tell a person at `maneuver` (from nb_route_maneuvers) in language `language` (a code
 * nb_guidance_language lists, NUL-terminated), rendered from GTXT's templates by the rules of
 * docs/guidance.md ("Words of a maneuver", "Rendering") exactly as the Swift reader's
 * instruction(for:language:destination:) renders it: "Turn left onto Hauptstraße", "Links abbiegen
 * auf Hauptstraße". `destination` (NUL-terminated UTF-8, NULL for none) names the place an
 * `arrive` reaches ("Arrive at Library"); other kinds ignore it. (A name holding U+0000 cannot be
 * passed; the Python and JavaScript readers refuse one as an argument.)
 *
 * The text is written as nb_step_instruction writes its: the UTF-8 and a NUL into `text` of
 * `capacity` bytes, its length without the NUL to `*length`; with `text` NULL and `capacity` 0 it
 * only measures; a buffer too small gives NB_ERROR_ARGUMENT with `*length` the length needed and
 * `text` the empty string, so the caller can retry with `*length + 1` bytes.
 *
 * A language the bundle does not have is NB_ERROR_LANGUAGE (never another language's words), with
 * nb_last_error listing the codes it has; a bundle without GTXT NB_ERROR_UNAVAILABLE; a maneuver
 * of unknown kind or modifier, out-of-range levels, or a way or destination that is not UTF-8
 * NB_ERROR_ARGUMENT; a template that breaks the syntax or a text that is not UTF-8 NB_ERROR_FORMAT
 * (GTXT's strings are checked where they are used). Memory for the words is allocated per call. */
nb_status nb_maneuver_instruction(nb_bundle *bundle, const nb_maneuver *maneuver, const char *language,
                                  const char *destination, char *text, size_t capacity, size_t *length);

/* A distance of `centimetres` as people say it in language `language` (docs/guidance.md, "Spoken
 * distances"): "a few metres", "30 metres", "1.5 kilometres", in integers rounded half up, not
 * capitalised, for "in 30 metres" or a line's end. The buffer and the statuses as for
 * nb_maneuver_instruction. */
nb_status nb_spoken_distance(nb_bundle *bundle, const char *language, uint64_t centimetres, char *text,
                             size_t capacity, size_t *length);

/* ---- For bindings: metric arrays, folding, conditions parsed to targets ---- */

/* What readers/python shows that the calls above keep inside. A metric's customised arrays, one
 * entry per CCHT arc (`capacity` >= that count, which `*count` gets also when it is not): the lightest weight between
 * the arc's ends through lower ranks upward and downward (NB_NONE for none) and what each comes
 * from (0x80000000 plus an ARCS arc, a middle rank, or NB_NONE). */
nb_status nb_metric_arrays(nb_bundle *bundle, const nb_metric *metric, uint32_t *up, uint32_t *down, uint32_t *up_via,
                           uint32_t *down_via, size_t capacity, size_t *count);
/* A metric's input weights, one per ARCS arc (the profile's PROF costs for its own metric). */
nb_status nb_metric_weights(nb_bundle *bundle, const nb_metric *metric, uint32_t *weights, size_t capacity);
/* The profile a metric was customised for. */
uint32_t nb_metric_profile(const nb_metric *metric);
/* `length` bytes of UTF-8 folded by the bundle's SRCH table, as keys and queries are: `*folded`
 * (free() it; NULL for empty text) holds `*folded_length` bytes, not NUL-terminated. */
nb_status nb_fold(nb_bundle *bundle, const char *text, size_t length, char **folded, size_t *folded_length);

/* One target of conditions text, in file order (closed[0], ..., then slow[0], ...). */
typedef struct {
    uint8_t kind;         /* 0 a name (a ref or a label), 1 levels, 2 a polygon on levels */
    uint8_t list;         /* NB_CONDITIONS_CLOSED or NB_CONDITIONS_SLOW */
    size_t index;         /* its place in that list */
    char *text;           /* the name, or the text naming the levels: UTF-8, not NUL-terminated */
    size_t length;
    double *corners;      /* a polygon's (latitude, longitude) pairs in degrees */
    size_t corner_count;
    double factor;        /* a slow-down's factor; 1 for a closure */
} nb_condition_target;

/* Reads and checks `length` bytes of conditions text (docs/conditions.md) without a bundle: NB_OK
 * with `*targets` (release with nb_condition_targets_free), NB_ERROR_CONDITIONS with `*error`
 * (kind NB_CONDITIONS_INVALID; may be NULL) saying what breaks the format. */
nb_status nb_conditions_parse(const char *json, size_t length, nb_condition_target **targets, size_t *count,
                              nb_conditions_error *error);
void nb_condition_targets_free(nb_condition_target *targets, size_t count);

/* ---- For bindings: opening in two steps, exits with times, text and number formats ---- */

/* What nb_open_table refused, for a binding whose errors say it by a code rather than by words. */
typedef enum {
    NB_REFUSED_NOTHING = 0,
    NB_REFUSED_NOT_A_BUNDLE,       /* too short for a header, or not the magic NAVFBNDL */
    NB_REFUSED_VERSION,            /* a major version this reader does not read */
    NB_REFUSED_SIZE,               /* the header's file size is not the bytes': truncated or extended */
    NB_REFUSED_TABLE,              /* the header size or the section table */
    NB_REFUSED_MISSING_SECTION,    /* a required section absent or at another version */
    NB_REFUSED_OTHER               /* no memory, or no bytes */
} nb_refusal_kind;

typedef struct {
    nb_refusal_kind kind;
    char section[5]; /* NB_REFUSED_MISSING_SECTION: the required section's tag; else empty */
} nb_refusal;

/* Opening in two steps, for a host that checks the checksums itself in between (the JavaScript
 * reader hashes with WebCrypto): nb_open_table checks the header and the section table as
 * nb_open_memory does (statuses and messages alike) and gives a bundle whose only other use may
 * be nb_section_entry, nb_section_checksum, nb_verify_digests, nb_open_finish and nb_close;
 * nb_open_finish checks the required sections (its message is nb_last_error) and makes the
 * bundle whole. `*refusal` (may be NULL) says what nb_open_table refused; NB_REFUSED_NOTHING on NB_OK. */
nb_status nb_open_table(const void *data, size_t size, const char *name, nb_bundle **out, char *message,
                        size_t message_size, nb_refusal *refusal);
/* Section `index`'s checksum field (the first 8 bytes of its SHA-256, little-endian). */
uint64_t nb_section_checksum(const nb_bundle *bundle, size_t index);
/* Checks the SHA-256 digests the host computed: `digests` holds 32 bytes per section, in table
 * order, of the section's bytes, then 32 of the whole file with its header's hash field as zeros.
 * NB_OK, or NB_ERROR_CHECKSUM with nb_last_error naming the first section that does not match (or
 * the file), in nb_open_memory's words. */
nb_status nb_verify_digests(nb_bundle *bundle, const uint8_t *digests);
nb_status nb_open_finish(nb_bundle *bundle);

/* nb_nearest_exit as a path: its arcs, `path->duration` the table's cost, and `*times` (free() it)
 * the drop of the table's time to exit along each arc (a table whose time rises is refused). */
nb_status nb_nearest_exit_path(nb_bundle *bundle, uint32_t profile, uint32_t node, nb_path *path, uint32_t **times);

/* Whether `length` bytes are one strict JSON value (RFC 8259, UTF-8, no name twice in an object,
 * at most 64 deep): 1, or 0 with the reason in `message` (of `message_size` bytes). */
int nb_json_check(const char *text, size_t length, char *message, size_t message_size);

/* `value` as printf("%.*f", digits, value) writes it, into `out` (of `size` bytes): the length
 * it needs, as snprintf returns it. */
int nb_format_fixed(double value, int digits, char *out, size_t size);

/* `value` as Swift's description of a Double writes it ("2.0", "0.5", "1e-05"), NUL-terminated in
 * `out` (40 bytes): its length. */
size_t nb_swift_double(double value, char *out);
/* A scanned access point id (`length` bytes) as WIFI stores a BSSID (six lower-case hex pairs
 * joined by ':'), NUL-terminated in `out` (18 bytes): 1, or 0 when it is no BSSID spelling. */
int nb_normalised_access_point(const char *id, size_t length, char *out);

/* The part of endpoint `text` (`length` bytes) an error of `kind` (NB_ENDPOINT_*) names: bytes
 * `*start` to `*start + *named_length` of it, the text without ASCII whitespace at either end,
 * and for NB_ENDPOINT_UNKNOWN_LEVEL the qualifier after the position's '@'. */
void nb_endpoint_named(const char *text, size_t length, int kind, size_t *start, size_t *named_length);

/* nb_step_instruction for a step given field by field (a NULL `label` for none): its words in
 * `*text`, `*length` bytes NUL-terminated, which the caller frees with free(). */
nb_status nb_step_words(nb_bundle *bundle, int action, const char *label, size_t label_length, uint32_t from_level,
                        uint32_t to_level, int64_t step_count, double rise, int along_path, char **text, size_t *length);

/* Level `level`'s short name as instructions give it (its name; else its id outdoors, "level 2" by
 * its ordinal in a building): `*length` bytes NUL-terminated in `*text`, which the caller frees. */
nb_status nb_level_short_name(nb_bundle *bundle, uint32_t level, char **text, size_t *length);

/* ---- For bindings: the core's rules (slowed costs, signal weights, conditions overlay) ---- */

/* An arc's `cost` (milliseconds) slowed by `factor`, as conditions slow it: the double product
 * rounded half away from zero, at most 0xFFFFFFFE so that the arc stays passable; an
 * impassable cost (0xFFFFFFFF) stays so. */
uint32_t nb_slowed_cost(uint32_t cost, double factor);
/* `value` rounded to an integer, halves away from zero, as the format rounds (C's round()). */
double nb_round_half_away(double value);
/* The weight of a reading of `rssi` dBm, as step 1 of locating gives it: 0 at or below `weakest`,
 * 1 at 0 dBm, else ((rssi - weakest) / -weakest) ^ exponent rounded to a multiple of 2^-24. */
double nb_signal_weight(double rssi, double weakest, double exponent);

/* What conditions close and slow, entry by entry, for drawing them; release with
 * nb_conditions_overlay_free. */
typedef struct {
    size_t entry_count;       /* targets listed, in file order: all of them, or those before the first
                                 ambiguous one; none when the text is invalid */
    size_t *entry_first;      /* entry i covers arcs[entry_first[i] ..< entry_first[i + 1]] */
    uint32_t *arcs;           /* each entry's ARCS arcs when resolved alone, ascending; none when it
                                 covers nothing */
    nb_arc_conditions whole;  /* the whole text resolved; empty when it cannot be applied */
} nb_overlay;

/* Resolves each target of `json` alone and then the whole text. NB_OK whenever the text could be
 * judged: `error->kind` (`error` may be NULL) is NB_CONDITIONS_APPLIED, or says why the whole cannot
 * be applied as nb_conditions_resolve would. Other statuses as nb_conditions_resolve gives them,
 * with `*out` empty. */
nb_status nb_conditions_overlay(nb_bundle *bundle, const char *json, size_t length, nb_overlay *out,
                                nb_conditions_error *error);
void nb_conditions_overlay_free(nb_overlay *overlay);

/* ---- For bindings: answers as JSON ---- */

/* Outlines and conditions as one JSON text each, for a binding whose language reads JSON natively
 * (JavaScript, Python) rather than walking the structs call by call. Numbers are written in the
 * fewest digits that read back as the same double; texts are UTF-8. `*json` (`*length` bytes,
 * NUL-terminated) is the caller's to free(). */

/* Level `level`'s outlines, as nb_level_outlines, nb_outline_info and nb_outline_ring give them:
 * `[{"kind", "label" (null for none), "place" (null for none), "rings": [[[latitude, longitude],
 * ...], ...]}, ...]`, corners in degrees. NB_ERROR_FORMAT for a label that is not UTF-8. */
nb_status nb_level_outlines_json(nb_bundle *bundle, uint32_t level, char **json, size_t *length);

/* Every tour as nb_tour_info and nb_tour_arcs give it, in bundle order: `[{"name", "source",
 * "kind" ("foot", "hiking", "running" or "fitness_trail"), "start", "end", "length"
 * (centimetres), "arcs": [...], "durations": [milliseconds or null per profile]}]`. */
nb_status nb_tours_json(nb_bundle *bundle, char **json, size_t *length);
/* nb_crowd's areas: `[{"outline", "level", "accessPoint", "people", "density", "factor" (null
 * where walkers stand still)}]`. */
nb_status nb_crowd_json(nb_bundle *bundle, const char *counts, size_t count_length, char **json, size_t *length);
/* The conditions (docs/conditions.md) the crowds of nb_crowd put on routes, as the Swift reader's
 * crowdConditions writes them: `{"closed":[{"polygon":[[LAT,LON],...],"level":"ID"}],
 * "slow":[{"polygon":...,"level":"ID","factor":F}]}`, each area whose factor is above 1000 slowed
 * by it and each where walkers stand still closed, its outline's exterior corners to seven
 * decimals, factors to three; for nb_conditions_apply. */
nb_status nb_crowd_conditions_json(nb_bundle *bundle, const char *counts, size_t count_length, char **json, size_t *length);
/* nb_tour_search's tours, all of them, as a JSON array of indexes. */
nb_status nb_tour_search_json(nb_bundle *bundle, const char *query, char **json, size_t *length);

/* nb_nearest (or, with `metric`, nb_nearest_metric, `profile` then ignored) with a filter of these
 * parts: texts NULL for none, `min_capacity` 0 or less for none, `among` (`among_count` places)
 * only when `has_among`. `[{"place", "node", "duration" (ms), "length" (cm), "nodes": [...]},
 * ...]`, nearest first. */
nb_status nb_nearest_json(nb_bundle *bundle, uint32_t profile, const nb_metric *metric, uint32_t from,
                          const char *category, const char *keyword, const char *levels, int32_t min_capacity,
                          const uint32_t *among, size_t among_count, int has_among, size_t limit, char **json,
                          size_t *length);

/* nb_geofence's hits: `[{"place", "inside" (true or false), "metres" (null without a position)},
 * ...]`. */
nb_status nb_geofence_json(nb_bundle *bundle, double latitude, double longitude, const uint32_t *levels,
                           size_t level_count, char **json, size_t *length);

/* nb_geofence_events along `count` positions given as arrays: position i at `latitudes[i]`,
 * `longitudes[i]` on `levels[level_first[i] .. level_first[i + 1]]`. `[{"position", "kind"
 * ("enter" or "leave"), "place"}, ...]`. */
nb_status nb_geofence_events_json(nb_bundle *bundle, const double *latitudes, const double *longitudes,
                                  const uint32_t *level_first, const uint32_t *levels, size_t count, char **json,
                                  size_t *length);

/* nb_conditions_parse's targets: `[{"position" ("closed[0]"), "target": {"kind" ("name", "level"
 * or "polygon"), "text", "polygon" (a polygon's [[latitude, longitude], ...])}, "factor" (null for
 * a closure)}, ...]` in file order; statuses and `*error` as nb_conditions_parse's. */
nb_status nb_conditions_parse_json(const char *json, size_t length, char **out, size_t *out_length,
                                   nb_conditions_error *error);

/* nb_conditions_overlay's answer for drawing: `{"entries": [... as nb_conditions_parse_json's, each
 * with "arcs"], "closed": [arc, ...], "slowed": [{"arc", "factor"}, ...] (arcs not closed),
 * "error": null or {"code" ("invalid", "ambiguous" or "unmatched"), "message", "entries"
 * (positions), "candidates" (places)}}`; when the conditions cannot be applied nothing is closed
 * or slowed, and the entries are those resolved before the error (none for invalid text). NB_OK
 * whenever the text could be judged; other statuses as nb_conditions_overlay's. */
nb_status nb_conditions_overlay_json(nb_bundle *bundle, const char *json, size_t length, char **out, size_t *out_length);

/* `*error` (from a call that gave NB_ERROR_CONDITIONS) as nb_conditions_overlay_json writes an
 * error: `{"code", "message", "entries", "candidates"}`; frees the error's own memory either way. */
nb_status nb_conditions_error_json(nb_conditions_error *error, char **json, size_t *length);

/* The profiles' names in PROF order: `["foot", ...]`. NB_ERROR_FORMAT for a name that is missing
 * or not UTF-8. */
nb_status nb_profiles_json(nb_bundle *bundle, char **json, size_t *length);

/* Place `place`'s aliases, as nb_place_aliases and nb_alias_info give them: `[{"text", "language"
 * (null for none), "kind"}, ...]`, none without ALIA. NB_ERROR_FORMAT for a text that is not UTF-8. */
nb_status nb_place_aliases_json(nb_bundle *bundle, uint32_t place, char **json, size_t *length);

/* What the NUL-terminated `text` names, as nb_resolve_endpoint resolves it: `{"kind": "place",
 * "place"}`, `{"kind": "position", "latitude", "longitude", "levels": [...]}`, or when it names no
 * single one `{"code" ("empty", "unknown", "ambiguous", "elsewhere", "needs-level", "unknown-level"
 * or "bad-coordinate"), "text" (what nb_endpoint_named names of its `length` bytes), "candidates"}`.
 * Statuses as nb_resolve_endpoint's. */
nb_status nb_resolve_endpoint_json(nb_bundle *bundle, const char *text, size_t length, char **json, size_t *json_length);

/* META's JSON text as nb_metadata gives it, once checked to be one strict JSON object (nb_json_check's
 * rules: no name twice in an object, at most 64 deep, so that a host's own parser never meets what
 * it cannot take). NB_ERROR_FORMAT says what is wrong: "section META: is not JSON: ...", "section
 * META: nests deeper than 64" or "section META: is not a JSON object". */
nb_status nb_metadata_object(nb_bundle *bundle, const char **json, size_t *length);

/* The levels in LEVL order, as nb_level_info and nb_level_short_name give them: `[{"index", "id",
 * "name", "buildingId", "buildingName" (each null for none or a text that is not UTF-8), "ordinal",
 * "shortName", "displayName" (the short name, then ", " and the building's name when it has one)},
 * ...]`. Statuses as nb_level_short_name's. */
nb_status nb_levels_json(nb_bundle *bundle, char **json, size_t *length);

/* Place `place` as nb_place_info gives it: `{"index", "kind", "ref", "name", "category",
 * "description", "building", "openingHours", "phone", "email", "website" (each null for none or a
 * text that is not UTF-8), "level", "node", "capacity" (null for none), "latitude", "longitude"
 * (degrees; null when not positioned), "geofenceRadius" (metres)}`. Statuses as nb_place_info's. */
nb_status nb_place_json(nb_bundle *bundle, uint32_t place, char **json, size_t *length);

/* Event `event` as nb_event_info gives it: `{"index", "place", "title", "description" (null for none
 * or a text that is not UTF-8), "start", "end" (seconds since 1970)}`. */
nb_status nb_event_json(nb_bundle *bundle, uint32_t event, char **json, size_t *length);

/* The section table in table order, as nb_section_entry gives it: `[{"tag", "version", "offset",
 * "length"}, ...]`. */
nb_status nb_sections_json(nb_bundle *bundle, char **json, size_t *length);

/* The codes of the instruction languages, as nb_guidance_language lists them: `["de", ...]`. */
nb_status nb_guidance_languages_json(nb_bundle *bundle, char **json, size_t *length);

/* nb_search_prefix's matches (at most `limit`, and no more than there are places): `[{"place",
 * "field"}, ...]`; statuses as nb_search_prefix's. */
nb_status nb_search_prefix_json(nb_bundle *bundle, const char *query, size_t limit, char **json, size_t *length);

/* nb_maneuver_instruction's and nb_spoken_distance's words in memory of their own: `*text`
 * (`*length` bytes, NUL-terminated), which the caller frees with free(); NULL on failure, with the
 * statuses of those calls. */
nb_status nb_maneuver_instruction_text(nb_bundle *bundle, const nb_maneuver *maneuver, const char *language,
                                       const char *destination, char **text, size_t *length);
nb_status nb_spoken_distance_text(nb_bundle *bundle, const char *language, uint64_t centimetres, char **text,
                                  size_t *length);

/* The way out from `node` for `profile` with `conditions` applied (NULL for none) to its costs of
 * leaving (nb_leaving_costs, then nb_exit_search): as nb_nearest_exit_path gives it, `*times` each
 * arc's milliseconds by those costs (free() it; NULL when no exit is open). */
nb_status nb_conditions_exit_path(nb_bundle *bundle, uint32_t profile, const nb_arc_conditions *conditions,
                                  uint32_t node, nb_path *path, uint32_t **times);

/* The radio map's samples (nb_radio_map_samples, nb_radio_map_point, nb_radio_map_reading):
 * `[{"label" ("BUILDING, FLOOR: reference point N"), "buildingName", "floorName", "floor",
 * "referencePoint", "latitude", "longitude" (degrees), "scan": [{"id", "rssi"}, ...]}, ...]`; none
 * without WIFI. Failures are written to `message`, as those calls write them. */
nb_status nb_radio_map_samples_json(const nb_bundle *bundle, size_t limit, char **json, size_t *length,
                                    char *message, size_t message_size);

/* ---- Published versions: statements and public keys ---- */

/* What `navforge publish --sign-key` signs is a statement's exact bytes; a host verifies the
 * Ed25519 signature with its own library (WebCrypto, libsodium, Python's cryptography) and reads
 * the statement and the public key with these calls, whose messages say what is refused. */

/* A `navforge-statement/1` statement's fields: the four texts are UTF-8, NUL-terminated and
 * `*_length` bytes long (a text may hold a NUL of its own), in one allocation released with
 * nb_statement_free. */
typedef struct {
    char *venue, *version, *bundle, *sha256; /* sha256: 64 lowercase hex digits */
    size_t venue_length, version_length, bundle_length, sha256_length;
    uint64_t size;                           /* the bundle file's bytes, at most 2^53 - 1 */
} nb_statement;

/* Reads the `length` bytes of a statement: strict UTF-8 and strict JSON (nb_json_check's rules,
 * at most 64 deep), an object whose `format` is "navforge-statement/1", whose `venue`, `version`
 * and `bundle` are non-empty strings, `size` a whole number from 0 to 2^53 - 1 and `sha256` 64
 * lowercase hex digits. NB_OK with `*out`; else NB_ERROR_FORMAT (NB_ERROR_MEMORY) with `*out`
 * empty and `message` (of `message_size` bytes) saying which rule the statement breaks. */
nb_status nb_statement_read(const void *bytes, size_t length, nb_statement *out, char *message, size_t message_size);
void nb_statement_free(nb_statement *statement);

/* The bytes of an Ed25519 SubjectPublicKeyInfo (RFC 8410, section 4): 12 fixed bytes and the key. */
#define NB_ED25519_SPKI_BYTES 44

/* Reads an Ed25519 public key: with `pem` 1, the `length` bytes are PEM text whose PUBLIC KEY
 * block (RFC 7468; what `navforge keygen` writes as NAME.pub) holds it, else they are its DER.
 * NB_OK with the 44 bytes of its SubjectPublicKeyInfo in `spki`; else NB_ERROR_FORMAT
 * (NB_ERROR_MEMORY) with `message` saying what the key is instead: a private key, another block,
 * no PEM, damaged base64, a key of another algorithm (named), or no SubjectPublicKeyInfo. */
nb_status nb_public_key_read(const void *key, size_t length, int pem, uint8_t spki[NB_ED25519_SPKI_BYTES], char *message,
                             size_t message_size);

/* The id catalogs give a public key (read by nb_public_key_read): the first 16 hex digits of the
 * SHA-256 of its 32 raw bytes, NUL-terminated in `id`. */
void nb_public_key_id(const uint8_t spki[NB_ED25519_SPKI_BYTES], char id[17]);

/* Decodes `length` bytes of strict standard base64 (RFC 4648: whole groups of four, `=` padding
 * only at the end, no white space) into `out` (room for 3 * length / 4 bytes): 1 with
 * `*out_length`, or 0 when the text is not base64. */
int nb_base64_read(const char *text, size_t length, uint8_t *out, size_t *out_length);

/* A release record is what catalog.json's versions and VENUE/latest.json carry for a published
 * version: its statement (`statementBase64`), the signature over it (`signature`: `algorithm`,
 * `keyID`, `value`) and, unsigned, the venue, version and bundle file a client shows before it
 * downloads. A host verifies one in four steps: nb_release_read without the key (the record's
 * own form), then with the id of the key it verifies with (its statement and signature
 * decoded), the Ed25519 signature over the statement with its own library, and
 * nb_statement_read and nb_statement_check (the statement against the record and what the host
 * expects). Messages quote the record's values as JavaScript's JSON.stringify writes them. */

/* What a release record's refusal (NB_ERROR_FORMAT) is about. */
typedef enum {
    NB_RELEASE_NOTHING = 0,
    NB_RELEASE_STATEMENT, /* the statement: not base64, or not the version latest.json names */
    NB_RELEASE_SIGNATURE  /* the signature: absent, of another algorithm or key, or not base64 */
} nb_release_fault;

/* A release record's statement and signature, decoded into one allocation released with
 * nb_release_free. */
typedef struct {
    uint8_t *statement;       /* the bytes the signature covers */
    size_t statement_length;
    uint8_t *signature;       /* the signature's bytes (an Ed25519 signature has 64) */
    size_t signature_length;
    nb_release_fault refused; /* on NB_ERROR_FORMAT: what is at fault */
} nb_release;

/* Reads the `length` bytes of a release record's JSON: the record itself, latest.json (whose
 * venue and version must be its record's) or a catalog version (`{pinned, release}`). Checks that
 * it is signed by "ed25519"; with `key_id` (16 hex digits, may be NULL) also that it is signed
 * with that key, and decodes its statement and signature into `*out`. NB_OK; NB_ERROR_ARGUMENT
 * for JSON that is no release record; NB_ERROR_FORMAT with `out->refused` saying what is at
 * fault; `message` (of `message_size` bytes) saying why. */
nb_status nb_release_read(const char *json, size_t length, const char *key_id, nb_release *out, char *message,
                          size_t message_size);
void nb_release_free(nb_release *release);

/* Checks a statement read with nb_statement_read, whose signature the host has verified, against
 * what the host knows: `record` (`record_length` bytes of JSON as for nb_release_read; NULL for
 * none), whose unsigned venue, version, bundle file name (its path's last part), size and sha256
 * must be the signed ones, then the `venue` and `version` it expects (`*_length` bytes; NULL for
 * any), since an older version's statement is validly signed too. NB_OK, or NB_ERROR_FORMAT with
 * `message` naming the first that differs (NB_ERROR_ARGUMENT for a record that is none). */
nb_status nb_statement_check(const nb_statement *statement, const char *record, size_t record_length, const char *venue,
                             size_t venue_length, const char *version, size_t version_length, char *message,
                             size_t message_size);

/* Whether the bundle a host holds is the file `statement` names: `size` bytes, whose SHA-256 is
 * `sha256` (the host's digest of them; NULL to check the size alone) and, with `bundle` (those
 * bytes opened; may be NULL), whose META names the statement's venue (venueID) and version
 * (bundleVersion). NB_OK with `*same` 1, or 0 and `message` saying what differs; the status of
 * `bundle` (its message nb_last_error) when its META cannot be read. */
nb_status nb_statement_matches(const nb_statement *statement, uint64_t size, const uint8_t *sha256, nb_bundle *bundle,
                               int *same, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
