"""Text from a file or a person, made safe to put on a terminal.

A name in a save, a file name in the saves folder or a reason quoting either reaches the screen
as it is. Written to a terminal, an escape sequence in it is obeyed, not shown: it can retitle the
window, move the cursor, repaint other text or (on some terminals) write to the clipboard. The
bidirectional overrides reorder what follows them, so what is shown is not what is there.

Files are checked on reading (`has_control` refuses them); `printable` is the last line of
defence, used where text of outside origin is drawn. Not UI code: the engine checks names too.
"""

from __future__ import annotations

import re

# C0 controls (escape included), DEL and the C1 controls (0x9b is a one-byte CSI on some
# terminals); the bidirectional marks, embeddings, overrides and isolates; and the Unicode line
# and paragraph separators, which some terminals treat as line breaks.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# For a text field (Textual's `Input(restrict=...)`): a value holding none of them. Typed keys
# never are one; a paste can carry any, and one that does is refused whole.
NO_CONTROL = f"[^{CONTROL.pattern[1:-1]}]*"
# Line breaks and tabs in a message become a space rather than gluing words together.
_SPACES = re.compile("[\t\n\r\x0b\x0c\u2028\u2029]+")


def has_control(text: str) -> bool:
    """Does `text` hold a character that a terminal would act on instead of showing?"""
    return CONTROL.search(text) is not None


def printable(text: str) -> str:
    """`text` with every control character taken out (line breaks and tabs become one space)."""
    return CONTROL.sub("", _SPACES.sub(" ", text))
