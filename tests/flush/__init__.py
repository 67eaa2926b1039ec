"""A test-only Django app: the flush between transactional tests, made cheap (see its command)."""
