"""The engines (display, view, sectors, identify, compare), kept apart from the facade's names.

Modules here are named after what they compute; the public functions of the same names live in
:mod:`navlights.api` and on the package (``navlights.display(...)``).
"""
