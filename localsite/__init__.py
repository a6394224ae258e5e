"""The built site on 127.0.0.1 and the Chromium that visits it: shared by the browser
tests (tests/browser), the benchmarks (benchmarks/) and the audit (benchmarks/audit.py).

- ``localsite.serve``: ``serve(folder)`` serves a built site like a static host (gzip,
  its 404.html), counting every byte sent.
- ``localsite.chromium``: which Chromium, and the flags that keep it on 127.0.0.1.
"""
