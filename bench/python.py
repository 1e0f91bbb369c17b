#!/usr/bin/env python3
"""The Python package (python/) timed against what Python users have.

  1. excover.count and excover.covers against the dict-of-sets Algorithm X
     (the classic 30 lines, with secondary items) on queens 10, in this
     process, one after the other;
  2. against xcover (numba) on xcover's own examples, when a checkout of
     it is given (--xcover SRC, its src/ directory; it needs numba,
     Debian's python3-numba; its JIT is warmed up before timing);
  3. the calling overhead: the puzzles of a file solved by
     excover.sudoku.solve in a Python loop against `sudoku solve FILE`.

Every answer is checked before it is timed (published counts, the other
program's count, the command's output).  Run with the interpreter of a
virtual environment that has excover installed:

    python3 -m venv --system-site-packages /tmp/ex &&
        /tmp/ex/bin/pip install --no-build-isolation ./python
    /tmp/ex/bin/python bench/python.py --sudoku build/bin/sudoku \\
        [--xcover /work/peers/xcover/src]
"""
import argparse
import os
import platform
import resource
import subprocess
import sys
import time

import excover

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu():
    """CPU seconds of this process (all its threads) and of its finished
    children: the machines are shared, and wall time there measures the
    neighbours too."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime)


def best(f, runs):
    """The least CPU time of runs calls of f, and its result."""
    times, out = [], None
    for _ in range(runs):
        t = cpu()
        out = f()
        times.append(cpu() - t)
    return min(times), out


# ---- the dict-of-sets Algorithm X (Ali Assaf's, secondary items added) --

def algorithm_x(options, primary, secondary):
    """Counts the exact covers with dicts of sets: X maps each item to the
    set of options that hold it, Y each option to its items; an item to
    branch on is a primary one with the fewest options."""
    X = {j: set() for j in list(primary) + list(secondary)}
    Y = dict(enumerate(options))
    for i, row in Y.items():
        for j in row:
            X[j].add(i)
    primary = set(primary)

    def select(r):
        cols = []
        for j in Y[r]:
            for i in X[j]:
                for k in Y[i]:
                    if k != j:
                        X[k].remove(i)
            cols.append(X.pop(j))
        return cols

    def deselect(r, cols):
        for j in reversed(Y[r]):
            X[j] = cols.pop()
            for i in X[j]:
                for k in Y[i]:
                    if k != j:
                        X[k].add(i)

    def solve():
        left = [c for c in X if c in primary]
        if not left:
            return 1
        c = min(left, key=lambda c: len(X[c]))
        n = 0
        for r in list(X[c]):
            cols = select(r)
            n += solve()
            deselect(r, cols)
        return n

    return solve()


def queens(n):
    options = [[("r", r), ("c", c), ("a", r + c), ("b", r - c)]
               for r in range(n) for c in range(n)]
    primary = [("r", r) for r in range(n)] + [("c", c) for c in range(n)]
    secondary = [("a", k) for k in range(2 * n - 1)] + [
        ("b", k) for k in range(1 - n, n)]
    return options, primary, secondary


def bench_algorithm_x(runs):
    options, primary, secondary = queens(10)
    tx, nx = best(lambda: algorithm_x(options, primary, secondary), runs)
    tc, nc = best(lambda: excover.count(options, primary, secondary),
                  runs * 20)
    tg, ng = best(lambda: sum(1 for _ in excover.covers(options, primary,
                                                        secondary)),
                  runs * 20)
    assert nx == nc == ng == 724, (nx, nc, ng)
    print("### queens 10 (724 solutions): dict-of-sets Algorithm X "
          "against excover\n")
    print("CPU seconds, the least of %d runs (Algorithm X) and of %d "
          "(excover).\n" % (runs, runs * 20))
    print("| method | CPU seconds | x faster than Algorithm X |")
    print("|---|---:|---:|")
    print("| dict-of-sets Algorithm X (pure Python) | %.4f | 1 |" % tx)
    print("| excover.count | %.5f | %.0f |" % (tc, tx / tc))
    print("| excover.covers, every solution listed | %.5f | %.0f |"
          % (tg, tx / tg))
    print()


# ---- xcover's examples -------------------------------------------------------

def xcover_examples(src):
    """(name, options, primary, secondary, colored, solutions) from
    xcover's examples and tests: its n-queens test, its K_n matchings
    example, the Knuth-format files of its tests."""
    from xcover.io import read_xcover_from_file
    from itertools import combinations
    out = []
    for n in (8, 10, 12):
        # xcover's test_n_queens: rows and columns primary, diagonals
        # secondary
        options, primary, secondary = queens(n)
        out.append(("queens %d (xcover's test)" % n, options, None,
                    secondary, False, None))
    for n in (12, 14):
        # examples/kn_matchings.py: perfect matchings of K_n, (n-1)!!
        opts = [list(c) for c in combinations(range(n), 2)]
        out.append(("K_%d matchings (examples/)" % n, opts, None, None,
                    False, None))
    test_dir = os.path.join(src, "test")
    for name in ("langford8.txt", "dodecahedron.txt"):
        options, primary, secondary, colored = read_xcover_from_file(
            os.path.join(test_dir, name))
        out.append((name + " (xcover's tests)", options, primary, secondary,
                    colored, None))
    return out


def bench_xcover(src, runs):
    sys.path.insert(0, src)
    import xcover
    print("### xcover %s (numba %s) against excover, on xcover's examples\n"
          % (getattr(xcover, "__version__", "(git)"),
             __import__("numba").__version__))
    print("Solutions listed by both (`sum(1 for _ in covers(...))`), and "
          "excover.count;\nCPU seconds (all threads), the least of %d runs, "
          "xcover's JIT warmed up first.\n" % runs)
    print("| example | solutions | xcover s | excover.covers s | x | "
          "excover.count s | x |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, options, primary, secondary, colored, _ in \
            xcover_examples(src):
        def run_x():
            return sum(1 for _ in xcover.covers(options, primary=primary,
                                                secondary=secondary,
                                                colored=colored))

        def run_e():
            return sum(1 for _ in excover.covers(options, primary=primary,
                                                 secondary=secondary,
                                                 colored=colored))

        def run_c():
            return excover.count(options, primary=primary,
                                 secondary=secondary, colored=colored)

        run_x()   # the JIT compiles here, not in the timing
        tx, nx = best(run_x, runs)
        te, ne = best(run_e, runs)
        tc, nc = best(run_c, runs)
        assert nx == ne == nc, (name, nx, ne, nc)
        print("| %s | %d | %.4f | %.4f | %.1f | %.4f | %.1f |"
              % (name, nx, tx, te, tx / te, tc, tx / tc))
    print()


# ---- the calling overhead -------------------------------------------------

def bench_sudoku(sudoku_bin, files, runs):
    print("### excover.sudoku.solve in a loop against `sudoku solve FILE`\n")
    print("CPU seconds, the least of %d runs.  The command's time includes "
          "starting the\nprocess; the last column takes off the time of "
          "`sudoku solve` on the file's\nfirst puzzle alone.\n" % runs)
    print("| file | puzzles | sudoku solve FILE s | Python loop s | "
          "loop / command | loop / (command - start) |")
    print("|---|---:|---:|---:|---:|---:|")
    for path in files:
        with open(path) as f:
            puzzles = [line.rstrip("\n") for line in f
                       if line.strip() and not line.startswith("#")]
        want = subprocess.run([sudoku_bin, "solve", path],
                              capture_output=True, text=True).stdout.split()
        got = [excover.sudoku.solve(p) for p in puzzles]
        assert got == want, path

        def command():
            subprocess.run([sudoku_bin, "solve", path],
                           stdout=subprocess.DEVNULL, check=False)

        def loop():
            solve = excover.sudoku.solve
            for p in puzzles:
                solve(p)

        def one():
            subprocess.run([sudoku_bin, "solve"], input=puzzles[0] + "\n",
                           stdout=subprocess.DEVNULL, text=True, check=False)

        tcmd, _ = best(command, runs)
        tone, _ = best(one, runs)
        tpy, _ = best(loop, runs)
        print("| %s | %d | %.4f | %.4f | %.2f | %.2f |"
              % (os.path.basename(path), len(puzzles), tcmd, tpy,
                 tpy / tcmd, tpy / max(tcmd - tone, 1e-9)))
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xcover", help="xcover's src/ directory (a checkout "
                    "outside this repository)")
    ap.add_argument("--sudoku", help="the sudoku command (build/bin/sudoku)")
    ap.add_argument("--data", default=os.path.join(HERE, os.pardir, "tests",
                                                   "data"))
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    print("%s UTC, %s, Python %s, excover %s\n"
          % (time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
             platform.processor() or platform.machine(),
             platform.python_version(), excover.__version__))
    bench_algorithm_x(a.runs)
    if a.xcover:
        bench_xcover(a.xcover, a.runs)
    if a.sudoku:
        data = os.path.join(a.data, "sudoku")
        bench_sudoku(a.sudoku, [os.path.join(data, f) for f in
                                ("17-clue-300.txt", "top1465-200.txt")],
                     a.runs * 3)


if __name__ == "__main__":
    main()
