#ifndef CARTELERA_CSYSTEM_SHIM_H
#define CARTELERA_CSYSTEM_SHIM_H

#define _GNU_SOURCE
#include <unistd.h>

// syncfs is a GNU extension that Glibc's Swift overlay does not expose: it flushes one file system,
// so a commit of thousands of shards can make them durable with one call instead of one fsync each.
static inline int cartelera_syncfs(int fd) {
    return syncfs(fd);
}

// An unnamed file in a folder (O_TMPFILE), written and then linked in under its name complete: a new file published
// with one directory entry made, instead of a temp file's entry made, renamed over and removed. -1 with errno
// EOPNOTSUPP where the system has no O_TMPFILE; the file system may refuse it too (EOPNOTSUPP, EISDIR).
#include <fcntl.h>
#include <errno.h>
#include <stdio.h>
static inline int cartelera_open_unnamed(const char *folder, mode_t mode) {
#ifdef O_TMPFILE
    return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#else
    errno = EOPNOTSUPP;
    return -1;
#endif
}

// Links an unnamed file (cartelera_open_unnamed) in at path; fails with EEXIST when something is there already.
static inline int cartelera_link_unnamed(int fd, const char *path) {
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

// Returns the free pages of every malloc arena to the system (glibc's malloc_trim, which Glibc's Swift overlay does not
// expose); elsewhere nothing.
#ifdef __GLIBC__
#include <malloc.h>
#endif
static inline void cartelera_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

#endif
