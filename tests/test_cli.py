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
