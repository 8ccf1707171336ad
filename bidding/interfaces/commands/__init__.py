"""The command-line subcommands; each module has `register(subparsers)`."""
