/* Fault injection for the crash-consistency script: makes writes under one folder fail with ENOSPC
 * ("No space left on device") once a byte budget is spent, for machines where no small file system
 * can be mounted. Load with LD_PRELOAD; set CARTELERA_ENOSPC_PATH (absolute folder) and
 * CARTELERA_ENOSPC_BUDGET (bytes that may still be written there). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ssize_t (*real_write)(int, const void *, size_t);
static long long budget = -1;

static int under_watched_folder(int fd) {
    const char *folder = getenv("CARTELERA_ENOSPC_PATH");
    if (folder == NULL || folder[0] == '\0') return 0;
    char link[64], target[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, target, sizeof target - 1);
    if (length <= 0) return 0;
    target[length] = '\0';
    return strncmp(target, folder, strlen(folder)) == 0;
}

ssize_t write(int fd, const void *buffer, size_t count) {
    if (real_write == NULL) real_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
    if (budget < 0) {
        const char *text = getenv("CARTELERA_ENOSPC_BUDGET");
        budget = text ? atoll(text) : 0;
    }
    if (count > 0 && under_watched_folder(fd)) {
        if ((long long)count > budget) {
            errno = ENOSPC;
            return -1;
        }
        budget -= (long long)count;
    }
    return real_write(fd, buffer, count);
}
