"""Mathdoku (KenKen) as the ``mathdoku`` command solves it.

A puzzle is text in any layout the command reads: the cage-letter grid
with its legend, a cage list (``11 + A1 A2``, ``11+ 1,7``), or a Keen
game ID (``4:_a_3a...``).  ``solve`` returns what ``mathdoku solve``
prints (N lines of digits), ``count`` what ``mathdoku count`` prints,
``generate`` what ``mathdoku generate --seed S`` prints.  Bad input raises
ValueError with the reader's located message (``<string>:3:7: ...``).
"""
import os
from typing import Optional, Tuple, Union

from . import _excover

__all__ = ["solve", "count", "generate"]


def solve(text: str, nary: bool = False) -> Optional[str]:
    """The solution as N lines of digits (None when there is none).

    nary: '-' and '/' cages may have more than two cells.
    """
    return _excover.mathdoku_solve(text, nary=nary)


def count(text: str, limit: Optional[int] = None, nary: bool = False) -> int:
    """The number of solutions (up to limit when given)."""
    if limit is not None and limit < 1:
        raise ValueError("limit must be 1 or more (None: no limit)")
    return _excover.mathdoku_count(text, limit=limit or 0, nary=nary)


def generate(seed: Optional[int] = None, size: int = 6,
             ops: Optional[str] = None, layout: str = "letters",
             solution: bool = False) -> Union[str, Tuple[str, str]]:
    """A mathdoku with one solution, as ``mathdoku generate --seed S``.

    seed: an int from 0 to 2**64 - 1, as ``--seed`` takes (else
    ValueError; None: a random one).  Ctrl-C raises KeyboardInterrupt
    within a fraction of a second, as in every call of the package.
    ops: the operations allowed, e.g. "+*" (default all four); layout:
    letters (default), list, numbered or keen.  Returns the puzzle text,
    or (puzzle, solution grid) with solution=True.
    """
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    return _excover.mathdoku_generate(seed, size=size, ops=ops,
                                      layout=layout, solution=solution)
