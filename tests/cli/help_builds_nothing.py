"""`dualgpu --help` and `dualgpu <command> --help` answer at once and build nothing: run from an empty
folder with an empty cache home, each must exit 0 with its usage, and afterwards the folder, the cache
home and the checkout hold nothing new (no build folder). The time of each is printed."""
import sys

from clitest import REPO, dualgpu, expect, main

COMMANDS = ["check-abi", "doctor", "example", "new", "selfcheck", "smoke"]
# Far more than printing a usage takes, far less than any build or probe.
SECONDS = 10


def tree(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def case_all(work):
    here, cache = work / "here", work / "cache"
    here.mkdir()
    cache.mkdir()
    checkout_before = sorted(p.name for p in REPO.iterdir())
    env = {"XDG_CACHE_HOME": str(cache), "HOME": str(work / "home"), "DUALGPU_EXAMPLE_BUILD_DIR": str(work / "build")}
    for args in [["--help"]] + [[c, "--help"] for c in COMMANDS]:
        rc, out, seconds = dualgpu(*args, cwd=here, env=env, timeout=60)
        print(f"dualgpu {' '.join(args)}: exit {rc} in {seconds:.2f} s")
        expect(rc == 0, f"dualgpu {' '.join(args)}: exit {rc}: {out}")
        expect("usage" in out.lower(), f"dualgpu {' '.join(args)} printed no usage: {out}")
        expect(seconds < SECONDS, f"dualgpu {' '.join(args)} took {seconds:.1f} s: more than a usage takes")
    expect(tree(here) == [], f"files appeared where the commands ran: {tree(here)}")
    expect(tree(cache) == [], f"files appeared in the cache home: {tree(cache)}")
    expect(not (work / "build").exists() and not (work / "home").exists(), "a build or home folder appeared")
    after = sorted(p.name for p in REPO.iterdir())
    expect(after == checkout_before, f"the checkout changed: {sorted(set(after) ^ set(checkout_before))}")


if __name__ == "__main__":
    sys.exit(main({"all": case_all}))
