"""`while_attached`: a callback for later that does nothing once its widget has left the screen.

A callback scheduled with `call_after_refresh` runs on the next refresh even when the screen
holding the widget was popped in between (going to the title from the final standings takes the
table down in the same tick as a resize's layout). The widget's children are gone by then, and a
`query_one` on them raised `NoMatches` (issue 23, finding 2). Every deferred callback of a widget
or screen that reads its own children goes through this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.dom import DOMNode


def while_attached(node: DOMNode, callback: Callable[..., Any]) -> Callable[..., None]:
    """`callback`, run only while `node` is still linked to the app (else nothing happens)."""

    def run(*args: Any, **kwargs: Any) -> None:
        if node.is_attached:
            callback(*args, **kwargs)

    return run
