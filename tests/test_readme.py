"""Issue 37, items 3, 4 and 7: the README's examples run here as the docs' examples run when the site is built
(docs_hooks.py), so an example that stops working, or answers less than it should, fails; each writes its own
file, which git ignores; the first screen says what navlights answers, for whom, the two commands and what they
need."""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
from pathlib import Path

import pytest

from navlights.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
OUTPUT_OPTIONS = ("-o", "--output", "--png", "--plot", "--html", "--wav")


def _examples() -> list[list[str]]:
    """Every `.venv/bin/navlights ...` command of the README's shell blocks (continuation lines joined, comments
    dropped), as argument lists; `serve` left out (it runs until stopped)."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words and words[0] == ".venv/bin/navlights" and words[1:2] != ["serve"]:
                out.append(words[1:])
    return out


EXAMPLES = _examples()

#: Words that say an answer is short of what the example promises: an edition that could not answer, a fact asked
#: for, a day or night answer that knows nothing.
SHORT = ("need a fact she lacks", "needed to decide", "none known")


def test_the_readme_has_its_examples():
    assert len(EXAMPLES) >= 20
    assert ["lights", "--length", "20 m"] in EXAMPLES          # today's rules without -e


def _outputs(argv: list[str]) -> list[str]:
    return [argv[i + 1] for i, a in enumerate(argv[:-1]) if a in OUTPUT_OPTIONS]


def test_each_example_writes_its_own_file_and_git_ignores_it():
    files = [f for argv in EXAMPLES for f in _outputs(argv)]
    assert files and len(files) == len(set(files))               # night.png twice: one overwrote the other
    ignored = [line.strip() for line in (ROOT / ".gitignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    assert [f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in ignored)] == []


@pytest.mark.parametrize("argv", EXAMPLES, ids=[" ".join(a)[:60] for a in EXAMPLES])
def test_the_example_runs_and_answers_in_full(argv, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)                                       # examples/ paths resolve as in the README
    argv = [str(tmp_path / a) if i and argv[i - 1] in OUTPUT_OPTIONS else a for i, a in enumerate(argv)]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0 or (argv[0] == "check-plan" and code == 1), err   # check-plan: 1 is "not compliant"
    assert not [w for w in SHORT if w in out], out[:400]
    if "--json" in argv:
        json.loads(out)
    if argv[0] == "compare":                                      # every edition answers (item 3: 4 of 6 did)
        assert re.search(r"Under (\d+) editions: \1 answer", " ".join(out.split())), out[:300]
    for f in _outputs(argv):
        assert Path(f).stat().st_size > 0


def test_the_first_screen_says_what_for_whom_how_and_what_it_needs():
    first = README[:README.index("## How long")]
    assert first.count("\n") < 45                                  # a screen
    for words in ("what is the vessel whose lights I see", "make run", "make test", "Python 3.11+", "make",
                  "Chromium", "DejaVu", "the browser tests skip", "intl-1972", "us-inland", "--waters"):
        assert words in first, words
