"""The tool registry: specs by name, functions imported on first use, arguments validated."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

import jsonschema

from agents.plugins import import_dotted
from agents.tools.spec import RiskLevel, ToolSpec

ToolFunction = Callable[[dict[str, Any], Any], Any]


class ToolArgumentsInvalid(ValueError):
    pass


class UnknownTool(LookupError):
    pass


class ToolRegistry:
    def __init__(self, specs: Iterable[ToolSpec] = ()) -> None:
        self._specs: dict[str, ToolSpec] = {}
        self._functions: dict[str, ToolFunction] = {}
        self._lock = threading.Lock()
        for spec in specs:
            self.register(spec)

    def register(self, spec: ToolSpec) -> None:
        jsonschema.Draft202012Validator.check_schema(spec.parameters)
        with self._lock:
            self._specs[spec.name] = spec
            self._functions.pop(spec.name, None)

    def register_from(self, dotted_path: str) -> list[str]:
        """Register a ToolSpec, or every ToolSpec in an iterable, found at a dotted path
        (e.g. "agents.tools.memory_tools:TOOLS"); returns the names registered."""
        target = import_dotted(dotted_path)
        if isinstance(target, ToolSpec):
            specs = [target]
        elif isinstance(target, list | tuple):
            specs = list(target)
        else:
            raise TypeError(f"{dotted_path!r} is {type(target).__name__}, not ToolSpec or a list")
        for spec in specs:
            if not isinstance(spec, ToolSpec):
                raise TypeError(f"{dotted_path!r} holds {type(spec).__name__}, not ToolSpec")
            self.register(spec)
        return [spec.name for spec in specs]

    def extended(self, tools: Iterable[tuple[ToolSpec, ToolFunction]]) -> ToolRegistry:
        """A registry with these tools (each with its function, not a dotted path) besides this
        one's: how an organization's own tools join the built-in ones for its runs."""
        other = ToolRegistry()
        with self._lock:
            other._specs, other._functions = dict(self._specs), dict(self._functions)
        for spec, function in tools:
            if spec.name in self._specs:
                raise ValueError(f"{spec.name!r} is already a tool here")
            other.register(spec)
            other._functions[spec.name] = function
        return other

    def names(self) -> list[str]:
        return sorted(self._specs)

    def get(self, name: str) -> ToolSpec:
        spec = self._specs.get(name)
        if spec is None:
            raise UnknownTool(f"unknown tool {name!r}; available: {', '.join(self.names())}")
        return spec

    def specs_for(self, names: Iterable[str]) -> list[dict[str, Any]]:
        """The OpenAI `tools` list for these tool names, in the order given."""
        return [self.get(name).openai_tool() for name in names]

    def validate(self, name: str, arguments: Any) -> None:
        spec = self.get(name)
        validator = jsonschema.Draft202012Validator(spec.parameters)
        errors = sorted(validator.iter_errors(arguments), key=lambda e: list(e.path))
        if errors:
            raise ToolArgumentsInvalid(f"invalid arguments for {name!r}: {_describe(errors)}")

    def requires_approval(self, name: str) -> bool:
        return name in self._specs and self._specs[name].risk is RiskLevel.HIGH

    def rule_covers(self, tool: str, *, named_tool: str = "", capability: str = "") -> bool:
        """Whether a rule naming `named_tool` or `capability` applies to calls of `tool`.

        A rule on a tool covers every tool that can do everything the named one can, so a rule
        on `run_command` (code execution) also covers `run_tests` and `install_package`, which
        execute workspace code too; renaming the risk never sidesteps the rule.
        """
        spec = self._specs.get(tool)
        if named_tool == tool and tool:
            return True
        if spec is None:
            return False
        if capability:
            return capability in spec.effective_capabilities()
        named = self._specs.get(named_tool)
        return named is not None and spec.can_do_everything_of(named)

    def function(self, name: str) -> ToolFunction:
        with self._lock:
            loaded = self._functions.get(name)
        if loaded is None:
            loaded = import_dotted(self.get(name).function)
            with self._lock:
                self._functions[name] = loaded
        return loaded


def _describe(errors: list[jsonschema.ValidationError]) -> str:
    parts = []
    for error in errors[:5]:
        where = "/".join(str(p) for p in error.path) or "arguments"
        parts.append(f"{where}: {error.message}")
    return "; ".join(parts)


def default_registry(extra: Iterable[str] = ()) -> ToolRegistry:
    """The built-in tools, plus any extra ToolSpecs (or iterables of them) by dotted path."""
    from agents.tools.builtin import BUILTIN_TOOLS

    registry = ToolRegistry(BUILTIN_TOOLS)
    for path in extra:
        registry.register_from(path)
    return registry
