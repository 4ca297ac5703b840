"""Evolution runs and their generations (with checkpoints).

Revision ID: 0002_evolution_runs
Revises: 0001_first_schema
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_evolution_runs"
down_revision = "0001_first_schema"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "evolution_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("family", sa.String(length=200), nullable=False),
        sa.Column("rules", sa.String(length=40), nullable=False),
        sa.Column("goal", sa.Integer(), nullable=False),
        sa.Column("opponent", sa.Text(), nullable=True),
        sa.Column("league_id", sa.Integer(), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("best_strategy_id", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('running', 'done')", name=op.f("ck_evolution_runs_status")),
        sa.ForeignKeyConstraint(
            ["best_strategy_id"], ["strategies.id"], name=op.f("fk_evolution_runs_best_strategy_id_strategies")
        ),
        sa.ForeignKeyConstraint(["league_id"], ["leagues.id"], name=op.f("fk_evolution_runs_league_id_leagues")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_evolution_runs")),
    )
    op.create_table(
        "generations",
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("stats", sa.JSON(), nullable=False),
        sa.Column("checkpoint", sa.LargeBinary(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("number >= 0", name=op.f("ck_generations_number_not_negative")),
        sa.ForeignKeyConstraint(
            ["run_id"], ["evolution_runs.id"], name=op.f("fk_generations_run_id_evolution_runs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("run_id", "number", name=op.f("pk_generations")),
    )


def downgrade() -> None:
    op.drop_table("generations")
    op.drop_table("evolution_runs")
