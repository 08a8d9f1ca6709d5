// SwiftPM links an executable target's `main` in place of libFuzzer's, so the Swift
// `main` starts the fuzzer itself through LLVMFuzzerRunDriver. The reference is weak so
// the target still links without -sanitize=fuzzer.
#include "CFuzzShim.h"

extern int LLVMFuzzerRunDriver(int *argc, char ***argv, fuzz_callback callback) __attribute__((weak));

int fuzz_run_driver(int *argc, char ***argv, fuzz_callback callback) {
    return LLVMFuzzerRunDriver ? LLVMFuzzerRunDriver(argc, argv, callback) : -1;
}
