"""The fast tier's prompt-lookup drafts and its engine settings (no model loaded here)."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import numpy as np
from django.core.management import call_command

from inference.embedded import ENGINES_KEY
from inference.embedded_llama import LookupSettings, PromptLookup, lookup_settings


def ids(*tokens: int) -> np.ndarray:
    return np.array(tokens, dtype=np.intc)


def test_drafts_continue_the_latest_earlier_occurrence_of_the_tail() -> None:
    lookup = PromptLookup(LookupSettings(min_ngram=3, max_ngram=5, max_draft=4))
    context = ids(1, 2, 3, 10, 11, 9, 1, 2, 3, 20, 21, 22, 23, 24, 25, 7, 1, 2, 3)

    assert lookup(context).tolist() == [20, 21, 22, 23]


def test_no_draft_when_fewer_than_min_ngram_tokens_repeat() -> None:
    lookup = PromptLookup(LookupSettings(min_ngram=3, max_ngram=5, max_draft=4))

    assert lookup(ids(5, 6, 7, 8, 6, 7)).tolist() == []  # only "6 7" repeats
    assert lookup(ids(1, 2)).tolist() == []


def test_the_draft_length_follows_what_was_accepted() -> None:
    lookup = PromptLookup(LookupSettings(min_ngram=2, max_ngram=2, max_draft=8))
    text = list(range(100, 140))
    context = ids(1, 2, *text, 50, 1, 2)
    first = lookup(context)
    assert first.tolist() == text[:8]

    # The model agreed with 3 draft tokens, then sampled something else: shorter drafts.
    context = ids(*context, *text[:3], 77)
    lookup(context)
    assert lookup.length == 3

    # A whole draft accepted: the next ones may be longer again, up to max_draft.
    lookup._last = (len(context), ids(5, 6, 7))
    lookup(ids(*context, 5, 6, 7, 8))
    assert lookup.length == 6


def test_a_new_request_starts_with_full_drafts() -> None:
    lookup = PromptLookup(LookupSettings(min_ngram=2, max_ngram=2, max_draft=8))
    lookup.length = 1
    lookup._last = (500, ids(1, 2, 3))

    lookup(ids(4, 5, 6))  # shorter than where the last draft was proposed

    assert lookup.length == 8


def test_the_server_config_speculates_on_fast_only(settings: Any) -> None:
    out = StringIO()
    call_command("serve_inference", "--print-config", stdout=out)
    config = json.loads(out.getvalue())

    models = {model["model_alias"]: model for model in config["models"]}
    engines = config[ENGINES_KEY]
    assert engines["standard"] == {"logprobs": True}  # every position's logits only when asked
    assert [model["logits_all"] for model in models.values()] == [False, False]
    assert lookup_settings(engines["standard"]) is None
    assert lookup_settings(engines["fast"]) == LookupSettings(min_ngram=3, max_ngram=5, max_draft=8)
    assert "logprobs" not in engines["fast"]
    assert models["standard"]["model"] == models["fast"]["model"]  # one model: same answers
    assert [model["flash_attn"] for model in models.values()] == [True, True]
    assert "type_k" not in models["fast"]  # an f16 KV cache, as standard's
