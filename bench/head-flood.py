#!/usr/bin/env python3
"""Floods a running server with connections that each send a large request head and
never finish it (attack round 4, issue 48), while another address asks `/health/` once a
second; then closes them all and watches what the server keeps.

    bench/head-flood.py --pid PID [--url http://127.0.0.1:8080] [--connections 1600]
                        [--head-kb 380] [--addresses 16] [--hold 20] [--after 10]

Prints the server's resident memory before, at its peak and after the connections
closed, how many connections the server answered (431) or closed, and the other
client's answers.
"""
import argparse
import socket
import time
import urllib.parse

import probe


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--connections", type=int, default=1600)
    parser.add_argument("--head-kb", type=int, default=380)
    parser.add_argument("--addresses", type=int, default=16)
    parser.add_argument("--hold", type=float, default=20)
    parser.add_argument("--after", type=float, default=10)
    args = parser.parse_args()
    url = urllib.parse.urlparse(args.url)
    host, port = url.hostname, url.port or 80

    before = probe.rss_mb(args.pid)
    peak = before
    health = []
    padding = b"a" * (args.head_kb * 1024)
    conns = []
    answered = 0
    for n in range(args.connections):
        source = f"127.0.{1 + n % args.addresses}.{10 + n // 4000}"
        s = socket.socket()
        s.setblocking(True)
        try:
            s.bind((source, 0))
            s.connect((host, port))
            s.sendall(b"GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\nX-Padding: ")
            s.settimeout(0.001)
            try:
                s.sendall(padding)
            except (socket.timeout, BlockingIOError, OSError):
                pass  # the server stopped reading (and perhaps answered)
            conns.append(s)
        except OSError:
            s.close()
        if n % 100 == 0:
            peak = max(peak, probe.rss_mb(args.pid))
    started = time.monotonic()
    next_check = started
    while time.monotonic() - started < args.hold:
        peak = max(peak, probe.rss_mb(args.pid))
        if time.monotonic() >= next_check:
            health.append(probe.health(host, port, "127.0.0.250"))
            next_check += 1
        time.sleep(0.2)
    for s in conns:
        try:
            s.settimeout(0.05)
            if s.recv(16).startswith(b"HTTP/1.1 431"):
                answered += 1
        except OSError:
            pass
        s.close()
    time.sleep(args.after)
    after = probe.rss_mb(args.pid)
    ok = [ms for status, ms in health if status == 200]
    print(f"connections: {len(conns)} of {args.connections}, {answered} answered 431")
    print(f"RSS MiB: before {before:.0f}, peak {peak:.0f}, {args.after:.0f} s after closing {after:.0f}")
    print(f"the other client: {len(ok)} of {len(health)} health checks answered 200, "
          f"slowest {max(ok) if ok else float('nan'):.0f} ms")


if __name__ == "__main__":
    main()
