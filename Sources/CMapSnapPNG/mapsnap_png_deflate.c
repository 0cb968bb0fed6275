// PNG encoder with libdeflate (https://github.com/ebiggers/libdeflate) compressing the image
// data in one call: the PNG container (PNG spec, https://www.w3.org/TR/png/: signature, IHDR,
// pHYs, one IDAT, IEND, each chunk with its CRC-32) is a few dozen bytes written here, the
// zlib stream and the CRCs come from libdeflate, which is 2-3x faster than zlib at the same
// ratio on map images.
#include "mapsnap_png.h"
#include "png_chunks.h"
#include "png_filters.h"
#include "png_rows.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mapsnap_png_encode_deflate(const uint8_t *pixels, int width, int height, int stride, int has_alpha,
                               int level, int filter, uint32_t ppm, mapsnap_png_buffer *out, char *err,
                               size_t err_len) {
    if (!pixels || !out || width <= 0 || height <= 0 || stride < width * 4) {
        if (err && err_len) snprintf(err, err_len, "invalid image arguments");
        return 1;
    }
    if (filter == -2 || filter == -3) filter = mapsnap_png_flat_fraction(pixels, width, height, stride) >= 0.25 ? 0 : 1;
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
        r[0] = 0;
        mapsnap_png_convert_row((const uint32_t *)(pixels + (size_t)y * stride), width, has_alpha, r + 1);
    }
    if (filter == -4) filter = mapsnap_png_choose_filter(raw, row_bytes + 1, height, channels);
    if (filter == 1) {
        for (int y = 0; y < height; y++) {
            // Sub: each byte minus the same channel of the pixel to its left (from the right, in place).
            uint8_t *r = raw + (size_t)y * (row_bytes + 1);
            r[0] = 1;
            for (size_t i = row_bytes; i > (size_t)channels; i--) r[i] = (uint8_t)(r[i] - r[i - channels]);
        }
    } else if (filter == 4) {
        uint8_t *tmp = (uint8_t *)malloc(row_bytes);
        if (!tmp) {
            free(raw);
            libdeflate_free_compressor(z);
            if (err && err_len) snprintf(err, err_len, "out of memory");
            return 1;
        }
        mapsnap_png_filter_paeth(raw, row_bytes + 1, height, channels, tmp);
        free(tmp);
    }
    size_t bound = libdeflate_zlib_compress_bound(z, raw_size);
    // Signature, IHDR, pHYs, IDAT header and CRC, IEND.
    size_t need = 8 + 25 + 21 + 12 + bound + 12;
    if (!mapsnap_png_reserve(out, need)) {
        free(raw);
        libdeflate_free_compressor(z);
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
    }
    mapsnap_png_begin(out, width, height, has_alpha ? 6 : 2);
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
