"""DUALGPU_PLATFORM's spellings mean the same everywhere they are read: CMake's dualgpu_normalize_platform
(find_package, doctor), the commands' settings check and the wheel's version tag (dualgpu.wheel_version).
Each spelling of the one table (cmake/dualgpu/00-data.cmake), in lower and upper case, and a few that
are not platforms, are put to all three. Usage: platform_spellings.py all <cmake>"""
import os
import subprocess
import sys

from clitest import REPO, expect, main

sys.path.insert(0, str(REPO / "python"))
import dualgpu  # noqa: E402
from dualgpu import settings, wheel_version  # noqa: E402

NOT_PLATFORMS = ["metal", "cuda12", "gpu", "rocm;cpu"]


def cmake_answers(cmake, work, values):
    """value -> the platform dualgpu_normalize_platform gives ('' when it refuses)."""
    script = work / "normalize.cmake"
    script.write_text(f'include("{REPO}/cmake/dualgpu/30-decide.cmake")\n'
                      'foreach(v IN LISTS VALUES)\n'
                      '  dualgpu_normalize_platform(p e "${v}")\n'
                      '  message(NOTICE "answer:${v}=${p}")\n'
                      'endforeach()\n')
    out = subprocess.run([cmake, f"-DVALUES={';'.join(v.replace(';', '_') for v in values)}", "-P", str(script)],
                         capture_output=True, text=True, timeout=120)
    expect(out.returncode == 0, f"cmake -P: {out.stderr}")
    return dict(line[len("answer:"):].split("=", 1) for line in out.stderr.splitlines() if line.startswith("answer:"))


def settings_answer(value):
    try:
        return settings.platform({"DUALGPU_PLATFORM": value})
    except settings.SettingError:
        return ""


def wheel_answer(value):
    """The platform the wheel's tag is for, the toolchains' versions given (no tool is asked)."""
    wheel_version._tool_version = lambda programs, args, pattern: ("6", "4") if "hipconfig" in programs else ("13", "0")
    os.environ["DUALGPU_PLATFORM"] = value
    try:
        tag = wheel_version.platform_tag()
    except RuntimeError:
        return ""
    finally:
        del os.environ["DUALGPU_PLATFORM"]
    return {"cu130": "cuda", "rocm6.4": "rocm", "cpu": "cpu"}[tag]


def case_all(work):
    cmake = sys.argv[2]
    table = dualgpu.platform_spellings()
    expect(set(table.values()) == {"cuda", "rocm", "cpu"}, f"the table names other platforms: {table}")
    values = [s for s in table] + [s.upper() for s in table] + [n.replace(";", "_") for n in NOT_PLATFORMS]
    from_cmake = cmake_answers(cmake, work, values)
    for value in values:
        want = table.get(value.lower(), "")
        got = {"cmake": from_cmake.get(value), "settings": settings_answer(value), "wheel": wheel_answer(value)}
        expect(all(g == want for g in got.values()), f"DUALGPU_PLATFORM={value}: want '{want}', got {got}")
    print(f"{len(values)} spellings: CMake, the commands and the wheel's tag agree")


if __name__ == "__main__":
    sys.exit(main({"all": case_all}))
