#!/usr/bin/env python3
"""Renames on a real app, through the language server, and checks that lint reports the same afterwards.

    scripts/rename-check.py APP_DIR [--tablelint PATH] [--limit N] [--seed S] [--kind KIND]...

APP_DIR is copied to a scratch folder (the app itself is never written). Candidates are picked from the app's
storyboards and xibs (`<action selector=`, `<outlet property=`, `reuseIdentifier=`, `customClass=`), Swift
`@IBAction`/`@IBOutlet` declarations and identifier literals of registrations and dequeues (Swift and Objective-C). For each, in a random order: `textDocument/prepareRename`; when it is accepted,
`textDocument/rename` to a new name, the edit written to the copy, `tablelint lint` run on it, and its findings
compared with the findings before by rule, file and line (a rename changes columns and messages, never those). The
copy is put back before the next candidate. A custom class renamed from a storyboard leaves the Swift class as it
is, so its check renames the class's declaration the way sourcekit-lsp would first.

Prints one line per candidate and a summary; exits 1 when any accepted rename changed the findings.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from appcopy import copy_sources
from lspclient import Server, percentile

ROOT = Path(__file__).resolve().parent.parent


def start_server(executable, root):
    server = Server(executable, str(root))
    server.request("initialize", {
        "processId": os.getpid(), "rootUri": root.as_uri(),
        "workspaceFolders": [{"uri": root.as_uri(), "name": "app"}],
        "capabilities": {"general": {"positionEncodings": ["utf-8"]},
                         "workspace": {"workspaceEdit": {"documentChanges": True}}}})
    server.notify("initialized", {})
    return server


def take_notifications(server, method):
    """The notifications `method` received so far, removed from the server's list."""
    taken = [message["params"] for message in server.notifications if message.get("method") == method]
    server.notifications = [message for message in server.notifications if message.get("method") != method]
    return taken


def findings(executable, root):
    output = subprocess.run(
        [executable, "lint", "--no-cache", "--format", "json", str(root)], capture_output=True, text=True).stdout
    places = []
    for finding in json.loads(output)["findings"]:
        places.append((finding["rule"], finding["file"], finding["line"]))
    return sorted(places)


def candidates(root):
    """(path, byte offset, kind) of names to rename."""
    patterns = {
        "ib": [(rb'<action selector="([^"]+)"', "action"), (rb'<outlet(?:Collection)? property="([^"]+)"', "outlet"),
               (rb'reuseIdentifier="([^"]+)"', "identifier"), (rb'customClass="([^"]+)"', "class")],
        "objc": [(rb'(?:dequeueReusableCellWithIdentifier|forCellReuseIdentifier|forCellWithReuseIdentifier|WithReuseIdentifier):\s*@"([^"\\]+)"', "identifier")],
        "swift": [(rb'(?:dequeueReusable\w*\(\s*withIdentifier|forCellReuseIdentifier|forCellWithReuseIdentifier|withReuseIdentifier|forHeaderFooterViewReuseIdentifier):\s*"([^"\\]+)"', "identifier"),
                  (rb'@IBAction\s+(?:(?:private|fileprivate|internal|public|open|final|override|@objc)\s+)*func\s+(\w+)', "action"),
                  (rb'@IBOutlet\s+(?:(?:private|fileprivate|internal|public|open|weak|strong|unowned|lazy|dynamic)\s+)*var\s+(\w+)', "outlet")],
    }
    result = []
    for path in root.rglob("*"):
        suffix = path.suffix
        group = {".storyboard": "ib", ".xib": "ib", ".swift": "swift", ".m": "objc", ".mm": "objc"}.get(suffix)
        if group is None or not path.is_file():
            continue
        data = path.read_bytes()
        for pattern, kind in patterns[group]:
            for match in re.finditer(pattern, data):
                result.append((path, match.start(1) + 1, kind, match.group(1).decode(errors="replace")))
    return result


def position(data, offset):
    line = data.count(b"\n", 0, offset)
    start = data.rfind(b"\n", 0, offset) + 1
    return {"line": line, "character": offset - start}


def new_name(placeholder, kind):
    if kind == "action" and ":" in placeholder:
        head, _, rest = placeholder.partition(":")
        return head + "Renamed:" + rest
    return placeholder + "Renamed"


def apply(edit, root):
    """Writes the WorkspaceEdit; returns the original bytes of every changed file."""
    originals = {}
    for change in edit.get("documentChanges") or []:
        path = Path(urllib.parse.unquote(urllib.parse.urlparse(change["textDocument"]["uri"]).path))
        data = path.read_bytes()
        originals[path] = data
        lines = data.split(b"\n")
        starts = [0]
        for line in lines[:-1]:
            starts.append(starts[-1] + len(line) + 1)
        def offset(p):
            return starts[p["line"]] + p["character"]
        for text_edit in sorted(change["edits"], key=lambda e: offset(e["range"]["start"]), reverse=True):
            data = data[:offset(text_edit["range"]["start"])] + text_edit["newText"].encode() + data[offset(text_edit["range"]["end"]):]
        path.write_bytes(data)
    return originals


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("app")
    parser.add_argument("--tablelint", default=str(ROOT / ".build/release/tablelint"))
    parser.add_argument("--limit", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", action="append", choices=["action", "outlet", "identifier", "class"],
                        help="only candidates of this kind (repeatable)")
    options = parser.parse_args()
    executable = os.path.abspath(options.tablelint)
    scratch = Path(tempfile.mkdtemp(prefix="tablelint-rename-"))
    root = scratch / Path(options.app).name
    copy_sources(options.app, str(root))
    try:
        before = findings(executable, root)
        pool = [item for item in candidates(root) if not options.kind or item[2] in options.kind]
        random.Random(options.seed).shuffle(pool)
        # One of each kind first, then the rest in order.
        chosen, seen = [], set()
        for item in pool:
            if item[2] not in seen:
                seen.add(item[2])
                chosen.append(item)
        chosen += [item for item in pool if item not in chosen]
        chosen = chosen[:options.limit]
        server = start_server(executable, root)
        accepted = refused = changed = 0
        refusals = {}
        latencies = []
        for path, offset, kind, name in chosen:
            relative = path.relative_to(root)
            data = path.read_bytes()
            params = {"textDocument": {"uri": path.as_uri()}, "position": position(data, offset)}
            prepared = server.request("textDocument/prepareRename", params)
            answer = prepared
            if "error" not in prepared:
                placeholder = prepared["result"]["placeholder"]
                target = new_name(placeholder, kind)
                started = time.perf_counter()
                answer = server.request("textDocument/rename", {**params, "newName": target})
                latencies.append((time.perf_counter() - started) * 1000)
            if "error" in answer:
                refused += 1
                message = answer["error"]["message"]
                reason = message.split("(")[0][:90]
                refusals[reason] = refusals.get(reason, 0) + 1
                print(f"refused  {kind:10} {name:40} {relative}: {message}")
                continue
            originals = apply(answer["result"] or {}, root)
            for note in take_notifications(server, "window/showMessage"):
                if "left alone" in note["message"]:
                    print(f"         note: {note['message'][:200]}")
            extra = {}
            if kind == "class":
                # What the compiler's rename (sourcekit-lsp, clangd) would do to the class in code: every use of the
                # name. A stand-in for this check only: the class names here are distinctive enough.
                pattern = re.compile(rb"(?<![\w\"])" + re.escape(placeholder.encode()) + rb"(?![\w\"])")
                for code in [*root.rglob("*.swift"), *root.rglob("*.h"), *root.rglob("*.m")]:
                    text = code.read_bytes()
                    if code not in originals and pattern.search(text):
                        extra[code] = text
                        code.write_bytes(pattern.sub(target.encode(), text))
            after = findings(executable, root)
            files = len(originals)
            for restored, text in {**originals, **extra}.items():
                restored.write_bytes(text)
            # The server reads files that are not open from disk: tell it they changed back.
            server.notify("workspace/didChangeWatchedFiles", {"changes": [
                {"uri": p.as_uri(), "type": 2} for p in {**originals, **extra}]})
            accepted += 1
            if after == before:
                print(f"same     {kind:10} {name:40} {relative}: {placeholder} -> {target}, {files} file(s)")
            else:
                changed += 1
                gone = sorted(set(before) - set(after))
                new = sorted(set(after) - set(before))
                print(f"CHANGED  {kind:10} {name:40} {relative}: {placeholder} -> {target}; gone {gone[:3]} new {new[:3]}")
        server.request("shutdown", None)
        server.notify("exit", None)
        server.process.wait(timeout=30)
        print(f"\n{len(chosen)} candidates: {accepted} renamed ({changed} changed the findings), {refused} refused")
        if latencies:
            print(f"rename request → WorkspaceEdit: p50 {percentile(latencies, 0.5):.1f} ms, "
                  f"p90 {percentile(latencies, 0.9):.1f} ms, max {max(latencies):.1f} ms")
        for message, count in sorted(refusals.items(), key=lambda item: -item[1]):
            print(f"  {count:3} × {message}")
        return 1 if changed else 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
