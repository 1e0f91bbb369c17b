"""excover.sudoku and excover.mathdoku: the commands' answers, the
commands' messages for bad input (tests/bad_inputs.tsv), and independent
checks of the solutions."""
import codecs
import csv
import subprocess

import pytest

import excover
from excover import mathdoku, sudoku

from conftest import DATA, ROOT


def lines(path, n):
    out = []
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                out.append(line.rstrip("\n"))
            if len(out) == n:
                break
    return out


def run(cmd, *args, stdin=None):
    p = subprocess.run([cmd, *args], input=stdin, capture_output=True,
                       text=True)
    return p.returncode, p.stdout


def valid_sudoku(puzzle, grid):
    """Each row, column and box a permutation of 1..9, givens kept."""
    g = [int(c) for c in grid]
    rows = [g[9 * r:9 * r + 9] for r in range(9)]
    cols = [g[c::9] for c in range(9)]
    boxes = [[g[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3]
              for i in range(9)] for b in range(9)]
    if any(sorted(u) != list(range(1, 10)) for u in rows + cols + boxes):
        return False
    return all(p in ".0" or p == q for p, q in zip(puzzle, grid))


PUZZLES = lines(DATA / "sudoku" / "17-clue-300.txt", 20) + \
    lines(DATA / "sudoku" / "forum-hardest-200.txt", 10)


def test_sudoku_solutions_are_valid():
    for p in PUZZLES:
        s = sudoku.solve(p)
        assert valid_sudoku(p, s), p
        assert sudoku.count(p) == 1


def test_sudoku_against_the_command(sudoku_cmd):
    text = "\n".join(PUZZLES) + "\n"
    assert run(sudoku_cmd, "solve", stdin=text)[1].split("\n")[:-1] == \
        [sudoku.solve(p) for p in PUZZLES]
    assert run(sudoku_cmd, "count", stdin=text)[1].split() == \
        [str(sudoku.count(p)) for p in PUZZLES]


def test_sudoku_layouts_against_the_command(sudoku_cmd):
    # a grid with separators, a Solo ID, variants: printed as read
    example = (DATA / "sudoku" / "example.txt").read_text()
    assert sudoku.solve(example) == run(sudoku_cmd, "solve",
                                        stdin=example)[1].rstrip("\n")
    with open(DATA / "sudoku" / "solo-variants.tsv") as f:
        rows = [r for r in csv.reader(f, delimiter="\t")][:30:3]
    for kind, ident, solution in rows:
        assert sudoku.solve(ident) == run(sudoku_cmd, "solve",
                                          stdin=ident + "\n")[1].rstrip("\n")
        assert sudoku.count(ident, limit=2) == 1


def test_sudoku_counts_several(sudoku_cmd):
    # a puzzle with several solutions: the count, and the limit
    p = "." * 20 + PUZZLES[0][20:]
    want = int(run(sudoku_cmd, "count", stdin=p + "\n")[1].strip())
    assert want > 1
    assert sudoku.count(p) == want
    assert sudoku.count(p, limit=2) == 2
    # the first solution met: the command's by default (the subset
    # rule), --no-prune's with prune=False (test_prune.py has more)
    assert sudoku.solve(p) == run(sudoku_cmd, "solve",
                                  stdin=p + "\n")[1].strip()
    assert sudoku.solve(p, prune=False) == run(sudoku_cmd, "solve",
                                               "--no-prune",
                                               stdin=p + "\n")[1].strip()
    # the empty 4x4 grid: 288 (a published count)
    assert sudoku.count("." * 16) == 288


def test_sudoku_no_solution():
    p = "12345678.........9" + "." * 63
    assert sudoku.solve(p) is None
    assert sudoku.count(p) == 0


def test_sudoku_rate_against_the_command(sudoku_cmd):
    import json
    text = "\n".join(PUZZLES[:12]) + "\n"
    got = run(sudoku_cmd, "rate", "-o", "json", stdin=text)[1].split("\n")
    for p, line in zip(PUZZLES[:12], got):
        want = json.loads(line)
        del want["file"], want["line"]
        assert sudoku.rate(p) == want


def test_sudoku_generate_against_the_command(sudoku_cmd):
    for seed in (1, 2, 77):
        p, s = sudoku.generate(seed, solution=True)
        assert p == run(sudoku_cmd, "generate", "--seed", str(seed))[1].strip()
        assert valid_sudoku(p, s)
        assert sudoku.count(p) == 1
    p = sudoku.generate(5, size=6, symmetry="rot180")
    assert p == run(sudoku_cmd, "generate", "--seed", "5", "--size", "6",
                    "--symmetry", "rot180")[1].strip()


def test_sudoku_generate_difficulty_against_the_command(sudoku_cmd):
    for seed, grade in ((3, "easy"), (4, "hard"), (1, "expert")):
        p = sudoku.generate(seed, difficulty=grade)
        assert p == run(sudoku_cmd, "generate", "--seed", str(seed),
                        "--difficulty", grade)[1].strip()
        assert sudoku.rate(p)["rating"] == grade
    with pytest.raises(ValueError, match="difficulty"):
        sudoku.generate(1, difficulty="fiendish")


def test_generate_is_reproducible():
    assert sudoku.generate(9) == sudoku.generate(9)
    assert sudoku.generate(9) != sudoku.generate(10)
    assert mathdoku.generate(4) == mathdoku.generate(4)


def bad_inputs(command):
    """The rows of tests/bad_inputs.tsv for `command` whose input is text
    and whose message is located in that text."""
    rows = []
    with open(ROOT / "tests" / "bad_inputs.tsv", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 5 or cols[0] != command or cols[2].startswith("@"):
                continue
            if cols[3] != "3" or not cols[4].startswith("in.txt:"):
                continue
            data = codecs.escape_decode(cols[2].encode())[0]
            message = codecs.escape_decode(cols[4].encode())[0].decode()
            message = message.split("\n")[0].replace("in.txt", "<string>")
            rows.append(pytest.param(data, message, id=cols[1]))
    return rows


@pytest.mark.parametrize("data,message", bad_inputs("sudoku solve"))
def test_sudoku_bad_input_has_the_commands_message(data, message):
    with pytest.raises(ValueError) as e:
        sudoku.solve(data)
    assert str(e.value) == message


@pytest.mark.parametrize("data,message", bad_inputs("mathdoku solve"))
def test_mathdoku_bad_input_has_the_commands_message(data, message):
    with pytest.raises(ValueError) as e:
        mathdoku.solve(data)
    assert str(e.value) == message


def test_bad_input_besides_the_table():
    with pytest.raises(ValueError, match="^<string>: no puzzle$"):
        sudoku.solve("")
    with pytest.raises(ValueError, match="a second puzzle"):
        sudoku.solve(PUZZLES[0] + "\n" + PUZZLES[1] + "\n")
    with pytest.raises(ValueError, match="box"):
        sudoku.solve(PUZZLES[0], box="3y3")
    with pytest.raises(ValueError, match="symmetry"):
        sudoku.generate(1, symmetry="spiral")
    with pytest.raises(ValueError, match="^<string>: no puzzle$"):
        mathdoku.solve("   \n")
    with pytest.raises(ValueError):
        mathdoku.generate(1, ops="-")


MATHDOKU_FILES = ["wikipedia-letters.txt", "wikipedia-list.txt",
                  "wikipedia-numbered.txt", "wikipedia-keen.txt"]


@pytest.mark.parametrize("name", MATHDOKU_FILES)
def test_mathdoku_layouts_against_the_command(mathdoku_cmd, name):
    text = (DATA / "mathdoku" / name).read_text()
    want = run(mathdoku_cmd, "solve", str(DATA / "mathdoku" / name))[1]
    assert mathdoku.solve(text) == want.rstrip("\n")
    assert mathdoku.count(text) == 1


def test_mathdoku_keen_ids():
    with open(DATA / "mathdoku" / "keen.tsv") as f:
        rows = list(csv.reader(f, delimiter="\t"))[1:40]
    for ident, grade, solution in rows:
        grid = mathdoku.solve(ident)
        assert grid.replace("\n", "").replace(" ", "") == solution
        assert mathdoku.count(ident, limit=2) == 1


def test_mathdoku_generate_against_the_command(mathdoku_cmd):
    for seed, size in ((1, 4), (2, 6), (3, 7)):
        p, s = mathdoku.generate(seed, size=size, solution=True)
        assert p == run(mathdoku_cmd, "generate", "--seed", str(seed),
                        "--size", str(size))[1].rstrip("\n")
        assert mathdoku.solve(p) == s
        assert mathdoku.count(p) == 1
    k = mathdoku.generate(8, size=5, layout="keen", ops="+*")
    assert k == run(mathdoku_cmd, "generate", "--seed", "8", "--size", "5",
                    "--ops", "+*", "-o", "keen")[1].strip()
    assert mathdoku.count(k) == 1


# ---- issue 48 rows 10, 11: refused as the commands refuse ----------------

def test_generate_seed_outside_64_bits_refused(sudoku_cmd):
    # the commands refuse --seed -1 and 2^64 (exit 4); reduced modulo
    # 2^64 before, 2^64 made seed 0's puzzle
    for gen in (sudoku.generate, mathdoku.generate):
        for seed in (-1, 2**64, 2**70):
            with pytest.raises(ValueError, match="seed"):
                gen(seed)
        with pytest.raises(TypeError, match="seed"):
            gen(1.5)
    assert run(sudoku_cmd, "generate", "--seed", "18446744073709551616")[0] \
        == 4
    # the largest seed is taken, as --seed takes it
    top = str(2**64 - 1)
    assert sudoku.generate(2**64 - 1) == \
        run(sudoku_cmd, "generate", "--seed", top)[1].strip()


def test_generate_box_and_size_must_agree(sudoku_cmd):
    # box 3x3 with size 16 made a 9x9
    with pytest.raises(ValueError, match="box 3x3 makes 9x9 puzzles, not "
                                         "size 16"):
        sudoku.generate(1, box="3x3", size=16)
    p = sudoku.generate(1, box="4x4", size=16)
    assert p == run(sudoku_cmd, "generate", "--seed", "1", "--size",
                    "16")[1].strip()
    assert sudoku.generate(1, box="2x3") == \
        run(sudoku_cmd, "generate", "--seed", "1", "--box", "2x3")[1].strip()
    assert len(sudoku.generate(1)) == 81
    for size in (0, -1, 101):
        with pytest.raises(ValueError, match="size"):
            sudoku.generate(1, size=size)
