"""`ActionPanel`: the decision the game waits on, every option on a key.

Options are numbered 1-9, then lettered (`HOTKEYS`: letters no screen with options uses for
itself). The keys work from anywhere on the table; arrow keys and Enter (or a click) work on
the list. The line under the list says what the highlighted option will do.

A lesson dims the options that do not serve its step (they stay listed, and say why when the
cursor is on them). Actions the rules do not allow now are listed after the options, greyed and
without a key, so the cursor can reach them and the line underneath says what is missing.
"""

from __future__ import annotations

import contextlib
import functools
import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, Self

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.styles import RulesMap
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual, visualize
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.record import record
from adrenaline_tui.tui.attached import while_attached
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.prose import clip
from adrenaline_tui.tui.widgets._plain_lines import plain_lines
from adrenaline_tui.tui.widgets._tcss import tcss_beside

# An option's key: the digits, then letters no screen with options uses for itself (c is the
# table's Rules, g and t the hosted table's, l, p, r, s, u, w, x others'): a twelfth option
# shown as "c" opened the rules instead.
HOTKEYS = "123456789abdefhijkmn"


# The keys of this panel, as F1 lists them at a screen that shows it (the screen's `help_keys`).
OPTION_KEYS: tuple[tuple[str, str], ...] = (
    ("1-9, a, b, d...", "pick the option with that key"),
    ("up, down, enter", "move through the options and pick one"),
)


def hotkey(index: int) -> str | None:
    return HOTKEYS[index] if index < len(HOTKEYS) else None


@record
class PanelState:
    prompt: str
    labels: tuple[str, ...] = ()
    details: Sequence[str] = ()  # each option's preview (the table's are worked out when read)
    note: str = ""  # shown when there is nothing to choose (someone else decides)
    dimmed: frozenset[int] = frozenset()  # options a lesson will not play
    greyed: tuple[tuple[str, str], ...] = ()  # (label, why not) of actions not allowed now
    start: int = 0  # where the cursor starts on a new list (a lesson starts it on its choice)

    @property
    def rows(self) -> int:
        return len(self.labels) + len(self.greyed)

    @property
    def rows_key(self) -> tuple:
        """What the list draws; the details underneath may change without a refill."""
        return self.labels, self.dimmed, tuple(label for label, _ in self.greyed)


class _Row(Option):
    """An option drawn as one line of styled pieces: (text, style) each."""

    def __init__(self, *pieces: tuple[str, Style | str]) -> None:
        super().__init__(None)  # the prompt is built if OptionList draws the row itself
        self.pieces = pieces
        self.cells = sum(cell_len(text) for text, _ in pieces)

    @property
    def prompt(self) -> Text:
        if self._prompt is None:
            self._prompt = Text.assemble(*self.pieces, no_wrap=True, end="")
        return self._prompt  # type: ignore[return-value]


class _RowVisual(Visual):
    """A row's measurements without turning it into Content: OptionList measures every new
    option's height (by wrapping it) to lay out its lines, and a row that fits is one line.
    Anything else (a row wider than the list) is measured and drawn as OptionList does."""

    def __init__(self, widget: OptionList, row: _Row) -> None:
        self._widget = widget
        self._row = row
        self._full: Visual | None = None

    def full(self) -> Visual:
        if self._full is None:
            self._full = visualize(self._widget, self._row.prompt, markup=False)
        return self._full

    def render_strips(self, width: int, height: int | None, style: VisualStyle, options: RenderOptions) -> list[Strip]:
        return self.full().render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._row.cells

    def get_height(self, rules: RulesMap, width: int) -> int:
        return 1 if self._row.cells <= width else self.full().get_height(rules, width)


class _Drawing(NamedTuple):
    width: int  # of a row
    plain: bool  # rows have no padding: drawn from their pieces
    theme: object  # the ANSI theme
    top: int  # the scroll
    highlighted: int | None
    hover: int | None
    styles: dict[str, VisualStyle]  # each kind of row's, as first needed


class _Options(OptionList):
    """The option list, telling its panel about cursor moves at once rather than by message,
    so the map's highlight is drawn in the same frame as the cursor."""

    # The list's height is fixed by the panel, so a new number of options changes no widget's
    # place: no layout pass of the whole table for it (Widget's own `virtual_size` asks for
    # one). Whether the scrollbar shows still lays the table out, by its own reactive.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    # Inside `one_refresh`: whether a refresh held back asked for a layout (else None).
    _held_refresh: bool | None = None

    def __init__(self, *, id: str | None = None, markup: bool = True) -> None:
        super().__init__(id=id, markup=markup)
        self.set_reactive(OptionList.auto_links, False)  # no links: see Drawn
        plain_lines(self)
        # What every line drawn needs, worked out once for all of them (None between drawings).
        self._drawing: _Drawing | None = None

    @contextlib.contextmanager
    def one_refresh(self) -> Iterator[None]:
        """Refresh once, at the end, for everything done inside: a new list of options sets
        the cursor, the scroll and the list's size in turn, and each asked for a repaint of
        the whole list (about a fifth of the panel's work for a decision). One full repaint,
        with a layout if any of them asked for one, covers them all."""
        self._held_refresh = False
        try:
            yield
        finally:
            layout, self._held_refresh = self._held_refresh, None
            super().refresh(layout=layout)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if self._held_refresh is None or recompose:
            return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        self._held_refresh = self._held_refresh or layout
        return self

    def _on_show(self, event: events.Show) -> None:
        # While someone else decides the list is hidden, and Textual's Hide takes the focus from
        # it, to nothing (the table has no other focusable widget): the arrows and Enter would do
        # nothing until Tab. The Hide is a message, so on a busy loop it can arrive after the list
        # was shown again; the Show comes after it, always. So the list takes the focus back
        # here, when nothing else holds it (Textual calls OptionList's and Widget's handlers too).
        if self.screen.focused is None:
            self.focus(scroll_visible=False)

    def render_lines(self, crop: Region) -> list[Strip]:
        # OptionList brings its table of lines up to date here, then again for every line it
        # draws (`_lines`), and looks up the scroll, the cursor and the rows' styles per line;
        # nothing changes them while the lines are drawn: once is enough.
        self._update_lines()
        width, plain, theme = self._row_basis()
        self._drawing = _Drawing(
            width=width,
            plain=plain,
            theme=theme,
            top=self.scroll_offset.y,
            highlighted=self.highlighted,
            hover=self._mouse_hovering_over,
            styles={},
        )
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = None

    def render_line(self, y: int) -> Strip:
        """OptionList's own `render_line`, with what it looks up per line taken from the
        drawing under way; anything out of the ordinary is left to it."""
        drawing = self._drawing
        lines = self._line_cache.lines
        if drawing is None or not 0 <= drawing.top + y < len(lines):
            return super().render_line(y)
        index, offset = lines[drawing.top + y]
        option = self._options[index]
        if option.disabled:
            component = "option-list--option-disabled"
        elif index == drawing.highlighted:
            component = "option-list--option-highlighted"
        elif index == drawing.hover:
            component = "option-list--option-hover"
        else:
            component = ""
        style = drawing.styles.get(component)
        if style is None:
            names = ("option-list--option", component) if component else ("option-list--option",)
            style = drawing.styles[component] = self.get_visual_style(*names)
        strips = self._get_option_render(option, style)
        return strips[offset] if offset < len(strips) else super().render_line(y)

    def _row_basis(self) -> tuple[int, bool, object]:
        """A row's width, whether rows are drawn from their pieces (no padding), the ANSI theme."""
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        return width, not self.get_component_styles("option-list--option").padding, self.app.ansi_theme

    @property
    def _lines(self) -> Sequence[tuple[int, int]]:
        if self._drawing is not None:
            return self._line_cache.lines
        return OptionList._lines.fget(self)  # type: ignore[attr-defined]

    def _get_visual(self, option: Option) -> Visual:
        if option._visual is None and isinstance(option, _Row):
            option._visual = _RowVisual(self, option)
        return super()._get_visual(option)

    def _get_option_render(self, option: Option, style: VisualStyle) -> list[Strip]:
        """A row that fits its line, drawn straight from its pieces: the same segments as
        OptionList's own drawing (which wraps and aligns any content, about 0.2 ms a row), so
        that a new decision's list costs little more than the rows' text."""
        cache_key = (option, style, None)
        if (strips := self._option_render_cache.get(cache_key)) is not None:
            return strips
        pieces = getattr(option, "pieces", None)
        drawing = self._drawing
        width, plain, theme = (drawing.width, drawing.plain, drawing.theme) if drawing else self._row_basis()
        if pieces is None or not plain or option.cells > width:  # type: ignore[attr-defined]
            return super()._get_option_render(option, style)
        index = self._option_to_index[option]
        segments, x, cells = [], 0, 0
        for text, rich in pieces:
            segments.append(Segment(text, _piece_style(style, rich or None, x, index, theme)))
            x += len(text)  # offsets count characters, as Textual's own drawing does
            cells += cell_len(text)
        if cells < width:
            segments.append(Segment(" " * (width - cells), _piece_style(style, None, -1, index, theme)))
        strips = [Strip(segments, max(cells, width))]
        self._option_render_cache[cache_key] = strips
        return strips

    def watch_highlighted(self, highlighted: int | None) -> None:
        # OptionList's own watcher also posts an OptionHighlighted message, which nobody here
        # reads (the panel is told at once, below): two dispatches saved on every key press.
        if highlighted is not None and not self._options[highlighted].disabled:
            self.scroll_to_highlight()
        panel = self.parent
        if isinstance(panel, ActionPanel) and not panel.filling:
            panel.cursor_moved(highlighted)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        panel = self.parent
        if isinstance(panel, ActionPanel) and round(old_value) != round(new_value):
            panel.show_hidden_rows()


@functools.lru_cache(maxsize=2048)
def _piece_style(style: VisualStyle, piece: Style | str | None, x: int, index: int, theme: object) -> Style:
    """A row piece's style as OptionList's drawing makes it: the row's style with the piece's
    on top, the piece's offset for text selection (x < 0: the padding, which has none), and
    the option's index for the mouse. Rows repeat few styles: cached."""
    meta = Style.from_meta({"option": index})
    if x < 0:
        return meta + style.rich_style
    if isinstance(piece, str):
        piece = Style.parse(piece)
    combined = style + VisualStyle.from_rich_style(piece, theme) if piece else style  # type: ignore[arg-type]
    return meta + combined.rich_style_with_offset(x, 0)


def _plain(static: Static) -> Static:
    """No links in the panel's text: Textual would look for them on every repaint (about a
    quarter of drawing a line of text)."""
    static.set_reactive(Static.auto_links, False)
    plain_lines(static)
    return static


def hidden_rows_text(above: range, below: range, *, keyed: int = 99, up: str = "↑", down: str = "↓") -> str:
    """The line under a list too long for its panel: which options are out of sight, by key
    (rows from `keyed` on, the greyed actions, have none)."""

    def span(rows: range) -> str:
        named = [HOTKEYS[i] for i in rows if i < min(keyed, len(HOTKEYS))]
        rest = len(rows) - len(named)
        bits = [named[0] if len(named) == 1 else f"{named[0]}-{named[-1]}"] if named else []
        if rest:
            # Never a bare count: "↓ 2 below" reads as the option with key 2.
            bits.append(f"{rest} more")
        return " and ".join(bits)

    bits = []
    if above:
        bits.append(f"{up} {span(above)} above")
    if below:
        bits.append(f"{down} {span(below)} below")
    return "  ".join(bits)


class ActionPanel(Vertical):
    DEFAULT_CSS = tcss_beside(__file__)

    class Chosen(Message):
        """An option was picked with Enter or a click."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    class Highlighted(Message):
        """The cursor moved to another option."""

        def __init__(self, index: int | None) -> None:
            self.index = index
            super().__init__()

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.state: PanelState | None = None
        self._filled_width = 0
        # While the list is refilled its cursor moves twice (cleared, then placed); the owner
        # is told once, or not at all when it draws the map itself right after `show`.
        self.filling = False
        self._more_text = ""
        # The prompt's lines at the last layout (0: not laid out yet).
        self._prompt_lines = 0
        # Called with the cursor's index whenever it moves (else a Highlighted message is sent).
        self.on_cursor: Callable[[int | None], None] | None = None

    def compose(self) -> ComposeResult:
        yield _plain(Static("", id="prompt", markup=False))
        yield _Options(id="options", markup=False)
        more = _plain(Static("", id="more", markup=False))
        more.display = False
        yield more
        yield _plain(Static("", id="detail", markup=False))

    @property
    def options(self) -> OptionList:
        return self.query_one("#options", OptionList)

    @property
    def cursor(self) -> int | None:
        return self.options.highlighted

    def show(self, state: PanelState) -> None:
        """Show a decision. The owner draws the map for the new cursor itself, right after."""
        if state == self.state:
            return
        same_options = self.state is not None and self.state.rows_key == state.rows_key
        self.state = state
        # Fixed heights and no layout pass: a new decision repaints the panel, nothing else.
        self.query_one("#prompt", Static).update(Text(state.prompt, Style(bold=True)), layout=False)
        self._fit_prompt()
        if not same_options:
            self._fill_options(highlight=state.start)
        self._show_detail(self.options.highlighted)

    def _fit_prompt(self, *, laid_out: bool = False) -> None:
        """A prompt that fits one line leaves its second line to the options. The prompt's
        height is `auto` (at most 2), so a layout pass sizes it by itself - the first one
        included: setting its height once the panel had its size laid the table out again
        right after the first frame. A new prompt asks for a layout only when its number of
        lines changes."""
        if self.state is None or self.size.width <= 0:
            return
        lines = 1 if len(self.state.prompt) <= self.size.width else 2
        if lines != self._prompt_lines:
            if self._prompt_lines and not laid_out:
                self.query_one("#prompt", Static).refresh(layout=True)
            self._prompt_lines = lines

    def _label_width(self) -> int:
        return max(8, self.size.width - 5)

    def _fill_options(self, highlight: int | None) -> None:
        """One line an option, so a narrow panel still shows them all; the highlighted
        option's full label is repeated underneath when it had to be cut."""
        state = self.state
        labels = state.labels if state is not None else ()
        dimmed = state.dimmed if state is not None else frozenset()
        width = self._label_width()
        self._filled_width = width
        items = []
        for i, label in enumerate(labels):
            key = hotkey(i)
            dim = i in dimmed
            items.append(
                _Row(
                    (f" {key} " if key else "   ", Style(bold=not dim, reverse=True, dim=dim)),
                    (" " + _cut(label, width), Style(dim=True) if dim else ""),
                )
            )
        for label, _ in state.greyed if state is not None else ():
            # "(not now)" is the point of the row: the label gives way, never it.
            text = _cut(label, max(8, width - len(NOT_NOW))) + NOT_NOW
            items.append(_Row((" " * 4 + text, Style(dim=True, italic=True))))
        self.filling = True
        try:
            with self.options.one_refresh():
                self.options.set_options(items)
                if items:
                    self.options.highlighted = min(highlight or 0, len(items) - 1)
        finally:
            self.filling = False
        self.options.display = bool(items)  # shown again, it takes the keys back: _Options._on_show
        self.call_after_refresh(while_attached(self, self.show_hidden_rows))

    def show_hidden_rows(self) -> None:
        """Say which options are scrolled out of sight ("↓ 5-6 below"): a list longer than
        its panel shows no other sign of them at 80x24. The line takes a row of the list only
        while some option is hidden."""
        options = self.options
        count = options.option_count if options.display else 0
        height = options.scrollable_content_region.height
        more = self.query_one("#more", Static)
        if count == 0 or height <= 0:
            text = ""
        elif more.display and round(options.scroll_y) == 0 and count <= height + 1:
            # The line itself took the row the last option needs: without it all fit (a
            # short list after a long one showed "1 below" with the row free).
            text = ""
        else:
            top = round(options.scroll_y)
            above, below = range(0, top), range(min(count, top + height), count)
            glyphs = look_of(self.app).glyphs
            keyed = len(self.state.labels) if self.state is not None else 0
            text = hidden_rows_text(above, below, keyed=keyed, up=glyphs.up, down=glyphs.down)
        if text == self._more_text:
            return  # nothing to repaint: an unchanged line would cost a frame of its own
        self._more_text = text
        more.update(Text(text, Style(dim=True)), layout=False)
        if more.display != bool(text):
            more.display = bool(text)
            self.call_after_refresh(while_attached(self, self.show_hidden_rows))

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        # The table shows its first decision before anything is laid out, when the panel's
        # width is not known: the labels are cut to 8. They are cut again to the real width
        # here, inside the layout pass that sizes the panel and right before it draws (Textual
        # calls this for each widget it has laid out; pinned), not on the Resize event that
        # comes after that drawing: the first frame showed "Run aro…" until the next one.
        changed = super()._size_updated(size, virtual_size, container_size, layout)
        if changed and self.state is not None and self.state.rows and self._label_width() != self._filled_width:
            self._fill_options(self.options.highlighted)
            self.cursor_moved(self.options.highlighted)
        return changed

    def on_resize(self) -> None:
        self._fit_prompt(laid_out=True)  # the layout that resized the panel sized the prompt
        self.call_after_refresh(while_attached(self, self.show_hidden_rows))

    def _show_detail(self, index: int | None) -> None:
        state = self.state
        detail = ""
        if state is not None:
            if not state.rows:
                detail = state.note
            elif index is not None and index >= len(state.labels):
                greyed = index - len(state.labels)
                if greyed < len(state.greyed):
                    detail = state.greyed[greyed][1]
            elif index is not None and index < len(state.details):
                detail = state.details[index]
                label = state.labels[index]
                if len(label) > self._label_width() and label not in detail:
                    detail = label + (". " + detail if detail else "")
        box = self.query_one("#detail", Static)
        lines = box.size.height or 2
        if box.size.width > 0:
            detail = fit_lines(detail, box.size.width, lines, look_of(self.app).glyphs.ellipsis)
        box.update(Text(detail, Style(italic=True)), layout=False)

    def no_option(self, index: int) -> str | None:
        """What to say when the key of option `index` is pressed and the question has no such
        option ("No option 6: this question has 3"); None when it has one, or when there is no
        question of this person's on the panel (someone else decides: the key says nothing).
        Every screen with this panel asks it before choosing, so the line is the same at each."""
        count = len(self.state.labels) if self.state is not None else 0
        if count == 0 or 0 <= index < count:
            return None
        return f"No option {hotkey(index) or index + 1}: this question has {count}"

    def move_to(self, index: int) -> None:
        if 0 <= index < self.options.option_count:
            self.options.highlighted = index

    def cursor_moved(self, index: int | None) -> None:
        self._show_detail(index)
        if self.on_cursor is not None:
            self.on_cursor(index)
        else:
            self.post_message(self.Highlighted(index))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(event.option_index))


MORE_IN_EXPLAIN = "x: more"
NOT_NOW = " (not now)"


def fit_lines(text: str, width: int, lines: int, ellipsis: str = "…") -> str:
    """`text` as it fits `lines` lines of `width`: cut at a word, never mid-sentence without a
    sign, ending in "… x: more" (the explain key shows all of it)."""
    wrapped = textwrap.wrap(text, width)
    if len(wrapped) <= lines:
        return text
    tail = f"{ellipsis} {MORE_IN_EXPLAIN}"
    kept = wrapped[:lines]
    last = kept[-1]
    while last and len(last) + len(tail) + 1 > width:
        last = last.rsplit(" ", 1)[0] if " " in last else ""
    kept[-1] = f"{last} {tail}" if last else tail
    return "\n".join(kept)


def _cut(label: str, width: int) -> str:
    """A label as it fits `width`: whole, or cut at a word with "…" (the line under the list
    then shows all of it); mid-word ("…squa…") only for a first word longer than the row."""
    return clip(label, width)
