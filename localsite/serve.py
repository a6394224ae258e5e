"""A built site served on 127.0.0.1 for the benchmarks, the audit and the browser tests,
like a static host.

Like GitHub Pages: text files (HTML, CSS, JavaScript, JSON, SVG, .mjs) and WebAssembly
(``application/wasm``: Pyodide's 9.6 MB go as 3.6 MB) go gzip-compressed to a client
that accepts it, archives (``application/zip``: the standard library, the wheel, whose
entries are deflated already) as they are; a missing address
answers 404 with the site's 404.html. Bound to 127.0.0.1 only, on a free port unless one
is given; ``with serve(folder) as url:`` stops it on leaving. Quiet: no line per request,
and a client that drops its connection mid-answer (a browser cancelling a download, a
test closing its page) is no error worth a traceback. Every response is counted:
``Handler.sent`` lists (path, bytes written, headers included), for the page-weight
benchmark.

    python -m localsite.serve SITE_DIR [PORT]     # serve until Ctrl-C
"""

from __future__ import annotations

import functools
import gzip
import http.server
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".txt", ".xml", ".map", ".wasm"}


class _Counting:
    """A writable file that counts what goes through it."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        written: int = self.raw.write(data)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Quiet; gzip for text; the site's 404.html for a missing file; counted."""

    sent: ClassVar[list[tuple[str, int]]] = []  # (path, bytes) of every response, all servers

    extensions_map = {  # noqa: RUF012 (the base class declares it so)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }
    _gzipped: ClassVar[dict[tuple[str, float], bytes]] = {}
    _lock = threading.Lock()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def setup(self) -> None:
        super().setup()
        self.wfile = _Counting(self.wfile)  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        counter: _Counting = self.wfile  # type: ignore[assignment]
        before = counter.count
        super().handle_one_request()
        path = getattr(self, "path", "")
        if path and counter.count > before:
            with self._lock:
                Handler.sent.append((urlsplit(path).path, counter.count - before))

    def _file(self) -> Path | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
            if not self.path.split("?", 1)[0].endswith("/"):
                return None  # let the base class redirect to the folder's address
        return path if path.is_file() else None

    def send_head(self) -> Any:
        extra: Path | None = getattr(self.server, "extra", {}).get(urlsplit(self.path).path)
        if extra is not None:  # a file outside the site (Server.extra), as it is
            self._send(200, "application/octet-stream", extra.read_bytes())
            return None
        path = self._file()
        gzip_ok = "gzip" in self.headers.get("Accept-Encoding", "")
        if path is None or path.suffix not in COMPRESSED or not gzip_ok:
            return super().send_head()
        key = (str(path), path.stat().st_mtime)
        with self._lock:
            body = self._gzipped.get(key)
            if body is None:
                body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
                self._gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        return None

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(str(self.directory)) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        self._send(404, "text/html; charset=utf-8", page.read_bytes())


DROPPED = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


class Server(http.server.ThreadingHTTPServer):
    """Threaded, and silent about connections the client dropped. ``extra`` maps an
    address's path to a file outside the site, served as it is (the browser tests' Python
    snapshot: tests/browser/conftest.py)."""

    daemon_threads = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.extra: dict[str, Path] = {}

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], DROPPED):
            return
        super().handle_error(request, client_address)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serve(folder: Path, port: int = 0, extra: dict[str, Path] | None = None) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1; yields the address, ending with /. ``extra``: files
    outside it, by path (the dict may be filled later, while serving)."""
    handler = functools.partial(Handler, directory=str(folder))
    server = Server(("127.0.0.1", port), handler)
    if extra is not None:
        server.extra = extra
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


if __name__ == "__main__":
    with serve(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 8000) as url:
        print(f"Serving {sys.argv[1]} on {url} (Ctrl-C stops)")
        threading.Event().wait()
