"""The project's error types: each says which stage failed and quotes the input."""


class BridgeError(ValueError):
    """Base of every error the project raises about user input."""


class CardError(BridgeError):
    """A card, hand or deal string could not be parsed or is inconsistent."""


class CallError(BridgeError):
    """A call string could not be parsed."""


class AuctionError(BridgeError):
    """An illegal call was pushed onto an auction, or a query made no sense."""


class ScoringError(BridgeError):
    """A contract or result that cannot be scored."""
