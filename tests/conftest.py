"""Fixtures shared by the test modules."""
import pytest

from tests.robots import shipped_robot


@pytest.fixture(scope="module")
def robot():
    """The shipped SAYC robot, built once per module (modules testing another system
    define their own)."""
    return shipped_robot("SAYC")
