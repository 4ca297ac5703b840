"""A pinned league: the one leaderboards show until another is pinned (else the latest finished or updated one).

Revision ID: 0006_league_pinned
Revises: 0005_contests
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_league_pinned"
down_revision = "0005_contests"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(sa.Column("pinned", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("pinned")
