"""Samples/monaco/trails.geojson: three walks along Monaco's footways, steps and pedestrian
streets, routed by shortest distance over the OpenStreetMap ways of Samples/osm/monaco-latest.osm.pbf
(ODbL, © OpenStreetMap contributors).

    osmium tags-filter Samples/osm/monaco-latest.osm.pbf w/highway=path,footway,steps,pedestrian,living_street,residential,service,unclassified,tertiary \
        -o /tmp/paths.osm.pbf --overwrite
    osmium export /tmp/paths.osm.pbf -o /tmp/paths.geojson --overwrite
    python3 Scripts/make-monaco-trails.py /tmp/paths.geojson Samples/monaco/trails.geojson
"""
import heapq, json, math, sys

WALKS = [
    ("Port Hercule to the Prince's Palace", (43.7347, 7.4222), (43.7312, 7.4201)),
    ("Moneghetti steps to the Jardin Exotique", (43.7355, 7.4180), (43.7312, 7.4122)),
    ("Monte-Carlo up to Beausoleil", (43.7395, 7.4270), (43.7452, 7.4262)),
]


def dist(a, b):
    dx = (b[0] - a[0]) * 111320 * math.cos(math.radians(a[1]))
    dy = (b[1] - a[1]) * 110540
    return math.hypot(dx, dy)


def main(src, out):
    graph = {}
    for f in json.load(open(src))["features"]:
        g = f["geometry"]
        if g["type"] != "LineString":
            continue
        c = [tuple(p) for p in g["coordinates"]]
        for a, b in zip(c, c[1:]):
            d = dist(a, b)
            graph.setdefault(a, []).append((b, d))
            graph.setdefault(b, []).append((a, d))
    nodes = sorted(graph)
    features = []
    for name, start, end in WALKS:
        s = min(nodes, key=lambda n: dist(n, (start[1], start[0])))
        t = min(nodes, key=lambda n: dist(n, (end[1], end[0])))
        best, prev, queue = {s: 0.0}, {}, [(0.0, s)]
        while queue:
            d, n = heapq.heappop(queue)
            if n == t:
                break
            if d > best[n]:
                continue
            for m, w in graph[n]:
                if d + w < best.get(m, float("inf")):
                    best[m], prev[m] = d + w, n
                    heapq.heappush(queue, (d + w, m))
        if t not in best:
            sys.exit("no path for %s" % name)
        path, n = [t], t
        while n != s:
            n = prev[n]
            path.append(n)
        path.reverse()
        features.append({"type": "Feature", "properties": {"name": name},
                         "geometry": {"type": "LineString", "coordinates": [[round(x, 7), round(y, 7)] for x, y in path]}})
        print("%s: %d m, %d points" % (name, best[t], len(path)))
    with open(out, "w") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, indent=1)
        f.write("\n")


main(sys.argv[1], sys.argv[2])
