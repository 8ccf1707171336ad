"""The bridge model: cards, boards, calls, auctions, scoring, evaluation, PBN/LIN, files, errors."""
