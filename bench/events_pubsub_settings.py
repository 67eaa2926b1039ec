"""bench/events.py --layer pubsub: local settings with channels_redis' pub/sub channel layer, to
compare its group fan-out with the default layer's."""

from __future__ import annotations

from config.settings.local import *  # noqa: F403
from config.settings.local import CHANNEL_LAYERS, REDIS_URL

CHANNEL_LAYERS["default"] = {
    "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "CONFIG": {"hosts": [REDIS_URL], "prefix": "longhaul:channels"},
}
