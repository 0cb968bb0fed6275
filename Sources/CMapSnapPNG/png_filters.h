// PNG row filters and the per-image filter choice shared by the deflate encoders (internal to
// CMapSnapPNG). Filter types: https://www.w3.org/TR/png/#9Filter-types
#ifndef MAPSNAP_PNG_FILTERS_H
#define MAPSNAP_PNG_FILTERS_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/// Paeth predictors of eight bytes widened to 16 bits (see mapsnap_png_paeth_row).
static inline __m128i mapsnap_png_paeth8(__m128i a, __m128i b, __m128i c) {
    const __m128i zero = _mm_setzero_si128();
    __m128i bc = _mm_sub_epi16(b, c), ac = _mm_sub_epi16(a, c), s = _mm_add_epi16(bc, ac);
    __m128i pa = _mm_max_epi16(bc, _mm_sub_epi16(zero, bc));
    __m128i pb = _mm_max_epi16(ac, _mm_sub_epi16(zero, ac));
    __m128i pc = _mm_max_epi16(s, _mm_sub_epi16(zero, s));
    __m128i not_a = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
    __m128i use_c = _mm_cmpgt_epi16(pb, pc);
    __m128i b_or_c = _mm_or_si128(_mm_and_si128(use_c, c), _mm_andnot_si128(use_c, b));
    return _mm_or_si128(_mm_and_si128(not_a, b_or_c), _mm_andnot_si128(not_a, a));
}
#endif

/// Paeth residuals of one row of `n` bytes with `bpp` bytes per pixel: `cur` the row, `prev`
/// the row above (NULL for the first row: then b = c = 0 and Paeth is Sub), into `out`. The
/// predictor of each byte depends only on unfiltered bytes, so sixteen bytes go at a time
/// (SSE2, in 16-bit lanes), and the loop vectorizes elsewhere.
static inline void mapsnap_png_paeth_row(const uint8_t *restrict cur, const uint8_t *restrict prev, size_t n,
                                         int bpp, uint8_t *restrict out) {
    if (!prev) {
        for (size_t i = 0; i < (size_t)bpp && i < n; i++) out[i] = cur[i];
        for (size_t i = (size_t)bpp; i < n; i++) out[i] = (uint8_t)(cur[i] - cur[i - bpp]);
        return;
    }
    for (size_t i = 0; i < (size_t)bpp && i < n; i++) out[i] = (uint8_t)(cur[i] - prev[i]);
    size_t i = (size_t)bpp;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(cur + i - bpp));
        __m128i b = _mm_loadu_si128((const __m128i *)(prev + i));
        __m128i c = _mm_loadu_si128((const __m128i *)(prev + i - bpp));
        __m128i lo = mapsnap_png_paeth8(
            _mm_unpacklo_epi8(a, zero), _mm_unpacklo_epi8(b, zero), _mm_unpacklo_epi8(c, zero));
        __m128i hi = mapsnap_png_paeth8(
            _mm_unpackhi_epi8(a, zero), _mm_unpackhi_epi8(b, zero), _mm_unpackhi_epi8(c, zero));
        __m128i x = _mm_loadu_si128((const __m128i *)(cur + i));
        _mm_storeu_si128((__m128i *)(out + i), _mm_sub_epi8(x, _mm_packus_epi16(lo, hi)));
    }
#endif
    for (; i < n; i++) {
        int a = cur[i - bpp], b = prev[i], c = prev[i - bpp];
        // p = a + b − c; the distances from p to a, b and c; ties prefer a, then b.
        int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
        int pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
        out[i] = (uint8_t)(cur[i] - pred);
    }
}

/// Paeth-filters `height` rows of `raw` in place: each row is its filter-type byte and
/// `rb − 1` unfiltered bytes. Rows go bottom-up, so the row above is still unfiltered; `tmp`
/// holds `rb − 1` bytes.
static inline void mapsnap_png_filter_paeth(uint8_t *raw, size_t rb, int height, int bpp, uint8_t *tmp) {
    for (int y = height - 1; y >= 0; y--) {
        uint8_t *row = raw + (size_t)y * rb;
        const uint8_t *above = y > 0 ? row - rb + 1 : NULL;
        if (bpp == 3) {
            mapsnap_png_paeth_row(row + 1, above, rb - 1, 3, tmp);
        } else {
            mapsnap_png_paeth_row(row + 1, above, rb - 1, 4, tmp);
        }
        row[0] = 4;
        for (size_t i = 0; i < rb - 1; i++) row[i + 1] = tmp[i];
    }
}

/// Deflates `n` bytes into a zlib stream with ISA-L's igzip at level 1 (`out` holds `cap`
/// bytes; `*written` its length). 0 on success, non-zero when `out` is too small or memory
/// runs out.
int mapsnap_png_igzip(const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *written);

/// Which filter makes the smaller file, 0 (none) or 4 (Paeth), for `height` unfiltered rows in
/// `raw` (each a filter-type byte 0 and `rb − 1` bytes): both are tried with igzip on four
/// bands of 8 rows spread over the image. Maps with flat areas and labels compress best
/// unfiltered (a colour repeats exactly); shaded relief, photographs and dense line work with
/// Paeth.
int mapsnap_png_choose_filter(const uint8_t *raw, size_t rb, int height, int bpp);

/// The image data of a PNG before deflate, malloc'd: `height` rows of a filter-type byte and
/// the converted pixels (`mapsnap_png_convert_row`), filtered by `filter`: 0 none, 1 sub, 4
/// Paeth, -2 none for a flat image else sub (`mapsnap_png_flat_fraction`), -4 none or Paeth
/// by `mapsnap_png_choose_filter`. NULL when memory runs out.
uint8_t *mapsnap_png_filtered_rows(const uint8_t *pixels, int width, int height, int stride, int has_alpha,
                                   int filter);
#endif
