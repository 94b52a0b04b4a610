"""Text written in data files, made to fit the window.

Lessons and the rules reference are YAML, wrapped for the editor at about 95 columns; a panel
wraps them again for its own width, so the file's line breaks must go first.
"""

from __future__ import annotations


def reflow(text: str) -> str:
    """Join the lines of each paragraph; blank lines stay paragraph breaks, and a line starting
    with `- ` starts a list item."""
    paragraphs = []
    for block in text.split("\n\n"):
        lines: list[str] = []
        for raw in block.splitlines():
            line = raw.strip()
            if not line:
                continue
            if lines and not line.startswith("- "):
                lines[-1] += " " + line
            else:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(p for p in paragraphs if p)


def clip(text: str, width: int) -> str:
    """One line of at most `width` characters, an ellipsis marking a cut (an option list wraps
    long prompts, and a list of names reads best one a line)."""
    if len(text) <= width:
        return text
    head = text[: max(1, width - 1)]
    # At a word where there is one: "…squa…" read as a cut word, at any terminal width (the
    # explain list is as wide at 160 columns as at 80).
    if text[len(head)] != " " and not head.endswith(" ") and " " in head.strip():
        head = head.rsplit(" ", 1)[0]
    return head.rstrip(" ,:;-") + "…"
