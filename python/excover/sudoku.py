"""Sudoku of any size (1x1 to 100x100) and its variants, as the ``sudoku``
command solves them.

Every function takes the text of one puzzle in any layout the command
reads: a line of N*N symbols (``.`` or ``0`` for a blank), a grid of N
lines, the numbers layout, or a Solo game ID (``3x3:...``, X, jigsaw and
killer variants too).  Answers are the command's: ``solve`` returns what
``sudoku solve`` prints, ``count`` what ``sudoku count`` prints, ``rate``
what ``sudoku rate -o json`` says, ``generate`` what ``sudoku generate
--seed S`` prints, ``stats`` the figures of ``sudoku count -o json``.

``solve``, ``count`` and ``stats`` take ``prune``, the command's
``--prune`` (True, the default) and ``--no-prune`` (False): on plain
puzzles the search applies the subset rule of ``dlx --prune`` before each
branch (the locked candidates).  The same counts and solutions, fewer
nodes; a puzzle with several solutions gives the first its tree meets,
the one the command prints with the same option.  Variants search the
plain tree either way.

Bad input raises ValueError with the reader's message and its place,
``<string>:1:5: ...``, as the command reports ``file:1:5: ...``.
Searches run without the GIL, and Ctrl-C stops them.
"""
import os
from typing import Dict, Optional, Tuple, Union

from . import _excover

__all__ = ["solve", "count", "stats", "rate", "generate"]


def solve(text: str, box: Optional[str] = None, x: bool = False,
          prune: bool = True) -> Optional[str]:
    """The solution of a sudoku, written in the layout it was read in.

    box: "RxC" for boxes R rows by C columns where the size alone does not
    say (a 6x6 is 2x3 unless told); x: both diagonals are units too.
    Returns None when the puzzle has no solution; with several, the first
    the search finds (count(text, limit=2) says whether it is unique):
    ``sudoku solve``'s with prune=True (the default), ``sudoku solve
    --no-prune``'s with prune=False.
    """
    return _excover.sudoku_solve(text, box=box, x=x, prune=prune)


def count(text: str, limit: Optional[int] = None, box: Optional[str] = None,
          x: bool = False, prune: bool = True) -> int:
    """The number of solutions of a sudoku (up to limit when given).

    prune: the command's --prune (the default) or --no-prune (False); the
    same count either way.
    """
    if limit is not None and limit < 1:
        raise ValueError("limit must be 1 or more (None: no limit)")
    return _excover.sudoku_count(text, limit=limit or 0, box=box, x=x,
                                 prune=prune)


def stats(text: str, limit: Optional[int] = None, box: Optional[str] = None,
          x: bool = False, prune: bool = True
          ) -> Dict[str, Union[int, bool]]:
    """The search's figures, as ``sudoku count -o json`` gives them.

    Returns {"solutions": int, "complete": bool, "nodes": int}: the
    solutions found (up to limit), whether the search ran to its end, and
    its nodes, the figure ``sudoku count -s`` prints (``-l N`` for limit;
    limit=2 is the search of ``sudoku solve -s``), ``--no-prune``'s with
    prune=False.
    """
    if limit is not None and limit < 1:
        raise ValueError("limit must be 1 or more (None: no limit)")
    return _excover.sudoku_stats(text, limit=limit or 0, box=box, x=x,
                                 prune=prune)


def rate(text: str, box: Optional[str] = None, x: bool = False
         ) -> Dict[str, Union[str, int, Dict[str, int]]]:
    """The logic solver's grade of a sudoku, as ``sudoku rate -o json``.

    Returns {"rating": "easy" ... "guessing", "hardest": technique key,
    "steps": steps taken, "techniques": {key: times used}}.
    """
    return _excover.sudoku_rate(text, box=box, x=x)


def generate(seed: Optional[int] = None, size: Optional[int] = None,
             box: Optional[str] = None, symmetry: str = "none",
             givens: int = 0, solution: bool = False,
             difficulty: Optional[str] = None
             ) -> Union[str, Tuple[str, str]]:
    """A sudoku with one solution, as ``sudoku generate --seed S`` makes it.

    seed: the same seed gives the same puzzle on every machine (None: a
    random one), an int from 0 to 2**64 - 1 as ``--seed`` takes (else
    ValueError).  size (default 9) or box ("RxC") give the shape (both:
    they must agree, else ValueError); symmetry is one of
    none, rot180, rot90, mirror, diagonal; givens > 0 stops clearing at
    that many givens; difficulty (easy, medium, hard, expert, extreme,
    guessing) asks for a puzzle of that grade, reached as the command
    reaches it (RuntimeError when 10,000 attempts find none).  Returns
    the puzzle as one line, or (puzzle, solution) with solution=True.
    Ctrl-C raises KeyboardInterrupt within a fraction of a second at
    every size and difficulty (the generator polls between its steps).
    """
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    shape = {} if size is None else {"size": size}
    return _excover.sudoku_generate(seed, box=box, symmetry=symmetry,
                                    givens=givens, solution=solution,
                                    difficulty=difficulty, **shape)
