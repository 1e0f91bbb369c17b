"""Exact cover by Dancing Links, from Python.

The engine is libdlx, the C library of the ``dlx`` command (Knuth's
Algorithm X with dancing links, with secondary items and colors); the
interface is xcover's, so that ``from excover import covers`` can stand
in for ``from xcover import covers``::

    >>> from excover import covers, count
    >>> options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7],
    ...            [2, 7]]
    >>> [sorted(s) for s in covers(options)]
    [[1, 3, 5]]
    >>> count(options)
    1

Items are any hashable values.  Primary items must be covered exactly
once, secondary items at most once, or, with ``colored=True``, by any
number of options that give them the same color (``"x:RED"``).

Searches run in C without the GIL; Ctrl-C (KeyboardInterrupt) stops
them within a few milliseconds.  The puzzles of the commands are in
:mod:`excover.sudoku` and :mod:`excover.mathdoku`.
"""
import sys
from typing import (Dict, Hashable, Iterator, List, Optional, Sequence,
                    Tuple, Union)

from . import _excover
from . import mathdoku, sudoku

__all__ = ["covers", "covers_bool", "count", "count_bool", "stats", "best",
           "sample",
           "sudoku", "mathdoku", "Solutions", "HAVE_MEMO", "HAVE_BOUNDS"]
#: The project's one version (DLX_VERSION in libdlx's dlx.h): the library,
#: the commands and this package agree.
__version__ = _excover.DLX_VERSION

Solutions = _excover.Solutions
#: {item: n} or {item: (lo, hi)}
Bounds = Dict[Hashable, Union[int, Tuple[int, int]]]
#: Whether this build's libdlx has the memo counter (count(memo=True)).
HAVE_MEMO = bool(_excover.HAVE_MEMO)
#: Whether it has multiplicities and costs (bounds=..., best()).
HAVE_BOUNDS = bool(_excover.HAVE_BOUNDS)


def _split_color(item, colored):
    """(item, color name or None) of an item as written in an option."""
    if colored and isinstance(item, str) and ":" in item:
        name, _, color = item.partition(":")
        return name, color
    return item, None


def _encode(options, primary, secondary, colored):
    """The problem in numbers: (n_primary, n_secondary, options, colors).

    Items are numbered in the order given (primary, then secondary), or in
    the order of their first appearance in the options when not given.
    """
    options = [list(o) for o in options]
    if primary is not None and secondary is not None:
        primary, secondary = list(primary), list(secondary)
    else:
        seen = {}
        for opt in options:
            for item in opt:
                seen.setdefault(_split_color(item, colored)[0], None)
        if primary is None and secondary is None:
            primary, secondary = list(seen), []
        elif primary is None:
            secondary = list(secondary)
            named = set(secondary)
            primary = [i for i in seen if i not in named]
        else:
            primary = list(primary)
            named = set(primary)
            secondary = [i for i in seen if i not in named]
    index = {}
    for k, item in enumerate(primary + secondary):
        if item in index:
            raise ValueError("item %r is named twice" % (item,))
        index[item] = k
    n_primary, n_secondary = len(primary), len(secondary)
    if not colored:
        encoded = []
        for k, opt in enumerate(options):
            try:
                encoded.append([index[i] for i in opt])
            except KeyError:
                bad = next(i for i in opt if i not in index)
                raise ValueError("option %d: item %r is neither primary nor "
                                 "secondary" % (k, bad)) from None
        return n_primary, n_secondary, encoded, None, index
    # colored: each item as written ("x:RED") is split once
    known, color_index = {}, {}

    def split(item, k):
        name, color = _split_color(item, True)
        if name not in index:
            raise ValueError("option %d: item %r is neither primary nor "
                             "secondary" % (k, name))
        c = 0 if color is None else color_index.setdefault(
            color, len(color_index) + 1)
        known[item] = pair = (index[name], c)
        return pair

    encoded, colors = [], []
    for k, opt in enumerate(options):
        pairs = [known.get(i) or split(i, k) for i in opt]
        encoded.append([p[0] for p in pairs])
        colors.append([p[1] for p in pairs])
    return n_primary, n_secondary, encoded, colors, index


def _bounds(bounds, index, n_primary):
    """[(item index, lo, hi)] of {item: n or (lo, hi)} (None: None)."""
    if bounds is None:
        return None
    out = []
    for item, b in dict(bounds).items():
        k = index.get(item)
        if k is None or k >= n_primary:
            raise ValueError("bounds of %r: not a primary item" % (item,))
        lo, hi = (b, b) if isinstance(b, int) else b
        out.append((k, int(lo), int(hi)))
    return out


def _limit(limit):
    if limit is None:
        return 0
    if limit < 1:
        raise ValueError("limit must be 1 or more (None: no limit)")
    return int(limit)


def covers(options: Sequence[Sequence[Hashable]],
           primary: Optional[Sequence[Hashable]] = None,
           secondary: Optional[Sequence[Hashable]] = None,
           colored: bool = False,
           limit: Optional[int] = None,
           bounds: Optional[Bounds] = None,
           prune: bool = False) -> "Solutions":
    """Yield each exact cover as a list of option indices.

    options: a list of options, each a list of hashable items.
    primary, secondary: the items to cover exactly once and at most once.
        primary=None: every item of the options not named secondary;
        secondary=None: every item not named primary (none when neither
        is given).
    colored: items written "name:COLOR" are item `name` with a color; a
        secondary item may be covered by several options of one color.
    limit: stop after this many solutions (None: all).
    bounds: {item: n} or {item: (lo, hi)}: a primary item covered n
        times, or lo to hi times (Knuth's multiplicities, dlx3), where
        libdlx has them (HAVE_BOUNDS); a solution lists each chosen
        option once.
    prune: before each branch, the subset rule of ``dlx --prune``
        (Knuth's intersection of items; for sudoku, the locked
        candidates): when every option left of a primary item i also
        covers item j, j's other options go.  The same solutions, a
        smaller tree; with several solutions they come in that tree's
        order.  Off by default, as in the dlx command.  Where libdlx's
        compact engine cannot run (colors, bounds, long lists) the plain
        search runs.

    As in Knuth's programs and xcover, an option with no primary item is
    never chosen.  Each solution lists its options in the order the
    search chose them.  The search runs on a thread of its own without
    the GIL and hands the solutions over as they come; the iterator can
    be dropped (or closed) half way, which stops the search.  Raises
    ValueError for an option that names an unknown item, names an item
    twice, or colors a primary item.
    """
    n_primary, n_secondary, opts, colors, index = _encode(
        options, primary, secondary, colored)
    return _excover.covers(n_primary, n_secondary, opts, colors,
                           _limit(limit), _bounds(bounds, index, n_primary),
                           bool(prune))


def count(options: Sequence[Sequence[Hashable]],
          primary: Optional[Sequence[Hashable]] = None,
          secondary: Optional[Sequence[Hashable]] = None,
          colored: bool = False,
          limit: Optional[int] = None,
          memo: Optional[bool] = None,
          bounds: Optional[Bounds] = None,
          prune: bool = False) -> int:
    """The number of exact covers, as an exact int (never wraps).

    The arguments are those of covers().  With limit, counting stops
    there (limit=2: is there only one?).  Ctrl-C raises
    KeyboardInterrupt within a few milliseconds.

    memo: True counts by remembering the count of each sub-problem
    (libdlx's memo counter: counts far past 2^64, such as domino tilings
    of large boards, in seconds; it branches on items in the order they
    are numbered, so list the items of neighbouring cells near one
    another), False by a search that visits each solution, None lets
    libdlx judge (by search when bounds are given).  A libdlx without
    the memo counter (HAVE_MEMO false) counts by search and raises
    NotImplementedError for memo=True.
    bounds: as in covers().
    prune: the subset rule, as in covers(): the same count by a smaller
    tree.  It takes one plain search, as ``dlx --prune`` does: with
    memo=True it raises ValueError, and memo=None then counts by search.
    """
    n_primary, n_secondary, opts, colors, index = _encode(
        options, primary, secondary, colored)
    if memo is None and bounds is not None:
        memo = False
    return _excover.count(n_primary, n_secondary, opts, colors,
                          _limit(limit),
                          -1 if memo is None else int(bool(memo)),
                          _bounds(bounds, index, n_primary), bool(prune))



def sample(options: Sequence[Sequence[Hashable]], n: int,
           primary: Optional[Sequence[Hashable]] = None,
           secondary: Optional[Sequence[Hashable]] = None,
           colored: bool = False,
           seed: int = 0) -> List[List[int]]:
    """n exact covers drawn independently and exactly uniformly from all
    of them, each a list of option indices (as covers() gives them).

    The draws go through libdlx's memo counter (the count of every
    sub-problem says how likely each branch is), so they are exact, not
    approximately uniform; the same seed (0 to 2**64 - 1) gives the same
    draws on every machine.  Problems without a solution give [].
    The other arguments are those of covers(); bounds are not supported
    (the memo counter counts exact covers).  Ctrl-C raises
    KeyboardInterrupt.

    >>> from excover import sample
    >>> opts = [[0, 1], [1, 2], [2], [0]]
    >>> sorted(map(sorted, sample(opts, 20, seed=1))) [0]
    [0, 2]
    >>> len({tuple(sorted(s)) for s in sample(opts, 50, seed=2)})
    2
    """
    if not HAVE_MEMO:
        raise NotImplementedError("this libdlx has no memo counter")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an int >= 0, not {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or \
            not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int from 0 to 2**64 - 1, "
                         f"not {seed!r}")
    n_primary, n_secondary, opts, colors, index = _encode(
        options, primary, secondary, colored)
    if n == 0:
        return []
    return _excover.sample(n_primary, n_secondary, opts, colors, n, seed)


def stats(options: Sequence[Sequence[Hashable]],
          primary: Optional[Sequence[Hashable]] = None,
          secondary: Optional[Sequence[Hashable]] = None,
          colored: bool = False,
          limit: Optional[int] = None,
          bounds: Optional[Bounds] = None,
          prune: bool = False) -> Dict[str, Union[int, str]]:
    """The figures of ``dlx -s`` for a search that counts the covers.

    The arguments are those of count(); the count is made by search
    (never the memo counter).  Returns {"solutions": int, "nodes": int,
    "updates": int, "end": str}, where end is "complete" or why the
    search stopped ("solution limit reached").  With the items numbered
    as in Knuth's format (primary and secondary given in the order of its
    item line, the options in its order), nodes and updates are those
    ``dlx -s`` prints, ``dlx --prune -s`` with prune=True.
    """
    n_primary, n_secondary, opts, colors, index = _encode(
        options, primary, secondary, colored)
    return _excover.stats(n_primary, n_secondary, opts, colors,
                          _limit(limit), 0, _bounds(bounds, index, n_primary),
                          bool(prune))


def best(options: Sequence[Sequence[Hashable]], costs: Sequence[int],
         k: int = 1,
         primary: Optional[Sequence[Hashable]] = None,
         secondary: Optional[Sequence[Hashable]] = None,
         colored: bool = False,
         bounds: Optional[Bounds] = None) -> List[Tuple[int, List[int]]]:
    """The k cheapest exact covers, cheapest first, as (cost, options).

    costs: one non-negative int per option; a solution costs the sum of
    its options' costs (Knuth's dlx5: the search cuts off every branch
    that cannot beat the k-th best found so far).  The other arguments
    are those of covers().  Fewer than k when there are fewer solutions.
    k is at most 100,000; each cost at most 10**15 and the costs of all
    options together below 2**63 (else ValueError).
    Needs libdlx's costs (HAVE_BOUNDS), else NotImplementedError.
    """
    if not 1 <= k <= 100000:
        raise ValueError("k must be 1 to 100,000 (the most best() keeps), "
                         "not %d" % k)
    n_primary, n_secondary, opts, colors, index = _encode(
        options, primary, secondary, colored)
    if len(costs) != len(opts):
        raise ValueError("%d costs for %d options" % (len(costs), len(opts)))
    return _excover.best(n_primary, n_secondary, opts, colors,
                         _bounds(bounds, index, n_primary), list(costs), k)


def _bool_options(matrix) -> Tuple[int, List[List[int]]]:
    """(columns, options) of a 2-D boolean matrix (numpy or lists)."""
    # an array can only come from a numpy already imported: never import
    # it here
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(matrix, numpy.ndarray):
        if matrix.ndim != 2:
            raise ValueError("the matrix must have 2 dimensions")
        rows, cols = numpy.nonzero(matrix)
        options = [[] for _ in range(matrix.shape[0])]
        for r, c in zip(rows.tolist(), cols.tolist()):
            options[r].append(c)
        return matrix.shape[1], options
    rows = [list(r) for r in matrix]
    width = len(rows[0]) if rows else 0
    if any(len(r) != width for r in rows):
        raise ValueError("the rows of the matrix differ in length")
    return width, [[c for c, v in enumerate(r) if v] for r in rows]


def covers_bool(matrix, limit: Optional[int] = None,
                prune: bool = False) -> "Solutions":
    """Yield each exact cover of a boolean matrix as a list of row indices.

    matrix: a numpy array (or a list of lists) whose rows are the options
    and whose columns are the items, all primary; non-zero marks a node.
    numpy is optional.  prune: the subset rule, as in covers().
    """
    width, options = _bool_options(matrix)
    return _excover.covers(width, 0, options, None, _limit(limit), None,
                           bool(prune))


def count_bool(matrix, limit: Optional[int] = None,
               prune: bool = False) -> int:
    """The number of exact covers of a boolean matrix (see covers_bool).

    prune: the subset rule, as in count().
    """
    width, options = _bool_options(matrix)
    return _excover.count(width, 0, options, None, _limit(limit), -1, None,
                          bool(prune))
