"""Train: what is she? Questions, answers (stored before the browser is told), exams, and each learner's progress.

The questions come from the quiz engine through the facade; the progress (Leitner boxes in time, SQLite) is the
app's :class:`~navlights.web.training.Progress`. The learner is the one a signed cookie names (a new one when
there is none or it does not verify); every response of these routes renews the cookie.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, TypeVar
from urllib.parse import parse_qsl, urlencode

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ValidationError
from starlette.concurrency import run_in_threadpool

from ... import api
from .. import pages
from ..common import (SVG_RESPONSES, Unavailable, error_page, first_error, json_query, page, parse, progress,
                      query_parameters)
from ..queries import MAX_ID, Answer, ExamStart, ResetBody, TrainQuery
from ..training import COOKIE_MAX_AGE_S, EXAM_SIZE, NoSuchQuestion, Progress, TrainingInputError

router = APIRouter()
M = TypeVar("M", bound=BaseModel)

_WHOLE = re.compile(r"-?[0-9]{1,30}")
#: A question id in a path: 1 to SQLite's largest integer (past it, 422 rather than an overflow).
QuestionId = Annotated[int, Path(ge=1, le=MAX_ID, description="the question's id")]
ExamId = Annotated[int, Path(ge=1, le=MAX_ID, description="the exam's id")]

#: What a question shows before it is answered (no vessel, no aspect, no answer).
UNANSWERED = ("id", "edition", "topic", "period", "picture_words", "picture", "sound", "choices", "exam", "seq",
              "answered")
#: The vessel a sound card's signal is played for (the whistle at the middle of her Annex III band).
SOUND_VESSEL = {"length": "50 m", "propulsion": "power"}
#: The exam sizes the page offers.
EXAM_SIZES = (5, 10, 20)


# --- the learner ------------------------------------------------------------------------------


def _learner(request: Request) -> str:
    """The learner of this request (the cookie's, or a new one, remembered for :func:`_keep`)."""
    known = request.scope.get("state", {}).get("learner")
    if known is not None:
        return str(known)
    p = progress(request)
    learner, _ = p.learner(request.cookies.get(p.cookie_name()))
    request.state.learner = learner
    return learner


def _keep(request: Request, response: Response) -> Response:
    """Renew the learner's cookie on the response: HttpOnly, SameSite=Lax, Secure over https, 400 days."""
    p = progress(request)
    response.set_cookie(p.cookie_name(), p.sign(_learner(request)), max_age=COOKIE_MAX_AGE_S, path="/",
                        httponly=True, samesite="lax", secure=request.url.scheme == "https")
    return response


async def _form(request: Request, model: type[M]) -> M | Response:
    """A urlencoded form as ``model`` (whole numbers as numbers, 'yes'/'on' as true), or its 422 page."""
    body = (await request.body()).decode("utf-8", "replace")
    try:
        fields = dict(parse_qsl(body, keep_blank_values=True))
        raw: dict[str, Any] = {}
        for k, v in fields.items():
            raw[k] = int(v) if _WHOLE.fullmatch(v) else (True if v in ("yes", "on", "true") else v)
        return model.model_validate(raw)
    except ValidationError as e:
        field, message = first_error(e.errors(include_url=False), tuple(model.model_fields))
        return error_page(request, 422, message, field)


def _train_url(edition: str, topic: str, **more: str) -> str:
    return "/train?" + urlencode({"edition": edition, "topic": topic, **more})


# --- pictures ---------------------------------------------------------------------------------


def _question_svg(q: dict[str, Any]) -> str | None:
    """The question's picture (night or day) without caption, hull, title, roles or cites (they give the answer
    away); a sound card has none, nor a conduct card told in words; a conduct card from her lights is her night
    picture."""
    if api.is_sound_period(q["period"]) or q["period"] == "conduct-situation":
        return None
    view = "night" if api.is_conduct_period(q["period"]) else q["period"]
    return pages.anonymise(pages.render(q["vessel"], q["edition"], view=view, aspect_deg=q["aspect_deg"],
                                        caption=False, hull=False))


def due_words(seconds: float | None) -> str | None:
    """'in 8 minutes', 'in 3 hours', 'in 4 days' (rounded up); None stays None."""
    if seconds is None:
        return None
    for unit, size in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= size or unit == "minute":
            n = max(1, -(-int(seconds) // size)) if unit == "minute" else max(1, round(seconds / size))
            return f"in {n} {unit}{'' if n == 1 else 's'}"
    return None


def _ctx(p: Progress, learner: str, edition: str, topic: str, **ctx: Any) -> dict[str, Any]:
    summary = p.summary(learner, edition, topic)
    summary["next_due_words"] = due_words(summary["next_due_in_s"])
    return {"title": "Train", "edition": edition, "topic": topic, "topics": [t.to_dict() for t in p.topics(edition)],
            "progress": summary, "exams": p.exams(learner, edition), "exam_sizes": EXAM_SIZES, "exam_size": EXAM_SIZE,
            **ctx}


# --- practice ---------------------------------------------------------------------------------


@router.get("/train", response_class=HTMLResponse, include_in_schema=False)
def train_page(request: Request) -> Response:
    q, err = parse(TrainQuery, request)
    if q is None:
        return page(request, "train.html", status=422, title="Train", error=err, question=None, progress=None,
                    topics=[], edition=request.query_params.get("edition", ""), topic="all")
    p, learner = progress(request), _learner(request)
    question = p.question(learner, q.edition, q.topic)
    svg = _question_svg(p.stored(learner, question["id"]))
    return _keep(request, page(request, "train.html", **_ctx(p, learner, question["edition"], question["topic"],
                                                             question=question, svg=svg, error=None,
                                                             notice=q.notice)))


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
def train_json(request: Request, response: Response) -> dict[str, Any]:
    """The learner's pending question for the edition and topic (a new one once the last is answered): its picture
    (an SVG link and words) and the answers to choose from; the learner's progress (answers, boxes, what is due);
    and the edition's topics. The learner is the one the cookie names (a new one, and a new cookie, without)."""
    q = json_query(TrainQuery, request)
    p, learner = progress(request), _learner(request)
    question = p.question(learner, q.edition, q.topic)
    _keep(request, response)
    return {"question": question, "progress": p.summary(learner, question["edition"], question["topic"]),
            "topics": [t.to_dict() for t in p.topics(question["edition"])]}


@router.post("/train/answer", include_in_schema=False)
async def train_answer_form(request: Request) -> Response:
    a = await _form(request, Answer)
    if isinstance(a, Response):
        return a
    learner = await run_in_threadpool(_learner, request)
    result = await run_in_threadpool(progress(request).answer, learner, a.question, a.choice)   # waits for the disk
    where = f"/train/exam/{result['exam']}" if result["exam"] is not None else f"/train/q/{a.question}"
    return _keep(request, RedirectResponse(where, status_code=303))


@router.post("/train/answer.json", tags=["training"], summary="Answer a question", operation_id="train_answer_json",
             openapi_extra=_links("/result/id"))
def train_answer_json(request: Request, response: Response, a: Answer) -> dict[str, Any]:
    """Record the answer (once; answering again returns the first result), with the right answer, what was seen
    and its cites, and the progress. A question of another learner's is 404."""
    p, learner = progress(request), _learner(request)
    result = p.answer(learner, a.question, a.choice)
    _keep(request, response)
    return {"result": result, "progress": p.summary(learner, result["edition"], result["topic"])}


@router.get("/train/q/{question_id}.json", tags=["training"], summary="One question (with its answer once answered)",
            operation_id="train_result_json")
def train_result_json(request: Request, response: Response, question_id: QuestionId) -> dict[str, Any]:
    """One of the learner's questions as asked; once answered, also the vessel, the aspect, the right answer, the
    choice and the cites of what was seen. Another learner's question is 404."""
    result = progress(request).stored(_learner(request), question_id)
    _keep(request, response)
    if not result["answered"]:
        return {k: v for k, v in result.items() if k in UNANSWERED}
    return result


@router.get("/train/q/{question_id}", response_class=HTMLResponse, include_in_schema=False)
def train_result_page(request: Request, question_id: QuestionId) -> Response:
    p, learner = progress(request), _learner(request)
    result = p.stored(learner, question_id)
    if not result["answered"]:
        where = (f"/train/exam/{result['exam']}" if result["exam"] is not None
                 else _train_url(result["edition"], result["topic"]))
        return _keep(request, RedirectResponse(where, status_code=303))
    if api.is_sound_period(result["period"]):
        return _keep(request, page(request, "train_result.html", **_ctx(
            p, learner, result["edition"], result["topic"], result=result, sound_card=api.sound_card(
                result["edition"], result["item"], result["period"]), play=_play_url(result))))
    if api.is_conduct_period(result["period"]):
        return _keep(request, page(request, "train_result.html", **_ctx(
            p, learner, result["edition"], result["topic"], result=result, conduct_card=api.conduct_card(
                result["edition"], result["item"], result["period"]), svg=_question_svg(result))))
    display = api.display_json(result["vessel"], result["edition"])
    picture = api.view_json(result["vessel"], result["edition"], aspect_deg=result["aspect_deg"],
                            period=result["period"])
    items = display["lights"] if result["period"] == "night" else display["shapes"]
    card = next((c for c in api.quiz_cards(result["edition"])
                 if c.period == result["period"] and c.name == result["item"]), None)
    return _keep(request, page(request, "train_result.html", **_ctx(
        p, learner, result["edition"], result["topic"], result=result, display=display, items=items, picture=picture,
        card=card, svg=_question_svg(result))))


@router.get("/train/picture/{question_id}.svg", tags=["training"], summary="A question's picture",
            response_class=Response, responses=SVG_RESPONSES, operation_id="train_picture")
def train_picture(request: Request, question_id: QuestionId) -> Response:
    """The question's picture (night or day), without caption or hull (they would give the answer away). A sound
    card's question has no picture, nor a conduct question told in words (404)."""
    q = progress(request).stored(_learner(request), question_id)
    if api.is_sound_period(q["period"]) or q["period"] == "conduct-situation":
        raise NoSuchQuestion(f"question: question {question_id} is told in words or sound, with no picture",
                             field="question", value=question_id)
    svg = _question_svg(q)
    if svg is None:
        raise Unavailable("render: the renderer is not available in this build yet", field="render")
    return _keep(request, Response(svg, media_type="image/svg+xml"))


def _play_url(q: dict[str, Any]) -> str:
    return f"/train/sound/{q['id']}.wav"


@router.get("/train/sound/{question_id}.wav", tags=["training"], summary="A sound question's signal (WAV)",
            response_class=Response, responses={200: {"content": {"audio/wav": {}},
                                                       "description": "16-bit mono PCM WAV"}},
            operation_id="train_sound")
def train_sound(request: Request, question_id: QuestionId) -> Response:
    """The signal a sound question is about, rendered from the rules' numbers (render/sound.py) for a 50 m
    power-driven vessel's whistle band: the learner hears what the words say. A question that is no sound card's
    has no sound (404)."""
    q = progress(request).stored(_learner(request), question_id)
    if not api.is_sound_period(q["period"]):
        raise NoSuchQuestion(f"question: question {question_id} is a picture's, with no sound", field="question",
                             value=question_id)
    data, _ = api.signal_wav(SOUND_VESSEL, q["edition"], q["item"])
    return _keep(request, Response(data, media_type="audio/wav"))


# --- exams ------------------------------------------------------------------------------------


@router.post("/train/exam", include_in_schema=False)
async def train_exam_form(request: Request) -> Response:
    e = await _form(request, ExamStart)
    if isinstance(e, Response):
        return e
    learner = await run_in_threadpool(_learner, request)
    exam = await run_in_threadpool(progress(request).start_exam, learner, e.edition, e.topic, e.size)
    return _keep(request, RedirectResponse(f"/train/exam/{exam['id']}", status_code=303))


@router.post("/train/exam.json", tags=["training"], summary="Start an exam")
def train_exam_json(request: Request, response: Response, e: ExamStart) -> dict[str, Any]:
    """A new exam of up to ``size`` questions on the topic (one per card, drawn at random), answered one at a time
    with ``/train/answer.json``; its first question."""
    exam = progress(request).start_exam(_learner(request), e.edition, e.topic, e.size)
    _keep(request, response)
    return exam


@router.get("/train/exam/{exam_id}.json", tags=["training"], summary="An exam: its next question, or its review")
def train_exam_state_json(request: Request, response: Response, exam_id: ExamId) -> dict[str, Any]:
    """The exam's next question; once every question is answered, the score and a review of each question (what
    was seen, the answer given, the right one, and the cites of what was seen). Another learner's exam is 404."""
    exam = progress(request).exam(_learner(request), exam_id)
    _keep(request, response)
    return exam


@router.get("/train/exam/{exam_id}", response_class=HTMLResponse, include_in_schema=False)
def train_exam_page(request: Request, exam_id: ExamId) -> Response:
    p, learner = progress(request), _learner(request)
    exam = p.exam(learner, exam_id)
    svg = None
    if exam["question"] is not None:
        svg = _question_svg(p.stored(learner, exam["question"]["id"]))
    return _keep(request, page(request, "train_exam.html", **_ctx(p, learner, exam["edition"], exam["topic"],
                                                                  exam=exam, question=exam["question"], svg=svg)))


# --- the learner's own data -------------------------------------------------------------------


@router.post("/train/reset", include_in_schema=False)
async def train_reset_form(request: Request) -> Response:
    r = await _form(request, ResetBody)
    if isinstance(r, Response):
        return r
    if not r.confirm:
        return error_page(request, 422, "confirm: tick the box to reset; nothing was deleted", "confirm")
    learner = await run_in_threadpool(_learner, request)
    await run_in_threadpool(progress(request).reset, learner)
    edition = request.query_params.get("edition", "")
    where = _train_url(edition, request.query_params.get("topic", "all"), notice="reset") if edition else \
        "/train?notice=reset"
    return _keep(request, RedirectResponse(where, status_code=303))


@router.post("/train/reset.json", tags=["training"], summary="Reset the learner's own progress")
def train_reset_json(request: Request, response: Response, r: ResetBody) -> dict[str, Any]:
    """Delete every answer, box and exam of this learner (``confirm`` must be true); other learners keep theirs."""
    if not r.confirm:
        raise TrainingInputError("confirm: must be true to reset; nothing was deleted", field="confirm",
                                 value=False, allowed="true")
    deleted = progress(request).reset(_learner(request))
    _keep(request, response)
    return {"reset": True, "deleted": deleted}


@router.get("/train/export.json", tags=["training"], summary="Download the learner's own progress")
def train_export_json(request: Request) -> Response:
    """Every answer, box and exam of this learner, as a JSON file to keep."""
    data = progress(request).export(_learner(request))
    stamp = (data["exported"] or "")[:10]
    return _keep(request, JSONResponse(data, headers={
        "content-disposition": f'attachment; filename="navlights-training-{stamp}.json"'}))
