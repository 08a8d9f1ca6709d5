#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (and ThreadSanitizer with --thread).
#
#   Tests/sanitizers.sh [--thread]
#
# Builds into .build-asan / .build-tsan so the normal .build keeps its flags.
# XCTest's runner leaks a few bytes at exit, which LeakSanitizer would report as a
# failure, so leak detection is off (detect_leaks=0); overflows, use-after-free and
# the like still fail the run. Tests/asan-suppressions.txt names one runtime false
# positive. Run by Tests/test-all when EXHIBIT_SANITIZERS=1.
set -euo pipefail
cd "$(dirname "$0")/.."

run() {
  local sanitizer=$1 path=$2
  local flags
  if [ "$(uname -s)" = Darwin ]; then
    # SwiftPM's own option: the test bundle is loaded into an uninstrumented runner,
    # so the runtime must be injected at launch (DYLD_INSERT_LIBRARIES), which
    # `swift test --sanitize` arranges and a bare -Xswiftc flag does not. Xcode's
    # toolchain has no lld; Apple's linker links the runtime.
    flags=(--build-path "$path" --sanitize="$sanitizer")
  else
    flags=(--build-path "$path" -Xswiftc -sanitize="$sanitizer" -Xswiftc -use-ld=lld)
  fi
  echo "sanitizers: building tests with -sanitize=$sanitizer"
  swift build --build-tests "${flags[@]}"
  ASAN_OPTIONS=detect_leaks=0:suppressions=$PWD/Tests/asan-suppressions.txt SWIFT_BACKTRACE=enable=no \
    swift test --skip-build "${flags[@]}"
  echo "sanitizers: $sanitizer clean"
}

run address .build-asan
if [ "${1:-}" = "--thread" ]; then
  run thread .build-tsan
fi
