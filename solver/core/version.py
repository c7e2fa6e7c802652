"""The product version, reported by ``hasen --version`` and in every JSON answer."""

__version__ = "0.1.0"
