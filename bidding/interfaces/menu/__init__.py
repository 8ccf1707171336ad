"""The interactive menu (prompt_toolkit) and its submenus."""
