// PNG encoder with Intel ISA-L's igzip (https://github.com/intel/isa-l, Debian libisal-dev),
// about three times faster than libdeflate's fastest level on map images for 4-8 % more bytes,
// and the per-image choice between no filter and Paeth. The output does not depend on which of
// igzip's CPU-specific code paths runs (the same bytes with and without AVX-512).
#include "mapsnap_png.h"
#include "png_chunks.h"
#include "png_filters.h"

#include <isa-l/igzip_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// igzip's AVX-512 code returns with the upper halves of the vector registers in use, after
/// which every SSE instruction of the caller (Swift's code is SSE) waits on a merge with them:
/// the rest of the image ran 15 % slower. `vzeroupper` clears that state (on CPUs with AVX).
static void clear_upper_vector_state(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (__builtin_cpu_supports("avx")) __asm__ volatile("vzeroupper" ::: "memory");
#endif
}

int mapsnap_png_igzip(const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *written) {
    if (n > UINT32_MAX || cap > UINT32_MAX) return 1;
    uint8_t *level_buf = (uint8_t *)malloc(ISAL_DEF_LVL1_DEFAULT);
    if (!level_buf) return 1;
    // Every field zeroed first: isal_deflate_stateless_init leaves `hist_bits` (the window)
    // unset, and a stray value there shrank the window and changed the bytes from run to run.
    struct isal_zstream s;
    memset(&s, 0, sizeof s);
    isal_deflate_stateless_init(&s);
    s.hist_bits = 0;  // the default window, 32 KiB
    s.level = 1;
    s.level_buf = level_buf;
    s.level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    s.gzip_flag = IGZIP_ZLIB;
    s.end_of_stream = 1;
    s.flush = NO_FLUSH;
    s.next_in = (uint8_t *)in;
    s.avail_in = (uint32_t)n;
    s.next_out = out;
    s.avail_out = (uint32_t)cap;
    int rc = isal_deflate_stateless(&s);
    clear_upper_vector_state();
    free(level_buf);
    if (rc != COMP_OK) return 1;
    *written = s.total_out;
    return 0;
}

/// Room for igzip's output of `n` bytes: stored blocks at worst, plus headers.
static size_t igzip_bound(size_t n) { return n + n / 8 + 1024; }

int mapsnap_png_choose_filter(const uint8_t *raw, size_t rb, int height, int bpp) {
    enum { bands = 4, band_rows = 8 };
    int rows = height < band_rows ? height : band_rows;
    size_t band = (size_t)rows * rb;
    uint8_t *paeth = (uint8_t *)malloc(band);
    uint8_t *out = (uint8_t *)malloc(igzip_bound(band));
    size_t none_bytes = 0, paeth_bytes = 0;
    int ok = paeth && out;
    for (int b = 0; ok && b < bands; b++) {
        // Band b starts at the middle of the b-th quarter's room.
        int y0 = (int)((long long)(height - rows) * (2 * b + 1) / (2 * bands));
        const uint8_t *src = raw + (size_t)y0 * rb;
        for (int r = 0; r < rows; r++) {
            paeth[(size_t)r * rb] = 4;
            const uint8_t *above = y0 + r > 0 ? src + (size_t)r * rb - rb + 1 : NULL;
            mapsnap_png_paeth_row(src + (size_t)r * rb + 1, above, rb - 1, bpp, paeth + (size_t)r * rb + 1);
        }
        size_t n0 = 0, n4 = 0;
        ok = !mapsnap_png_igzip(src, band, out, igzip_bound(band), &n0) &&
             !mapsnap_png_igzip(paeth, band, out, igzip_bound(band), &n4);
        none_bytes += n0;
        paeth_bytes += n4;
    }
    free(paeth);
    free(out);
    return ok && paeth_bytes < none_bytes ? 4 : 0;
}

int mapsnap_png_encode_isal(const uint8_t *pixels, int width, int height, int stride, int has_alpha, int filter,
                            uint32_t ppm, mapsnap_png_buffer *out, char *err, size_t err_len) {
    if (!pixels || !out || width <= 0 || height <= 0 || stride < width * 4) {
        if (err && err_len) snprintf(err, err_len, "invalid image arguments");
        return 1;
    }
    const size_t raw_size = ((size_t)width * (has_alpha ? 4 : 3) + 1) * (size_t)height;
    if (raw_size > UINT32_MAX) {
        if (err && err_len) snprintf(err, err_len, "image too large for one igzip stream");
        return 1;
    }
    size_t bound = igzip_bound(raw_size);
    uint8_t *raw = mapsnap_png_filtered_rows(pixels, width, height, stride, has_alpha, filter);
    // Signature, IHDR, pHYs, IDAT header and CRC, IEND.
    if (!raw || !mapsnap_png_reserve(out, 8 + 25 + 21 + 12 + bound + 12)) {
        free(raw);
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
    }
    mapsnap_png_begin(out, width, height, has_alpha ? 6 : 2);
    if (ppm > 0) mapsnap_png_phys(out, ppm);
    size_t n = 0;
    int rc = mapsnap_png_igzip(raw, raw_size, out->data + out->size + 8, bound, &n);
    free(raw);
    if (rc) {
        if (err && err_len) snprintf(err, err_len, "igzip: compression failed");
        return 1;
    }
    mapsnap_png_close_chunk(out, "IDAT", n);
    mapsnap_png_close_chunk(out, "IEND", 0);
    return 0;
}
