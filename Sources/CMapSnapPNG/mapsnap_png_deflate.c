// PNG encoder with libdeflate (https://github.com/ebiggers/libdeflate) compressing the image
// data in one call: the PNG container (PNG spec, https://www.w3.org/TR/png/: signature, IHDR,
// pHYs, one IDAT, IEND, each chunk with its CRC-32) is a few dozen bytes written here, the
// zlib stream and the CRCs come from libdeflate, which is 2-3x faster than zlib at the same
// ratio on map images.
#include "mapsnap_png.h"
#include "png_chunks.h"
#include "png_filters.h"

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
    const int channels = has_alpha ? 4 : 3;
    const size_t raw_size = ((size_t)width * channels + 1) * (size_t)height;
    uint8_t *raw = mapsnap_png_filtered_rows(pixels, width, height, stride, has_alpha, filter);
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(level < 0 ? 0 : (level > 12 ? 12 : level));
    if (!raw || !z) {
        free(raw);
        if (z) libdeflate_free_compressor(z);
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
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
