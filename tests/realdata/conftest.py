"""Where the recorded real events live: ../shared/realdata beside the project."""

from pathlib import Path

import pytest

REALDATA = Path(__file__).resolve().parents[3] / "shared" / "realdata"


@pytest.fixture(scope="session")
def realdata() -> Path:
    if not REALDATA.is_dir():
        pytest.skip(f"the real data folder {REALDATA} is not beside the project")
    return REALDATA
