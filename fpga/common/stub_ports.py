#!/usr/bin/env python3
"""fpga/common/stub_ports.py - compare a black-box stub's ports with the core Vivado generated.

    python3 fpga/common/stub_ports.py OURS.v VIVADO_STUB.v [--module NAME] [--strict]

OURS.v is one of fpga/common/stubs/*.v (ANSI port list); VIVADO_STUB.v is the synthesis stub
Vivado writes for the generated IP (e.g. build/<top>.gen/sources_1/ip/pcie4_uscale_plus_0/
pcie4_uscale_plus_0_stub.v, non-ANSI declarations). Both styles are parsed.

Errors (exit 1): a port of ours that the core lacks, a direction or width that differs, an
input of the core that ours lacks (the card top could not drive it). A core output missing from
ours is listed as a note only (an unconnected output needs no port), unless --strict.
Run on the first lab build (docs/card.md 5); `make lint-card` tests it on small fixtures.
"""
import re
import sys

DECL = re.compile(
    r"\b(input|output|inout)\b\s*(?:wire|reg|logic)?\s*(?:signed\s*)?"
    r"(?:\[\s*(\d+)\s*:\s*(\d+)\s*\])?\s*"
    r"((?!input\b|output\b|inout\b)[A-Za-z_][\w$]*"
    r"(?:\s*,\s*(?!input\b|output\b|inout\b)[A-Za-z_][\w$]*)*)")


def ports(path, module=None):
    """{name: (direction, width)} of the first module (or of `module`) in `path`."""
    text = open(path, encoding="utf-8", errors="replace").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"\(\*.*?\*\)", " ", text, flags=re.S)
    for m in re.finditer(r"\bmodule\s+([A-Za-z_][\w$]*)(.*?)\bendmodule\b", text, flags=re.S):
        if module is not None and m.group(1) != module:
            continue
        out = {}
        for d in DECL.finditer(m.group(2)):
            width = abs(int(d.group(2)) - int(d.group(3))) + 1 if d.group(2) else 1
            for name in re.split(r"\s*,\s*", d.group(4).strip()):
                out[name] = (d.group(1), width)
        return m.group(1), out
    raise SystemExit(f"stub_ports: no module {module or ''} in {path}")


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    module = None
    if "--module" in argv:
        module = argv[argv.index("--module") + 1]
        args.remove(module)
    strict = "--strict" in argv
    if len(args) != 2:
        print(__doc__)
        return 2
    name, ours = ports(args[0], module)
    _, core = ports(args[1], module or name)
    errors, notes = [], []
    for p, (d, w) in sorted(ours.items()):
        if p not in core:
            errors.append(f"{p}: in the stub, not in the core")
        elif core[p] != (d, w):
            errors.append(f"{p}: stub {d} [{w}], core {core[p][0]} [{core[p][1]}]")
    for p, (d, w) in sorted(core.items()):
        if p in ours:
            continue
        if d == "input" or strict:
            errors.append(f"{p}: core {d} [{w}] missing from the stub")
        else:
            notes.append(f"{p}: core output [{w}] not in the stub (left unconnected)")
    for n in notes:
        print(f"note: {n}")
    for e in errors:
        print(f"ERROR: {e}")
    print(f"stub_ports: {name}: {len(ours)} stub ports, {len(core)} core ports, "
          f"{len(errors)} errors, {len(notes)} notes")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
