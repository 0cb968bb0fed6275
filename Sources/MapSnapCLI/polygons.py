#!/usr/bin/python3
"""Polygons for `mapsnap basemap build` (which embeds this file) and Scripts/build-world-basemap,
from CSV files of WKT lines (columns id, name, WKT) made from `gmt coast -M` output.

  polygons.py sea SHORE.csv RES OUT.geojson [W S E N]
                                                land/sea faces of GSHHG level-1 shorelines and
                                                the frame (the box W S E N, or the world); the
                                                faces `gmt select -DRES` finds wet are the sea,
                                                cut into pieces of at most 1500 vertices; prints
                                                how many
  polygons.py faces LINES.csv OUT.geojson       every face of closed lines (GSHHG lakes)
  polygons.py labels COUNTRIES.csv OUT.tsv      per country (DCW-GMT outlines), a point inside its
                                                largest polygon and that polygon's area (km²),
                                                largest first

Debian's python3-shapely (GEOS). Output is sorted, so the same input gives the same file.
"""
import csv
import json
import math
import re
import subprocess
import sys

from shapely import wkt
from shapely.geometry import LineString, Polygon, box, mapping
from shapely.ops import polygonize, unary_union
from shapely.validation import make_valid

csv.field_size_limit(1 << 30)


def read_lines(path):
    return [(row["name"], wkt.loads(row["WKT"])) for row in csv.DictReader(open(path, newline=""))]


def write_geojson(polygons, path, kind):
    polygons = sorted(polygons, key=lambda p: (round(p.bounds[0], 6), round(p.bounds[1], 6), -p.area))
    # A column of its own: tilemaker 2.2 cannot read a shapefile without one.
    features = [{"type": "Feature", "properties": {"class": kind}, "geometry": mapping(p)} for p in polygons]
    with open(path, "w") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f)


def split(polygon, max_vertices=1500, min_size=0.5):
    """`polygon` cut into quadrants until each piece has at most `max_vertices` vertices or is
    `min_size` degrees wide: tilemaker then clips small pieces (found by its index) per tile
    instead of one polygon of a million vertices."""
    n = len(polygon.exterior.coords) + sum(len(r.coords) for r in polygon.interiors)
    x0, y0, x1, y1 = polygon.bounds
    if n <= max_vertices or max(x1 - x0, y1 - y0) <= min_size:
        return [polygon]
    if x1 - x0 >= y1 - y0:
        xm = (x0 + x1) / 2
        halves = [box(x0, y0, xm, y1), box(xm, y0, x1, y1)]
    else:
        ym = (y0 + y1) / 2
        halves = [box(x0, y0, x1, ym), box(x0, ym, x1, y1)]
    pieces = []
    for h in halves:
        part = polygon.intersection(h)
        for g in getattr(part, "geoms", [part]):
            if g.geom_type == "Polygon" and not g.is_empty:
                pieces += split(g, max_vertices, min_size)
    return pieces


def sea(shore_csv, res, out, w="-180", s="-90", e="180", n="90"):
    w, s, e, n = float(w), float(s), float(e), float(n)
    lines = [g for _, g in read_lines(shore_csv)]
    lines.append(LineString([(w, s), (e, s), (e, n), (w, n), (w, s)]))
    faces = list(polygonize(unary_union(lines)))
    points = "".join(f"{p.x:.9f} {p.y:.9f} {i}\n" for i, p in enumerate(f.representative_point() for f in faces))
    wet = subprocess.run(
        ["gmt", "select", f"-D{res}", "-Nk/s", "-fg"], input=points, capture_output=True, text=True, check=True)
    keep = {int(line.split()[2]) for line in wet.stdout.splitlines() if line.strip()}
    print(f"polygons.py: {len(faces)} faces, {len(keep)} sea", file=sys.stderr)
    pieces = [piece for i in sorted(keep) for piece in split(faces[i])]
    write_geojson(pieces, out, "ocean")
    print(len(pieces))


def faces(lines_csv, out):
    write_geojson(list(polygonize(unary_union([g for _, g in read_lines(lines_csv)]))), out, "lake")


def labels(countries_csv, out):
    best = {}
    for name, line in read_lines(countries_csv):
        if name.startswith("-P") or len(line.coords) < 3:
            continue  # holes, and pieces too small to be rings (GMT leaves rings open: closed here)
        name = re.sub(r" Segment [0-9]+$", "", name)
        # A ring thinned for speed may touch itself: keep its largest valid part.
        parts = [g for g in getattr(make_valid(Polygon(line.coords)), "geoms", [make_valid(Polygon(line.coords))])]
        parts = [g for g in parts if g.geom_type == "Polygon" and not g.is_empty]
        if not parts:
            continue
        poly = max(parts, key=lambda g: g.area)
        c = poly.centroid
        km2 = poly.area * (111.32**2) * math.cos(math.radians(c.y))
        if name not in best or km2 > best[name][0]:
            best[name] = (km2, poly)
    with open(out, "w", newline="") as f:
        w = csv.writer(f, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\")
        w.writerow(["name", "lon", "lat", "km2"])
        # Largest first: tilemaker keeps this order in a tile, and placement takes labels in it.
        for name in sorted(best, key=lambda n: (-best[n][0], n)):
            km2, poly = best[name]
            p = poly.representative_point()
            w.writerow([name, f"{p.x:.5f}", f"{p.y:.5f}", f"{km2:.0f}"])


if __name__ == "__main__":
    mode, args = sys.argv[1], sys.argv[2:]
    {"sea": sea, "faces": faces, "labels": labels}[mode](*args)
