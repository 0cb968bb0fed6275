// Exact fixed-point formatting of doubles, and cairo's number printing routed through it.
//
// cairo 1.16 writes every coordinate of an SVG or PDF through snprintf "%f" (and "%.18f",
// "%.*f" below 0.1; cairo-output-stream.c, _cairo_dtostr), built with _FORTIFY_SOURCE as
// __snprintf_chk. glibc formats each with multi-precision arithmetic, some 1,800 instructions
// a number: a third of an SVG map's time. This file defines __snprintf_chk in the executable,
// which the dynamic linker then binds cairo's (and every library's) calls to: those three
// formats of a finite double are written by mapsnap_format_fixed, with the same characters
// (exact: the double times 10^precision is an integer below 2^113, rounded half to even as
// glibc does), and every other call goes to glibc's __vsnprintf_chk unchanged.
#define _GNU_SOURCE
#include "mapsnap_numbers.h"

#include <langinfo.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

extern int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);

static const uint64_t powers_of_ten[19] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
    1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
    100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
    1000000000000000000ull,
};

/// round(|value| * 10^precision), ties to even; -1 when |value| >= 2^63.
static int scaled(double value, int precision, unsigned __int128 *result) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    int biased = (int)((bits >> 52) & 0x7FF);
    uint64_t mantissa = bits & ((1ull << 52) - 1);
    if (biased == 0) biased = 1;  // subnormal: no hidden bit
    else mantissa |= 1ull << 52;
    int e = biased - 1075;  // |value| = mantissa * 2^e
    unsigned __int128 n = (unsigned __int128)mantissa * powers_of_ten[precision];  // < 2^113
    if (e >= 0) {
        if (e > 10) return -1;
        *result = n << e;
        return 0;
    }
    int s = -e;
    if (s > 114) {  // n < 2^113 <= half of 2^s: rounds to 0
        *result = 0;
        return 0;
    }
    unsigned __int128 q = n >> s;
    unsigned __int128 r = n - (q << s);
    unsigned __int128 half = (unsigned __int128)1 << (s - 1);
    if (r > half || (r == half && (q & 1))) q += 1;
    *result = q;
    return 0;
}

int mapsnap_format_fixed(char *out, size_t capacity, double value, int precision) {
    if (!isfinite(value) || precision < 0 || precision > 18) return -1;
    unsigned __int128 q;
    if (scaled(value, precision, &q) != 0) return -1;
    uint64_t unit = powers_of_ten[precision];
    uint64_t whole, fraction;
    if ((q >> 64) == 0) {  // the usual case, without a 128-bit division
        whole = (uint64_t)q / unit;
        fraction = (uint64_t)q % unit;
    } else {
        whole = (uint64_t)(q / unit);
        fraction = (uint64_t)(q % unit);
    }
    char text[48];
    int length = 0;
    if (signbit(value)) text[length++] = '-';
    char digits[20];
    int count = 0;
    do {
        digits[count++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole > 0);
    while (count > 0) text[length++] = digits[--count];
    if (precision > 0) {
        text[length++] = '.';
        for (int i = precision - 1; i >= 0; i--) {
            text[length + i] = (char)('0' + fraction % 10);
            fraction /= 10;
        }
        length += precision;
    }
    if (capacity > 0) {
        size_t copied = (size_t)length < capacity - 1 ? (size_t)length : capacity - 1;
        memcpy(out, text, copied);
        out[copied] = '\0';
    }
    return length;
}

/// The precision of "%f", "%.Nf" or "%.*f" (from `ap`), or -1 for any other format.
static int fixed_precision(const char *format, va_list *ap) {
    if (format[0] != '%') return -1;
    if (format[1] == 'f' && format[2] == '\0') return 6;
    if (format[1] != '.') return -1;
    if (format[2] == '*' && format[3] == 'f' && format[4] == '\0') return va_arg(*ap, int);
    int precision = 0;
    const char *p = format + 2;
    if (*p < '0' || *p > '9') return -1;
    while (*p >= '0' && *p <= '9' && precision < 100) precision = precision * 10 + (*p++ - '0');
    return (p[0] == 'f' && p[1] == '\0') ? precision : -1;
}

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    if (maxlen <= slen && format != NULL) {
        va_list probe;
        va_copy(probe, ap);
        int precision = fixed_precision(format, &probe);
        if (precision >= 0) {
            double value = va_arg(probe, double);
            const char *point = nl_langinfo(RADIXCHAR);
            int length = -1;
            if (point[0] == '.' && point[1] == '\0') length = mapsnap_format_fixed(s, maxlen, value, precision);
            if (length >= 0) {
                va_end(probe);
                va_end(ap);
                return length;
            }
        }
        va_end(probe);
    }
    int result = __vsnprintf_chk(s, maxlen, flag, slen, format, ap);
    va_end(ap);
    return result;
}
