// PNG encoder with libdeflate (https://github.com/ebiggers/libdeflate) compressing the image
// data in one call: the PNG container (PNG spec, https://www.w3.org/TR/png/: signature, IHDR,
// pHYs, one IDAT, IEND, each chunk with its CRC-32) is a few dozen bytes written here, the
// zlib stream and the CRCs come from libdeflate, which is 2-3x faster than zlib at the same
// ratio on map images.
#include "mapsnap_png.h"
#include "png_rows.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reserve(mapsnap_png_buffer *b, size_t more) {
    if (b->size + more <= b->capacity) return 1;
    size_t cap = b->capacity ? b->capacity : 65536;
    while (cap < b->size + more) cap *= 2;
    uint8_t *p = (uint8_t *)realloc(b->data, cap);
    if (!p) return 0;
    b->data = p;
    b->capacity = cap;
    return 1;
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/// Appends a chunk whose `length` data bytes are already at out->data + out->size + 8.
static void close_chunk(mapsnap_png_buffer *out, const char type[4], size_t length) {
    uint8_t *c = out->data + out->size;
    put32(c, (uint32_t)length);
    memcpy(c + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, c + 4, length + 4);
    put32(c + 8 + length, crc);
    out->size += length + 12;
}

int mapsnap_png_encode_deflate(const uint8_t *pixels, int width, int height, int stride, int has_alpha,
                               int level, int filter, uint32_t ppm, mapsnap_png_buffer *out, char *err,
                               size_t err_len) {
    if (!pixels || !out || width <= 0 || height <= 0 || stride < width * 4) {
        if (err && err_len) snprintf(err, err_len, "invalid image arguments");
        return 1;
    }
    if (filter <= -2) filter = mapsnap_png_flat_fraction(pixels, width, height, stride) >= 0.25 ? 0 : 1;
    const int channels = has_alpha ? 4 : 3;
    const size_t row_bytes = (size_t)width * channels;
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
        mapsnap_png_convert_row((const uint32_t *)(pixels + (size_t)y * stride), width, has_alpha, r + 1);
        if (filter == 1) {
            // Sub: each byte minus the same channel of the pixel to its left (from the right, in place).
            r[0] = 1;
            for (size_t i = row_bytes; i > (size_t)channels; i--) r[i] = (uint8_t)(r[i] - r[i - channels]);
        } else {
            r[0] = 0;
        }
    }
    size_t bound = libdeflate_zlib_compress_bound(z, raw_size);
    // Signature, IHDR, pHYs, IDAT header and CRC, IEND.
    size_t need = 8 + 25 + 21 + 12 + bound + 12;
    if (!reserve(out, need)) {
        free(raw);
        libdeflate_free_compressor(z);
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
    }
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(out->data + out->size, signature, 8);
    out->size += 8;
    uint8_t *d = out->data + out->size + 8;
    put32(d, (uint32_t)width);
    put32(d + 4, (uint32_t)height);
    d[8] = 8;                     // bit depth
    d[9] = has_alpha ? 6 : 2;     // colour type: RGBA or RGB
    d[10] = 0; d[11] = 0; d[12] = 0;  // deflate, adaptive filtering, no interlace
    close_chunk(out, "IHDR", 13);
    if (ppm > 0) {
        d = out->data + out->size + 8;
        put32(d, ppm);
        put32(d + 4, ppm);
        d[8] = 1;  // unit: metre
        close_chunk(out, "pHYs", 9);
    }
    size_t n = libdeflate_zlib_compress(z, raw, raw_size, out->data + out->size + 8, bound);
    free(raw);
    libdeflate_free_compressor(z);
    if (n == 0) {
        if (err && err_len) snprintf(err, err_len, "libdeflate: compression failed");
        return 1;
    }
    close_chunk(out, "IDAT", n);
    close_chunk(out, "IEND", 0);
    return 0;
}
