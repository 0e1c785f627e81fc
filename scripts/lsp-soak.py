#!/usr/bin/env python3
"""Soak test of `tablelint lsp`: thousands of random edits and hostile messages, then the server must agree with
`tablelint lint`.

The fixture projects are copied to a temporary folder and the real server (supervised, as editors start it) is
driven over pipes with a seeded random mix of:
  - edits at random places of open documents (Swift, Objective-C, storyboards, xibs): characters, identifiers,
    string literals, braces, line breaks, emoji, deletions of random lengths, whole-text replacements;
  - invalid text: control characters, NUL, lone surrogates' replacement characters, half of a tag;
  - versions that go backwards;
  - malformed frames on the wire (no body, a body that is not JSON, a wrong envelope, a huge declared length that
    is refused);
  - requests (hover, completion, definition, symbols, code actions, pull diagnostics) sent and at once cancelled,
    or sent for documents that are not open or positions past the end.
Every request must be answered (a result or an error) within the timeout, the server must stay up, and at the end,
with the buffers written to disk, every diagnostic must equal a finding of `tablelint lint` and the reverse.

Usage: scripts/lsp-soak.py [--edits 10000] [--seed 1] [--tablelint PATH]
"""
import argparse, importlib.util, json, os, random, shutil, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from lspclient import Server, frame  # noqa: E402

spec = importlib.util.spec_from_file_location("replay", os.path.join(here, "lsp-replay.py"))
replay = importlib.util.module_from_spec(spec)
spec.loader.exec_module(replay)

SNIPPETS = ["a", "x", "Cell", " ", "\n", "\"", "\"Typo\"", "(", ")", "{", "}", "[", "]", ".", ",", ":", "//", "/*",
            "let ", "func f() {}\n", "@IBAction ", "#selector(", "withIdentifier: \"", "register(", "😀", "é",
            "<", ">", "=\"", "reuseIdentifier=\"", "customClass=\"", "</", "@selector(", "[self ", "\t"]
INVALID = ["\u0000", "\u0001\u0002", "\ufffd", "\u202e", "<tableViewCell", "<!DOCTYPE x [<!ENTITY a \"b\">]>",
           "\"\"\"", "#if", "\\(", "\r", "\u2028"]


def random_edit(document, rng):
    """A random replacement on character boundaries (the client's text and the server's stay equal)."""
    text = document.text.decode("utf-8")
    if rng.random() < 0.01:
        start, end = 0, len(text)
        new = text[: rng.randrange(len(text) + 1)]
    else:
        start = rng.randrange(len(text) + 1)
        end = min(len(text), start + (rng.choice([0, 0, 0, 1, 2, 5, 20, 200]) if rng.random() < 0.5 else 0))
        pool = INVALID if rng.random() < 0.1 else SNIPPETS
        new = "".join(rng.choice(pool) for _ in range(rng.choice([1, 1, 1, 2, 4])))
    # \r\n is one line break, to editors and to LSP: no edit starts or ends between its two characters.
    if 0 < start < len(text) and text[start - 1:start + 1] == "\r\n":
        start -= 1
    if 0 < end < len(text) and text[end - 1:end + 1] == "\r\n":
        end += 1
    end = max(start, end)
    byte_start = len(text[:start].encode("utf-8"))
    byte_end = len(text[:end].encode("utf-8"))
    document.replace(byte_start, byte_end, new.encode("utf-8"))


def malformed_frame(rng):
    return rng.choice([
        b"Content-Length: 5\r\n\r\n{bad}",
        b"Content-Length: 2\r\n\r\n[]",
        b"Content-Length: 30\r\n\r\n" + json.dumps({"jsonrpc": "1.0", "id": "soak-bad"}).encode().ljust(30),
        b"Content-Length: 999999999999\r\n\r\n",
        b"garbage without a header\r\n\r\n",
        frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {}}}),
        frame({"jsonrpc": "2.0", "id": "x", "method": "textDocument/hover", "params": 42}),
    ])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tablelint", default=os.path.join(here, "../.build/release/tablelint"))
    parser.add_argument("--fixtures", default=os.path.join(here, "../Fixtures"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tablelint = os.path.abspath(args.tablelint)
    root = os.path.realpath(tempfile.mkdtemp(prefix="tablelint-soak-"))
    started = time.perf_counter()
    try:
        replay.copy_sources(os.path.abspath(args.fixtures), root)
        sources = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs
                         if f.endswith((".swift", ".m", ".storyboard", ".xib")))
        server = Server(tablelint, root)
        root_uri = "file://" + root
        server.request("initialize", {"processId": os.getpid(), "rootUri": root_uri,
                                      "workspaceFolders": [{"uri": root_uri, "name": "soak"}],
                                      "capabilities": {"general": {"positionEncodings": ["utf-8"]}}})
        server.notify("initialized", {})
        documents = [replay.Document(server, path) for path in rng.sample(sources, min(8, len(sources)))]
        counts = {"edits": 0, "requests": 0, "errors": 0, "cancelled": 0, "malformed": 0, "backwards": 0}
        methods = ["textDocument/hover", "textDocument/completion", "textDocument/definition",
                   "textDocument/documentSymbol", "textDocument/diagnostic", "textDocument/codeAction"]
        while counts["edits"] < args.edits:
            roll = rng.random()
            document = rng.choice(documents)
            if roll < 0.80:
                random_edit(document, rng)
                counts["edits"] += 1
                if rng.random() < 0.02:
                    # A version that goes backwards: the text still changes as sent.
                    document.version -= rng.randrange(1, 5)
                    counts["backwards"] += 1
            elif roll < 0.83:
                server.process.stdin.write(malformed_frame(rng))
                server.process.stdin.flush()
                counts["malformed"] += 1
            else:
                method = rng.choice(methods)
                uri = document.uri if rng.random() < 0.9 else root_uri + "/NotOpen.swift"
                position = {"line": rng.randrange(0, 400), "character": rng.randrange(0, 120)}
                params = {"textDocument": {"uri": uri}, "position": position}
                if method == "textDocument/codeAction":
                    params = {"textDocument": {"uri": uri}, "range": {"start": position, "end": position},
                              "context": {"diagnostics": []}}
                if rng.random() < 0.3:
                    server.next_id += 1
                    identifier = server.next_id
                    server.send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
                    server.notify("$/cancelRequest", {"id": identifier})
                    reply = wait_reply(server, identifier)
                    counts["cancelled"] += 1
                else:
                    reply = server.request(method, params)
                counts["requests"] += 1
                if "error" in reply:
                    counts["errors"] += 1
            drain(server)
            if server.process.poll() is not None:
                raise SystemExit(f"the server exited ({server.process.returncode}) after {counts}")

        # Typing pauses: the server parses whole the texts with syntax errors it parsed incrementally (after 300 ms).
        time.sleep(0.6)
        for document in documents:
            with open(document.path, "wb") as file:
                file.write(document.text)
        expected = replay.lint_findings(tablelint, root)
        pushed = {m["params"]["uri"] for m in server.notifications
                  if m.get("method") == "textDocument/publishDiagnostics"}
        uris = pushed | {"file://" + p for p in expected} | {d.uri for d in documents}
        actual = replay.diagnostics_by_file(server, uris)
        missing = sorted((p, f) for p, fs in expected.items() for f in fs - actual.get(p, set()))
        extra = sorted((p, f) for p, fs in actual.items() for f in fs - expected.get(p, set()))
        server.request("shutdown", None)
        server.notify("exit", None)
        status = server.process.wait(timeout=60)
        result = {**counts, "seconds": round(time.perf_counter() - started, 1), "exitStatus": status,
                  "serverEqualsLint": not missing and not extra, "onlyInLint": missing[:5], "onlyInServer": extra[:5]}
        for key, value in result.items():
            print(f"{key}: {value}")
        return 0 if result["serverEqualsLint"] and status == 0 else 1
    finally:
        shutil.rmtree(root, ignore_errors=True)


def drain(server):
    """Reads what the server has written so far (as an editor does all the time), so that neither side blocks on a
    full pipe."""
    import select
    while server.buffer.find(b"\r\n\r\n") >= 0 or select.select([server.process.stdout], [], [], 0)[0]:
        message = server.read()
        if "method" in message and "id" in message:
            server.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif "method" in message:
            server.notifications.append(message)


def wait_reply(server, identifier, timeout=120):
    """The response to `identifier` (a result, or an error such as -32800 for a cancelled request)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        message = server.read()
        if message.get("id") == identifier and "method" not in message:
            return message
        if "method" in message and "id" in message:
            server.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif "method" in message:
            server.notifications.append(message)
    raise SystemExit(f"no answer to request {identifier}")


if __name__ == "__main__":
    sys.exit(main())
