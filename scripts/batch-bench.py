#!/usr/bin/env python3
"""Batch speed, cache and memory of `tablelint lint` on real apps, side by side with the parse floor.

    scripts/batch-bench.py APP_DIR... [--runs N] [--json]

For each app (kept outside the repository; the script lints a temporary copy of its sources), in one run:
  floor       the one-core time swift-syntax needs to parse the app's Swift files once
              (`tablelint-bench --parse-floor`, median of N)
  cold        `lint --no-cache` (median of N wall times; peak RSS of the slowest)
  first       `lint` with an empty cache (parses everything and writes the cache)
  warm        `lint` again on the unchanged tree (median of N)
  one-file    `lint` after one Swift file's text changed (the findings of the others come from the cache): the
              largest Swift file, a comment appended
  mid-edit    `lint` after a comment line was inserted in the middle of the median-sized Swift file, as a commit
              edits a body (median of N, a new line each time): the file keeps what other files see of it, so only
              what it can affect is checked
Ratios: cold / floor, warm / cold, one-file / cold, mid-edit / cold. Every mode's findings must be identical (the script fails
otherwise). Use a release build and a quiet machine; the figures are wall time on whatever cores the machine has.
Build both products as the README says for CI, on Linux with the Swift runtime linked in (it starts faster);
`--product` takes one product, so build them all:
    swift build -c release --static-swift-stdlib -Xlinker --no-export-dynamic
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from appcopy import copy_sources  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, cwd):
    """(wall seconds, peak RSS in MiB, stdout) of one process."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} exited with {process.returncode}")
    return wall, usage.ru_maxrss / 1024, output


def findings(output):
    return sorted(json.dumps(f, sort_keys=True) for f in json.loads(output)["findings"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("apps", nargs="+")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tablelint", default=os.path.join(HERE, "../.build/release/tablelint"))
    parser.add_argument("--bench", default=os.path.join(HERE, "../.build/release/tablelint-bench"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tablelint, bench = os.path.abspath(args.tablelint), os.path.abspath(args.bench)
    results = []
    failed = False
    for app in args.apps:
        root = os.path.realpath(tempfile.mkdtemp(prefix="tablelint-batch-"))
        cache = os.path.join(root, ".cache")
        work = os.path.join(root, "app")
        try:
            copied = copy_sources(os.path.abspath(app), work, keep_times=True)
            floor_ms, swift_files = subprocess.run(
                [bench, "--parse-floor", work, "--iterations", str(args.runs)], capture_output=True, text=True,
                check=True).stdout.split()
            floor = float(floor_ms) / 1000
            lint = [tablelint, "lint", "--quiet", "--format", "json", "."]

            def runs(extra, count):
                measured = [timed(lint + extra, work) for _ in range(count)]
                walls = sorted(m[0] for m in measured)
                return statistics.median(walls), max(m[1] for m in measured), measured[0][2]

            cold, cold_rss, cold_out = runs(["--no-cache"], args.runs)
            # The files must be older than the cache for their signatures to be trusted (see FactsCache.racyWindow):
            # a fresh copy is "racy" for two seconds.
            time.sleep(2.1)
            first, first_rss, first_out = runs(["--cache-path", cache], 1)
            warm, warm_rss, warm_out = runs(["--cache-path", cache], args.runs)
            swift = sorted(os.path.join(d, f) for d, _, fs in os.walk(work) for f in fs if f.endswith(".swift"))
            edited = max(swift, key=os.path.getsize)
            with open(edited, "ab") as file:
                file.write(b"\n// edited by batch-bench\n")
            one, one_rss, one_out = runs(["--cache-path", cache], 1)
            after_edit, _, after_out = timed(lint + ["--no-cache"], work)
            typical = sorted(swift, key=lambda path: (os.path.getsize(path), path))[len(swift) // 2]
            mid_edits = []
            for _ in range(args.runs):
                with open(typical, "rb") as file:
                    lines = file.read().split(b"\n")
                lines.insert(len(lines) // 2, b"// edited by batch-bench")
                with open(typical, "wb") as file:
                    file.write(b"\n".join(lines))
                mid_edits.append(timed(lint + ["--cache-path", cache], work))
            mid = statistics.median(m[0] for m in mid_edits)
            _, _, after_mid_out = timed(lint + ["--no-cache"], work)
            same = findings(cold_out) == findings(first_out) == findings(warm_out)
            same_after_edit = findings(one_out) == findings(after_out)
            same_after_mid_edit = findings(mid_edits[-1][2]) == findings(after_mid_out)
            failed = failed or not same or not same_after_edit or not same_after_mid_edit
            cache_bytes = sum(os.path.getsize(os.path.join(cache, f)) for f in os.listdir(cache))
            ms = lambda seconds: round(seconds * 1000, 1)
            results.append({
                "app": os.path.basename(os.path.normpath(app)), "files": copied, "swiftFiles": int(swift_files),
                "findings": len(findings(cold_out)),
                "floorMs": ms(floor), "coldMs": ms(cold), "coldPeakMiB": round(cold_rss, 1),
                "firstWithCacheMs": ms(first), "firstWithCachePeakMiB": round(first_rss, 1),
                "warmMs": ms(warm), "warmPeakMiB": round(warm_rss, 1),
                "oneFileChangedMs": ms(one), "oneFileChangedPeakMiB": round(one_rss, 1),
                "midEditMs": ms(mid), "midEditPeakMiB": round(max(m[1] for m in mid_edits), 1),
                "cacheMiB": round(cache_bytes / 2**20, 1),
                "coldOverFloor": round(cold / floor, 2), "warmOverCold": round(warm / cold, 3),
                "oneFileOverCold": round(one / cold, 2), "midEditOverCold": round(mid / cold, 2),
                "sameFindings": same and same_after_edit and same_after_mid_edit,
            })
        finally:
            shutil.rmtree(root, ignore_errors=True)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for result in results:
            print(" ".join(f"{key}={value}" for key, value in result.items()))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
