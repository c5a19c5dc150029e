#ifndef CARTELERA_CPREFETCH_SHIM_H
#define CARTELERA_CPREFETCH_SHIM_H

// Asks the processor to bring the cache line holding `address` in ahead of its use: a hint, which neither faults nor
// returns anything, and which Swift has no way to say. An answer's rows read records that lie far apart in each column,
// every value a cache miss; fetched a few rows ahead, they arrive while earlier rows are written.
static inline void cartelera_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
