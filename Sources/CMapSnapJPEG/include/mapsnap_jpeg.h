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
#endif
