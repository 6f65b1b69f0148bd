"""live_table.calling: whether a live table has an open call of the Director, so that the
service finds the calls in play with an index instead of replaying every table's log

Revision ID: 0007_calls
Revises: 0006_names
"""
import datetime as dt

from alembic import op
import sqlalchemy as sa

revision = '0007_calls'
down_revision = '0006_names'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('live_table', sa.Column('calling', sa.Boolean(), nullable=True))
    op.create_index(op.f('ix_live_table_calling'), 'live_table', ['calling'], unique=False)
    # tables of the last two days may be in play: unknown (NULL), looked at once by the
    # service and marked; older ones are over, and never read again
    table = sa.table('live_table', sa.column('calling', sa.Boolean()),
                     sa.column('created', sa.DateTime(timezone=True)))
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=2)
    op.execute(table.update().where(table.c.created < cutoff).values(calling=False))


def downgrade() -> None:
    op.drop_index(op.f('ix_live_table_calling'), 'live_table')
    op.drop_column('live_table', 'calling')
