/*
 * bench_locate BUNDLE SURVEY [ROUNDS]: times nb_locate on every scan of SURVEY, a survey in the
 * wide layout of UJIIndoorLoc (a column per access point named WAP001..., 100 for not heard, and
 * FLOOR and BUILDINGID), in ROUNDS rounds (6 unless given), and prints the mean, median and 99th
 * percentile per scan in microseconds, the share of scans put in their surveyed building and on
 * their floor, and a last line `locate_us_median=...` for other readers' benchmarks to compare
 * with. Meant for the UJIIndoorLoc radio map (readers/vectors/uji/uji.yml) and its
 * validationData.csv. Build it optimised:
 *
 *   cc -std=c99 -O2 -o /tmp/bench_locate readers/c/bench_locate.c readers/c/navbundle.c -lm
 */
#define _POSIX_C_SOURCE 200809L
#include "navbundle.h"
#include "bench_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    nb_scan_reading *readings;
    size_t count;
    char floor[16], building[16];
} survey_scan;

/* The scans of the survey at `path` (unquoted CSV); NULL with a message when it cannot be read. */
static survey_scan *read_survey(const char *path, size_t *scan_count, char ***names) {
    FILE *file = fopen(path, "rb");
    if (!file) return perror(path), NULL;
    char *line = NULL;
    size_t capacity = 0, columns = 0, scans = 0, room = 0;
    ssize_t length;
    survey_scan *result = NULL;
    int floor_column = -1, building_column = -1;
    *names = NULL;
    while ((length = getline(&line, &capacity, file)) >= 0) {
        while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = 0;
        if (*names == NULL) {
            for (char *at = line; at; at = strchr(at, ',') ? strchr(at, ',') + 1 : NULL) columns++;
            *names = calloc(columns, sizeof(char *));
            size_t c = 0;
            for (char *field = strtok(line, ","); field && c < columns; field = strtok(NULL, ","), c++) {
                (*names)[c] = strdup(field);
                if (strcmp(field, "FLOOR") == 0) floor_column = (int)c;
                if (strcmp(field, "BUILDINGID") == 0) building_column = (int)c;
            }
            continue;
        }
        if (scans == room) {
            room = room ? 2 * room : 1024;
            result = realloc(result, sizeof *result * room);
        }
        survey_scan *s = &result[scans++];
        memset(s, 0, sizeof *s);
        s->readings = malloc(sizeof *s->readings * columns);
        size_t c = 0;
        for (char *field = strtok(line, ","); field && c < columns; field = strtok(NULL, ","), c++) {
            if ((int)c == floor_column) snprintf(s->floor, sizeof s->floor, "%s", field);
            if ((int)c == building_column) snprintf(s->building, sizeof s->building, "%s", field);
            if (strncmp((*names)[c], "WAP", 3) != 0 || atoi(field) == 100) continue;
            s->readings[s->count].id = (*names)[c];
            s->readings[s->count++].rssi = atof(field);
        }
    }
    free(line);
    fclose(file);
    if (floor_column < 0 || building_column < 0) {
        fprintf(stderr, "bench_locate: %s has no FLOOR or BUILDINGID column\n", path);
        return NULL;
    }
    *scan_count = scans;
    return result;
}

static int name_is(const char *name, size_t length, const char *expected) {
    return name != NULL && strlen(expected) == length && memcmp(name, expected, length) == 0;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: bench_locate BUNDLE SURVEY [ROUNDS]\n");
        return 2;
    }
    int rounds = argc > 3 ? atoi(argv[3]) : 6;
    if (rounds < 1) rounds = 1;
    char message[1024];
    nb_bundle *bundle;
    if (nb_open(argv[1], 1, &bundle, message, sizeof message) != NB_OK) {
        fprintf(stderr, "bench_locate: %s\n", message);
        return 1;
    }
    size_t count = 0;
    char **names;
    survey_scan *scans = read_survey(argv[2], &count, &names);
    if (scans == NULL || count == 0) return nb_close(bundle), 1;
    double *times = malloc(sizeof(double) * count * (size_t)rounds), sum = 0;
    size_t unknown = 0, building_hits = 0, floor_hits = 0, timed = 0;
    for (int round = 0; round < rounds; round++)
        for (size_t i = 0; i < count; i++) {
            nb_fix fix;
            double start = now_us();
            nb_status status = nb_locate(bundle, scans[i].readings, scans[i].count, &fix, message, sizeof message);
            times[timed] = now_us() - start;
            sum += times[timed++];
            if (status != NB_OK) {
                fprintf(stderr, "bench_locate: scan %zu: %s\n", i + 1, message);
                return nb_close(bundle), 1;
            }
            if (round > 0) continue;
            /* UJIIndoorLoc's map keeps the survey's building and floor names. */
            int building = fix.located && name_is(fix.building_name, fix.building_name_length, scans[i].building);
            unknown += !fix.located;
            building_hits += building;
            floor_hits += building && name_is(fix.floor_name, fix.floor_name_length, scans[i].floor);
        }
    qsort(times, timed, sizeof(double), ascending);
    nb_radio_map map;
    if (nb_radio_map_info(bundle, &map, message, sizeof message) == NB_OK)
        printf("radio map: %u scans at %u spots on %u floors in %u buildings, %u access points\n", map.scans, map.spots,
               map.floors, map.buildings, map.access_points);
    printf("%zu scans, %zu unknown; building hit %.2f %%, floor hit %.2f %%\n", count, unknown,
           100.0 * (double)building_hits / (double)count, 100.0 * (double)floor_hits / (double)count);
    printf("locate: mean %.1f us, median %.1f us, p99 %.1f us (%zu scans x %d rounds)\n", sum / (double)timed,
           times[timed / 2], times[timed * 99 / 100], count, rounds);
    printf("locate_us_median=%.1f\n", times[timed / 2]);
    nb_close(bundle);
    return 0;
}
