#!/usr/bin/env python3
"""How tangled is the CMake package?  Files, lines, crossings per find_package, doctor time.

usage: [DUALGPU_MEASURE_REPO=<other checkout>] bench/house/measure.py [--cmake /usr/bin/cmake] [--platform cpu] [--json]

Crossings (the figure the "One house" issue asks to shrink), counted in ONE fresh
`find_package(DualGPU REQUIRED COMPONENTS Torch)` traced with `cmake --trace-format=json-v1`,
over lines executed in the package's own files (cmake/ and below):
  calls:     a command executed in file B that is a function or macro defined in file A != B;
  variables: a read in file B of a variable whose last write (set, list, string, math,
             cmake_parse_arguments prefix, ... or a PARENT_SCOPE set) was executed in file A != B.
             Reads are ${NAME} in a command's unexpanded arguments, bare names in if/elseif/while,
             foreach(... IN LISTS NAME) and list(<op> NAME ...).
Also reported, independent of how code is split into files: ambient_reads, reads inside a
function of a variable the package wrote outside that function (a caller's scope or the cache).
file_edges: distinct (caller file -> defining file) pairs seen; two_way_edges: pairs of files that
call each other (a cycle: neither can be read first).
Every executed crossing counts (a crossing inside a loop counts each time it runs). Scopes are
ignored: a name is followed by its last writer, which is what a reader has to look up.
The doctor time is the median wall time of three `cmake -P DualGPUDoctor.cmake` runs (torch on).
"""
import argparse, json, os, re, statistics, subprocess, sys, tempfile, time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PKG = os.path.join(os.environ.get("DUALGPU_MEASURE_REPO", REPO), "cmake")  # another checkout: its "before"
DEF_RE = re.compile(r"^\s*(function|macro)\s*\(\s*([A-Za-z0-9_]+)([^)]*)\)", re.I | re.M)
REF_RE = re.compile(r"\$\{([A-Za-z0-9_]+)\}")
WRITERS = {"set", "unset", "list", "string", "math", "file", "get_filename_component", "cmake_path",
           "get_target_property", "get_property", "execute_process", "find_program", "find_path",
           "find_library", "cmake_parse_arguments", "separate_arguments", "option", "configure_file"}


def package_files():
    out = []
    for root, _, files in os.walk(PKG):
        out += [os.path.join(root, f) for f in files if f.endswith((".cmake", ".in", ".py"))]
    return sorted(out)


def definitions(files):
    """name -> (defining file, is_function, parameter names) for every function and macro of the package."""
    where = {}
    for f in files:
        if f.endswith(".cmake"):
            with open(f) as fh:
                for kind, name, params in DEF_RE.findall(fh.read()):
                    where[name.lower()] = (os.path.realpath(f), kind.lower() == "function", params.split())
    return where


def written_names(cmd, args):
    """Variables a command writes (approximate: the forms the package uses)."""
    if not args:
        return []
    if cmd in ("set", "unset", "option", "math", "get_filename_component", "get_target_property",
               "find_program", "find_path", "find_library", "separate_arguments"):
        return [args[1]] if cmd == "math" and len(args) > 1 else [args[0]]
    if cmd == "list" and len(args) > 1:
        return [args[1]]
    if cmd == "string" and len(args) > 1:
        op = args[0].upper()
        if op in ("REGEX",) and len(args) > 3:
            return [args[3]]
        if op in ("REPLACE",) and len(args) > 3:
            return [args[3]]
        if op in ("TOLOWER", "TOUPPER", "STRIP", "LENGTH", "MAKE_C_IDENTIFIER", "GENEX_STRIP") and len(args) > 2:
            return [args[2]]
        if op in ("APPEND", "PREPEND", "JOIN", "CONCAT", "SUBSTRING", "FIND", "COMPARE", "JSON", "TIMESTAMP"):
            return [args[1]] if op in ("APPEND", "PREPEND", "CONCAT", "JSON", "TIMESTAMP") else [args[-1]]
        return [args[-1]]
    if cmd == "cmake_parse_arguments":
        prefix = args[1] if args[0].upper() == "PARSE_ARGV" and len(args) > 1 else args[0]
        return ["__prefix__" + prefix]
    if cmd in ("execute_process",):
        return [args[i + 1] for i, a in enumerate(args[:-1])
                if a in ("RESULT_VARIABLE", "OUTPUT_VARIABLE", "ERROR_VARIABLE")]
    return []


def read_names(cmd, args, known):
    names = set()
    for a in args:
        names.update(REF_RE.findall(a))
    if cmd in ("if", "elseif", "while"):
        names.update(a for a in args if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", a) and known(a))
    if cmd == "foreach" and "LISTS" in args:
        names.update(args[args.index("LISTS") + 1:])
    if cmd == "list" and len(args) > 1:
        names.add(args[1])
    return {n for n in names if n}


def trace_find_package(cmake, platform):
    work = tempfile.mkdtemp(prefix="dualgpu-measure-")
    src = os.path.join(work, "src")
    os.makedirs(src)
    with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.25)\nproject(measure LANGUAGES CXX)\n"
                "find_package(DualGPU REQUIRED COMPONENTS Torch)\n")
    trace = os.path.join(work, "trace.json")
    env = dict(os.environ)
    env.pop("DUALGPU_PLATFORM", None)
    if platform != "auto":
        env["DUALGPU_PLATFORM"] = platform
    t0 = time.monotonic()
    subprocess.run([cmake, "-S", src, "-B", os.path.join(work, "build"), "-G", "Ninja",
                    f"-DDualGPU_DIR={PKG}", "--trace-format=json-v1", f"--trace-redirect={trace}"],
                   check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
    configure_s = time.monotonic() - t0
    with open(trace) as f:
        lines = [json.loads(l) for l in f if l.startswith("{") and '"cmd"' in l]
    return lines, configure_s


def crossings(lines, defs):
    """Follows CMake's scopes: a function call pushes one (its body sees the caller's variables),
    PARENT_SCOPE writes into the caller's, CACHE into the global one; macros and include() share."""
    pkg = os.path.realpath(PKG) + os.sep
    scopes = [({}, 0)]  # (name -> writer file, global_frame of the body)
    cache = {}
    calls, variables, ambient_reads = 0, 0, 0
    call_pairs, var_names = {}, {}

    def lookup(name):
        for table, _ in reversed(scopes):
            if name in table:
                return table[name]
        return cache.get(name)

    def ambient(name):
        """Read inside a function, written by the package outside it (a caller's scope or the cache)."""
        return len(scopes) > 1 and name not in scopes[-1][0] and lookup(name) is not None

    for e in lines:
        frame = e.get("global_frame", 0)
        while len(scopes) > 1 and frame < scopes[-1][1]:
            scopes.pop()
        f = os.path.realpath(e.get("file", ""))
        if not f.startswith(pkg):
            continue
        cmd, args = e["cmd"].lower(), e.get("args", [])
        for name in read_names(cmd, args, lambda n: lookup(n) is not None):
            writer = lookup(name)
            if writer is None:
                writer = next((lookup("__prefix__" + p) for table, _ in scopes for k in table
                               if k.startswith("__prefix__") and name.startswith((p := k[10:]) + "_")), None)
            if ambient(name):
                ambient_reads += 1
            if writer and writer != f:
                variables += 1
                var_names[name] = var_names.get(name, 0) + 1
        for name in written_names(cmd, args):
            if not name:
                continue
            if "CACHE" in args and cmd == "set":
                cache[name] = f
            elif "PARENT_SCOPE" in args and len(scopes) > 1:
                scopes[-2][0][name] = f
            else:
                scopes[-1][0][name] = f
        definer = defs.get(cmd)
        if definer:
            if definer[0] != f:
                calls += 1
                key = f"{os.path.relpath(f, PKG)} -> {os.path.relpath(definer[0], PKG)}"
                call_pairs[key] = call_pairs.get(key, 0) + 1
            # Parameters are passed explicitly: the callee's own, as if its file wrote them.
            params = {n: definer[0] for n in definer[2] + ["ARGN", "ARGC", "ARGV"]}
            params.update({f"ARGV{i}": definer[0] for i in range(len(args))})
            if definer[1]:
                scopes.append((params, frame + 1))
    return calls, variables, ambient_reads, call_pairs, var_names


def doctor_seconds(cmake):
    times = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as out:
            t0 = time.monotonic()
            subprocess.run([cmake, f"-DDUALGPU_DOCTOR_OUT={out}", "-P", os.path.join(PKG, "DualGPUDoctor.cmake")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
            times.append(time.monotonic() - t0)
    return statistics.median(times)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cmake", default="/usr/bin/cmake")
    p.add_argument("--platform", default="cpu", help="cpu, cuda, rocm, or auto (detected)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--detail", action="store_true", help="list the crossing pairs and names")
    a = p.parse_args()
    files = package_files()
    n_lines = sum(sum(1 for _ in open(f)) for f in files)
    lines, configure_s = trace_find_package(a.cmake, a.platform)
    calls, variables, ambient_reads, pairs, names = crossings(lines, definitions(files))
    result = {"files": len(files), "lines": n_lines, "call_crossings": calls, "variable_crossings": variables,
              "crossings": calls + variables,
              "ambient_reads": ambient_reads,
              "file_edges": len(pairs),
              "two_way_edges": sum(1 for k in pairs if " -> ".join(reversed(k.split(" -> "))) in pairs) // 2, "doctor_s": round(doctor_seconds(a.cmake), 2),
              "configure_s": round(configure_s, 2), "platform": a.platform}
    if a.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:20} {v}")
    if a.detail:
        for k, v in sorted(pairs.items(), key=lambda kv: -kv[1]):
            print(f"  call {v:5}  {k}")
        for k, v in sorted(names.items(), key=lambda kv: -kv[1])[:40]:
            print(f"  var  {v:5}  {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
