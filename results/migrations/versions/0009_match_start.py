"""The start of a match: the scores and the player who moves first (fa14's bids), in the match
cache's key and in every league; stored matches and leagues start at 0-0 with player 0 first.

Revision ID: 0009_match_start
Revises: 0008_contest_trust
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_match_start"
down_revision = "0008_contest_trust"
branch_labels = None
depends_on = None

START_COLUMNS = ("start_score0", "start_score1", "start_player")
OLD_KEY = ("rules", "goal", "method", "games", "seed")
OLD_UNIQUE = "uq_matches_rules_goal_method_games_seed_sha_a_sha_b"
NEW_UNIQUE = "uq_matches_key_pair"


def _start_columns() -> list[sa.Column[int]]:
    return [sa.Column(name, sa.Integer(), nullable=False, server_default=sa.text("0")) for name in START_COLUMNS]


def upgrade() -> None:
    # leagues has tables referring to it: only columns are added (no copy of the table on SQLite)
    with op.batch_alter_table("leagues") as batch:
        for column in _start_columns():
            batch.add_column(column)
    with op.batch_alter_table("matches") as batch:
        for column in _start_columns():
            batch.add_column(column)
        batch.drop_constraint(OLD_UNIQUE, type_="unique")
        batch.create_unique_constraint(NEW_UNIQUE, [*OLD_KEY, *START_COLUMNS, "sha_a", "sha_b"])


def downgrade() -> None:
    moved = " OR ".join(f"{name} <> 0" for name in START_COLUMNS)
    connection = op.get_bind()
    for table in ("leagues", "matches"):
        count = connection.execute(sa.text(f"SELECT COUNT(*) FROM {table} WHERE {moved}")).scalar()
        if count:  # the older schema cannot tell them from matches and leagues that start at 0-0
            raise RuntimeError(f"{count} {table} start from bids; remove them before downgrading to 0008")
    with op.batch_alter_table("matches") as batch:
        batch.drop_constraint(NEW_UNIQUE, type_="unique")
        batch.create_unique_constraint(OLD_UNIQUE, [*OLD_KEY, "sha_a", "sha_b"])
        for name in reversed(START_COLUMNS):
            batch.drop_column(name)
    with op.batch_alter_table("leagues") as batch:
        for name in reversed(START_COLUMNS):
            batch.drop_column(name)
