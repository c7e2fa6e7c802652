"""The notations read and written: a request's seats, suits, cards and contract read at the
interfaces (``inputs``), hand records (``record``; ``recorder`` for one recorded at the
table) and EGN, the Euchre Game Notation (``egn``, its rule sets in ``egn_rules``, its
schemas in ``json_schema``). Above the play, below the analyses."""
