"""entry_player and member: each pair's (and team's) players with their names and
optional member numbers, per event; and the club's member list, kept across events

Revision ID: 0006_names
Revises: 0005
"""
from alembic import op
import sqlalchemy as sa

revision = '0006_names'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'entry_player',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('entry_id', sa.Integer(), sa.ForeignKey('entry.id', ondelete='CASCADE'),
                  nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('member', sa.String(length=20), nullable=False),
        sa.UniqueConstraint('entry_id', 'position'))
    op.create_index('ix_entry_player_entry_id', 'entry_player', ['entry_id'])
    op.create_table(
        'member',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('member', sa.String(length=20), nullable=False),
        sa.Column('created', sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint('name', 'member'))
    op.create_index('ix_member_name', 'member', ['name'])


def downgrade() -> None:
    op.drop_index('ix_member_name', 'member')
    op.drop_table('member')
    op.drop_index('ix_entry_player_entry_id', 'entry_player')
    op.drop_table('entry_player')
