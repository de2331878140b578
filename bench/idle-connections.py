#!/usr/bin/env python3
"""Opens many idle connections to a running server from one address and checks that
the server closes every one within its timeout while another client is served.

    bench/idle-connections.py [--url http://127.0.0.1:8080] [--count 20000] [--timeout 20]

Prints how many connections were accepted, refused at once (over the per-address
limit), closed by the server by the timeout, and the other client's answers meanwhile.
"""
import argparse
import resource
import selectors
import socket
import time
import urllib.parse

import probe


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--timeout", type=float, default=20.0, help="the server's CONNECTION_TIMEOUT_SECS")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    count = min(args.count, hard - 64)
    url = urllib.parse.urlparse(args.url)
    host, port = url.hostname, url.port or 80

    def other_client():
        # Another address, as another user would be.
        return probe.health(host, port, "127.0.0.2")

    selector = selectors.DefaultSelector()
    opened = {}
    not_established = 0
    started = time.monotonic()
    for _ in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(3)
        try:
            s.connect((host, port))
        except OSError:
            s.close()
            not_established += 1
            continue
        s.setblocking(False)
        opened[s] = time.monotonic()
        selector.register(s, selectors.EVENT_READ)
    print(f"opened {len(opened)} idle connections from 127.0.0.1 in {time.monotonic() - started:.1f} s"
          f" ({not_established} not established)")
    closed_at = {}
    served = []
    deadline = time.monotonic() + args.timeout + 10
    next_probe = time.monotonic()
    while time.monotonic() < deadline and len(closed_at) < len(opened):
        for key, _ in selector.select(timeout=0.2):
            s = key.fileobj
            try:
                data = s.recv(1024)
            except OSError:
                data = b""
            if not data:
                closed_at[s] = time.monotonic() - opened[s]
                selector.unregister(s)
        if time.monotonic() >= next_probe:
            served.append(other_client())
            next_probe = time.monotonic() + 1
    at_once = sum(1 for t in closed_at.values() if t < 1)
    by_timeout = len(closed_at) - at_once
    latest = max(closed_at.values(), default=0)
    print(f"closed by the server: {len(closed_at)} of {len(opened)} "
          f"({at_once} within 1 s, over the per-address limit; {by_timeout} by the timeout, "
          f"the last {latest:.1f} s after it opened)")
    print(f"still open: {len(opened) - len(closed_at)}")
    ok = [ms for status, ms in served if status == 200]
    print(f"the other client: {len(ok)} of {len(served)} probes answered 200, "
          f"slowest {max(ok, default=0):.0f} ms")
    for s in opened:
        s.close()


if __name__ == "__main__":
    main()
