"""Lint: every CMake module of the package has its reference block, in the section scheme of CMake's own
find modules, and its page in docs/reference.

Checked for each cmake/dualgpu/*.cmake, cmake/DualGPU.cmake and cmake/DualGPUDoctor.cmake:
  - a leading `#[===[.rst:` block whose title is the module's name (dualgpu/<stem>, or <stem> for the
    files of cmake/) underlined with '-', and a paragraph saying what the module is for;
  - sections (underlined with '^') only from SECTIONS, in that order, each once; sub-sections
    (underlined with '"') only inside a section;
  - `Result variables` or `Commands` (a script run with `cmake -P`: `Result files`);
  - `Input variables` when the code reads a setting (a DUALGPU_* input that DualGPU.cmake's reference
    lists, or one of _DUALGPU_SETTINGS in cmake/dualgpu/00-data.cmake), naming each setting it reads;
  - a `.. command::` entry for every command the file defines without a leading '_', and none for a
    command it does not define;
  - docs/reference/module/<stem>.rst holding `.. cmake-module::` of the file, and its toctree line in
    docs/reference/index.rst; no page there for a module that is gone.
Usage: python3 cmake_module_reference.py <repo>
"""
import pathlib
import re
import sys

SECTIONS = ["Search behaviour", "Imported targets", "Result variables", "Result files", "Input variables",
            "Commands"]
# file -> why it has `Result files` where a module has `Result variables` or `Commands`
SCRIPTS = {
    "cmake/DualGPUDoctor.cmake": "run with cmake -P: it writes files and leaves nothing to a caller",
}
BLOCK = re.compile(r"\A#\[(=*)\[\.rst:\n(.*?)\n#\]\1\]", re.S)
DEFINITION = re.compile(r"^\s*(?:function|macro)\s*\(\s*([A-Za-z0-9_]+)", re.I | re.M)
REFERENCE = re.compile(r"(?:\$|\$ENV|\$CACHE|\bENV)\{([A-Za-z0-9_]+)\}")
BARE_READERS = {"if", "elseif", "while", "foreach", "_dualgpu_setting"}


def modules(repo):
    found = sorted((repo / "cmake" / "dualgpu").glob("*.cmake"))
    found += [repo / "cmake" / "DualGPU.cmake", repo / "cmake" / "DualGPUDoctor.cmake"]
    return [path for path in found if path.is_file()]


def commands(code):
    """(name, [(argument, quoted)]) of each command call in CMake code; comments are left out."""
    calls, i, n = [], 0, len(code)
    while i < n:
        c = code[i]
        if c == "#":
            bracket = re.match(r"#\[(=*)\[", code[i:])
            if bracket:
                end = code.find("]" + bracket.group(1) + "]", i)
                i = n if end < 0 else end + len(bracket.group(1)) + 2
            else:
                end = code.find("\n", i)
                i = n if end < 0 else end
            continue
        word = re.match(r"[A-Za-z_][A-Za-z0-9_]*\s*\(", code[i:])
        if not word:
            i += 1
            continue
        name = word.group(0).rstrip("( \t\n").lower()
        i += word.end()
        args, depth = [], 1
        while i < n and depth:
            c = code[i]
            if c.isspace():
                i += 1
            elif c == "(":
                depth += 1
                i += 1
            elif c == ")":
                depth -= 1
                i += 1
            elif c == "#":
                bracket = re.match(r"#\[(=*)\[", code[i:])
                close = ("]" + bracket.group(1) + "]") if bracket else "\n"
                end = code.find(close, i + 1)
                i = n if end < 0 else end + len(close)
            elif c == '"':
                j = i + 1
                while j < n and code[j] != '"':
                    j += 2 if code[j] == "\\" else 1
                args.append((code[i + 1:j], True))
                i = j + 1
            elif re.match(r"\[=*\[", code[i:]):
                opening = re.match(r"\[(=*)\[", code[i:])
                close = "]" + opening.group(1) + "]"
                end = code.find(close, i)
                end = n if end < 0 else end
                args.append((code[i + opening.end():end], True))
                i = end + len(close)
            else:
                j = i
                while j < n and not code[j].isspace() and code[j] not in '()"':
                    j += 2 if code[j] == "\\" else 1
                args.append((code[i:j], False))
                i = j
        calls.append((name, args))
    return calls


def names_read(code):
    """Variable names the code reads: ${X}, $ENV{X}, ENV{X}, and bare names in conditions and loops."""
    read = set()
    for name, args in commands(code):
        for value, quoted in args:
            read.update(REFERENCE.findall(value))
            if not quoted and name in BARE_READERS and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value):
                read.add(value)
    return read


def headings(lines):
    """(line index, text, underline character) of each rst heading in the block's lines."""
    found = []
    for i in range(len(lines) - 1):
        under = lines[i + 1]
        if (lines[i].strip() and not lines[i].startswith(" ") and len(under) >= 3
                and re.fullmatch(r"([-=^\"~`#*+])\1*", under)):
            found.append((i, lines[i], under[0], len(under)))
    return found


def section(lines, marks, title):
    """The text of section <title> of the block (up to the next section)."""
    starts = [i for i, text, char, _ in marks if char == "^"]
    for i, text, char, _ in marks:
        if char == "^" and text == title:
            following = [s for s in starts if s > i]
            return "\n".join(lines[i + 2:following[0] if following else len(lines)])
    return ""


def settings(repo):
    """The user settings: the DUALGPU_* inputs DualGPU.cmake's reference lists, and _DUALGPU_SETTINGS."""
    names = set()
    top = BLOCK.match((repo / "cmake" / "DualGPU.cmake").read_text())
    if top:
        lines = top.group(2).splitlines()
        names.update(re.findall(r"\bDUALGPU_[A-Z0-9_]+", section(lines, headings(lines), "Input variables")))
    data = (repo / "cmake" / "dualgpu" / "00-data.cmake").read_text()
    table = re.search(r"^set\(_DUALGPU_SETTINGS\b(.*?)\)", data, re.S | re.M)
    if table:
        names.update(re.findall(r"\b(DUALGPU_[A-Z0-9_]+):", table.group(1)))
    return names


def check(repo, path, known_settings, listed):
    name = path.relative_to(repo).as_posix()
    stem = path.stem
    title = ("dualgpu/" if path.parent.name == "dualgpu" else "") + stem
    text = path.read_text(errors="replace")
    hits = []

    def hit(what):
        hits.append(f"{name}: {what}")

    page = repo / "docs" / "reference" / "module" / f"{stem}.rst"
    include = "../../../" + name
    if not page.is_file():
        hit(f"no docs/reference/module/{stem}.rst (one line: .. cmake-module:: {include})")
    elif f".. cmake-module:: {include}" not in page.read_text():
        hit(f"docs/reference/module/{stem}.rst does not include it (.. cmake-module:: {include})")
    if f"module/{stem}" not in listed:
        hit(f"docs/reference/index.rst has no toctree line module/{stem}")

    block = BLOCK.match(text)
    if not block:
        hit("does not start with its reference block (#[=======...[.rst: ... #]=======...])")
        return hits
    lines = block.group(2).splitlines()
    marks = headings(lines)
    if not marks or marks[0][0] != 0 or marks[0][2] != "-" or lines[0] != title or marks[0][3] != len(title):
        hit(f"the block's first line is not its title '{title}' underlined with {len(title)} '-'")
        return hits
    sections = [(i, text_, char, width) for i, text_, char, width in marks[1:]]
    first = sections[0][0] if sections else len(lines)
    if not any(line.strip() and not line.startswith(("..", " ")) for line in lines[2:first]):
        hit("no paragraph between the title and the first section saying what the module is for")
    seen, in_section = [], False
    for i, heading, char, width in sections:
        if width != len(heading):
            hit(f"heading '{heading}' is underlined with {width} '{char}', not {len(heading)}")
        if char == "^":
            in_section = True
            if heading not in SECTIONS:
                hit(f"section '{heading}' is none of: {', '.join(SECTIONS)}")
            elif heading in seen:
                hit(f"section '{heading}' comes twice")
            elif seen and seen[-1] in SECTIONS and SECTIONS.index(heading) < SECTIONS.index(seen[-1]):
                hit(f"section '{heading}' comes after '{seen[-1]}' (order: {', '.join(SECTIONS)})")
            seen.append(heading)
        elif char == '"':
            if not in_section:
                hit(f"sub-section '{heading}' is outside a section")
        else:
            hit(f"heading '{heading}' is underlined with '{char}': sections use '^', sub-sections '\"'")
    if name in SCRIPTS:
        if "Result files" not in seen:
            hit("no section 'Result files' (what the script writes)")
    elif "Result variables" not in seen and "Commands" not in seen:
        hit("neither 'Result variables' nor 'Commands': say what the module leaves to its caller")
    if "Result files" in seen and name not in SCRIPTS:
        hit("section 'Result files' is for a script run with cmake -P (SCRIPTS)")

    code = text[block.end():]
    read = sorted(names_read(code) & known_settings)
    inputs = section(lines, marks, "Input variables")
    if read and "Input variables" not in seen:
        hit(f"reads {', '.join(read)} but has no section 'Input variables'")
    elif read:
        missing = [s for s in read if not re.search(r"\b" + s + r"\b", inputs)]
        if missing:
            hit(f"reads {', '.join(missing)}, which its 'Input variables' do not name")

    defined = {d.lower(): d for d in DEFINITION.findall(code)}
    documented = {d.lower() for d in re.findall(r"^\.\. command:: *(\S+)", block.group(2), re.M)}
    for command in sorted(documented - set(defined)):
        hit(f".. command:: {command}, which this file does not define")
    for command in sorted(set(defined) - documented):
        if not command.startswith("_"):
            hit(f"defines {defined[command]} without its '.. command::' entry under Commands")
    return hits


def main():
    repo = pathlib.Path(sys.argv[1])
    index = repo / "docs" / "reference" / "index.rst"
    listed = set(index.read_text().split()) if index.is_file() else set()
    found = modules(repo)
    known = settings(repo)
    hits = []
    for path in found:
        hits += check(repo, path, known, listed)
    stems = {path.stem for path in found}
    for page in sorted((repo / "docs" / "reference" / "module").glob("*.rst")):
        if page.stem not in stems:
            hits.append(f"docs/reference/module/{page.name}: no cmake module {page.stem} (remove it and its toctree line)")
    for entry in sorted(e for e in listed if e.startswith("module/") and e[len("module/"):] not in stems):
        hits.append(f"docs/reference/index.rst: toctree line {entry} names no cmake module")
    for hit in hits:
        print(hit)
    if hits:
        print(f"{len(hits)} problem(s) in the CMake modules' reference: each module starts with its .rst block "
              "(title, what it is for, then the sections of tests/lint/cmake_module_reference.py) and has "
              "docs/reference/module/<name>.rst with its toctree line (docs/CONTRACTS.md)")
        return 1
    print(f"{len(found)} CMake modules: each has its reference block, its sections and its page")
    return 0


if __name__ == "__main__":
    sys.exit(main())
