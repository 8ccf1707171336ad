"""The small library the engine tests bid with: SLAMBidding's example and a test natural system."""
from pathlib import Path

from bidding.engine.library import ConventionLibrary
from bidding.engine.system import system_named

REPO = Path(__file__).resolve().parent.parent
LIBRARY = ConventionLibrary([REPO / "tests" / "golden" / "natural"], builtin=False,
                            files=[REPO / "conventions/examples/strong-1nt-with-stayman.conv",
                                   REPO / "systems" / "SLAM-Example.system"])
EXAMPLE = system_named(LIBRARY, "SLAM Example")
NATURAL = system_named(LIBRARY, "Test Natural")
