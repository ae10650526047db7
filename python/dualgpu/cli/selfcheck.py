"""`dualgpu selfcheck`: ci/selfcheck.sh (the stand-alone CI check) run with sh and the same arguments."""
import argparse

from dualgpu import run as runner
from dualgpu.cli import common

SYNOPSIS = "selfcheck [options]"
HELP = "CI self-check of the GPU toolchain, devices and torch (ci/selfcheck.sh; --help for its options)"
ADD_HELP = False  # --help is selfcheck.sh's own
# selfcheck.sh bounds each of its probes; this bounds the whole check.
SELFCHECK_SECONDS = 1800


def add_arguments(parser):
    parser.add_argument("selfcheck_args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)


def run(args, extra):
    return runner.run_attached(["sh", common.path_in_root("ci", "selfcheck.sh"), *args.selfcheck_args, *extra],
                               env=common.tool_env(), timeout=SELFCHECK_SECONDS)
