"""The bidding engine: hand facts, suit references and hand types, the convention library,
systems, explanations, robots."""
