"""The finance pack's code that runs INSIDE the sandbox: reading untrusted PDFs, workbooks and
CSV files, drawing charts and typesetting the report PDF.

It is bound read-only into the sandbox and run through the shared entry point
(`python3 -P -m longhaul_inside finance_inside ACTION`, see agents/sandbox/python_call.py) with a
JSON request on stdin and one JSON line on stdout. It imports only the standard library,
pdfplumber, openpyxl, matplotlib, reportlab and markdown-it-py (never `agents.*`, never Django),
so a hostile file is parsed only where a crash, a decompression bomb or a runaway parser harms
nothing.
"""
