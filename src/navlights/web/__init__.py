"""The web app: explore, identify, compare and train in the browser (FastAPI, Jinja2, plain JS).

Every page has a ``.json`` twin built from the same data; the JSON API is documented at ``/docs``.
``navlights serve`` runs it (``navlights.cli.serve``); :func:`navlights.web.app.create_app` builds it.
Importing this package costs nothing; ``navlights.web.app`` imports FastAPI.
"""
