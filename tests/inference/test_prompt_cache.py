"""The embedded server's prompt cache stays within its capacity counting whole states."""

import numpy as np
from llama_cpp.llama import LlamaState

from inference.prompt_cache import BoundedRAMCache, state_bytes

VOCAB = 1000


def saved_state(tokens: list[int]) -> LlamaState:
    """A state as a `logits_all` model saves it: small KV bytes, a large score matrix."""
    return LlamaState(
        input_ids=np.array(tokens, dtype=np.intc),
        scores=np.zeros((len(tokens), VOCAB), dtype=np.single),
        n_tokens=len(tokens),
        llama_state=b"k" * 100,
        llama_state_size=100,
        seed=0,
    )


def test_a_state_counts_its_scores_and_token_ids() -> None:
    state = saved_state(list(range(50)))
    assert state_bytes(state) == 100 + 50 * 4 + 50 * VOCAB * 4


def test_the_cache_drops_least_recently_used_states_past_its_capacity() -> None:
    one_state = state_bytes(saved_state(list(range(50))))
    cache = BoundedRAMCache(capacity_bytes=3 * one_state)
    for first in range(5):
        prompt = [first * 1000 + i for i in range(50)]
        cache[prompt] = saved_state(prompt)
    assert cache.cache_size <= 3 * one_state
    assert len(cache.cache_state) == 3
    assert [4000 + i for i in range(50)] in cache
    assert list(range(50)) not in cache
