#!/usr/bin/env python3
"""Hostile input, end to end: `tablelint lint` on trees built to hurt a linter.

    scripts/hostile-suite.py [--tablelint PATH] [--short] [--keep]

Builds, in a temporary folder, one tree per case (XXE with file and parameter entities and external URLs, billion
laughs, quadratic blowup, XInclude, external DTDs, 100 k-deep XML, invalid UTF-8, NUL bytes, Latin-1, a 1 GB sparse
file, symlink loops, symlinks out of the tree and to a FIFO, unreadable files, a 100 k-character Swift line, 10 k
nested Swift expressions, binary junk named as sources, hostile `.tablelint.yml` files) next to an `outside/` folder
of canary files, and runs `tablelint lint --format json` in each tree. Every case must:

- finish in under 2 s (the limit is for the release binary; with a debug binary it is reported, not enforced),
- exit with status 0 or 1 (a configuration tablelint refuses: 2, with the reason in the output),
- report a `parse_error` in each file marked broken (junk, invalid UTF-8, ...), and in each file marked read the
  findings it must get (no `parse_error`: Objective-C in Latin-1, which Clang compiles),
- print nothing from outside the tree: no canary, no line of /etc/passwd, no finding in a file outside the tree,
- read nothing outside the tree (checked with strace when it is installed: no open of the canary folder, no
  network connection; a local HTTP server also records any request for the external URLs),
- write nothing in the tree (a listing with sizes, modes and mtimes before and after is equal).

Unreadable files cannot be unreadable to root: when run as root the case runs tablelint as `nobody` through
`setpriv`, and is skipped (saying so) when that is impossible. `--short` is the CI form: the same cases with smaller
sizes (20 k-deep XML, a 20 k-character Swift line, 2 k nested Swift expressions); the 1 GB file stays (it is sparse
and must not be read at all). Exits 1 when any
case fails.
"""

import argparse
import base64
import http.server
import json
import os
import pwd
import random
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time

TIME_LIMIT = 2.0
KILL_AFTER = 20.0
CANARY = "TABLELINT_CANARY_%08x" % random.SystemRandom().getrandbits(32)
STORYBOARD_HEADER = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
)
DOCUMENT_OPEN = (
    '<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" '
    'toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">'
)


def document(body, doctype=""):
    """A storyboard with `body` inside its <document>, after an optional DOCTYPE."""
    return STORYBOARD_HEADER + doctype + DOCUMENT_OPEN + body + "</document>\n"


def table_with_cell(identifier):
    """A scene whose table has one prototype cell with `identifier` (raw XML, entities allowed)."""
    return (
        '<scenes><scene sceneID="s1"><objects><tableViewController id="c1" customClass="ListViewController" '
        'sceneMemberID="viewController"><tableView key="view" id="t1"><prototypes>'
        '<tableViewCell reuseIdentifier="' + identifier + '" id="p1"><rect key="frame"/></tableViewCell>'
        "</prototypes></tableView></tableViewController></objects></scene></scenes>"
    )


class RequestRecorder:
    """A local HTTP server standing for "an external URL": it records every request it gets."""

    def __init__(self):
        recorder = self
        self.requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                recorder.requests.append(self.path)
                body = ("<!ENTITY leak '%s'>" % CANARY).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


class Case:
    """One tree. `broken` are the paths (relative to the tree) that must each get a `parse_error`; `read` maps paths
    that must get none to the rules they must be reported for (proof that they were read)."""

    def __init__(self, name, description):
        self.name = name
        self.description = description
        self.files = {}
        self.broken = set()
        self.read = {}
        self.setup = []
        self.as_nobody = False
        self.notes = []
        # A configuration tablelint refuses ends the run with status 2 and says why on stderr.
        self.statuses = (0, 1)
        self.expected_message = None

    def add(self, path, content, broken=False, read=None):
        self.files[path] = content.encode() if isinstance(content, str) else content
        if broken:
            self.broken.add(path)
        if read is not None:
            self.read[path] = set(read)
        return self

    def then(self, action):
        """An action run on the tree's path after the files are written (symlinks, FIFOs, permissions)."""
        self.setup.append(action)
        return self


def symlink(target, name):
    return lambda tree: os.symlink(target if not callable(target) else target(tree), os.path.join(tree, name))


def cases(outside, http_url, short):
    """Every case. `outside` is the canary folder next to the trees."""
    secret_txt = os.path.join(outside, "secret.txt")
    secret_dtd = os.path.join(outside, "secret.dtd")
    external_dtd = os.path.join(outside, "external.dtd")
    result = []

    case = Case("xxe-file-entity", "external entities naming /etc/passwd and a canary file")
    case.add(
        "Content.storyboard",
        document('<!-- &x; -->' + table_with_cell("Cell") + "<note>&x;&secret;</note>",
                 '<!DOCTYPE document [<!ENTITY x SYSTEM "file:///etc/passwd">'
                 '<!ENTITY secret SYSTEM "file://%s">]>\n' % secret_txt),
    )
    case.add(
        "Attribute.storyboard",
        document(table_with_cell("&x;"),
                 '<!DOCTYPE document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'),
        broken=True,  # an external entity in an attribute value is not well-formed XML
    )
    case.add(
        "Secret.xib",
        document(table_with_cell("&secret;"),
                 '<!DOCTYPE document [<!ENTITY secret SYSTEM "%s">]>\n' % secret_txt),
        broken=True,
    )
    result.append(case)

    case = Case("xxe-parameter-entity", "parameter entities loading a canary DTD and an external URL")
    case.add(
        "Local.storyboard",
        document(table_with_cell("Cell") + "<note>&leak;</note>",
                 '<!DOCTYPE document [<!ENTITY % p SYSTEM "file://' + secret_dtd + '"> %p;]>\n'),
    )
    case.add(
        "Remote.xib",
        document(table_with_cell("Cell") + "<note>&leak;</note>",
                 '<!DOCTYPE document [<!ENTITY % p SYSTEM "' + http_url + '/parameter.dtd"> %p;]>\n'),
    )
    result.append(case)

    case = Case("xxe-external-url", "general entities with http URLs")
    case.add(
        "Remote.storyboard",
        document(table_with_cell("Cell") + "<note>&remote;</note>",
                 '<!DOCTYPE document [<!ENTITY remote SYSTEM "' + http_url + '/entity">]>\n'),
    )
    result.append(case)

    case = Case("external-dtd", "DOCTYPEs naming an external DTD on disk and by URL")
    case.add(
        "LocalDTD.storyboard",
        document(table_with_cell("Cell") + "<note>&leak;</note>", '<!DOCTYPE document SYSTEM "file://%s">\n' % external_dtd),
    )
    case.add(
        "RemoteDTD.xib",
        document(table_with_cell("Cell"), '<!DOCTYPE document SYSTEM "%s/external.dtd">\n' % http_url),
    )
    result.append(case)

    laughs = ['<!ENTITY lol "lol">'] + [
        '<!ENTITY lol%d "%s">' % (level, ("&lol;" if level == 1 else "&lol%d;" % (level - 1)) * 10)
        for level in range(1, 10)
    ]
    case = Case("billion-laughs", "nested entities expanding to 3 GB, in content and in an attribute")
    case.add("Content.storyboard", document(table_with_cell("Cell") + "<note>&lol9;</note>",
                                            "<!DOCTYPE document [" + "".join(laughs) + "]>\n"))
    case.add("Attribute.xib", document(table_with_cell("&lol9;"), "<!DOCTYPE document [" + "".join(laughs) + "]>\n"),
             broken=True)
    result.append(case)

    big = 100_000 if not short else 20_000
    references = 10_000 if not short else 2_000
    case = Case("quadratic-blowup", "one %d-byte entity referenced %d times" % (big, references))
    blowup = '<!DOCTYPE document [<!ENTITY a "%s">]>\n' % ("a" * big)
    case.add("Content.storyboard", document(table_with_cell("Cell") + "<note>" + "&a;" * references + "</note>", blowup))
    # Internal entities in an attribute are well-formed: not expanded, and not an error.
    case.add("Attribute.xib", document(table_with_cell("&a;" * references), blowup))
    result.append(case)

    case = Case("xinclude", "XInclude of /etc/passwd, a canary file and a URL")
    case.add(
        "Include.storyboard",
        document(
            table_with_cell("Cell")
            + '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>'
            + '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="%s" parse="text"/>' % secret_txt
            + '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="%s/include.xml"/>' % http_url
        ),
    )
    result.append(case)

    depth = 100_000 if not short else 20_000
    case = Case("deep-xml", "%d nested elements" % depth)
    case.add("Deep.xib", document("<view>" * depth + "</view>" * depth), broken=True)
    case.add("Unclosed.storyboard", document("<view>" * depth), broken=True)
    result.append(case)

    case = Case("invalid-utf8", "bytes that are not UTF-8 in every kind of source")
    case.add("Bad.swift", b"let greeting = \"caf\xc3\x28 \xff\xfe\"\n", broken=True)
    case.add("Bad.m", b"static NSString *const kCell = @\"\xe2\x82\";\n", read=[])
    case.add("Bad.h", b"@interface Bad : NSObject\n\xc0\xaf\n@end\n", read=[])
    case.add("Bad.storyboard", document(table_with_cell("caf")).encode().replace(b'"caf"', b'"caf\xc3\x28"'),
             broken=True)
    result.append(case)

    case = Case("nul-bytes", "NUL bytes inside sources")
    case.add("Nul.swift", b"let a = 1\n\x00\x00let b = 2\n", broken=True)
    case.add("Nul.m", b"@implementation Nul\n\x00- (void)a {}\n@end\n", broken=True)
    case.add("Nul.xib", document(table_with_cell("Cell")).encode().replace(b"<scenes>", b"<scenes>\x00"), broken=True)
    result.append(case)

    case = Case("latin1", "Latin-1 text, declared and undeclared")
    case.add("Latin1.swift", "let name = \"Caf\u00e9\" // r\u00e9sum\u00e9\n".encode("latin-1"), broken=True)
    # Clang compiles Latin-1 in comments and literals: read, and reported like any other file.
    case.add("Latin1.m", ("// r\u00e9sum\u00e9\nstatic NSString *const kCaf\u00e9 = @\"Caf\u00e9\";\n"
                          "@implementation Latin1\n- (void)viewDidLoad {\n"
                          "  [NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(tick:with:) userInfo:nil repeats:NO];\n"
                          "}\n- (void)tick:(NSTimer *)timer with:(id)other {}\n@end\n").encode("latin-1"),
             read=["dangling_selector"])
    case.add("Declared.storyboard",
             document(table_with_cell("Caf\u00e9")).replace("UTF-8", "ISO-8859-1").encode("latin-1"))
    case.add("Undeclared.xib", document(table_with_cell("Caf\u00e9")).encode("latin-1"), broken=True)
    result.append(case)

    case = Case("huge-file", "1 GB sparse files (never read: larger than the 64 MiB limit)")
    for name in ("Huge.swift", "Huge.storyboard", "Huge.m"):
        case.add(name, b"", broken=True)
        case.then(lambda tree, name=name: os.truncate(os.path.join(tree, name), 1 << 30))
    result.append(case)

    case = Case("symlink-loop", "symbolic links to themselves, to each other and to parent folders")
    case.add("Real.swift", "let real = 1\n")
    case.then(symlink("B.swift", "A.swift")).then(symlink("A.swift", "B.swift")).then(symlink("Self.xib", "Self.xib"))
    case.then(lambda tree: os.makedirs(os.path.join(tree, "Sub")))
    case.then(symlink("..", "Sub/Up")).then(symlink(".", "Here")).then(symlink(".", "Sub/Folder.swift"))
    result.append(case)

    case = Case("symlink-out", "symbolic links to files and folders outside the tree")
    case.add("Inside.swift", "let inside = 1\n")
    case.then(symlink("/etc/passwd", "Passwd.swift")).then(symlink("/etc/passwd", "Passwd.xib"))
    case.then(symlink(os.path.join(outside, "secret.swift"), "Absolute.swift"))
    case.then(symlink(os.path.join("..", "..", "outside", "secret.storyboard"), "Relative.storyboard"))
    case.then(symlink(os.path.join(outside, "secret.m"), "Secret.m"))
    case.then(symlink(outside, "OutsideFolder")).then(symlink("/etc", "Etc"))
    result.append(case)

    case = Case("symlink-special", "a FIFO and links to a FIFO and to /dev/zero (a read would block or never end)")
    case.add("Inside.swift", "let inside = 1\n")
    case.then(lambda tree: os.mkfifo(os.path.join(tree, "Fifo.swift")))
    case.then(symlink("Fifo.swift", "FifoLink.storyboard")).then(symlink("/dev/zero", "Zero.m"))
    result.append(case)

    case = Case("unreadable", "a file and a folder with mode 000")
    case.add("Readable.swift", "let readable = 1\n")
    case.add("Locked.swift", "let locked = 1\n", broken=True)
    case.add("Locked.storyboard", document(table_with_cell("Cell")), broken=True)
    case.add("LockedFolder/Hidden.swift", "let hidden = 1\n")
    case.then(lambda tree: os.chmod(os.path.join(tree, "Locked.swift"), 0))
    case.then(lambda tree: os.chmod(os.path.join(tree, "Locked.storyboard"), 0))
    case.then(lambda tree: os.chmod(os.path.join(tree, "LockedFolder"), 0))
    case.as_nobody = True
    result.append(case)

    width = 100_000 if not short else 20_000
    case = Case("long-line-swift", "Swift files of one %d-character line" % width)
    case.add("LongString.swift", 'let s = "' + "a" * width + '"\n')
    case.add("LongArray.swift", "let a = [" + "1, " * (width // 3) + "]\n")
    case.add("LongSum.swift", "let x = 1" + " + 1" * (width // 4) + "\n")
    case.add("LongCalls.swift", "let y = z" + ".f()" * (width // 4) + "\n")
    result.append(case)

    nesting = 10_000 if not short else 2_000
    case = Case("deep-swift", "%d nested parentheses, closures, arrays, ifs and types" % nesting)
    case.add("Parens.swift", "let p = " + "(" * nesting + "1" + ")" * nesting + "\n")
    case.add("Closures.swift", "let c = " + "{ " * nesting + "1" + " }" * nesting + "\n")
    case.add("Arrays.swift", "let a = " + "[" * nesting + "]" * nesting + "\n")
    case.add("Ifs.swift", "func f() {\n" + "if true {\n" * nesting + "}\n" * nesting + "}\n")
    case.add("Types.swift", "struct A {\n" * nesting + "}\n" * nesting)
    case.add("Unbalanced.swift", "let u = " + "(" * nesting + "[" * nesting + "{" * nesting + "\n")
    case.add("Generics.swift", "let g: " + "Array<" * nesting + "Int" + ">" * nesting + " = []\n")
    # `[` left open after a name before a long operator, at the deepest nesting allowed (12), again and again: each
    # run costs swift-syntax's inline-array lookahead 2^12 steps per operator byte (at 16 it was 0.47 s a run).
    runs = 20 if not short else 2
    case.add("OpenSquareRuns.swift", "final class C: UIView {\n" + ("  @IBOutlet private var price" + "[" * 12 + "Label!\n"
             + "=" * 89 + "final class G: UIView {}\n" + "]" * 12 + "\n") * runs + "}\n")
    # A lone carriage return ends a line comment or a string for swift-syntax: the `[` after it are code.
    case.add("CarriageReturn.swift", "/// rows\r" + "[" * 48 + "\nlet t = \"x\r" + "[" * 48 + "\n", broken=True)
    # A regex literal holding a quote (`/"a/`, `#/ "a/#`), and a conflict region holding `"""`: the lexer reads on as
    # code where a string would have begun.
    case.add("RegexQuote.swift", "let x = 1\n/\"Pla/priv" + "[" * 48 + " ar\nlet p = #/ \"a/# + " + "[" * 48 + "\n",
             broken=True)
    # A raw identifier (`a ] b`) holds brackets the lexer does not read as code.
    case.add("RawIdentifier.swift", "let a = " + ("[" * 12 + " `" + "]" * 12 + "` ") * 3 + "\n", broken=True)
    # A line break ends a single-line string and the interpolations in it; a `)` on the next line closes nothing.
    case.add("InterpolationCut.swift", "let s = \"\\(f(\"\\(g(\nh) ) ) " + "[" * 48 + "\n", broken=True)
    # `#"""…"#` closed on its line is a single-line raw string holding quotes: the lines after it are code.
    case.add("RawTripleQuote.swift", 'let s = #"""a"#\nlet t = ' + "[" * 48 + "\n", broken=True)
    case.add("ConflictQuote.swift", "let a = 1\n<<<<<<< HEAD\nlet s = \"\"\"\n=======\n>>>>>>> main\nlet b = " + "[" * 48
             + "\n", broken=True)
    result.append(case)

    case = Case("deep-objc", "%d nested brackets, braces and parentheses in Objective-C" % (nesting * 10))
    case.add("Deep.m", "@implementation Deep\n- (void)f {\n" + "[" * (nesting * 10) + "x y" + "]" * (nesting * 10)
             + "\n" + "{" * (nesting * 10) + "}" * (nesting * 10) + "\n}\n@end\n")
    case.add("Unbalanced.m", "@implementation U\n- (void)f {\n" + "[(" * (nesting * 5) + "\n@end\n")
    result.append(case)

    junk = random.Random(15).randbytes(65_536 if not short else 8_192)
    case = Case("binary-junk", "random bytes named as every kind of source")
    for name in ("Junk.xib", "Junk.storyboard", "Junk.swift", "Junk.m", "Junk.h", "Junk.mm"):
        case.add(name, junk, broken=True)
    case.add("Empty.swift", b"").add("Empty.xib", b"", broken=True)
    case.add("Utf16.storyboard", document(table_with_cell("Cell")).replace("UTF-8", "UTF-16").encode("utf-16"))
    result.append(case)
    # The `.tablelint.yml` the configuration fuzzer found (config timeout-872c20d, its invalid UTF-8 as U+FFFD):
    # nested explicit keys (`? - ? …`), on which Yams's duplicate-key check compared nested keys for hours; and an
    # alias bomb. Both are refused at once, with the reason.
    nested = base64.b64decode(
        "dGFibGR1Y3RpbEHvv73vv706CiAgPyAgLSA/ICAgPyAgID8gIC0gLmJ1ciAgPyAgLSA/ICAgPyAgID8gIC0gLmJ1cmVsZWFz77+9"
        "77+977+977+977+9OgogID8gIC0gID8gIC0gPyAgLSAgPyAgID8gIC0gPyAgLSAgPyAgPyAgID8gLSAgPyAgID8gLSAgPyAgLSA/"
        "ICAtICA/ICAgPyAgLSA/ICAtICAgIC0gID8gIC0gPyAgLSAgPyAgID8gIC0hPyAgID8gIC1iZWZvcmVfc2NyaXB077+977+9Ogog"
        "ID8gIC0gID8gIC0tICA/77+977+977+977+977+977+9dG9ydGFibGR1Y3Q4aWwlOkHvv73vv708dGFibGR1Y3RpbEHvv73vv706"
        "CiAgPyAgLSA/ICAgPyAgID8gIC0gLmJ1ciAgPyAgLSA/ICAgPyAgID8gIC0gLmJ1PyAgLSAuYnVyICA/ICAtID8gICA/ICAgPyAg"
        "LSAuYnVyZWxlYXPvv73vv73vv73vv73vv706CiAgPyAgLSAgPyAgLSA/ICAtICA/ICAgPyAgLSA/ICAtICA/ICA/ICAgPyAtICA/"
        "ICAgPyAtICA/ICAtID8gIC0gID8gICA/ICAtID8gIC0gICAgLSAgPyAgLSA/ICAtICA/ICAgPyAgLSE/ICAgPyAgLWJlZm9yZV9z"
        "Y3JpcHTvv73vv706CiAgPyAgLSAgPyAgLS0gID/vv73vv73vv73vv73vv73vv710b3J0YWJsZHVjdDhpbCU6Qe+/ve+/vTx0YWJs"
        "ZHVjdGlsQe+/ve+/vToKICA/ICAtID8gICA/ICAgPyAgLSAuYnVyICA/ICAtID8gICA/ICAgPyAgLSAuYnVyZWxlYXPvv73vv73v"
        "v73vv73vv706CiAgPyAgLSAgPyAgLSA/ICAtICA/ICAgPyAgLSA/ICAtICA/ICA/ICAgPyAtICA/ICAgPyAtICA/ICAtID8gIC0g"
        "ID8gICA/ICAtID8gIC0gICAgLSAgPyAgLSA/ICAtICA/ICAgPyAgLSA/ICAgPyAgLWJlZm9yZV9zY3JpcHTvv73vv706CiAgPyAg"
        "LSAgPyAgLS0gID/vv73vv73vv73vv73vv73vv710b3J0YWJsZHVjdDhpbCU6Qe+/ve+/vTzvv73vv70gPyAgLSA/ICAgPyAgID8g"
        "IC0gLmJ1cmVsZWFz77+977+977+977+977+9OgogID8gIC0gID8gIC0gPyAgLSAg77+977+9ID8gIC0gPyAgID8gICA/ICAtIC5i"
        "dXJlbGVhc++/ve+/ve+/ve+/ve+/vToKICA/ICAtICA/IHJlbGVhc++/ve+/ve+/ve+/ve+/vToKICA/ICAtICA/ICAtID8gIC0g"
        "ID8gICA/ICAtID8gIC0gID8gID8gICA/IC0gID8gICA/IC0gID8gIC0gPyAgLSAgPyAgID8gIC0gPyAgLSAgICAtICA/ICAtID8g"
        "IC0gID8gICA/ICAtID8gICA/ICAtYmVmb3JlX3NjcmlwdO+/ve+/vToKICA/ICAtICA/ICAtLSAgP++/ve+/ve+/ve+/ve+/ve+/"
        "vXRvcnRhYmxkdWN0OGlsJTpB77+977+9PO+/ve+/vSA/ICAtID8gICA/ICAgPyAgLSAuYnVyZWxlYXPvv73vv73vv73vv73vv706"
        "CiAgPyAgLSAgPyAgLSA/ICAtICDvv73vv70gPyAgLSA/ICAgPyAgID8gIC0gLmJ1cmVsZWFz77+977+977+977+977+9OgogID8g"
        "IC0gID8gIC0gPyAgLSAgP++/ve+/ve+/ve+/vToKICA/ICA/77+977+977+977+9OgogID8gICAgLSAgPyAgIC0gID8gID9lbGVh"
        "c++/vSA/ZWxlYXPvv73vv73vv73vv73vv73vv73vv706CiAgP++/ve+/vToKICA/ICA="
    )
    case = Case("config-complex-keys", "a configuration of nested explicit mapping keys")
    case.add(".tablelint.yml", nested).add("App.swift", "let x = 1\n")
    case.statuses, case.expected_message = (2,), "complex mapping keys"
    result.append(case)

    bomb = ["a0: &a0 [" + ", ".join(['"x"'] * 10) + "]"]
    bomb += ["a%d: &a%d [%s]" % (level, level, ", ".join(["*a%d" % (level - 1)] * 10)) for level in range(1, 10)]
    case = Case("config-alias-bomb", "a configuration whose aliases expand to 10^10 strings")
    case.add(".tablelint.yml", "\n".join(bomb) + "\nexcluded: *a9\n").add("App.swift", "let x = 1\n")
    case.statuses, case.expected_message = (2,), "invalid configuration"
    result.append(case)

    # Xcode project files: millions of distinct objects (each would be kept), a list nested past any real project's
    # depth, and an unterminated string; the Swift file beside them is read as usual.
    objects = 2_000_000 if not short else 200_000
    case = Case("project-file-floods", "project files of %d objects, 100 k-deep nesting, an open string" % objects)
    case.add("Flood.xcodeproj/project.pbxproj",
             "{ rootObject = P0; objects = { " + "".join("o%d = {};" % n for n in range(objects)) + " }; }\n")
    case.add("Deep.xcodeproj/project.pbxproj", "{ objects = " + "(" * 100_000 + "\n")
    case.add("Open.xcodeproj/project.pbxproj", '{ objects = { P0 = { isa = "PBXProject; }; }; }\n')
    case.add("App.swift", "let x = 1\n")
    result.append(case)

    return result


def listing(tree):
    """Every path in the tree with its type, size, mode and mtime (not following links)."""
    entries = {}
    for directory, folders, files in os.walk(tree, followlinks=False):
        for name in folders + files:
            path = os.path.join(directory, name)
            info = os.lstat(path)
            entries[os.path.relpath(path, tree)] = (stat.S_IFMT(info.st_mode), info.st_size, info.st_mode,
                                                     info.st_mtime_ns)
    return entries


def passwd_lines():
    """Lines of /etc/passwd long enough not to appear by chance."""
    try:
        with open("/etc/passwd", encoding="utf-8", errors="replace") as file:
            return [line.strip() for line in file if len(line.strip()) >= 12]
    except OSError:
        return []


def nobody_prefix():
    """A command prefix running as `nobody`, or None."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        return None
    if not setpriv:
        return None
    return [setpriv, "--reuid=%d" % nobody.pw_uid, "--regid=%d" % nobody.pw_gid, "--clear-groups", "--"]


def run(command, cwd, env):
    """Runs `command` in a process group of its own; on timeout the whole group is killed (killing only the first
    process, `strace` or `setpriv`, left a hung tablelint running after the suite)."""
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=KILL_AFTER)
        status = process.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stdout, stderr = process.communicate()
        status = "timeout"
    return time.monotonic() - start, status, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace")


def traced_opens(trace_file, base, tree):
    """Paths under `base` but outside `tree` that tablelint opened, and network connections it made."""
    outside, connections = set(), []
    if not os.path.exists(trace_file):
        return outside, connections
    with open(trace_file, encoding="utf-8", errors="replace") as file:
        for line in file:
            if re.search(r"\bconnect\(", line) and ("AF_INET" in line or "AF_INET6" in line):
                connections.append(line.strip())
            match = re.search(r'open(?:at2?)?\((?:AT_FDCWD|\d+), "([^"]*)"', line)
            if not match:
                continue
            path = os.path.normpath(os.path.join(tree, match.group(1)))
            if path.startswith(base + os.sep) and not (path == tree or path.startswith(tree + os.sep)) \
                    and "/cache" not in path[len(base):]:
                outside.add(path)
            if path.startswith("/etc/passwd") and "ENOENT" not in line:
                outside.add(path)
    return outside, connections


def judge(case, tree, base, tablelint, env, secrets, recorder, strace, debug_binary, prefix):
    before = listing(tree)
    command = prefix + [tablelint, "lint", "--format", "json", "--cache-path", os.path.join(base, "cache", case.name), "."]
    elapsed, status, stdout, stderr = run(command, tree, env)
    after = listing(tree)
    problems = []
    if status == "timeout":
        problems.append("killed after %.0f s" % KILL_AFTER)
    elif status not in case.statuses:
        problems.append("exit status %s" % status)
    if case.expected_message and case.expected_message not in stdout + stderr:
        problems.append("no %r in the output: %r" % (case.expected_message, (stdout + stderr)[:200]))
    if elapsed >= TIME_LIMIT and not debug_binary:
        problems.append("took %.2f s (limit %.0f s)" % (elapsed, TIME_LIMIT))
    output = stdout + stderr
    for secret in secrets:
        if secret in output:
            problems.append("printed %r from outside the tree" % secret[:40])
            break
    findings = []
    if status in (0, 1):
        try:
            findings = json.loads(stdout)["findings"]
        except (ValueError, KeyError):
            problems.append("output is not the JSON report: %r" % (stdout[:200] + stderr[:200]))
    for finding in findings:
        path = os.path.normpath(os.path.join(tree, finding["file"]))
        real_tree = os.path.realpath(tree)
        if not (path.startswith(tree + os.sep) or os.path.realpath(path).startswith(real_tree + os.sep)):
            problems.append("a finding in %s, outside the tree" % finding["file"])
    reported = {os.path.normpath(f["file"]) for f in findings if f["rule"] == "parse_error"}
    missing = sorted(path for path in case.broken if os.path.normpath(path) not in reported)
    if missing:
        problems.append("no parse_error for " + ", ".join(missing))
    for path, rules in sorted(case.read.items()):
        got = {f["rule"] for f in findings if os.path.normpath(f["file"]) == os.path.normpath(path)}
        if "parse_error" in got:
            problems.append("a parse_error for %s, which must be read" % path)
        if not rules <= got:
            problems.append("%s not reported in %s" % (", ".join(sorted(rules - got)), path))
    if before != after:
        changed = sorted(set(before.items()) ^ set(after.items()))
        problems.append("the tree changed: %s" % ", ".join(sorted({entry[0] for entry in changed}))[:200])
    if recorder.requests:
        problems.append("requested %s from the local server" % ", ".join(recorder.requests))
        recorder.requests.clear()
    if strace:
        trace_file = os.path.join(base, "trace-%s.txt" % case.name)
        run(prefix + [strace, "-f", "-qq", "-o", trace_file, "-e", "trace=open,openat,openat2,connect"] + command[len(prefix):],
            tree, env)
        outside, connections = traced_opens(trace_file, base, tree)
        if outside:
            problems.append("opened outside the tree: " + ", ".join(sorted(outside))[:200])
        if connections:
            problems.append("connected: " + connections[0][:200])
    messages = sorted({f["message"] for f in findings if f["rule"] == "parse_error"})
    return elapsed, status, problems, messages


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tablelint", default=None, help="the binary (default: .build/release/tablelint)")
    parser.add_argument("--short", action="store_true", help="smaller inputs where size is not the point (CI)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and print its path")
    parser.add_argument("--case", action="append", help="run only this case (repeatable)")
    arguments = parser.parse_args()

    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tablelint = os.path.abspath(arguments.tablelint or os.path.join(repo, ".build", "release", "tablelint"))
    if not os.access(tablelint, os.X_OK):
        sys.exit("no tablelint binary at %s (swift build -c release --product tablelint)" % tablelint)
    debug_binary = "/debug/" in tablelint
    base = os.path.realpath(tempfile.mkdtemp(prefix="tablelint-hostile-"))
    os.chmod(base, 0o755)  # `nobody` must reach the trees
    recorder = RequestRecorder()
    strace = shutil.which("strace")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLELINT")}
    env.update({"HOME": os.path.join(base, "home"), "XDG_CACHE_HOME": os.path.join(base, "cache"), "NO_COLOR": "1"})
    try:
        outside = os.path.join(base, "outside")
        os.makedirs(outside)
        secrets = [CANARY] + passwd_lines()
        for name, content in {
            "secret.txt": CANARY + "\n",
            "secret.swift": "let %s = \"%s\"\nfunc f( {\n" % (CANARY, CANARY),
            "secret.storyboard": "<%s>%s</broken>" % (CANARY, CANARY),
            "secret.m": "@implementation %s\n\xff\n" % CANARY,
            "secret.dtd": '<!ENTITY leak "%s">' % CANARY,
            "external.dtd": '<!ENTITY leak "%s"><!ATTLIST tableViewCell reuseIdentifier CDATA "%s">' % (CANARY, CANARY),
        }.items():
            with open(os.path.join(outside, name), "w", encoding="utf-8", errors="surrogateescape") as file:
                file.write(content)
        rows = []
        failed = 0
        for case in cases(outside, recorder.url, arguments.short):
            if arguments.case and case.name not in arguments.case:
                continue
            tree = os.path.join(base, "cases", case.name)
            os.makedirs(tree)
            for path, content in case.files.items():
                os.makedirs(os.path.dirname(os.path.join(tree, path)), exist_ok=True)
                with open(os.path.join(tree, path), "wb") as file:
                    file.write(content)
            for action in case.setup:
                action(tree)
            prefix = []
            if case.as_nobody:
                prefix = nobody_prefix()
                if prefix is None:
                    rows.append((case.name, "-", "-", "SKIP", "running as root without setpriv/nobody: mode 000 "
                                 "does not stop root"))
                    continue
                if prefix:
                    os.chmod(os.path.join(base, "cases"), 0o755)
                    cache = os.path.join(base, "cache")
                    os.makedirs(cache, exist_ok=True)
                    os.chmod(cache, 0o777)
                    case.notes.append("run as nobody (the suite runs as root)")
            elapsed, status, problems, messages = judge(
                case, tree, base, tablelint, env, secrets, recorder, strace, debug_binary, prefix
            )
            verdict = "FAIL" if problems else "PASS"
            failed += bool(problems)
            detail = "; ".join(problems) if problems else "; ".join(case.notes + messages[:3])
            rows.append((case.name, "%.2f s" % elapsed, str(status), verdict, detail))

        print("tablelint: %s%s" % (tablelint, " (debug build: the 2 s limit is not enforced)" if debug_binary else ""))
        print("strace: %s" % ("every run traced for opens outside the tree and network connections" if strace
                              else "not installed; opens outside the tree are not checked"))
        if arguments.short:
            print("short form: smaller quadratic blowup, XML depth (20 k), Swift line (20 k characters), Swift "
                  "nesting (2 k) and junk; the 1 GB file is not smaller (it is sparse and never read)")
        width = max(len(row[0]) for row in rows)
        print("%-*s  %7s  %6s  %-7s  %s" % (width, "case", "time", "status", "verdict", "detail"))
        for name, elapsed, status, verdict, detail in rows:
            print("%-*s  %7s  %6s  %-7s  %s" % (width, name, elapsed, status, verdict, detail[:150]))
        print("%d passed, %d failed" % (sum(row[3] == "PASS" for row in rows), failed))
        return 1 if failed else 0
    finally:
        recorder.close()
        if arguments.keep:
            print("kept: %s" % base)
        else:
            for directory, folders, _ in os.walk(base):
                for folder in folders:
                    path = os.path.join(directory, folder)
                    if not os.path.islink(path):
                        os.chmod(path, 0o755)
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
