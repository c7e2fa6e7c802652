"""The play of a hand: a contract, the play state it starts (whose turn, the legal cards,
the tricks so far) and a play record replayed onto it (``state``), and the deal a played
hand must have been, read back from its cards (``from_play``). Above the search, below the
notations and the analyses."""
