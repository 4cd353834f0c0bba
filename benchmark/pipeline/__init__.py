"""The one path every run takes (the CLI's ``run``, ``rescore`` and ``sweep``, ``benchmark.api`` and the
pytest plugin), one module per stage:

- ``finish``: the reports (``report.json``, the run history, ``report.html``) from what the run wrote.

Nothing heavy is imported here: ``import benchmark.pipeline`` costs nothing.
"""
