"""Who a signed-in visitor is: the provider's verified email with only its
ASCII letters folded (a Kelvin sign is not a ``k``), and only when
``email_verified`` is JSON ``true``; rosters fold emails the same way."""

from __future__ import annotations

import doctest
from collections.abc import Iterator

import pytest
from oidc_provider import Provider, running_provider
from signin_support import arena, message, sign_in, who

from arena.contest import emails
from arena.contest.emails import fold_email
from arena.contest.teams import read_roster

KELVIN = "\u212a"  # KELVIN SIGN: Python's lower() makes it a plain "k"
USERS = {
    f"{KELVIN}im@X.edu": {"email_verified": True},
    "KIM@X.EDU": {"email_verified": True},
    "one@x.edu": {"email_verified": 1},
    "text@x.edu": {"email_verified": "true"},
    "title@x.edu": {"email_verified": "True"},
}


@pytest.fixture(scope="module")
def provider() -> Iterator[Provider]:
    with running_provider(USERS) as provider:
        yield provider


@pytest.fixture
def client(tmp_path, provider):
    with arena(f"sqlite:///{tmp_path / 'arena.db'}", provider) as client:
        yield client


def test_a_kelvin_sign_is_not_folded_into_a_plain_k(client, provider):
    assert sign_in(client, provider, f"{KELVIN}im@X.edu").status_code == 303
    email = who(client)
    assert email == f"{KELVIN}im@x.edu"
    assert email != "kim@x.edu"


def test_ascii_capitals_sign_in_in_lower_case(client, provider):
    assert sign_in(client, provider, "KIM@X.EDU").status_code == 303
    assert who(client) == "kim@x.edu"


@pytest.mark.parametrize("email", ["one@x.edu", "text@x.edu", "title@x.edu"])
def test_email_verified_counts_only_when_it_is_json_true(client, provider, email):
    reply = sign_in(client, provider, email)
    assert reply.status_code == 403
    assert message(reply) == f"the sign-in provider has not verified the email address {email}"
    assert who(client) is None


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("  Kim@X.EDU\n", "kim@x.edu"),
        (f"{KELVIN}im@x.edu", f"{KELVIN}im@x.edu"),
        ("ÉVA@X.EDU", "Éva@x.edu"),
        ("\u0130nci@x.edu", "\u0130nci@x.edu"),  # dotted capital I: lower() would make it two characters
        ("ａｄａ@x.edu", "ａｄａ@x.edu"),  # full-width letters: no NFKC
    ],
)
def test_fold_email_folds_ascii_letters_only(text, folded):
    assert fold_email(text) == folded


def test_fold_email_doctests():
    assert doctest.testmod(emails).failed == 0


def test_a_roster_folds_emails_like_sign_in():
    people = read_roster(f"email,team,role\nKim@X.EDU,staff,staff\n{KELVIN}im@x.edu,t1,\n", "roster.csv")
    assert [(p.email, p.role) for p in people] == [("kim@x.edu", "staff"), (f"{KELVIN}im@x.edu", "student")]
