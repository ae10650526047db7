"""`dualgpu doctor --json` on machines recorded in tests/fixtures: fake tools print what the real
tools printed there, and the answer must be what that machine needs."""
import json
import os
import pathlib
import stat
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"


def fake_tools(tmp_path, tools):
    """tools: {name: (fixture file or None, exit code)}; writes them into <tmp_path>/bin and returns it."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for name, (fixture, code) in tools.items():
        body = f'cat "{FIXTURES / fixture}"\n' if fixture else ""
        script = bindir / name
        script.write_text(f"#!/bin/sh\n{body}exit {code}\n")
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return bindir


def run_doctor(tmp_path, bindir, env=None):
    """Runs `dualgpu doctor --json --no-torch` with only <bindir> and the system folders on PATH."""
    cmake = os.environ.get("DUALGPU_TEST_CMAKE", "/usr/bin/cmake")
    run_env = {"PATH": f"{bindir}:/usr/bin:/bin", "HOME": str(tmp_path), "CMAKE": cmake, **(env or {})}
    proc = subprocess.run([str(REPO / "bin" / "dualgpu"), "doctor", "--json", "--no-torch"],
                          capture_output=True, text=True, env=run_env, timeout=120)
    return proc.returncode, json.loads(proc.stdout)


def doctor(tmp_path, tools, env=None):
    fake_tools(tmp_path, tools)
    return run_doctor(tmp_path, tmp_path / "bin", env)


def tool_script(tmp_path, name, body):
    """A fake tool whose behaviour is not a recorded output (it hangs, or prints noise)."""
    fake_tools(tmp_path, {})
    script = tmp_path / "bin" / name
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(0o755)
    return tmp_path / "bin"


def test_four_mi210(tmp_path):
    rc, out = doctor(tmp_path, {"rocminfo": ("rocminfo-mi210-x4.txt", 0)})
    assert out["platform"] == "rocm" and out["platform_source"] == "AMD GPU visible"
    assert out["architectures"] == ["gfx90a"] and out["architectures_source"] == "visible GPUs"
    assert [g["arch"] for g in out["gpus"]] == ["gfx90a"] * 4
    assert all(g["vendor"] == "amd" and g["name"] == "AMD Instinct MI210" for g in out["gpus"])


def test_rx9070xt_with_igpu_leaves_igpu_out_and_warns(tmp_path):
    rc, out = doctor(tmp_path, {"rocminfo": ("rocminfo-rx9070xt-igpu-gfx1036.txt", 0)})
    assert out["architectures"] == ["gfx1201"]
    assert [(g["arch"], g["integrated"]) for g in out["gpus"]] == [("gfx1201", False), ("gfx1036", True)]
    assert any("hipErrorNoBinaryForGpu" in w and "HIP_VISIBLE_DEVICES" in w for w in out["warnings"])


def test_eight_h100(tmp_path):
    rc, out = doctor(tmp_path, {"nvidia-smi": ("nvidia-smi-csv-h100-x8.txt", 0)})
    assert out["platform"] == "cuda" and out["platform_source"] == "NVIDIA GPU visible"
    assert out["architectures"] == ["90-real", "90-virtual"]
    assert len(out["gpus"]) == 8 and out["gpus"][0]["arch"] == "sm_90"


def test_old_driver_without_compute_cap_falls_back_with_a_note(tmp_path):
    rc, out = doctor(tmp_path, {"nvidia-smi": ("nvidia-smi-csv-error-old-driver.txt", 6)},
                     env={"DUALGPU_PLATFORM": "cuda"})
    assert out["gpus"] == []
    assert any("older than 510" in n for n in out["notes"])


def test_crashing_and_driverless_amd_tools_mean_no_gpu(tmp_path):
    rc, out = doctor(tmp_path, {"rocminfo": ("rocminfo-error-rock-not-loaded.txt", 1),
                                "rocm_agent_enumerator": ("rocm_agent_enumerator-error-no-kfd.txt", 1)})
    assert out["gpus"] == []
    assert any("FileNotFoundError" in n for n in out["notes"])


def test_hanging_tool_is_bounded(tmp_path):
    bindir = tool_script(tmp_path, "rocminfo", "sleep 60")
    rc, out = run_doctor(tmp_path, bindir, env={"DUALGPU_PROBE_TIMEOUT": "2"})
    assert any("rocminfo: no answer within 2 s" in n for n in out["notes"])


def test_bad_platform_is_an_error_with_the_fix(tmp_path):
    rc, out = doctor(tmp_path, {}, env={"DUALGPU_PLATFORM": "metal"})
    assert rc == 1
    assert any("use cuda, rocm or cpu" in e for e in out["errors"])


def test_mixed_vendor_list_is_an_error(tmp_path):
    rc, out = doctor(tmp_path, {}, env={"DUALGPU_PLATFORM": "rocm", "DUALGPU_ARCHITECTURES": "gfx90a;sm_90"})
    assert rc == 1 and any("mixes AMD" in e for e in out["errors"])


@pytest.mark.parametrize("fixture, arch, name", [
    ("rocminfo-rx7900xtx.txt", "gfx1100", None),
    ("rocminfo-mi300x-vf.txt", "gfx942", "AMD Instinct MI300X VF"),
    ("rocminfo-rx6800-rdna2.txt", "gfx1030", "AMD Radeon RX 6800"),
])
def test_single_amd_gpu_machines(tmp_path, fixture, arch, name):
    rc, out = doctor(tmp_path, {"rocminfo": (fixture, 0)})
    assert out["platform"] == "rocm"
    assert out["architectures"] == [arch]
    assert [g["arch"] for g in out["gpus"]] == [arch]
    if name:
        assert out["gpus"][0]["name"] == name


def test_falls_back_to_rocm_agent_enumerator_when_rocminfo_fails(tmp_path):
    # Polaris card plus a Raven APU: the APU is left out of the list and named in a warning.
    rc, out = doctor(tmp_path, {"rocminfo": ("rocminfo-error-rock-not-loaded.txt", 1),
                                "rocm_agent_enumerator": ("rocm_agent_enumerator-gfx803-gfx902.txt", 0)})
    assert out["architectures"] == ["gfx803"]
    assert [(g["arch"], g["integrated"]) for g in out["gpus"]] == [("gfx803", False), ("gfx902", True)]
    assert any(w.startswith("integrated GPU gfx902") for w in out["warnings"])


def test_unreachable_drivers_are_notes_not_gpus(tmp_path):
    rc, out = doctor(tmp_path, {"rocminfo": ("rocminfo-error-kfd-permission-denied.txt", 1),
                                "nvidia-smi": ("nvidia-smi-error-no-driver.txt", 9)},
                     env={"DUALGPU_PLATFORM": "cpu"})
    assert rc == 0 and out["gpus"] == [] and out["platform"] == "cpu"
    assert any(n.startswith("rocminfo: failed") for n in out["notes"])
    assert any("couldn't communicate with the NVIDIA driver" in n for n in out["notes"])


def test_garbage_output_is_no_gpu(tmp_path):
    bindir = tool_script(tmp_path, "rocminfo", "printf 'Agent 1\\n  Name: gfx\\377;;[[\\n  Device Type: GPU\\n'")
    rc, out = run_doctor(tmp_path, bindir)
    assert out["gpus"] == []
    assert "rocminfo: ran but listed no GPU" in out["notes"]


def cmake_version():
    cmake = os.environ.get("DUALGPU_TEST_CMAKE", "/usr/bin/cmake")
    out = subprocess.run([cmake, "--version"], capture_output=True, text=True, check=True).stdout
    return tuple(int(p) for p in out.split()[2].split(".")[:2])


def test_build_tools_are_reported(tmp_path):
    # A compiler cache and lld first on PATH: what DualGPU puts in front of compilers and, from
    # CMake 3.29 (LINKER_TYPE), the linker it gives torch extensions.
    bindir = tool_script(tmp_path, "ccache", "exit 0")
    (bindir / "ld.lld").write_text("#!/bin/sh\nexit 0\n")
    (bindir / "ld.lld").chmod(0o755)
    code, report = run_doctor(tmp_path, bindir)
    assert report["build_tools"]["compiler_cache"] == str(bindir / "ccache")
    assert report["build_tools"]["linker"] == ("lld" if cmake_version() >= (3, 29) else "default")
