"""Two people in two browsers (issue 9, items 2, 3 and 11): the creator sends an invitation
and never holds the other seat; secret bids clicked at the same moment both count; each
browser's lobby lists the games it holds, to come back to."""

from __future__ import annotations

import pytest

from tests.e2e.pages import moves, needs_chromium, shot

pytestmark = [needs_chromium, pytest.mark.slow]  # CI runs them in make slow

HELD = "() => JSON.parse(localStorage.getItem('wartable.held') || '{}')"


def create_between_people(page, server) -> tuple[str, str]:
    """In the lobby: Undaunted with a person in each seat, the creator playing the US. Returns
    the game id and the invitation's path for Germany."""
    page.goto(server + "/")
    page.select_option("#game", "undaunted")
    page.select_option("select[data-seat=germany]", "human")
    assert page.input_value("#my-seat") == "us"
    page.click("#create")
    invitation = page.locator("input.invitation[data-seat=germany]")
    invitation.wait_for()
    url = invitation.input_value()
    gid = url.split("/join/")[1].split("#")[0]
    return gid, url


def test_an_invitation_gives_the_seat_to_the_first_browser_that_opens_it(server, browser):
    creator, friend = (browser.new_context(viewport={"width": 1280, "height": 800}) for _ in "ab")
    a = creator.new_page()
    gid, invitation = create_between_people(a, server)
    # the creator's browser holds its own seat and the creator's key, nothing for Germany
    held = a.evaluate(HELD)[gid]
    assert set(held["seats"]) == {"us"} and held["host"]
    b = friend.new_page()
    b.goto(invitation)
    b.wait_for_url(f"**/play/{gid}#seat=germany")
    b.wait_for_selector("#hand button.card")
    assert "playing germany" in b.inner_text("#where")
    theirs = b.evaluate(HELD)[gid]["seats"]["germany"]
    # the invitation is spent: opened again (here by the creator), it says so
    again = creator.new_page()
    again.goto(invitation)
    again.wait_for_selector("#join-failed")
    assert "used or withdrawn" in again.inner_text("#join-failed")
    assert "germany" not in again.evaluate(HELD)[gid]["seats"]
    # neither the creator's key nor its seat opens Germany's seat or hand
    host = held["host"]
    status = a.evaluate(
        """async ([gid, key]) => (await fetch(`/api/games/${gid}`,
            { headers: { Authorization: "Bearer " + key } })).status""",
        [gid, host],
    )
    assert status == 403
    a.goto(f"{server}/play/{gid}#seat=us")
    a.wait_for_selector("#hand button.card")
    assert a.evaluate("window.wartableGame.data.view.sides.germany.hand") is None
    assert theirs not in a.content()
    shot(b, "invited-germany.png")
    creator.close()
    friend.close()


def test_bids_clicked_at_the_same_moment_both_count(server, browser):
    creator, friend = (browser.new_context(viewport={"width": 1280, "height": 800}) for _ in "ab")
    a = creator.new_page()
    gid, invitation = create_between_people(a, server)
    b = friend.new_page()
    b.goto(invitation)
    b.wait_for_selector("#actions button.action")
    a.goto(f"{server}/play/{gid}#seat=us")
    a.wait_for_selector("#actions button.action")
    assert moves(a) == moves(b) == 0
    # both send their bid before either hears of the other's
    a.evaluate("wartable.act(window.wartableGame.data.legal[0])")
    b.evaluate("wartable.act(window.wartableGame.data.legal[0])")
    for page in (a, b):
        page.wait_for_function("() => window.wartableGame.data.n >= 2", timeout=15000)
        page.wait_for_timeout(200)
        assert "stale" not in page.inner_text("#toast")
    # the other side's bid is shown a moment after one's own (app.js: PACE)
    a.wait_for_function("() => window.wartableGame.shown === window.wartableGame.data")
    assert "Bids:" in a.inner_text("#log")
    creator.close()
    friend.close()


def test_the_lobby_lists_the_games_this_browser_holds(server, browser):
    creator, friend = (browser.new_context(viewport={"width": 1280, "height": 800}) for _ in "ab")
    a = creator.new_page()
    gid, invitation = create_between_people(a, server)
    a.goto(server + "/")
    row = a.locator(f'#my-games tr[data-id="{gid}"]')
    row.wait_for()
    # the seats in players' words (Game.seat_title)
    assert "as US" in row.inner_text() and "waiting for Germany to join" in row.inner_text()
    # an unclaimed invitation can be withdrawn, and issued anew, from the list
    row.locator("button:has-text('withdraw')").click()
    a.wait_for_function(
        f"""() => document.querySelector('#my-games tr[data-id="{gid}"]')
                 .innerText.includes('Germany: withdrawn')"""
    )
    b = friend.new_page()
    b.goto(invitation)
    b.wait_for_selector("#join-failed")  # the withdrawn link no longer works
    a.locator(f'#my-games tr[data-id="{gid}"] button.reinvite').click()
    fresh = a.locator(f'#my-games tr[data-id="{gid}"] input.link')
    fresh.wait_for()
    b.goto(fresh.input_value())
    b.wait_for_url(f"**/play/{gid}#seat=germany")
    b.wait_for_selector("#actions button.action")
    # both lobbies list the game, each with its own seat
    b.goto(server + "/")
    theirs = b.locator(f'#my-games tr[data-id="{gid}"]')
    theirs.wait_for()
    assert "as Germany" in theirs.inner_text() and "your move" in theirs.inner_text()
    a.reload()
    mine = a.locator(f'#my-games tr[data-id="{gid}"]')
    mine.wait_for()
    assert "as US" in mine.inner_text() and "your move" in mine.inner_text()
    shot(a, "lobby-your-games.png")
    mine.locator("a:has-text('open')").click()
    a.wait_for_selector("#actions button.action")
    assert "playing us" in a.inner_text("#where")
    creator.close()
    friend.close()
