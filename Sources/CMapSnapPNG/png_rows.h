// Row conversion shared by the PNG encoders (internal to CMapSnapPNG).
#ifndef MAPSNAP_PNG_ROWS_H
#define MAPSNAP_PNG_ROWS_H
#include <stdint.h>

/// Converts one row of cairo ARGB32 pixels (premultiplied, native-endian) to 8-bit RGB, or to
/// straight-alpha RGBA when `has_alpha`, into `dst` (width * 3 or width * 4 bytes).
static inline void mapsnap_png_convert_row(const uint32_t *src, int width, int has_alpha, uint8_t *dst) {
    for (int x = 0; x < width; x++) {
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
