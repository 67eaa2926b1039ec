"""Re-running a run: a new run of the same workflow, tier and budgets, from the same input or an
edited one, in the workspace the original began with.

The workspace is the original's as it was before its first call that may write (the rollback
snapshots, runs.snapshots), a fresh clone for a run cloned from a Git remote, or a newly uploaded
archive. When the snapshots that held it were pruned, the re-run is refused with a message that
says to upload the workspace again. The new run goes through `run_start`, so its input, tier,
budgets and the caller's key are checked exactly as for any new run; it is offered the
organization's own tools the original was (by name, as they are now).
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import IO, TYPE_CHECKING, Any
from uuid import UUID

from django.core.exceptions import ValidationError

from accounts.actors import Actor, Rule
from accounts.roles import MEMBERS
from accounts.selectors import organization_get
from core.errors import NotFound
from runs import selectors, snapshots
from runs.services import run_start

if TYPE_CHECKING:
    from runs.models import Run

# Set by the platform when a run starts (runs.services._thread_input), never by the person.
PLATFORM_KEYS = ("origin", "workspace")
RERUN = Rule(MEMBERS, "re-run runs")
_LOST = (
    "The workspace this run began with is no longer kept ({error}); upload it again with "
    "“Re-run with edited input”."
)


def run_rerun(
    *,
    actor: Actor,
    run_id: UUID | str,
    input: dict[str, Any] | None = None,
    tier: str | None = None,
    budgets: dict[str, Any] | None = None,
    workspace_archive: IO[bytes] | None = None,
) -> Run:
    """Starts the re-run of a run of the actor's organization, started by the actor (see the
    module docstring); `input`, `tier` and `budgets` left as None re-use the original's."""
    RERUN.check(actor)
    organization = organization_get(organization_id=actor.organization_id)
    original = selectors.run_get(organization_id=organization.id, run_id=run_id)
    if original is None:
        raise NotFound("No such run.")
    start: dict[str, Any] = {
        "organization": organization,
        "workflow": original.workflow,
        "input": rerun_input(original) if input is None else input,
        "tier": tier or original.tier,
        "budgets": dict(original.budgets or {}) if budgets is None else budgets,
        "tools": selectors.run_offered_external_tools(run=original),
        # Through a key, the run is the key's (as a new run over REST is), not its owner's.
        "created_by_user": actor.person if actor.api_key_id is None else None,
        "created_by_api_key_id": actor.api_key_id,
        "rerun_of": original.id,
    }
    if workspace_archive is not None:
        return run_start(**start, workspace_archive=workspace_archive)
    if original.source.get("repository"):
        return run_start(**start, repository=str(original.source["repository"]))
    with ExitStack() as stack:
        try:
            snapshot = stack.enter_context(snapshots.starting_workspace(original))
        except snapshots.SnapshotUnavailable as error:
            raise ValidationError({"workspace": _LOST.format(error=error)}) from None
        return run_start(**start, workspace_snapshot=snapshot)


def rerun_input(run: Run) -> dict[str, Any]:
    """The original's input as a person gave it."""
    return {key: value for key, value in run.input.items() if key not in PLATFORM_KEYS}
