#!/usr/bin/env bash
# Fuzzes every evidence reader with libFuzzer for SECONDS each (default 60).
# The readers are the core's fuzz targets (EvidenceFuzzTarget.all), one corpus folder
# each; FuzzCorpusReplayTests holds the folders and the targets equal, and
# EvidenceArtifactTests that every row of the artifact table has a target.
#
#   Tests/fuzz/run.sh [SECONDS] [READER...]
#
# Builds `exhibit-fuzz` (declared in Package.swift only when EXHIBIT_FUZZ=1) in release
# mode with -sanitize=fuzzer,address into .build-fuzz, so the normal .build is never
# rebuilt with sanitizer flags. Seeds: Tests/fuzz/corpus/<reader>/ (read only); new
# inputs go to .build-fuzz/corpus/<reader>/. A crasher is written to
# .build-fuzz/crashes/<reader>-crash-<sha1>; minimise it (`-minimize_crash=1`), add
# it to the seed corpus and as a test in Tests/ExhibitCoreTests/Robustness/.
#
# Exit status: 0 all clean, 1 a reader crashed, 3 libFuzzer is not available here
# (e.g. Apple's toolchain on macOS ships no libFuzzer).
set -uo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
shift || true
readers=("$@")
if [ ${#readers[@]} -eq 0 ]; then
  readers=($(ls Tests/fuzz/corpus))
fi

build=.build-fuzz
log=$build/build.log
mkdir -p "$build"
if ! EXHIBIT_FUZZ=1 swift build -c release --product exhibit-fuzz --build-path "$build" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >"$log" 2>&1; then
  echo "fuzz: libFuzzer build failed on this machine; skipped (see $log)"
  exit 3
fi
bin=$(EXHIBIT_FUZZ=1 swift build -c release --product exhibit-fuzz --build-path "$build" --show-bin-path)/exhibit-fuzz

# The Swift backtracer would take the crash signal and hang the fuzzer.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

failed=()
for reader in "${readers[@]}"; do
  seeds=Tests/fuzz/corpus/$reader
  [ -d "$seeds" ] || { echo "fuzz: no seed corpus $seeds"; exit 2; }
  work=$build/corpus/$reader
  mkdir -p "$work" "$build/crashes"
  out=$build/$reader.log
  # Boundary numbers for every reader (libFuzzer takes one -dict).
  EXHIBIT_FUZZ_READER=$reader "$bin" -dict=Tests/fuzz/dict/numbers.dict -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/crashes/$reader-" "$work" "$seeds" >"$out" 2>&1
  status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out" | grep -o '[0-9]*$' || echo "?")
  if [ $status -eq 0 ]; then
    echo "fuzz: $reader clean, $runs runs in ${seconds}s"
  else
    echo "fuzz: $reader FAILED (exit $status), see $out:"
    grep -m 5 -E 'ERROR|Fatal error|Precondition|Test unit written' "$out" | sed 's/^/  /'
    failed+=("$reader")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashers in ${failed[*]}"
  exit 1
fi
echo "fuzz: ${#readers[@]} reader(s) clean"
