#!/usr/bin/env python3
"""Registers accounts on a running server for tictactoe-bench's --sessions (issue 42: rated matches at
load). Only a signed-in account may create a rated match or sit in one, and accounts sign in by
passkey, which the bench cannot sign without a crypto package of its own: so this script registers
COUNT accounts, each with a software passkey (Tests/cluster/passkey_authenticator.py, the cluster
tests' own), and writes one "NAME SESSION" line per account, the session being the cookie the
registration set.

    scripts/bench-accounts.py --port 18181 --count 2000 --out /tmp/sessions.txt
    scripts/bench-accounts.py --port 18181 --check /tmp/sessions.txt     (the accounts' stored games)

Every request comes from the page of the server's own origin (http://127.0.0.1:PORT), whose host is
the RP ID, as a browser on that page would send it (Tests/cluster/test_accounts.py's `Page` and
`register`, reused). The server must allow COUNT ceremonies a minute from one address
(--passkeys-per-minute). Needs the cluster tests' venv (`cryptography`, `pytest`).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import sys
import time
import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "cluster"))
from passkey_authenticator import SoftwarePasskey  # noqa: E402
from test_accounts import Page, register  # noqa: E402  (the cluster tests' page and ceremony, reused as they are)


def page_of(host: str, port: int) -> Page:
    """The cluster tests' `Page` of the server's own origin: its `cluster` gives the origin (here the
    server's, the RP ID its host), its `server` the address the requests go to."""
    return Page(types.SimpleNamespace(url=f"http://{host}:{port}"), types.SimpleNamespace(address=f"{host}:{port}"))


def register_one(page: Page, name: str) -> tuple[str, str]:
    """A new account `name` with a passkey of its own: its name as stored and its session."""
    status, created, session = register(page, page, name, SoftwarePasskey())
    if status != 201 or not session:
        raise SystemExit(f"registering {name}: {status} {created} (429: raise the server's --passkeys-per-minute)")
    return created["player"]["name"], session


def register_all(page: Page, count: int, threads: int) -> list[tuple[str, str]]:
    # A few at once: each waits on the server's disk (the account, the passkey and the session are
    # stored before the answer), so threads overlap those waits; the order of the file is the order asked.
    stem = "B" + os.urandom(2).hex()
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        return list(pool.map(lambda index: register_one(page, f"{stem}x{index}"), range(count)))


def stored_games(page: Page, names: list[str]) -> int:
    """Rated games stored over the accounts (`GET /api/players/{name}`; each game counts at both of its
    players)."""
    total = 0
    for name in names:
        status, player, _ = page.call("GET", f"/api/players/{name}")
        if status != 200:
            raise SystemExit(f"GET /api/players/{name}: {status} {player}")
        total += sum(rating["games"] for rating in player.get("ratings", {}).values())
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--count", type=int, default=2000, help="accounts to register (the bench pairs them, two per match)")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--out", help="where to write the NAME SESSION lines")
    parser.add_argument("--check", metavar="FILE", help="instead: sum the rated games stored for the accounts of FILE")
    args = parser.parse_args()
    page = page_of(args.host, args.port)
    if args.check:
        names = [line.split()[0] for line in open(args.check) if line.strip() and not line.startswith("#")]
        print(f"{stored_games(page, names) // 2} rated games stored for the {len(names)} accounts of {args.check}")
        return
    if not args.out or args.count < 2:
        parser.error("--out FILE and --count of at least 2 (a match seats two accounts)")
    began = time.monotonic()
    accounts = register_all(page, args.count, args.threads)
    with open(args.out, "w") as out:
        out.write("# NAME SESSION, written by scripts/bench-accounts.py for tictactoe-bench --sessions\n")
        out.writelines(f"{name} {session}\n" for name, session in accounts)
    print(f"registered {len(accounts)} accounts on {page.origin} in {time.monotonic() - began:.1f} s: {args.out}")


if __name__ == "__main__":
    main()
