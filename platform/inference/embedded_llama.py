"""The embedded tiers' llama.cpp engine: logits only where they are used, and for the fast tier
prompt-lookup speculation, lossless and cheap enough to pay on CPU.

llama-cpp-python 0.3.16 ships prompt-lookup decoding (`LlamaPromptLookupDecoding`), but with it
every position of every batch, the prompt included, computes logits over the whole vocabulary
and copies them into a Python array, and that array is sized for one batch, so a prompt longer
than one batch after a reused prefix fails with a shape error. `TunedLlama` keeps the library's
generation loop and changes what it evaluates:

- logits are computed only where a token is sampled: the last prompt position, and each
  position of a draft being verified. A request that asks for `logprobs`, on an engine that
  answers them (`standard`), has every position's logits computed and kept, as the stock engine
  does for every request with `logits_all`: the rows of a reused prompt prefix are reused only
  where an earlier request computed them for the same tokens, and an `echo` of the prompt's
  logprobs re-evaluates whatever part lacks them;
- nothing is copied out of llama.cpp for other requests (sampling reads llama.cpp's own
  buffer), and a saved prompt state carries no copy of the score matrix, so saving a prompt
  state after a request is a copy of the KV cache alone;
- drafts come from `PromptLookup`: the continuation of the latest earlier occurrence of the
  last few tokens, only when at least `min_ngram` tokens match, with a draft length that
  follows how much of the previous draft was accepted.

Greedy decoding stays greedy: every emitted token is the one the model samples at its position;
a draft token only saves a separate evaluation when it equals that token.

Imported only by the inference process (`manage.py serve_inference`).
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import llama_cpp
import numpy as np
import numpy.typing as npt
from llama_cpp import Llama
from llama_cpp.llama import LlamaState
from llama_cpp.llama_speculative import LlamaDraftModel

Tokens = npt.NDArray[np.intc]


@dataclass(frozen=True)
class LookupSettings:
    min_ngram: int = 3
    max_ngram: int = 5
    max_draft: int = 8


class PromptLookup(LlamaDraftModel):
    """n-gram drafts from the context itself: agents' replies quote their input (patches,
    rewritten files, tool output echoed as JSON), and those stretches are accepted whole."""

    def __init__(self, settings: LookupSettings) -> None:
        self.settings = settings
        self.length = settings.max_draft
        self._last: tuple[int, Tokens] | None = None  # (position, draft) of the previous call

    def __call__(self, input_ids: Tokens, /, **kwargs: Any) -> Tokens:
        self._adapt(input_ids)
        draft = self.propose(input_ids)
        self._last = (len(input_ids), draft) if len(draft) else None
        return draft

    def propose(self, input_ids: Tokens) -> Tokens:
        """The tokens that followed the latest earlier occurrence of the context's tail."""
        size = len(input_ids)
        for n in range(min(self.settings.max_ngram, size - 1), self.settings.min_ngram - 1, -1):
            tail = input_ids[-n:]
            windows = np.lib.stride_tricks.sliding_window_view(input_ids[:-1], n)
            starts = np.flatnonzero((windows == tail).all(axis=1))
            if len(starts):
                begin = int(starts[-1]) + n
                return input_ids[begin : begin + self.length].copy()
        return np.empty(0, dtype=np.intc)

    def _adapt(self, input_ids: Tokens) -> None:
        """Longer drafts after a draft accepted whole, shorter after a rejection: a draft token
        that is rejected costs one position's evaluation for nothing."""
        if self._last is None:
            return
        position, draft = self._last
        self._last = None
        if len(input_ids) < position or len(input_ids) - position > len(draft) + 1:
            self.length = self.settings.max_draft  # a new request
            return
        seen = input_ids[position:]
        accepted = _common_prefix(draft, seen)
        if accepted == len(draft):
            self.length = min(self.settings.max_draft, self.length * 2)
        else:
            self.length = max(1, accepted)


def _common_prefix(a: Tokens, b: Tokens) -> int:
    size = min(len(a), len(b))
    differ = np.flatnonzero(a[:size] != b[:size])
    return int(differ[0]) if len(differ) else size


class TunedLlama(Llama):
    """`Llama` with logits only where used and lean prompt states; see the module doc."""

    draft_limit: int = 0
    logprobs_on_demand: bool = False
    _scored: int = 0  # leading positions whose rows of `scores` hold their logits
    _echo: bool = False

    def _create_completion(self, *args: Any, **kwargs: Any) -> Iterator[Any]:
        """The library's completion, with every position's logits while it asks for logprobs
        (the library refuses logprobs unless `_logits_all` is set)."""
        if kwargs.get("logprobs") is not None and self.logprobs_on_demand:
            self._keep_all_logits(echo=bool(kwargs.get("echo")))
        try:
            yield from super()._create_completion(*args, **kwargs)
        finally:
            self._logits_all = False

    def _keep_all_logits(self, *, echo: bool) -> None:
        if len(self.scores) < self._n_ctx:  # zeroed pages cost memory only once written
            self.scores = np.zeros((self._n_ctx, self._n_vocab), dtype=np.single)
            self._scored = 0
        self._logits_all, self._echo = True, echo

    def generate(self, tokens: Sequence[int], *args: Any, **kwargs: Any) -> Any:
        if self._logits_all and self._echo:
            self.n_tokens = min(self.n_tokens, self._scored)  # every prompt row is reported
        return super().generate(tokens, *args, **kwargs)

    def eval(self, tokens: Sequence[int]) -> None:
        # A verification step is the sampled token plus its draft: every position is sampled.
        # A prompt is sampled at its last position only, unless logprobs were asked for.
        verify = self.draft_model is not None and len(tokens) <= 1 + self.draft_limit
        every = self._logits_all or verify
        rows_follow = self._scored >= self.n_tokens
        self._scored = min(self._scored, self.n_tokens)
        self._ctx.kv_cache_seq_rm(-1, self.n_tokens, -1)
        for start in range(0, len(tokens), self.n_batch):
            batch = tokens[start : start + self.n_batch]
            self._batch.set_batch(batch=batch, n_past=self.n_tokens, logits_all=every)
            self._ctx.decode(self._batch)
            if self._logits_all:
                self._keep_rows(len(batch))
            self.input_ids[self.n_tokens : self.n_tokens + len(batch)] = batch
            self.n_tokens += len(batch)
        if self._logits_all and rows_follow:
            self._scored = self.n_tokens

    def _keep_rows(self, count: int) -> None:
        logits = np.ctypeslib.as_array(self._ctx.get_logits(), shape=(count * self._n_vocab,))
        self.scores[self.n_tokens : self.n_tokens + count, :].reshape(-1)[:] = logits

    def save_state(self) -> LlamaState:
        return _lean_state(self)

    def load_state(self, state: LlamaState) -> None:
        self.input_ids[: state.n_tokens] = state.input_ids[: state.n_tokens]
        self.n_tokens = state.n_tokens
        self._seed = state.seed
        self._scored = 0  # the state holds the KV cache alone
        _set_context_state(self, state)


def _lean_state(llama: Llama) -> LlamaState:
    size = llama_cpp.llama_get_state_size(llama._ctx.ctx)
    buffer = (ctypes.c_uint8 * int(size))()
    written = int(llama_cpp.llama_copy_state_data(llama._ctx.ctx, buffer))
    return LlamaState(
        input_ids=llama.input_ids[: llama.n_tokens].copy(),
        scores=np.empty((0, 0), dtype=np.single),
        n_tokens=llama.n_tokens,
        llama_state=ctypes.string_at(buffer, written),
        llama_state_size=written,
        seed=llama._seed,
    )


def _set_context_state(llama: Llama, state: LlamaState) -> None:
    buffer = (ctypes.c_uint8 * state.llama_state_size).from_buffer_copy(state.llama_state)
    if llama_cpp.llama_set_state_data(llama._ctx.ctx, buffer) != state.llama_state_size:
        raise RuntimeError("failed to restore a saved prompt state")


def lookup_settings(engine: dict[str, Any]) -> LookupSettings | None:
    """An alias's `prompt_lookup` entry of the config (see inference.embedded.tier_engines)."""
    lookup = engine.get("prompt_lookup")
    return LookupSettings(**lookup) if lookup else None


def tune(llama: Llama, lookup: LookupSettings | None, *, logprobs: bool = False) -> TunedLlama:
    """Turns a loaded `Llama` (built by llama-cpp-python's own loader, with its chat handler
    and prompt cache) into a `TunedLlama`; with `lookup`, it speculates; with `logprobs`, it
    answers requests for them."""
    if llama._logits_all:
        raise ValueError("a tuned model samples from llama.cpp's buffer: logits_all must be off")
    llama.__class__ = TunedLlama
    assert isinstance(llama, TunedLlama)
    llama.draft_model = PromptLookup(lookup) if lookup else None
    llama.draft_limit = lookup.max_draft if lookup else 0
    llama.logprobs_on_demand = logprobs
    return llama
