#!/usr/bin/env python3
"""How many dependent memory round trips each kernel takes before its first barrier, read from its SASS.

A decode-size call lasts about as long as one thread's chain: its loads, (a norm's) reduction, its
stores. If a load is issued only after an earlier load's value was used, the thread waits for memory
twice. nvcc can do that on its own (it moved fused_add_rms_norm's residual loads behind the use of
x's, docs/benchmarks.md, "fused_add_rms_norm's loads in one memory round trip"), so the kernels whose
latency counts are checked here, on the compiled code.

    load_rounds.py SASS_FILE [--kernel REGEX] [--max 1] [--branch-free REGEX]   (cuobjdump -sass output)
    load_rounds.py --compile [--nvcc NVCC] [--kernel REGEX] [--max 1] [--branch-free REGEX]   (the decode kernels)

Also checks that the kernels matching --branch-free (silu_and_mul's small kernel) have no branch or exit
before their first load: nvcc can turn a store's predicate on the row width into an exit ahead of the
loads (it did for float32), and the call then waits for the width before it loads.

Prints each kernel's rounds; exits 1 if one takes more than --max or branches where it must not, 77 if
--compile finds no nvcc or no cuobjdump (the CUDA toolkit's, or the one pip torch's Triton ships).

The model: every path through the instructions up to the first block or cluster barrier (the
reduction) or an unconditional EXIT, following forward branches both ways and taking loops once (a
grid-stride loop's next trip is another row); on a path, a global load (LDG) belongs to round 1 + the
highest round whose result an earlier instruction read. A kernel's count is the most over its paths, so
the arms of a switch (loads of different widths) count apart, not one after the other.
"""
import argparse
import os
import pathlib
import re
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[1]
try:
    from dualgpu.run import environment, run, tail, which
except ImportError:  # run from a checkout without the package installed
    sys.path.insert(0, str(REPO / "python"))
    from dualgpu.run import environment, run, tail, which

SKIP = 77
# The kernels whose start is a decode-size call's critical path: one round trip each. The norms'
# weight-early and cluster kernels; silu_and_mul's small kernel, its aligned vector kernel and its
# one-wave PEEL kernel (template arguments <T, VEC, false, false> and <T, VEC, true, true>).
DECODE_KERNELS = (r"norm_weight_early_kernel|norm_cluster_kernel|silu_and_mul_small_kernel"
                  r"|silu_and_mul_kernelI\w+?Li\d+E(Lb0ELb0|Lb1ELb1)E")
# Kernels with no branch or exit before their first load (their loads' indices are clamped instead).
BRANCH_FREE_KERNELS = r"silu_and_mul_small_kernel"
CONTROL_FLOW = {"EXIT", "BRA", "BRX", "JMP", "JMX", "CALL", "RET"}  # SASS opcodes that leave straight-line code
SOURCES = ["rms_norm.cu", "fused_add_rms_norm.cu", "fused_add_rms_norm_functional.cu", "silu_and_mul.cu"]
INSTRUCTION = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
REGISTER = re.compile(r"\bR(\d+)(\.64)?\b")
BARRIER = re.compile(r"^(BAR\.SYNC|BAR\.RED|UCGABAR_WAIT|UCGABAR_ARV)")


def registers(operands):
    """The general registers an operand list names (R4.64: R4 and R5)."""
    found = set()
    for m in REGISTER.finditer(operands):
        n = int(m.group(1))
        found.update((n, n + 1) if m.group(2) else (n,))
    return found


def load_width(opcode):
    """Registers an LDG writes: 4 for .128, 2 for .64, else 1."""
    return 4 if ".128" in opcode else 2 if ".64" in opcode else 1


def parse(text):
    """(predicated, opcode, destination operand, source operands) of one instruction's text."""
    predicated = text.startswith("@")
    parts = text.split(None, 2 if predicated else 1)
    opcode = parts[1 if predicated else 0]
    operands = parts[-1] if len(parts) > (2 if predicated else 1) else ""
    destination, _, sources = operands.partition(",")
    if opcode.startswith(("ST", "BRA", "RED")):
        sources, destination = operands, ""
    return predicated, opcode, destination, sources


def successors(body, i, index):
    """Where control may go after instruction i: the next one unless it always leaves (an unconditional
    branch or exit) or is a barrier (the end of the prefix), and a forward branch's target. Loops are
    taken once: the trips of a grid-stride loop are other rows, each a chain of its own."""
    predicated, opcode, _, operands = parse(body[i][1])
    if BARRIER.match(opcode) or (opcode == "EXIT" and not predicated):
        return []
    after = [i + 1] if i + 1 < len(body) and not (opcode.startswith("BRA") and not predicated) else []
    if opcode.startswith("BRA"):
        target = re.findall(r"0x([0-9a-f]+)", operands)
        if target and int(target[-1], 16) in index and index[int(target[-1], 16)] > i:
            after.append(index[int(target[-1], 16)])
    return after


def rounds(body):
    """The round trips of one kernel's instructions ((offset, text) pairs), as described in the module's
    doc: the most over every path through its forward branches."""
    index = {offset: i for i, (offset, _) in enumerate(body)}
    # Per instruction, what may reach it: each register a pending load writes -> that load's round, and
    # the highest round whose result was read on the way. Paths merge by the most of each.
    reach = {0: ({}, 0)} if body else {}
    work, most = [0] if body else [], 0
    while work:
        i = work.pop()
        pending, waited = dict(reach[i][0]), reach[i][1]
        _, opcode, destination, sources = parse(body[i][1])
        if BARRIER.match(opcode):
            continue
        for r in registers(sources):
            waited = max(waited, pending.get(r, 0))
        if opcode.startswith("LDG"):
            first = min(registers(destination), default=None)
            if first is not None:
                for r in range(first, first + load_width(opcode)):
                    pending[r] = waited + 1
            most = max(most, waited + 1)
        else:
            for r in registers(destination):
                pending.pop(r, None)
        for j in successors(body, i, index):
            if j not in reach:
                reach[j] = (pending, waited)
                work.append(j)
                continue
            old_pending, old_waited = reach[j]
            merged = dict(old_pending)
            for r, k in pending.items():
                merged[r] = max(merged.get(r, 0), k)
            if merged != old_pending or waited > old_waited:
                reach[j] = (merged, max(waited, old_waited))
                work.append(j)
    return most


def branches_before_loads(body):
    """The branch and exit instructions (predicated or not) that come before a kernel's first global load."""
    found = []
    for _, text in body:
        opcode = text.split()[1 if text.startswith("@") else 0]
        if opcode.startswith("LDG"):
            break
        if opcode.split(".")[0] in CONTROL_FLOW:
            found.append(text)
    return found


def kernels(sass):
    """{kernel's mangled name: its instructions as (offset, text)} from cuobjdump -sass output."""
    found, name = {}, None
    for line in sass.splitlines():
        if "Function :" in line:
            name = line.split("Function :", 1)[1].strip()
            found[name] = []
            continue
        m = INSTRUCTION.match(line)
        if m and name is not None and not m.group(2).startswith("NOP"):
            found[name].append((int(m.group(1), 16), m.group(2)))
    return found


def readable(mangled):
    """The kernel's template name without nvcc's per-file prefix: norm_weight_early_kernel<bf16 8 1 true>."""
    m = re.search(r"([a-z][a-z_]*_kernel)I(.*?)EEv", mangled)
    if not m:
        return mangled
    args = m.group(2).replace("13__nv_bfloat16", "bf16").replace("6__half", "half").replace("Lb1E", " true").replace(
        "Lb0E", " false")
    args = re.sub(r"Li(\d+)E", r" \1", args)
    return f"{m.group(1)}<{args.strip()}>"


def cuobjdump(nvcc):
    """The CUDA toolkit's cuobjdump (next to nvcc, on PATH), else the one pip torch's Triton ships, or None."""
    found = None
    if nvcc:
        beside = pathlib.Path(nvcc).resolve().parent / "cuobjdump"
        found = str(beside) if beside.exists() else None
    found = found or which("cuobjdump")
    if not found:
        try:
            import triton.backends.nvidia as nvidia  # noqa: PLC0415 (optional, and slow to import)
            bundled = pathlib.Path(nvidia.__file__).parent / "bin" / "cuobjdump"
            found = str(bundled) if bundled.exists() else None
        except ImportError:
            pass
    return found


def compiled_sass(work, nvcc):
    """The norms' and silu_and_mul's kernels as the extension compiles them (relocatable, sm_90),
    disassembled; or (None, why)."""
    nvcc = which(nvcc)
    dump = cuobjdump(nvcc)
    if not nvcc or not dump:
        return None, f"needs {'nvcc' if not nvcc else 'cuobjdump'} (the CUDA toolkit on PATH)"
    source = REPO / "example-extension" / "csrc"
    env = environment()
    texts = []
    for name in SOURCES:
        cubin = os.path.join(work, name + ".cubin")
        argv = [nvcc, "-std=c++17", "-O3", "-arch=sm_90", "-rdc=true", "-cubin", "-DDUALGPU_PLATFORM_CUDA",
                f"-I{REPO / 'include'}", f"-I{source}", f"-I{source / 'cuda'}", str(source / "cuda" / name), "-o", cubin]
        built = run(argv, env=env, timeout=600)
        if not built.ok:
            sys.exit(f"load_rounds.py: compiling {name} failed ({built.why()}):\n{tail(built.stderr)}")
        listed = run([dump, "-sass", cubin], env=env, timeout=120)
        if not listed.ok:
            sys.exit(f"load_rounds.py: {dump} -sass {cubin} failed ({listed.why()}):\n{tail(listed.stderr)}")
        texts.append(listed.stdout)
    return "\n".join(texts), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sass", nargs="?", help="cuobjdump -sass output to read (or --compile)")
    ap.add_argument("--compile", action="store_true", help="compile the extension's norm and silu_and_mul kernels and read those")
    ap.add_argument("--nvcc", default="nvcc", help="the nvcc to compile with (--compile; default: nvcc on PATH)")
    ap.add_argument("--kernel", default=DECODE_KERNELS, help=f"which kernels (regex; default {DECODE_KERNELS})")
    ap.add_argument("--max", type=int, default=1, help="the most round trips a kernel may take (default 1)")
    ap.add_argument("--branch-free", default=BRANCH_FREE_KERNELS, metavar="REGEX",
                    help=f"kernels that may not branch before their first load (default {BRANCH_FREE_KERNELS})")
    args = ap.parse_args()
    for flag, pattern in (("--kernel", args.kernel), ("--branch-free", args.branch_free)):
        try:
            re.compile(pattern)
        except re.error as e:
            ap.error(f"{flag} '{pattern}' is not a regular expression ({e})")
    if bool(args.sass) == args.compile:
        ap.error("give a SASS file or --compile (one of them)")
    if args.compile:
        with tempfile.TemporaryDirectory(prefix="load_rounds.") as work:
            sass, why = compiled_sass(work, args.nvcc)
        if sass is None:
            print(f"load_rounds.py: skipped: {why}")
            return SKIP
    else:
        try:
            sass = pathlib.Path(args.sass).read_text()
        except OSError as e:
            sys.exit(f"load_rounds.py: cannot read {args.sass} ({e.strerror}); give cuobjdump -sass output")
    chosen = {n: body for n, body in kernels(sass).items() if re.search(args.kernel, n)}
    if not chosen:
        sys.exit(f"load_rounds.py: no kernel matches '{args.kernel}' in the SASS: nothing was checked")
    over = branching = 0
    for name, body in sorted(chosen.items(), key=lambda kv: readable(kv[0])):
        n = rounds(body)
        branches = branches_before_loads(body) if re.search(args.branch_free, name) else []
        over += n > args.max
        branching += bool(branches)
        notes = ("  <- more than " + str(args.max) if n > args.max else "") + (
            f"  <- branches before its first load ({'; '.join(branches)})" if branches else "")
        print(f"{n} {'round trip ' if n == 1 else 'round trips'}  {readable(name)}{notes}")
    print(f"{len(chosen)} kernels, {over} over {args.max} round trip{'s' if args.max != 1 else ''}, "
          f"{branching} branching before their first load")
    return 1 if over or branching else 0


if __name__ == "__main__":
    sys.exit(main())
