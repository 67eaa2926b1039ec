from __future__ import annotations

from django.contrib import admin

from evals.models import Eval, Trial

TRIAL_COLUMNS = [
    "configuration",
    "task_id",
    "repeat",
    "attempt",
    "status",
    "invalid_cause",
    "passed",
    "composite",
    "run_id",
]


class TrialInline(admin.TabularInline):
    model = Trial
    extra = 0
    can_delete = False
    fields = tuple(TRIAL_COLUMNS)
    readonly_fields = tuple(TRIAL_COLUMNS)


@admin.register(Eval)
class EvalAdmin(admin.ModelAdmin):
    list_display = ["id", "organization", "suite", "suite_version", "status", "created_at"]
    list_filter = ["status", "suite"]
    search_fields = ["id", "suite"]
    readonly_fields = ["id", "created_at", "updated_at", "finished_at"]
    inlines = [TrialInline]


@admin.register(Trial)
class TrialAdmin(admin.ModelAdmin):
    list_display = ["task_id", "configuration", "repeat", "attempt", "status", "passed", "eval"]
    list_filter = ["status", "configuration", "invalid_cause"]
    search_fields = ["task_id", "run_id"]
    raw_id_fields = ["eval"]
