#!/usr/bin/env python3
"""The differential test: seeded random small styles (differential_gen.py) rendered by MapSnap and
by MapLibre GL JS (headless Chromium, ../shared/conformance/maplibre_cmd.py with the 5.24 build),
scored by the blurred mean absolute difference (both composited over white, 3x3 box blur, mean of
|a-b| over pixels and RGB channels, 0-255; as Scripts/fidelity and the GL suite's runner).

  differential.py --mapsnap BIN [--seeds 0-399] [--out DIR] [-j 2] [-T 3] [--worst 24] [--gl 5.24]

Writes OUT/results.csv, OUT/summary.txt (distribution, histogram, share within T, by tag),
OUT/cases/SEED/{style.json,mapsnap.png,maplibre.png,*.log} and OUT/sheets/SEED.png
(MapSnap | MapLibre | diff) with SEED.style.json for the worst cases and every case above T.
Reference renders are cached by a hash of (style, data files, size, ratio, GL version) in
$MAPSNAP_DIFF_CACHE (default ~/.cache/mapsnap-differential), so reruns are cheap.
Exit status: 0 when the share within T is at least --min-share (default 0: report only), else 1.
"""
import argparse
import concurrent.futures
import csv
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

import numpy as np
from PIL import Image

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import differential_gen as gen  # noqa: E402

CACHE_ROOT = os.environ.get("MLREF_CACHE", os.path.expanduser("~/.cache/maplibre-ref"))


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-", 1)
            seeds.extend(range(int(a), int(b) + 1))
        elif part:
            seeds.append(int(part))
    return seeds


def load_over_white(path):
    im = Image.open(path)
    im.load()
    a = np.asarray(im.convert("RGBA"), dtype=np.float64)
    alpha = a[..., 3:4] / 255.0
    return a[..., :3] * alpha + 255.0 * (1.0 - alpha)


def box3(x):
    p = np.pad(x, ((1, 1), (1, 1), (0, 0)), mode="edge")
    h, w = x.shape[:2]
    s = np.zeros_like(x)
    for dy in range(3):
        for dx in range(3):
            s += p[dy:dy + h, dx:dx + w]
    return s / 9.0


def metric(a, b):
    return float(np.mean(np.abs(box3(a) - box3(b))))


def write_case(case, case_dir, suite):
    os.makedirs(case_dir, exist_ok=True)
    for name, data in case.files.items():
        p = os.path.join(case_dir, name)
        if os.path.isdir(p) and data is not None:
            shutil.rmtree(p)
        if data is None:
            os.makedirs(p, exist_ok=True)
        else:
            with open(p, "wb") as f:
                f.write(data)
    with open(os.path.join(case_dir, "style.json"), "w") as f:
        json.dump(case.style, f, indent=1, sort_keys=True)
    meta = {"seed": case.seed, "width": case.width, "height": case.height, "ratio": case.ratio, "tags": case.tags}
    with open(os.path.join(case_dir, "case.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)


def cache_key(case, case_dir, suite, gl):
    text = json.dumps(case.style, sort_keys=True).replace(case_dir, "$CASE").replace(suite, "$SUITE")
    h = hashlib.sha256()
    h.update(text.encode())
    for name in sorted(case.files):
        data = case.files[name]
        h.update(name.encode() + b"\0" + (b"<dir>" if data is None else hashlib.sha256(data).digest()))
    h.update(("%dx%d@%s gl%s" % (case.width, case.height, case.ratio, gl)).encode())
    return h.hexdigest()[:24]


def render_reference(case, case_dir, suite, gl, cache_dir, timeout):
    key = cache_key(case, case_dir, suite, gl)
    cached = os.path.join(cache_dir, key + ".png")
    out = os.path.join(case_dir, "maplibre.png")
    if os.path.exists(cached):
        shutil.copyfile(cached, out)
        try:
            with open(cached[:-4] + ".status") as f:
                return "cached" + ("" if f.read() == "rendered" else "-without-failed-source")
        except OSError:
            return "cached"
    status = "rendered"
    rc = run_maplibre(case, case_dir, "style.json", suite, gl, timeout)
    failed = failed_sources(case, os.path.join(case_dir, "maplibre.log"))
    if rc != 0 and failed:
        # MapLibre fires an error for a geojson source whose data fails to load and draws nothing
        # of it, but its page may then never reach `idle`. The same picture: the style with that
        # source and its layers left out (reported as such).
        style = json.loads(json.dumps(case.style))
        for sid in failed:
            style["sources"].pop(sid, None)
        style["layers"] = [l for l in style["layers"] if l.get("source") not in failed]
        with open(os.path.join(case_dir, "style-ref.json"), "w") as f:
            json.dump(style, f, indent=1, sort_keys=True)
        shutil.copyfile(os.path.join(case_dir, "maplibre.log"), os.path.join(case_dir, "maplibre-first.log"))
        rc = run_maplibre(case, case_dir, "style-ref.json", suite, gl, timeout)
        status = "rendered-without-failed-source"
    if rc != 0 or not os.path.exists(out + ".tmp.png"):
        return "error"
    os.replace(out + ".tmp.png", out)
    os.makedirs(cache_dir, exist_ok=True)
    shutil.copyfile(out, cached + ".tmp")
    os.replace(cached + ".tmp", cached)
    with open(cached[:-4] + ".status", "w") as f:
        f.write(status)
    return status


MAPLIBRE_CMD = None


def run_maplibre(case, case_dir, style_name, suite, gl, timeout):
    """Renders OUT/cases/SEED/style_name with maplibre_cmd.py into maplibre.png.tmp.png."""
    js_dir = os.path.join(CACHE_ROOT, "maplibre-js-%s" % gl if gl != "5.3" else "maplibre-js")
    env = dict(os.environ, MAPLIBRE_JS_DIR=js_dir)
    out = os.path.join(case_dir, "maplibre.png.tmp.png")
    cmd = [sys.executable, MAPLIBRE_CMD or os.path.join(suite, "..", "maplibre_cmd.py"), os.path.join(case_dir, style_name),
           str(case.width), str(case.height), str(case.ratio), out, "--timeout", str(timeout),
           "--root", os.path.commonpath([os.path.realpath(suite), os.path.realpath(case_dir)])]
    with open(os.path.join(case_dir, "maplibre.log"), "w") as log:
        return subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, timeout=timeout + 30).returncode


def failed_sources(case, log_path):
    """The geojson sources whose data file cannot load (missing, a directory, not JSON, not a
    GeoJSON object), when the reference's page reported an error."""
    try:
        with open(log_path, errors="replace") as f:
            if "map.error" not in f.read():
                return []
    except OSError:
        return []
    failed = []
    for sid, src in sorted(case.style["sources"].items()):
        data = src.get("data")
        if src.get("type") == "geojson" and isinstance(data, str) and data.startswith("file://"):
            try:
                with open(data[len("file://"):], "rb") as f:
                    doc = json.loads(f.read())
                ok = isinstance(doc, dict) and doc.get("type") in (
                    "FeatureCollection", "Feature", "Point", "MultiPoint", "LineString", "MultiLineString",
                    "Polygon", "MultiPolygon", "GeometryCollection")
            except (OSError, ValueError):
                ok = False
            if not ok:
                failed.append(sid)
    return failed


def render_mapsnap(case, case_dir, binary, timeout):
    out = os.path.join(case_dir, "mapsnap.png")
    if os.path.exists(out):
        os.remove(out)
    cmd = [binary, "render", "--style", os.path.join(case_dir, "style.json"),
           "--size", "%dx%d" % (case.width, case.height), "--scale", str(case.ratio), "--bare", "--out", out]
    with open(os.path.join(case_dir, "mapsnap.log"), "w") as log:
        try:
            rc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            return "timeout"
    return "ok" if rc == 0 and os.path.exists(out) else "error %d" % rc


def run_case(seed, a):
    case_dir = os.path.join(a.out, "cases", "%04d" % seed)
    case = gen.make_case(seed, a.suite, case_dir)
    write_case(case, case_dir, a.suite)
    t0 = time.time()
    ms = render_mapsnap(case, case_dir, a.mapsnap, a.timeout)
    ref = render_reference(case, case_dir, a.suite, a.gl, a.cache, a.timeout)
    row = {"seed": seed, "size": "%dx%d" % (case.width, case.height), "ratio": case.ratio,
           "zoom": case.style["zoom"], "tags": " ".join(case.tags), "mapsnap": ms, "reference": ref,
           "metric": "", "seconds": round(time.time() - t0, 1)}
    if ms == "ok" and ref != "error":
        m = load_over_white(os.path.join(case_dir, "mapsnap.png"))
        r = load_over_white(os.path.join(case_dir, "maplibre.png"))
        if m.shape == r.shape:
            row["metric"] = round(metric(m, r), 3)
        else:
            row["mapsnap"] = "size %dx%d vs %dx%d" % (m.shape[1], m.shape[0], r.shape[1], r.shape[0])
    return row


def sheet(case_dir, path):
    m = load_over_white(os.path.join(case_dir, "mapsnap.png"))
    r = load_over_white(os.path.join(case_dir, "maplibre.png"))
    d = np.abs(box3(m) - box3(r)).max(axis=2, keepdims=True)
    diff = np.clip(255.0 - d * 4.0, 0, 255).repeat(3, axis=2)
    diff[..., 0] = 255.0
    h, w = m.shape[:2]
    scale = max(1, 256 // max(w, h))
    gap = 6
    out = Image.new("RGB", (3 * w * scale + 2 * gap, h * scale), "#888")
    for i, x in enumerate((m, r, diff)):
        im = Image.fromarray(np.clip(np.rint(x), 0, 255).astype(np.uint8), "RGB")
        if scale > 1:
            im = im.resize((w * scale, h * scale), Image.NEAREST)
        out.paste(im, (i * (w * scale + gap), 0))
    out.save(path)


def summarize(rows, a):
    vals = [r["metric"] for r in rows if r["metric"] != ""]
    bad = [r for r in rows if r["metric"] == ""]
    n = len(rows)
    within = sum(1 for v in vals if v <= a.T)
    lines = ["differential: %d cases (seeds %s), MapLibre GL JS %s, T=%g" % (n, a.seeds, a.gl, a.T),
             "within T: %d of %d (%.1f%%); errors (no score, counted as misses): %d" % (
                 within, n, 100.0 * within / max(n, 1), len(bad))]
    statuses = {}
    for r in rows:
        k = r["reference"].replace("cached", "rendered")
        statuses[k] = statuses.get(k, 0) + 1
    lines.append("reference: " + ", ".join("%s %d" % kv for kv in sorted(statuses.items())) +
                 " (without-failed-source: MapLibre's page never went idle after a geojson source failed to"
                 " load; the reference is the style with that source and its layers left out)")
    if vals:
        ps = np.percentile(vals, [50, 75, 90, 95, 99, 100])
        lines.append("percentiles: p50 %.2f  p75 %.2f  p90 %.2f  p95 %.2f  p99 %.2f  max %.2f" % tuple(ps))
        edges = [0, 0.5, 1, 2, 3, 5, 8, 15, 30, 1e9]
        hist = np.histogram(vals, edges)[0]
        lines.append("histogram:")
        for lo, hi, c in zip(edges, edges[1:], hist):
            label = "%g-%g" % (lo, hi) if hi < 1e9 else ">%g" % lo
            lines.append("  %-8s %4d %s" % (label, c, "#" * int(round(60.0 * c / max(n, 1)))))
    tags = sorted({t for r in rows for t in r["tags"].split()})
    lines.append("by tag (cases, within T, mean):")
    for t in tags:
        tv = [r for r in rows if t in r["tags"].split()]
        ok = sum(1 for r in tv if r["metric"] != "" and r["metric"] <= a.T)
        mv = [r["metric"] for r in tv if r["metric"] != ""]
        lines.append("  %-22s %4d  %5.1f%%  %6.2f" % (t, len(tv), 100.0 * ok / len(tv), np.mean(mv) if mv else -1))
    worst = sorted(rows, key=lambda r: -(r["metric"] if r["metric"] != "" else 1e9))
    lines.append("worst:")
    for r in worst[:a.worst]:
        lines.append("  %04d %-8s %s  %sx%s z%s  %s" % (r["seed"], r["metric"] if r["metric"] != "" else r["mapsnap"] + "/" + r["reference"],
                                                      "", r["size"], r["ratio"], r["zoom"], r["tags"]))
    if bad:
        lines.append("errors: " + ", ".join("%04d (%s, %s)" % (r["seed"], r["mapsnap"], r["reference"]) for r in bad))
    return lines, worst, within / max(n, 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mapsnap", required=True, help="the mapsnap executable (release build)")
    ap.add_argument("--seeds", default="0-399", help="seed list: ranges and numbers, e.g. 0-399 or 3,17,40-49")
    ap.add_argument("--out", default="differential-out")
    ap.add_argument("--suite", default=os.path.join(HERE, "..", "..", "shared", "conformance", "gl-suite"))
    ap.add_argument("--gl", default="5.24")
    ap.add_argument("-j", type=int, default=2, help="cases in parallel (at most 2 on this machine)")
    ap.add_argument("-T", type=float, default=3.0)
    ap.add_argument("--worst", type=int, default=24, help="sheets for this many worst cases (and all above T)")
    ap.add_argument("--timeout", type=float, default=45.0)
    ap.add_argument("--min-share", type=float, default=0.0, help="exit 1 when the share within T is below this")
    ap.add_argument("--cache", default=os.environ.get("MAPSNAP_DIFF_CACHE",
                                                      os.path.expanduser("~/.cache/mapsnap-differential")))
    a = ap.parse_args()
    a.suite = os.path.realpath(os.environ.get("MAPSNAP_SHARED_SUITE", a.suite))
    a.out = os.path.realpath(a.out)
    os.makedirs(a.out, exist_ok=True)
    if not os.path.isdir(os.path.join(a.suite, "tiles")):
        sys.exit("differential: suite not found at %s" % a.suite)
    # The reference's command lives beside the suite (../shared/conformance/maplibre_cmd.py).
    a.maplibre_cmd = os.path.join(os.path.dirname(a.suite), "maplibre_cmd.py")
    if os.path.commonpath([a.suite, a.out]) == "/":
        # The reference's server serves only files under the common parent of the style's file://
        # paths: with nothing in common, the cases use a copy of the suite's tiles in OUT.
        copy = os.path.join(a.out, "suite")
        shutil.copytree(os.path.join(a.suite, "tiles"), os.path.join(copy, "tiles"), dirs_exist_ok=True)
        a.suite = copy
    global MAPLIBRE_CMD
    MAPLIBRE_CMD = a.maplibre_cmd
    seeds = parse_seeds(a.seeds)
    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(a.j, 2))) as pool:
        futures = {pool.submit(run_case, s, a): s for s in seeds}
        for i, fut in enumerate(concurrent.futures.as_completed(futures)):
            row = fut.result()
            rows.append(row)
            print("[%d/%d] %04d %s %s %s" % (i + 1, len(seeds), row["seed"], row["metric"], row["reference"],
                                              row["tags"]), flush=True)
    rows.sort(key=lambda r: r["seed"])
    with open(os.path.join(a.out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    lines, worst, share = summarize(rows, a)
    sheets = os.path.join(a.out, "sheets")
    shutil.rmtree(sheets, ignore_errors=True)
    os.makedirs(sheets)
    for k, r in enumerate(worst):
        if r["metric"] == "" or (k >= a.worst and r["metric"] <= a.T):
            continue
        case_dir = os.path.join(a.out, "cases", "%04d" % r["seed"])
        sheet(case_dir, os.path.join(sheets, "%04d.png" % r["seed"]))
        shutil.copyfile(os.path.join(case_dir, "style.json"), os.path.join(sheets, "%04d.style.json" % r["seed"]))
    with open(os.path.join(a.out, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0 if share >= a.min_share else 1


if __name__ == "__main__":
    sys.exit(main())
