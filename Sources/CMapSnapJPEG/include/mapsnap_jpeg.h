#ifndef MAPSNAP_JPEG_H
#define MAPSNAP_JPEG_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG (baseline or progressive; grayscale, YCbCr/RGB or CMYK) held in memory to
/// 8-bit straight RGBA with alpha 255. On success returns 0 and a malloc'd buffer of
/// width*height*4 bytes in *rgba, which the caller frees with mapsnap_jpeg_free. Images above
/// max_pixels are refused. On failure returns non-zero with a message in `err`
/// (NUL-terminated, at most err_len bytes). libjpeg's longjmp never crosses into the caller.
int mapsnap_jpeg_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **rgba, int *width,
                        int *height, char *err, size_t err_len);

void mapsnap_jpeg_free(uint8_t *rgba);

/// Encodes cairo ARGB32 pixels (premultiplied, native-endian; composited over white, JPEG has
/// no alpha) as a baseline JPEG with optimised Huffman tables: `quality` 1…100, `full_chroma`
/// 1 for 4:4:4 sampling (else 4:2:0), `density_dpi` > 0 writes it in the JFIF header. On
/// success returns 0 and a malloc'd buffer in *out (free with mapsnap_jpeg_free). libjpeg's
/// longjmp never crosses into the caller.
int mapsnap_jpeg_encode(const uint8_t *pixels, int width, int height, int stride, int quality, int full_chroma,
                        int density_dpi, uint8_t **out, unsigned long *out_size, char *err, size_t err_len);
#endif
