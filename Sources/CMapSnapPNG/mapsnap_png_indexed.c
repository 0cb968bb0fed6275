// Palette (indexed-colour) PNG with libdeflate: colour type 3, bit depth 8, PLTE with the
// palette, tRNS when an entry is not opaque, one IDAT of unfiltered rows (filter type 0: index
// rows do not gain from the byte-wise filters). PNG spec: https://www.w3.org/TR/png/#11PLTE.
#include "mapsnap_png.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reserve_indexed(mapsnap_png_buffer *b, size_t more) {
    if (b->size + more <= b->capacity) return 1;
    size_t cap = b->capacity ? b->capacity : 65536;
    while (cap < b->size + more) cap *= 2;
    uint8_t *p = (uint8_t *)realloc(b->data, cap);
    if (!p) return 0;
    b->data = p;
    b->capacity = cap;
    return 1;
}

static void put32_indexed(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static void close_chunk_indexed(mapsnap_png_buffer *out, const char type[4], size_t length) {
    uint8_t *c = out->data + out->size;
    put32_indexed(c, (uint32_t)length);
    memcpy(c + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, c + 4, length + 4);
    put32_indexed(c + 8 + length, crc);
    out->size += length + 12;
}

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
    if (!reserve_indexed(out, need)) {
        free(raw);
        libdeflate_free_compressor(z);
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
    }
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(out->data + out->size, signature, 8);
    out->size += 8;
    uint8_t *d = out->data + out->size + 8;
    put32_indexed(d, (uint32_t)width);
    put32_indexed(d + 4, (uint32_t)height);
    d[8] = 8;  // bit depth
    d[9] = 3;  // colour type: palette
    d[10] = 0; d[11] = 0; d[12] = 0;
    close_chunk_indexed(out, "IHDR", 13);
    d = out->data + out->size + 8;
    for (int i = 0; i < colors; i++) {
        d[i * 3] = palette_rgba[i * 4];
        d[i * 3 + 1] = palette_rgba[i * 4 + 1];
        d[i * 3 + 2] = palette_rgba[i * 4 + 2];
    }
    close_chunk_indexed(out, "PLTE", 3 * (size_t)colors);
    if (transparent > 0) {
        d = out->data + out->size + 8;
        for (int i = 0; i < transparent; i++) d[i] = palette_rgba[i * 4 + 3];
        close_chunk_indexed(out, "tRNS", (size_t)transparent);
    }
    if (ppm > 0) {
        d = out->data + out->size + 8;
        put32_indexed(d, ppm);
        put32_indexed(d + 4, ppm);
        d[8] = 1;
        close_chunk_indexed(out, "pHYs", 9);
    }
    size_t n = libdeflate_zlib_compress(z, raw, raw_size, out->data + out->size + 8, bound);
    free(raw);
    libdeflate_free_compressor(z);
    if (n == 0) {
        if (err && err_len) snprintf(err, err_len, "libdeflate: compression failed");
        return 1;
    }
    close_chunk_indexed(out, "IDAT", n);
    close_chunk_indexed(out, "IEND", 0);
    return 0;
}
