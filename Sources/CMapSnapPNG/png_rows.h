// Row conversion shared by the PNG encoders (internal to CMapSnapPNG).
#ifndef MAPSNAP_PNG_ROWS_H
#define MAPSNAP_PNG_ROWS_H
#include <stdint.h>
#include <string.h>

/// Converts one row of cairo ARGB32 pixels (premultiplied, native-endian) to 8-bit RGB, or to
/// straight-alpha RGBA when `has_alpha`, into `dst` (width * 3 or width * 4 bytes).
static inline void mapsnap_png_convert_row(const uint32_t *src, int width, int has_alpha, uint8_t *dst) {
    int x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (!has_alpha) {
        // Four pixels make three little-endian words: r0 g0 b0 r1 | g1 b1 r2 g2 | b2 r3 g3 b3.
        for (; x + 4 <= width; x += 4) {
            uint32_t p0 = src[x], p1 = src[x + 1], p2 = src[x + 2], p3 = src[x + 3];
            uint32_t w[3] = {
                ((p0 >> 16) & 0xFFu) | (p0 & 0xFF00u) | ((p0 & 0xFFu) << 16) | (((p1 >> 16) & 0xFFu) << 24),
                ((p1 >> 8) & 0xFFu) | ((p1 & 0xFFu) << 8) | (((p2 >> 16) & 0xFFu) << 16) | (((p2 >> 8) & 0xFFu) << 24),
                (p2 & 0xFFu) | (((p3 >> 16) & 0xFFu) << 8) | ((p3 & 0xFF00u) << 8) | ((p3 & 0xFFu) << 24),
            };
            memcpy(dst, w, 12);
            dst += 12;
        }
    }
#endif
    for (; x < width; x++) {
        uint32_t p = src[x];
        uint32_t a = p >> 24, r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
        if (has_alpha) {
            if (a == 0) {
                r = g = b = 0;
            } else if (a < 255) {
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
            }
            dst[0] = (uint8_t)r; dst[1] = (uint8_t)g; dst[2] = (uint8_t)b; dst[3] = (uint8_t)a;
            dst += 4;
        } else {
            dst[0] = (uint8_t)r; dst[1] = (uint8_t)g; dst[2] = (uint8_t)b;
            dst += 3;
        }
    }
}
#endif
