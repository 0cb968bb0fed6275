// libjpeg reports fatal errors by calling error_exit, which must not return: this file owns
// the setjmp it longjmps to, so no longjmp ever crosses a Swift frame.
#include "mapsnap_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

typedef struct error_state {
    struct jpeg_error_mgr mgr; // must be first: libjpeg hands us a pointer to it
    jmp_buf jump;
    char *err;
    size_t err_len;
} error_state;

static void on_error_exit(j_common_ptr cinfo) {
    error_state *st = (error_state *)cinfo->err;
    if (st->err && st->err_len) {
        char buffer[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, buffer);
        snprintf(st->err, st->err_len, "%s", buffer);
    }
    longjmp(st->jump, 1);
}

// Warnings (corrupt but recoverable data) and trace messages are not printed.
static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

int mapsnap_jpeg_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **rgba, int *width,
                        int *height, char *err, size_t err_len) {
    if (!data || size < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        if (err && err_len) snprintf(err, err_len, "not a JPEG file");
        return 1;
    }
    if (size > (size_t)0xFFFFFFFFu) {
        if (err && err_len) snprintf(err, err_len, "JPEG data too large");
        return 1;
    }
    struct jpeg_decompress_struct cinfo;
    error_state st;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&st, 0, sizeof st);
    cinfo.err = jpeg_std_error(&st.mgr);
    st.mgr.error_exit = on_error_exit;
    st.mgr.output_message = on_output_message;
    st.err = err;
    st.err_len = err_len;
    uint8_t *volatile buffer = NULL;
    uint8_t *volatile row = NULL;
    if (setjmp(st.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(buffer);
        free(row);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (const unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    JDIMENSION w = cinfo.output_width, h = cinfo.output_height;
    int components = cinfo.output_components;
    if (w == 0 || h == 0 || (uint64_t)w * (uint64_t)h > max_pixels) {
        if (err && err_len) snprintf(err, err_len, "JPEG of %ux%u pixels is too large", w, h);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    if (components != (cmyk ? 4 : 3)) {
        if (err && err_len) snprintf(err, err_len, "unsupported JPEG colour layout (%d components)", components);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    buffer = (uint8_t *)calloc((size_t)w * h, 4);
    row = (uint8_t *)malloc((size_t)w * components);
    if (!buffer || !row) {
        if (err && err_len) snprintf(err, err_len, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        free(buffer);
        free(row);
        return 1;
    }
    // Adobe writes CMYK JPEGs inverted (0 = full ink); libjpeg hands them over as stored.
    int inverted = cmyk && cinfo.saw_Adobe_marker;
    while (cinfo.output_scanline < h) {
        JSAMPROW rows[1] = {row};
        JDIMENSION y = cinfo.output_scanline;
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) break;
        uint8_t *out = buffer + (size_t)y * w * 4;
        for (JDIMENSION x = 0; x < w; x++) {
            const uint8_t *in = row + (size_t)x * components;
            if (cmyk) {
                unsigned c = in[0], m = in[1], yy = in[2], k = in[3];
                if (!inverted) {
                    c = 255 - c;
                    m = 255 - m;
                    yy = 255 - yy;
                    k = 255 - k;
                }
                out[0] = (uint8_t)((c * k + 127) / 255);
                out[1] = (uint8_t)((m * k + 127) / 255);
                out[2] = (uint8_t)((yy * k + 127) / 255);
            } else {
                out[0] = in[0];
                out[1] = in[1];
                out[2] = in[2];
            }
            out[3] = 255;
            out += 4;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *rgba = buffer;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

void mapsnap_jpeg_free(uint8_t *rgba) { free(rgba); }

int mapsnap_jpeg_encode(const uint8_t *pixels, int width, int height, int stride, int quality, int full_chroma,
                        int density_dpi, uint8_t **out, unsigned long *out_size, char *err, size_t err_len) {
    if (!pixels || !out || !out_size || width <= 0 || height <= 0 || stride < width * 4 || width > 65500 ||
        height > 65500) {
        if (err && err_len) snprintf(err, err_len, "invalid image arguments");
        return 1;
    }
    struct jpeg_compress_struct cinfo;
    error_state st;
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&st.mgr);
    st.mgr.error_exit = on_error_exit;
    st.mgr.output_message = on_output_message;
    st.err = err;
    st.err_len = err_len;
    *out = NULL;
    *out_size = 0;
    uint8_t *row = (uint8_t *)malloc((size_t)width * 3);
    if (!row) {
        if (err && err_len) snprintf(err, err_len, "out of memory");
        return 1;
    }
    // volatile: read after a longjmp.
    uint8_t *volatile row_keep = row;
    if (setjmp(st.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(row_keep);
        if (*out) {
            free(*out);
            *out = NULL;
        }
        return 1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, out, out_size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    if (full_chroma) {
        // 4:4:4: thin coloured lines keep their colour.
        cinfo.comp_info[0].h_samp_factor = 1;
        cinfo.comp_info[0].v_samp_factor = 1;
    }
    cinfo.optimize_coding = TRUE;
    if (density_dpi > 0) {
        cinfo.write_JFIF_header = TRUE;
        cinfo.density_unit = 1;  // dots per inch
        cinfo.X_density = (UINT16)density_dpi;
        cinfo.Y_density = (UINT16)density_dpi;
    }
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        // cairo ARGB32, premultiplied: composited over white (JPEG has no alpha).
        const uint32_t *src = (const uint32_t *)(pixels + (size_t)cinfo.next_scanline * (size_t)stride);
        for (int x = 0; x < width; x++) {
            uint32_t p = src[x];
            uint32_t a = p >> 24, white = 255 - a;
            row[x * 3] = (uint8_t)(((p >> 16) & 0xFF) + white);
            row[x * 3 + 1] = (uint8_t)(((p >> 8) & 0xFF) + white);
            row[x * 3 + 2] = (uint8_t)((p & 0xFF) + white);
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    return 0;
}
