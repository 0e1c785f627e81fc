#!/usr/bin/env python3
"""Measures tablelint's recall on a real project by planting defects one at a time.

For a project directory, it copies the tree once, then for up to N sites of each kind plants one defect,
runs `tablelint lint --format json` on the copy and checks that a finding of the expected rule appears on
the planted line. Kinds:
  dequeue             a string literal passed to dequeueReusableCell(withIdentifier: ...) gets a typo
  dequeue-expression  a non-literal identifier of dequeueReusableCell(withIdentifier:for:) becomes "PlantedTypo"
  nib       a string literal passed to UINib(nibName: ...) gets a typo
Usage: scripts/mutation-recall.py PROJECT_DIR [--tablelint PATH] [--limit N]
Nothing in PROJECT_DIR is modified; the copy lives in a temporary directory.
"""
import argparse, json, os, random, re, shutil, subprocess, sys, tempfile

PATTERNS = {
    "dequeue": (re.compile(r'dequeueReusable(?:Cell|HeaderFooterView)\(\s*with(?:Reuse)?Identifier:\s*"([^"\\]+)"'),
                "unregistered_reuse_identifier"),
    # Any identifier expression (constant, String(describing:), ...) replaced by a literal nobody registered.
    "dequeue-expression": (re.compile(r'dequeueReusableCell\(\s*with(?:Reuse)?Identifier:\s*([^,()"]+(?:\([^()]*\))?)\s*,\s*for:'),
                           "unregistered_reuse_identifier"),
    "nib": (re.compile(r'UINib\(\s*nibName:\s*"([^"\\]+)"'), "missing_nib"),
}

def sites(root, pattern):
    found = []
    for directory, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in {".git", "Pods", "Carthage", ".build", "DerivedData"}]
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8", errors="replace") as handle:
                for number, line in enumerate(handle, 1):
                    match = pattern.search(line)
                    if match:
                        found.append((os.path.relpath(path, root), number, match.start(1), match.group(1)))
    return found

def lint(tablelint, root):
    run = subprocess.run([tablelint, "lint", "--format", "json", "."], cwd=root, capture_output=True, text=True)
    return json.loads(run.stdout)["findings"]

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("project")
    parser.add_argument("--tablelint", default=os.path.join(os.path.dirname(__file__), "../.build/release/tablelint"))
    parser.add_argument("--limit", type=int, default=15)
    args = parser.parse_args()
    tablelint = os.path.abspath(args.tablelint)
    with tempfile.TemporaryDirectory() as temp:
        copy = os.path.join(temp, "project")
        shutil.copytree(args.project, copy, symlinks=True, ignore=shutil.ignore_patterns(".git", "Pods", "Carthage"))
        baseline = {(f["file"], f["line"], f["rule"]) for f in lint(tablelint, copy)}
        for kind, (pattern, rule) in PATTERNS.items():
            candidates = sites(copy, pattern)
            random.Random(7).shuffle(candidates)
            detected = tried = 0
            missed = []
            for path, number, column, value in candidates[: args.limit]:
                full = os.path.join(copy, path)
                with open(full, encoding="utf-8", errors="surrogateescape") as handle:
                    lines = handle.readlines()
                original = lines[number - 1]
                planted = '"PlantedTypo"' if kind == "dequeue-expression" else value + "Typo"
                lines[number - 1] = original[:column] + planted + original[column + len(value):]
                with open(full, "w", encoding="utf-8", errors="surrogateescape") as handle:
                    handle.writelines(lines)
                findings = lint(tablelint, copy)
                hit = any(f["file"] == path and f["line"] == number and f["rule"] == rule
                          and (f["file"], f["line"], f["rule"]) not in baseline for f in findings)
                tried += 1
                detected += hit
                if not hit:
                    missed.append(f"{path}:{number}")
                lines[number - 1] = original
                with open(full, "w", encoding="utf-8", errors="surrogateescape") as handle:
                    handle.writelines(lines)
            print(f"{kind}: planted {tried}, detected {detected} ({len(candidates)} literal sites)")
            for site in missed:
                print(f"  missed {site}")

if __name__ == "__main__":
    main()
