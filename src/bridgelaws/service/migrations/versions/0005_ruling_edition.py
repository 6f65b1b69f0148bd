"""ruling.edition: the Laws a ruling was given under ("2017", or "1997"); the rulings
recorded before it were all given under the 2017 Laws

Revision ID: 0005
Revises: 0004
"""
from alembic import op
import sqlalchemy as sa

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('ruling') as batch:
        batch.add_column(sa.Column('edition', sa.String(length=8), nullable=False,
                                   server_default='2017'))


def downgrade() -> None:
    with op.batch_alter_table('ruling') as batch:
        batch.drop_column('edition')
