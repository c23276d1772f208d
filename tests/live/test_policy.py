"""What the live server lets in (``roads.live.policy``): the Host must name this server, an
Origin must be its own, a write must carry the token."""

from __future__ import annotations

from http import HTTPStatus

import pytest

from roads.errors import RoadsError
from roads.live.policy import Policy, RequestError, is_loopback


def test_loopback_hosts() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost")
    with pytest.raises(RoadsError, match="cannot find the host"):
        is_loopback("no-such-host.invalid")


@pytest.mark.parametrize(
    ("host", "accepted"),
    [
        ("127.0.0.1:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("localhost:8001", False),
        ("evil.example:8000", False),
        ("", False),
        (None, False),
        ("localhost:x", False),
    ],
)
def test_the_host_must_name_this_server(host: str | None, accepted: bool) -> None:
    assert Policy("127.0.0.1", 8000, loopback=True).accepts_host(host) is accepted


def test_an_origin_must_be_this_server_and_a_write_carry_the_token() -> None:
    policy = Policy("127.0.0.1", 8000, loopback=True)
    policy.check_origin("localhost:8000", None)
    policy.check_origin("localhost:8000", "http://localhost:8000")
    with pytest.raises(RequestError) as refused:
        policy.check_origin("localhost:8000", "http://evil.example")
    assert refused.value.status is HTTPStatus.FORBIDDEN
    policy.check_token(policy.token)
    with pytest.raises(RequestError, match="wrong X-Roads-Token"):
        policy.check_token("guess")
    assert Policy("127.0.0.1", 8000, loopback=True).token != policy.token
