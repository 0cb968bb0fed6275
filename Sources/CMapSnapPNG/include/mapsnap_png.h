#ifndef MAPSNAP_PNG_H
#define MAPSNAP_PNG_H

#include <stddef.h>
#include <stdint.h>

/// Growable output buffer filled by mapsnap_png_encode. Free with mapsnap_png_buffer_free.
typedef struct mapsnap_png_buffer {
    uint8_t *data;
    size_t size;
    size_t capacity;
} mapsnap_png_buffer;

/// Encodes a cairo ARGB32 image (premultiplied, native-endian 32-bit pixels) as PNG.
///
/// - `has_alpha`: 0 writes RGB (8-bit, alpha dropped: use for opaque images), 1 writes RGBA
///   with alpha un-premultiplied.
/// - `level`: zlib level 0..9. `filter`: -1 lets libpng choose adaptively, 0..4 forces one
///   filter (0 none, 1 sub, 2 up, 3 avg, 4 paeth); -2 and -3 choose by the image: none for a
///   flat image (see mapsnap_png_flat_fraction), else sub (-2) or adaptive (-3).
/// - `strategy`: zlib strategy (0 default, 1 filtered, 2 huffman only, 3 RLE); -1 keeps libpng's.
/// - `ppm`: pixels per metre written in pHYs (0 omits the chunk).
/// Returns 0 on success; otherwise non-zero and a message in `err` (NUL-terminated, ≤ err_len).
/// libpng's longjmp never crosses into the caller.
int mapsnap_png_encode(const uint8_t *pixels, int width, int height, int stride, int has_alpha,
                       int level, int filter, int strategy, uint32_t ppm, mapsnap_png_buffer *out, char *err,
                       size_t err_len);

void mapsnap_png_buffer_free(mapsnap_png_buffer *buffer);
/// Encodes like mapsnap_png_encode, with libdeflate instead of libpng and zlib: `level` is
/// libdeflate's 0..12; `filter` 0 none, 1 sub, 4 Paeth, -2 none for a flat image else sub, -4 none or
/// Paeth by a trial (see mapsnap_png_encode_isal). One IDAT chunk.
int mapsnap_png_encode_deflate(const uint8_t *pixels, int width, int height, int stride, int has_alpha,
                               int level, int filter, uint32_t ppm, mapsnap_png_buffer *out, char *err,
                               size_t err_len);

/// Encodes like mapsnap_png_encode_deflate, with ISA-L's igzip at level 1 (the fastest that
/// still builds Huffman codes per block): `filter` 0 none, 4 Paeth, -4 whichever a trial on four
/// bands of the image finds smaller. One IDAT chunk.
int mapsnap_png_encode_isal(const uint8_t *pixels, int width, int height, int stride, int has_alpha, int filter,
                            uint32_t ppm, mapsnap_png_buffer *out, char *err, size_t err_len);

/// Encodes an indexed-colour PNG (colour type 3, 8 bits): `indices` width*height bytes, row by
/// row; `palette_rgba` `colors` (1…256) straight RGBA entries; libdeflate `level` 0..12. Entries
/// that are not opaque are written to tRNS. Returns 0 on success, else non-zero with `err`.
int mapsnap_png_encode_indexed(const uint8_t *indices, int width, int height, const uint8_t *palette_rgba,
                               int colors, int level, uint32_t ppm, mapsnap_png_buffer *out, char *err,
                               size_t err_len);

/// The fraction (0…1) of pixels equal to their left neighbour, sampled on every 8th row: high
/// for maps and drawings (large flat areas), near 0 for photographs.
double mapsnap_png_flat_fraction(const uint8_t *pixels, int width, int height, int stride);



/// Decodes a PNG held in memory to 8-bit straight RGBA (any PNG colour type and depth is
/// converted). On success returns 0 and a malloc'd buffer of width*height*4 bytes in *rgba,
/// which the caller frees with mapsnap_png_free. Images above max_pixels are refused.
int mapsnap_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **rgba, int *width,
                       int *height, char *err, size_t err_len);

void mapsnap_png_free(uint8_t *rgba);
#endif
