"""The bidding engine: hand types, the convention library, systems, explanations, robots."""
