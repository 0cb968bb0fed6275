// Palette (indexed-colour) PNG with libdeflate: colour type 3, bit depth 8, PLTE with the
// palette, tRNS when an entry is not opaque, one IDAT of unfiltered rows (filter type 0: index
// rows do not gain from the byte-wise filters). PNG spec: https://www.w3.org/TR/png/#11PLTE.
#include "mapsnap_png.h"
#include "png_chunks.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mapsnap_png_encode_indexed(const uint8_t *indices, int width, int height, const uint8_t *palette_rgba,
                               int colors, int level, uint32_t ppm, mapsnap_png_buffer *out, char *err,
                               size_t err_len) {
    if (!indices || !palette_rgba || !out || width <= 0 || height <= 0 || colors < 1 || colors > 256) {
        if (err && err_len) snprintf(err, err_len, "invalid indexed image arguments");
        return 1;
    }
    const size_t row_bytes = (size_t)width;
    const size_t raw_size = (row_bytes + 1) * (size_t)height;
    uint8_t *raw = (uint8_t *)malloc(raw_size);
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(level < 0 ? 0 : (level > 12 ? 12 : level));
    if (!raw || !z) {
        free(raw);
        if (z) libdeflate_free_compressor(z);
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
    }
    for (int y = 0; y < height; y++) {
        uint8_t *r = raw + (size_t)y * (row_bytes + 1);
        r[0] = 0;
        memcpy(r + 1, indices + (size_t)y * row_bytes, row_bytes);
    }
    int transparent = 0;  // entries up to the last non-opaque one go in tRNS
    for (int i = 0; i < colors; i++)
        if (palette_rgba[i * 4 + 3] != 255) transparent = i + 1;
    size_t bound = libdeflate_zlib_compress_bound(z, raw_size);
    size_t need = 8 + 25 + (12 + 3 * (size_t)colors) + (12 + (size_t)transparent) + 21 + 12 + bound + 12;
    if (!mapsnap_png_reserve(out, need)) {
        free(raw);
        libdeflate_free_compressor(z);
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
    }
    mapsnap_png_begin(out, width, height, 3);
    uint8_t *d = out->data + out->size + 8;
    for (int i = 0; i < colors; i++) {
        d[i * 3] = palette_rgba[i * 4];
        d[i * 3 + 1] = palette_rgba[i * 4 + 1];
        d[i * 3 + 2] = palette_rgba[i * 4 + 2];
    }
    mapsnap_png_close_chunk(out, "PLTE", 3 * (size_t)colors);
    if (transparent > 0) {
        d = out->data + out->size + 8;
        for (int i = 0; i < transparent; i++) d[i] = palette_rgba[i * 4 + 3];
        mapsnap_png_close_chunk(out, "tRNS", (size_t)transparent);
    }
    if (ppm > 0) mapsnap_png_phys(out, ppm);
    size_t n = libdeflate_zlib_compress(z, raw, raw_size, out->data + out->size + 8, bound);
    free(raw);
    libdeflate_free_compressor(z);
    if (n == 0) {
        if (err && err_len) snprintf(err, err_len, "libdeflate: compression failed");
        return 1;
    }
    mapsnap_png_close_chunk(out, "IDAT", n);
    mapsnap_png_close_chunk(out, "IEND", 0);
    return 0;
}
