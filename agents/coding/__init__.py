"""The code agent: the "coding" workflow (agents.coding.workflow:build_workflow)."""
