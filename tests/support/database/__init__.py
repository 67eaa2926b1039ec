"""The test settings' database backend: PostgreSQL, with the test database made as the owner."""
