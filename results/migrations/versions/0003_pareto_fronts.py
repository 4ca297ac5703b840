"""The Pareto front of each finished run with several objectives.

Revision ID: 0003_pareto_fronts
Revises: 0002_evolution_runs
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_pareto_fronts"
down_revision = "0002_evolution_runs"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "front_members",
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("objective_values", sa.JSON(), nullable=False),
        sa.Column("picked", sa.Boolean(), nullable=False),
        sa.CheckConstraint("position >= 0", name=op.f("ck_front_members_position_not_negative")),
        sa.ForeignKeyConstraint(
            ["run_id"], ["evolution_runs.id"], name=op.f("fk_front_members_run_id_evolution_runs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("run_id", "position", name=op.f("pk_front_members")),
    )


def downgrade() -> None:
    op.drop_table("front_members")
