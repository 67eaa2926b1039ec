"""A prompt cache bounded by the memory its states really take.

llama-cpp-python's `LlamaRAMCache` counts only the KV bytes of each saved state, but a state
also carries its token ids and, on a model with `logits_all`, a copy of the score matrix (one
row of vocabulary-sized floats per prompt token: about 275 MB for a 1.4k-token prompt on the
bundled model). Counted that way, a "2 GiB" cache grew past 16 GB and the inference process
was killed for memory in the middle of long agent runs.

Imported only by the inference process.
"""

from __future__ import annotations

from llama_cpp import Llama
from llama_cpp.llama import LlamaState
from llama_cpp.llama_cache import LlamaRAMCache


def state_bytes(state: LlamaState) -> int:
    """What a saved state holds in memory: KV state, token ids and scores."""
    return int(state.llama_state_size + state.input_ids.nbytes + state.scores.nbytes)


class BoundedRAMCache(LlamaRAMCache):
    """`LlamaRAMCache` whose capacity counts every byte of each state (least recently used
    states are dropped first, as in the library)."""

    @property
    def cache_size(self) -> int:
        return sum(state_bytes(state) for state in self.cache_state.values())


def bound_prompt_cache(llama: Llama) -> None:
    """Swaps a model's RAM prompt cache, if it has one, for a truly bounded one of the same
    capacity."""
    cache = llama.cache
    if isinstance(cache, LlamaRAMCache) and not isinstance(cache, BoundedRAMCache):
        llama.set_cache(BoundedRAMCache(capacity_bytes=cache.capacity_bytes))
