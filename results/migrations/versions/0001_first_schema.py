"""First schema: strategies, leagues, their entries and the match cache.

Revision ID: 0001_first_schema
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001_first_schema"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "strategies",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("rules", sa.String(length=40), nullable=False),
        sa.Column("goal", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("author", sa.String(length=200), nullable=True),
        sa.Column("origin", sa.String(length=20), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("table", sa.LargeBinary(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("source", sa.Text(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("goal > 0", name=op.f("ck_strategies_goal_positive")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_strategies")),
        sa.UniqueConstraint("rules", "goal", "name", name=op.f("uq_strategies_rules_goal_name")),
        sa.UniqueConstraint("rules", "goal", "sha256", name=op.f("uq_strategies_rules_goal_sha256")),
    )
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("rules", sa.String(length=40), nullable=False),
        sa.Column("goal", sa.Integer(), nullable=False),
        sa.Column("method", sa.String(length=10), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("method IN ('exact', 'simulate')", name=op.f("ck_leagues_method")),
        sa.CheckConstraint("status IN ('running', 'done')", name=op.f("ck_leagues_status")),
        sa.CheckConstraint("games >= 0", name=op.f("ck_leagues_games_not_negative")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leagues")),
    )
    op.create_index(op.f("ix_leagues_rules"), "leagues", ["rules"], unique=False)
    op.create_table(
        "league_entries",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("strategy_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"], ["leagues.id"], name=op.f("fk_league_entries_league_id_leagues"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["strategy_id"], ["strategies.id"], name=op.f("fk_league_entries_strategy_id_strategies")
        ),
        sa.PrimaryKeyConstraint("league_id", "strategy_id", name=op.f("pk_league_entries")),
    )
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("rules", sa.String(length=40), nullable=False),
        sa.Column("goal", sa.Integer(), nullable=False),
        sa.Column("method", sa.String(length=10), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("sha_a", sa.String(length=64), nullable=False),
        sa.Column("sha_b", sa.String(length=64), nullable=False),
        sa.Column("swapped", sa.Boolean(), nullable=False),
        sa.Column("win_rate", sa.Float(), nullable=False),
        sa.Column("a_first", sa.Float(), nullable=False),
        sa.Column("a_second", sa.Float(), nullable=False),
        sa.Column("stderr", sa.Float(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("method IN ('exact', 'simulate')", name=op.f("ck_matches_method")),
        sa.CheckConstraint("sha_a <= sha_b", name=op.f("ck_matches_pair_ordered")),
        sa.CheckConstraint(
            "win_rate >= 0 AND win_rate <= 1 AND a_first >= 0 AND a_first <= 1 AND a_second >= 0 AND a_second <= 1",
            name=op.f("ck_matches_rates_in_range"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
        sa.UniqueConstraint(
            "rules",
            "goal",
            "method",
            "games",
            "seed",
            "sha_a",
            "sha_b",
            name=op.f("uq_matches_rules_goal_method_games_seed_sha_a_sha_b"),
        ),
    )


def downgrade() -> None:
    op.drop_table("matches")
    op.drop_table("league_entries")
    op.drop_index(op.f("ix_leagues_rules"), table_name="leagues")
    op.drop_table("leagues")
    op.drop_table("strategies")
