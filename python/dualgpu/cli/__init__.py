"""`dualgpu <command>`: the front door, one small module per command (doctor, new, example, smoke,
selfcheck, check-abi). Each module has HELP (its one-line summary), add_arguments(parser) and
run(args, extra) -> exit status; importing any of them imports nothing heavy, so `--help` answers at
once and builds nothing.
"""
import argparse
import importlib
import signal
import sys

import dualgpu
from dualgpu import owned, settings
from dualgpu.cli.common import UsageError
from dualgpu.run import ToolFailed

# command -> module (python/dualgpu/cli/<module>.py)
COMMANDS = {"check-abi": "check_abi", "doctor": "doctor", "example": "example", "new": "new",
            "selfcheck": "selfcheck", "smoke": "smoke"}
# Commands whose options pass through to the program they run (pytest, the smoke program, selfcheck.sh).
PASS_THROUGH = {"check-abi", "example", "smoke", "selfcheck"}


def _top_parser():
    modules = {name: importlib.import_module(f"dualgpu.cli.{module}") for name, module in COMMANDS.items()}
    listing = "\n".join(f"  {m.SYNOPSIS:<46} {m.HELP}" for m in modules.values())
    parser = argparse.ArgumentParser(
        prog="dualgpu", allow_abbrev=False, formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="dualgpu <command> [options]\n       dualgpu --version | --cmake-dir | --include-dir",
        description=f"commands:\n{listing}",
        epilog="Run 'dualgpu <command> --help' for a command's options.")
    parser.add_argument("--version", action="store_true", help="DualGPU's version")
    parser.add_argument("--cmake-dir", action="store_true",
                        help="the folder of DualGPUConfig.cmake, for cmake -DDualGPU_DIR=...")
    parser.add_argument("--include-dir", action="store_true", help="the folder that holds dualgpu/*.hpp")
    commands = parser.add_subparsers(dest="command", metavar="<command>", help=argparse.SUPPRESS)
    for name, module in modules.items():
        sub = commands.add_parser(name, description=getattr(module, "DESCRIPTION", module.HELP),
                                  prog=f"dualgpu {name}", allow_abbrev=False,
                                  add_help=getattr(module, "ADD_HELP", True),
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(sub)
        sub.set_defaults(module=module)
    return parser


def _stop_on_sigterm(signum, frame):
    # A SIGTERM unwinds like Ctrl-C: staging folders are removed and tools stopped on the way out.
    raise KeyboardInterrupt


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _top_parser()
    if argv and argv[0] in PASS_THROUGH:
        args, extra = parser.parse_known_args(argv)
    else:
        args, extra = parser.parse_args(argv), []
    if args.command is None:
        printers = [(args.version, lambda: dualgpu.__version__), (args.cmake_dir, dualgpu.cmake_dir),
                    (args.include_dir, dualgpu.include_dir)]
        chosen = [p for wanted, p in printers if wanted]
        if not chosen:
            parser.print_help()
            return 0
        for printer in chosen:
            print(printer())
        return 0
    if sys.flags.no_site:
        # bin/dualgpu starts Python without site-packages, so that --help answers before they load
        # (their .pth files cost more than the whole command line); a command that runs gets them.
        import site
        site.main()
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    name = f"dualgpu {args.command}"
    try:
        return args.module.run(args, extra)
    except (UsageError, settings.SettingError, owned.Refused) as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 2
    except ToolFailed as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{name}: interrupted; nothing half-written was left", file=sys.stderr)
        return 130
