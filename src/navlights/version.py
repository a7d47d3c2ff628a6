"""The package's version, in a module of its own below every other (the package, the facade, the CLI and the web
app all read it here): from the installed package's metadata, pyproject.toml's ``version`` being the one place it is
written; ``0+unknown`` for sources run without being installed. importlib.metadata is imported on first use only."""

from functools import cache


@cache
def package_version() -> str:
    """The installed package's version (``navlights --version``, the web footer and ``/healthz`` show it)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("navlights")
    except PackageNotFoundError:
        return "0+unknown"
