"""No tracked file gives a package registry's address: packages and indexes are named by name.

Usage: no_registry_addresses.py REPO
An address pinned in a message, a template or a doc goes stale when the registry moves and sends users
past the mirror their fleet must use. Write what it is ("PyTorch's rocm6.4 wheel index", "the dualgpu
package"); where a command needs the address, it comes from the user's settings, as the CI templates'
TORCH_INDEX does. Every tracked text file is read; any host below, and any --index-url or
--extra-index-url given a literal address, is a hit. Before the tree, the matcher is run on lines
that must be hits and lines that must not, so a pattern broken by an edit fails here too.
"""
import pathlib
import re
import subprocess
import sys

from lint_report import report

# What each host is, for the message. Dots are escaped, so this file's own text never matches.
REGISTRIES = {
    r"(test\.)?pypi\.(org|python\.org)|files\.pythonhosted\.org": "PyPI",
    r"download\.pytorch\.org": "PyTorch's wheel indexes",
    r"(conda\.|repo\.)?anaconda\.(org|com)": "conda's channels",
    r"(deb|ftp|security|snapshot)\.debian\.org|(archive|ports|security)\.ubuntu\.com": "Debian's or Ubuntu's archive",
    r"ppa\.launchpad(content)?\.net": "a Launchpad PPA",
    r"repo\.radeon\.com": "AMD's ROCm repository",
    r"developer\.download\.nvidia\.com": "NVIDIA's CUDA repository",
    r"(registry-1\.|hub\.)?docker\.io|hub\.docker\.com|ghcr\.io|quay\.io|nvcr\.io|gcr\.io|public\.ecr\.aws":
        "a container registry (name the image instead)",
    r"registry\.npmjs\.org|crates\.io|rubygems\.org|proxy\.golang\.org|repo1\.maven\.org": "a language registry",
}
HOST = re.compile(r"(?<![\w.-])(" + "|".join(f"(?:{pattern})" for pattern in REGISTRIES) + r")(?![\w-])", re.I)
INDEX_OPTION = re.compile(r"--(extra-)?index-url[ =]+[\"']?[a-z][a-z0-9+.-]*://", re.I)

# Built from pieces so that this file passes its own check.
MUST_HIT = ["pip install torch --index-url " + "https" + "://mirror.example/whl/rocm6.4",
            "[dualgpu](https" + "://" + "pypi" + ".org/project/dualgpu/)",
            "see download" + ".pytorch" + ".org/whl/cu124",
            "image: nvcr" + ".io/nvidia/pytorch:24.05-py3"]
MUST_PASS = ["torch from PyTorch's rocm6.4 wheel index", "image: rocm/dev-ubuntu-24.04:6.4.4-complete",
             'pip install torch --index-url "$TORCH_INDEX/rocm6.4"', "https://docs.docker.com/engine/",
             "the pypi-like index of a team's own server"]


def hits_in(line):
    """What <line> gives away: each registry host's name, and 'an index address' for a literal --index-url."""
    found = [REGISTRIES[next(p for p in REGISTRIES if re.fullmatch(p, m.group(1), re.I))] for m in HOST.finditer(line)]
    if INDEX_OPTION.search(line):
        found.append("an index address given to pip")
    return found


def matcher_errors():
    errors = [f"the lint misses: {line!r}" for line in MUST_HIT if not hits_in(line)]
    errors += [f"the lint flags: {line!r} as {hits_in(line)}" for line in MUST_PASS if hits_in(line)]
    return errors


def main():
    repo = pathlib.Path(sys.argv[1])
    errors = matcher_errors()
    if errors:
        return report(errors, "broken pattern(s) in tests/lint/no_registry_addresses.py", "")
    listed = subprocess.run(["git", "-C", str(repo), "ls-files", "-z"], capture_output=True, check=True,
                            timeout=60).stdout.decode()
    hits, read = [], 0
    for name in filter(None, listed.split("\0")):
        path = repo / name
        if not path.is_file() or path.is_symlink():
            continue
        data = path.read_bytes()
        if b"\0" in data:  # images and other binary files
            continue
        read += 1
        for number, line in enumerate(data.decode(errors="replace").splitlines(), 1):
            found = hits_in(line)
            if found:
                hits.append(f"{name}:{number}: {', '.join(found)}: {line.strip()[:160]}")
    return report(hits, "registry address(es): name the package or index instead (\"PyTorch's rocm6.4 wheel "
                        "index\"); where a command needs the address, take it from the user's settings "
                        "(the CI templates' TORCH_INDEX)",
                  f"{read} tracked text files: no registry address")


if __name__ == "__main__":
    sys.exit(main())
