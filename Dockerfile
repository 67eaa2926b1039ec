# One image for web, worker, beat and the CPU inference server.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app/platform:/app \
    LONGHAUL_DATA_DIR=/data \
    DJANGO_SETTINGS_MODULE=config.settings.production

RUN apt-get update \
    && apt-get install -y --no-install-recommends bubblewrap build-essential cmake git curl \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
RUN pip install --no-cache-dir -e ".[inference,embeddings,documents,three-d,finance]"
COPY . .
RUN SECRET_KEY=build-only-$(head -c 48 /dev/urandom | base64 | tr -dc a-zA-Z0-9) \
    DATABASE_URL=postgresql://build@localhost/build ALLOWED_HOSTS=build \
    python manage.py collectstatic --noinput

VOLUME ["/data"]
EXPOSE 8000
CMD ["python", "-m", "uvicorn", "config.asgi:application", "--host", "0.0.0.0", "--port", "8000", "--proxy-headers"]
