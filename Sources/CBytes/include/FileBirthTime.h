#ifndef EXHIBIT_FILE_BIRTH_TIME_H
#define EXHIBIT_FILE_BIRTH_TIME_H
// A file's birth time on Linux, through statx(2): Swift's Glibc module does not export
// statx or struct statx, so this is the one place that calls it. Used by ExhibitIO's
// container walk only; the pure core never calls it (Tests/check-imports).
#include <stdint.h>

/// The birth time of `path` (a symlink itself, not its target, as lstat), as whole
/// seconds and nanoseconds since 1970. Returns 1 when the kernel and the file system
/// gave it (STATX_BTIME in the returned mask), 0 when they did not: a kernel without
/// statx (ENOSYS, before Linux 4.11), a file system that keeps no birth time (the mask
/// bit unset), any other failure, or a platform other than Linux (macOS has
/// st_birthtimespec in stat itself).
int exhibit_birth_time(const char *path, int64_t *seconds, int32_t *nanoseconds);

#endif
