"""What every request passes before it reaches the application: the right Host, the right
Origin, a bounded body, and security headers on the way out.

- **Host** must name this server (DNS rebinding: a hostile page whose name suddenly points at
  127.0.0.1 would otherwise be same-origin with a local server).
- **Origin**, where a request has one, must be this server's own (or one added with
  ``--allow-origin`` for a reverse proxy) on a websocket and on anything that changes state
  (``null`` is no origin of ours): another site's page cannot act or open a socket with a
  player's browser. A request without Origin passes: browsers send one on every websocket
  handshake and every POST and DELETE, so it comes from a program, which could write any
  Origin; with no cookies here it holds no authority but the secret it presents.
- Bodies larger than ``max_body`` are refused before any parsing.
- Every response carries a Content-Security-Policy that fits the page, ``frame-ancestors
  'none'``, ``nosniff`` and ``no-referrer``; API answers are never cached.

A pure ASGI middleware, because Starlette's HTTP middleware does not see websockets.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
WILDCARDS = {"0.0.0.0", "::", ""}
UNKNOWN_HOST = (
    "this server does not answer to that host name; whoever runs it can add the name with "
    "--allow-origin http://NAME:PORT"
)


def split_host(value: str) -> tuple[str, int | None] | None:
    """``host[:port]`` (``[v6]:port`` too) as a lower-case name and a port; None if malformed."""
    try:
        parts = urlsplit("//" + value)
        name, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not name or parts.username is not None or parts.path or parts.query:
        return None
    return name.lower(), port


def check_origin(origin: str) -> str:
    """An origin as given to ``--allow-origin``: scheme://host[:port], nothing more."""
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        raise ValueError(f"not an origin (scheme://host[:port]): {origin[:100]}")
    return f"{parts.scheme}://{parts.netloc}".lower()


class Hosts:
    """The names a request's Host may give: those of the address the server is bound to
    (every loopback name for a loopback address; any IP address or this machine's name for a
    wildcard one), on the bound port, and those of the allowed origins."""

    def __init__(self, bind: str, port: int | None, origins: Iterable[str]) -> None:
        self.port = port
        self.names: set[str] = set()
        self.any_ip = bind in WILDCARDS
        if self.any_ip:
            host = socket.gethostname().lower()
            self.names |= {"localhost", host, f"{host}.local", socket.getfqdn().lower()}
        elif is_loopback(bind) or bind == "localhost":
            self.names |= {"localhost", "127.0.0.1", "::1"}
        else:
            self.names.add(bind.strip("[]").lower())
        self.extra: set[tuple[str, int | None]] = set()
        for origin in origins:
            parts = urlsplit(origin)
            if parts.hostname:
                self.extra.add((parts.hostname.lower(), parts.port))

    def allow(self, value: str) -> bool:
        split = split_host(value)
        if split is None:
            return False
        name, port = split
        if (name, port) in self.extra or (port is None and (name, None) in self.extra):
            return True
        if self.port is not None and (port or 80) != self.port:
            return False
        return name in self.names or (self.any_ip and is_ip(name))


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def is_loopback(name: str) -> bool:
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


class Guard:
    def __init__(
        self, app: ASGIApp, *, hosts: Hosts, origins: Iterable[str], max_body: int
    ) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = {check_origin(o) for o in origins}
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if not self.hosts.allow(host):
            await refuse(scope, receive, send, 400, UNKNOWN_HOST)
            return
        origin = headers.get("origin")
        changes = kind == "websocket" or scope.get("method", "GET") not in SAFE_METHODS
        if changes and origin is not None and not self._same_site(origin, host):
            await refuse(scope, receive, send, 403, "requests from another site are refused")
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        if changes:
            body = await self._body(headers, receive)
            if body is None:
                await refuse(scope, receive, send, 413, "request too large")
                return
            receive = replay_body(body)
        await self.app(scope, receive, self._headers(scope, send))

    def _same_site(self, origin: str, host: str) -> bool:
        origin = origin.lower()
        return origin in self.origins or origin in (f"http://{host}", f"https://{host}")

    async def _body(self, headers: dict[str, str], receive: Receive) -> bytes | None:
        """The whole body, or None once it passes the limit (declared or sent)."""
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b""
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    @staticmethod
    def _headers(scope: Scope, send: Send) -> Send:
        path = str(scope.get("path", ""))
        # answers hold a seat's view: never kept; files are kept but checked (ETag) each time
        cache = b"no-store" if path.startswith("/api/") else b"no-cache"

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = list(HEADERS)
                if not any(k.lower() == b"cache-control" for k, _ in message.get("headers", [])):
                    extra.append((b"cache-control", cache))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        return with_headers


def replay_body(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


async def refuse(scope: Scope, receive: Receive, send: Send, status: int, reason: str) -> None:
    """A short JSON answer (an HTTP request) or a refused handshake (a websocket)."""
    if scope["type"] == "websocket":
        await receive()  # the connect event
        await send({"type": "websocket.close", "code": 1008, "reason": reason})
        return
    body = json.dumps({"detail": reason}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
