"""CSV text a spreadsheet opens safely: UTF-8 that Excel reads (Korean names), and no
cell a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io
from typing import Iterable

# A spreadsheet runs a cell that starts with one of these as a formula: a player
# named "=HYPERLINK(...)" must stay text (OWASP "CSV injection").
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def cell_text(value: str) -> str:
    return "'" + value if value.startswith(FORMULA_TRIGGERS) else value


def csv_text(header_row: list[str], rows: Iterable[list]) -> str:
    out = io.StringIO()
    # BOM first: Excel reads the file as UTF-8 only with it (Korean names), and
    # Google Sheets and LibreOffice ignore it.
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header_row)
    writer.writerows(rows)
    return out.getvalue()
