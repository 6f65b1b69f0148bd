"""login sessions kept on the server, so that logging out ends a session everywhere
(login_session)

Revision ID: 0004
Revises: 0003
"""
from alembic import op
import sqlalchemy as sa

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'login_session',
        sa.Column('id', sa.String(length=64), nullable=False),
        sa.Column('director_id', sa.Integer(), nullable=False),
        sa.Column('created', sa.DateTime(timezone=True), nullable=False),
        sa.Column('expires', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['director_id'], ['director.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'))
    op.create_index(op.f('ix_login_session_director_id'), 'login_session', ['director_id'],
                    unique=False)
    op.create_index(op.f('ix_login_session_expires'), 'login_session', ['expires'],
                    unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_login_session_expires'), table_name='login_session')
    op.drop_index(op.f('ix_login_session_director_id'), table_name='login_session')
    op.drop_table('login_session')
