"""A minimal LSP client over the real server's stdio, shared by the language-server benchmarks.

Frames JSON-RPC messages, answers server requests (progress tokens) with null, keeps notifications for
`wait_for`, and reads the server's memory from /proc.
"""
import json, os, subprocess, time

def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

class Server:
    def __init__(self, executable, root, log=None):
        """`log`: a file the server's stderr (its log lines) goes to; by default it is dropped."""
        self.process = subprocess.Popen([executable, "lsp"], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=log or subprocess.DEVNULL)
        self.next_id = 0
        self.buffer = b""
        self.notifications = []

    def send(self, message):
        self.process.stdin.write(frame(message))
        self.process.stdin.flush()

    def read(self):
        while True:
            header_end = self.buffer.find(b"\r\n\r\n")
            if header_end >= 0:
                headers = self.buffer[:header_end].decode()
                length = int([h.split(":")[1] for h in headers.split("\r\n") if h.lower().startswith("content-length")][0])
                if len(self.buffer) >= header_end + 4 + length:
                    body = self.buffer[header_end + 4: header_end + 4 + length]
                    self.buffer = self.buffer[header_end + 4 + length:]
                    return json.loads(body)
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                raise RuntimeError("the server closed its output")
            self.buffer += chunk

    def request(self, method, params):
        self.next_id += 1
        identifier = self.next_id
        self.send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == identifier and "method" not in message:
                return message
            if "method" in message and "id" in message:  # a server request (progress create): accept it
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            elif "method" in message:
                self.notifications.append(message)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(self, predicate, timeout=600):
        deadline = time.time() + timeout
        for message in self.notifications:
            if predicate(message):
                return message
        while time.time() < deadline:
            message = self.read()
            if "method" in message and "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                continue
            self.notifications.append(message)
            if predicate(message):
                return message
        raise RuntimeError("timed out")

    def peak_memory_kib(self):
        """Peak resident memory of the server: the supervisor's and its analysis worker's, added."""
        return sum(status_kib(pid, "VmHWM:") for pid in [self.process.pid] + children_of(self.process.pid))

    def rss_kib(self):
        """The resident memory of the server: the supervisor and its analysis worker together."""
        return sum(rss_of(pid) for pid in [self.process.pid] + children_of(self.process.pid))

    def pss_kib(self):
        """The proportional set size of the supervisor and its worker together: shared library and executable pages
        (mapped by both processes, counted in full in each one's RSS) counted once."""
        return sum(pss_of(pid) for pid in [self.process.pid] + children_of(self.process.pid))

    def worker_pid(self):
        """The analysis worker the supervisor runs (None with `lsp --no-supervisor`)."""
        children = children_of(self.process.pid)
        return children[0] if children else None


def status_kib(pid, field):
    """A memory field of /proc/PID/status (VmRSS:, VmHWM:) in KiB; 0 when the process is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def rss_of(pid):
    return status_kib(pid, "VmRSS:")


def pss_of(pid):
    """Pss: of /proc/PID/smaps_rollup in KiB; 0 when the process is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children_of(parent):
    """Processes whose parent is `parent` (from /proc/PID/stat: the field after the command's closing ')')."""
    result = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2:].split()
        if len(fields) > 1 and int(fields[1]) == parent:
            result.append(int(entry))
    return result

def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]
