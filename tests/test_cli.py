import pytest

from pyrabench import cli


def test_every_subcommand_is_registered_and_documents_itself(capsys):
    parser = cli.build_parser()
    assert set(parser.subcommands) == set(cli.COMMANDS)
    with pytest.raises(SystemExit) as exc:
        parser.parse_args(["--help"])
    assert exc.value.code == 0
    top = capsys.readouterr().out
    for name, sub in parser.subcommands.items():
        assert name in top
        assert sub.format_help().startswith("usage: pyrabench " + name)


def test_user_errors_print_one_line_and_exit_2(capsys, tmp_path):
    code = cli.main(["data", "--data", str(tmp_path / "missing")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("pyrabench data: error:") and str(tmp_path / "missing") in err
    assert "Traceback" not in err


def test_a_bad_embedding_is_refused_before_the_heavy_modules_load(tmp_path):
    """`evaluate --embedding nosuch` answers from the light spec module: no spaCy, torch or
    gensim imported (the time it takes is in benchmarks/bench_cli.py)."""
    import subprocess
    import sys

    code = (
        "import sys; from pyrabench import cli\n"
        f"rc = cli.main(['evaluate', {str(tmp_path)!r}, '--seed', '3', '--embedding', 'random', '--embedding=nosuch'])\n"
        "heavy = [m for m in ('spacy', 'torch', 'gensim', 'pandas', 'scipy') if m in sys.modules]\n"
        "print(rc, heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "2 []"
    assert done.stderr.startswith("pyrabench evaluate: error: unknown embedding 'nosuch'")


def test_help_is_not_blocked_by_the_early_check(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["evaluate", "--embedding", "nosuch", "--help"])
    assert exc.value.code == 0 and "st:MODEL_DIR" in capsys.readouterr().out


#: Libraries a command must not import unless it uses them (the optional extras, spaCy's torch).
HEAVY = ("torch", "matplotlib", "seaborn", "sklearn", "datasets", "sentence_transformers", "mteb", "transformers")


def _imported_by(argv: list[str], watch: tuple[str, ...]) -> tuple[int, list[str]]:
    """Run ``cli.main(argv)`` in a fresh interpreter: its exit code and which of ``watch`` it imported."""
    import subprocess
    import sys

    code = (
        "import contextlib, io, sys\nfrom pyrabench import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        rc = cli.main({argv!r})\n"
        "    except SystemExit as exc:\n"
        "        rc = exc.code\n"
        f"print(rc, [m for m in {watch!r} if m in sys.modules])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    rc, imported = done.stdout.strip().split(" ", 1)
    return int(rc), eval(imported)


def test_help_imports_no_command_module_and_no_heavy_library():
    watch = HEAVY + ("spacy", "pandas", "numpy", "scipy", "gensim", "pyrabench.commands")
    assert _imported_by(["--help"], watch) == (0, [])
    # a command's own help imports that command only
    rc, imported = _imported_by(["stats", "--help"], HEAVY + ("spacy", "pyrabench.commands.stats", "pyrabench.commands.data"))
    assert (rc, imported) == (0, ["pyrabench.commands.stats"])


@pytest.mark.parametrize("argv", [
    ["data"],
    ["score", "--corpus", "duc2006", "--summary"],
    ["correlate", "--metric", "original", "--resamples", "20"],
    ["sts", "--system", "tokencos", "--years", "2012"],
])
def test_a_command_imports_no_library_it_does_not_use(argv):
    """spaCy comes without torch (its model library imports torch when it can); no plotting,
    scikit-learn, sentence encoder or datasets for commands that draw, fit or encode nothing."""
    rc, imported = _imported_by(argv, HEAVY)
    assert (rc, imported) == (0, [])
