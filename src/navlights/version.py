"""The package's version, in a module of its own below every other (the facade and the package both read it)."""

__version__ = "0.1.0"
