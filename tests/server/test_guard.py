"""What every request passes: Host and Origin checks, a bounded body, short errors that never
echo the request, security headers, cached static files, API docs only on request
(issue 9, items 8, 9 and 12)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import auth, code_of, create, new_game
from wartable.server.app import create_app
from wartable.server.guard import Hosts, check_origin


def test_a_request_for_another_host_name_is_refused(c):
    """DNS rebinding: a hostile name pointed at this machine is not this server."""
    r = c.get("/api/catalog", headers={"Host": "evil.example:8000"})
    assert r.status_code == 400 and "host" in r.json()["detail"]
    assert c.get("/api/catalog").status_code == 200


def test_the_host_names_a_server_answers_to_follow_its_address():
    local = Hosts("127.0.0.1", 8000, [])
    assert local.allow("127.0.0.1:8000") and local.allow("localhost:8000")
    assert local.allow("[::1]:8000")
    assert not local.allow("127.0.0.1:9000") and not local.allow("evil.example:8000")
    assert not local.allow("") and not local.allow("a b") and not local.allow("x@127.0.0.1:8000")
    anywhere = Hosts("0.0.0.0", 8000, [])
    assert anywhere.allow("192.168.1.20:8000") and not anywhere.allow("rebound.example:8000")
    proxied = Hosts("127.0.0.1", 8000, ["https://games.example.org"])
    assert proxied.allow("games.example.org") and not proxied.allow("other.example.org")
    assert check_origin("HTTPS://Games.Example.org") == "https://games.example.org"
    for bad in ("games.example.org", "ftp://x", "https://x/path", "https://"):
        with pytest.raises(ValueError):
            check_origin(bad)


def test_another_sites_page_cannot_act_or_open_a_socket(c):
    gid, tokens, _ = new_game(c)
    evil = {"Origin": "https://evil.example", **auth(tokens["us"])}
    r = c.post(f"/api/games/{gid}/actions", headers=evil, json={"n": 0, "action": "bid scout-A"})
    assert r.status_code == 403
    assert c.post("/api/games", headers=evil, json={"game": "undaunted"}).status_code == 403
    hostile = {"Origin": "https://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        c.websocket_connect(f"/ws/games/{gid}", headers=hostile),
    ):
        pass
    assert refused.value.code == 1008
    assert c.get(f"/api/games/{gid}").json()["n"] == 0  # nothing happened
    # the page's own origin (and the test server's allowed one) may
    mine = {"Origin": "http://testserver", **auth(tokens["us"])}
    legal = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()["legal"]
    r = c.post(f"/api/games/{gid}/actions", headers=mine, json={"n": 0, "action": legal[0]})
    assert r.status_code == 200
    with c.websocket_connect(f"/ws/games/{gid}", headers={"Origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["n"] == 1


def test_a_request_without_an_origin_passes_and_holds_no_authority_but_its_token(c):
    """docs/server.md: browsers send Origin on every websocket handshake and every POST and
    DELETE, so a request without one comes from a program (a script, bench/server.py), which
    could write any Origin it liked; the server keeps no cookies, so such a request can do
    only what the secret it presents allows (issue 43, item 14)."""
    r = c.post("/api/games", json={"game": "undaunted", "scenario": "la-raye"})
    assert r.status_code == 200 and "origin" not in r.request.headers
    made = r.json()
    gid, host = made["id"], made["host"]
    gone = c.delete(f"/api/games/{gid}/invitations/germany", headers=auth(host))
    assert gone.status_code == 200 and "origin" not in gone.request.headers
    fresh = c.post(f"/api/games/{gid}/invitations/germany", headers=auth(host)).json()
    claimed = c.post(f"/api/games/{gid}/claim", json={"invite": code_of(fresh["invitation"])})
    assert claimed.status_code == 200 and "origin" not in claimed.request.headers
    legal = c.get(f"/api/games/{gid}", headers=auth(made["token"])).json()["legal"]
    bare = c.post(f"/api/games/{gid}/actions", json={"n": 0, "action": legal[0]})
    assert bare.status_code == 403 and "token" in bare.json()["detail"]  # no seat: nothing
    done = c.post(
        f"/api/games/{gid}/actions", headers=auth(made["token"]), json={"n": 0, "action": legal[0]}
    )
    assert done.status_code == 200 and done.json()["n"] == 1
    # what a form could send (an old browser's, without Origin) is never read as JSON
    for kind in ("text/plain", "application/x-www-form-urlencoded"):
        formed = c.post(
            "/api/games", content=b'{"game": "undaunted"}', headers={"content-type": kind}
        )
        assert formed.status_code == 422
    with c.websocket_connect(f"/ws/games/{gid}") as ws:  # no Origin either
        ws.send_json({"type": "hello", "token": claimed.json()["token"]})
        state = ws.receive_json()
        assert state["seat"] == "germany" and state["n"] == 1
        ws.send_json({"type": "act", "n": 1, "action": state["legal"][0]})
        assert ws.receive_json()["n"] == 2


@pytest.mark.parametrize(
    "origin", ["https://evil.example", "null", "http://testserver.evil.example", "http://testserve"]
)
def test_a_foreign_origin_is_refused_on_every_change_and_every_socket(c, origin):
    made = create(c, game="undaunted", scenario="la-raye")
    gid, host, link = made["id"], made["host"], made["invitations"]["germany"]
    other = {"Origin": origin}
    for r in (
        c.post("/api/games", headers=other, json={"game": "undaunted"}),
        c.post(f"/api/games/{gid}/claim", headers=other, json={"invite": code_of(link)}),
        c.post(f"/api/games/{gid}/invitations/germany", headers={**other, **auth(host)}),
        c.delete(f"/api/games/{gid}/invitations/germany", headers={**other, **auth(host)}),
        c.post(
            f"/api/games/{gid}/actions",
            headers={**other, **auth(made["token"])},
            json={"n": 0, "action": "bid scout-A"},
        ),
        c.post("/api/mine", headers=other, json={"games": []}),
    ):
        assert r.status_code == 403 and "another site" in r.json()["detail"]
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        c.websocket_connect(f"/ws/games/{gid}", headers=other),
    ):
        pass
    assert refused.value.code == 1008
    status = c.get(f"/api/games/{gid}/invitations", headers=auth(host)).json()["seats"]
    assert status == {"us": "claimed", "germany": "open"}  # nothing happened
    assert c.get(f"/api/games/{gid}", headers={**other, **auth(made["token"])}).json()["n"] == 0


def test_every_answer_carries_the_security_headers(c):
    for path in ("/", "/api/catalog", "/static/app.js", "/nope"):
        r = c.get(path)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
    assert c.get("/api/catalog").headers["cache-control"] == "no-store"


def test_static_files_are_cached_and_checked_and_the_favicon_is_there(c):
    r = c.get("/static/app.js")
    assert r.headers["etag"] and r.headers["cache-control"] == "no-cache"
    again = c.get("/static/app.js", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
    icon = c.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert 'rel="icon"' in c.get("/").text


def test_the_api_docs_are_off_unless_asked_for(tmp_path):
    with TestClient(create_app(str(tmp_path / "a.db"), allow_origins=["http://testserver"])) as c:
        assert c.get("/docs").status_code == 404 and c.get("/openapi.json").status_code == 404
    with TestClient(
        create_app(str(tmp_path / "b.db"), allow_origins=["http://testserver"], api_docs=True)
    ) as c:
        assert c.get("/docs").status_code == 200 and c.get("/openapi.json").status_code == 200


def test_errors_never_echo_the_request(c):
    gid, tokens, _ = new_game(c)
    big = '{"n": 0, "action": "' + "A" * 1_000_000 + '"'  # a megabyte of broken JSON
    r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens["us"]), content=big)
    assert r.status_code == 413 and len(r.content) < 200
    long_action = {"n": 0, "action": "B" * 5000}
    r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens["us"]), json=long_action)
    assert r.status_code == 422 and "BBB" not in r.text and "action" in r.json()["detail"]
    assert len(r.content) < 300
    r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens["us"]), content=b"{nope")
    assert r.status_code == 422 and "nope" not in r.text
    r = c.get("/api/games/" + "g" * 5000)
    assert r.status_code == 404 and r.json() == {"detail": "no such game"}
    r = c.get("/api/games/abc$def/glossary")
    assert r.status_code == 404 and "$" not in r.text
    r = c.get(f"/api/games/{gid}/los", params={"a": "C" * 5000, "b": "1"})
    assert r.status_code == 422 and "CCC" not in r.text
    r = c.post("/api/games", json={"game": "undaunted", "seed": "D" * 3000})
    assert r.status_code == 422 and "DDD" not in r.text and "seed" in r.json()["detail"]


def test_a_websocket_that_sends_binary_is_closed_cleanly(c):
    made = create(c, game="undaunted", scenario="la-raye")
    with c.websocket_connect(f"/ws/games/{made['id']}") as ws:
        ws.send_bytes(b"\x00\x01binary")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1003
    with c.websocket_connect("/ws/games/" + "z" * 500) as ws:
        assert ws.receive_json() == {"type": "error", "message": "no such game"}
