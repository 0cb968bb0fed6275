#!/usr/bin/env python3
"""Helpers of Scripts/bench-peers (stdlib only, any python3).

  peers.py prepare PEERS DATA     cameras of S1-S3 (DATA/cameras.txt: "S1 LAT,LON ZOOM" lines), the
                                  style at each (DATA/s1-style-S1.json ...: DATA/s1-style.json with
                                  its dashes shortened for the zoom's fraction) and S4's inputs: one GeoJSON file per batch item (DATA/s4/items/),
                                  the manifests DATA/s4/warm.ndjson (the 5 warm-up images that
                                  run_mapnik.py's S4 renders first) and DATA/s4/all.ndjson (the
                                  same 5, then the 200 items)
  peers.py batch SUMMARY WARM OUT CPU CPU_WARM
                                  one results line from two `mapsnap batch --summary` files (the
                                  full manifest's and the warm-up one's), the images in OUT and
                                  the two processes' CPU seconds ("USER SYSTEM", bash's time)
  peers.py s4bytes OUT            run_mapnik.py's S4 line (standard input) with the images in OUT
  peers.py table RESULTS DIFFS    the table and the targets (RESULTS: "SCENARIO ENGINE PAYLOAD" lines,
                                  DIFFS: "SCENARIO pngdiff-output" lines)

The camera is run_mapnik.py's (benchlib.fit_extent: the trail's box with 20 px padding, in
logical pixels), as a centre and a MapLibre zoom: benchlib's zoom counts 256-pixel tiles,
MapSnap's (MapLibre's) 512-point ones, so it is one less. At @2x (S2) the zoom is the same: both
engines scale the drawing, not the view.
"""
import copy
import json
import math
import os
import statistics
import sys

WARMUP_ITEMS = 5  # benchlib.run_batch's warmup_items
FONTS = "/usr/share/fonts/truetype/dejavu"  # Mapnik's DejaVu Sans Bold, for the labels
SNAP_OPTIONS = {"size": "600x400", "no-scale-bar": True, "no-attribution": True, "no-flags": True,
                "no-callouts": True, "no-cluster": True, "style": "../s4-style.json", "fonts": FONTS}


def camera(B, trail, width, height, pad):
    ext, _, z = B.fit_extent(trail, width, height, pad)
    lon, lat = B.inv_merc((ext[0] + ext[2]) / 2, (ext[1] + ext[3]) / 2)
    return "%.9f,%.9f" % (lat, lon), "%.9f" % (z - 1)


def item_features(it):
    """A batch item (benchlib.load_batch) as MapSnap overlay features: a route says so, a pin has
    its colour (run_mapnik.py picks it by role), a label its text."""
    pin = {"start": "#2ca02c", "end": "#d62728"}
    feats = [{"type": "Feature", "properties": {}, "geometry": f["geometry"]} for f in it["trail"]]
    feats += [{"type": "Feature", "properties": {"route": True}, "geometry": f["geometry"]} for f in it["route"]]
    feats += [{"type": "Feature", "properties": {"marker-color": pin[f["properties"]["role"]]},
               "geometry": f["geometry"]} for f in it["pins"]]
    feats += [{"type": "Feature", "properties": {"text": f["properties"]["text"]}, "geometry": f["geometry"]}
              for f in it["labels"]]
    return {"type": "FeatureCollection", "features": feats}


def prepare(peers, data):
    sys.path.insert(0, peers)
    import benchlib as B
    scene = B.load_scene(data)
    cfg = scene["cfg"]
    pad = cfg["padding_px"]
    trail = scene["trail"][0]["geometry"]["coordinates"]
    style = json.load(open(os.path.join(data, "s1-style.json")))
    with open(os.path.join(data, "cameras.txt"), "w") as f:
        for s in ("S1", "S2", "S3"):
            center, zoom = camera(B, trail, cfg[s]["width"], cfg[s]["height"], pad)
            f.write("%s %s %s\n" % (s, center, zoom))
            # MapLibre (and MapSnap) lengthen a style's dashes with the map from an integer zoom
            # to the next; Mapnik's stay put: the style of each camera has them shortened back.
            grow = 2 ** (float(zoom) - math.floor(float(zoom)))
            at = copy.deepcopy(style)
            for layer in at["layers"]:
                dash = layer.get("paint", {}).get("line-dasharray")
                if dash:
                    layer["paint"]["line-dasharray"] = [round(v / grow, 7) for v in dash]
            with open(os.path.join(data, "s1-style-%s.json" % s), "w") as out:
                json.dump(at, out, indent=1)
    items = B.load_batch(data)[:cfg["S4"]["count"]]
    s4 = os.path.join(data, "s4")
    os.makedirs(os.path.join(s4, "items"), exist_ok=True)
    lines = []
    for i, it in enumerate(items):
        name = "items/%03d.geojson" % i
        with open(os.path.join(s4, name), "w") as f:
            json.dump(item_features(it), f, separators=(",", ":"))
        center, zoom = camera(B, it["trail"][0]["geometry"]["coordinates"], cfg["S4"]["width"],
                              cfg["S4"]["height"], pad)
        lines.append(dict(SNAP_OPTIONS, center=center, zoom=float(zoom), inputs=[name]))
    warm = [dict(l, out="warm_%03d.png" % i) for i, l in enumerate(lines[:WARMUP_ITEMS])]
    timed = [dict(l, out="s4_%03d.png" % i) for i, l in enumerate(lines)]
    for name, ls in (("warm.ndjson", warm), ("all.ndjson", warm + timed)):
        with open(os.path.join(s4, name), "w") as f:
            f.writelines(json.dumps(l, sort_keys=True) + "\n" for l in ls)


def mean_bytes(out):
    """The mean size of the 200 timed S4 images in `out` (s4_NNN.png, as benchlib.run_batch names them)."""
    sizes = [os.path.getsize(os.path.join(out, f)) for f in os.listdir(out) if f.startswith("s4_")]
    return round(sum(sizes) / len(sizes))


def batch_record(summary, warm, out, cpu_all, cpu_warm):
    """`cpu_*`: bash's `time` of each process ("USER SYSTEM" seconds)."""
    s, w = json.load(open(summary)), json.load(open(warm))
    if s["failed"] or w["failed"]:
        sys.exit("bench-peers: the batch failed: %s" % (s["failures"] or w["failures"]))
    n = s["rendered"] - w["rendered"]
    cpu = sum(map(float, cpu_all.split())) - sum(map(float, cpu_warm.split()))
    print(json.dumps({"median_ms": s["time_ms"]["p50"], "elapsed_s": s["elapsed_s"], "warm_elapsed_s": w["elapsed_s"],
                      "img_per_s": n / (s["elapsed_s"] - w["elapsed_s"]), "images_per_second": s["images_per_second"],
                      "cpu_mean_ms": round(cpu / n * 1000, 2), "peak_rss_mb": round(s["peak_rss_bytes"] / 2 ** 20, 1),
                      "workers": s["workers"], "n": n,
                      "bytes": os.path.getsize(os.path.join(out, "s4_%03d.png" % (n - 1))), "mean_bytes": mean_bytes(out)},
                     sort_keys=True))


def record(scenario, payload):
    """A results payload (`mapsnap bench`'s key=value line or a JSON object) as a dict with
    median_ms, cpu_ms (S1-S3: the median, S4: the mean), bytes, peak_rss_mb and, for S4,
    img_per_s and mean_bytes."""
    if payload.startswith("{"):
        r = json.loads(payload)
    else:
        kv = dict(p.split("=", 1) for p in payload.split())
        r = {"median_ms": float(kv["median_ms"]), "cpu_median_ms": float(kv["cpu_median_ms"]),
             "bytes": int(kv["bytes"]), "peak_rss_mb": float(kv["peak_rss_mb"])}
    r["cpu_ms"] = r["cpu_mean_ms"] if scenario == "S4" else r["cpu_median_ms"]
    return r


SCENARIOS = {"S1": "S1 600x400 PNG", "S2": "S2 1200x800 @2x PNG (2400x1600 px)", "S3": "S3 600x400 SVG",
             "S4": "S4 200 thumbnails 600x400 PNG, one process"}
NAMES = {"mapsnap": "MapSnap", "mapsnap-z9": "MapSnap, PNG level 9", "mapnik": "Mapnik"}
TARGETS = {"S1": 2.5, "S2": 2.5, "S3": 1.0, "S4": 2.5}


def rounds(rs, key, fmt="%.1f"):
    return " / ".join(fmt % r[key] for r in rs)


def spread(rs, key):
    """How far the rounds are apart: largest over smallest, less one, in per cent."""
    return (max(r[key] for r in rs) / min(r[key] for r in rs) - 1) * 100


def table(results, diffs):
    rows = {}
    for line in open(results):
        scenario, engine, payload = line.rstrip("\n").split(" ", 2)
        rows.setdefault(scenario, {}).setdefault(engine, []).append(record(scenario, payload))
    diff = dict(l.rstrip("\n").split(" ", 1) for l in open(diffs)) if os.path.exists(diffs) else {}
    mapnik_name = "Mapnik"
    v = next(iter(rows.values()))["mapnik"][0].get("peer", "").replace("mapnik-", "")
    if v.isdigit():  # mapnik_version(): major * 100000 + minor * 100 + patch
        mapnik_name = "Mapnik %d.%d.%d" % (int(v) // 100000, int(v) // 100 % 1000, int(v) % 100)
    out, verdicts = [], []
    for scenario in sorted(rows):
        by = rows[scenario]
        s4 = scenario == "S4"
        summ = {}
        for engine, rs in by.items():
            summ[engine] = {"median_ms": statistics.median(r["median_ms"] for r in rs),
                            "cpu_ms": statistics.median(r["cpu_ms"] for r in rs),
                            "bytes": rs[-1].get("mean_bytes", rs[-1]["bytes"]),
                            "peak_rss_mb": max(r["peak_rss_mb"] for r in rs), "rs": rs}
            if s4:
                summ[engine]["img_per_s"] = statistics.median(r["img_per_s"] for r in rs)
        mk = summ["mapnik"]
        out.append("")
        head = "| %s, one core | median ms / image (rounds, spread) | Mapnik / this |" % SCENARIOS[scenario]
        head += " images/s (rounds) | Mapnik / this |" if s4 else ""
        head += " CPU ms / image%s (rounds, spread) | Mapnik / this |" % (" (mean)" if s4 else "")
        head += " %s | peak RSS MB |" % ("mean bytes" if s4 else "bytes")
        out.append(head)
        out.append("|---" + "|---:" * (head.count("|") - 2) + "|")
        for engine in ("mapsnap", "mapsnap-z9", "mapnik"):
            if engine not in summ:
                continue
            s, rs = summ[engine], summ[engine]["rs"]
            name = mapnik_name if engine == "mapnik" else NAMES[engine]
            if engine == "mapnik" and scenario != "S3":
                name += " png32"
            row = "| %s | **%.1f** (%s; %.0f%%) | %.2fx |" % (
                name, s["median_ms"], rounds(rs, "median_ms"), spread(rs, "median_ms"), mk["median_ms"] / s["median_ms"])
            if s4:
                row += " %.1f (%s) | %.2fx |" % (s["img_per_s"], rounds(rs, "img_per_s"), s["img_per_s"] / mk["img_per_s"])
            row += " %.1f (%s; %.0f%%) | %.2fx |" % (s["cpu_ms"], rounds(rs, "cpu_ms"), spread(rs, "cpu_ms"),
                                                     mk["cpu_ms"] / s["cpu_ms"])
            row += " %d | %.0f |" % (s["bytes"], s["peak_rss_mb"])
            out.append(row)
        ms = summ["mapsnap"]
        speed = ms["img_per_s"] / mk["img_per_s"] if s4 else mk["median_ms"] / ms["median_ms"]
        cpu = mk["cpu_ms"] / ms["cpu_ms"]
        # Each round's ratio: both engines ran minutes apart at most, so these move less than the times.
        pairs = list(zip(ms["rs"], mk["rs"]))
        each = [a["img_per_s"] / b["img_per_s"] if s4 else b["median_ms"] / a["median_ms"] for a, b in pairs]
        each_cpu = [b["cpu_ms"] / a["cpu_ms"] for a, b in pairs]
        verdicts.append("%s %s: MapSnap %.2fx Mapnik (target >= %g): %s (rounds %s); in CPU time %.2fx (rounds %s)" % (
            scenario, "throughput" if s4 else "speed", speed, TARGETS[scenario],
            "met" if speed >= TARGETS[scenario] else "NOT MET", " / ".join("%.2f" % x for x in each), cpu,
            " / ".join("%.2f" % x for x in each_cpu)))
        if scenario != "S3":
            verdicts.append("%s bytes: MapSnap %d vs Mapnik %d (target: no larger): %s" % (
                scenario, ms["bytes"], mk["bytes"], "met" if ms["bytes"] <= mk["bytes"] else "NOT MET"))
        if scenario in diff:
            verdicts.append("%s same scene: MapSnap vs Mapnik %s (0-255; 0 = identical pixels)" % (scenario, diff[scenario]))
    workers = rows.get("S4", {})
    if "workers1" in workers and "workers2" in workers:
        w1, w2 = workers["workers1"], workers["workers2"]
        ex = [b["img_per_s"] / a["img_per_s"] for a, b in zip(w1, w2)]
        whole = [b["images_per_second"] / a["images_per_second"] for a, b in zip(w1, w2)]
        r = statistics.median(ex)
        verdicts.append("S4 batch --workers 2 / --workers 1 (unpinned): %.2fx set-up excluded (rounds %s; %.1f vs %.1f "
                        "images/s), %.2fx whole process (target >= 1.8): %s" % (
                            r, " / ".join("%.2f" % x for x in ex), statistics.median(b["img_per_s"] for b in w2),
                            statistics.median(a["img_per_s"] for a in w1), statistics.median(whole),
                            "met" if r >= 1.8 else "NOT MET"))
    print("\n".join(out))
    print()
    print("\n".join(verdicts))


def main():
    cmd = sys.argv[1]
    if cmd == "prepare":
        prepare(sys.argv[2], sys.argv[3])
    elif cmd == "batch":
        batch_record(*sys.argv[2:7])
    elif cmd == "s4bytes":
        rec = json.loads(sys.stdin.read())
        rec["mean_bytes"] = mean_bytes(sys.argv[2])
        print(json.dumps(rec, sort_keys=True))
    elif cmd == "table":
        table(sys.argv[2], sys.argv[3])
    else:
        sys.exit("peers.py: unknown command %s" % cmd)


if __name__ == "__main__":
    main()
