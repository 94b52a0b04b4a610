"""Searching pages of rules text: one search for every title's rules reference.

A page is anything with a `title`, `keywords` and `text` (Adrenaline's sections and card pages,
Bloodrush's rules pages). `PageIndex(pages).search(query)` ranks them best first: by how many
of the query's words a page has at all, then by where they are (title, keywords, text) and how
often; a whole-phrase match in the title or keywords wins. A word also matches the words it
begins and, failing that, near spellings, for less.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

_WORD = re.compile(r"[a-z0-9]+")

# Words that say nothing about which rule is meant; without them "what can I see" finds sight.
_STOP = frozenset(
    {"a", "an", "and", "are", "at", "be", "by", "can", "do", "does", "for", "from", "how", "i", "if", "in"}
    | {"is", "it", "me", "my", "of", "on", "or", "the", "to", "what", "when", "where", "who", "why", "you", "your"}
)

# How much a word found by its beginning, or by a near spelling, counts next to the word itself.
PREFIX_WEIGHT = 0.6
NEAR_WEIGHT = 0.5


class Page(Protocol):
    @property
    def title(self) -> str: ...
    @property
    def keywords(self) -> Sequence[str]: ...
    @property
    def text(self) -> str: ...


P = TypeVar("P", bound=Page)


def stem(word: str) -> str:
    """A crude stem so that `marks`/`mark`, `doors`/`door`, `reloading`/`reload` meet."""
    for suffix in ("ing", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def words(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP]


class PageIndex(Generic[P]):
    """The pages with their words worked out once, ready to search."""

    def __init__(self, pages: Sequence[P]) -> None:
        self.pages = list(pages)
        self._words = [(words(p.title), words(" ".join(p.keywords)), words(p.text)) for p in self.pages]
        vocabulary: set[str] = set()
        for title, keys, body in self._words:
            vocabulary.update(title, keys, body)
        self.vocabulary = frozenset(vocabulary)

    def meanings(self, term: str) -> dict[str, float]:
        """The words a typed term may mean, with a weight: itself; words it begins (`overk` is
        `overkill`, from 3 letters); and near spellings (`ovrekill`) when nothing else matches."""
        vocabulary = self.vocabulary
        out = {term: 1.0} if term in vocabulary else {}
        if len(term) >= 3:
            out.update({w: PREFIX_WEIGHT for w in vocabulary if w != term and w.startswith(term)})
        if not out and len(term) >= 4:
            out.update({w: NEAR_WEIGHT for w in difflib.get_close_matches(term, vocabulary, n=3, cutoff=0.75)})
        return out

    def search(self, query: str, limit: int = 10) -> list[P]:
        """The pages for a query, best first."""
        terms = list(dict.fromkeys(words(query)))
        if not terms:
            return []
        meanings = [self.meanings(t) for t in terms]
        phrase = " ".join(_WORD.findall(query.lower()))
        scored = []
        for order, (page, (title, keys, body)) in enumerate(zip(self.pages, self._words, strict=True)):
            matched = 0
            weight = 0.0
            for found in meanings:
                hits = sum(
                    factor * (5 * title.count(w) + 3 * keys.count(w) + min(body.count(w), 5))
                    for w, factor in found.items()
                )
                if hits:
                    matched += 1
                    weight += hits
            if not matched:
                continue
            exact = phrase in page.title.lower() or any(phrase == k.lower() for k in page.keywords)
            scored.append(((exact, matched, weight, -order), page))
        scored.sort(key=lambda item: item[0], reverse=True)
        return [p for _, p in scored[:limit]]


class Section(Page, Protocol):
    """A page of a reference: also an id to find it by and the chapter it is listed under."""

    @property
    def id(self) -> str: ...
    @property
    def chapter(self) -> str: ...


S = TypeVar("S", bound=Section)


class Reference(Generic[S]):
    """A title's rules reference: its pages in reading order (`pages()`, asked each time: the
    title's module caches them), found by id, grouped by chapter, searched. One for each
    title's reference module, which names its pages and nothing else."""

    def __init__(self, pages: Callable[[], Sequence[S]]) -> None:
        self._pages = pages
        self._index: PageIndex[S] | None = None

    def section(self, section_id: str) -> S:
        for s in self._pages():
            if s.id == section_id:
                return s
        raise KeyError(section_id)

    def chapters(self) -> dict[str, list[S]]:
        """Sections grouped by chapter, in reading order."""
        out: dict[str, list[S]] = {}
        for s in self._pages():
            out.setdefault(s.chapter, []).append(s)
        return out

    def search(self, query: str, limit: int = 10) -> list[S]:
        """The sections that best match `query`, best first (their words worked out once)."""
        if self._index is None:
            self._index = PageIndex(self._pages())
        return self._index.search(query, limit)


@dataclass(frozen=True, slots=True)
class TextPage:
    """A page laid out line by line, its first line naming it (a reference with no drawings)."""

    body: str
    diagram: None = None

    @property
    def text(self) -> str:
        return self.body


@dataclass(frozen=True, slots=True)
class TextSection:
    """One entry of a title's reference, as the rules screen lists, shows and searches it."""

    id: str
    title: str
    chapter: str
    keywords: tuple[str, ...]
    text: str
    see: tuple[str, ...] = ()
    page: TextPage | None = None
