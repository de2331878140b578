"""What the attack benches share: another client, from its own loopback address, asking
`/health/` as another user would while the attack goes on, and the server's memory."""
import http.client
import time


def health(host, port, source):
    """(status, milliseconds) of one `/health/` asked from `source`, or (error, None)."""
    conn = http.client.HTTPConnection(host, port, timeout=5, source_address=(source, 0))
    try:
        start = time.monotonic()
        conn.request("GET", "/api/v1/health/")
        status = conn.getresponse().status
        return status, (time.monotonic() - start) * 1000
    except OSError as e:
        return str(e), None
    finally:
        conn.close()


def rss_mb(pid):
    """The resident memory of process `pid` in MiB, from /proc; None when it is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None
