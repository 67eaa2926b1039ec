-- Run once by the postgres image on a new volume (docker-compose.yml). POSTGRES_USER owns the
-- database and runs the migrations (DATABASE_OWNER_URL); the platform's processes connect as
-- this role, which owns nothing: `manage.py migrate` grants it what it may do
-- (docs/deployment.md, "Database roles").
CREATE ROLE longhaul_app LOGIN PASSWORD 'longhaul_app' NOSUPERUSER NOCREATEDB NOCREATEROLE;
