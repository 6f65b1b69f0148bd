"""ruling.chooser holds every seat that chose in a chain of decisions ("N,N"); an adjusted
score's text (a weighted score of several results) gets room for 400 characters

Revision ID: 0002
Revises: 0001
"""
from alembic import op
import sqlalchemy as sa

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('ruling') as batch:
        batch.alter_column('chooser', existing_type=sa.String(length=2),
                           type_=sa.String(length=32), existing_nullable=False)
        batch.alter_column('adjusted', existing_type=sa.String(length=120),
                           type_=sa.String(length=400), existing_nullable=False)
    with op.batch_alter_table('result') as batch:
        batch.alter_column('adjusted', existing_type=sa.String(length=120),
                           type_=sa.String(length=400), existing_nullable=True)


def downgrade() -> None:
    with op.batch_alter_table('result') as batch:
        batch.alter_column('adjusted', existing_type=sa.String(length=400),
                           type_=sa.String(length=120), existing_nullable=True)
    with op.batch_alter_table('ruling') as batch:
        batch.alter_column('adjusted', existing_type=sa.String(length=400),
                           type_=sa.String(length=120), existing_nullable=False)
        batch.alter_column('chooser', existing_type=sa.String(length=32),
                           type_=sa.String(length=2), existing_nullable=False)
