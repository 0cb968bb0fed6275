// PNG encoder over libpng (http://www.libpng.org/pub/png/libpng-manual.txt) with the setjmp
// that libpng's error handling requires kept on the C side.
#include "mapsnap_png.h"
#include "png_rows.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    mapsnap_png_buffer *out;
    int failed;
    char *err;
    size_t err_len;
} writer_state;

static void on_error(png_structp png, png_const_charp message) {
    writer_state *st = (writer_state *)png_get_error_ptr(png);
    if (st && st->err && st->err_len > 0) snprintf(st->err, st->err_len, "libpng: %s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_write(png_structp png, png_bytep data, png_size_t length) {
    writer_state *st = (writer_state *)png_get_io_ptr(png);
    mapsnap_png_buffer *b = st->out;
    if (st->failed) return;
    if (b->size + length > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 65536;
        while (cap < b->size + length) cap *= 2;
        uint8_t *p = (uint8_t *)realloc(b->data, cap);
        if (!p) {
            st->failed = 1;
            png_error(png, "out of memory");
            return;
        }
        b->data = p;
        b->capacity = cap;
    }
    memcpy(b->data + b->size, data, length);
    b->size += length;
}

static void on_flush(png_structp png) { (void)png; }

double mapsnap_png_flat_fraction(const uint8_t *pixels, int width, int height, int stride) {
    if (!pixels || width < 2 || height < 1) return 1;
    // Every 8th row is plenty to tell a map from a photograph.
    uint64_t same = 0, total = 0;
    for (int y = 0; y < height; y += 8) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (int x = 1; x < width; x++) same += row[x] == row[x - 1];
        total += (uint64_t)(width - 1);
    }
    return total ? (double)same / (double)total : 1;
}

int mapsnap_png_encode(const uint8_t *pixels, int width, int height, int stride, int has_alpha,
                       int level, int filter, int strategy, uint32_t ppm, mapsnap_png_buffer *out, char *err,
                       size_t err_len) {
    if (!pixels || !out || width <= 0 || height <= 0 || stride < width * 4) {
        if (err && err_len) snprintf(err, err_len, "invalid image arguments");
        return 1;
    }
    writer_state st = {out, 0, err, err_len};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &st, on_error, on_warning);
    if (!png) {
        if (err && err_len) snprintf(err, err_len, "libpng: cannot create write struct");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    const int channels = has_alpha ? 4 : 3;
    // volatile: modified between setjmp and a possible longjmp.
    uint8_t *volatile row = (uint8_t *)malloc((size_t)width * channels);
    if (!info || !row) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(row);
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return 1;
    }
    png_set_write_fn(png, &st, on_write, on_flush);
    png_set_compression_level(png, level < 0 ? 0 : (level > 9 ? 9 : level));
    if (strategy >= 0 && strategy <= 3) png_set_compression_strategy(png, strategy);
    if (filter <= -2) {
        // Auto: flat images (maps, drawings) compress best unfiltered, photographic ones with
        // the sub filter (-2) or libpng's adaptive choice (-3).
        int flat = mapsnap_png_flat_fraction(pixels, width, height, stride) >= 0.25;
        filter = flat ? 0 : (filter == -2 ? 1 : -1);
    }
    if (filter >= 0 && filter <= 4) {
        static const int filters[5] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP,
                                       PNG_FILTER_AVG, PNG_FILTER_PAETH};
        png_set_filter(png, PNG_FILTER_TYPE_BASE, filters[filter]);
    }
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    if (ppm > 0) png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        mapsnap_png_convert_row((const uint32_t *)(pixels + (size_t)y * stride), width, has_alpha, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 0;
}

void mapsnap_png_buffer_free(mapsnap_png_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t pos;
    char *err;
    size_t err_len;
} reader_state;

static void on_read_error(png_structp png, png_const_charp message) {
    reader_state *st = (reader_state *)png_get_error_ptr(png);
    if (st && st->err && st->err_len > 0) snprintf(st->err, st->err_len, "libpng: %s", message);
    png_longjmp(png, 1);
}

static void on_read(png_structp png, png_bytep out, png_size_t length) {
    reader_state *st = (reader_state *)png_get_io_ptr(png);
    if (st->pos + length > st->size) {
        png_error(png, "truncated PNG data");
        return;
    }
    memcpy(out, st->data + st->pos, length);
    st->pos += length;
}

int mapsnap_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **rgba, int *width,
                       int *height, char *err, size_t err_len) {
    if (!data || size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        if (err && err_len) snprintf(err, err_len, "not a PNG file");
        return 1;
    }
    reader_state st = {data, size, 0, err, err_len};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &st, on_read_error, on_warning);
    if (!png) return 1;
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(buffer);
        free(rows);
        return 1;
    }
    png_set_read_fn(png, &st, on_read);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        if (err && err_len) snprintf(err, err_len, "PNG of %ux%u pixels is too large", w, h);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    buffer = (uint8_t *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!buffer || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *rgba = buffer;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

void mapsnap_png_free(uint8_t *rgba) { free(rgba); }
