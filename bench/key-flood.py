#!/usr/bin/env python3
"""Sends `--connections` signed-in POSTs with an Idempotency-Key, a multipart Content-Type
and a 10 MB body to a JSON route (attack round 4, issue 48), each body sent in full, and
watches the server's memory and another client's `/health/`.

    bench/key-flood.py --pid PID --token ACCESS [--url http://127.0.0.1:8080]
                       [--path /api/v1/meals/create/] [--connections 64] [--mb 10]
"""
import argparse
import socket
import threading
import time
import urllib.parse

import probe


def send(host, port, source, path, token, size, answers):
    s = socket.socket()
    try:
        s.bind((source, 0))
        s.connect((host, port))
        s.sendall(
            f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
            f"Idempotency-Key: flood-{source}-{id(s)}\r\n"
            f"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {size}\r\n\r\n".encode()
        )
        s.settimeout(30)
        chunk = b"x" * 65536
        sent = 0
        try:
            while sent < size:
                sent += s.send(chunk[: min(len(chunk), size - sent)])
        except OSError:
            pass  # the server answered and closed before the body was all sent
        answers.append(s.recv(12).decode(errors="replace"))
        time.sleep(5)  # held open a moment, as the attack did
    except OSError as e:
        answers.append(str(e))
    finally:
        s.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--path", default="/api/v1/meals/create/")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--mb", type=int, default=10)
    args = parser.parse_args()
    url = urllib.parse.urlparse(args.url)
    host, port = url.hostname, url.port or 80
    before = peak = probe.rss_mb(args.pid)
    answers, health = [], []
    threads = [
        threading.Thread(target=send, args=(host, port, f"127.0.{1 + n % 16}.9", args.path,
                                            args.token, args.mb * 1024 * 1024, answers))
        for n in range(args.connections)
    ]
    for t in threads:
        t.start()
    next_check = time.monotonic()
    while any(t.is_alive() for t in threads):
        peak = max(peak, probe.rss_mb(args.pid))
        if time.monotonic() >= next_check:
            health.append(probe.health(host, port, "127.0.0.250"))
            next_check += 1
        time.sleep(0.1)
    time.sleep(10)
    after = probe.rss_mb(args.pid)
    statuses = sorted(set(a[9:12] if a.startswith("HTTP/1.1") else a for a in answers))
    ok = [ms for status, ms in health if status == 200]
    print(f"answers: {statuses}")
    print(f"RSS MiB: before {before:.0f}, peak {peak:.0f}, 10 s after {after:.0f}")
    print(f"the other client: {len(ok)} of {len(health)} health checks answered 200, "
          f"slowest {max(ok) if ok else float('nan'):.0f} ms")


if __name__ == "__main__":
    main()
