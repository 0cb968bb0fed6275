// The filtered image data shared by the deflate encoders (PNG spec, https://www.w3.org/TR/png/#9Filters).
#include "mapsnap_png.h"
#include "png_filters.h"
#include "png_rows.h"

#include <stdlib.h>

uint8_t *mapsnap_png_filtered_rows(const uint8_t *pixels, int width, int height, int stride, int has_alpha,
                                   int filter) {
    const int channels = has_alpha ? 4 : 3;
    const size_t row_bytes = (size_t)width * channels;
    const size_t rb = row_bytes + 1;
    uint8_t *raw = (uint8_t *)malloc(rb * (size_t)height);
    if (!raw) return NULL;
    if (filter == -2 || filter == -3) filter = mapsnap_png_flat_fraction(pixels, width, height, stride) >= 0.25 ? 0 : 1;
    for (int y = 0; y < height; y++) {
        uint8_t *r = raw + (size_t)y * rb;
        r[0] = 0;
        mapsnap_png_convert_row((const uint32_t *)(pixels + (size_t)y * stride), width, has_alpha, r + 1);
    }
    if (filter == -4) filter = mapsnap_png_choose_filter(raw, rb, height, channels);
    if (filter == 1) {
        for (int y = 0; y < height; y++) {
            // Sub: each byte minus the same channel of the pixel to its left (from the right, in place).
            uint8_t *r = raw + (size_t)y * rb;
            r[0] = 1;
            for (size_t i = row_bytes; i > (size_t)channels; i--) r[i] = (uint8_t)(r[i] - r[i - channels]);
        }
    } else if (filter == 4) {
        uint8_t *tmp = (uint8_t *)malloc(row_bytes);
        if (!tmp) {
            free(raw);
            return NULL;
        }
        mapsnap_png_filter_paeth(raw, rb, height, channels, tmp);
        free(tmp);
    }
    return raw;
}
