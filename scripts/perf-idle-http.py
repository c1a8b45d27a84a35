#!/usr/bin/env python3
"""What an idle keep-alive HTTP connection costs the server, and how long a new visitor waits while the
server holds its connection limit in idle keep-alives (docs/PERFORMANCE.md, issue 26).

Starts the server binary on a fresh SQLite file, then:
1. opens HELD keep-alive connections (spread over loopback source addresses so that the per-address
   limit does not refuse them), sends one complete `GET /healthz` on each and keeps them open without
   another request; the server's resident memory before and after gives the cost of one;
2. with the server at `--max-connections` (every place held that way), times a new visitor's
   `GET /healthz` on a fresh connection, up to --visitor-timeout seconds, several times.

    scripts/perf-idle-http.py [--bin .build/release/tictactoe] [--max-connections 1000] [--held 1000]
    scripts/perf-idle-http.py --one-address     # issue 26's scenario: every connection from 127.0.0.2,
                                                # the server's default --max-connections-per-address

Standard library only. Prints one line per figure.
"""
import argparse
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(sock: socket.socket) -> bytes:
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(4096)
        if not chunk:
            break
        received += chunk
    return received


def open_keep_alive(port: int, source: str) -> socket.socket | None:
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(5)
    try:
        sock.connect(("127.0.0.1", port))
        answer = request(sock)
    except OSError:
        sock.close()
        return None
    if not answer.startswith(b"HTTP/1.1 200"):
        sock.close()
        return None
    return sock


def visitor_wait(port: int, timeout: float) -> float:
    """Seconds until a new connection's GET /healthz is answered (timeout when it is not)."""
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.settimeout(max(0.1, timeout - (time.monotonic() - started)))
            answer = request(sock)
            if not answer.startswith(b"HTTP/1.1 200"):
                return float("nan")
    except OSError:
        return timeout
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/release/tictactoe")
    parser.add_argument("--max-connections", type=int, default=1000)
    parser.add_argument("--held", type=int, default=1000, help="idle keep-alives to open")
    parser.add_argument("--visitor-timeout", type=float, default=10.0)
    parser.add_argument("--visitors", type=int, default=5)
    parser.add_argument("--one-address", action="store_true",
                        help="open every connection from 127.0.0.2 and leave the per-address limit at its default")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)

    port = free_port()
    folder = tempfile.mkdtemp(prefix="tictactoe-idle-http.")
    server = subprocess.Popen(
        [args.bin, "--port", str(port), "--db", os.path.join(folder, "idle.sqlite"),
         "--max-connections", str(args.max_connections), "--log-level", "warning"]
        + ([] if args.one_address else ["--max-connections-per-address", "1000000"]),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
                    if request(probe).startswith(b"HTTP/1.1 200"):
                        break
            except OSError:
                time.sleep(0.05)
        time.sleep(1)
        before = rss_kib(server.pid)
        held = []
        sources = ["127.0.0.2"] if args.one_address else [f"127.0.1.{index}" for index in range(1, 250)]
        for index in range(args.held):
            sock = open_keep_alive(port, sources[index % len(sources)])
            if sock is not None:
                held.append(sock)
        time.sleep(1)
        after = rss_kib(server.pid)
        print(f"idle keep-alives held: {len(held)} of {args.held} opened (max-connections {args.max_connections})")
        print(f"server memory: {before} KiB before, {after} KiB with them held: "
              f"{(after - before) / max(1, len(held)):.1f} KiB per idle keep-alive")
        waits = [visitor_wait(port, args.visitor_timeout) for _ in range(args.visitors)]
        print("new visitor's GET /healthz at the limit: "
              + ", ".join(f"{wait * 1000:.1f} ms" for wait in waits)
              + f" (median {statistics.median(waits) * 1000:.1f} ms; {args.visitor_timeout:.0f} s means not answered within the timeout)")
        still_open = sum(1 for sock in held if _is_open(sock))
        print(f"keep-alives still open afterwards: {still_open} of {len(held)}")
        for sock in held:
            sock.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


def _is_open(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


if __name__ == "__main__":
    sys.exit(main())
