"""The bridge model: cards, calls, auctions, scoring, evaluation, PBN/LIN, errors."""
