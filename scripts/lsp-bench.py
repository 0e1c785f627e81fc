#!/usr/bin/env python3
"""Release benchmark of `tablelint lsp` on a generated workspace.

Generates a corpus with `tablelint-bench --generate-only` (1,000 Swift files with storyboards and xibs, one
2,000-line file by default), starts the real server over pipes and measures:
  - initialize + index: from the `initialize` request to the end of the indexing work-done progress;
  - didChange -> diagnostics: an edit of the 2,000-line file, then a pull `textDocument/diagnostic` for it (the
    server handles messages in order, so the answer reflects the edit), p50/p99;
  - completion inside `withIdentifier: "`, p50/p99;
  - the server's peak memory (VmHWM).
Usage: scripts/lsp-bench.py [--files N] [--edits K] [--tablelint PATH] [--bench PATH]
Build first: swift build -c release (every product; `--product` takes only one)
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

from lspclient import Server, percentile

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--storyboards", type=int, default=50)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--tablelint", default=os.path.join(here, "../.build/release/tablelint"))
    parser.add_argument("--bench", default=os.path.join(here, "../.build/release/tablelint-bench"))
    args = parser.parse_args()
    corpus = tempfile.mkdtemp(prefix="tablelint-lsp-bench-")
    try:
        subprocess.run([args.bench, "--generate-only", "--files", str(args.files), "--storyboards", str(args.storyboards),
                        "--corpus", corpus], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        swift_files = [os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".swift")]
        big = max(swift_files, key=os.path.getsize)
        with_dequeue = next(p for p in sorted(swift_files) if 'withIdentifier: "' in open(p).read())
        lines = sum(open(p).read().count("\n") for p in swift_files)
        root_uri = "file://" + corpus
        server = Server(os.path.abspath(args.tablelint), corpus)
        started = time.perf_counter()
        server.request("initialize", {"processId": os.getpid(), "rootUri": root_uri,
                                      "workspaceFolders": [{"uri": root_uri, "name": "corpus"}],
                                      "capabilities": {"window": {"workDoneProgress": True}}})
        server.notify("initialized", {})
        server.wait_for(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end")
        indexed = time.perf_counter() - started

        big_uri = "file://" + big
        text = open(big).read()
        server.notify("textDocument/didOpen", {"textDocument": {"uri": big_uri, "languageId": "swift", "version": 1, "text": text}})
        server.request("textDocument/diagnostic", {"textDocument": {"uri": big_uri}})
        change_latencies = []
        for version in range(2, args.edits + 2):
            inserting = version % 2 == 0
            edit = {"range": {"start": {"line": 5, "character": 0}, "end": {"line": 5, "character": 0}}, "text": "// edit\n"} \
                if inserting else {"range": {"start": {"line": 5, "character": 0}, "end": {"line": 6, "character": 0}}, "text": ""}
            begin = time.perf_counter()
            server.notify("textDocument/didChange", {"textDocument": {"uri": big_uri, "version": version}, "contentChanges": [edit]})
            server.request("textDocument/diagnostic", {"textDocument": {"uri": big_uri}})
            change_latencies.append(time.perf_counter() - begin)

        completion_uri = "file://" + with_dequeue
        completion_text = open(with_dequeue).read()
        server.notify("textDocument/didOpen", {"textDocument": {"uri": completion_uri, "languageId": "swift", "version": 1, "text": completion_text}})
        offset = completion_text.index('withIdentifier: "') + len('withIdentifier: "')
        line = completion_text.count("\n", 0, offset)
        character = offset - (completion_text.rfind("\n", 0, offset) + 1)
        completion_latencies = []
        items = 0
        for _ in range(args.edits):
            begin = time.perf_counter()
            reply = server.request("textDocument/completion", {"textDocument": {"uri": completion_uri},
                                                               "position": {"line": line, "character": character}})
            completion_latencies.append(time.perf_counter() - begin)
            result = reply.get("result") or []
            items = len(result["items"] if isinstance(result, dict) else result)
        memory = server.peak_memory_kib()
        server.request("shutdown", None)
        server.notify("exit", None)
        server.process.wait(timeout=30)
        ms = lambda seconds: f"{seconds * 1000:.1f} ms"
        print(f"corpus: {len(swift_files)} Swift files, {lines} Swift lines; edited file: {os.path.basename(big)} "
              f"({text.count(chr(10))} lines); cores: {os.cpu_count()}")
        print(f"initialize + index:           {indexed:.2f} s")
        print(f"didChange -> diagnostics:     p50 {ms(statistics.median(change_latencies))}, p99 {ms(percentile(change_latencies, 0.99))} ({len(change_latencies)} edits)")
        print(f"completion (withIdentifier):  p50 {ms(statistics.median(completion_latencies))}, p99 {ms(percentile(completion_latencies, 0.99))} ({items} items)")
        print(f"server peak memory (VmHWM):   {memory / 1024:.1f} MiB")
    finally:
        shutil.rmtree(corpus, ignore_errors=True)

if __name__ == "__main__":
    main()
