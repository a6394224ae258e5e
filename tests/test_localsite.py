"""The local server of the tests, the benchmarks and the audit (localsite/serve.py):
what a reader of the test output sees of it."""

from __future__ import annotations

import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from localsite.serve import serve


def test_a_dropped_download_prints_no_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A browser that cancels a download (a test closing its page) resets the connection
    # half-way through the answer: the server goes on, and says nothing about it.
    (tmp_path / "big.wasm").write_bytes(b"\0" * 8_000_000)
    (tmp_path / "index.html").write_text("<p>here</p>", "utf-8")
    with serve(tmp_path) as url:
        address = urlsplit(url)
        for _ in range(3):
            client = socket.create_connection((address.hostname, address.port))
            client.sendall(b"GET /big.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(1024)
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")  # reset
            client.close()
        with socket.create_connection((address.hostname, address.port)) as client:
            client.sendall(b"GET / HTTP/1.0\r\n\r\n")
            answer = b""
            while chunk := client.recv(65536):
                answer += chunk
    assert answer.startswith(b"HTTP/1.0 200") and answer.endswith(b"<p>here</p>")
    printed = capsys.readouterr()
    assert "Traceback" not in printed.err + printed.out, printed.err
