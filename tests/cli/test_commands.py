"""Each command module's ``command`` is what ``roads`` runs under its name, and its help's first
sentence is the summary ``roads --help`` lists without importing it."""

from __future__ import annotations

from types import ModuleType

import pytest

from roads.cli import (
    COMMANDS,
    animate,
    export,
    log,
    odds,
    render,
    report,
    scorecard,
    serve,
    show,
    simulate,
    statement,
)

MODULES: dict[str, ModuleType] = {
    "simulate": simulate,
    "odds": odds,
    "show": show,
    "export": export,
    "render": render,
    "log": log,
    "serve": serve,
    "animate": animate,
    "report": report,
    "scorecard": scorecard,
    "statement": statement,
}


@pytest.mark.parametrize("name", list(MODULES))
def test_each_command_is_its_module_s(name: str) -> None:
    module = MODULES[name]
    assert COMMANDS[name].load() is module.command
    assert module.command.name == name
    first = " ".join((module.command.help or "").split("\n\n")[0].split())
    assert first.startswith(COMMANDS[name].summary)
