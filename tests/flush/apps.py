from django.apps import AppConfig


class FlushConfig(AppConfig):
    name = "tests.flush"
    label = "tests_flush"
