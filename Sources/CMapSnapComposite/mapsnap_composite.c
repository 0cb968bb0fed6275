// A solid colour through an 8-bit coverage mask OVER a premultiplied ARGB32 image, with the
// bytes of pixman's over_n_8_8888 (pixman-sse2.c: in_over with pix_multiply, saturating add),
// for the renderer's per-layer composite: thirty-two mask bytes are tested at once (a layer's
// mask is mostly empty), eight pixels blended per step in AVX2, and no cairo or pixman set-up
// per call. Without AVX2 it does nothing and says so (the caller composites through cairo).
#include "mapsnap_composite.h"

#include <cpuid.h>
#include <immintrin.h>
#include <string.h>

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

/// Whether the processor and the system run AVX2 (cpuid leaf 7 and the OS saving the YMM state).
static int has_avx2(void) {
    static int cached = -1;  // atomic: threads may ask at once
    int known = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (known < 0) {
        unsigned a = 0, b = 0, c = 0, d = 0;
        int ok = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) && (c & bit_AVX);
        if (ok) {
            unsigned lo, hi;
            __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
            ok = (lo & 6) == 6 && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2);
        }
        known = ok ? 1 : 0;
        __atomic_store_n(&cached, known, __ATOMIC_RELAXED);
    }
    return known;
}

/// pix_multiply on sixteen 16-bit lanes.
__attribute__((target("avx2"))) static inline __m256i multiply8(__m256i a, __m256i b) {
    __m256i t = _mm256_adds_epu16(_mm256_mullo_epi16(a, b), _mm256_set1_epi16(0x0080));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(0x0101));
}

/// Eight pixels at `d` through the eight mask bytes `m8` (not all zero). The 256-bit unpacks
/// work per 128-bit lane: `out[0]` holds pixels 0, 1 | 4, 5 and `out[1]` 2, 3 | 6, 7, and the
/// pack puts them back in order; the mask is expanded to the same places.
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

int mapsnap_composite_over_solid_a8(uint32_t source, const uint8_t *mask, int mask_stride, uint8_t *destination,
                                    int destination_stride, int width, int height) {
    if (!has_avx2()) return 0;
    if (source == 0 || width <= 0 || height <= 0) return 1;  // pixman draws nothing for a clear source
    composite_avx2(source, mask, mask_stride, destination, destination_stride, width, height);
    return 1;
}
