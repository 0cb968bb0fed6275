#!/usr/bin/env python3
"""Independent reference walking distances between OpenStreetMap nodes, for MapSnapRouting's tests.

What it computes
----------------
For each input .osm.pbf it builds a directed walking graph from the file alone (read with
pyosmium; no MapSnap code is used), takes the graph's largest strongly connected component,
draws 25 random node pairs from it whose straight-line distance is 300 m .. 3000 m, and writes
the shortest walking distance of each pair (Dijkstra, networkx; checked against a second,
plain heapq Dijkstra written here) to a JSON fixture.

The walking rule (mirrors the `foot` profile), applied to every way, in this order:
 1. Only ways with a `highway` tag, or with `route=ferry`, are considered.
 2. highway in {construction, proposed, abandoned, razed, disused} -> not walkable.
 3. area=yes and highway not in {pedestrian, footway} -> not walkable
    (applied literally, so also to an area=yes ferry without a highway tag).
 4. Access: keys `foot`, then `access`; the first key whose value is recognised decides:
    yes/designated/permissive/official/destination/customers/delivery/dismount -> granted,
    no/private/agricultural/forestry/use_sidepath/military -> forbidden; an absent key or any
    other value -> the next key; no key recognised -> no decision. Values match exactly.
 5. Forbidden -> not walkable. route=ferry ways without a highway tag: walkable unless
    forbidden (rules 6 and 7 do not apply to them).
 6. Otherwise walkable if highway is in {pedestrian, footway, path, steps, living_street,
    residential, service, unclassified, road, track, cycleway, platform, pier, corridor,
    tertiary, tertiary_link, secondary, secondary_link, primary, primary_link}, or if access
    was granted (then any highway value counts).
 7. sac_scale in {demanding_mountain_hiking, alpine_hiking, demanding_alpine_hiking,
    difficult_alpine_hiking} -> not walkable.
 8. Direction: oneway:foot in {yes, true, 1} -> only in node order; in {-1, reverse} -> only
    against it; otherwise both ways. Plain `oneway` is ignored.
 9. Node references to nodes absent from the file are skipped (the way continues between the
    nodes that exist); consecutive duplicate node ids are then dropped.
10. Each consecutive node pair is an edge weighted by its haversine length, Earth radius
    6,371,008.8 m, on the coordinates as stored (integer 1e-7 degrees / 1e7). Where several
    ways give the same directed edge, the shortest length is kept.

Pairs: the component's node ids are sorted, then random.Random(20261202) (one generator per
file, reseeded for each file) draws (a, b) with rng.choice twice; a pair is kept when a != b,
it has not been drawn before, and its haversine distance is within [300, 3000] m, until 25.

Output (Tests/MapSnapRoutingTests/Fixtures/reference_routes.json):
  {"method": "...", "files": {"<file name>": [{"from": [lat, lon], "to": [lat, lon],
   "from_node": id, "to_node": id, "distance_m": d}, ...], ...}}
with coordinates written with exactly 7 decimals as the file stores them and distance_m
rounded to 0.1 m.

Libraries (as generated): Python 3.11.7, pyosmium (PyPI `osmium`) 4.3.2 with libosmium
2.23.1, networkx 3.6.1. The versions actually used are printed and written into "method".

How to run (from the repository root; `pip install osmium networkx` first):
  Scripts/reference-routes.py
  Scripts/reference-routes.py --out PATH FILE.osm.pbf ...   (defaults: the two Samples below)
It prints per file the component size (nodes / directed edges) and the distance ratios.
"""

import argparse
import heapq
import json
import math
import os
import platform
import random
import sys
import time

import networkx
import osmium
import osmium.version

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_INPUTS = [
    os.path.join(ROOT, "Samples", "osm", "monaco-latest.osm.pbf"),
    os.path.join(ROOT, "Samples", "osm", "sf_central.osm.pbf"),
]
DEFAULT_OUT = os.path.join(ROOT, "Tests", "MapSnapRoutingTests", "Fixtures", "reference_routes.json")

SEED = 20261202
PAIRS = 25
MIN_M, MAX_M = 300.0, 3000.0
EARTH_RADIUS_M = 6371008.8

NEVER = {"construction", "proposed", "abandoned", "razed", "disused"}
GRANTED = {"yes", "designated", "permissive", "official", "destination", "customers", "delivery", "dismount"}
FORBIDDEN = {"no", "private", "agricultural", "forestry", "use_sidepath", "military"}
WALKABLE = {
    "pedestrian", "footway", "path", "steps", "living_street", "residential", "service",
    "unclassified", "road", "track", "cycleway", "platform", "pier", "corridor",
    "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link",
}
HARD_SAC = {"demanding_mountain_hiking", "alpine_hiking", "demanding_alpine_hiking", "difficult_alpine_hiking"}
FORWARD_ONLY = {"yes", "true", "1"}
BACKWARD_ONLY = {"-1", "reverse"}


def access_decision(tags):
    """'granted', 'forbidden' or None, from `foot` then `access` (rule 4)."""
    for key in ("foot", "access"):
        value = tags.get(key)
        if value in GRANTED:
            return "granted"
        if value in FORBIDDEN:
            return "forbidden"
    return None


def walkable(tags):
    """Rules 1-7. `tags` is a dict of the way's tags."""
    highway = tags.get("highway")
    if highway is None and tags.get("route") != "ferry":
        return False  # rule 1
    if highway in NEVER:
        return False  # rule 2
    if tags.get("area") == "yes" and highway not in ("pedestrian", "footway"):
        return False  # rule 3
    decision = access_decision(tags)
    if decision == "forbidden":
        return False  # rule 5
    if highway is None:
        return True  # rule 5: route=ferry
    if not (highway in WALKABLE or decision == "granted"):
        return False  # rule 6
    return tags.get("sac_scale") not in HARD_SAC  # rule 7


def directions(tags):
    """(forward, backward) allowed, rule 8."""
    value = tags.get("oneway:foot")
    if value in FORWARD_ONLY:
        return True, False
    if value in BACKWARD_ONLY:
        return False, True
    return True, True


def haversine_e7(a, b):
    """Metres between two (x, y) points in integer 1e-7 degrees (x = lon, y = lat)."""
    lon1, lat1 = math.radians(a[0] / 1e7), math.radians(a[1] / 1e7)
    lon2, lat2 = math.radians(b[0] / 1e7), math.radians(b[1] / 1e7)
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(h)))


class Reader(osmium.SimpleHandler):
    """Keeps every node's stored location and the walkable ways' tags and node ids."""

    def __init__(self):
        super().__init__()
        self.nodes = {}
        self.ways = []  # (way id, [node ids], forward, backward)
        self.considered = 0

    def node(self, n):
        if n.location.valid():
            self.nodes[n.id] = (n.location.x, n.location.y)

    def way(self, w):
        tags = {t.k: t.v for t in w.tags}
        if "highway" in tags or tags.get("route") == "ferry":
            self.considered += 1
        if walkable(tags):
            forward, backward = directions(tags)
            self.ways.append((w.id, [r.ref for r in w.nodes], forward, backward))


def build_graph(path):
    reader = Reader()
    reader.apply_file(path, locations=False)
    graph = networkx.DiGraph()
    missing = 0
    for _, refs, forward, backward in reader.ways:
        chain = []
        for ref in refs:
            if ref not in reader.nodes:
                missing += 1  # rule 9
                continue
            if chain and chain[-1] == ref:
                continue
            chain.append(ref)
        for a, b in zip(chain, chain[1:]):
            length = haversine_e7(reader.nodes[a], reader.nodes[b])
            for u, v, allowed in ((a, b, forward), (b, a, backward)):
                if not allowed:
                    continue
                if not graph.has_edge(u, v) or graph[u][v]["weight"] > length:
                    graph.add_edge(u, v, weight=length)
    stats = {"considered_ways": reader.considered, "walkable_ways": len(reader.ways), "missing_refs": missing}
    return graph, reader.nodes, stats


def plain_dijkstra(graph, source, target):
    """A second, independent shortest-path length (heapq), to check networkx."""
    best = {source: 0.0}
    heap = [(0.0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if u == target:
            return d
        if d > best[u]:
            continue
        for v, attrs in graph[u].items():
            nd = d + attrs["weight"]
            if nd < best.get(v, math.inf):
                best[v] = nd
                heapq.heappush(heap, (nd, v))
    return math.inf


def fmt_e7(value):
    """An integer 1e-7 degree value written with exactly 7 decimals, no float rounding."""
    sign = "-" if value < 0 else ""
    whole, frac = divmod(abs(value), 10_000_000)
    return f"{sign}{whole}.{frac:07d}"


def routes_for(path):
    graph, coords, stats = build_graph(path)
    component = max(networkx.strongly_connected_components(graph), key=len)
    sub = graph.subgraph(component)
    ids = sorted(component)
    rng = random.Random(SEED)
    seen, rows, ratios = set(), [], []
    draws = 0
    while len(rows) < PAIRS:
        draws += 1
        if draws > 10_000_000:
            sys.exit(f"{path}: could not find {PAIRS} pairs between {MIN_M} and {MAX_M} m")
        a, b = rng.choice(ids), rng.choice(ids)
        if a == b or (a, b) in seen:
            continue
        straight = haversine_e7(coords[a], coords[b])
        if not (MIN_M <= straight <= MAX_M):
            continue
        seen.add((a, b))
        dist = networkx.dijkstra_path_length(sub, a, b, weight="weight")
        check = plain_dijkstra(sub, a, b)
        if abs(dist - check) > 1e-6:
            sys.exit(f"{path}: networkx {dist} != heapq {check} for {a} -> {b}")
        if dist < straight - 1e-6:
            sys.exit(f"{path}: route {dist} shorter than straight line {straight} for {a} -> {b}")
        ratios.append(dist / straight)
        rows.append((a, b, dist, straight))
    stats.update(nodes=sub.number_of_nodes(), edges=sub.number_of_edges(),
                 graph_nodes=graph.number_of_nodes(), graph_edges=graph.number_of_edges(), draws=draws)
    return rows, coords, stats, ratios


def method_text(names):
    return (
        "Shortest walking distances computed independently of MapSnap by Scripts/reference-routes.py "
        "from " + " and ".join(names) + ", read with pyosmium. Walking rule (foot profile): ways with a "
        "highway tag or route=ferry; highway construction/proposed/abandoned/razed/disused excluded; "
        "area=yes excluded unless highway is pedestrian or footway; access decided by the first of foot, "
        "access with a recognised value (yes/designated/permissive/official/destination/customers/"
        "delivery/dismount grant; no/private/agricultural/forestry/use_sidepath/military forbid); "
        "forbidden excluded; ferries walkable unless forbidden; otherwise walkable if highway is one of "
        "pedestrian, footway, path, steps, living_street, residential, service, unclassified, road, "
        "track, cycleway, platform, pier, corridor, tertiary(_link), secondary(_link), primary(_link), "
        "or access granted; sac_scale demanding_mountain_hiking or harder excluded; oneway:foot "
        "yes/true/1 forward only, -1/reverse backward only, plain oneway ignored; missing node "
        "references skipped, consecutive duplicates dropped; directed edges weighted by haversine "
        "length (R = 6371008.8 m) on the stored 1e-7 degree coordinates, the shortest kept for "
        "duplicate edges. Per file: largest strongly connected component, node ids sorted, "
        f"random.Random({SEED}) draws {PAIRS} distinct ordered pairs of distinct nodes with a straight-line "
        f"distance in [{MIN_M:.0f}, {MAX_M:.0f}] m; distance_m is the networkx Dijkstra path length "
        "(checked against a separate heapq Dijkstra), rounded to 0.1 m. "
        f"Python {platform.python_version()}, pyosmium {osmium.version.pyosmium_release} "
        f"(libosmium {osmium.version.libosmium_version}), networkx {networkx.__version__}."
    )


def write_json(out, names, results):
    """JSON with coordinates as stored (7 decimals) and distances to 0.1 m, written by hand."""
    lines = ["{", f'  "method": {json.dumps(method_text(names))},', '  "files": {']
    for fi, (name, (rows, coords)) in enumerate(results.items()):
        lines.append(f"    {json.dumps(name)}: [")
        for ri, (a, b, dist, _) in enumerate(rows):
            (ax, ay), (bx, by) = coords[a], coords[b]
            comma = "," if ri + 1 < len(rows) else ""
            lines.append(
                f'      {{"from": [{fmt_e7(ay)}, {fmt_e7(ax)}], "to": [{fmt_e7(by)}, {fmt_e7(bx)}], '
                f'"from_node": {a}, "to_node": {b}, "distance_m": {dist:.1f}}}{comma}'
            )
        lines.append("    ]" + ("," if fi + 1 < len(results) else ""))
    lines += ["  }", "}", ""]
    text = "\n".join(lines)
    json.loads(text)  # must parse
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("inputs", nargs="*", default=DEFAULT_INPUTS)
    args = parser.parse_args()
    start = time.monotonic()
    print(f"Python {platform.python_version()}, pyosmium {osmium.version.pyosmium_release} "
          f"(libosmium {osmium.version.libosmium_version}), networkx {networkx.__version__}")
    results, names = {}, []
    for path in args.inputs:
        name = os.path.basename(path)
        rows, coords, stats, ratios = routes_for(path)
        results[name] = (rows, coords)
        names.append(name)
        ratios.sort()
        print(f"{name}: considered ways {stats['considered_ways']}, walkable {stats['walkable_ways']}, "
              f"missing refs {stats['missing_refs']}; graph {stats['graph_nodes']} nodes / "
              f"{stats['graph_edges']} edges; largest SCC {stats['nodes']} nodes / {stats['edges']} edges; "
              f"{stats['draws']} draws; route/straight min {ratios[0]:.3f} median "
              f"{ratios[len(ratios) // 2]:.3f} max {ratios[-1]:.3f}, "
              f"{sum(r >= 2 for r in ratios)} of {len(ratios)} >= 2")
    write_json(args.out, names, results)
    print(f"wrote {args.out} in {time.monotonic() - start:.1f} s")


if __name__ == "__main__":
    main()
