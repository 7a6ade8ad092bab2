"""capi2_check.py CORE TOP VERSION: checks a .core that `irhw gen` wrote
against the structure of FuseSoC's CAPI2 schema (fusesoc/capi2/json_schema.py:
the top-level keys, filesets of files with a file_type, targets of filesets,
toplevel, default_tool and tools), since FuseSoC itself is not installed.
Prints one line per problem; exit 0 when there is none."""
import os
import sys

import jsonschema
import yaml

STR_LIST = {"type": "array", "items": {"type": "string"}}
SCHEMA = {
    "type": "object",
    "required": ["name", "filesets", "targets"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": r"^[^:\s]*:[^:\s]*:[^:\s]+:[^:\s]+$"},
        "description": {"type": "string"},
        "filesets": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["files", "file_type"],
                "properties": {
                    "files": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                    "file_type": {"enum": ["verilogSource", "systemVerilogSource"]},
                    "depend": STR_LIST,
                },
            },
        },
        "targets": {
            "type": "object",
            "required": ["default"],
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["filesets", "toplevel"],
                "properties": {
                    "filesets": STR_LIST,
                    "toplevel": {"type": "string"},
                    "default_tool": {"type": "string"},
                    "description": {"type": "string"},
                    "tools": {"type": "object", "additionalProperties": {"type": "object"}},
                },
            },
        },
    },
}


def main(path, top, version):
    text = open(path).read()
    problems = []
    if not text.startswith("CAPI=2:\n"):
        problems.append("the first line is not CAPI=2:")
    core = yaml.safe_load(text.split("\n", 1)[1])  # FuseSoC reads the first line itself
    for e in jsonschema.Draft202012Validator(SCHEMA).iter_errors(core):
        problems.append("%s: %s" % ("/".join(map(str, e.path)), e.message))
    if problems:
        return problems
    if core["name"] != "irhw:gen:%s:%s" % (top, version):
        problems.append("name %s" % core["name"])
    folder = os.path.dirname(path)
    for name, fs in core["filesets"].items():
        for f in fs["files"]:
            if not os.path.isfile(os.path.join(folder, f)):
                problems.append("fileset %s: %s is not beside the .core" % (name, f))
    for name, t in core["targets"].items():
        for fs in t["filesets"]:
            if fs not in core["filesets"]:
                problems.append("target %s: no fileset %s" % (name, fs))
        if t["toplevel"] != top:
            problems.append("target %s: toplevel %s" % (name, t["toplevel"]))
    for want, tool in (("lint", "verilator"), ("sim", "icarus")):
        if core["targets"].get(want, {}).get("default_tool") != tool:
            problems.append("no %s target for %s" % (want, tool))
    return problems


if __name__ == "__main__":
    out = main(*sys.argv[1:4])
    for p in out:
        print(p)
    sys.exit(1 if out else 0)
