"""The one path every run takes: the CLI's ``run``, ``rescore`` and ``sweep``, ``benchmark.api`` and the
pytest plugin. One module per stage, in the order a run goes through them:

- ``plan``: load the sets (each validated once: ``validated``), select, check, load the documents,
  lay out the jobs;
- ``ask``: the replies, from the system (``Asking``), a stored run (``Stored``) or the pytest plugin's
  pool (``Given``), each handed on as it arrives;
- ``score``: each answer scored as it arrives, and turned into its report line and page row
  (``workers``: in several processes);
- ``append``: answers, report lines and page rows appended to the run directory as they come;
- ``finish``: ``report.json`` (``report_file``), the run history and ``report.html`` built from what
  was written; ``read_back`` gives the record's results from those lines.

``execute`` wires them together. Nothing heavy is imported here: ``import benchmark.pipeline`` costs
nothing.
"""
