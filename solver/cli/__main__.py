"""``python -m hasen.cli``: the same as the ``hasen`` command."""

import sys

from .main import main

sys.exit(main())
