#ifndef CARTELERA_CSYSTEM_SHIM_H
#define CARTELERA_CSYSTEM_SHIM_H

#define _GNU_SOURCE
#include <unistd.h>

// syncfs is a GNU extension that Glibc's Swift overlay does not expose: it flushes one file system,
// so a commit of thousands of shards can make them durable with one call instead of one fsync each.
static inline int cartelera_syncfs(int fd) {
    return syncfs(fd);
}

#endif
