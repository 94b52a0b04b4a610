"""The rules reference: the rules in sections by chapter, every weapon and powerup, and a search.

Everything shown comes from `walkthrough.reference` (the rules in our own words) and its card
pages (generated from `weapons.yaml`, with a drawing where the geometry is the point), so the
screen holds no text of its own about the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.printable import NO_CONTROL
from adrenaline_tui.tui.prose import clip, reflow
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.walkthrough import reference
from adrenaline_tui.walkthrough.card_pages import Diagram
from adrenaline_tui.walkthrough.reference import Section

HEADER = "chapter:"
INDEX_WIDTH = 31  # the index is 32 wide at 80 columns (rules.tcss), one for its scrollbar


def find_section(show: str | None, pages: Any = reference) -> Section | None:
    """A section by its id, or a card's page by the weapon id or powerup kind."""
    if not show:
        return None
    for candidate in (show, f"weapon:{show}", f"powerup:{show}"):
        try:
            return pages.section(candidate)
        except KeyError:
            continue
    return None


def index_options(query: str = "", pages: Any = reference) -> list[Option]:
    """The list on the left: every chapter and its sections, or the search's finds, best first."""
    if query.strip():
        found = pages.search(query, limit=30)
        if not found:
            return [Option(Text("Nothing found", Style(italic=True)), disabled=True)]
        return [Option(clip(f"{s.title} ({s.chapter})", INDEX_WIDTH), id=s.id) for s in found]
    out = []
    for chapter, sections in pages.chapters().items():
        out.append(Option(Text(chapter, Style(bold=True)), id=HEADER + chapter, disabled=True))
        out += [Option(clip("  " + s.title, INDEX_WIDTH), id=s.id) for s in sections]
    return out


def drawing(diagram: Diagram) -> Group:
    """The caption and legend wrap with the window; the drawing's lines never do (a wrapped
    line would break the arena apart)."""
    *art, legend = diagram.lines
    return Group(Text(diagram.caption), Text("\n".join(art), no_wrap=True, overflow="crop"), Text(legend))


class RulesScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#sections"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="rules.close"),
        Binding("slash", "search", "Search", id="rules.search"),
        Binding("tab", "switch", "List/text", show=False, id="rules.switch"),
    ]

    def __init__(self, show: str | None = None, pages: Any = None) -> None:
        """`pages`: a title's rules reference (`sections()`, `section(id)`, `chapters()`,
        `search(query, limit)`, sections with `page`s laid out line by line); the first
        title's (`walkthrough.reference`) when None."""
        super().__init__()
        self.pages = pages if pages is not None else reference
        self.initial = find_section(show, self.pages)
        self.shown: Section | None = None

    def compose_body(self) -> ComposeResult:
        # The hint names whose rules these are: the screen opens on any title's reference.
        whose = getattr(self.pages, "NAME", "")
        hint = "up/down to choose, / to search, Tab to the text, Esc back"  # 80 columns with a name
        yield Static(f"{whose + ' rules' if whose else 'Rules'}: {hint}", id="hint", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="index"):
                yield Input(placeholder="/ search the rules", id="search", select_on_focus=False, restrict=NO_CONTROL)
                yield OptionList(*index_options(pages=self.pages), id="sections", markup=False)
            with VerticalScroll(id="page"):
                yield Static("", id="title", markup=False)
                yield Static("", id="text", markup=False)
                yield Static("", id="diagram", markup=False)
                yield Static("", id="see", markup=False)

    @property
    def index(self) -> OptionList:
        return self.query_one("#sections", OptionList)

    def on_mount(self) -> None:
        target = self.initial or next(iter(self.pages.sections()))
        self.select(target.id)

    def select(self, section_id: str) -> None:
        """Put the list's cursor on a section (which shows it)."""
        index = self.index
        try:
            index.highlighted = index.get_option_index(section_id)
        except Exception:  # not in the current list (a search hides it): show it all the same
            self.show(self.pages.section(section_id))

    def show(self, section: Section) -> None:
        if section == self.shown:
            return
        self.shown = section
        if section.page is not None:
            # A card page is laid out line by line, and its first line names the card.
            title, _, body = section.page.body.partition("\n")
        else:
            title, body = section.title, reflow(section.text)  # prose, to rewrap
        self.query_one("#title", Static).update(
            Text.assemble((title, Style(bold=True)), (" · " + section.chapter, Style(dim=True)))
        )
        self.query_one("#text", Static).update(body)
        diagram = section.page.diagram if section.page is not None else None
        self.query_one("#diagram", Static).update(drawing(diagram) if diagram else "")
        self.query_one("#diagram").display = diagram is not None
        see = [self.pages.section(s).title for s in section.see]
        self.query_one("#see", Static).update("See also: " + ", ".join(see) if see else "")
        self.query_one("#page", VerticalScroll).scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        section_id = event.option.id
        if section_id and not section_id.startswith(HEADER):
            self.show(self.pages.section(section_id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.set_focus(self.query_one("#page"))

    def on_input_changed(self, event: Input.Changed) -> None:
        index = self.index
        index.set_options(index_options(event.value, self.pages))
        first = next((i for i, o in enumerate(index.options) if not o.disabled), None)
        index.highlighted = first

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.set_focus(self.index)

    def on_key(self, event: events.Key) -> None:
        # Typing on the list starts a search, as people expect of a list of names.
        if self.focused is self.index and event.is_printable and event.character not in (None, "/", " "):
            search = self.query_one("#search", Input)
            self.set_focus(search)
            search.insert_text_at_cursor(event.character)  # type: ignore[arg-type]
            event.stop()
        elif self.focused is self.query_one("#search") and event.key == "down":
            self.set_focus(self.index)
            event.stop()

    def action_search(self) -> None:
        self.set_focus(self.query_one("#search", Input))

    def action_switch(self) -> None:
        page = self.query_one("#page")
        self.set_focus(self.index if self.focused is page else page)

    def action_back(self) -> None:
        search = self.query_one("#search", Input)
        if search.value:
            search.value = ""  # first Esc clears the search, the next one leaves
            self.set_focus(self.index)
            return
        self.dismiss(None)
