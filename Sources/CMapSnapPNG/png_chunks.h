// PNG container pieces shared by the libdeflate encoders (internal to CMapSnapPNG): a growable
// buffer and chunks closed with their length, type and CRC-32 (https://www.w3.org/TR/png/#5Chunk-layout).
#ifndef MAPSNAP_PNG_CHUNKS_H
#define MAPSNAP_PNG_CHUNKS_H
#include "mapsnap_png.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

/// Makes room for `more` bytes after b->size; 0 when out of memory.
static inline int mapsnap_png_reserve(mapsnap_png_buffer *b, size_t more) {
    if (b->size + more <= b->capacity) return 1;
    size_t cap = b->capacity ? b->capacity : 65536;
    while (cap < b->size + more) cap *= 2;
    uint8_t *p = (uint8_t *)realloc(b->data, cap);
    if (!p) return 0;
    b->data = p;
    b->capacity = cap;
    return 1;
}

static inline void mapsnap_png_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/// Appends a chunk whose `length` data bytes are already at out->data + out->size + 8.
static inline void mapsnap_png_close_chunk(mapsnap_png_buffer *out, const char type[4], size_t length) {
    uint8_t *c = out->data + out->size;
    mapsnap_png_put32(c, (uint32_t)length);
    memcpy(c + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, c + 4, length + 4);
    mapsnap_png_put32(c + 8 + length, crc);
    out->size += length + 12;
}

/// Appends the PNG signature and an IHDR for an 8-bit image of `colour_type` (2 RGB, 3 palette,
/// 6 RGBA), deflate, no interlace. The room (8 + 25 bytes) must be reserved.
static inline void mapsnap_png_begin(mapsnap_png_buffer *out, int width, int height, uint8_t colour_type) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(out->data + out->size, signature, 8);
    out->size += 8;
    uint8_t *d = out->data + out->size + 8;
    mapsnap_png_put32(d, (uint32_t)width);
    mapsnap_png_put32(d + 4, (uint32_t)height);
    d[8] = 8;            // bit depth
    d[9] = colour_type;
    d[10] = 0; d[11] = 0; d[12] = 0;  // deflate, adaptive filtering, no interlace
    mapsnap_png_close_chunk(out, "IHDR", 13);
}

/// Appends a pHYs chunk of `ppm` pixels per metre both ways (the room, 21 bytes, reserved).
static inline void mapsnap_png_phys(mapsnap_png_buffer *out, uint32_t ppm) {
    uint8_t *d = out->data + out->size + 8;
    mapsnap_png_put32(d, ppm);
    mapsnap_png_put32(d + 4, ppm);
    d[8] = 1;  // unit: metre
    mapsnap_png_close_chunk(out, "pHYs", 9);
}
#endif
