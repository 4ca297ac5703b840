"""Finished leagues' matches kept as arrays, so reading a grown league reads only its new matches.

Revision ID: 0004_league_snapshots
Revises: 0003_pareto_fronts
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_league_snapshots"
down_revision = "0003_pareto_fronts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "league_snapshots",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("entry_ids", sa.LargeBinary(), nullable=False),
        sa.Column("writer_high", sa.LargeBinary(), nullable=False),
        sa.Column("win_rate", sa.LargeBinary(), nullable=False),
        sa.Column("a_first", sa.LargeBinary(), nullable=False),
        sa.Column("a_second", sa.LargeBinary(), nullable=False),
        sa.Column("stderr", sa.LargeBinary(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"], ["leagues.id"], name=op.f("fk_league_snapshots_league_id_leagues"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("league_id", name=op.f("pk_league_snapshots")),
    )


def downgrade() -> None:
    op.drop_table("league_snapshots")
