"""Program repair for the coding workflow: localise with tests and coverage, generate small
search/replace candidates (repair templates, deterministic recovery, the model), validate each
in its own sandbox on a copy of the workspace, keep only those the tests accept."""
