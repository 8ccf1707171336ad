"""The interfaces: the menu, the command-line commands, diagrams, saved players."""
