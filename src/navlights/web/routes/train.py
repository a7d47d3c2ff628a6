"""Train: what is she? A question, its answer (stored before the browser is told), the progress.

The questions come from the quiz engine through the facade; the progress (Leitner boxes, SQLite)
is the app's :class:`~navlights.web.training.Progress`.
"""

from __future__ import annotations

import re
from typing import Annotated, Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from ... import api
from .. import pages
from ..common import (SVG_RESPONSES, Unavailable, error_page, first_error, json_query, page, parse, progress,
                      query_parameters)
from ..queries import MAX_ID, Answer, TrainQuery
from ..training import Progress

router = APIRouter()

_WHOLE = re.compile(r"-?[0-9]{1,30}")
#: A question id in a path: 1 to SQLite's largest integer (past it, 422 rather than an overflow).
QuestionId = Annotated[int, Path(ge=1, le=MAX_ID, description="the question's id")]

#: What a question shows before it is answered (no vessel, no aspect, no answer).
UNANSWERED = ("id", "edition", "picture_words", "picture", "choices", "answered")


def _train_ctx(p: Progress, edition: str, **ctx: Any) -> dict[str, Any]:
    return {"title": "Train", "edition": edition, "progress": p.summary(edition), **ctx}


def _question_svg(p: Progress, question_id: int) -> str | None:
    """The question's night picture without caption, hull, title, roles or cites (they give the answer away)."""
    q = p.stored(question_id)
    return pages.anonymise(pages.render(q["vessel"], q["edition"], view="night", aspect_deg=q["aspect_deg"],
                                        caption=False, hull=False))


@router.get("/train", response_class=HTMLResponse, include_in_schema=False)
def train_page(request: Request) -> HTMLResponse:
    q, err = parse(TrainQuery, request)
    if q is None:
        return page(request, "train.html", status=422, title="Train", error=err, question=None, progress=None,
                    edition=request.query_params.get("edition", ""))
    p = progress(request)
    question = p.question(q.edition)
    svg = _question_svg(p, question["id"])
    return page(request, "train.html", **_train_ctx(p, question["edition"], question=question, svg=svg, error=None))


def _links(pointer: str) -> dict[str, Any]:
    """OpenAPI links from a response holding a question's id at ``pointer`` to the operations that take it (so
    that a stateful test, schemathesis's, can follow a question from asked to answered)."""
    qid = f"$response.body#{pointer}"
    return {"responses": {"200": {"description": "Successful Response", "links": {
        "question": {"operationId": "train_result_json", "parameters": {"question_id": qid}},
        "picture": {"operationId": "train_picture", "parameters": {"question_id": qid}},
        "answer": {"operationId": "train_answer_json", "requestBody": {"question": qid, "choice": 0}}}}}}


@router.get("/train.json", tags=["training"], summary="The current question and the progress",
            openapi_extra={**query_parameters(TrainQuery), **_links("/question/id")})
def train_json(request: Request) -> dict[str, Any]:
    """The pending question for the edition (a new one once the last is answered): its picture
    (an SVG link and words) and the answers to choose from; and the learner's progress."""
    q = json_query(TrainQuery, request)
    p = progress(request)
    question = p.question(q.edition)
    return {"question": question, "progress": p.summary(question["edition"])}


@router.post("/train/answer", include_in_schema=False)
async def train_answer_form(request: Request) -> Response:
    body = (await request.body()).decode("utf-8", "replace")
    try:
        fields = dict(parse_qsl(body, keep_blank_values=True))
        a = Answer.model_validate({k: int(v) if _WHOLE.fullmatch(v) else v for k, v in fields.items()})
    except ValidationError as e:
        field, message = first_error(e.errors(include_url=False), tuple(Answer.model_fields))
        return error_page(request, 422, message, field)
    await run_in_threadpool(progress(request).answer, a.question, a.choice)      # SQLite waits for the disk
    return RedirectResponse(f"/train/q/{a.question}", status_code=303)


@router.post("/train/answer.json", tags=["training"], summary="Answer a question", operation_id="train_answer_json",
             openapi_extra=_links("/result/id"))
def train_answer_json(request: Request, a: Answer) -> dict[str, Any]:
    """Record the answer (once; answering again returns the first result), with the right answer,
    the vessel's lights and their cites, and the progress."""
    p = progress(request)
    result = p.answer(a.question, a.choice)
    return {"result": result, "progress": p.summary(result["edition"])}


@router.get("/train/q/{question_id}.json", tags=["training"], summary="One question (with its answer once answered)",
            operation_id="train_result_json")
def train_result_json(request: Request, question_id: QuestionId) -> dict[str, Any]:
    """A question as asked; once answered, also the vessel, the aspect, the right answer and the choice."""
    result = progress(request).stored(question_id)
    if not result["answered"]:
        return {k: v for k, v in result.items() if k in UNANSWERED}
    return result


@router.get("/train/q/{question_id}", response_class=HTMLResponse, include_in_schema=False)
def train_result_page(request: Request, question_id: QuestionId) -> Response:
    p = progress(request)
    result = p.stored(question_id)
    if not result["answered"]:
        return RedirectResponse(f"/train?edition={result['edition']}", status_code=303)
    display = api.display_json(result["vessel"], result["edition"])
    picture = api.view_json(result["vessel"], result["edition"], aspect_deg=result["aspect_deg"])
    return page(request, "train_result.html", **_train_ctx(p, result["edition"], result=result, display=display,
                                                            picture=picture, svg=_question_svg(p, question_id)))


@router.get("/train/picture/{question_id}.svg", tags=["training"], summary="A question's night picture",
            response_class=Response, responses=SVG_RESPONSES, operation_id="train_picture")
def train_picture(request: Request, question_id: QuestionId) -> Response:
    """The question's picture, without caption or hull (they would give the answer away)."""
    svg = _question_svg(progress(request), question_id)
    if svg is None:
        raise Unavailable("render: the renderer is not available in this build yet", field="render")
    return Response(svg, media_type="image/svg+xml")
