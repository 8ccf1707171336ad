"""The laboratory: the table, simulations, test cases and reports."""
