"""Prints a digest of what the lock is made from: pyproject.toml's dependencies and the given
extras' (deploy/lock.sh records it; deploy/install.sh refuses a lock made from other inputs)."""

import hashlib
import json
import sys
import tomllib

with open("pyproject.toml", "rb") as handle:
    project = tomllib.load(handle)["project"]
extras = sys.argv[1].split(",")
inputs = [
    project["dependencies"],
    {name: project["optional-dependencies"][name] for name in extras},
]
print(hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest())
