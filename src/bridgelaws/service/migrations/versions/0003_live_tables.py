"""live tables: a round played in the players' browsers (live_table, live_seat, live_event)

Revision ID: 0003
Revises: 0002
"""
from alembic import op
import sqlalchemy as sa

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'live_table',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('section', sa.String(length=8), nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('table_no', sa.Integer(), nullable=False),
        sa.Column('room', sa.String(length=8), nullable=False),
        sa.Column('mode', sa.String(length=8), nullable=False),
        sa.Column('created', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'section', 'round', 'table_no', 'room'))
    op.create_index(op.f('ix_live_table_event_id'), 'live_table', ['event_id'], unique=False)
    op.create_table(
        'live_seat',
        sa.Column('token', sa.String(length=64), nullable=False),
        sa.Column('live_table_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.String(length=1), nullable=False),
        sa.ForeignKeyConstraint(['live_table_id'], ['live_table.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('token'),
        sa.UniqueConstraint('live_table_id', 'seat'))
    op.create_index(op.f('ix_live_seat_live_table_id'), 'live_seat', ['live_table_id'],
                    unique=False)
    op.create_table(
        'live_event',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('live_table_id', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('board', sa.Integer(), nullable=False),
        sa.Column('actor', sa.String(length=80), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.Column('aid', sa.String(length=64), nullable=True),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['live_table_id'], ['live_table.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('live_table_id', 'seq'),
        sa.UniqueConstraint('live_table_id', 'aid'))
    op.create_index(op.f('ix_live_event_live_table_id'), 'live_event', ['live_table_id'],
                    unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_live_event_live_table_id'), table_name='live_event')
    op.drop_table('live_event')
    op.drop_index(op.f('ix_live_seat_live_table_id'), table_name='live_seat')
    op.drop_table('live_seat')
    op.drop_index(op.f('ix_live_table_event_id'), table_name='live_table')
    op.drop_table('live_table')
