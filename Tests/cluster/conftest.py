"""A cluster for the tests: N `tictactoe` servers on one PostgreSQL behind a private nginx.

Run from the repository root, with a PostgreSQL that the servers may use (scripts/test.sh starts a
private one, scripts/private-postgres.sh):

    TICTACTOE_TEST_POSTGRES_URL=postgres://… .venv/bin/python -m pytest -q Tests/cluster

The server binary is $TICTACTOE_BIN, by default <repo>/.build/debug/tictactoe. Each server listens on
its own free port with `--trusted-proxy 127.0.0.1` (nginx's address) and writes its log to a file;
nginx (scripts/private-nginx.sh, with the repository's scripts/nginx/tictactoe.conf) logs each
request's upstream, which is how a test learns which server answered.
"""

from __future__ import annotations

import contextlib
import dataclasses
import http.client
import os
import pathlib
import re
import signal
import socket
import subprocess
import tempfile
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
PRIVATE_NGINX = REPO / "scripts" / "private-nginx.sh"
START_TIMEOUT_S = 30
STOP_TIMEOUT_S = 15


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclasses.dataclass
class Reply:
    status: int
    body: str
    headers: dict[str, str]


def request(url: str, method: str = "GET", path: str = "/", headers: dict[str, str] | None = None, timeout: float = 15) -> Reply:
    """One HTTP request on its own connection; redirects are not followed."""
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        body = response.read().decode("utf-8", "replace")
        return Reply(response.status, body, {name.lower(): value for name, value in response.getheaders()})
    finally:
        connection.close()


class ClusterServer:
    """One `tictactoe` process of the cluster; it keeps its port across restarts, so nginx's list stays right."""

    def __init__(self, index: int, binary: pathlib.Path, db_url: str, workdir: pathlib.Path, extra_args: list[str]):
        self.index = index
        self.port = _free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.url = f"http://{self.address}"
        self.log_path = workdir / f"server-{index}.log"
        # Present while the process may run: scripts/test.sh's trap stops what pytest could not.
        self.pid_path = workdir / f"server-{index}.pid"
        self._workdir = workdir
        self._command = [
            str(binary), "--host", "127.0.0.1", "--port", str(self.port), "--db", db_url,
            "--public", str(REPO / "Public"), "--trusted-proxy", "127.0.0.1",
            # Every player of the tests is 127.0.0.1 (forwarded by nginx): lift the per-address limits.
            "--max-connections-per-address", "100000", "--connects-per-minute", "1000000", *extra_args,
        ]
        self.process: subprocess.Popen | None = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def spawn(self) -> None:
        """Starts the process; `wait_ready` waits for it."""
        self._log_offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        log = open(self.log_path, "ab")
        try:
            self.process = subprocess.Popen(self._command, cwd=self._workdir, stdout=log, stderr=subprocess.STDOUT)
        finally:
            log.close()
        self.pid_path.write_text(str(self.process.pid))

    def wait_ready(self) -> None:
        """Waits until this start logged `listening on http://` and /healthz answers 200."""
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if self.process.poll() is not None:
                self.pid_path.unlink(missing_ok=True)
                pytest.fail(f"server {self.index} exited with {self.process.returncode}:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                pytest.fail(f"server {self.index} not ready within {START_TIMEOUT_S} s:\n{self.log_tail()}")
            if "listening on http://" in self.log()[self._log_offset:]:
                try:
                    if request(self.url, path="/healthz", timeout=2).status == 200:
                        return
                except OSError:
                    pass
            time.sleep(0.05)  # polling a process's start, not synchronising with a test

    def start(self) -> None:
        self.spawn()
        self.wait_ready()

    def kill(self) -> None:
        """kill -9: no shutdown at all, as a crash."""
        if self.running:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        self.pid_path.unlink(missing_ok=True)

    def terminate(self) -> int:
        """SIGTERM, as a rolling restart does; SIGKILL if it has not exited within STOP_TIMEOUT_S."""
        self.ask_to_stop()
        return self.wait_stopped()

    def ask_to_stop(self) -> None:
        """Sends SIGTERM; `wait_stopped` waits (so that many servers can shut down at once)."""
        if self.running:
            self.process.send_signal(signal.SIGTERM)

    def wait_stopped(self) -> int:
        if self.process is not None:
            try:
                self.process.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.pid_path.unlink(missing_ok=True)
        return self.process.returncode if self.process else 0

    def restart(self) -> None:
        self.terminate()
        self.start()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log().splitlines()[-lines:])

    def lines_naming(self, match_id: str, message: str = "") -> list[str]:
        """Log lines about match `match_id` (its `match=` metadata) that contain `message`."""
        return [line for line in self.log().splitlines() if f"match={match_id}" in line and message in line]


@dataclasses.dataclass
class Routed:
    """One line of nginx's access log: a request and every server nginx tried for it, in order."""

    method: str
    uri: str
    status: int
    upstreams: list[str]
    key: str

    @property
    def answered_by(self) -> str:
        return self.upstreams[-1] if self.upstreams else ""


class Nginx:
    """The private nginx of scripts/private-nginx.sh in front of `addresses`."""

    def __init__(self, addresses: list[str]):
        result = subprocess.run([str(PRIVATE_NGINX), "start", *addresses], capture_output=True, text=True, timeout=300)
        if result.returncode != 0:
            pytest.fail(f"private nginx did not start:\n{result.stderr}")
        values = dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)
        self.dir = pathlib.Path(values["PRIVATE_NGINX_DIR"])
        self.url = values["PRIVATE_NGINX_URL"]
        self.ws_url = self.url.replace("http://", "ws://")

    def begin_stop(self) -> subprocess.Popen:
        """Starts stopping nginx (which takes nginx a second or two) and removing its folder."""
        return subprocess.Popen([str(PRIVATE_NGINX), "stop", str(self.dir)])

    _LINE = re.compile(r"^(\S+) (\S+) (\d+) upstream=(.*) key=(\S*)$")

    def routed(self) -> list[Routed]:
        """Every request so far (a WebSocket's once it has closed)."""
        routed = []
        for line in (self.dir / "access.log").read_text().splitlines():
            parsed = self._LINE.match(line)
            if parsed:
                method, uri, status, upstreams, key = parsed.groups()
                tried = [address.strip() for address in re.split(r"[,:]\s", upstreams) if address.strip() not in ("", "-")]
                routed.append(Routed(method, uri, int(status), tried, key))
        return routed

    def wait_lines(self, count: int, timeout: float = 5) -> list[Routed]:
        """The access log once it has `count` lines: nginx writes a request's line after its answer."""
        deadline = time.monotonic() + timeout
        while len(routed := self.routed()) < count:
            assert time.monotonic() < deadline, f"nginx logged {len(routed)} requests, not {count}"
            time.sleep(0.02)  # polling a file another process appends to
        return routed

    def error_log(self) -> str:
        return (self.dir / "error.log").read_text(errors="replace")


class Cluster:
    def __init__(self, servers: list[ClusterServer], nginx: Nginx):
        self.servers = servers
        self.nginx = nginx
        self.url = nginx.url

    def server_at(self, address: str) -> ClusterServer:
        return next(server for server in self.servers if server.address == address)

    def request(self, method: str = "GET", path: str = "/", headers: dict[str, str] | None = None) -> Reply:
        """A request through nginx, returned once nginx has logged it (the tests send one at a time)."""
        logged = len(self.nginx.routed())
        reply = request(self.url, method, path, headers)
        self.nginx.wait_lines(logged + 1)
        return reply

    def create_match(self, headers: dict[str, str] | None = None) -> str:
        reply = self.request("POST", "/api/matches", headers)
        assert reply.status == 201, f"{reply.status} {reply.body}"
        return re.search(r'"matchId":"([A-Za-z0-9_-]+)"', reply.body).group(1)

    def last_routed(self, uri: str) -> Routed:
        return [line for line in self.nginx.routed() if line.uri == uri][-1]

    def logs(self) -> str:
        return "\n\n".join(f"--- server {server.index} ({server.address})\n{server.log_tail()}" for server in self.servers)

    def story_of(self, match_id: str) -> str:
        """Every server's log lines about `match_id`, merged in time order (a line's timestamp has whole
        seconds: within one, a server's lines keep their order), each marked with its server."""
        lines = [(line[:25], server.index, number, line) for server in self.servers
                 for number, line in enumerate(server.log().splitlines()) if match_id in line]
        return "\n".join(f"[server {index}] {line}" for _, index, _, line in sorted(lines))

    @contextlib.contextmanager
    def telling_the_story_of_failures(self, match_ids: list[str]):
        """A failure that names one of `match_ids` comes with that match's story from the servers' logs:
        a failure of a test of several servers is rarely understood from the client's side alone."""
        try:
            yield
        except AssertionError as failure:
            named = [match_id for match_id in match_ids if match_id in str(failure)]
            if not named:
                raise
            stories = "\n\n".join(f"--- the servers' story of {match_id}\n{self.story_of(match_id)}" for match_id in named)
            raise AssertionError(f"{failure}\n\n{stories}") from failure

    def begin_stop(self) -> subprocess.Popen:
        """Asks every server and nginx to stop; wait for the servers with `wait_stopped`, for nginx on
        what this returns. Many clusters stop at once so."""
        for server in self.servers:
            server.ask_to_stop()
        return self.nginx.begin_stop()

    def wait_stopped(self, nginx_stop: subprocess.Popen) -> None:
        for server in self.servers:
            server.wait_stopped()
        nginx_stop.wait(timeout=60)


def _postgres_url() -> str:
    url = os.environ.get("TICTACTOE_TEST_POSTGRES_URL", "")
    if not url:
        if os.environ.get("TICTACTOE_TEST_POSTGRES_REQUIRED") == "1":
            pytest.fail("TICTACTOE_TEST_POSTGRES_URL is not set (scripts/test.sh starts a private PostgreSQL)")
        pytest.skip("TICTACTOE_TEST_POSTGRES_URL is not set: the cluster tests need a PostgreSQL")
    return url


@pytest.fixture(scope="session")
def cluster_factory(tmp_path_factory):
    """`start(count=3, extra_args=[…])`: a cluster of `count` servers behind nginx, stopped at the end of
    the session (also when a test fails); servers a test killed or stopped are stopped as they are."""
    binary = pathlib.Path(os.environ.get("TICTACTOE_BIN", REPO / ".build" / "debug" / "tictactoe"))
    if not binary.exists():
        pytest.fail(f"server binary not found at {binary}: build it (swift build) or set TICTACTOE_BIN")
    db_url = _postgres_url()
    started: list[Cluster] = []

    def start(count: int = 3, extra_args: list[str] | None = None, database: str | None = None) -> Cluster:
        """`database`: another URL than the test server's (a primary and its standby)."""
        workdir = tmp_path_factory.mktemp("cluster")
        servers = [ClusterServer(index, binary, database or db_url, workdir, extra_args or []) for index in range(count)]
        try:
            for server in servers:
                server.spawn()
            for server in servers:
                server.wait_ready()
            cluster = Cluster(servers, Nginx([server.address for server in servers]))
        except BaseException:
            for server in servers:
                server.kill()
            raise
        started.append(cluster)
        return cluster

    yield start
    stopping = [(cluster, cluster.begin_stop()) for cluster in started]
    for cluster, nginx_stop in stopping:
        cluster.wait_stopped(nginx_stop)


@pytest.fixture(scope="module")
def cluster(cluster_factory) -> Cluster:
    """Three servers behind nginx, shared by a module's tests (which must leave them running)."""
    return cluster_factory(3, ["--matches-per-minute", "10000"])
