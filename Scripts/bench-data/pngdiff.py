#!/usr/bin/env python3
"""Compares two PNGs of the same size for the benchmark scripts (Scripts/bench-peers,
Scripts/bench-mln): prints the mean absolute per-channel RGB difference (0-255; alpha composited
over white) and optionally writes a side-by-side sheet (A | B, 10 px apart) to look at.
Stdlib only (8-bit RGB / RGBA / grey, non-interlaced PNGs), so it runs under any python3.

Usage: pngdiff.py A.png B.png [--sheet OUT.png]
"""
import argparse
import struct
import sys
import zlib


def read_png(path):
    """-> (width, height, [bytearray of RGB per row])."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    w, h, depth, ctype, _, _, interlace = ihdr
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: only 8-bit grey/RGB/RGBA non-interlaced PNGs (got depth {depth}, type {ctype})")
    raw = zlib.decompress(b"".join(idat))
    bpp, stride = channels, w * channels
    prev = bytearray(stride)
    rows = []
    for y in range(h):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ftype == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if channels == 3:
            rgb = line
        elif channels == 4:
            rgb = bytearray(3 * w)
            for x in range(w):
                al = line[4 * x + 3]
                for k in range(3):
                    rgb[3 * x + k] = (line[4 * x + k] * al + 255 * (255 - al) + 127) // 255
        else:
            rgb = bytearray(3 * w)
            for x in range(w):
                v, al = line[channels * x], (line[channels * x + 1] if channels == 2 else 255)
                rgb[3 * x] = rgb[3 * x + 1] = rgb[3 * x + 2] = (v * al + 255 * (255 - al) + 127) // 255
        rows.append(rgb)
    return w, h, rows


def write_png(path, w, h, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--sheet")
    args = ap.parse_args()
    wa, ha, ra = read_png(args.a)
    wb, hb, rb = read_png(args.b)
    if (wa, ha) != (wb, hb):
        print(f"pngdiff: sizes differ: {wa}x{ha} vs {wb}x{hb}", file=sys.stderr)
        sys.exit(65)
    total = 0
    for x, y in zip(ra, rb):
        total += sum(abs(p - q) for p, q in zip(x, y))
    print(f"mean_abs_diff={total / (3 * wa * ha):.2f} size={wa}x{ha}")
    if args.sheet:
        gap = bytearray(b"\xff" * 30)
        write_png(args.sheet, 2 * wa + 10, ha, [x + gap + y for x, y in zip(ra, rb)])


if __name__ == "__main__":
    main()
