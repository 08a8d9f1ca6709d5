#ifndef CFUZZSHIM_H
#define CFUZZSHIM_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's per-input callback.
typedef int (*fuzz_callback)(const uint8_t *data, size_t size);

/// Runs libFuzzer's driver when the binary was linked with -sanitize=fuzzer;
/// returns -1 when it was not (the weak reference is then null).
int fuzz_run_driver(int *argc, char ***argv, fuzz_callback callback);

#endif
