"""The built-in tools of the code agent, as ToolSpecs (functions imported on first use)."""

from __future__ import annotations

from agents.tools.spec import Capability, RiskLevel, ToolSpec

_B = "agents.tools.builtin"
WRITES = frozenset({Capability.FILESYSTEM_WRITE})
# Running tests executes the workspace's conftest.py, and installing runs build scripts: both
# execute workspace-controlled code exactly as run_command does.
EXECUTES = frozenset({Capability.CODE_EXECUTION})
PATH = {"type": "string", "minLength": 1, "maxLength": 1000}
TIMEOUT = {"type": "number", "exclusiveMinimum": 0, "maximum": 600}
# A requirement name with an optional extra and version pin: never a URL, path or pip option.
# jsonschema applies patterns with re.search, where "$" also matches before a final newline;
# "(?![\s\S])" (valid in Python and ECMA-262 alike) insists on the very end.
PACKAGE = {
    "type": "string",
    "pattern": r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9._,-]+\])?((==|>=|<=|~=|!=|<|>)[A-Za-z0-9.*+!_-]+)?$(?![\s\S])",
    "maxLength": 200,
}


def _schema(properties: dict, required: list[str]) -> dict:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


BUILTIN_TOOLS = [
    ToolSpec(
        "list_files",
        "List the files under a directory of the workspace (default: the whole workspace).",
        _schema({"path": PATH}, []),
        RiskLevel.LOW,
        f"{_B}.files:list_files",
    ),
    ToolSpec(
        "read_file",
        "Read a text file of the workspace.",
        _schema({"path": PATH}, ["path"]),
        RiskLevel.LOW,
        f"{_B}.files:read_file",
    ),
    ToolSpec(
        "write_file",
        "Create or overwrite a text file of the workspace with the given content.",
        _schema({"path": PATH, "content": {"type": "string"}}, ["path", "content"]),
        RiskLevel.MEDIUM,
        f"{_B}.files:write_file",
        capabilities=WRITES,
    ),
    ToolSpec(
        "patch_file",
        "Edit files with a unified diff ('--- a/path', '+++ b/path', '@@ -l,n +l,n @@' hunks "
        "with ' ' context, '-' removed and '+' added lines). All hunks apply or none do.",
        _schema({"diff": {"type": "string", "minLength": 1}, "path": PATH}, ["diff"]),
        RiskLevel.MEDIUM,
        f"{_B}.files:patch_file",
        capabilities=WRITES,
    ),
    ToolSpec(
        "run_command",
        "Run a shell command in the sandboxed workspace (no network). Returns exit code and output.",
        _schema(
            {
                "command": {"type": "string", "minLength": 1, "maxLength": 4000},
                "timeout_s": TIMEOUT,
            },
            ["command"],
        ),
        RiskLevel.MEDIUM,
        f"{_B}.commands:run_command",
        capabilities=EXECUTES,
    ),
    ToolSpec(
        "run_tests",
        "Run the test suite (pytest, which also runs unittest suites) in the sandbox, optionally "
        "only some paths ('tests/test_x.py' or 'tests/test_x.py::test_name'). Returns pass/fail "
        "counts and each test's outcome.",
        _schema(
            {
                "paths": {"type": "array", "items": PATH, "maxItems": 50},
                "timeout_s": TIMEOUT,
                "coverage": {
                    "type": "boolean",
                    "description": "Also report which tests ran each line.",
                },
            },
            [],
        ),
        RiskLevel.LOW,
        f"{_B}.commands:run_tests",
        capabilities=EXECUTES,
    ),
    ToolSpec(
        "install_package",
        "Install Python packages into the workspace from the configured package index. "
        "Needs a reviewer's approval.",
        _schema(
            {
                "packages": {"type": "array", "items": PACKAGE, "minItems": 1, "maxItems": 10},
                "timeout_s": TIMEOUT,
                "declare": {
                    "type": "boolean",
                    "description": "Also declare them in the repository's dependency file.",
                },
            },
            ["packages"],
        ),
        RiskLevel.HIGH,
        f"{_B}.commands:install_package",
        requires_network=True,
        capabilities=EXECUTES,
    ),
    ToolSpec(
        "prepare_environment",
        "Install the repository's declared dependencies (pyproject.toml, setup.cfg, tox.ini, "
        "requirements*.txt) into its own cached environment, which the test runs use. Needs "
        "network, so an organization's policy may ask a reviewer first.",
        _schema({}, []),
        RiskLevel.MEDIUM,
        f"{_B}.commands:prepare_environment",
        requires_network=True,
    ),
    ToolSpec(
        "repair",
        "Search for a fix of the failing tests: localise the fault with coverage, try small "
        "edits (repair templates, plus any `edits` given), test each on a copy of the workspace, "
        "and report every candidate with its result. With apply=true the best validated fix is "
        "written to the workspace.",
        _schema(
            {
                "apply": {"type": "boolean"},
                "templates": {"type": "boolean"},
                "max_candidates": {"type": "integer", "minimum": 1, "maximum": 200},
                "edits": {
                    "type": "array",
                    "maxItems": 20,
                    "items": _schema(
                        {
                            "path": PATH,
                            "search": {"type": "string", "minLength": 1, "maxLength": 4000},
                            "replace": {"type": "string", "maxLength": 4000},
                            "origin": {"type": "string", "maxLength": 40},
                            "where": {"type": "string", "maxLength": 200},
                        },
                        ["path", "search", "replace"],
                    ),
                },
            },
            [],
        ),
        RiskLevel.MEDIUM,
        f"{_B}.repairing:repair",
        capabilities=WRITES | EXECUTES,
    ),
    ToolSpec(
        "push_branch",
        "Push the run's change to the Git remote its code came from, as a new branch under "
        "longhaul/ (never the default branch, never an existing one). Needs a reviewer's "
        "approval of the exact branch, files and diff.",
        _schema(
            {
                "branch": {"type": "string", "minLength": 1, "maxLength": 200},
                "message": {"type": "string", "maxLength": 4000},
                "remote": {"type": "string", "maxLength": 2000},
                "files": {"type": "array", "items": PATH, "maxItems": 10_000},
                "diff_sha256": {"type": "string", "pattern": r"^[0-9a-f]{64}$(?![\s\S])"},
            },
            [],
        ),
        RiskLevel.HIGH,
        f"{_B}.pushing:push_branch",
        requires_network=True,
        capabilities=frozenset({Capability.NETWORK}),
    ),
    ToolSpec(
        "snapshot_workspace",
        "Record the workspace as the baseline that later diffs compare against.",
        _schema({}, []),
        RiskLevel.LOW,
        f"{_B}.snapshots:snapshot_workspace",
    ),
    ToolSpec(
        "diff_workspace",
        "The unified diff of every change since the baseline snapshot.",
        _schema({}, []),
        RiskLevel.LOW,
        f"{_B}.snapshots:diff_workspace",
    ),
]
