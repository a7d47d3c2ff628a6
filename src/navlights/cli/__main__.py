"""``python -m navlights.cli``: the same as the ``navlights`` command."""

import sys

from . import main

sys.exit(main())
