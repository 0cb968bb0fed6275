// A solid colour through an 8-bit coverage mask OVER a premultiplied ARGB32 image, with the
// bytes of pixman's over_n_8_8888 (pixman-sse2.c: in_over with pix_multiply, saturating add),
// for the renderer's per-layer composite: sixteen mask bytes are tested at once (a layer's mask
// is mostly empty), four pixels blended per step in SSE2, and no cairo or pixman set-up per call.
#include "mapsnap_composite.h"

#include <cpuid.h>
#include <emmintrin.h>
#include <immintrin.h>
#include <string.h>

/// pixman's pix_multiply on 16-bit lanes: (a * b + 0x80) * 0x101 >> 16.
static inline __m128i multiply(__m128i a, __m128i b) {
    __m128i t = _mm_adds_epu16(_mm_mullo_epi16(a, b), _mm_set1_epi16(0x0080));
    return _mm_mulhi_epu16(t, _mm_set1_epi16(0x0101));
}

static inline uint32_t multiply_scalar(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 0x80;
    return ((t >> 8) + t) >> 8;
}

/// One pixel, scalar (the row's last pixels).
static inline uint32_t in_over_pixel(uint32_t s, uint32_t m, uint32_t d) {
    uint32_t alpha = multiply_scalar(s >> 24, m);
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t v = multiply_scalar((s >> shift) & 0xFF, m) + multiply_scalar((d >> shift) & 0xFF, 255 - alpha);
        out |= (v > 255 ? 255 : v) << shift;
    }
    return out;
}

/// Two pixels (16-bit lanes) through their masks (each replicated over its four lanes).
static inline __m128i in_over_2(__m128i src, __m128i src_alpha, __m128i mask, __m128i dst) {
    __m128i s = multiply(src, mask);
    __m128i a = multiply(src_alpha, mask);
    __m128i d = multiply(dst, _mm_xor_si128(a, _mm_set1_epi16(0x00FF)));
    return _mm_adds_epu8(s, d);
}

/// Four pixels at `d` through the four mask bytes `m` (not all zero).
static inline void in_over_4(uint32_t *d, uint32_t m, __m128i src, __m128i src_alpha) {
    const __m128i zero = _mm_setzero_si128();
    __m128i dst = _mm_loadu_si128((const __m128i *)(const void *)d);
    __m128i m8 = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)m), zero);  // 4 x 16-bit
    m8 = _mm_unpacklo_epi16(m8, m8);                                   // m0 m0 m1 m1 m2 m2 m3 m3
    __m128i mask_lo = _mm_unpacklo_epi32(m8, m8);                      // m0 x4, m1 x4
    __m128i mask_hi = _mm_unpackhi_epi32(m8, m8);                      // m2 x4, m3 x4
    __m128i lo = in_over_2(src, src_alpha, mask_lo, _mm_unpacklo_epi8(dst, zero));
    __m128i hi = in_over_2(src, src_alpha, mask_hi, _mm_unpackhi_epi8(dst, zero));
    _mm_storeu_si128((__m128i *)(void *)d, _mm_packus_epi16(lo, hi));
}

/// Whether the processor and the system run AVX2 (cpuid leaf 7 and the OS saving the YMM state).
static int has_avx2(void) {
    static int known = -1;
    if (known < 0) {
        unsigned a = 0, b = 0, c = 0, d = 0;
        int ok = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) && (c & bit_AVX);
        if (ok) {
            unsigned lo, hi;
            __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
            ok = (lo & 6) == 6 && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2);
        }
        known = ok ? 1 : 0;
    }
    return known;
}

/// pix_multiply on sixteen 16-bit lanes.
__attribute__((target("avx2"))) static inline __m256i multiply8(__m256i a, __m256i b) {
    __m256i t = _mm256_adds_epu16(_mm256_mullo_epi16(a, b), _mm256_set1_epi16(0x0080));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(0x0101));
}

/// Eight pixels at `d` through the eight mask bytes `m8` (not all zero). The 256-bit unpacks
/// work per 128-bit lane: `lo` holds pixels 0, 1 | 4, 5 and `hi` 2, 3 | 6, 7, and the pack
/// puts them back in order; the mask is expanded to the same places.
__attribute__((target("avx2"))) static inline void in_over_8(uint32_t *d, uint64_t m8, __m256i src,
                                                             __m256i src_alpha) {
    const __m256i zero = _mm256_setzero_si256();
    const __m128i spread = _mm_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    __m128i bytes = _mm_cvtsi64_si128((long long)m8);
    __m128i first = _mm_shuffle_epi8(bytes, spread);
    __m128i second = _mm_shuffle_epi8(_mm_srli_si128(bytes, 4), spread);
    __m256i mask = _mm256_inserti128_si256(_mm256_castsi128_si256(first), second, 1);
    __m256i dst = _mm256_loadu_si256((const __m256i *)(const void *)d);
    __m256i out[2];
    for (int half = 0; half < 2; half++) {
        __m256i m = half ? _mm256_unpackhi_epi8(mask, zero) : _mm256_unpacklo_epi8(mask, zero);
        __m256i dd = half ? _mm256_unpackhi_epi8(dst, zero) : _mm256_unpacklo_epi8(dst, zero);
        __m256i s = multiply8(src, m);
        __m256i a = multiply8(src_alpha, m);
        out[half] = _mm256_adds_epu8(s, multiply8(dd, _mm256_xor_si256(a, _mm256_set1_epi16(0x00FF))));
    }
    _mm256_storeu_si256((__m256i *)(void *)d, _mm256_packus_epi16(out[0], out[1]));
}

/// The rows in AVX2: thirty-two mask bytes tested at once, eight pixels a step.
__attribute__((target("avx2"))) static void composite_avx2(uint32_t source, const uint8_t *mask, int mask_stride,
                                                           uint8_t *destination, int destination_stride, int width,
                                                           int height) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i src = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)source), zero);
    const __m256i src_alpha = _mm256_shufflelo_epi16(_mm256_shufflehi_epi16(src, 0xFF), 0xFF);
    const __m256i solid = _mm256_set1_epi32((int)source);
    const int opaque = (source >> 24) == 0xFF;
    for (int y = 0; y < height; y++) {
        const uint8_t *m = mask + (size_t)y * (size_t)mask_stride;
        uint32_t *d = (uint32_t *)(void *)(destination + (size_t)y * (size_t)destination_stride);
        int x = 0;
        while (x + 32 <= width) {
            __m256i bytes = _mm256_loadu_si256((const __m256i *)(const void *)(m + x));
            if (_mm256_testz_si256(bytes, bytes)) {
                x += 32;
                continue;
            }
            for (int k = 0; k < 32; k += 8) {
                uint64_t eight;
                memcpy(&eight, m + x + k, 8);
                if (eight == 0) continue;
                if (opaque && eight == UINT64_MAX) {
                    _mm256_storeu_si256((__m256i *)(void *)(d + x + k), solid);
                } else {
                    in_over_8(d + x + k, eight, src, src_alpha);
                }
            }
            x += 32;
        }
        for (; x < width; x++) {
            if (m[x] != 0) d[x] = in_over_pixel(source, m[x], d[x]);
        }
    }
}

void mapsnap_composite_over_solid_a8(uint32_t source, const uint8_t *mask, int mask_stride, uint8_t *destination,
                                     int destination_stride, int width, int height) {
    if (source != 0 && width > 0 && height > 0 && has_avx2()) {
        composite_avx2(source, mask, mask_stride, destination, destination_stride, width, height);
        return;
    }
    if (source == 0 || width <= 0 || height <= 0) return;  // pixman draws nothing for a clear source
    const __m128i zero = _mm_setzero_si128();
    const __m128i src = _mm_unpacklo_epi8(_mm_set1_epi32((int)source), zero);
    const __m128i src_alpha = _mm_shufflelo_epi16(_mm_shufflehi_epi16(src, 0xFF), 0xFF);
    const int opaque = (source >> 24) == 0xFF;
    const __m128i solid = _mm_set1_epi32((int)source);
    for (int y = 0; y < height; y++) {
        const uint8_t *m = mask + (size_t)y * (size_t)mask_stride;
        uint32_t *d = (uint32_t *)(void *)(destination + (size_t)y * (size_t)destination_stride);
        int x = 0;
        while (x + 16 <= width) {
            __m128i sixteen = _mm_loadu_si128((const __m128i *)(const void *)(m + x));
            if (_mm_movemask_epi8(_mm_cmpeq_epi8(sixteen, zero)) == 0xFFFF) {
                x += 16;
                continue;
            }
            for (int k = 0; k < 16; k += 4) {
                uint32_t four;
                memcpy(&four, m + x + k, 4);
                if (four == 0) continue;
                if (opaque && four == 0xFFFFFFFFu) {
                    _mm_storeu_si128((__m128i *)(void *)(d + x + k), solid);
                } else {
                    in_over_4(d + x + k, four, src, src_alpha);
                }
            }
            x += 16;
        }
        for (; x < width; x++) {
            if (m[x] != 0) d[x] = in_over_pixel(source, m[x], d[x]);
        }
    }
}
