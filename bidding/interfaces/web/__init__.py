"""The web table: a local Starlette application over the engine (`python cli.py web`)."""
