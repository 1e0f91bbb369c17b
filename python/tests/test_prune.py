"""The subset rule (prune=): the same counts and solutions by a smaller
tree, and the commands' answers and figures in both modes, `dlx --prune`
and `--no-prune` (dlx's default), `sudoku --prune` (sudoku's default) and
`--no-prune`."""
import random
import re
import subprocess

import pytest

import excover
from excover import count, count_bool, covers, covers_bool, sudoku

from conftest import DATA
from test_covers import QUEENS, brute_force, queens, random_problem
from test_puzzles import lines


def run(cmd, *args, stdin=None):
    """(exit status, stdout, stderr)."""
    p = subprocess.run([cmd, *args], input=stdin, capture_output=True,
                       text=True)
    return p.returncode, p.stdout, p.stderr


def knuth(text):
    """(options, primary, secondary) of a problem in Knuth's format, the
    items numbered as dlx numbers them: those of the item line in its
    order, the options in theirs."""
    rows = [ln.split() for ln in text.splitlines()
            if ln.strip() and not ln.lstrip().startswith("|")]
    items = rows[0]
    cut = items.index("|") if "|" in items else len(items)
    return rows[1:], items[:cut], items[cut + 1:]


def dlx_stats(stderr):
    """The figures `dlx -s` prints: {"solutions": n, "nodes": n, ...}."""
    out = {}
    for key in ("solutions", "nodes", "updates"):
        m = re.search(r"^%s: (\d+)$" % key, stderr, re.M)
        out[key] = int(m.group(1))
    return out


def sudoku_nodes(stderr):
    """The nodes of each puzzle, from `sudoku solve|count -s`."""
    return [int(n) for n in re.findall(r"^<stdin>:\d+: \d+ solutions?, "
                                       r"(\d+) nodes", stderr, re.M)]


SEVERAL = ("......................." "2.3......3.2...1.4......5....6..3......"
           "4.7..8...962...7...")
# forum-hardest: hard for a search; top1465: its figures in README
HARD = lines(DATA / "sudoku" / "forum-hardest-200.txt", 12) + \
    lines(DATA / "sudoku" / "top1465-200.txt", 12)


def test_generic_counts_are_published_in_both_modes():
    # OEIS A000170
    for n in range(1, 10):
        options, primary, secondary = queens(n)
        for prune in (False, True):
            assert count(options, primary, secondary,
                         prune=prune) == QUEENS[n - 1], (n, prune)
    # the 4x4 sudoku grids as an exact cover: 288 (published), counted
    # and listed in both modes
    opts = [[("p", r, c), ("r", r, d), ("c", c, d),
             ("b", r // 2 * 2 + c // 2, d)]
            for r in range(4) for c in range(4) for d in range(4)]
    for prune in (False, True):
        assert count(opts, prune=prune) == 288
        assert len({frozenset(s) for s in covers(opts, prune=prune)}) == 288
        assert count_bool([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]],
                          prune=prune) == 2
        assert sorted(map(sorted, covers_bool([[1, 1], [1, 0], [0, 1]],
                                              prune=prune))) == [[0], [1, 2]]


def test_random_problems_with_prune_against_brute_force():
    rng = random.Random(4242)
    for trial in range(300):
        options, primary, secondary = random_problem(rng, 12)
        want = brute_force(options, primary, secondary)
        got = [frozenset(s) for s in covers(options, primary, secondary,
                                            prune=True)]
        assert len(got) == len(set(got)), trial
        assert set(got) == want, (trial, options)
        assert count(options, primary, secondary, prune=True) == len(want)


def encoded(sudoku_cmd, puzzle):
    return knuth(run(sudoku_cmd, "encode", stdin=puzzle + "\n")[1])


def test_generic_figures_are_dlxs(dlx_cmd, sudoku_cmd):
    """A sudoku as a generic exact cover (sudoku encode): stats() gives the
    solutions, nodes and updates of `dlx -s` and `dlx --prune -s`: the
    same solutions, another tree."""
    for puzzle in HARD[:3] + HARD[12:15] + [SEVERAL]:
        text = run(sudoku_cmd, "encode", stdin=puzzle + "\n")[1]
        options, primary, secondary = knuth(text)
        figures = {}
        for prune in (False, True):
            want = dlx_stats(run(dlx_cmd, "-c", "-s", "--no-memo",
                                 *(["--prune"] if prune else []),
                                 stdin=text)[2])
            got = excover.stats(options, primary, secondary, prune=prune)
            assert got["end"] == "complete"
            del got["end"]
            assert got == want, (puzzle, prune)
            figures[prune] = got
        assert figures[True]["solutions"] == figures[False]["solutions"]
        assert figures[True]["nodes"] != figures[False]["nodes"], puzzle
    # with a limit, dlx -l's figures
    options, primary, secondary = encoded(sudoku_cmd, SEVERAL)
    text = run(sudoku_cmd, "encode", stdin=SEVERAL + "\n")[1]
    want = dlx_stats(run(dlx_cmd, "-c", "-s", "-l", "5", "--prune",
                         stdin=text)[2])
    got = excover.stats(options, primary, secondary, limit=5, prune=True)
    assert got.pop("end") == "solution limit reached"
    assert got == want


def test_generic_first_solution_is_dlxs(dlx_cmd, sudoku_cmd):
    """With several solutions each tree meets its own first: the one
    `dlx -l 1` prints, and `dlx -l 1 --prune` with prune=True."""
    text = run(sudoku_cmd, "encode", stdin=SEVERAL + "\n")[1]
    options, primary, secondary = knuth(text)
    first = {}
    for prune in (False, True):
        out = run(dlx_cmd, "-l", "1", *(["--prune"] if prune else []),
                  stdin=text)[1]
        want = sorted(ln for ln in out.splitlines() if ln.strip())
        got = next(covers(options, primary, secondary, prune=prune))
        assert sorted(" ".join(options[k]) for k in got) == want, prune
        first[prune] = want
    assert first[True] != first[False]


def test_prune_with_memo_is_refused():
    options, primary, secondary = queens(6)
    with pytest.raises(ValueError, match="prune takes one plain search: "
                       "not with memo=True"):
        count(options, primary, secondary, memo=True, prune=True)
    # memo=None counts by search then, as dlx --prune -c does
    assert count(options, primary, secondary, prune=True) == 4
    assert excover.stats(options, primary, secondary,
                         prune=True)["solutions"] == 4


def test_prune_refused_where_dlx_refuses_it(dlx_cmd):
    # the binding's refusal stands for the command's
    text = "A B C\nA B\nC\nA\nB C\n"
    status, out, err = run(dlx_cmd, "-c", "--prune", "--memo", stdin=text)
    assert status == 4 and "--prune takes one plain search" in err
    assert run(dlx_cmd, "-c", "--prune", stdin=text)[1].strip() == "2"
    assert count([["A", "B"], ["C"], ["A"], ["B", "C"]], prune=True) == 2


def test_sudoku_counts_in_both_modes(sudoku_cmd):
    # the empty 4x4: 288, published; puzzles with several solutions: the
    # command's count, the same with or without the rule
    assert sudoku.count("." * 16) == sudoku.count("." * 16,
                                                  prune=False) == 288
    several = [SEVERAL, "." * 9 + HARD[0][9:], "." * 9 + HARD[1][9:]]
    text = "\n".join(several) + "\n"
    want = [int(n) for n in run(sudoku_cmd, "count", "--no-prune",
                                stdin=text)[1].split()]
    assert want == [int(n) for n in run(sudoku_cmd, "count",
                                        stdin=text)[1].split()]
    assert all(n > 1 for n in want)
    for p, n in zip(several, want):
        assert sudoku.count(p) == sudoku.count(p, prune=False) == n
        assert sudoku.count(p, limit=3, prune=False) == 3


def test_sudoku_first_solution_is_the_commands(sudoku_cmd):
    """sudoku.solve(p) is `sudoku solve p`, prune=False `--no-prune`'s; on
    this puzzle of 17204 solutions the two trees meet different firsts."""
    got = {}
    for prune, flag in ((True, "--prune"), (False, "--no-prune")):
        want = run(sudoku_cmd, "solve", flag, stdin=SEVERAL + "\n")[1]
        got[prune] = sudoku.solve(SEVERAL, prune=prune)
        assert got[prune] == want.strip(), prune
    assert sudoku.solve(SEVERAL) == got[True]
    assert got[True] != got[False]
    assert run(sudoku_cmd, "solve", stdin=SEVERAL + "\n")[1].strip() == \
        got[True]


def test_sudoku_nodes_are_the_commands(sudoku_cmd):
    """stats() gives the nodes of `sudoku count -s` (and, with limit=2,
    `sudoku solve -s`) in both modes, and the rule makes the tree of these
    hard puzzles smaller."""
    text = "\n".join(HARD) + "\n"
    total = {}
    for prune, flag in ((True, "--prune"), (False, "--no-prune")):
        for cmd, limit in (("count", None), ("solve", 2)):
            want = sudoku_nodes(run(sudoku_cmd, cmd, "-s", flag,
                                    stdin=text)[2])
            assert len(want) == len(HARD)
            got = [sudoku.stats(p, limit=limit, prune=prune) for p in HARD]
            assert [g["nodes"] for g in got] == want, (cmd, flag)
            assert all(g["solutions"] == 1 and g["complete"] for g in got)
            if cmd == "count":
                total[prune] = sum(want)
    assert sudoku.stats(HARD[0]) == sudoku.stats(HARD[0], prune=True)
    assert total[True] < total[False]
    # the command's --prune -s against its default -s: the same tree
    assert sudoku_nodes(run(sudoku_cmd, "count", "-s", stdin=text)[2]) == \
        [sudoku.stats(p)["nodes"] for p in HARD]


def test_sudoku_variants_search_the_plain_tree():
    # X and jigsaw take no rule: the same figures either way
    ident = open(DATA / "sudoku" / "solo-variants.tsv").read().split(
        "\n")[0].split("\t")[1]
    assert sudoku.stats(ident) == sudoku.stats(ident, prune=False)
