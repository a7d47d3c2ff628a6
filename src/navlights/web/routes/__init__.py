"""The web app's routes, one module per page; ``create_app`` includes their routers in this order.

The order is that of the OpenAPI document and of route matching (``/train/q/{id}.json`` before
``/train/q/{id}``).
"""

from __future__ import annotations

from fastapi import APIRouter

from . import api, compare, conduct, docs, editions, encounter, explore, home, identify, plan, sounds, train

ROUTERS: tuple[APIRouter, ...] = (home.router, explore.router, sounds.router, compare.router, identify.router,
                                  editions.router, plan.router, encounter.router, conduct.router, api.router,
                                  train.router,
                                  docs.router)

__all__ = ["ROUTERS"]
