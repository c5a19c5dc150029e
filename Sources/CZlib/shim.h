#ifndef CARTELERA_CZLIB_SHIM_H
#define CARTELERA_CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2 is a macro passing the library version and the struct's size, which Swift cannot expand.
static inline int cartelera_inflate_init(z_stream *stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

// deflateInit2 likewise; windowBits 31 writes a gzip stream.
static inline int cartelera_deflate_init(z_stream *stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

#endif
