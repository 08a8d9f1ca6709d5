#ifndef EXHIBIT_CBYTES_H
#define EXHIBIT_CBYTES_H
// The C library's byte scans and growable buffers, for the pure core's hot paths:
// computation on memory the caller owns, so the core needs neither Glibc nor Darwin (Tests/check-imports).
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

// The one I/O function of the module (the umbrella header names every header).
#include "FileBirthTime.h"

static inline const void *exhibit_memchr(const void *bytes, int byte, size_t count) {
    return memchr(bytes, byte, count);
}

static inline int exhibit_memcmp(const void *a, const void *b, size_t count) {
    return memcmp(a, b, count);
}

// Overlapping ranges allowed (a partial record moved to the front of its window).
static inline void *exhibit_memmove(void *to, const void *from, size_t count) { return memmove(to, from, count); }

static inline void *exhibit_malloc(size_t count) { return malloc(count); }
static inline void *exhibit_realloc(void *bytes, size_t count) { return realloc(bytes, count); }
static inline void exhibit_free(void *bytes) { free(bytes); }

#if defined(__GLIBC__)
#include <malloc.h>
#endif
// One malloc arena for every thread, for the process to call once at start. glibc gives
// each thread an arena of its own, and what a worker frees stays in it, unused by the
// main thread: the passes that run on two cores (TwoCores) raised `check`'s peak by
// 7 MB of 65 at a million entries, and the second arena gained no time. Elsewhere a no-op.
static inline void exhibit_use_one_malloc_arena(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    mallopt(M_ARENA_MAX, 1);
#endif
}

#endif
