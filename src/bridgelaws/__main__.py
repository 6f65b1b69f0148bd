"""``python -m bridgelaws``: the ``bridgelaws`` command (see :mod:`bridgelaws.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
