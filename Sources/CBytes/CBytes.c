// Everything is inline in include/CBytes.h; SwiftPM wants one source file per C target.
#include "CBytes.h"
