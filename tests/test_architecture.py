"""The house in layers (docs/architecture.md): every module imports only from its own layer
and those below it, and no two modules import each other, even through a chain or from
inside a function."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("bidding.model", "dealer", "bidding.engine", "bidding.laboratory", "bidding.interfaces",
          "cli")


def module_files() -> dict[str, Path]:
    files = {"cli": ROOT / "cli.py"}
    for package in ("bidding", "dealer"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            files[name] = path
    return files


MODULES = module_files()


def imports_of(name: str, path: Path) -> set[str]:
    """The project modules `name` imports anywhere in its text (functions included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if candidate in MODULES else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {module for module in found if module in MODULES and module != name}


GRAPH = {name: imports_of(name, path) for name, path in MODULES.items()}


def layer(name: str) -> int:
    for index, prefix in enumerate(LAYERS):
        if name == prefix or name.startswith(prefix + "."):
            return index
    return -1  # package roots (`bidding`) belong to no layer and may be imported by all


def test_every_module_belongs_to_a_layer():
    assert [name for name in MODULES if layer(name) < 0] == ["bidding"]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_only_downwards(name):
    upwards = sorted(target for target in GRAPH[name] if layer(target) > layer(name))
    assert upwards == [], f"{name} ({LAYERS[layer(name)]}) imports from above: {upwards}"


def test_no_import_cycles():
    """Tarjan's strongly connected components: any with two or more modules is a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in GRAPH[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for name in sorted(GRAPH):
        if name not in index:
            visit(name)
    assert cycles == []


def test_no_front_end_module_beside_the_engine():
    flat = [path.name for path in (ROOT / "bidding").glob("*.py") if path.name != "__init__.py"]
    assert flat == []
    assert not [path for path in (ROOT / "bidding" / "engine").rglob("*.py")
                if "argparse" in path.read_text()]
