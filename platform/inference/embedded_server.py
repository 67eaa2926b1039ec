"""Runs the llama-cpp-python server app with every tier's model kept resident.

Imported only by `manage.py serve_inference`, in the inference process: llama_cpp is heavy
and optional for every other process.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import llama_cpp.server.app as llama_app
import uvicorn
from llama_cpp import Llama
from llama_cpp.server.model import LlamaProxy
from llama_cpp.server.settings import ConfigFileSettings, ServerSettings

from inference.embedded import ENGINES_KEY
from inference.embedded_extras import Extras
from inference.embedded_llama import lookup_settings, tune
from inference.prompt_cache import bound_prompt_cache


class ResidentLlamaProxy(LlamaProxy):
    """Keeps one loaded model per alias instead of swapping a single one, each with the engine
    tuning its alias has in the config (`inference.embedded_llama`)."""

    def __init__(self, base: LlamaProxy, engines: dict[str, dict[str, Any]]) -> None:
        self._model_settings_dict = base._model_settings_dict
        self._default_model_settings = base._default_model_settings
        self._default_model_alias = base._default_model_alias
        self._current_model_alias = base._current_model_alias
        self._current_model = base._current_model
        self._resident: dict[str, Llama] = {}
        for alias, model_settings in self._model_settings_dict.items():
            if alias == base._current_model_alias and base._current_model is not None:
                self._resident[alias] = base._current_model
            else:
                self._resident[alias] = self.load_llama_from_model_settings(model_settings)
            bound_prompt_cache(self._resident[alias])
        for alias, engine in engines.items():
            if alias in self._resident:
                self._resident[alias] = tune(
                    self._resident[alias],
                    lookup_settings(engine),
                    logprobs=bool(engine.get("logprobs")),
                )

    def __call__(self, model: str | None = None) -> Llama:
        alias = model if model in self._resident else self._default_model_alias
        return self._resident[alias]

    def free(self) -> None:
        for model in self._resident.values():
            model.close()
        self._resident.clear()


def build_app(config_path: Path) -> tuple[Any, ServerSettings]:
    raw = json.loads(config_path.read_text())
    engines = raw.pop(ENGINES_KEY, {})
    document = ConfigFileSettings.model_validate(raw)
    server_settings = ServerSettings.model_validate(document)
    app = llama_app.create_app(server_settings=server_settings, model_settings=document.models)
    proxy = ResidentLlamaProxy(llama_app._llama_proxy, engines)  # type: ignore[arg-type]
    llama_app._llama_proxy = proxy
    aliases = [model.model_alias or model.model for model in document.models]
    return Extras(app, proxy, aliases), server_settings


def serve(config_path: Path, on_stop: Callable[[], None] = lambda: None) -> NoReturn:
    """Blocks until SIGTERM/SIGINT, then exits the process with status 0.

    uvicorn stops accepting and gives running requests the grace period. A request can still be
    decoding in a worker thread inside llama.cpp after that; freeing the models (explicitly, or
    by the destructors that interpreter shutdown runs) would pull the weights from under it and
    crash, so the process ends with os._exit once output is flushed. The OS reclaims the memory.
    """
    app, server_settings = build_app(config_path)
    config = uvicorn.Config(
        app,
        host=server_settings.host,
        port=server_settings.port,
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
    # uvicorn re-raises the signal that stopped it once it has shut down, which would end this
    # process by that signal; a no-op handler turns that into a normal return. (Installed after
    # the slow model load, so a SIGTERM during loading still stops the process at once.)
    for stop_signal in (signal.SIGTERM, signal.SIGINT):
        signal.signal(stop_signal, lambda *_: None)
    uvicorn.Server(config).run()
    on_stop()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def describe(config_path: Path) -> str:
    document = json.loads(config_path.read_text())
    aliases = ", ".join(model["model_alias"] for model in document["models"])
    where = f"http://{document['host']}:{document['port']}/v1"
    return f"{where} serving {aliases} and embeddings"
