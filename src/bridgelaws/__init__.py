"""bridgelaws: the Laws of Duplicate Bridge as a Python engine."""

__version__ = "0.1.0"
