#ifndef MAPSNAP_COMPOSITE_H
#define MAPSNAP_COMPOSITE_H

#include <stdint.h>

/// Composites the solid premultiplied ARGB32 pixel `source` OVER `width` x `height` pixels of
/// premultiplied ARGB32 `destination` (`destination_stride` bytes a row) through the 8-bit
/// `mask` (`mask_stride` bytes a row), with pixman's arithmetic for that operation, so every
/// byte is the one pixman_image_composite32(PIXMAN_OP_OVER, solid, a8 mask, a8r8g8b8) writes:
/// per channel, s' = MUL(s, m), then d = min(255, s' + MUL(d, 255 - MUL(alpha, m))), where
/// MUL(a, b) = (t + (t >> 8)) >> 8 with t = a * b + 128. Returns 1, or 0 without touching
/// anything where the processor or the system lacks AVX2 (composite through pixman then).
int mapsnap_composite_over_solid_a8(uint32_t source, const uint8_t *mask, int mask_stride, uint8_t *destination,
                                    int destination_stride, int width, int height);

#endif
