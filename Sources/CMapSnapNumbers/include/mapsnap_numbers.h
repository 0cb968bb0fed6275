#ifndef MAPSNAP_NUMBERS_H
#define MAPSNAP_NUMBERS_H

#include <stddef.h>

/// Writes `value` as printf's "%.{precision}f" would in the C locale (every digit exact, ties
/// to even) into `out` (room for `capacity` bytes, NUL included) and returns the length of the
/// full text; returns -1, writing nothing, where it does not apply (not finite, |value| >= 2^63,
/// precision outside 0...18), which callers then give to the C library.
int mapsnap_format_fixed(char *out, size_t capacity, double value, int precision);

#endif
