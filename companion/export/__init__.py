"""What every game's exports are made with: the PDF machinery (paper sizes, the print
stylesheet, QR codes, WeasyPrint), spreadsheet-safe CSV text and the BG Stats link's
parts. Each game's own sheet is its own (``companion.aotwk.sheets`` for AotWK,
``companion.amytis.sheets``); nothing here knows a game."""
