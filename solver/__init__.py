"""Double-dummy solver and hand analysis for Hasenpfeffer and the Euchre family.

The library in layers, each importing only from those before it:
``core`` (cards, seats, variants, the deal notation; with ``workers``, which runs work on
processes or a cluster) -> ``rules`` (trump order, seating, settings, scoring) ->
``search`` (the layout and the two search cores) -> ``analysis`` (tables, positions,
reviews, bidding, single-dummy simulation) -> ``text`` (output for people) -> ``games``
(one Game per family) -> the interfaces: ``solver.public`` (the Python API),
``solver.cli`` and the ``api`` package. The public face is the top-level ``hasen``
package; tests/test_layers.py holds the order.
"""

from .core.version import __version__

__all__ = ["__version__"]
