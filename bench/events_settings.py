"""bench/events.py --layer core|pubsub: local settings with one of channels_redis' channel layers
in place of the platform's own (core.fanout), to compare their group fan-out with it."""

from __future__ import annotations

import os

from config.settings.local import *  # noqa: F403
from config.settings.local import CHANNEL_LAYERS, REDIS_URL

BACKENDS = {
    "core": "channels_redis.core.RedisChannelLayer",
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
}
CHANNEL_LAYERS["default"] = {
    "BACKEND": BACKENDS[os.environ["BENCH_LAYER"]],
    "CONFIG": {"hosts": [REDIS_URL], "prefix": "longhaul:channels"},
}
