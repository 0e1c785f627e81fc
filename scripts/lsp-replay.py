#!/usr/bin/env python3
"""Release benchmark of `tablelint lsp` on a real app: replays realistic edits and checks the result.

The app (a folder fetched outside the repository; never commit it) is copied to a temporary folder, the real
server is started over pipes on the copy, and a seeded sequence of edits is replayed on a few open Swift files:
  - typing a statement inside a method, one character at a time, then deleting it again (the file goes through
    states that do not parse, as it does in an editor);
  - typing inside the string literal of a `dequeueReusableCell(withIdentifier: "…")` and deleting it again (the
    identifier changes, findings come and go);
  - adding an empty line inside a method and removing it (every position below moves).
After every edit a pull `textDocument/diagnostic` for the edited file is timed (edit -> diagnostics); every third
edit a completion request inside a dequeue's string literal is sent first, right behind the edit, and timed too
(completion during the edit burst). The server's RSS (supervisor and worker summed) and PSS (the same with the
shared library pages both processes map counted once) are read after 10, 100, 300 and 1,000 edits.
At the end the edited buffers are written to the copy, `tablelint lint --format json` runs over it, and every
finding must equal a diagnostic of the server (file, range, rule, message) and the reverse.

Usage: scripts/lsp-replay.py APP [--edits 300] [--seed 1] [--tablelint PATH] [--json]
Build first: swift build -c release --product tablelint
"""
import argparse, json, os, random, re, shutil, statistics, subprocess, sys, tempfile, time

from appcopy import copy_sources
from lspclient import Server, percentile

DEQUEUE_LITERAL = 'withIdentifier: "'


class Document:
    """An open document: its bytes (positions are UTF-8, negotiated with the server) and version."""

    def __init__(self, server, path):
        self.server, self.path, self.uri, self.version = server, path, "file://" + path, 1
        self.text = open(path, "rb").read()
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": "swift", "version": 1, "text": self.text.decode("utf-8", "replace")}})
        self.text = self.text.decode("utf-8", "replace").encode("utf-8")

    def position(self, offset):
        # A line ends at \n, \r\n or a lone \r, as LSP has it. bytes.count and rfind run in C: a Python loop over a
        # 150 KB document took ~10 ms, inside the timed window when the completion request's position is computed.
        text = self.text
        lone_returns = text.count(b"\r", 0, offset) - text.count(b"\r\n", 0, offset)
        if offset > 0 and text[offset - 1:offset + 1] == b"\r\n":
            lone_returns -= 1  # the \r of a \r\n cut at the offset (not a line break of its own)
        line = text.count(b"\n", 0, offset) + lone_returns
        last_return = text.rfind(b"\r", 0, offset)
        while last_return >= 0 and text[last_return + 1:last_return + 2] == b"\n":
            last_return = text.rfind(b"\r", 0, last_return)
        start = max(text.rfind(b"\n", 0, offset), last_return) + 1
        return {"line": line, "character": offset - start}

    def replace(self, start, end, new):
        change = {"range": {"start": self.position(start), "end": self.position(end)}, "text": new.decode("utf-8")}
        self.text = self.text[:start] + new + self.text[end:]
        self.version += 1
        self.last_edit = start
        self.server.notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri, "version": self.version}, "contentChanges": [change]})


def method_line_offsets(text):
    """Offsets of line starts inside function bodies (indented lines after a `func`), a cheap heuristic for where
    a developer types; the edits themselves are what is measured, not this choice."""
    offsets, inside = [], False
    for match in re.finditer(rb"[^\n]*\n", text):
        line = match.group(0)
        if re.match(rb"\s*(?:@\w+\s+)*(?:(?:private|fileprivate|public|internal|override|open|static|final|class)\s+)*func\s", line):
            inside = True
        elif inside and line.startswith(b"        ") and line.strip() and not line.strip().startswith(b"//"):
            offsets.append(match.start())
    return offsets


def dequeue_literal_offsets(text):
    return [m.end() for m in re.finditer(re.escape(DEQUEUE_LITERAL.encode()), text)]


TYPED_STATEMENT = b"        let probe = 1\n"
TYPED_IDENTIFIER = b"Typo"


def edits_in(kind):
    return {"type-in-method": 2 * len(TYPED_STATEMENT), "type-in-dequeue-literal": 2 * len(TYPED_IDENTIFIER),
            "add-remove-line": 2}[kind]


def plan_edits(documents, count, rng):
    """A list of (document, kind, choice): which burst of edits to make where."""
    plan = []
    kinds = ["type-in-method", "type-in-dequeue-literal", "add-remove-line"]
    while sum(edits_in(kind) for _, kind, _ in plan) < count:
        kind = kinds[len(plan) % len(kinds)]
        candidates = [d for d in documents if (dequeue_literal_offsets(d.text) if kind == "type-in-dequeue-literal"
                                                 else method_line_offsets(d.text))]
        if not candidates:
            kind, candidates = "add-remove-line", documents
        plan.append((rng.choice(candidates), kind, rng.random()))
    return plan


def run_edit(document, kind, choice):
    """Yields once after each single edit of a burst (typing, then deleting)."""
    if kind == "type-in-dequeue-literal":
        offsets = dequeue_literal_offsets(document.text)
        at = offsets[int(choice * len(offsets))]
        typed = TYPED_IDENTIFIER
    else:
        offsets = method_line_offsets(document.text) or [0]
        at = offsets[int(choice * len(offsets))]
        typed = b"\n" if kind == "add-remove-line" else TYPED_STATEMENT
    if kind == "add-remove-line":
        document.replace(at, at, typed)
        yield
        document.replace(at, at + len(typed), b"")
        yield
        return
    for index in range(len(typed)):
        document.replace(at + index, at + index, typed[index:index + 1])
        yield
    for index in range(len(typed), 0, -1):
        document.replace(at + index - 1, at + index, b"")
        yield


def pulled(server, uri, retry=True):
    """The diagnostics of one document by pull, as a set; retried while the server answers with an error."""
    while True:
        reply = server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        if "result" in reply or not retry:
            return reply, {(json.dumps(item["range"], sort_keys=True), item.get("code"), item["message"])
                           for item in (reply.get("result") or {}).get("items", [])}
        time.sleep(0.05)


def kill_worker(server, documents):
    """SIGKILLs the analysis worker between two edits; checks that the request sent right after is answered (with
    a result or an error) and that every open document's diagnostics come back equal. Returns what happened."""
    import signal
    before = {d.uri: pulled(server, d.uri)[1] for d in documents}
    worker = server.worker_pid()
    if worker is None:
        raise SystemExit("--kill-worker needs the supervised server (no worker process found)")
    started = time.perf_counter()
    os.kill(worker, signal.SIGKILL)
    reply, _ = pulled(server, documents[0].uri, retry=False)
    answered = "error" if "error" in reply else "result"
    after = {d.uri: pulled(server, d.uri)[1] for d in documents}
    restarted = server.worker_pid()
    return {"rightAfterKill": answered, "equal": before == after, "newWorker": restarted not in (None, worker),
            "backMs": round((time.perf_counter() - started) * 1000, 1)}


def diagnostics_by_file(server, uris):
    result = {}
    for uri in sorted(uris):
        reply = server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        items = (reply.get("result") or {}).get("items", [])
        path = uri[len("file://"):]
        for item in items:
            start, end = item["range"]["start"], item["range"]["end"]
            result.setdefault(path, set()).add((start["line"] + 1, start["character"] + 1, end["line"] + 1,
                                                end["character"] + 1, item.get("code"), item["message"]))
    return result


def lint_findings(tablelint, root):
    output = subprocess.run([tablelint, "lint", "--no-cache", "--format", "json", root], capture_output=True, cwd=root)
    report = json.loads(output.stdout)
    result = {}
    for finding in report["findings"]:
        path = os.path.normpath(os.path.join(root, finding["file"]))
        result.setdefault(path, set()).add((finding["line"], finding["column"], finding["endLine"],
                                            finding["endColumn"], finding["rule"], finding["message"]))
    return result


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("app")
    parser.add_argument("--edits", type=int, default=300)
    parser.add_argument("--open", type=int, default=6, help="documents opened and edited")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tablelint", default=os.path.join(here, "../.build/release/tablelint"))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the copy of the app")
    parser.add_argument("--server-log", help="write the server's log lines (one per analysis, with its time) here")
    parser.add_argument("--kill-worker", type=int, default=0, metavar="K",
                        help="SIGKILL the analysis worker K times, evenly through the edits; after each kill every "
                             "request must be answered and the open documents' diagnostics must come back equal")
    parser.add_argument("--trace", help="write one line per edit here: document, kind, offset, text around it, ms")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tablelint = os.path.abspath(args.tablelint)
    root = os.path.realpath(tempfile.mkdtemp(prefix="tablelint-replay-"))
    try:
        copied = copy_sources(os.path.abspath(args.app), root)
        swift = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".swift"))
        lines = sum(open(p, "rb").read().count(b"\n") for p in swift)
        with_dequeue = [p for p in swift if DEQUEUE_LITERAL.encode() in open(p, "rb").read()]
        largest = sorted(swift, key=os.path.getsize, reverse=True)
        chosen = rng.sample(with_dequeue, min(len(with_dequeue), args.open // 2))
        chosen += [p for p in largest if p not in chosen][: args.open - len(chosen)]

        server = Server(tablelint, root, log=open(args.server_log, "w") if args.server_log else None)
        root_uri = "file://" + root
        started = time.perf_counter()
        server.request("initialize", {"processId": os.getpid(), "rootUri": root_uri,
                                      "workspaceFolders": [{"uri": root_uri, "name": "app"}],
                                      "capabilities": {"window": {"workDoneProgress": True},
                                                       "general": {"positionEncodings": ["utf-8"]}}})
        server.notify("initialized", {})
        server.wait_for(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end")
        indexed = time.perf_counter() - started
        rss_indexed = server.rss_kib()

        documents = [Document(server, path) for path in chosen]
        for document in documents:
            server.request("textDocument/diagnostic", {"textDocument": {"uri": document.uri}})
        completion_document = next((d for d in documents if dequeue_literal_offsets(d.text)), None)

        edit_latencies, completion_latencies, rss, pss = [], [], {}, {}
        kill_every = args.edits // (args.kill_worker + 1) if args.kill_worker else 0
        kills = []
        trace = open(args.trace, "w") if args.trace else None
        kinds = {}
        edits = 0
        for document, kind, choice in plan_edits(documents, args.edits, rng):
            for _ in run_edit(document, kind, choice):
                edits += 1
                kinds[kind] = kinds.get(kind, 0) + 1
                begin = time.perf_counter()
                if completion_document is not None and edits % 3 == 0:
                    offset = dequeue_literal_offsets(completion_document.text)[0]
                    completion_begin = time.perf_counter()
                    server.request("textDocument/completion", {"textDocument": {"uri": completion_document.uri},
                                                               "position": completion_document.position(offset)})
                    completion_latencies.append(time.perf_counter() - completion_begin)
                server.request("textDocument/diagnostic", {"textDocument": {"uri": document.uri}})
                edit_latencies.append(time.perf_counter() - begin)
                if trace:
                    at = document.last_edit
                    around = document.text[max(0, at - 30):at + 30].decode("utf-8", "replace").replace("\n", "⏎")
                    trace.write(f"{edits}\t{os.path.relpath(document.path, root)}\t{kind}\t{at}\t"
                                f"{edit_latencies[-1] * 1000:.1f}\t{around}\n")
                if edits in (10, 100, 300, 1000, 2000, 5000):
                    rss[edits] = server.rss_kib()
                    pss[edits] = server.pss_kib()
                if kill_every and edits % kill_every == 0 and len(kills) < args.kill_worker:
                    kills.append(kill_worker(server, documents))

        # Typing pauses: the server parses whole the texts with syntax errors it parsed incrementally (after 300 ms).
        time.sleep(0.6)
        # The same text on disk, linted by the command line, must give exactly the server's diagnostics.
        for document in documents:
            with open(document.path, "wb") as file:
                file.write(document.text)
        expected = lint_findings(tablelint, root)
        pushed = {m["params"]["uri"] for m in server.notifications if m.get("method") == "textDocument/publishDiagnostics"}
        uris = pushed | {"file://" + p for p in expected} | {d.uri for d in documents}
        actual = diagnostics_by_file(server, uris)
        missing = sorted((p, f) for p, fs in expected.items() for f in fs - actual.get(p, set()))
        extra = sorted((p, f) for p, fs in actual.items() for f in fs - expected.get(p, set()))
        server.request("shutdown", None)
        server.notify("exit", None)
        server.process.wait(timeout=60)

        ms = lambda seconds: round(seconds * 1000, 1)
        result = {
            "app": os.path.basename(os.path.normpath(args.app)), "files": copied, "swiftFiles": len(swift),
            "swiftLines": lines, "openDocuments": [os.path.relpath(d.path, root) for d in documents],
            "indexSeconds": round(indexed, 2), "rssAfterIndexMiB": round(rss_indexed / 1024, 1),
            "edits": edits, "editKinds": kinds,
            **({"workerKills": {"count": len(kills), "allEqual": all(k["equal"] and k["newWorker"] for k in kills),
                                "answeredRightAfter": sorted({k["rightAfterKill"] for k in kills}),
                                "diagnosticsBackMs": {"p50": statistics.median(k["backMs"] for k in kills) if kills else None,
                                                      "max": max((k["backMs"] for k in kills), default=None)}}}
               if args.kill_worker else {}),
            "editToDiagnosticsMs": {"p50": ms(statistics.median(edit_latencies)),
                                    "p90": ms(percentile(edit_latencies, 0.90)),
                                    "p99": ms(percentile(edit_latencies, 0.99)), "max": ms(max(edit_latencies))},
            "completionDuringEditsMs": {"p50": ms(statistics.median(completion_latencies)),
                                        "p99": ms(percentile(completion_latencies, 0.99))} if completion_latencies else None,
            "rssMiB": {str(k): round(v / 1024, 1) for k, v in rss.items()},
            "pssMiB": {str(k): round(v / 1024, 1) for k, v in pss.items()},
            "findings": sum(len(v) for v in expected.values()),
            "serverEqualsLint": not missing and not extra,
            "onlyInLint": [f"{os.path.relpath(p, root)}: {f}" for p, f in missing[:20]],
            "onlyInServer": [f"{os.path.relpath(p, root)}: {f}" for p, f in extra[:20]],
        }
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            for key, value in result.items():
                print(f"{key}: {value}")
        kills_ok = not args.kill_worker or result["workerKills"]["allEqual"]
        return 0 if result["serverEqualsLint"] and kills_ok else 1
    finally:
        if args.keep:
            print(f"kept {root}", file=sys.stderr)
        else:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
