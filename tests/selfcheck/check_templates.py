"""Validate the CI templates in ci/templates (YAML, shape, and the commands they run).

Usage: check_templates.py REPO_ROOT
- each file parses as YAML (PyYAML);
- GitHub: a build job with a matrix over a ROCm and a CUDA container, a GPU job on
  self-hosted runners; GitLab: the same with parallel:matrix and runner tags;
- build jobs give DUALGPU_ARCHITECTURES explicitly, install torch from the index the user sets
  (TORCH_INDEX) and use ccache; GitHub's shares it through a Redis
  service or a server named by a secret (DUALGPU_COMPILER_CACHE), read-only for pull/merge requests;
- every shell step parses with `sh -n` (after GitHub's ${{ }} expressions are replaced);
- every DualGPU file a step runs (.dualgpu/<path>) exists in this repository, and
  `.dualgpu/bin/dualgpu <cmd>` has its python/dualgpu/cli/<cmd>.py;
- the GPU jobs run the self-check, the GPU tests and the smoke test;
- hardening for self-hosted GPU runners (GitHub's and GitLab's guidance): no code of a fork's pull
  request on them (GitHub: pushes to named branches, PRs from this repository only, an approval
  environment; GitLab: protected branches only), a read-only token, actions pinned to a commit SHA,
  DualGPU installed by the exact version of this repository (cmake/DualGPUVersion.cmake), never a
  clone of a branch, and a comment that says why.
"""
import os
import re
import subprocess
import sys

import yaml

REPO = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
errors = []


def check(condition, message):
    if not condition:
        errors.append(message)


def shell_steps_github(job):
    return [step["run"] for step in job.get("steps", []) if "run" in step]


def shell_steps_gitlab(job, anchors_resolved=True):
    lines = []
    for key in ("before_script", "script"):
        for item in job.get(key, []):
            lines.extend(item if isinstance(item, list) else [item])
    return lines


def check_commands(where, scripts):
    text = "\n".join(scripts)
    for script in scripts:
        plain = re.sub(r"\$\{\{[^}]*\}\}", "x", script)
        result = subprocess.run(["sh", "-n"], input=plain, text=True, capture_output=True)
        check(result.returncode == 0, "%s: sh -n fails on %r: %s" % (where, script, result.stderr.strip()))
    for path in re.findall(r"\.dualgpu/([A-Za-z0-9_./-]+)", text):
        check(os.path.exists(os.path.join(REPO, path)), "%s runs .dualgpu/%s, missing in the repository" % (where, path))
    for command in re.findall(r"(?:\.dualgpu/bin/dualgpu|-m dualgpu|^dualgpu|\s dualgpu)\s+([a-z]+(?:-[a-z]+)*)", text, re.M):
        module = command.replace("-", "_")
        check(os.path.exists(os.path.join(REPO, "python", "dualgpu", "cli", module + ".py")),
              "%s runs 'dualgpu %s' but python/dualgpu/cli/%s.py is missing" % (where, command, module))
    return text


def dualgpu_version():
    with open(os.path.join(REPO, "cmake", "DualGPUVersion.cmake")) as f:
        return re.search(r"^set\(DUALGPU_VERSION ([0-9.]+)\)", f.read(), re.M).group(1)


def check_pinned(where, variables, text, raw):
    """DualGPU comes from pip at exactly this repository's version, never from a branch."""
    check(str(variables.get("DUALGPU_VERSION")) == dualgpu_version(),
          "%s: DUALGPU_VERSION is %r, not this DualGPU's %s" % (where, variables.get("DUALGPU_VERSION"), dualgpu_version()))
    installs = re.findall(r"pip install[^\n]*", text)
    dualgpu_installs = [line for line in installs if "dualgpu" in line]
    check(bool(dualgpu_installs), where + ": DualGPU is never installed with pip")
    for line in dualgpu_installs:
        check('"dualgpu==$DUALGPU_VERSION"' in line, "%s: DualGPU not pinned to $DUALGPU_VERSION in: %s" % (where, line))
    check("git clone" not in text, where + ": clones a repository (use the pinned pip package)")
    check("fork" in raw and "self-hosted" in raw, where + ": no comment says why the GPU job is restricted")


def check_gpu_text(where, text):
    check("ci/selfcheck.sh" in text or "dualgpu selfcheck" in text, where + ": GPU job does not run the self-check")
    check("-m gpu" in text, where + ": GPU job does not run the GPU tests")
    check("dualgpu smoke" in text, where + ": GPU job does not run the smoke test")


def check_build_text(where, text):
    check("DUALGPU_ARCHITECTURES=" in text, where + ": build does not give the architectures")
    check("ccache" in text, where + ": build does not use ccache")
    check('-m "not gpu"' in text, where + ": build does not run the CPU tests")


def check_torch_from_users_index(where, rows, wheels_key, text):
    """torch comes from the index the user sets (TORCH_INDEX: PyTorch's, or a mirror), the wheels each build
    row names; the template holds no address (lint.no_registry_addresses checks every file for one)."""
    check(bool(rows) and all(row.get(wheels_key) for row in rows), "%s: a build row names no %s" % (where, wheels_key))
    check(re.search(r'pip install torch --index-url "\$TORCH_INDEX/', text) is not None,
          where + ": torch is not installed from $TORCH_INDEX")
    check(re.search(r"test -n \"\$TORCH_INDEX\"|\[ -z \"\$TORCH_INDEX\" \]", text) is not None,
          where + ": an unset TORCH_INDEX is not reported before pip runs")


def check_github(path):
    doc = yaml.safe_load(open(path))
    jobs = doc.get("jobs", {})
    build, gpu = jobs.get("build", {}), jobs.get("gpu", {})
    images = [row.get("container", "") for row in build.get("strategy", {}).get("matrix", {}).get("include", [])]
    check(any("rocm" in image for image in images), "github: build matrix has no ROCm container")
    check(any("nvidia/cuda" in image for image in images), "github: build matrix has no CUDA container")
    check("container" in build, "github: build job does not run in the matrix container")
    runners = [row.get("runner", []) for row in gpu.get("strategy", {}).get("matrix", {}).get("include", [])]
    check(runners and all("self-hosted" in runner for runner in runners), "github: GPU job is not on self-hosted runners")
    uses = [step.get("uses", "") for step in build.get("steps", [])]
    check(any(u.startswith("actions/cache@") for u in uses), "github: build does not cache ccache's folder")
    build_text = check_commands("github build", shell_steps_github(build))
    gpu_text = check_commands("github gpu", shell_steps_github(gpu))
    check_build_text("github build", build_text)
    check_torch_from_users_index("github build", build.get("strategy", {}).get("matrix", {}).get("include", []),
                                 "torch_wheels", build_text)
    check("vars.TORCH_INDEX" in str(doc.get("env", {}).get("TORCH_INDEX", "")),
          "github: TORCH_INDEX does not come from a repository variable")
    check_gpu_text("github gpu", gpu_text)
    # The shared compiler cache: a Redis service, the URL from a secret, read-only for pull requests.
    variables = doc.get("env", {})
    check("redis" in build.get("services", {}), "github: build job has no Redis service for the compiler cache")
    check("secrets." in str(variables.get("DUALGPU_COMPILER_CACHE", "")),
          "github: DUALGPU_COMPILER_CACHE does not come from a secret")
    check("pull_request" in str(variables.get("DUALGPU_COMPILER_CACHE_READONLY", "")),
          "github: the compiler cache is not read-only for pull requests")
    # Hardening of the self-hosted GPU job.
    triggers = doc.get("on", doc.get(True, {}))  # YAML 1.1 reads a bare `on` as true
    check(not {"pull_request_target", "workflow_run"} & set(triggers or {}),
          "github: pull_request_target/workflow_run run a fork's code with this repository's secrets")
    check(bool((triggers.get("push") or {}).get("branches")), "github: push is not limited to trusted branches")
    check(doc.get("permissions") == {"contents": "read"}, "github: the token is not read-only (permissions: contents: read)")
    for name, job in jobs.items():
        check("permissions" not in job or all(v in ("read", "none") for v in job["permissions"].values()),
              "github: job %s asks for write permissions" % name)
        for step in job.get("steps", []):
            if "uses" in step:
                check(re.match(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$", step["uses"]) is not None,
                      "github: %s uses %s, not pinned to a commit SHA" % (name, step["uses"]))
    condition = str(gpu.get("if", ""))
    check("github.event.pull_request.head.repo.full_name == github.repository" in condition
          and "github.event_name == 'push'" in condition, "github: GPU job may run a fork's pull request: %r" % condition)
    check(bool(gpu.get("environment")), "github: GPU job has no approval environment")
    check_pinned("github", doc.get("env", {}), build_text + gpu_text, open(path).read())


def check_gitlab(path):
    doc = yaml.safe_load(open(path))
    build, gpu = doc.get("build", {}), doc.get("gpu", {})
    rows = build.get("parallel", {}).get("matrix", [])
    check(any("rocm" in row.get("IMAGE", "") for row in rows), "gitlab: build matrix has no ROCm image")
    check(any("nvidia/cuda" in row.get("IMAGE", "") for row in rows), "gitlab: build matrix has no CUDA image")
    check(build.get("image") == "$IMAGE", "gitlab: build job does not use the matrix image")
    check(".ccache" in build.get("cache", {}).get("paths", []), "gitlab: build does not cache ccache's folder")
    check(bool(gpu.get("tags")), "gitlab: GPU job has no runner tags")
    build_text = check_commands("gitlab build", shell_steps_gitlab(build))
    gpu_text = check_commands("gitlab gpu", shell_steps_gitlab(gpu))
    check_build_text("gitlab build", build_text)
    check_torch_from_users_index("gitlab build", rows, "TORCH_WHEELS", build_text)
    check_gpu_text("gitlab gpu", gpu_text)
    # The shared compiler cache: a Redis service, and read-only for merge requests.
    check(any("redis" in str(service) for service in build.get("services", [])),
          "gitlab: build job has no Redis service for the compiler cache")
    check("DUALGPU_COMPILER_CACHE" in build.get("variables", {}), "gitlab: build job sets no DUALGPU_COMPILER_CACHE")
    check(any("merge_request_event" in str(rule.get("if", "")) and
              rule.get("variables", {}).get("DUALGPU_COMPILER_CACHE_READONLY") == "ON" for rule in build.get("rules", [])),
          "gitlab: the compiler cache is not read-only for merge requests")
    # Hardening of the self-hosted GPU job: protected branches only, nothing that falls through to "always".
    rules = gpu.get("rules", [])
    check(bool(rules) and all('$CI_COMMIT_REF_PROTECTED == "true"' in str(rule.get("if", "")) for rule in rules),
          "gitlab: GPU job is not limited to protected branches: %r" % rules)
    check_pinned("gitlab", doc.get("variables", {}), build_text + gpu_text, open(path).read())


check_github(os.path.join(REPO, "ci", "templates", "github-actions.yml"))
check_gitlab(os.path.join(REPO, "ci", "templates", "gitlab-ci.yml"))
for error in errors:
    print("FAIL: " + error)
print("ci templates: %d problem(s)" % len(errors))
sys.exit(1 if errors else 0)
