"""``python -m pokerkit_core``: the same as the ``pokerkit-core`` command."""

import sys

from .cli import main

sys.exit(main())
