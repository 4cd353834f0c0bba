"""Optional judges that may overturn a text mismatch (docs/scoring/judges.md).

- ``base``: the contract (``name``, ``identity()``, ``judge(requests)``), the ``JUDGES`` registry
  (entry-point group ``legal_rag_bench.judges``) and ``create_judge(spec, options)``;
- ``semantic``, ``openai``: the built-in judges; ``prompts/``: the openai judge's prompt;
- ``cache``: verdicts in SQLite (``<output>/judge-cache.sqlite``), so a rerun asks nothing again;
- ``session``: one run's judge with its cache; ``summary``: what the report's summary says of it.

What a judge may overturn, and how verdicts reach the scores, is ``scorers.judgeable``.
"""
