"""What the lints of DualGPU's Python share: the files they read (what DualGPU runs or ships: python/, bin/,
smoke/*.py, example-extension/python/, templates/) and how they end: each hit on its own line, then one
line that says what to do (exit 1), or one line that says all is well (exit 0)."""

SHIPPED = ("python/**/*", "bin/**/*", "smoke/*.py", "example-extension/python/**/*", "templates/**/*")


def shipped_files(repo, suffix=""):
    """(path, path relative to <repo> as text) of each shipped file whose name ends with <suffix>."""
    for pattern in SHIPPED:
        for path in sorted(repo.glob(pattern)):
            if (path.is_file() and not path.is_symlink() and "__pycache__" not in path.parts
                    and path.name.endswith(suffix)):
                yield path, path.relative_to(repo).as_posix()


def report(hits, fix, all_well):
    """Prints <hits> and "<count> <fix>", or <all_well> when there are none; returns the exit status."""
    for hit in hits:
        print(hit)
    print(f"{len(hits)} {fix}" if hits else all_well)
    return 1 if hits else 0
