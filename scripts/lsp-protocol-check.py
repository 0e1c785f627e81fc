#!/usr/bin/env python3
"""Drives `tablelint lsp` through a short editor session and checks that every message the server sends
structures into its LSP 3.17 type (lsprotocol's cattrs converter), then that the answers make sense.

Usage: scripts/lsp-protocol-check.py [path/to/tablelint]   (default: .build/debug/tablelint)
Needs: pip install lsprotocol
Exits nonzero on the first failure, with what went wrong on stderr.
"""
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

try:
    from lsprotocol import types
    from lsprotocol.converters import get_converter
except ImportError:  # pragma: no cover
    sys.exit("lsp-protocol-check: the 'lsprotocol' package is missing (pip install lsprotocol)")

CONVERTER = get_converter()
TIMEOUT = 60

SWIFT = """import UIKit

final class PhotoCell: UITableViewCell {}

final class FeedViewController: UITableViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(PhotoCell.self, forCellReuseIdentifier: "Banner")
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath) as! PhotoCell
    return cell
  }
}
"""

STORYBOARD = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
    <scenes>
        <scene sceneID="scene-feed">
            <objects>
                <tableViewController id="feed" customClass="FeedViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                    <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain" rowHeight="-1" estimatedRowHeight="-1" id="feed-table">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <prototypes>
                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" reuseIdentifier="Photo" id="p1" customClass="PhotoCell" customModule="App" customModuleProvider="target">
                                <rect key="frame" x="0.0" y="50" width="393" height="44"/>
                            </tableViewCell>
                        </prototypes>
                        <connections>
                            <outlet property="dataSource" destination="feed" id="feed-ds"/>
                            <outlet property="delegate" destination="feed" id="feed-dg"/>
                        </connections>
                    </tableView>
                </tableViewController>
            </objects>
        </scene>
    </scenes>
</document>
"""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Server:
    def __init__(self, executable):
        self.process = subprocess.Popen(
            [executable, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.messages = queue.Queue()
        self.next_id = 1
        self.notifications = []
        self.stdout_problem = None
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _drain_stderr(self):
        for _ in self.process.stderr:
            pass

    def _read(self):
        stream = self.process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                if line == b"\r\n":
                    break
                if not line.endswith(b"\r\n") or b":" not in line:
                    self.stdout_problem = f"not a header line on stdout: {line[:80]!r}"
                    self.messages.put(None)
                    return
                name, value = line.decode("ascii").split(":", 1)
                headers[name.strip().lower()] = value.strip()
            length = int(headers["content-length"])
            body = stream.read(length)
            try:
                self.messages.put(json.loads(body.decode("utf-8")))
            except ValueError as error:
                self.stdout_problem = f"a body that is not JSON: {error}"
                self.messages.put(None)
                return

    def send(self, message):
        message["jsonrpc"] = "2.0"
        body = json.dumps(message).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params=None):
        message = {"method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def _next(self):
        try:
            message = self.messages.get(timeout=TIMEOUT)
        except queue.Empty:
            raise Failure("timed out waiting for the server")
        if message is None:
            raise Failure(self.stdout_problem or "the server closed its output")
        return message

    def _take(self, message):
        """Checks and keeps a message that is not the awaited response."""
        if "method" in message and "id" in message:
            structure_request(message)
            self.send({"id": message["id"], "result": None})
        elif "method" in message:
            structure_notification(message)
            self.notifications.append(message)
        else:
            raise Failure(f"a response nobody asked for: {message}")

    def request(self, method, params=None):
        request_id = self.next_id
        self.next_id += 1
        message = {"id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        while True:
            reply = self._next()
            if reply.get("id") == request_id and "method" not in reply:
                return structure_response(method, reply)
            self._take(reply)

    def wait_for_notification(self, method, predicate=lambda params: True):
        for message in self.notifications:
            if message["method"] == method and predicate(message.get("params")):
                self.notifications.remove(message)
                return message
        while True:
            message = self._next()
            self._take(message)
            if message.get("method") == method and predicate(message.get("params")):
                self.notifications.remove(message)
                return message


def message_types(method):
    check(method in types.METHOD_TO_TYPES, f"'{method}' is not an LSP 3.17 method")
    return types.METHOD_TO_TYPES[method]


def structure(value, cls, what):
    try:
        return CONVERTER.structure(value, cls)
    except Exception as error:  # cattrs raises ClassValidationError and friends
        raise Failure(f"{what} does not structure into {cls.__name__}: {error}\n{json.dumps(value)[:2000]}")


def structure_response(method, reply):
    if "error" in reply:
        return structure(reply, types.ResponseErrorMessage, f"the error answering '{method}'")
    response_type = message_types(method)[1]
    return structure(reply, response_type, f"the response to '{method}'")


def structure_request(message):
    return structure(message, message_types(message["method"])[0], f"the request '{message['method']}'")


def structure_notification(message):
    return structure(message, message_types(message["method"])[0], f"the notification '{message['method']}'")


def position_of(text, needle, delta=0):
    """0-based line and UTF-16 character of the first `needle` (plus `delta` characters)."""
    offset = text.index(needle) + delta
    before = text[:offset]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1:]
    return {"line": line, "character": len(column.encode("utf-16-le")) // 2}


def session(executable):
    root = Path(tempfile.mkdtemp(prefix="tablelint-lsp-check-"))
    swift_path = root / "FeedViewController.swift"
    storyboard_path = root / "Main.storyboard"
    swift_path.write_text(SWIFT)
    storyboard_path.write_text(STORYBOARD)
    swift_uri, storyboard_uri = swift_path.as_uri(), storyboard_path.as_uri()

    server = Server(executable)
    try:
        early = server.request("textDocument/hover", {"textDocument": {"uri": swift_uri}, "position": {"line": 0, "character": 0}})
        check(isinstance(early, types.ResponseErrorMessage) and early.error.code == -32002, "a request before 'initialize' is -32002")

        result = server.request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": "check"}],
            "capabilities": {
                "general": {"positionEncodings": ["utf-16"]},
                "window": {"workDoneProgress": True},
                "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}, "workspaceFolders": True,
                              "workspaceEdit": {"documentChanges": True}},
                "textDocument": {"publishDiagnostics": {"relatedInformation": True}},
            },
        }).result
        check(result.server_info.name == "tablelint" and result.server_info.version, "serverInfo names tablelint and its version")
        check(result.capabilities.position_encoding == "utf-16", "UTF-16 positions by default")
        server.notify("initialized", {})
        server.wait_for_notification("$/progress", lambda params: params["value"]["kind"] == "end")

        server.notify("textDocument/didOpen", {"textDocument": {"uri": swift_uri, "languageId": "swift", "version": 1, "text": SWIFT}})
        server.notify("textDocument/didOpen", {"textDocument": {"uri": storyboard_uri, "languageId": "xml", "version": 1, "text": STORYBOARD}})

        completion = server.request("textDocument/completion", {
            "textDocument": {"uri": swift_uri}, "position": position_of(SWIFT, '"Photo"', 1)}).result
        labels = [item.label for item in completion.items]
        check(labels[:2] == ["Photo", "Banner"], f"identifier completion lists the prototype, then the registration: {labels}")

        hover = server.request("textDocument/hover", {"textDocument": {"uri": swift_uri}, "position": position_of(SWIFT, '"Photo"', 2)}).result
        check(hover is not None and "Photo" in hover.contents.value, "hover on the identifier")

        definition = server.request("textDocument/definition", {
            "textDocument": {"uri": swift_uri}, "position": position_of(SWIFT, '"Photo"', 2)}).result
        check(definition and definition[0].uri == storyboard_uri, f"definition goes to the storyboard: {definition}")

        symbols = server.request("textDocument/documentSymbol", {"textDocument": {"uri": storyboard_uri}}).result
        check(symbols and symbols[0].children and symbols[0].children[0].name == "Photo", "document symbols of the storyboard")

        report = server.request("textDocument/diagnostic", {"textDocument": {"uri": swift_uri}}).result
        check(report.kind == "full" and len(report.items) == 0, f"a clean file has no diagnostics: {report.items}")

        # Rename the prototype in the storyboard buffer: the Swift file gets a diagnostic.
        start = position_of(STORYBOARD, 'reuseIdentifier="Photo"', len('reuseIdentifier="'))
        end = {"line": start["line"], "character": start["character"] + len("Photo")}
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": storyboard_uri, "version": 2},
            "contentChanges": [{"range": {"start": start, "end": end}, "text": "Picture"}]})
        published = server.wait_for_notification(
            "textDocument/publishDiagnostics", lambda params: params["uri"] == swift_uri and params["diagnostics"])
        diagnostic = published["params"]["diagnostics"][0]
        check(diagnostic["code"] == "unregistered_reuse_identifier" and diagnostic["source"] == "tablelint",
              f"the Swift file's diagnostic: {diagnostic}")

        # Quick fixes for that diagnostic: their WorkspaceEdits must structure too.
        actions = server.request("textDocument/codeAction", {
            "textDocument": {"uri": swift_uri}, "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic]}}).result
        check(actions, "code actions for the unregistered identifier")

        # Rename the prototype back from the storyboard: prepareRename's range and placeholder, then a WorkspaceEdit
        # whose documentChanges name the open storyboard's version.
        at = {"textDocument": {"uri": storyboard_uri}, "position": {"line": start["line"], "character": start["character"] + 2}}
        prepared = server.request("textDocument/prepareRename", at).result
        check(prepared is not None and prepared.placeholder == "Picture", f"prepareRename on the reuse identifier: {prepared}")
        edit = server.request("textDocument/rename", {**at, "newName": "Photo"}).result
        changes = edit.document_changes if edit else None
        check(changes and changes[0].text_document.version == 2 and changes[0].edits[0].new_text == "Photo",
              f"rename answers documentChanges for version 2: {edit}")
        refused = server.request("textDocument/prepareRename", {"textDocument": {"uri": swift_uri}, "position": {"line": 0, "character": 0}})
        check(isinstance(refused, types.ResponseErrorMessage), "prepareRename where nothing can be renamed is an error")

        # References from the cell class to the storyboard prototype's class reference are not required; the request
        # itself must answer with LSP locations.
        references = server.request("textDocument/references", {
            "textDocument": {"uri": swift_uri}, "position": position_of(SWIFT, "PhotoCell:", 1),
            "context": {"includeDeclaration": True}}).result
        check(references is None or isinstance(references, list), f"references answer with locations: {references}")

        # Code lenses (none in this file: it declares no table in code) and an unknown command's error.
        lenses = server.request("textDocument/codeLens", {"textDocument": {"uri": swift_uri}}).result
        check(lenses is None or isinstance(lenses, list), f"code lenses answer with a list: {lenses}")
        command = server.request("workspace/executeCommand", {"command": "tablelint.noSuchCommand", "arguments": []})
        check(isinstance(command, types.ResponseErrorMessage), "an unknown command is an error")

        unknown = server.request("tablelint/noSuchMethod", {})
        check(isinstance(unknown, types.ResponseErrorMessage) and unknown.error.code == -32601, "unknown methods are -32601")
        invalid = server.request("textDocument/hover", {"textDocument": {"uri": 3}, "position": "here"})
        check(isinstance(invalid, types.ResponseErrorMessage) and invalid.error.code == -32602, "invalid params are -32602")

        server.request("shutdown")
        server.notify("exit")
        status = server.process.wait(timeout=TIMEOUT)
        check(status == 0, f"exit after shutdown is status 0, got {status}")
        while True:  # everything still on stdout must be protocol too
            try:
                message = server.messages.get(timeout=5)
            except queue.Empty:
                break
            if message is None:
                check(server.stdout_problem is None, server.stdout_problem or "")
                break
            server._take(message)
    finally:
        if server.process.poll() is None:
            server.process.kill()
        for path in (swift_path, storyboard_path):
            path.unlink(missing_ok=True)
        root.rmdir()


def main():
    executable = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/tablelint"
    if not Path(executable).exists():
        sys.exit(f"lsp-protocol-check: no executable at '{executable}' (build first)")
    try:
        session(executable)
    except Failure as failure:
        print(f"lsp-protocol-check: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    print("lsp-protocol-check: every message structures into LSP 3.17 types")


if __name__ == "__main__":
    main()
