"""dualgpu.smoke, the smoke test generated extensions (and example-extension) call: it runs
`<root>/bin/dualgpu smoke --json FILE ...`, adds the extension's self-test, and reports.
A fake DualGPU root stands in for the real smoke program (which takes minutes to build)."""
import json
import os
import stat
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import dualgpu  # noqa: E402
import dualgpu.smoke  # noqa: E402

torch = pytest.importorskip("torch")


def fake_root(tmp_path, exit_status, write_report=True):
    """A folder with bin/dualgpu that records its arguments and writes a smoke report to --json FILE."""
    (tmp_path / "bin").mkdir()
    script = tmp_path / "bin" / "dualgpu"
    report = json.dumps({"summary": "smoke: 3 passed", "checks": []})
    write = f"printf '%s' '{report}' > \"$json\"" if write_report else "echo 'cannot build the smoke program' >&2"
    script.write_text(f"""#!/bin/sh
echo "$@" > "{tmp_path}/args"
while [ $# -gt 0 ]; do [ "$1" = --json ] && json="$2"; shift; done
{write}
exit {exit_status}
""")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(tmp_path)


def passing_self_test():
    x = torch.randn(100, dtype=torch.float64)
    return dualgpu.smoke.check_ops({"double": lambda: (x.float() * 2, x * 2)}, "cpu")


def test_report_combines_machine_and_extension(tmp_path):
    report = dualgpu.smoke.smoke(("--profile", "llm"), dualgpu_root=fake_root(tmp_path, 0), self_test=passing_self_test)
    assert report["summary"] == "smoke: 3 passed" and report["exit_status"] == 0
    assert [c["name"] for c in report["extension"]] == ["double"] and report["ok"] is True
    args = (tmp_path / "args").read_text().split()
    assert args[0] == "smoke" and args[-2:] == ["--profile", "llm"] and "--json" in args


def test_failing_op_is_reported_not_raised(tmp_path):
    def broken():
        raise RuntimeError("no kernel for this device")
    results = dualgpu.smoke.check_ops({"good": lambda: (torch.ones(2), torch.ones(2, dtype=torch.float64)),
                                       "off": lambda: (torch.ones(2) + 1e-3, torch.ones(2, dtype=torch.float64)),
                                       "broken": broken}, "cpu", tolerance=1e-5)
    assert [r["status"] for r in results] == ["passed", "failed", "failed"]
    assert results[1]["max_error"] == pytest.approx(1e-3, rel=1e-3)
    assert results[2]["detail"] == "RuntimeError: no kernel for this device"


def test_main_exit_status(tmp_path, capsys):
    root = fake_root(tmp_path, 0)
    out = tmp_path / "report.json"
    assert dualgpu.smoke.main(["--dualgpu-root", root, "--json", str(out)], self_test=passing_self_test) == 0
    assert json.loads(out.read_text())["ok"] is True
    assert dualgpu.smoke.main(["--dualgpu-root", root], self_test=lambda: [{"name": "x", "device": "cpu",
                              "status": "failed", "detail": "wrong"}]) == 1
    assert dualgpu.smoke.main(["--json"]) == 2
    assert "--json needs a value" in capsys.readouterr().err


def test_no_report_keeps_the_output(tmp_path):
    report = dualgpu.smoke.smoke((), dualgpu_root=fake_root(tmp_path, 3, write_report=False))
    assert report["exit_status"] == 3 and "cannot build the smoke program" in report["error"]
    assert report["ok"] is False


def test_default_root_is_this_copy():
    assert os.path.isfile(os.path.join(dualgpu.root(), "bin", "dualgpu"))
    assert dualgpu.smoke._command(None) == dualgpu.command()
