"""excover.covers, covers_bool and count against published counts, a
brute force over subsets, and xcover's own test cases."""
import itertools
import os
import random

import pytest

import excover
from excover import count, count_bool, covers, covers_bool


def brute_force(options, primary, secondary):
    """Every subset of options that covers each primary item once and each
    secondary item at most once: the definition, nothing clever.  As in
    Knuth's programs (and xcover), an option of secondary items only is
    never part of a solution."""
    found = []
    usable = [k for k, o in enumerate(options) if set(o) & set(primary)]
    for k in range(len(usable) + 1):
        for subset in itertools.combinations(usable, k):
            seen = [i for s in subset for i in options[s]]
            if len(seen) != len(set(seen)):
                continue
            if set(primary) <= set(seen) and set(seen) <= set(primary) | set(
                    secondary):
                found.append(frozenset(subset))
    return set(found)


def queens(n):
    """Knuth's n queens: rows and columns primary, diagonals secondary."""
    options = [[("r", r), ("c", c), ("a", r + c), ("b", r - c)]
               for r in range(n) for c in range(n)]
    primary = [("r", r) for r in range(n)] + [("c", c) for c in range(n)]
    secondary = [("a", k) for k in range(2 * n - 1)] + [
        ("b", k) for k in range(1 - n, n)]
    return options, primary, secondary


# OEIS A000170
QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680]


@pytest.mark.parametrize("n", range(1, 12))
def test_queens_counts_are_published(n):
    options, primary, secondary = queens(n)
    assert count(options, primary, secondary) == QUEENS[n - 1]
    assert sum(1 for _ in covers(options, primary, secondary)) == \
        QUEENS[n - 1]


def test_queens_solutions_are_valid_and_distinct():
    options, primary, secondary = queens(8)
    sols = [frozenset(s) for s in covers(options, primary, secondary)]
    assert len(set(sols)) == 92
    for s in sols:
        cells = [options[k] for k in s]
        for kind in "rcab":
            used = [i for o in cells for i in o if i[0] == kind]
            assert len(used) == len(set(used))


def random_problem(rng, max_options):
    """Up to 7 primary and 2 secondary items, 0 to max_options options of
    1 to 4 items: (options, primary, secondary)."""
    n_items = rng.randint(1, 7)
    n_secondary = rng.randint(0, 2)
    items = list(range(n_items + n_secondary))
    options = [rng.sample(items, rng.randint(1, min(4, len(items))))
               for _ in range(rng.randint(0, max_options))]
    return options, items[:n_items], items[n_items:]


def test_random_problems_against_brute_force():
    seed = int(os.environ.get("EXCOVER_SEED", "12345"))
    rng = random.Random(seed)
    for trial in range(300):
        options, primary, secondary = random_problem(rng, 11)
        want = brute_force(options, primary, secondary)
        got = [frozenset(s) for s in covers(options, primary, secondary)]
        assert len(got) == len(set(got)), (seed, trial)
        assert set(got) == want, (seed, trial, options)
        assert count(options, primary, secondary) == len(want)


def test_xcover_readme_examples():
    options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    assert [sorted(s) for s in covers(options)] == [[1, 3, 5]]
    primary = ["p", "q", "r"]
    secondary = ["x", "y"]
    options = [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"],
               ["q", "x:A"], ["r", "y:B"]]
    sols = list(covers(options, primary=primary, secondary=secondary,
                       colored=True))
    assert [sorted(s) for s in sols] == [[1, 3]]


def test_xcover_knuth_simple_sets():
    options = [{"c", "e"}, {"a", "d", "g"}, {"b", "c", "f"},
               {"a", "d", "f"}, {"b", "g"}, {"d", "e", "g"}]
    assert [set(s) for s in covers(options)] == [{0, 3, 4}]


def test_xcover_colored2():
    # xcover's test_simple_colored2: d may be shared when both color it
    primary = ["a", "b", "c"]
    secondary = ["d", "e", "f"]
    options = [["a", "b", "d"], ["c", "d"], ["c", "e"], ["a", "b", "d:BLUE"],
               ["c", "d:BLUE"]]
    got = {frozenset(s) for s in covers(options, primary, secondary,
                                        colored=True)}
    assert got == {frozenset({0, 2}), frozenset({3, 2}), frozenset({3, 4})}


def test_primary_defaults():
    # secondary named: the rest are primary; primary named: the rest are
    # secondary
    options = [["a", "x"], ["a"], ["b", "x"], ["b"]]
    assert count(options, secondary=["x"]) == 3
    assert count(options, primary=["a", "b"]) == 3
    assert count(options) == 2    # x primary too: {0, 3} and {1, 2}


def test_option_without_primary_item_is_never_chosen():
    options = [["a"], ["x"], ["a", "x"]]
    got = {frozenset(s) for s in covers(options, primary=["a"],
                                        secondary=["x"])}
    assert got == {frozenset({0}), frozenset({2})}


def test_limit():
    options, primary, secondary = queens(8)
    assert count(options, primary, secondary, limit=10) == 10
    assert len(list(covers(options, primary, secondary, limit=5))) == 5
    with pytest.raises(ValueError):
        count(options, primary, secondary, limit=0)


def test_bad_input():
    with pytest.raises(ValueError, match="neither primary nor secondary"):
        count([["a", "z"]], primary=["a"], secondary=["b"])
    with pytest.raises(ValueError, match="option 1"):
        count([["a"], ["a", "a"]])
    with pytest.raises(ValueError, match="option 0"):
        count([["a:RED"]], primary=["a"], secondary=[], colored=True)
    with pytest.raises(ValueError, match="named twice"):
        count([["a"]], primary=["a"], secondary=["a"])
    with pytest.raises(TypeError):
        count([1, 2])


def test_bool_lists_and_numpy():
    matrix = [[1, 0, 0, 1, 1, 0, 1, 0], [1, 0, 0, 0, 1, 1, 0, 1],
              [1, 0, 0, 0, 1, 1, 1, 0], [1, 0, 1, 0, 1, 1, 0, 0],
              [1, 0, 0, 0, 1, 0, 1, 1], [1, 0, 1, 1, 1, 0, 0, 0],
              [1, 0, 0, 0, 0, 1, 1, 1], [0, 1, 0, 1, 1, 0, 1, 0],
              [0, 1, 0, 0, 1, 1, 0, 1], [0, 1, 0, 0, 1, 1, 1, 0],
              [0, 1, 1, 0, 1, 1, 0, 0], [0, 1, 0, 0, 1, 0, 1, 1],
              [0, 1, 1, 1, 1, 0, 0, 0], [0, 1, 0, 0, 0, 1, 1, 1]]
    want = {frozenset({5, 13}), frozenset({6, 12})}
    assert {frozenset(s) for s in covers_bool(matrix)} == want
    assert count_bool(matrix) == 2
    np = pytest.importorskip("numpy")
    arr = np.array(matrix, dtype=bool)
    assert {frozenset(s) for s in covers_bool(arr)} == want
    assert count_bool(arr) == 2


def test_counts_are_exact_past_64_bits():
    # the counters return 128 bits as (hi, lo): the int must be exact
    conv = excover._excover.count_value
    assert conv(0, 0) == 0
    assert conv(0, 2**64 - 1) == 2**64 - 1
    assert conv(1, 5) == 2**64 + 5
    assert conv(2**64 - 1, 2**64 - 1) == 2**128 - 1


def test_help_and_docstrings():
    for f in (covers, covers_bool, count, excover.stats, excover.sudoku.solve,
              excover.sudoku.count, excover.sudoku.stats, excover.sudoku.rate,
              excover.sudoku.generate, excover.mathdoku.solve,
              excover.mathdoku.count, excover.mathdoku.generate):
        assert f.__doc__ and len(f.__doc__) > 40


def dominoes(rows, cols):
    """Domino tilings of a board, cells numbered row by row."""
    options = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                options.append([(r, c), (r, c + 1)])
            if r + 1 < rows:
                options.append([(r, c), (r + 1, c)])
    return options


def tilings_by_profile(rows, cols):
    """The same count by a second method: the broken-profile dynamic
    program, cell by cell down each column.  Bit r of a profile: cell r
    of this column (rows not yet passed) or of the next one (rows passed)
    is already covered."""
    counts = {0: 1}
    for c in range(cols):
        for r in range(rows):
            nxt = {}

            def add(key, n):
                nxt[key] = nxt.get(key, 0) + n

            for prof, n in counts.items():
                if prof >> r & 1:
                    add(prof & ~(1 << r), n)          # covered already
                    continue
                if c + 1 < cols:
                    add(prof | 1 << r, n)             # a domino across
                if r + 1 < rows and not prof >> (r + 1) & 1:
                    add(prof | 1 << (r + 1), n)       # a domino down
            counts = nxt
    return counts.get(0, 0)


def test_profile_counts_are_published():
    # OEIS A004003: domino tilings of 2n x 2n boards
    assert [tilings_by_profile(n, n) for n in (2, 4, 6, 8)] == \
        [2, 36, 6728, 12988816]
    assert count(dominoes(6, 6)) == 6728


@pytest.mark.skipif(not excover.HAVE_MEMO, reason="libdlx has no memo "
                    "counter yet (dlx_count_memo)")
def test_count_past_2_to_the_64():
    want = tilings_by_profile(8, 24)
    assert want > 2**64
    # 24 rows of 8: the memo counter branches on the cells row by row, and
    # a row of 8 is its frontier
    assert count(dominoes(24, 8), memo=True) == want


def test_memo_argument():
    options, primary, secondary = queens(8)
    if excover.HAVE_MEMO:
        assert count(options, primary, secondary, memo=True) == 92
    else:
        with pytest.raises(NotImplementedError):
            count(options, primary, secondary, memo=True)
    assert count(options, primary, secondary, memo=False) == 92


def brute_force_bounds(options, primary, secondary, bounds):
    """Subsets of options (each option once) covering primary item i
    between bounds[i][0] and bounds[i][1] times (1:1 when not given) and
    each secondary item at most once."""
    found = []
    usable = [k for k, o in enumerate(options) if set(o) & set(primary)]
    for n in range(len(usable) + 1):
        for subset in itertools.combinations(usable, n):
            seen = [i for s in subset for i in options[s]]
            ok = all(seen.count(j) <= 1 for j in secondary)
            for j in primary:
                lo, hi = bounds.get(j, (1, 1))
                ok = ok and lo <= seen.count(j) <= hi
            if ok:
                found.append(frozenset(subset))
    return set(found)


needs_bounds = pytest.mark.skipif(not excover.HAVE_BOUNDS, reason="libdlx "
                                  "has no multiplicities or costs yet")


@needs_bounds
def test_bounds_and_best_against_brute_force():
    rng = random.Random(int(os.environ.get("EXCOVER_SEED", "777")))
    for trial in range(150):
        n_items = rng.randint(1, 5)
        items = list(range(n_items + rng.randint(0, 2)))
        primary, secondary = items[:n_items], items[n_items:]
        options = [rng.sample(items, rng.randint(1, min(3, len(items))))
                   for _ in range(rng.randint(1, 9))]
        bounds = {}
        for j in primary:
            if rng.random() < 0.5:
                lo = rng.randint(0, 2)
                bounds[j] = (lo, lo + rng.randint(0, 2) or 1)
        want = brute_force_bounds(options, primary, secondary, bounds)
        got = [frozenset(s) for s in covers(options, primary, secondary,
                                            bounds=bounds)]
        assert len(got) == len(set(got)) and set(got) == want, trial
        assert count(options, primary, secondary, bounds=bounds) == len(want)
        costs = [rng.randint(0, 9) for _ in options]
        cost_of = {s: sum(costs[k] for k in s) for s in want}
        k = rng.randint(1, 4)
        top = excover.best(options, costs, k, primary, secondary,
                           bounds=bounds)
        assert [c for c, _ in top] == sorted(cost_of.values())[:k], trial
        for c, s in top:
            assert frozenset(s) in want and cost_of[frozenset(s)] == c


@pytest.mark.skipif(excover.HAVE_BOUNDS, reason="libdlx has bounds")
def test_bounds_refused_without_the_engine():
    with pytest.raises(NotImplementedError):
        count([["a"]], bounds={"a": (0, 1)})
    with pytest.raises(NotImplementedError):
        excover.best([["a"]], [1])


@pytest.mark.skipif(not excover.HAVE_BOUNDS, reason="libdlx has no costs")
def test_best_refusals_name_k_and_the_total():
    # issue 48 row 12: refused before with the wrong reason ("bad item
    # bounds or option cost", or an OverflowError)
    for k in (0, 100001, 10**10):
        with pytest.raises(ValueError, match="k must be 1 to 100,000"):
            excover.best([["a"], ["a"]], [1, 2], k=k)
    assert len(excover.best([["a"], ["a"]], [1, 2], k=100000)) == 2
    with pytest.raises(ValueError, match="cost 1000000000000001 of option "
                                         "1: not 0 to 1000000000000000"):
        excover.best([["a"], ["a"]], [1, 10**15 + 1])
    with pytest.raises(ValueError, match="cost 18446744073709551616 of"):
        excover.best([["a"], ["a"]], [2**64, 1])
    # 9,224 options of 10^15: their total passes 2^63 - 1 (9.22e18)
    n = 9224
    with pytest.raises(ValueError, match="the total of the costs passes "
                                         "2\\^63 - 1 at option 9223"):
        excover.best([["a"]] * n, [10**15] * n)
    assert excover.best([["a"]] * (n - 1), [10**15] * (n - 1))[0][0] == \
        10**15


def test_bounds_bad_input():
    with pytest.raises(ValueError, match="not a primary item"):
        count([["a", "x"]], secondary=["x"], bounds={"x": 1})
    with pytest.raises(ValueError, match="costs"):
        excover.best([["a"], ["a"]], [1])


def test_numpy_is_optional():
    # importing and using excover does not import numpy
    import subprocess
    import sys
    code = ("import sys; import excover; "
            "excover.count_bool([[1, 0], [0, 1], [1, 1]]); "
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "False"


def test_count_past_2_128_is_a_python_int():
    """130 independent parts of two solutions each: 2**130, exact, by the
    memo counter, by itself (issue 45; it used to hang)."""
    from excover import count
    options = []
    for i in range(130):
        options += [[f"a{i}", f"b{i}"], [f"a{i}"], [f"b{i}"]]
    assert count(options) == 2**130
    assert count(options, memo=True) == 2**130


@pytest.mark.skipif(not excover.HAVE_MEMO, reason="no memo counter")
def test_sample_draws_every_queens_solution_alike():
    """sample(): every draw a solution of 8 queens (checked by covers()),
    all 92 come up in 9,200 draws, Pearson's statistic far from a bias,
    and a seed gives the same draws again."""
    from excover import sample
    options, primary, secondary = queens(8)
    every = {frozenset(s) for s in covers(options, primary, secondary)}
    draws = sample(options, 9200, primary, secondary, seed=3)
    assert len(draws) == 9200
    seen = {}
    for d in draws:
        assert frozenset(d) in every
        seen[frozenset(d)] = seen.get(frozenset(d), 0) + 1
    assert len(seen) == 92
    chi = sum((v - 100) ** 2 / 100 for v in seen.values())
    assert chi < 91 + 5 * (2 * 91) ** 0.5
    assert sample(options, 5, primary, secondary, seed=3) == draws[:5]
    # no solution (three pairs of three items): nothing drawn
    assert sample([[0, 1], [1, 2], [0, 2]], 3, seed=1) == []
    with pytest.raises(ValueError, match="seed"):
        sample(options, 1, primary, secondary, seed=2**64)
    with pytest.raises(ValueError, match="seed"):
        sample(options, 1, primary, secondary, seed=-1)
