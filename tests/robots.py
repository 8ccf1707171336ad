"""What a robot of a shipped system bids, for the agreement tests: one hand, one auction."""
from bidding.model.auction import Auction
from bidding.model.cards import Hand, Seat, Vulnerability
from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.system import system_named


def shipped_robot(name: str) -> Robot:
    """A robot of the shipped system `name`, playing against the same system."""
    system = system_named(ConventionLibrary([]), name)
    return Robot(system, opponents=system)


def choice(robot: Robot, hand: str, calls: str, vulnerability: str = "None"):
    """The robot's choice (call and rule) with `hand` after `calls`, North having dealt
    (nobody vulnerable unless `vulnerability` says otherwise: "Both", "NS"...)."""
    auction = Auction(Seat.NORTH, calls.split(), Vulnerability.parse(vulnerability))
    return robot.choose(Hand.parse(hand), auction)


def bid(robot: Robot, hand: str, calls: str, vulnerability: str = "None") -> str:
    """The robot's call with `hand` after `calls`, North having dealt."""
    return str(choice(robot, hand, calls, vulnerability).call)
