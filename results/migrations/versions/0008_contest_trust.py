"""Contests a course can trust: ranked rows stored with the standings, near-copies flagged,
teams barred by staff, staff's baseline entries, staff without a team, each attempt's verdict,
a contest's time zone, and sign-in sessions the server can end.

Revision ID: 0008_contest_trust
Revises: 0007_source_keys
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_contest_trust"
down_revision = "0007_source_keys"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("contest_standings") as batch:
        batch.add_column(sa.Column("ranking", sa.JSON(), nullable=True))
    with op.batch_alter_table("contest_entries") as batch:
        batch.add_column(sa.Column("near_duplicate_of", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("near_cells", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("baseline", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("contest_attempts") as batch:
        batch.add_column(sa.Column("verdict", sa.Text(), nullable=True))
    with op.batch_alter_table("contest_participants") as batch:
        batch.alter_column("team", existing_type=sa.String(length=200), nullable=True)
    with op.batch_alter_table("contests") as batch:
        batch.add_column(sa.Column("timezone", sa.String(length=64), nullable=False, server_default="UTC"))
    op.create_table(
        "contest_bars",
        sa.Column("contest_id", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(length=200), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["contest_id"], ["contests.id"], name=op.f("fk_contest_bars_contest_id_contests"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("contest_id", "team", name=op.f("pk_contest_bars")),
    )
    op.create_table(
        "signin_sessions",
        sa.Column("id_sha256", sa.String(length=64), nullable=False),
        sa.Column("email", sa.String(length=200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id_sha256", name=op.f("pk_signin_sessions")),
    )
    op.create_index(op.f("ix_signin_sessions_email"), "signin_sessions", ["email"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_signin_sessions_email"), table_name="signin_sessions")
    op.drop_table("signin_sessions")
    op.drop_table("contest_bars")
    with op.batch_alter_table("contests") as batch:
        batch.drop_column("timezone")
    with op.batch_alter_table("contest_participants") as batch:
        batch.alter_column("team", existing_type=sa.String(length=200), nullable=False)
    with op.batch_alter_table("contest_attempts") as batch:
        batch.drop_column("verdict")
    with op.batch_alter_table("contest_entries") as batch:
        batch.drop_column("baseline")
        batch.drop_column("near_cells")
        batch.drop_column("near_duplicate_of")
    with op.batch_alter_table("contest_standings") as batch:
        batch.drop_column("ranking")
