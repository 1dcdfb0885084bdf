/*
 * replay FILE_OR_FOLDER...: runs a libFuzzer harness of the C reader (linked beside it) on saved
 * inputs without libFuzzer, so that `make test` replays Tests/Fuzz/regressions/ under the
 * ordinary compiler's ASan and UBSan. Each input is copied into a buffer of exactly its size
 * (a read past it is a heap overflow) and given 10 seconds (REPLAY_SECONDS), past which the
 * replay stops as a hang, naming the input. Folders are read one level deep, in name order.
 * Built with -DREPLAY_INITIALIZE for a harness that has LLVMFuzzerInitialize.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#ifdef REPLAY_INITIALIZE
int LLVMFuzzerInitialize(int *argc, char ***argv);
#endif

static const char *current;

static void hang(int signal_number) {
    (void)signal_number;
    static const char prefix[] = "replay: an input ran past its time (a hang): ";
    if (write(2, prefix, sizeof prefix - 1) < 0 || write(2, current, strlen(current)) < 0 || write(2, "\n", 1) < 0) _exit(3);
    _exit(3);
}

static int replay_file(const char *path, unsigned seconds) {
    FILE *file = fopen(path, "rb");
    if (!file) return perror(path), 1;
    struct stat info;
    if (fstat(fileno(file), &info) != 0) return perror(path), fclose(file), 1;
    size_t size = (size_t)info.st_size;
    uint8_t *bytes = malloc(size ? size : 1);
    if (bytes == NULL || fread(bytes, 1, size, file) != size) return perror(path), fclose(file), free(bytes), 1;
    fclose(file);
    current = path;
    alarm(seconds);
    LLVMFuzzerTestOneInput(bytes, size);
    alarm(0);
    free(bytes);
    return 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: replay FILE_OR_FOLDER...\n");
        return 2;
    }
#ifdef REPLAY_INITIALIZE
    LLVMFuzzerInitialize(&argc, &argv);
#endif
    const char *limit = getenv("REPLAY_SECONDS");
    unsigned seconds = limit && atoi(limit) > 0 ? (unsigned)atoi(limit) : 10;
    signal(SIGALRM, hang);
    size_t replayed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat info;
        if (stat(argv[i], &info) != 0) return perror(argv[i]), 1;
        if (!S_ISDIR(info.st_mode)) {
            if (replay_file(argv[i], seconds)) return 1;
            replayed++;
            continue;
        }
        DIR *folder = opendir(argv[i]);
        if (!folder) return perror(argv[i]), 1;
        char **names = NULL;
        size_t count = 0;
        for (struct dirent *entry; (entry = readdir(folder)) != NULL;) {
            if (entry->d_name[0] == '.') continue;
            char *path = malloc(strlen(argv[i]) + strlen(entry->d_name) + 2);
            char **grown = realloc(names, sizeof *names * (count + 1));
            if (!path || !grown) return fprintf(stderr, "replay: out of memory\n"), 1;
            names = grown;
            sprintf(path, "%s/%s", argv[i], entry->d_name);
            names[count++] = path;
        }
        closedir(folder);
        qsort(names, count, sizeof *names, by_name);
        for (size_t k = 0; k < count; k++) {
            if (stat(names[k], &info) == 0 && S_ISREG(info.st_mode)) {
                if (replay_file(names[k], seconds)) return 1;
                replayed++;
            }
            free(names[k]);
        }
        free(names);
    }
    printf("replayed %zu inputs\n", replayed);
    return 0;
}
