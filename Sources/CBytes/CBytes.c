// The byte helpers are inline in include/CBytes.h (SwiftPM wants a source file per C
// target); FileBirthTime.c is the one function that is not.
#include "CBytes.h"
