"""Each document format loads into pages of lines with 1-based global line numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmark.documents import load_document
from benchmark.errors import DocumentError


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")
    return p


def test_markdown_page_markers_keep_editor_line_numbers(tmp_path: Path) -> None:
    doc = load_document(
        write(
            tmp_path,
            "d.md",
            "<!-- page: 1 -->\n问：你叫什么？\n答：韩立舟。\n<!-- page: 2 -->\n答：收了42000元。\n",
        )
    )
    assert [p.number for p in doc.pages] == [1, 2]
    assert [(line.number, line.page, line.text) for line in doc.page(1).lines] == [
        (2, 1, "问：你叫什么？"),
        (3, 1, "答：韩立舟。"),
    ]
    hit = doc.locate("收了42000元")
    assert [(line.number, line.page) for line in hit] == [(5, 2)]


def test_form_feed_starts_a_new_page(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "d.txt", "第一页\n\f第二页\n末行\f第三页"))
    assert [p.number for p in doc.pages] == [1, 2, 3]
    assert [(line.number, line.text) for line in doc.page(2).lines] == [(2, "第二页"), (3, "末行")]
    assert doc.page(3).lines[0].number == 3


def test_text_without_markers_is_one_page(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "d.md", "甲\n乙"))
    assert doc.page_count == 1 and len(doc.lines) == 2


def test_sentence_broken_across_lines_is_found(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "d.md", "答：我一共收到人民币\n肆万贰仟元整，\n都花了。"))
    assert [line.number for line in doc.locate("人民币肆万贰仟元整")] == [1, 2]
    assert doc.pages_containing("人民币 肆万贰仟元整") == [1]


def test_paddleocr_pages_number_lines_across_pages(tmp_path: Path) -> None:
    pages = [
        {"page_index": 0, "markdown": {"text": "讯问笔录\n被讯问人：$ \\underline{\\text{韩立舟}} $"}},
        {"page_index": 1, "markdown": {"text": "问：___、___、\n答：收了4.2万元。"}},
    ]
    doc = load_document(write(tmp_path, "ocr.json", json.dumps(pages, ensure_ascii=False)))
    assert doc.format == "paddleocr"
    assert [(line.number, line.page) for line in doc.lines] == [(1, 1), (2, 1), (3, 2), (4, 2)]
    # OCR noise is stripped from the matching view only; lines keep the original text
    assert doc.pages_containing("被讯问人：韩立舟") == [1]
    assert "underline" in doc.lines[1].text


def test_mineru_content_list_groups_by_page_idx(tmp_path: Path) -> None:
    items = [
        {"type": "text", "text": "民事判决书", "page_idx": 0},
        {"type": "text", "text": "原告：宋晓岚", "page_idx": 0},
        {
            "type": "table",
            "table_body": "<table><tr><td>借款</td><td>150000</td></tr></table>",
            "page_idx": 2,
        },
    ]
    doc = load_document(write(tmp_path, "content_list.json", json.dumps(items, ensure_ascii=False)))
    assert doc.format == "mineru"
    assert [p.number for p in doc.pages] == [1, 2, 3]
    assert doc.page(2).lines[0].text == ""
    assert doc.pages_containing("借款150000") == [3]


def _minimal_pdf(pages: list[str]) -> bytes:
    """A valid PDF with one Helvetica text line per page (pypdf reads its text layer)."""
    objects: list[bytes] = []
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(len(pages)))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    font_id = 3 + 2 * len(pages)
    for i, text in enumerate(pages):
        content = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {4 + 2 * i} 0 R "
            f"/Resources << /Font << /F1 {font_id} 0 R >> >> >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def test_pdf_text_layer_one_page_per_pdf_page(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "d.pdf", _minimal_pdf(["Loan of 150000 yuan", "Repaid 30000 yuan"])))
    assert doc.format == "pdf"
    assert doc.page_count == 2
    assert doc.pages_containing("Repaid 30000") == [2]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("missing.md", None, "document not found"),
        ("bad.json", "{not json", "not valid JSON"),
        ("wrong.json", '{"a": 1}', "non-empty list"),
        ("odd.json", '[{"x": 1}]', "unknown OCR JSON"),
        ("latin.md", b"\xff\xfe\x00bad", "not UTF-8"),
        ("broken.pdf", b"%PDF-1.4 garbage", "unreadable PDF"),
        ("page.json", '[{"page_idx": -1, "text": "x"}]', "page_idx"),
    ],
)
def test_bad_documents_raise_document_error(
    tmp_path: Path, name: str, content: str | bytes | None, message: str
) -> None:
    path = tmp_path / name if content is None else write(tmp_path, name, content)
    with pytest.raises(DocumentError) as info:
        load_document(path)
    assert message in str(info.value)
    assert name in str(info.value)
