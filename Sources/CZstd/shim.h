// libzstd's public API, for the result-bundle reader (Data/ objects are zstd frames).
// Debian: libzstd-dev; macOS: Homebrew zstd. Found through pkg-config `libzstd`.
#include <zstd.h>
