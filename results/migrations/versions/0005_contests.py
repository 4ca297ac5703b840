"""Class contests: rosters with hashed tokens, attempts, private entries and published standings.

Revision ID: 0005_contests
Revises: 0004_league_snapshots
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_contests"
down_revision = "0004_league_snapshots"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "contests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("rules", sa.String(length=40), nullable=False),
        sa.Column("goal", sa.Integer(), nullable=False),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed", sa.DateTime(timezone=True), nullable=True),
        sa.Column("team_size", sa.Integer(), nullable=False),
        sa.Column("rate_count", sa.Integer(), nullable=False),
        sa.Column("rate_seconds", sa.Integer(), nullable=False),
        sa.Column("publish", sa.String(length=10), nullable=False),
        sa.Column("imported", sa.Boolean(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("publish IN ('none', 'tables', 'sources')", name=op.f("ck_contests_publish")),
        sa.CheckConstraint("goal > 0", name=op.f("ck_contests_goal_positive")),
        sa.CheckConstraint("team_size > 0", name=op.f("ck_contests_team_size_positive")),
        sa.CheckConstraint("rate_count >= 0 AND rate_seconds > 0", name=op.f("ck_contests_rate")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contests")),
        sa.UniqueConstraint("name", name=op.f("uq_contests_name")),
    )
    op.create_table(
        "contest_participants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("contest_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=200), nullable=False),
        sa.Column("team", sa.String(length=200), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("token_sha256", sa.String(length=64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("role IN ('student', 'staff')", name=op.f("ck_contest_participants_role")),
        sa.ForeignKeyConstraint(
            ["contest_id"],
            ["contests.id"],
            name=op.f("fk_contest_participants_contest_id_contests"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contest_participants")),
        sa.UniqueConstraint("contest_id", "email", name=op.f("uq_contest_participants_contest_id_email")),
        sa.UniqueConstraint("token_sha256", name=op.f("uq_contest_participants_token_sha256")),
    )
    op.create_index(op.f("ix_contest_participants_contest_id"), "contest_participants", ["contest_id"], unique=False)
    op.create_table(
        "contest_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("participant_id", sa.Integer(), nullable=False),
        sa.Column("checked", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["participant_id"],
            ["contest_participants.id"],
            name=op.f("fk_contest_attempts_participant_id_contest_participants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contest_attempts")),
    )
    op.create_index(op.f("ix_contest_attempts_participant_id"), "contest_attempts", ["participant_id"], unique=False)
    op.create_table(
        "contest_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("contest_id", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(length=200), nullable=False),
        sa.Column("team_name", sa.String(length=200), nullable=False),
        sa.Column("submitted_by", sa.String(length=200), nullable=False),
        sa.Column("filename", sa.String(length=200), nullable=False),
        sa.Column("status", sa.String(length=15), nullable=False),
        sa.Column("table", sa.LargeBinary(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("source", sa.Text(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ranked", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "status IN ('queued', 'ranked', 'replaced', 'disqualified')", name=op.f("ck_contest_entries_status")
        ),
        sa.ForeignKeyConstraint(
            ["contest_id"], ["contests.id"], name=op.f("fk_contest_entries_contest_id_contests"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contest_entries")),
    )
    op.create_index(op.f("ix_contest_entries_contest_id"), "contest_entries", ["contest_id"], unique=False)
    op.create_index(op.f("ix_contest_entries_status"), "contest_entries", ["status"], unique=False)
    op.create_table(
        "contest_standings",
        sa.Column("contest_id", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("teams", sa.JSON(), nullable=False),
        sa.Column("matrix", sa.LargeBinary(), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["contest_id"], ["contests.id"], name=op.f("fk_contest_standings_contest_id_contests"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("contest_id", name=op.f("pk_contest_standings")),
    )


def downgrade() -> None:
    op.drop_table("contest_standings")
    op.drop_index(op.f("ix_contest_entries_status"), table_name="contest_entries")
    op.drop_index(op.f("ix_contest_entries_contest_id"), table_name="contest_entries")
    op.drop_table("contest_entries")
    op.drop_index(op.f("ix_contest_attempts_participant_id"), table_name="contest_attempts")
    op.drop_table("contest_attempts")
    op.drop_index(op.f("ix_contest_participants_contest_id"), table_name="contest_participants")
    op.drop_table("contest_participants")
    op.drop_table("contests")
