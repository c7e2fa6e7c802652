"""``python -m hasen``: the same as the ``hasen`` command."""

import sys

from .cli.main import main

sys.exit(main())
