#!/usr/bin/env python3
"""Floods a running server with slow clients from many loopback addresses and watches
what they hold, while another address asks `/health/` once a second.

    bench/slow-clients.py --pid PID [--url http://127.0.0.1:8080] [--addresses 16]
                          [--per-address 240] [--seconds 75]

Two kinds of slow client, half each:
- a slow body: a sign-in whose body comes a byte every 10 s (each pause is within the
  connection timeout, so only a whole-request deadline ends it);
- a slow reader: asks for a large answer (`--reader-path`, the OpenAPI document by
  default) with a 4 KB receive buffer and never reads it.

Prints, every 5 s, the server's open file descriptors (its connections) and resident
memory, read from /proc/PID; then the other client's answers.
"""
import argparse
import os
import resource
import socket
import time
import urllib.parse

import probe


def fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--pid", type=int, required=True, help="the API process")
    parser.add_argument("--addresses", type=int, default=16)
    parser.add_argument("--per-address", type=int, default=240)
    parser.add_argument("--seconds", type=float, default=75)
    parser.add_argument("--reader-path", default="/api/v1/openapi.json")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    url = urllib.parse.urlparse(args.url)
    host, port = url.hostname, url.port or 80

    def other_client():
        # Another address, as another user would be.
        return probe.health(host, port, "127.0.0.250")

    before_fds, before_rss = fds(args.pid), probe.rss_mb(args.pid)
    body = b'{"username": "somebody", "password": "a password long enough"}' * 16
    slow_bodies, slow_readers, refused = [], [], 0
    started = time.monotonic()
    for n in range(args.addresses):
        source = (f"127.0.1.{n + 1}", 0)
        for i in range(args.per_address):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.bind(source)
            s.settimeout(3)
            try:
                s.connect((host, port))
                if i % 2 == 0:
                    s.sendall(
                        b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\n"
                        b"Content-Type: application/json\r\n"
                        + f"Content-Length: {len(body)}\r\n\r\n".encode()
                    )
                    slow_bodies.append([s, 0])
                else:
                    s.sendall(f"GET {args.reader_path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                    slow_readers.append(s)
            except OSError:
                s.close()
                refused += 1
            s.setblocking(False)
    print(f"opened {len(slow_bodies)} slow bodies and {len(slow_readers)} slow readers from "
          f"{args.addresses} addresses in {time.monotonic() - started:.1f} s ({refused} refused); "
          f"server before: {before_fds} fds, {before_rss:.0f} MB")
    answers = []
    next_byte, next_probe, next_report = time.monotonic(), time.monotonic(), time.monotonic()
    peak_fds, peak_rss = 0, 0.0
    while time.monotonic() - started < args.seconds:
        now = time.monotonic()
        if now >= next_byte:
            for entry in slow_bodies:
                s, sent = entry
                if sent < len(body):
                    try:
                        s.send(body[sent:sent + 1])
                        entry[1] += 1
                    except OSError:
                        entry[1] = len(body)
            next_byte = now + 10
        if now >= next_probe:
            answers.append(other_client())
            next_probe = now + 1
        held, rss = fds(args.pid), probe.rss_mb(args.pid)
        peak_fds, peak_rss = max(peak_fds, held or 0), max(peak_rss, rss or 0)
        if now >= next_report:
            print(f"  {now - started:5.0f} s: server {held} fds, {rss:.0f} MB")
            next_report = now + 5
        time.sleep(0.2)
    ok = [ms for status, ms in answers if status == 200]
    print(f"server peak {peak_fds} fds, {peak_rss:.0f} MB; at the end {fds(args.pid)} fds, "
          f"{probe.rss_mb(args.pid):.0f} MB")
    print(f"the other client: {len(ok)} of {len(answers)} answered 200"
          + (f", slowest {max(ok):.0f} ms" if ok else "")
          + "; failures: " + str([s for s, _ in answers if s != 200][:5]))


if __name__ == "__main__":
    main()
