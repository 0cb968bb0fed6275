"""Seeded random small styles for the differential test (Scripts/differential).

`make_case(seed, suite, case_dir)` returns a Case: a MapLibre v8 style over the GL render suite's
tiles (../shared/conformance/gl-suite: the Berlin z14 vector tiles, the world z0/z2 vector tiles,
the world z1 satellite raster tiles) or over a generated GeoJSON source, with 1-3 layers of the
types MapSnap draws (background, fill, line, circle, raster). Every paint and layout property of
those types (the spec's list, as `StylePropertyInfo.all` holds it) appears as a literal, a zoom
function (interpolate / step on ["zoom"]), a data expression (["get", ...] on properties the data
has) or a legacy function. The camera (centre, fractional zoom, bearing 0) is the style's own;
size and pixel ratio come with the case. The same seed gives the same case, byte for byte.

Known-excluded (other work, or not drawn by MapSnap): symbol layers (text depends on font faces),
heatmap, hillshade, fill-extrusion, color-relief, *-pattern, sprites.
"""
import json
import math
import os
import random

# ---------------------------------------------------------------- the spec's properties
# (name, layout?, kind, range, expressions: "data" | "zoom" | "const", interpolated)
# kind: number, color, bool, enum:<a|b>, array2, dash
PROPS = {
    "background": [
        ("background-color", False, "color", None, "zoom", True),
        ("background-opacity", False, "number", (0, 1), "zoom", True),
    ],
    "fill": [
        ("fill-sort-key", True, "number", (0, 10), "data", False),
        ("fill-antialias", False, "bool", None, "const", False),
        ("fill-opacity", False, "number", (0, 1), "data", True),
        ("fill-color", False, "color", None, "data", True),
        ("fill-outline-color", False, "color", None, "data", True),
        ("fill-translate", False, "array2", (-12, 12), "zoom", True),
        ("fill-translate-anchor", False, "enum:map|viewport", None, "zoom", False),
    ],
    "line": [
        ("line-cap", True, "enum:butt|round|square", None, "zoom", False),
        ("line-join", True, "enum:bevel|round|miter", None, "data", False),
        ("line-miter-limit", True, "number", (1, 4), "zoom", True),
        ("line-round-limit", True, "number", (0.5, 2), "zoom", True),
        ("line-sort-key", True, "number", (0, 10), "data", False),
        ("line-opacity", False, "number", (0, 1), "data", True),
        ("line-color", False, "color", None, "data", True),
        ("line-translate", False, "array2", (-10, 10), "zoom", True),
        ("line-translate-anchor", False, "enum:map|viewport", None, "zoom", False),
        ("line-width", False, "number", (0, 12), "data", True),
        ("line-gap-width", False, "number", (0, 8), "data", True),
        ("line-offset", False, "number", (-8, 8), "data", True),
        ("line-blur", False, "number", (0, 4), "data", True),
        ("line-dasharray", False, "dash", (0, 4), "data", False),
    ],
    "circle": [
        ("circle-sort-key", True, "number", (0, 10), "data", False),
        ("circle-radius", False, "number", (0, 14), "data", True),
        ("circle-color", False, "color", None, "data", True),
        ("circle-blur", False, "number", (0, 1), "data", True),
        ("circle-opacity", False, "number", (0, 1), "data", True),
        ("circle-translate", False, "array2", (-10, 10), "zoom", True),
        ("circle-translate-anchor", False, "enum:map|viewport", None, "zoom", False),
        ("circle-pitch-scale", False, "enum:map|viewport", None, "zoom", False),
        ("circle-pitch-alignment", False, "enum:map|viewport", None, "zoom", False),
        ("circle-stroke-width", False, "number", (0, 5), "data", True),
        ("circle-stroke-color", False, "color", None, "data", True),
        ("circle-stroke-opacity", False, "number", (0, 1), "data", True),
    ],
    "raster": [
        ("raster-opacity", False, "number", (0, 1), "zoom", True),
        ("raster-hue-rotate", False, "number", (0, 360), "zoom", True),
        ("raster-brightness-min", False, "number", (0, 1), "zoom", True),
        ("raster-brightness-max", False, "number", (0, 1), "zoom", True),
        ("raster-saturation", False, "number", (-1, 1), "zoom", True),
        ("raster-contrast", False, "number", (-1, 1), "zoom", True),
        ("raster-resampling", False, "enum:linear|nearest", None, "zoom", False),
        ("raster-fade-duration", False, "number", (0, 300), "zoom", True),
    ],
}
EXCLUDED = ["symbol", "heatmap", "hillshade", "fill-extrusion", "color-relief", "fill-pattern", "line-pattern",
            "background-pattern", "line-gradient"]

# ---------------------------------------------------------------- the data
# Berlin z14 block of the suite: tiles x 8802-8803, y 5374-5375 (Mapbox Streets v6-like layers).
BERLIN = {"z": 14, "x": (8802, 8804), "y": (5374, 5376)}
# numeric and string properties each source layer's features carry
BERLIN_LAYERS = {
    "road": ("line", ["osm_id"], ["class", "type", "oneway"]),
    "bridge": ("line", ["osm_id", "layer"], ["class"]),
    "tunnel": ("line", ["osm_id", "layer"], ["class"]),
    "contour": ("line", ["ele", "index"], []),
    "barrier_line": ("line", ["osm_id"], ["class"]),
    "waterway": ("line", ["osm_id"], ["class", "type"]),
    "building": ("fill", ["osm_id"], []),
    "landuse": ("fill", ["osm_id"], ["class", "type"]),
    "water": ("fill", ["osm_id"], []),
    "poi_label": ("circle", ["scalerank", "localrank", "osm_id"], ["maki", "type"]),
    "housenum_label": ("circle", ["osm_id"], ["house_num"]),
    "road_label": ("line", ["len", "reflen", "osm_id"], ["class"]),
}
WORLD_LAYERS = {
    "admin": ("line", ["admin_level", "disputed", "maritime"], []),
    "landcover": ("fill", [], ["class"]),
    "water": ("fill", ["osm_id"], []),
    "country_label": ("circle", ["scalerank", "osm_id"], ["name"]),
}
CLASSES = {"class": ["street", "main", "motorway", "path", "service", "park", "wood", "grass", "crop",
                     "snow", "school", "fence"], "type": ["residential", "primary", "hedge", "wall"],
           "oneway": [0, 1], "maki": ["cafe", "bus", "restaurant"], "name": ["France", "Germany"],
           "house_num": ["1", "2"]}
GEO_NUM = ["w", "r", "k"]
GEO_STR = ["class"]
GEO_CLASSES = ["a", "b", "c"]


def tile_to_lonlat(z, x, y):
    n = 2.0 ** z
    lon = x / n * 360.0 - 180.0
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / n))))
    return lon, lat


class Case:
    def __init__(self, seed, style, width, height, ratio, tags, files):
        self.seed, self.style, self.width, self.height, self.ratio = seed, style, width, height, ratio
        self.tags, self.files = tags, files          # files: {name: bytes or None (a directory)}


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.tags = set()

    # -- small helpers
    def chance(self, p):
        return self.r.random() < p

    def num(self, lo, hi, nd=2):
        return round(self.r.uniform(lo, hi), nd)

    def color(self):
        r = self.r
        if self.chance(0.25):
            return r.choice(["red", "blue", "#0a0", "#ff8800", "rgba(0,0,255,0.5)", "hsl(200, 80%, 40%)",
                             "rgba(200,30,90,0.35)", "#333"])
        a = r.choice([1, 1, 1, 0.4, 0.6, 0.8])
        rgb = [r.randrange(256) for _ in range(3)]
        return "rgba(%d,%d,%d,%s)" % (rgb[0], rgb[1], rgb[2], a) if a < 1 else "#%02x%02x%02x" % tuple(rgb)

    def literal(self, kind, rng):
        if kind == "number":
            return self.num(*rng)
        if kind == "color":
            return self.color()
        if kind == "bool":
            return self.chance(0.5)
        if kind.startswith("enum:"):
            return self.r.choice(kind[5:].split("|"))
        if kind == "array2":
            return [self.num(*rng, nd=1), self.num(*rng, nd=1)]
        if kind == "dash":
            n = self.r.choice([2, 2, 2, 4, 3])
            return [self.r.choice([0, 0.5, 1, 2, 3, 4]) if i % 2 == 0 else self.r.choice([0.5, 1, 2, 3])
                    for i in range(n)]
        raise ValueError(kind)

    # -- a value of one property
    def value(self, prop, zooms, data):
        name, _, kind, rng, expr, interp = prop
        p = self.r.random()
        if expr == "const" or p < 0.35:
            return self.literal(kind, rng)
        if p < 0.6:
            self.tags.add("zoom-fn")
            return self.zoom_fn(kind, rng, interp, zooms)
        if p < 0.85 and expr == "data" and data:
            self.tags.add("data-expr")
            return self.data_expr(kind, rng, interp, data, zooms)
        if p < 0.92 or expr != "data" or not data:
            self.tags.add("legacy-zoom")
            stops = self.stops(kind, rng, zooms)
            f = {"stops": stops}
            if interp and kind in ("number", "color", "array2") and self.chance(0.5):
                f["base"] = self.r.choice([1, 1.2, 1.5, 2])
            if not interp:
                f["type"] = "interval"
            return f
        self.tags.add("legacy-data")
        return self.legacy_data(kind, rng, interp, data, zooms)

    def stops(self, kind, rng, zooms):
        lo, hi = zooms
        n = self.r.choice([2, 2, 3])
        zs = sorted(round(self.r.uniform(lo - 1, hi + 1), 2) for _ in range(n))
        zs = [z + i * 0.01 for i, z in enumerate(zs)]
        return [[round(z, 2), self.literal(kind, rng)] for z in zs]

    def lit(self, kind, rng):
        """A literal inside an expression: arrays are wrapped in ["literal", ...]."""
        v = self.literal(kind, rng)
        return ["literal", v] if isinstance(v, list) else v

    def zoom_fn(self, kind, rng, interp, zooms):
        stops = [[z, ["literal", v] if isinstance(v, list) else v] for z, v in self.stops(kind, rng, zooms)]
        flat = [x for s in stops for x in s]
        if interp and kind in ("number", "color", "array2") and self.chance(0.75):
            curve = ["linear"] if self.chance(0.6) else ["exponential", self.r.choice([1.2, 1.5, 2])]
            return ["interpolate", curve, ["zoom"]] + flat
        return ["step", ["zoom"], self.lit(kind, rng)] + flat

    def data_expr(self, kind, rng, interp, data, zooms):
        nums, strs = data
        if strs and (not nums or self.chance(0.4)):
            key = self.r.choice(strs)
            vals = self.r.sample(CLASSES.get(key, GEO_CLASSES), min(2, len(CLASSES.get(key, GEO_CLASSES))))
            e = ["match", ["get", key]]
            for v in vals:
                e += [v, self.lit(kind, rng)]
            return e + [self.lit(kind, rng)]
        key = self.r.choice(nums)
        lo, hi = self.prop_range(key)
        if interp and kind in ("number", "color"):
            e = ["interpolate", ["linear"], ["to-number", ["get", key], lo], lo, self.lit(kind, rng), hi,
                 self.lit(kind, rng)]
            if self.chance(0.3):   # zoom-and-data: zoom outermost, as the spec requires
                self.tags.add("zoom-and-data")
                z0, z1 = zooms
                return ["interpolate", ["linear"], ["zoom"], round(z0, 1), e, round(z1 + 0.5, 1),
                        self.lit(kind, rng)]
            return e
        if kind == "number" and self.chance(0.5):
            return ["*", self.literal(kind, (0, 1)), ["to-number", ["get", key], 1]] if rng[1] > 1 else \
                ["min", 1, ["/", ["to-number", ["get", key], 0], max(hi, 1)]]
        return ["step", ["to-number", ["get", key], lo], self.lit(kind, rng), round((lo + hi) / 2, 1),
                self.lit(kind, rng)]

    def legacy_data(self, kind, rng, interp, data, zooms):
        nums, strs = data
        if strs and (not nums or self.chance(0.4)):
            key = self.r.choice(strs)
            vals = sorted(CLASSES.get(key, GEO_CLASSES))[:3]
            return {"property": key, "type": "categorical", "stops": [[v, self.literal(kind, rng)] for v in vals],
                    "default": self.literal(kind, rng)}
        key = self.r.choice(nums)
        lo, hi = self.prop_range(key)
        typ = "exponential" if interp and kind in ("number", "color") else "interval"
        if typ == "exponential" and self.chance(0.3):
            z0, z1 = zooms
            return {"property": key, "type": "exponential",
                    "stops": [[{"zoom": round(z0, 1), "value": lo}, self.literal(kind, rng)],
                              [{"zoom": round(z0, 1), "value": hi}, self.literal(kind, rng)],
                              [{"zoom": round(z1 + 1, 1), "value": lo}, self.literal(kind, rng)],
                              [{"zoom": round(z1 + 1, 1), "value": hi}, self.literal(kind, rng)]]}
        return {"property": key, "type": typ, "default": self.literal(kind, rng),
                "stops": [[lo, self.literal(kind, rng)], [hi, self.literal(kind, rng)]]}

    @staticmethod
    def prop_range(key):
        return {"osm_id": (0, 400000000), "scalerank": (1, 4), "localrank": (1, 20), "ele": (0, 100),
                "index": (0, 10), "len": (0, 500), "reflen": (0, 6), "admin_level": (2, 4), "layer": (-1, 2),
                "disputed": (0, 1), "maritime": (0, 1), "w": (0, 10), "r": (0, 10), "k": (0, 1)}.get(key, (0, 10))

    # -- a layer
    def layer(self, i, typ, source, source_layer, zooms, data):
        lyr = {"id": "l%d" % i, "type": typ}
        if source:
            lyr["source"] = source
        if source_layer:
            lyr["source-layer"] = source_layer
        layout, paint = {}, {}
        props = PROPS[typ]
        for prop in props:
            name = prop[0]
            p_use = 0.55
            if name in ("line-dasharray",):
                p_use = 0.5
            if name in ("line-gap-width", "line-offset"):
                p_use = 0.35
            if name in ("fill-translate", "line-translate", "circle-translate", "line-blur"):
                p_use = 0.2
            if not self.chance(p_use):
                continue
            v = self.value(prop, zooms, data)
            (layout if prop[1] else paint)[name] = v
        if typ == "line" and "line-width" not in paint:
            paint["line-width"] = self.value(PROPS["line"][9], zooms, data)
        if self.chance(0.05):
            layout["visibility"] = self.r.choice(["visible", "none"])
        if typ in ("fill", "line", "circle") and data and data[1] and self.chance(0.15):
            key = data[1][0]
            lyr["filter"] = ["in", key] + sorted(CLASSES.get(key, GEO_CLASSES))[:2] if self.chance(0.5) else \
                ["==", ["get", key], CLASSES.get(key, GEO_CLASSES)[0]]
            self.tags.add("filter")
        if self.chance(0.08):
            lyr["minzoom"] = max(0.0, round(zooms[0] + self.r.uniform(-1, 1), 1))
        if layout:
            lyr["layout"] = layout
        if paint:
            lyr["paint"] = paint
        for k in paint:
            if k == "line-dasharray":
                self.tags.add("dash")
            if k == "line-gap-width":
                self.tags.add("gap")
        return lyr


# ---------------------------------------------------------------- GeoJSON data
def geojson_data(g, kind, bounds):
    """Features over bounds (lon0, lat0, lon1, lat1): long lines crossing many tiles, slanted
    lines, overlapping polygons (possibly spanning a wide part of the world), points."""
    r = g.r
    lon0, lat0, lon1, lat1 = bounds
    feats = []

    def pt():
        return [round(r.uniform(lon0, lon1), 5), round(r.uniform(lat0, lat1), 5)]

    def props():
        return {"w": round(r.uniform(0, 10), 2), "r": r.randrange(0, 11), "k": round(r.random(), 3),
                "class": r.choice(GEO_CLASSES)}

    if kind == "line":
        for _ in range(r.randint(1, 4)):
            n = r.choice([2, 2, 3, 5])
            feats.append({"type": "Feature", "properties": props(),
                          "geometry": {"type": "LineString", "coordinates": [pt() for _ in range(n)]}})
    elif kind == "fill":
        for _ in range(r.randint(1, 3)):
            cx, cy = pt()
            dx, dy = (lon1 - lon0) * r.uniform(0.1, 0.6), (lat1 - lat0) * r.uniform(0.1, 0.6)
            ring = [[cx - dx, cy - dy], [cx + dx, cy - dy], [cx + dx * r.uniform(0.3, 1), cy + dy], [cx - dx, cy + dy]]
            ring = [[round(x, 5), round(max(-84.0, min(84.0, y)), 5)] for x, y in ring]
            ring.append(ring[0])
            feats.append({"type": "Feature", "properties": props(),
                          "geometry": {"type": "Polygon", "coordinates": [ring]}})
    else:
        for _ in range(r.randint(3, 12)):
            feats.append({"type": "Feature", "properties": props(), "geometry": {"type": "Point", "coordinates": pt()}})
    return {"type": "FeatureCollection", "features": feats}


# ---------------------------------------------------------------- a case
def make_case(seed, suite, case_dir):
    g = Gen(seed)
    r = g.r
    width, height = r.choice([(128, 128), (256, 256), (256, 128), (128, 128)])
    ratio = 2 if g.chance(0.3) else 1
    scen = r.choices(["berlin", "world", "geojson", "geojson-wide", "raster", "geojson-broken"],
                     [30, 12, 26, 12, 10, 10])[0]
    g.tags.add(scen)
    if ratio == 2:
        g.tags.add("@2x")
    tiles = "file://" + os.path.join(suite, "tiles")
    sources, layers, files = {}, [], {}
    half_w, half_h = width / 2.0, height / 2.0
    n_layers = r.choice([1, 2, 2, 3])
    if g.chance(0.7):
        layers.append(g.layer(0, "background", None, None, (0, 0), None))
        if "background-color" not in layers[0].get("paint", {}):
            layers[0].setdefault("paint", {})["background-color"] = r.choice(["white", "#f0ede5", "#dde"])
        layers[0]["paint"]["background-opacity"] = layers[0]["paint"].get("background-opacity", 1)
        if not isinstance(layers[0]["paint"]["background-opacity"], (int, float)):
            layers[0]["paint"]["background-opacity"] = 1
    if scen in ("berlin", "world"):
        if scen == "berlin":
            z = round(r.uniform(14.0, 16.8), r.choice([1, 2, 3]))
            tz, xr, yr, table = 14, BERLIN["x"], BERLIN["y"], BERLIN_LAYERS
            sources["v"] = {"type": "vector", "maxzoom": 14, "tiles": [tiles + "/{z}-{x}-{y}.mvt"]}
        else:
            z = round(r.uniform(2.0, 3.9), r.choice([1, 2, 3]))
            tz, xr, yr, table = 2, (1, 3), (1, 3), WORLD_LAYERS
            sources["v"] = {"type": "vector", "maxzoom": 2, "tiles": [tiles + "/{z}-{x}-{y}.mvt"]}
        # keep the viewport inside the tile block: half the view in tile units at zoom tz
        span_x = half_w / 512.0 * 2 ** (tz - z) + 0.02
        span_y = half_h / 512.0 * 2 ** (tz - z) + 0.02
        cx = r.uniform(xr[0] + span_x, xr[1] - span_x)
        cy = r.uniform(yr[0] + span_y, yr[1] - span_y)
        lon, lat = tile_to_lonlat(tz, cx, cy)
        names = sorted(table)
        for i in range(n_layers):
            sl = r.choice(names)
            typ, nums, strs = table[sl]
            if typ == "fill" and g.chance(0.3):
                typ = "line"
            if typ == "line" and g.chance(0.1):
                typ = "circle"
            layers.append(g.layer(len(layers), typ, "v", sl, (z, z), (nums, strs)))
    elif scen == "raster":
        z = round(r.uniform(0.0, 3.0), r.choice([1, 2]))
        lon, lat = round(r.uniform(-120, 120), 3), round(r.uniform(-60, 60), 3)
        if z < 1.0:
            lon, lat = 0.0, 0.0
        sources["s"] = {"type": "raster", "tileSize": 256, "minzoom": 1, "maxzoom": 1,
                        "tiles": [tiles + "/{z}-{x}-{y}.satellite.png"]}
        lyr = g.layer(len(layers), "raster", "s", None, (z, z), None)
        layers.append(lyr)
        for i in range(n_layers - 1):
            gj = geojson_data(g, r.choice(["line", "fill", "circle"]), (lon - 40, lat - 20, lon + 40, lat + 20))
            sources["g%d" % i] = {"type": "geojson", "data": gj}
            typ = {"LineString": "line", "Polygon": "fill", "Point": "circle"}[gj["features"][0]["geometry"]["type"]]
            layers.append(g.layer(len(layers), typ, "g%d" % i, None, (z, z), (GEO_NUM, GEO_STR)))
        g.tags.add("raster")
    else:
        wide = scen == "geojson-wide"
        if wide:
            z = round(r.uniform(0.3, 3.0), r.choice([1, 2, 3]))
            lon, lat = round(r.uniform(-100, 100), 3), round(r.uniform(-50, 50), 3)
            bounds = (-179, -70, 179, 75)
        else:
            z = round(r.uniform(3.0, 13.0), r.choice([1, 2, 3]))
            lon, lat = round(r.uniform(-150, 150), 4), round(r.uniform(-60, 60), 4)
            deg = 360.0 / 2 ** z * (max(width, height) / 512.0)
            bounds = (lon - deg, lat - deg * 0.7, lon + deg, lat + deg * 0.7)
        for i in range(n_layers):
            kind = r.choice(["line", "line", "fill", "circle"]) if not wide else r.choice(["fill", "fill", "line"])
            gj = geojson_data(g, kind, bounds)
            sid = "g%d" % i
            external = g.chance(0.4)
            if scen == "geojson-broken" and i == 0:
                how = r.choice(["missing", "not-json", "not-geojson", "unreadable"])
                g.tags.add("broken:" + how)
                name = "data%d.geojson" % i
                if how == "not-json":
                    files[name] = b"{ this is not json"
                elif how == "not-geojson":
                    files[name] = json.dumps({"hello": [1, 2, 3]}).encode()
                elif how == "unreadable":
                    files[name] = None          # a directory where the file should be
                sources[sid] = {"type": "geojson", "data": "file://" + os.path.join(case_dir, name)}
            elif external:
                name = "data%d.geojson" % i
                files[name] = json.dumps(gj, sort_keys=True).encode()
                sources[sid] = {"type": "geojson", "data": "file://" + os.path.join(case_dir, name)}
                g.tags.add("external")
            else:
                sources[sid] = {"type": "geojson", "data": gj}
            layers.append(g.layer(len(layers), kind, sid, None, (z, z), (GEO_NUM, GEO_STR)))
            if wide and kind == "fill":
                paint = layers[-1].setdefault("paint", {})
                if not g.chance(0.3):
                    paint["fill-opacity"] = g.num(0.2, 0.7)
                g.tags.add("wide-fill")
    style = {"version": 8, "name": "differential %d" % seed, "center": [round(lon, 6), round(lat, 6)],
             "zoom": z, "bearing": 0, "sources": sources, "layers": layers}
    if z != int(z):
        g.tags.add("fractional-zoom")
    return Case(seed, style, width, height, ratio, sorted(g.tags), files)
