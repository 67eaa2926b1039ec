"""The evals' code that runs INSIDE the sandbox (see agents/sandbox/python_call.py): measuring an
exported model a run handed over. Standard library, numpy and trimesh only; never `agents.*`,
`evals.*` or Django."""
