"""The small library the engine tests bid with: SLAMBidding's example and a test natural system."""
from pathlib import Path

from bidding.engine.library import ConventionLibrary

REPO = Path(__file__).resolve().parent.parent
LIBRARY = ConventionLibrary([REPO / "tests" / "golden" / "natural"], builtin=False,
                            files=[REPO / "conventions" / "strong-1nt-stayman.conv",
                                   REPO / "systems" / "SLAM-Example.system"])
EXAMPLE = LIBRARY.system("SLAM Example")
NATURAL = LIBRARY.system("Test Natural")
