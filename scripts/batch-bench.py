#!/usr/bin/env python3
"""Batch speed, cache and memory of `tablelint lint` on real apps, side by side with the parse floor.

    scripts/batch-bench.py APP_DIR... [--runs N] [--tablelint BIN]... [--json]

For each app (kept outside the repository; the script lints a temporary copy of its sources), in one run:
  floor       the one-core time swift-syntax needs to parse the app's Swift files once
              (`tablelint-bench --parse-floor`, the median of three parses in one process, measured before each
              cold run: the median of those N)
  cold        `lint --no-cache` (median of N wall times; peak RSS of the slowest)
  first       `lint` with an empty cache (parses everything and writes the cache; median of N, a new cache each)
  warm        `lint` again on the unchanged tree (median of N)
  one-file    `lint` after one Swift file's text changed (the findings of the others come from the cache): the
              largest Swift file, a comment appended (median of N, a new comment each time)
  mid-edit    `lint` after a comment line was inserted in the middle of the median-sized Swift file, as a commit
              edits a body (median of N, a new line each time): the file keeps what other files see of it, so only
              what it can affect is checked; its facts only moved, so the last findings are moved with them
  fact-edit   `lint` after the identifier of the first `dequeueReusableCell(withIdentifier: "…"` literal (in path
              order) changed, or else the name the first `#selector(…)` names, a new one each time: a fact changed
              inside a body, what other files see of the file did not, so every file's facts are decoded and the index
              built again, and only what the file can affect is checked (left out when no Swift file has either)
Ratios: cold / floor, warm / cold, one-file / cold, mid-edit / cold, fact-edit / cold. Every mode's findings must be identical (the
script fails otherwise). Use a release build and a quiet machine; the figures are wall time on whatever cores the
machine has.

`--tablelint` may be given more than once: the builds then run one after the other within every run of every mode
(each with its own cache, on the same edits), so that a machine whose speed drifts, as a shared VM's does within
minutes, slows them alike; each build gets its own line (`build=`), and they must report the same findings.

Build both products as the README says for CI, on Linux with the Swift runtime linked in (it starts faster);
`--product` takes one product, so build them all:
    swift build -c release --static-swift-stdlib -Xlinker --no-export-dynamic
(plus `-Xswiftc -Xclang-linker -Xswiftc -no-pie`, which the README explains).
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
    parser.add_argument("--tablelint", action="append",
                        help="a build to measure (repeatable; default: .build/release/tablelint)")
    parser.add_argument("--bench", default=os.path.join(HERE, "../.build/release/tablelint-bench"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    builds = [os.path.abspath(path) for path in (args.tablelint or [os.path.join(HERE, "../.build/release/tablelint")])]
    bench = os.path.abspath(args.bench)
    results = []
    failed = False
    for app in args.apps:
        root = os.path.realpath(tempfile.mkdtemp(prefix="tablelint-batch-"))
        work = os.path.join(root, "app")
        try:
            copied = copy_sources(os.path.abspath(app), work, keep_times=True)
            # The copy's dirty pages written back now, not by the kernel's flusher during the timed runs.
            os.sync()
            floors = []
            swift_files = 0

            def measure_floor():
                """One floor measurement (its own process, the median of three parses), taken between cold runs."""
                nonlocal swift_files
                floor_ms, swift_files = subprocess.run(
                    [bench, "--parse-floor", work, "--iterations", "3"], capture_output=True, text=True,
                    check=True).stdout.split()
                floors.append(float(floor_ms) / 1000)

            def lint(build, *extra):
                return [build, "lint", "--quiet", "--format", "json", *extra, "."]

            def cache(run, number):
                """The cache of the `number`th build's first run `run` (later modes use that of its last)."""
                return os.path.join(root, f"cache-{number}-{run}")

            # Each mode: every build once per run, in turn. `measured[mode][build]` holds (wall, rss, output).
            measured = {mode: {build: [] for build in builds} for mode in ("cold", "first", "warm", "one", "mid", "fact")}

            def each(mode, extra=lambda run, build: [], before=lambda: None):
                for run in range(args.runs):
                    before()
                    for build in builds:
                        measured[mode][build].append(timed(lint(build, *extra(run, build)), work))

            # One run of each build first, not measured: the copy's pages and the binaries' are then in memory.
            for build in builds:
                timed(lint(build, "--no-cache"), work)
            # The floor is measured in turn with the cold runs, so that a machine whose speed drifts between minutes
            # moves both alike.
            each("cold", lambda run, build: ["--no-cache"], before=measure_floor)
            floor = statistics.median(floors)
            # The files must be older than the cache for their signatures to be trusted (see FactsCache.racyWindow):
            # a fresh copy is "racy" for two seconds.
            time.sleep(2.1)
            each("first", lambda run, build: ["--cache-path", cache(run, builds.index(build))])
            last = args.runs - 1
            each("warm", lambda run, build: ["--cache-path", cache(last, builds.index(build))])
            swift = sorted(os.path.join(d, f) for d, _, fs in os.walk(work) for f in fs if f.endswith(".swift"))
            edited = max(swift, key=os.path.getsize)
            typical = sorted(swift, key=lambda path: (os.path.getsize(path), path))[len(swift) // 2]
            for run in range(args.runs):
                with open(edited, "ab") as file:
                    file.write(b"\n// edited by batch-bench\n")
                for build in builds:
                    measured["one"][build].append(
                        timed(lint(build, "--cache-path", cache(last, builds.index(build))), work))
            _, _, after_out = timed(lint(builds[0], "--no-cache"), work)
            for run in range(args.runs):
                with open(typical, "rb") as file:
                    lines = file.read().split(b"\n")
                lines.insert(len(lines) // 2, b"// edited by batch-bench")
                with open(typical, "wb") as file:
                    file.write(b"\n".join(lines))
                for build in builds:
                    measured["mid"][build].append(
                        timed(lint(build, "--cache-path", cache(last, builds.index(build))), work))
            _, _, after_mid_out = timed(lint(builds[0], "--no-cache"), work)
            # A fact changed in a body: the first dequeue's literal identifier, else the first `#selector`'s name.
            literal, selector = b'dequeueReusableCell(withIdentifier: "', b"#selector("
            dequeuing = next((path for path in swift if literal in open(path, "rb").read()), None)
            marker = literal if dequeuing else selector
            dequeuing = dequeuing or next((path for path in swift if selector in open(path, "rb").read()), None)
            after_fact_out = None
            if dequeuing is None:
                del measured["fact"]
            original = open(dequeuing, "rb").read() if dequeuing else b""
            for run in range(args.runs if dequeuing else 0):
                start = original.index(marker) + len(marker)
                if marker == literal:
                    end = original.index(b'"', start)
                    edited = original[:start] + f"BatchBench{run}".encode() + original[end:]
                else:
                    end = min(i for i in (original.find(b"(", start), original.find(b")", start)) if i >= 0)
                    edited = original[:end] + f"BatchBench{run}".encode() + original[end:]
                with open(dequeuing, "wb") as file:
                    file.write(edited)
                for build in builds:
                    measured["fact"][build].append(
                        timed(lint(build, "--cache-path", cache(last, builds.index(build))), work))
            if dequeuing:
                _, _, after_fact_out = timed(lint(builds[0], "--no-cache"), work)
            cold_findings = findings(measured["cold"][builds[0]][0][2])
            for build in builds:
                wall = {mode: statistics.median(m[0] for m in measured[mode][build]) for mode in measured}
                rss = {mode: max(m[1] for m in measured[mode][build]) for mode in measured}
                same = all(findings(m[2]) == cold_findings for mode in ("cold", "first", "warm")
                           for m in measured[mode][build])
                same_after_edit = findings(measured["one"][build][-1][2]) == findings(after_out)
                same_after_mid_edit = findings(measured["mid"][build][-1][2]) == findings(after_mid_out)
                same_after_fact_edit = after_fact_out is None or findings(measured["fact"][build][-1][2]) == findings(after_fact_out)
                failed = failed or not same or not same_after_edit or not same_after_mid_edit or not same_after_fact_edit
                cache_path = cache(last, builds.index(build))
                cache_bytes = sum(os.path.getsize(os.path.join(cache_path, f)) for f in os.listdir(cache_path))
                ms = lambda seconds: round(seconds * 1000, 1)
                result = {"app": os.path.basename(os.path.normpath(app))}
                if len(builds) > 1:
                    result["build"] = build
                result.update({
                    "files": copied, "swiftFiles": int(swift_files), "findings": len(cold_findings),
                    "floorMs": ms(floor), "coldMs": ms(wall["cold"]), "coldPeakMiB": round(rss["cold"], 1),
                    "firstWithCacheMs": ms(wall["first"]), "firstWithCachePeakMiB": round(rss["first"], 1),
                    "warmMs": ms(wall["warm"]), "warmPeakMiB": round(rss["warm"], 1),
                    "oneFileChangedMs": ms(wall["one"]), "oneFileChangedPeakMiB": round(rss["one"], 1),
                    "midEditMs": ms(wall["mid"]), "midEditPeakMiB": round(rss["mid"], 1),
                    "cacheMiB": round(cache_bytes / 2**20, 1),
                    "coldOverFloor": round(wall["cold"] / floor, 2), "warmOverCold": round(wall["warm"] / wall["cold"], 3),
                    "oneFileOverCold": round(wall["one"] / wall["cold"], 2),
                    "midEditOverCold": round(wall["mid"] / wall["cold"], 2),
                    "sameFindings": same and same_after_edit and same_after_mid_edit and same_after_fact_edit,
                })
                if "fact" in measured:
                    result.update({
                        "factEditMs": ms(wall["fact"]), "factEditPeakMiB": round(rss["fact"], 1),
                        "factEditOverCold": round(wall["fact"] / wall["cold"], 2),
                    })
                results.append(result)
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
