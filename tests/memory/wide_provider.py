"""An embedding provider plug-in whose model is wider than the memory column (768 dimensions)."""

from __future__ import annotations

from collections.abc import Sequence


class WideEmbeddings:
    name = "wide"

    def declared_dimensions(self) -> int | None:
        return 768

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[0.0] * 768 for _ in texts]
