"""A secret link per uploaded strategy: the sha256 of the key that shows its source to its uploader.

Revision ID: 0007_source_keys
Revises: 0006_league_pinned
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_source_keys"
down_revision = "0006_league_pinned"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("strategies") as batch:
        batch.add_column(sa.Column("source_key", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("strategies") as batch:
        batch.drop_column("source_key")
