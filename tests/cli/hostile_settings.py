"""Environment settings with bad values: each stops the command before anything runs, exit 2, with a
message that names the variable, its value and what it accepts; nothing is created or run."""
import sys

from clitest import dualgpu, expect, fake_torch, main


def refused(work, args, env, names, *, absent=()):
    rc, out, _ = dualgpu(*args, cwd=work, env=env, timeout=120)
    expect(rc == 2, f"exit {rc}, expected 2: {out}")
    for text in names:
        expect(text in out, f"the message lacks '{text}': {out}")
    expect("Traceback" not in out, f"a traceback instead of a message: {out}")
    for path in absent:
        expect(not path.exists(), f"{path} was created: {out}")


def case_platform_unknown(work):
    refused(work, ["example", "--dry-run"], {"DUALGPU_PLATFORM": "metal"},
            ["DUALGPU_PLATFORM='metal'", "cuda, rocm or cpu"])


def case_probe_timeout_runs_nothing(work):
    touched = work / "touched"
    refused(work, ["new", "my_ops", str(work / "p")], {"DUALGPU_PROBE_TIMEOUT": f"5;touch;{touched}"},
            ["DUALGPU_PROBE_TIMEOUT=", "is not a number of seconds", "positive number"], absent=[touched, work / "p"])


def case_python_missing(work):
    refused(work, ["example", "--dry-run"], {"DUALGPU_PYTHON": str(work / "no" / "python3")},
            [f"DUALGPU_PYTHON='{work / 'no' / 'python3'}'", "a program that exists"])


def case_smoke_jobs_shell_text(work):
    touched = work / "touched"
    refused(work, ["smoke", "--torch-dir", str(fake_torch(work)), "--build-dir", str(work / "b"), "--build-only"],
            {"DUALGPU_SMOKE_JOBS": f"2; touch {touched}"}, ["DUALGPU_SMOKE_JOBS=", "whole number"],
            absent=[touched, work / "b"])


def case_example_build_dir_blank(work):
    refused(work, ["example"], {"DUALGPU_EXAMPLE_BUILD_DIR": " "}, ["DUALGPU_EXAMPLE_BUILD_DIR=' '", "path of a folder"],
            absent=[work / " "])


def case_cmake_missing(work):
    refused(work, ["doctor"], {"CMAKE": str(work / "no" / "cmake")}, [f"CMAKE='{work / 'no' / 'cmake'}'"])


def case_smoke_plain_torch_word(work):
    refused(work, ["smoke", "--torch-dir", str(fake_torch(work)), "--build-dir", str(work / "b"), "--build-only"],
            {"DUALGPU_SMOKE_PLAIN_TORCH": "yes"}, ["DUALGPU_SMOKE_PLAIN_TORCH='yes'", "0 or 1"], absent=[work / "b"])


if __name__ == "__main__":
    sys.exit(main({name[5:]: f for name, f in globals().items() if name.startswith("case_")}))
