"""Every error a user can meet derives from BridgeError, which the command line reports as
one line (`error: ...`) instead of a traceback."""
import importlib
import inspect
import pkgutil

import bidding
import dealer
from bidding.model.errors import BridgeError

INTERNAL = {
    "bidding.interfaces.menu.table.UndoRequested":
        "control flow: raised by a human's `undo` and caught by the table session's loop",
}
"""Exception classes that never leave the code that raises them, and why."""


def _project_modules():
    for package in (bidding, dealer):
        yield package
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            yield importlib.import_module(info.name)


def _exception_classes():
    for module in _project_modules():
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == module.__name__:
                yield f"{module.__name__}.{value.__qualname__}", value


def test_every_project_error_derives_from_bridge_error():
    found = dict(_exception_classes())
    assert "bidding.engine.rules.CallTemplateError" in found    # the walk reaches the engine
    assert "dealer.errors.DealerSyntaxError" in found          # and the deal generator
    strays = [name for name, cls in found.items()
              if not issubclass(cls, BridgeError) and name not in INTERNAL]
    assert strays == []
    assert set(INTERNAL) <= set(found), "an internal exception was renamed or removed"
