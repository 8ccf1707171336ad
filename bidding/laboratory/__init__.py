"""The laboratory: the table, board results, simulations, test cases and reports."""
