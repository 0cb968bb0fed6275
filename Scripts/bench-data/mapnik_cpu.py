#!/usr/bin/env python3
"""Runs ../shared/bench/peers/run_mapnik.py unchanged, with its per-image timing (benchlib.timed,
benchlib.run_batch) also measuring the process CPU time of each timed image (time.process_time:
user + system, as `mapsnap bench`'s cpu_median_ms), and adds cpu_median_ms and cpu_mean_ms to the
JSON line it prints. On a machine whose cores are shared, CPU time is steadier than wall time.

Usage: mapnik_cpu.py PEERS_DIR [run_mapnik.py options]   (under /usr/bin/python3, for python3-mapnik)
"""
import os
import runpy
import statistics
import sys
import time

peers = sys.argv.pop(1)
sys.path.insert(0, peers)
import benchlib as B  # noqa: E402  (the module run_mapnik.py imports, so patching it here reaches it)

cpu = []  # seconds per image, warm-up images included (dropped below)
timed, run_batch, report = B.timed, B.run_batch, B.report


def measured(fn):
    def call(*args):
        c0 = time.process_time()
        fn(*args)
        cpu.append(time.process_time() - c0)
    return call


def cpu_timed(fn, warmup, repeat):
    ts = timed(measured(fn), warmup, repeat)
    del cpu[:warmup]
    return ts


def cpu_run_batch(args, items, render_one, out_dir, warmup_items=5):
    n = args.batch_count or len(items)
    r = run_batch(args, items, measured(render_one), out_dir, warmup_items)
    del cpu[:len(items[:n][:warmup_items])]
    return r


def cpu_report(args, peer, times, out_path, setup_s=0.0, extra=None, **kw):
    extra = dict(extra or {}, cpu_median_ms=round(statistics.median(cpu) * 1000, 2),
                 cpu_mean_ms=round(statistics.mean(cpu) * 1000, 2))
    return report(args, peer, times, out_path, setup_s, extra, **kw)


B.timed, B.run_batch, B.report = cpu_timed, cpu_run_batch, cpu_report
script = os.path.join(peers, "run_mapnik.py")
sys.argv[0] = script
runpy.run_path(script, run_name="__main__")
