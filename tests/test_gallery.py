"""Galleries: every class of an edition renders; the labels JSON matches the images; index.html; CLI."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from navlights.cli import main
from navlights.render import RenderError
from navlights.gallery import classes, write_gallery

NS = "{http://www.w3.org/2000/svg}"


def svg_items(path) -> list[tuple[str, str, str, float, float]]:
    root = ET.parse(path).getroot()
    return sorted((g.get("class"), g.get("data-role"), g.get("data-colour"), round(float(g.get("data-x")), 2),
                   round(float(g.get("data-y")), 2))
                  for g in root.iter(f"{NS}g") if g.get("class") in ("light", "shape"))


def label_items(record) -> list[tuple[str, str, str, float, float]]:
    return sorted((i["what"], i["role"], i["colour"], i["x"], i["y"]) for i in record["items"])


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.srcs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.srcs.append(dict(attrs)["src"])


def test_intl_1960_gallery_renders_and_labels_match_every_image(tmp_path):
    summary = write_gallery(tmp_path, "intl-1960", fmt="svg")
    data = json.loads((tmp_path / "labels.json").read_text())
    assert summary["classes"] > 100 and summary["images"] == summary["classes"] * 8 == len(data["images"])
    periods = {r["period"] for r in data["images"]}
    assert periods == {"night", "day"}
    for rec in data["images"]:
        assert rec["edition"] == "intl-1960" and rec["distance_nm"] == 1.0
        assert rec["aspect_deg"] in (0, 45, 90, 135, 180, 225, 270, 315)
        assert label_items(rec) == svg_items(tmp_path / rec["file"]), rec["file"]
        for i in rec["items"]:
            assert 0 <= i["x"] <= rec["width"] and 0 <= i["y"] <= rec["height"]
            assert i["cite"].startswith("intl-1960 ")
    # the index shows every image once
    links = _Links()
    links.feed((tmp_path / "index.html").read_text())
    assert sorted(links.srcs) == sorted(r["file"] for r in data["images"])


def test_png_gallery_subset(tmp_path):
    from PIL import Image
    s = write_gallery(tmp_path, "1897", situation="at anchor", limit=2, aspects=(0, 90), width=200, height=120)
    data = json.loads((tmp_path / "labels.json").read_text())
    assert s["images"] == len(data["images"]) == 4 and data["edition"] == "intl-1897"
    for rec in data["images"]:
        assert Image.open(tmp_path / rec["file"]).size == (200, 120)
        assert rec["items"], rec["file"]          # an anchored vessel shows her anchor light(s)


def test_classes_merge_lengths_with_the_same_display():
    from navlights import api
    from navlights.classes import vessels
    ed = api.edition("intl-1960")
    cls = classes(ed)
    n_vessels = sum(1 for _ in vessels(ed))
    assert len(cls) < n_vessels / 2
    slugs = [(c.slug, c.period) for c in cls]
    assert len(slugs) == len(set(slugs))
    assert all(c.merged >= 1 for c in cls)


def test_index_escapes_text(tmp_path):
    from navlights.gallery import index_html
    page = index_html({"edition": "<x>", "edition_title": "a & b <script>", "classes": 0, "images": 0,
                       "aspects": [0.0], "distance_nm": None, "width": 100}, [], [])
    assert "<script>" not in page and "&lt;script&gt;" in page and "a &amp; b" in page


def test_gallery_errors(tmp_path):
    with pytest.raises(RenderError, match="format"):
        write_gallery(tmp_path, "1960", fmt="jpg")
    with pytest.raises(RenderError, match="aspects"):
        write_gallery(tmp_path, "1960", aspects=())


def test_cli_gallery(tmp_path, capsys):
    out = tmp_path / "g"
    assert main(["gallery", str(out), "--edition", "1948", "--situation", "aground", "--limit", "2",
                 "--aspects", "0,180", "--format", "svg", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["edition"] == "intl-1948" and summary["images"] == 4
    assert (out / "index.html").exists() and (out / "labels.json").exists()
    assert main(["gallery", str(out), "--aspects", "0,abc"]) == 2
    assert "aspects" in capsys.readouterr().err
    assert main(["gallery", str(out), "--edition", "1984"]) == 2


def test_neither_the_gallery_nor_the_renderer_imports_the_facade():
    """The gallery sits below the facade (issue 26: the facade offers it as ``api.write_gallery``, so the gallery
    importing ``api`` made a circle); it and render/ never import ``api`` (tests/test_layering.py checks every layer)."""
    import ast
    from pathlib import Path
    src = Path(__file__).resolve().parents[1] / "src" / "navlights"

    def imports(path):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                yield (node.module or "", tuple(a.name for a in node.names))
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("navlights"):
                yield (node.module.removeprefix("navlights").lstrip("."), tuple(a.name for a in node.names))
            elif isinstance(node, ast.Import):
                yield from ((a.name, ()) for a in node.names if a.name.startswith("navlights"))

    for path in [src / "gallery.py", *(src / "render").glob("*.py")]:
        for module, names in imports(path):
            assert "api" not in module.split(".") and "api" not in names, (path.name, module, names)
