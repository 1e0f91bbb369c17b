"""The tutorial's examples (python/README.md) give what it says."""
import doctest
import pathlib

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples():
    failures, tried = doctest.testfile(str(README), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried >= 8
    assert failures == 0


def test_readme_code_blocks():
    """The python blocks without prompts run, and the queens block counts
    92."""
    text = README.read_text()
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    env = {}
    exec("from excover import covers, count", env)
    for b in blocks:
        if ">>>" not in b and "dominoes" not in b:
            exec(b, env)
    options, diagonals = env["queens"](8)
    assert env["count"](options, secondary=diagonals) == 92
    assert env["board"][0][0] in "FILNPTUVWXYZ"
    # the tiling the tutorial shows is the one its code finds
    shown = text.split("\nprints\n\n", 1)[1].split("\n\n", 1)[0]
    assert ["".join(row) for row in env["board"]] == \
        [line.strip() for line in shown.splitlines()]


def test_module_docstring_examples():
    import excover
    failures, tried = doctest.testmod(excover)
    assert tried >= 3 and failures == 0


def test_top_readme_and_docs_python_examples():
    """The Python examples of the top README and of docs/ give what they
    say (the shell examples there are run by tests/docs.sh)."""
    root = README.parents[1]
    pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    tried_all = 0
    for page in pages:
        if ">>>" not in page.read_text():
            continue
        failures, tried = doctest.testfile(str(page), module_relative=False,
                                           optionflags=doctest.ELLIPSIS)
        assert failures == 0, page
        tried_all += tried
    assert tried_all >= 2
