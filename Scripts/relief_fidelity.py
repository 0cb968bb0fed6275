"""Cases of Scripts/relief-fidelity: generates the styles and data variants, renders each case
with MapSnap and with MapLibre GL JS 5.24, and prints the blurred mean absolute difference."""
import io, json, os, sqlite3, subprocess, sys
import numpy as np
from PIL import Image, ImageFilter

OUT = sys.argv[1]
BIN, REF, SHARED, QUICK = os.environ["MAPSNAP_BIN"], os.environ["REF"], os.environ["SHARED"], os.environ["QUICK"] == "1"
DEM = os.path.join(SHARED, "data/dem/monaco_terrain_rgb.mbtiles")
VECTOR = os.path.join(SHARED, "data/vector-tiles/monaco_omt.mbtiles")
LAT, LON = 43.7355, 7.4300
BAR = 4.0


def tiles(path):
    db = sqlite3.connect(path)
    rows = db.execute("select zoom_level, tile_column, tile_row, tile_data from tiles").fetchall()
    meta = dict(db.execute("select name, value from metadata").fetchall())
    db.close()
    return rows, meta


def write_mbtiles(path, rows, meta):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("create table metadata (name text, value text)")
    db.execute("create table tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)")
    db.executemany("insert into metadata values (?, ?)", sorted(meta.items()))
    db.executemany("insert into tiles values (?, ?, ?, ?)", rows)
    db.commit()
    db.close()


def heights(png):
    a = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(np.float64)
    return -10000 + (a[..., 0] * 65536 + a[..., 1] * 256 + a[..., 2]) * 0.1


def png(rgb):
    b = io.BytesIO()
    Image.fromarray(rgb.astype(np.uint8), "RGB").save(b, "PNG")
    return b.getvalue()


def terrarium(h):
    v = h + 32768
    r = np.floor(v / 256)
    g = np.floor(v) - r * 256
    b = np.floor((v - np.floor(v)) * 256)
    return png(np.stack([r, g, b], axis=-1))


def wide_terrain_rgb(path):
    """Terrain-RGB tiles, z10-14, around the camera from SRTM3 N43E007.hgt (1201x1201 big-endian
    int16, cells centred on whole 3-arc-second points from 44 N / 7 E), sampled bilinearly at
    each tile pixel's centre (the 4 voids filled with the mean of their valid neighbours), so
    that every view of the cases lies inside the data."""
    h = np.fromfile(os.path.join(SHARED, "data/dem/N43E007.hgt"), dtype=">i2").reshape(1201, 1201).astype(float)
    for y, x in zip(*np.where(h == -32768)):
        around = h[max(0, y - 1):y + 2, max(0, x - 1):x + 2]
        h[y, x] = around[around != -32768].mean()
    rows = []
    for z in range(10, 15):
        n = 1 << z
        span = min(0.55, 1400 / 512 / (1 << (z - 1)) * 360 / 2)  # half a 1400-point view at zoom z-1, degrees
        lon0, lon1 = LON - span, LON + span
        y_of = lambda lat: (1 - np.log(np.tan(np.pi / 4 + np.radians(lat) / 2)) / np.pi) / 2 * n
        lat_span = span * 0.75
        x0, x1 = int((lon0 + 180) / 360 * n), int((lon1 + 180) / 360 * n)
        ya, yb = int(y_of(LAT + lat_span)), int(y_of(LAT - lat_span))
        for ty in range(ya, yb + 1):
            for tx in range(x0, x1 + 1):
                px = (tx + (np.arange(256) + 0.5) / 256) / n * 360 - 180
                py = (ty + (np.arange(256) + 0.5) / 256) / n
                lat = np.degrees(np.arctan(np.sinh(np.pi * (1 - 2 * py))))
                fx = np.clip((px - 7) * 1200, 0, 1199.999)
                fy = np.clip((44 - lat) * 1200, 0, 1199.999)
                X, Y = np.meshgrid(fx, fy)
                ix, iy = X.astype(int), Y.astype(int)
                ax, ay = X - ix, Y - iy
                v = (h[iy, ix] * (1 - ax) * (1 - ay) + h[iy, ix + 1] * ax * (1 - ay) + h[iy + 1, ix] * (1 - ax) * ay
                     + h[iy + 1, ix + 1] * ax * ay)
                v = np.round((np.maximum(v, 0) + 10000) * 10)
                rgb = np.stack([np.floor(v / 65536) % 256, np.floor(v / 256) % 256, v % 256], axis=-1)
                rows.append((z, tx, n - 1 - ty, png(rgb)))
    meta = {"name": "Monaco SRTM3 terrain-RGB (wide)", "format": "png", "encoding": "mapbox", "minzoom": "10",
            "maxzoom": "14", "tileSize": "256", "scheme": "xyz"}
    write_mbtiles(path, rows, meta)


def make_data():
    """Terrarium re-encoding of the same tiles, and 512-pixel tiles made of 2x2 of the next zoom."""
    data = os.path.join(OUT, "data")
    os.makedirs(data, exist_ok=True)
    wide = os.path.join(data, "monaco_wide_terrain_rgb.mbtiles")
    if not os.path.exists(wide):
        wide_terrain_rgb(wide)
    rows, meta = tiles(wide)
    t = os.path.join(data, "monaco_terrarium.mbtiles")
    write_mbtiles(t, [(z, x, y, terrarium(heights(d))) for z, x, y, d in rows], dict(meta, encoding="terrarium"))
    by = {(z, x, (1 << z) - 1 - y): d for z, x, y, d in rows}
    big = []
    for (z, x, y) in sorted({(z - 1, x // 2, y // 2) for (z, x, y) in by if z > 10}):
        canvas = np.full((512, 512), 0.0)
        for dx in (0, 1):
            for dy in (0, 1):
                d = by.get((z + 1, 2 * x + dx, 2 * y + dy))
                if d is not None:
                    canvas[dy * 256:(dy + 1) * 256, dx * 256:(dx + 1) * 256] = heights(d)
        v = np.round((canvas + 10000) * 10)
        rgb = np.stack([np.floor(v / 65536) % 256, np.floor(v / 256) % 256, v % 256], axis=-1)
        big.append((z, x, (1 << z) - 1 - y, png(rgb)))
    b = os.path.join(data, "monaco_terrain_rgb_512.mbtiles")
    write_mbtiles(b, big, dict(meta, tileSize="512", minzoom="10", maxzoom="13"))
    return {"rgb": (wide, "mapbox", 256), "sample": (DEM, "mapbox", 256), "terrarium": (t, "terrarium", 256), "512": (b, "mapbox", 512)}


def style(layer, data, name):
    path, encoding, size = data
    s = {"version": 8,
         "sources": {"dem": {"type": "raster-dem", "url": "mbtiles://" + os.path.abspath(path), "tileSize": size,
                             "encoding": encoding}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#efe9dc"}},
                    dict(layer, id="relief", source="dem")]}
    p = os.path.join(OUT, "styles", name + ".json")
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        json.dump(s, f, indent=1)
    return p


HILL = "hillshade"
RAMP = ["interpolate", ["linear"], ["elevation"], 0, "rgba(40,110,70,0.9)", 100, "#8fbf6a", 300, "#e3d58f",
        600, "#b58a5a", 1000, "#f4f1ee"]


def cases():
    methods = ["standard", "basic", "combined", "igor", "multidirectional"]
    zooms = [11, 14] if QUICK else [10, 11, 12, 13, 14]
    out = []
    for m in methods:
        for z in zooms:
            for r in (1, 2):
                out.append(("%s-z%d@%dx" % (m, z, r), {"type": HILL, "paint": {"hillshade-method": m}}, "rgb", z, r))
    paints = {
        "exaggeration-1": {"hillshade-exaggeration": 1},
        "exaggeration-0.2": {"hillshade-exaggeration": 0.2},
        "colours": {"hillshade-shadow-color": "#3b2f5a", "hillshade-highlight-color": "rgba(255,243,192,0.8)",
                    "hillshade-accent-color": "#6b4f2a"},
        "light-270-30": {"hillshade-illumination-direction": 270, "hillshade-illumination-altitude": 30,
                         "hillshade-illumination-anchor": "map"},
        "basic-light": {"hillshade-method": "basic", "hillshade-illumination-direction": 200,
                        "hillshade-illumination-altitude": 60, "hillshade-exaggeration": 0.8},
        "igor-colours": {"hillshade-method": "igor", "hillshade-shadow-color": "#20304a",
                         "hillshade-highlight-color": "#fff6d8"},
        "multi-4": {"hillshade-method": "multidirectional",
                    "hillshade-illumination-direction": [270, 315, 0, 45],
                    "hillshade-illumination-altitude": [30, 30, 30, 30],
                    "hillshade-shadow-color": ["#1a1a40", "#401a1a", "#1a401a", "#000000"],
                    "hillshade-highlight-color": ["#ffffff", "#fff0d0", "#d0f0ff", "#ffffff"]},
        "zoom-function": {"hillshade-exaggeration": ["interpolate", ["linear"], ["zoom"], 10, 0.2, 14, 0.9]},
    }
    for name, paint in sorted(paints.items()):
        for z in ([12] if QUICK else [12, 14]):
            for r in (1, 2):
                out.append(("%s-z%d@%dx" % (name, z, r), {"type": HILL, "paint": paint}, "rgb", z, r))
    reliefs = {
        "relief": {"color-relief-color": RAMP},
        "relief-opacity": {"color-relief-color": RAMP, "color-relief-opacity": 0.6},
        "relief-exponential": {"color-relief-color": ["interpolate", ["exponential", 1.5], ["elevation"], 0, "#2a6f97",
                                                      500, "#e9c46a", 1100, "#ffffff"]},
        "relief-step": {"color-relief-color": ["step", ["elevation"], "#2a6f97", 200, "#e9c46a"]},
    }
    for name, paint in sorted(reliefs.items()):
        for z in ([13] if QUICK else [11, 13, 14]):
            for r in (1, 2):
                out.append(("%s-z%d@%dx" % (name, z, r), {"type": "color-relief", "paint": paint}, "rgb", z, r))
    for data in ("terrarium", "512"):
        for z in ([13] if QUICK else [11, 13.5, 14.7]):
            out.append(("%s-standard-z%s@1x" % (data, z), {"type": HILL, "paint": {}}, data, z, 1))
            out.append(("%s-relief-z%s@2x" % (data, z), {"type": "color-relief", "paint": reliefs["relief"]}, data, z, 2))
    return out


def mad(a, b):
    a = np.asarray(Image.open(a).convert("RGB").filter(ImageFilter.BoxBlur(1)), dtype=float)
    b = np.asarray(Image.open(b).convert("RGB").filter(ImageFilter.BoxBlur(1)), dtype=float)
    if a.shape != b.shape:
        return float("nan")
    return float(np.abs(a - b).mean())


def sheet(a, b, path):
    A, B = Image.open(a).convert("RGB"), Image.open(b).convert("RGB")
    w, h = A.size
    s = Image.new("RGB", (3 * w, h))
    s.paste(A, (0, 0))
    s.paste(B.resize(A.size), (w, 0))
    d = np.abs(np.asarray(A, float) - np.asarray(B.resize(A.size), float)).mean(axis=2)
    s.paste(Image.fromarray(np.clip(d * 4, 0, 255).astype(np.uint8)).convert("RGB"), (2 * w, 0))
    s.save(path)


def main():
    data = make_data()
    rows = []
    only = os.environ.get("ONLY")
    for name, layer, variant, zoom, ratio in cases():
        if only and not __import__("re").search(only, name):
            continue
        st = style(layer, data[variant], name)
        ours = os.path.join(OUT, name + "-mapsnap.png")
        theirs = os.path.join(OUT, name + "-maplibre.png")
        subprocess.run([BIN, "render", "--style", st, "--center", "%s,%s" % (LAT, LON), "--zoom", str(zoom),
                        "--size", "600x400", "--scale", str(ratio), "--no-scale-bar", "--no-attribution",
                        "--out", ours], check=True, stderr=subprocess.DEVNULL)
        subprocess.run([sys.executable, REF, st, VECTOR, str(LAT), str(LON), str(zoom), "600x400", theirs,
                        "--gl", "5.24", "--ratio", str(ratio), "--raster", "dem=" + data[variant][0]],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        d = mad(ours, theirs)
        sheet(ours, theirs, os.path.join(OUT, name + "-sheet.png"))
        rows.append((name, d))
        print("%-36s %6.2f %s" % (name, d, "" if d <= BAR else "OVER"), flush=True)
    worst = max(rows, key=lambda r: r[1])
    over = [r for r in rows if not r[1] <= BAR]
    print("cases %d, median %.2f, worst %s %.2f, over %.0f: %d" % (
        len(rows), float(np.median([r[1] for r in rows])), worst[0], worst[1], BAR, len(over)))
    return 1 if over else 0


sys.exit(main())
