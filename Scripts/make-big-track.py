"""A large test track: a GeoJSON LineString of N vertices (default 1,000,000), a seeded random
walk around 37.75,-122.45 (San Francisco) that stays within a few kilometres of it — issue 15's
"1,000,000-vertex track". Steps are about 1 m, with a gentle pull back to the centre so the
walk spans some 2 km instead of drifting away: a dense scribble (about 1,000 km of line in a
2 km square), whose drawing is mostly the rasterizer's. With `sine`, instead, the smooth curve of
the million-vertex test (`SnapshotterTests.testMillionVertexTrackRenders`: 37.7–37.8°N,
-122.5 ± 0.1°E, 20 waves), whose vertices mostly fall within a quarter pixel of each other, so
its drawing is mostly projecting them. Coordinates with 6 decimals (~24 MB for 1M).

    python3 Scripts/make-big-track.py OUT.geojson [N] [walk|sine]
"""
import json, math, random, sys


def main(out, n, shape):
    if shape == "sine":
        coords = [
            f"[{-122.5 + 0.1 * math.sin(i / n * 40):.6f},{37.7 + 0.1 * i / n:.6f}]" for i in range(n)
        ]
        return write(out, coords)
    r = random.Random(20261203)
    lat0, lon0 = 37.75, -122.45
    lat, lon = lat0, lon0
    heading = 0.0
    step = 1.0 / 111_320  # about one metre, in degrees of latitude
    coslat = math.cos(math.radians(lat0))
    coords = []
    for _ in range(n):
        coords.append(f"[{lon:.6f},{lat:.6f}]")
        # Wander: the heading drifts, and bends towards the centre the further out the walk is.
        back = math.atan2(lat0 - lat, (lon0 - lon) * coslat)
        far = math.hypot(lat - lat0, (lon - lon0) * coslat) / (4000 * step)
        heading += r.gauss(0, 0.3) + 0.05 * far * math.sin(back - heading)
        lat += step * math.sin(heading) * (0.5 + r.random())
        lon += step * math.cos(heading) * (0.5 + r.random()) / coslat
    write(out, coords)


def write(out, coords):
    with open(out, "w") as f:
        f.write('{"type":"Feature","properties":{"name":"Big walk"},"geometry":{"type":"LineString","coordinates":[')
        f.write(",".join(coords))
        f.write("]}}\n")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000, sys.argv[3] if len(sys.argv) > 3 else "walk")
