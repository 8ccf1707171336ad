"""The laboratory: the table, board results, simulations, test cases, reports, and deals
consistent with an auction."""
